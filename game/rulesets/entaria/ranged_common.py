"""What the special ranged handlers share: a shooter's fields, edges, sight and range tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.board.grid import Cell, distance, footprint_cells
from game.board.sight import line_of_sight
from game.match.events import Event
from game.rulesets.entaria.attack_texts import BAND_ENGLISH, edge_cause
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import revealed
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.condition_rolls import RollModifiers
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.terms import Condition, Text, german, say
from game.rulesets.entaria.state import CreatureState, Pending


def creature_cells(battle: Battle, creature: CreatureState) -> list[Cell]:
    """Return the fields the creature occupies (E-SIZE-1)."""
    return footprint_cells(creature.cell, battle.creature_type(creature).size_fields)


def reveal_shooter(creature: CreatureState) -> list[Event]:
    if Condition.UNDETECTED not in creature.conditions:
        return []
    return revealed(creature)


def edge_reasons(band_edge: int, band_name: str, disturbed: RollModifiers) -> RollModifiers:
    """Return the range band's reason and words plus Störung's Abgelenkt, edge included.

    ``disturbed`` is ``combat.ranged_disturbance``: it carries its own edge (0 when the
    shooter already is Abgelenkt, E-OPEN-1), so callers add only the band's edge. The
    band's words ("Kernschuss: Nachteil", E-RANGE-*) go into the roll's causes.
    """
    if not band_edge:
        return disturbed
    english = next((BAND_ENGLISH[b] for b in RangeBand if b.german == band_name), band_name)
    cause = edge_cause(band_edge, band_name, english)
    return RollModifiers(reasons=(f"range {band_name}",), causes=(cause,)) + disturbed


def named_edge(edge: int, de: str, en: str) -> RollModifiers:
    """Return the words of an edge the caller adds itself ("Dauerfeuer: Nachteil")."""
    return RollModifiers(causes=(edge_cause(edge, de, en),)) if edge else RollModifiers()


def field_list(cells: Iterable[Cell]) -> list[list[int]]:
    return [[int(x), int(y)] for x, y in cells]


def allocation_of(pending: Pending) -> dict[Cell, int]:
    return {(int(x), int(y)): int(v) for x, y, v in pending.data["fields"]}


def held_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    return [battle.weapon(k) for k in creature.held if k in battle.catalogue.weapons]


def sight_test(battle: Battle, origin: Cell) -> Any:
    return lambda cell: line_of_sight(battle.grid, origin, cell)


def range_test(weapon: WeaponType, origin: Cell) -> Any:
    return lambda cell: weapon.fires_at(range_band(distance(origin, cell)))


def d6_refusal(errors: list[str]) -> Text:
    """Return the placement errors as one refusal, in English and German (D-6)."""
    return say(" ".join(errors) + " (D-6)", " ".join(german(e) for e in errors) + " (D-6)")


def is_field(cell: object) -> bool:
    return isinstance(cell, tuple) and len(cell) == 2


#: The English of each way to lay area fire, the rules file's terms (E-ACT-VH-*, E-AREAFIRE-*).
_MODE_ENGLISH = {
    AreaFireAction.BEM_SHOT: "ranged attack (BEM)",
    AreaFireAction.AUTO_FIRE: "automatic fire",
    AreaFireAction.COVERING_FIRE: "covering fire",
}


def mode_en(mode: AreaFireAction) -> str:
    """Return the English name of an area-fire mode."""
    return _MODE_ENGLISH[mode]
