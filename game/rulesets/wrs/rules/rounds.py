"""Who acts in which combat round: surprise, the fixed order, readiness reactions.

W-ROUND-1..2, W-INIT-3, W-SURP-2..4, W-ACT-READY-6; the orders come from
``comparison.initiative_order`` (Geist comparison, D-15).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TypeVar

from game.board.dice import Roller
from game.rulesets.wrs.rules.comparison import initiative_order

K = TypeVar("K")


def surprise_round_order(
    mind_values: Mapping[K, int], surprisers: Collection[K], roller: Roller
) -> list[K]:
    """Return round 1 of a surprise: only the surprising side acts, ordered among
    itself by a Geist comparison (W-SURP-2, W-SURP-3). Raise ValueError for an unknown
    surpriser."""
    unknown = [key for key in surprisers if key not in mind_values]
    if unknown:
        raise ValueError(f"surprisers not in the combat: {unknown!r}")
    group = {key: value for key, value in mind_values.items() if key in surprisers}
    return initiative_order(group, roller)


def opening_orders(
    mind_values: Mapping[K, int],
    roller: Roller,
    surprisers: Collection[K] = (),
) -> tuple[list[K], list[K]]:
    """Return (round 1's order, the order of every later round) (W-INIT-1, W-INIT-3).

    Without surprise both are the one order rolled at the start; with surprise round 1
    is the surprisers' order and everyone rolls again for round 2 on (W-SURP-4)."""
    if not surprisers:
        order = initiative_order(mind_values, roller)
        return order, list(order)
    first = surprise_round_order(mind_values, surprisers, roller)
    return first, initiative_order(mind_values, roller)


def turns_in_round(order: Sequence[K], can_act: Callable[[K], bool]) -> list[K]:
    """Return who takes a turn this round: each participant entitled to act, once, in
    the fixed order (W-ROUND-2); the others keep their slot (W-OPEN-2)."""
    return [key for key in order if can_act(key)]


def reaction_order(order: Sequence[K], ready: Collection[K]) -> list[K]:
    """Return the ready characters that react to one event, in initiative order
    (W-ACT-READY-4, W-ACT-READY-6)."""
    return [key for key in order if key in ready]


def ready_after(
    ready: Collection[K], reacted: Collection[K] = (), cancelled: Collection[K] = ()
) -> frozenset[K]:
    """Return who is still ready: readiness lasts until the character cancels it or
    has reacted once (W-ACT-READY-2, W-ACT-READY-5)."""
    return frozenset(key for key in ready if key not in reacted and key not in cancelled)
