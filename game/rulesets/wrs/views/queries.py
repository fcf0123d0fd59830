"""What the views ask of a WRS game that the engine has no public query for.

Read from the public state only (``WrsGame.fighters``, its catalogue and grid) and from
the pure rules: the paths of a Schritt (W-ACT-MOVE, the engine's own field checks), the
attack's target check (W-OPEN-8), the PWs of both sides (W-ATK-2, W-BONUS-*, W-ACT-AIM,
W-ACT-DEF-2, W-FIRE-*, W-BONUS-DUAL-*). Refusals come back as template keys of
``terms`` with their values, so the screen says them in its language.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from game.board.grid import DIRECTIONS_8, Cell
from game.board.sight import line_of_sight
from game.rulesets.wrs.engine import RANGED, WrsGame
from game.rulesets.wrs.rules import attacks, wounds
from game.rulesets.wrs.rules.actions import MOVE_MAX_FIELDS
from game.rulesets.wrs.rules.terms import FireMode, WeaponCategory, WoundState
from game.rulesets.wrs.views.terms import fighter_name

#: A refusal: a template key of ``terms.TEXTS`` and its values ("" : none).
Refusal = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class AttackPlan:
    """An attack the action bar offers: the weapon, fire mode, shots, a second weapon."""

    weapon: str
    mode: FireMode = FireMode.SINGLE
    shots: int = 1
    second: str = ""


def distance(a: Cell, b: Cell) -> int:
    """Return the fields between ``a`` and ``b`` counted in steps of eight directions."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def blocked(game: WrsGame, a: Cell, b: Cell) -> bool:
    """Return whether a step from ``a`` to the neighbour ``b`` is barred (the engine's)."""
    return game.blocked(a, b)


def path_to(game: WrsGame, key: str, goal: Cell) -> tuple[Cell, ...] | None:
    """Return the shortest path of 1 to 3 steps from ``key``'s field to ``goal`` (the
    fields entered, in order), or None when there is none (W-ACT-MOVE, D-15)."""
    start = game.fighters[key].cell
    if goal == start or not game.grid.in_bounds(goal):
        return None
    taken = game.occupied(key)
    before: dict[Cell, Cell] = {start: start}
    queue: deque[tuple[Cell, int]] = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        if steps == MOVE_MAX_FIELDS:
            continue
        for dx, dy in DIRECTIONS_8:
            cell = (here[0] + dx, here[1] + dy)
            if cell in before or not game.grid.in_bounds(cell) or cell in taken:
                continue
            if blocked(game, here, cell):
                continue
            before[cell] = here
            if cell == goal:
                path = [cell]
                while before[path[-1]] != start:
                    path.append(before[path[-1]])
                return tuple(reversed(path))
            queue.append((cell, steps + 1))
    return None


def category(game: WrsGame, key: str) -> WeaponCategory | None:
    """Return the bonus category of weapon ``key`` ("unarmed" is waffenlos)."""
    if key == "unarmed":
        return WeaponCategory.UNARMED
    weapon = game.catalogue.weapons.get(key)
    return weapon.category if weapon is not None else None


def ranged(game: WrsGame, key: str) -> bool:
    """Return whether weapon ``key`` attacks at range (bows, firearms, throws)."""
    return category(game, key) in RANGED


def target_refusal(game: WrsGame, actor: str, target: str, plan: AttackPlan) -> Refusal | None:
    """Return why ``actor`` cannot attack ``target`` with ``plan`` now, or None
    (an enemy, not dead, adjacent for melee, in line of sight for ranged: W-OPEN-8)."""
    me = game.fighters[actor]
    other = game.fighters.get(target)
    name = game_name(game, target)
    if other is None or other.side == me.side:
        return "no.enemy", {"name": name}
    if game.state_of(target) is WoundState.DEAD:
        return "no.dead", {"name": name}
    if ranged(game, plan.weapon):
        if not line_of_sight(game.grid, me.cell, other.cell):
            return "no.sight", {"name": name}
    elif distance(me.cell, other.cell) != 1:
        return "no.adjacent", {"name": name, "n": distance(me.cell, other.cell)}
    return None


def game_name(game: WrsGame, key: str) -> str:
    """Return fighter ``key``'s name (the mission's or the catalogue's)."""
    return fighter_name(game, key)


def rule_attack(game: WrsGame, actor: str, plan: AttackPlan) -> attacks.Attack:
    """Return the attack as the rules take it (Zielen from the state: W-ACT-AIM)."""
    first = category(game, plan.weapon) or WeaponCategory.UNARMED
    second = category(game, plan.second) if plan.second else None
    skills = game.kind(actor).weapon_skills
    aimed = game.fighters[actor].aim_pending
    return attacks.Attack(first, skills, aimed, plan.mode, plan.shots, second)


def defence(game: WrsGame, target: str) -> attacks.Defence:
    """Return the defence as the rules take it (the engine's, W-BONUS-1/2, W-ACT-DEF-2)."""
    return game.defence_of(target)


@dataclass(frozen=True)
class Pws:
    """Both sides' PWs of one attack, their modifiers, and whether the target defends."""

    attacker: int
    attacker_modifier: int
    defender: int
    defender_modifier: int
    defends: bool
    hits_on_win: int


def pws(game: WrsGame, actor: str, target: str, plan: AttackPlan) -> Pws:
    """Return the PWs the engine would compare (W-ATK-2; raise ValueError for an attack
    the rules refuse: shots, two weapons)."""
    attack = rule_attack(game, actor, plan)
    a_mod = attacks.attack_modifier(attack)
    d_mod = attacks.defence_modifier(defence(game, target))
    return Pws(
        game.kind(actor).koerper + a_mod,
        a_mod,
        game.kind(target).koerper + d_mod,
        d_mod,
        wounds.defends(game.state_of(target)),
        attacks.hits_on_win(attack),
    )
