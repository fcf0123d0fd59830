"""What a check is made of before its dice fall: the one fold of ``Battle.check`` (D-3).

A check (a save too, entaria.md section 0) counts the creature's conditions for its
context (``roll_modifiers``), the caller's extra edge and WM, Helfen's w6 (E-ACT-VH-HELFEN)
and an automatic failure (E-OPEN-31). ``fold_check`` folds them once; the engine rolls
what it returns and the hit-chance queries count the same terms, so neither repeats it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.entaria.rules.chances import success_chance
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers, roll_modifiers
from game.rulesets.entaria.rules.conditions import HELP_BONUS_DIE
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import Attribute

__all__ = ["CheckTerms", "fold_check"]


@dataclass(frozen=True)
class CheckTerms:
    """One check as it will be rolled: value, ZW, counted edge, summed WM.

    ``help_die``: the sides of Helfen's die still to roll (0: none, or already rolled
    into ``modifier``). ``reasons``: the log's details; ``causes``: every edge and WM in
    the book's words, (German, English).
    """

    attribute: Attribute
    value: int
    target: int | None
    edge: int
    modifier: int
    help_die: int
    automatic_failure: bool
    causes: tuple[tuple[str, str], ...]
    reasons: tuple[str, ...] = ()

    @property
    def chance(self) -> Fraction:
        """Return the exact chance that the check succeeds (D-2, D-3)."""
        if self.target is None:
            raise ValueError("a check without a ZW has no chance of success")
        return success_chance(
            self.value,
            self.target,
            edge=self.edge,
            modifier=self.modifier,
            help_die=self.help_die,
            automatic_failure=self.automatic_failure,
        )

    def causes_text(self) -> tuple[str, str]:
        """Return the causes as " (…)" in German and English, or two empty strings."""
        return RollModifiers(causes=self.causes).causes_text()


def fold_check(
    attribute: Attribute,
    value: int,
    target: int | None,
    held: ConditionSet,
    context: RollContext,
    *,
    edge: int = 0,
    modifier: int = 0,
    extra: RollModifiers | None = None,
    helped: bool = False,
) -> CheckTerms:
    """Return the terms of a check of ``value`` against ``target`` with ``held`` counted.

    ``extra``: edges and WM the situation adds, each named; ``edge`` / ``modifier``: bare
    ones. ``helped``: a Helfen waits whose w6 is not yet in ``context.help_bonus``.
    """
    mods = roll_modifiers(held, context)
    if extra is not None:
        mods = mods + extra
    return CheckTerms(
        attribute=attribute,
        value=value,
        target=target,
        edge=mods.edge + edge,
        modifier=mods.modifier + modifier,
        help_die=HELP_BONUS_DIE if helped and not context.help_bonus else 0,
        automatic_failure=mods.automatic_failure,
        causes=mods.causes,
        reasons=mods.reasons,
    )
