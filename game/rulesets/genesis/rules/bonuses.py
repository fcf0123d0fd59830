"""Genesis bonus arithmetic: percentages add within a layer, layers compound."""

from __future__ import annotations

from game.rulesets.genesis.rules.checks import round_half_up


def compound(base: float, layers: list[list[float]]) -> int:
    """Apply percentage layers in order (passive, enhancement, active); round at the end."""
    value = base
    for percents in layers:
        value *= 1 + sum(percents) / 100
    return round_half_up(value)


def best_enhancement(values: list[int], all_combinable: list[int]) -> int:
    """Return the best enhancement of one value plus at most one all-combinable effect."""
    best = max(values, default=0)
    extra = max(all_combinable, default=0)
    return best + extra
