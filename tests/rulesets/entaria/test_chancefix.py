"""Hit chances ask the engine's own rule functions (i12 review items 3, 5, 6, 7, 13).

Each test checks that what the screen is told comes from the function the engine rolls
or deals with, or that a figure the review found wrong is now the engine's.
"""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.area_fire_placement import AreaFireRoll, PlaceAreaFire
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.engine import HELP_BONUS, CommandRejected
from game.rulesets.entaria.queries.chances import (
    FireHit,
    SaveChance,
    area_fire_saves,
    attack_chance,
    known_attack_terms,
    throw_chance,
)
from game.rulesets.entaria.rules.action_edges import action_edge
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    area_fire_hit,
    area_fire_value,
)
from game.rulesets.entaria.rules.checks import Roll
from game.rulesets.entaria.rules.conditions import HELP_BONUS_DIE
from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.state import Effect
from game.rulesets.entaria.throwing import ThrowAtField
from game.rulesets.entaria.views.chances import area_fire_odds
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import foe, hero, make_battle
from tests.rulesets.entaria.test_ranged_modifiers import optics_battle

OPEN = "\n".join(["." * 12] * 6)
PAD = [3] * 12


# ------------------------------------------------------------ 5: throws the engine refuses
WALLED = "\n".join(["....#.......", *["." * 12] * 5])


@pytest.mark.rule("E-THROW-2", "E-RANGE-2")
def test_i12_e_throw_2_no_throw_chance_where_the_engine_refuses_the_field() -> None:
    """A wall (4, 0) and a field behind it (6, 0) are refused; so they have no chance."""
    battle = make_battle(
        WALLED, [hero("ron", (0, 0), held=("handgranate",)), foe("p", (10, 5))], first="ron"
    )
    for cell in ((4, 0), (6, 0), (3, 1), (2, 2)):
        trial = clone_battle(battle)
        trial.roller = ScriptedRoller([15, 15, *PAD])
        try:
            trial.apply(ThrowAtField("ron", "handgranate", cell))
            refused = False
        except CommandRejected:
            refused = True
        got = throw_chance(battle, "ron", "handgranate", cell)
        assert (got is None) == refused, cell
    assert throw_chance(battle, "ron", "handgranate", (4, 0)) is None
    assert throw_chance(battle, "ron", "handgranate", (6, 0)) is None
    assert throw_chance(battle, "ron", "handgranate", (3, 1)) is not None


# ------------------------------------------------------------ 3a: the one fold of a check
@pytest.mark.rule("D-3", "E-ACT-VH-HELFEN")
def test_i12_d_3_check_terms_are_what_check_rolls_and_show_helfens_die() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 0)), foe("p", (8, 0))], first="ron")
    ron = battle.state.creatures["ron"]
    ron.effects.append(Effect(HELP_BONUS, "UNTIL_USED", source="ron"))  # type: ignore[arg-type]
    terms = battle.check_terms(ron, Attribute.REFLEXES, 15)
    assert terms.help_die == HELP_BONUS_DIE  # not yet rolled: the chance counts the w6
    battle.roller = ScriptedRoller([4, 10])  # Helfen's w6 first, then the d20
    roll, event = battle.check(ron, Attribute.REFLEXES, 15)
    assert event.data["modifier"] == terms.modifier + 4  # the rolled w6, once
    assert (event.data["value"], event.data["edge"]) == (terms.value, terms.edge)
    assert not any(e.name == HELP_BONUS for e in ron.effects)
    assert battle.check_terms(ron, Attribute.REFLEXES, 15).help_die == 0
    assert isinstance(roll, Roll)


# ------------------------------------------------------------ 3c: one action edge
@pytest.mark.rule("D-2", "E-ACT-VH-MEHRFACH", "E-ACT-VH-RUNDUM", "E-ACT-VH-GEZIELT-1")
def test_i12_d_2_action_edge_is_the_rule_datas() -> None:
    for action in (Action.MULTI_ATTACK, Action.SWEEP_ATTACK, Action.AIMED_ATTACK):
        assert action_edge(action) == -1
    assert action_edge(Action.MELEE_ATTACK) == action_edge(Action.RANGED_ATTACK) == 0
    assert action_edge(Action.LONG_SHOT, band=RangeBand.LONG) == 1  # E-ACT-VH-DISTANZ-3
    assert action_edge(Action.LONG_SHOT, band=RangeBand.MEDIUM) == 0
    trip = action_edge(Action.UNARMED_ATTACK, option=UnarmedOption.TRIP)
    assert trip == -1 and action_edge(Action.UNARMED_ATTACK) == 0


# ------------------------------------------------------------ 13: one area-fire value
@pytest.mark.rule("D-6", "E-AREAFIRE-9", "E-OPEN-13")
@pytest.mark.parametrize("saved", [False, True])
@pytest.mark.parametrize("affinity", list(Affinity))
def test_i12_d_6_area_fire_value_is_the_hits_damage(saved: bool, affinity: Affinity) -> None:
    save = Roll(dice=(10,), kept=10, total=0, target=15, success=saved, crit=None)
    for values, armour in (([7], 2), ([3, 9], 1), ([2], 5)):
        hit = area_fire_hit(values, save, armour=armour, affinity=affinity)
        assert hit.damage == area_fire_value(values, armour=armour, affinity=affinity, saved=saved)


# ------------------------------------------------------------ 6: the attacker's side
@pytest.mark.rule("E-ACT-HH-FERNKAMPF", "E-DMG-3")
def test_i12_known_terms_count_the_optics_as_the_roll() -> None:
    """Laservisier WM +1 (sample): the offer's known terms show it, as the roll counts it."""
    creatures = [
        hero("likron", (0, 3), type_="likron", equipment=("mp_laservisier",)),
        foe("d1", (6, 3)),
    ]
    battle = optics_battle(OPEN, creatures, [], "likron")
    known = known_attack_terms(battle, "likron", "mp_laservisier", Action.RANGED_ATTACK)
    odds = attack_chance(battle, "likron", "d1", "mp_laservisier", action=Action.RANGED_ATTACK)
    assert known is not None and odds is not None
    assert known.modifier == odds.terms.modifier == 1
    assert known.bonus == 0  # no NSB at range (E-DMG-3)


@pytest.mark.rule("E-DMG-3")
def test_i12_known_terms_of_a_melee_attack_have_the_nsb_of_the_hit() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 0)), foe("p", (8, 0))], first="ron")
    kind = battle.creature_type(battle.state.creatures["ron"])
    known = known_attack_terms(battle, "ron", "unarmed", Action.MELEE_ATTACK)
    assert known is not None
    assert (known.sw, known.bonus) == (0, kind.melee_damage_bonus)


# ------------------------------------------------------------ 7: covering fire, no save
def _covering(dice: list[int]):  # type: ignore[no-untyped-def]
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (4, 4), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=dice,
    )
    fields = ((4, 4), (4, 3))
    battle.apply(AreaFireRoll("likron", "maschinenpistole", "COVERING_FIRE", fields))
    return battle


@pytest.mark.rule("E-OPEN-23", "E-ACT-VH-DECKUNGSFEUER-4", "D-6")
def test_i12_covering_fire_lists_the_enemy_it_hits_without_a_save() -> None:
    battle = _covering([15, 15, 1])
    allocation = {(4, 4): 3, (4, 3): 3}
    odds = area_fire_saves(
        battle, "likron", "maschinenpistole", allocation, AreaFireAction.COVERING_FIRE
    )
    assert [type(o) for o in odds] == [FireHit]
    (hit,) = odds
    assert isinstance(hit, FireHit) and hit.creature == "d1"
    before = battle.state.creatures["d1"].lp
    battle.apply(PlaceAreaFire("likron", ((4, 4, 3), (4, 3, 3))))
    taken = before - battle.state.creatures["d1"].lp
    assert hit.damage.minimum == hit.damage.maximum == taken
    lines = area_fire_odds(
        battle,
        "likron",
        "maschinenpistole",
        AreaFireAction.COVERING_FIRE,
        allocation,
        Translator("de"),
    )
    assert lines == (
        ("d1", f"Akuanischer Drogendealer: Deckungsfeuer ohne Rettungswurf · Schaden {taken}"),
    ) or (
        lines[0][0] == "d1"
        and "ohne Rettungswurf" in lines[0][1]
        and f"Schaden {taken}" in lines[0][1]
    )


@pytest.mark.rule("D-6", "E-AREAFIRE-9")
def test_i12_auto_fire_still_saves_every_creature_on_its_fields() -> None:
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (4, 4), type_="akuanischer_drogendealer"),
        ],
        first="likron",
    )
    odds = area_fire_saves(
        battle, "likron", "maschinenpistole", {(4, 4): 3}, AreaFireAction.AUTO_FIRE
    )
    assert [type(o) for o in odds] == [SaveChance]
