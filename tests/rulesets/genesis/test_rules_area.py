"""Genesis projectiles, spells and area effects: each test names its G- rule ID."""

from __future__ import annotations

import pytest

from game.rulesets.genesis.rules import area, states
from game.rulesets.genesis.rules.area import AimOutcome, ProjectileKind
from game.rulesets.genesis.rules.ranged import Quadrant

SINGLE, SPELL, AREA = ProjectileKind.SINGLE, ProjectileKind.SPELL, ProjectileKind.AREA


def test_g_shot_1_single_projectiles_share_one_roll_per_direction() -> None:
    """G-SHOT-1 / G-SHOT-DIR-3 (G-SHOT-E2): 2 arrows front, 1 left -> 2 dodge rolls."""
    incoming = [(SINGLE, Quadrant.FRONT), (SINGLE, Quadrant.FRONT), (SINGLE, Quadrant.LEFT)]
    assert area.dodge_rolls(incoming) == 2
    assert area.dodgeable(SINGLE)


def test_g_spell_aw_1_each_spell_needs_its_own_dodge() -> None:
    """G-SPELL-AW-1: two non-projectile spells from the front need two rolls."""
    kind = area.spell_kind(projectile_like=False)
    assert kind is SPELL
    assert area.dodge_rolls([(kind, Quadrant.FRONT), (kind, Quadrant.FRONT)]) == 2


def test_g_spell_aw_2_projectile_like_spells_follow_projectile_rules() -> None:
    """G-SPELL-AW-2: an Energiebatzen joins the arrows of its direction; a fireball is an area."""
    blob = area.spell_kind(projectile_like=True)
    assert blob is SINGLE
    assert area.dodge_rolls([(blob, Quadrant.FRONT), (SINGLE, Quadrant.FRONT)]) == 1
    assert area.spell_kind(projectile_like=True, area=True) is AREA


def test_g_area_1_area_damage_is_one_effect_for_all_in_it() -> None:
    """G-AREA-1 / G-AREA-2: an area projectile is dodged only in its edge zone."""
    assert not area.dodgeable(AREA, in_edge_zone=False)
    assert area.dodgeable(AREA, in_edge_zone=True)


def test_g_area_2_edge_zone_is_the_outermost_ring() -> None:
    """G-AREA-2 (G-OPEN-15): of a plus-shaped area around (0, 0), the four tips are the edge."""
    fields = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)]
    assert area.edge_zone(fields, (0, 0)) == {(2, 0), (-2, 0), (0, 2), (0, -2)}
    assert area.edge_zone([], (0, 0)) == set()


def test_g_area_multi_2_side_effects_apply_in_addition() -> None:
    """G-AREA-MULTI-1 / G-AREA-MULTI-2: only the highest damage, but every side effect."""
    hits = area.area_round([(12, ["reduction_at"]), (20, []), (8, ["burning"])])
    assert hits.damage == 20
    assert hits.side_effects == ("reduction_at", "burning")


def test_g_pdestr_1_passive_destruction_unavoidable_inside() -> None:
    """G-PDESTR-1 / G-PDESTR-2: no dodge inside; dust hail 3 and aura 5 -> 5."""
    assert not area.dodgeable(ProjectileKind.PASSIVE_DESTRUCTION)
    assert area.dodge_rolls([(ProjectileKind.PASSIVE_DESTRUCTION, Quadrant.FRONT)]) == 0
    assert states.area_damage([3, 5]) == 5


def test_g_area_aim_1_estimate_test_only_with_allies_in_the_area() -> None:
    """G-AREA-AIM-1: two fronts face each other: placing it selectively needs the test."""
    assert area.needs_estimate_test(allies_in_area=2)
    assert not area.needs_estimate_test(allies_in_area=0)


@pytest.mark.parametrize(
    ("roll", "outcome"),
    [
        (10, AimOutcome.EXACT),
        (11, AimOutcome.DEVIATION),
        (40, AimOutcome.DEVIATION),
        (41, AimOutcome.INTENTION),
        (70, AimOutcome.INTENTION),
        (71, AimOutcome.EVERYONE),
    ],
)
def test_g_area_aim_table_tiers(roll: int, outcome: AimOutcome) -> None:
    """G-AREA-AIM-TABLE (G-OPEN-15): value 70: <= 10 exact, <= 40 deviation, <= 70 intention."""
    assert area.aim_outcome(70, roll) is outcome


def test_g_area_aim_table_who_is_hit() -> None:
    """G-AREA-AIM-TABLE: exact -> only enemies; -30 -> 2/3 of 7 -> 5; none/all by intention."""
    assert area.enemies_hit(AimOutcome.EXACT, 7, 3, hit_nobody=False) == (7, 0)
    assert area.enemies_hit(AimOutcome.DEVIATION, 7, 3, hit_nobody=False) == (5, 0)
    assert area.enemies_hit(AimOutcome.INTENTION, 7, 3, hit_nobody=True) == (0, 0)
    assert area.enemies_hit(AimOutcome.INTENTION, 7, 3, hit_nobody=False) == (7, 3)
    assert area.enemies_hit(AimOutcome.EVERYONE, 7, 3, hit_nobody=True) == (7, 3)
