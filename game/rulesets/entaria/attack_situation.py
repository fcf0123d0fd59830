"""What the situation adds to an attack roll: range band, cover, Störung, water, riding.

``combat`` plans and rolls attacks and re-exports these; the screen's target marks ask
``situation_edge`` (its edge and reasons), the roll asks ``situation_modifiers``, which
also names every edge in the book's words for the log (``attack_texts``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cover
from game.rulesets.entaria.attack_texts import COVER_WORDS, band_cause, edge_cause
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.condition_rolls import RollModifiers
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.reach import MeleeThreat, ranged_disturbance_modifiers
from game.rulesets.entaria.seats import rider_attack_edge
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.underwater import underwater_attack_edge

__all__ = [
    "AttackPlan",
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
