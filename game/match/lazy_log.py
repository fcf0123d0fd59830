"""A list decoded on demand: a restored game's log keeps its raw JSON until an entry is read.

A load from a snapshot (``game.match.snapshot_load``) would otherwise decode every logged
event, so it would cost more the longer the fight. ``LazyLog`` holds the raw values and
decodes an entry on first access (cached: the same entry is the same object each time).
It behaves as the list it stands for: ``len``, indices (negative too), slices, iteration,
``append``/``extend``/``+=`` and equality with any sequence.

Copies are cheap: a slice from the start (``log[:n]``, what a checkpoint's resume takes)
is a new LazyLog over the same raw values and the same cache, so an entry is decoded once
for all of them. What is appended goes to the copy's own list. A change inside the raw
part (``log[i] = x``, ``del``, ``insert``) decodes that copy's entries first.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from game.match.save_lines import equal_as_lists

T = TypeVar("T")

#: Decode the entry at an index from its raw value (raise the caller's error).
Decode = Callable[[int, Any], T]


class _Missing:
    """The mark of an entry not decoded yet (one object: copies and pickles keep it)."""

    def __copy__(self) -> _Missing:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Missing:
        return self

    def __reduce__(self) -> str:
        return "_MISSING"


_MISSING = _Missing()


class _Store(Generic[T]):
    """The raw values and their decoded entries, shared by a LazyLog and its copies."""

    __slots__ = ("decode", "done", "missing", "raw")

    def __init__(self, raw: Sequence[Any], decode: Decode[T]) -> None:
        self.raw = raw
        self.decode = decode
        self.done: list[T | _Missing] = [_MISSING] * len(raw)
        self.missing = len(raw)

    def at(self, index: int) -> T:
        entry = self.done[index]
        if entry is _MISSING:
            entry = self.decode(index, self.raw[index])
            self.done[index] = entry
            self.missing -= 1
        return cast(T, entry)

    def decoded(self, count: int) -> list[T]:
        """Return the first ``count`` entries, each decoded now if it was not yet."""
        if self.missing:
            for index in range(count):
                self.at(index)
        return cast(list[T], self.done[:count])


class LazyLog(MutableSequence[T]):
    """A list of ``T`` whose first entries are decoded from raw values on first access.

    ``decode(index, raw)`` returns the entry (or raises: the error reaches the reader).
    """

    __slots__ = ("_shared", "_store", "_tail")

    def __init__(self, raw: Sequence[Any], decode: Decode[T]) -> None:
        self._store: _Store[T] = _Store(raw, decode)
        self._shared = len(raw)  # how many of the store's entries are this log's first ones
        self._tail: list[T] = []  # what was added since (decoded values)

    @classmethod
    def _view(cls, store: _Store[T], shared: int, tail: list[T]) -> LazyLog[T]:
        log = cls.__new__(cls)
        log._store, log._shared, log._tail = store, shared, tail
        return log

    # ------------------------------------------------------------- reading
    def __len__(self) -> int:
        return self._shared + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> LazyLog[T]: ...

    def __getitem__(self, index: int | slice) -> T | LazyLog[T]:
        if isinstance(index, slice):
            return self._slice(index)
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("log index out of range")
        if index < self._shared:
            return self._store.at(index)
        return self._tail[index - self._shared]

    def _slice(self, part: slice) -> LazyLog[T]:
        start, stop, step = part.indices(len(self))
        if start == 0 and step == 1:  # a prefix: the same store, nothing decoded
            shared = min(stop, self._shared)
            return self._view(self._store, shared, self._tail[: max(0, stop - shared)])
        chosen = [self[i] for i in range(start, stop, step)]
        return self._view(_empty(), 0, chosen)

    def __iter__(self) -> Iterator[T]:
        store = self._store
        if not store.missing:
            return itertools.chain(itertools.islice(store.done, self._shared), self._tail)  # type: ignore[arg-type]
        return self._lazy_iter()

    def _lazy_iter(self) -> Iterator[T]:
        at = self._store.at
        for index in range(self._shared):
            yield at(index)
        yield from self._tail

    def raw_prefix(self) -> tuple[Sequence[Any], list[T]]:
        """Return the raw values of the first entries (not decoded) and the entries after them.

        The raw list is the one given (do not change it); the second list is a copy.
        """
        raw = self._store.raw
        return raw[: self._shared] if self._shared < len(raw) else raw, list(self._tail)

    @property
    def pending(self) -> int:
        """Return how many of this log's entries are not decoded yet."""
        done = self._store.done
        return sum(1 for entry in itertools.islice(done, self._shared) if entry is _MISSING)

    def __eq__(self, other: object) -> bool:
        return equal_as_lists(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyLog({len(self)} entries, {self._store.missing} not decoded)"

    # ------------------------------------------------------------- changing
    def append(self, value: T) -> None:
        """Add ``value`` at the end (nothing is decoded)."""
        self._tail.append(value)

    def extend(self, values: Iterable[T]) -> None:
        """Add ``values`` at the end (nothing is decoded)."""
        if values is self:
            values = list(values)
        self._tail.extend(values)

    def __iadd__(self, values: Iterable[T]) -> LazyLog[T]:
        self.extend(values)
        return self

    def __add__(self, values: Iterable[T]) -> LazyLog[T]:
        return self._view(self._store, self._shared, [*self._tail, *values])

    def __radd__(self, values: Iterable[T]) -> list[T]:
        return [*values, *self]

    def copy(self) -> LazyLog[T]:
        """Return a shallow copy (nothing decoded; what either adds stays its own)."""
        return self._view(self._store, self._shared, list(self._tail))

    __copy__ = copy

    def _own(self) -> list[T]:
        """Make every entry this log's own (decoded) and return them, for a change."""
        if self._shared:
            self._tail = self._store.decoded(self._shared) + self._tail
            self._store = _empty()
            self._shared = 0
        return self._tail

    @overload
    def __setitem__(self, index: int, value: T) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[T]) -> None: ...

    def __setitem__(self, index: int | slice, value: Any) -> None:
        self._own()[index] = value

    def __delitem__(self, index: int | slice) -> None:
        del self._own()[index]

    def insert(self, index: int, value: T) -> None:
        """Insert ``value`` before ``index`` (the entries are decoded first)."""
        self._own().insert(index, value)


def _empty() -> _Store[Any]:
    """Return a store of no raw values (a log whose entries are all its own)."""
    return _Store((), _never)


def _never(index: int, raw: Any) -> Any:
    raise AssertionError("an empty store decodes nothing")  # pragma: no cover


__all__ = ["Decode", "LazyLog"]
