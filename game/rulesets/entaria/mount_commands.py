"""A rider's commands to his mount (E-MOUNT-10, E-MOUNT-11, E-OPEN-47).

The rider commands his mount as his FH: Gehen, Laufen, Lösen, and Nahkampf when the
mount is bound to him (Dressur). The mount acts at once, on its own budget, with its own
BEW, saves and weapons; its move is no forced movement (``riding.COMMANDED``). A ridden
mount has no turn of its own while its rider can act.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import Battle, CommandRejected, check_guards
from game.rulesets.entaria.flight import Fly
from game.rulesets.entaria.hand_checks import hands_problem
from game.rulesets.entaria.riding import COMMANDED, MOUNT_RUNNING
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.mounts import mount_command_allowed
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.seats import RIDING, effect_named, is_passenger, mount_of, sync_riders
from game.rulesets.entaria.state import CreatureState, Effect

#: Mount commands by name (E-MOUNT-10, E-MOUNT-11).
MOUNT_ORDERS: dict[str, Action] = {
    "WALK": Action.WALK,
    "RUN": Action.RUN,
    "DISENGAGE": Action.DISENGAGE,
    "MELEE": Action.MELEE_ATTACK,
}


@dataclass(frozen=True)
class MountCommand(Command):
    """A rider's command to his mount as FH (E-MOUNT-10, E-MOUNT-11, E-OPEN-47).

    ``command`` is WALK, RUN or DISENGAGE with the mount's ``path`` (a flying mount:
    with the ``altitude`` at its end, as ``Fly``), or MELEE at ``target`` with the
    mount's ``weapon`` (empty: its first held melee weapon, else unarmed).
    """

    kind: ClassVar[str] = "mount_command"
    command: str
    path: tuple[Cell, ...] = ()
    target: str = ""
    weapon: str = ""
    altitude: int | None = None


def _mount_weapon(battle: Battle, mount: CreatureState, key: str) -> WeaponType | None:
    if key:
        return held_weapon(battle, mount, key)
    for held in mount.held:
        weapon = battle.catalogue.weapons.get(held)
        if weapon is not None and weapon.melee:
            return weapon
    return None


def _commanded_mount(
    battle: Battle, command: MountCommand
) -> tuple[CreatureState, CreatureState, Action]:
    """Return the rider, his mount and the order; reject an order it would not take."""
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None:
        raise CommandRejected(
            say(
                f"{rider.name} does not ride (E-MOUNT-10)",
                f"{rider.name} reitet nicht (E-MOUNT-10)",
            )
        )
    if effect_named(rider, RIDING) is None:
        raise CommandRejected(
            say(
                f"{rider.name} is a passenger: only the rider commands (E-MOUNT-10)",
                f"{rider.name} ist Passagier: nur der Reiter gibt Befehle (E-MOUNT-10)",
            )
        )
    order = MOUNT_ORDERS.get(command.command)
    if order is None:
        raise CommandRejected(
            say(
                f"unknown mount command {command.command!r}; expected WALK, RUN, DISENGAGE or "
                "MELEE",
                f"unbekannter Befehl an das Reittier {command.command!r}; erwartet "
                "WALK, RUN, DISENGAGE oder MELEE",
            )
        )
    bound = mount.companion_of == rider.key
    if not mount_command_allowed(order, bound=bound):
        raise CommandRejected(
            say(
                f"only a mount bound to {rider.name} attacks on command (E-MOUNT-11)",
                f"nur ein an {rider.name} gebundenes Reittier greift auf Befehl an (E-MOUNT-11)",
            )
        )
    battle.can_spend(rider, Action.MOUNT_COMMAND)
    if not battle._can_take_turn(mount):
        raise CommandRejected(say(f"{mount.name} cannot act", f"{mount.name} kann nicht handeln"))
    return rider, mount, order


def handle_mount_command(battle: Battle, command: MountCommand) -> list[Event]:
    rider, mount, order = _commanded_mount(battle, command)
    if order is Action.MELEE_ATTACK:
        target = battle.creature(command.target)
        weapon = _mount_weapon(battle, mount, command.weapon)
        plan = plan_attack(battle, mount, target, weapon, melee=True)
        if weapon is not None and (problem := hands_problem(battle, mount, [weapon])):
            raise CommandRejected(problem)
        return _as_mount(
            battle, rider, mount, lambda: resolve_attack(battle, plan)[1], Action.MELEE_ATTACK
        )
    move: Command = Move(mount.key, command.command, tuple(command.path))
    if command.altitude is not None:
        move = Fly(mount.key, command.command, tuple(command.path), command.altitude)
    handler = battle.table.handlers[type(move)]

    def mount_moves() -> list[Event]:
        check_guards(battle, move)  # e.g. passengers halve the mount's BEW (E-MOUNT-4)
        return handler(battle, move)

    events = _as_mount(battle, rider, mount, mount_moves, order)
    if order is Action.RUN:
        mount.effects.append(
            Effect(
                MOUNT_RUNNING,
                DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND,
                source=rider.key,
                started_round=battle.state.round,
            )
        )
    return events


def _as_mount(
    battle: Battle,
    rider: CreatureState,
    mount: CreatureState,
    act: Callable[[], list[Event]],
    order: Action,
) -> list[Event]:
    """Let the mount act on its own budget within the rider's turn; then spend the FH.

    ``act`` validates before it changes anything, so a refusal leaves the state as it
    was; the rider's budget is restored whatever happens (E-OPEN-47).
    """
    saved = battle.state.budget
    battle.state.budget = TurnBudget()
    COMMANDED.add(mount.key)
    try:
        acted = act()
    finally:
        COMMANDED.discard(mount.key)
        battle.state.budget = saved
    events = [
        _event(
            "mount_command",
            f"{rider.name} befiehlt {mount.name}: {order.name}",
            f"{rider.name} commands {mount.name}: {order.name}",
            rider.key,
            mount=mount.key,
            command=order.name,
            rule="E-MOUNT-10",
        )
    ]
    events += battle.spend(rider, Action.MOUNT_COMMAND)
    return events + acted + sync_riders(battle)


def can_command_mount(battle: Battle, creature: CreatureState) -> str:
    if effect_named(creature, RIDING) is not None:
        return ""
    return (
        say(
            "a passenger does not command the mount",
            "ein Passagier gibt dem Reittier keine Befehle",
        )
        if is_passenger(creature)
        else say("not mounted", "ist nicht aufgesessen")
    )
