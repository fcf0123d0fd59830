"""What held conditions allow and cost: acting, senses, being targeted or healed,
movement (BEW, halvings, E-OPEN-12) and the LP lost to them.
"""

from __future__ import annotations

from game.rulesets.entaria.rules.conditions import HALVING_CONDITIONS, Faculty, MovementRestriction
from game.rulesets.entaria.rules.held_conditions import Held, as_condition_set, closure, held_rules
from game.rulesets.entaria.rules.terms import Condition

__all__ = [
    "bew_after_conditions",
    "can_act",
    "can_be_healed",
    "can_be_targeted",
    "can_speak",
    "can_wield_melee_weapon",
    "halve_movement",
    "halving_count",
    "initiative_override",
    "lp_loss_at_turn_start",
    "lp_loss_per_hour",
    "magic_points_regenerate",
    "movement_cost_factor",
    "movement_restrictions",
    "overload_level",
    "perceives",
    "radiation_lp_regained",
    "reduced_bew",
]


# --- abilities and movement --------------------------------------------------------------


def can_act(held: Held, *, base_bew: int | None = None) -> bool:
    """Return whether the creature may take any FH, HH, VH or LH (E-COND-HANDLUNGSUNFAEHIG)."""
    return all(rule.can_act for rule in held_rules(closure(held, base_bew=base_bew)))


def perceives(held: Held, faculty: Faculty) -> bool:
    """Return whether the creature still has ``faculty`` (Blind, Taub, Bewusstlos)."""
    return all(faculty not in rule.lost_faculties for rule in held_rules(closure(held)))


def can_speak(held: Held) -> bool:
    """Return whether the creature can speak (Gelähmt, Stumm)."""
    return perceives(held, Faculty.SPEECH)


def can_be_targeted(held: Held) -> bool:
    """Return whether spells and attacks may target the creature directly.

    ``held`` is what the attacker faces: Unentdeckt and Unsichtbar are per observer
    (E-COND-UNENTDECKT-4). Area effects still reach it (E-OPEN-39).
    """
    return not any(rule.untargetable for rule in held_rules(closure(held)))


def can_be_healed(held: Held) -> bool:
    """Return whether healing that grants LP or TempLep works (Sterbend: no)."""
    return not any(rule.healing_immune for rule in held_rules(closure(held)))


def can_wield_melee_weapon(held: Held, *, weapon_size: int, size_category: int) -> bool:
    """Return whether a melee weapon is usable: Liegend forbids WG > KG (E-COND-LIEGEND-3)."""
    return Condition.PRONE not in closure(held) or weapon_size <= size_category


def magic_points_regenerate(held: Held) -> bool:
    """Return whether magic points still regenerate (Erschöpft from level 8: no)."""
    counts = as_condition_set(held)
    for rule in held_rules(counts):
        start = rule.no_magic_regen_from_level
        if start is not None and counts.count(rule.condition) >= start:
            return False
    return True


def movement_restrictions(held: Held) -> frozenset[MovementRestriction]:
    """Return every restriction on where and how the creature moves."""
    return frozenset(r.movement for r in held_rules(closure(held)) if r.movement is not None)


def movement_cost_factor(held: Held) -> int:
    """Return the movement points per field: 2 while crawling (E-OPEN-38), else 1."""
    return max((rule.crawl_cost for rule in held_rules(closure(held))), default=1)


def initiative_override(held: Held) -> int | None:
    """Return the initiative a condition forces (Unterkühlt: 0), or None."""
    values = [r.initiative_override for r in held_rules(closure(held))]
    forced = [v for v in values if v is not None]
    return min(forced) if forced else None


def reduced_bew(bew: int, held: Held) -> int:
    """Return BEW after the conditions that take from it, before any halving.

    Bewegungslos gives 0. Überlastet takes 1 per level down to 0, which is Bewegungslos
    (E-COND-UEBERLASTET-2/4); Erschöpft takes 1 per level but not below 1
    (E-COND-ERSCHOEPFT-2, E-OPEN-41), and cannot lift an overloaded creature off 0.
    """
    if bew < 0:
        raise ValueError("BEW cannot be negative")
    counts = as_condition_set(held)
    if any(rule.bew_zero for rule in held_rules(closure(counts, base_bew=bew))):
        return 0
    value = bew
    # Penalties that can reach 0 (Überlastet) first, so Erschöpft's minimum 1 holds after.
    for rule in sorted(held_rules(counts), key=lambda r: r.bew_floor):
        if rule.bew_per_level:
            lowered = value + rule.bew_per_level * counts.count(rule.condition)
            value = max(lowered, min(value, rule.bew_floor))
    return max(0, value)


def halving_count(held: Held, *, base_bew: int | None = None) -> int:
    """Return how many conditions halve the creature's movement (Verkrampft, Verwirrt).

    Counted over the closure, so a halving condition counts however it is reached, and
    each one once (E-OPEN-12). ``base_bew`` as for ``closure``.
    """
    return len(HALVING_CONDITIONS & closure(held, base_bew=base_bew))


def halve_movement(allowance: int, halvings: int) -> int:
    """Return a movement allowance after ``halvings`` halvings (E-OPEN-12).

    All halvings multiply and round down once at the end, minimum 1; an allowance of
    0 (Bewegungslos) stays 0.
    """
    if allowance < 0 or halvings < 0:
        raise ValueError("an allowance and the number of halvings cannot be negative")
    if allowance == 0:
        return 0
    return max(1, allowance >> halvings)


def bew_after_conditions(bew: int, held: Held, *, extra_halvings: int = 0) -> int:
    """Return the movement allowance after conditions (E-OPEN-12).

    Level penalties come first (``reduced_bew``), then every halving (Verkrampft,
    Verwirrt, ``extra_halvings`` such as leaving reach or dragging a grappled target)
    multiplies, rounded down once, minimum 1 (``halve_movement``). Bewegungslos, and
    Überlastet reaching 0, give 0.
    """
    if bew < 0 or extra_halvings < 0:
        raise ValueError("BEW and the number of halvings cannot be negative")
    counts = as_condition_set(held)
    halvings = extra_halvings + halving_count(counts, base_bew=bew)
    return halve_movement(reduced_bew(bew, counts), halvings)


def overload_level(carried_kg: float, capacity_kg: float) -> int:
    """Return the Überlastet level: 1 per full 10 kg over capacity (E-OPEN-12)."""
    return max(0, int((carried_kg - capacity_kg) // 10))


# --- life points -------------------------------------------------------------------------


def lp_loss_at_turn_start(held: Held) -> int:
    """Return the LP lost at the start of the creature's turn.

    Each distinct condition costs 1 (Blutend and Verletzt: 2). Sterbend counts through
    the Verletzt it implies, so Sterbend with Verletzt still costs 1.
    """
    return sum(rule.lp_loss_at_turn_start for rule in held_rules(closure(held)))


def lp_loss_per_hour(held: Held) -> int:
    """Return the LP lost per hour (Verstrahlt); those LP do not regenerate normally."""
    return sum(rule.lp_loss_per_hour for rule in held_rules(closure(held)))


def radiation_lp_regained(weeks_since_cure: int, lp_lost: int) -> int:
    """Return the radiation LP regained: 1 per week after the cure, up to those lost."""
    if weeks_since_cure < 0 or lp_lost < 0:
        raise ValueError("weeks and LP lost cannot be negative")
    return min(weeks_since_cure, lp_lost)
