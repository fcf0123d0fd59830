"""Genesis combat states and caps: what passive, waiving, immobile combatants may do."""

from __future__ import annotations

from enum import Enum

VEIL_CAP = 15  # 75 % on a d20
VEIL_CAP_INTUITIVE = 12  # 60 %
STAMPFA_CAP = 70
MAMPFA_CAP = 20


class Condition(Enum):
    """A restricted combat state."""

    PASSIVE = "passive"
    WAIVING = "waiving"
    IMMOBILE = "immobile"
    INCAPACITATED = "incapacitated"


class Act(Enum):
    """A kind of action checked against the states."""

    ATTACK = "attack"
    DEFEND = "defend"
    ALLY_PARRY = "ally_parry"
    NEW_SPELL = "new_spell"
    ACTIVE_ABILITY = "active_ability"
    POTION = "potion"
    MOVE = "move"


_FORBIDDEN = {
    Condition.PASSIVE: {
        Act.ATTACK, Act.ALLY_PARRY, Act.NEW_SPELL, Act.ACTIVE_ABILITY, Act.POTION, Act.MOVE,
    },
    Condition.WAIVING: {Act.ATTACK},
    Condition.IMMOBILE: {Act.MOVE},
    Condition.INCAPACITATED: set(Act) - {Act.MOVE},
}  # fmt: skip


def allowed(act: Act, conditions: set[Condition]) -> bool:
    """Return whether ``act`` is allowed under all ``conditions``."""
    return not any(act in _FORBIDDEN[c] for c in conditions)


def veil_value(value: int, intuitive: bool) -> int:
    """Cap a veil effect's d20 value at 15, or 12 if used intuitively."""
    return min(value, VEIL_CAP_INTUITIVE if intuitive else VEIL_CAP)


def stampfa_value(percent: int, critical: bool) -> int:
    """Cap a Stampfa effect at 70 %, a Mampfa at 20 %."""
    return min(percent, MAMPFA_CAP if critical else STAMPFA_CAP)


def area_damage(hits: list[int]) -> int:
    """Return the damage of several area or passive destructions: only the highest."""
    return max(hits, default=0)


def absorb_in_order(damage: int, layers: list[int]) -> int:
    """Absorb damage by fixed layers in protection order (veil .. RS); return the rest."""
    for amount in layers:
        damage = max(0, damage - amount)
    return damage


def le_after_round(le: int, losses: list[int]) -> int:
    """Apply every loss of one KR together, regardless of order."""
    return le - sum(losses)
