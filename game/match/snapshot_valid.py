"""Whether ``snapshot_codec.decode`` would accept a JSON value, without decoding it.

A log decoded on demand (``game.match.lazy_log``) must refuse at load what a decode would
refuse later: ``decodable`` walks the value as ``decode`` does (depth, tags, finite
numbers) and builds nothing, so it costs a fraction of the decode.
"""

from __future__ import annotations

import math
from typing import Any

from game.match.snapshot_codec import MAX_DEPTH

_TUPLE, _INT_DICT = "~t", "~d"


def decodable(value: Any, depth: int = 0) -> bool:
    """Return whether ``decode(value, where, depth)`` returns instead of raising."""
    if depth > MAX_DEPTH:
        return False
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if kind is list:
        return _all_decodable(value, depth + 1)
    if kind is dict:
        if _TUPLE in value or _INT_DICT in value:
            return _tagged(value, depth)
        return _all_decodable(value.values(), depth + 1)
    return kind is float and math.isfinite(value)


def _all_decodable(items: Any, depth: int) -> bool:
    """Return whether every one of ``items`` (each at ``depth``) is decodable."""
    for item in items:
        kind = type(item)
        if kind is str or kind is int or kind is bool or item is None:
            if depth > MAX_DEPTH:
                return False
        elif not decodable(item, depth):
            return False
    return True


def _tagged(value: dict[str, Any], depth: int) -> bool:
    """Return whether a tagged dict (a tuple or an int-keyed dict) is decodable."""
    if len(value) != 1:
        return False
    if _TUPLE in value:
        items = value[_TUPLE]
        return type(items) is list and _all_decodable(items, depth + 2)
    pairs = value[_INT_DICT]
    if type(pairs) is not list:
        return False
    for pair in pairs:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int:
            return False
        if not decodable(pair[1], depth + 3):
            return False
    return True


__all__ = ["decodable"]
