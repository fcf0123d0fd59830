"""Undo/redo fuzz over checkpoints (issue 13, "Long fights"): random commands, undos, redos.

Each match mixes the engine fuzz's commands, fog commands and GM rerolls with undos of
one to a few commands (so they cross checkpoints) and redos. At random moments and at
the end, the match equals a full replay of its record from the start, the ledger of
that replay never checkpointing by itself (E-IMP-EFF-REROLL from the construction).
``KAMPFKARTE_CHECKPOINT_FUZZ`` sets the number of matches (default 4).
"""

from __future__ import annotations

import contextlib
import os
import random

import pytest

from game.match.checkpoints import SPACING
from game.match.commands import Command
from game.match.record import Match
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import GmSpendImpulse
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_checkpoints import (
    assert_same,
    fog_command,
    full_replay,
    gm_creature,
)
from tests.rulesets.entaria.test_fuzz import MISSIONS, Fuzzer, setup_of

MATCHES = int(os.environ.get("KAMPFKARTE_CHECKPOINT_FUZZ", "4"))
STEPS = 90


def next_command(battle: Battle, fuzzer: Fuzzer, rng: random.Random) -> Command:
    payer = gm_creature(battle)
    options = battle.legal_reroll(None)
    if payer is not None and options.allowed and rng.random() < 0.3:
        return GmSpendImpulse(None, payer, "REROLL", roll=rng.choice(options.rolls).index)
    if rng.random() < 0.06:
        return fog_command(battle, rng)
    return fuzzer.command(battle)


@pytest.mark.rule("E-IMP-EFF-REROLL")
@pytest.mark.parametrize("index", range(MATCHES))
def test_undo_redo_fuzz_stays_equal_to_a_full_replay(index: int) -> None:
    rng = random.Random(41_000 + index)
    setup = setup_of(MISSIONS[index % len(MISSIONS)])
    seed = rng.randrange(2**31)
    match = Match(ENTARIA, setup, CATALOGUE, seed)
    fuzzer = Fuzzer(rng)
    undos = 0
    for step in range(STEPS):
        choice = rng.random()
        if choice < 0.12 and match.can_undo:
            for _ in range(rng.randint(1, SPACING + 2)):
                if match.can_undo:
                    match.undo()
                    undos += 1
                    assert match.replayed < SPACING
        elif choice < 0.18 and match.can_redo:
            match.redo()
        elif not match.battle.state.over:
            with contextlib.suppress(CommandRejected):
                match.apply(next_command(match.battle, fuzzer, rng))
        if rng.random() < 0.08:
            reference = full_replay(setup, seed, list(match.commands))
            assert_same(match.battle, reference, f"match {index} step {step}")
    assert undos > 0
    assert_same(match.battle, full_replay(setup, seed, list(match.commands)), f"match {index}")
