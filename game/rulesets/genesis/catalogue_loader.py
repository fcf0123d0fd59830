"""Loading the Genesis catalogue: catalogue.toml shipped in the package (or a given text or
file), every table and entry read and the references between them checked, all problems
at once.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, TypeVar

from game.match.datafiles import read_bounded
from game.match.problems import MissionError, capped, described, problem_of, suggested
from game.match.tomlcheck import MAX_TEXT_CHARS, ProblemSink, TableReader, locate_keys, parse_toml
from game.rulesets.genesis.catalogue import (
    ArmorSlot,
    GenesisArmour,
    GenesisCatalogue,
    GenesisFighter,
    GenesisWeapon,
    WeaponKind,
)
from game.rulesets.genesis.catalogue_readers import read_armour, read_fighter, read_weapon
from game.rulesets.genesis.catalogue_texts import genesis_say

__all__ = [
    "CATALOGUE_FILE",
    "DATA_LABEL",
    "DATA_PACKAGE",
    "MAX_CATALOGUE_BYTES",
    "check_gear",
    "load_catalogue",
    "load_catalogue_file",
    "load_catalogue_from",
]

CATALOGUE_FILE: Final = "catalogue.toml"
#: Where the file lives in the package, and how messages name it.
DATA_PACKAGE: Final = "game.rulesets.genesis.data"
DATA_LABEL: Final = "game/rulesets/genesis/data"
#: The largest catalogue file read (bytes); a larger one is refused unread.
MAX_CATALOGUE_BYTES: Final = MAX_TEXT_CHARS

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
#: The top-level tables of the file, each a section of entries with free keys.
_SECTIONS: Final = ("weapons", "armour", "fighters")

T = TypeVar("T")


@functools.cache
def load_catalogue() -> GenesisCatalogue:
    """Return the catalogue shipped in the package, checked, loaded once per process.

    Raises MissionError listing every problem of the data file.
    """
    path = f"{DATA_LABEL}/{CATALOGUE_FILE}"
    resource = importlib.resources.files(DATA_PACKAGE).joinpath(CATALOGUE_FILE)
    try:
        with importlib.resources.as_file(resource) as real:
            raw = read_bounded(real, MAX_CATALOGUE_BYTES)
    except OSError as exc:
        raise MissionError([_unreadable(path, exc)]) from None
    return _from_bytes(raw, path)


def load_catalogue_file(path: Path | str, *, label: str | None = None) -> GenesisCatalogue:
    """Return the catalogue in the TOML file ``path`` (messages name ``label``, else the path).

    Read bounded (``MAX_CATALOGUE_BYTES``, regular files only); raises MissionError
    listing every problem, an unreadable file included.
    """
    shown = str(path) if label is None else label
    try:
        raw = read_bounded(path, MAX_CATALOGUE_BYTES)
    except OSError as exc:
        raise MissionError([_unreadable(shown, exc)]) from None
    return _from_bytes(raw, shown)


def _unreadable(path: str, exc: OSError) -> Any:
    detail = exc.strerror or exc
    return problem_of(path, genesis_say("cannot_read_catalogue", detail=detail))


def _from_bytes(raw: bytes, path: str) -> GenesisCatalogue:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = genesis_say("catalogue_not_utf8", index=exc.start)
        raise MissionError([problem_of(path, message)]) from None
    return load_catalogue_from(text, path=path)


def load_catalogue_from(
    text: str, *, path: str = f"{DATA_LABEL}/{CATALOGUE_FILE}"
) -> GenesisCatalogue:
    """Return the catalogue read from TOML ``text`` (messages name ``path``).

    Raises MissionError with every problem: syntax (with line and column), types,
    ranges, unknown or missing keys, duplicate keys and names, weapons or armour a
    fighter names that do not exist, two armour pieces in one slot.
    """
    data, problems = parse_toml(text, path)
    if data is None:
        raise MissionError(problems)
    sink = ProblemSink(path, locate_keys(text).keys, problems)
    top = TableReader(data, "", sink)
    weapons = _entries(top, "weapons", read_weapon)
    armour = _entries(top, "armour", read_armour)
    fighters = _entries(top, "fighters", read_fighter)
    top.finish()
    _check_unique_keys({"weapons": weapons, "armour": armour}, sink)
    _check_names({"weapons": weapons, "armour": armour, "fighters": fighters}, sink)
    broken = _broken(data, ("weapons", "armour"), {**weapons, **armour})
    for key, fighter in fighters.items():
        for where, message in check_gear(weapons, armour, fighter, broken=broken):
            sink.error(f"fighters.{key}.{where}", message)
    errors = [p for p in problems if not p.warning]
    if errors:
        raise MissionError(capped(errors))
    return GenesisCatalogue(
        weapons=MappingProxyType(weapons),
        armour=MappingProxyType(armour),
        fighters=MappingProxyType(fighters),
    )


def _entries(
    top: TableReader, name: str, read: Callable[[str, TableReader], T | None]
) -> dict[str, T]:
    """Read a section of entries with free snake_case keys."""
    section = top.subtable(name, required=True, expected=genesis_say("one_table", section=name))
    if section is None:
        return {}
    entries: dict[str, T] = {}
    for key, value in section.table.items():
        section.known.append(key)
        if not _KEY.match(key):
            section.error(key, genesis_say("bad_entry_id", key=key))
            continue
        if not isinstance(value, dict):
            found = described(value)
            section.error(key, genesis_say("entry_not_table", section=name, key=key, found=found))
            continue
        reader = TableReader(value, f"{name}.{key}", section.sink)
        entry = read(key, reader)
        reader.finish()
        if entry is not None and not reader.failed:
            entries[key] = entry
    return entries


def _broken(
    data: Mapping[str, Any], sections: tuple[str, ...], read: Mapping[str, Any]
) -> frozenset[str]:
    """Return the entry keys of ``sections`` that are in the file but failed to read (their
    own problems are reported; a fighter naming one is not told it names nothing)."""
    keys: set[str] = set()
    for name in sections:
        section = data.get(name)
        if isinstance(section, dict):
            keys.update(k for k in section if k not in read)
    return frozenset(keys)


def _check_unique_keys(gear: Mapping[str, Mapping[str, Any]], sink: ProblemSink) -> None:
    """Record a key that weapons and armour share (a mission's equipment names it ambiguously)."""
    owners: dict[str, str] = {}
    for section, entries in gear.items():
        for key in entries:
            if key in owners:
                message = genesis_say("key_not_unique", key=key, owner=owners[key])
                sink.error(f"{section}.{key}", message)
            owners.setdefault(key, section)


def _check_names(sections: Mapping[str, Mapping[str, Any]], sink: ProblemSink) -> None:
    """Record an entry whose German name another entry of its section has."""
    for section, entries in sections.items():
        seen: dict[str, str] = {}
        for key, entry in entries.items():
            name = entry.name.casefold()
            if name in seen:
                message = genesis_say(
                    "name_twice", name=entry.name, section=section, other=seen[name]
                )
                sink.error(f"{section}.{key}.name", message)
            seen.setdefault(name, key)


def check_gear(
    weapons: Mapping[str, GenesisWeapon],
    armour: Mapping[str, GenesisArmour],
    fighter: GenesisFighter,
    *,
    broken: frozenset[str] = frozenset(),
) -> list[tuple[str, dict[str, str]]]:
    """Return (key below the fighter, texts) for what its weapons and armour lists get wrong:
    keys that name no weapon or armour piece, two pieces in one slot (G-ARMOR-SLOTS), no
    weapon at all, a shooter without a missile weapon. Empty: the gear is fine.

    ``broken``: keys of entries that are there but failed to read (not reported again;
    the checks that need them are left out)."""
    problems: list[tuple[str, dict[str, str]]] = []
    if not fighter.weapons:
        problems.append(("weapons", genesis_say("weapons_needed")))
    if broken.intersection(fighter.weapons) or broken.intersection(fighter.armour):
        return problems
    for index, item in enumerate(fighter.weapons):
        if item not in weapons:
            hint = suggested(item, weapons)
            problems.append(
                (f"weapons[{index}]", genesis_say("unknown_weapon", item=item, hint=hint))
            )
    slots: dict[ArmorSlot, str] = {}
    for index, item in enumerate(fighter.armour):
        piece = armour.get(item)
        if piece is None:
            hint = suggested(item, armour)
            problems.append(
                (f"armour[{index}]", genesis_say("unknown_armour", item=item, hint=hint))
            )
            continue
        first = slots.setdefault(piece.slot, item)
        if first != item:
            message = genesis_say("slot_twice", slot=piece.slot.value, first=first, second=item)
            problems.append((f"armour[{index}]", message))
    if fighter.shooter and fighter.weapons and not problems:
        kinds = {weapons[k].kind for k in fighter.weapons}
        if WeaponKind.MISSILE not in kinds:
            problems.append(("shooter", genesis_say("shooter_without_missile")))
    return problems
