"""Area fire while the player paints it (D-6), and the zones held under fire.

``area_fire_preview`` checks a painting as the AreaFireRoll and PlaceAreaFire commands
will; ``deckungsfeuer_zones`` lists the Deckungsfeuer and Dauerfeuer zones that wait for
their shooter's next turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from game.board.grid import Cell
from game.rulesets.entaria.area_fire import AreaFire, placement_of, validate_area_fire
from game.rulesets.entaria.area_fire_placement import placement_errors, suggested_placement
from game.rulesets.entaria.area_fire_zones import ZONES
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import disturbance
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.queries.common import (
    BoolGrid,
    cells_mask,
    grid_shape,
    read_only,
    visible_from,
)
from game.rulesets.entaria.queries.objects import object_field_mask
from game.rulesets.entaria.queries.ranges import bands_by_field
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    ammo_use,
    distribution_errors,
    farthest_field,
    suggest_distribution,
)
from game.rulesets.entaria.rules.condition_rolls import RollContext, roll_modifiers
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.state import CreatureState, Pending

__all__ = ["AreaFirePreview", "Zone", "area_fire_preview", "deckungsfeuer_zones"]


@dataclass(frozen=True)
class AreaFirePreview:
    """Painted area fire checked against D-6 while the player paints.

    Choosing the area (nothing rolled yet): the AreaFireRoll command rolls the total
    (E-AREAFIRE-4), so ``total`` is None and ``min_total``..``max_total``
    (``max_total_crit`` on a natural 20, E-OPEN-30 (i)) bound it; ``remaining`` is then
    None and ``remaining_at_max`` what is left at the highest total. ``sw`` is the
    per-field maximum (E-AREAFIRE-7/8). ``errors`` are ``areas.distribution_errors`` for
    the painting (line of sight, range, own field, joined by edges, 1..SW; the sum only
    once the total is known). ``reason`` is the engine's verdict on the declaration
    (weapon, mode, ammunition, budget, fields), "" when AreaFire would be accepted.
    ``fill_at_max`` is how the engine fills the declared fields in order at the highest
    total (``areas.suggest_distribution``). ``paintable`` [y, x]: fields that may be hit.

    Placing a rolled total (``placing``: a Pending AREA_FIRE_PLACEMENT of the actor,
    D-6): weapon, mode and SW are the rolled fire's; ``total`` is what must be placed
    (the pending's ``placeable``: the rolled total cut to SW x declared fields,
    E-OPEN-24 (iv)) and ``rolled`` the total the dice gave; ``remaining`` what is left;
    ``errors`` are ``area_fire_placement.placement_errors`` (exactly what PlaceAreaFire
    refuses); ``reason`` is "" and ``valid`` means PlaceAreaFire accepts the painting;
    ``paintable`` is limited to the declared fields (in sight and range of the field
    fired from, never that field); ``fill_at_max`` is the placement EndTurn would lay
    (``area_fire_placement.suggested_placement``); ``check_edge`` is None (already rolled).
    """

    actor: str
    weapon_key: str
    mode: AreaFireAction
    sw: int
    multiplier: int | None
    ammo: int | None
    total: int | None
    min_total: int | None
    max_total: int | None
    max_total_crit: int | None
    placed: int
    remaining: int | None
    remaining_at_max: int | None
    band: RangeBand | None
    check_edge: int | None
    errors: tuple[str, ...]
    reason: str
    valid: bool
    fill_at_max: Mapping[Cell, int]
    paintable: BoolGrid
    placing: bool = False
    rolled: int | None = None
    declared: tuple[Cell, ...] = ()


def _fire_mask(battle: Battle, weapon: WeaponType, origin: Cell) -> tuple[BoolGrid, BoolGrid]:
    """Return the fields ``origin`` sees and the fields in the weapon's usable bands."""
    seen = visible_from(battle.grid, origin)
    band_index = bands_by_field(grid_shape(battle), origin)
    usable = np.array([False] + [weapon.fires_at(band) for band in RangeBand], dtype=bool)[
        band_index
    ]
    return seen, usable


def _ammo(weapon: WeaponType, kind: AreaFireAction) -> int | None:
    """Return the rounds the fire uses (``areas.ammo_use``), None without a BEM."""
    bem = weapon.bem
    if bem is None:
        return None
    return ammo_use(bem.ammo, covering_fire=kind is AreaFireAction.COVERING_FIRE)


def _total_range(weapon: WeaponType) -> tuple[int | None, int | None, int | None]:
    """Return the lowest and highest total (SW + 1w6) x m, and the highest on a natural 20."""
    bem = weapon.bem
    if bem is None:
        return None, None, None
    sw = weapon.damage_value
    low, high = (sw + 1) * bem.multiplier, (sw + 6) * bem.multiplier
    return low, high, high * 2


def _band_and_edge(
    battle: Battle, shooter: CreatureState, kind: AreaFireAction, cells: list[Cell]
) -> tuple[RangeBand | None, int | None]:
    """Return the band of the farthest field and the edge of the fire's check (None: no field)."""
    band = range_band(farthest_field(shooter.cell, cells)) if cells else None
    if band is None:
        return None, None
    own = roll_modifiers(
        shooter.conditions, RollContext(attribute=Attribute.RANGED, is_attack=True)
    )
    return band, band.edge + disturbance(battle, shooter) + kind.check_edge + own.edge


def area_fire_preview(
    battle: Battle,
    actor_key: str,
    weapon_key: str,
    mode: AreaFireAction | str,
    allocation: Mapping[Cell, int],
) -> AreaFirePreview:
    """Return the painted allocation checked against D-6, with what is left to place.

    With nothing rolled, the keys of ``allocation`` in insertion order are the fields
    the AreaFireRoll command would declare (the engine fills them in that order when the
    turn ends unplaced). When the actor's rolled area fire waits for its placement, the
    allocation is checked as the PlaceAreaFire values (see AreaFirePreview).
    """
    battle.creature(actor_key)  # an unknown actor is refused here, as by the engine
    pending = placement_of(battle, actor_key)
    if pending is not None:
        return _placement_preview(battle, pending, allocation)
    shooter = battle.creature(actor_key)
    weapon = battle.weapon(weapon_key)
    kind = mode if isinstance(mode, AreaFireAction) else AreaFireAction[mode]
    cells = [(int(x), int(y)) for x, y in allocation]
    values = {cell: allocation[cell] for cell in allocation}
    placed = sum(int(v) for v in values.values())
    bem = weapon.bem
    sw = weapon.damage_value
    multiplier = bem.multiplier if bem is not None else None
    low, high, high_crit = _total_range(weapon)
    try:
        validate_area_fire(battle, AreaFire(actor_key, weapon_key, kind.name, tuple(cells)))
        reason = ""
    except CommandRejected as error:
        reason = error.reason
    grid = battle.grid
    seen, usable = _fire_mask(battle, weapon, shooter.cell)
    # open ground, and the fields of doors, walls and panes: objects take area fire (D-6)
    paintable = seen & usable & (~grid.blocks_movement | object_field_mask(battle))
    paintable[shooter.cell[1], shooter.cell[0]] = False
    errors = distribution_errors(
        values,
        sw=sw,
        total=placed,
        shooter=shooter.cell,
        visible=seen,
        in_range=usable,
        grid=grid,
    )
    band, check_edge = _band_and_edge(battle, shooter, kind, cells)
    fill = suggest_distribution(high, sw, cells, grid=grid) if high is not None and sw >= 1 else {}
    return AreaFirePreview(
        actor=actor_key,
        weapon_key=weapon_key,
        mode=kind,
        sw=sw,
        multiplier=multiplier,
        ammo=_ammo(weapon, kind),
        total=None,
        min_total=low,
        max_total=high,
        max_total_crit=high_crit,
        placed=placed,
        remaining=None,
        remaining_at_max=high - placed if high is not None else None,
        band=band,
        check_edge=check_edge,
        errors=tuple(errors),
        reason=reason,
        valid=not reason and not errors,
        fill_at_max=MappingProxyType(fill),
        paintable=read_only(paintable),
        declared=tuple(cells),
    )


def _placement_preview(
    battle: Battle, pending: Pending, allocation: Mapping[Cell, int]
) -> AreaFirePreview:
    """Return the preview of placing the rolled area fire ``pending`` waits with (D-6)."""
    data = pending.data
    weapon = battle.weapon(str(data["weapon"]))
    kind = AreaFireAction[str(data["mode"])]
    origin = (int(data["from"][0]), int(data["from"][1]))
    declared = tuple((int(x), int(y)) for x, y in data["fields"])
    values = dict(allocation)
    placed = sum(int(v) for v in values.values())
    total = int(data["placeable"])
    bem = weapon.bem
    errors = placement_errors(battle, pending, values)
    seen, usable = _fire_mask(battle, weapon, origin)
    paintable = seen & usable & cells_mask(declared, grid_shape(battle))
    paintable[origin[1], origin[0]] = False
    return AreaFirePreview(
        actor=pending.actor,
        weapon_key=weapon.key,
        mode=kind,
        sw=int(data["sw"]),
        multiplier=bem.multiplier if bem is not None else None,
        ammo=_ammo(weapon, kind),
        total=total,
        min_total=total,
        max_total=total,
        max_total_crit=None,
        placed=placed,
        remaining=total - placed,
        remaining_at_max=total - placed,
        band=range_band(farthest_field(origin, declared)) if declared else None,
        check_edge=None,
        errors=tuple(errors),
        reason="",
        valid=not errors,
        fill_at_max=MappingProxyType(suggested_placement(battle, pending)),
        paintable=read_only(paintable),
        placing=True,
        rolled=int(data["total"]),
        declared=declared,
    )


@dataclass(frozen=True)
class Zone:
    """Fields held under Deckungsfeuer or Dauerfeuer until the shooter's next turn.

    ``kind``: "covering_fire" (Deckungsfeuer, E-ACT-VH-DECKUNGSFEUER-3) or "area_fire"
    (Dauerfeuer, E-OPEN-25). ``values``: the damage placed on each field (D-6).
    """

    shooter: str
    kind: str
    side: str
    weapon_key: str
    cells: frozenset[Cell]
    values: Mapping[Cell, int]

    @property
    def covering(self) -> bool:
        return self.kind == "covering_fire"


def deckungsfeuer_zones(battle: Battle) -> list[Zone]:
    """Return the active Deckungsfeuer and Dauerfeuer zones with their shooters."""
    zones = []
    for pending in battle.state.pending:
        if pending.kind not in ZONES:
            continue
        values = {(int(x), int(y)): int(v) for x, y, v in pending.data.get("fields", [])}
        zones.append(
            Zone(
                shooter=pending.actor,
                kind=pending.kind,
                side=str(pending.data.get("side", "")),
                weapon_key=str(pending.data.get("weapon", "")),
                cells=frozenset(values),
                values=MappingProxyType(values),
            )
        )
    return zones
