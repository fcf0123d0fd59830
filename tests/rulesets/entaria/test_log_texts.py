"""The log reads right to a game master (issue 10): every number of a roll is named.

An attack roll says what its target value is made of (the Rettungswert Ausweichen with
the armour's change and cover, E-ARMOR-2, E-COVER-3/4) and names every Vorteil, Nachteil
and WM (range band, Störung, cover, optics, the action's own edge; E-RANGE-KERN,
E-DISTURB-1, E-OPEN-1); a move line names the BEW when armour or conditions change it;
the duel's Reflexe are the creature's check (D-3, E-DUEL-3). German and English.
Dice are scripted after the initiative roll.
"""

from __future__ import annotations

import importlib.resources

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cover
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.catalogue_loader import DATA_PACKAGE, load_catalogue_from
from game.rulesets.entaria.combat import proposed_cover
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.duel import Duel
from game.rulesets.entaria.engine import HELP_BONUS, Battle
from game.rulesets.entaria.full_attacks import MultiAttack
from game.rulesets.entaria.object_attacks import AttackObject
from game.rulesets.entaria.ranged_common import edge_reasons
from game.rulesets.entaria.rules.condition_rolls import RollModifiers
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import Attribute, Condition, SaveValue
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.state import Effect
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

RON = CATALOGUE.creatures["ron"]
RON_DODGE = RON.save(SaveValue.DODGE)
RON_BEW = RON.movement
ALPHA = CATALOGUE.armour["alpha_anzug"]  # sample side effects: BEW -1, Ausweichen -2

#: The pirate at (6, 1) shoots Ron at (1, 1); the low obstacle next to Ron covers him.
LOW_WALL = """
.........
.=.......
.........
"""
#: Smoke on Ron's field side gives Volldeckung.
SMOKE = """
.........
..%......
.........
"""
OPEN = "\n".join(["." * 12] * 3)


def rolls(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "roll"]


def moves(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "move"]


# ------------------------------------------------------------ the target value
def _pirate_shoots_ron(room: str, ron_cell: tuple[int, int], armour: tuple[str, ...]) -> Battle:
    creatures = [
        hero("ron", ron_cell, equipment=("laserpistole", *armour)),
        foe("p1", (6, 1)),
    ]
    return make_battle(room, creatures, first="p1", dice=[2, 3])


@pytest.mark.rule("E-ARMOR-2", "E-COVER-3")
def test_an_attack_names_the_armoured_ausweichen_and_partial_cover() -> None:
    """E-ARMOR-2: "Panzerung können auch, oft negativ, die Attribute wie Bewegung,
    Initiative oder Ausweichen des Charakters verändern."

    Ron in an Alpha-Anzug (Ausweichen -2) behind a low obstacle (Teildeckung +2): the roll
    says "gegen Ausweichen 15 (Grundwert 15, Panzerung -2, Teildeckung +2)".
    """
    battle = _pirate_shoots_ron(LOW_WALL, (0, 1), ("alpha_anzug",))
    ron, pirate = battle.creature("ron"), battle.creature("p1")
    assert proposed_cover(battle, pirate, ron)[0] is Cover.PARTIAL  # the set-up holds
    value = RON_DODGE + ALPHA.dodge + 2
    roll = rolls(battle.apply(Attack("p1", "ron", "laserpistole")))[0]
    assert roll.data["target"] == value
    assert (
        f"gegen Ausweichen {value} (Grundwert {RON_DODGE}, Panzerung {ALPHA.dodge:+d}, "
        "Teildeckung +2): Misserfolg"
    ) in roll.de
    assert (
        f"vs Dodge {value} (base {RON_DODGE}, armour {ALPHA.dodge:+d}, partial cover +2)"
    ) in roll.en
    assert "ZW" not in roll.de and "E-" not in roll.de + roll.en  # no rule IDs for the table


@pytest.mark.rule("E-ARMOR-2")
def test_an_unarmoured_target_in_the_open_is_named_by_its_ausweichen_alone() -> None:
    """E-ARMOR-2 (the control): no part changes Ausweichen, so none is named."""
    battle = _pirate_shoots_ron(OPEN, (1, 1), ())
    roll = rolls(battle.apply(Attack("p1", "ron", "laserpistole")))[0]
    assert f"gegen Ausweichen {RON_DODGE}: Misserfolg" in roll.de
    assert f"vs Dodge {RON_DODGE}: failure" in roll.en


@pytest.mark.rule("E-COVER-4", "D-2")
def test_full_cover_names_its_ausweichen_and_its_nachteil() -> None:
    """E-COVER-4: Volldeckung gives Ausweichen +5 and the attacker a Nachteil; both named."""
    battle = _pirate_shoots_ron(SMOKE, (1, 1), ())
    assert proposed_cover(battle, battle.creature("p1"), battle.creature("ron"))[0] is Cover.FULL
    roll = rolls(battle.apply(Attack("p1", "ron", "laserpistole")))[0]
    assert roll.data["edge"] == -1 and roll.data["dice"] == [2, 3]
    assert f"Ausweichen {RON_DODGE + 5} (Grundwert {RON_DODGE}, Volldeckung +5)" in roll.de
    assert roll.de.endswith("(Volldeckung: Nachteil)")
    assert roll.en.endswith("(full cover: disadvantage)")


# ------------------------------------------------------------------ the causes
@pytest.mark.rule("E-RANGE-KERN", "E-DISTURB-1", "E-OPEN-1", "D-2")
def test_point_blank_and_stoerung_are_each_named_in_a_double_nachteil() -> None:
    """E-RANGE-KERN: Kernschuss gives Nachteil; E-DISTURB-1: "Befindet sich ein oder
    mehrere Gegner, in Nahkampfreichweite um den Charakter und der Charakter möchte einen
    Fernkampf durchführen, erhält er den Zustand Abgelenkt."

    Ron shoots the pirate next to him: "Nachteil x2", and the roll names both sources.
    """
    battle = make_battle(
        OPEN, [hero("ron", (1, 1)), foe("p1", (2, 1))], first="ron", dice=[2, 3, 4]
    )
    roll = rolls(battle.apply(Attack("ron", "p1", "laserpistole")))[0]
    assert roll.data["edge"] == -2 and roll.data["kept"] == 2
    assert "(Nachteil x2)" in roll.de
    assert roll.de.endswith("(Kernschuss: Nachteil; Störung des Fernkampfs: Abgelenkt)")
    assert roll.en.endswith("(point blank: disadvantage; disturbed ranged attack: distracted)")


@pytest.mark.rule("E-RANGE-KERN", "E-OPEN-1", "E-COND-ABGELENKT")
def test_a_held_abgelenkt_counts_once_and_the_band_is_still_named() -> None:
    """E-OPEN-1: an Abgelenkt shooter gets no second Nachteil from Störung; Kernschuss's
    Nachteil is its own source and is named."""
    creatures = [hero("ron", (1, 1), conditions=(Condition.DISTRACTED,)), foe("p1", (2, 1))]
    battle = make_battle(OPEN, creatures, first="ron", dice=[2, 3, 4])
    roll = rolls(battle.apply(Attack("ron", "p1", "laserpistole")))[0]
    assert roll.data["edge"] == -2
    assert "Abgelenkt: Nachteil; Kernschuss: Nachteil" in roll.de
    assert "Störung des Fernkampfs: schon abgelenkt, kein weiterer Nachteil" in roll.de
    assert "distracted: disadvantage; point blank: disadvantage" in roll.en


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "D-2")
def test_a_multi_attack_names_its_own_nachteil() -> None:
    """E-ACT-VH-MEHRFACH: every roll of a Mehrfachangriff has Nachteil, named as such."""
    kit = ("laserpistole", "taserpistole")
    creatures = [hero("ron", (1, 1), equipment=kit, held=kit), foe("p1", (4, 1))]
    battle = make_battle(OPEN, creatures, first="ron", dice=[2, 3, 2, 3])
    events = battle.apply(MultiAttack("ron", (("laserpistole", "p1"), ("taserpistole", "p1"))))
    for roll in rolls(events):
        assert roll.data["edge"] == -1
        assert roll.de.endswith("(Mehrfachangriff: Nachteil)")
        assert roll.en.endswith("(multi-attack: disadvantage)")


@pytest.mark.rule("E-RANGE-KERN", "E-RANGE-EXTREM", "E-OPEN-16")
def test_throws_and_area_fire_name_the_range_bands_edge() -> None:
    """E-RANGE-KERN, E-RANGE-EXTREM: the band's Nachteil is named in throws and area fire
    (``ranged_common.edge_reasons``, which both ask); a band without edge adds nothing."""
    point_blank = edge_reasons(RangeBand.POINT_BLANK.edge, "Kernschuss", RollModifiers())
    assert point_blank.causes == (("Kernschuss: Nachteil", "point blank: disadvantage"),)
    assert point_blank.edge == 0  # the callers add the band's edge themselves
    extreme = edge_reasons(RangeBand.EXTREME.edge, "Extrem", RollModifiers())
    assert extreme.causes == (("Extrem: Nachteil x2", "extreme range: disadvantage x2"),)
    assert edge_reasons(RangeBand.NEAR.edge, "Nah", RollModifiers()).causes == ()


@pytest.mark.rule("E-ACT-VH-DAUERFEUER-2", "E-AREAFIRE-3")
def test_dauerfeuer_names_its_own_nachteil() -> None:
    """E-ACT-VH-DAUERFEUER-2: "Beim Angriff erhält er Nachteil auf seinen Erfolgswurf" -
    named as Dauerfeuer's in the check's text."""
    kit = ("maschinenpistole",)
    creatures = [
        hero("likron", (0, 1), type_="likron", equipment=kit, held=kit),
        foe("d1", (3, 1), type_="akuanischer_drogendealer"),
    ]
    battle = make_battle(OPEN, creatures, first="likron", dice=[2, 3])  # keeps 2: a miss
    fire = AreaFire("likron", "maschinenpistole", "AUTO_FIRE", ((3, 0), (3, 1)))
    roll = rolls(battle.apply(fire))[0]
    assert roll.data["edge"] == -1 and roll.data["success"] is False
    assert roll.de.endswith("(Dauerfeuer: Nachteil)")
    assert roll.en.endswith("(automatic fire: disadvantage)")


# --------------------------------------------------------------- objects
SHIPPED_WEAPONS = (
    importlib.resources.files(DATA_PACKAGE).joinpath("weapons.toml").read_text(encoding="utf-8")
)
#: A laser pistol with a Laservisier (sample WM +1).
SIGHTED_PISTOL = """
[weapons.pistole_laservisier]
name = "Pistole mit Laservisier"
sw = 3
optics = ["laservisier"]
damage_type = "Energie"
wg = 1
ranges = ["Kernschuss", "Nah", "Mittel"]
magazine = 15
"""
DOOR = """
.....#....
....R+....
.....#....
"""


def _door_battle(creatures: list[CreatureSetup], dice: list[int]) -> Battle:
    catalogue = load_catalogue_from({"weapons.toml": SHIPPED_WEAPONS + SIGHTED_PISTOL})
    grid = BattleGrid.from_ascii(DOOR.replace("R", "."))
    battle = new_battle(BattleSetup("Tür", grid, SIDES, tuple(creatures)), catalogue, 1)
    order = battle.state.order
    battle.state.order = order[order.index("ron") :] + order[: order.index("ron")]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    return battle


@pytest.mark.rule("E-OBJ-2", "E-ACT-VH-DAUERFEUER-2", "E-RANGE-KERN", "E-DISTURB-1")
def test_a_shot_at_a_door_gets_the_optics_wm_and_names_band_and_stoerung() -> None:
    """A shot at an object is a Fernkampf: the Laservisier's WM +1 counts (not Dauerfeuer,
    E-ACT-VH-DAUERFEUER-2), Kernschuss and Störung give their Nachteil, all named."""
    kit = ("pistole_laservisier",)
    creatures = [hero("ron", (4, 1), equipment=kit, held=kit), foe("p1", (3, 1), held=())]
    battle = _door_battle(creatures, dice=[2, 3, 4])  # keeps 2: 2 + 8 + 1 = 11 < ZW 15
    roll = rolls(battle.apply(AttackObject("ron", "pistole_laservisier", cell=(5, 1))))[0]
    assert roll.data["modifier"] == 1 and roll.data["edge"] == -2
    assert roll.data["total"] == 2 + RON.attribute(Attribute.RANGED) + 1
    assert (
        "(Kernschuss: Nachteil; Störung des Fernkampfs: Abgelenkt; Laservisier: WM +1)" in roll.de
    )
    assert "laser sight: +1" in roll.en


# ------------------------------------------------------------------- moves
def _walker(*armour: str, conditions: tuple[Condition, ...] = ()) -> Battle:
    creatures = [
        hero("ron", (0, 1), equipment=("laserpistole", *armour), conditions=conditions),
        foe("p1", (11, 1)),
    ]
    return make_battle(OPEN, creatures, first="ron")


def _path(length: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, 1) for i in range(length + 1))


@pytest.mark.rule("E-ARMOR-2", "E-ACT-HH-GEHEN-1")
def test_an_armoured_creatures_move_line_names_its_bew() -> None:
    """E-ARMOR-2: the move line says BEW 5 = Grundwert 6, Panzerung -1 (Alpha-Anzug)."""
    battle = _walker("alpha_anzug")
    line = moves(battle.apply(Move("ron", "WALK", _path(3))))[0]
    bew = RON_BEW + ALPHA.movement
    assert line.de == (
        f"Ron geht 3 Felder nach [3, 1] (BEW {bew}: Grundwert {RON_BEW}, "
        f"Panzerung {ALPHA.movement:+d})"
    )
    assert line.en == (
        f"Ron walks 3 fields to [3, 1] (move {bew}: base {RON_BEW}, armour {ALPHA.movement:+d})"
    )


@pytest.mark.rule("E-ARMOR-2", "E-ACT-VH-LAUFEN-1")
def test_an_armoured_run_names_bew_and_what_laufen_allows() -> None:
    """E-ARMOR-2 with Laufen (3 x BEW): "...; Laufen erlaubt 15"."""
    battle = _walker("alpha_anzug")
    line = moves(battle.apply(Move("ron", "RUN", _path(7))))[0]
    bew = RON_BEW + ALPHA.movement
    assert line.de.startswith("Ron läuft 7 Felder nach [7, 1] (BEW ")
    assert line.de.endswith(f"; Laufen erlaubt {3 * bew})")
    assert line.en.endswith(f"; run allows {3 * bew})")


@pytest.mark.rule("E-ARMOR-2", "E-COND-ERSCHOEPFT-2")
def test_a_move_line_names_a_condition_that_takes_from_bew() -> None:
    """E-COND-ERSCHOEPFT-2: Erschöpft takes 1 from BEW, named; unchanged BEW is not named."""
    tired = moves(_walker(conditions=(Condition.EXHAUSTED,)).apply(Move("ron", "WALK", _path(2))))
    assert tired[0].de == f"Ron geht 2 Felder nach [2, 1] (BEW {RON_BEW - 1}: " + (
        f"Grundwert {RON_BEW}, Erschöpft -1)"
    )
    assert "exhausted -1" in tired[0].en
    fresh = moves(_walker().apply(Move("ron", "WALK", _path(1))))[0]
    assert fresh.de == "Ron geht 1 Feld nach [1, 1]" and fresh.en == "Ron walks 1 field to [1, 1]"


@pytest.mark.rule("E-ARMOR-2", "E-INIT-2")
def test_the_initiative_roll_names_cumbersome_armours_nachteil() -> None:
    """E-ARMOR-2: Beschwerlich armour gives the initiative roll Nachteil, named as such."""
    battle = _walker("alpha_anzug")
    (line,) = [e for e in battle.log if e.kind == "initiative" and e.actor == "ron"]
    assert line.data["edge"] == -1
    assert line.de.endswith("(Beschwerlich: Nachteil)")
    assert line.en.endswith("(cumbersome: disadvantage)")
    (bare,) = [e for e in _walker().log if e.kind == "initiative" and e.actor == "ron"]
    assert bare.data["edge"] == 0 and not bare.de.endswith(")")


# -------------------------------------------------------------------- the duel
def _duel(dice: list[int], **ron: object) -> Battle:
    room = "\n".join(["." * 8] * 3)
    return make_battle(room, [hero("ron", (1, 1), **ron), foe("p1", (4, 1))], dice=dice)


@pytest.mark.rule("E-DUEL-3", "D-3", "E-COND-ABGELENKT")
def test_the_duels_reflexe_roll_is_a_check_with_the_creatures_conditions() -> None:
    """E-DUEL-3: both roll Reflexe, the higher fires first; D-3: that roll is the
    creature's check, so Abgelenkt's Nachteil counts and is named (German and English).

    Ron Abgelenkt keeps 3 of [10, 3]: 3 + 6 = 9 < pirate 10 + 4 = 14; the pirate fires
    first (2: a miss), then Ron (Abgelenkt: keeps 2, a miss).
    """
    battle = _duel([10, 3, 10, 2, 2, 2], conditions=(Condition.DISTRACTED,))
    events = battle.apply(Duel(None, "ron", "p1", "laserpistole", "laserpistole"))
    reflexes = [r for r in rolls(events) if r.data.get("rule") == "E-DUEL-3"]
    ron = next(r for r in reflexes if r.actor == "ron")
    assert ron.data["dice"] == [10, 3]
    assert ron.data["total"] == 3 + RON.attribute(Attribute.REFLEXES)
    assert ron.de.startswith("Ron: Reflexe (Duell) w20: 10, 3 (Nachteil) -> 9")
    assert ron.de.endswith("(Abgelenkt: Nachteil)")
    assert ron.en.endswith("(distracted: disadvantage)")
    assert next(e for e in events if e.kind == "duel_order").data["first"] == "p1"


@pytest.mark.rule("E-DUEL-3", "D-3", "E-ACT-VH-HELFEN")
def test_helfen_counts_on_the_duels_reflexe_roll() -> None:
    """D-3: Helfen's 1w6 goes to the helped creature's next check, the duel's Reflexe too.

    w6 4 first, then Ron 5 + 6 + 4 = 15 > pirate 10 + 4 = 14: Ron draws faster.
    """
    battle = _duel([4, 5, 10, 1, 1])
    battle.creature("ron").effects.append(
        Effect(HELP_BONUS, DurationKind.UNTIL_END_OF_OWN_NEXT_TURN, uses=1)
    )
    events = battle.apply(Duel(None, "ron", "p1", "laserpistole", "laserpistole"))
    ron = next(r for r in rolls(events) if r.actor == "ron" and r.data.get("rule") == "E-DUEL-3")
    assert ron.data["modifier"] == 4 and ron.data["total"] == 15
    assert "Helfen: WM +4" in ron.de
    assert next(e for e in events if e.kind == "duel_order").data["first"] == "ron"
    assert not any(e.name == HELP_BONUS for e in battle.creature("ron").effects)
