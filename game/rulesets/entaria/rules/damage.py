"""Damage, life points, body zones, fixed hazards and zero-G (sections 13-15, 19, 24, 25).

The order of the damage steps is D-4 (E-OPEN-13): raw = max(0, SW + 1w6 + bonus - armour),
x2 on a critical hit, then immunity -> 0, resistance -> // 2, sensitivity -> x 2. Only the
one division rounds, and it rounds down. ``Damage.raw`` is the value after armour and the
clamp; ``Damage.final`` is what the target loses (after the crit and the affinity).

Which armour counts is armour.py's, healing healing.py's, the effects of critical hits
and failures criticals.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from game.board.dice import Roller
from game.board.grid import Cell
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, saving_throw
from game.rulesets.entaria.rules.terms import Condition, DamageType

__all__ = [
    "DEAD_AT",
    "HAZARDS",
    "ZERO_G_DIRECTIONS",
    "ZERO_G_HURL_FIELDS",
    "Affinity",
    "BodyZone",
    "Damage",
    "DamageType",
    "Hazard",
    "LifeState",
    "apply_affinity",
    "apply_damage",
    "body_zone",
    "combine_affinities",
    "conditions_for_life_state",
    "damage_roll",
    "hazard_damage",
    "life_state",
    "nonlethal_allowed",
    "pick_limb",
    "random_body_zone",
    "shards_damage",
    "zero_g_direction",
    "zero_g_knockaway_save",
    "zero_g_save_required",
]

D6 = 6
D20 = 20


# --- Damage (section 13, 15; D-4, E-OPEN-13) -------------------------------------------------


class Affinity(Enum):
    """How a creature takes one damage type (E-RES-1..4)."""

    NORMAL = "normal"
    RESISTANT = "Resistenz"  # half (E-RES-1)
    IMMUNE = "Immunität"  # none (E-RES-2)
    SENSITIVE = "Empfindlichkeit"  # double (E-RES-4)


def combine_affinities(resistant: bool, sensitive: bool, immune: bool) -> Affinity:
    """Return the affinity a creature has to one type; resistance and sensitivity cancel.

    Immunity wins over both (E-RES-2); resistance and sensitivity together give a normal
    hit (E-OPEN-13 (iv)).
    """
    if immune:
        return Affinity.IMMUNE
    if resistant and sensitive:
        return Affinity.NORMAL
    if resistant:
        return Affinity.RESISTANT
    if sensitive:
        return Affinity.SENSITIVE
    return Affinity.NORMAL


@dataclass(frozen=True)
class Damage:
    """One damage roll: the d6, the value after armour (``raw``), and what the target loses."""

    die: int
    raw: int
    final: int


def apply_affinity(value: int, affinity: Affinity) -> int:
    """Return damage after the affinity: 0 immune, // 2 resistant, x 2 sensitive (E-RES-1..4).

    The last step of every damage procedure (D-4, E-OPEN-13), area fire included
    (E-OPEN-25); the one division rounds down.
    """
    if affinity is Affinity.IMMUNE:
        return 0
    if affinity is Affinity.RESISTANT:
        return value // 2
    if affinity is Affinity.SENSITIVE:
        return value * 2
    return value


def _apply_multipliers(raw: int, *, crit: bool, affinity: Affinity) -> int:
    """Return raw after the critical doubling and the affinity; one floor division at most."""
    return apply_affinity(raw * 2 if crit else raw, affinity)


def damage_from_die(
    sw: int,
    die: int,
    *,
    bonus: int = 0,
    armour: int = 0,
    crit: bool = False,
    affinity: Affinity = Affinity.NORMAL,
) -> Damage:
    """Return the damage for a known d6 (E-DMG-2, E-DMG-3, E-ARMOR-1, D-4, E-OPEN-13).

    ``bonus`` is the NSB in melee; ``armour`` is the effective armour (see
    ``effective_armour``) or PAK for objects (E-OBJ-2). Never negative: armour above the
    roll gives 0, it never heals (E-OPEN-13 (i)).
    """
    if not 1 <= die <= D6:
        raise ValueError(f"a d6 shows 1..6, got {die}")
    if armour < 0:
        raise ValueError(f"armour cannot be negative, got {armour}")
    raw = max(0, sw + die + bonus - armour)
    return Damage(die=die, raw=raw, final=_apply_multipliers(raw, crit=crit, affinity=affinity))


def damage_roll(
    sw: int,
    roller: Roller,
    *,
    bonus: int = 0,
    armour: int = 0,
    crit: bool = False,
    affinity: Affinity = Affinity.NORMAL,
) -> Damage:
    """Roll SW + 1w6 (+ NSB) - armour, double a crit, then apply the affinity (D-4).

    ``Damage.raw`` = max(0, SW + die + bonus - armour); ``Damage.final`` = raw x2 on a
    critical hit (E-CRIT-HIT-2), then 0 (immune), // 2 (resistant) or x2 (sensitive).
    """
    return damage_from_die(
        sw, roller.roll(D6), bonus=bonus, armour=armour, crit=crit, affinity=affinity
    )


# --- Life points (section 14, 24; D-5) --------------------------------------------------------

DEAD_AT = -10  # E-LP-4: -10 or lower is Tod


class LifeState(Enum):
    """What a creature's LP mean (D-5, E-LP-1..4)."""

    OK = "ok"
    UNCONSCIOUS = "Bewusstlos"
    DYING = "Sterbend"
    DEAD = "Tod"


def life_state(lp: int, *, simplified_enemy: bool = False) -> LifeState:
    """Return the state for ``lp``: >= 1 OK, 0 Bewusstlos, -1..-9 Sterbend, <= -10 Tod (D-5).

    A simplified enemy (E-LP-ENEMY-1, a configuration flag) is dead at 0. A non-lethal
    knockdown (E-NONLETHAL-3) leaves the target Bewusstlos even then: the caller passes
    ``simplified_enemy=False`` for it.
    """
    if lp >= 1:
        return LifeState.OK
    if simplified_enemy or lp <= DEAD_AT:
        return LifeState.DEAD
    if lp == 0:
        return LifeState.UNCONSCIOUS
    return LifeState.DYING


_LIFE_STATE_CONDITIONS: Mapping[LifeState, frozenset[Condition]] = MappingProxyType(
    {
        LifeState.OK: frozenset(),
        LifeState.UNCONSCIOUS: frozenset({Condition.UNCONSCIOUS}),  # E-LP-2
        # E-LP-3 with E-COND-STERBEND-1: Sterbend brings Bewusstlos and Verletzt.
        LifeState.DYING: frozenset({Condition.DYING, Condition.UNCONSCIOUS, Condition.WOUNDED}),
        LifeState.DEAD: frozenset({Condition.DEAD}),  # E-LP-4
    }
)


def conditions_for_life_state(state: LifeState) -> frozenset[Condition]:
    """Return the conditions a life state gives (E-LP-2..4, E-COND-STERBEND-1)."""
    return _LIFE_STATE_CONDITIONS[state]


def apply_damage(
    lp: int, damage: int, *, nonlethal: bool = False, simplified_enemy: bool = False
) -> int:
    """Return the LP after losing ``damage``.

    Non-lethal (E-NONLETHAL-2): LP cannot drop below 0, but LP already below 0 stay.
    A simplified enemy (E-LP-ENEMY-1) is dead at 0, so its count stops there too.
    """
    if damage < 0:
        raise ValueError(f"damage is never negative, got {damage}")
    new_lp = lp - damage
    if nonlethal or simplified_enemy:
        return max(new_lp, min(lp, 0))
    return new_lp


def nonlethal_allowed(
    damage_type: DamageType, *, unarmed: bool, melee: bool, ranged: bool = False
) -> bool:
    """Return whether a hit may be made non-lethal (E-NONLETHAL-1).

    Unarmed combat always may; a melee weapon only if it deals Wuchtschaden.
    """
    if ranged:
        return False
    return unarmed or (melee and damage_type is DamageType.BLUDGEONING)


# --- Body zones (section 19) ------------------------------------------------------------------


class BodyZone(Enum):
    """The six body zones (Körperzone, glossary 32.1)."""

    RIGHT_ARM = "Rechter Arm"
    LEFT_ARM = "Linker Arm"
    RIGHT_LEG = "Rechtes Bein"
    LEFT_LEG = "Linkes Bein"
    TORSO = "Rumpf"
    HEAD = "Kopf"

    @property
    def is_arm(self) -> bool:
        return self in (BodyZone.RIGHT_ARM, BodyZone.LEFT_ARM)

    @property
    def is_leg(self) -> bool:
        return self in (BodyZone.RIGHT_LEG, BodyZone.LEFT_LEG)


# Index d20 - 1; the pattern repeats after 10 (E-BODY-RARM .. E-BODY-HEAD).
_ZONE_OF_D10: tuple[BodyZone, ...] = (
    BodyZone.RIGHT_ARM,  # 1, 11
    BodyZone.LEFT_ARM,  # 2, 12
    BodyZone.RIGHT_LEG,  # 3, 13
    BodyZone.RIGHT_LEG,  # 4, 14
    BodyZone.LEFT_LEG,  # 5, 15
    BodyZone.LEFT_LEG,  # 6, 16
    BodyZone.TORSO,  # 7, 17
    BodyZone.TORSO,  # 8, 18
    BodyZone.TORSO,  # 9, 19
    BodyZone.HEAD,  # 10, 20
)


def body_zone(d20: int) -> BodyZone:
    """Return the body zone a d20 shows (E-BODY-1 table)."""
    if not 1 <= d20 <= D20:
        raise ValueError(f"a d20 shows 1..20, got {d20}")
    return _ZONE_OF_D10[(d20 - 1) % 10]


def random_body_zone(roller: Roller) -> BodyZone:
    """Roll 1w20 for the zone of damage that did not come from an attack (E-BODY-2)."""
    return body_zone(roller.roll(D20))


def pick_limb(zone: BodyZone, limb_count: int, roller: Roller) -> int:
    """Return which arm or leg (1..limb_count) is hit (E-BODY-3).

    With more than two arms (legs), the limb is chosen at random among all of them
    with 1w``limb_count``. With two or fewer no die is rolled: 1 is the right limb,
    2 the left one (a single limb is 1).
    """
    if not (zone.is_arm or zone.is_leg):
        raise ValueError(f"{zone.value} is not an arm or a leg")
    if limb_count < 1:
        raise ValueError(f"the creature has no limb of that kind (count {limb_count})")
    if limb_count > 2:
        return roller.roll(limb_count)
    if limb_count == 1:
        return 1
    return 1 if zone in (BodyZone.RIGHT_ARM, BodyZone.RIGHT_LEG) else 2


# --- Hazards that deal fixed-SW damage (E-TERRAIN-SHARDS, E-MOUNT-6/8) -----------------------


@dataclass(frozen=True)
class Hazard:
    """A fixed damage source outside attacks (E-DMG-1: the same damage procedure)."""

    sw: int
    damage_type: DamageType
    condition: Condition | None
    rule_id: str


HAZARDS: Mapping[str, Hazard] = MappingProxyType(
    {
        "shards": Hazard(1, DamageType.PIERCING, None, "E-TERRAIN-SHARDS"),
        "mount_fall": Hazard(1, DamageType.BLUDGEONING, Condition.PRONE, "E-MOUNT-6"),
        "thrown_off_mount": Hazard(3, DamageType.BLUDGEONING, Condition.PRONE, "E-MOUNT-8"),
    }
)


def hazard_damage(
    hazard: Hazard, roller: Roller, *, armour: int = 0, affinity: Affinity = Affinity.NORMAL
) -> Damage:
    """Roll a hazard's damage: SW + 1w6 - armour, like any damage (E-DMG-1, E-DMG-2)."""
    return damage_roll(hazard.sw, roller, armour=armour, affinity=affinity)


def shards_damage(roller: Roller, armour: int = 0) -> Damage:
    """Roll the damage of glass shards or barbed wire: SW 1 Stich (E-TERRAIN-SHARDS)."""
    return hazard_damage(HAZARDS["shards"], roller, armour=armour)


# --- Zero-G (section 25) ----------------------------------------------------------------------

#: Fields a creature is hurled in zero-G (E-ZEROG-3, E-OPEN-46).
ZERO_G_HURL_FIELDS = 5
#: 1w8 -> direction, clockwise from +x (screen right), y down (E-OPEN-46).
ZERO_G_DIRECTIONS: tuple[Cell, ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)


def zero_g_save_required(damage_type: DamageType, *, weightless: bool) -> bool:
    """Return whether a hit forces the zero-G save: Wuchtschaden in weightlessness (E-ZEROG-3)."""
    return weightless and damage_type is DamageType.BLUDGEONING


def zero_g_knockaway_save(
    reflexes: int, roller: Roller, *, has_zero_g_talent: bool, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll Reflexe vs ZW 15 against being hurled; the talent Null-G gives Vorteil (E-ZEROG-3/4)."""
    talent_edge = 1 if has_zero_g_talent else 0
    return saving_throw(
        reflexes, STANDARD_TARGET, roller, edge=edge + talent_edge, modifier=modifier
    )


def zero_g_direction(roller: Roller) -> Cell:
    """Roll 1w8 for the direction a failed save hurls the creature (E-OPEN-46)."""
    return ZERO_G_DIRECTIONS[roller.roll(8) - 1]
