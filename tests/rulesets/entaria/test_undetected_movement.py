"""Unentdeckt ends when the round's movement is faster than Gehen (E-OPEN-39, issue 10).

"Das Wesen verliert generell diesen Zustand, wenn es Handlungen durchführt die auffällig
sind, wie ... sich schneller als die Handlung Gehen in einer Runde bewegen ..." Every
field the creature moves itself in its round counts (two Gehen, Gehen and Lösen), not
the straight line of one move; more than its BEW ends Unentdeckt toward everyone.

Map: Ron (BEW 6) hides behind a wall with a closed door (natural 15: 22 beats the Traa
guard's Geist 13 and the pirate's 11); the long row below is his to walk.
"""

from __future__ import annotations

import pytest

from game.match.events import Event
from game.rulesets.entaria.commands import EndTurn, Move, UseAction
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.moving import fields_moved_this_round
from game.rulesets.entaria.rules.terms import Condition
from tests.rulesets.entaria.helpers import foe, hero, make_battle

MAP = """
..............
..............
...#+#........
..............
..............
"""
BOTH = frozenset({"guard", "p"})


def next_turn_of_ron(battle: Battle) -> None:
    """End turns until Ron's next one."""
    for _ in range(10):
        battle.apply(EndTurn(battle.state.current_key))
        if battle.state.current_key == "ron":
            return
    raise AssertionError("Ron had no next turn")


def hidden_ron() -> Battle:
    """Ron hidden from both enemies (round 1), now at his round-2 turn, his whole budget."""
    battle = make_battle(
        MAP,
        [hero("ron", (4, 3)), foe("guard", (4, 0), type_="traa_gardist"), foe("p", (3, 0))],
        first="ron",
        dice=[15],
    )
    battle.apply(UseAction("ron", "HIDE"))
    next_turn_of_ron(battle)
    assert battle.state.round == 2 and battle.hidden_from("ron") == BOTH
    return battle


def row(x0: int, x1: int, y: int = 3) -> tuple[tuple[int, int], ...]:
    step = 1 if x1 >= x0 else -1
    return tuple((x, y) for x in range(x0, x1 + step, step))


def revealed(events: list[Event]) -> bool:
    return any(e.kind == "revealed" for e in events)


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39", "E-ACT-HH-GEHEN-1")
def test_one_gehen_within_bew_keeps_unentdeckt() -> None:
    """Four fields of Gehen (BEW 6): not faster than Gehen, Ron stays hidden from both."""
    battle = hidden_ron()
    events = battle.apply(Move("ron", "WALK", row(4, 8)))
    assert fields_moved_this_round(battle.state.creatures["ron"]) == 4
    assert not revealed(events) and battle.hidden_from("ron") == BOTH


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39", "E-ACT-2")
def test_two_gehen_in_one_round_beyond_bew_end_unentdeckt_toward_everyone() -> None:
    """4 + 3 = 7 fields in one round > BEW 6: faster than one Gehen, Unentdeckt ends
    toward the guard and the pirate alike, and the log says so."""
    battle = hidden_ron()
    battle.apply(Move("ron", "WALK", row(4, 8)))
    assert battle.hidden_from("ron") == BOTH
    events = battle.apply(Move("ron", "WALK", row(8, 11)))
    ron = battle.state.creatures["ron"]
    assert revealed(events) and Condition.UNDETECTED not in ron.conditions
    assert battle.hidden_from(ron) == frozenset()
    assert not battle.is_hidden_from(ron, "guard") and not battle.is_hidden_from(ron, "p")


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39", "E-ACT-HH-LOESEN")
def test_gehen_and_loesen_count_together() -> None:
    """Six fields of Gehen keep Ron hidden (6 is not more than BEW 6); the one field of
    Lösen after it makes 7 and ends Unentdeckt."""
    battle = hidden_ron()
    battle.apply(Move("ron", "WALK", row(4, 10)))
    assert battle.hidden_from("ron") == BOTH
    events = battle.apply(Move("ron", "DISENGAGE", row(10, 11)))
    assert revealed(events) and battle.hidden_from("ron") == frozenset()


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39")
def test_the_fields_walked_count_not_the_straight_line() -> None:
    """A winding Gehen of 6 fields ends 2 fields from its start; one more field makes 7
    fields in the round (the straight lines, 2 and 1, would have kept him hidden)."""
    battle = hidden_ron()
    winding = ((4, 3), (5, 3), (6, 3), (7, 4), (6, 4), (5, 4), (6, 3))
    battle.apply(Move("ron", "WALK", winding))
    ron = battle.state.creatures["ron"]
    assert ron.cell == (6, 3) and fields_moved_this_round(ron) == 6
    assert battle.hidden_from("ron") == BOTH
    events = battle.apply(Move("ron", "WALK", ((6, 3), (7, 3))))
    assert revealed(events) and battle.hidden_from("ron") == frozenset()


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39", "E-ROUND-5")
def test_the_count_starts_anew_with_the_creatures_next_turn() -> None:
    """Four fields this round and four the next: never more than BEW in one round."""
    battle = hidden_ron()
    battle.apply(Move("ron", "WALK", row(4, 8)))
    next_turn_of_ron(battle)
    assert battle.state.round == 3 and battle.state.current_key == "ron"
    assert fields_moved_this_round(battle.state.creatures["ron"]) == 0
    events = battle.apply(Move("ron", "WALK", row(8, 12)))
    assert not revealed(events) and battle.hidden_from("ron") == BOTH
