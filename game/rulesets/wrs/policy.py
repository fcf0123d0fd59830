"""The built-in WRS opponent: plans scored by expected hits from the exact chances.

For the open decision it compares what each choice is worth in expected useful hits
(``policy_value``: exact d100 chances, hits a target can still take, a bonus for taking
it out) and plays the best:

- an attack with the fire mode of the highest value (W-FIRE-SEMI/AUTO/TEST: more shots
  against the malus), two weapons at once where held (W-BONUS-DUAL-2/3);
- Zielen when one aimed attack is worth more than two plain ones (W-ACT-AIM, also as
  the last action, carried into the next turn, W-OPEN-5);
- Verteidigungsposition with the last action when no attack is possible or the +25 on
  the defence tests saves more than the attack would score (W-ACT-DEF-1/2);
- Bereitschaft when no enemy can be reached this turn but one that is not waiting
  itself can walk into a covered field before the next turn (W-ACT-READY-1..4); the
  reaction is the best attack, else passing (W-ACT-READY-4/5);
- drawing a mastered shield into a free hand when no attack is possible, or when its
  lasting bonus saves more than the last action's attack (W-BONUS-SHIELD-*);
- otherwise the shortest walk to a field to attack from (W-ACT-MOVE, W-OPEN-8).

Only the last action ever defends and readiness waits only for an enemy that is not
waiting itself, so someone always walks and every fight comes to an end. Ties go to
the first candidate (fighters in set-up order), so a game state always gets the same
answer. The chosen command is tried on a private copy first (the engine validates).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.board.grid import Cell
from game.match.commands import Command, CommandRejected
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import RANGED, WrsGame
from game.rulesets.wrs.policy_map import Walker, adjacent, enemies, seen_from
from game.rulesets.wrs.policy_value import Option, best, category, is_ranged, options
from game.rulesets.wrs.rules import attacks, wounds
from game.rulesets.wrs.rules.actions import MOVE_MAX_FIELDS

#: A plan must beat the plain attack by this much to be chosen (ties attack).
EPS = 1e-9
#: Weight of an aim's gain on an enemy not in reach yet (it may not come).
AIM_UNSURE = 0.5
#: Turns a drawn shield's lasting bonus is counted for when it is weighed.
SHIELD_TURNS = 2
#: Steps an enemy walks in one turn: two moves (W-ACT-MOVE, W-ROUND-3).
TURN_STEPS = 2 * MOVE_MAX_FIELDS


def _works(game: WrsGame, command: Command) -> bool:
    """Return whether ``command`` is accepted now (tried on a copy)."""
    trial = game.resume(game.checkpoint())
    try:
        trial.apply(command)
    except CommandRejected:
        return False
    return True


def _first_working(game: WrsGame, commands: Sequence[Command], fallback: Command) -> Command:
    return next((cmd for cmd in commands if _works(game, cmd)), fallback)


def choose_command(game: WrsGame) -> Command:
    """Return the next command for the open decision of ``game`` (turn or reaction)."""
    decision = game.decisions()[0]
    me = decision.creature or ""
    if decision.kind is DecisionKind.REACTION:
        return react(game, me)
    return _turn(game, me)


def react(game: WrsGame, me: str) -> Command:
    """Answer a readiness reaction: the best attack in reach, else pass (W-ACT-READY-4/5)."""
    found = [o for foe in enemies(game, me) for o in options(game, me, foe)]
    ranked = sorted(found, key=lambda o: -o.value())
    return _first_working(game, [o.command for o in ranked], c.Pass(me))


def _turn(game: WrsGame, me: str) -> Command:
    state = game.fighters[me]
    foes = enemies(game, me)
    if not foes:
        return c.EndTurn(me)
    held = [k for k in state.drawn if k in game.catalogue.weapons]
    carried = [k for k in game.kind(me).equipment if k in game.catalogue.weapons]
    if not held and carried:
        return c.Draw(me, carried[0])
    now = best([o for foe in foes for o in options(game, me, foe)])
    if now is not None:
        return _with_target(game, me, now)
    return _without_target(game, me, foes)


def _with_target(game: WrsGame, me: str, now: Option) -> Command:
    """Attack, aim or defend when an attack is possible now (W-ACT-AIM, W-ACT-DEF-1)."""
    state = game.fighters[me]
    target = now.command.target
    aimed = None if state.aim_pending else best(options(game, me, target, aimed=True))
    aim_value = aimed.value() if aimed is not None else 0.0
    attack = [o.command for o in sorted(_all_now(game, me), key=lambda o: -o.value())]
    if state.actions_left >= 2:
        # the turn: attack twice, aim and attack, or attack and defend (W-ACT-DEF-1)
        if aim_value > now.value(2) + EPS and aim_value > now.value() + _saved(game, me) + EPS:
            return _first_working(game, [c.Aim(me), *attack], c.EndTurn(me))
        return _first_working(game, attack, c.EndTurn(me))
    # last action: attack now and next (A), aim now for next (B), defend, then attack (C)
    plain = best(options(game, me, target, aimed=False))
    after = plain.value() if plain is not None else 0.0
    saved, _ = threats(game, me)
    plans: list[tuple[float, Command]] = [(now.value() + after, attack[0])]
    if aim_value > 0:
        plans.append((aim_value, c.Aim(me)))
    plans.append((after + saved, c.DefensivePosition(me)))
    shield = _shield(game, me)
    if shield is not None:
        bonus = attacks.SHIELD_BONUS[game.catalogue.shields[shield.item].category]
        # a lasting bonus: counted for this and the next turn, scaled from the stance's
        lasting = SHIELD_TURNS * saved * bonus / attacks.DEFENSIVE_STANCE_BONUS
        plans.append((after + lasting, shield))
    top = max(p[0] for p in plans)
    chosen = next(cmd for value, cmd in plans if value >= top - EPS)
    return _first_working(game, [chosen, *attack], c.EndTurn(me))


def _saved(game: WrsGame, me: str) -> float:
    return threats(game, me)[0]


def _all_now(game: WrsGame, me: str) -> list[Option]:
    return [o for foe in enemies(game, me) for o in options(game, me, foe)]


def threats(game: WrsGame, me: str) -> tuple[float, list[str]]:
    """Return the expected hits the defensive position saves ``me`` before its next
    action, and the enemies that can attack it by then (they come into its reach).

    An enemy that can attack now splits its two attacks over all it reaches; one that
    must walk first attacks once, and only if nobody is in its reach already."""
    here = game.fighters[me].cell
    side = game.fighters[me].side
    seen = seen_from(game, here)
    near = set(adjacent(here))
    friends = [
        k for k, s in game.fighters.items() if s.side == side and wounds.can_act(game.state_of(k))
    ]
    saved = 0.0
    coming: list[str] = []
    for foe in enemies(game, me):
        spot = game.fighters[foe].cell
        ranged = is_ranged(game, foe)
        sight = seen_from(game, spot) if ranged else None
        direct = [
            k
            for k in friends
            if (sight is not None and sight[game.fighters[k].cell[1], game.fighters[k].cell[0]])
            or (sight is None and game.fighters[k].cell in set(adjacent(spot)))
        ]
        if me in direct:
            tries, weight = 2, 1.0 / len(direct)
        elif direct:
            continue
        else:
            reach = Walker(game, foe).tree(spot, MOVE_MAX_FIELDS)
            if ranged:
                tries = 1 if any(seen[y, x] for x, y in reach) else 0
            else:
                tries = 1 if near & reach.keys() else 0
            weight = 1.0
        if not tries:
            continue
        coming.append(foe)
        plain = best(options(game, foe, me, check_reach=False, defensive=False), tries)
        guarded = best(options(game, foe, me, check_reach=False, defensive=True), tries)
        if plain is not None and guarded is not None:
            saved += weight * (plain.value(tries) - guarded.value(tries))
    return saved, coming


def _positions(game: WrsGame, me: str, foes: list[str]) -> dict[Cell, float]:
    """Return the fields ``me`` could attack from, with the best attack's value there."""
    ranged = is_ranged(game, me)
    out: dict[Cell, float] = {}
    for foe in foes:
        found = options(game, me, foe, check_reach=False)
        spot = game.fighters[foe].cell
        far = best([o for o in found if _shoots(game, o)])
        close = best(found)
        if ranged and far is not None:
            mask = seen_from(game, spot)
            for y, x in zip(*mask.nonzero(), strict=True):
                cell = (int(x), int(y))
                out[cell] = max(out.get(cell, 0.0), far.value())
        if close is not None:
            for cell in adjacent(spot):
                out[cell] = max(out.get(cell, 0.0), close.value())
    return out


def _shoots(game: WrsGame, option: Option) -> bool:
    return category(game, option.command.weapon) in RANGED


def _shield(game: WrsGame, me: str) -> c.Draw | None:
    """Return drawing a carried shield the fighter masters while a hand is free: its
    bonus counts in every later defence test (W-BONUS-SHIELD-*, W-BONUS-1)."""
    state = game.fighters[me]
    if len(state.drawn) >= 2 or any(k in game.catalogue.shields for k in state.drawn):
        return None
    kind = game.kind(me)
    for key in kind.equipment:
        shield = game.catalogue.shields.get(key)
        if shield is not None and shield.category in kind.shield_skills:
            return c.Draw(me, key)
    return None


def _without_target(game: WrsGame, me: str, foes: list[str]) -> Command:
    """Draw a shield, walk, get ready, aim or defend when no attack is possible now."""
    state = game.fighters[me]
    shield = _shield(game, me)
    if shield is not None:
        return _first_working(game, [shield], c.EndTurn(me))
    walker = Walker(game, me)
    tree = walker.tree(state.cell)
    spots = _positions(game, me, foes)
    reachable = [(cell, tree[cell][0]) for cell in tree if cell in spots and tree[cell][0] > 0]
    close = [(cell, steps) for cell, steps in reachable if steps <= MOVE_MAX_FIELDS]
    if state.actions_left >= 2 and close:
        cell, _ = max(close, key=lambda cs: (spots[cs[0]], -cs[1]))
        return _first_working(game, [c.Step(me, walker.path(tree, cell))], c.EndTurn(me))
    goal = min(reachable, key=lambda cs: cs[1])[0] if reachable else _nearest(game, tree, foes)
    walk = [c.Step(me, walker.path(tree, goal))] if goal is not None else []
    if state.actions_left >= 2:
        ready = _readiness(game, me, foes)
        if ready is not None:
            return _first_working(game, [ready, *walk], c.EndTurn(me))
        return _first_working(game, walk, c.EndTurn(me))
    if close or not walk:
        saved, coming = threats(game, me)
        gain = 0.0
        for foe in coming:
            plain = best(options(game, me, foe, check_reach=False))
            aimed = best(options(game, me, foe, check_reach=False, aimed=True))
            if plain is not None and aimed is not None and not state.aim_pending:
                gain = max(gain, AIM_UNSURE * (aimed.value() - plain.value()))
        if gain > saved + EPS:
            return _first_working(game, [c.Aim(me), *walk], c.EndTurn(me))
        if saved > EPS or not walk:
            return _first_working(game, [c.DefensivePosition(me), *walk], c.EndTurn(me))
    return _first_working(game, [*walk, c.DefensivePosition(me)], c.EndTurn(me))


def _nearest(
    game: WrsGame, tree: dict[Cell, tuple[int, Cell | None]], foes: list[str]
) -> Cell | None:
    """Return the reachable field closest to an enemy (no field to attack from found)."""
    spot = game.fighters[foes[0]].cell
    start = next(cell for cell, (steps, _) in tree.items() if steps == 0)

    def gap(cell: Cell) -> int:
        return max(abs(cell[0] - spot[0]), abs(cell[1] - spot[1]))

    cell = min(tree, key=lambda x: (gap(x), tree[x][0]))
    return cell if gap(cell) < gap(start) else None


def _readiness(game: WrsGame, me: str, foes: list[str]) -> Command | None:
    """Return Bereitschaft on the covered fields if an enemy that is not waiting itself
    can walk into one before the next turn (W-ACT-READY-1/3/4), else None."""
    here = game.fighters[me].cell
    grid = game.grid
    if is_ranged(game, me):
        mask = seen_from(game, here)
        cells = [
            (int(x), int(y))
            for y, x in zip(*mask.nonzero(), strict=True)
            if (int(x), int(y)) != here and not grid.is_wall((int(x), int(y)))
        ]
    else:
        cells = [cell for cell in adjacent(here) if grid.in_bounds(cell) and not grid.is_wall(cell)]
    if not cells:
        return None
    distance = Walker(game, me).distances_to(cells, TURN_STEPS)
    melee_only = not is_ranged(game, me)
    for foe in foes:
        state = game.fighters[foe]
        if state.ready or (melee_only and is_ranged(game, foe)):
            continue
        steps = [distance[n] + 1 for n in adjacent(state.cell) if n in distance]
        if state.cell in cells or (steps and min(steps) <= TURN_STEPS):
            return c.Ready(me, "", tuple(sorted(cells)))
    return None


def play_out(
    game: WrsGame,
    *,
    max_rounds: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> bool:
    """Let the policy play every side until the fight is over or ``max_rounds`` pass."""
    while not game.over and game.round <= max_rounds:
        events = game.apply(choose_command(game))
        if on_events is not None:
            on_events(events)
    return game.over
