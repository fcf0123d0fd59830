"""Genesis throwing: thrown objects derived from the stone, their TP, heights and weapon sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.board.dice import Roller
from game.rulesets.genesis.rules.gear import stone_at_bonus, throw_range, throw_tp_bonus

SET_DRAW_KR = 0.5


@dataclass(frozen=True)
class ThrownObject:
    """A thrown object's weapon modifications (TP dice are d6, "1W", G-OPEN-6)."""

    name: str
    at_bonus: int
    range_base_m: int
    halved_range: bool = False
    tp_dice: int = 1
    shock: int = 1
    gw_per_kr: float | None = None  # at most this many GW of throws per KR, if limited


STONE = ThrownObject("stone", 10, 25)


def derive_from_stone(
    name: str,
    at_delta: int,
    range_base_m: int,
    halved_range: bool = False,
    gw_per_kr: float | None = None,
    extra_tp_dice: int = 0,
) -> ThrownObject:
    """Return any other thrown object: the stone with changed AT bonus, range and TP dice."""
    return ThrownObject(
        name,
        STONE.at_bonus + at_delta,
        range_base_m,
        halved_range,
        STONE.tp_dice + extra_tp_dice,
        STONE.shock,
        gw_per_kr,
    )


GRAPPLING_HOOK = derive_from_stone("grappling_hook", -30, 10, halved_range=True)
CHAIR = derive_from_stone("chair", -40, 0, halved_range=True, gw_per_kr=1.0, extra_tp_dice=1)


def object_at_bonus(obj: ThrownObject, specialist: bool) -> int:
    """Return the AT bonus of a throw; a specialist's stone has +20 instead of +10."""
    if obj is STONE:
        return stone_at_bonus(specialist)
    return obj.at_bonus


def throwing_wtw(melee_wtw: Mapping[str, int]) -> int:
    """Return the throwing WTW: the hero's highest melee WTW (brawling included)."""
    return max(melee_wtw.values(), default=0)


def object_range(obj: ThrownObject, kk: int, talent: int, specialist: bool = False) -> int:
    """Return the range of a thrown object in metres (fields)."""
    return throw_range(obj.range_base_m, kk, talent, specialist, obj.halved_range)


def thrown_damage(
    roller: Roller, obj: ThrownObject, wtw: int, kk: int, specialist: bool
) -> tuple[int, int]:
    """Roll (TP, shock damage) of a hit; a specialist adds 1W6 TP and 1 shock damage."""
    tp = sum(roller.roll(6) for _ in range(obj.tp_dice)) + throw_tp_bonus(wtw, kk)
    shock = obj.shock
    if specialist:
        tp += roller.roll(6)
        shock += 1
    return tp, shock


def max_height(max_distance_m: float) -> float:
    """Return the maximum throwing height: about half the maximum distance."""
    return max_distance_m / 2


def throwing_weapon_range(rw_m: int, kk: int, throwing_talent: int) -> int:
    """Return a throwing weapon's range: weapon RW + KK + throwing-weapon talent."""
    return rw_m + kk + throwing_talent


def throw_needs_shift(from_drawn_set: bool, in_parry_round: bool) -> bool:
    """Return whether a throw costs a shift: not for a drawn set over its AT and PA round."""
    return in_parry_round and not from_drawn_set


def set_throws(set_size: int, gw: float) -> list[bool]:
    """Return per weapon of a set whether it is thrown at half value (GW 2.5 -> one of three)."""
    halves = 1 if (gw * 2) % 2 else 0
    return [index >= set_size - halves for index in range(set_size)]


def redraw_cost_kr(left_in_set: int, carried: int) -> float | None:
    """Return the KR a new set costs: none while the set lasts, ½ KR, or None if none carried."""
    if left_in_set > 0:
        return 0.0
    return SET_DRAW_KR if carried > 0 else None
