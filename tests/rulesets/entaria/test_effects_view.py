"""ENTARIA's effects view (issue 12, i12): the events of one command as neutral effects.

Given a small match with scripted dice, one command's events give the tracer, damage
number, miss, fall, blast and sounds the screen draws and plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from game.match.effects import (
    DamageNumber,
    Effect,
    Explosion,
    Fell,
    Miss,
    Sound,
    Tracer,
)
from game.match.events import Event
from game.match.views import Views
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.commands import Attack, EndTurn
from game.rulesets.entaria.throwing import ThrowAtField
from game.rulesets.entaria.views import VIEWS
from tests.rulesets.entaria.helpers import foe, hero, make_battle
from tests.rulesets.entaria.test_ranged_actions import shotgun_battle

OPEN = "\n".join(["." * 12] * 6)


def _of(effects: Sequence[Effect], kind: type) -> list[Any]:
    return [e for e in effects if isinstance(e, kind)]


def _sounds(effects: Sequence[Effect]) -> list[str]:
    return [e.name for e in effects if isinstance(e, Sound)]


@pytest.mark.rule("E-RANGED-4", "D-4")
def test_i12_a_ranged_hit_gives_a_tracer_the_damage_number_a_shot_and_a_hit() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (5, 2))], first="ron", dice=[18, 6])
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    effects = VIEWS.effects(battle, events)
    final = next(e for e in events if e.kind == "damage").data["final"]
    assert _of(effects, Tracer) == [Tracer((0, 2), (5, 2), True)]
    assert _of(effects, DamageNumber) == [DamageNumber((5, 2), final)]
    assert final == 3 + 6 - 2  # SW 3 + d6 6 - armour 2: the number is the event's damage
    assert _sounds(effects) == ["shot", "hit"]
    assert not _of(effects, Miss)


@pytest.mark.rule("E-RANGED-4")
def test_i12_a_ranged_miss_gives_a_missing_tracer_and_a_miss_on_the_target() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (5, 2))], first="ron", dice=[2])
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    effects = VIEWS.effects(battle, events)
    assert _of(effects, Tracer) == [Tracer((0, 2), (5, 2), False)]
    assert _of(effects, Miss) == [Miss((5, 2))]
    assert not _of(effects, DamageNumber)
    assert _sounds(effects) == ["shot"]


@pytest.mark.rule("E-CRIT-FAIL-1")
def test_i12_a_critical_failure_of_a_shot_is_a_miss_too() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (5, 2))], first="ron", dice=[1])
    effects = VIEWS.effects(battle, battle.apply(Attack("ron", "p1", "laserpistole")))
    assert _of(effects, Tracer) == [Tracer((0, 2), (5, 2), False)]
    assert _of(effects, Miss) == [Miss((5, 2))]


@pytest.mark.rule("D-5")
def test_i12_d_5_a_hit_that_fells_the_target_calls_out_its_state() -> None:
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2)), foe("p1", (5, 2)), foe("p2", (9, 5))],
        first="ron",
        dice=[18, 6],
    )
    battle.state.creatures["p1"].lp = 2
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    state = next(e for e in events if e.kind == "life_state").data["state"]
    fell = _of(VIEWS.effects(battle, events), Fell)
    grade = {"UNCONSCIOUS": "down", "DYING": "critical", "DEAD": "dead"}[state]
    assert fell == [Fell((5, 2), grade, f"feedback.{state.lower()}")]  # the screen's word


@pytest.mark.rule("E-THROW-2", "D-7", "E-AREA-2")
def test_i12_d_7_a_missed_throw_marks_its_field_and_blasts_where_it_landed() -> None:
    battle = make_battle(
        OPEN,
        [
            hero("ron", (0, 2), equipment=("handgranate",)),
            foe("p1", (5, 2)),
            foe("d", (6, 3), type_="akuanischer_drogendealer"),
        ],
        first="ron",
        dice=[2, 5, 2, 3, 3],  # miss; scatter ahead-right 2 fields; damage
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    effects = VIEWS.effects(battle, events)
    landing = tuple(next(e for e in events if e.kind == "scatter").data["landing"])
    blast = next(e for e in events if e.kind == "area").data["fields"]
    assert _of(effects, Miss) == [Miss((5, 2))]
    assert _of(effects, Explosion) == [Explosion(tuple(tuple(f) for f in blast))]
    assert landing in _of(effects, Explosion)[0].cells
    assert not _of(effects, Tracer)  # the thrown thing's flight is the animator's
    assert _sounds(effects) == ["explosion", "hit"]  # three hurt, one thud


@pytest.mark.rule("D-6")
def test_i12_d_6_placed_area_fire_draws_a_tracer_to_each_field() -> None:
    battle = shotgun_battle([9, 2, 2, 15], ("d1", (3, 2)), ("d2", (3, 3)), ("d3", (3, 4)))
    shooter = battle.state.creatures["likron"].cell
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 2), (3, 3), (3, 4))))
    effects = VIEWS.effects(battle, events)
    placed = next(e for e in events if e.kind == "area_fire").data["fields"]
    assert _of(effects, Tracer) == [Tracer(shooter, (x, y), True) for x, y, _ in placed]
    numbers = {(e.cell, e.amount) for e in _of(effects, DamageNumber)}
    damage = [e for e in events if e.kind == "damage"]
    cells = {k: battle.state.creatures[k].cell for k in ("d1", "d2")}
    assert numbers == {(cells[e.data["target"]], e.data["final"]) for e in damage}
    assert _sounds(effects) == ["shot", "hit"]


@pytest.mark.rule("E-ACT-HH-NAHKAMPF")
def test_i12_a_melee_blow_has_no_tracer_but_its_number() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (1, 2))], first="ron", dice=[18, 6])
    events = battle.apply(Attack("ron", "p1", "unarmed"))
    effects = VIEWS.effects(battle, events)
    final = next(e for e in events if e.kind == "damage").data["final"]
    assert not _of(effects, Tracer)
    assert _of(effects, DamageNumber) == [DamageNumber((1, 2), final)]
    assert _sounds(effects) == ["hit"]


def test_i12_a_new_turn_plays_the_turn_sound() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (5, 2))], first="ron")
    effects = VIEWS.effects(battle, battle.apply(EndTurn("ron")))
    assert _sounds(effects) == ["turn"]
    assert VIEWS.effects(battle, []) == ()


def test_i12_a_ruleset_without_effects_gets_the_protocols_default() -> None:
    class Plain(Views):  # a ruleset's views that predate effects
        pass

    plain = Plain()  # type: ignore[abstract]
    assert plain.effects(None, [Event("damage", "", "", None, {"final": 3})]) == ()
