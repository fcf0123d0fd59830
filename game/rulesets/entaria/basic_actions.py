"""Handlers of the everyday commands: moving, attacking, standing up (E-ACT-HH-*).

How a creature moves (paths, allowance, leaving reach, terrain) is ``moving``; the game
master's commands are ``gm_actions``.
"""

from __future__ import annotations

from game.match.events import Event
from game.rulesets.entaria.combat import held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    Move,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.melee_walls import NO_ENEMY_IN_REACH
from game.rulesets.entaria.move_texts import allowance_text, move_line
from game.rulesets.entaria.moving import (
    MOVE_ACTIONS,
    count_movement,
    enemy_reach,
    leave_reach,
    move_allowance,
    terrain_along,
    walked_path_cost,
)
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.movement import disengage_required
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState, Stance

#: "{name} steht/kniet/liegt schon" (a refused Positionsänderung).
_STANCE_DE = {Stance.STANDING: "steht", Stance.KNEELING: "kniet", Stance.PRONE: "liegt"}
#: Positionsänderung's log line: stands up, kneels down or lies down (E-ACT-HH-POSITION).
_STANCE_CHANGE = {
    Stance.STANDING: ("steht auf", "stands up"),
    Stance.KNEELING: ("kniet sich hin", "kneels down"),
    Stance.PRONE: ("legt sich hin", "lies down"),
}


def handle_move(battle: Battle, command: Move) -> list[Event]:
    creature = battle.creature(command.actor)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    if battle.has_effect(creature, "riding"):
        raise CommandRejected(
            say(
                "a rider moves by commanding his mount (E-MOUNT-10)",
                "ein Reiter bewegt sich, indem er sein Reittier lenkt (E-MOUNT-10)",
            )
        )
    battle.can_spend(creature, action)
    path = list(command.path)
    cost = walked_path_cost(battle, creature, path)
    kind = battle.creature_type(creature)
    needs_save = disengage_required(
        action, path, enemy_reach(battle, creature), move_types=kind.move_types.keys()
    )
    allowance = move_allowance(battle, creature, action, halved=needs_save)
    if cost > allowance:
        raise CommandRejected(
            say(
                f"the path costs {cost} fields, {command.action} allows {allowance}",
                f"der Weg kostet {cost} Felder, {ACTIONS[action].german} erlaubt {allowance}",
            )
        )
    why = allowance_text(battle, creature, action, halved=needs_save)  # before the move
    # valid: now change the state
    events = battle.spend(creature, action)
    if needs_save:
        passed, rolled = leave_reach(battle, creature, running=action is Action.RUN)
        events += rolled
        if not passed:
            return events
    stop, terrain_events = terrain_along(battle, creature, path)
    events += terrain_events
    creature.cell = path[stop]
    # every field of the round counts against Gehen (E-OPEN-39); Laufen is faster itself
    revealed = count_movement(battle, creature, stop, faster=action is Action.RUN)
    line_de, line_en = move_line(creature, action, stop, creature.cell, why)
    events.append(
        Event(
            "move",
            line_de,
            line_en,
            creature.key,
            {"path": [list(c) for c in path[: stop + 1]], "action": action.name},
        )
    )
    events += revealed
    for hook in battle.table.enter:
        events += hook(battle, creature, path[1 : stop + 1])
    return events


def handle_attack(battle: Battle, command: Attack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is not None and weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.english} is thrown at a field: throw it at one (E-THROW-2)",
                f"{weapon.name} wird auf ein Feld geworfen: wirf sie auf eines (E-THROW-2)",
            )
        )
    plan = plan_attack(battle, attacker, target, weapon)
    action = Action.MELEE_ATTACK if plan.melee else Action.RANGED_ATTACK
    if weapon is None:
        action = Action.UNARMED_ATTACK
    elif weapon.thrown and not plan.melee:
        action = Action.THROW_ATTACK
    battle.can_spend(attacker, action)
    if plan.melee:
        from game.rulesets.entaria.rules.condition_effects import can_wield_melee_weapon

        kind = battle.creature_type(attacker)
        if weapon is not None and not can_wield_melee_weapon(
            attacker.conditions, weapon_size=weapon.weapon_size, size_category=kind.size_category
        ):
            raise CommandRejected(
                say(
                    f"{weapon.english} is too big to use while prone (E-COND-LIEGEND-3)",
                    f"{weapon.name} ist zu groß, um sie im Liegen zu benutzen (E-COND-LIEGEND-3)",
                )
            )
    if command.nonlethal and not (
        weapon is None or (plan.melee and weapon.damage_type.name == "BLUDGEONING")
    ):
        raise CommandRejected(
            say(
                "non-lethal needs an unarmed attack or a bludgeoning melee weapon (E-NONLETHAL-1)",
                "nicht-tödlicher Schaden braucht einen waffenlosen Angriff "
                "oder eine Nahkampfwaffe mit Wuchtschaden (E-NONLETHAL-1)",
            )
        )
    events = battle.spend(attacker, action)
    _, attack_events = resolve_attack(battle, plan, nonlethal=command.nonlethal)
    events += attack_events
    if weapon is not None and weapon.thrown and not plan.melee:
        attacker.held.remove(weapon.key)
        battle.state.ground_items.setdefault(target.cell, []).append(weapon.key)
    return events


def handle_change_position(battle: Battle, command: ChangePosition) -> list[Event]:
    creature = battle.creature(command.actor)
    try:
        stance = Stance(command.stance)
    except ValueError:
        raise CommandRejected(
            say(
                f"unknown stance {command.stance!r}; expected standing, kneeling or prone",
                f"unbekannte Position {command.stance!r}; erwartet standing, kneeling oder prone",
            )
        ) from None
    if stance is creature.stance:
        raise CommandRejected(
            say(
                f"{creature.name} is already {stance.value}",
                f"{creature.name} {_STANCE_DE[stance]} schon",
            )
        )
    battle.can_spend(creature, Action.CHANGE_POSITION)
    events = battle.spend(creature, Action.CHANGE_POSITION)
    if stance is Stance.PRONE:
        events += battle.add_condition(creature, Condition.PRONE)
    else:
        events += battle.remove_condition(creature, Condition.PRONE)
    creature.stance = stance  # after the condition, which sets standing or prone
    events.append(
        Event(
            "stance",
            f"{creature.name} {_STANCE_CHANGE[stance][0]}",
            f"{creature.name} {_STANCE_CHANGE[stance][1]}",
            creature.key,
            {"stance": stance.value},
        )
    )
    return events


def can_melee(battle: Battle, creature: CreatureState) -> str:
    """Nahkampf needs an enemy within the melee reach of a held weapon or a fist (E-MELEE-2)."""
    enemies = battle.enemies_of(creature)
    if not enemies:
        return say("no enemy left", "kein Gegner mehr übrig")
    kind = battle.creature_type(creature)
    weapons = battle.catalogue.weapons
    held = [weapons[k] for k in creature.held if k in weapons and weapons[k].melee]
    reach = max([kind.reach, 1, *(w.reach for w in held)])
    for enemy in enemies:
        if in_melee_reach(
            creature.cell,
            enemy.cell,
            attacker_side=kind.size_fields,
            target_side=battle.creature_type(enemy).size_fields,
            reach=reach,
            grid=battle.grid,
        ):
            return ""
    return NO_ENEMY_IN_REACH


def can_shoot(battle: Battle, creature: CreatureState) -> str:
    """Fernkampf needs a ranged weapon in hand (E-RANGED-1)."""
    if any(battle.weapon(k).ranged for k in creature.held if k in battle.catalogue.weapons):
        return ""
    return say("no ranged weapon in hand", "keine Fernkampfwaffe in der Hand")


# ------------------------------------------------------------------ GM commands
