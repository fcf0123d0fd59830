"""Sturmangriff: up to 2 x BEW straight at one enemy, then a melee attack (E-ACT-VH-STURM).

The path is the straight line of E-OPEN-20; a charge that starts in an enemy's reach is
refused, one that leaves an enemy's reach is halved and needs the leaving-reach save
(D-10). A mount with passengers charges at half BEW (E-MOUNT-4); a mount hit by a
Sturmangriff shakes everyone on it (E-MOUNT-8, ``riding.shake_riders``). The screen's
previews share ``validate_charge`` with the handler.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.board.movement import path_cost
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.creature_values import base_bew
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.melee_common import (
    can_act_now,
    check_hands,
    check_nonlethal,
    check_not_seated,
    check_wield,
    enemy_target,
    has_free_hand,
    held_melee_weapons,
)
from game.rulesets.entaria.moving import (
    climb_refusal,
    count_movement,
    enemy_reach,
    leave_reach,
    move_allowance,
    movement_profile,
    path_refusal,
    terrain_along,
)
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.riding import shake_riders
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.movement import (
    Halving,
    charge_path,
    disengage_required,
    movement_allowance,
)
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.seats import passenger_halvings
from game.rulesets.entaria.state import CreatureState


@dataclass(frozen=True)
class Charge(Command):
    """Sturmangriff: up to 2 x BEW straight at one enemy, then a melee attack."""

    kind: ClassVar[str] = "charge"
    target: str
    weapon: str  # melee weapon key or "unarmed"
    nonlethal: bool = False


@dataclass(frozen=True)
class ChargePlan:
    """A Sturmangriff the Charge handler accepts: its straight path and the save it needs."""

    attacker: CreatureState
    target: CreatureState
    weapon: WeaponType | None
    path: list[Cell]
    cost: int  # the path's movement cost
    needs_save: bool


def validate_charge(battle: Battle, command: Charge, *, check_budget: bool = True) -> ChargePlan:
    """Return the Charge as the handler would carry it out, or raise CommandRejected.

    Changes nothing; the handler and the screen's previews share it (E-ACT-VH-STURM).
    ``check_budget=False`` leaves out whether the attacker may spend the action now: a
    preview for a creature whose turn it is not.
    """
    attacker = battle.creature(command.actor)
    target = enemy_target(battle, attacker, command.target)
    if check_budget:
        battle.can_spend(attacker, Action.CHARGE)
    check_not_seated(attacker)
    weapon = _charge_weapon(battle, attacker, command)
    reaches = enemy_reach(battle, attacker)
    if any(attacker.cell in zone for zone in reaches):
        raise CommandRejected(
            say(
                f"{attacker.name} stands within an enemy's melee reach: no charge (E-ACT-VH-STURM)",
                f"{attacker.name} steht in der Nahkampfreichweite eines Gegners: "
                "kein Sturmangriff (E-ACT-VH-STURM)",
            )
        )
    path, cost = _charge_path(battle, attacker, target, weapon)
    kind = battle.creature_type(attacker)
    needs_save = disengage_required(Action.CHARGE, path, reaches, move_types=kind.move_types.keys())
    if needs_save:
        halved = charge_allowance(battle, attacker, halved=True)
        if cost > halved:
            raise CommandRejected(
                say(
                    f"the charge leaves an enemy's reach, which halves it to {halved} fields "
                    "(D-10)",
                    "der Sturmangriff verlässt die Reichweite eines Gegners, das halbiert "
                    f"ihn auf {halved} Felder (D-10)",
                )
            )
    # the attack from the end of the path must be possible: plan it on a copy
    plan_attack(battle, dataclasses.replace(attacker, cell=path[-1]), target, weapon, melee=True)
    return ChargePlan(attacker, target, weapon, path, cost, needs_save)


def _charge_weapon(battle: Battle, attacker: CreatureState, command: Charge) -> WeaponType | None:
    """Return the held melee weapon of the charge (None: bare hands), checked for its use."""
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is not None and not weapon.melee:
        raise CommandRejected(
            say(
                f"{weapon.english} is no melee weapon (E-MELEE-1)",
                f"{weapon.name} ist keine Nahkampfwaffe (E-MELEE-1)",
            )
        )
    if weapon is None and not has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand to attack unarmed",
                f"{attacker.name} braucht eine freie Hand für einen waffenlosen Angriff",
            )
        )
    check_wield(battle, attacker, weapon)
    check_hands(battle, attacker, [weapon])
    if command.nonlethal:
        check_nonlethal(weapon, melee=True)
    return weapon


def _charge_path(
    battle: Battle, attacker: CreatureState, target: CreatureState, weapon: WeaponType | None
) -> tuple[list[Cell], int]:
    """Return the straight path of the charge into reach of ``target`` and its cost."""
    kind = battle.creature_type(attacker)
    enemies, allies = blockers(battle, attacker)  # the dead too (E-OPEN-44)
    foes = [e for e in battle.enemies_of(attacker) if e.key != target.key]
    able = [e.cell for e in foes if can_act_now(battle, e)]
    # the others of another side (the helpless, the dead) have no reach but are in the way
    helpless = [cell for cell in enemies if cell != target.cell and cell not in able]
    profile = movement_profile(battle, attacker)
    allowance = charge_allowance(battle, attacker, halved=False)
    path = charge_path(
        battle.grid,
        attacker.cell,
        target.cell,
        base_bew(battle, attacker),
        enemies=able,
        allies=allies,
        blocked=helpless,
        allowance=allowance,
        reach=max(kind.reach, weapon.reach if weapon else 1),
        cost_model=profile,
    )
    if path is None:
        raise CommandRejected(
            say(
                f"no straight charge of at most {allowance} fields reaches {target.name} "
                "(E-OPEN-20)",
                f"kein gerader Sturmangriff von höchstens {allowance} Feldern erreicht "
                f"{target.name} (E-OPEN-20)",
            )
        )
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError as error:
        raise CommandRejected(path_refusal(error)) from None
    if battle.state.creature_at(path[-1], besides={attacker.key}) is not None:
        raise CommandRejected(
            say(
                "a charge cannot end on another creature's field (E-OBST-2)",
                "ein Sturmangriff kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
            )
        )
    if (refused := climb_refusal(battle, attacker, path)) is not None:
        raise CommandRejected(refused)
    return path, cost


def handle_charge(battle: Battle, command: Charge) -> list[Event]:
    charge = validate_charge(battle, command)
    attacker, path = charge.attacker, charge.path
    # valid: now change the state
    events = battle.spend(attacker, Action.CHARGE)
    if charge.needs_save:
        passed, rolled = leave_reach(battle, attacker, running=False)
        events += rolled
        if not passed:
            return events
    stop, terrain_events = terrain_along(battle, attacker, path)
    events += terrain_events
    attacker.cell = path[stop]
    revealed = count_movement(battle, attacker, stop)  # every field of the round (E-OPEN-39)
    events.append(
        _event(
            "move",
            f"{attacker.name} stürmt nach {list(attacker.cell)}",
            f"{attacker.name} charges to {list(attacker.cell)}",
            attacker.key,
            path=[list(c) for c in path[: stop + 1]],
            action=Action.CHARGE.name,
            rule="E-ACT-VH-STURM",
        )
    )
    events += revealed
    for hook in battle.table.enter:
        events += hook(battle, attacker, path[1 : stop + 1])
    return events + _charge_attack(battle, charge, command, arrived=stop == len(path) - 1)


def _charge_attack(
    battle: Battle, charge: ChargePlan, command: Charge, *, arrived: bool
) -> list[Event]:
    """The attack at the end of the charge, if the attacker got there and still can."""
    attacker, target, weapon = charge.attacker, charge.target, charge.weapon
    if (
        not arrived
        or not can_act_now(battle, attacker)
        or Condition.DEAD in target.conditions
        or battle.state.budget.forfeited
    ):
        return [
            _event(
                "attack_skipped",
                f"{attacker.name} kommt nicht zum Angriff",
                f"{attacker.name} does not get to attack",
                attacker.key,
            )
        ]
    try:
        plan = plan_attack(battle, attacker, target, weapon, melee=True)
    except CommandRejected as why:
        return [
            _event(
                "attack_skipped",
                f"{attacker.name} kommt nicht zum Angriff: {why.de}",
                f"{attacker.name} does not get to attack: {why.reason}",
                attacker.key,
            )
        ]
    roll, events = resolve_attack(battle, plan, nonlethal=command.nonlethal)
    if roll.success:
        events += shake_riders(battle, target, "im Sturm getroffen", "hit by a charge")
    return events


def charge_allowance(battle: Battle, creature: CreatureState, *, halved: bool) -> int:
    """Return a charge's fields: 2 x BEW, halved for leaving reach and for passengers."""
    if not passenger_halvings(battle, creature):
        return move_allowance(battle, creature, Action.CHARGE, halved=halved)
    return movement_allowance(
        base_bew(battle, creature),
        Action.CHARGE,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=passenger_halvings(battle, creature)
        + ((Halving.LEAVING_REACH,) if halved else ()),
    )


def can_charge(battle: Battle, creature: CreatureState) -> str:
    if not battle.enemies_of(creature):
        return say("no enemy left", "kein Gegner mehr übrig")
    if any(creature.cell in zone for zone in enemy_reach(battle, creature)):
        return say("within an enemy's melee reach", "in der Nahkampfreichweite eines Gegners")
    if not (held_melee_weapons(battle, creature) or has_free_hand(battle, creature)):
        return say(
            "no melee weapon in hand and no free hand",
            "keine Nahkampfwaffe in der Hand und keine freie Hand",
        )
    return ""
