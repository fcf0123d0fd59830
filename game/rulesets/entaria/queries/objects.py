"""The screen's questions about objects: which fields hold one, and how damaged it is.

The map layer draws a KEP bar on every damaged object (``damaged_objects``); the attack
tools show the object under the mouse (``object_mark_at``: name, KEP left of the
table's KEP, PAK) and send ``object_attacks.AttackObject`` for a field that holds one.
Objects are doors, walls, panes and furniture (a terrain field the map gives a material:
low crates as "Niedriges Hindernis / Kisten (Dünne Holzwand)"). The rules stay in
``object_map`` and ``rules.objects``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.board.grid import BoolGrid, Cell
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.object_map import MapObject, object_at, object_fields


@dataclass(frozen=True)
class ObjectMark:
    """One object as the screen shows it (``kep`` of ``max_kep``; ``broken``: a door shot open)."""

    cell: Cell
    name_de: str
    name_en: str
    kep: int
    max_kep: int
    pak: int
    door: bool
    broken: bool
    rule: str  # the table row's ID (E-OBJ-...), for a details view

    @property
    def fraction(self) -> float:
        """Return the KEP left as a share of the full KEP, 0..1."""
        return max(0.0, min(1.0, self.kep / self.max_kep)) if self.max_kep else 0.0

    def name(self, language: str) -> str:
        return self.name_en if language == "en" else self.name_de


def _mark(battle: Battle, found: MapObject) -> ObjectMark:
    assert found.cell is not None
    de, en = found.names(battle)
    return ObjectMark(
        found.cell,
        de,
        en,
        found.kep,
        found.max_kep,
        found.pak,
        found.door,
        found.broken,
        found.material.rule_id,
    )


def object_mark_at(battle: Battle, cell: Cell) -> ObjectMark | None:
    """Return the object on ``cell`` as the screen shows it, None when it holds none."""
    found = object_at(battle, cell)
    return None if found is None else _mark(battle, found)


def damaged_objects(battle: Battle) -> list[ObjectMark]:
    """Return every object field that has lost KEP, row by row (the map's damage marks)."""
    return [_mark(battle, found) for found in object_fields(battle) if found.damaged]


def object_field_mask(battle: Battle) -> BoolGrid:
    """Return a mask [y, x] of the fields that hold an object (area fire may hit them, D-6)."""
    mask = np.zeros(battle.grid.shape, dtype=bool)
    for found in object_fields(battle):
        if found.cell is not None:
            mask[found.cell[1], found.cell[0]] = True
    return mask
