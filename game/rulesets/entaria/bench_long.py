"""``kampfkarte bench engine``, long fights: undo, the Impuls reroll and loading a save.

Issue 13 ("Long fights") asks that these cost about the same after 100 commands as after
2,000. The record is built on the benchmark board (100x100 fields, 40 creatures) from a
seeded mix that keeps the fight going: each creature on turn walks a few fields, every
fourth one shoots at the nearest enemy and the game master sets the target's LP back
(a GM command), every 25th command is a GM door or fog command, then the turn ends.
Each undo sample is followed by an untimed redo, so every sample does the same work.
"""

from __future__ import annotations

import random

from game.board.movement import find_path, reachable
from game.match.commands import Command
from game.match.long_bench import around, load_rows, undo_row
from game.match.record import Match
from game.match.ruleset import Ruleset
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.commands import Attack, EndTurn, GmFog, GmSetLifePoints, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import GmSpendImpulse
from game.rulesets.entaria.setup import BattleSetup

#: The record lengths the rows compare (the issue's figures).
LENGTHS = (100, 2000)
Row = tuple[str, float, float, str]


def long_rows(
    ruleset: Ruleset,
    setup: BattleSetup,
    catalogue: Catalogue,
    seed: int,
    repeats: int,
    *,
    lengths: tuple[int, ...] = LENGTHS,
) -> list[Row]:
    """Return the undo, reroll and load rows after each of ``lengths`` commands.

    ``ruleset`` is ENTARIA's (handed in: this module is below the ruleset object).
    """
    match = Match(ruleset, setup, catalogue, seed)
    rng = random.Random(seed)
    rows: list[Row] = []
    target = "< 2x the first" if len(lengths) > 1 else "(none)"
    for index, length in enumerate(lengths):
        grow(match, rng, length)
        mark = "" if index == 0 else target
        rows.append(undo_row(match, repeats, mark))
        rows.append(_reroll_row(match, repeats, mark))
        rows.extend(load_rows(match, max(1, repeats // 10), mark))
    return rows


def grow(match: Match, rng: random.Random, length: int) -> None:
    """Apply the mix of commands until the record holds at least ``length``."""
    while match.command_count < length:
        battle: Battle = match.battle
        for command in _turn(battle, rng, match.command_count):
            try:
                match.apply(command)
            except CommandRejected:
                continue
            if match.command_count >= length:
                return


def _turn(battle: Battle, rng: random.Random, done: int) -> list[Command]:
    """Return one turn's commands for the creature on turn (built before they apply)."""
    mover = battle.current
    enemies = [c.cell for c in battle.enemies_of(mover)]
    allies = [c.cell for c in battle.allies_of(mover)]
    commands: list[Command] = []
    costs = reachable(battle.grid, mover.cell, 3, enemies=enemies, allies=allies)
    goal = rng.choice(sorted(costs))
    path = find_path(battle.grid, mover.cell, goal, enemies=enemies, allies=allies)
    if path and len(path) > 1:
        commands.append(Move(mover.key, "WALK", tuple(path)))
    foes = battle.enemies_of(mover)
    ranged = [k for k in mover.held if battle.catalogue.weapons[k].ranged]
    if foes and ranged and rng.random() < 0.25:
        target = min(foes, key=lambda c: abs(c.cell[0] - goal[0]) + abs(c.cell[1] - goal[1]))
        commands.append(Attack(mover.key, target.key, ranged[0]))
        commands.append(GmSetLifePoints(None, target.key, target.max_lp))
    if done % 25 == 24:
        x, y = mover.cell
        commands.append(GmFog(None, ((x, y), (x + 1, y)), rng.choice([True, False, None])))
    commands.append(EndTurn(mover.key))
    return commands


def _reroll_row(match: Match, repeats: int, target: str) -> Row:
    """Time a GM reroll of the last attack's first roll (undone, untimed, after each)."""
    from game.rulesets.entaria.policy import choose_command

    for _ in range(200):  # the policy plays until the last command made a roll
        if match.battle.legal_reroll(None).allowed:
            break
        match.apply(choose_command(match.battle))
    battle: Battle = match.battle
    payer = next(
        (c.key for c in battle.state.creatures.values() if battle.sides[c.side].controller == "gm"),
        None,
    )
    options = battle.rerollable_rolls()
    if payer is None or not options:
        return ("Impuls reroll: no roll to reroll", 0.0, 0.0, "")
    reroll = GmSpendImpulse(None, payer, "REROLL", roll=options[0].index)
    length = match.command_count
    replays: list[int] = []

    def apply() -> None:
        match.apply(reroll)
        replays.append(match.battle.rerolls.replayed)

    def take_back() -> None:
        match.undo()

    median, worst = around(apply, take_back, repeats)
    label = f"Impuls reroll after {length} commands (replays {max(replays)})"
    return (label, median, worst, target)
