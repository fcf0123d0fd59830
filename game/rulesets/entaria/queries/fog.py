"""Fog of war: the fields a side's creatures see and the creatures it may be shown (D-9)."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.board.grid import Cell, footprint_cells
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.common import (
    BoolGrid,
    grid_shape,
    read_only,
    side_of,
    visible_from,
)
from game.rulesets.entaria.rules.condition_effects import perceives
from game.rulesets.entaria.rules.conditions import Faculty
from game.rulesets.entaria.rules.held_conditions import closure
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState

__all__ = ["FogCache", "FogView", "fog_of_war"]


@dataclass(frozen=True)
class FogView:
    """What one side sees: the fields (mask [y, x]) and the creatures it may be shown."""

    side: str
    visible: BoolGrid
    creatures: frozenset[str]


def _sees(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature can see: alive and not Blind or Bewusstlos."""
    held = closure(creature.conditions)
    return Condition.DEAD not in held and perceives(held, Faculty.SIGHT)


def _hidden_from_side(battle: Battle, creature: CreatureState, side: str) -> bool:
    """Return whether no creature of ``side`` has found ``creature``.

    Unentdeckt as the engine keeps it (``Battle.is_hidden_from_side``, per observer,
    E-COND-UNENTDECKT-4); Unsichtbar is never seen (E-COND-UNSICHTBAR-1).
    """
    if Condition.INVISIBLE in creature.conditions:
        return True
    # hidden_from is empty unless Unentdeckt: skip the side's member list then
    return bool(battle.hidden_from(creature)) and battle.is_hidden_from_side(creature, side)


class FogCache:
    """Remember each side's FogView until the grid, the positions or the state change.

    The screen asks every frame; a view is recomputed only when the grid's version,
    the record of commands, the log or any creature's field, conditions or hiding
    changed. Each observer's ``sight.visible_cells`` is memoised per field and grid
    version, so a move recomputes one creature's sight only.
    """

    def __init__(self) -> None:
        self._views: dict[str, tuple[Any, FogView]] = {}
        self._battle: weakref.ReferenceType[Battle] | None = None

    def view(self, battle: Battle, side_key: str) -> FogView:
        """Return the side's view, computing it only when something changed."""
        if self._battle is None or self._battle() is not battle:
            self._views.clear()
            self._battle = weakref.ref(battle)
        signature = (
            battle.grid.version,
            len(battle.record),
            len(battle.log),
            id(battle.state),
            tuple(
                (c.key, c.cell, c.conditions, c.hidden, frozenset(getattr(c, "hidden_from", ())))
                for c in battle.state.creatures.values()
            ),
            _marks_signature(battle, side_key),
        )
        entry = self._views.get(side_key)
        if entry is not None and entry[0] == signature:
            return entry[1]
        view = _fog(battle, side_key)
        self._views[side_key] = (signature, view)
        return view


def _marks_signature(battle: Battle, side_key: str) -> tuple[tuple[Cell, bool], ...]:
    """Return the GM's fog marks of ``side_key`` as a value the cache can compare.

    In the dict's own order: the same marks set in another order only cost one rebuild.
    """
    return tuple(battle.state.fog_marks.get(side_key, {}).items())


def _apply_marks(battle: Battle, side_key: str, visible: np.ndarray) -> None:
    """Lift or lay the fog where the game master marked fields for the side (GmFog)."""
    for (x, y), shown in battle.state.fog_marks.get(side_key, {}).items():
        if battle.grid.in_bounds((x, y)):
            visible[y, x] = shown


# One cache per battle, held no longer than the battle: two matches (or a clone) never
# evict or answer each other's views.
_FOG: weakref.WeakKeyDictionary[Battle, FogCache] = weakref.WeakKeyDictionary()


def _fog(battle: Battle, side_key: str) -> FogView:
    if side_key not in battle.sides:
        raise ValueError(f"unknown side {side_key!r}")
    grid = battle.grid
    shape = grid_shape(battle)
    visible = np.zeros(shape, dtype=bool)
    for creature in battle.state.creatures.values():
        if creature.side != side_key or not _sees(battle, creature):
            continue
        cells = footprint_cells(creature.cell, side_of(battle, creature))
        sight = visible_from(grid, cells[0])
        for cell in cells[1:]:
            if grid.in_bounds(cell):
                sight = sight | visible_from(grid, cell)
        visible |= sight
    _apply_marks(battle, side_key, visible)
    shown: set[str] = set()
    for creature in battle.state.creatures.values():
        if creature.side == side_key:
            shown.add(creature.key)
            continue
        cells = [
            c
            for c in footprint_cells(creature.cell, side_of(battle, creature))
            if grid.in_bounds(c)
        ]
        if not any(visible[y, x] for x, y in cells):
            continue
        if Condition.DEAD in creature.conditions or not _hidden_from_side(
            battle, creature, side_key
        ):
            shown.add(creature.key)
    return FogView(side_key, read_only(visible), frozenset(shown))


def fog_of_war(battle: Battle, side_key: str, cache: FogCache | None = None) -> FogView:
    """Return the fields a side's seeing creatures see and the creatures it may be shown.

    ``visible`` is the union of what the side's creatures that can see (not Blind,
    Bewusstlos or dead) see (``sight.visible_cells``, D-9). Its own creatures are always
    shown; another creature when one of its fields is visible and it is not hidden from
    the side: Unentdeckt toward every living member (``Battle.is_hidden_from_side``,
    E-COND-UNENTDECKT-4) or Unsichtbar. The dead are shown where the side sees. The game
    master's marks (``GmFog``) come last: a revealed field is seen, a hidden one is not,
    and so are the creatures on them (hiding still holds on a revealed field). Cached in
    ``cache`` (default: a FogCache of this battle's own, dropped with the battle).
    """
    if cache is None:
        cache = _FOG.get(battle)
        if cache is None:
            cache = _FOG[battle] = FogCache()
    return cache.view(battle, side_key)
