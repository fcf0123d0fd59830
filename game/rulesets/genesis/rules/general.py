"""Genesis general rules: GM and special-rule precedence, scars, armour by location, artefacts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TypeVar

from game.rulesets.genesis.rules.checks import round_half_up
from game.rulesets.genesis.rules.damage import knocked_out
from game.rulesets.genesis.rules.gear import ArmorSlot
from game.rulesets.genesis.rules.rounds import spell_effect_second

T = TypeVar("T")


def gm_ruling(default: T, ruling: T | None) -> T:
    """Return the GM's ruling where one is given, else the engine's value: the GM is right."""
    return default if ruling is None else ruling


def with_precedence(general: T, special: T | None) -> T:
    """Return the special rule's value (ability, spell) where it has one, else the general one."""
    return general if special is None else special


def leaves_scar(sp: int, ws: int) -> bool:
    """Return whether a hit leaves a clearly visible scar: SP above three times WS."""
    return knocked_out(sp, ws)


def shot_effect_second(flight_seconds: float) -> int:
    """Return the second a projectile timed in seconds takes effect, as for a spell."""
    return spell_effect_second(flight_seconds)


def single_defence(defences_per_attack: Mapping[str, int]) -> bool:
    """Return whether each AT faces at most one PA/AW."""
    return all(count <= 1 for count in defences_per_attack.values())


def actions_fit_gw(attacks: float, defences: float, gw: float) -> bool:
    """Return whether ATs and PA/AW over the two KRs fit the GW (the GW count every action)."""
    return attacks + defences <= gw


class Location(Enum):
    """Where a hit lands: the torso in a standard fight, another spot only on GM request."""

    TORSO = "torso"
    HEAD = "head"


_COVERS = {
    ArmorSlot.MAIN: {Location.TORSO},
    ArmorSlot.UNDER: {Location.TORSO, Location.HEAD},
    ArmorSlot.SHIELD: {Location.TORSO},
    ArmorSlot.MAGIC_SHOULDER_PLATES: {Location.TORSO, Location.HEAD},
    ArmorSlot.PLATING: {Location.TORSO},
    ArmorSlot.HELMET: {Location.HEAD},
}


def covers(slot: ArmorSlot, location: Location) -> bool:
    """Return whether armour in ``slot`` protects ``location``."""
    return location in _COVERS[slot]


def rs_at(worn: Mapping[ArmorSlot, int], location: Location = Location.TORSO) -> int:
    """Return the RS worn at ``location``; the torso is the standard hit (no hit locations).

    The shield and the plating count for the torso, which is where standard hits land.
    """
    return sum(rs for slot, rs in worn.items() if covers(slot, location))


class Grip(Enum):
    """How a combatant fights."""

    WEAPON_AND_SHIELD = "weapon_and_shield"
    TWO_WEAPONS = "two_weapons"
    TWO_HANDED = "two_handed"


def grip(hands: Sequence[str]) -> Grip:
    """Return the grip for what is held: "weapon", "shield" or "two_handed" entries."""
    held = sorted(hands)
    if held == ["shield", "weapon"]:
        return Grip.WEAPON_AND_SHIELD
    if held == ["weapon", "weapon"]:
        return Grip.TWO_WEAPONS
    if held == ["two_handed"]:
        return Grip.TWO_HANDED
    raise ValueError(f"not a Genesis grip: {hands}")


def shield_values(pa: int, rs: int, shield_pa: int, shield_rs: int) -> tuple[int, int]:
    """Return (PA, RS) with a shield: it adds its item PA and RS."""
    return pa + shield_pa, rs + shield_rs


def artefact_zw(zw: int) -> int:
    """Return the ZW for making a spell carrier or artefact: halved, rounded half up (assumed)."""
    return round_half_up(zw / 2)
