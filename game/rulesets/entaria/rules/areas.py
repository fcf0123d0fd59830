"""Area fire (Bereichsfeuer): the total, its placement on fields, and what a creature takes.

D-6 is binding: total = (SW + 1w6) x m; each field gets 1..SW; the fields are joined by
edges; every field in line of sight and range, never the shooter's own; a creature saves
Reflexe vs ZW 15 and takes the highest hit field once, half on a passed save. The steps
per creature follow E-OPEN-25 / E-OPEN-13: field value - armour (clamp 0) -> halve on a
passed save (round down) -> affinity.

The three ways to lay area fire are entries of the action catalogue (actions.py):
``AreaFireAction`` reads its action type, its Nachteil, how long it lasts and what it
does to the shooter from there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from numbers import Integral
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from game.board.dice import Roller
from game.board.grid import BattleGrid, Cell, distance
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    COVERING_FIRE_AMMO_FACTOR,
    Action,
    ActionRule,
    Precondition,
    action_span,
)
from game.rulesets.entaria.rules.area_joins import (
    fields_named,
    fmt_cell,
    join_errors,
    joined_neighbours,
)
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, saving_throw, success_roll
from game.rulesets.entaria.rules.damage import Affinity, apply_affinity
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.terms import ActionType, Condition, WeaponAttribute, say

__all__ = [
    "AREA_FIRE_SAVE_TARGET",
    "COVERING_FIRE_SHOOTER_CONDITION",
    "AreaFireAction",
    "AreaFireHit",
    "Bem",
    "CellTest",
    "ammo_use",
    "area_fire_check",
    "area_fire_damage_to_creature",
    "area_fire_hit",
    "area_fire_total",
    "can_lay_area_fire",
    "covering_fire_damage",
    "covering_fire_triggers",
    "distribution_errors",
    "farthest_field",
    "parse_bem",
    "suggest_distribution",
]

D6 = 6

#: A per-field test: a bool mask [y, x], a callable, or a collection of cells.
CellTest: TypeAlias = npt.NDArray[np.bool_] | Callable[[Cell], bool] | Collection[Cell]

#: The shooter of Deckungsfeuer is Wehrlos while it lasts (E-ACT-VH-DECKUNGSFEUER-5).
COVERING_FIRE_SHOOTER_CONDITION: Condition = ACTIONS[Action.COVERING_FIRE].gives_conditions[0]


# --- The weapon side: BEM, action, check, total ----------------------------------------------


@dataclass(frozen=True)
class Bem:
    """A Bereichsfeuer-Modifikator "m,a": damage multiplier and ammunition (E-AREAFIRE-2)."""

    multiplier: int
    ammo: int


def parse_bem(text: str) -> Bem:
    """Return the BEM written "m,a" (e.g. "2,10"); a lone "m" means no ammunition given."""
    parts = [part.strip() for part in text.split(",")]
    if not 1 <= len(parts) <= 2 or not all(part.isdigit() for part in parts):
        raise ValueError(f'a BEM is written "m,a" with whole numbers, got {text!r}')
    multiplier = int(parts[0])
    if multiplier < 1:
        raise ValueError(f"a BEM multiplier is at least 1, got {text!r}")
    return Bem(multiplier=multiplier, ammo=int(parts[1]) if len(parts) == 2 else 0)


class AreaFireAction(Enum):
    """The three ways to lay area fire (E-AREAFIRE-1, E-OPEN-24), each a catalogue action.

    A BEM shot is the Fernkampf HH with a Bereichsfeuer weapon, without Nachteil
    (E-OPEN-24 (iii)); Dauerfeuer is the VH with Nachteil (E-ACT-VH-DAUERFEUER-1/2);
    Deckungsfeuer is a VH like Dauerfeuer, ammunition x2 (E-ACT-VH-DECKUNGSFEUER-1/2).
    """

    BEM_SHOT = "Fernkampf (BEM)"
    AUTO_FIRE = "Dauerfeuer"
    COVERING_FIRE = "Deckungsfeuer"

    @property
    def action(self) -> Action:
        """Return the catalogue action this area fire is."""
        return _CATALOGUE_ACTION[self]

    @property
    def rule(self) -> ActionRule:
        """Return the catalogue entry of the action."""
        return ACTIONS[self.action]

    @property
    def action_type(self) -> ActionType:
        return self.rule.action_type

    @property
    def check_edge(self) -> int:
        """Return the edge the action itself gives the area-fire check (Dauerfeuer: -1)."""
        roll = self.rule.roll
        return 0 if roll is None else roll.edge

    @property
    def auto_fire(self) -> bool:
        """Return whether the check is made as Dauerfeuer (with Nachteil)."""
        return self.check_edge < 0

    @property
    def persists(self) -> bool:
        """Return whether the fields stay active until the start of the shooter's next turn.

        Dauerfeuer and Deckungsfeuer do: the VH's window (E-ACT-4,
        E-ACT-VH-DECKUNGSFEUER-3, E-OPEN-25); a BEM shot as an HH acts only when it
        resolves.
        """
        return action_span(self.action_type) is not DurationKind.INSTANT

    @property
    def shooter_defenseless(self) -> bool:
        """Return whether the shooter is Wehrlos meanwhile (E-ACT-VH-DECKUNGSFEUER-5)."""
        return Condition.DEFENSELESS in self.rule.gives_conditions

    @property
    def weapon_attributes(self) -> frozenset[WeaponAttribute]:
        """Return the weapon attributes of which the weapon needs at least one."""
        for precondition in self.rule.preconditions:
            if precondition in _WEAPON_ATTRIBUTES_NEEDED:
                return _WEAPON_ATTRIBUTES_NEEDED[precondition]
        # The Fernkampf HH lays area fire only with a Bereichsfeuer weapon (E-AREAFIRE-1).
        return frozenset({WeaponAttribute.AREA_FIRE})


_CATALOGUE_ACTION: Mapping[AreaFireAction, Action] = {
    AreaFireAction.BEM_SHOT: Action.RANGED_ATTACK,
    AreaFireAction.AUTO_FIRE: Action.AUTO_FIRE,
    AreaFireAction.COVERING_FIRE: Action.COVERING_FIRE,
}

_WEAPON_ATTRIBUTES_NEEDED: Mapping[Precondition, frozenset[WeaponAttribute]] = {
    Precondition.NEEDS_AUTO_FIRE_WEAPON: frozenset({WeaponAttribute.AUTO_FIRE}),
    Precondition.NEEDS_AUTO_FIRE_OR_AREA_FIRE_WEAPON: frozenset(
        {WeaponAttribute.AUTO_FIRE, WeaponAttribute.AREA_FIRE}
    ),
}


def can_lay_area_fire(attributes: Collection[WeaponAttribute], action: AreaFireAction) -> bool:
    """Return whether a weapon with these attributes can lay this area fire.

    A BEM shot needs Bereichsfeuer, Dauerfeuer needs Dauerfeuer (E-AREAFIRE-1,
    E-ACT-VH-DAUERFEUER-1), Deckungsfeuer needs either (E-ACT-VH-DECKUNGSFEUER-1): the
    catalogue's preconditions.
    """
    return not action.weapon_attributes.isdisjoint(attributes)


def area_fire_check(
    ranged_value: int, roller: Roller, *, auto_fire: bool, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll Fernkampf vs ZW 15 (not vs Ausweichen); Dauerfeuer adds a Nachteil (E-AREAFIRE-3).

    ``edge`` carries the other sources, e.g. the range band of the farthest field
    (E-OPEN-24). Aiming optics do not help Dauerfeuer (E-ACT-VH-DAUERFEUER-2): the
    caller leaves their bonus out.
    """
    own_edge = AreaFireAction.AUTO_FIRE.check_edge if auto_fire else 0
    return success_roll(
        ranged_value,
        STANDARD_TARGET,
        roller,
        edge=edge + own_edge,
        modifier=modifier,
    )


def area_fire_total(
    sw: int, multiplier: int, roller: Roller, *, crit: bool = False
) -> tuple[int, int]:
    """Roll the total damage: (SW + 1w6) x m (E-AREAFIRE-4, D-6); returns (die, total).

    ``crit``: a natural 20 on the area-fire check doubles the total (E-OPEN-30 (i)).
    """
    if sw < 0:
        raise ValueError(f"SW cannot be negative, got {sw}")
    if multiplier < 1:
        raise ValueError(f"the BEM multiplier is at least 1, got {multiplier}")
    die = roller.roll(D6)
    total = (sw + die) * multiplier
    return die, total * 2 if crit else total


def ammo_use(a: int, *, covering_fire: bool) -> int:
    """Return the rounds of ammunition spent: the BEM's a, doubled for Deckungsfeuer.

    E-AREAFIRE-2, E-ACT-VH-DECKUNGSFEUER-2.
    """
    if a < 0:
        raise ValueError(f"ammunition use cannot be negative, got {a}")
    return a * COVERING_FIRE_AMMO_FACTOR if covering_fire else a


# --- Placing the total (D-6, E-AREAFIRE-5..8, E-OPEN-24) -------------------------------------


def _passes(test: CellTest, cell: Cell) -> bool:
    """Return whether ``cell`` passes a mask, a predicate or a set (outside a mask: no)."""
    if isinstance(test, np.ndarray):
        x, y = cell
        height, width = test.shape
        return 0 <= x < width and 0 <= y < height and bool(test[y, x])
    if callable(test):
        return bool(test(cell))
    return cell in test


def _is_cell(key: object) -> bool:
    return (
        isinstance(key, tuple)
        and len(key) == 2
        and all(isinstance(c, Integral) and not isinstance(c, bool) for c in key)
    )


def distribution_errors(
    allocation: Mapping[Cell, int],
    *,
    sw: int,
    total: int,
    shooter: Cell | None = None,
    visible: CellTest | None = None,
    in_range: CellTest | None = None,
    grid: BattleGrid | None = None,
) -> list[str]:
    """Return what is wrong with a placement of area-fire damage; [] when it obeys D-6.

    Count rules (always): at least one field (E-AREAFIRE-5); every value 1..SW
    (E-AREAFIRE-7/8); the values add up to exactly ``total`` (E-OPEN-24 (iv)); the fields
    form one edge-connected group (E-AREAFIRE-6). Optional checks: never ``shooter``'s
    own field; every field ``visible`` and ``in_range`` (each a bool mask [y, x], a
    callable cell -> bool, or a set of cells; "vor ihm", E-OPEN-24 (i)/(ii)). With
    ``grid``, a wall or closed door on the edge between two fields parts them (D-13).
    Each error is one English sentence naming the field(s), a ``Text`` carrying the German
    (the screen shows them live while the fire is painted).
    """
    if not allocation:
        return [
            say(
                f"No field gets damage: place the total of {total} on at least one field.",
                f"Kein Feld erhält Schaden: verteile die Summe von {total} "
                "auf mindestens ein Feld.",
            )
        ]
    bad_keys = [key for key in allocation if not _is_cell(key)]
    if bad_keys:
        shown = ", ".join(repr(key) for key in bad_keys[:6])
        return [
            say(
                f"These keys are not fields (x, y) with whole numbers: {shown}.",
                f"Diese Schlüssel sind keine Felder (x, y) aus ganzen Zahlen: {shown}.",
            )
        ]
    cells = sorted(allocation)
    errors = _value_errors(allocation, cells, sw=sw, total=total)
    errors += join_errors(cells, grid)
    errors += _placement_errors(allocation, cells, shooter, visible, in_range)
    return errors


def _value_errors(
    allocation: Mapping[Cell, int], cells: Sequence[Cell], *, sw: int, total: int
) -> list[str]:
    """Return the errors of the values: whole numbers 1..SW that add up to ``total``."""
    errors: list[str] = []
    placed = 0
    for cell in cells:
        value = allocation[cell]
        if not isinstance(value, Integral) or isinstance(value, bool):
            errors.append(
                say(
                    f"Field {fmt_cell(cell)} gets {value!r}, which is not a whole number.",
                    f"Feld {fmt_cell(cell)} erhält {value!r}, das ist keine ganze Zahl.",
                )
            )
            continue
        placed += int(value)
        if value < 1:
            errors.append(
                say(
                    f"Field {fmt_cell(cell)} gets {int(value)} damage; "
                    "every field that is hit gets at least 1.",
                    f"Feld {fmt_cell(cell)} erhält {int(value)} Schaden; "
                    "jedes getroffene Feld erhält mindestens 1.",
                )
            )
        elif value > sw:
            errors.append(
                say(
                    f"Field {fmt_cell(cell)} gets {int(value)} damage, "
                    f"more than the weapon's damage of {sw} allows.",
                    f"Feld {fmt_cell(cell)} erhält {int(value)} Schaden, "
                    f"mehr als der SW {sw} der Waffe erlaubt.",
                )
            )
    if placed != total:
        errors.append(
            say(
                f"The fields get {placed} damage in all, but exactly {total} must be placed.",
                f"Die Felder erhalten zusammen {placed} Schaden, "
                f"verteilt werden müssen genau {total}.",
            )
        )
    return errors


def _placement_errors(
    allocation: Mapping[Cell, int],
    cells: Sequence[Cell],
    shooter: Cell | None,
    visible: CellTest | None,
    in_range: CellTest | None,
) -> list[str]:
    """Return the errors of where the fields lie: the shooter's own field, sight, range."""
    errors: list[str] = []
    if shooter is not None and tuple(shooter) in allocation:
        errors.append(
            say(
                f"Field {fmt_cell(shooter)} is the shooter's own field.",
                f"Feld {fmt_cell(shooter)} ist das eigene Feld des Schützen.",
            )
        )
    if visible is not None:
        hidden = [cell for cell in cells if not _passes(visible, cell)]
        if hidden:
            hidden_en, hidden_de = fields_named(hidden)
            errors.append(
                say(
                    f"Field(s) {hidden_en} are not in the shooter's line of sight.",
                    f"Feld(er) {hidden_de} liegen nicht in der Sichtlinie des Schützen.",
                )
            )
    if in_range is not None:
        far = [cell for cell in cells if not _passes(in_range, cell)]
        if far:
            far_en, far_de = fields_named(far)
            errors.append(
                say(
                    f"Field(s) {far_en} are out of the weapon's range.",
                    f"Feld(er) {far_de} liegen außerhalb der Reichweite der Waffe.",
                )
            )
    return errors


def farthest_field(shooter: Cell, cells: Iterable[Cell]) -> int:
    """Return the distance to the farthest hit field; its band modifies the check (E-OPEN-24)."""
    return max((distance(shooter, cell) for cell in cells), default=0)


def suggest_distribution(
    total: int, sw: int, fields_in_order: Iterable[Cell], *, grid: BattleGrid | None = None
) -> dict[Cell, int]:
    """Return a greedy placement: SW per field, in the given order, the rest on the last one.

    A field is taken only once it is edge-joined to a field already taken (with ``grid``:
    not across a wall on the edge, D-13), so the result always obeys E-AREAFIRE-6 (the
    first field starts the group). If the fields run out, the remainder is lost
    (E-OPEN-24 (iv)).
    """
    if sw < 1:
        raise ValueError(f"area fire needs an SW of at least 1 to place damage, got {sw}")
    pending: list[Cell] = []
    for cell in fields_in_order:
        if cell not in pending:
            pending.append(cell)
    result: dict[Cell, int] = {}
    remaining = total
    progress = True
    while remaining > 0 and pending and progress:
        progress = False
        for cell in list(pending):
            if remaining <= 0:
                break
            if result and not any(n in result for n in joined_neighbours(cell, grid)):
                continue
            share = min(sw, remaining)
            result[cell] = share
            remaining -= share
            pending.remove(cell)
            progress = True
            break  # restart from the front: an earlier field may now be joined
    return result


# --- What a creature takes (D-6, E-AREAFIRE-9, E-OPEN-23, E-OPEN-25) --------------------------


@dataclass(frozen=True)
class AreaFireHit:
    """One creature's Reflexe save and the LP it loses; ``saf``: a critical's SAF applies."""

    save: Roll
    damage: int
    saf: bool = False


def area_fire_damage_to_creature(
    field_values_hit: Iterable[int],
    reflexes: int,
    roller: Roller,
    *,
    armour: int = 0,
    affinity: Affinity = Affinity.NORMAL,
    edge: int = 0,
    modifier: int = 0,
    critical: bool = False,
) -> AreaFireHit:
    """Roll a creature's Reflexe save vs ZW 15 and return the damage it takes (D-6).

    It takes the highest of the hit fields it stands on, once (D-6, not the sum of
    E-OPEN-25). Steps: value - armour (clamp 0) -> half, rounded down, on a passed save
    (E-AREAFIRE-9) -> affinity (E-OPEN-13). ``critical``: the area fire was a critical;
    its SAF hits each creature that fails its save (E-OPEN-30 (i)), damage or not (D-12).
    The pure form of ``area_fire_hit`` with a bare save (rule tests, the acceptance
    suite); the engine rolls the save as the creature's ``Battle.check`` (D-3).
    """
    values = _hit_values(field_values_hit, armour)
    save = saving_throw(reflexes, AREA_FIRE_SAVE_TARGET, roller, edge=edge, modifier=modifier)
    return area_fire_hit(values, save, armour=armour, affinity=affinity, critical=critical)


#: The area-fire save: Reflexe vs ZW 15 (D-6, E-AREAFIRE-9).
AREA_FIRE_SAVE_TARGET = STANDARD_TARGET


def area_fire_hit(
    field_values_hit: Iterable[int],
    save: Roll,
    *,
    armour: int = 0,
    affinity: Affinity = Affinity.NORMAL,
    critical: bool = False,
) -> AreaFireHit:
    """Return what a creature takes from area fire after its Reflexe ``save`` (D-6).

    ``area_fire_damage_to_creature`` without the roll: the engine rolls the save as the
    creature's one check (``Battle.check``, D-3) and hands it in.
    """
    damage = area_fire_value(
        field_values_hit, armour=armour, affinity=affinity, saved=bool(save.success)
    )
    # D-12: the SAF comes with the critical even when armour leaves no damage
    return AreaFireHit(save=save, damage=damage, saf=critical and not save.success)


def area_fire_value(
    field_values_hit: Iterable[int],
    *,
    armour: int = 0,
    affinity: Affinity = Affinity.NORMAL,
    saved: bool = False,
) -> int:
    """Return what area fire takes off a creature: its highest field - armour, halved
    (rounded down) when ``saved``, then the affinity (D-6, E-AREAFIRE-9, E-OPEN-13).

    The hit (``area_fire_hit``) and the screen's chance (``chances.area_fire_damage``) ask this.
    """
    values = _hit_values(field_values_hit, armour)
    after_armour = max(0, max(values) - armour)
    return apply_affinity(after_armour // 2 if saved else after_armour, affinity)


def _hit_values(field_values_hit: Iterable[int], armour: int) -> list[int]:
    values = list(field_values_hit)
    if not values:
        raise ValueError("the creature stands on no hit field")
    if armour < 0:
        raise ValueError(f"armour cannot be negative, got {armour}")
    return values


def covering_fire_damage(
    field_value: int, armour: int, *, affinity: Affinity = Affinity.NORMAL
) -> int:
    """Return what an enemy on a covered field takes: the field's value - armour, no save.

    E-ACT-VH-DECKUNGSFEUER-4 read as E-OPEN-23 A: automatic, armour subtracted.
    """
    return apply_affinity(max(0, field_value - armour), affinity)


def covering_fire_triggers(
    cells_entered: Iterable[Cell],
    allocation: Mapping[Cell, int],
    already_hit: Collection[Cell] = frozenset(),
) -> list[tuple[Cell, int]]:
    """Return the covered fields (with their values) that hit an enemy on this path.

    Each covered field hits one enemy once, when the fire is laid or when the enemy
    enters it later (E-OPEN-23); ``already_hit`` are the fields that hit it already.
    """
    seen = set(already_hit)
    hits: list[tuple[Cell, int]] = []
    for cell in cells_entered:
        if cell in allocation and cell not in seen:
            seen.add(cell)
            hits.append((cell, allocation[cell]))
    return hits
