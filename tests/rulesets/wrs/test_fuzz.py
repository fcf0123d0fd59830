"""WRS engine fuzz: random fights never break an invariant.

Each match takes the bundled WRS mission or a hand-built set-up (walls, a closed door,
an edge wall, surprise) and a random seed, and mixes the policy's commands with random
ones of every WRS command type (refusals are fine). After every command: a refused one
changed nothing (state, dice, record, log); an applied one left one fighter per field on
the map and off the walls, wounds that only grow and stay within LP c plus one attack's
hits, armour points within 0 and the start pool that only fall, actions left in 0..2,
the decision with a fighter that may act, and a JSON-serialisable snapshot and events.
At the end the record replays to the identical snapshot and log, a checkpoint taken at a
random point resumes and continues identically, and undo then redo returns to it.

The default run is CI's (200 matches); ``KAMPFKARTE_FUZZ_MATCHES=1000`` runs the issue's
thousand (``KAMPFKARTE_FUZZ_COMMANDS`` and ``KAMPFKARTE_FUZZ_SEED`` set the commands per
match and the master seed).
"""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from game.board.dice import RandomRoller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command, CommandRejected
from game.match.record import Match, first_difference, replay
from game.missions.simulate import mission_setup
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import FACINGS, WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.rules import wounds
from game.rulesets.wrs.rules.terms import FireMode, WoundState
from game.rulesets.wrs.ruleset import WRS
from game.rulesets.wrs.state import FighterSetup, WrsSetup
from tests.rulesets.wrs.mission_support import BUNDLED, wrs_known

MATCHES = int(os.environ.get("KAMPFKARTE_FUZZ_MATCHES", "200"))
COMMANDS_PER_MATCH = int(os.environ.get("KAMPFKARTE_FUZZ_COMMANDS", "60"))
MASTER_SEED = int(os.environ.get("KAMPFKARTE_FUZZ_SEED", "2026"))
#: Matches per test case (the cases split the run so that one failure names its slice).
SLICE = 25
CAT = load_catalogue()
#: The most hits one attack lands (full-automatic: 3 shots, W-FIRE-AUTO).
MOST_HITS = 3


def hand_built() -> WrsSetup:
    """Return a 16 x 12 room: walls, a closed door, an edge wall and an edge door, 3 v 3,
    one side surprising."""
    walls = np.zeros((12, 16), dtype=bool)
    walls[3:9, 7] = True
    walls[0, :] = walls[-1, :] = walls[:, 0] = walls[:, -1] = True
    doors = np.zeros_like(walls)
    walls[5, 7], doors[5, 7] = False, True  # a closed door in the wall
    grid = BattleGrid(walls, door=doors)
    grid.add_edge_wall((3, 2), (3, 3))
    grid.set_edge_door((2, 2), (2, 3))  # an edge door beside Gerold's field
    a = [
        FighterSetup("gerold", "gerold", "a", (2, 2), "E", ("kurzschwert", "streitkolben")),
        FighterSetup("ulf", "ulf", "a", (2, 5), "E", ("langbogen",)),
        FighterSetup("mira", "mira", "a", (2, 8), "E", ("sturmgewehr",)),
    ]
    b = [
        FighterSetup("brunhild", "brunhild", "b", (13, 2), "W"),
        FighterSetup("konrad", "konrad", "b", (13, 5), "W", ("pistole", "einsatzschild")),
        FighterSetup("hanna", "hanna", "b", (13, 9), "W", ("unterhebelgewehr",)),
    ]
    return WrsSetup("Fuzz-Raum", grid, (*a, *b), surprisers=("b",))


_SETUPS: dict[str, WrsSetup] = {}


def setup_for(index: int) -> tuple[str, WrsSetup]:
    """Return the set-up of match ``index``: the bundled mission (when bundled) or the room."""
    name = "bundled" if index % 2 == 0 and BUNDLED.is_file() else "room"
    if name not in _SETUPS:
        _SETUPS[name] = mission_setup(BUNDLED, CAT) if name == "bundled" else hand_built()
    return name, _SETUPS[name]


# ---------------------------------------------------------------- random commands
class Fuzzer:
    """Builds random commands for the open decision from one seeded RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def command(self, game: WrsGame) -> Command:
        roll = self.rng.random()
        if roll < 0.45:
            return choose_command(game)
        if roll < 0.62:
            return self.step(game)
        if roll < 0.78:
            return self.attack(game)
        me = self.actor(game)
        other = self.rng.choice(sorted(game.fighters))
        pick = self.rng.choice(
            [
                c.Aim(me),
                c.DefensivePosition(me),
                c.Ready(me, other if self.rng.random() < 0.6 else "", self.cells(game)),
                c.Draw(me, self.item(game)),
                c.Turn360(me, self.rng.choice([*FACINGS, "X"])),
                c.HostAction(me, "Tür"),
                self.door(game, me),
                c.Pass(me),
                c.EndTurn(me),
            ]
        )
        return pick

    def door(self, game: WrsGame, me: str) -> Command:
        """Return a door command: mostly at a door of the map, else at a field nearby."""
        doors = [(int(x), int(y)) for y, x in np.argwhere(game.grid.door)]
        state = game.fighters.get(me)
        if state is not None:  # the edge doors of the fighter's field
            x, y = state.cell
            doors += [
                n
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if game.grid.in_bounds(n) and game.grid.edge_kind(state.cell, n) is not None
            ]
        if doors and (state is None or self.rng.random() < 0.7):
            cell = self.rng.choice(doors)
        else:
            cell = self.near(state.cell if state is not None else (1, 1), 1)
        return c.Door(me, cell, self.rng.random() < 0.6)

    def actor(self, game: WrsGame) -> str:
        decision = game.decisions()[0]
        if self.rng.random() < 0.03:
            return self.rng.choice(sorted(game.fighters))
        return decision.creature or ""

    def cells(self, game: WrsGame) -> tuple[Cell, ...]:
        focus = self.rng.choice([s.cell for s in game.fighters.values()])
        return tuple(self.near(focus, 2) for _ in range(self.rng.randint(0, 3)))

    def near(self, cell: Cell, spread: int) -> Cell:
        return (
            cell[0] + self.rng.randint(-spread, spread),
            cell[1] + self.rng.randint(-spread, spread),
        )

    def step(self, game: WrsGame) -> Command:
        me = self.actor(game)
        here = game.fighters[me].cell
        path: list[Cell] = []
        for _ in range(self.rng.choice([1, 2, 3, 3, 4, 0])):
            here = self.near(here, 1) if self.rng.random() < 0.95 else self.near(here, 2)
            path.append(here)
        return c.Step(me, tuple(path))

    def item(self, game: WrsGame) -> str:
        me = game.fighters[self.actor(game)]
        own = list(game.kind(me.key).equipment)
        if self.rng.random() < 0.1:
            own += [*sorted(CAT.weapons)[:3], "unarmed", ""]
        return self.rng.choice(own)

    def attack(self, game: WrsGame) -> Command:
        me = self.actor(game)
        state = game.fighters[me]
        target = self.rng.choice(sorted(game.fighters))
        weapons = [*state.drawn, "unarmed"]
        if self.rng.random() < 0.1:
            weapons.append(self.item(game))
        weapon = self.rng.choice(weapons)
        modes = [m.value for m in FireMode]
        mode = self.rng.choice(modes) if self.rng.random() < 0.4 else FireMode.SINGLE.value
        shots = self.rng.choice([1, 1, 2, 3, 0, 4])
        second = self.rng.choice(weapons) if self.rng.random() < 0.15 else ""
        return c.Attack(me, target, weapon, mode, shots, second)


# -------------------------------------------------------------------- invariants
def fingerprint(game: WrsGame) -> tuple[Any, ...]:
    rng = getattr(game.roller, "_rng", None)
    return (
        game.snapshot(),
        len(game.record),
        len(game.log),
        rng.getstate() if rng is not None else None,
    )


def check_fields(game: WrsGame) -> None:
    """One fighter per field, on the map, off walls and closed doors (W-ACT-MOVE)."""
    taken: dict[Cell, str] = {}
    grid = game.grid
    for key, state in game.fighters.items():
        cell = state.cell
        assert cell not in taken, f"{key} and {taken[cell]} share field {cell}"
        assert grid.in_bounds(cell), f"{key} stands off the map at {cell}"
        assert not grid.is_wall(cell), f"{key} stands in a wall at {cell}"
        taken[cell] = key


def check_bodies(game: WrsGame, before: dict[str, Any], pools: dict[str, Fraction]) -> None:
    """Wounds only grow, at most LP c + 2; armour points only fall, 0..start (W-HIT-1,
    W-ARMOR-3, W-WOUND-4); the dead stay dead."""
    old = {f["key"]: f for f in before["fighters"]}
    for key, state in game.fighters.items():
        life = game.kind(key).life_points
        assert 0 <= state.wounds <= life.dead_at - 1 + MOST_HITS, f"{key}: {state.wounds} wounds"
        assert 0 <= state.armour <= pools[key], f"{key}: {state.armour} armour points"
        assert state.wounds >= old[key]["wounds"], f"{key} lost wounds"
        assert state.armour <= Fraction(old[key]["armour"]), f"{key} gained armour points"
        was = wounds.wound_state(old[key]["wounds"], life)
        if was is WoundState.DEAD:
            assert state.wounds == old[key]["wounds"], f"{key} was wounded after death"


def check_turn(game: WrsGame) -> None:
    """Actions left 0..2 (W-ROUND-3); the open decision belongs to one who may act."""
    for key, state in game.fighters.items():
        assert 0 <= state.actions_left <= 2, f"{key}: {state.actions_left} actions left"
    decisions = game.decisions()
    if game.over:
        assert not decisions
        standing = {s.side for k, s in game.fighters.items() if wounds.can_act(game.state_of(k))}
        assert len(standing) <= 1
        assert game.winner == next(iter(standing), None)
        return
    assert len(decisions) == 1
    key = decisions[0].creature or ""
    assert wounds.can_act(game.state_of(key)), f"{key} decides but cannot act (W-ROUND-2)"
    if decisions[0].kind.value == "turn":
        assert game.current == key and game.fighters[key].actions_left >= 1


def check_serialisable(game: WrsGame, events: list[Any]) -> None:
    json.dumps(game.snapshot(), allow_nan=False)
    for event in events:
        json.dumps(event.to_dict(), allow_nan=False)
    assert WRS.snapshot_problem(json.loads(json.dumps(game.snapshot()))) is None


def log_of(game: WrsGame) -> list[dict[str, Any]]:
    return [e.to_dict() for e in game.log]


# ----------------------------------------------------------------------- the fuzz
def fuzz_match(index: int) -> str:
    """Play one random match with all checks; return a one-line summary."""
    rng = random.Random(MASTER_SEED * 1_000_003 + index)
    name, setup = setup_for(index)
    seed = rng.randrange(2**31)
    where = f"match {index}: {name} seed {seed}"
    match = Match(WRS, setup, CAT, seed)
    game: WrsGame = match.battle
    pools = {k: s.armour for k, s in game.fighters.items()}
    fuzzer = Fuzzer(rng)
    point_at = rng.randrange(0, COMMANDS_PER_MATCH)
    point: Any = None
    attempts = 0
    while len(match.commands) < COMMANDS_PER_MATCH and attempts < COMMANDS_PER_MATCH * 5:
        attempts += 1
        game = match.battle
        if game.over:
            break
        if point is None and len(match.commands) >= point_at:
            point = game.checkpoint()
        command = fuzzer.command(game)
        before = fingerprint(game)
        try:
            events = match.apply(command)
        except CommandRejected:
            after = fingerprint(game)
            assert after == before, (
                f"{where}: refused {command} changed {first_difference(before, after)}"
            )
            continue
        except Exception as error:
            raise AssertionError(
                f"{where}: command {len(match.commands)} {command} raised "
                f"{type(error).__name__}: {error}"
            ) from error
        try:
            check_fields(game)
            check_bodies(game, before[0], pools)
            check_turn(game)
            check_serialisable(game, events)
        except AssertionError as error:
            raise AssertionError(f"{where}: after {command}: {error}") from None
    game = match.battle
    final, final_log = game.snapshot(), log_of(game)
    # the record replays to the same snapshot and the same log
    again = replay(WRS, setup, CAT, seed, match.commands)
    difference = first_difference(final, again.snapshot())
    assert difference is None, f"{where}: replay differs at {difference}"
    assert log_of(again) == final_log, f"{where}: the replayed log differs"
    # a checkpoint resumes and continues identically
    if point is not None:
        resumed = game.resume(point)
        for command in match.commands[len(resumed.record) :]:
            resumed.apply(command)
        difference = first_difference(final, resumed.snapshot())
        assert difference is None, f"{where}: resumed game differs at {difference}"
        assert log_of(resumed) == final_log, f"{where}: the resumed log differs"
    # undo, then redo, returns to the same state
    if match.commands:
        match.undo()
        match.redo()
        difference = first_difference(final, match.battle.snapshot())
        assert difference is None, f"{where}: undo + redo differs at {difference}"
    return f"{where}: {len(match.commands)} commands, over={game.over}"


@pytest.mark.usefixtures(wrs_known.__name__)
@pytest.mark.parametrize("first", range(0, MATCHES, SLICE))
def test_w_round_3_fuzz_keeps_the_invariants(first: int) -> None:
    """W-ROUND-3, W-ACT-MOVE, W-HIT-1, W-ARMOR-3, W-WOUND-4, W-ACT-READY-4: random and
    policy commands keep fields, bodies, turns and records sound; replay, resume and
    undo/redo reach the identical snapshot."""
    summaries = [fuzz_match(index) for index in range(first, min(first + SLICE, MATCHES))]
    assert summaries


# ------------------------------------------------ cases the fuzz's invariants guard
def test_w_round_2_a_fighter_felled_by_a_reaction_loses_the_rest_of_its_turn() -> None:
    """W-ROUND-2, W-ACT-READY-4, W-OPEN-10: a readiness reaction that knocks the mover
    unconscious mid-turn ends its turn; it does not walk on (the engine kept the turn)."""
    grid = BattleGrid(np.zeros((6, 10), dtype=bool))
    fighters = (
        FighterSetup("g", "gerold", "a", (1, 1), "E", ("kurzschwert",)),
        FighterSetup("g2", "gerold", "a", (1, 4), "E", ("kurzschwert",)),
        FighterSetup("h", "hanna", "b", (8, 1), "W", ("unterhebelgewehr",)),
    )
    for seed in range(1, 400):
        game = WrsGame(WrsSetup("t", grid, fighters), CAT, RandomRoller(seed))
        if game.current != "g":
            continue
        ready, mover = game.fighters["h"], game.fighters["g"]
        ready.ready, ready.ready_target = True, "g"  # as if h had readied on g (W-ACT-READY-3)
        mover.armour, mover.wounds = Fraction(0), 3  # as after earlier hits: one more: LP b
        game.apply(c.Step("g", ((2, 1),)))
        game.apply(c.Attack("h", "g", "unterhebelgewehr"))
        if game.state_of("g") is WoundState.UNCONSCIOUS:
            break
    else:
        pytest.fail("no seed lets the reaction hit")
    assert game.decisions()[0].creature != "g"
    assert game.fighters["g"].actions_left == 0
    with pytest.raises(CommandRejected):
        game.apply(c.Step("g", ((3, 1),)))
    check_turn(game)


def test_w_round_2_a_match_without_fighters_is_over_at_once() -> None:
    """W-ROUND-2: with nobody entitled to act the fight is over (the engine looped)."""
    grid = BattleGrid(np.zeros((4, 4), dtype=bool))
    game = WrsGame(WrsSetup("leer", grid, ()), CAT, RandomRoller(1))
    assert game.over and game.winner is None and game.decisions() == ()
