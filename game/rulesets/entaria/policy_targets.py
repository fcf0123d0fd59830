"""What the built-in opponent attacks, and with what: its targets, its weapons, the best
shot and the best strike, and which weapon it draws when it holds none.

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
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.queries.targets import target_marks
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.damage import damage_from_die
from game.rulesets.entaria.rules.reach import in_melee_reach
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


def holds_a_weapon(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature has something to attack a creature with in hand.

    A loaded ranged weapon or a melee weapon; an empty gun is the reload's business.
    """
    if loaded_ranged_weapons(battle, creature):
        return True
    weapons = battle.catalogue.weapons
    return any(key in weapons and weapons[key].melee for key in creature.held)


def weapon_to_draw(battle: Battle, creature: CreatureState) -> WeaponType | None:
    """Return the carried weapon to draw, or None when there is nothing worth drawing.

    Only when the creature holds no weapon to attack with and has an enemy to attack:
    a melee weapon when an enemy stands within melee reach (none: it fights unarmed, since
    a shot at one field is Kernschuss with Nachteil, E-RANGE-KERN), else a loaded ranged
    weapon, the highest SW first; thrown weapons stay on the belt (the throw takes them from there).
    """
    if holds_a_weapon(battle, creature):
        return None
    targets = attack_targets(battle, creature)
    if not targets:
        return None
    weapons = battle.catalogue.weapons
    carried = sorted(
        {key: weapons[key] for key in creature.carried if key in weapons}.values(),
        key=lambda w: (-w.damage_value, w.key),
    )
    melee = [w for w in carried if w.melee]
    ranged = [
        w
        for w in carried
        if w.ranged
        and not w.targets_field
        and not (w.has_magazine and creature.magazines.get(w.key, 0) <= 0)
    ]
    kind = battle.creature_type(creature)
    close = any(
        in_melee_reach(
            creature.cell,
            enemy.cell,
            attacker_side=kind.size_fields,
            target_side=battle.creature_type(enemy).size_fields,
            reach=kind.reach,
            grid=battle.grid,
        )
        for enemy in targets
    )
    # next to an enemy without a melee weapon, the free hands fight better than a gun
    # drawn for a Kernschuss with Nachteil and Störung (E-RANGE-KERN, E-DISTURB-1)
    for choice in (melee,) if close else (ranged, melee):
        if choice:
            return choice[0]
    return None


def draw_command(battle: Battle, creature: CreatureState) -> Interact | None:
    """Return Interagieren "draw" of ``weapon_to_draw`` (one HH, E-ACT-HH-INTERAGIEREN), or None.

    None also when Interagieren does not fit the turn or was taken already (Wehrlos, E-ACT-6).
    """
    if not can_take(battle, Action.INTERACT):
        return None
    weapon = weapon_to_draw(battle, creature)
    return None if weapon is None else Interact(creature.key, "draw", item=weapon.key)


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
