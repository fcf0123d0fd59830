"""The built-in Genesis opponent: declares, shifts, strikes and defends sensibly.

It asks ``plans`` what is allowed, so it never tries a refused command: in its AT round
it strikes with all but one GW, in its PA round it defends (and shifts only when it has
AD to spare and a nearly felled enemy next to it), it closes in on the nearest enemy,
strikes the target it hits most easily, and answers the most dangerous hits first with
its best defence.
"""

from __future__ import annotations

import math

from game.board.grid import BattleGrid, Cell
from game.board.movement import find_path, path_cost
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans, plans
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.geometry import chebyshev
from game.rulesets.genesis.plans import FIGHTING


def choose_command(game: GenesisGame) -> Command:
    """Return the opponent's answer to the open decision of the GenesisGame ``game``."""
    decision = game.decisions()[0]
    if decision.kind is DecisionKind.DEFENCE:
        return _defence(game, decision.side or "")
    if decision.kind is DecisionKind.TURN:
        return _strike(game, decision.creature or "")
    if decision.kind is DecisionKind.REACTION:  # a surplus AT: +20 while enemies stand
        return c.Surplus(actor=decision.creature, option="bonus")
    return _declaration(game, decision.creature or "")


def _defence(game: GenesisGame, side: str) -> Command:
    hits = game.open_hits(side)
    hit_id, how, by = defence_plans.auto_answers(game, hits)[0]
    actor = by if how == "ally" else next(h.target for h in hits if h.id == hit_id)
    return c.Defend(actor=actor, hit=hit_id, how=how)


def _strike(game: GenesisGame, key: str) -> Command:
    options = plans.strike_targets(game, key)
    if not options:
        return c.EndStrikes(actor=key)
    fighters = game.fighters
    best = min(options, key=lambda p: (fighters[p.target].le - p.value / 10, p.target))
    return c.Strike(actor=key, target=best.target)


def _approach(game: GenesisGame, key: str, budget: int) -> tuple[Cell, ...]:
    """Return a path toward the nearest enemy, ending next to it or after ``budget``."""
    fighters = game.fighters
    me = fighters[key]
    foes = [
        f
        for f in fighters.values()
        if f.side != me.side and f.life == FIGHTING and plans.in_fight(game, f.key)
    ]
    if not foes or budget <= 0:
        return ()
    foe = min(foes, key=lambda f: (chebyshev(me.cell, f.cell), f.key))
    if chebyshev(me.cell, foe.cell) <= 1:
        return ()
    occupied = {f.cell for k, f in fighters.items() if k != key}
    goals = sorted(
        (
            (foe.cell[0] + dx, foe.cell[1] + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0)
        ),
        key=lambda cell: (math.dist(cell, me.cell), cell),
    )
    grid = game.grid
    enemy_cells = {f.cell for f in fighters.values() if f.side != me.side}
    for goal in goals:
        if not grid.in_bounds(goal) or goal in occupied:
            continue
        path = find_path(grid, me.cell, goal, enemies=enemy_cells, allies=occupied - enemy_cells)
        if path is None:
            continue
        steps = _within(grid, path, budget, enemy_cells, occupied - enemy_cells)
        while steps and steps[-1] in occupied:
            steps.pop()
        return tuple(steps)
    return ()


def _within(
    grid: BattleGrid, path: list[Cell], budget: int, enemies: set[Cell], allies: set[Cell]
) -> list[Cell]:
    steps: list[Cell] = []
    for cell in path[1:]:
        try:
            cost = path_cost(grid, [path[0], *steps, cell], enemies=enemies, allies=allies)
        except ValueError:
            break
        if cost > budget:
            break
        steps.append(cell)
    return steps


def _declaration(game: GenesisGame, key: str) -> Command:
    rules = plans.declare_rules(game, key)
    fighters = game.fighters
    me = fighters[key]
    share = max(rules.shares)
    engaged = game.clusters().get(key, -1) >= 0
    weapon = plans.weapon_in_hand(game, key)
    shooter = weapon is not None and weapon.ranged
    if weapon is None and me.swap_left == 0:  # its thrown object is gone: draw a weapon
        drawn = _best_melee(game, key)
        if drawn:
            guard = float(math.floor(share))
            if not plans.declaration_problem(game, key, 0, guard):
                return c.Declare(actor=key, defences=guard, swap_to=drawn)
    used_up = weapon is not None and game.set_size(key, weapon.key) > 0 and me.set_left <= 0
    if used_up and me.swap_left == 0:  # the set is thrown: a new one, or a melee weapon
        assert weapon is not None
        drawn = _best_melee(game, key) if engaged else weapon.key
        guard = float(math.floor(share))
        if drawn and not plans.declaration_problem(game, key, 0, guard):
            return c.Declare(actor=key, defences=guard, swap_to=drawn)
    path: tuple[Cell, ...] = ()
    if not rules.move_refusal and not engaged and not shooter:
        path = _approach(game, key, rules.budget)
    attacks = 0.0
    if rules.may_attack and _could_strike(game, key, path):
        if rules.must_shift:
            attacks = 1.0 if me.ad >= 10 and share >= 2 else 0.0
        elif shooter:
            attacks = 1.0 if weapon is not None and weapon.reload_kr else max(1.0, share - 1)
        else:
            attacks = share - 1 if share >= 2 else share
    attacks = min(attacks, share)
    if share % 1 and attacks % 1 == 0 and attacks >= 1 and share - attacks >= 0.5:
        attacks += 0.5 if attacks + 0.5 <= share else 0.0
    defences = share - attacks
    if attacks % 1 and defences % 1:
        defences -= 0.5
    if plans.declaration_problem(game, key, attacks, defences):
        attacks, defences = 0.0, math.floor(share)
    return c.Declare(actor=key, attacks=attacks, defences=defences, path=path)


def _best_melee(game: GenesisGame, key: str) -> str:
    """Return the carried melee weapon with the most TP ("": none left)."""
    me = game.fighters[key]
    carried = [
        w
        for w in game.catalogue.weapons_of(game.kind(key))
        if w.key not in me.gone and not w.ranged
    ]
    return max(carried, key=lambda w: (defence_plans.expected_tp(w), w.key)).key if carried else ""


def _could_strike(game: GenesisGame, key: str, path: tuple[Cell, ...]) -> bool:
    """Return whether an enemy will be within reach after the move."""
    fighters = game.fighters
    me = fighters[key]
    here = path[-1] if path else me.cell
    weapon = plans.weapon_in_hand(game, key)
    reach = plans.reach_of(game, key, weapon)
    for f in fighters.values():
        if f.side == me.side or f.life != FIGHTING or not plans.in_fight(game, f.key):
            continue
        if weapon is not None and weapon.ranged:
            if math.dist(here, f.cell) <= reach:
                return True
        elif chebyshev(here, f.cell) <= reach:
            return True
    return False
