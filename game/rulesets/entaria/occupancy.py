"""Which fields the creatures hold for movement (D-10, E-OPEN-44).

Every creature holds its field, whatever its condition: the dead, the dying and the
unconscious block as the living do. Another side's fields cannot be entered; the own
side's (the dead of that side too) can be passed through but not ended on. Who may be
attacked, healed or seen is asked elsewhere (``Battle.enemies_of``, ``allies_of``).
"""

from __future__ import annotations

from game.board.grid import Cell
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.state import CreatureState


def blockers(battle: Battle, creature: CreatureState) -> tuple[list[Cell], list[Cell]]:
    """Return (foes, friends): the fields ``creature`` cannot enter and cannot end on.

    Foes: every creature of another side; friends: every other creature of its own side
    (D-10). Dead or alive (E-OPEN-44).
    """
    foes: list[Cell] = []
    friends: list[Cell] = []
    for other in battle.state.creatures.values():
        if other.key != creature.key:
            (friends if other.side == creature.side else foes).append(other.cell)
    return foes, friends


def occupied_cells(battle: Battle) -> list[Cell]:
    """Return the field of every creature, dead or alive: none is free to stand on (E-OPEN-44)."""
    return [c.cell for c in battle.state.creatures.values()]
