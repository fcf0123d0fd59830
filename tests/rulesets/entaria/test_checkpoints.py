"""Checkpoints of an ENTARIA match (issue 13, "Long fights"): exact, and bounded in cost.

Undo resumes from a checkpoint (``Battle.checkpoint``/``resume``, ``Match.undo``) and the
Impuls reroll rebuilds the state before the last command from the ledger's checkpoint
(E-IMP-EFF-REROLL, ``RerollLedger.spacing``). Both must give exactly what a full replay
from the start gives: the state, the log, the grid (doors, objects), the fog, the dice
stream and the dice of every command are compared, at and around the checkpoint
boundaries, with GM commands, fog commands and rerolls in the record. Costs are counted
in commands replayed, never timed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.match.checkpoints import SPACING
from game.match.commands import Command
from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.rulesets import RULESETS
from game.rulesets.entaria.commands import EndTurn, GmFog
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import GmSpendImpulse
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.reroll_ledger import CHECKPOINT_SPACING, is_reroll
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_fuzz import HASH, MISSIONS, Fuzzer, setup_of

#: A ledger that never checkpoints by itself: rerolls rebuild from the construction.
NEVER = 10**9


# ------------------------------------------------------------------ serialised state
def serialised(battle: Battle) -> dict[str, Any]:
    """Return everything of ``battle`` a later command can depend on, as plain data."""
    grid = battle.grid
    arrays = {name: value.tobytes() for name, value in vars(grid).items() if _array(value)}
    arrays |= {f"edges.{n}": v.tobytes() for n, v in vars(grid.edges).items() if _array(v)}
    rng = getattr(battle._roller, "_rng", None)
    return {
        "state": battle.state.to_dict(),
        "log": [event.to_dict() for event in battle.log],
        "record": [command.to_dict() for command in battle.record],
        "grid": arrays,
        "fog": {key: sorted(battle.hidden_from(key)) for key in sorted(battle.state.creatures)},
        "dice": rng.getstate() if rng is not None else None,
        "draws": list(battle.rerolls.draws),
        "rerollable": battle.rerollable_rolls(),
    }


def _array(value: object) -> bool:
    return isinstance(value, np.ndarray)


def full_replay(setup: Any, seed: int, commands: list[Command] | tuple[Command, ...]) -> Battle:
    """Return the match replayed from its start, its ledger never checkpointing by itself."""
    battle = ENTARIA.new_game(setup, CATALOGUE, seed)
    battle.rerolls.spacing = NEVER
    for command in commands:
        battle.apply(command)
    return battle


def assert_same(battle: Battle, reference: Battle, where: str) -> None:
    mine, theirs = serialised(battle), serialised(reference)
    for key in theirs:
        assert mine[key] == theirs[key], f"{where}: {key} differs"


# ------------------------------------------------------------------ a mixed record
def gm_creature(battle: Battle) -> str | None:
    """Return a creature of the game master's sides (who pays a GM reroll), if any."""
    for creature in battle.state.creatures.values():
        side = battle.sides.get(creature.side)
        if side is not None and side.controller != "player":
            return creature.key
    return None


def fog_command(battle: Battle, rng: random.Random) -> GmFog:
    """Hide or reveal a few fields around the creature on turn for its enemies."""
    x, y = battle.current.cell
    fields = tuple(
        (min(max(x + rng.randint(-3, 3), 0), battle.grid.width - 1), y) for _ in range(3)
    )
    return GmFog(None, fields, rng.choice([True, False, None]))


def play(match: Match, rng: random.Random, length: int) -> list[int]:
    """Apply random commands until the record holds ``length``; return the reroll indices.

    The mix: the engine fuzz's commands (policy, moves, attacks, GM commands, any
    registered kind), a fog command every few, and a GM reroll of the last command's
    first roll whenever there is one to reroll (about every third time).
    """
    fuzzer = Fuzzer(rng)
    rerolls: list[int] = []
    attempts = 0
    while len(match.commands) < length and attempts < length * 8:
        attempts += 1
        battle: Battle = match.battle
        if battle.state.over:
            break
        payer = gm_creature(battle)
        options = battle.legal_reroll(None)
        if payer is not None and options.allowed and rng.random() < 0.35:
            command: Command = GmSpendImpulse(None, payer, "REROLL", roll=options.rolls[0].index)
        elif rng.random() < 0.08:
            command = fog_command(battle, rng)
        else:
            command = fuzzer.command(battle)
        try:
            match.apply(command)
        except CommandRejected:
            continue
        if is_reroll(command):
            rerolls.append(len(match.commands) - 1)
    return rerolls


@pytest.fixture(scope="module", params=[0, 4])
def long_match(request: pytest.FixtureRequest) -> tuple[Match, list[int]]:
    """A match of 60 commands on a bundled mission (4: walls and doors on field edges)."""
    index = int(request.param)
    rng = random.Random(13_000 + index)
    setup = setup_of(MISSIONS[index % len(MISSIONS)])
    match = Match(ENTARIA, setup, CATALOGUE, rng.randrange(2**31))
    rerolls = play(match, rng, 60)
    return match, rerolls


def test_the_mixed_record_has_gm_fog_and_reroll_commands(
    long_match: tuple[Match, list[int]],
) -> None:
    """The record the other tests undo holds what the issue names (else they prove less)."""
    match, rerolls = long_match
    kinds = {command.kind for command in match.commands}
    assert len(match.commands) >= 3 * SPACING
    assert "gm_fog" in kinds and "gm_impulse" in kinds
    assert any(kind.startswith("gm_") and kind not in ("gm_fog", "gm_impulse") for kind in kinds)
    assert len(rerolls) >= 2


# ------------------------------------------------------------------ undo and redo
def test_undo_from_a_checkpoint_equals_a_full_replay_at_every_step(
    long_match: tuple[Match, list[int]],
) -> None:
    """Undo 40 commands one by one (across two or three boundaries): each step is exact."""
    original, _ = long_match
    match = Match(ENTARIA, original.setup, CATALOGUE, original.seed, commands=original.commands)
    commands = list(match.commands)
    for step in range(1, 41):
        match.undo()
        assert match.replayed < SPACING, f"undo {step} replayed {match.replayed} commands"
        length = len(commands) - step
        if length % SPACING in (0, 1, SPACING - 1) or is_reroll(commands[length]):
            reference = full_replay(original.setup, original.seed, commands[:length])
            assert_same(match.battle, reference, f"after undo to {length}")


def test_redo_after_undos_returns_exactly_to_the_match(long_match: tuple[Match, list[int]]) -> None:
    """Undo across two boundaries, then redo everything: the same match as before."""
    original, _ = long_match
    match = Match(ENTARIA, original.setup, CATALOGUE, original.seed, commands=original.commands)
    before = serialised(match.battle)
    for _ in range(2 * SPACING + 3):
        match.undo()
    while match.can_redo:
        match.redo()
    after = serialised(match.battle)
    assert after == before


def test_commands_after_an_undo_continue_as_on_a_fresh_replay(
    long_match: tuple[Match, list[int]],
) -> None:
    """A new future after undo (from a thawed checkpoint) plays as on a full replay."""
    original, _ = long_match
    match = Match(ENTARIA, original.setup, CATALOGUE, original.seed, commands=original.commands)
    for _ in range(SPACING + 5):
        match.undo()
    play(match, random.Random(99), len(match.commands) + 25)
    reference = full_replay(original.setup, original.seed, list(match.commands))
    assert_same(match.battle, reference, "after a new future")


# ------------------------------------------------------------------ the reroll
@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_rerolls_from_the_ledger_checkpoint_equal_rerolls_from_the_start(
    long_match: tuple[Match, list[int]],
) -> None:
    """Each reroll in the record, recomputed from a near checkpoint, gives the full replay's."""
    match, rerolls = long_match
    commands = list(match.commands)
    for index in rerolls:
        reference = full_replay(match.setup, match.seed, commands[: index + 1])
        live = Match(ENTARIA, match.setup, CATALOGUE, match.seed, commands=commands[:index])
        live.apply(commands[index])
        assert live.battle.rerolls.replayed <= CHECKPOINT_SPACING + 2, index
        assert_same(live.battle, reference, f"reroll at {index}")


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_a_reroll_right_after_an_undo_equals_one_from_the_start(
    long_match: tuple[Match, list[int]],
) -> None:
    """Undo to just before a reroll (across a boundary), then reroll on the resumed battle."""
    original, rerolls = long_match
    commands = list(original.commands)
    for index in rerolls[:5]:
        later = min(len(commands), index + index % SPACING + 2)  # the undos cross a boundary
        match = Match(ENTARIA, original.setup, CATALOGUE, original.seed, commands=commands[:later])
        for _ in range(later - index):
            match.undo()
        assert len(match.commands) == index
        match.apply(commands[index])
        reference = full_replay(original.setup, original.seed, commands[: index + 1])
        assert_same(match.battle, reference, f"reroll {index} after undo")


# ------------------------------------------------------------------ long matches
def end_turns(match: Match, count: int) -> None:
    for _ in range(count):
        match.apply(EndTurn(match.battle.state.current_key))


def roll_something(match: Match) -> None:
    """Apply the policy's commands until the last command made a roll to reroll."""
    for _ in range(200):
        if match.battle.legal_reroll(None).allowed:
            return
        match.apply(choose_command(match.battle))
    raise AssertionError("no roll in 200 commands")


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_undo_and_reroll_after_2000_commands_replay_what_they_do_after_20(tmp_path: Path) -> None:
    """The issue's measure, counted: undo, reroll and a loaded save's undo, at 20 and 2,000."""
    setup = setup_of(MISSIONS[0])
    counts: dict[int, tuple[int, int, int]] = {}
    for length in (20, 2000):
        match = Match(ENTARIA, setup, CATALOGUE, 5)
        end_turns(match, length)
        roll_something(match)
        payer = gm_creature(match.battle)
        assert payer is not None
        match.apply(
            GmSpendImpulse(None, payer, "REROLL", roll=match.battle.rerollable_rolls()[0].index)
        )
        rerolled = match.battle.rerolls.replayed
        match.undo()
        undone = match.replayed
        saved = write_save(match, tmp_path, f"long-{length}", MissionRef("m.toml", HASH))
        opened = OpenedMission(setup, CATALOGUE, HASH, ENTARIA)
        loaded = load_save(saved, lambda _, found=opened: found, RULESETS).match
        assert loaded.replayed == len(match.commands)  # the save is verified once, linearly
        loaded.undo()
        counts[length] = (rerolled, undone, loaded.replayed)
        assert len(match.checkpoints) <= 30
    for rerolled, undone, after_load in counts.values():
        assert rerolled <= CHECKPOINT_SPACING + 2
        assert undone < SPACING and after_load < SPACING
