"""The built-in opponent: a simple, deterministic policy for any creature.

Stabilise a dying ally within melee reach when the creature carries a Medkit
(``UseAction`` STABILIZE, E-ACT-VH-STABILISIEREN-1), stand up, reload, draw a weapon when
none is in hand (Interagieren, E-ACT-HH-INTERAGIEREN), strike an enemy in reach, shoot
in the best range band, prefer fields with cover from the enemies when it moves to
shoot, advance on the nearest visible enemy, run when nothing else helps, end the turn
otherwise. Every rule is asked of ``entaria.rules`` and ``entaria.combat``; the
policy only ranks the answers: whom to attack and with what is policy_targets.py's,
where to move policy_moves.py's.

The policy draws no random numbers of its own: given the same state it chooses the
same command, so a simulated match depends on its seed alone. It avoids taking the
same action twice in a turn (that would make the creature Wehrlos, E-ACT-6).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.board.grid import Cell, Cover, distance
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import Attack, ChangePosition, EndTurn, UseAction
from game.rulesets.entaria.draw_and_throw import belt_weapons, draw_and_throw_problem
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.moving import enemy_reach
from game.rulesets.entaria.policy_moves import (
    MAX_THREATS,
    Mover,
    approach_goal,
    door_route,
    protection,
    safe_advance,
    shooting_move,
)
from game.rulesets.entaria.policy_targets import (
    Shot,
    attack_targets,
    best_shot,
    best_strike,
    can_take,
    draw_command,
    has_medkit,
    loaded_ranged_weapons,
    shot_finishes,
    spent_actions,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState, Stance


# ------------------------------------------------------------ commands
def build_command(cls: type[Command], actor: str, **values: object) -> Command | None:
    """Return ``cls(actor, **values)`` with the values whose fields it has (None: cannot)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {name: value for name, value in values.items() if name in fields}
    for name, f in fields.items():
        if name == "actor" or name in kwargs:
            continue
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            return None
    try:
        return cls(actor=actor, **kwargs)
    except (TypeError, ValueError):
        return None


# -------------------------------------------------------------------- choosing
def candidates(battle: Battle) -> Iterator[Command]:
    """Yield the current creature's sensible commands, best first, ending with EndTurn.

    The turn is used whole: walk to a better field and shoot, or shoot and then duck
    into cover (or advance, short of the enemies' reach, from open ground). A second
    shot would repeat the action and make the shooter Wehrlos (E-ACT-6): only to finish
    a target. Without a target in sight the creature advances on the nearest known
    enemy, opening closed doors on the way.
    """
    creature = battle.current
    if battle.state.over:
        yield EndTurn(creature.key)
        return
    yield from _stabilise(battle, creature)
    lying = creature.stance is Stance.PRONE or Condition.PRONE in creature.conditions
    if lying and can_take(battle, Action.CHANGE_POSITION):
        yield ChangePosition(creature.key, Stance.STANDING.value)  # Liegend helps the enemy
    yield from _reload(battle, creature)
    draw = draw_command(battle, creature)
    if draw is not None:
        yield draw  # nothing in hand to attack with: draw first, as the pirates of EX-ACT-1
    strike = best_strike(battle, creature)
    if strike is not None:
        yield strike
    mover = Mover.of(battle, creature)
    in_reach = any(creature.cell in zone for zone in enemy_reach(battle, creature))
    shot = best_shot(battle, creature)
    can_shoot = can_take(battle, Action.RANGED_ATTACK)
    can_walk = not in_reach and can_take(battle, Action.WALK)
    targets = attack_targets(battle, creature)
    path = approach_goal(mover, targets) if targets and can_walk else None
    if shot is not None and can_shoot:
        if can_walk and battle.state.budget.halves_left >= 2:
            # a field with better cover or a better band first, when one is in walking reach
            better = shooting_move(battle, creature, mover, path, will_shoot=True)
            if better is not None:
                yield better
        weapon = shot.plan.weapon
        assert weapon is not None
        yield Attack(creature.key, shot.plan.target.key, weapon.key)
    yield from _throw(battle, creature)
    shot_already = Action.RANGED_ATTACK in spent_actions(battle)
    if shot is not None and shot_already and shot_finishes(battle, shot.plan):
        weapon = shot.plan.weapon
        assert weapon is not None
        yield Attack(creature.key, shot.plan.target.key, weapon.key)  # Wehrlos, but it ends him
    yield from _walk_or_end(
        battle,
        creature,
        mover,
        targets,
        path,
        shot,
        in_reach=in_reach,
        can_walk=can_walk,
        can_shoot=can_shoot,
    )


def _walk_or_end(
    battle: Battle,
    creature: CreatureState,
    mover: Mover,
    targets: list[CreatureState],
    path: list[Cell] | None,
    shot: Shot | None,
    *,
    in_reach: bool,
    can_walk: bool,
    can_shoot: bool,
) -> Iterator[Command]:
    """Yield the rest of the turn after the attacks: a move (to shoot from, into cover, on
    the nearest enemy, through a door), then EndTurn.
    """
    if not can_walk or not targets:
        if targets and not in_reach and shot is None:
            yield from door_route(mover, targets)  # after a walk: open the door reached
        yield EndTurn(creature.key)
        return
    if loaded_ranged_weapons(battle, creature):
        # shoot from a better field, or (already shot) duck into cover
        move = shooting_move(battle, creature, mover, path, will_shoot=can_shoot)
        if move is not None:
            yield move
        if shot is not None:
            if path is not None and protection(
                battle, creature.cell, targets[:MAX_THREATS], creature.key
            ) == int(Cover.NONE):
                advance = safe_advance(battle, creature, mover, path)
                if advance is not None:
                    yield advance
            yield EndTurn(creature.key)
            return
    if path is not None:
        walk = mover.move(Action.WALK, path)
        arrives = walk is not None and walk.path[-1] == path[-1]
        if not arrives and not battle.state.budget.spent and can_take(battle, Action.RUN):
            run = mover.move(Action.RUN, path)
            if run is not None:
                yield run
        if walk is not None:
            yield walk
    else:
        yield from door_route(mover, targets)
    yield EndTurn(creature.key)


def _in_reach(battle: Battle, creature: CreatureState, other: CreatureState) -> bool:
    """Return whether ``other`` stands within the creature's melee reach (E-REACH-2)."""
    kind = battle.creature_type(creature)
    return in_melee_reach(
        creature.cell,
        other.cell,
        attacker_side=kind.size_fields,
        target_side=battle.creature_type(other).size_fields,
        reach=kind.reach,
        grid=battle.grid,
    )


def _stabilise(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield Stabilisieren of each dying ally within reach, the lowest LP first.

    Stabilisieren is a VH that needs a Medkit and a Sterbend target (E-ACT-VH-STABILISIEREN-1);
    success turns Sterbend into Stabiles Koma (E-ACT-VH-STABILISIEREN-2). The ally
    nearest to death (E-LP-4) comes first; ties by key, so the choice is deterministic.
    """
    if not has_medkit(battle, creature) or not can_take(battle, Action.STABILIZE):
        return
    dying = [
        ally
        for ally in battle.allies_of(creature)
        if Condition.DYING in ally.conditions
        and Condition.STABLE_COMA not in ally.conditions
        and _in_reach(battle, creature, ally)
    ]
    for ally in sorted(dying, key=lambda a: (a.lp, a.key)):
        yield UseAction(creature.key, Action.STABILIZE.name, target=ally.key)


def _throw(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield a throw of an area weapon (grenade) at an enemy's field, far from allies.

    A ThrowAtField command (E-THROW-2) for a grenade in hand, DrawAndThrowAtField for
    one on the belt (Interagieren and Wurfangriff, E-OPEN-16). Allies within the blast
    radius plus one field (a miss scatters, D-7) rule a target out.
    """
    weapons = battle.catalogue.weapons
    grenades = []
    if can_take(battle, Action.THROW_ATTACK):
        grenades = [
            (weapons[key], COMMANDS["throw_at_field"])
            for key in creature.held
            if key in weapons and weapons[key].targets_field
        ]
    grenades += [
        (weapon, COMMANDS["draw_and_throw_at_field"])
        for weapon in belt_weapons(battle, creature)
        if weapon.targets_field and not draw_and_throw_problem(battle, creature, weapon.key)
    ]
    allies = [a.cell for a in battle.allies_of(creature)] + [creature.cell]
    for weapon, throw in sorted(grenades, key=lambda g: g[0].key):  # in hand first
        margin = int(weapon.area_size or 1) + 2
        for enemy in attack_targets(battle, creature):
            band = range_band(distance(creature.cell, enemy.cell))
            if not weapon.fires_at(band):
                continue
            if any(distance(cell, enemy.cell) <= margin for cell in allies):
                continue
            if not line_of_sight(battle.grid, creature.cell, enemy.cell):
                continue
            command = build_command(throw, creature.key, weapon=weapon.key, target=enemy.cell)
            if command is not None:
                yield command
                return


def _reload(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield a reload of an empty held weapon (a Reload command, Interagieren)."""
    if loaded_ranged_weapons(battle, creature):
        return
    reload = COMMANDS["reload"]
    if not can_take(battle, Action.INTERACT):
        return
    for key in creature.held:
        weapon = battle.catalogue.weapons.get(key)
        if weapon is not None and weapon.has_magazine and creature.magazines.get(key, 0) <= 0:
            command = build_command(reload, creature.key, weapon=key)
            if command is not None:
                yield command


def choose_command(battle: Battle) -> Command:
    """Return the current creature's next command: the best candidate the engine accepts.

    Each candidate is tried on a scratch copy of the match (the copy shares the
    catalogue and the set-up), so the command returned is one ``battle.apply`` accepts;
    the last resort is EndTurn.
    """
    for command in candidates(battle):
        if isinstance(command, EndTurn) or _accepted(battle, command):
            return command
    return EndTurn(battle.current.key)


def _accepted(battle: Battle, command: Command) -> bool:
    from game.rulesets.entaria.clone import clone_battle

    try:
        clone_battle(battle).apply(command)
    except CommandRejected:
        return False
    return True


def play_step(battle: Battle) -> tuple[Command, list[Event]]:
    """Apply the current creature's best accepted command; return it with its events.

    Candidates are tried on the battle itself: a refused command changes nothing.
    """
    for command in candidates(battle):
        try:
            return command, battle.apply(command)
        except CommandRejected:
            continue
    command = EndTurn(battle.current.key)
    return command, battle.apply(command)


# ------------------------------------------------------------------ simulation
@dataclass(frozen=True)
class Outcome:
    """How a simulated match ended."""

    over: bool
    winner: str | None
    rounds: int
    commands: int
    reason: str  # "fight over" or "round limit"


def simulate(
    battle: Battle,
    *,
    max_rounds: int = 30,
    apply: Callable[[Command], list[Event]] | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
) -> Outcome:
    """Play both sides with the policy until the fight is over or ``max_rounds`` ended.

    ``apply`` is where commands go (default ``battle.apply``; a Match's ``apply`` records
    undo steps and autosaves); ``on_events`` sees every command's events (the log).
    """
    send = apply or battle.apply
    limit = max(1, max_rounds) * max(1, len(battle.state.order)) * 8 + 8
    count = 0
    while not battle.state.over and battle.state.round <= max_rounds and count < limit:
        events: list[Event] | None = None
        for command in candidates(battle):
            try:
                events = send(command)
            except CommandRejected:
                continue
            break
        if events is None:  # pragma: no cover - EndTurn is accepted while the fight goes on
            break
        count += 1
        if on_events is not None:
            on_events(events)
    return Outcome(
        over=battle.state.over,
        winner=battle.state.winner,
        rounds=min(battle.state.round, max_rounds),
        commands=count,
        reason="fight over" if battle.state.over else "round limit",
    )
