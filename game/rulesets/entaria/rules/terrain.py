"""Terrain checks: what entering a kind of ground asks of a creature (E-TERRAIN-*).

Costs live in the grid (difficult = 2 per field) and in the movement cost models;
this module says which check a terrain kind asks for, against which ZW, how often
(E-OPEN-42) and what a failure does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from game.board.dice import Roller
from game.board.grid import BattleGrid, BoolGrid, Cell, Terrain
from game.rulesets.entaria.rules.checks import Roll, saving_throw
from game.rulesets.entaria.rules.terms import Attribute, MoveType


class TerrainFailure(Enum):
    """What a failed terrain check does to the creature."""

    LOSES_GRIP_AND_FALLS = "falls"  # Kletteroberfläche: fall (environment hook)
    GOES_UNDER = "goes under"  # Wasser: drowning rules are out of scope
    PRONE = "prone"  # Matsch/Eis: Liegend
    PRONE_AND_SLIDES = "prone, may slide"  # Hang: Liegend, may slide down
    FALLS_OFF = "falls off"  # Schmaler Untergrund
    STOPS_AT_HALF = "movement ends after half"  # Menschenmenge
    PIERCING_DAMAGE = "SW 1 piercing damage"  # Glassplitter / Stacheldraht
    BLINDED_UNTIL_NEXT_TURN = "Blind until the start of its next turn"  # Stroboskop


@dataclass(frozen=True)
class TerrainRule:
    """One terrain kind: its names, its check and what failing it does.

    ``ignored_by``: movement types that cross it at their own value without a check
    (E-MOVETYPE-S, E-MOVETYPE-K); the movement cost models read it too.
    """

    terrain: Terrain
    german: str
    english: str
    rule_id: str
    check: Attribute | None
    failure: TerrainFailure | None
    free_hands_needed: int = 0
    failure_damage_sw: int = 0
    only_when_in_danger: bool = False
    ignored_by: frozenset[MoveType] = frozenset()


TERRAIN_RULES: Mapping[Terrain, TerrainRule] = {
    rule.terrain: rule
    for rule in (
        TerrainRule(
            Terrain.CLIMB,
            "Kletteroberfläche",
            "climbing surface",
            "E-TERRAIN-CLIMB-1",
            Attribute.STRENGTH,
            TerrainFailure.LOSES_GRIP_AND_FALLS,
            free_hands_needed=2,
            ignored_by=frozenset({MoveType.CLIMB, MoveType.WALL_CLIMB}),
        ),
        TerrainRule(
            Terrain.WATER,
            "Wasser / Flüssigkeit",
            "water / liquid",
            "E-TERRAIN-WATER-1",
            Attribute.STRENGTH,
            TerrainFailure.GOES_UNDER,
            only_when_in_danger=True,
            ignored_by=frozenset({MoveType.SWIM}),
        ),
        TerrainRule(
            Terrain.RUBBLE,
            "Geröll / Müll / Wurzelwerk / Dornenbüsche",
            "rubble / garbage / roots / thorns",
            "E-TERRAIN-RUBBLE",
            None,
            None,
        ),
        TerrainRule(
            Terrain.MUD,
            "Matsch / Eis / Glitschig",
            "mud / ice / slippery",
            "E-TERRAIN-MUD",
            Attribute.DEXTERITY,
            TerrainFailure.PRONE,
        ),
        TerrainRule(
            Terrain.SLOPE,
            "Hang / Steigung / Gefälle",
            "slope / incline",
            "E-TERRAIN-SLOPE",
            Attribute.STRENGTH,
            TerrainFailure.PRONE_AND_SLIDES,
        ),
        TerrainRule(
            Terrain.NARROW,
            "Schmaler Untergrund",
            "narrow footing",
            "E-TERRAIN-NARROW",
            Attribute.DEXTERITY,
            TerrainFailure.FALLS_OFF,
        ),
        TerrainRule(
            Terrain.CROWD,
            "Menschenmenge",
            "crowd",
            "E-TERRAIN-CROWD",
            Attribute.REFLEXES,
            TerrainFailure.STOPS_AT_HALF,
        ),
        TerrainRule(
            Terrain.SHARDS,
            "Glassplitter / Stacheldraht",
            "glass shards / barbed wire",
            "E-TERRAIN-SHARDS",
            Attribute.DEXTERITY,
            TerrainFailure.PIERCING_DAMAGE,
            failure_damage_sw=1,
        ),
        TerrainRule(
            Terrain.STROBE,
            "Stroboskopische Lichteffekte",
            "stroboscopic light",
            "E-TERRAIN-STROBE",
            Attribute.REFLEXES,
            TerrainFailure.BLINDED_UNTIL_NEXT_TURN,
        ),
    )
}

#: Kinds that are difficult terrain without a per-map flag (E-OPEN-42); the catalogue's
#: terrain kinds may not say otherwise.
DIFFICULT_BY_DEFAULT: frozenset[Terrain] = frozenset({Terrain.CLIMB, Terrain.WATER, Terrain.RUBBLE})


#: The flying movement types (E-MOVETYPE-F, -FG, -FS, -FV): they touch no ground, so no
#: terrain asks them for a check or slows them.
FLYING_TYPES: frozenset[MoveType] = frozenset(
    {MoveType.FLY, MoveType.GLIDE, MoveType.HOVER, MoveType.FLYBY}
)


@dataclass(frozen=True)
class TerrainCheck:
    """A check a move asks for: where, for which terrain, with which attribute and ZW."""

    cell: Cell
    terrain: Terrain
    attribute: Attribute
    target: int
    rule_id: str


@dataclass(frozen=True)
class TerrainCheckResult:
    """A rolled terrain check and what its failure does (None on success)."""

    check: TerrainCheck
    roll: Roll
    failure: TerrainFailure | None


def terrain_rule(terrain: Terrain) -> TerrainRule | None:
    """Return the rule of a terrain kind (None for plain ground)."""
    return TERRAIN_RULES.get(terrain)


def asks_for_check(
    terrain: Terrain,
    *,
    move_types: Collection[MoveType] = (),
    in_danger: bool = False,
) -> bool:
    """Return whether entering this terrain asks for a check (E-TERRAIN-ROLL-1).

    Water asks only when the creature is in danger or the liquid runs fast
    (E-TERRAIN-WATER-1); swimmers in water and climbers on climbing surfaces move
    at their own value without a check (E-MOVETYPE-S/K); flyers touch no ground.
    """
    rule = TERRAIN_RULES.get(terrain)
    if rule is None or rule.check is None:
        return False
    if FLYING_TYPES.intersection(move_types) or rule.ignored_by.intersection(move_types):
        return False
    return in_danger if rule.only_when_in_danger else True


def checks_for_path(
    grid: BattleGrid,
    path: Sequence[Cell],
    *,
    move_types: Collection[MoveType] = (),
    in_danger: bool = False,
    every_field: bool = False,
) -> list[TerrainCheck]:
    """Return the terrain checks a move along ``path`` asks for, in order (E-OPEN-42).

    By default one check per movement action on first entering each terrain kind;
    ``every_field`` (a per-map choice) asks on every field entered. The start field
    is not entered and asks nothing.
    """
    checks: list[TerrainCheck] = []
    seen: set[Terrain] = set()
    for cell in path[1:]:
        terrain = grid.terrain_at(cell)
        if not asks_for_check(terrain, move_types=move_types, in_danger=in_danger):
            continue
        if terrain in seen and not every_field:
            continue
        seen.add(terrain)
        rule = TERRAIN_RULES[terrain]
        assert rule.check is not None
        checks.append(
            TerrainCheck(cell, terrain, rule.check, grid.terrain_target_at(cell), rule.rule_id)
        )
    return checks


def resolve_terrain_check(
    check: TerrainCheck,
    attribute_value: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> TerrainCheckResult:
    """Roll a terrain check with a bare value and say what its failure does.

    The pure form of ``terrain_check_result``; the engine rolls the check as the
    creature's ``Battle.check`` (D-3) and asks that.
    """
    roll = saving_throw(attribute_value, check.target, roller, edge=edge, modifier=modifier)
    return terrain_check_result(check, roll)


def terrain_check_result(check: TerrainCheck, roll: Roll) -> TerrainCheckResult:
    """Say what a rolled terrain check does: nothing, or its terrain's failure.

    The engine rolls the check as the creature's one check roll (``Battle.check``, D-3),
    with its conditions; this reads the outcome.
    """
    failure = None if roll.success else TERRAIN_RULES[check.terrain].failure
    return TerrainCheckResult(check, roll, failure)


def crowd_stop_index(path: Sequence[Cell]) -> int:
    """Return the index in ``path`` where a failed crowd check ends the move (E-TERRAIN-CROWD).

    The movement ends after half of it, rounded down (E-OPEN-12): a 5-field move
    stops after 2 fields, so on ``path[2]``.
    """
    steps = max(0, len(path) - 1)
    return steps // 2


def climbing_allowed(free_hands: int, *, move_types: Collection[MoveType] = ()) -> bool:
    """Return whether a creature may climb: two free hands, unless it climbs by nature."""
    if TERRAIN_RULES[Terrain.CLIMB].ignored_by.intersection(move_types):
        return True
    return free_hands >= TERRAIN_RULES[Terrain.CLIMB].free_hands_needed


def unclimbable_fields(
    terrain: npt.ArrayLike,
    free_hands: int,
    *,
    move_types: Collection[MoveType] = (),
    flying: bool = False,
) -> BoolGrid:
    """Return the fields [y, x] a mover may not enter: climbing surfaces it cannot climb.

    Climbing needs two free hands (E-TERRAIN-CLIMB-1) unless the mover climbs by nature
    (``climbing_allowed``: K, W); a mover that flies touches no ground.
    """
    kinds = np.asarray(terrain)
    if flying or climbing_allowed(free_hands, move_types=move_types):
        return np.zeros(kinds.shape, dtype=bool)
    return np.asarray(kinds == int(Terrain.CLIMB), dtype=np.bool_)


def is_difficult_by_default(terrain: Terrain) -> bool:
    """Return whether a terrain kind is difficult without a per-map flag (E-OPEN-42)."""
    return terrain in DIFFICULT_BY_DEFAULT
