"""Hit chances on the map (issue 12, "Hit chances", i12): hover a target in the attack tool.

Driven with posted events on the tools' test mission; the tooltip's lines are recorded
where the tool hands them to the screen, and the shown per cent is checked against the
Attack command applied on copies of the match with every d20.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.dice import ScriptedRoller
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFireRoll
from game.rulesets.entaria.area_fire_placement import PlaceAreaFire
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.chances import (
    area_fire_check_chance,
    attack_chance,
    blast_damage,
    throw_chance,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.throwing import ThrowAtField
from game.rulesets.entaria.views.chances import chance_text, damage_text, mean_text
from game.ui.locale import Translator
from game.ui.overlays_rules import layers_of
from game.ui.tools import ThrowTool, Tool
from tests.shots import save_shot
from tests.ui.test_tools import (  # noqa: F401  (home: the fixture)
    AREA,
    MISSION,
    Table,
    _area_tool,
    _drag,
    _rolled,
    home,
)

PAD = [3] * 12


def _record_tooltips(tool: Tool) -> list[list[str]]:
    """Record every tooltip the tool draws (its lines), and still draw it."""
    seen: list[list[str]] = []
    draw = tool.tooltip

    def tooltip(surface: Any, lines: Any, *args: Any, **kw: Any) -> None:
        seen.append([lines] if isinstance(lines, str) else list(lines))
        draw(surface, lines, *args, **kw)

    tool.tooltip = tooltip  # type: ignore[method-assign]
    return seen


def _damage(events: list[Event], target: str) -> int | None:
    hits = [e for e in events if e.kind == "damage" and e.data.get("target") == target]
    return int(hits[0].data["final"]) if hits else None


def _brute_hit(battle: Battle, attacker: str, target: str, weapon: str) -> Fraction:
    """Apply the Attack on copies with every d20 sequence the roll can throw; count hits."""
    edge = attack_chance(battle, attacker, target, weapon)
    assert edge is not None
    dice = 1 + abs(edge.terms.edge)
    hits = total = 0
    for faces in itertools.product(range(1, 21), repeat=dice):
        trial = clone_battle(battle)
        trial.roller = ScriptedRoller([*faces, *PAD])
        events = trial.apply(Attack(attacker, target, weapon))
        roll = next(e for e in events if e.kind == "roll")
        hits += bool(roll.data["success"])
        total += 1
    return Fraction(hits, total)


@pytest.mark.rule("D-2", "D-3", "E-RANGED-4")
def test_i12_hovering_a_target_shows_the_hit_chance_the_dice_give(home: Path) -> None:  # noqa: F811
    table = Table(home, "pistolero")
    scene = table.scene
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    assert scene.tool.name == "attack"
    seen = _record_tooltips(scene.tool)
    table.hover((12, 8))
    lines = seen[-1]
    shown = [line for line in lines if line.startswith("Trefferchance")]
    assert shown, lines
    query = attack_chance(table.battle, "pistolero", "p2", "laserpistole")
    assert query is not None
    brute = _brute_hit(table.battle, "pistolero", "p2", "laserpistole")
    assert query.chance == brute
    assert shown[0].startswith(f"Trefferchance {chance_text(brute)} · Schaden ")
    assert f"Fernkampf 8 gegen {query.terms.target} · kritisch 5 %" in lines, lines
    save_shot(table.app.screen, "i12_hit_chance_hover.png")


@pytest.mark.rule("D-3")
def test_i12_hit_chance_in_english_and_under_each_target(home: Path) -> None:  # noqa: F811
    table = Table(home, "pistolero")
    table.app.set_language("en")
    scene = table.scene
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    seen = _record_tooltips(scene.tool)
    table.hover((12, 8))
    assert any(line.startswith("Hit chance ") and "avg" in line for line in seen[-1]), seen[-1]
    save_shot(table.app.screen, "i12_hit_chance_hover_en.png")
    tool = scene.tool
    assert hasattr(tool, "chance")
    odds = tool.chance("p1")  # the label under each enemy carries the same figure
    expected = attack_chance(table.battle, "pistolero", "p1", "laserpistole")
    assert expected is not None and odds is not None
    assert odds.short == chance_text(expected.chance)


def _brute_throw(battle: Battle, key: str, weapon: str, cell: tuple[int, int]) -> Fraction:
    """Apply the throw on copies with every d20 sequence; count the throws that land."""
    got = throw_chance(battle, key, weapon, cell)
    assert got is not None
    hits = total = 0
    for faces in itertools.product(range(1, 21), repeat=1 + abs(got.terms.edge)):
        trial = clone_battle(battle)
        trial.roller = ScriptedRoller([*faces, *PAD])
        events = trial.apply(ThrowAtField(key, weapon, cell))
        hits += not any(e.kind == "scatter" for e in events)
        total += 1
    return Fraction(hits, total)


@pytest.mark.rule("E-THROW-2", "E-AREA-2", "E-AREA-3", "D-3")
def test_i12_hovering_a_throw_field_shows_its_chance_and_each_creatures_damage(
    home: Path,  # noqa: F811
) -> None:
    table = Table(home, "werfer")
    scene = table.scene
    scene.start_action(Action.THROW_ATTACK)
    table.app.step()
    assert isinstance(scene.tool, ThrowTool)
    seen = _record_tooltips(scene.tool)
    table.hover((9, 4))
    lines = seen[-1]
    brute = _brute_throw(table.battle, "werfer", "handgranate", (9, 4))
    assert f"Wurf aufs Feld {chance_text(brute)}" in lines, lines
    blast = blast_damage(table.battle, "werfer", "handgranate", "p1")
    assert any(line.startswith("· Pirat Eins: Schaden ") for line in lines), lines
    assert f"· Pirat Eins: {damage_text(blast, Translator('de'))}" in lines
    save_shot(table.app.screen, "i12_throw_chance_hover.png")


def _offer_tip(table: Table, key: str) -> str:
    """Hover the action bar's offer ``key``; return the tooltip the HUD shows."""
    hud = table.scene.hud
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == key)
    table.post(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    table.app.step()
    return str(hud.tooltip)


@pytest.mark.rule("D-3", "E-RANGED-4")
def test_i12_an_attack_offer_names_its_chance_against_the_selected_enemy(
    home: Path,  # noqa: F811
) -> None:
    table = Table(home, "pistolero")
    scene = table.scene
    known = _offer_tip(table, "action:RANGED_ATTACK")  # nobody else selected
    assert "Laserpistole: Fernkampf 8 · SW 3 + w6" in known, known
    assert "Trefferchance: ein Ziel wählen" in known
    pygame.key.set_mods(pygame.KMOD_SHIFT)  # Shift+click selects instead of attacking
    table.click((12, 8))
    pygame.key.set_mods(0)
    assert scene.selected == "p2"
    assert len(table.battle.record) == 0 or table.battle.record[-1].kind == "end_turn"
    tip = _offer_tip(table, "action:RANGED_ATTACK")
    query = attack_chance(table.battle, "pistolero", "p2", "laserpistole")
    assert query is not None
    assert "Gegen Pirat Zwei mit Laserpistole:" in tip, tip
    assert f"Trefferchance {chance_text(query.chance)} · Schaden" in tip
    hud = scene.hud
    tab = next(s for p in hud.panels for s in p.hotspots() if s.key == "tab:FULL")
    table.post(pygame.MOUSEBUTTONDOWN, pos=tab.rect.center, button=1)
    table.post(pygame.MOUSEBUTTONUP, pos=tab.rect.center, button=1)
    table.app.step()
    aimed = _offer_tip(table, "action:AIMED_ATTACK")  # Gezielter Angriff: Nachteil
    odds = attack_chance(
        table.battle, "pistolero", "p2", "laserpistole", action=Action.AIMED_ATTACK
    )
    assert odds is not None and odds.chance < query.chance
    assert f"Trefferchance {chance_text(odds.chance)} · Schaden" in aimed, aimed
    save_shot(table.app.screen, "i12_hit_chance_offer.png")


@pytest.mark.rule("D-6", "E-AREAFIRE-9", "D-3")
def test_i12_painting_area_fire_shows_each_save_the_engine_would_roll(
    home: Path,  # noqa: F811
) -> None:
    table = Table(home, "schuetze")
    tool = _rolled(table)
    for cell in AREA:  # 3 on each of the four fields: the whole placeable 12
        for _ in range(3):
            table.click(cell)
    assert tool.preview().valid
    lines = tool.place_lines(tool.preview())
    shown = [line for line in lines if line.startswith("Pirat Zwei: Rettungswurf Reflexe ")]
    assert shown, lines
    # brute force: the placement applied with every d20 of Pirat Zwei's save
    values = tuple((x, y, v) for (x, y), v in tool.painted.items())
    passed, finals = 0, []
    for d20 in range(1, 21):
        trial = clone_battle(table.battle)
        trial.roller = ScriptedRoller([d20, *PAD])
        events = trial.apply(PlaceAreaFire("schuetze", values))
        save = next(e for e in events if e.kind == "roll" and e.actor == "p2")
        passed += bool(save.data["success"])
        final = _damage(events, "p2")
        assert final is not None
        finals.append(final)
    chance = Fraction(passed, 20)
    mean = Fraction(sum(finals), 20)
    de = Translator("de")
    assert shown[0] == (
        f"Pirat Zwei: Rettungswurf Reflexe {chance_text(chance)} · "
        f"Schaden {min(finals)}–{max(finals)} (Ø {mean_text(mean, de)})"
    )
    save_shot(table.app.screen, "i12_area_fire_saves.png")


@pytest.mark.rule("E-AREAFIRE-3", "E-ACT-VH-DAUERFEUER-2", "D-2", "D-3")
def test_i12_choosing_area_fire_fields_shows_the_checks_chance(home: Path) -> None:  # noqa: F811
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    table.click(AREA[0])
    _drag(table, AREA[1:])
    lines = tool.area_lines(tool.preview())
    shown = [line for line in lines if line.startswith("Trefferchance ")]
    assert shown, lines
    got = area_fire_check_chance(
        table.battle, "schuetze", "maschinenpistole", AreaFireAction.AUTO_FIRE, tuple(AREA)
    )
    assert got is not None and got.terms.edge == -1  # Dauerfeuer: Nachteil
    hits = total = 0
    for faces in itertools.product(range(1, 21), repeat=2):
        trial = clone_battle(table.battle)
        trial.roller = ScriptedRoller([*faces, *PAD])
        events = trial.apply(AreaFireRoll("schuetze", "maschinenpistole", "AUTO_FIRE", tuple(AREA)))
        roll = next(e for e in events if e.kind == "roll")
        hits += bool(roll.data["success"])
        total += 1
    assert got.chance == Fraction(hits, total)
    assert shown[0].startswith(f"Trefferchance {chance_text(got.chance)} · kritisch ")
    save_shot(table.app.screen, "i12_area_fire_check.png")


@pytest.mark.rule("D-10", "E-ACT-HH-GEHEN-2", "D-3")
def test_i12_a_path_out_of_reach_shows_the_saves_chance(home: Path) -> None:  # noqa: F811
    beside = MISSION.replace("at = [9, 4]", "at = [4, 4]")  # Pirat Eins by the Pistolero
    table = Table(home, "pistolero", mission_text=beside)
    scene = table.scene
    scene.start_action(Action.WALK)
    table.app.step()
    assert scene.tool.name == "move"
    seen = _record_tooltips(scene.tool)
    table.hover((1, 4))  # away from the pirate: out of its reach
    lines = seen[-1]
    shown = [line for line in lines if line.startswith("Rettungswurf Geschick ")]
    assert shown, lines
    options = layers_of(scene).moves(scene, "pistolero", Action.WALK)
    path = options.path_to((1, 4))
    assert path is not None and (1, 4) in options.needs_save
    passed = 0
    for d20 in range(1, 21):
        trial = clone_battle(table.battle)
        trial.roller = ScriptedRoller([d20, *PAD])
        events = trial.apply(Move("pistolero", "WALK", tuple(path)))
        save = next(e for e in events if e.kind == "roll")
        passed += bool(save.data["success"])
    assert shown[0].startswith(f"Rettungswurf Geschick {chance_text(Fraction(passed, 20))} · ")
    save_shot(table.app.screen, "i12_leave_reach_save.png")
