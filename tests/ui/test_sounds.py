"""Sounds (issue 12, i12): generated shot, hit, explosion and turn sounds, off by default;
the mixer opens only with sounds on and stays silent without audio; the settings' rows
for sounds, volume and camera follow toggle and persist."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.match.effects import SOUND_NAMES
from game.rulesets.entaria.commands import EndTurn
from game.ui import sounds as sounds_module
from game.ui.app import App
from game.ui.scenes.menus import SettingsScene
from game.ui.scenes.navigate import open_app
from game.ui.settings import Settings
from game.ui.sounds import RATE, Sounds, pcm, waveform
from tests.shots import save_shot
from tests.ui.test_feedback import _shoot, _shooter


class FakeSound:
    def __init__(self, mixer: FakeMixer, buffer: bytes) -> None:
        self.mixer, self.buffer, self.volume = mixer, buffer, 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.mixer.plays.append((self.mixer.names[id(self)], self.volume))


class FakeMixer:
    """A mixer that records what it was asked: init, the sounds made, each play."""

    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.opened: tuple[int, int, int] | None = None
        self.inits = 0
        self.made: list[FakeSound] = []
        self.names: dict[int, str] = {}
        self.plays: list[tuple[str, float]] = []

    def get_init(self) -> tuple[int, int, int] | None:
        return self.opened

    def init(self, frequency: int = RATE, size: int = -16, channels: int = 2) -> None:
        self.inits += 1
        if not self.works:
            raise pygame.error("no audio device")
        self.opened = (frequency, size, channels)

    def Sound(self, *, buffer: bytes) -> FakeSound:  # pygame's name
        made = FakeSound(self, buffer)
        self.names[id(made)] = list(sounds_module.MAKERS)[len(self.made)]
        self.made.append(made)
        return made


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


# ------------------------------------------------------------------ waveforms
def test_i12_every_sound_is_made_short_and_within_full_scale() -> None:
    assert set(sounds_module.MAKERS) == set(SOUND_NAMES)
    for name in SOUND_NAMES:
        wave = waveform(name)
        assert 0.05 < len(wave) / RATE < 1.0
        assert np.abs(wave).max() <= 1.0 and np.abs(wave).max() > 0.2
        assert abs(wave[-1]) < 1e-3  # faded out: no click
        assert np.array_equal(wave, waveform(name))  # the same every time (seeded)


def test_i12_samples_follow_the_mixers_format() -> None:
    wave = waveform("hit")
    stereo = pcm(wave, RATE, -16, 2)
    assert stereo is not None and len(stereo) == len(wave) * 2 * 2
    assert pcm(wave, 44_100, -16, 1) is not None
    assert len(pcm(wave, 44_100, -16, 1) or b"") == 2 * int(len(wave) * 2)
    assert pcm(wave, RATE, 32, 2) is not None
    assert pcm(wave, RATE, 24, 2) is None


# --------------------------------------------------------------- the switch
def test_i12_sounds_are_off_by_default_and_the_mixer_is_not_opened() -> None:
    settings = Settings()
    assert settings.sounds is False
    mixer = FakeMixer()
    sounds = Sounds(settings, mixer)
    assert not sounds.play("shot")
    assert mixer.inits == 0 and mixer.made == [] and not sounds.opened


def test_i12_with_sounds_on_the_right_sound_plays_at_the_volume() -> None:
    settings = Settings(sounds=True, volume=40)
    mixer = FakeMixer()
    sounds = Sounds(settings, mixer)
    assert sounds.play("explosion")
    assert mixer.inits == 1 and mixer.plays == [("explosion", 0.4)]
    settings.volume = 100
    assert sounds.play("turn")
    assert mixer.plays[-1] == ("turn", 1.0)
    assert mixer.inits == 1  # opened once
    assert len(mixer.made) == len(SOUND_NAMES)


def test_i12_without_an_audio_device_it_stays_silent_without_error() -> None:
    mixer = FakeMixer(works=False)
    sounds = Sounds(Settings(sounds=True), mixer)
    assert not sounds.play("shot")
    assert not sounds.play("hit")
    assert mixer.inits == 1  # tried once, not every frame


# --------------------------------------------------------------- the battle
def test_i12_a_shot_in_battle_plays_shot_then_hit_only_with_sounds_on(home: Path) -> None:
    app, scene = _shooter(home)
    mixer = FakeMixer()
    scene.feedback.sounds = Sounds(app.settings, mixer)
    _shoot(app, scene, 19)
    for _ in range(10):
        app.step(0.05)
    assert mixer.inits == 0 and mixer.plays == []  # off by default: the mixer stays shut
    app.settings.sounds = True
    app.settings.volume = 70
    _shoot_again(app, scene)
    app.step(0.01)
    assert [name for name, _ in mixer.plays] == ["shot"]  # the hit waits for the tracer
    for _ in range(10):
        app.step(0.05)
    assert mixer.plays == [("shot", 0.7), ("hit", 0.7)]


def test_i12_a_battle_with_default_settings_never_opens_the_real_mixer(home: Path) -> None:
    if pygame.mixer.get_init():
        pygame.mixer.quit()  # another test's leftover: start from a closed mixer
    app, scene = _shooter(home)
    _shoot(app, scene, 19)
    assert scene.send(EndTurn("schuetze")).ok
    for _ in range(20):
        app.step(0.05)
    assert pygame.mixer.get_init() is None and not scene.feedback.sounds.opened


def _shoot_again(app: App, scene: Any) -> None:
    """A second shot of the same turn (the first took back by undo)."""
    scene.undo(confirmed=True)
    _shoot(app, scene, 19)


def test_i12_the_next_turn_plays_the_turn_sound(home: Path) -> None:
    app, scene = _shooter(home)
    app.settings.sounds = True
    mixer = FakeMixer()
    scene.feedback.sounds = Sounds(app.settings, mixer)
    assert scene.send(EndTurn("schuetze")).ok
    for _ in range(5):
        app.step(0.1)
    assert ("turn", 0.6) in mixer.plays


def test_i12_the_real_mixer_under_the_dummy_driver_never_raises() -> None:
    sounds = Sounds(Settings(sounds=True))
    try:
        sounds.play("hit")  # opens (dummy device) or stays silent: either way no error
    finally:
        if pygame.mixer.get_init():
            pygame.mixer.quit()


# --------------------------------------------------------------- settings rows
def _click(app: App, key: str) -> None:
    scene = app.top
    assert isinstance(scene, SettingsScene)
    button = scene.find_button(key)
    assert button is not None, key
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    app.step()


def test_i12_the_settings_rows_toggle_and_persist(home: Path) -> None:
    app = open_app(home=home, headless=True, size=(1280, 800))
    scene = SettingsScene(app)
    scene.sounds = Sounds(app.settings, FakeMixer())  # no real audio in the test
    app.push(scene)
    app.step()
    assert scene.find_button("toggle.sounds") is not None
    assert scene.find_button("toggle.sounds").label == "aus"  # type: ignore[union-attr]
    _click(app, "toggle.sounds")
    _click(app, "volume.plus")
    _click(app, "volume.plus")
    _click(app, "volume.minus")
    _click(app, "toggle.camera_follow")
    save_shot(app.screen, "i12_settings_sounds.png")
    assert app.top is scene
    stored = Settings.load(home)
    assert (stored.sounds, stored.volume, stored.camera_follow) == (True, 70, False)
    for _ in range(12):
        _click(app, "volume.minus")
    assert Settings.load(home).volume == 10  # the switch silences, the volume never 0
    for _ in range(12):
        _click(app, "volume.plus")
    assert Settings.load(home).volume == 100
    _click(app, "toggle.sounds")
    assert Settings.load(home).sounds is False
    played = [name for name, _ in scene.sounds._mixer.plays]  # type: ignore[attr-defined]
    assert played[0] == "turn" and "hit" in played  # a sample on switching on and louder


def test_i12_the_settings_rows_speak_english(home: Path) -> None:
    app = open_app(home=home, headless=True, size=(1280, 800))
    app.set_language("en")
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    assert scene.t("feedback.settings.sounds") == "Sounds"
    assert scene.t("feedback.settings.camera_follow") == "Camera follows the turn"
    save_shot(app.screen, "i12_settings_sounds_en.png")
