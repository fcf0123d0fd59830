"""Short effect sounds (shot, hit, explosion, turn start), made with numpy: no sound files.

Off by default (``Settings.sounds``). The mixer opens only the first time a sound is
played with sounds switched on; when it cannot open (no audio device) everything stays
silent without an error. The volume is the settings' per cent, read at each play.
The waveforms are computed here, so there is nothing to license.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
import pygame
from numpy.typing import NDArray

from game.match.effects import SoundName

RATE = 22_050
SEED = 12  # the noise of the shot and the explosion is the same every time

Wave = NDArray[np.float64]


class SoundSettings(Protocol):
    """The settings a ``Sounds`` reads: whether to play, and how loud (per cent)."""

    @property
    def sounds(self) -> bool: ...

    @property
    def volume(self) -> int: ...


class Mixer(Protocol):
    """What ``Sounds`` uses of ``pygame.mixer`` (a test hands in a fake one)."""

    def get_init(self) -> tuple[int, int, int] | None: ...

    def init(self, frequency: int = ..., size: int = ..., channels: int = ...) -> None: ...

    def Sound(self, *, buffer: bytes) -> Any: ...  # pygame's name


def _envelope(n: int, decay: float) -> Wave:
    """Return a fast attack and an exponential fall over ``n`` samples."""
    t = np.arange(n) / RATE
    attack = np.minimum(1.0, t / 0.003)
    return attack * np.exp(-t / decay)


def _shot(rng: np.random.Generator) -> Wave:
    """A crack: a short noise burst over a falling low tone."""
    n = int(RATE * 0.16)
    t = np.arange(n) / RATE
    noise = rng.uniform(-1.0, 1.0, n) * _envelope(n, 0.025)
    thump = np.sin(2 * np.pi * (160 - 300 * t) * t) * _envelope(n, 0.05)
    return 0.7 * noise + 0.5 * thump


def _hit(rng: np.random.Generator) -> Wave:
    """A dull thud: a low tone sliding down, a touch of noise."""
    n = int(RATE * 0.18)
    t = np.arange(n) / RATE
    tone = np.sin(2 * np.pi * (110 - 120 * t) * t) * _envelope(n, 0.06)
    noise = rng.uniform(-1.0, 1.0, n) * _envelope(n, 0.012)
    return 0.9 * tone + 0.3 * noise


def _explosion(rng: np.random.Generator) -> Wave:
    """A rumble: low-passed noise with a slow fall."""
    n = int(RATE * 0.7)
    noise = rng.uniform(-1.0, 1.0, n)
    kernel = np.ones(24) / 24  # a moving average: a cheap low pass
    rumble = np.convolve(noise, kernel, mode="same") * 4.0
    t = np.arange(n) / RATE
    boom = np.sin(2 * np.pi * 55 * t) * _envelope(n, 0.12)
    return (0.8 * rumble + 0.6 * boom) * _envelope(n, 0.22)


def _turn(_rng: np.random.Generator) -> Wave:
    """A soft two-note chime."""
    n = int(RATE * 0.32)
    t = np.arange(n) / RATE
    first = np.sin(2 * np.pi * 660 * t) * _envelope(n, 0.08)
    later = np.where(t >= 0.1, np.sin(2 * np.pi * 880 * (t - 0.1)), 0.0)
    second = later * np.exp(-np.maximum(0.0, t - 0.1) / 0.1)
    return 0.35 * first + 0.35 * second


MAKERS: dict[SoundName, Callable[[np.random.Generator], Wave]] = {
    "shot": _shot,
    "hit": _hit,
    "explosion": _explosion,
    "turn": _turn,
}


def waveform(name: SoundName) -> Wave:
    """Return the sound ``name`` as samples in -1..1 at ``RATE`` (mono)."""
    wave = MAKERS[name](np.random.default_rng(SEED))
    fade = min(len(wave), 220)  # no click at the end
    wave[-fade:] *= np.linspace(1.0, 0.0, fade)
    return np.clip(wave, -1.0, 1.0)


def pcm(wave: Wave, rate: int, size: int, channels: int) -> bytes | None:
    """Return ``wave`` as the mixer's raw samples (None: a format not handled)."""
    if rate != RATE:
        old = np.arange(len(wave)) / RATE
        wave = np.interp(np.arange(int(len(wave) * rate / RATE)) / rate, old, wave)
    if size == -16:
        samples: NDArray[Any] = (wave * 32_000).astype("<i2")
    elif size == 16:
        samples = ((wave + 1.0) * 32_000).astype("<u2")
    elif size == 8:
        samples = ((wave + 1.0) * 127).astype(np.uint8)
    elif size == 32:
        samples = wave.astype("<f4")
    else:
        return None
    return np.repeat(samples[:, None], max(1, channels), axis=1).tobytes()


class Sounds:
    """Plays the effect sounds when the settings say so."""

    def __init__(self, settings: SoundSettings, mixer: Mixer | None = None) -> None:
        self.settings = settings
        self._mixer: Mixer = mixer if mixer is not None else pygame.mixer
        self._sounds: dict[str, Any] = {}
        self._failed = False  # the mixer could not open: stay silent
        self.played: list[tuple[str, float]] = []  # (name, volume): the latest plays

    @property
    def opened(self) -> bool:
        """Return whether the mixer was opened for these sounds."""
        return bool(self._sounds)

    def play(self, name: str) -> bool:
        """Play ``name`` at the settings' volume; return whether it was played."""
        if not self.settings.sounds or name not in MAKERS or not self._open():
            return False
        volume = max(0.0, min(1.0, self.settings.volume / 100))
        sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            return False
        self.played = [*self.played[-15:], (name, volume)]
        return True

    def _open(self) -> bool:
        """Open the mixer and make the sounds, once; False when there is no audio."""
        if self._sounds:
            return True
        if self._failed:
            return False
        try:
            if self._mixer.get_init() is None:
                self._mixer.init(frequency=RATE, size=-16, channels=2)
            found = self._mixer.get_init()
            if found is None:
                raise pygame.error("no mixer")
            rate, size, channels = found
            made: dict[str, Any] = {}
            for name in MAKERS:
                data = pcm(waveform(name), rate, size, channels)
                if data is None:
                    raise pygame.error(f"mixer format {size} not handled")
                made[name] = self._mixer.Sound(buffer=data)
        # NotImplementedError/AttributeError: a pygame built without its mixer module
        except (pygame.error, OSError, ValueError, NotImplementedError, AttributeError):
            self._failed = True
            return False
        self._sounds = made
        return True
