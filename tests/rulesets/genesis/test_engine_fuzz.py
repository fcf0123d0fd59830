"""A fuzz over Genesis matches: random legal and illegal commands never break the engine.

Each step picks, for the open decision, a random declaration (any split, sometimes a
move, a leave or a weapon change), a random strike (any creature, any Erschwernis,
sometimes a Megaschlag) or a random answer to a hit; refused commands must change
nothing. The invariants: LE never rises, AD stays within 0..max, nobody holds negative
actions, the replay of the record gives the same state, and the policy ends seeds 1–10.
"""

from __future__ import annotations

import json
import random

import pytest

from game.board.dice import RandomRoller
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.rulesets.genesis import commands as c
from game.rulesets.genesis.engine import GenesisGame, Rejected
from game.rulesets.genesis.policy import choose_command
from tests.rulesets.genesis.engine_fixtures import ARCHER, fighter, game


def _match(seed: int) -> GenesisGame:
    return game(
        [
            ("a1", fighter("a1", gw=5, weapons=("schwert", "stein")), "A", (3, 3)),
            ("a2", fighter("a2", gw=7.5, at=85, megaschlag=50), "A", (3, 5)),
            ("a3", ARCHER, "A", (1, 8)),
            (
                "b1",
                fighter("b1", weapons=("axt", "schwert"), armour=("leder", "schild")),
                "B",
                (12, 3),
            ),
            ("b2", fighter("b2", gw=6), "B", (12, 5)),
            ("b3", fighter("b3", gw=4.5), "B", (14, 8)),
        ],
        RandomRoller(seed),
    )


def _random_command(g: GenesisGame, rng: random.Random) -> Command:
    decision = g.decisions()[0]
    keys = sorted(g.fighters)
    if rng.random() < 0.03:
        return c.AutoDefence(actor=rng.choice(keys), on=rng.random() < 0.5)
    if decision.kind is DecisionKind.DECLARATION:
        me = g.fighters[decision.creature or ""]
        attacks = rng.choice([0, 0.5, 1, 1.5, 2, 3, 4])
        defences = rng.choice([0, 0.5, 1, 2, 3])
        path: tuple[tuple[int, int], ...] = ()
        if rng.random() < 0.4:
            x, y = me.cell
            for _ in range(rng.randint(1, 7)):
                x, y = x + rng.choice([-1, 0, 1]), y + rng.choice([-1, 0, 1])
                path += ((x, y),)
        swap = rng.choice(["", "", "", "axt", "stein", "schwert"])
        return c.Declare(
            actor=decision.creature,
            attacks=attacks,
            defences=defences,
            path=path,
            leave=rng.random() < 0.05,
            swap_to=swap,
        )
    if decision.kind is DecisionKind.TURN:
        if rng.random() < 0.1:
            return c.EndStrikes(actor=decision.creature)
        return c.Strike(
            actor=decision.creature,
            target=rng.choice(keys),
            penalty=rng.choice([0, 0, 10, 30, -5]),
            mega=rng.random() < 0.2,
        )
    if decision.kind is DecisionKind.REACTION:
        return c.Surplus(actor=decision.creature, option=rng.choice(["bonus", "speed", "ad", "x"]))
    hits = g.open_hits(decision.side)
    hit = rng.choice(hits).id if hits and rng.random() < 0.95 else 999
    side_keys = [k for k in keys if g.fighters[k].side == decision.side] or keys
    return c.Defend(
        actor=rng.choice(side_keys), hit=hit, how=rng.choice(["pa", "aw", "ally", "none", "x"])
    )


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_commands_never_break_the_engine(seed: int) -> None:
    """Refused commands change nothing; accepted ones keep the invariants; replay agrees."""
    rng = random.Random(seed)
    g = _match(seed)
    le = {k: f.le for k, f in g.fighters.items()}
    for _ in range(1500):
        if g.over:
            break
        command = _random_command(g, rng)
        before = json.dumps(g.snapshot(), sort_keys=True)
        try:
            g.apply(command)
        except Rejected:
            assert json.dumps(g.snapshot(), sort_keys=True) == before
            if rng.random() < 0.5:  # keep the fight moving
                g.apply(choose_command(g))
            continue
        for key, f in g.fighters.items():
            assert f.le <= le[key]
            le[key] = f.le
            assert 0 <= f.ad <= g.kind(key).ad
            assert f.attacks_left >= 0 and f.defences_left >= 0
    replay = _match(seed)
    for command in g.record:
        replay.apply(command)
    assert replay.snapshot() == g.snapshot()


@pytest.mark.parametrize("seed", range(1, 11))
def test_the_policy_ends_seeds_1_to_10(seed: int) -> None:
    """The built-in opponent plays both sides of a 3-against-3 fight to its end."""
    g = _match(seed)
    for _ in range(6000):
        if g.over:
            break
        g.apply(choose_command(g))
    assert g.over
