"""Long saves in lines: a head to read at once, the long lists one item per line, on demand.

A save of a long fight is mostly its record and its log: parsing all of it made a load
cost more the longer the fight. The lines layout (format version 2) writes the save's
document without those lists as its first line (the *head*), then every item of each
list on a line of its own::

    {"format": "kampfkarte-save", "version": 2, ..., "commands": "~lines",
     "resume": {"game": {..., "log": "~lines"}, ...},
     "lines": {"parts": [{"at": ["commands"], "count": 2}, {"at": [...], "count": 3}],
               "sha256": "<of every byte after the head's line>"}}
    {"kind": "move", ...}
    {"kind": "end_turn", ...}
    {"kind": "turn_started", ...}
    ...

A reader parses the head, checks the checksum (corruption is refused at once, as a
broken JSON file is) and gets a :class:`JsonLines` for each part: a sequence whose item
is parsed when it is read. An item that does not parse reads as :class:`Unreadable`
(never an exception), so a hostile line is caught where the item is checked: the
record's commands by the Verifier, the log by the replay that verifies the snapshot.

Compact JSON never holds a raw newline (``json`` escapes control characters in strings),
so a line is always one whole item.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from game.match.datafiles import StrictJsonError, loads_strict_json

#: The format version of a save in lines (a save in one JSON document is version 1).
LINES_VERSION = 2
#: What stands in the head where a part's list is (its items are lines).
PLACEHOLDER = "~lines"
#: At most this many parts, each at most this deep in the document.
MAX_PARTS = 8
MAX_AT = 6
_NEWLINE = 10


class Unreadable:
    """An item whose line is not JSON a save may hold: the file's ``line`` and why."""

    __slots__ = ("line", "problem")

    def __init__(self, line: int, problem: StrictJsonError | UnicodeDecodeError) -> None:
        self.line = line
        self.problem = problem

    def __repr__(self) -> str:
        return f"Unreadable(line {self.line}: {self.problem})"


class Line(bytes):
    """One item already encoded as its line of compact JSON (parsed when read).

    A save written after every command keeps its long lists as lines (``LineCache``):
    only the new items are encoded again.
    """

    __slots__ = ()


class JsonLines(Sequence[Any]):
    """A list whose first items are lines of a save (parsed when read), then plain values.

    Items read from lines are not kept: whoever reads them (``LazyLog``,
    ``LazyCommands``) keeps what it builds. Writing gives the lines back as they were
    read, so a loaded fight is saved again without encoding its history anew.
    """

    __slots__ = ("_ends", "_first_line", "_raw", "_starts", "_values")

    def __init__(self, values: Sequence[Any] = ()) -> None:
        self._raw = b""
        self._starts: NDArray[np.int64] = np.zeros(0, np.int64)
        self._ends: NDArray[np.int64] = np.zeros(0, np.int64)
        self._first_line = 0
        self._values = list(values)

    @classmethod
    def of_lines(
        cls, raw: bytes, starts: NDArray[np.int64], ends: NDArray[np.int64], first_line: int
    ) -> JsonLines:
        """Return the items on ``raw[starts[i]:ends[i]]``, the first on file line ``first_line``."""
        lines = cls()
        lines._raw, lines._starts, lines._ends, lines._first_line = raw, starts, ends, first_line
        return lines

    def then(self, values: Sequence[Any]) -> JsonLines:
        """Return these items followed by ``values`` (no line is parsed)."""
        joined = self.of_lines(self._raw, self._starts, self._ends, self._first_line)
        joined._values = [*self._values, *values]
        return joined

    @property
    def line_count(self) -> int:
        """Return how many of the items are (unparsed) lines of a file."""
        return len(self._starts)

    def __len__(self) -> int:
        return len(self._starts) + len(self._values)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> JsonLines: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return self._slice(index)
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("item index out of range")
        count = len(self._starts)
        if index >= count:
            return _value(self._values[index - count])
        return _parsed(self.line_bytes(index), self._first_line + index)

    def _slice(self, part: slice) -> JsonLines:
        start, stop, step = part.indices(len(self))
        count = len(self._starts)
        if start == 0 and step == 1 and stop >= 0:  # a prefix: the same lines, nothing parsed
            keep = min(stop, count)
            starts, ends = self._starts[:keep], self._ends[:keep]
            prefix = self.of_lines(self._raw, starts, ends, self._first_line)
            prefix._values = self._values[: max(0, stop - count)]
            return prefix
        return JsonLines([self[i] for i in range(start, stop, step)])

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self._starts)):
            yield _parsed(self.line_bytes(index), self._first_line + index)
        for value in self._values:
            yield _value(value)

    def line_bytes(self, index: int) -> bytes:
        """Return the text of the ``index``-th item's line (0 <= index < line_count)."""
        return self._raw[int(self._starts[index]) : int(self._ends[index])]

    def encoded(self) -> Iterator[bytes]:
        """Yield every item as one line of compact JSON (lines as read, values encoded)."""
        for index in range(len(self._starts)):
            yield self.line_bytes(index)
        encode = compact_encoder()
        for value in self._values:
            yield value if type(value) is Line else encode(value)

    def same_text(self, other: JsonLines) -> bool:
        """Return whether both give the same lines (equal bytes: equal values; fast)."""
        if len(self) != len(other):
            return False
        return all(a == b for a, b in zip(self.encoded(), other.encoded(), strict=True))

    def __eq__(self, other: object) -> bool:
        return equal_as_lists(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"JsonLines({len(self._starts)} lines, {len(self._values)} values)"


def equal_as_lists(items: Sequence[Any], other: object) -> Any:
    """Return ``items == other`` as for lists (NotImplemented when ``other`` is no list)."""
    if isinstance(other, Sequence) and not isinstance(other, str | bytes):
        return len(items) == len(other) and all(a == b for a, b in zip(items, other, strict=True))
    return NotImplemented


def _value(value: Any) -> Any:
    """Return a value as it is, or a Line's value (ours: it reads)."""
    return _parsed(value, 0) if type(value) is Line else value


def _parsed(line: bytes, number: int) -> Any:
    """Return the JSON value of one line, or Unreadable (never raise)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        return Unreadable(number, error)
    try:
        return loads_strict_json(text)
    except StrictJsonError as error:
        return Unreadable(number, error)


def compact_encoder() -> Any:
    """Return a function that encodes one JSON value as compact UTF-8 (no NaN: ValueError)."""
    encoder = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C encoder
        return lambda value: encoder.encode(value).encode("utf-8")
    fast = make(None, _refuse, json.encoder.encode_basestring, None, ":", ",", False, False, False)
    return lambda value: "".join(fast(value, 0)).encode("utf-8")


def _refuse(value: Any) -> Any:
    if isinstance(value, JsonLines):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


class LineCache:
    """A growing list's items as last encoded: the same items (by identity) keep their lines.

    ``encode_item`` makes an item's JSON value (``Command.to_dict``, an event's data).
    """

    def __init__(self, encode_item: Callable[[Any], Any]) -> None:
        self._encode_item = encode_item
        self._items: list[Any] = []
        self._lines: list[Line] = []

    def prime(self, items: Sequence[Any], lines: Sequence[Line]) -> None:
        """Take ``lines`` as the encoded ``items`` (one each: a record as a save held it)."""
        if len(items) != len(lines):
            raise ValueError(f"{len(items)} items but {len(lines)} lines")
        self._items, self._lines = list(items), list(lines)

    def lines(self, items: Sequence[Any]) -> list[Line]:
        """Return a Line for each of ``items``, encoding only those not seen last time."""
        same = 0
        for old, new in zip(self._items, items, strict=False):
            if old is not new:
                break
            same += 1
        encode = compact_encoder()
        fresh = [Line(encode(self._encode_item(item))) for item in items[same:]]
        self._items = list(items)
        self._lines = self._lines[:same] + fresh
        return list(self._lines)


# ---------------------------------------------------------------------- writing
def parts_of(document: dict[str, Any]) -> list[tuple[tuple[str, ...], JsonLines]]:
    """Return where ``document`` holds a JsonLines (through objects only) and each one."""
    found: list[tuple[tuple[str, ...], JsonLines]] = []
    stack: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), document)]
    while stack:
        at, holder = stack.pop()
        for key, value in holder.items():
            if isinstance(value, JsonLines):
                found.append(((*at, key), value))
            elif isinstance(value, dict) and len(at) + 1 < MAX_AT:
                stack.append(((*at, key), value))
    return sorted(found, key=lambda part: part[0])


def lines_bytes(document: dict[str, Any]) -> bytes:
    """Return ``document`` in the lines layout: its head, then every part's items."""
    parts = parts_of(document)
    body = b"".join(line + b"\n" for _, lines in parts for line in lines.encoded())
    head = _without_parts(document, [at for at, _ in parts])
    head["version"] = LINES_VERSION
    head["lines"] = {
        "parts": [{"at": list(at), "count": len(lines)} for at, lines in parts],
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    return compact_encoder()(head) + b"\n" + body


def _without_parts(document: dict[str, Any], paths: list[tuple[str, ...]]) -> dict[str, Any]:
    """Return a copy of ``document`` with PLACEHOLDER at ``paths`` (the rest shared)."""
    head = dict(document)
    for at in paths:
        holder = head
        for key in at[:-1]:
            holder[key] = dict(holder[key])
            holder = holder[key]
        holder[at[-1]] = PLACEHOLDER
    return head


def one_document(document: dict[str, Any]) -> bytes:
    """Return ``document`` as one compact JSON document (parts as plain lists)."""
    return compact_encoder()(document)


# ---------------------------------------------------------------------- reading
class LinesError(ValueError):
    """A save in lines whose layout is wrong: ``key`` names the problem's text, ``where``."""

    def __init__(self, key: str, where: str = "$.lines", **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.where = where
        self.values = values


def head_line(raw: bytes) -> bytes | None:
    """Return the first line of a file (the head of a save in lines), or None: one line only."""
    end = raw.find(b"\n")
    return None if end < 0 else raw[:end]


def placed_parts(head: dict[str, Any], raw: bytes) -> dict[str, Any]:
    """Return the head with a JsonLines over ``raw``'s lines at each part; raise LinesError."""
    table = head.pop("lines", None)
    if not isinstance(table, dict) or set(table) != {"parts", "sha256"}:
        raise LinesError("lines_table")
    parts = table["parts"]
    if not isinstance(parts, list) or len(parts) > MAX_PARTS:
        raise LinesError("lines_table", "$.lines.parts")
    body_start = raw.find(b"\n") + 1
    if hashlib.sha256(memoryview(raw)[body_start:]).hexdigest() != table["sha256"]:
        raise LinesError("lines_damaged")
    ends = np.flatnonzero(np.frombuffer(raw, np.uint8) == _NEWLINE)[1:].astype(np.int64)
    if not raw.endswith(b"\n"):
        raise LinesError("lines_damaged")
    starts = np.concatenate(([body_start], ends[:-1] + 1)).astype(np.int64)[: len(ends)]
    total = 0
    for index, part in enumerate(parts):
        where = f"$.lines.parts[{index}]"
        at, count = _part_of(part, where)
        holder = _holder(head, at, where)
        lines = JsonLines.of_lines(
            raw, starts[total : total + count], ends[total : total + count], total + 2
        )
        if len(lines) != count:
            raise LinesError("lines_count", where, count=count)
        holder[at[-1]] = lines
        total += count
    if total != len(ends):
        raise LinesError("lines_count", "$.lines.parts", count=total)
    return head


def _part_of(part: Any, where: str) -> tuple[list[str], int]:
    ok = isinstance(part, dict) and set(part) == {"at", "count"}
    at = part.get("at") if ok else None
    ok = ok and isinstance(at, list) and 0 < len(at) <= MAX_AT
    ok = ok and all(isinstance(key, str) for key in at)  # type: ignore[union-attr]
    count = part.get("count") if ok else None
    if not ok or type(count) is not int or count < 0:
        raise LinesError("lines_table", where)
    return at, count  # type: ignore[return-value]


def _holder(head: dict[str, Any], at: list[str], where: str) -> dict[str, Any]:
    """Return the object in ``head`` whose key ``at[-1]`` holds the placeholder."""
    holder: Any = head
    for key in at[:-1]:
        holder = holder.get(key) if isinstance(holder, dict) else None
    if not isinstance(holder, dict) or holder.get(at[-1]) != PLACEHOLDER:
        raise LinesError("lines_place", where, at=".".join(at))
    return holder


__all__ = [
    "LINES_VERSION",
    "PLACEHOLDER",
    "JsonLines",
    "Line",
    "LineCache",
    "LinesError",
    "Unreadable",
    "compact_encoder",
    "equal_as_lists",
    "head_line",
    "lines_bytes",
    "one_document",
    "parts_of",
    "placed_parts",
]
