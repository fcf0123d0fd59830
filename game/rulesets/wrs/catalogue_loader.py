"""Loading the WRS catalogue: catalogue.toml shipped in the package (or a given text),
every table and entry read and the references between them checked, all problems at once.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Final, TypeVar

from game.match.datafiles import read_bounded
from game.match.problems import MissionError, capped, described, problem_of, suggested
from game.match.tomlcheck import MAX_TEXT_CHARS, ProblemSink, TableReader, locate_keys, parse_toml
from game.rulesets.wrs.catalogue import BOOK_FIRE_MODES, ArmourPiece, Fighter, WrsCatalogue
from game.rulesets.wrs.catalogue_readers import (
    read_armour,
    read_armour_kind,
    read_armour_row,
    read_category,
    read_fighter,
    read_fire_mode,
    read_life_points,
    read_shield,
    read_shield_bonus,
    read_weapon,
    row_key,
)
from game.rulesets.wrs.catalogue_texts import wrs_say
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    BodyPart,
    FireMode,
    ShieldCategory,
    WeaponCategory,
)
from game.rulesets.wrs.rules.wounds import LifePoints

__all__ = ["CATALOGUE_FILE", "DATA_LABEL", "DATA_PACKAGE", "load_catalogue", "load_catalogue_from"]

CATALOGUE_FILE: Final = "catalogue.toml"
#: Where the file lives in the package, and how messages name it.
DATA_PACKAGE: Final = "game.rulesets.wrs.data"
DATA_LABEL: Final = "game/rulesets/wrs/data"
#: The largest catalogue file read (bytes); a larger one is refused unread.
MAX_CATALOGUE_BYTES: Final = MAX_TEXT_CHARS

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
#: The sections of entries whose keys a fighter's equipment names (unique across them).
_GEAR: Final = ("weapons", "shields", "armour")

E = TypeVar("E", bound=Enum)
T = TypeVar("T")


@functools.cache
def load_catalogue() -> WrsCatalogue:
    """Return the catalogue shipped in the package, checked, loaded once per process.

    Raises MissionError listing every problem of the data file.
    """
    path = f"{DATA_LABEL}/{CATALOGUE_FILE}"
    resource = importlib.resources.files(DATA_PACKAGE).joinpath(CATALOGUE_FILE)
    try:
        with importlib.resources.as_file(resource) as real:
            raw = read_bounded(real, MAX_CATALOGUE_BYTES)
    except OSError as exc:
        detail = exc.strerror or exc
        message = wrs_say("cannot_read_catalogue", detail=detail)
        raise MissionError([problem_of(path, message)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = wrs_say("catalogue_not_utf8", index=exc.start)
        raise MissionError([problem_of(path, message)]) from None
    return load_catalogue_from(text)


def load_catalogue_from(text: str, *, path: str = f"{DATA_LABEL}/{CATALOGUE_FILE}") -> WrsCatalogue:
    """Return the catalogue read from TOML ``text`` (messages name ``path``).

    Raises MissionError with every problem: syntax (with line and column), types,
    ranges, unknown or missing keys and rows, duplicate keys and names, references to
    equipment or skills that do not exist.
    """
    data, problems = parse_toml(text, path)
    if data is None:
        raise MissionError(problems)
    sink = ProblemSink(path, locate_keys(text).keys, problems)
    top = TableReader(data, "", sink)
    categories = _rows(top, "weapon_categories", tuple(WeaponCategory), read_category)
    shields = _rows(top, "shield_categories", tuple(ShieldCategory), read_shield_bonus)
    fire_modes: dict[FireMode, Any] = _rows(top, "fire_modes", BOOK_FIRE_MODES, read_fire_mode)
    table = _rows(top, "armour_table", tuple(BodyPart), read_armour_row)
    kinds = _rows(top, "armour_kinds", tuple(ArmourKind), read_armour_kind)
    life = _life_points(top)
    gear = {name: _entries(top, name, reader) for name, reader in _GEAR_READERS.items()}
    fighters = _entries(top, "fighters", read_fighter)
    top.finish()
    _check_gear(gear, sink)
    _check_names({**gear, "fighters": fighters}, sink)
    _check_fighters(fighters, gear, sink)
    errors = [p for p in problems if not p.warning]
    if errors or life is None:
        raise MissionError(capped(errors or problems))
    return WrsCatalogue(
        categories=MappingProxyType(categories),
        shield_bonuses=MappingProxyType(shields),
        fire_modes=MappingProxyType(fire_modes),
        armour_table=MappingProxyType(table),
        armour_kinds=MappingProxyType(kinds),
        life_points_example=life,
        weapons=MappingProxyType(gear["weapons"]),
        shields=MappingProxyType(gear["shields"]),
        armour=MappingProxyType(gear["armour"]),
        fighters=MappingProxyType(fighters),
        warnings=tuple(p for p in problems if p.warning),
    )


_GEAR_READERS: Final[Mapping[str, Callable[[str, TableReader], Any]]] = {
    "weapons": read_weapon,
    "shields": read_shield,
    "armour": read_armour,
}


def _section(top: TableReader, name: str) -> TableReader | None:
    return top.subtable(name, required=True, expected=wrs_say("one_table", section=name))


def _rows(
    top: TableReader, name: str, rows_of: tuple[E, ...], read: Callable[[E, TableReader], T | None]
) -> dict[E, T]:
    """Read a seed table whose rows are exactly ``rows_of`` (keys: ``row_key``)."""
    section = _section(top, name)
    if section is None:
        return {}
    members = {row_key(member): member for member in rows_of}
    rows: dict[E, T] = {}
    for key, value in section.table.items():
        section.known.append(key)
        member = members.get(key)
        if member is None:
            hint = suggested(key, members)
            allowed = ", ".join(members)
            message = wrs_say("unknown_row", key=key, section=name, hint=hint, allowed=allowed)
            section.error(key, message)
            continue
        entry = _entry(section, name, key, value, functools.partial(read, member))
        if entry is not None:
            rows[member] = entry
    for key in members:
        if key not in section.table:
            section.error(None, wrs_say("missing_row", section=name, key=key))
    return rows


def _entries(
    top: TableReader, name: str, read: Callable[[str, TableReader], T | None]
) -> dict[str, T]:
    """Read a section of entries with free snake_case keys."""
    section = _section(top, name)
    if section is None:
        return {}
    entries: dict[str, T] = {}
    for key, value in section.table.items():
        section.known.append(key)
        if not _KEY.match(key):
            section.error(key, wrs_say("bad_entry_id", key=key))
            continue
        entry = _entry(section, name, key, value, functools.partial(read, key))
        if entry is not None:
            entries[key] = entry
    return entries


def _entry(
    section: TableReader, name: str, key: str, value: Any, read: Callable[[TableReader], T | None]
) -> T | None:
    if not isinstance(value, dict):
        found = described(value)
        section.error(key, wrs_say("entry_not_table", section=name, key=key, found=found))
        return None
    reader = TableReader(value, f"{name}.{key}", section.sink)
    entry = read(reader)
    reader.finish()
    return None if reader.failed else entry


def _life_points(top: TableReader) -> LifePoints | None:
    section = top.subtable("life_points_example", required=True)
    if section is None:
        return None
    life = read_life_points(section)
    section.finish()
    return None if section.failed else life


def _check_gear(gear: Mapping[str, Mapping[str, Any]], sink: ProblemSink) -> None:
    """Record a key that two gear sections share (equipment names it ambiguously)."""
    owners: dict[str, str] = {}
    for section, entries in gear.items():
        for key in entries:
            if key in owners:
                sink.error(
                    f"{section}.{key}", wrs_say("key_not_unique", key=key, owner=owners[key])
                )
            owners.setdefault(key, section)


def _check_names(sections: Mapping[str, Mapping[str, Any]], sink: ProblemSink) -> None:
    """Record an entry whose German name another entry of its section has."""
    for section, entries in sections.items():
        seen: dict[str, str] = {}
        for key, entry in entries.items():
            name = entry.name.casefold()
            if name in seen:
                message = wrs_say("name_twice", name=entry.name, section=section, other=seen[name])
                sink.error(f"{section}.{key}.name", message)
            seen.setdefault(name, key)


def _check_fighters(
    fighters: Mapping[str, Fighter], gear: Mapping[str, Mapping[str, Any]], sink: ProblemSink
) -> None:
    """Record equipment keys that name nothing, and body parts two pieces cover."""
    known = [key for entries in gear.values() for key in entries]
    for key, fighter in fighters.items():
        covered: dict[BodyPart, str] = {}
        for index, item in enumerate(fighter.equipment):
            if item not in known:
                hint = suggested(item, known)
                message = wrs_say("unknown_equipment", item=item, hint=hint)
                sink.error(f"fighters.{key}.equipment[{index}]", message)
                continue
            piece = gear["armour"].get(item)
            if isinstance(piece, ArmourPiece):
                _cover(piece, covered, f"fighters.{key}.equipment[{index}]", sink)


def _cover(piece: ArmourPiece, covered: dict[BodyPart, str], where: str, sink: ProblemSink) -> None:
    for part in piece.parts:
        first = covered.setdefault(part, piece.key)
        if first != piece.key:
            message = wrs_say("part_twice", part=part.value, first=first, second=piece.key)
            sink.error(where, message)
