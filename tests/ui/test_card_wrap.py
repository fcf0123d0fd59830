"""The creature card wraps a long line instead of cutting it (E-ARMOR-2, issue 10 playtest).

Headless (SDL dummy driver): on the demo at 1280x800 Likron's Plattenpanzerweste line
"Plattenpanzerweste: PAZ 4, Ausweichen -1, Beschwerlich" is wider than the sidebar; the
card used to end it in "…", so the armour's side effects were not readable.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("E-ARMOR-2")
def test_e_armor_2_the_card_shows_every_side_effect_of_the_armour_unshortened(
    game: tuple[App, BattleScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Panzerung können auch … die Attribute wie Bewegung, Initiative oder Ausweichen …
    verändern": the card's armour line keeps Ausweichen and Beschwerlich, on two lines."""
    _, scene = game
    scene.selected = "likron"
    hud = scene.hud
    drawn: list[str] = []
    draw = hud.text.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        width = kwargs.get("width")
        drawn.append(hud.text.fit(text, args[1], width) if width is not None else text)
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(hud.text, "draw", record)
    hud.card.render_content(hud.card.rect.width or 270)
    assert not [line for line in drawn if line.endswith("…")], drawn
    armour = next(i for i, line in enumerate(drawn) if line.startswith("Plattenpanzerweste"))
    text = " ".join(drawn[armour : armour + 2])
    assert "Ausweichen -1" in text and "Beschwerlich" in text


@pytest.mark.rule("E-ARMOR-2", "E-INIT-6")
def test_e_armor_2_the_cards_summary_with_bew_and_ini_is_not_cut_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """musa-lager: Likron in the Alpha-Anzug, "BEW 4 (Grundwert 5, mit Panzerung) · Ini …
    · stehend" is wider than the sidebar; all of it is drawn, on two lines."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path().with_name("musa-lager.toml"), seed=4)
    app.push(scene)
    app.step()
    scene.selected = "likron"
    hud = scene.hud
    drawn: list[str] = []
    draw = hud.text.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        width = kwargs.get("width")
        drawn.append(hud.text.fit(text, args[1], width) if width is not None else text)
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(hud.text, "draw", record)
    hud.card.render_content(hud.card.rect.width or 270)
    pygame.display.quit()
    assert not [line for line in drawn if line.endswith("…")], drawn
    summary = next(i for i, line in enumerate(drawn) if line.startswith("BEW 4"))
    assert "stehend" in " ".join(drawn[summary : summary + 2])
