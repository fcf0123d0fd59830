"""Nahkampf is offered for an object worth a blow in reach, not for an open door (E-OBJ-1).

Given Ron alone next to a door and no enemy in reach; expected: a closed door lights up
Nahkampf (he may batter it, E-ACT-HH-NAHKAMPF with E-OBJ-2), the same door standing open
does not (nobody batters an open door to get through it).
"""

from __future__ import annotations

import pytest

from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.rules.actions import Action
from tests.rulesets.entaria.helpers import foe, hero
from tests.rulesets.entaria.test_object_attacks import object_battle

ROOM = """
.....#.......
....+#.......
.....#.......
"""


def melee_allowed(battle: object) -> bool:
    legal = {entry.action: entry for entry in battle.legal_actions()}  # type: ignore[attr-defined]
    return bool(legal[Action.MELEE_ATTACK].allowed)


@pytest.mark.rule("E-OBJ-1", "E-OBJ-2", "E-ACT-HH-NAHKAMPF")
def test_a_closed_door_in_reach_offers_nahkampf_an_open_one_does_not() -> None:
    battle = object_battle(ROOM, [hero("ron", (3, 1)), foe("pirat", (11, 1))], dice=[])
    assert melee_allowed(battle)
    battle.apply(Interact(actor="ron", what="open_door", cell=(4, 1)))
    assert battle.grid.is_door_open((4, 1))
    assert not melee_allowed(battle)
