"""The WRS catalogue: the seed's tables (bonuses, fire modes, armour), sample gear and fighters.

Static definitions, OpenXcom style: read from ``game/rulesets/wrs/data/catalogue.toml``
by catalogue_loader.py, checked on load, never changed during a battle. Values the seed
gives carry ``book = True`` (D-17); weapons, shields, armour pieces and fighters the seed
does not give are samples (``sample = True``), easy to replace.

The categories are the terms of ``rules/terms.py``; a piece or fighter hands the pure
rules their own values (``ArmourPiece.rule_piece``, ``Fighter.life_points``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.match.problems import Problem
from game.rulesets.wrs.rules import armour as armour_rules
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    ArmourMaterial,
    BodyPart,
    FireMode,
    ShieldCategory,
    WeaponCategory,
)
from game.rulesets.wrs.rules.wounds import LifePoints

__all__ = [
    "BOOK_FIRE_MODES",
    "FIRE_MODES_OF",
    "ArmourKindRule",
    "ArmourPiece",
    "ArmourRow",
    "CategoryBonus",
    "Fighter",
    "FireModeRule",
    "ShieldBonus",
    "ShieldType",
    "WeaponType",
    "WrsCatalogue",
]


#: The fire modes a firearm category offers (W-FIRE-*); other weapons fire single shots.
FIRE_MODES_OF: Mapping[WeaponCategory, tuple[FireMode, ...]] = MappingProxyType(
    {
        WeaponCategory.REPEATER: (FireMode.REPEATING,),
        WeaponCategory.AUTOMATIC: (FireMode.SEMI_AUTO, FireMode.FULL_AUTO),
    }
)
#: The fire modes the seed gives numbers for (rows of [fire_modes]).
BOOK_FIRE_MODES: tuple[FireMode, ...] = (FireMode.REPEATING, FireMode.SEMI_AUTO, FireMode.FULL_AUTO)


@dataclass(frozen=True)
class CategoryBonus:
    """One line of the weapon bonus list: the PW bonus on attack and on defence."""

    category: WeaponCategory
    name: str
    english: str
    attack: int
    defence: int
    rule: str
    book: bool


@dataclass(frozen=True)
class ShieldBonus:
    """One shield line of the bonus list: the PW bonus on defence."""

    category: ShieldCategory
    name: str
    english: str
    defence: int
    rule: str
    book: bool


@dataclass(frozen=True)
class FireModeRule:
    """A fire mode: the most shots one action fires and the attacker's malus."""

    mode: FireMode
    name: str
    english: str
    max_shots: int
    malus: int
    rule: str
    book: bool


@dataclass(frozen=True)
class ArmourRow:
    """One body part's armour points per column of the table."""

    part: BodyPart
    name: str
    english: str
    leather: float
    chain: float
    plate: float
    book: bool

    def points(self, column: ArmourMaterial) -> float:
        """Return the armour points of this body part in ``column``."""
        return {
            ArmourMaterial.LEATHER: self.leather,
            ArmourMaterial.CHAIN: self.chain,
            ArmourMaterial.PLATE: self.plate,
        }[column]


@dataclass(frozen=True)
class ArmourKindRule:
    """How a kind of armour scores: the table column it counts in (W-ARMOR-MOD-2/3)."""

    kind: ArmourKind
    name: str
    english: str
    column: ArmourMaterial
    rule: str
    book: bool


@dataclass(frozen=True)
class WeaponType:
    """A weapon: its bonus category and, for firearms, the fire modes it offers."""

    key: str
    name: str
    english: str
    category: WeaponCategory
    fire_modes: tuple[FireMode, ...]
    sample: bool
    notes: str


@dataclass(frozen=True)
class ShieldType:
    """A shield of one size category."""

    key: str
    name: str
    english: str
    category: ShieldCategory
    sample: bool
    notes: str


@dataclass(frozen=True)
class ArmourPiece:
    """A piece of armour: its kind and the body parts it covers."""

    key: str
    name: str
    english: str
    kind: ArmourKind
    parts: tuple[BodyPart, ...]
    sample: bool
    notes: str

    def rule_piece(self) -> armour_rules.ArmourPiece:
        """Return the piece as the armour rules take it (kind and covered parts)."""
        return armour_rules.ArmourPiece(self.kind, frozenset(self.parts))


@dataclass(frozen=True)
class Fighter:
    """A fighter: Körper, Geist (percentile, W-OPEN-1), LP a/b/c, skills and equipment."""

    key: str
    name: str
    koerper: int
    geist: int
    life_points: LifePoints
    weapon_skills: frozenset[WeaponCategory]
    shield_skills: frozenset[ShieldCategory]
    armour_skills: frozenset[ArmourKind]
    equipment: tuple[str, ...]
    sample: bool
    notes: str


@dataclass(frozen=True)
class WrsCatalogue:
    """Everything catalogue.toml defines, by key; ``warnings`` are the loader's warnings."""

    categories: Mapping[WeaponCategory, CategoryBonus]
    shield_bonuses: Mapping[ShieldCategory, ShieldBonus]
    fire_modes: Mapping[FireMode, FireModeRule]
    armour_table: Mapping[BodyPart, ArmourRow]
    armour_kinds: Mapping[ArmourKind, ArmourKindRule]
    life_points_example: LifePoints
    weapons: Mapping[str, WeaponType]
    shields: Mapping[str, ShieldType]
    armour: Mapping[str, ArmourPiece]
    fighters: Mapping[str, Fighter]
    warnings: tuple[Problem, ...] = ()

    def piece_points(self, piece: ArmourPiece) -> float:
        """Return the armour points the table gives ``piece`` (its kind's column, summed)."""
        column = self.armour_kinds[piece.kind].column
        return sum(self.armour_table[part].points(column) for part in piece.parts)

    def weapons_of(self, fighter: Fighter) -> tuple[WeaponType, ...]:
        """Return the fighter's weapons in equipment order."""
        return tuple(self.weapons[k] for k in fighter.equipment if k in self.weapons)

    def shields_of(self, fighter: Fighter) -> tuple[ShieldType, ...]:
        """Return the fighter's shields in equipment order."""
        return tuple(self.shields[k] for k in fighter.equipment if k in self.shields)

    def armour_of(self, fighter: Fighter) -> tuple[ArmourPiece, ...]:
        """Return the fighter's armour pieces in equipment order."""
        return tuple(self.armour[k] for k in fighter.equipment if k in self.armour)
