"""What a match starts from: the grid, the sides and the creatures placed on it.

The mission layer builds a BattleSetup from a mission file; tests build one by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.board.grid import BattleGrid, Cell
from game.match.sides import SideSetup
from game.rulesets.entaria.rules.terms import Condition


@dataclass(frozen=True)
class CreatureSetup:
    """One creature at the start: a catalogue type plus this match's overrides.

    ``held``: what is in its hands when the fight begins, keys out of its equipment (the
    type's when ``equipment`` is None); nothing is drawn by default, the rest is carried
    (drawing it is Interagieren, one HH, E-ACT-HH-INTERAGIEREN).
    """

    key: str
    type: str
    side: str
    cell: Cell
    name: str = ""
    facing: str = "S"
    life_points: int | None = None
    equipment: tuple[str, ...] | None = None
    held: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()
    companion_of: str | None = None
    companion_before: bool = False
    hidden: bool = False
    image: str = ""  # the mission's picture for its token, relative to the mission's folder
    #: its own attributes and Rettungswerte, (name, value), in place of its type's
    #: (``value_overrides``: the names, their bounds, ``Battle.creature_type``)
    values: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Environment:
    """Where the fight takes place, as far as the rules care (sections 25, 26)."""

    weightless: bool = False  # Null-G (E-ZEROG-*)
    underwater: bool = False  # Kampf unter Wasser (E-UNDERWATER-*)


@dataclass(frozen=True)
class BattleSetup:
    """Everything a match needs besides the catalogue and the seed."""

    title: str
    grid: BattleGrid
    sides: tuple[SideSetup, ...]
    creatures: tuple[CreatureSetup, ...]
    environment: Environment = field(default_factory=Environment)
    #: The material of each field the map names one for (a door, wall or pane; keys of
    #: ``rules.objects.MATERIALS``): those fields are objects that can be attacked (E-OBJ-*).
    materials: Mapping[Cell, str] = field(default_factory=dict)
