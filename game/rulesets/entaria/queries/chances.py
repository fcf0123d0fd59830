"""What an attack, a throw or a save is likely to bring, asked before it is made.

The numbers are the engine's own: the attack is planned with ``combat.plan_attack`` and
its roll's terms come from ``attack_situation.attack_terms``, the function the roll
itself asks; the hit's SW, bonus, armour and affinity from ``combat.damage_terms``, the
one ``hit`` asks; the action's edge from ``rules.action_edges.action_edge``, the one the
handlers roll with. Each check is folded by ``Battle.check_terms`` (conditions, Helfen's
w6, an automatic failure), which ``Battle.check`` itself rolls; a throw's terms are
``throwing.throw_check_terms``, an area fire's victims ``area_fire_zones.area_fire_victims``.
The chances themselves are ``rules.chances``' (exact fractions, D-2, D-3, D-4, D-6).
Nothing here changes the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.board.grid import Cell, Cover
from game.rulesets.entaria.area_fire import area_fire_check_terms
from game.rulesets.entaria.area_fire_zones import area_fire_victims
from game.rulesets.entaria.attack_situation import attack_terms
from game.rulesets.entaria.combat import (
    UNARMED,
    affinity_of,
    armour_of,
    damage_terms,
    plan_attack,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.action_edges import action_edge
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import (
    AREA_FIRE_SAVE_TARGET,
    AreaFireAction,
    covering_fire_damage,
    farthest_field,
)
from game.rulesets.entaria.rules.chances import (
    DamageRange,
    area_fire_damage,
    crit_chance,
    damage_distribution,
)
from game.rulesets.entaria.rules.check_terms import CheckTerms
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.condition_changes import reveal
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.movement import disengage_check
from game.rulesets.entaria.rules.optics import optic_modifiers
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.scatter import throw_at_field_target
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.rules.unarmed import UNARMED_OPTIONS, UnarmedOption
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.throwing import field_throw_target, throw_check_terms

__all__ = [
    "ATTACK_ACTIONS",
    "CheckTerms",
    "FireHit",
    "KnownTerms",
    "RollChance",
    "SaveChance",
    "area_fire_check_chance",
    "area_fire_save_chance",
    "area_fire_saves",
    "attack_chance",
    "blast_damage",
    "known_attack_terms",
    "leave_reach_save_chance",
    "throw_chance",
]

#: The attacks whose roll is one attack on a creature (``combat.resolve_attack``).
ATTACK_ACTIONS = frozenset(
    {
        Action.MELEE_ATTACK,
        Action.RANGED_ATTACK,
        Action.THROW_ATTACK,
        Action.UNARMED_ATTACK,
        Action.AIMED_ATTACK,
        Action.MULTI_ATTACK,
        Action.SWEEP_ATTACK,
        Action.LONG_SHOT,
    }
)


@dataclass(frozen=True)
class RollChance:
    """An attack or throw asked before it is made: its roll, chance, crits and damage.

    ``chance``: it hits (the creature; for a throw, the intended field). ``crit``: a
    critical hit. ``damage``: one hit's damage after armour, crits doubling (None: the
    action deals none).
    """

    terms: CheckTerms
    chance: Fraction
    crit: Fraction
    damage: DamageRange | None


@dataclass(frozen=True)
class SaveChance:
    """A Rettungswurf the player is about to cause: its chance and what it leaves."""

    creature: str
    terms: CheckTerms
    chance: Fraction
    damage: DamageRange | None


@dataclass(frozen=True)
class FireHit:
    """An enemy of a Deckungsfeuer shooter on covered fields: no save, each field's value
    after armour (E-OPEN-23 A, E-ACT-VH-DECKUNGSFEUER-4)."""

    creature: str
    damage: DamageRange


def _check_terms(
    battle: Battle,
    creature: CreatureState,
    attribute: Attribute,
    target: int,
    context: RollContext,
    *,
    extra: RollModifiers | None = None,
    held: ConditionSet | None = None,
) -> CheckTerms:
    """Return what ``Battle.check`` folds into this check (``Battle.check_terms``)."""
    return battle.check_terms(creature, attribute, target, context=context, extra=extra, held=held)


def _deals_damage(action: Action, option: UnarmedOption | None) -> bool:
    if action is Action.UNARMED_ATTACK:
        return UNARMED_OPTIONS[option or UnarmedOption.DAMAGE].deals_damage
    return True


def _roll_chance(terms: CheckTerms, damage: DamageRange | None) -> RollChance:
    crit = Fraction(0) if terms.automatic_failure else crit_chance(terms.edge)
    return RollChance(terms, terms.chance, crit, damage)


def attack_chance(
    battle: Battle,
    key: str,
    target_key: str,
    weapon_key: str | None = None,
    *,
    action: Action | None = None,
    option: UnarmedOption | None = None,
    melee: bool | None = None,
) -> RollChance | None:
    """Return the chance of ``key``'s attack on ``target_key``; None when it cannot be made.

    ``weapon_key``: the weapon (``"unarmed"`` for bare hands; default the first in hand).
    ``action``: the attacking action (default a plain attack, Nah- or Fernkampf as
    ``plan_attack`` decides); Gezielter Angriff has Umgehung (E-ACT-VH-GEZIELT-2).
    ``melee``: as the handler plans it (False: a weapon drawn from the belt and thrown,
    E-OPEN-16); None lets ``plan_attack`` decide.
    """
    attacker = battle.creature(key)
    target = battle.creature(target_key)
    if weapon_key is None:
        weapon_key = attacker.held[0] if attacker.held else UNARMED
    weapon = None if weapon_key == UNARMED else battle.weapon(weapon_key)
    if weapon is not None and weapon.targets_field:
        return None  # thrown at a field: ``throw_chance`` (E-THROW-2)
    action = action or Action.MELEE_ATTACK
    if action not in ATTACK_ACTIONS:
        return None
    if action in (Action.SWEEP_ATTACK, Action.UNARMED_ATTACK):
        melee = True
    elif action is Action.LONG_SHOT:
        melee = False
    try:
        plan = plan_attack(battle, attacker, target, weapon, melee=melee)
    except CommandRejected:
        return None
    edge = action_edge(action, band=plan.band, option=option)
    terms = attack_terms(battle, plan, RollModifiers(edge=edge))
    check = _check_terms(
        battle,
        attacker,
        terms.attribute,
        terms.dodge.value,
        terms.context,
        extra=terms.extra,
        held=terms.held,
    )
    damage = None
    if _deals_damage(action, option):
        hit = check.chance
        sw, bonus, armour, affinity = damage_terms(
            battle,
            attacker,
            target,
            weapon,
            melee=plan.melee,
            cover=plan.cover,
            bypass=action is Action.AIMED_ATTACK,
        )
        crit = crit_chance(check.edge) / hit if hit and not check.automatic_failure else 0
        damage = damage_distribution(
            sw, bonus, armour, affinity=affinity, crit_chance=Fraction(crit)
        )
    return _roll_chance(check, damage)


@dataclass(frozen=True)
class KnownTerms:
    """What is known of an attack before a target is chosen: the attacker's side of it.

    ``edge`` and ``modifier``: the action's own and the attacker's conditions; the
    target's Ausweichen, the band and cover come with the target (``attack_chance``).
    """

    attribute: Attribute
    value: int
    edge: int
    modifier: int
    sw: int
    bonus: int


def known_attack_terms(
    battle: Battle,
    key: str,
    weapon_key: str,
    action: Action,
    *,
    option: UnarmedOption | None = None,
) -> KnownTerms | None:
    """Return the attacker's part of ``action`` with the weapon, or None for no attack.

    What ``attack_terms`` and ``damage_terms`` give without a target: the attacker's
    conditions (``Battle.check_terms``), the action's edge, a ranged weapon's optics, the
    weapon's SW and the NSB as ``damage_terms`` counts it.
    """
    if action not in ATTACK_ACTIONS or action is Action.LONG_SHOT:
        return None  # Distanzschuss: its edge is the target's band's
    attacker = battle.creature(key)
    weapon = None if weapon_key == UNARMED else battle.weapon(weapon_key)
    # without a target, a weapon both melee and ranged counts as the action names it
    # (``plan_attack`` decides by the target's distance)
    ranged = action in (Action.RANGED_ATTACK, Action.THROW_ATTACK) or (
        action in (Action.AIMED_ATTACK, Action.MULTI_ATTACK)
        and weapon is not None
        and weapon.ranged
        and not weapon.melee
    )
    attribute = Attribute.RANGED if ranged else Attribute.MELEE
    optics = optic_modifiers(weapon.optics if ranged and weapon is not None else ())
    check = battle.check_terms(
        attacker,
        attribute,
        None,
        context=RollContext(attribute=attribute, is_attack=True, is_melee=not ranged),
        extra=RollModifiers(edge=action_edge(action, option=option)) + optics,
    )
    # SW and NSB do not depend on the target: ask the hit's own terms with the attacker
    # standing in for it and take only those two
    sw, bonus, _, _ = damage_terms(battle, attacker, attacker, weapon, melee=not ranged)
    return KnownTerms(
        attribute=attribute,
        value=check.value,
        edge=check.edge,
        modifier=check.modifier,
        sw=sw,
        bonus=bonus,
    )


def throw_chance(battle: Battle, key: str, weapon_key: str, cell: Cell) -> RollChance | None:
    """Return the chance that a throw at ``cell`` lands there (E-THROW-2, E-SCATTER-1).

    The roll as ``throwing.handle_throw_at_field`` makes it (``throw_check_terms``:
    Fernkampf vs ZW 15, the band's edge, Störung). ``damage``: what a creature without
    armour on the field takes (armour is each creature's, E-AREA-2; no crit doubling, no
    save, E-AREA-3). None when the engine refuses the field (``field_throw_target``: a
    wall, out of the weapon's bands, water that stops it, out of sight).
    """
    thrower = battle.creature(key)
    weapon = battle.weapon(weapon_key)
    try:
        target, _ = field_throw_target(battle, thrower, weapon, cell)
    except CommandRejected:
        return None
    terms = throw_check_terms(battle, thrower, target)
    check = _check_terms(
        battle,
        thrower,
        Attribute.RANGED,
        throw_at_field_target(),
        terms.context,
        extra=terms.extra,
        held=terms.held,
    )
    damage = damage_distribution(weapon.damage_value, 0, 0)
    return _roll_chance(check, damage)


def blast_damage(battle: Battle, key: str, weapon_key: str, creature_key: str) -> DamageRange:
    """Return what a thrown weapon's blast does to one creature in its area (E-AREA-2).

    The hit as ``throwing._explode`` deals it: the weapon's SW + d6 after the creature's
    armour and affinity, no cover, no crit doubling, no save (E-AREA-3).
    """
    thrower, creature = battle.creature(key), battle.creature(creature_key)
    sw, bonus, armour, affinity = damage_terms(
        battle, thrower, creature, battle.weapon(weapon_key), melee=False, cover=Cover.NONE
    )
    return damage_distribution(sw, bonus, armour, affinity=affinity)


def area_fire_save_chance(
    battle: Battle, creature_key: str, field_value: int, weapon_key: str
) -> SaveChance:
    """Return a creature's Reflexe save against area fire and what it then takes (D-6).

    The save as ``area_fire_zones._area_fire_save`` rolls it: Reflexe vs ZW 15 with the
    creature's conditions; damage: the field's value after armour, halved on a pass.
    """
    creature = battle.creature(creature_key)
    weapon = battle.weapon(weapon_key)
    check = _check_terms(
        battle,
        creature,
        Attribute.REFLEXES,
        AREA_FIRE_SAVE_TARGET,
        RollContext(attribute=Attribute.REFLEXES),
    )
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    affinity = affinity_of(battle, creature, weapon)
    chance = check.chance
    damage = area_fire_damage(field_value, armour, affinity=affinity, save_chance=chance)
    return SaveChance(creature_key, check, chance, damage)


def area_fire_saves(
    battle: Battle,
    shooter_key: str,
    weapon_key: str,
    allocation: Mapping[Cell, int],
    mode: AreaFireAction,
) -> list[SaveChance | FireHit]:
    """Return what the placed area fire would do to each creature it hits (D-6, E-AREAFIRE-9).

    As ``area_fire.lay_area_fire`` deals it (``area_fire_victims``): every living creature
    but the shooter on a hit field saves once against its highest field; an enemy of a
    Deckungsfeuer shooter takes each covered field without a save (E-OPEN-23): a
    ``FireHit`` with that damage.
    """
    shooter = battle.creature(shooter_key)
    weapon = battle.weapon(weapon_key)
    covering = mode is AreaFireAction.COVERING_FIRE
    odds: list[SaveChance | FireHit] = []
    for victim in area_fire_victims(battle, shooter, allocation, covering=covering):
        creature = victim.creature
        if victim.saves:
            value = max(v for _, v in victim.fields)
            odds.append(area_fire_save_chance(battle, creature.key, value, weapon_key))
            continue
        armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
        affinity = affinity_of(battle, creature, weapon)
        total = sum(covering_fire_damage(v, armour, affinity=affinity) for _, v in victim.fields)
        odds.append(FireHit(creature.key, DamageRange(total, total, Fraction(total))))
    return odds


def area_fire_check_chance(
    battle: Battle, key: str, weapon_key: str, mode: AreaFireAction, fields: Sequence[Cell]
) -> RollChance | None:
    """Return the chance of an area fire's check on ``fields`` (E-AREAFIRE-3, D-3).

    Fernkampf vs ZW 15 with ``area_fire.area_fire_check_terms`` (band of the farthest
    field, the mode's edge, Störung, optics), the shooter revealed before the roll. The
    total's range is the area-fire preview's; ``damage`` is None. None without fields or
    beyond the bands.
    """
    shooter = battle.creature(key)
    if not fields or range_band(farthest_field(shooter.cell, fields)) is None:
        return None
    edge, extra = area_fire_check_terms(battle, shooter, battle.weapon(weapon_key), mode, fields)
    check = _check_terms(
        battle,
        shooter,
        Attribute.RANGED,
        STANDARD_TARGET,
        RollContext(attribute=Attribute.RANGED, is_attack=True),
        extra=extra + RollModifiers(edge=edge),
        held=reveal(shooter.conditions, ConspicuousAct.ATTACK),
    )
    return _roll_chance(check, None)


def leave_reach_save_chance(battle: Battle, key: str, *, running: bool) -> SaveChance:
    """Return the mover's Geschick save for leaving melee reach (D-10, E-ACT-VH-LAUFEN-2).

    As ``moving.leaving_reach_save`` rolls it: ``rules.movement.disengage_check`` (Geschick
    vs ZW 15, Laufen with Nachteil) with the mover's conditions. ``damage`` is None: a
    failure leaves the mover Liegend on its start field.
    """
    mover = battle.creature(key)
    check = disengage_check(running=running)
    terms = _check_terms(
        battle,
        mover,
        check.attribute,
        check.target,
        RollContext(attribute=check.attribute),
        extra=RollModifiers(edge=check.edge),
    )
    return SaveChance(key, terms, terms.chance, None)
