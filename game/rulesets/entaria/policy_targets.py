"""What the built-in opponent attacks, and with what: its targets, its weapons, the best
shot and the best strike.

Every attack is ranked by what the rules answer (``queries.targets.target_marks``: the
edge of the roll, cover, the target's conditions); the policy only orders the answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cell, distance
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import UNARMED, AttackPlan, affinity_of, armour_of, plan_attack
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.queries.targets import target_marks
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.damage import damage_from_die
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState

_UNSEEN = {Condition.INVISIBLE}


@dataclass(frozen=True)
class Shot:
    """A ranged attack the policy could make, with what makes it better or worse."""

    plan: AttackPlan
    score: tuple[int, int, int, int, str]


def spent_actions(battle: Battle) -> set[Action]:
    """Return the actions the current creature took this round."""
    return set(battle.state.budget.actions)


def can_take(battle: Battle, action: Action) -> bool:
    """Return whether ``action`` fits the budget and was not taken yet (no Wehrlos)."""
    allowed, _ = battle.state.budget.can_spend(action)
    return allowed and action not in spent_actions(battle)


def attack_targets(battle: Battle, creature: CreatureState) -> list[CreatureState]:
    """Return the enemies worth attacking: in the fight and targetable, nearest first."""
    found = [
        enemy
        for enemy in battle.enemies_of(creature)
        if not enemy.out_of_fight
        and not (battle.held_conditions(enemy) & _UNSEEN)
        and not battle.is_hidden_from(enemy, creature.key)  # Unentdeckt per observer
    ]
    return sorted(found, key=lambda e: (distance(creature.cell, e.cell), e.key))


def other_fields(battle: Battle, *exclude: str) -> list[Cell]:
    """Return the fields of the living creatures other than ``exclude``."""
    return [
        c.cell
        for c in battle.state.creatures.values()
        if c.key not in exclude and Condition.DEAD not in c.conditions
    ]


def loaded_ranged_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    """Return the held weapons the policy may fire at a creature: ranged and loaded."""
    weapons = []
    for key in creature.held:
        weapon = battle.catalogue.weapons.get(key)
        if weapon is None or not weapon.ranged or weapon.targets_field:
            continue
        if weapon.has_magazine and creature.magazines.get(key, 0) <= 0:
            continue
        weapons.append(weapon)
    return sorted(weapons, key=lambda w: (-w.damage_value, w.key))


def melee_options(battle: Battle, creature: CreatureState) -> list[str]:
    """Return the weapon keys for a melee attack, best first; bare hands last."""
    weapons = [
        battle.catalogue.weapons[key]
        for key in creature.held
        if key in battle.catalogue.weapons and battle.catalogue.weapons[key].melee
    ]
    keys = [w.key for w in sorted(weapons, key=lambda w: (-w.damage_value, w.key))]
    return [*keys, UNARMED]


def has_medkit(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature holds or carries a Medkit."""
    items = battle.catalogue.items
    return any(key in items and items[key].medkit for key in (*creature.held, *creature.carried))


def shot_score(plan: AttackPlan, edge: int, failure: bool) -> tuple[int, int, int, int, str]:
    """Rank a shot: automatic failure last, then the engine's edge, cover, LP, distance, key.

    ``edge`` is what the attack roll would get (``queries.targets.target_marks``: band, cover,
    and the target's conditions such as Wehrlos or Liegend, D-2), so a target the
    attack has Vorteil against comes first.
    """
    return (
        -edge + (100 if failure else 0),
        int(plan.cover),
        plan.target.lp,
        distance(plan.attacker.cell, plan.target.cell),
        plan.target.key,
    )


def best_shot(battle: Battle, creature: CreatureState) -> Shot | None:
    """Return the best ranged attack the engine would accept now (``shot_score``), or None."""
    best: Shot | None = None
    targets = attack_targets(battle, creature)
    if not targets:
        return None
    keys = [t.key for t in targets]
    for weapon in loaded_ranged_weapons(battle, creature):
        marks = target_marks(battle, creature.key, weapon.key, only=keys)
        for enemy in targets:
            mark = marks.get(enemy.key)
            if mark is None or not mark.attackable or mark.edge is None:
                continue
            try:
                plan = plan_attack(battle, creature, enemy, weapon, melee=False)
            except CommandRejected:
                continue
            shot = Shot(plan, shot_score(plan, mark.edge, mark.automatic_failure))
            if best is None or shot.score < best.score:
                best = shot
    return best


def shot_finishes(battle: Battle, plan: AttackPlan) -> bool:
    """Return whether any hit of the shot (the w6 rolls at least 1) takes the target to 0 LP."""
    weapon = plan.weapon
    if weapon is None:
        return False
    armour = armour_of(battle, plan.target, cover=plan.cover, melee=False)
    # the rules' damage: armour floors at 0 and the affinity counts (E-DMG-2, E-RES-1..4)
    least = damage_from_die(
        weapon.damage_value,
        1,
        armour=armour,
        affinity=affinity_of(battle, plan.target, weapon),
    ).final
    return least > 0 and plan.target.lp <= least


def best_strike(battle: Battle, creature: CreatureState) -> Attack | None:
    """Return the melee attack with the most edge (Wehrlos, Liegend ...), nearest first."""
    near = [e for e in attack_targets(battle, creature) if distance(creature.cell, e.cell) <= 3]
    if not near:
        return None  # reach beyond 3 fields does not occur
    keys = [e.key for e in near]
    best: tuple[tuple[int, int, int], Attack] | None = None
    for key in melee_options(battle, creature):
        weapon = None if key == UNARMED else battle.catalogue.weapons[key]
        action = Action.UNARMED_ATTACK if weapon is None else Action.MELEE_ATTACK
        if not can_take(battle, action):
            continue
        marks = target_marks(battle, creature.key, key, only=keys)
        for rank, enemy in enumerate(near):
            mark = marks.get(enemy.key)
            if mark is None or not mark.attackable or not mark.melee or mark.edge is None:
                continue
            try:
                plan_attack(battle, creature, enemy, weapon, melee=True)
            except CommandRejected:
                continue
            score = (-mark.edge + (100 if mark.automatic_failure else 0), enemy.lp, rank)
            if best is None or score < best[0]:
                best = (score, Attack(creature.key, enemy.key, key))
        if best is not None:
            return best[1]  # the best weapon that reaches anybody
    return None
