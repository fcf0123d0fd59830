"""Issue 12 leftovers (H12a, points 1 and 2): the plain select tool's hover shows the hit
chance the attack tool shows (the views' ``attack_odds``), and no tool offers an attack
the engine refuses: with no Halbe Handlung left the hover says the engine's reason
instead of "Klick: Angriff", and a Gezielter Angriff the engine refuses at point blank
(E-RANGE-2) is neither offered nor sent. Driven by posted events on the tools' mission.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.full_attacks import AimedAttack
from game.rulesets.entaria.queries.dry_runs import refusal
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import german, in_language
from game.ui.tools import Tool
from game.ui.tools.select import SelectTool
from tests.ui.test_tools import MISSION, Table, home

__all__ = ["home"]

PIRATE = (9, 4)  # Pirat Eins, six fields from the Pistolero: Mittel, in sight

#: A laser cannon beside Pirat Eins: it cannot fire at one field (E-RANGE-2).
CANNON = """
[[creatures]]
key = "kanonier"
type = "likron"
name = "Kanonier"
side = "helden"
at = [8, 4]
equipment = ["laserkanone"]
held = ["laserkanone"]
"""


def _record_tooltips(tool: Tool) -> list[list[str]]:
    """Record every tooltip the tool draws (its lines), and still draw it."""
    seen: list[list[str]] = []
    draw = tool.tooltip

    def tooltip(surface: Any, lines: Any, *args: Any, **kw: Any) -> None:
        seen.append([lines] if isinstance(lines, str) else list(lines))
        draw(surface, lines, *args, **kw)

    tool.tooltip = tooltip  # type: ignore[method-assign]
    return seen


def _record_sent(table: Table) -> list[Any]:
    """Record every command the screen sends to the engine (refused ones too)."""
    sent: list[Any] = []
    send = table.scene.send

    def recorded(command: Any) -> Any:
        sent.append(command)
        return send(command)

    table.scene.send = recorded  # type: ignore[method-assign]
    return sent


def _spend_both_halves(table: Table) -> None:
    """Two Fernkampf attacks spend the Pistolero's two Halbe Handlungen (E-ACT-2)."""
    session = table.scene.session
    for _ in range(2):
        assert session.apply(Attack("pistolero", "p1", "laserpistole")).ok
    table.app.step()


@pytest.mark.rule("D-3", "E-RANGED-4")
def test_select_tool_hover_shows_the_attack_tools_hit_chance(home: Path) -> None:
    table = Table(home, "pistolero")
    tool = table.scene.tool
    assert isinstance(tool, SelectTool)
    seen = _record_tooltips(tool)
    table.hover(PIRATE)
    lines = seen[-1]
    assert lines[0] == "Klick: Angriff"
    views, battle, t = table.scene.session.views, table.battle, table.app.t
    odds = views.attack_odds(
        battle, "pistolero", "p1", "laserpistole", Action.RANGED_ATTACK, None, None, t
    )
    assert odds is not None and odds.lines[0].startswith("Trefferchance ")
    assert lines[1 : 1 + len(odds.lines)] == list(odds.lines)  # the same words, chance first


@pytest.mark.rule("D-3")
def test_select_tool_hit_chance_speaks_english(home: Path) -> None:
    table = Table(home, "pistolero")
    table.app.set_language("en")
    table.app.step()
    seen = _record_tooltips(table.scene.tool)
    table.hover(PIRATE)
    assert any(line.startswith("Hit chance ") for line in seen[-1]), seen[-1]
    assert not any(line.startswith("Trefferchance") for line in seen[-1])


@pytest.mark.rule("E-ACT-2")
def test_no_half_action_left_hover_says_the_engines_reason_not_click_attacks(
    home: Path,
) -> None:
    table = Table(home, "pistolero")
    _spend_both_halves(table)
    table.scene.select("pistolero")
    why = refusal(table.battle, Attack("pistolero", "p1", "laserpistole"))
    assert "Halbe Handlung" in german(why)
    seen = _record_tooltips(table.scene.tool)
    table.hover(PIRATE)
    lines = seen[-1]
    assert "Klick: Angriff" not in lines
    assert lines == ["Pirat Eins", f"Kein Angriff: {in_language(why, 'de')}"]
    assert not any(line.startswith("Trefferchance") for line in lines)


@pytest.mark.rule("E-ACT-2")
def test_no_half_action_left_click_sends_nothing_and_says_why(home: Path) -> None:
    table = Table(home, "pistolero")
    _spend_both_halves(table)
    table.scene.select("pistolero")
    sent = _record_sent(table)
    table.click(PIRATE)
    assert sent == []  # never sent to be refused
    assert table.messages[-1].startswith("Kein Angriff: keine Halbe Handlung")
    assert table.scene.selected == "p1"  # the click still selects, as before


@pytest.mark.rule("E-RANGE-2", "E-ACT-VH-GEZIELT-1")
def test_aimed_attack_at_point_blank_is_greyed_and_never_sent(home: Path) -> None:
    table = Table(home, "kanonier", mission_text=MISSION + CANNON)
    scene = table.scene
    why = refusal(table.battle, AimedAttack("kanonier", "p1", "laserkanone"))
    assert "Reichweite" in german(why)
    scene.start_action(Action.AIMED_ATTACK)
    table.app.step()
    assert scene.tool.name == "attack"
    seen = _record_tooltips(scene.tool)
    table.hover(PIRATE)
    lines = seen[-1]
    assert f"Kein Angriff: {in_language(why, 'de')}" in lines
    assert not any(line.startswith("Trefferchance") for line in lines)
    # the target's label under it is the refused "x", drawn grey (not the attack's red)
    grey = pygame.Color(120, 120, 128)
    x, y = scene.camera.cell_to_screen(PIRATE)
    size = scene.camera.cell_px
    below = pygame.Rect(x, y + size, size, 16).clip(table.app.screen.get_rect())
    colours = {
        tuple(table.app.screen.get_at((px, py)))[:3]
        for px in range(below.left, below.right)
        for py in range(below.top, below.bottom)
    }
    assert tuple(grey)[:3] in colours or any(
        abs(c[0] - 120) < 20 and abs(c[1] - 120) < 20 and abs(c[2] - 128) < 20 for c in colours
    )
    sent = _record_sent(table)
    table.click(PIRATE)
    assert sent == []  # not sent, so not refused
    assert table.messages[-1] == f"Kein Angriff: {in_language(why, 'de')}"
    assert scene.tool.name == "attack"  # the player may pick another target or weapon


@pytest.mark.rule("E-ACT-VH-GEZIELT-1")
def test_aimed_attack_the_engine_takes_is_still_sent(home: Path) -> None:
    table = Table(home, "pistolero")
    scene = table.scene
    assert refusal(table.battle, AimedAttack("pistolero", "p1", "laserpistole")) == ""
    scene.start_action(Action.AIMED_ATTACK)
    table.app.step()
    seen = _record_tooltips(scene.tool)
    table.hover(PIRATE)
    assert any(line.startswith("Trefferchance") for line in seen[-1]), seen[-1]
    commands = len(scene.session.match.commands)
    table.click(PIRATE)
    assert len(scene.session.match.commands) == commands + 1
    assert type(scene.session.match.commands[-1]) is AimedAttack
