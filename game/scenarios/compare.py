"""Compare a scenario's expected values with a state's values (TOML data with JSON data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def same(expected: Any, actual: Any) -> bool:
    """Return whether a scenario's value equals a state's value (TOML lists are JSON lists)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return expected == actual
    if isinstance(expected, list) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(map(same, expected, actual))
    if isinstance(expected, dict) and isinstance(actual, Mapping):
        return expected.keys() == actual.keys() and all(
            same(v, actual[k]) for k, v in expected.items()
        )
    return type(expected) is type(actual) and expected == actual


def subset(expected: Mapping[str, Any], actual: Any) -> bool:
    """Return whether every field of ``expected`` is in ``actual`` (tables: recursively)."""
    if not isinstance(actual, Mapping):
        return False
    for key, value in expected.items():
        if key not in actual:
            return False
        found = actual[key]
        if isinstance(value, dict) and isinstance(found, Mapping):
            if not subset(value, found):
                return False
        elif not same(value, found):
            return False
    return True


def restricted(data: Mapping[str, Any], expected: Mapping[str, Any]) -> dict[str, Any]:
    """Return the fields of ``data`` an expectation asks about (all of them if none)."""
    if not expected:
        return dict(data)
    return {k: data[k] for k in expected if k in data}


def holds(test: str, expected: Any, actual: Any) -> bool:
    if test == "equals":
        return same(expected, actual)
    if test in ("contains", "lacks"):
        return contains(actual, expected) == (test == "contains")
    if test == "exists":
        return bool(expected)
    number = isinstance(actual, int | float) and not isinstance(actual, bool)
    if test == "at_least":
        return number and actual >= expected
    return number and actual <= expected


def contains(actual: Any, expected: Any) -> bool:
    """Return whether a list holds ``expected`` (a table: an element with those fields),
    an object has the key ``expected`` (or those fields), or a text holds it."""
    if isinstance(actual, list | tuple):
        return any(
            same(expected, element) or (isinstance(expected, dict) and subset(expected, element))
            for element in actual
        )
    if isinstance(actual, Mapping):
        if isinstance(expected, dict):
            return subset(expected, actual)
        return isinstance(expected, str) and expected in actual
    if isinstance(actual, str):
        return isinstance(expected, str) and expected in actual
    return False
