"""Acceptance checks of the rules module against DESIGN.md D-1..D-11 and the worked examples.

Written as an independent reviewer: every test uses only the public API block of
DESIGN.md ("Public API of the rules module"), in the given / when / expected style, and
names the decision (D-n) or worked example (EX-...) it checks. The few names from outside
that block are marked in the docstring of the tests that use them: D-11 (initiative) has
no public API entry, so it goes through ``entaria.rules.initiative``; ``visible_cells`` is
compared with the public ``line_of_sight``.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterable, Sequence

import pytest

from game.board.dice import DiceExhausted, RandomRoller, Roller, ScriptedRoller
from game.board.grid import BattleGrid, Cell, distance
from game.board.movement import find_path, reachable
from game.board.sight import Cover, cover, line_of_sight
from game.board.templates import beam_cells, circle_cells, cone_cells
from game.rulesets.entaria.rules.areas import area_fire_total, distribution_errors
from game.rulesets.entaria.rules.checks import Crit, Roll, success_roll
from game.rulesets.entaria.rules.damage import (
    Affinity,
    BodyZone,
    DamageType,
    LifeState,
    body_zone,
    damage_roll,
    life_state,
)
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.scatter import scatter, scatter_step

# ---------------------------------------------------------------------------- helpers

EAST: Cell = (1, 0)
NORTH: Cell = (0, -1)
SOUTH_WEST: Cell = (-1, 1)


class RecordingRoller:
    """A Roller (duck-typed, as the protocol allows) that records which dice were asked for."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        value = self._values.pop(0)
        assert 1 <= value <= sides, f"test script error: {value} on a d{sides}"
        self.sides.append(sides)
        return value


def rows(text: str) -> list[str]:
    """Return the non-blank rows of an ASCII map (as from_ascii reads it)."""
    return [line for line in text.split("\n") if line.strip()]


def all_cells(grid: BattleGrid) -> list[Cell]:
    return [(x, y) for y in range(grid.height) for x in range(grid.width)]


def square(radius: int, centre: Cell = (0, 0)) -> set[Cell]:
    cx, cy = centre
    return {
        (cx + dx, cy + dy) for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1)
    }


# ============================================================================ D-1


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (1, 1), 1),
        ((0, 0), (3, 4), 4),
        ((0, 0), (5, 5), 5),
        ((2, 7), (9, 1), 7),
        ((-3, -3), (3, 3), 6),
        ((4, 0), (0, 1), 4),
    ],
)
def test_d1_distance_is_chebyshev(a: Cell, b: Cell, expected: int) -> None:
    """D-1: given two fields, when measured, then a diagonal step counts as one field."""
    assert distance(a, b) == expected
    assert distance(b, a) == expected


@pytest.mark.parametrize(
    ("fields", "band"),
    [
        (0, None),
        (1, RangeBand.POINT_BLANK),
        (2, RangeBand.NEAR),
        (4, RangeBand.NEAR),
        (5, RangeBand.MEDIUM),
        (20, RangeBand.MEDIUM),
        (21, RangeBand.LONG),
        (100, RangeBand.LONG),
        (101, RangeBand.EXTREME),
        (1000, RangeBand.EXTREME),
        (1001, None),
        (5000, None),
    ],
)
def test_d1_range_band_edges(fields: int, band: RangeBand | None) -> None:
    """D-1, E-RANGE-KERN/NAH/MITTEL/WEIT/EXTREM: given a distance on a band edge, then the band."""
    assert range_band(fields) is band


@pytest.mark.parametrize(
    ("band", "edge"),
    [
        (RangeBand.POINT_BLANK, -1),
        (RangeBand.NEAR, 0),
        (RangeBand.MEDIUM, 0),
        (RangeBand.LONG, -1),
        (RangeBand.EXTREME, -2),
    ],
)
def test_d1_d2_band_edge_values(band: RangeBand, edge: int) -> None:
    """D-2, E-RANGE-*: Kernschuss and Weit give one Nachteil, Extrem "zweimal Nachteil" = -2."""
    assert band.edge == edge


def test_d1_range_band_of_diagonal_distance() -> None:
    """D-1: given a target 3 fields away diagonally (Euclid 4.2), then it is Nah, and a
    diagonal neighbour is Kernschuss like an orthogonal one."""
    assert range_band(distance((0, 0), (3, 3))) is RangeBand.NEAR
    assert range_band(distance((0, 0), (1, 1))) is RangeBand.POINT_BLANK
    assert range_band(distance((0, 0), (20, 20))) is RangeBand.MEDIUM
    assert range_band(distance((0, 0), (21, 3))) is RangeBand.LONG


def test_d1_reachable_costs_along_diagonals() -> None:
    """D-1, D-10: given an open floor, when moving 3 fields, then every field within
    Chebyshev distance 3 is reachable at exactly that distance (diagonals cost 1)."""
    grid = BattleGrid.from_ascii("\n".join(["." * 9] * 9))
    result = reachable(grid, (4, 4), 3)
    assert set(result) == square(3, (4, 4))
    for cell, cost in result.items():
        assert cost == distance((4, 4), cell)
    assert result[(7, 7)] == 3
    assert result[(4, 4)] == 0


def test_d1_reachable_diagonal_corner_to_corner() -> None:
    """D-1: given a 6x6 open floor, when going from corner to corner, then it costs 5."""
    grid = BattleGrid.from_ascii("\n".join(["." * 6] * 6))
    assert reachable(grid, (0, 0), None)[(5, 5)] == 5
    assert reachable(grid, (0, 0), 4).get((5, 5)) is None
    path = find_path(grid, (0, 0), (5, 5))
    assert path is not None
    assert len(path) == 6


def test_d1_scatter_distance_is_chebyshev() -> None:
    """D-1, D-7: given a diagonal scatter (d20 5 = ahead-right of east) of d6 = 4 on an
    open floor, then the object lands 4 fields (Chebyshev) from the intended field."""
    grid = BattleGrid.from_ascii("\n".join(["." * 20] * 20))
    result = scatter(grid, (2, 5), (8, 5), ScriptedRoller([5, 4]))
    assert result.landing == (12, 9)
    assert distance((8, 5), result.landing) == 4


# ======================================================================== D-2 / D-3


@pytest.mark.parametrize(
    ("edge", "dice", "kept"),
    [
        (0, (12,), 12),
        (1, (5, 17), 17),
        (-1, (5, 17), 5),
        (2, (9, 3, 14), 14),
        (-2, (9, 3, 14), 3),
        (2, (14, 9, 3), 14),
        (-2, (14, 3, 9), 3),
    ],
)
def test_d2_edge_rolls_one_plus_abs_n_dice_and_keeps_extreme(
    edge: int, dice: tuple[int, ...], kept: int
) -> None:
    """D-2: given edge n, when rolling, then 1+|n| d20 are thrown; the highest is kept for
    n > 0, the lowest for n < 0."""
    roller = RecordingRoller(dice)
    roll = success_roll(4, 15, roller, edge=edge)
    assert roller.sides == [20] * (1 + abs(edge))
    assert roll.dice == dice
    assert roll.kept == kept
    assert roll.total == kept + 4


def test_d2_edge_uses_no_more_dice_than_it_needs() -> None:
    """D-2: given edge -2 and exactly three scripted dice, when rolling, then no die is
    missing and the next roll finds the script empty."""
    roller = ScriptedRoller([7, 8, 9])
    roll = success_roll(0, 10, roller, edge=-2)
    assert roll.dice == (7, 8, 9)
    with pytest.raises(DiceExhausted):
        roller.roll(20)


def test_ex_init_1_nachteil_keeps_lower_die() -> None:
    """EX-INIT-1, D-2: given base 8 with Nachteil and dice 11, 18, when rolling initiative
    (target None), then 11 is kept and the initiative is 19, with no success value."""
    roll = success_roll(8, None, ScriptedRoller([11, 18]), edge=-1)
    assert roll == Roll(dice=(11, 18), kept=11, total=19, target=None, success=None, crit=None)


def test_ex_init_2_nachteil_ignores_the_19() -> None:
    """EX-INIT-2, D-2: given base 8 with Nachteil and dice 3, 19, then 3 + 8 = 11."""
    roll = success_roll(8, None, ScriptedRoller([3, 19]), edge=-1)
    assert roll.kept == 3
    assert roll.total == 11
    assert roll.success is None
    assert roll.crit is None


@pytest.mark.parametrize(
    ("kept", "value", "modifier", "target", "success"),
    [
        (10, 5, 0, 15, True),  # exactly the target
        (9, 5, 0, 15, False),  # one short
        (10, 5, -1, 15, False),  # a negative WM subtracts
        (8, 5, 2, 15, True),  # a positive WM adds
        (19, 0, 0, 20, False),  # 19 is no crit
        (2, 13, 0, 15, True),  # 2 is no crit
    ],
)
def test_d3_success_is_total_at_least_target(
    kept: int, value: int, modifier: int, target: int, success: bool
) -> None:
    """D-3, E-CORE-ROLL-2: given a kept d20, value and WM, then success iff total >= ZW."""
    roll = success_roll(value, target, ScriptedRoller([kept]), modifier=modifier)
    assert roll.total == kept + value + modifier
    assert roll.target == target
    assert roll.success is success
    assert roll.crit is None


def test_d3_natural_20_succeeds_at_impossible_total() -> None:
    """D-3, E-CORE-CRIT-2: given value 0 against ZW 100, when the d20 shows 20, then the
    check succeeds and is a critical success."""
    roll = success_roll(0, 100, ScriptedRoller([20]))
    assert roll.total == 20
    assert roll.success is True
    assert roll.crit is Crit.SUCCESS


def test_d3_natural_1_fails_at_sure_total() -> None:
    """D-3, E-CORE-CRIT-1: given value 50 against ZW 5, when the d20 shows 1, then the
    check fails and is a critical failure."""
    roll = success_roll(50, 5, ScriptedRoller([1]))
    assert roll.total == 51
    assert roll.success is False
    assert roll.crit is Crit.FAILURE


@pytest.mark.parametrize(
    ("edge", "dice", "crit", "success"),
    [
        (-1, (20, 3), None, False),  # a discarded 20 is no crit
        (1, (1, 15), None, True),  # a discarded 1 is no crit
        (-1, (1, 15), Crit.FAILURE, False),
        (1, (20, 2), Crit.SUCCESS, True),
        (-2, (20, 20, 5), None, False),
        (2, (1, 1, 20), Crit.SUCCESS, True),
        (2, (1, 1, 1), Crit.FAILURE, False),
        (-2, (20, 20, 20), Crit.SUCCESS, True),
    ],
)
def test_d2_d3_crit_is_read_from_the_kept_die(
    edge: int, dice: tuple[int, ...], crit: Crit | None, success: bool
) -> None:
    """D-2, D-3, E-OPEN-2: given several d20, then only the kept die decides the crit.

    Value 5 against ZW 15: a kept 3 or 5 fails, a kept 15 succeeds on the total.
    """
    roll = success_roll(5, 15, ScriptedRoller(dice), edge=edge)
    assert roll.crit is crit
    assert roll.success is success


@pytest.mark.parametrize(("die", "crit"), [(20, Crit.SUCCESS), (1, Crit.FAILURE), (10, None)])
def test_d3_target_none_gives_no_success_but_keeps_crit(die: int, crit: Crit | None) -> None:
    """D-3, DESIGN API: given target None (initiative), then success is None and the crit
    is still read."""
    roll = success_roll(3, None, ScriptedRoller([die]))
    assert roll.success is None
    assert roll.target is None
    assert roll.crit is crit
    assert roll.total == die + 3


def test_d3_any_roller_object_can_be_injected() -> None:
    """D-3, DESIGN "every roll goes through an injected Roller": a plain object with
    roll(sides) works as a Roller."""
    roller: Roller = RecordingRoller([16])
    roll = success_roll(0, 15, roller)
    assert roll.success is True


def test_scripted_roller_hands_out_values_in_order() -> None:
    """D-2 (dice API): given a script, then the values come out in order, any die size."""
    roller = ScriptedRoller([3, 6, 20, 1])
    assert [roller.roll(6), roller.roll(6), roller.roll(20), roller.roll(4)] == [3, 6, 20, 1]


def test_scripted_roller_raises_dice_exhausted_when_empty() -> None:
    """D-2 (dice API): given an exhausted script, when a die is asked for, then
    DiceExhausted; a check that needs more dice than scripted raises it too."""
    roller = ScriptedRoller([4])
    roller.roll(6)
    with pytest.raises(DiceExhausted):
        roller.roll(6)
    with pytest.raises(DiceExhausted):
        ScriptedRoller([]).roll(20)
    with pytest.raises(DiceExhausted):
        success_roll(0, 10, ScriptedRoller([12]), edge=1)


@pytest.mark.parametrize(("value", "sides"), [(0, 6), (7, 6), (21, 20), (-1, 20), (2, 1)])
def test_scripted_roller_rejects_value_outside_die(value: int, sides: int) -> None:
    """D-2 (dice API): given a scripted value that no d<sides> shows, then ValueError."""
    with pytest.raises(ValueError):
        ScriptedRoller([value]).roll(sides)


def test_scripted_roller_rejects_value_through_success_roll() -> None:
    """D-3 (dice API): given a scripted 21 for a d20 check, then ValueError."""
    with pytest.raises(ValueError):
        success_roll(0, 10, ScriptedRoller([21]))


def test_random_roller_seeded_is_reproducible() -> None:
    """D-2 (dice API, "a match is reproducible from its seed"): given two RandomRollers with
    the same seed, then they produce the same sequence; all values lie in 1..sides."""
    first, second = RandomRoller(1234), RandomRoller(1234)
    sides = [20, 6, 20, 4, 100, 6] * 50
    a = [first.roll(s) for s in sides]
    b = [second.roll(s) for s in sides]
    assert a == b
    assert all(1 <= v <= s for v, s in zip(a, sides, strict=True))
    seven = RandomRoller(7)
    assert {seven.roll(6) for _ in range(600)} == {1, 2, 3, 4, 5, 6}


def test_random_roller_seeded_success_rolls_reproducible() -> None:
    """D-2/D-3: given the same seed, then a run of success rolls with edges is identical."""

    def run(seed: int) -> list[Roll]:
        roller = RandomRoller(seed)
        return [success_roll(3, 12, roller, edge=e) for e in (-2, -1, 0, 1, 2) * 20]

    assert run(99) == run(99)
    assert run(99) != run(100)


def test_random_roller_instances_are_independent() -> None:
    """D-2 (no global random state): rolling one RandomRoller does not change another's
    stream."""
    reference = RandomRoller(5)
    expected = [reference.roll(20) for _ in range(20)]
    untouched, noisy = RandomRoller(5), RandomRoller(6)
    got = []
    for _ in range(20):
        noisy.roll(20)
        got.append(untouched.roll(20))
        random.random()  # the global stream must not matter either
    assert got == expected


# ============================================================================ D-4


def test_ex_dmg_1_laser_rifle() -> None:
    """EX-DMG-1, D-4: given SW 5, d6 3, no armour, ranged (no NSB), then damage 8 and the
    dealer's 11 LP drop to 3 (still fine, D-5)."""
    roller = RecordingRoller([3])
    damage = damage_roll(5, roller)
    assert roller.sides == [6]
    assert (damage.die, damage.raw, damage.final) == (3, 8, 8)
    assert 11 - damage.final == 3
    assert life_state(11 - damage.final) is LifeState.OK


@pytest.mark.parametrize(
    ("sw", "die", "bonus", "armour", "raw"),
    [
        (3, 4, 2, 1, 8),  # NSB in melee adds
        (1, 1, 0, 10, 0),  # clamped at 0, never heals
        (2, 3, 0, 5, 0),  # exactly 0
        (2, 3, 0, 4, 1),
        (0, 6, 0, 0, 6),
    ],
)
def test_d4_raw_is_clamped_sum(sw: int, die: int, bonus: int, armour: int, raw: int) -> None:
    """D-4: given SW, d6, NSB and armour, then raw = max(0, SW + d6 + bonus - armour)."""
    damage = damage_roll(sw, ScriptedRoller([die]), bonus=bonus, armour=armour)
    assert damage.die == die
    assert damage.raw == raw
    assert damage.final == raw


def test_d4_crit_doubles_after_armour() -> None:
    """D-4: given SW 5, d6 3, armour 4 and a critical hit, then raw 4 doubles to 8 (armour
    is subtracted before doubling, not 16 - 4)."""
    damage = damage_roll(5, ScriptedRoller([3]), armour=4, crit=True)
    assert damage.raw == 4
    assert damage.final == 8


def test_d4_crit_cannot_double_a_clamped_zero() -> None:
    """D-4: given armour above the roll and a crit, then the damage stays 0."""
    assert damage_roll(1, ScriptedRoller([1]), armour=5, crit=True).final == 0


@pytest.mark.parametrize(
    ("affinity", "final"),
    [
        (Affinity.NORMAL, 7),
        (Affinity.IMMUNE, 0),
        (Affinity.RESISTANT, 3),  # 7 // 2, rounded down
        (Affinity.SENSITIVE, 14),
    ],
)
def test_d4_affinity(affinity: Affinity, final: int) -> None:
    """D-4, E-RES-1/2/4: given raw 7, then immune 0, resistant 7 // 2 = 3, sensitive 14."""
    damage = damage_roll(4, ScriptedRoller([3]), affinity=affinity)
    assert damage.raw == 7
    assert damage.final == final


@pytest.mark.parametrize(
    ("affinity", "final"),
    [
        (Affinity.NORMAL, 14),
        (Affinity.IMMUNE, 0),
        (Affinity.RESISTANT, 7),  # (7 * 2) // 2, not (7 // 2) * 2 = 6
        (Affinity.SENSITIVE, 28),
    ],
)
def test_d4_crit_then_affinity(affinity: Affinity, final: int) -> None:
    """D-4: the crit doubles raw first, then the affinity applies: raw 7 with a crit."""
    damage = damage_roll(4, ScriptedRoller([3]), crit=True, affinity=affinity)
    assert damage.final == final


def test_d4_resistance_floors_odd_values() -> None:
    """D-4: given raw 1 and resistance, then 1 // 2 = 0."""
    assert damage_roll(0, ScriptedRoller([1]), affinity=Affinity.RESISTANT).final == 0


def test_d4_damage_types_are_the_eleven_of_the_rulebook() -> None:
    """D-4, E-DMGTYPE-2: the 11 damage types of the DESIGN API."""
    names = {
        "PIERCING",
        "SLASHING",
        "BLUDGEONING",
        "POISON",
        "FIRE",
        "COLD",
        "RADIATION",
        "NECROTIC",
        "MENTAL",
        "ENERGY",
        "CHEMICAL",
    }
    assert {t.name for t in DamageType} == names


@pytest.mark.parametrize(
    ("d20", "zone"),
    [
        *[(d, BodyZone.RIGHT_ARM) for d in (1, 11)],
        *[(d, BodyZone.LEFT_ARM) for d in (2, 12)],
        *[(d, BodyZone.RIGHT_LEG) for d in (3, 4, 13, 14)],
        *[(d, BodyZone.LEFT_LEG) for d in (5, 6, 15, 16)],
        *[(d, BodyZone.TORSO) for d in (7, 8, 9, 17, 18, 19)],
        *[(d, BodyZone.HEAD) for d in (10, 20)],
    ],
)
def test_body_zone_table(d20: int, zone: BodyZone) -> None:
    """E-BODY-RARM/LARM/RLEG/LLEG/TORSO/HEAD: given a d20, then the table's body zone."""
    assert body_zone(d20) is zone


# ============================================================================ D-5


@pytest.mark.parametrize(
    ("lp", "state"),
    [
        (30, LifeState.OK),
        (1, LifeState.OK),
        (0, LifeState.UNCONSCIOUS),
        (-1, LifeState.DYING),
        (-5, LifeState.DYING),
        (-9, LifeState.DYING),
        (-10, LifeState.DEAD),
        (-11, LifeState.DEAD),
        (-100, LifeState.DEAD),
    ],
)
def test_d5_life_state_thresholds(lp: int, state: LifeState) -> None:
    """D-5, E-LP-1..4: >= 1 fine; 0 unconscious; -1..-9 dying; <= -10 dead."""
    assert life_state(lp) is state


def test_d5_simplified_enemy_dies_at_zero() -> None:
    """D-5, E-LP-ENEMY-1: a simplified enemy dies at 0 and is fine above.

    Uses the keyword ``simplified_enemy``, which is beyond the DESIGN API signature
    ``life_state(lp)``: D-5 needs some way to mark such creatures.
    """
    assert life_state(0, simplified_enemy=True) is LifeState.DEAD
    assert life_state(-3, simplified_enemy=True) is LifeState.DEAD
    assert life_state(1, simplified_enemy=True) is LifeState.OK


# ============================================================================ D-6


def line(n: int, values: Sequence[int], y: int = 0) -> dict[Cell, int]:
    """Return ``values`` placed on a row of fields starting at (0, y)."""
    assert len(values) == n
    return {(x, y): v for x, v in enumerate(values)}


def test_ex_areafire_1_total() -> None:
    """EX-AREAFIRE-1, D-6: given shotgun SW 3, BEM x1 and d6 2, then total (3 + 2) x 1 = 5,
    from exactly one d6."""
    roller = RecordingRoller([2])
    assert area_fire_total(3, 1, roller) == (2, 5)
    assert roller.sides == [6]


def test_ex_areafire_2_total() -> None:
    """EX-AREAFIRE-2, D-6: given SMG SW 3, BEM x2 and d6 4, then total (3 + 4) x 2 = 14."""
    assert area_fire_total(3, 2, ScriptedRoller([4])) == (4, 14)


@pytest.mark.parametrize(("sw", "m", "die"), [(1, 1, 1), (5, 3, 6), (0, 4, 3)])
def test_d6_total_formula(sw: int, m: int, die: int) -> None:
    """D-6, E-AREAFIRE-4: total = (SW + d6) * m."""
    assert area_fire_total(sw, m, ScriptedRoller([die])) == (die, (sw + die) * m)


@pytest.mark.parametrize(
    "placement",
    [
        {(0, 0): 3, (1, 0): 2},  # [3, 2] on two fields
        {(5, 5): 2, (5, 6): 3},  # vertical pair
        line(5, [1, 1, 1, 1, 1]),  # [1 x 5]
        {(0, 0): 1, (1, 0): 1, (2, 0): 1, (2, 1): 1, (2, 2): 1},  # an L of five
        {(0, 0): 1, (1, 0): 1, (0, 1): 1, (1, 1): 1, (2, 1): 1},  # a block
        {(-1, -1): 3, (-1, 0): 2},  # negative coordinates are fields too
    ],
)
def test_ex_areafire_1_valid_distributions(placement: dict[Cell, int]) -> None:
    """EX-AREAFIRE-1, D-6: given total 5 and SW 3, then these placements are valid."""
    assert distribution_errors(placement, sw=3, total=5) == []


@pytest.mark.parametrize(
    "placement",
    [
        {(0, 0): 4, (1, 0): 1},  # a field with 4 > SW
        {(0, 0): 5},  # all on one field
        {(0, 0): 0, (1, 0): 3, (2, 0): 2},  # a field with 0
        {(0, 0): -1, (1, 0): 3, (2, 0): 3},  # a negative field
    ],
)
def test_ex_areafire_1_invalid_distributions(placement: dict[Cell, int]) -> None:
    """EX-AREAFIRE-1, D-6: given total 5 and SW 3, then a field with 4+ or with 0 (or less)
    is rejected with a message."""
    errors = distribution_errors(placement, sw=3, total=5)
    assert errors
    assert all(isinstance(e, str) and e for e in errors)


def test_ex_areafire_2_valid_distributions() -> None:
    """EX-AREAFIRE-2, D-6: given total 14, SW 3: [3, 3, 3, 3, 2] and [1 x 14] are valid."""
    assert distribution_errors(line(5, [3, 3, 3, 3, 2]), sw=3, total=14) == []
    fourteen = {(x, y): 1 for x in range(7) for y in range(2)}
    assert len(fourteen) == 14
    assert distribution_errors(fourteen, sw=3, total=14) == []
    snake = {(x, 0): 1 for x in range(7)} | {(x, 2): 1 for x in range(1, 7)} | {(6, 1): 1}
    assert len(snake) == 14
    assert distribution_errors(snake, sw=3, total=14) == []


def test_ex_areafire_2_invalid_exceeds_sw() -> None:
    """EX-AREAFIRE-2, D-6: given total 14, SW 3, then [4, 4, 3, 3] is invalid (exceeds SW)."""
    assert distribution_errors(line(4, [4, 4, 3, 3]), sw=3, total=14)


@pytest.mark.parametrize(
    "placement",
    [
        {(0, 0): 3, (1, 1): 2},  # two fields touching at a corner only
        {(0, 0): 2, (1, 1): 2, (2, 2): 1},  # a diagonal chain
        {(0, 0): 1, (1, 0): 1, (2, 1): 3},  # the third joins by a corner only
        {(0, 0): 3, (2, 0): 2},  # a gap
    ],
)
def test_d6_fields_must_be_joined_by_edges(placement: dict[Cell, int]) -> None:
    """D-6, E-AREAFIRE-6: given fields joined only diagonally (or not at all), then rejected."""
    assert sum(placement.values()) == 5
    assert distribution_errors(placement, sw=3, total=5)


@pytest.mark.parametrize(
    "placement",
    [
        {(0, 0): 3, (1, 0): 1},  # 4 placed of 5
        {(0, 0): 3, (1, 0): 3},  # 6 placed of 5
        {(0, 0): 1},
    ],
)
def test_d6_sum_must_equal_total(placement: dict[Cell, int]) -> None:
    """D-6 ("places the whole total"), E-OPEN-24 (iv): given a sum other than the total,
    then rejected."""
    assert distribution_errors(placement, sw=3, total=5)


def test_d6_empty_placement_rejected() -> None:
    """D-6: given a total of 5 and no field, then rejected."""
    assert distribution_errors({}, sw=3, total=5)


def test_d6_values_at_bounds_are_valid() -> None:
    """D-6, E-AREAFIRE-7/8: each field may hold exactly 1 or exactly SW."""
    assert distribution_errors({(0, 0): 1, (0, 1): 4, (0, 2): 4}, sw=4, total=9) == []
    assert distribution_errors({(0, 0): 5}, sw=5, total=5) == []


def test_d6_placement_independent_of_order() -> None:
    """D-6: given the same placement in another insertion order, then the same verdict."""
    forward = {(0, 0): 2, (1, 0): 1, (1, 1): 2}
    backward = dict(reversed(list(forward.items())))
    assert distribution_errors(forward, sw=3, total=5) == []
    assert distribution_errors(backward, sw=3, total=5) == []


# ============================================================================ D-7

# For each d20, the expected step for a flight east, north and south-west. y points down,
# so a thrower looking east has his right hand at +y (south).
_EAST_STEPS: dict[str, Cell] = {
    "ahead": (1, 0),
    "ahead_right": (1, 1),
    "right": (0, 1),
    "back_right": (-1, 1),
    "back": (-1, 0),
    "back_left": (-1, -1),
    "left": (0, -1),
    "ahead_left": (1, -1),
}
_NORTH_STEPS: dict[str, Cell] = {
    "ahead": (0, -1),
    "ahead_right": (1, -1),
    "right": (1, 0),
    "back_right": (1, 1),
    "back": (0, 1),
    "back_left": (-1, 1),
    "left": (-1, 0),
    "ahead_left": (-1, -1),
}
_SOUTH_WEST_STEPS: dict[str, Cell] = {
    "ahead": (-1, 1),
    "ahead_right": (-1, 0),
    "right": (-1, -1),
    "back_right": (0, -1),
    "back": (1, -1),
    "back_left": (1, 0),
    "left": (1, 1),
    "ahead_left": (0, 1),
}


def _diagram_row(d20: int) -> str:
    if d20 <= 4:
        return "ahead"
    if d20 <= 8:
        return "ahead_right"
    if d20 <= 10:
        return "right"
    if d20 == 11:
        return "back_right"
    if d20 <= 13:
        return "back"
    if d20 == 14:
        return "back_left"
    if d20 <= 16:
        return "left"
    return "ahead_left"


@pytest.mark.parametrize("d20", range(1, 21))
@pytest.mark.parametrize(
    ("flight", "table"),
    [(EAST, _EAST_STEPS), (NORTH, _NORTH_STEPS), (SOUTH_WEST, _SOUTH_WEST_STEPS)],
    ids=["east", "north", "south-west"],
)
def test_d7_scatter_step_every_d20(d20: int, flight: Cell, table: dict[str, Cell]) -> None:
    """D-7, E-SCATTER-DIR-*: given a flight direction and a d20, then 1-4 ahead, 5-8
    ahead-right, 9-10 right, 11 back-right, 12-13 back, 14 back-left, 15-16 left, 17-20
    ahead-left, with "right" the thrower's right hand (looking east: +y)."""
    assert tuple(scatter_step(d20, flight)) == table[_diagram_row(d20)]


def test_d7_scatter_diagram_proportions() -> None:
    """D-7, E-SCATTER-DIR-*: over the 20 faces the directions have 4,4,2,1,2,1,2,4 faces."""
    counts: dict[Cell, int] = {}
    for d20 in range(1, 21):
        step = tuple(scatter_step(d20, EAST))
        counts[step] = counts.get(step, 0) + 1
    assert counts == {
        (1, 0): 4,
        (1, 1): 4,
        (0, 1): 2,
        (-1, 1): 1,
        (-1, 0): 2,
        (-1, -1): 1,
        (0, -1): 2,
        (1, -1): 4,
    }


@pytest.mark.parametrize("flight", [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)])
def test_d7_back_is_opposite_and_ahead_is_flight(flight: Cell) -> None:
    """D-7, E-SCATTER-5: for every grid direction, 1-4 continue the flight and 12-13 point
    back toward the thrower; 9-10 and 15-16 are opposite each other."""
    assert tuple(scatter_step(1, flight)) == flight
    assert tuple(scatter_step(12, flight)) == (-flight[0], -flight[1])
    right = scatter_step(9, flight)
    left = scatter_step(15, flight)
    assert (right[0] + left[0], right[1] + left[1]) == (0, 0)


def open_map(width: int, height: int) -> BattleGrid:
    return BattleGrid.from_ascii("\n".join(["." * width] * height))


def test_d7_scatter_rolls_d20_then_d6() -> None:
    """D-7: given a missed throw, when scattering, then the d20 (direction) is rolled before
    the d6 (distance), and the result records both."""
    roller = RecordingRoller([1, 3])
    result = scatter(open_map(20, 11), (0, 5), (5, 5), roller)
    assert roller.sides == [20, 6]
    assert result.direction_roll == 1
    assert result.distance_roll == 3
    assert tuple(result.step) == (1, 0)
    assert result.landing == (8, 5)


@pytest.mark.parametrize(
    ("d20", "d6", "landing"),
    [
        (2, 4, (9, 5)),  # ahead
        (12, 2, (3, 5)),  # back
        (9, 3, (5, 8)),  # right = +y for a flight east
        (15, 3, (5, 2)),  # left = -y
        (6, 2, (7, 7)),  # ahead-right
        (20, 1, (6, 4)),  # ahead-left
        (11, 1, (4, 6)),  # back-right
        (14, 2, (3, 3)),  # back-left
    ],
)
def test_d7_scatter_landing_on_open_floor(d20: int, d6: int, landing: Cell) -> None:
    """D-7: given a throw east from (0, 5) at (5, 5), then the object flies d6 fields in the
    diagram direction from the intended field."""
    result = scatter(open_map(20, 11), (0, 5), (5, 5), ScriptedRoller([d20, d6]))
    assert result.landing == landing


def test_d7_scatter_stops_before_wall() -> None:
    """D-7: given a wall 2 fields beyond the intended field, when the object flies 5 ahead,
    then it stops on the last field before the wall."""
    grid = BattleGrid.from_ascii(
        """
..........
.......#..
..........
"""
    )
    result = scatter(grid, (0, 1), (5, 1), ScriptedRoller([1, 5]))
    assert result.landing == (6, 1)


def test_d7_scatter_stops_before_closed_door_not_open_door() -> None:
    """D-7, DESIGN legend: a closed door stops the object like a wall, an open door does not."""
    closed = BattleGrid.from_ascii("......+...")
    opened = BattleGrid.from_ascii("....../...")
    assert scatter(closed, (0, 0), (3, 0), ScriptedRoller([1, 6])).landing == (5, 0)
    assert scatter(opened, (0, 0), (3, 0), ScriptedRoller([1, 6])).landing == (9, 0)


def test_d7_scatter_wall_right_beyond_target_keeps_target() -> None:
    """D-7: given a wall directly beyond the intended field, then the object stays on it."""
    grid = BattleGrid.from_ascii(".....#....")
    assert scatter(grid, (0, 0), (4, 0), ScriptedRoller([3, 4])).landing == (4, 0)


def test_d7_scatter_stops_at_map_edge() -> None:
    """D-7: given the map edge 1 field beyond the intended field, when the object flies 6,
    then it stays on the map at the edge."""
    grid = open_map(10, 10)
    result = scatter(grid, (0, 5), (8, 5), ScriptedRoller([1, 6]))
    assert result.landing == (9, 5)
    result = scatter(grid, (5, 9), (5, 2), ScriptedRoller([2, 6]))  # flight north
    assert result.landing == (5, 0)
    assert grid.in_bounds(result.landing)


def test_d7_scatter_landing_never_a_wall() -> None:
    """D-7: given walls all around, for every d20/d6 pair the landing is a free field on
    the map, at most d6 fields from the intended field."""
    grid = BattleGrid.from_ascii(
        """
#########
#.......#
#..#....#
#.......#
#....#..#
#.......#
#########
"""
    )
    for d20 in range(1, 21):
        for d6 in range(1, 7):
            result = scatter(grid, (1, 3), (4, 3), ScriptedRoller([d20, d6]))
            assert grid.in_bounds(result.landing)
            assert not grid.is_wall(result.landing)
            assert distance((4, 3), result.landing) <= d6


def test_ex_scatter_1_back_lands_in_front_of_lara() -> None:
    """EX-SCATTER-1, D-7, E-OPEN-28: given Lara at (2, 5) throwing at X = (10, 5), 8 fields,
    when the scatter d20 is 12 (back) and the d6 is 6 (= 8 - 2), then the grenade lands 2
    fields in front of Lara, between her and X."""
    lara, x = (2, 5), (10, 5)
    result = scatter(open_map(16, 11), lara, x, ScriptedRoller([12, 6]))
    assert tuple(result.step) == (-1, 0)
    assert result.landing == (4, 5)
    assert distance(lara, result.landing) == 2


def test_ex_scatter_1_back_on_a_diagonal_throw() -> None:
    """EX-SCATTER-1, D-7: given a diagonal throw from (1, 1) to (7, 7), when d20 13 (back)
    and d6 4, then the grenade comes back toward the thrower, to 2 fields from her."""
    result = scatter(open_map(10, 10), (1, 1), (7, 7), ScriptedRoller([13, 4]))
    assert tuple(result.step) == (-1, -1)
    assert result.landing == (3, 3)
    assert distance((1, 1), result.landing) == 2


@pytest.mark.parametrize(
    ("vector", "snapped"),
    [
        ((5, 0), (1, 0)),
        ((5, 2), (1, 0)),  # 21.8 deg: nearer east
        ((12, 5), (1, 1)),  # 22.6 deg: just past 22.5, nearer south-east
        ((5, 3), (1, 1)),
        ((1, 2), (1, 1)),  # 63.4 deg from east: nearer south-east
        ((2, 5), (0, 1)),  # 68.2 deg: nearer south
        ((-5, -2), (-1, 0)),
        ((-3, -5), (-1, -1)),
        ((0, -4), (0, -1)),
        ((4, -4), (1, -1)),
        ((-1, 6), (0, 1)),
    ],
)
def test_d7_flight_direction_snapped_to_nearest_of_eight(vector: Cell, snapped: Cell) -> None:
    """D-7: given a throw along ``vector``, when d20 = 1 (ahead), then the step is the grid
    direction nearest in angle to the thrower -> target vector."""
    thrower = (15, 15)
    target = (thrower[0] + vector[0], thrower[1] + vector[1])
    result = scatter(open_map(31, 31), thrower, target, ScriptedRoller([1, 1]))
    assert tuple(result.step) == snapped
    assert result.landing == (target[0] + snapped[0], target[1] + snapped[1])


# ============================================================================ D-8


def test_d8_circle_counts_e_open_26() -> None:
    """D-8, E-OPEN-26: given circles round a field centre, then r=1 -> 9, r=2 -> 21,
    r=3 -> 45 fields."""
    assert len(circle_cells((0, 0), 1)) == 9
    assert len(circle_cells((0, 0), 2)) == 21
    assert len(circle_cells((0, 0), 3)) == 45


def test_d8_circle_shapes() -> None:
    """D-8: r=1 is the 3x3 block; r=2 the 5x5 block without its corners; r=3 the 7x7
    block without its corners; centred on any field, negative coordinates included."""
    assert circle_cells((0, 0), 1) == square(1)
    corners2 = {(2, 2), (2, -2), (-2, 2), (-2, -2)}
    assert circle_cells((0, 0), 2) == square(2) - corners2
    corners3 = {(3, 3), (3, -3), (-3, 3), (-3, -3)}
    assert circle_cells((0, 0), 3) == square(3) - corners3
    shifted = {(x + 10, y - 4) for x, y in circle_cells((0, 0), 2)}
    assert circle_cells((10, -4), 2) == shifted


def test_d8_cone_length_1_east() -> None:
    """D-8, E-OPEN-26: given a 90 deg cone of length 1 pointing east, then exactly the 3
    fields of the column in front (not the two beside the emitter, corner contact only)."""
    assert cone_cells((0, 0), 0, 1) == {(1, -1), (1, 0), (1, 1)}


def test_d8_beam_length_3_east() -> None:
    """D-8, E-OPEN-26: given a beam of length 3 pointing east, then exactly 3 fields (the
    neighbouring rows share only an edge)."""
    assert beam_cells((0, 0), 0, 3) == {(1, 0), (2, 0), (3, 0)}


@pytest.mark.parametrize(
    ("angle", "expected"),
    [
        (0, {(1, 0), (2, 0), (3, 0)}),
        (90, {(0, 1), (0, 2), (0, 3)}),  # 90 deg = +y, the screen's down
        (180, {(-1, 0), (-2, 0), (-3, 0)}),
        (270, {(0, -1), (0, -2), (0, -3)}),
        (-90, {(0, -1), (0, -2), (0, -3)}),
        (360, {(1, 0), (2, 0), (3, 0)}),
    ],
)
def test_d8_beam_angles(angle: float, expected: set[Cell]) -> None:
    """D-8: 0 deg = +x, 90 deg = +y (down); given a beam of length 3 from (5, 5)."""
    shifted = {(x + 5, y + 5) for x, y in expected}
    assert beam_cells((5, 5), angle, 3) == shifted


def test_d8_cone_90_points_down() -> None:
    """D-8: given a cone of length 1 at 90 deg, then the row below the origin."""
    assert cone_cells((0, 0), 90, 1) == {(-1, 1), (0, 1), (1, 1)}


@pytest.mark.parametrize("length", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("angle", [0, 30, 45, 90, 135, 200, 315])
def test_d8_origin_never_in_cone_or_beam(angle: float, length: float) -> None:
    """D-8: cones and beams never include the origin field; circles include their centre."""
    assert (3, 3) not in cone_cells((3, 3), angle, length)
    assert (3, 3) not in beam_cells((3, 3), angle, length)
    assert (3, 3) in circle_cells((3, 3), length)


def test_d8_cone_length_2_east() -> None:
    """D-8: given a cone of length 2 east, then the 3-field column and the 3 middle fields
    of the next column; (2, +-2) lie beyond radius 2 (nearest corner at 2.12)."""
    assert cone_cells((0, 0), 0, 2) == {(1, -1), (1, 0), (1, 1), (2, -1), (2, 0), (2, 1)}


def test_d8_diagonal_cone() -> None:
    """D-8: given a cone of length 2 at 45 deg (the +x/+y quadrant), then the 7 fields of
    that quadrant within radius 2, computed by hand; (2, 2) is out (corner at 2.12)."""
    assert cone_cells((0, 0), 45, 2) == {
        (1, 0),
        (0, 1),
        (1, 1),
        (2, 0),
        (0, 2),
        (2, 1),
        (1, 2),
    }


def test_d8_diagonal_beam() -> None:
    """D-8: given a beam of length 2 at 45 deg, then the fields the 1-wide band overlaps:
    (1, 1), its two orthogonal neighbours toward the origin, and (2, 1)/(1, 2); not (2, 2)
    (it starts 2.12 along the axis) and not (2, 0) (0.71 off the axis)."""
    assert beam_cells((0, 0), 45, 2) == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)}


def rotate90(cells: Iterable[Cell]) -> set[Cell]:
    """Return the cells turned by +90 deg about the origin (x -> -y, y -> x: +x goes to +y)."""
    return {(-y, x) for x, y in cells}


@pytest.mark.parametrize("angle", [0, 20, 45, 60, 100])
@pytest.mark.parametrize("length", [2, 3.5, 5])
def test_d8_templates_turn_with_the_angle(angle: float, length: float) -> None:
    """D-8 (any angle, true geometry): given a cone or beam, then the one at angle + 90 deg
    is the same set turned by a quarter turn."""
    assert cone_cells((0, 0), angle + 90, length) == rotate90(cone_cells((0, 0), angle, length))
    assert beam_cells((0, 0), angle + 90, length) == rotate90(beam_cells((0, 0), angle, length))


@pytest.mark.parametrize("angle", [0, 45, 90, 10, 33])
def test_d8_templates_mirror_symmetric(angle: float) -> None:
    """D-8: a cone or beam at -angle is the mirror image (y -> -y) of the one at +angle."""
    for shape in (cone_cells, beam_cells):
        mirrored = {(x, -y) for x, y in shape((0, 0), angle, 4)}
        assert shape((0, 0), -angle, 4) == mirrored


@pytest.mark.parametrize("length", [1, 2, 3, 4, 6])
def test_d8_beam_is_one_field_wide_on_axes(length: int) -> None:
    """D-8, E-AREA-BEAM: an axis-aligned beam of length n covers exactly n fields."""
    assert len(beam_cells((0, 0), 0, length)) == length
    assert len(beam_cells((0, 0), 90, length)) == length


def test_d8_cone_contained_in_its_circle() -> None:
    """D-8: a cone of length L lies inside the circle of radius L about the same centre."""
    for angle in (0, 17, 45, 90, 123, 250):
        assert cone_cells((0, 0), angle, 4) <= circle_cells((0, 0), 4)
        assert beam_cells((0, 0), angle, 4) <= circle_cells((0, 0), 4.5)


# ============================================================================ D-9

LOS_MAP = """
..........
..#.......
..#...+...
..........
.=..%./...
....#.....
..........
"""


def test_d9_walls_block_sight() -> None:
    """D-9: given a wall between two fields, then they do not see each other."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    assert not line_of_sight(grid, (1, 1), (3, 1))
    assert not line_of_sight(grid, (0, 2), (5, 2))
    assert not line_of_sight(grid, (4, 3), (4, 6))


def test_d9_closed_door_blocks_sight_open_door_not() -> None:
    """D-9, DESIGN legend: a closed door ('+') blocks sight, an open door ('/') does not."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    assert not line_of_sight(grid, (4, 2), (8, 2))
    assert line_of_sight(grid, (3, 4), (9, 4))


def test_d9_low_obstacle_and_smoke_do_not_block_sight() -> None:
    """D-9: given '=' and '%' between two fields, then they still see each other."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    assert line_of_sight(grid, (0, 4), (3, 4))  # over '='
    assert line_of_sight(grid, (3, 4), (5, 4))  # through '%'
    assert line_of_sight(grid, (0, 4), (9, 4))  # over '=', through '%' and '/'


def test_d9_creatures_do_not_block_sight() -> None:
    """D-9: given creatures standing on the line, then sight is unchanged."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    crowd = [(1, 3), (2, 3), (3, 3), (5, 3), (6, 3), (7, 3)]
    assert line_of_sight(grid, (0, 3), (9, 3), creatures=crowd)
    assert not line_of_sight(grid, (1, 1), (3, 1), creatures=crowd)


def test_d9_open_floor_everyone_sees_everyone() -> None:
    """D-9: given an open floor, then every pair of fields sees each other."""
    grid = open_map(6, 5)
    cells = all_cells(grid)
    assert all(line_of_sight(grid, a, b) for a in cells for b in cells)


def test_d9_sight_is_symmetric_on_hand_made_map() -> None:
    """D-9: given the hand-made map, for every pair of fields, A sees B iff B sees A."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    cells = all_cells(grid)
    for a in cells:
        for b in cells:
            assert line_of_sight(grid, a, b) == line_of_sight(grid, b, a), (a, b)


def random_map(seed: int, width: int = 11, height: int = 9, walls: float = 0.2) -> str:
    rng = random.Random(seed)
    return "\n".join(
        "".join(
            rng.choices(".#+/=%:", weights=[60, 100 * walls, 4, 4, 6, 4, 6])[0]
            for _ in range(width)
        )
        for _ in range(height)
    )


@pytest.mark.parametrize("seed", range(6))
def test_d9_sight_is_symmetric_on_random_maps(seed: int) -> None:
    """D-9: given seeded random maps of walls, doors, smoke and low obstacles, for every
    pair of fields, A sees B iff B sees A."""
    grid = BattleGrid.from_ascii(random_map(seed))
    cells = all_cells(grid)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert line_of_sight(grid, a, b) == line_of_sight(grid, b, a), (a, b)


@pytest.mark.parametrize("text", [LOS_MAP, random_map(11), random_map(12, walls=0.35)])
def test_d9_visible_cells_agrees_with_line_of_sight(text: str) -> None:
    """D-9: given a map, for every origin and every field, visible_cells agrees with
    line_of_sight.

    ``visible_cells`` is not in the DESIGN API block; it is imported from
    game.board.sight because the rules module documents it as the mask form of
    line_of_sight.
    """
    from game.board.sight import visible_cells

    grid = BattleGrid.from_ascii(text)
    cells = all_cells(grid)
    for origin in cells:
        mask = visible_cells(grid, origin)
        assert mask.shape == (grid.height, grid.width)
        for x, y in cells:
            assert bool(mask[y, x]) == line_of_sight(grid, origin, (x, y)), (origin, (x, y))


COVER_MAP = """
...........
...=.......
...........
.....%.....
...........
.....#.....
...........
"""


def test_d9_cover_none_on_open_line() -> None:
    """D-9: given nothing between attacker and target, then Cover.NONE."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert cover(grid, (0, 0), (10, 0)) is Cover.NONE
    assert cover(grid, (0, 6), (10, 6)) is Cover.NONE


def test_d9_low_obstacle_gives_partial_cover() -> None:
    """D-9, E-COVER-3: given a low obstacle '=' on the line, then Teildeckung."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert cover(grid, (0, 1), (8, 1)) is Cover.PARTIAL
    assert cover(grid, (8, 1), (0, 1)) is Cover.PARTIAL
    assert cover(grid, (3, 0), (3, 4)) is Cover.PARTIAL


def test_d9_smoke_gives_full_cover() -> None:
    """D-9, E-COVER-4: given smoke '%' on the line, then Volldeckung (and sight)."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert line_of_sight(grid, (1, 3), (9, 3))
    assert cover(grid, (1, 3), (9, 3)) is Cover.FULL
    assert cover(grid, (5, 0), (5, 4)) is Cover.FULL


def test_d9_creature_between_gives_partial_cover() -> None:
    """D-9, E-COVER-1: given a creature on the line, then Teildeckung; beside the line,
    nothing."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert cover(grid, (0, 6), (10, 6), creatures=[(4, 6)]) is Cover.PARTIAL
    assert cover(grid, (0, 6), (10, 6), creatures=[(4, 5)]) is Cover.NONE
    assert cover(grid, (0, 6), (4, 2)) is Cover.NONE
    assert cover(grid, (0, 6), (4, 2), creatures=[(2, 4)]) is Cover.PARTIAL


def test_d9_best_cover_counts() -> None:
    """D-9, E-COVER-2 grid reading: given '=' and '%' on one line, then Volldeckung; a
    creature in front of smoke does not lower it."""
    grid = BattleGrid.from_ascii(
        """
.=.%.
"""
    )
    assert cover(grid, (0, 0), (4, 0)) is Cover.FULL
    assert cover(grid, (0, 0), (4, 0), creatures=[(2, 0)]) is Cover.FULL
    assert cover(grid, (0, 0), (2, 0), creatures=[(1, 0)]) is Cover.PARTIAL


def test_d9_cover_is_none_without_sight() -> None:
    """D-9: given a wall or closed door between, then cover is None (no sight)."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert cover(grid, (5, 4), (5, 6)) is None
    door = BattleGrid.from_ascii("..+..")
    assert cover(door, (0, 0), (4, 0)) is None
    opened = BattleGrid.from_ascii("../..")
    assert cover(opened, (0, 0), (4, 0)) is Cover.NONE


def test_d9_end_fields_give_no_cover() -> None:
    """D-9, E-OPEN-15: the attacker's and the target's own fields are left out."""
    grid = BattleGrid.from_ascii("=...%")
    assert cover(grid, (0, 0), (4, 0)) is Cover.NONE
    assert cover(grid, (4, 0), (0, 0)) is Cover.NONE
    assert cover(grid, (0, 0), (4, 0), creatures=[(0, 0), (4, 0)]) is Cover.NONE


def test_d9_adjacent_target_has_no_cover() -> None:
    """D-9: given attacker and target side by side, then nothing lies between them."""
    grid = BattleGrid.from_ascii(COVER_MAP)
    assert cover(grid, (2, 1), (3, 1)) is Cover.NONE
    assert cover(grid, (4, 2), (5, 3)) is Cover.NONE


def test_d9_cover_is_none_exactly_without_sight() -> None:
    """D-9: on the hand-made map, for every pair, cover is None iff there is no sight."""
    grid = BattleGrid.from_ascii(LOS_MAP)
    cells = all_cells(grid)
    for a in cells:
        for b in cells:
            assert (cover(grid, a, b) is None) == (not line_of_sight(grid, a, b)), (a, b)


# ============================================================================ D-10


def test_d10_grid_legend() -> None:
    """D-10, DESIGN legend: walls and closed doors block; difficult ground costs 2."""
    grid = BattleGrid.from_ascii(
        """

.#:~=%+/

"""
    )
    assert (grid.width, grid.height) == (8, 1)
    walls = [grid.is_wall((x, 0)) for x in range(8)]
    assert walls == [False, True, False, False, False, False, True, False]
    costs = {x: grid.step_cost((x, 0)) for x in (0, 2, 3, 4, 5, 7)}
    assert costs == {0: 1, 2: 2, 3: 2, 4: 2, 5: 1, 7: 1}
    assert grid.in_bounds((7, 0))
    assert not grid.in_bounds((8, 0))
    assert not grid.in_bounds((-1, 0))
    assert not grid.in_bounds((0, 1))


def test_grid_rejects_ragged_rows() -> None:
    """DESIGN legend: all rows have equal length."""
    with pytest.raises(ValueError):
        BattleGrid.from_ascii("...\n..")


def test_d10_difficult_ground_costs_two() -> None:
    """D-10, E-TERRAIN-DIFF-1: given a column of difficult ground, when crossing it, then
    entering it costs 2 and the field beyond costs 3 in total."""
    grid = BattleGrid.from_ascii(
        """
.:..
.:..
.:..
"""
    )
    costs = reachable(grid, (0, 1), None)
    assert costs[(1, 1)] == 2
    assert costs[(1, 0)] == 2  # diagonal into difficult ground: also 2
    assert costs[(2, 1)] == 3
    assert costs[(3, 1)] == 4
    assert reachable(grid, (0, 1), 2).get((2, 1)) is None
    assert reachable(grid, (0, 1), 3)[(2, 1)] == 3


def test_d10_leaving_difficult_ground_costs_one() -> None:
    """D-10: the cost depends on the field entered, not the one left."""
    grid = BattleGrid.from_ascii(":..")
    assert reachable(grid, (0, 0), None) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


def test_d10_budget_zero_and_start() -> None:
    """D-10, DESIGN API: the start field has cost 0; budget 0 reaches only it."""
    grid = open_map(5, 5)
    assert reachable(grid, (2, 2), 0) == {(2, 2): 0}
    assert reachable(grid, (2, 2), 1) == {cell: 1 for cell in square(1, (2, 2))} | {(2, 2): 0}


def test_d10_walls_cannot_be_entered() -> None:
    """D-10: given a wall line with a gap, then walls are never reachable and the way
    round through the gap is found."""
    grid = BattleGrid.from_ascii(
        """
..#..
..#..
..#..
.....
"""
    )
    costs = reachable(grid, (0, 0), None)
    assert all((2, y) not in costs for y in range(3))
    assert costs[(4, 0)] == 6  # 3 fields down to the gap at (2, 3), 3 back up
    path = find_path(grid, (0, 0), (4, 0))
    assert path is not None
    assert all(not grid.is_wall(cell) for cell in path)
    assert find_path(grid, (0, 0), (2, 1)) is None


def test_d10_closed_door_blocks_open_door_passes() -> None:
    """D-10, DESIGN legend: a closed door blocks like a wall; an open door is floor."""
    closed = BattleGrid.from_ascii("..+..")
    opened = BattleGrid.from_ascii("../..")
    assert (4, 0) not in reachable(closed, (0, 0), None)
    assert find_path(closed, (0, 0), (4, 0)) is None
    assert reachable(opened, (0, 0), None)[(4, 0)] == 4


def test_d10_enemies_cannot_be_entered() -> None:
    """D-10, E-OBST-1: given an enemy in a one-field corridor, then the fields behind it
    cannot be reached."""
    grid = BattleGrid.from_ascii(
        """
#######
.......
#######
"""
    )
    costs = reachable(grid, (0, 1), None, enemies=[(3, 1)])
    assert set(costs) == {(0, 1), (1, 1), (2, 1)}
    assert find_path(grid, (0, 1), (5, 1), enemies=[(3, 1)]) is None
    assert find_path(grid, (0, 1), (3, 1), enemies=[(3, 1)]) is None


def test_d10_enemy_forces_a_detour() -> None:
    """D-10: given an enemy on the straight line in the open, then the path goes round it."""
    grid = open_map(5, 3)
    path = find_path(grid, (0, 1), (4, 1), enemies=[(2, 1)])
    assert path is not None
    assert (2, 1) not in path
    assert reachable(grid, (0, 1), None, enemies=[(2, 1)])[(4, 1)] == 4


def test_d10_allies_passable_not_endable() -> None:
    """D-10, E-OBST-2: given an ally in a one-field corridor, then the mover passes
    through (cost unchanged) but cannot end on the ally's field."""
    grid = BattleGrid.from_ascii(
        """
#######
.......
#######
"""
    )
    costs = reachable(grid, (0, 1), None, allies=[(3, 1)])
    assert (3, 1) not in costs
    assert costs[(4, 1)] == 4
    assert costs[(6, 1)] == 6
    path = find_path(grid, (0, 1), (6, 1), allies=[(3, 1)])
    assert path is not None
    assert (3, 1) in path
    assert find_path(grid, (0, 1), (3, 1), allies=[(3, 1)]) is None


def test_d10_no_corner_cutting_between_two_walls() -> None:
    """D-10: given walls on both orthogonal neighbours of a diagonal step, then the step is
    not allowed; with one of them open, it is (cost 1)."""
    both = BattleGrid.from_ascii(
        """
.#
#.
"""
    )
    assert reachable(both, (0, 0), None) == {(0, 0): 0}
    assert find_path(both, (0, 0), (1, 1)) is None
    one = BattleGrid.from_ascii(
        """
.#
..
"""
    )
    assert reachable(one, (0, 0), None)[(1, 1)] == 1
    assert find_path(one, (0, 0), (1, 1)) == [(0, 0), (1, 1)]


def test_d10_no_corner_cutting_between_wall_and_closed_door() -> None:
    """D-10: a closed door blocks like a wall, also for the corner rule."""
    grid = BattleGrid.from_ascii(
        """
.+.
#..
...
"""
    )
    costs = reachable(grid, (0, 0), None)
    assert set(costs) == {(0, 0)}


def test_d10_corner_rule_makes_a_detour_longer() -> None:
    """D-10: given a diagonal gap between two walls, then the mover walks round."""
    grid = BattleGrid.from_ascii(
        """
....
.#..
..#.
....
"""
    )
    # (1, 2) -> (2, 1) would squeeze between (1, 1) and (2, 2).
    costs = reachable(grid, (1, 2), None)
    assert costs[(2, 1)] == 3
    path = find_path(grid, (1, 2), (2, 1))
    assert path is not None
    assert len(path) == 4


# --- an independent reference search for D-10 -----------------------------------------

_BLOCKING = set("#+")
_DIFFICULT = set(":~=")


def reference_costs(
    text_rows: Sequence[str], start: Cell, allies: Iterable[Cell] = ()
) -> dict[Cell, int]:
    """Return D-10 costs by a plain Dijkstra written for this test (no enemies)."""
    height, width = len(text_rows), len(text_rows[0])
    ally_set = set(allies)

    def free(cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < width and 0 <= y < height and text_rows[y][x] not in _BLOCKING

    best: dict[Cell, int] = {start: 0}
    queue: list[tuple[int, Cell]] = [(0, start)]
    while queue:
        cost, (x, y) = heapq.heappop(queue)
        if cost > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (x + dx, y + dy)
                if (dx, dy) == (0, 0) or not free(nxt):
                    continue
                if dx and dy and not free((x + dx, y)) and not free((x, y + dy)):
                    continue
                step = 2 if text_rows[nxt[1]][nxt[0]] in _DIFFICULT else 1
                if cost + step < best.get(nxt, 1 << 30):
                    best[nxt] = cost + step
                    heapq.heappush(queue, (cost + step, nxt))
    return {cell: c for cell, c in best.items() if cell not in ally_set}


def path_cost_by_hand(text_rows: Sequence[str], path: Sequence[Cell]) -> int:
    total = 0
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        assert max(abs(x1 - x0), abs(y1 - y0)) == 1, "steps go to one of the 8 neighbours"
        assert text_rows[y1][x1] not in _BLOCKING
        if x1 != x0 and y1 != y0:
            assert text_rows[y0][x1] not in _BLOCKING or text_rows[y1][x0] not in _BLOCKING
        total += 2 if text_rows[y1][x1] in _DIFFICULT else 1
    return total


def movement_map(seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join(rng.choices(".#:=+/", weights=[60, 25, 8, 3, 2, 2])[0] for _ in range(12))
        for _ in range(9)
    ]


@pytest.mark.parametrize("seed", range(8))
def test_d10_reachable_matches_reference_search(seed: int) -> None:
    """D-10: given seeded random maps (walls, doors, difficult ground, allies), then
    reachable agrees with an independent Dijkstra, with and without a budget."""
    text_rows = movement_map(seed)
    grid = BattleGrid.from_ascii("\n".join(text_rows))
    rng = random.Random(seed + 1000)
    free = [c for c in all_cells(grid) if not grid.is_wall(c)]
    start = rng.choice(free)
    allies = [c for c in rng.sample(free, 6) if c != start]
    expected = reference_costs(text_rows, start, allies)
    assert reachable(grid, start, None, allies=allies) == expected
    for budget in (0, 1, 3, 6):
        limited = {c: v for c, v in expected.items() if v <= budget}
        assert reachable(grid, start, budget, allies=allies) == limited


@pytest.mark.parametrize("seed", range(4))
def test_d10_find_path_optimal_and_consistent(seed: int) -> None:
    """D-10: given seeded random maps with allies, for every goal, find_path returns a legal
    path start..goal whose cost equals reachable's cost, and None exactly for the goals
    reachable does not list."""
    text_rows = movement_map(seed)
    grid = BattleGrid.from_ascii("\n".join(text_rows))
    rng = random.Random(seed + 2000)
    free = [c for c in all_cells(grid) if not grid.is_wall(c)]
    start = rng.choice(free)
    allies = [c for c in rng.sample(free, 5) if c != start]
    costs = reachable(grid, start, None, allies=allies)
    for goal in all_cells(grid):
        path = find_path(grid, start, goal, allies=allies)
        if goal not in costs:
            assert path is None, goal
            continue
        assert path is not None, goal
        assert path[0] == start
        assert path[-1] == goal
        assert path_cost_by_hand(text_rows, path) == costs[goal], goal


# ============================================================================ D-11


def test_d11_ex_init_1_order_through_initiative_module() -> None:
    """D-11, EX-INIT-1 (through entaria.rules.initiative, which the DESIGN API block does not
    list): Likron rolls 11/18 with Nachteil (Beschwerlich), base 8 -> 19; he acts before
    both punks [15], who keep roster order."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
        roll_initiative,
    )

    roll = roll_initiative(8, ScriptedRoller([11, 18]), cumbersome=True)
    assert roll.total == 19
    entries = [
        enemy_entry("punk 2", 15, 2),
        character_entry("Likron", roll, 8, 0),
        enemy_entry("punk 1", 15, 1),
    ]
    assert initiative_order(entries) == ["Likron", "punk 1", "punk 2"]


def test_d11_ex_init_2_soldiers_first() -> None:
    """D-11, EX-INIT-2 (via entaria.rules.initiative): Likron 3/19 with Nachteil -> 11; the
    soldiers [20] act before him."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
        roll_initiative,
    )

    roll = roll_initiative(8, ScriptedRoller([3, 19]), cumbersome=True)
    assert roll.total == 11
    entries = [character_entry("Likron", roll, 8, 0), enemy_entry("soldier", 20, 1)]
    assert initiative_order(entries) == ["soldier", "Likron"]


def test_d11_tie_goes_to_higher_base() -> None:
    """D-11, E-INIT-5 (via entaria.rules.initiative): equal initiative, the higher base first,
    whatever the roster order."""
    from game.rulesets.entaria.rules.initiative import character_entry, initiative_order

    entries = [character_entry("low", 15, 5, 0), character_entry("high", 15, 8, 1)]
    assert initiative_order(entries) == ["high", "low"]


def test_d11_enemy_base_is_its_bracket() -> None:
    """D-11 with E-OPEN-6 (enemy base = bracket; via entaria.rules.initiative): a character
    at 15 with base 3 ties an enemy [15]; the enemy's base 15 is higher, so it acts first."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
    )

    entries = [character_entry("hero", 15, 3, 0), enemy_entry("brute", 15, 1)]
    assert initiative_order(entries) == ["brute", "hero"]


def test_d11_characters_before_enemies_on_full_tie() -> None:
    """D-11 (via entaria.rules.initiative): equal initiative and base -> characters first."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
    )

    entries = [enemy_entry("brute", 12, 0), character_entry("hero", 12, 12, 1)]
    assert initiative_order(entries) == ["hero", "brute"]


def test_d11_roster_order_last() -> None:
    """D-11 (via entaria.rules.initiative): all else equal -> roster order, not input order."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
    )

    entries = [
        character_entry("c", 10, 4, 2),
        character_entry("a", 10, 4, 0),
        character_entry("b", 10, 4, 1),
        enemy_entry("y", 10, 4),
        enemy_entry("x", 10, 3),
    ]
    assert initiative_order(entries) == ["x", "y", "a", "b", "c"]


def test_d11_highest_first() -> None:
    """D-11, E-INIT-4 (via game.rulesets.entaria.rules.initiative): descending initiative."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        enemy_entry,
        initiative_order,
    )

    entries = [
        enemy_entry("e9", 9, 0),
        character_entry("c22", 22, 2, 1),
        enemy_entry("e14", 14, 2),
        character_entry("c3", 3, 9, 3),
    ]
    assert initiative_order(entries) == ["c22", "e14", "e9", "c3"]


def test_d11_companion_after_or_before_controller() -> None:
    """D-11, E-INIT-7 (via entaria.rules.initiative): a "C" companion acts directly after its
    controller, or directly before if so marked."""
    from game.rulesets.entaria.rules.initiative import (
        character_entry,
        companion_entry,
        enemy_entry,
        initiative_order,
    )

    base = [
        enemy_entry("first", 20, 0),
        character_entry("vyker", 15, 5, 1),
        enemy_entry("last", 10, 2),
    ]
    after = [*base, companion_entry("spirit", "vyker", 3)]
    assert initiative_order(after) == ["first", "vyker", "spirit", "last"]
    before = [*base, companion_entry("spirit", "vyker", 3, before=True)]
    assert initiative_order(before) == ["first", "spirit", "vyker", "last"]


# ===================================================================== more edge cases


def test_d8_circle_tangent_point_does_not_count() -> None:
    """D-8: a circle of radius 1.5 touches (2, 0) in one point only: still the 3x3 block;
    radius 1.6 adds the 12 fields it now overlaps (21 in all)."""
    assert circle_cells((0, 0), 1.5) == square(1)
    assert len(circle_cells((0, 0), 1.6)) == 21


def _clip(value: int) -> float:
    return max(abs(value) - 0.5, 0.0)


def reference_circle(radius: int) -> set[Cell]:
    """Return the fields whose square comes nearer than ``radius`` to the centre (D-8)."""
    r = radius + 1
    return {
        (i, j)
        for i in range(-r, r + 1)
        for j in range(-r, r + 1)
        if _clip(i) ** 2 + _clip(j) ** 2 < radius**2
    }


def reference_cone_east(length: int) -> set[Cell]:
    """Return a 90 deg cone east by hand: columns i >= 1, rows |j| <= i, within the radius."""
    cells = set()
    for i in range(1, length + 2):
        for j in range(-i, i + 1):
            # the part of the square inside the wedge comes nearest at this corner
            near_y = _clip(j) if abs(j) < i else i - 0.5
            if (i - 0.5) ** 2 + near_y**2 < length**2:
                cells.add((i, j))
    return cells


def reference_cone_south_east(length: int) -> set[Cell]:
    """Return a 90 deg cone at 45 deg by hand: the quadrant x >= 0, y >= 0 (y down)."""
    return {
        (i, j)
        for i in range(length + 2)
        for j in range(length + 2)
        if (i, j) != (0, 0) and _clip(i) ** 2 + _clip(j) ** 2 < length**2
    }


@pytest.mark.parametrize("radius", range(1, 11))
def test_d8_circle_matches_hand_reference(radius: int) -> None:
    """D-8: circles of whole radius agree with the nearest-point rule computed by hand."""
    assert circle_cells((0, 0), radius) == reference_circle(radius)


@pytest.mark.parametrize("length", range(1, 9))
def test_d8_axis_cones_match_hand_reference(length: int) -> None:
    """D-8: cones east, south, west and north agree with the wedge computed by hand."""
    east = reference_cone_east(length)
    assert cone_cells((0, 0), 0, length) == east
    assert cone_cells((0, 0), 90, length) == rotate90(east)
    assert cone_cells((0, 0), 180, length) == rotate90(rotate90(east))
    assert cone_cells((0, 0), 270, length) == rotate90(rotate90(rotate90(east)))


@pytest.mark.parametrize("length", range(1, 9))
def test_d8_diagonal_cones_match_hand_reference(length: int) -> None:
    """D-8: a cone at 45 deg is the +x/+y quadrant within the radius; 135, 225, 315 turn it."""
    quadrant = reference_cone_south_east(length)
    assert cone_cells((0, 0), 45, length) == quadrant
    assert cone_cells((0, 0), 135, length) == rotate90(quadrant)
    assert cone_cells((0, 0), 225, length) == rotate90(rotate90(quadrant))
    assert cone_cells((0, 0), 315, length) == rotate90(rotate90(rotate90(quadrant)))


@pytest.mark.parametrize(
    ("length", "count"), [(0.5, 0), (0.6, 1), (1, 1), (1.5, 1), (1.51, 2), (2.3, 2), (7, 7)]
)
def test_d8_beam_length_counts_fields_it_enters(length: float, count: int) -> None:
    """D-8: an east beam covers (i, 0) once it enters that square with positive area; at
    length 0.5 it only reaches the edge of (1, 0)."""
    assert beam_cells((0, 0), 0, length) == {(i, 0) for i in range(1, count + 1)}


def test_d8_small_diagonal_templates() -> None:
    """D-8: a cone and a beam of length 1 at 45 deg both cover (1, 0), (0, 1), (1, 1)."""
    expected = {(1, 0), (0, 1), (1, 1)}
    assert cone_cells((0, 0), 45, 1) == expected
    assert beam_cells((0, 0), 45, 1) == expected


def test_d10_find_path_to_start_is_start() -> None:
    """D-10, DESIGN API: a path from a field to itself is just that field."""
    assert find_path(open_map(3, 3), (1, 1), (1, 1)) == [(1, 1)]


def reference_costs_with_enemies(
    text_rows: Sequence[str], start: Cell, enemies: Iterable[Cell], allies: Iterable[Cell]
) -> dict[Cell, int]:
    """D-10 with E-OPEN-44: enemies cannot be entered; only terrain closes a corner."""
    enemy_set = set(enemies)
    height, width = len(text_rows), len(text_rows[0])

    def terrain_free(cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < width and 0 <= y < height and text_rows[y][x] not in _BLOCKING

    best: dict[Cell, int] = {start: 0}
    queue: list[tuple[int, Cell]] = [(0, start)]
    while queue:
        cost, (x, y) = heapq.heappop(queue)
        if cost > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (x + dx, y + dy)
                if (dx, dy) == (0, 0) or not terrain_free(nxt) or nxt in enemy_set:
                    continue
                if dx and dy and not terrain_free((x + dx, y)) and not terrain_free((x, y + dy)):
                    continue
                step = 2 if text_rows[nxt[1]][nxt[0]] in _DIFFICULT else 1
                if cost + step < best.get(nxt, 1 << 30):
                    best[nxt] = cost + step
                    heapq.heappush(queue, (cost + step, nxt))
    ally_set = set(allies)
    return {cell: c for cell, c in best.items() if cell not in ally_set}


@pytest.mark.parametrize("seed", range(8))
def test_d10_reachable_with_enemies_matches_reference(seed: int) -> None:
    """D-10, E-OPEN-44: given random maps with enemies and allies, reachable agrees with an
    independent Dijkstra (enemies impassable, allies passable not endable, only walls and
    closed doors close a corner); find_path costs agree and never enter an enemy."""
    text_rows = movement_map(seed + 50)
    grid = BattleGrid.from_ascii("\n".join(text_rows))
    rng = random.Random(seed + 3000)
    free = [c for c in all_cells(grid) if not grid.is_wall(c)]
    start = rng.choice(free)
    others = [c for c in rng.sample(free, 12) if c != start]
    enemies, allies = others[:6], others[6:]
    expected = reference_costs_with_enemies(text_rows, start, enemies, allies)
    assert reachable(grid, start, None, enemies=enemies, allies=allies) == expected
    for goal, cost in expected.items():
        path = find_path(grid, start, goal, enemies=enemies, allies=allies)
        assert path is not None
        assert not set(path) & set(enemies)
        assert path_cost_by_hand(text_rows, path) == cost


def test_d7_thrower_on_target_uses_north() -> None:
    """D-7 with E-OPEN-27: a throw at one's own field has no flight direction; "ahead" is
    the map's north."""
    result = scatter(open_map(11, 11), (5, 5), (5, 5), ScriptedRoller([1, 2]))
    assert result.landing == (5, 3)


def test_d7_diagonal_flight_past_one_wall_continues() -> None:
    """D-7: a diagonal flight that passes one wall corner (no wall entered, one orthogonal
    side open) goes on."""
    grid = BattleGrid.from_ascii(
        """
........
........
......#.
........
........
"""
    )
    # flight east from (0, 2) at (5, 2); d20 5 = ahead-right (1, 1): (5,2) -> (6,3) -> (7,4)
    result = scatter(grid, (0, 2), (5, 2), ScriptedRoller([5, 2]))
    assert result.landing == (7, 4)


def test_d7_diagonal_flight_stops_at_map_edge() -> None:
    """D-7: a diagonal flight stops at the edge of the map."""
    result = scatter(open_map(10, 10), (5, 5), (8, 8), ScriptedRoller([1, 5]))
    assert result.landing == (9, 9)


def test_d9_long_lines() -> None:
    """D-9: long lines (300 fields) are blocked by one wall and symmetric."""
    text = "\n".join(["." * 300, "." * 150 + "#" + "." * 149, "." * 300])
    grid = BattleGrid.from_ascii(text)
    assert not line_of_sight(grid, (0, 1), (299, 1))
    assert not line_of_sight(grid, (299, 1), (0, 1))
    assert line_of_sight(grid, (0, 0), (299, 0))
    assert line_of_sight(grid, (0, 0), (299, 2)) == line_of_sight(grid, (299, 2), (0, 0))


def test_d9_cover_ignores_cover_fields_beside_the_line() -> None:
    """D-9: given many low obstacles inside the bounding box but off the line (0,0)-(40,2),
    then no cover; one '=' on the line gives Teildeckung."""
    row0 = "." * 15 + "=" * 26
    row1 = "." * 41
    row2 = "=" * 26 + "." * 15
    grid = BattleGrid.from_ascii("\n".join([row0, row1, row2]))
    assert cover(grid, (0, 0), (40, 2)) is Cover.NONE
    on_line = "." * 20 + "=" + "." * 20
    grid = BattleGrid.from_ascii("\n".join([row0, on_line, row2]))
    assert cover(grid, (0, 0), (40, 2)) is Cover.PARTIAL


def test_d9_many_creatures_beside_the_line() -> None:
    """D-9: given many creatures off the line, then no cover; one on it gives Teildeckung."""
    grid = open_map(8, 9)
    crowd = [(x, y) for x in range(8) for y in range(9) if y != 4]
    assert cover(grid, (0, 4), (7, 4), creatures=crowd) is Cover.NONE
    assert cover(grid, (0, 4), (7, 4), creatures=[*crowd, (3, 4)]) is Cover.PARTIAL


# ======================================================= D-3, D-4, D-6, D-10 beyond the API
# The parts of these decisions below have no entry in the DESIGN API block; they are
# checked through the rules modules' own names, imported inside each test.


def test_d3_crit_of_player_character_adds_one_impuls() -> None:
    """D-3, E-OPEN-3 (via entaria.rules.checks.impulse_gain, outside the API block): a crit
    rolled for a player character adds 1 Impuls, success or failure; none otherwise, and
    none for an enemy's crit."""
    from game.rulesets.entaria.rules.checks import impulse_gain

    crit_success = success_roll(0, 15, ScriptedRoller([20]))
    crit_failure = success_roll(0, 15, ScriptedRoller([1]))
    plain = success_roll(0, 15, ScriptedRoller([19]))
    assert impulse_gain(crit_success, rolled_by_player_character=True) == 1
    assert impulse_gain(crit_failure, rolled_by_player_character=True) == 1
    assert impulse_gain(plain, rolled_by_player_character=True) == 0
    assert impulse_gain(crit_success, rolled_by_player_character=False) == 0
    discarded = success_roll(0, 15, ScriptedRoller([20, 4]), edge=-1)
    assert impulse_gain(discarded, rolled_by_player_character=True) == 0


def test_d4_armour_same_category_highest_categories_add() -> None:
    """D-4, E-ARMOR-STACK-1/2 (via entaria.rules.damage.effective_armour, outside the API
    block): two worn pieces -> the highest; a dermal piece adds; Teildeckung +2 and
    Volldeckung +5 add to worn armour."""
    from game.rulesets.entaria.rules.armour import ArmourPiece, effective_armour
    from game.rulesets.entaria.rules.terms import ArmorCategory

    vest = ArmourPiece(3, ArmorCategory.WORN)
    jacket = ArmourPiece(2, ArmorCategory.WORN)
    dermal = ArmourPiece(1, ArmorCategory.DERMAL)
    assert effective_armour([vest, jacket]) == 3
    assert effective_armour([vest, jacket, dermal]) == 4
    assert effective_armour([vest], cover=Cover.PARTIAL) == 5
    assert effective_armour([vest], cover=Cover.FULL) == 8
    assert effective_armour([], cover=Cover.NONE) == 0


@pytest.mark.parametrize(
    ("fields", "armour", "save_die", "damage"),
    [
        ((3,), 0, 2, 3),  # failed save (2 + 0 < 15): the field's value
        ((3,), 0, 15, 1),  # passed save: half, rounded down
        ((3, 1, 2), 0, 2, 3),  # several fields: the highest once, not the sum
        ((3, 3), 1, 2, 2),  # armour applies
        ((3, 3), 1, 15, 1),  # armour, then half of that: (3 - 1) // 2
        ((2,), 5, 2, 0),  # armour above the value: nothing
    ],
)
def test_d6_creature_on_hit_fields(
    fields: tuple[int, ...], armour: int, save_die: int, damage: int
) -> None:
    """D-6 (via entaria.rules.areas.area_fire_damage_to_creature, outside the API block):
    Reflexe 0 vs ZW 15; failed -> the field's value minus armour; passed -> half of that
    rounded down; several fields -> the highest once."""
    from game.rulesets.entaria.rules.areas import area_fire_damage_to_creature

    hit = area_fire_damage_to_creature(fields, 0, ScriptedRoller([save_die]), armour=armour)
    assert hit.save.target == 15
    assert hit.damage == damage


@pytest.mark.parametrize(("bew", "walk", "run"), [(6, 3, 9), (5, 2, 7), (1, 1, 1), (2, 1, 3)])
def test_d10_leaving_reach_halves_once_rounded_down_min_1(bew: int, walk: int, run: int) -> None:
    """D-10, E-OPEN-12 (via entaria.rules.movement.movement_allowance, outside the API block):
    leaving an enemy's reach halves the allowance, rounded down once, minimum 1; Laufen
    halves its 3 x BEW."""
    from game.rulesets.entaria.rules.actions import Action
    from game.rulesets.entaria.rules.movement import Halving, movement_allowance

    leaving = [Halving.LEAVING_REACH]
    assert movement_allowance(bew, Action.WALK, halvings=leaving) == walk
    assert movement_allowance(bew, Action.RUN, halvings=leaving) == run


def test_d10_leaving_reach_save_geschick_vs_15_laufen_with_nachteil() -> None:
    """D-10 (via entaria.rules.movement.resolve_disengage, outside the API block): Geschick vs
    ZW 15; Laufen rolls with Nachteil (2 d20, keep the lower); Gehen with one d20."""
    from game.rulesets.entaria.rules.movement import resolve_disengage

    walk = resolve_disengage(3, RecordingRoller([12]), running=False)
    assert (walk.dice, walk.target, walk.success) == ((12,), 15, True)
    run = resolve_disengage(3, RecordingRoller([12, 5]), running=True)
    assert (run.dice, run.kept, run.success) == ((12, 5), 5, False)


def test_d10_loesen_is_exempt_from_leaving_reach() -> None:
    """D-10 (via entaria.rules.movement.disengage_required, outside the API block): a step out
    of an enemy's reach needs the save for Gehen and Laufen, never for Lösen."""
    from game.rulesets.entaria.rules.actions import Action
    from game.rulesets.entaria.rules.movement import disengage_required

    reach = square(1, (5, 5))
    path = [(6, 5), (7, 5)]
    assert disengage_required(Action.WALK, path, reach)
    assert disengage_required(Action.RUN, path, reach)
    assert not disengage_required(Action.DISENGAGE, path, reach)
    assert not disengage_required(Action.WALK, [(7, 5), (8, 5)], reach)
