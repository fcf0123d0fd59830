"""The screen's hit chance is the engine's: the query against the commands over every die.

Each test asks ``queries.chances`` and then applies the very command on copies of the
match with every scripted die, so a figure that disagrees with the handler fails (i12).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.board.dice import ScriptedRoller
from game.match.events import Event
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.full_attacks import AimedAttack, SweepAttack
from game.rulesets.entaria.queries.chances import (
    area_fire_save_chance,
    attack_chance,
    throw_chance,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.throwing import ThrowAtField
from game.rulesets.entaria.unarmed_combat import UnarmedAttack
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OPEN = "\n".join(["." * 12] * 6)
PAD = [3] * 12  # dice after the ones that matter (SAF saves and the like)


def _battle() -> Battle:
    return make_battle(
        OPEN,
        [hero("ron", (0, 0)), foe("p", (8, 0)), foe("q", (3, 2))],
        first="ron",
    )


def _rolls(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "roll"]


def _damage(events: list[Event], target: str) -> int | None:
    hits = [e for e in events if e.kind == "damage" and e.data.get("target") == target]
    return int(hits[0].data["final"]) if hits else None


@pytest.mark.rule("D-2", "D-3", "D-4", "E-RANGED-4", "E-DMG-2", "E-ARMOR-1")
def test_i12_d_3_attack_chance_and_damage_equal_every_d20_and_d6_applied() -> None:
    battle = _battle()
    got = attack_chance(battle, "ron", "p", "laserpistole", action=Action.RANGED_ATTACK)
    assert got is not None and got.damage is not None
    assert got.terms.edge == 0  # Mittel: no edge, so one d20 decides
    hits, finals = 0, []
    for d20 in range(1, 21):
        for d6 in range(1, 7):
            trial = clone_battle(battle)
            trial.roller = ScriptedRoller([d20, d6, *PAD])
            events = trial.apply(Attack("ron", "p", "laserpistole"))
            (roll,) = _rolls(events)
            if roll.data["success"]:
                hits += 1
                final = _damage(events, "p")
                assert final is not None
                finals.append(final)
    assert got.chance == Fraction(hits, 120)
    assert got.crit == Fraction(1, 20)
    assert (got.damage.minimum, got.damage.maximum) == (min(finals), max(finals))
    assert got.damage.mean == Fraction(sum(finals), len(finals))


@pytest.mark.rule("D-2", "E-ACT-VH-GEZIELT-1", "E-ACT-VH-GEZIELT-2")
def test_i12_d_2_aimed_attack_terms_are_the_rolls_own() -> None:
    battle = _battle()
    got = attack_chance(battle, "ron", "q", "laserpistole", action=Action.AIMED_ATTACK)
    assert got is not None
    trial = clone_battle(battle)
    trial.roller = ScriptedRoller([15, 15, *PAD])
    (roll,) = _rolls(trial.apply(AimedAttack("ron", "q", "laserpistole")))
    data = roll.data
    assert (got.terms.value, got.terms.target) == (data["value"], data["target"])
    assert (got.terms.edge, got.terms.modifier) == (data["edge"], data["modifier"])
    assert got.terms.edge == -1  # Gezielter Angriff: Nachteil; Nah adds none (D-2)


@pytest.mark.rule("D-3", "E-COND-WEHRLOS", "E-COND-LIEGEND-1")
def test_i12_d_3_a_target_s_condition_moves_the_chance_as_the_roll() -> None:
    battle = _battle()
    before = attack_chance(battle, "ron", "p", "laserpistole")
    battle.state.creatures["p"].conditions = battle.state.creatures["p"].conditions.add(
        Condition.STUNNED
    )
    after = attack_chance(battle, "ron", "p", "laserpistole")
    assert before is not None and after is not None
    trial = clone_battle(battle)
    trial.roller = ScriptedRoller([5, 5, 5, *PAD])
    (roll,) = _rolls(trial.apply(Attack("ron", "p", "laserpistole")))
    assert after.terms.edge == roll.data["edge"] == before.terms.edge + 1
    assert after.chance > before.chance


@pytest.mark.rule("E-THROW-2", "D-3")
def test_i12_e_throw_2_throw_chance_terms_are_the_throws_own() -> None:
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 0), held=("handgranate",)), foe("p", (10, 5))],
        first="ron",
    )
    got = throw_chance(battle, "ron", "handgranate", (3, 1))
    assert got is not None
    trial = clone_battle(battle)
    trial.roller = ScriptedRoller([15, 15, *PAD])
    roll = _rolls(trial.apply(ThrowAtField("ron", "handgranate", (3, 1))))[0]
    data = roll.data
    assert (got.terms.value, got.terms.target) == (data["value"], data["target"])
    assert (got.terms.edge, got.terms.modifier) == (data["edge"], data["modifier"])


@pytest.mark.rule("D-6", "E-AREAFIRE-9")
def test_i12_d_6_area_fire_save_is_reflexes_against_15() -> None:
    battle = _battle()
    got = area_fire_save_chance(battle, "p", 4, "laserpistole")
    reflexes = battle.creature_type(battle.creature("p")).attribute(Attribute.REFLEXES)
    assert (got.terms.value, got.terms.target) == (reflexes, 15)
    assert got.damage is not None and got.damage.maximum <= 4


@pytest.mark.rule("E-RANGE-2")
def test_i12_an_attack_the_engine_refuses_has_no_chance() -> None:
    battle = make_battle(
        "....#....\n....#....", [hero("ron", (0, 0)), foe("p", (8, 0))], first="ron"
    )
    assert attack_chance(battle, "ron", "p", "laserpistole") is None  # no line of sight


@pytest.mark.rule("E-ACT-VH-GEZIELT-2", "D-4", "E-ARMOR-1")
def test_i12_aimed_attack_damage_leaves_worn_armour_out_as_the_hit() -> None:
    battle = _battle()  # the pirate wears a Panzerjacke
    aimed = attack_chance(battle, "ron", "p", "laserpistole", action=Action.AIMED_ATTACK)
    plain = attack_chance(battle, "ron", "p", "laserpistole")
    assert aimed is not None and aimed.damage is not None
    assert plain is not None and plain.damage is not None
    finals = []
    for d6 in range(1, 7):
        trial = clone_battle(battle)
        trial.roller = ScriptedRoller([15, 15, d6, *PAD])  # a hit, no crit
        final = _damage(trial.apply(AimedAttack("ron", "p", "laserpistole")), "p")
        assert final is not None
        finals.append(final)
    assert aimed.damage.minimum == min(finals)
    assert aimed.damage.minimum > plain.damage.minimum  # Umgehung: no worn armour


def _close() -> Battle:
    """Ron beside a pirate with the Monofilament-Klinge in hand."""
    return make_battle(
        OPEN,
        [hero("ron", (2, 2), held=("monofilament_klinge",)), foe("p", (3, 2))],
        first="ron",
    )


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-ZUFALL", "E-OPEN-19", "D-2")
def test_i12_unarmed_trip_chance_has_its_nachteil_and_no_damage() -> None:
    battle = make_battle(OPEN, [hero("ron", (2, 2), held=()), foe("p", (3, 2))], first="ron")
    got = attack_chance(
        battle, "ron", "p", "unarmed", action=Action.UNARMED_ATTACK, option=UnarmedOption.TRIP
    )
    assert got is not None and got.damage is None  # a trip deals no damage
    trial = clone_battle(battle)
    trial.roller = ScriptedRoller([15, 15, *PAD])
    (roll,) = _rolls(trial.apply(UnarmedAttack("ron", "p", "trip")))
    data = roll.data
    assert (got.terms.value, got.terms.target) == (data["value"], data["target"])
    assert (got.terms.edge, got.terms.modifier) == (data["edge"], data["modifier"]) == (-1, 0)


@pytest.mark.rule("E-ACT-VH-RUNDUM", "E-DMG-3", "D-4")
def test_i12_sweep_attack_chance_and_nsb_damage_are_the_handlers() -> None:
    battle = _close()
    got = attack_chance(battle, "ron", "p", "monofilament_klinge", action=Action.SWEEP_ATTACK)
    assert got is not None and got.damage is not None
    finals = []
    for d6 in range(1, 7):
        trial = clone_battle(battle)
        trial.roller = ScriptedRoller([15, 15, d6, *PAD])  # a hit with Nachteil, no crit
        events = trial.apply(SweepAttack("ron", "monofilament_klinge", ("p",)))
        (roll,) = _rolls(events)
        assert (got.terms.edge, got.terms.target) == (roll.data["edge"], roll.data["target"])
        final = _damage(events, "p")
        assert final is not None
        finals.append(final)
    assert got.damage.minimum == min(finals)  # the NSB counts in melee, as the hit adds it
