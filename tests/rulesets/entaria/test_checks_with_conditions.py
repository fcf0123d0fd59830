"""Every check a creature makes is the one check roll, with its conditions (D-3, issue 10).

"Abgelenkt: Der Charakter wird von etwas abgelenkt, so dass er Nachteil auf seine
Erfolgswürfe erhält." A save is a check (entaria.md section 0): the Geschick save for
leaving melee reach, terrain checks, the saves against a Schadensarteffekt, Konzentriert
and Betäuben's Bewusstlos, the area-fire Reflexe save, Verbergen and the search for the
hidden all go through ``Battle.check``. Each test scripts the dice so that the kept die of
the condition's roll changes the outcome; a healthy control rolls the same first die.

Ron: Geschick 7, Reflexe 6, BEW 6, a player character. The pirate: Konstitution 4,
Intelligenz 3. The drug dealer: Reflexe 3, LP 11, no armour.
"""

from __future__ import annotations

import pytest

from game.board.grid import Terrain
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.combat import apply_saf
from game.rulesets.entaria.commands import EndTurn, GmMoveToken, Move, UseAction
from game.rulesets.entaria.engine import HELP_BONUS, Battle
from game.rulesets.entaria.hiding import Search
from game.rulesets.entaria.rules.damage import Affinity, DamageType
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import Effect
from game.rulesets.entaria.unarmed_combat import KNOCK_OUT_SOURCE, knock_out_save
from tests.rulesets.entaria.helpers import foe, hero, make_battle

ROOM = """
..........
..........
..........
..........
"""

#: Each condition the issue names, held as (condition, count), and the first die that
#: passes a ZW-15 Geschick save for Ron (7) healthy but fails with it: for a Nachteil
#: the second, lower die (3: 10) is kept; for a WM the first die alone (8: 15 - 1).
CONDITIONS = [
    pytest.param({Condition.DISTRACTED: 1}, [12, 3], -1, id="Abgelenkt-Nachteil"),
    pytest.param({Condition.WOUNDED: 1}, [12, 3], -1, id="Verletzt-Nachteil-body"),
    pytest.param({Condition.IN_PAIN: 1}, [12, 3], -1, id="Schmerzerfuellt-Nachteil"),
    pytest.param({Condition.IRRITATED: 1}, [8], 0, id="Irritiert-WM-1"),
    pytest.param({Condition.EXHAUSTED: 1}, [8], 0, id="Erschoepft-WM-1"),
]


def rolls(events: list[Event], rule: str | None = None) -> list[Event]:
    return [e for e in events if e.kind == "roll" and (rule is None or e.data.get("rule") == rule)]


def hold(battle: Battle, key: str, held: dict[Condition, int]) -> None:
    """Give ``key`` these conditions now (after its turn started: no LP lost for them)."""
    creature = battle.state.creatures[key]
    creature.conditions = ConditionSet({**creature.conditions, **held})


def reach_battle(dice: list[int]) -> Battle:
    """Ron next to a pirate, his turn: a step away leaves the pirate's melee reach."""
    return make_battle(ROOM, [hero("ron", (1, 1)), foe("p1", (2, 1))], first="ron", dice=dice)


# ------------------------------------------------------------------ leaving melee reach
@pytest.mark.rule("D-3", "D-10", "E-ACT-HH-GEHEN-2", "E-ACT-HH-GEHEN-3")
def test_a_healthy_ron_passes_the_leaving_reach_save_with_the_same_first_die() -> None:
    """Control: 12 + 7 = 19 and 8 + 7 = 15 pass ZW 15; Ron steps away."""
    for die in (12, 8):
        battle = reach_battle([die])
        events = battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
        (save,) = rolls(events, "D-10")
        assert save.data["dice"] == [die] and save.data["success"] is True
        assert battle.state.creatures["ron"].cell == (0, 1)


@pytest.mark.rule("D-3", "D-10", "E-COND-ABGELENKT", "E-COND-VERLETZT-2", "E-OPEN-37")
@pytest.mark.parametrize(("held", "dice", "edge"), CONDITIONS)
def test_the_leaving_reach_save_rolls_with_the_movers_conditions(
    held: dict[Condition, int], dice: list[int], edge: int
) -> None:
    """D-10: "muss er einen Rettungswurf Geschick gegen ZW:15 würfeln" - as his check, so
    his Nachteil or WM turns the pass into a failure: Liegend on the start field."""
    battle = reach_battle(dice)
    hold(battle, "ron", held)
    events = battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
    (save,) = rolls(events, "D-10")
    assert save.data["dice"] == dice and save.data["edge"] == edge
    assert save.data["success"] is False and save.data["reasons"]
    ron = battle.state.creatures["ron"]
    assert ron.cell == (1, 1) and Condition.PRONE in ron.conditions
    condition = next(iter(held))
    german = {Condition.EXHAUSTED: "Erschöpft", Condition.IN_PAIN: "Schmerzerfüllt"}
    assert german.get(condition, condition.value) in save.de  # the log says why


@pytest.mark.rule("D-3", "D-10", "E-ACT-VH-HELFEN", "E-OPEN-22")
def test_helfen_adds_its_w6_to_the_leaving_reach_save() -> None:
    """Helfen's 1w6 is rolled with the helped creature's next check, this save too:
    5 + 7 = 12 fails, with the w6 3 it makes 15."""
    battle = reach_battle([3, 5])
    ron = battle.state.creatures["ron"]
    ron.effects.append(Effect(HELP_BONUS, DurationKind.UNTIL_END_OF_OWN_NEXT_TURN, uses=1))
    events = battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
    (save,) = rolls(events, "D-10")
    assert save.data["modifier"] == 3 and save.data["total"] == 15 and save.data["success"]
    assert ron.cell == (0, 1) and not any(e.name == HELP_BONUS for e in ron.effects)


@pytest.mark.rule("D-3", "E-IMP-3", "E-OPEN-3", "D-10")
def test_a_player_characters_natural_20_on_the_leaving_reach_save_adds_one_impuls() -> None:
    """D-3: "Each crit rolled for a player character adds one Impuls to the group pool"."""
    battle = reach_battle([20])
    pool = battle.state.impulse_pool
    events = battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
    assert rolls(events, "D-10")[0].data["impulse"] == 1
    assert battle.state.impulse_pool == pool + 1


@pytest.mark.rule("D-3", "E-IMP-3", "E-OPEN-3", "D-10")
def test_an_enemys_natural_20_on_the_leaving_reach_save_adds_no_impuls() -> None:
    """The pirate leaves Ron's reach with a natural 20: a crit, but no Impuls."""
    battle = make_battle(ROOM, [hero("ron", (1, 1)), foe("p1", (2, 1))], first="p1", dice=[20])
    pool = battle.state.impulse_pool
    events = battle.apply(Move("p1", "WALK", ((2, 1), (3, 1))))
    (save,) = rolls(events, "D-10")
    assert save.data["crit"] == "success" and save.data["impulse"] == 0
    assert battle.state.impulse_pool == pool


# ------------------------------------------------------------------ terrain checks
def mud_battle(dice: list[int]) -> Battle:
    """Ron on the left, mud (Matsch: Geschick vs ZW 15) on (1, 0), no enemy near."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=dice)
    battle.grid.terrain[0, 1] = int(Terrain.MUD)
    return battle


@pytest.mark.rule("D-3", "E-TERRAIN-MUD", "E-TERRAIN-ROLL-1", "E-COND-ABGELENKT")
def test_the_terrain_check_rolls_with_the_movers_conditions() -> None:
    """Healthy: 16 + 7 = 23 passes and Ron crosses the mud. Abgelenkt: the kept 4 makes
    11, he falls Liegend on the mud and his move ends there."""
    healthy = mud_battle([16])
    events = healthy.apply(Move("ron", "WALK", ((0, 0), (1, 0), (2, 0))))
    assert rolls(events, "E-TERRAIN-MUD")[0].data["success"] is True
    assert healthy.state.creatures["ron"].cell == (2, 0)

    battle = mud_battle([16, 4])
    hold(battle, "ron", {Condition.DISTRACTED: 1})
    events = battle.apply(Move("ron", "WALK", ((0, 0), (1, 0), (2, 0))))
    (check,) = rolls(events, "E-TERRAIN-MUD")
    assert check.data["dice"] == [16, 4] and check.data["edge"] == -1
    assert check.data["success"] is False and "Abgelenkt" in check.de
    ron = battle.state.creatures["ron"]
    assert ron.cell == (1, 0) and Condition.PRONE in ron.conditions


@pytest.mark.rule("D-3", "E-IMP-3", "E-TERRAIN-MUD")
def test_a_natural_20_on_a_terrain_check_adds_one_impuls() -> None:
    battle = mud_battle([20])
    pool = battle.state.impulse_pool
    battle.apply(Move("ron", "WALK", ((0, 0), (1, 0), (2, 0))))
    assert battle.state.impulse_pool == pool + 1


# ------------------------------------------------------------------ SAF save, end of turn
@pytest.mark.rule("D-3", "E-OPEN-32", "E-CRIT-HIT-3", "E-COND-SCHMERZERFUELLT")
def test_the_saf_save_at_the_end_of_the_turn_rolls_with_the_conditions() -> None:
    """Blutend from a critical Stich: Reflexe vs ZW 15 at the end of Ron's turn. Healthy,
    13 + 6 = 19 ends it; Schmerzerfüllt keeps the 5 (11) and Ron still bleeds."""
    outcomes = {}
    for pained, dice in ((False, [13]), (True, [13, 5])):
        battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=dice)
        ron = battle.state.creatures["ron"]
        apply_saf(battle, ron, DamageType.PIERCING, 3, Affinity.NORMAL)
        if pained:
            hold(battle, "ron", {Condition.IN_PAIN: 1})
        events = battle.apply(EndTurn("ron"))
        (save,) = [e for e in rolls(events) if e.actor == "ron"]
        assert save.data["dice"] == dice and save.data["edge"] == (-1 if pained else 0)
        outcomes[pained] = Condition.BLEEDING in ron.conditions
    assert outcomes == {False: False, True: True}


# ------------------------------------------------------------------ area fire
OPEN = """
............
............
............
............
............
............
"""


def shotgun_battle(dice: list[int], *targets: tuple[str, tuple[int, int]]) -> Battle:
    """Likron with a shotgun (BEM 1,1); the targets stand in front of him."""
    creatures = [hero("likron", (0, 3), type_="likron", equipment=("schrotgewehr",))]
    for key, cell in targets:
        if key == "ron":
            creatures.append(hero("ron", cell, equipment=()))
        else:
            creatures.append(foe(key, cell, type_="akuanischer_drogendealer"))
    return make_battle(OPEN, creatures, first="likron", dice=dice)


@pytest.mark.rule("D-3", "D-6", "E-AREAFIRE-9", "E-COND-ABGELENKT")
def test_the_area_fire_save_rolls_with_the_conditions() -> None:
    """Check 9 hits, w6 2: the field (3, 3) holds 3. The dealer (Reflexe 3) saves with 12:
    healthy 15 passes (half: 1 LP); Abgelenkt keeps the 4 (7), fails and takes all 3."""
    lost = {}
    for distracted, dice in ((False, [9, 2, 12]), (True, [9, 2, 12, 4])):
        battle = shotgun_battle(dice, ("d1", (3, 3)))
        if distracted:
            hold(battle, "d1", {Condition.DISTRACTED: 1})
        before = battle.state.creatures["d1"].lp
        events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3),)))
        (save,) = rolls(events, "E-AREAFIRE-9")
        assert save.data["dice"] == dice[2:] and save.data["edge"] == (-1 if distracted else 0)
        assert save.data["attribute"] == "REFLEXES"
        lost[distracted] = before - battle.state.creatures["d1"].lp
    assert lost == {False: 1, True: 3}


@pytest.mark.rule("D-3", "D-6", "E-AREAFIRE-9", "E-IMP-3", "E-OPEN-3")
def test_a_natural_20_on_the_area_fire_save_adds_impuls_for_a_character_only() -> None:
    """Ron (an ally in the fire) and the dealer both save with a natural 20: one Impuls."""
    battle = shotgun_battle([9, 2, 20, 20], ("ron", (3, 3)), ("d1", (3, 4)))
    pool = battle.state.impulse_pool
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3), (3, 4))))
    saves = {e.actor: e.data["impulse"] for e in rolls(events, "E-AREAFIRE-9")}
    assert saves == {"ron": 1, "d1": 0}
    assert battle.state.impulse_pool == pool + 1


# ------------------------------------------------------------------ hiding and searching
HIDE_MAP = """
.........
.........
...#+#...
.........
"""


def hide_scene(dice: list[int]) -> Battle:
    """Ron behind the wall; the Traa guard (Geist 13) and the pirate (Geist 11) north."""
    return make_battle(
        HIDE_MAP,
        [hero("ron", (4, 3)), foe("guard", (4, 0), type_="traa_gardist"), foe("p", (3, 0))],
        first="ron",
        dice=dice,
    )


@pytest.mark.rule("D-3", "E-ACT-VH-VERBERGEN-2", "E-OPEN-50", "E-COND-ABGELENKT")
def test_the_hiding_check_rolls_with_the_conditions() -> None:
    """Verbergen: Geschick against each observer's Geist. Healthy 15 + 7 = 22 beats both;
    Abgelenkt keeps the 2 (9) and beats neither."""
    healthy = hide_scene([15])
    healthy.apply(UseAction("ron", "HIDE"))
    assert healthy.hidden_from("ron") == {"guard", "p"}

    battle = hide_scene([15, 2])
    hold(battle, "ron", {Condition.DISTRACTED: 1})
    events = battle.apply(UseAction("ron", "HIDE"))
    (check,) = rolls(events, "E-ACT-VH-VERBERGEN-2")
    assert check.data["dice"] == [15, 2] and check.data["edge"] == -1
    assert battle.hidden_from("ron") == frozenset()
    assert Condition.UNDETECTED not in battle.state.creatures["ron"].conditions


def _to_turn(battle: Battle, key: str) -> None:
    for _ in range(10):
        if battle.state.current_key == key:
            return
        battle.apply(EndTurn(battle.state.current_key))
    raise AssertionError(f"{key} had no turn")


@pytest.mark.rule("D-3", "E-COND-UNENTDECKT-3", "E-OPEN-39", "E-COND-ABGELENKT")
def test_the_search_check_rolls_with_the_conditions() -> None:
    """The pirate, moved into sight of the hidden Ron, searches: Intelligenz 3 vs ZW 15 (the
    search finds what is in sight). Healthy, 16 makes
    19 and finds him; Abgelenkt keeps the 5 (8) and Ron stays hidden from him."""
    found = {}
    for distracted, dice in ((False, [15, 16]), (True, [15, 16, 5])):
        battle = hide_scene(dice)
        battle.apply(UseAction("ron", "HIDE"))
        battle.apply(GmMoveToken(None, "p", (8, 3)))  # Ron in his sight, hidden
        _to_turn(battle, "p")
        if distracted:
            hold(battle, "p", {Condition.DISTRACTED: 1})
        events = battle.apply(Search("p"))
        (check,) = rolls(events, "E-COND-UNENTDECKT-3")
        assert check.data["dice"] == dice[1:] and check.data["edge"] == (-1 if distracted else 0)
        found[distracted] = not battle.is_hidden_from("ron", "p")
    assert found == {False: True, True: False}


# ------------------------------------------------------------------ Konzentriert, Betäuben
@pytest.mark.rule("D-3", "E-COND-KONZENTRIERT-4", "E-COND-ABGELENKT")
def test_the_concentration_save_on_losing_lp_is_a_logged_check_with_the_conditions() -> None:
    """Konzentriert: Reflexe vs ZW 10 when LP are lost. Healthy, 5 + 6 = 11 keeps it;
    Abgelenkt keeps the 2 (8) and ends it. The save is a roll in the log."""
    kept = {}
    for distracted, dice in ((False, [5]), (True, [5, 2])):
        battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=dice)
        hold(battle, "ron", {Condition.CONCENTRATING: 1})
        if distracted:
            hold(battle, "ron", {Condition.DISTRACTED: 1})
        ron = battle.state.creatures["ron"]
        events = battle.lose_life_points(ron, 1)
        (save,) = rolls(events, "E-COND-KONZENTRIERT-4")
        assert save.data["dice"] == dice and save.data["target"] == 10
        kept[distracted] = Condition.CONCENTRATING in ron.conditions
    assert kept == {False: True, True: False}


def _knocked_out(dice: list[int]) -> Battle:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=dice)
    pirate = battle.state.creatures["p1"]
    effect = Effect(
        Condition.UNCONSCIOUS.name,
        DurationKind.DICE_ROUNDS,
        source=KNOCK_OUT_SOURCE,
        until_round=battle.state.round + 4,
    )
    battle.add_condition(pirate, Condition.UNCONSCIOUS, effect=effect)
    return battle


@pytest.mark.rule("D-3", "E-ACT-HH-WAFFENLOS-BETAEUBEN-3", "E-COND-BEWUSSTLOS-1")
def test_the_knock_out_save_counts_every_condition_but_the_bewusstlos_it_shakes_off() -> None:
    """ "Als Volle Handlung kann das Ziel jede Runde einen Rettungswurf Konstitution gegen
    ZW:15 würfeln": Bewusstlos and what it implies (Liegend, Wehrlos) give no Nachteil,
    one die, 11 + 4 = 15 wakes him; Abgelenkt as well gives Nachteil, the 3 (7) fails."""
    battle = _knocked_out([11])
    pirate = battle.state.creatures["p1"]
    (save,) = rolls(knock_out_save(battle, pirate))
    assert save.data["dice"] == [11] and save.data["edge"] == 0 and save.data["success"]
    assert Condition.UNCONSCIOUS not in pirate.conditions

    battle = _knocked_out([11, 3])
    pirate = battle.state.creatures["p1"]
    hold(battle, "p1", {Condition.DISTRACTED: 1})
    (save,) = rolls(knock_out_save(battle, pirate))
    assert save.data["dice"] == [11, 3] and save.data["edge"] == -1
    assert save.data["success"] is False and Condition.UNCONSCIOUS in pirate.conditions
