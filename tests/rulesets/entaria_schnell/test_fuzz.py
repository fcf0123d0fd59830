"""Fuzz: many quick-rules matches on the Straßenkampf mission, with random commands.

At every decision a random, legal-looking or plain junk command is tried (moves to any
zone, attacks on anyone with anything, reloads, cover, outcome and order choices for the
wrong creature, unknown names). A refused command must raise the engine's
CommandRejected and change nothing (snapshot, turn budget, record, log, dice); no other
exception may escape. When a few tries in a row are refused, the built-in policy's
command is applied (it must be accepted), so every match moves on. Every match ends
within the round limit or stands at it in a consistent state (Q-INIT-*, Q-ACT-1,
Q-MOVE-*, Q-ATK-*, Q-DEFEAT-*).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.board.dice import RandomRoller
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.missions.simulate import prepared_mission
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.engine import MAX_ROUNDS, QuickGame
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.state import QuickSetup

MAPS = Path(__file__).resolve().parents[3] / "maps"
#: Matches, and the rounds after which a match may stop undecided.
MATCHES = 200
ROUND_LIMIT = 10
#: Random tries at one decision before the policy's command moves the match on.
TRIES = 2

JUNK = ("", "nobody", "lasergewehr", "PUNK", "../x", "q_move", "🙂")
OUTCOMES = ("KILLED", "CONVINCED", "INTERROGATED", "STUNNED", "EATEN", "", "killed")


def quick_mission(folder: Path) -> Path:
    """Return the quick Straßenkampf: the bundled one, else a copy naming the quick rules."""
    bundled = MAPS / "schnell-strassenkampf.toml"
    if bundled.is_file() and 'ruleset = "entaria-schnell"' in bundled.read_text("utf-8"):
        return bundled
    text = (MAPS / "strassenkampf.toml").read_text("utf-8")
    quick = text.replace('ruleset = "entaria"', 'ruleset = "entaria-schnell"', 1)
    assert quick != text
    path = folder / "schnell-strassenkampf.toml"
    path.write_text(quick, "utf-8")
    return path


@pytest.fixture(scope="module")
def mission(tmp_path_factory: pytest.TempPathFactory) -> tuple[QuickSetup, Any]:
    prepared = prepared_mission(quick_mission(tmp_path_factory.mktemp("quick")))
    assert prepared.ruleset.key == "entaria-schnell"
    assert isinstance(prepared.setup, QuickSetup)
    return prepared.setup, prepared.catalogue


def fingerprint(game: QuickGame) -> tuple[Any, ...]:
    """Return everything a refused command must leave as it was."""
    roller = game.roller
    state = roller._rng.getstate() if isinstance(roller, RandomRoller) else None
    return (
        game.snapshot(),
        game.turn,
        game.pending,
        game.current,
        list(game.remaining),
        len(game.record),
        len(game.log),
        state,
    )


def random_command(game: QuickGame, rng: random.Random) -> Command:
    """Return a random command: mostly for whoever decides now, sometimes for anyone."""
    keys = list(game.creatures)
    found = game.decisions()[0]
    actor: str | None
    if found.kind is DecisionKind.ORDER and rng.random() < 0.6:
        actor = rng.choice(keys)
    elif found.creature is not None and rng.random() < 0.8:
        actor = found.creature
    else:
        actor = rng.choice([*keys, None, rng.choice(JUNK)])
    me = game.creatures.get(actor or "")
    weapons = list(me.equipment) if me is not None else []
    pick = rng.random()
    if pick < 0.30:
        action = rng.choice(["walk", "walk", "run", "disengage", rng.choice(JUNK)])
        zone = rng.randrange(-1, game.zones.count + 1)
        if rng.random() < 0.2:
            x, y = rng.randrange(-2, game.grid.width + 2), rng.randrange(-2, game.grid.height + 2)
            return c.Move(actor=actor, action=action, zone=zone, x=x, y=y)
        return c.Move(actor=actor, action=action, zone=zone)
    if pick < 0.55:
        target = rng.choice([*keys, rng.choice(JUNK)])
        weapon = rng.choice([*weapons, "", rng.choice(JUNK)])
        return c.Attack(actor=actor, target=target, weapon=weapon)
    if pick < 0.62:
        return c.Reload(actor=actor, weapon=rng.choice([*weapons, rng.choice(JUNK)]))
    if pick < 0.68:
        return c.TakeCover(actor=actor)
    if pick < 0.72:
        return c.LeaveCover(actor=actor)
    if pick < 0.75:
        return c.StandUp(actor=actor)
    if pick < 0.79:
        return c.EndTurn(actor=actor)
    if pick < 0.90:
        return c.ChooseNext(actor=rng.choice([*keys, None, rng.choice(JUNK)]))
    target = found.note if rng.random() < 0.5 else rng.choice([*keys, rng.choice(JUNK)])
    return c.ChooseOutcome(actor=actor, target=target, outcome=rng.choice(OUTCOMES))


def check_consistent(game: QuickGame, snapshot: dict[str, Any]) -> None:
    """The invariants of a quick-rules state (``snapshot`` its snapshot now)."""
    assert json.loads(json.dumps(snapshot)) == snapshot
    decisions = game.decisions()
    assert len(decisions) == (0 if game.over else 1)
    if game.over:
        assert game.current is None
        return
    assert game.round <= MAX_ROUNDS
    if game.pending is not None:
        attacker, target = game.pending
        assert game.creatures[target].defeated and not game.creatures[attacker].defeated
    elif game.current is not None:
        assert game.can_act_now(game.current)
    else:
        assert decisions[0].kind is DecisionKind.ORDER and len(game.order_candidates()) > 1
    turns = set(game.order.turns)
    assert set(game.remaining) <= turns and len(turns) == len(game.creatures)
    cells = []
    for key, creature in game.creatures.items():
        assert game.zone_of(key) >= 0, f"{key} stands on no zone"
        if not creature.is_character:
            assert creature.lp >= 0  # enemies stop at 0 (Q-DEFEAT-1)
            assert creature.defeated == (creature.lp == 0)
        if game.standing(key):
            cells.append(creature.cell)
    assert len(cells) == len(set(cells)), "two standing creatures share a field"
    sides = {cr.side for key, cr in game.creatures.items() if game.standing(key)}
    assert len(sides) == 2 or game.pending is not None


def play_fuzzed(setup: QuickSetup, catalogue: Any, seed: int) -> tuple[QuickGame, int, int]:
    """Play one fuzzed match; return it, the applied and the refused commands."""
    game = QuickGame(setup, catalogue, RandomRoller(seed))
    rng = random.Random(seed * 7919 + 1)
    applied = refused = misses = 0
    before = fingerprint(game)  # a refusal leaves it as it is: taken once per change
    while not game.over and game.round <= ROUND_LIMIT:
        if misses >= TRIES:
            command = choose_command(game)
            misses = 0
        else:
            command = random_command(game, rng)
        try:
            game.apply(command)
        except CommandRejected:
            assert fingerprint(game) == before, f"seed {seed}: refused {command} changed the state"
            refused += 1
            misses += 1
            continue
        applied += 1
        misses = 0
        before = fingerprint(game)
        check_consistent(game, before[0])
    return game, applied, refused


@pytest.mark.parametrize("half", [0, 1])
def test_fuzzed_quick_matches_refuse_cleanly_and_stay_consistent(
    mission: tuple[QuickSetup, Any], half: int
) -> None:
    """200 matches (two halves of 100 seeds): random commands are refused without a trace
    or applied consistently; every match ends or stands at the round limit."""
    setup, catalogue = mission
    ended = total_applied = total_refused = 0
    seeds = range(1 + half * MATCHES // 2, 1 + (half + 1) * MATCHES // 2)
    for seed in seeds:
        game, applied, refused = play_fuzzed(setup, catalogue, seed)
        total_applied += applied
        total_refused += refused
        if game.over:
            ended += 1
            log_kinds = [e.kind for e in game.log]
            assert log_kinds.count("over") == 1 and log_kinds[-1] == "over"
        else:
            assert game.round == ROUND_LIMIT + 1
            check_consistent(game, game.snapshot())
        replayed = QuickGame(setup, catalogue, RandomRoller(seed))
        if seed % 20 == 0:  # the record of a fuzzed match replays to the same state
            for command in game.record:
                replayed.apply(command)
            assert replayed.snapshot() == game.snapshot()
    assert total_refused > total_applied  # the fuzz did try junk
    assert ended >= len(seeds) // 4  # and the fights do get decided


def test_fuzz_tries_every_command_kind(mission: tuple[QuickSetup, Any]) -> None:
    """The fuzz's commands cover every quick-rules kind (none is left out by accident)."""
    setup, catalogue = mission
    game = QuickGame(setup, catalogue, RandomRoller(1))
    rng = random.Random(1)
    kinds = {random_command(game, rng).kind for _ in range(500)}
    assert kinds == set(QUICK_KINDS)


QUICK_KINDS = (
    "q_move", "q_attack", "q_reload", "q_take_cover", "q_leave_cover", "q_stand_up",
    "q_end_turn", "q_choose_next", "q_choose_outcome",
)  # fmt: skip
