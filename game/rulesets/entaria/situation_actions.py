"""Handlers of the special situations: mounts, flight and the duel.

Every rule comes from ``game.rulesets.entaria.rules`` (situations, mounts, movement,
attacks); this module validates a command completely, then spends the action and changes
the state. Who sits on which mount is ``seats``, mounts in motion and the hooks
``riding``, a flyer's turn ``flying``, hands ``hand_checks``; water and weightlessness
(``underwater``, ``zero_g``) are asked by the attack code.

Decisions where the rules leave room (also in the tests):

- Mounted combat (E-MOUNT-*, E-OPEN-47). A mount is a creature that is not a player
  character (the catalogue has no "can carry" flag; the GM keeps unfit creatures from
  being mounted, E-MOUNT-2), at least one KG larger (E-OPEN-47), willing or trained
  (E-MOUNT-3): of the rider's side, or bound to him (``companion_of``). Bound (Dressur,
  E-MOUNT-11) means ``companion_of`` names the rider. The rider commands his mount as
  his FH (Gehen, Laufen, Lösen; Nahkampf when bound), and it acts at once with its own
  BEW, saves and weapons (E-OPEN-47). Aufsitzen and Absteigen are VH (E-MOUNT-5); a
  mount that ran asks Geschick vs ZW 15 (E-MOUNT-6, Nachteil without Reiten, E-MOUNT-1).
- Passengers (E-MOUNT-4). ``Mount(passenger=True)`` boards as a passenger (VH, with the
  check of E-MOUNT-6 like mounting). Seats: one per size category the mount is larger
  than the largest creature on it, the rider included (``mounts.mount_seats``: a KG 5
  horse carries two humans of KG 3). Every passenger is at least one KG smaller
  (E-MOUNT-2) and the mount willing or trained (E-MOUNT-3). A passenger holds on with
  one hand (one hand fewer, needs a free one to board), moves only with the mount, does
  not command it, and falls, is thrown off and attacks from it like the rider
  (E-MOUNT-1, -7, -8, -13). A command guard checks that passengers halve a mount's BEW;
  a mount with passengers but no rider acts on its own turn.
- Reins (E-MOUNT-9): a rider takes them when he mounts (``Mount.reins``, default true;
  it needs a free hand) and may let go (FH, like dropping an item) or take them again
  (HH Interagieren) with ``Reins``. Holding them costs a hand; commands work without
  them too (E-MOUNT-10 names sounds, words and legs), so they bring nothing else.
- Flight (E-MOVETYPE-F/FG/FS/FV, E-OPEN-43). ``Fly`` is a Gehen, Laufen or Lösen in
  the air: a path (possibly just the start field) and the altitude at its end; the
  fields flown plus the height changed cost the flying value's allowance. A pure glider
  cannot climb. A Liegend flyer cannot fly; a flyer that fails the leaving-reach save
  falls. Melee reach and sight ignore altitude (a map has no third dimension).
- Duel (E-DUEL-*, E-OPEN-48): a game-master command outside the round. Both roll
  Reflexe (``attacks.duel_order``, ties rerolled), the faster fires once, the other
  then fires if he still can; ranged weapons with WG <= KG only; no budget is spent
  (a critical failure empties the magazine but forfeits nobody's turn).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import (
    Cell,
    distance,
    footprint_distance,
)
from game.board.movement import path_cost
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.basic_actions import (
    MOVE_ACTIONS,
    enemy_reach,
    leaving_reach_save,
    movement_profile,
    path_refusal,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    held_weapon,
    plan_attack,
    resolve_attack,
)
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.engine import Battle, CommandRejected, check_guards
from game.rulesets.entaria.flying import FLIGHT_TURN, fall_to_ground, glide_loss, start_flight_turn
from game.rulesets.entaria.hand_checks import free_hands_of, hands_problem, reload_problem
from game.rulesets.entaria.ranged_actions import Reload
from game.rulesets.entaria.riding import COMMANDED, MOUNT_RUNNING, is_running, take_hazard
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.attacks import duel_order, duel_second_shot, weapon_allowed_in_duel
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, impulse_gain
from game.rulesets.entaria.rules.condition_changes import moved_faster_than_walking, reveal
from game.rulesets.entaria.rules.condition_rolls import RollContext, roll_modifiers
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.damage import HAZARDS
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.mounts import may_board, mount_command_allowed, mount_seats
from game.rulesets.entaria.rules.movement import Halving, disengage_required, movement_allowance
from game.rulesets.entaria.rules.situations import (
    RIDING_TALENT,
    can_carry_rider,
    can_gain_height,
    fly_value,
    glides_only,
    may_be_ridden,
    rider_edge,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition, say
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.seats import (
    CARRIES,
    PASSENGER,
    REINS,
    RIDDEN,
    RIDING,
    aboard,
    creature_has_talent,
    effect_named,
    end_riding,
    holds_reins,
    is_passenger,
    mount_of,
    passenger_halvings,
    seat_of,
    seated_move_problem,
    sync_riders,
)
from game.rulesets.entaria.state import CreatureState, Effect

#: Mount commands by name (E-MOUNT-10, E-MOUNT-11).
MOUNT_ORDERS: dict[str, Action] = {
    "WALK": Action.WALK,
    "RUN": Action.RUN,
    "DISENGAGE": Action.DISENGAGE,
    "MELEE": Action.MELEE_ATTACK,
}

#: The highest altitude a Fly command accepts (fields); the allowance limits it anyway.
MAX_ALTITUDE = 100


# ------------------------------------------------------------------ commands
@dataclass(frozen=True)
class Mount(Command):
    """Aufsitzen: get on an adjacent mount (VH, E-MOUNT-5).

    ``passenger``: board as a passenger, holding on with one hand (E-MOUNT-4);
    otherwise as its rider, taking the reins with a free hand when ``reins`` (E-MOUNT-9;
    ignored for a passenger).
    """

    kind: ClassVar[str] = "mount"
    mount: str
    passenger: bool = False
    reins: bool = True


@dataclass(frozen=True)
class Reins(Command):
    """The rider takes the reins (HH Interagieren) or lets go of them (FH), E-MOUNT-9."""

    kind: ClassVar[str] = "reins"
    hold: bool


@dataclass(frozen=True)
class Dismount(Command):
    """Absteigen onto a free field next to the mount (VH, E-MOUNT-5)."""

    kind: ClassVar[str] = "dismount"
    cell: Cell


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


@dataclass(frozen=True)
class Fly(Command):
    """Gehen, Laufen or Lösen in the air along ``path``, ending at ``altitude`` (E-MOVETYPE-F).

    ``path`` starts on the creature's field; a path of only that field changes height.
    """

    kind: ClassVar[str] = "fly"
    action: str  # WALK, RUN, DISENGAGE
    path: tuple[Cell, ...]
    altitude: int


@dataclass(frozen=True)
class Duel(Command):
    """A ranged duel between ``a`` and ``b``, outside the round (E-DUEL-1..5); GM command."""

    kind: ClassVar[str] = "gm_duel"
    a: str
    b: str
    weapon_a: str
    weapon_b: str


# ------------------------------------------------------------------ helpers
def _event(kind: str, de: str, en: str, actor: str | None, **data: object) -> Event:
    return Event(kind, de, en, actor, dict(data))


# ------------------------------------------------------------------ hands


def _mount_problem(
    battle: Battle,
    rider: CreatureState,
    mount: CreatureState,
    *,
    passenger: bool = False,
    reins: bool = False,
) -> str:
    """Return why ``rider`` cannot get on ``mount`` now (as its rider or a passenger), or ""."""
    if mount.key == rider.key:
        return say("a creature cannot ride itself", "ein Wesen kann nicht auf sich selbst reiten")
    if seat_of(rider) is not None:
        return say(f"{rider.name} already rides", f"{rider.name} reitet bereits")
    if effect_named(rider, RIDDEN) is not None or effect_named(rider, CARRIES) is not None:
        return say(f"{rider.name} carries a rider", f"{rider.name} trägt einen Reiter")
    if not passenger and effect_named(mount, RIDDEN) is not None:
        return say(
            f"{mount.name} already carries a rider: board as a passenger (E-MOUNT-4)",
            f"{mount.name} trägt bereits einen Reiter: steig als Passagier auf (E-MOUNT-4)",
        )
    if seat_of(mount) is not None:
        return say(
            f"{mount.name} rides another creature", f"{mount.name} reitet auf einem anderen Wesen"
        )
    if mount.out_of_fight or not battle._can_take_turn(mount):
        return say(
            f"{mount.name} cannot carry anyone now", f"{mount.name} kann jetzt niemanden tragen"
        )
    if mount.is_character:
        return say(
            f"{mount.name} is a player character, not a mount (E-MOUNT-2)",
            f"{mount.name} ist ein Spielercharakter, kein Reittier (E-MOUNT-2)",
        )
    trained = mount.companion_of == rider.key
    if not may_be_ridden(willing=mount.side == rider.side, trained=trained):
        return say(
            f"{mount.name} is not willing to be ridden (E-MOUNT-3)",
            f"{mount.name} lässt sich nicht reiten (E-MOUNT-3)",
        )
    mount_kind, rider_kind = battle.creature_type(mount), battle.creature_type(rider)
    if not can_carry_rider(mount_kind.size_category, rider_kind.size_category):
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) must be at least one size larger "
            f"than {rider.name} (KG {rider_kind.size_category}) (E-MOUNT-2)",
            f"{mount.name} (KG {mount_kind.size_category}) muss mindestens eine "
            f"Größe größer sein als {rider.name} (KG {rider_kind.size_category}) "
            "(E-MOUNT-2)",
        )
    if rider_kind.size_fields > mount_kind.size_fields:
        return say(
            f"{rider.name} does not fit on {mount.name}",
            f"{rider.name} passt nicht auf {mount.name}",
        )
    sizes = [battle.creature_type(c).size_category for c in aboard(battle, mount)]
    if not may_board(mount_kind.size_category, sizes, rider_kind.size_category):
        seats = mount_seats(mount_kind.size_category, max([*sizes, rider_kind.size_category]))
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) has no seat left: it carries "
            f"{seats} creature(s) of that size (E-MOUNT-4)",
            f"{mount.name} (KG {mount_kind.size_category}) hat keinen Platz "
            f"mehr: es trägt {seats} Wesen dieser Größe (E-MOUNT-4)",
        )
    if (passenger or reins) and free_hands_of(battle, rider) < 1:
        what = "hold on (E-MOUNT-4)" if passenger else "take the reins (E-MOUNT-9)"
        what_de = (
            "sich festzuhalten (E-MOUNT-4)" if passenger else "die Zügel zu nehmen (E-MOUNT-9)"
        )
        return say(
            f"{rider.name} needs a free hand to {what}",
            f"{rider.name} braucht eine freie Hand, um {what_de}",
        )
    if mount.altitude != rider.altitude:
        return say(
            f"{mount.name} flies at another height", f"{mount.name} fliegt in einer anderen Höhe"
        )
    gap = footprint_distance(
        rider.cell,
        mount.cell,
        side_a=rider_kind.size_fields,
        side_b=mount_kind.size_fields,
    )
    if gap != 1:
        return say(
            f"{mount.name} is not next to {rider.name}",
            f"{mount.name} ist nicht neben {rider.name}",
        )
    return ""


def _mount_check(
    battle: Battle, rider: CreatureState, mount: CreatureState, what_de: str, what_en: str
) -> tuple[bool, list[Event]]:
    """Roll Geschick vs ZW 15 when the mount ran (E-MOUNT-6); return (fell, events)."""
    if not is_running(mount):
        return False, []
    edge = rider_edge(has_riding_talent=creature_has_talent(battle, rider, RIDING_TALENT))
    roll, event = battle.check(
        rider,
        Attribute.DEXTERITY,
        STANDARD_TARGET,
        edge=edge,
        what_de=f"{what_de} vom laufenden Reittier",
        what_en=f"{what_en} a running mount",
    )
    event.data["rule"] = "E-MOUNT-6"
    events = [event]
    if roll.success:
        return False, events
    return True, events + take_hazard(battle, rider, HAZARDS["mount_fall"])


# ------------------------------------------------------------------ mounting
def handle_mount(battle: Battle, command: Mount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = battle.creature(command.mount)
    passenger = bool(command.passenger)
    reins = bool(command.reins) and not passenger
    problem = _mount_problem(battle, rider, mount, passenger=passenger, reins=reins)
    if problem:
        raise CommandRejected(problem)
    battle.can_spend(rider, Action.MOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.MOUNT)
    fell, rolled = _mount_check(battle, rider, mount, "Aufsitzen", "mounting")
    events += rolled
    if fell:
        return events
    round_ = battle.state.round
    rider.cell = mount.cell
    rider.altitude = mount.altitude
    seat, carried = (PASSENGER, CARRIES) if passenger else (RIDING, RIDDEN)
    rider.effects.append(
        Effect(seat, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
    )
    mount.effects.append(
        Effect(carried, DurationKind.UNTIL_RELEASED, source=rider.key, started_round=round_)
    )
    if reins:
        rider.effects.append(
            Effect(REINS, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
        )
    if passenger:
        events.append(
            _event(
                "mounted",
                f"{rider.name} steigt als Passagier auf {mount.name} auf und hält sich fest",
                f"{rider.name} boards {mount.name} as a passenger and holds on",
                rider.key,
                mount=mount.key,
                passenger=True,
                rule="E-MOUNT-4",
            )
        )
    else:
        events.append(
            _event(
                "mounted",
                f"{rider.name} sitzt auf {mount.name} auf"
                + (" und nimmt die Zügel" if reins else ""),
                f"{rider.name} mounts {mount.name}" + (" and takes the reins" if reins else ""),
                rider.key,
                mount=mount.key,
                reins=reins,
                rule="E-MOUNT-5",
            )
        )
    return events + sync_riders(battle)


def handle_reins(battle: Battle, command: Reins) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None or effect_named(rider, RIDING) is None:
        raise CommandRejected(
            say(
                f"{rider.name} is no rider: only the rider holds the reins",
                f"{rider.name} ist kein Reiter: nur der Reiter hält die Zügel",
            )
        )
    if bool(command.hold) == holds_reins(rider):
        state = "holds" if command.hold else "does not hold"
        state_de = "hält die Zügel bereits" if command.hold else "hält die Zügel ohnehin nicht"
        raise CommandRejected(
            say(f"{rider.name} already {state} the reins", f"{rider.name} {state_de}")
        )
    if command.hold:
        if free_hands_of(battle, rider) < 1:
            raise CommandRejected(
                say(
                    f"{rider.name} needs a free hand to take the reins (E-MOUNT-9)",
                    f"{rider.name} braucht eine freie Hand, um die Zügel zu nehmen (E-MOUNT-9)",
                )
            )
        battle.can_spend(rider, Action.INTERACT)
        # valid: now change the state
        events = battle.spend(rider, Action.INTERACT)
        rider.effects.append(
            Effect(
                REINS,
                DurationKind.UNTIL_RELEASED,
                source=mount.key,
                started_round=battle.state.round,
            )
        )
        events.append(
            _event(
                "reins",
                f"{rider.name} nimmt die Zügel von {mount.name}",
                f"{rider.name} takes {mount.name}'s reins",
                rider.key,
                hold=True,
                rule="E-MOUNT-9",
            )
        )
        return events
    battle.can_spend(rider, Action.DROP_ITEM)
    # valid: now change the state
    events = battle.spend(rider, Action.DROP_ITEM)
    rider.effects = [e for e in rider.effects if e.name != REINS]
    events.append(
        _event(
            "reins",
            f"{rider.name} lässt die Zügel los",
            f"{rider.name} lets go of the reins",
            rider.key,
            hold=False,
            rule="E-MOUNT-9",
        )
    )
    return events


def handle_dismount(battle: Battle, command: Dismount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None:
        raise CommandRejected(say(f"{rider.name} does not ride", f"{rider.name} reitet nicht"))
    cell = (int(command.cell[0]), int(command.cell[1]))
    grid = battle.grid
    if not grid.in_bounds(cell) or grid.is_wall(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map or a wall",
                f"Feld {list(cell)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    other = battle.state.creature_at(cell)
    if other is not None and other.key not in (rider.key, mount.key):
        raise CommandRejected(
            say(
                f"field {list(cell)} is taken by {other.name}",
                f"Feld {list(cell)} ist von {other.name} besetzt",
            )
        )
    mount_side = battle.creature_type(mount).size_fields
    if footprint_distance(cell, mount.cell, side_b=mount_side) != 1:
        raise CommandRejected(
            say(
                f"field {list(cell)} is not next to {mount.name}",
                f"Feld {list(cell)} liegt nicht neben {mount.name}",
            )
        )
    if mount.altitude > 0:
        raise CommandRejected(
            say(
                f"{mount.name} is in the air: land first",
                f"{mount.name} ist in der Luft: erst landen",
            )
        )
    battle.can_spend(rider, Action.DISMOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.DISMOUNT)
    events += end_riding(battle, rider, "", "")
    rider.cell = cell
    rider.altitude = 0
    events.append(
        _event(
            "dismount",
            f"{rider.name} steigt nach {list(cell)} ab",
            f"{rider.name} dismounts to {list(cell)}",
            rider.key,
            mount=mount.key,
            rule="E-MOUNT-5",
        )
    )
    _, rolled = _mount_check(battle, rider, mount, "Absteigen", "dismounting from")
    return events + rolled


def _mount_weapon(battle: Battle, mount: CreatureState, key: str) -> WeaponType | None:
    if key:
        return held_weapon(battle, mount, key)
    for held in mount.held:
        weapon = battle.catalogue.weapons.get(held)
        if weapon is not None and weapon.melee:
            return weapon
    return None


def handle_mount_command(battle: Battle, command: MountCommand) -> list[Event]:
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


# ------------------------------------------------------------------ flight


def handle_fly(battle: Battle, command: Fly) -> list[Event]:
    creature = battle.creature(command.actor)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    kind = battle.creature_type(creature)
    value = fly_value(kind.move_types)
    if value is None:
        raise CommandRejected(
            say(
                f"{creature.name} cannot fly (E-MOVETYPE-F)",
                f"{creature.name} kann nicht fliegen (E-MOVETYPE-F)",
            )
        )
    if seat_of(creature) is not None:
        raise CommandRejected(
            say(
                f"{creature.name} rides: the mount does the flying (E-MOUNT-10)",
                f"{creature.name} reitet: das Reittier fliegt (E-MOUNT-10)",
            )
        )
    profile = movement_profile(battle, creature)
    if not profile.flying:
        raise CommandRejected(
            say(
                f"{creature.name} lies on the ground and cannot fly",
                f"{creature.name} liegt am Boden und kann nicht fliegen",
            )
        )
    battle.can_spend(creature, action)
    if not 0 <= command.altitude <= MAX_ALTITUDE:
        raise CommandRejected(
            say(
                f"an altitude lies between 0 and {MAX_ALTITUDE} fields",
                f"eine Flughöhe liegt zwischen 0 und {MAX_ALTITUDE} Feldern",
            )
        )
    track = effect_named(creature, FLIGHT_TURN)
    glide = glides_only(kind.move_types.keys()) and creature.altitude > 0
    start = creature.altitude - (1 if glide and not (track and track.uses) else 0)
    if command.altitude > start and not can_gain_height(kind.move_types.keys()):
        raise CommandRejected(
            say(
                f"{creature.name} glides and cannot gain height (E-MOVETYPE-FG)",
                f"{creature.name} gleitet und kann nicht an Höhe gewinnen (E-MOVETYPE-FG)",
            )
        )
    if creature.altitude == 0 and command.altitude == 0:
        raise CommandRejected(
            say(
                "a flight leaves the ground: give an altitude above 0 (or walk)",
                "ein Flug verlässt den Boden: gib eine Höhe über 0 an (oder gehe)",
            )
        )
    path = list(command.path)
    if not path or path[0] != creature.cell:
        raise CommandRejected(
            say("a path starts on the creature's field", "ein Weg beginnt auf dem Feld des Wesens")
        )
    cost = 0
    needs_save = False
    if len(path) > 1:
        enemies = [c.cell for c in battle.enemies_of(creature)]
        allies = [c.cell for c in battle.allies_of(creature)]
        try:
            cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
        except ValueError as error:
            raise CommandRejected(path_refusal(error)) from None
        other = battle.state.creature_at(path[-1])
        if other is not None and other is not creature:
            raise CommandRejected(
                say(
                    "a flight cannot end on another creature's field (E-OBST-2)",
                    "ein Flug kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
                )
            )
        needs_save = disengage_required(
            action,
            path,
            enemy_reach(battle, creature),
            move_types=kind.move_types.keys(),
            side=kind.size_fields,
        )
    climb = abs(command.altitude - start)
    if cost + climb == 0:
        raise CommandRejected(say("the flight goes nowhere", "der Flug führt nirgendwohin"))
    allowance = movement_allowance(
        value,
        action,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=((Halving.LEAVING_REACH,) if needs_save else ())
        + passenger_halvings(battle, creature),
    )
    if cost + climb > allowance:
        raise CommandRejected(
            say(
                f"the flight costs {cost} fields and {climb} of height, {command.action} allows "
                f"{allowance} (flying value {value})",
                f"der Flug kostet {cost} Felder und {climb} Höhe, {ACTIONS[action].german} "
                f"erlaubt {allowance} (Flugwert {value})",
            )
        )
    # valid: now change the state
    events = battle.spend(creature, action)
    track = start_flight_turn(battle, creature)
    events += glide_loss(battle, creature, track)
    if needs_save:
        passed, event = leaving_reach_save(battle, creature, running=action is Action.RUN)
        events.append(event)
        if not passed:  # a flyer that fails falls (E-ACT-HH-GEHEN-3)
            return events + fall_to_ground(battle, creature, "E-ACT-HH-GEHEN-3")
    start_cell = creature.cell
    creature.cell = path[-1]
    creature.altitude = command.altitude
    track.value += climb
    if Condition.UNDETECTED in creature.conditions and moved_faster_than_walking(
        distance(start_cell, creature.cell) if action is not Action.RUN else value + 1, value
    ):
        creature.conditions = reveal(creature.conditions, ConspicuousAct.FAST_MOVEMENT)
    events.append(
        _event(
            "move",
            f"{creature.name} fliegt nach {list(creature.cell)}, Höhe {creature.altitude}",
            f"{creature.name} flies to {list(creature.cell)}, altitude {creature.altitude}",
            creature.key,
            path=[list(c) for c in path],
            action=action.name,
            altitude=creature.altitude,
        )
    )
    if len(path) > 1:
        for hook in battle.table.enter:
            events += hook(battle, creature, path[1:])
    return events


# ------------------------------------------------------------------ zero-G


# ------------------------------------------------------------------ underwater


# ------------------------------------------------------------------ the duel
def _duel_weapon(battle: Battle, creature: CreatureState, key: str) -> WeaponType:
    weapon = held_weapon(battle, creature, key)
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                f"{creature.name} needs a ranged weapon in hand for a duel",
                f"{creature.name} braucht für ein Duell eine Fernkampfwaffe in der Hand",
            )
        )
    size = battle.creature_type(creature).size_category
    if not weapon_allowed_in_duel(weapon.weapon_size, size):
        raise CommandRejected(
            say(
                f"{weapon.name} (WG {weapon.weapon_size}) is too big for a duel: "
                f"at most KG {size} (E-DUEL-2)",
                f"{weapon.name} (WG {weapon.weapon_size}) ist zu groß für ein Duell: "
                f"höchstens KG {size} (E-DUEL-2)",
            )
        )
    return weapon


def _duel_reflexes(battle: Battle, creature: CreatureState) -> tuple[int, int]:
    """Return the Reflexe value with the conditions' WM folded in, and their edge."""
    mods = roll_modifiers(creature.conditions, RollContext(attribute=Attribute.REFLEXES))
    value = battle.creature_type(creature).attribute(Attribute.REFLEXES)
    return value + mods.modifier, mods.edge


def handle_duel(battle: Battle, command: Duel) -> list[Event]:
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    a, b = battle.creature(command.a), battle.creature(command.b)
    if a.key == b.key:
        raise CommandRejected(say("a duel needs two parties", "ein Duell braucht zwei Beteiligte"))
    if a.side == b.side:
        raise CommandRejected(
            say(
                f"{a.name} and {b.name} are on the same side",
                f"{a.name} und {b.name} stehen auf derselben Seite",
            )
        )
    for party in (a, b):
        if not battle._can_take_turn(party):
            raise CommandRejected(
                say(
                    f"{party.name} cannot take part in a duel",
                    f"{party.name} kann nicht an einem Duell teilnehmen",
                )
            )
    weapons = {a.key: _duel_weapon(battle, a, command.weapon_a)}
    weapons[b.key] = _duel_weapon(battle, b, command.weapon_b)
    plan_attack(battle, a, b, weapons[a.key], melee=False)  # sight, range, loaded (E-DUEL-3)
    plan_attack(battle, b, a, weapons[b.key], melee=False)
    # valid: now change the state (no budget is spent: outside the round, E-DUEL-1)
    events = [
        _event(
            "duel",
            f"Duell: {a.name} gegen {b.name}",
            f"Duel: {a.name} against {b.name}",
            None,
            a=a.key,
            b=b.key,
            rule="E-DUEL-1",
        )
    ]
    value_a, edge_a = _duel_reflexes(battle, a)
    value_b, edge_b = _duel_reflexes(battle, b)
    order = duel_order(value_a, value_b, battle.roller, edge_a=edge_a, edge_b=edge_b)
    for roll_a, roll_b in order.rolls:
        for party, roll, edge in ((a, roll_a, edge_a), (b, roll_b, edge_b)):
            gained = impulse_gain(roll, rolled_by_player_character=party.is_character)
            battle.state.impulse_pool += gained
            de, en = describe_roll(roll, edge)
            data = roll_data(roll, edge=edge, modifier=0)
            data.update({"attribute": Attribute.REFLEXES.name, "impulse": gained})
            data["rule"] = "E-DUEL-3"
            events.append(
                Event(
                    "roll",
                    f"{party.name}: Reflexe {de}",
                    f"{party.name}: reflexes {en}",
                    party.key,
                    data,
                )
            )
    first, second = (a, b) if order.first == "a" else (b, a)
    events.append(
        _event(
            "duel_order",
            f"{first.name} zieht schneller",
            f"{first.name} draws faster",
            first.key,
            first=first.key,
            rule="E-DUEL-3",
        )
    )
    saved = battle.state.budget
    try:
        events += _duel_shot(battle, first, second, weapons[first.key])
        able = duel_second_shot(
            incapacitated=not battle._can_take_turn(second),
            dead=Condition.DEAD in second.conditions,
        )
        if able:
            events += _duel_shot(battle, second, first, weapons[second.key])
        else:
            events.append(
                _event(
                    "duel_no_shot",
                    f"{second.name} kann nicht mehr schießen",
                    f"{second.name} can no longer fire",
                    second.key,
                    rule="E-OPEN-48",
                )
            )
    finally:
        battle.state.budget = saved  # a critical failure forfeits nobody's turn (E-DUEL-1)
    events.append(
        _event("duel_over", "Das Duell ist vorbei", "The duel is over", None, rule="E-DUEL-5")
    )
    return events


def _duel_shot(
    battle: Battle, shooter: CreatureState, target: CreatureState, weapon: WeaponType
) -> list[Event]:
    try:
        plan = plan_attack(battle, shooter, target, weapon, melee=False)
    except CommandRejected as error:  # e.g. hurled out of sight by the first shot
        return [
            _event(
                "duel_no_shot",
                f"{shooter.name} kann nicht schießen: {error.de}",
                f"{shooter.name} cannot fire: {error.reason}",
                shooter.key,
                rule="E-DUEL-4",
            )
        ]
    _, events = resolve_attack(battle, plan)
    return events


# ------------------------------------------------------------------ hooks


def seated_move_check(battle: Battle, creature: CreatureState) -> str:
    """Riders and passengers do not walk, run or charge by themselves (E-MOUNT-4, -10)."""
    return seated_move_problem(creature)


# ------------------------------------------------------------- command guards
def passenger_move_guard(battle: Battle, command: Command) -> str:
    """No walking off as a passenger; passengers halve the mount's BEW (a command guard).

    E-MOUNT-4: a mount carrying passengers (and not built for them) moves at half BEW.
    Checked before the Move handler, which validates everything else.
    """
    if not isinstance(command, Move):
        return ""
    creature = battle.creature(command.actor)
    if is_passenger(creature):
        return seated_move_problem(creature)
    halvings = passenger_halvings(battle, creature)
    action = MOVE_ACTIONS.get(command.action)
    path = list(command.path)
    if not (halvings and action is not None and len(path) >= 2 and path[0] == creature.cell):
        return ""
    enemies = [c.cell for c in battle.enemies_of(creature)]
    allies = [c.cell for c in battle.allies_of(creature)]
    profile = movement_profile(battle, creature)
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError:
        return ""  # the Move handler says why
    kind = battle.creature_type(creature)
    needs_save = disengage_required(
        action, path, enemy_reach(battle, creature), move_types=kind.move_types.keys()
    )
    allowance = movement_allowance(
        kind.movement,
        action,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=halvings + ((Halving.LEAVING_REACH,) if needs_save else ()),
    )
    if cost > allowance:
        return say(
            f"the path costs {cost} fields; carrying passengers, {command.action} "
            f"allows {creature.name} {allowance} (half BEW, E-MOUNT-4)",
            f"der Weg kostet {cost} Felder; mit Passagieren erlaubt {ACTIONS[action].german} "
            f"{creature.name} nur {allowance} (halbe BEW, E-MOUNT-4)",
        )
    return ""


def attack_hands_guard(battle: Battle, command: Command) -> str:
    """A weapon needs its hands, bare hands a free one (a command guard)."""
    if not isinstance(command, Attack):
        return ""
    attacker = battle.creature(command.actor)
    weapon: WeaponType | None = None
    usable = command.weapon == UNARMED
    if command.weapon in attacker.held and command.weapon in battle.catalogue.weapons:
        weapon, usable = battle.catalogue.weapons[command.weapon], True
    return hands_problem(battle, attacker, [weapon]) if usable else ""


def reload_hands_guard(battle: Battle, command: Command) -> str:
    """A reload takes two hands (``actions.RELOAD_HANDS``, a command guard)."""
    if not isinstance(command, Reload):
        return ""
    creature = battle.creature(command.actor)
    weapon = battle.catalogue.weapons.get(str(command.weapon))
    if (
        weapon is not None
        and weapon.key in creature.held
        and weapon.magazine is not None
        and creature.magazines.get(weapon.key, 0) < weapon.magazine  # else: "full"
    ):
        return reload_problem(battle, creature, weapon)
    return ""


def can_mount(battle: Battle, creature: CreatureState) -> str:
    near = [
        other
        for other in battle.state.creatures.values()
        if other.key != creature.key
        and (other.companion_of == creature.key or other.side == creature.side)
        and not other.is_character
    ]
    for other in near:
        if not _mount_problem(battle, creature, other):
            return ""
        if not _mount_problem(battle, creature, other, passenger=True):
            return ""
    return say(
        "no mount next to it that would carry it (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
        "kein Reittier daneben, das es tragen würde (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
    )


def can_dismount(battle: Battle, creature: CreatureState) -> str:
    return "" if seat_of(creature) is not None else say("not mounted", "ist nicht aufgesessen")


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
