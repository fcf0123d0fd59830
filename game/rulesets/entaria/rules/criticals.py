"""Critical hits and failures (section 18): the Schadensarteffekt (SAF) a critical hit brings,
and what a critical failure on an attack costs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, saving_throw
from game.rulesets.entaria.rules.damage import BodyZone, body_zone, random_body_zone
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType

__all__ = [
    "SAF_TABLE",
    "CritFailure",
    "SafEffect",
    "critical_failure_effects",
    "resolve_saf_save",
    "saf_applies",
    "saf_for",
    "saf_insanity_check",
    "saf_zone",
]


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


def saf_applies(*, immune_to_type: bool, immune_to_condition: bool) -> bool:
    """Return whether the SAF of a critical hit takes effect (D-12, E-OPEN-32).

    It does on every critical hit, also when armour leaves no damage: "Bei einem
    kritischen Treffer, gilt zusätzlich ein Schadensarteffekt" (D-12 overrides the
    "damaging hit" of E-OPEN-32). Only immunity to the damage type or to the resulting
    condition keeps it off (E-RES-2, E-RES-3). Mental's insanity check still needs 10+
    damage (``saf_insanity_check``).
    """
    return not immune_to_type and not immune_to_condition


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
