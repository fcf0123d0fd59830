"""The damage objects have taken in a match: one record per damaged object (E-OBJ-1..5).

The one place that keeps an object's KEP. ``BattleState.objects`` holds an
``ObjectDamage`` for every object that has lost KEP (an undamaged object has no record:
its values are the table's, ``rules.objects.MATERIALS``). Two kinds of object:

- a map field (``cell``): a door, a wall, a glass pane or furniture (a terrain field:
  low crates, tables) whose material the map names (a legend entry's ``material``;
  ``BattleSetup.materials``). A door without a material is a thin duraplast wall (a
  sample value); a wall or terrain without a material is no object (it cannot be
  attacked: the book gives no values for it).
- a weapon a creature holds (``holder``, ``item``): PAK and KEP of its WG
  (E-OBJ-WAFFE-WG0..7). The state keeps item keys, not items: the record follows the
  weapon only while its holder keeps it; a weapon that changes hands is another item's
  (an undamaged one) to whoever takes it.

The records are plain data: saved with the state, copied with every snapshot (undo,
replay and the Impuls reroll rebuild them like the rest of the state). What a
destroyed field becomes on the map is ``remains_field``: rubble or glass shards, for a
wall, a pane and furniture alike (the decision is in ``object_map``'s docstring).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from game.board.grid import BattleGrid, Cell, FieldKind, Terrain
from game.rulesets.entaria.rules.objects import (
    MATERIALS,
    RUBBLE,
    ObjectMaterial,
    ObjectState,
    is_destroyed,
    remains_of,
)

__all__ = [
    "ObjectDamage",
    "map_materials",
    "objects_from_dicts",
    "objects_to_dicts",
    "remains_field",
    "sync_object_fields",
]

#: What a destroyed field becomes when the catalogue lacks the terrain kind.
_FALLBACK_REMAINS = {
    RUBBLE: FieldKind(difficult=True, terrain=Terrain.RUBBLE),
}


@dataclass
class ObjectDamage:
    """One damaged object: a map field (``cell``) or a held weapon (``holder``, ``item``).

    ``kep``: the KEP left (0 or less: destroyed, E-OBJ-4); ``material``: a key of
    ``rules.objects.MATERIALS``; ``broken``: a door broken open at a third of its KEP
    (E-OBJ-5), which no longer closes.
    """

    material: str
    kep: int
    cell: Cell | None = None
    holder: str | None = None
    item: str | None = None
    broken: bool = False

    @property
    def destroyed(self) -> bool:
        """Return whether the object is destroyed (``rules.objects.is_destroyed``, E-OBJ-4)."""
        return is_destroyed(ObjectState(MATERIALS[self.material], self.kep))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"material": self.material, "kep": self.kep}
        if self.cell is not None:
            data["cell"] = [self.cell[0], self.cell[1]]
        if self.holder is not None:
            data["holder"] = self.holder
            data["item"] = self.item
        if self.broken:
            data["broken"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ObjectDamage:
        cell = data.get("cell")
        return cls(
            material=str(data["material"]),
            kep=int(data["kep"]),
            cell=None if cell is None else (int(cell[0]), int(cell[1])),
            holder=None if data.get("holder") is None else str(data["holder"]),
            item=None if data.get("item") is None else str(data["item"]),
            broken=bool(data.get("broken", False)),
        )


def objects_to_dicts(objects: list[ObjectDamage]) -> list[dict[str, Any]]:
    """Return the records as a save stores them, in a fixed order (fields, then weapons)."""
    return [o.to_dict() for o in sorted(objects, key=_order)]


def objects_from_dicts(data: list[dict[str, Any]]) -> list[ObjectDamage]:
    """Return the records of a saved state."""
    return [ObjectDamage.from_dict(d) for d in data]


def _order(record: ObjectDamage) -> tuple[int, int, int, str, str]:
    if record.cell is not None:
        return (0, record.cell[1], record.cell[0], "", "")
    return (1, 0, 0, record.holder or "", record.item or "")


def map_materials(rows: Iterable[str], legend: Mapping[str, str | None]) -> dict[Cell, str]:
    """Return the material of every field whose legend character names one.

    ``legend``: each map character's material key (None: it names none).
    """
    named = {char: material for char, material in legend.items() if material}
    found: dict[Cell, str] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            material = named.get(char)
            if material is not None:
                found[(x, y)] = material
    return found


class _TerrainKind(Protocol):
    def field_kind(self) -> FieldKind: ...


def remains_field(terrain: Mapping[str, _TerrainKind], material: ObjectMaterial) -> FieldKind:
    """Return what the field of a destroyed ``material`` becomes (``rules.objects.remains_of``).

    ``terrain``: the catalogue's terrain kinds (rubble, glass shards).
    """
    key = remains_of(material)
    kind = terrain.get(key)
    if kind is not None:
        return kind.field_kind()
    return _FALLBACK_REMAINS.get(key, FieldKind(terrain=Terrain.SHARDS))


def sync_object_fields(
    grid: BattleGrid,
    start: BattleGrid,
    materials: Mapping[Cell, str],
    objects: Iterable[ObjectDamage],
    terrain: Mapping[str, _TerrainKind],
) -> None:
    """Set every wall, pane and furniture field of ``grid`` as ``objects`` say.

    A destroyed one to its remains, the others as ``start`` (furniture with its terrain
    and cover). ``start``: the map as the match began; ``materials``: its object
    fields. Doors are the state's ``open_doors`` (the caller sets them). For a copy of a
    match put back to an earlier state (an Impuls reroll's shadow).
    """
    destroyed = {o.cell: o.material for o in objects if o.cell is not None and o.destroyed}
    for cell in materials:
        if not start.in_bounds(cell) or start.is_door(cell):
            continue
        if cell in destroyed:
            grid.set_field(cell, remains_field(terrain, MATERIALS[destroyed[cell]]))
        else:
            grid.set_field(cell, start.field_kind(cell))
