"""Handlers of the everyday commands: moving, attacking, standing up, the GM's hand."""

from __future__ import annotations

import re

import numpy as np

from game.board.grid import BoolGrid, Cell, Cover, Terrain, distance
from game.board.movement import path_cost
from game.match.events import Event
from game.rulesets.entaria.combat import UNARMED, held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    GmAnswer,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmMoveToken,
    GmSetLifePoints,
    Move,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of
from game.rulesets.entaria.roll_events import describe_roll
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.condition_changes import moved_faster_than_walking, reveal
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.movement import (
    Halving,
    MovementProfile,
    disengage_required,
    movement_allowance,
    resolve_disengage,
)
from game.rulesets.entaria.rules.reach import in_melee_reach, melee_reach_cells
from game.rulesets.entaria.rules.terms import Attribute, Condition, Text, say
from game.rulesets.entaria.rules.terrain import (
    TERRAIN_RULES,
    TerrainFailure,
    checks_for_path,
    crowd_stop_index,
    resolve_terrain_check,
    unclimbable_fields,
)
from game.rulesets.entaria.seats import follow_mount
from game.rulesets.entaria.state import CreatureState, Stance, cover_key

MOVE_ACTIONS = {"WALK": Action.WALK, "RUN": Action.RUN, "DISENGAGE": Action.DISENGAGE}
#: "{name} steht/kniet/liegt schon" (a refused Positionsänderung).
_STANCE_DE = {Stance.STANDING: "steht", Stance.KNEELING: "kniet", Stance.PRONE: "liegt"}
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
    kind = battle.creature_type(creature)
    held = battle.held_conditions(creature)
    return movement_allowance(
        kind.movement,
        action,
        conditions=held,
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=(Halving.LEAVING_REACH,) if halved else (),
    )


def movement_profile(battle: Battle, creature: CreatureState) -> MovementProfile:
    kind = battle.creature_type(creature)
    return MovementProfile.of(kind.move_types.keys(), battle.held_conditions(creature))


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
        zones.append(melee_reach_cells(enemy.cell, side=kind.size_fields, reach=kind.reach))
    return zones


def leaving_reach_save(
    battle: Battle, mover: CreatureState, *, running: bool
) -> tuple[bool, Event]:
    """Roll the Geschick save of a move that leaves an enemy's melee reach (D-10).

    Geschick vs ZW 15, with Nachteil when running (Laufen). Every movement that may leave
    reach asks this one roll: moves, charges, dragging, flight. Return whether it passed
    and its event; what a failure does is the caller's (``leave_reach``: prone).
    """
    kind = battle.creature_type(mover)
    roll = resolve_disengage(kind.attribute(Attribute.DEXTERITY), battle.roller, running=running)
    de, en = describe_roll(roll, -1 if running else 0)
    event = Event(
        "roll",
        f"{mover.name} löst sich aus der Nahkampfreichweite: {de}",
        f"{mover.name} leaves melee reach: {en}",
        mover.key,
        {"rule": "D-10", "success": roll.success},
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
    enemies = [c.cell for c in battle.enemies_of(creature)]
    allies = [c.cell for c in battle.allies_of(creature)]
    profile = movement_profile(battle, creature)
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError as error:
        raise CommandRejected(path_refusal(error)) from None
    if battle.state.creature_at(path[-1]) is not None:
        raise CommandRejected(
            say(
                "a move cannot end on another creature's field (E-OBST-2)",
                "eine Bewegung kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
            )
        )
    if (refused := climb_refusal(battle, creature, path)) is not None:
        raise CommandRejected(refused)
    return cost


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
    # valid: now change the state
    events = battle.spend(creature, action)
    if needs_save:
        passed, rolled = leave_reach(battle, creature, running=action is Action.RUN)
        events += rolled
        if not passed:
            return events
    stop, terrain_events = terrain_along(battle, creature, path)
    events += terrain_events
    start = creature.cell
    creature.cell = path[stop]
    if Condition.UNDETECTED in creature.conditions and moved_faster_than_walking(
        distance(start, creature.cell) if action is not Action.RUN else kind.movement + 1,
        kind.movement,
    ):
        creature.conditions = reveal(creature.conditions, ConspicuousAct.FAST_MOVEMENT)
    events.append(
        Event(
            "move",
            f"{creature.name} bewegt sich nach {list(creature.cell)}",
            f"{creature.name} moves to {list(creature.cell)}",
            creature.key,
            {"path": [list(c) for c in path[: stop + 1]], "action": action.name},
        )
    )
    for hook in battle.table.enter:
        events += hook(battle, creature, path[1 : stop + 1])
    return events


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
        result = resolve_terrain_check(check, kind.attribute(check.attribute), battle.roller)
        de, en = describe_roll(result.roll, 0)
        events.append(
            Event(
                "roll",
                f"{creature.name}: Geländeprobe ({check.terrain.name}) {de}",
                f"{creature.name}: terrain check ({check.terrain.name}) {en}",
                creature.key,
                {"rule": check.rule_id, "success": result.roll.success},
            )
        )
        if result.failure is None:
            continue
        if result.failure is TerrainFailure.STOPS_AT_HALF:
            stop = min(stop, max(index, crowd_stop_index(path)))
        elif result.failure is TerrainFailure.PIERCING_DAMAGE:
            from game.rulesets.entaria.combat import armour_of
            from game.rulesets.entaria.rules.damage import shards_damage

            damage = shards_damage(
                battle.roller, armour_of(battle, creature, cover=Cover.NONE, melee=False)
            )
            events += battle.lose_life_points(
                creature, damage.final, why_de=" durch Splitter", why_en=" from shards"
            )
        elif result.failure is TerrainFailure.BLINDED_UNTIL_NEXT_TURN:
            from game.rulesets.entaria.rules.durations import DurationKind
            from game.rulesets.entaria.state import Effect

            events += battle.add_condition(
                creature,
                Condition.BLINDED,
                effect=Effect(
                    Condition.BLINDED.name,
                    DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
                    started_round=battle.state.round,
                ),
            )
        else:  # prone, slides, falls, goes under: the move ends there, Liegend
            stop = index
            events += battle.knock_prone(creature)
            if result.failure is not TerrainFailure.PRONE:
                events.append(
                    Event(
                        "gm_question",
                        f"{creature.name}: {result.failure.value} - Folgen: Spielleitung",
                        f"{creature.name}: {result.failure.value} - GM rules on the rest",
                        creature.key,
                    )
                )
            break
    while stop > 0 and battle.state.creature_at(path[stop]) not in (None, creature):
        stop -= 1
    return stop, events


def handle_attack(battle: Battle, command: Attack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is not None and weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.name} is thrown at a field (E-THROW-2): use ThrowAtField",
                f"{weapon.name} wird auf ein Feld geworfen (E-THROW-2): nutze ThrowAtField",
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
                    f"{weapon.name} is too big to use while prone (E-COND-LIEGEND-3)",
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
            f"{creature.name}: {stance.value}",
            f"{creature.name}: {stance.value}",
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
        ):
            return ""
    return say("no enemy within melee reach", "kein Gegner in Nahkampfreichweite")


def can_shoot(battle: Battle, creature: CreatureState) -> str:
    """Fernkampf needs a ranged weapon in hand (E-RANGED-1)."""
    if any(battle.weapon(k).ranged for k in creature.held if k in battle.catalogue.weapons):
        return ""
    return say("no ranged weapon in hand", "keine Fernkampfwaffe in der Hand")


# ------------------------------------------------------------------ GM commands
def _gm_event(de: str, en: str, data: dict | None = None) -> Event:
    return Event("gm", f"Spielleitung: {de}", f"Game master: {en}", None, data or {})


def handle_gm_set_lp(battle: Battle, command: GmSetLifePoints) -> list[Event]:
    creature = battle.creature(command.creature)
    if not -100 <= command.lp <= 1000:
        raise CommandRejected(
            say("LP must lie between -100 and 1000", "LP müssen zwischen -100 und 1000 liegen")
        )
    before = creature.lp
    creature.lp = command.lp
    events = [
        _gm_event(
            f"LP von {creature.name}: {before} -> {command.lp}",
            f"{creature.name}'s LP: {before} -> {command.lp}",
            {"creature": creature.key},
        )
    ]
    return events + battle.update_life_state(creature, lp_fell=command.lp < before)


def handle_gm_condition(battle: Battle, command: GmCondition) -> list[Event]:
    creature = battle.creature(command.creature)
    if command.condition not in Condition.__members__:
        raise CommandRejected(
            say(
                f"unknown condition {command.condition!r}",
                f"unbekannter Zustand {command.condition!r}",
            )
        )
    if not 0 <= command.count <= 10:
        raise CommandRejected(
            say(
                "a condition count lies between 0 and 10",
                "die Anzahl eines Zustands liegt zwischen 0 und 10",
            )
        )
    condition = Condition[command.condition]
    events = [
        _gm_event(
            f"{condition.value} für {creature.name} ({command.count})",
            f"{condition.name.lower()} for {creature.name} ({command.count})",
            {"creature": creature.key},
        )
    ]
    if command.count == 0:
        return events + battle.remove_condition(creature, condition)
    events += battle.add_condition(creature, condition, count=command.count)
    return events


def handle_gm_move(battle: Battle, command: GmMoveToken) -> list[Event]:
    creature = battle.creature(command.creature)
    cell = command.cell
    if not battle.grid.in_bounds(cell) or battle.grid.is_wall(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map or a wall",
                f"Feld {list(cell)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    other = battle.state.creature_at(cell)
    if other is not None and other is not creature:
        raise CommandRejected(
            say(
                f"field {list(cell)} is taken by {other.name}",
                f"Feld {list(cell)} ist von {other.name} besetzt",
            )
        )
    creature.cell = cell
    moved = f"setzt {creature.name} auf {list(cell)}", f"places {creature.name} on {list(cell)}"
    return [_gm_event(*moved, {"creature": creature.key}), *follow_mount(battle, creature)]


def handle_gm_door(battle: Battle, command: GmDoor) -> list[Event]:
    cell = command.cell
    if not battle.grid.in_bounds(cell) or not battle.grid.is_door(cell):
        raise CommandRejected(
            say(f"there is no door on field {list(cell)}", f"auf Feld {list(cell)} ist keine Tür")
        )
    if not command.open and battle.state.creature_at(cell) is not None:
        raise CommandRejected(say("a creature stands in the doorway", "ein Wesen steht in der Tür"))
    battle.grid.set_door_open(cell, command.open)
    if command.open:
        battle.state.open_doors.add(cell)
    else:
        battle.state.open_doors.discard(cell)
    word = ("öffnet", "opens") if command.open else ("schließt", "closes")
    return [_gm_event(f"{word[0]} die Tür bei {list(cell)}", f"{word[1]} the door at {list(cell)}")]


def handle_gm_cover(battle: Battle, command: GmCoverOverride) -> list[Event]:
    battle.creature(command.attacker)
    battle.creature(command.target)
    if command.cover not in Cover.__members__:
        raise CommandRejected(
            say("cover is NONE, PARTIAL or FULL", "Deckung ist NONE, PARTIAL oder FULL")
        )
    battle.state.cover_overrides[cover_key(command.attacker, command.target)] = command.cover
    return [
        _gm_event(
            f"Deckung für den nächsten Angriff: {command.cover}",
            f"cover for the next attack: {command.cover}",
            {"rule": "D-9", "attacker": command.attacker, "target": command.target},
        )
    ]


def handle_gm_end_fight(battle: Battle, command: GmEndFight) -> list[Event]:
    if command.winner is not None and command.winner not in battle.sides:
        raise CommandRejected(
            say(f"unknown side {command.winner!r}", f"unbekannte Seite {command.winner!r}")
        )
    battle.state.over = True
    battle.state.winner = command.winner
    return [_gm_event("beendet den Kampf", "ends the fight", {"winner": command.winner})]


#: The longest answer the game master may give (a log line, not a letter).
GM_ANSWER_MAX = 300


def handle_gm_answer(battle: Battle, command: GmAnswer) -> list[Event]:
    index = command.question
    if index not in battle.open_gm_questions():
        raise CommandRejected(
            say(
                f"log entry {index} is no open question to the game master",
                f"Eintrag {index} des Protokolls ist keine offene Frage an die Spielleitung",
            )
        )
    text = " ".join(command.text.split())  # one line in the log
    if len(text) > GM_ANSWER_MAX:
        raise CommandRejected(
            say(
                f"an answer has at most {GM_ANSWER_MAX} characters",
                f"eine Antwort hat höchstens {GM_ANSWER_MAX} Zeichen",
            )
        )
    question = battle.log[index]
    return [
        Event(
            "gm_answer",
            f"Spielleitung: {text or 'erledigt'} (zu: {question.de})",
            f"Game master: {text or 'done'} (re: {question.en})",
            None,
            {"question": index},
        )
    ]


__all__ = [
    "MOVE_ACTIONS",
    "STANDARD_TARGET",
    "UNARMED",
    "climb_refusal",
    "move_allowance",
    "path_refusal",
    "unclimbable",
]
