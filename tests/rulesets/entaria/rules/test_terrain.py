"""Terrain checks when entering fields: E-TERRAIN-*, E-OPEN-42."""

from __future__ import annotations

import numpy as np
import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Terrain
from game.rulesets.entaria.rules.terms import Attribute, MoveType
from game.rulesets.entaria.rules.terrain import (
    DIFFICULT_BY_DEFAULT,
    TERRAIN_RULES,
    TerrainFailure,
    asks_for_check,
    checks_for_path,
    climbing_allowed,
    crowd_stop_index,
    is_difficult_by_default,
    resolve_terrain_check,
    terrain_rule,
)


def _strip(*kinds: Terrain, targets: list[int] | None = None) -> BattleGrid:
    terrain = np.array([[0, *[int(k) for k in kinds]]], dtype=np.int8)
    target = None if targets is None else np.array([[15, *targets]])
    return BattleGrid.from_arrays(
        np.zeros(terrain.shape, dtype=bool), terrain=terrain, terrain_target=target
    )


@pytest.mark.parametrize(
    ("terrain", "attribute", "failure", "rule_id"),
    [
        pytest.param(
            Terrain.CLIMB,
            Attribute.STRENGTH,
            TerrainFailure.LOSES_GRIP_AND_FALLS,
            "E-TERRAIN-CLIMB-1",
            id="E-TERRAIN-CLIMB-1",
        ),
        pytest.param(
            Terrain.WATER,
            Attribute.STRENGTH,
            TerrainFailure.GOES_UNDER,
            "E-TERRAIN-WATER-1",
            id="E-TERRAIN-WATER-1",
        ),
        pytest.param(
            Terrain.MUD,
            Attribute.DEXTERITY,
            TerrainFailure.PRONE,
            "E-TERRAIN-MUD",
            id="E-TERRAIN-MUD",
        ),
        pytest.param(
            Terrain.SLOPE,
            Attribute.STRENGTH,
            TerrainFailure.PRONE_AND_SLIDES,
            "E-TERRAIN-SLOPE",
            id="E-TERRAIN-SLOPE",
        ),
        pytest.param(
            Terrain.NARROW,
            Attribute.DEXTERITY,
            TerrainFailure.FALLS_OFF,
            "E-TERRAIN-NARROW",
            id="E-TERRAIN-NARROW",
        ),
        pytest.param(
            Terrain.CROWD,
            Attribute.REFLEXES,
            TerrainFailure.STOPS_AT_HALF,
            "E-TERRAIN-CROWD",
            id="E-TERRAIN-CROWD",
        ),
        pytest.param(
            Terrain.SHARDS,
            Attribute.DEXTERITY,
            TerrainFailure.PIERCING_DAMAGE,
            "E-TERRAIN-SHARDS",
            id="E-TERRAIN-SHARDS",
        ),
        pytest.param(
            Terrain.STROBE,
            Attribute.REFLEXES,
            TerrainFailure.BLINDED_UNTIL_NEXT_TURN,
            "E-TERRAIN-STROBE",
            id="E-TERRAIN-STROBE",
        ),
    ],
)
def test_each_terrain_asks_its_check(
    terrain: Terrain, attribute: Attribute, failure: TerrainFailure, rule_id: str
) -> None:
    """E-TERRAIN-ROLL-1: the attribute of each terrain check and what its failure does."""
    rule = terrain_rule(terrain)
    assert rule is not None
    assert (rule.check, rule.failure, rule.rule_id) == (attribute, failure, rule_id)
    check = checks_for_path(_strip(terrain), [(0, 0), (1, 0)], in_danger=True)[0]
    failed = resolve_terrain_check(check, 0, ScriptedRoller([10]))
    assert failed.roll.success is False and failed.failure is failure
    passed = resolve_terrain_check(check, 5, ScriptedRoller([10]))
    assert passed.roll.success is True and passed.failure is None


def test_e_terrain_rubble_is_difficult_without_a_check() -> None:
    """E-TERRAIN-RUBBLE, E-TERRAIN-DIFF-1: difficult, no check."""
    assert is_difficult_by_default(Terrain.RUBBLE)
    assert not asks_for_check(Terrain.RUBBLE)
    assert BattleGrid.from_ascii(":").step_cost((0, 0)) == 2


def test_difficult_by_default_only_rubble_water_climb() -> None:
    """E-TERRAIN-CLIMB-2, E-TERRAIN-WATER-2 (E-OPEN-42): only these are difficult by default."""
    assert {t for t in Terrain if is_difficult_by_default(t)} == {
        Terrain.RUBBLE,
        Terrain.WATER,
        Terrain.CLIMB,
    }
    # One set for the rules, the maps and the legend: the grid's.
    assert {t for t in Terrain if is_difficult_by_default(t)} == DIFFICULT_BY_DEFAULT


def test_e_terrain_water_1_only_when_in_danger() -> None:
    """E-TERRAIN-WATER-1: a Stärke check only when in danger or the liquid runs fast."""
    assert not asks_for_check(Terrain.WATER)
    assert asks_for_check(Terrain.WATER, in_danger=True)
    assert not asks_for_check(Terrain.WATER, in_danger=True, move_types={MoveType.SWIM})


def test_e_terrain_climb_1_needs_two_free_hands() -> None:
    """E-TERRAIN-CLIMB-1: two free hands to climb; E-MOVETYPE-K climbers do not check."""
    assert not climbing_allowed(1)
    assert climbing_allowed(2)
    assert climbing_allowed(0, move_types={MoveType.CLIMB})
    assert not asks_for_check(Terrain.CLIMB, move_types={MoveType.CLIMB})
    assert asks_for_check(Terrain.CLIMB)


def test_flyers_ask_no_ground_checks() -> None:
    """E-MOVETYPE-F: a flying creature does not touch mud or shards."""
    assert not asks_for_check(Terrain.MUD, move_types={MoveType.FLY})
    assert not asks_for_check(Terrain.SHARDS, move_types={MoveType.HOVER})


def test_once_per_move_per_terrain_kind_by_default() -> None:
    """E-TERRAIN-ROLL-1 (E-OPEN-42): one check per movement action on first entering a kind."""
    grid = _strip(Terrain.MUD, Terrain.MUD, Terrain.SHARDS, Terrain.MUD)
    path = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    checks = checks_for_path(grid, path)
    assert [(c.cell, c.terrain) for c in checks] == [
        ((1, 0), Terrain.MUD),
        ((3, 0), Terrain.SHARDS),
    ]
    every = checks_for_path(grid, path, every_field=True)
    assert [c.cell for c in every] == [(1, 0), (2, 0), (3, 0), (4, 0)]


def test_start_field_asks_nothing_and_map_zw_is_used() -> None:
    """E-TERRAIN-ROLL-1: the ZW depends on the surface: the map's ZW per field is used."""
    grid = _strip(Terrain.MUD, targets=[22])
    assert checks_for_path(grid, [(1, 0)]) == []
    assert checks_for_path(grid, [(0, 0), (1, 0)])[0].target == 22


def test_e_terrain_crowd_stops_after_half() -> None:
    """E-TERRAIN-CROWD: a failed check ends the move after half of it (rounded down)."""
    path = [(i, 0) for i in range(6)]  # 5 steps
    assert crowd_stop_index(path) == 2
    assert crowd_stop_index(path[:5]) == 2
    assert crowd_stop_index(path[:1]) == 0


def test_e_terrain_shards_sw_1() -> None:
    """E-TERRAIN-SHARDS: a failure deals SW 1 piercing damage."""
    assert TERRAIN_RULES[Terrain.SHARDS].failure_damage_sw == 1
