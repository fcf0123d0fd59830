"""The handler of flying (E-MOVETYPE-F/FG/FS/FV, E-OPEN-43).

``Fly`` is a Gehen, Laufen or Lösen in the air: a path (possibly just the start field)
and the altitude at its end; the fields flown plus the height changed cost the flying
value's allowance (with the worn armour's BEW change, E-ARMOR-2). A pure glider cannot
climb. A Liegend flyer cannot fly, nor can anyone under water (E-UNDERWATER-1: every field
is water); a flyer that fails the leaving-reach save falls. Melee reach and sight ignore
altitude (a map has no third dimension). A flyer's turn in the air is ``flying``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.board.movement import path_cost
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.creature_values import base_value
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.flying import FLIGHT_TURN, fall_to_ground, glide_loss, start_flight_turn
from game.rulesets.entaria.moving import (
    MOVE_ACTIONS,
    count_movement,
    enemy_reach,
    leaving_reach_save,
    movement_profile,
    path_refusal,
)
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.movement import Halving, disengage_required, movement_allowance
from game.rulesets.entaria.rules.situations import can_gain_height, fly_value, glides_only
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.seats import effect_named, passenger_halvings, seat_of
from game.rulesets.entaria.state import CreatureState

#: The highest altitude a Fly command accepts (fields); the allowance limits it anyway.
MAX_ALTITUDE = 100


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
class FlightPlan:
    """A Fly command the handler accepts: the path, the height and what they cost."""

    creature: CreatureState
    action: Action
    value: int  # the flying value (E-MOVETYPE-F)
    path: list[Cell]
    climb: int  # the height changed
    needs_save: bool  # the path leaves an enemy's melee reach (D-10)


def _flyer(battle: Battle, command: Fly) -> tuple[CreatureState, Action, int]:
    """Return who flies, as which move, with which flying value; reject who cannot fly."""
    creature = battle.creature(command.actor)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    value = fly_value(battle.creature_type(creature).move_types)
    if value is None:
        raise CommandRejected(
            say(
                f"{creature.name} cannot fly (E-MOVETYPE-F)",
                f"{creature.name} kann nicht fliegen (E-MOVETYPE-F)",
            )
        )
    if battle.setup.environment.underwater:  # every field is water (MovementProfile.flying)
        raise CommandRejected(
            say(
                f"{creature.name} cannot fly under water",
                f"{creature.name} kann unter Wasser nicht fliegen",
            )
        )
    if seat_of(creature) is not None:
        raise CommandRejected(
            say(
                f"{creature.name} rides: the mount does the flying (E-MOUNT-10)",
                f"{creature.name} reitet: das Reittier fliegt (E-MOUNT-10)",
            )
        )
    if not movement_profile(battle, creature).flying:
        raise CommandRejected(
            say(
                f"{creature.name} lies on the ground and cannot fly",
                f"{creature.name} liegt am Boden und kann nicht fliegen",
            )
        )
    # the flying value is a further BEW (E-MOVETYPE-1): armour changes it too (E-ARMOR-2)
    return creature, action, base_value(battle, creature, value)


def _start_height(battle: Battle, creature: CreatureState, command: Fly) -> int:
    """Return the height the flight starts from (a glider's first flight loses 1)."""
    if not 0 <= command.altitude <= MAX_ALTITUDE:
        raise CommandRejected(
            say(
                f"an altitude lies between 0 and {MAX_ALTITUDE} fields",
                f"eine Flughöhe liegt zwischen 0 und {MAX_ALTITUDE} Feldern",
            )
        )
    move_types = battle.creature_type(creature).move_types.keys()
    track = effect_named(creature, FLIGHT_TURN)
    glide = glides_only(move_types) and creature.altitude > 0
    start = creature.altitude - (1 if glide and not (track and track.uses) else 0)
    if command.altitude > start and not can_gain_height(move_types):
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
    return start


def _flown_path(
    battle: Battle, creature: CreatureState, action: Action, path: list[Cell]
) -> tuple[int, bool]:
    """Return what flying ``path`` costs and whether it leaves an enemy's reach (D-10)."""
    if not path or path[0] != creature.cell:
        raise CommandRejected(
            say("a path starts on the creature's field", "ein Weg beginnt auf dem Feld des Wesens")
        )
    if len(path) == 1:
        return 0, False
    enemies, allies = blockers(battle, creature)  # the dead too (E-OPEN-44)
    profile = movement_profile(battle, creature)
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError as error:
        raise CommandRejected(path_refusal(error)) from None
    if battle.state.creature_at(path[-1], besides={creature.key}) is not None:
        raise CommandRejected(
            say(
                "a flight cannot end on another creature's field (E-OBST-2)",
                "ein Flug kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
            )
        )
    kind = battle.creature_type(creature)
    needs_save = disengage_required(
        action,
        path,
        enemy_reach(battle, creature),
        move_types=kind.move_types.keys(),
        side=kind.size_fields,
    )
    return cost, needs_save


def validate_fly(battle: Battle, command: Fly) -> FlightPlan:
    """Return the flight as the handler carries it out, or raise CommandRejected."""
    creature, action, value = _flyer(battle, command)
    battle.can_spend(creature, action)
    start = _start_height(battle, creature, command)
    path = list(command.path)
    cost, needs_save = _flown_path(battle, creature, action, path)
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
    return FlightPlan(creature, action, value, path, climb, needs_save)


def handle_fly(battle: Battle, command: Fly) -> list[Event]:
    plan = validate_fly(battle, command)
    creature, action, value, path = plan.creature, plan.action, plan.value, plan.path
    # valid: now change the state
    events = battle.spend(creature, action)
    track = start_flight_turn(battle, creature)
    events += glide_loss(battle, creature, track)
    if plan.needs_save:
        passed, event = leaving_reach_save(battle, creature, running=action is Action.RUN)
        events.append(event)
        if not passed:  # a flyer that fails falls (E-ACT-HH-GEHEN-3)
            return events + fall_to_ground(battle, creature, "E-ACT-HH-GEHEN-3")
    creature.cell = path[-1]
    creature.altitude = command.altitude
    track.value += plan.climb
    # the fields flown count with the round's other movement against Gehen (E-OPEN-39)
    events += count_movement(
        battle, creature, len(path) - 1, walking=value, faster=action is Action.RUN
    )
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
