"""Held conditions: the counts a creature holds and everything they count as.

- *Counts*: ``ConditionSet`` maps each held condition to a count. Irritiert stacks as a
  count (its WM adds up, E-COND-IRRITIERT-2), Erschöpft and Überlastet are levels, all
  others are held once.
- *Closure*: a condition can count as others (Bewusstlos counts as Handlungsunfähig,
  Liegend and Wehrlos). ``closure`` returns every condition a creature effectively has.
  A condition that grants Nachteil counts once however it is reached (E-OPEN-1): Vergiftet
  and Verwirrt both imply Abgelenkt, and Abgelenkt gives one Nachteil.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

from game.rulesets.entaria.rules.conditions import CONDITIONS, ConditionRule, Stacking
from game.rulesets.entaria.rules.terms import Condition

__all__ = ["ConditionSet", "Held", "as_condition_set", "closure"]


class ConditionSet(Mapping[Condition, int]):
    """An immutable map of held conditions to counts (Irritiert) or levels (Erschöpft).

    Conditions held once always map to 1. Adding follows each rule's ``stacking``.
    """

    __slots__ = ("_counts",)

    def __init__(self, held: Mapping[Condition, int] | Iterable[Condition] = ()) -> None:
        counts: dict[Condition, int] = {}
        if isinstance(held, Mapping):
            for condition, n in held.items():
                _check_count(condition, n)
                if n:
                    counts[condition] = _stacked(condition, 0, n)
        else:
            for condition in held:
                counts[condition] = _stacked(condition, counts.get(condition, 0), 1)
        self._counts: Mapping[Condition, int] = MappingProxyType(
            {c: counts[c] for c in Condition if counts.get(c)}
        )

    @classmethod
    def of(cls, *conditions: Condition) -> ConditionSet:
        """Return the set holding these conditions (repeats stack as their rule says)."""
        return cls(conditions)

    def __getitem__(self, condition: Condition) -> int:
        return self._counts[condition]

    def __iter__(self) -> Iterator[Condition]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __copy__(self) -> ConditionSet:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, object]) -> ConditionSet:
        return self  # immutable

    def __hash__(self) -> int:
        return hash(frozenset(self._counts.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._counts) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{c.name}: {n}" for c, n in self._counts.items())
        return f"ConditionSet({{{inner}}})"

    def count(self, condition: Condition) -> int:
        """Return the count or level of ``condition``, 0 when not held."""
        return self._counts.get(condition, 0)

    def add(self, condition: Condition, n: int = 1) -> ConditionSet:
        """Return a copy that gained ``condition`` ``n`` times (E-COND-ERSCHOEPFT-1)."""
        if n < 0:
            raise ValueError("use remove() to take conditions away")
        counts = dict(self._counts)
        counts[condition] = _stacked(condition, counts.get(condition, 0), n)
        return ConditionSet(counts)

    def remove(self, condition: Condition, n: int | None = None) -> ConditionSet:
        """Return a copy without ``condition``, or with ``n`` fewer instances or levels."""
        counts = dict(self._counts)
        left = 0 if n is None else max(0, counts.get(condition, 0) - n)
        counts[condition] = left
        return ConditionSet(counts)

    def with_level(self, condition: Condition, level: int) -> ConditionSet:
        """Return a copy with ``condition`` at exactly ``level`` (0 removes it)."""
        _check_count(condition, level)
        counts = dict(self._counts)
        counts[condition] = level
        return ConditionSet(counts)


def _check_count(condition: Condition, n: int) -> None:
    if not isinstance(condition, Condition):
        raise TypeError(f"not a Condition: {condition!r}")
    if n < 0:
        raise ValueError(f"{condition.value}: a count cannot be negative, got {n}")


def _stacked(condition: Condition, current: int, n: int) -> int:
    rule = CONDITIONS[condition]
    if rule.stacking is Stacking.ONCE:
        return 1 if current + n > 0 else 0
    total = current + n
    return total if rule.max_level is None else min(total, rule.max_level)


Held = ConditionSet | Mapping[Condition, int] | Iterable[Condition]


def as_condition_set(held: Held) -> ConditionSet:
    """Return ``held`` as a ConditionSet (a mapping of counts or an iterable of conditions)."""
    return held if isinstance(held, ConditionSet) else ConditionSet(held)


def closure(
    held: Held, *, source_in_sight: bool = True, base_bew: int | None = None
) -> frozenset[Condition]:
    """Return every condition the creature effectively has, implied ones included.

    ``source_in_sight`` switches the Abgelenkt of Entsetzt, Panisch and Verängstigt.
    ``base_bew`` lets Überlastet reach BEW 0 (E-COND-UEBERLASTET-4); without it that
    implication is not evaluated.
    """
    counts = as_condition_set(held)
    result: set[Condition] = set(counts)
    frontier = list(result)

    def add(conditions: Iterable[Condition]) -> None:
        for c in conditions:
            if c not in result:
                result.add(c)
                frontier.append(c)

    while frontier:
        condition = frontier.pop()
        rule = CONDITIONS[condition]
        add(rule.implies)
        if source_in_sight:
            add(rule.implies_while_source_in_sight)
        level = counts.count(condition)
        for threshold, implied in rule.implies_from_level:
            if level >= threshold:
                add(implied)
        if (
            rule.zero_bew_implies
            and base_bew is not None
            and base_bew + rule.bew_per_level * level <= 0
        ):
            add(rule.zero_bew_implies)
    return frozenset(result)


_ENUM_ORDER: dict[Condition, int] = {condition: i for i, condition in enumerate(Condition)}


def held_rules(conditions: Iterable[Condition]) -> list[ConditionRule]:
    """Return the rules of ``conditions`` in the order of the ``Condition`` enum."""
    # Enum order keeps reasons and results deterministic; most creatures hold nothing,
    # and this runs for every creature on every move (enemy reach), so no full scan.
    chosen = set(conditions)
    if not chosen:
        return []
    return [CONDITIONS[c] for c in sorted(chosen, key=_ENUM_ORDER.__getitem__)]
