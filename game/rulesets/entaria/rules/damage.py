"""Damage, life points, armour, critical hits and body zones (sections 13-19, 24, 25 of entaria.md).

The order of the damage steps is D-4 (E-OPEN-13): raw = max(0, SW + 1w6 + bonus - armour),
x2 on a critical hit, then immunity -> 0, resistance -> // 2, sensitivity -> x 2. Only the
one division rounds, and it rounds down. ``Damage.raw`` is the value after armour and the
clamp; ``Damage.final`` is what the target loses (after the crit and the affinity).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from game.board.dice import Roller
from game.board.grid import Cell, Cover
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, saving_throw, success_roll
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.terms import ArmorCategory, Attribute, Condition, DamageType

__all__ = [
    "BLOCKING_STANCE_ARMOUR",
    "DEAD_AT",
    "HAZARDS",
    "SAF_TABLE",
    "ZERO_G_DIRECTIONS",
    "ZERO_G_HURL_FIELDS",
    "Affinity",
    "ArmourEffects",
    "ArmourPiece",
    "BodyZone",
    "CritFailure",
    "Damage",
    "DamageType",
    "Hazard",
    "LifeState",
    "RevivalCost",
    "SafEffect",
    "apply_affinity",
    "apply_damage",
    "armour_side_effects",
    "blocking_stance_bonus",
    "body_zone",
    "combine_affinities",
    "conditions_for_life_state",
    "critical_failure_effects",
    "damage_roll",
    "effective_armour",
    "hazard_damage",
    "heal",
    "life_state",
    "nonlethal_allowed",
    "pick_limb",
    "random_body_zone",
    "resolve_saf_save",
    "rest_lp",
    "revival_cost",
    "revive",
    "revive_modifier",
    "saf_applies",
    "saf_for",
    "saf_insanity_check",
    "saf_zone",
    "shards_damage",
    "stabilize",
    "stabilize_modifier",
    "stable_coma_ends",
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


def heal(lp: int, amount: int, *, dying: bool, max_lp: int | None = None) -> int:
    """Return the LP after healing ``amount``; Sterbend gains nothing (E-COND-STERBEND-2)."""
    if amount < 0:
        raise ValueError(f"healing is never negative, got {amount}")
    if dying:
        return lp
    healed = lp + amount
    return healed if max_lp is None else min(healed, max(max_lp, lp))


def rest_lp(lp: int, constitution: int, *, max_lp: int | None = None) -> int:
    """Return the LP after a rest: exactly 1 at 0 LP (E-LP-2, E-OPEN-34), else + Kon (E-REST-1)."""
    if lp == 0:
        return 1
    healed = lp + constitution
    return healed if max_lp is None else min(healed, max(max_lp, lp))


def stable_coma_ends(lp: int) -> bool:
    """Return whether Stabiles Koma ends: only at 1 LP or more (E-COND-STABILESKOMA-2).

    While it lasts the creature has Bewusstlos (E-COND-STABILESKOMA-1); when it ends
    the creature gets Erschöpft (E-COND-STABILESKOMA-3, see ``STABLE_COMA_END_CONDITION``).
    """
    return lp >= 1


#: Stabiles Koma brings Bewusstlos (E-COND-STABILESKOMA-1).
STABLE_COMA_CONDITIONS: frozenset[Condition] = frozenset(
    {Condition.STABLE_COMA, Condition.UNCONSCIOUS}
)
#: Gained when Stabiles Koma ends (E-COND-STABILESKOMA-3).
STABLE_COMA_END_CONDITION = Condition.EXHAUSTED


# --- Stabilisieren and Wiederbeleben (E-ACT-VH-STABILISIEREN-*, E-ACT-LH-WIEDERBELEBEN-*) ----


def stabilize_modifier(lp: int) -> int:
    """Return the WM for Stabilisieren: the target's negative LP (E-ACT-VH-STABILISIEREN-1).

    Only a Sterbend creature (LP -1..-9, D-5) can be stabilised; any other LP raise
    ValueError: at 0 or more there is nothing to stabilise, at -10 or less it is Tod.
    """
    if life_state(lp) is not LifeState.DYING:
        raise ValueError(f"only a Sterbend creature (LP -1..-9) is stabilised, got LP {lp}")
    return lp


def stabilize(
    intelligence: int, target_lp: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll Stabilisieren: Intelligenz vs ZW 15, the target's LP as WM (E-OPEN-35: Intelligenz)."""
    return success_roll(
        intelligence,
        STANDARD_TARGET,
        roller,
        edge=edge,
        modifier=modifier + stabilize_modifier(target_lp),
    )


def revive_modifier(minutes_dead_at_start: float) -> int:
    """Return the Wiederbeleben WM: -1 per full minute dead when the attempt starts (E-OPEN-35)."""
    if minutes_dead_at_start < 0:
        raise ValueError("minutes dead cannot be negative")
    return -math.floor(minutes_dead_at_start)


@dataclass(frozen=True)
class RevivalCost:
    """What a revival costs (E-ACT-LH-WIEDERBELEBEN-5)."""

    essence_loss: int
    insanity_checks: int


def revival_cost(minutes_dead_at_success: float) -> RevivalCost:
    """Return the Essenz lost and Wahnsinn checks: one each per full minute dead (E-OPEN-35)."""
    if minutes_dead_at_success < 0:
        raise ValueError("minutes dead cannot be negative")
    minutes = math.floor(minutes_dead_at_success)
    return RevivalCost(essence_loss=minutes, insanity_checks=minutes)


#: One attempt at Wiederbeleben takes a minute (E-ACT-LH-WIEDERBELEBEN-3).
REVIVE_ATTEMPT_MINUTES = 1


def revive(
    intelligence: int,
    minutes_dead_at_start: float,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll Wiederbeleben: Intelligenz vs ZW 15, WM -1 per full minute dead (E-ACT-LH-*-1/2)."""
    return success_roll(
        intelligence,
        STANDARD_TARGET,
        roller,
        edge=edge,
        modifier=modifier + revive_modifier(minutes_dead_at_start),
    )


# --- Armour (section 17; D-4, E-OPEN-36) ------------------------------------------------------

#: Blockadehaltung: Panzerung +2 against melee attacks (E-ACT-VH-BLOCKADE).
BLOCKING_STANCE_ARMOUR = 2


@dataclass(frozen=True)
class ArmourPiece:
    """One source of Panzerung and its category (E-ARMOR-CAT-*).

    ``movement``, ``initiative`` and ``dodge`` are the item's side effects (E-ARMOR-2,
    input data; usually negative).
    """

    value: int
    category: ArmorCategory
    name: str = ""
    movement: int = 0
    initiative: int = 0
    dodge: int = 0

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError(f"armour value cannot be negative, got {self.value} ({self.name})")


def effective_armour(
    pieces: Iterable[ArmourPiece], *, cover: Cover = Cover.NONE, situational: int = 0
) -> int:
    """Return the Panzerung that counts: the highest per category, categories added.

    The same category does not stack (E-ARMOR-STACK-1; the highest counts, E-OPEN-36);
    categories add (E-ARMOR-STACK-2). Cover's armour (``sight.cover_bonus``) is
    Deckungspanzerung and competes with shields (E-ARMOR-CAT-COVER, E-COVER-5).
    ``situational`` (Blockadehaltung +2 against melee, E-ACT-VH-BLOCKADE) lies outside
    the categories and always adds (E-OPEN-36).
    """
    best: dict[ArmorCategory, int] = {}
    for piece in pieces:
        best[piece.category] = max(best.get(piece.category, 0), piece.value)
    bonus = cover_bonus(cover)  # E-COVER-3/4: +2 / +5, as Deckungspanzerung
    best[bonus.category] = max(best.get(bonus.category, 0), bonus.armour)
    return sum(best.values()) + situational


def blocking_stance_bonus(*, blocking: bool, melee: bool) -> int:
    """Return the situational armour of Blockadehaltung: +2 against melee (E-ACT-VH-BLOCKADE)."""
    return BLOCKING_STANCE_ARMOUR if blocking and melee else 0


@dataclass(frozen=True)
class ArmourEffects:
    """The summed side effects of worn armour on other values (E-ARMOR-2)."""

    movement: int = 0
    initiative: int = 0
    dodge: int = 0


def armour_side_effects(pieces: Iterable[ArmourPiece]) -> ArmourEffects:
    """Return the side effects of every piece worn.

    Side effects add up even where the protection does not stack: two vests give the
    armour of one but weigh like two (E-ARMOR-2 with E-ARMOR-STACK-1).
    """
    movement = initiative = dodge = 0
    for piece in pieces:
        movement += piece.movement
        initiative += piece.initiative
        dodge += piece.dodge
    return ArmourEffects(movement=movement, initiative=initiative, dodge=dodge)


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


# --- Critical hits and the SAF (section 18) --------------------------------------------------


@dataclass(frozen=True)
class SafEffect:
    """A damage-type effect (Schadensarteffekt) of a critical hit (section 18.1).

    ``save_attribute``/``save_target``: the Rettungswurf the creature may make at the end
    of each of its turns to lose ``condition`` (E-OPEN-32); None when no save ends it.
    ``cure_target``: the ZW of the medical help that removes it (Strahlung).
    """

    damage_type: DamageType
    condition: Condition | None
    save_attribute: Attribute | None
    save_target: int | None
    ends_how: str
    destroys_equipment_on_zone: bool = False
    limb_rots: bool = False
    insanity_threshold: int | None = None
    cure_target: int | None = None

    @property
    def needs_zone(self) -> bool:
        """Return whether the effect needs the body zone that was hit (Nekro, Chemie)."""
        return self.destroys_equipment_on_zone or self.limb_rots


def _saf(
    damage_type: DamageType,
    condition: Condition,
    attribute: Attribute,
    *,
    destroys_equipment_on_zone: bool = False,
    insanity_threshold: int | None = None,
) -> SafEffect:
    """Return an SAF that a Rettungswurf vs ZW 15 at the end of the creature's turn ends."""
    return SafEffect(
        damage_type=damage_type,
        condition=condition,
        save_attribute=attribute,
        save_target=STANDARD_TARGET,
        ends_how=f"Rettungswurf {attribute.value} vs ZW 15 am Ende des eigenen Zuges",
        destroys_equipment_on_zone=destroys_equipment_on_zone,
        insanity_threshold=insanity_threshold,
    )


SAF_TABLE: Mapping[DamageType, SafEffect] = MappingProxyType(
    {
        # E-CRIT-SAF-STICH ("Blutung" = Blutend)
        DamageType.PIERCING: _saf(DamageType.PIERCING, Condition.BLEEDING, Attribute.REFLEXES),
        # E-CRIT-SAF-HIEB
        DamageType.SLASHING: _saf(DamageType.SLASHING, Condition.STUNNED, Attribute.CONSTITUTION),
        # E-CRIT-SAF-WUCHT: no save, standing up ends it.
        DamageType.BLUDGEONING: SafEffect(
            damage_type=DamageType.BLUDGEONING,
            condition=Condition.PRONE,
            save_attribute=None,
            save_target=None,
            ends_how="Positionsänderung (aufstehen)",
        ),
        # E-CRIT-SAF-GIFT
        DamageType.POISON: _saf(DamageType.POISON, Condition.POISONED, Attribute.CONSTITUTION),
        # E-CRIT-SAF-FEUER
        DamageType.FIRE: _saf(DamageType.FIRE, Condition.BURNING, Attribute.DEXTERITY),
        # E-CRIT-SAF-KAELTE
        DamageType.COLD: _saf(DamageType.COLD, Condition.HYPOTHERMIC, Attribute.CONSTITUTION),
        # E-CRIT-SAF-STRAHLUNG: medical help only, no end-of-turn save.
        DamageType.RADIATION: SafEffect(
            damage_type=DamageType.RADIATION,
            condition=Condition.IRRADIATED,
            save_attribute=None,
            save_target=None,
            ends_how="medizinische Hilfe: Biotech vs ZW 15",
            cure_target=STANDARD_TARGET,
        ),
        # E-CRIT-SAF-NEKRO: the hit body part rots; no condition.
        DamageType.NECROTIC: SafEffect(
            damage_type=DamageType.NECROTIC,
            condition=None,
            save_attribute=None,
            save_target=None,
            ends_how="Körperteil durch Genware oder Cyberware ersetzen",
            limb_rots=True,
        ),
        # E-CRIT-SAF-MENTAL-1/2
        DamageType.MENTAL: _saf(
            DamageType.MENTAL,
            Condition.IN_PAIN,
            Attribute.INTELLIGENCE,
            insanity_threshold=10,
        ),
        # E-CRIT-SAF-ENERGIE
        DamageType.ENERGY: _saf(DamageType.ENERGY, Condition.CRAMPED, Attribute.REFLEXES),
        # E-CRIT-SAF-CHEMIE-1/2
        DamageType.CHEMICAL: _saf(
            DamageType.CHEMICAL,
            Condition.CORRODED,
            Attribute.CONSTITUTION,
            destroys_equipment_on_zone=True,
        ),
    }
)


def saf_for(damage_type: DamageType) -> SafEffect:
    """Return the SAF of a damage type (E-CRIT-HIT-3, E-DMGTYPE-3)."""
    return SAF_TABLE[damage_type]


def saf_applies(final_damage: int, *, immune_to_type: bool, immune_to_condition: bool) -> bool:
    """Return whether the SAF of a critical hit takes effect (E-OPEN-32).

    It does on every critical hit that deals damage, unless the target is immune to the
    damage type or to the resulting condition (E-RES-2, E-RES-3). A crit that armour
    soaks to 0 is no damaging hit.
    """
    return final_damage > 0 and not immune_to_type and not immune_to_condition


def saf_insanity_check(effect: SafEffect, final_damage: int) -> bool:
    """Return whether the hit forces a Wahnsinn check: Mental, 10+ damage (E-CRIT-SAF-MENTAL-2)."""
    return effect.insanity_threshold is not None and final_damage >= effect.insanity_threshold


def resolve_saf_save(
    attribute_value: int, roller: Roller, effect: SafEffect, *, edge: int = 0, modifier: int = 0
) -> Roll | None:
    """Roll the end-of-turn save that ends the SAF condition; None if none is allowed.

    Success removes the condition. Wucht, Strahlung and Nekro allow no such save.
    """
    if effect.save_attribute is None or effect.save_target is None:
        return None
    return saving_throw(attribute_value, effect.save_target, roller, edge=edge, modifier=modifier)


def saf_zone(
    attack_die: int, roller: Roller, *, crit_zone_from_attack_die: bool = False
) -> BodyZone:
    """Return the body zone an SAF (Nekro, Chemie) affects after a critical hit (E-OPEN-29).

    Default (reading B): roll a separate 1w20 on the table. With the switch (reading A)
    the attack die is read, so a natural 20 always means the head.
    """
    if crit_zone_from_attack_die:
        return body_zone(attack_die)
    return random_body_zone(roller)


@dataclass(frozen=True)
class CritFailure:
    """What a critical failure on an attack costs (E-CRIT-FAIL-1..4)."""

    forfeit_rest_of_turn: bool
    empty_magazine: bool
    impulse: int


def critical_failure_effects(
    is_ranged: bool, has_magazine: bool, *, player_character: bool = True
) -> CritFailure:
    """Return the effects of a natural 1 on an attack.

    Every remaining action this round is forfeit, FH and pending triggers included
    (E-CRIT-FAIL-2, E-OPEN-30 (iii)). Only a ranged weapon with a magazine is emptied
    (E-CRIT-FAIL-3, E-OPEN-30 (iv)). The Impuls goes to the group pool, and only for a
    player character's roll (E-CRIT-FAIL-4, E-OPEN-3).
    """
    return CritFailure(
        forfeit_rest_of_turn=True,
        empty_magazine=is_ranged and has_magazine,
        impulse=1 if player_character else 0,
    )


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
