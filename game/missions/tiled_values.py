"""Values of a Tiled file: attributes and JSON members as numbers and strings, properties.

Each conversion records a problem at the value's place and raises ``Unusable`` when
the part of the map it belongs to cannot be read on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypeVar

from game.match.problems import describe
from game.missions.json_reading import JsonChecker
from game.missions.loader_texts import mission_say
from game.missions.tiled_model import MAX_COORDINATE, Problems, Unusable, Where
from game.missions.tiled_xml import Node, WhereOf

T = TypeVar("T")


def int_text(
    problems: Problems, where: Where, name: str, text: str | None, low: int, high: int
) -> int:
    if text is None:
        problems.add(where, mission_say("missing_attribute", name=name))
        raise Unusable
    try:
        value = int(text.strip())
    except ValueError:
        problems.add(where, mission_say("attribute_not_whole", name=name, text=text[:40]))
        raise Unusable from None
    if not low <= value <= high:
        message = mission_say("attribute_range", name=name, value=value, low=low, high=high)
        problems.add(where, message)
        raise Unusable
    return value


def opt_int_text(
    problems: Problems, where: Where, name: str, text: str | None, high: int, default: int = 0
) -> int:
    """Return an optional whole-number attribute from 0 to ``high`` (``default`` if absent)."""
    if text is None:
        return default
    return int_text(problems, where, name, text, 0, high)


def float_text(problems: Problems, where: Where, name: str, text: str | None) -> float:
    if text is None:
        return 0.0
    try:
        value = float(text.strip())
    except ValueError:
        problems.add(where, mission_say("attribute_not_number", name=name, text=text[:40]))
        raise Unusable from None
    if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
        problems.add(where, mission_say("attribute_not_finite", name=name, text=text[:40]))
        raise Unusable
    return value


def usable(value: T | None) -> T:
    """Return a checked value; a failed check (already reported) makes the part unusable."""
    if value is None:
        raise Unusable
    return value


def _json(problems: Problems, where: Where) -> tuple[JsonChecker, str]:
    """Return a checker reporting into ``problems`` for where's file, and where's JSON path."""
    return JsonChecker(where.path, problems), where.key or ""


def json_int(problems: Problems, where: Where, value: object, low: int, high: int) -> int:
    check, key = _json(problems, where)
    return usable(check.integer(value, key, low=low, high=high))


def opt_json_int(
    problems: Problems, where: Where, value: object, high: int, default: int = 0
) -> int:
    """Return an optional whole number from 0 to ``high`` (``default`` if absent)."""
    if value is None:
        return default
    return json_int(problems, where, value, 0, high)


def json_float(problems: Problems, where: Where, value: object) -> float:
    if value is None:  # Tiled leaves out coordinates and sizes that are 0
        return 0.0
    check, key = _json(problems, where)
    return usable(check.number(value, key, low=-MAX_COORDINATE, high=MAX_COORDINATE))


def json_str(problems: Problems, where: Where, value: object) -> str:
    if value is None:
        return ""
    check, key = _json(problems, where)
    return usable(check.string(value, key))


def json_obj(problems: Problems, where: Where, value: object) -> dict[str, object]:
    check, key = _json(problems, where)
    return usable(check.obj(value, key))


def json_top(
    problems: Problems, where: Where, value: object, template: str = "not_a_json_mission"
) -> dict[str, object]:
    """Return a file's top level if it is a JSON object; else say the file is none."""
    check, _ = _json(problems, where)
    return usable(check.top(value, template))


def json_list(problems: Problems, where: Where, value: object) -> list[object]:
    if value is None:
        return []
    check, key = _json(problems, where)
    return usable(check.array(value, key))


def json_where(where: Where, suffix: str) -> Where:
    joiner = "" if suffix.startswith("[") else "."
    key = f"{where.key}{joiner}{suffix}" if where.key else suffix.lstrip(".")
    return Where(where.path, key)


# ------------------------------------------------------------------------ properties
def xml_properties(problems: Problems, node: Node, where_of: WhereOf) -> dict[str, object]:
    result: dict[str, object] = {}
    for holder in node.find_all("properties"):
        for prop in holder.find_all("property"):
            where = where_of(prop)
            name = prop.attrs.get("name")
            if name is None:
                problems.add(where, mission_say("property_without_name"))
                continue
            kind = prop.attrs.get("type", "string")
            raw = prop.attrs.get("value")
            if raw is None:
                raw = prop.text
            if kind == "class" or prop.find("properties") is not None:
                result[name] = ClassValue()
                continue
            try:
                result[name] = _typed_property(kind, raw)
            except ValueError:
                message = mission_say("property_bad_value", name=name, kind=kind, raw=raw[:40])
                problems.add(where, message)
    return result


def _typed_property(kind: str, raw: str) -> object:
    if kind == "bool":
        if raw not in ("true", "false"):
            raise ValueError(raw)
        return raw == "true"
    if kind in ("int", "object"):
        return int(raw)
    if kind == "float":
        value = float(raw)
        if not math.isfinite(value):
            raise ValueError(raw)
        return value
    return raw


class ClassValue:
    """A property of a custom class type: never one of ours."""

    def __repr__(self) -> str:
        return "a class value"


def json_properties(problems: Problems, where: Where, value: object) -> dict[str, object]:
    result: dict[str, object] = {}
    if value is None:
        return result
    if isinstance(value, dict):  # Tiled before 1.2 wrote a plain object
        for name, item in value.items():
            result[str(name)] = item
        return result
    items = json_list(problems, where, value)
    for i, raw in enumerate(items):
        item_where = json_where(where, f"[{i}]")
        try:
            prop = json_obj(problems, item_where, raw)
            name = json_str(problems, item_where, prop.get("name"))
        except Unusable:
            continue
        item = prop.get("value")
        if prop.get("type") == "class" or isinstance(item, dict | list):
            result[name] = ClassValue()
        else:
            result[name] = item
    return result


def prop_text(
    problems: Problems, where: Where, props: Mapping[str, object], name: str
) -> str | None:
    """Return a string property, None if absent; record a problem if it is no string."""
    if name not in props:
        return None
    value = props[name]
    if isinstance(value, str):
        return value.strip()
    shown = repr(value) if isinstance(value, ClassValue) else describe(value, json=True)
    problems.add(where, mission_say("property_not_string", name=name, shown=shown))
    return None


def check_orientation(problems: Problems, where: Where, orientation: object) -> None:
    if orientation not in (None, "orthogonal"):
        problems.add(
            where,
            mission_say("orientation", found=str(orientation)[:30]),
        )
        raise Unusable


def check_infinite(problems: Problems, where: Where, infinite: object) -> None:
    if infinite in ("1", 1, True):
        problems.add(
            where,
            mission_say("infinite_map"),
        )
        raise Unusable
