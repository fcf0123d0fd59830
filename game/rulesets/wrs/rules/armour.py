"""Armour points: the body-part table, the pool, and what a hit or a direct wound does.

W-ARMOR-TABLE, W-ARMOR-1..7, W-ARMOR-MOD-1..3/5, W-HIT-1..3, W-WOUND-DIRECT; coverage
and a missing skill by W-OPEN-9. Points are Fractions: the table has halves.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from game.rulesets.wrs.rules.terms import ArmourKind, ArmourMaterial, BodyPart, Skill

_HALF = Fraction(1, 2)

#: RP of one body part in leather; chain is twice, plate three times (W-ARMOR-TABLE).
_LEATHER: Mapping[BodyPart, Fraction] = MappingProxyType(
    {part: (Fraction(1) if part is BodyPart.TORSO else _HALF) for part in BodyPart}
)
_FACTOR: Mapping[ArmourMaterial, int] = MappingProxyType(
    {ArmourMaterial.LEATHER: 1, ArmourMaterial.CHAIN: 2, ArmourMaterial.PLATE: 3}
)

#: The column each kind of armour scores in (W-ARMOR-MOD-2/3).
SCORES_AS: Mapping[ArmourKind, ArmourMaterial] = MappingProxyType(
    {
        ArmourKind.LEATHER: ArmourMaterial.LEATHER,
        ArmourKind.CHAIN: ArmourMaterial.CHAIN,
        ArmourKind.PLATE: ArmourMaterial.PLATE,
        ArmourKind.BULLETPROOF_VEST: ArmourMaterial.PLATE,
        ArmourKind.PLASTIC_PROTECTOR: ArmourMaterial.CHAIN,
    }
)

#: Skill level the vest skill needs (W-ARMOR-MOD-1, "St. 4/Az."; Az. kept verbatim).
VEST_SKILL_LEVEL = 4
VEST_SKILL_TAG = "Az."
#: The skill and level that repairs destroyed armour (W-ARMOR-5).
REPAIR_SKILL = Skill.REPAIR_ARMOR_SHIELDS
REPAIR_SKILL_LEVEL = 3


def table_points(part: BodyPart, material: ArmourMaterial) -> Fraction:
    """Return the RP of one body part in one material (W-ARMOR-TABLE)."""
    return _LEATHER[part] * _FACTOR[material]


def full_set_points(material: ArmourMaterial) -> Fraction:
    """Return the RP of all eleven rows in one material: 6 / 12 / 18 (W-ARMOR-TABLE)."""
    return sum((table_points(part, material) for part in BodyPart), Fraction(0))


@dataclass(frozen=True)
class ArmourPiece:
    """One worn piece: its kind and the body parts it covers (W-OPEN-9: item data)."""

    kind: ArmourKind
    covers: frozenset[BodyPart]


def piece_points(piece: ArmourPiece) -> Fraction:
    """Return the RP a piece scores in its kind's column (W-ARMOR-TABLE, W-ARMOR-MOD)."""
    material = SCORES_AS[piece.kind]
    return sum((table_points(part, material) for part in piece.covers), Fraction(0))


def armour_pool(pieces: Iterable[ArmourPiece], skills: Collection[ArmourKind]) -> Fraction:
    """Return the RP pool before play: the sum of all pieces, materials mixed
    (W-ARMOR-2); a piece whose armour skill is missing adds 0 (W-ARMOR-1, W-OPEN-9).

    Raise ValueError if two pieces cover the same body part."""
    seen: set[BodyPart] = set()
    total = Fraction(0)
    for piece in pieces:
        overlap = seen & piece.covers
        if overlap:
            names = ", ".join(sorted(part.name for part in overlap))
            raise ValueError(f"two armour pieces cover the same body part: {names}")
        seen |= piece.covers
        if piece.kind in skills:
            total += piece_points(piece)
    return total


@dataclass(frozen=True)
class Body:
    """A character's damage track: the RP left and the wounds taken."""

    armour_points: Fraction
    wounds: int = 0

    @property
    def armour_destroyed(self) -> bool:
        """Return whether no RP are left: armour gives no protection (W-ARMOR-5)."""
        return self.armour_points <= 0


def take_hit(body: Body) -> Body:
    """Apply one hit: RP >= 1 lose 1, 0 < RP < 1 drop to 0, both absorbed; without
    RP the hit is a wound (W-ARMOR-3, W-ARMOR-4, W-HIT-2, W-HIT-3)."""
    if body.armour_points >= 1:
        return Body(body.armour_points - 1, body.wounds)
    if body.armour_points > 0:
        return Body(Fraction(0), body.wounds)
    return Body(body.armour_points, body.wounds + 1)


def take_hits(body: Body, hits: int) -> Body:
    """Apply ``hits`` hits one after another (W-HIT-1, W-FIRE-TEST)."""
    if hits < 0:
        raise ValueError(f"hits cannot be negative, got {hits}")
    for _ in range(hits):
        body = take_hit(body)
    return body


def take_direct_wounds(body: Body, wounds: int) -> Body:
    """Add direct wounds; RP are neither used nor reduced (W-ARMOR-7, W-WOUND-DIRECT)."""
    if wounds < 0:
        raise ValueError(f"wounds cannot be negative, got {wounds}")
    return Body(body.armour_points, body.wounds + wounds)


def hits_absorbed(armour_points: Fraction) -> int:
    """Return how many hits a pool absorbs: ceil(RP) (derived from W-ARMOR-3/4)."""
    return max(0, -(-armour_points.numerator // armour_points.denominator))
