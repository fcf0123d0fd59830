"""Mehrfachangriff and Rundumschlag resolve their attacks one after the other.

Each attack is planned just before its roll (E-ACT-VH-MEHRFACH, E-ACT-VH-RUNDUM): a
target that an earlier attack of the same action killed, put out of the fight or
hurled away in zero-G (E-ZEROG-3) is skipped with an ``attack_skipped`` event. The
dice lists count every die; a d20 with Nachteil counts twice.

Ron: Nahkampf 5, NSB 1, KG 3. Pirate: Ausweichen 12, Reflexe 4, LP 12, Panzerjacke 2.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.catalogue import Catalogue, FrozenMap
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.full_attacks import MultiAttack, SweepAttack
from game.rulesets.entaria.mount_actions import Mount
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.seats import mount_of
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

ROOM = """
............
............
............
............
............
"""
_HORSE = dataclasses.replace(
    CATALOGUE.creatures["dretop_pirat"],
    key="reittier",
    name="Reittier",
    attributes=FrozenMap({**CATALOGUE.creatures["dretop_pirat"].attributes, Attribute.REFLEXES: 4}),
    equipment=(),
    size_category=5,
    movement=8,
)
TEST_CATALOGUE: Catalogue = dataclasses.replace(
    CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, "reittier": _HORSE})
)
_GIVEN: list[Battle] = []


@pytest.fixture(autouse=True)
def _every_scripted_die_is_used() -> Iterator[None]:
    _GIVEN.clear()
    yield
    for battle in _GIVEN:
        assert isinstance(battle.roller, ScriptedRoller)
        assert battle.roller.remaining == 0, battle.roller.rolled


def given(
    *creatures: CreatureSetup, dice: list[int], first: str = "ron", weightless: bool = False
) -> Battle:
    setup = BattleSetup(
        "Test",
        BattleGrid.from_ascii(ROOM),
        SIDES,
        tuple(creatures),
        Environment(weightless=weightless),
    )
    battle = new_battle(setup, TEST_CATALOGUE, 3)
    order = battle.state.order
    index = order.index(first)
    battle.state.order = order[index:] + order[:index]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    _GIVEN.append(battle)
    return battle


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def ron_with(*weapons: str, cell: tuple[int, int] = (2, 2)) -> CreatureSetup:
    return hero("ron", cell, equipment=weapons)


def hold_all(battle: Battle, key: str) -> None:
    """Given: the creature has drawn every weapon it carries (two hands' worth)."""
    creature = battle.state.creatures[key]
    weapons = [k for k in creature.carried if k in battle.catalogue.weapons]
    creature.held += weapons
    for weapon in weapons:
        creature.carried.remove(weapon)


def assert_rejected_unchanged(battle: Battle, command: Command, match: str) -> None:
    before = battle.state.to_dict()
    assert isinstance(battle.roller, ScriptedRoller)
    rolled = len(battle.roller.rolled)
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert len(battle.roller.rolled) == rolled


# ------------------------------------------------------------------ Mehrfachangriff
@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-ZEROG-3", "E-OPEN-46")
def test_a_target_hurled_away_by_the_first_blow_is_not_struck_again() -> None:
    """E-ACT-VH-MEHRFACH in zero-G: the club hurls the pirate 5 fields; the blade misses out."""
    # club: Nachteil [15, 14] keeps 14 + 5 = 19 >= 12; SW 1 + d6 4 + NSB 1 - 2 = 4;
    # zero-G save d20 3 + 4 = 7 < 15; 1w8 = 1: east, from (3, 2) to (8, 2)
    battle = given(
        ron_with("knueppel", "monofilament_klinge"),
        foe("p1", (3, 2)),
        dice=[15, 14, 4, 3, 1],
        weightless=True,
    )
    hold_all(battle, "ron")
    events = battle.apply(MultiAttack("ron", (("knueppel", "p1"), ("monofilament_klinge", "p1"))))
    p1 = battle.state.creatures["p1"]
    assert p1.cell == (8, 2) and p1.lp == 12 - 4
    assert len(kinds(events, "roll")) == 2  # the attack and the zero-G save only
    (skipped,) = kinds(events, "attack_skipped")
    assert skipped.data["target"] == "p1" and "E-MELEE-2" in skipped.en
    assert skipped.de and skipped.en
    assert battle.state.budget.spent[0][0] is Action.MULTI_ATTACK


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-LP-2")
def test_a_target_knocked_out_by_the_first_attack_is_skipped() -> None:
    """E-ACT-VH-MEHRFACH: the first blow drops the pirate to 0 LP (Bewusstlos): no second."""
    # blade: [15, 14] -> 19 hits; SW 4 + d6 1 + NSB 1 - 2 = 4 -> LP 4 - 4 = 0
    battle = given(
        ron_with("monofilament_klinge", "knueppel"),
        foe("p1", (3, 2), life_points=4),
        dice=[15, 14, 1],
    )
    hold_all(battle, "ron")
    events = battle.apply(MultiAttack("ron", (("monofilament_klinge", "p1"), ("knueppel", "p1"))))
    p1 = battle.state.creatures["p1"]
    assert p1.lp == 0 and Condition.UNCONSCIOUS in p1.conditions
    (skipped,) = kinds(events, "attack_skipped")
    assert "no longer in the fight" in skipped.en


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-LP-ENEMY-1")
def test_a_target_killed_by_the_first_attack_is_skipped() -> None:
    """A simplified enemy dies at 0 LP (E-LP-ENEMY-1): the second attack lapses."""
    # blade: [15, 14] -> 19 >= 11 (Straßenpunk); SW 4 + d6 2 + NSB 1 - armour = dead
    battle = given(
        ron_with("monofilament_klinge", "knueppel"),
        foe("punk", (3, 2), type_="akuanischer_strassenpunk", life_points=3),
        dice=[15, 14, 2],
    )
    hold_all(battle, "ron")
    events = battle.apply(
        MultiAttack("ron", (("monofilament_klinge", "punk"), ("knueppel", "punk")))
    )
    assert Condition.DEAD in battle.state.creatures["punk"].conditions
    (skipped,) = kinds(events, "attack_skipped")
    assert "already dead" in skipped.en


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-COND-BEWUSSTLOS-1")
def test_a_target_already_down_when_declared_is_still_struck() -> None:
    """Only a target put out of the fight by the same action is skipped: a declared blow at
    an unconscious enemy is made (Bewusstlos: Wehrlos, so Vorteil cancels the Nachteil)."""
    # two attacks, each a single d20 (Nachteil + Vorteil = 0): 3 and 2 miss (8, 7 < 12)
    battle = given(
        ron_with("monofilament_klinge", "knueppel"),
        foe("p1", (3, 2), life_points=0, conditions=(Condition.UNCONSCIOUS,)),
        foe("p2", (9, 4)),
        dice=[3, 2],
    )
    hold_all(battle, "ron")
    events = battle.apply(MultiAttack("ron", (("monofilament_klinge", "p1"), ("knueppel", "p1"))))
    assert len(kinds(events, "roll")) == 2 and not kinds(events, "attack_skipped")


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-CRIT-FAIL-2")
def test_a_critical_failure_ends_the_remaining_attacks() -> None:
    """E-CRIT-FAIL-2: a natural 1 on the first attack forfeits the rest of the turn."""
    battle = given(ron_with("monofilament_klinge", "knueppel"), foe("p1", (3, 2)), dice=[1, 1])
    hold_all(battle, "ron")
    events = battle.apply(MultiAttack("ron", (("monofilament_klinge", "p1"), ("knueppel", "p1"))))
    assert len(kinds(events, "roll")) == 1
    assert "remaining attacks lapse" in kinds(events, "attack_skipped")[0].en


# ------------------------------------------------------------------ Rundumschlag
@pytest.mark.rule("E-ACT-VH-RUNDUM", "E-MOUNT-8", "E-ZEROG-3")
def test_a_sweep_skips_a_rider_carried_off_by_his_hurled_mount() -> None:
    """E-ACT-VH-RUNDUM in zero-G: the horse is hurled east, its rider holds on (E-MOUNT-8)
    and is carried out of reach before his blow."""
    # club at the horse: [16, 15] -> 15 + 5 = 20 >= 12; SW 1 + d6 2 + NSB 1 - 2 = 2;
    # horse save 3 + 4 = 7 fails, 1w8 = 1: east to (8, 2); p1 (Nachteil, no Reiten)
    # [15, 12] -> 12 + 4 = 16 holds on and goes along
    battle = given(
        ron_with("knueppel"),
        foe("horse", (3, 2), type_="reittier"),
        foe("p1", (3, 1)),
        dice=[16, 15, 2, 3, 1, 15, 12],
        first="p1",
        weightless=True,
    )
    battle.apply(Mount("p1", "horse", reins=False))
    for _ in range(6):
        if battle.state.current_key == "ron":
            break
        battle.apply(EndTurn(battle.state.current_key))
    p1, steed = battle.state.creatures["p1"], battle.state.creatures["horse"]
    assert mount_of(battle, p1) is steed and p1.cell == (3, 2)
    events = battle.apply(SweepAttack("ron", "knueppel", ("horse", "p1")))
    assert steed.cell == p1.cell == (8, 2) and mount_of(battle, p1) is steed
    (skipped,) = kinds(events, "attack_skipped")
    assert skipped.data["target"] == "p1" and "melee reach" in skipped.en
    assert [e.data.get("rule") for e in kinds(events, "roll")][1:] == ["E-ZEROG-3", "E-MOUNT-8"]


@pytest.mark.rule("E-ACT-VH-RUNDUM")
def test_a_sweep_strikes_each_target_still_there() -> None:
    """E-ACT-VH-RUNDUM: up to 4 enemies in reach, one attack each with Nachteil."""
    # p1: [18, 17] -> 22 hits, d6 3: 4 + 3 + 1 - 2 = 6; p2: [4, 9] -> 9 misses
    battle = given(
        ron_with("monofilament_klinge"),
        foe("p1", (3, 2)),
        foe("p2", (1, 2)),
        dice=[18, 17, 3, 4, 9],
    )
    events = battle.apply(SweepAttack("ron", "monofilament_klinge", ("p1", "p2")))
    rolls = kinds(events, "roll")
    assert [r.data["edge"] for r in rolls] == [-1, -1]
    assert battle.state.creatures["p1"].lp == 12 - 6
    assert not kinds(events, "attack_skipped")


@pytest.mark.rule("E-ACT-VH-RUNDUM", "E-MELEE-2")
def test_a_sweep_declared_out_of_reach_is_refused_unchanged() -> None:
    """Checked as a whole before any die: a target out of reach refuses the action."""
    battle = given(ron_with("monofilament_klinge"), foe("p1", (3, 2)), foe("far", (8, 2)), dice=[])
    assert_rejected_unchanged(
        battle, SweepAttack("ron", "monofilament_klinge", ("p1", "far")), "melee reach"
    )
