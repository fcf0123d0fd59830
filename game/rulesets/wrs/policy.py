"""A simple WRS opponent: draw, approach the nearest enemy, attack when able, end the turn.

Candidates are tried on a private copy of the game (the engine validates before it
changes anything), so the policy never restates a rule.
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.grid import DIRECTIONS_8, Cell
from game.match.commands import Command, CommandRejected
from game.match.events import Event
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules import wounds


def _distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _works(game: WrsGame, command: Command) -> bool:
    """Return whether ``command`` is accepted now (tried on a copy)."""
    trial = game.resume(game.checkpoint())
    try:
        trial.apply(command)
    except CommandRejected:
        return False
    return True


def _attacks(game: WrsGame, me: str, target: str) -> list[Command]:
    """Return the attacks worth trying, most shots first (fire modes pay on a win)."""
    state = game.fighters[me]
    out: list[Command] = []
    for key in state.drawn:
        weapon = game.catalogue.weapons.get(key)
        if weapon is None:
            continue
        for mode in reversed(weapon.fire_modes):
            out.append(c.Attack(me, target, key, mode.value, 3 if mode.name == "FULL_AUTO" else 2))
        out.append(c.Attack(me, target, key))
    out.append(c.Attack(me, target, "unarmed"))
    return out


def choose_command(game: WrsGame) -> Command:
    """Return the next command for the open decision of ``game``."""
    decision = game.decisions()[0]
    me = decision.creature or ""
    state = game.fighters[me]
    enemies = sorted(
        (
            k
            for k, s in game.fighters.items()
            if s.side != state.side and wounds.can_act(game.state_of(k))
        ),
        key=lambda k: _distance(state.cell, game.fighters[k].cell),
    )
    candidates: list[Command] = []
    for enemy in enemies:
        candidates += _attacks(game, me, enemy)
    if decision.kind.value == "reaction":
        return next((cmd for cmd in candidates if _works(game, cmd)), c.Pass(me))
    weapons = [k for k in game.kind(me).equipment if k in game.catalogue.weapons]
    if not state.drawn and weapons:
        return c.Draw(me, weapons[0])
    for cmd in candidates:
        if _works(game, cmd):
            return cmd
    if enemies:
        goal = game.fighters[enemies[0]].cell
        path: list[Cell] = []
        here = state.cell
        taken = game.occupied(me)
        for _ in range(3):
            steps = sorted(
                ((here[0] + dx, here[1] + dy) for dx, dy in DIRECTIONS_8),
                key=lambda cell: _distance(cell, goal),
            )
            nxt = next(
                (
                    s
                    for s in steps
                    if s not in taken
                    and _distance(s, goal) < _distance(here, goal)
                    and _works(game, c.Step(me, (*path, s)))
                ),
                None,
            )
            if nxt is None or _distance(nxt, goal) < 1:
                break
            path.append(nxt)
            here = nxt
        if path:
            return c.Step(me, tuple(path))
        if state.actions_left == 1:
            return c.DefensivePosition(me)
    return c.EndTurn(me)


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
