"""The start of a Genesis fight: who rolls INI, the order, the slowest, the group winner.

G-INI-ROUND-2/3 (INI = value - d100, ties re-rolled), G-INI-MALUS-1 (shooters -10),
G-INI-RANGED-2 with G-OPEN-14 (a shooter not in melee rolls none: KR 1 does not count
for it), G-INI-GROUP-1/2/3 (from three fighters on, the side with the higher mean wins;
a tie is a decision roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.board.dice import Roller
from game.rulesets.genesis.catalogue import GenesisFighter
from game.rulesets.genesis.rules import gear, rounds
from game.rulesets.genesis.rules.schedule import break_ties


@dataclass(frozen=True)
class Initiative:
    """The rolled start: results, the order (fastest first), the slowest, the winner side."""

    results: dict[str, int]
    order: list[str]
    slowest: str
    winner: str
    means: dict[str, float]
    timeless: frozenset[str]


def roll_initiative(
    kinds: Mapping[str, GenesisFighter],
    sides: Mapping[str, str],
    side_order: tuple[str, ...],
    clusters: Mapping[str, int],
    roller: Roller,
) -> Initiative:
    """Roll the INI of every fighter but the shooters outside melee; find the winner side."""
    timeless = frozenset(k for k in kinds if kinds[k].shooter and clusters.get(k, -1) < 0)
    results = {
        k: gear.initiative_result(kinds[k].ini, roller, kinds[k].shooter)
        for k in kinds
        if k not in timeless
    }
    order = break_ties(results, roller)
    means = {
        side: rounds.group_initiative([results[k] for k in results if sides[k] == side])
        for side in side_order
        if any(sides[k] == side for k in results)
    }
    best = max(means.values()) if means else 0.0
    tied = [s for s in side_order if means.get(s) == best] or list(side_order)
    if len(results) <= 2 and order:  # G-INI-GROUP-1: a group INI from three fighters on
        winner = sides[order[0]]
    elif len(tied) == 1:
        winner = tied[0]
    else:  # G-INI-GROUP-3: a 50 % decision roll (one die among more tied sides)
        winner = tied[roller.roll(len(tied)) - 1]
    return Initiative(results, order, order[-1] if order else "", winner, means, timeless)
