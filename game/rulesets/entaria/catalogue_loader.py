"""Loading the catalogue: the TOML files shipped in the package (or given texts), every
entry read and the references between files checked, all problems at once.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.resources
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

from game.match.problems import MissionError, Problem, described, problem_of, suggested
from game.match.tomlcheck import ProblemSink, TableReader, locate_keys, parse_toml
from game.rulesets.entaria.catalogue import Catalogue, ItemType, WeaponType
from game.rulesets.entaria.catalogue_readers import ENTRY_READERS
from game.rulesets.entaria.loader_texts import entaria_say
from game.rulesets.entaria.rules.optics import Optic, OpticKind, has_scope
from game.rulesets.entaria.rules.terms import ArmorCategory

__all__ = ["CATALOGUE_FILES", "DATA_LABEL", "DATA_PACKAGE", "load_catalogue", "load_catalogue_from"]


#: The catalogue files in load order (creatures refer to weapons, armour and items).
CATALOGUE_FILES: Final = (
    "weapons.toml",
    "armour.toml",
    "items.toml",
    "creatures.toml",
    "terrain.toml",
)
#: Where the files live in the package, and how messages name them.
DATA_PACKAGE: Final = "game.rulesets.entaria.data"
DATA_LABEL: Final = "game/rulesets/entaria/data"

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def _package_texts(names: Iterable[str]) -> tuple[dict[str, str], list[Problem]]:
    texts: dict[str, str] = {}
    problems: list[Problem] = []
    root = importlib.resources.files(DATA_PACKAGE)
    for name in names:
        path = f"{DATA_LABEL}/{name}"
        try:
            raw = root.joinpath(name).read_bytes()
        except OSError as exc:
            message = entaria_say("cannot_read_catalogue", detail=exc.strerror or exc)
            problems.append(problem_of(path, message))
            continue
        try:
            texts[name] = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.append(problem_of(path, entaria_say("catalogue_not_utf8", index=exc.start)))
    return texts, problems


@functools.cache
def load_catalogue() -> Catalogue:
    """Return the catalogue shipped in the package, checked, loaded once per process.

    Raises MissionError listing every problem of the data files.
    """
    texts, problems = _package_texts(CATALOGUE_FILES)
    if problems:
        raise MissionError(problems)
    return load_catalogue_from(texts, fill_from_package=False)


def load_catalogue_from(
    texts: Mapping[str, str], *, fill_from_package: bool = True, label_dir: str = DATA_LABEL
) -> Catalogue:
    """Return the catalogue read from TOML texts by file name ("weapons.toml" or "weapons").

    Files not given are read from the package when ``fill_from_package`` (so a test can
    replace one file); otherwise they count as empty. Raises MissionError with every
    problem: syntax (with line and column), types, ranges, unknown names and keys,
    references to equipment that does not exist.
    """
    problems: list[Problem] = []
    given: dict[str, str] = {}
    for raw_name, text in texts.items():
        name = raw_name if raw_name.endswith(".toml") else f"{raw_name}.toml"
        if name not in CATALOGUE_FILES:
            hint = suggested(name, CATALOGUE_FILES)
            expected = ", ".join(CATALOGUE_FILES)
            message = entaria_say(
                "unknown_catalogue_file", name=raw_name, hint=hint, expected=expected
            )
            problems.append(problem_of(f"{label_dir}/{raw_name}", message))
            continue
        given[name] = text
    missing = [name for name in CATALOGUE_FILES if name not in given]
    if fill_from_package and missing:
        filled, read_problems = _package_texts(missing)
        given.update(filled)
        problems.extend(read_problems)

    entries: dict[str, dict[str, Any]] = {}
    known: dict[str, set[str]] = {}  # keys that exist, even where the entry was broken
    sinks: dict[str, ProblemSink] = {}
    unreadable: set[str] = set()  # files whose entries are unknown: no reference checks
    for name in CATALOGUE_FILES:
        kind = name.removesuffix(".toml")
        entries[kind], known[kind] = {}, set()
        path = f"{label_dir}/{name}"
        source_text = given.get(name)
        if source_text is None:
            continue
        data, syntax = parse_toml(source_text, path)
        problems.extend(syntax)
        if data is None:
            unreadable.add(kind)
            continue
        sink = ProblemSink(path, locate_keys(source_text).keys, problems)
        sinks[kind] = sink
        if not _read_file(kind, data, sink, entries[kind], known[kind]):
            unreadable.add(kind)

    _check_references(entries, known, sinks, unreadable)
    _fit_optics(entries, sinks, unreadable)
    errors = [p for p in problems if not p.warning]
    if errors:
        raise MissionError(errors)
    return Catalogue(
        weapons=MappingProxyType(entries["weapons"]),
        armour=MappingProxyType(entries["armour"]),
        creatures=MappingProxyType(entries["creatures"]),
        items=MappingProxyType(entries["items"]),
        terrain=MappingProxyType(entries["terrain"]),
        warnings=tuple(p for p in problems if p.warning),
    )


def _read_file(
    kind: str, data: Mapping[str, Any], sink: ProblemSink, out: dict[str, Any], known: set[str]
) -> bool:
    """Read the entries of one file into ``out``; return False when its table is missing."""
    top = TableReader(data, "", sink)
    expected = entaria_say("one_table_per_entry", kind=kind)
    table = top.subtable(kind, required=True, expected=expected)
    top.finish()
    if table is None:
        return False
    read = ENTRY_READERS[kind]
    for key, value in table.table.items():
        table.known.append(key)
        known.add(key)
        if not _KEY.match(key):
            table.error(key, entaria_say("bad_entry_id", key=key))
            continue
        if not isinstance(value, dict):
            found = described(value)
            table.error(key, entaria_say("entry_not_table", kind=kind, key=key, found=found))
            continue
        reader = TableReader(value, f"{kind}.{key}", sink)
        entry = read(key, reader)
        reader.finish()
        if entry is not None and not reader.failed:
            out[key] = entry
    return True


def _check_references(
    entries: Mapping[str, dict[str, Any]],
    known: Mapping[str, set[str]],
    sinks: Mapping[str, ProblemSink],
    unreadable: set[str],
) -> None:
    owners: dict[str, str] = {}
    for kind in ("weapons", "armour", "items"):
        sink = sinks.get(kind)
        for key in sorted(known[kind]):
            if key in owners and sink is not None:
                message = entaria_say("key_not_unique", key=key, owner=owners[key])
                sink.error(f"{kind}.{key}", message)
            owners.setdefault(key, kind)
    creature_sink = sinks.get("creatures")
    # A kit file that did not parse would make every reference to it look unknown.
    kits_parsed = not unreadable & {"weapons", "armour", "items"}
    if creature_sink is not None:
        for key, creature in entries["creatures"].items():
            for index, item in enumerate(creature.equipment):
                if kits_parsed and item not in owners:
                    hint = suggested(item, owners)
                    creature_sink.error(
                        f"creatures.{key}.equipment[{index}]",
                        entaria_say("unknown_catalogue_equipment", item=item, hint=hint),
                    )
            categories: dict[ArmorCategory, str] = {}
            for item in creature.equipment:
                armour = entries["armour"].get(item)
                if armour is None:
                    continue
                if armour.category in categories and categories[armour.category] != item:
                    creature_sink.warning(  # E-ARMOR-STACK-1
                        f"creatures.{key}.equipment",
                        entaria_say(
                            "armour_stacks",
                            first=categories[armour.category],
                            second=item,
                            category=armour.category.value,
                        ),
                    )
                categories.setdefault(armour.category, item)
    terrain_sink = sinks.get("terrain")
    if terrain_sink is not None:
        chars: dict[str, str] = {}
        for key, kind in entries["terrain"].items():
            if kind.sample_char in chars:
                message = entaria_say(
                    "char_taken", char=kind.sample_char, other=chars[kind.sample_char]
                )
                terrain_sink.error(f"terrain.{key}.char", message)
            chars.setdefault(kind.sample_char, key)


def _fit_optics(
    entries: dict[str, dict[str, Any]], sinks: Mapping[str, ProblemSink], unreadable: set[str]
) -> None:
    """Give each weapon the aiming optics its ``optics`` list names (items with ``optic``).

    An unknown key or an item that is no optic is an error at ``weapons.<id>.optics[n]``.
    A scope fitted as an item replaces the one an old attribute "Bildvergrößerer" gives.
    """
    sink = sinks.get("weapons")
    items: Mapping[str, ItemType] = entries["items"]
    if sink is None or "items" in unreadable:
        return  # without the items file every optic would look unknown
    kinds = ", ".join(f'"{kind.value}"' for kind in OpticKind)
    for key, weapon in list(entries["weapons"].items()):
        assert isinstance(weapon, WeaponType)
        fitted: list[Optic] = []
        for index, optic_key in enumerate(weapon.optic_keys):
            where = f"weapons.{key}.optics[{index}]"
            item = items.get(optic_key)
            optic = None if item is None else item.as_optic()
            if item is None:
                hint = suggested(optic_key, [k for k, i in items.items() if i.optic])
                message = entaria_say("unknown_optic", key=optic_key, hint=hint, kinds=kinds)
                sink.error(where, message)
            elif optic is None:
                sink.error(where, entaria_say("not_an_optic", key=optic_key, kinds=kinds))
            else:
                fitted.append(optic)
        if not fitted:
            continue
        legacy: tuple[Optic, ...] = weapon.optics
        if has_scope(fitted):
            legacy = ()  # the item is the scope the old attribute stood for
        entries["weapons"][key] = dataclasses.replace(weapon, optics=(*legacy, *fitted))
