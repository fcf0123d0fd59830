"""``kampfkarte bench engine``: timings of the match engine, printed as figures.

Like ``game.bench`` (the rules queries) it prints numbers, not verdicts, with the
issue's targets beside them. The big board is random but seeded: 100x100 fields,
10 % walls, 40 creatures. Each ``apply`` sample runs on a fresh copy of the same
match, so every sample does the same work with the same dice.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, TextIO

import numpy as np

from game.board.grid import BattleGrid, Cell, distance
from game.board.movement import find_path, reachable
from game.board.sight import line_of_sight
from game.match.bench_table import Row, print_table, timed
from game.match.commands import Command
from game.rulesets.entaria.bench_long import LENGTHS, long_rows
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_loader import load_catalogue
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.combat import plan_attack
from game.rulesets.entaria.command_table import COMMANDS, new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, GmMoveToken, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.policy import build_command, simulate
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.terms import WeaponAttribute
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, SideSetup

SIDE = 100
CREATURES = 40


def _apply_samples(base: Battle, command: Command, repeats: int) -> tuple[float, float]:
    """Time ``apply(command)`` on fresh copies of ``base`` (the copying is not timed)."""
    clone_battle(base).apply(command)  # warm-up; raises CommandRejected if it does not apply
    times = []
    for _ in range(repeats):
        battle = clone_battle(base)
        start = time.perf_counter()
        battle.apply(command)
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times), max(times)


def big_setup(seed: int, *, side: int = SIDE, creatures: int = CREATURES) -> BattleSetup:
    """Return the seeded benchmark match: ``side`` x ``side`` fields, 10 % walls."""
    rng = np.random.default_rng(seed)
    walls = rng.random((side, side)) < 0.10
    free = np.argwhere(~walls)
    picks = rng.choice(len(free), size=creatures, replace=False)
    cells = [(int(free[i][1]), int(free[i][0])) for i in picks]
    sides = (SideSetup("heroes", "Helden"), SideSetup("foes", "Gegner", "gm"))
    placed = [
        CreatureSetup(
            key=f"c{index:02d}",
            type="ron" if index % 2 == 0 else "musa_elitesoldat",
            side="heroes" if index % 2 == 0 else "foes",
            cell=cell,
            # guns drawn: the rows time attacks, not Interagieren (CreatureSetup.held)
            held=("laserpistole",) if index % 2 == 0 else ("maschinenpistole",),
        )
        for index, cell in enumerate(cells)
    ]
    return BattleSetup("Benchmark", BattleGrid.from_arrays(walls), sides, tuple(placed))


def _free_cell_near(battle: Battle, origin: Cell, fields: int) -> Cell:
    """Return a free field at ``fields`` distance from ``origin`` with line of sight."""
    grid = battle.grid
    for radius in range(fields, fields + 10):
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                cell = (origin[0] + dx, origin[1] + dy)
                if distance(origin, cell) != radius or not grid.in_bounds(cell):
                    continue
                if grid.is_wall(cell) or battle.state.creature_at(cell) is not None:
                    continue
                if line_of_sight(grid, origin, cell):
                    return cell
    raise RuntimeError("no free field near the attacker")


def engine_rows(
    *,
    repeats: int = 30,
    seed: int = 2026,
    match_setup: BattleSetup | None = None,
    catalogue: Catalogue | None = None,
    match_rounds: int = 30,
    ruleset: Any = None,
    long_lengths: tuple[int, ...] = LENGTHS,
) -> list[Row]:
    """Measure the engine operations the issue names; return (label, median, max, target).

    With ``ruleset`` (ENTARIA's Ruleset) the undo, reroll and load rows after each of
    ``long_lengths`` commands follow (``bench_long``).
    """
    catalogue = catalogue or load_catalogue()
    rows: list[Row] = []
    base = new_battle(big_setup(seed), catalogue, seed)
    rows.append(_move_row(base, repeats))
    rows.append(_attack_row(base, catalogue, repeats))
    rows.append(_area_fire_row(base, COMMANDS["area_fire"], repeats))
    median, worst = timed(lambda: base.legal_actions(), repeats)
    rows.append(("legal_actions (100x100, 40 creatures)", median, worst, "<= 5 ms"))
    if match_setup is not None:
        rows.append(_match_row(match_setup, catalogue, seed, repeats, match_rounds))
    if ruleset is not None and long_lengths:
        setup = big_setup(seed)
        rows.extend(long_rows(ruleset, setup, catalogue, seed, repeats, lengths=long_lengths))
    return rows


def _move_row(base: Battle, repeats: int) -> Row:
    """Time a walk of the current creature to the farthest field 4 fields can reach."""
    mover = base.current
    costs = reachable(
        base.grid,
        mover.cell,
        4,
        enemies=[c.cell for c in base.enemies_of(mover)],
        allies=[c.cell for c in base.allies_of(mover)],
    )
    goal = max(costs, key=lambda c: (costs[c], c))
    path = find_path(
        base.grid,
        mover.cell,
        goal,
        enemies=[c.cell for c in base.enemies_of(mover)],
        allies=[c.cell for c in base.allies_of(mover)],
    )
    assert path is not None
    move = Move(mover.key, "WALK", tuple(path))
    median, worst = _apply_samples(base, move, repeats)
    return (
        f"apply Move WALK {len(path) - 1} fields (100x100, 40 creatures)",
        median,
        worst,
        "<= 2 ms",
    )


def _attack_row(base: Battle, catalogue: Catalogue, repeats: int) -> Row:
    """Time a ranged attack at the nearest enemy, put 3 fields away in sight first."""
    shooter = base.current
    weapon_key = next(k for k in shooter.held if catalogue.weapons[k].ranged)
    target = min(base.enemies_of(shooter), key=lambda c: (distance(c.cell, shooter.cell), c.key))
    armed = clone_battle(base)
    # the nearest enemy 3 fields away in sight: a GM move, not timed
    armed.apply(GmMoveToken(None, target.key, _free_cell_near(armed, shooter.cell, 3)))
    plan_attack(armed, armed.current, armed.creature(target.key), catalogue.weapons[weapon_key])
    median, worst = _apply_samples(armed, Attack(shooter.key, target.key, weapon_key), repeats)
    return ("apply Attack (ranged, 3 fields)", median, worst, "<= 2 ms")


def _match_row(
    match_setup: BattleSetup, catalogue: Catalogue, seed: int, repeats: int, match_rounds: int
) -> Row:
    """Time whole simulated matches of ``match_setup``, one per seed from ``seed``."""
    times = []
    outcome = None
    for index in range(max(3, repeats // 6)):
        battle = new_battle(match_setup, catalogue, seed + index)
        start = time.perf_counter()
        outcome = simulate(battle, max_rounds=match_rounds)
        times.append((time.perf_counter() - start) * 1000.0)
    assert outcome is not None
    return (
        f"whole simulated match: {match_setup.title} (seeds {seed}..)",
        statistics.median(times),
        max(times),
        "(none)",
    )


def _area_fire_row(battle: Battle, area: type[Command], repeats: int) -> Row:
    """Time Dauerfeuer on 16 fields around the nearest enemy (when the engine has it)."""
    battle = clone_battle(battle)
    for _ in range(len(battle.state.order)):  # the next creature with an automatic weapon
        shooter = battle.current
        weapons = [battle.catalogue.weapons[k] for k in shooter.held]
        auto = [w for w in weapons if w.bem is not None and w.has(WeaponAttribute.AUTO_FIRE)]
        if auto:
            break
        battle.apply(EndTurn(shooter.key))
    else:
        return ("apply area fire: no creature holds an automatic weapon", 0.0, 0.0, "")
    weapon = auto[0]
    target = min(battle.enemies_of(shooter), key=lambda c: (distance(c.cell, shooter.cell), c.key))
    if distance(target.cell, shooter.cell) > 4:
        battle.apply(GmMoveToken(None, target.key, _free_cell_near(battle, shooter.cell, 4)))
        target = battle.creature(target.key)
    fields: list[Cell] = []
    queue = [target.cell]
    while queue and len(fields) < 16:
        cell = queue.pop(0)
        if cell in fields or not battle.grid.in_bounds(cell) or battle.grid.is_wall(cell):
            continue
        if cell == shooter.cell or not line_of_sight(battle.grid, shooter.cell, cell):
            continue
        if not weapon.fires_at(range_band(distance(shooter.cell, cell))):
            continue
        fields.append(cell)
        x, y = cell
        queue += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    command = build_command(
        area, shooter.key, weapon=weapon.key, mode="AUTO_FIRE", fields=tuple(fields)
    )
    if command is None:
        return ("apply area fire: cannot build the AreaFire command", 0.0, 0.0, "")
    try:
        median, worst = _apply_samples(battle, command, repeats)
    except CommandRejected as error:
        return (f"apply area fire: refused ({error.reason})", 0.0, 0.0, "")
    return (f"apply area fire (Dauerfeuer, {len(fields)} fields)", median, worst, "<= 2 ms")


def print_rows(rows: list[Row], *, repeats: int, seed: int, out: TextIO) -> None:
    """Print the rows like ``kampfkarte bench rules`` does."""
    title = f"kampfkarte bench engine  (repeats {repeats}, seed {seed}; times in ms)"
    print_table(title, rows, out)


def run_engine_bench(
    *,
    repeats: int = 30,
    seed: int = 2026,
    out: TextIO,
    match_setup: BattleSetup | None = None,
    ruleset: Any = None,
) -> None:
    """Measure and print the engine figures (``match_setup``: the match to simulate).

    ``ruleset``: ENTARIA's Ruleset, for the rows of long fights (undo, reroll, load).
    """
    rows = engine_rows(repeats=repeats, seed=seed, match_setup=match_setup, ruleset=ruleset)
    print_rows(rows, repeats=repeats, seed=seed, out=out)
