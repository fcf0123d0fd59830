"""The Genesis catalogue: the seed's stray values (book) and sample fighters and weapons.

Static definitions, OpenXcom style: read from ``game/rulesets/genesis/data/catalogue.toml``
by catalogue_loader.py, checked on load, never changed during a battle. Values the seed
gives carry ``book = True`` (D-17: AT 85, AW 64, WS 20, the stone, the grappling hook,
the chair); every other fighter, weapon and armour piece is a sample (``sample = True``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from game.rulesets.genesis.rules.gear import ArmorSlot

__all__ = [
    "ArmorSlot",
    "GenesisArmour",
    "GenesisCatalogue",
    "GenesisFighter",
    "GenesisWeapon",
    "WeaponKind",
]


class WeaponKind(Enum):
    """How a weapon is used: in melee, as a missile weapon, thrown object or throwing set."""

    MELEE = "melee"  # Nahkampfwaffe: the 8 neighbouring fields, or ``reach`` fields
    MISSILE = "missile"  # Schusswaffe: combat range, maximum range, reload (G-RANGE-*, G-RELOAD-*)
    THROWN = "thrown"  # Wurfgegenstand: range base + KK + talent (G-THROW-*)
    THROWING = "throwing"  # Wurfwaffe in sets: RW + KK + throwing talent (G-TWPN-*)


@dataclass(frozen=True)
class GenesisWeapon:
    """A weapon: its TP dice, AT/PA bonus, weight class, reach, ranges and reload."""

    key: str
    name: str
    english: str
    kind: WeaponKind
    #: TP as dice: ``dice`` d``sides`` + ``plus`` ("1W" = 1W6, G-OPEN-6).
    dice: int = 1
    sides: int = 6
    plus: int = 0
    at_bonus: int = 0
    pa_bonus: int = 0
    #: light, semi_light, medium, heavy (surplus AD, G-SURPLUS-4).
    weight: str = "medium"
    #: Melee reach in fields; more than 1 is a reach weapon (Infanteriewaffe, G-SURROUND-2).
    reach: int = 1
    #: Missile weapons: combat range and maximum range in m (G-RANGE-DIST-1).
    combat_range: int = 0
    max_range: int = 0
    #: Thrown objects and throwing weapons: range base (RW) in m; halved final range.
    range_base: int = 0
    halved_range: bool = False
    #: KRs between two shots (0: no reload; G-RELOAD-1, stored per G-OPEN-3).
    reload_kr: int = 0
    shock: int = 0
    two_handed: bool = False
    #: Extra TP dice d6 (the chair's TP bonus 1W6, G-THROW-CHAIR).
    extra_d6: int = 0
    book: bool = False
    sample: bool = False
    notes: str = ""
    #: A passive TP bonus in per cent (a weapon bonus, G-BONUS-PASSIVE-1, G-PCT-2).
    tp_percent: int = 0

    @property
    def ranged(self) -> bool:
        """Return whether the weapon attacks at a distance."""
        return self.kind is not WeaponKind.MELEE

    def tp_text(self) -> str:
        """Return the TP as the rulebook writes them ("1W6+4")."""
        text = f"{self.dice}W{self.sides}"
        if self.extra_d6:
            text += f"+{self.extra_d6}W6"
        if self.plus:
            text += f"{self.plus:+d}"
        return text


@dataclass(frozen=True)
class GenesisArmour:
    """An armour piece for one of the six slots (G-ARMOR-SLOTS); a shield adds PA."""

    key: str
    name: str
    english: str
    slot: ArmorSlot
    rs: int
    pa_bonus: int = 0
    book: bool = False
    sample: bool = False
    notes: str = ""


@dataclass(frozen=True)
class GenesisFighter:
    """A fighter's values: AT/PA/AW on the d100, INI, GW per two KR, LE, WS, AD and gear."""

    key: str
    name: str
    english: str
    at: int
    pa: int
    aw: int
    ini: int
    #: GW per two KR, a multiple of 0.5 (G-GW-1/2, stored per G-OPEN-3).
    gw: float
    le: int
    ws: int
    ad: int
    #: Movement speed in m/s (G-OPEN-9): floor(GS x 2) fields per KR.
    gs: float = 3.0
    kk: int = 10
    #: Highest melee weapon talent value (WTW, G-THROW-2) and throwing-weapon talent.
    wtw: int = 10
    throwing_talent: int = 0
    self_control: int = 0
    kbh: int = 0
    size: str = "human"
    #: Fights with missile weapons (INI malus, time stands still in KR 1: G-INI-*).
    shooter: bool = False
    throwing_specialist: bool = False
    weapons: tuple[str, ...] = ()
    armour: tuple[str, ...] = ()
    character: bool = False
    book: bool = False
    sample: bool = False
    notes: str = ""
    image: str = ""
    #: A combat-long enhancement of the TP in per cent (Kampfverstärkung, G-BONUS-ENH-1).
    enhancement_tp_percent: int = 0
    #: The Megaschlag's TP bonus in per cent (active, once per KR; 0: the fighter has none).
    #: The text gives only its +50 % (G-PCT-E1); the ability itself is G-OPEN-21.
    megaschlag: int = 0
    #: The KR in which the fighter joins the fight (Kampfeinstieg, G-JOIN-*); 0 and 1:
    #: from the start. A mission sets it per creature (``values.joins_kr``).
    joins_kr: int = 0


@dataclass(frozen=True)
class GenesisCatalogue:
    """Every Genesis definition by key."""

    weapons: Mapping[str, GenesisWeapon] = field(default_factory=lambda: MappingProxyType({}))
    armour: Mapping[str, GenesisArmour] = field(default_factory=lambda: MappingProxyType({}))
    fighters: Mapping[str, GenesisFighter] = field(default_factory=lambda: MappingProxyType({}))

    def weapons_of(self, fighter: GenesisFighter) -> tuple[GenesisWeapon, ...]:
        """Return the fighter's weapons, in its order."""
        return tuple(self.weapons[k] for k in fighter.weapons if k in self.weapons)

    def armour_of(self, fighter: GenesisFighter) -> tuple[GenesisArmour, ...]:
        """Return the fighter's armour pieces, in its order."""
        return tuple(self.armour[k] for k in fighter.armour if k in self.armour)
