"""How a creature moves: paths and their cost, the allowance, leaving reach, terrain.

Shared by every movement: moves, charges, dragging, flight and the screen's previews.
A path starts on the mover's field, obeys the movement rules (walls, corners, creatures
in the way: ``rules.movement.path_cost``, D-10, E-OBST-1/2, E-SIZE-1) and enters no
climbing field the mover lacks the free hands for (E-TERRAIN-CLIMB-1). A move that
leaves an enemy's melee reach is halved and needs the Geschick save (D-10); terrain on
the way asks its checks (E-TERRAIN-*).
"""

from __future__ import annotations

import re

import numpy as np

from game.board.grid import BoolGrid, Cell, Cover, Terrain, distance
from game.board.movement import path_cost
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _reveal
from game.rulesets.entaria.combat import armour_of
from game.rulesets.entaria.creature_values import base_bew
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.condition_changes import moved_faster_than_walking
from game.rulesets.entaria.rules.condition_rolls import RollModifiers
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.damage import shards_damage
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.movement import (
    Halving,
    MovementProfile,
    disengage_check,
    movement_allowance,
)
from game.rulesets.entaria.rules.reach import melee_reach_cells
from game.rulesets.entaria.rules.terms import Condition, Text, say
from game.rulesets.entaria.rules.terrain import (
    TERRAIN_RULES,
    TerrainFailure,
    checks_for_path,
    crowd_stop_index,
    terrain_check_result,
    unclimbable_fields,
)
from game.rulesets.entaria.state import CreatureState, Effect

MOVE_ACTIONS = {"WALK": Action.WALK, "RUN": Action.RUN, "DISENGAGE": Action.DISENGAGE}


#: The illegal paths movement.path_cost names, in German (D-10, E-OBST-1, E-SIZE-1).
_PATH_PROBLEMS_DE = (
    (
        re.compile(r"^step (.+) -> (.+) does not go to a neighbouring field$"),
        "Schritt {0} -> {1} führt nicht auf ein Nachbarfeld",
    ),
    (
        re.compile(r"^step (.+) -> (.+) enters a wall or closed door$"),
        "Schritt {0} -> {1} führt in eine Wand oder geschlossene Tür",
    ),
    (
        re.compile(r"^step (.+) -> (.+) enters a field held by an enemy$"),
        "Schritt {0} -> {1} führt auf ein Feld, das ein Gegner besetzt",
    ),
    (
        re.compile(r"^step (.+) -> (.+) crosses a wall on a field edge$"),
        "Schritt {0} -> {1} führt über eine Wand auf einer Feldkante",
    ),
    (
        re.compile(r"^step (.+) -> (.+) cuts a corner between two walls$"),
        "Schritt {0} -> {1} schneidet eine Ecke zwischen zwei Wänden",
    ),
    (
        re.compile(
            r"^a creature of (\d+)×(\d+) fields cannot stand at (.+) on the (\d+)×(\d+) map$"
        ),
        "ein Wesen von {0}×{1} Feldern kann auf der {3}×{4} Felder großen Karte "
        "nicht auf {2} stehen",
    ),
    (
        re.compile(r"^a path needs at least its start field$"),
        "ein Weg braucht mindestens sein Startfeld",
    ),
)


def path_refusal(error: ValueError) -> Text:
    """Return why movement.path_cost refused a path, with the German."""
    english = str(error)
    for pattern, german_text in _PATH_PROBLEMS_DE:
        if found := pattern.match(english):
            return say(english, german_text.format(*found.groups()))
    return say(english, f"ungültiger Weg ({english})")


def move_allowance(battle: Battle, creature: CreatureState, action: Action, *, halved: bool) -> int:
    """Return the fields a move action allows this creature now (E-MOVE-1, E-OPEN-12)."""
    held = battle.held_conditions(creature)
    return movement_allowance(
        base_bew(battle, creature),  # with armour's BEW change (E-ARMOR-2)
        action,
        conditions=held,
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=(Halving.LEAVING_REACH,) if halved else (),
    )


def movement_profile(battle: Battle, creature: CreatureState) -> MovementProfile:
    kind = battle.creature_type(creature)
    underwater = battle.setup.environment.underwater  # every field is water (E-UNDERWATER-1)
    return MovementProfile.of(
        kind.move_types.keys(), battle.held_conditions(creature), underwater=underwater
    )


def enemy_reach(
    battle: Battle, creature: CreatureState, within: int | None = None
) -> list[set[tuple[int, int]]]:
    """Return the melee reach of every enemy that can act (E-OPEN-11).

    With ``within``, only the reaches that come within that many fields of the
    creature: no path of that cost can touch the others.
    """
    zones = []
    for enemy in battle.enemies_of(creature):
        kind = battle.creature_type(enemy)
        far = within is not None and distance(creature.cell, enemy.cell) > (
            within + kind.reach + kind.size_fields
        )
        if far:
            continue
        if not battle._can_take_turn(enemy):
            continue
        zones.append(  # past no wall on a field edge (D-13)
            melee_reach_cells(enemy.cell, side=kind.size_fields, reach=kind.reach, grid=battle.grid)
        )
    return zones


def leaving_reach_save(
    battle: Battle, mover: CreatureState, *, running: bool
) -> tuple[bool, Event]:
    """Roll the Geschick save of a move that leaves an enemy's melee reach (D-10).

    Geschick vs ZW 15, with Nachteil when running (Laufen). Every movement that may leave
    reach asks this one roll: moves, charges, dragging, flight. It is the mover's check
    (``Battle.check``, D-3): its conditions, Helfen and a crit's Impuls count. Return
    whether it passed and its event; what a failure does is the caller's (``leave_reach``:
    prone).
    """
    check = disengage_check(running=running)
    # Laufen's own Nachteil, named in the log like a condition's (E-ACT-VH-LAUFEN-2)
    action = RollModifiers(
        edge=check.edge,
        reasons=("Laufen: Nachteil (E-ACT-VH-LAUFEN-2)",) if check.edge else (),
        causes=(("Laufen: Nachteil", "running: disadvantage"),) if check.edge else (),
    )
    roll, event = battle.check(
        mover,
        check.attribute,
        check.target,
        extra=action,
        rule="D-10",
        what_de="löst sich aus der Nahkampfreichweite:",
        what_en="leaves melee reach:",
    )
    return bool(roll.success), event


def leave_reach(battle: Battle, mover: CreatureState, *, running: bool) -> tuple[bool, list[Event]]:
    """Roll the leaving-reach save; a failure leaves the mover Liegend where it stands.

    D-10: the move is made after the save, so a failed save ends it on the start field.
    Return whether the move goes on and the events.
    """
    passed, event = leaving_reach_save(battle, mover, running=running)
    if passed:
        return True, [event]
    return False, [event, *battle.knock_prone(mover)]


#: Effect name: the fields a creature moved since the start of its turn (E-OPEN-39).
MOVED_THIS_ROUND = "moved_this_round"


def fields_moved_this_round(creature: CreatureState) -> int:
    """Return the fields the creature moved itself since the start of its turn."""
    return sum(e.value for e in creature.effects if e.name == MOVED_THIS_ROUND)


def count_movement(
    battle: Battle,
    creature: CreatureState,
    fields: int,
    *,
    walking: int | None = None,
    faster: bool = False,
) -> list[Event]:
    """Count a movement into the creature's round; end Unentdeckt when it went too fast.

    Unentdeckt ends toward everyone when the creature "sich schneller als die Handlung
    Gehen in einer Runde bewegt" (E-COND-UNENTDECKT-5, E-OPEN-39): every field it moved
    itself since the start of its turn counts (two Gehen, Gehen and Lösen, a charge, a
    flight, dragging), and more than its BEW (``walking``: what Gehen moves it, default
    the BEW with its armour) breaks it. ``faster``: the action itself is faster than
    Gehen (Laufen), whatever its length. Forced movement (pushed, hurled, carried) is not
    the creature's own and is not counted. The count lives in an effect that ends at the
    start of its next turn, so a readied move out of turn counts with its own turn's.
    """
    if fields <= 0 and not faster:
        return []
    counted = next((e for e in creature.effects if e.name == MOVED_THIS_ROUND), None)
    if counted is None:
        counted = Effect(
            MOVED_THIS_ROUND,
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
            started_round=battle.state.round,
        )
        creature.effects.append(counted)
    counted.value += max(0, fields)
    bew = base_bew(battle, creature) if walking is None else walking
    if faster or moved_faster_than_walking(counted.value, bew):
        return _reveal(creature, ConspicuousAct.FAST_MOVEMENT)
    return []


def unclimbable(battle: Battle, creature: CreatureState) -> BoolGrid:
    """Return the climbing fields [y, x] the creature may not enter now (E-TERRAIN-CLIMB-1).

    Climbing needs two free hands (``hand_checks.free_hands_of``: what it holds,
    the reins, holding on) unless it climbs by nature (K, W) or flies. Moves, charges,
    dragging and the movement overlay all ask this.
    """
    terrain = battle.grid.terrain
    if not (terrain == int(Terrain.CLIMB)).any():
        return np.zeros(terrain.shape, dtype=bool)
    return unclimbable_fields(
        terrain,
        free_hands_of(battle, creature),
        move_types=battle.creature_type(creature).move_types.keys(),
        flying=movement_profile(battle, creature).flying,
    )


def unclimbable_cells(
    battle: Battle, creature: CreatureState, within: int | None = None
) -> list[Cell]:
    """Return the climbing fields the creature may not enter now, its own field excepted.

    ``within``: only those at most that many fields away (a move's allowance).
    """
    mask = unclimbable(battle, creature)
    sx, sy = creature.cell
    x0 = y0 = 0
    if within is not None:
        x0, y0 = max(0, sx - within), max(0, sy - within)
        mask = mask[y0 : sy + within + 1, x0 : sx + within + 1]
    return [
        (int(x) + x0, int(y) + y0)
        for y, x in np.argwhere(mask)
        if (int(x) + x0, int(y) + y0) != creature.cell
    ]


def climb_refusal(battle: Battle, creature: CreatureState, path: list[Cell]) -> Text | None:
    """Return why ``path`` enters a climbing field the creature may not climb, or None.

    E-TERRAIN-CLIMB-1: a climbing surface needs two free hands. The start field is not
    entered: a creature may always climb down from where it is.
    """
    grid = battle.grid
    climbed = [c for c in path[1:] if grid.in_bounds(c) and grid.terrain_at(c) is Terrain.CLIMB]
    if not climbed:
        return None
    hands = free_hands_of(battle, creature)
    blocked = unclimbable_fields(
        [int(Terrain.CLIMB)],
        hands,
        move_types=battle.creature_type(creature).move_types.keys(),
        flying=movement_profile(battle, creature).flying,
    )
    if not blocked[0]:
        return None
    cell = list(climbed[0])
    needed = TERRAIN_RULES[Terrain.CLIMB].free_hands_needed
    held = ", ".join(creature.held)
    in_hand_en = f"; in hand: {held}" if held else ""
    in_hand_de = f"; in der Hand: {held}" if held else ""
    return say(
        f"{creature.name} needs {needed} free hands to climb the climbing surface at "
        f"{cell}, has {hands}{in_hand_en} (E-TERRAIN-CLIMB-1)",
        f"{creature.name} braucht {needed} freie Hände, um die Kletteroberfläche bei "
        f"{cell} zu erklettern, hat {hands}{in_hand_de} (E-TERRAIN-CLIMB-1)",
    )


def walked_path_cost(battle: Battle, creature: CreatureState, path: list[Cell]) -> int:
    """Return the cost of ``creature`` walking ``path``; raise CommandRejected if it cannot.

    The path starts on the creature's field, takes at least one step, obeys the movement
    rules (walls, corners, creatures in the way: ``rules.movement.path_cost``), does not
    end on another creature's field (E-OBST-2) and enters no climbing field the creature
    lacks the free hands for (E-TERRAIN-CLIMB-1, ``climb_refusal``). Shared by moves and
    dragging a grappled creature.
    """
    if len(path) < 2 or path[0] != creature.cell:
        raise CommandRejected(
            say(
                "a path starts on the creature's field and has at least one step",
                "ein Weg beginnt auf dem Feld des Wesens und hat mindestens einen Schritt",
            )
        )
    enemies, allies = blockers(battle, creature)  # the dead too (E-OPEN-44)
    profile = movement_profile(battle, creature)
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError as error:
        raise CommandRejected(path_refusal(error)) from None
    if battle.state.creature_at(path[-1], besides={creature.key}) is not None:
        raise CommandRejected(
            say(
                "a move cannot end on another creature's field (E-OBST-2)",
                "eine Bewegung kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
            )
        )
    if (refused := climb_refusal(battle, creature, path)) is not None:
        raise CommandRejected(refused)
    return cost


def terrain_along(
    battle: Battle, creature: CreatureState, path: list[Cell]
) -> tuple[int, list[Event]]:
    """Roll the terrain checks of a move along ``path``; return where it stops (E-TERRAIN-*).

    A failed crowd check ends the move after half of it; shards hurt (SW 1 piercing);
    strobe light blinds until the creature's next turn; mud, slopes, narrow footing,
    climbing and deep water stop the move there with Liegend (falls and drowning are
    the GM's). The move never ends on an occupied field: it stops on the last free one.
    """
    kind = battle.creature_type(creature)
    events: list[Event] = []
    stop = len(path) - 1
    for check in checks_for_path(battle.grid, path, move_types=kind.move_types.keys()):
        index = path.index(check.cell)
        if index > stop:
            break
        # the mover's own check (D-3): its conditions count, a crit brings Impuls
        roll, event = battle.check(
            creature,
            check.attribute,
            check.target,
            rule=check.rule_id,
            what_de=f"Geländeprobe ({TERRAIN_RULES[check.terrain].german})",
            what_en=f"terrain check ({TERRAIN_RULES[check.terrain].english})",
        )
        events.append(event)
        result = terrain_check_result(check, roll)
        if result.failure is None:
            continue
        if result.failure is TerrainFailure.STOPS_AT_HALF:
            stop = min(stop, max(index, crowd_stop_index(path)))
        elif result.failure in _HURTING:
            events += _hurt_by_terrain(battle, creature, result.failure)
        else:  # prone, slides, falls, goes under: the move ends there, Liegend
            stop = index
            events += _fallen_on_terrain(battle, creature, result.failure)
            break
    while stop > 0 and battle.state.creature_at(path[stop], besides={creature.key}) is not None:
        stop -= 1
    return stop, events


#: The terrain failures that hurt the mover but let the move go on.
_HURTING = (TerrainFailure.PIERCING_DAMAGE, TerrainFailure.BLINDED_UNTIL_NEXT_TURN)


def _hurt_by_terrain(
    battle: Battle, creature: CreatureState, failure: TerrainFailure
) -> list[Event]:
    """Shards hurt (SW 1 piercing, worn armour counts); strobe light blinds a turn."""
    if failure is TerrainFailure.PIERCING_DAMAGE:
        armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
        damage = shards_damage(battle.roller, armour)
        # the terrain as the check named it, and the die, for the table (E-TERRAIN-SHARDS)
        sum_de = f"SW 1 + w6 ({damage.die}) - Panzerung {armour}"
        sum_en = f"damage 1 + d6 ({damage.die}) - armour {armour}"
        return battle.lose_life_points(
            creature,
            damage.final,
            why_de=f" durch Glassplitter / Stacheldraht: {sum_de}",
            why_en=f" from glass shards / barbed wire: {sum_en}",
        )
    return battle.add_condition(
        creature,
        Condition.BLINDED,
        effect=Effect(
            Condition.BLINDED.name,
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
            started_round=battle.state.round,
        ),
    )


#: A fall's words for the German log, the book's where it has them (E-TERRAIN-*).
_FALL_DE = {
    TerrainFailure.LOSES_GRIP_AND_FALLS: "verliert den Halt und fällt",
    TerrainFailure.GOES_UNDER: "geht unter",
    TerrainFailure.PRONE_AND_SLIDES: "liegt und rutscht eventuell das Gefälle herunter",
    TerrainFailure.FALLS_OFF: "stürzt ab",
}


def _fallen_on_terrain(
    battle: Battle, creature: CreatureState, failure: TerrainFailure
) -> list[Event]:
    """The mover lies where the terrain stopped it; what more happens is the GM's."""
    events = battle.knock_prone(creature)
    if failure is not TerrainFailure.PRONE:
        events.append(
            Event(
                "gm_question",
                f"{creature.name} {_FALL_DE.get(failure, failure.value)} - Folgen: Spielleitung",
                f"{creature.name}: {failure.value} - GM rules on the rest",
                creature.key,
            )
        )
    return events
