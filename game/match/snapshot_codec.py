"""Plain JSON for a game's snapshot: tuples and int-keyed dicts kept, depth and kinds bounded.

A snapshot (``game.match.snapshot_load``) is data in a save, never code. ``encode`` turns
the plain values a game holds (None, bool, int, finite float, str, list, tuple, dict)
into JSON values: a tuple becomes ``{"~t": [...]}``, a dict whose keys are ints becomes
``{"~d": [[key, value], ...]}``. Anything else is refused (``Unencodable``): the game then
writes no snapshot and a load replays its record. ``decode`` undoes this and refuses what
``encode`` never writes, with ``SnapshotError`` naming the JSON path.
"""

from __future__ import annotations

import base64
import binascii
import math
from typing import Any

import numpy as np
import numpy.typing as npt

#: JSON nesting deeper than this is not a snapshot a game writes (a save stays far below
#: the reader's limit of 64 levels).
MAX_DEPTH = 40
_TUPLE, _INT_DICT = "~t", "~d"


class Unencodable(Exception):
    """A value that plain JSON cannot hold without loss: no snapshot is written."""


class SnapshotError(ValueError):
    """A snapshot that cannot be used: ``where`` is its JSON path, ``reason`` what is wrong."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


def expect(condition: bool, where: str, reason: str) -> None:
    """Raise SnapshotError at ``where`` unless ``condition`` holds."""
    if not condition:
        raise SnapshotError(where, reason)


def encode(value: Any, depth: int = 0) -> Any:
    """Return ``value`` as JSON values; raise Unencodable for anything else."""
    if depth > MAX_DEPTH:
        raise Unencodable("nested too deeply")
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        if not math.isfinite(value):
            raise Unencodable("a float that is not finite")
        return value
    if kind is list:
        return [encode(item, depth + 1) for item in value]
    if kind is tuple:
        return {_TUPLE: [encode(item, depth + 2) for item in value]}
    if kind is dict:
        if all(type(key) is str for key in value) and not {_TUPLE, _INT_DICT} & set(value):
            return {key: encode(item, depth + 1) for key, item in value.items()}
        if all(type(key) is int for key in value):
            return {_INT_DICT: [[key, encode(item, depth + 3)] for key, item in value.items()]}
    raise Unencodable(f"a value of type {kind.__name__}")


class _Refused(Exception):
    """The fast decoding met something to refuse: the checked one names where."""


def decode(value: Any, where: str = "$", depth: int = 0) -> Any:
    """Return the value ``encode`` wrote as ``value``; raise SnapshotError otherwise."""
    try:
        return _decode_fast(value, depth)
    except _Refused:
        return _decode(value, where, depth)  # raises, naming the JSON path


def _decode_fast(value: Any, depth: int) -> Any:
    """Return what ``_decode`` returns, without building paths; raise _Refused instead."""
    if depth > MAX_DEPTH:
        raise _Refused
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is list:
        return [_decode_fast(item, depth + 1) for item in value]
    if kind is dict:
        if _TUPLE in value or _INT_DICT in value:
            items = value.get(_TUPLE)
            if len(value) != 1 or type(items) is not list:
                raise _Refused  # an int-keyed dict (rare) or a bad tag: the checked path
            return tuple([_decode_fast(item, depth + 2) for item in items])
        return {key: _decode_fast(item, depth + 1) for key, item in value.items()}
    if kind is float and math.isfinite(value):
        return value
    raise _Refused


def _decode(value: Any, where: str, depth: int) -> Any:
    expect(depth <= MAX_DEPTH, where, f"nested deeper than {MAX_DEPTH} levels")
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        expect(math.isfinite(value), where, "expected a finite number")
        return value
    if kind is list:
        return [_decode(item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value)]
    expect(kind is dict, where, f"expected a JSON value, found {kind.__name__}")
    if set(value) == {_TUPLE}:
        items = value[_TUPLE]
        expect(type(items) is list, f"{where}.{_TUPLE}", "expected a list")
        return tuple(_decode(item, f"{where}[{i}]", depth + 2) for i, item in enumerate(items))
    if set(value) == {_INT_DICT}:
        return _int_dict(value[_INT_DICT], f"{where}.{_INT_DICT}", depth)
    expect(not {_TUPLE, _INT_DICT} & set(value), where, "a tag beside other keys")
    return {key: _decode(item, f"{where}.{key}", depth + 1) for key, item in value.items()}


def _int_dict(pairs: Any, where: str, depth: int) -> dict[int, Any]:
    expect(type(pairs) is list, where, "expected a list of [key, value] pairs")
    found: dict[int, Any] = {}
    for index, pair in enumerate(pairs):
        here = f"{where}[{index}]"
        expect(type(pair) is list and len(pair) == 2, here, "expected a [key, value] pair")
        expect(type(pair[0]) is int, here, "expected an integer key")
        found[pair[0]] = _decode(pair[1], here, depth + 3)
    return found


def array_data(array: npt.NDArray[Any]) -> dict[str, Any]:
    """Return a numpy array as JSON: its dtype, shape and bytes (base64)."""
    raw = np.ascontiguousarray(array).tobytes()
    return {"dtype": array.dtype.str, "shape": list(array.shape), "bytes": _b64(raw)}


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def array_of(data: Any, like: npt.NDArray[Any], where: str) -> npt.NDArray[Any]:
    """Return the array ``array_data`` wrote, which must have ``like``'s dtype and shape."""
    expect(
        type(data) is dict and set(data) == {"dtype", "shape", "bytes"}, where, "expected an array"
    )
    expect(data["dtype"] == like.dtype.str, f"{where}.dtype", f"expected {like.dtype.str!r}")
    expect(data["shape"] == list(like.shape), f"{where}.shape", f"expected {list(like.shape)}")
    text = data["bytes"]
    expect(
        type(text) is str and len(text) <= 4 * like.nbytes // 3 + 8, f"{where}.bytes", "too long"
    )
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise SnapshotError(f"{where}.bytes", "expected base64") from None
    expect(len(raw) == like.nbytes, f"{where}.bytes", f"expected {like.nbytes} bytes")
    array = np.frombuffer(raw, dtype=like.dtype).reshape(like.shape).copy()
    if like.dtype == np.bool_:
        expect(set(raw) <= {0, 1}, f"{where}.bytes", "expected only 0 and 1 in a bool array")
    return array
