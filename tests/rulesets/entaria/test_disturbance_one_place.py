"""Störung des Fernkampfs asked in one place: the screen's mark and the roll agree (E-OPEN-1)."""

from __future__ import annotations

import pytest

from game.board.grid import Cell
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.queries.targets import target_marks
from game.rulesets.entaria.rules.reach import MeleeThreat, ranged_disturbance_modifiers
from game.rulesets.entaria.rules.terms import Condition
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OPEN = """
............
............
............
............
"""


@pytest.mark.rule("E-DISTURB-1", "E-OPEN-1", "E-OPEN-17")
@pytest.mark.parametrize(
    ("conditions", "neighbour", "edge"),
    [((), True, -1), ((Condition.DISTRACTED,), True, -1), ((), False, 0)],
)
def test_the_target_mark_shows_the_edge_the_shot_rolls(
    conditions: tuple[Condition, ...], neighbour: bool, edge: int
) -> None:
    """E-OPEN-1: an Abgelenkt shooter next to an enemy has one Nachteil, mark and roll alike.

    "Befindet sich ein oder mehrere Gegner, in Nahkampfreichweite um den Charakter und der
    Charakter möchte einen Fernkampf durchführen, erhält er den Zustand Abgelenkt."
    """
    p1: Cell = (0, 2) if neighbour else (11, 3)
    creatures = [hero("ron", (0, 1), conditions=conditions), foe("p2", (4, 1)), foe("p1", p1)]
    battle = make_battle(OPEN, creatures, first="ron", dice=[2, 2])
    mark = target_marks(battle, "ron", "laserpistole")["p2"]
    roll = next(e for e in battle.apply(Attack("ron", "p2", "laserpistole")) if e.kind == "roll")
    assert mark.edge == roll.data["edge"] == edge


@pytest.mark.rule("E-DISTURB-1", "E-OPEN-1")
def test_stoerung_adds_no_second_nachteil_to_a_held_abgelenkt() -> None:
    """E-OPEN-1: the rule's one answer, held Abgelenkt or not, enemy in reach or not."""
    enemy = [MeleeThreat((1, 0))]
    assert ranged_disturbance_modifiers((0, 0), enemy).edge == -1
    assert ranged_disturbance_modifiers((0, 0), enemy, held=(Condition.DISTRACTED,)).edge == 0
    assert ranged_disturbance_modifiers((0, 0), [MeleeThreat((5, 0))]).edge == 0
