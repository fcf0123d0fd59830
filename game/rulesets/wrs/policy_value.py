"""What an attack is worth to the WRS opponent: exact chances, hits, disabling a target.

Every number comes from the pure rules: the PW modifiers from ``rules/attacks.py``
(W-BONUS-*, W-ACT-AIM, W-ACT-DEF-2, W-FIRE-*, W-BONUS-DUAL-*), the exact d100 chance
from ``rules/chances.py`` (W-ATK-3, D-15), the hits a target can still take before it
is out of the fight from ``rules/armour.py`` and its LP (W-ARMOR-3/4, W-WOUND-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from game.board.sight import line_of_sight
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import RANGED, WrsGame
from game.rulesets.wrs.rules import armour, attacks, chances, wounds
from game.rulesets.wrs.rules.terms import FireMode, WeaponCategory

#: Extra value of taking a target out of the fight, in hits (it stops attacking).
DISABLE_BONUS = 1.0


@dataclass(frozen=True)
class Option:
    """One attack the policy could make: the command, its chance and hits on a win."""

    command: c.Attack
    chance: float
    hits: int
    needed: int

    def value(self, tries: int = 1) -> float:
        """Return the expected useful hits of ``tries`` such attacks, plus the bonus for
        taking the target out (hits beyond what it can take count for nothing)."""
        return plan_value(self.chance, self.hits, self.needed, tries)


def plan_value(chance: float, hits: int, needed: int, tries: int = 1) -> float:
    """Return E[min(hits scored, needed)] + DISABLE_BONUS * P(target out) over ``tries``."""
    total = 0.0
    for won in range(tries + 1):
        weight = comb(tries, won) * chance**won * (1 - chance) ** (tries - won)
        scored = won * hits
        total += weight * (min(scored, needed) + (DISABLE_BONUS if scored >= needed else 0.0))
    return total


@lru_cache(maxsize=65536)
def _chance(attacker_pw: int, defender_pw: int) -> float:
    return float(chances.hit_chance(attacker_pw, defender_pw))


def hits_needed(game: WrsGame, key: str) -> int:
    """Return the hits ``key`` takes before it is unconscious (armour first, W-ARMOR-3/4)."""
    state = game.fighters[key]
    left = game.kind(key).life_points.unconscious_at - state.wounds
    return max(1, armour.hits_absorbed(Fraction(state.armour)) + max(0, left))


def defence_bonus(game: WrsGame, key: str, *, defensive: bool | None = None) -> int:
    """Return ``key``'s defence PW modifier; ``defensive`` overrides its stance."""
    base = game.defence_of(key)
    if defensive is not None:
        base = attacks.Defence(
            base.weapons, base.shield, base.weapon_skills, base.shield_skills, defensive
        )
    return attacks.defence_modifier(base)


def category(game: WrsGame, weapon: str) -> WeaponCategory:
    """Return the category of a weapon key ("unarmed" too)."""
    if weapon == "unarmed":
        return WeaponCategory.UNARMED
    return game.catalogue.weapons[weapon].category


def is_ranged(game: WrsGame, key: str) -> bool:
    """Return whether ``key`` holds a weapon that shoots or is thrown (W-OPEN-8)."""
    return any(
        k in game.catalogue.weapons and game.catalogue.weapons[k].category in RANGED
        for k in game.fighters[key].drawn
    )


def reaches(game: WrsGame, me: str, target: str, weapon: str, at: tuple[int, int] | None) -> bool:
    """Return whether ``weapon`` of ``me`` (standing at ``at``) reaches ``target``:
    line of sight for ranged, an adjacent field for melee (W-OPEN-8)."""
    here = at if at is not None else game.fighters[me].cell
    there = game.fighters[target].cell
    if category(game, weapon) in RANGED:
        return line_of_sight(game.grid, here, there)
    return max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1


def _variants(game: WrsGame, me: str) -> list[tuple[str, FireMode, int, str]]:
    """Return (weapon, fire mode, shots, second weapon) of every attack ``me`` can make."""
    state = game.fighters[me]
    held = [k for k in state.drawn if k in game.catalogue.weapons]
    out: list[tuple[str, FireMode, int, str]] = []
    for key in held:
        out.append((key, FireMode.SINGLE, 1, ""))
        for mode in game.catalogue.weapons[key].fire_modes:
            if attacks.MAX_SHOTS[mode] > 1:
                out.append((key, mode, attacks.MAX_SHOTS[mode], ""))
    one_handed = [k for k in held if category(game, k) in attacks.ONE_HANDED]
    if len(one_handed) >= 2:
        out.append((one_handed[0], FireMode.SINGLE, 1, one_handed[1]))
    if not held:
        out.append(("unarmed", FireMode.SINGLE, 1, ""))
    return out


def options(
    game: WrsGame,
    me: str,
    target: str,
    *,
    at: tuple[int, int] | None = None,
    aimed: bool | None = None,
    defensive: bool | None = None,
    check_reach: bool = True,
) -> list[Option]:
    """Return ``me``'s attacks on ``target`` with their exact chances (best last is not
    promised: callers take the max). ``aimed``/``defensive`` override the states."""
    state = game.fighters[me]
    kind = game.kind(me)
    aim = state.aim_pending if aimed is None else aimed
    d_pw = game.kind(target).koerper + defence_bonus(game, target, defensive=defensive)
    helpless = not wounds.defends(game.state_of(target))
    needed = hits_needed(game, target)
    out: list[Option] = []
    for weapon, mode, shots, second in _variants(game, me):
        if check_reach and not reaches(game, me, target, weapon, at):
            continue
        try:
            rule = attacks.Attack(
                category(game, weapon),
                kind.weapon_skills,
                aim,
                mode,
                shots,
                category(game, second) if second else None,
            )
            modifier = attacks.attack_modifier(rule)
        except ValueError:
            continue
        chance = 1.0 if helpless else _chance(kind.koerper + modifier, d_pw)
        command = c.Attack(me, target, weapon, mode.value, shots, second)
        out.append(Option(command, chance, attacks.hits_on_win(rule), needed))
    return out


def best(found: list[Option], tries: int = 1) -> Option | None:
    """Return the option of the highest value over ``tries`` (first one on a tie)."""
    top: Option | None = None
    for option in found:
        if top is None or option.value(tries) > top.value(tries) + 1e-12:
            top = option
    return top
