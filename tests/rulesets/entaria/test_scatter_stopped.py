"""A scatter flight cut short says what stopped it (D-7, E-OPEN-27, D-13).

Playtest pt11: "Fehlwurf w20 [6] (vorn rechts), w6 [6] -> landet auf [4, 2]" read as if
the d6 had been ignored; the grenade had hit the room's wall. The rules' result carries
what stopped the flight (``Scatter.stopped``) and the log says it.
"""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.rulesets.entaria.rules.scatter import (
    DOOR,
    MAP_EDGE,
    WALL,
    Scatter,
    fly_until_stopped,
    scatter,
)
from game.rulesets.entaria.throwing import _scatter_event
from tests.rulesets.entaria.helpers import CATALOGUE, hero, make_battle

EAST = (1, 0)


def _open_grid() -> BattleGrid:
    return BattleGrid.from_ascii("\n".join(["........"] * 5))


@pytest.mark.rule("D-7", "D-13", "E-OPEN-27")
def test_d13_an_edge_wall_stops_the_flight_and_says_wall() -> None:
    grid = _open_grid()
    grid.add_edge_wall((4, 2), (5, 2))
    assert fly_until_stopped(grid, (2, 2), EAST, 5) == ((4, 2), WALL)


@pytest.mark.rule("D-7", "D-13", "E-OPEN-27")
def test_d13_a_closed_edge_door_stops_it_and_says_door_an_open_one_does_not() -> None:
    grid = _open_grid()
    grid.set_edge_door((4, 2), (5, 2))
    assert fly_until_stopped(grid, (2, 2), EAST, 5) == ((4, 2), DOOR)
    grid.set_edge_door((4, 2), (5, 2), open=True)
    assert fly_until_stopped(grid, (2, 2), EAST, 5) == ((7, 2), "")


@pytest.mark.rule("D-7", "D-10", "E-OPEN-27")
def test_fields_and_the_map_edge_stop_it_with_their_own_reason() -> None:
    grid = BattleGrid.from_ascii("........\n....#...\n....+...\n........")
    assert fly_until_stopped(grid, (1, 1), EAST, 5) == ((3, 1), WALL)
    assert fly_until_stopped(grid, (1, 2), EAST, 5) == ((3, 2), DOOR)
    assert fly_until_stopped(grid, (5, 3), EAST, 5) == ((7, 3), MAP_EDGE)
    assert fly_until_stopped(grid, (0, 3), EAST, 3) == ((3, 3), "")  # the full d6


@pytest.mark.rule("D-7", "D-13", "E-SCATTER-1")
def test_d13_scatter_carries_what_stopped_it() -> None:
    grid = _open_grid()
    grid.add_edge_wall((4, 2), (5, 2))
    # thrown east at (3, 2): d20 1 flies on in the flight direction, d6 5 fields
    stopped = scatter(grid, (0, 2), (3, 2), ScriptedRoller([1, 5]))
    assert (stopped.landing, stopped.stopped) == ((4, 2), WALL)
    free = scatter(_open_grid(), (0, 2), (3, 2), ScriptedRoller([1, 2]))
    assert (free.landing, free.stopped) == ((5, 2), "")


@pytest.mark.rule("D-7", "D-13")
def test_d13_the_log_says_the_throw_hit_a_wall_in_both_languages() -> None:
    battle = make_battle("........", [hero("ron", (0, 0), equipment=("handgranate",))])
    thrower = battle.state.creatures["ron"]
    grenade = CATALOGUE.weapons["handgranate"]
    event = _scatter_event(thrower, grenade, (4, 2), Scatter(6, 6, (1, -1), (4, 2), WALL))
    de, en = event.text("de"), event.text("en")
    assert de.endswith("w6: 6 -> prallt an einer Wand ab, landet auf [4, 2]")
    assert en.endswith("d6: 6 -> hits a wall, lands on [4, 2]")
    assert event.data["stopped"] == WALL
    door = _scatter_event(thrower, grenade, (4, 2), Scatter(6, 6, (1, -1), (4, 2), DOOR))
    assert "prallt an einer geschlossenen Tür ab, landet auf" in door.text("de")
    assert "hits a closed door, lands on" in door.text("en")


@pytest.mark.rule("D-7")
def test_a_full_flight_reads_as_before_and_keeps_its_data() -> None:
    battle = make_battle("........", [hero("ron", (0, 0), equipment=("handgranate",))])
    thrower = battle.state.creatures["ron"]
    grenade = CATALOGUE.weapons["handgranate"]
    event = _scatter_event(thrower, grenade, (2, 2), Scatter(1, 2, (1, 0), (4, 2)))
    assert event.text("de").endswith("w6: 2 -> landet auf [4, 2]")
    assert event.text("en").endswith("d6: 2 -> lands on [4, 2]")
    assert "stopped" not in event.data
