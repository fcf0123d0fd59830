"""What the situation adds to an attack roll: range band, cover, Störung, water, riding.

``attack_terms`` gathers all of an attack roll's terms (attribute, Ausweichen, edges, WM)
without changing the match: the roll (``combat``) and the screen's hit chance ask it.

``combat`` plans and rolls attacks and re-exports these; the screen's target marks ask
``situation_edge`` (its edge and reasons), the roll asks ``situation_modifiers``, which
also names every edge in the book's words for the log (``attack_texts``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cover
from game.rulesets.entaria.attack_texts import (
    COVER_WORDS,
    TargetValue,
    attack_dodge,
    band_cause,
    edge_cause,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import STUDIED_ENEMY, Battle
from game.rulesets.entaria.rules.condition_changes import reveal
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    RollModifiers,
    attacker_modifiers,
)
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.optics import optic_modifiers
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.reach import MeleeThreat, ranged_disturbance_modifiers
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.seats import rider_attack_edge
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.underwater import underwater_attack_edge

__all__ = [
    "AttackPlan",
    "AttackTerms",
    "attack_terms",
    "disturbance",
    "ranged_disturbance",
    "situation_attack_edge",
    "situation_edge",
    "situation_modifiers",
    "water_and_mount",
]


@dataclass(frozen=True)
class AttackPlan:
    """A validated attack: who, with what, and what the situation adds."""

    attacker: CreatureState
    target: CreatureState
    weapon: WeaponType | None  # None: unarmed
    melee: bool
    band: RangeBand | None
    cover: Cover


def disturbance(battle: Battle, creature: CreatureState) -> int:
    """Return the edge Störung adds to a ranged roll of ``creature``: 0 when already
    Abgelenkt (E-DISTURB-1, E-OPEN-1, E-OPEN-17; ``ranged_disturbance``).
    """
    return ranged_disturbance(battle, creature).edge


def ranged_disturbance(battle: Battle, creature: CreatureState) -> RollModifiers:
    """Return what Störung adds to a ranged roll of ``creature``, with its reason.

    Nothing when no enemy that can act has it within melee reach (E-DISTURB-1,
    E-OPEN-17); otherwise the Abgelenkt of that roll, counted once with the creature's
    own conditions (E-OPEN-1, ``rules.reach.disturbance_modifiers``).
    """
    threats = [
        MeleeThreat(
            enemy.cell,
            battle.creature_type(enemy).size_fields,
            battle.creature_type(enemy).reach,
            not battle._can_take_turn(enemy),
        )
        for enemy in battle.enemies_of(creature)
    ]
    side = battle.creature_type(creature).size_fields
    return ranged_disturbance_modifiers(
        creature.cell, threats, shooter_side=side, held=creature.conditions, grid=battle.grid
    )


def situation_modifiers(
    battle: Battle, plan: AttackPlan, *, disturbed: RollModifiers | None = None
) -> RollModifiers:
    """Return the edge the situation gives the attack of ``plan``, each part named.

    Range band, cover and Störung for a ranged attack (E-RANGE-*, E-COVER-4,
    E-DISTURB-1, E-OPEN-1: Störung's Abgelenkt counts once with a held one), then water
    and riding. ``disturbed``: Störung when the caller has it already
    (``ranged_disturbance``). ``reasons`` are the log's details,
    ``causes`` the words for the table ("Kernschuss: Nachteil", "Volldeckung: Nachteil").
    The conditions are folded in by ``Battle.check``.
    """
    mods = RollModifiers()
    if not plan.melee:
        band = plan.band
        assert band is not None
        if band.edge:
            mods += RollModifiers(
                edge=band.edge, reasons=(f"range {band.german}",), causes=(band_cause(band),)
            )
        cover_edge = cover_bonus(plan.cover).attacker_edge
        if cover_edge:
            mods += RollModifiers(
                edge=cover_edge, causes=(edge_cause(cover_edge, *COVER_WORDS[plan.cover]),)
            )
        if disturbed is None:
            disturbed = ranged_disturbance(battle, plan.attacker)
        mods += disturbed
    return mods + water_and_mount(battle, plan.attacker, plan.weapon, plan.band, plan.melee)


def situation_edge(
    battle: Battle, plan: AttackPlan, *, disturbed: RollModifiers | None = None
) -> tuple[int, list[str]]:
    """Return the edge the situation gives the attack of ``plan``, with its reasons.

    The screen's target marks ask this; ``situation_modifiers`` has the parts.
    """
    mods = situation_modifiers(battle, plan, disturbed=disturbed)
    return mods.edge, list(mods.reasons)


def water_and_mount(
    battle: Battle,
    attacker: CreatureState,
    weapon: WeaponType | None,
    band: RangeBand | None,
    melee: bool,
) -> RollModifiers:
    """Return the edge water and riding give an attack, each named (E-UNDERWATER-*, E-MOUNT-1).

    Attacks on creatures (``situation_modifiers``) and on objects ask this.
    """
    mods = RollModifiers()
    water = underwater_attack_edge(battle, weapon, band, melee)
    if water:
        cause = edge_cause(water, "unter Wasser", "under water")
        mods += RollModifiers(edge=water, reasons=("unter Wasser",), causes=(cause,))
    riding = rider_attack_edge(battle, attacker, melee)
    if riding:
        cause = edge_cause(riding, "vom Reittier", "from a mount")
        mods += RollModifiers(edge=riding, reasons=("vom Reittier",), causes=(cause,))
    return mods


def situation_attack_edge(battle: Battle, plan: AttackPlan) -> tuple[int, tuple[str, ...]]:
    """Return the edge and its reasons that water and riding give ``plan``'s attack."""
    mods = water_and_mount(battle, plan.attacker, plan.weapon, plan.band, plan.melee)
    return mods.edge, mods.reasons


@dataclass(frozen=True)
class AttackTerms:
    """What an attack roll is made of: the one assembly the roll and the screen's chance ask.

    ``held``: the attacker's conditions the roll counts (Unentdeckt gone when the attack
    reveals him before the roll, E-COND-UNENTDECKT-5); ``extra``: the target's conditions
    toward him, the situation, the action's edge and the optics, each named.
    """

    attribute: Attribute
    context: RollContext
    dodge: TargetValue
    extra: RollModifiers
    held: ConditionSet
    unforeseen: bool


def attack_terms(
    battle: Battle,
    plan: AttackPlan,
    action: RollModifiers | None = None,
    *,
    unforeseen: bool | None = None,
    disturbed: RollModifiers | None = None,
    studied: bool | None = None,
) -> AttackTerms:
    """Return the terms of ``plan``'s attack roll without changing the match.

    ``action``: the edge the attacking action gives, with its words. ``unforeseen``,
    ``disturbed`` and ``studied`` default to what the match shows now; the handler passes
    the ones it has already settled (E-UNFORESEEN-1, E-DISTURB-1, E-ACT-VH-STUDIEREN).
    """
    attacker, target, weapon = plan.attacker, plan.target, plan.weapon
    if unforeseen is None:
        unforeseen = battle.is_hidden_from(attacker, target)
    held = attacker.conditions
    if Condition.UNDETECTED in held and not unforeseen:
        held = reveal(held, ConspicuousAct.ATTACK)
    # The target faces the attacker without Unentdeckt's Geschützt unless hidden from
    # it (E-COND-UNENTDECKT-2/4); plan_attack refused those it is hidden from.
    facing = battle.conditions_toward(target, attacker)
    if disturbed is None:
        disturbed = RollModifiers() if plan.melee else ranged_disturbance(battle, attacker)
    around = situation_modifiers(battle, plan, disturbed=disturbed)
    if studied is None:
        studied = any(e.name == STUDIED_ENEMY and e.source == attacker.key for e in target.effects)
    context = RollContext(
        attribute=Attribute.MELEE if plan.melee else Attribute.RANGED,
        is_attack=True,
        is_melee=plan.melee,
        unforeseen=unforeseen,
        studied_target=studied,
    )
    dodge = attack_dodge(battle, target, facing, cover=plan.cover, melee=plan.melee)
    # the target's conditions, the situation, the action; optics: ranged only
    extra = (
        attacker_modifiers(facing)
        + around
        + (action or RollModifiers())
        + optic_modifiers(() if plan.melee or weapon is None else weapon.optics)
    )
    attribute = context.attribute or Attribute.MELEE
    return AttackTerms(attribute, context, dodge, extra, held, unforeseen)
