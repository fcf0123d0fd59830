"""Genesis scheduling details: shifting in the INI rounds, ties, joining, ranged defences."""

from __future__ import annotations

from game.board.dice import Roller


def may_shift(kr: int) -> bool:
    """Return whether shifting is possible in KR ``kr``: never in KR 1."""
    return kr != 1


def must_shift_in_ini2(attacked_in_kr1: bool) -> bool:
    """Return whether attacking in KR 2 needs a shift: only for KR 1 attackers."""
    return attacked_in_kr1


def break_ties(results: dict[str, int], roller: Roller) -> list[str]:
    """Order fastest first; tied combatants re-roll a d100 until they differ."""
    groups: dict[int, list[str]] = {}
    for name, value in results.items():
        groups.setdefault(value, []).append(name)
    order: list[str] = []
    for value in sorted(groups, reverse=True):
        tied = groups[value]
        while len(tied) > 1:
            rerolls = {name: roller.roll(100) for name in tied}
            if len(set(rerolls.values())) == len(tied):
                tied = sorted(tied, key=lambda n: -rerolls[n])
                break
        order.extend(tied)
    return order


def joiner_must_shift(joined_in_parry_round: bool, first_regular_round: bool) -> bool:
    """Return whether a joiner pays a shift to attack in its next regular AT round."""
    return joined_in_parry_round and first_regular_round


def ranged_defences(has_shield: bool) -> set[str]:
    """Return the defences against a ranged AT: dodge or shield, never a weapon parry."""
    return {"dodge", "shield_parry"} if has_shield else {"dodge"}
