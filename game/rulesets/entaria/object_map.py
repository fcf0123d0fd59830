"""Objects on the map and in hands: what they are, the damage they take, what it changes.

Every attack on an object ends in ``strike_object``: the KEP go down in the one record
of ``object_state`` (E-OBJ-2), a door at a third of its KEP breaks open for good
(E-OBJ-5), an object at 0 KEP is destroyed (E-OBJ-4). A destroyed wall field or pane
changes the grid every creature plays on (``rules.objects.remains_of``: rubble or
glass shards); a destroyed weapon leaves its holder's hand and its magazine.

Furniture is a field whose legend names a terrain and a material (low crates, tables,
barricades: ``"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }``). It
plays as its terrain (cover, difficult ground) and is an object of the material, its
PAK and KEP per field (E-OBJ-1, E-OBJ-6). Decision (issue 10, the book is silent): a
destroyed piece of furniture leaves what a destroyed wall of its material leaves,
debris -- Geröll / Müll (rubble: difficult ground, no cover, no check), or glass
shards for a glass material: the cover is gone for whoever stood behind it, the
ground stays as slow to cross as the crates were.

The grid follows the state: a match rebuilds it by replaying its commands (undo, a
loaded save), and an Impuls reroll's shadow copy calls ``object_state.sync_object_fields``
to set every object field as the state says.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.object_state import ObjectDamage, remains_field
from game.rulesets.entaria.rules.damage import Damage
from game.rulesets.entaria.rules.objects import (
    MATERIALS,
    ObjectMaterial,
    ObjectState,
    door_broken_open,
    is_destroyed,
    remains_of,
    take_kep,
    weapon_object,
)
from game.rulesets.entaria.state import CreatureState

#: A door whose material nobody named (sample value: PAK 5, KEP 10).
DEFAULT_DOOR_MATERIAL = "thin_duraplast_wall"


@dataclass(frozen=True)
class AreaDamage:
    """Damage without a die of its own: an area fire field's value less PAK (D-6)."""

    raw: int
    final: int
    die: None = None


@dataclass(frozen=True)
class MapObject:
    """An object that can be attacked, as it is now: a map field or a held weapon."""

    material: ObjectMaterial
    kep: int
    cell: Cell | None = None
    holder: str | None = None
    item: str | None = None
    door: bool = False
    broken: bool = False
    furniture: bool = False  # a terrain field that is an object too (crates, tables)

    @property
    def max_kep(self) -> int:
        return self.material.kep

    @property
    def pak(self) -> int:
        return self.material.pak

    @property
    def state(self) -> ObjectState:
        """Return the object as the rules see it: its material and KEP left."""
        return ObjectState(self.material, self.kep)

    @property
    def destroyed(self) -> bool:
        return is_destroyed(self.state)

    @property
    def damaged(self) -> bool:
        return self.kep < self.material.kep

    def names(self, battle: Battle) -> tuple[str, str]:
        """Return the object's name in German and English (a door names its material)."""
        if self.item is not None:
            weapon = battle.catalogue.weapons.get(self.item)
            return (weapon.name, weapon.english) if weapon else (self.item, self.item)
        if self.door:
            return f"Tür ({self.material.german})", f"door ({self.material.english})"
        if self.furniture and self.cell is not None:
            kind = furniture_kind(battle, self.cell)
            if kind is not None:
                return (
                    f"{kind[0]} ({self.material.german})",
                    f"{kind[1]} ({self.material.english})",
                )
        return self.material.german, self.material.english


def furniture_kind(battle: Battle, cell: Cell) -> tuple[str, str] | None:
    """Return the German and English name of the terrain kind furniture on ``cell`` is.

    The kind of the catalogue whose field the map began with there (None when the
    legend changed the kind's field, e.g. made it not difficult).
    """
    start = battle.setup.grid.field_kind(cell)
    for kind in battle.catalogue.terrain.values():
        if kind.field_kind() == start:
            return kind.german, kind.english
    return None


# ----------------------------------------------------------------------- lookups
def _record(
    battle: Battle, cell: Cell | None, holder: str | None, item: str | None
) -> ObjectDamage | None:
    for record in battle.state.objects:
        if cell is not None and record.cell == cell:
            return record
        if holder is not None and record.holder == holder and record.item == item:
            return record
    return None


def field_material(battle: Battle, cell: Cell) -> str | None:
    """Return the material key of the object on ``cell``, None when it holds none.

    The map's material (``BattleSetup.materials``); a door the map names none for is a
    thin duraplast wall (sample value); a wall without one is no object.
    """
    record = _record(battle, cell, None, None)
    if record is not None:
        return record.material
    named = battle.setup.materials.get(cell)
    if named is not None and named in MATERIALS:
        return named
    if battle.setup.grid.in_bounds(cell) and battle.setup.grid.is_door(cell):
        return DEFAULT_DOOR_MATERIAL
    return None


def object_at(battle: Battle, cell: Cell) -> MapObject | None:
    """Return the object on map field ``cell`` (door, wall, pane, furniture), None if none.

    A destroyed wall, pane or piece of furniture is none any more (its field is rubble
    or shards); a destroyed door stands open in its frame and stays an object.
    """
    if not battle.grid.in_bounds(cell):
        return None
    key = field_material(battle, cell)
    if key is None:
        return None
    record = _record(battle, cell, None, None)
    start = battle.setup.grid
    door = start.is_door(cell)
    if record is not None and record.destroyed and not door:
        return None
    material = MATERIALS[key]
    kep = material.kep if record is None else record.kep
    broken = record is not None and record.broken
    furniture = not door and not start.is_wall(cell)
    return MapObject(material, kep, cell=cell, door=door, broken=broken, furniture=furniture)


def held_object(battle: Battle, holder: CreatureState, item: str) -> MapObject | None:
    """Return the weapon ``item`` in ``holder``'s hand as an object (E-OBJ-WAFFE-WG*)."""
    weapon = battle.catalogue.weapons.get(item)
    if weapon is None or item not in holder.held:
        return None
    record = _record(battle, None, holder.key, item)
    material = weapon_object(max(0, min(7, weapon.weapon_size)))
    kep = material.kep if record is None else record.kep
    return MapObject(material, kep, holder=holder.key, item=item)


def object_fields(battle: Battle) -> list[MapObject]:
    """Return every object field of the map as it is now (the screen marks the damaged)."""
    cells = set(battle.setup.materials)
    grid = battle.setup.grid
    cells.update((int(x), int(y)) for y, x in zip(*grid.door.nonzero(), strict=True))
    found = [object_at(battle, cell) for cell in sorted(cells, key=lambda c: (c[1], c[0]))]
    return [o for o in found if o is not None]


def is_door_broken(battle: Battle, cell: Cell) -> bool:
    """Return whether the door on ``cell`` was broken open and no longer closes (E-OBJ-5)."""
    record = _record(battle, cell, None, None)
    return record is not None and record.broken


# ------------------------------------------------------------------------ damage
def strike_object(
    battle: Battle,
    actor: str | None,
    target: MapObject,
    damage: Damage | AreaDamage,
    *,
    formula_de: str,
    formula_en: str,
    lead: tuple[str, str] | None = None,
    rule: str = "E-OBJ-2",
) -> list[Event]:
    """Take ``damage.final`` KEP from ``target`` and apply what its KEP now mean.

    ``formula_de``/``formula_en``: how the damage came about, for the log line; ``lead``
    its opening in German and English (default: "Schaden an <object> bei <field>"). The
    event is a ``door_damage`` for a door, else an ``object_damage``; ``die`` is None
    when no die was rolled for it (area fire's field value).
    """
    record = _record(battle, target.cell, target.holder, target.item)
    if record is None:
        record = ObjectDamage(
            target.material.key,
            target.material.kep,
            cell=target.cell,
            holder=target.holder,
            item=target.item,
        )
        battle.state.objects.append(record)
    before = record.kep
    record.kep = take_kep(ObjectState(target.material, before), damage.final).kep  # E-OBJ-4
    de, en = target.names(battle)
    where = _where(battle, target)
    opening = lead or (f"Schaden an {de}{where[0]}", f"Damage to {en}{where[1]}")
    events = [
        Event(
            "door_damage" if target.door else "object_damage",
            f"{opening[0]}: {formula_de} = {damage.final} "
            f"(KEP {before} -> {record.kep}/{target.max_kep})",
            f"{opening[1]}: {formula_en} = {damage.final} "
            f"(structure {before} -> {record.kep}/{target.max_kep})",
            actor,
            {
                "rule": rule,
                "material": target.material.key,
                "pak": target.pak,
                "die": damage.die,
                "raw": damage.raw,
                "final": damage.final,
                "kep": record.kep,
                "max_kep": target.max_kep,
                **_place(target),
            },
        )
    ]
    if target.door and not record.broken and door_broken_open(record.kep, target.max_kep):
        record.broken = True
        events += _break_open(battle, actor, target)
    if record.destroyed:
        events += _destroy(battle, actor, target, record)
    return events


def _place(target: MapObject) -> dict[str, object]:
    if target.cell is not None:
        return {"cell": [target.cell[0], target.cell[1]]}
    return {"holder": target.holder, "item": target.item}


def _where(battle: Battle, target: MapObject) -> tuple[str, str]:
    if target.cell is not None:
        return f" bei {list(target.cell)}", f" at {list(target.cell)}"
    holder = battle.state.creatures.get(target.holder or "")
    name = holder.name if holder else target.holder
    return f" in der Hand von {name}", f" in {name}'s hand"


def _break_open(battle: Battle, actor: str | None, target: MapObject) -> list[Event]:
    """Open the door for good: its lock is shot, it no longer closes (E-OBJ-5)."""
    assert target.cell is not None
    cell = target.cell
    battle.grid.set_door_open(cell, True)
    battle.state.open_doors.add(cell)
    return [
        Event(
            "door",
            f"Die Tür bei {list(cell)} bricht auf",
            f"The door at {list(cell)} breaks open",
            actor,
            {"rule": "E-OBJ-5", "cell": list(cell), "open": True, "broken": True},
        )
    ]


def _destroy(
    battle: Battle, actor: str | None, target: MapObject, record: ObjectDamage
) -> list[Event]:
    """Destroy the object at 0 KEP (E-OBJ-4): the field opens, the weapon is gone.

    A wall, pane or piece of furniture leaves its remains (``remains_field``); furniture's
    cover goes with it.
    """
    de, en = target.names(battle)
    data: dict[str, object] = {"rule": "E-OBJ-4", "material": target.material.key}
    data.update(_place(target))
    if target.item is not None:
        holder = battle.state.creatures.get(target.holder or "")
        if holder is not None and target.item in holder.held:
            holder.held.remove(target.item)
            if target.item not in holder.held + holder.carried:
                holder.magazines.pop(target.item, None)
        # the weapon is gone: a weapon of that kind it picks up later is another one
        battle.state.objects.remove(record)
        return [
            Event(
                "object_destroyed",
                f"{de} in der Hand von {holder.name if holder else target.holder} ist zerstört",
                f"{en} in {holder.name if holder else target.holder}'s hand is destroyed",
                actor,
                data,
            )
        ]
    assert target.cell is not None
    if not target.door:
        remains = remains_of(target.material)
        battle.grid.set_field(target.cell, remains_field(battle.catalogue.terrain, target.material))
        data["remains"] = remains
        if target.furniture:
            data["furniture"] = True
        kind = battle.catalogue.terrain.get(remains)
        left_de = f": {kind.german}" if kind else ""
        left_en = f": {kind.english}" if kind else ""
    else:
        left_de, left_en = ": sie steht offen", ": it stands open"
    return [
        Event(
            "object_destroyed",
            f"{de} bei {list(target.cell)} ist zerstört{left_de}",
            f"{en} at {list(target.cell)} is destroyed{left_en}",
            actor,
            data,
        )
    ]
