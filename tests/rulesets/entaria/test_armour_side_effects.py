"""Armour's side effects wherever the value is used (E-ARMOR-2, issue 10).

"Panzerung können auch, oft negativ, die Attribute wie Bewegung, Initiative oder
Ausweichen des Charakters verändern." BEW with the worn armour's change is the start of
every movement allowance (Gehen, Laufen, Sturmangriff), of the movement preview and of the
built-in opponent's moves; Ausweichen with it is the target value of attacks and what the
creature card shows. The catalogue's samples used here: Kampfpanzerung BEW -1,
Ausweichen -1; Alpha-Anzug BEW -1, Ausweichen -2; Ballistischer Schild BEW -1 (a shield:
only while raised).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import game.rulesets.entaria as package
from game.board.dice import ScriptedRoller
from game.board.movement import reachable
from game.match.views import Card
from game.rulesets.entaria.charge import Charge, validate_charge
from game.rulesets.entaria.commands import Attack, Move, UseAction
from game.rulesets.entaria.creature_values import base_bew, base_dodge, worn_armour
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.moving import move_allowance
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.queries.cards import creature_card
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.armour import ArmourEffects, armoured_bew, armoured_dodge
from game.rulesets.entaria.rules.terms import SaveValue
from game.rulesets.entaria.views.card import card
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle

WIDE = "\n".join(["." * 40] * 3)
BLADE = "monofilament_klinge"
#: Ron's BEW in the catalogue; Kampfpanzerung takes 1.
RON_BEW = CATALOGUE.creatures["ron"].movement
ARMOURED_BEW = RON_BEW - 1


def armoured_ron(*armour: str, cell: tuple[int, int] = (0, 1), foe_at: int = 39) -> Battle:
    """Return Ron (blade in hand, ``armour`` worn) and a pirate far off on the wide map."""
    return make_battle(
        WIDE,
        [hero("ron", cell, equipment=(BLADE, *armour)), foe("p1", (foe_at, 1))],
        first="ron",
    )


def straight(length: int, start: tuple[int, int] = (0, 1)) -> tuple[tuple[int, int], ...]:
    return tuple((start[0] + i, start[1]) for i in range(length + 1))


def test_catalogue_lists_the_armours_with_side_effects_e_armor_2() -> None:
    """E-ARMOR-2: the armours the issue names carry side effects (sample values)."""
    for key in ("plattenpanzerweste", "kampfpanzerung", "alpha_anzug"):
        armour = CATALOGUE.armour[key]
        assert (armour.movement, armour.dodge) != (0, 0) and armour.sample_values
    suit = CATALOGUE.armour["alpha_anzug"]
    assert (suit.movement, suit.dodge) == (-1, -2)


def test_the_pure_rules_floor_at_zero_e_armor_2() -> None:
    """E-ARMOR-2: BEW and Ausweichen with armour, neither below 0 (decision)."""
    effects = ArmourEffects(movement=-1, dodge=-2)
    assert armoured_bew(6, effects) == 5 and armoured_dodge(12, effects) == 10
    assert armoured_bew(0, effects) == 0 and armoured_dodge(1, effects) == 0


@pytest.mark.rule("E-ARMOR-2", "E-ACT-HH-GEHEN-1")
def test_gehen_in_armour_with_bew_minus_one_walks_bew_minus_one_fields() -> None:
    """E-ARMOR-2 "... die Attribute wie Bewegung ... verändern": Gehen up to BEW - 1."""
    battle = armoured_ron("kampfpanzerung")
    assert base_bew(battle, battle.creature("ron")) == ARMOURED_BEW
    with pytest.raises(CommandRejected, match=f"allows {ARMOURED_BEW}"):
        battle.apply(Move("ron", "WALK", straight(RON_BEW)))
    battle.apply(Move("ron", "WALK", straight(ARMOURED_BEW)))
    assert battle.creature("ron").cell == (ARMOURED_BEW, 1)


def test_without_armour_the_same_walk_goes_bew_fields_e_armor_2() -> None:
    """E-ARMOR-2 (the control): unarmoured Ron walks his full BEW."""
    battle = armoured_ron()
    battle.apply(Move("ron", "WALK", straight(RON_BEW)))
    assert battle.creature("ron").cell == (RON_BEW, 1)


@pytest.mark.rule("E-ARMOR-2", "E-ACT-VH-LAUFEN-1")
def test_laufen_in_armour_runs_three_times_bew_minus_one() -> None:
    """E-ARMOR-2: Laufen 3 x (BEW - 1)."""
    battle = armoured_ron("kampfpanzerung")
    with pytest.raises(CommandRejected, match=f"allows {3 * ARMOURED_BEW}"):
        battle.apply(Move("ron", "RUN", straight(3 * ARMOURED_BEW + 1)))
    battle.apply(Move("ron", "RUN", straight(3 * ARMOURED_BEW)))
    assert battle.creature("ron").cell == (3 * ARMOURED_BEW, 1)


@pytest.mark.rule("E-ARMOR-2", "E-ACT-VH-STURM")
def test_sturmangriff_in_armour_charges_two_times_bew_minus_one() -> None:
    """E-ARMOR-2: the Sturmangriff's straight path is at most 2 x (BEW - 1) fields."""
    far = 2 * ARMOURED_BEW + 1  # the pirate's field: a charge of 2 x (BEW - 1) ends next to it
    plan = validate_charge(armoured_ron("kampfpanzerung", foe_at=far), Charge("ron", "p1", BLADE))
    assert len(plan.path) - 1 == 2 * ARMOURED_BEW
    with pytest.raises(CommandRejected, match=f"at most {2 * ARMOURED_BEW} fields"):
        validate_charge(armoured_ron("kampfpanzerung", foe_at=far + 1), Charge("ron", "p1", BLADE))
    # the control: without armour the longer charge reaches
    assert validate_charge(armoured_ron(foe_at=far + 1), Charge("ron", "p1", BLADE))


@pytest.mark.rule("E-ARMOR-2", "D-10")
def test_the_movement_preview_agrees_with_the_handlers_in_armour() -> None:
    """E-ARMOR-2: the preview's allowances and reachable fields use BEW - 1."""
    battle = armoured_ron("kampfpanzerung", cell=(5, 1))
    walk = movement_options(battle, "ron", Action.WALK)
    assert walk.allowance == ARMOURED_BEW
    assert dict(walk.costs) == reachable(battle.grid, (5, 1), ARMOURED_BEW, enemies=[(39, 1)])
    assert walk.cost_of((5 + ARMOURED_BEW, 1)) == ARMOURED_BEW
    assert walk.cost_of((5 + RON_BEW, 1)) is None
    run = movement_options(battle, "ron", Action.RUN)
    assert run.allowance == 3 * ARMOURED_BEW and run.cost_of((5 + 3 * ARMOURED_BEW + 1, 1)) is None
    charge = movement_options(battle, "ron", Action.CHARGE)
    assert charge.allowance == 2 * ARMOURED_BEW
    ron = battle.creature("ron")
    assert move_allowance(battle, ron, Action.WALK, halved=False) == walk.allowance


@pytest.mark.rule("E-ARMOR-2", "E-ACT-VH-LAUFEN-1")
def test_the_built_in_opponent_runs_no_further_than_its_armour_allows() -> None:
    """E-ARMOR-2: Elro (BEW 5) in Kampfpanzerung runs 3 x 4 = 12 fields, not 15."""
    bew = CATALOGUE.creatures["elro_sa"].movement
    for equipment, fields in (((), 3 * bew), (("kampfpanzerung",), 3 * (bew - 1))):
        battle = make_battle(
            WIDE,
            [hero("elro", (1, 1), type_="elro_sa", equipment=equipment), foe("p1", (38, 1))],
            first="elro",
        )
        command = choose_command(battle)
        assert isinstance(command, Move) and command.action == "RUN"
        assert len(command.path) - 1 == fields
        battle.apply(command)  # the handler accepts what the policy chose


@pytest.mark.rule("E-ARMOR-2")
def test_an_attack_hits_at_the_lower_ausweichen_of_armour_with_dodge_minus_two() -> None:
    """E-ARMOR-2 "... Ausweichen des Charakters verändern": Alpha-Anzug, Ausweichen -2.

    Ron (Nahkampf 5) rolls a 6: 11 misses the pirate's Ausweichen 12 and hits 12 - 2 = 10.
    """
    room = "\n".join(["." * 6] * 3)
    results = {}
    for armour, dice in (("panzerjacke", [6]), ("alpha_anzug", [6, 3])):  # a hit rolls w6
        battle = make_battle(
            room,
            [
                hero("ron", (1, 1), equipment=(BLADE,)),
                foe("p1", (2, 1), equipment=("laserpistole", armour)),
            ],
            first="ron",
            dice=dice,
        )
        events = battle.apply(Attack("ron", "p1", BLADE))
        (roll,) = [e for e in events if e.kind == "roll"]
        assert isinstance(battle.roller, ScriptedRoller) and battle.roller.remaining == 0
        results[armour] = (roll.data["target"], roll.data["success"])
        pirate = battle.creature("p1")
        assert battle.save_value(pirate, SaveValue.DODGE) == base_dodge(battle, pirate)
    assert results == {"panzerjacke": (12, False), "alpha_anzug": (10, True)}


@pytest.mark.rule("E-ARMOR-2", "E-ACT-HH-SCHILD")
def test_a_shield_slows_only_while_raised() -> None:
    """E-ACT-HH-SCHILD "Die bei der Deckungspanzerung angegebenen Attribute gelten somit bis
    zum Anfang der ersten Handlung in der nächsten Kampfrunde": the shield's BEW -1 counts
    after Schildeinsatz, not while it is carried lowered.
    """
    battle = armoured_ron("ballistischer_schild")
    ron = battle.creature("ron")
    assert base_bew(battle, ron) == RON_BEW and worn_armour(battle, ron) == ()
    battle.apply(UseAction("ron", "USE_SHIELD"))
    assert base_bew(battle, ron) == RON_BEW - 1
    with pytest.raises(CommandRejected, match=f"allows {RON_BEW - 1}"):
        battle.apply(Move("ron", "WALK", straight(RON_BEW)))


def test_armour_in_hand_or_doffed_has_no_side_effects_e_armor_2() -> None:
    """E-ARMOR-2 (decision): only worn armour counts; armour in hand does not."""
    battle = armoured_ron("alpha_anzug")
    ron = battle.creature("ron")
    assert (base_bew(battle, ron), base_dodge(battle, ron)) == (RON_BEW - 1, 15 - 2)
    ron.carried.remove("alpha_anzug")
    ron.held.append("alpha_anzug")
    assert (base_bew(battle, ron), base_dodge(battle, ron)) == (RON_BEW, 15)


@pytest.mark.rule("E-ARMOR-2")
def test_the_card_shows_bew_ausweichen_and_each_pieces_side_effects() -> None:
    """E-ARMOR-2: the card's BEW and Ausweichen include the armour; each piece lists its own."""
    battle = armoured_ron("alpha_anzug", "ballistischer_schild")
    data = creature_card(battle, "ron")
    assert (data.movement, data.base_movement) == (RON_BEW - 1, RON_BEW)
    assert data.saves[SaveValue.DODGE] == 13 and data.base_saves[SaveValue.DODGE] == 15
    assert data.armour_dodge == -2
    suit, shield = data.armour_pieces
    assert (suit.key, suit.paz, suit.movement, suit.dodge, suit.counts) == (
        "alpha_anzug",
        7,
        -1,
        -2,
        True,
    )
    assert shield.shield and not shield.counts
    german = card(battle, "ron", Translator("de"))
    english = card(battle, "ron", Translator("en"))
    assert german is not None and english is not None
    assert german.summary.startswith(f"BEW {RON_BEW - 1} (Grundwert {RON_BEW}")
    assert english.summary.startswith(f"Move {RON_BEW - 1} (base {RON_BEW}")

    assert "Alpha-Anzug: PAZ 7, BEW -1, Ausweichen -2, Beschwerlich" in armour_lines(german)
    assert "Alpha suit: armour 7, Move -1, Dodge -2, cumbersome" in armour_lines(english)
    assert "Ballistischer Schild: PAZ 3, BEW -1 (wirkt erst mit Schildeinsatz)" in armour_lines(
        german
    )
    dodge = next(v for p in german.sections for v in p.values if v.key == "card:save:DODGE")
    assert dodge.value == "13" and "Panzerung -2" in dodge.tooltip


def armour_lines(shown: Card) -> list[str]:
    """Return the lines of the card's armour section."""
    (part,) = [p for p in shown.sections if p.heading in ("Panzerung", "Armour")]
    return [line.text for entry in part.entries for line in entry.lines]


def test_every_bew_reader_goes_through_the_accessor_e_armor_2() -> None:
    """E-ARMOR-2: no engine module reads the catalogue's BEW past creature_values."""

    root = Path(package.__file__).parent
    # the catalogue's BEW read as a value to move with; the card's "base_movement=" shows it
    reading = re.compile(r"(?<![=\w])kind\.movement\b|creature_type\([^)]*\)\.movement\b")
    readers = [
        path.relative_to(root).as_posix()
        for path in root.rglob("*.py")
        if path.name != "creature_values.py" and reading.search(path.read_text(encoding="utf-8"))
    ]
    assert readers == []
