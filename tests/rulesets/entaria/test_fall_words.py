"""Terrain check failures read right to a game master (issue 10 playtest): a fall on
narrow footing in German ("Brückenwache: falls off - Folgen: Spielleitung" was in
gefahrenzone's log, E-TERRAIN-NARROW), the shards' LP line with its terrain and die."""

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


@pytest.mark.rule("E-TERRAIN-SHARDS")
def test_e_terrain_shards_the_lp_line_names_the_terrain_and_its_die() -> None:
    """ "…da sonst er einen SW:1 Stichschaden erhält": 1 + w6 [4] - 0 = 5 LP; the line
    names Glassplitter / Stacheldraht (also for barbed wire), not "Splitter" alone."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron", dice=[2, 4])
    battle.grid.terrain[0, 1] = int(Terrain.SHARDS)
    events = battle.apply(Move("ron", "WALK", ((0, 0), (1, 0), (2, 0))))
    (lost,) = [e for e in events if e.kind == "lp"]
    assert lost.de == (
        "Ron verliert 5 LP durch Glassplitter / Stacheldraht: SW 1 + w6 (4) - Panzerung 0 "
        "(18 -> 13)"
    )
    assert "from glass shards / barbed wire: damage 1 + d6 (4) - armour 0" in lost.en
