"""A fall on narrow footing reads German in the German log (E-TERRAIN-NARROW; issue 10
playtest found "Brückenwache: falls off - Folgen: Spielleitung" in gefahrenzone's log)."""

from __future__ import annotations

import pytest

from game.board.grid import Terrain
from game.rulesets.entaria.commands import Move
from tests.rulesets.entaria.helpers import foe, hero, make_battle

ROOM = "\n".join(["." * 10] * 4)


@pytest.mark.rule("E-TERRAIN-NARROW")
def test_e_terrain_narrow_a_failed_check_says_the_creature_falls_off_in_german() -> None:
    """ "Bei einem Misserfolg stürzt er ab": Geschick 7 + 2 = 9 < 15 on the narrow field."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=[2])
    battle.grid.terrain[0, 1] = int(Terrain.NARROW)
    events = battle.apply(Move("ron", "WALK", ((0, 0), (1, 0), (2, 0))))
    (question,) = [e for e in events if e.kind == "gm_question"]
    assert question.de == "Ron stürzt ab - Folgen: Spielleitung"
    assert question.en == "Ron: falls off - GM rules on the rest"
