"""The search among the reach fields, pulled out of ``_save_free_search`` (D-10, D-13)."""

from __future__ import annotations

import pytest

from game.rulesets.entaria.moving import movement_profile
from game.rulesets.entaria.queries.movement import _InsideSearch
from tests.rulesets.entaria.helpers import foe, hero
from tests.rulesets.entaria.test_edge_walls_policy import edged_battle


@pytest.mark.rule("D-13", "D-10")
def test_d13_the_inside_search_stays_in_its_reach_and_stops_at_an_edge_wall() -> None:
    """A row of 6: reach A holds (0..3, 0), reach B (2..5, 0); a wall between (3, 0) and
    (4, 0). From (1, 0), inside A only: (2, 0) and (3, 0) are reached, (4, 0) is behind
    the wall (and outside A), and (0, 0) costs one step back."""
    battle = edged_battle(
        6, 2, [((3, 0), (4, 0))], [hero("ron", (1, 0)), foe("p1", (5, 1))], first="ron"
    )
    profile = movement_profile(battle, battle.state.creatures["ron"])
    member = {(x, 0): 1 for x in range(4)}
    for x in range(2, 6):
        member[(x, 0)] = member.get((x, 0), 0) | 2
    search = _InsideSearch.around(battle.grid, (1, 0), 6, member, set(), profile)
    search.best[(1, 0)] = (0, 0.0)
    search.heap.append((0, 0.0, (1, 0)))
    search.run()
    assert set(search.best) == {(0, 0), (1, 0), (2, 0), (3, 0)}
    assert search.trail[(3, 0)] == (2, 0) and search.best[(0, 0)][0] >= 1
    # from (2, 0), inside both reaches, stepping to (1, 0) leaves reach B: refused (D-10)
    both = _InsideSearch.around(battle.grid, (2, 0), 6, member, set(), profile)
    both.step((2, 0), 0, 0.0, 3, -1, 0)
    both.step((2, 0), 0, 0.0, 3, 1, 0)
    assert set(both.best) == {(3, 0)}
    walled = _InsideSearch.around(battle.grid, (3, 0), 6, member, set(), profile)
    walled.step((3, 0), 0, 0.0, 2, 1, 0)  # inside B, into B, but across the wall (D-13)
    assert not walled.best
    battle.grid.clear_edge((3, 0), (4, 0))
    opened = _InsideSearch.around(battle.grid, (3, 0), 6, member, set(), profile)
    opened.step((3, 0), 0, 0.0, 2, 1, 0)
    assert set(opened.best) == {(4, 0)}
