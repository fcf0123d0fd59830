"""Dice: the injected source of every random number the rules use."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class Roller(Protocol):
    """Anything that rolls one die with ``sides`` faces and returns 1..sides."""

    def roll(self, sides: int) -> int: ...


class DiceExhausted(Exception):
    """A ScriptedRoller was asked for more dice than it was given."""


class RandomRoller:
    """A seeded pseudo-random roller; each instance owns its own stream."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """Return a uniform value in 1..sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, got {sides}")
        return self._rng.randint(1, sides)

    def copy(self) -> RandomRoller:
        """Return an independent roller at the same position of the stream."""
        twin = RandomRoller()
        twin._rng.setstate(self._rng.getstate())
        return twin


class ScriptedRoller:
    """Hand out fixed values in order: for tests and for replaying a record."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0
        self.rolled: list[tuple[int, int]] = []  # (sides, value) in order

    @property
    def remaining(self) -> int:
        """Return how many scripted values are left."""
        return len(self._values) - self._next

    def roll(self, sides: int) -> int:
        """Return the next scripted value; it must lie in 1..sides."""
        if self._next >= len(self._values):
            raise DiceExhausted(f"no scripted die left for a d{sides}")
        value = self._values[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted value {value} is not a face of a d{sides}")
        self._next += 1
        self.rolled.append((sides, value))
        return value


def roll_dice(roller: Roller, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice with ``sides`` faces (``count``w``sides``)."""
    return tuple(roller.roll(sides) for _ in range(count))
