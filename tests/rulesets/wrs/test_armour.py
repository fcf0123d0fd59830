"""Armour points: table, pool, hits and direct wounds (W-ARMOR-*, W-HIT-*, W-WOUND-DIRECT)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.wrs.rules.armour import (
    REPAIR_SKILL,
    REPAIR_SKILL_LEVEL,
    ArmourPiece,
    Body,
    armour_pool,
    full_set_points,
    hits_absorbed,
    piece_points,
    table_points,
    take_direct_wounds,
    take_hit,
    take_hits,
)
from game.rulesets.wrs.rules.attacks import Attack, hits_on_win
from game.rulesets.wrs.rules.terms import ArmourKind, ArmourMaterial, BodyPart, FireMode, Skill
from game.rulesets.wrs.rules.terms import WeaponCategory as W

HALF = Fraction(1, 2)
ALL = frozenset(BodyPart)


@pytest.mark.rule("W-ARMOR-TABLE")
def test_table_rows() -> None:
    for part in BodyPart:
        expected = (1, 2, 3) if part is BodyPart.TORSO else (HALF, 1, Fraction(3, 2))
        got = tuple(table_points(part, m) for m in ArmourMaterial)
        assert got == expected, part


@pytest.mark.rule("W-ARMOR-TABLE", "W-ARMOR-E1")
def test_full_sets_are_6_12_18() -> None:
    assert [full_set_points(m) for m in ArmourMaterial] == [6, 12, 18]


@pytest.mark.rule("W-ARMOR-2")
def test_pool_adds_mixed_materials_before_play() -> None:
    pieces = [
        ArmourPiece(ArmourKind.PLATE, frozenset({BodyPart.TORSO})),
        ArmourPiece(ArmourKind.LEATHER, frozenset({BodyPart.HEAD})),
        ArmourPiece(ArmourKind.CHAIN, frozenset({BodyPart.HANDS})),
    ]
    skills = {ArmourKind.PLATE, ArmourKind.LEATHER, ArmourKind.CHAIN}
    assert armour_pool(pieces, skills) == Fraction(9, 2)


@pytest.mark.rule("W-ARMOR-1")
def test_piece_without_its_armour_skill_adds_nothing() -> None:
    # W-OPEN-9: a missing material skill -> 0 RP
    pieces = [
        ArmourPiece(ArmourKind.PLATE, frozenset({BodyPart.TORSO})),
        ArmourPiece(ArmourKind.LEATHER, frozenset({BodyPart.HEAD})),
    ]
    assert armour_pool(pieces, {ArmourKind.LEATHER}) == HALF
    assert armour_pool(pieces, set()) == 0


@pytest.mark.rule("W-ARMOR-2")
def test_two_pieces_on_one_body_part_are_refused() -> None:
    pieces = [
        ArmourPiece(ArmourKind.PLATE, frozenset({BodyPart.TORSO})),
        ArmourPiece(ArmourKind.BULLETPROOF_VEST, frozenset({BodyPart.TORSO})),
    ]
    with pytest.raises(ValueError, match="TORSO"):
        armour_pool(pieces, set(ArmourKind))


@pytest.mark.rule("W-ARMOR-MOD-1", "W-ARMOR-MOD-2")
def test_bulletproof_vest_scores_like_plate_with_its_skill() -> None:
    vest = ArmourPiece(ArmourKind.BULLETPROOF_VEST, frozenset({BodyPart.TORSO}))
    assert piece_points(vest) == 3
    assert armour_pool([vest], {ArmourKind.PLATE}) == 0  # needs the vest skill
    assert armour_pool([vest], {ArmourKind.BULLETPROOF_VEST}) == 3


@pytest.mark.rule("W-ARMOR-MOD-3")
def test_plastic_protectors_score_like_chain() -> None:
    parts = frozenset({BodyPart.FOREARM_LEFT, BodyPart.FOREARM_RIGHT, BodyPart.TORSO})
    assert piece_points(ArmourPiece(ArmourKind.PLASTIC_PROTECTOR, parts)) == 4


@pytest.mark.rule("W-ARMOR-3", "W-HIT-2")
def test_each_hit_removes_one_point_and_is_absorbed() -> None:
    body = take_hit(Body(Fraction(3)))
    assert body == Body(Fraction(2), 0)


@pytest.mark.rule("W-ARMOR-4", "W-ARMOR-5", "W-ARMOR-E2")
def test_leather_helmet_absorbs_one_hit_then_is_destroyed() -> None:
    body = take_hit(Body(HALF))
    assert body == Body(Fraction(0), 0)
    assert body.armour_destroyed
    assert take_hit(body) == Body(Fraction(0), 1)


@pytest.mark.rule("W-ARMOR-4", "W-ARMOR-E3")
def test_plate_torso_and_leather_head_sequence() -> None:
    body = Body(Fraction(7, 2))
    seen = []
    for _ in range(5):
        body = take_hit(body)
        seen.append((body.armour_points, body.wounds))
    assert seen == [
        (Fraction(5, 2), 0),
        (Fraction(3, 2), 0),
        (HALF, 0),
        (0, 0),
        (0, 1),
    ]


@pytest.mark.rule("W-ARMOR-E1", "W-HIT-3")
@pytest.mark.parametrize("material", list(ArmourMaterial))
def test_full_set_absorbs_its_points_then_wounds(material: ArmourMaterial) -> None:
    points = full_set_points(material)
    n = hits_absorbed(points)
    assert n == points
    assert take_hits(Body(points), n) == Body(Fraction(0), 0)
    assert take_hits(Body(points), n + 1).wounds == 1


@pytest.mark.rule("W-ARMOR-4")
def test_a_pool_absorbs_ceil_points_hits() -> None:
    for points, hits in [(HALF, 1), (Fraction(3, 2), 2), (Fraction(7, 2), 4), (Fraction(0), 0)]:
        assert hits_absorbed(points) == hits
        assert take_hits(Body(points), hits) == Body(Fraction(0), 0)


@pytest.mark.rule("W-FIRE-TEST", "W-FIRE-E1", "W-ARMOR-MOD-5")
def test_example_w_fire_e1_three_hits_on_one_and_a_half_points() -> None:
    attack = Attack(W.AUTOMATIC, frozenset({W.AUTOMATIC}), fire_mode=FireMode.FULL_AUTO, shots=3)
    body = take_hits(Body(Fraction(3, 2)), hits_on_win(attack))
    assert body == Body(Fraction(0), 1)


@pytest.mark.rule("W-ARMOR-7", "W-WOUND-DIRECT", "W-WOUND-E2")
def test_direct_wound_bypasses_armour() -> None:
    body = take_direct_wounds(Body(Fraction(2)), 1)
    assert body == Body(Fraction(2), 1)
    assert take_hit(body) == Body(Fraction(1), 1)


@pytest.mark.rule("W-HIT-1")
def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        take_hits(Body(Fraction(1)), -1)
    with pytest.raises(ValueError, match="negative"):
        take_direct_wounds(Body(Fraction(1)), -1)


@pytest.mark.rule("W-ARMOR-5", "W-ARMOR-6")
def test_destroyed_armour_stays_destroyed_in_battle() -> None:
    # repair happens outside the battle (REPAIR_SKILL level 3); no hit restores points
    body = take_hits(Body(HALF), 4)
    assert body == Body(Fraction(0), 3)
    assert body.armour_destroyed
    assert (REPAIR_SKILL, REPAIR_SKILL_LEVEL) == (Skill.REPAIR_ARMOR_SHIELDS, 3)
