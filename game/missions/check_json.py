"""``kampfkarte check MISSION --json``: the check's report as JSON, for map tools and tests.

The output is JSON Lines: one JSON object per file checked, each on one line, in the
order the files were given. Checking one file therefore prints exactly one JSON object
(``json.loads`` of the whole output works); several files print one line each (read
them line by line). An array was not chosen because its shape would change with the
number of files (a shell glob matching one file would suddenly give an object). The
text is ASCII only (other characters as ``\\uXXXX`` escapes), so it survives any
console or pipe encoding.

One object's keys, always all present (``null`` where the file did not load far enough):

``file``
    the path as given.
``valid``
    true when the mission can be played (warnings allowed).
``format``
    ``"toml"``, ``"uvtt"`` or ``"tiled"``: the reader the file's suffix chooses (for
    ``.json`` its content: Tiled's maps are recognised); null for a suffix no reader takes.
``ruleset``
    the key of the ruleset the mission is played by; null when it did not load.
``title``, ``width``, ``height``
    the mission's title and its size in fields; null when it did not load.
``terrain``
    fields per terrain kind, most first: ``{"floor": 19, "wall": 24, "mud": 1}``. A kind
    is the ruleset's terrain key the legend names, ``wall`` for a wall, pane or door
    material without terrain, ``closed_door`` / ``open_door`` for doors, and for the
    default legend's characters their names with ``_`` (``difficult_ground``, ``water``,
    ``low_obstacle``, ``smoke``). ``{}`` when it did not load.
``characters``
    the same fields per map character, with what the character means: a list of
    ``{"char", "kind", "material", "name", "fields"}`` (``name`` as the summary reads it).
``wall_fields``, ``door_fields``
    how many fields are walls (panes included) and doors (open or closed).
``edge_walls``, ``edge_doors``, ``edge_doors_open``
    walls and doors standing on the border between two fields (DESIGN D-13): the
    mission's edges, e.g. its ``[[map.edges]]`` tables. ``edge_doors`` counts open and
    closed doors, ``edge_doors_open`` the open ones among them (closed: the difference).
``creatures``
    the number of creatures on the map.
``creatures_per_side``
    ``{side key: number of creatures}`` for every declared side (0 included).
``sides``
    ``[{"key", "name", "controller", "creatures", "deployment_fields"}]`` in file order.
``warnings``, ``errors``
    lists of ``{"file", "line", "column", "key", "message", "text"}``; ``line``,
    ``column`` and ``key`` are null where the format cannot place the problem;
    ``message`` is English (for scripts), ``text`` the message in the chosen language
    (``--language``; English where no German is given).

The exit status is the human check's: 0 when every file is valid, else 1.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from game.match.problem_texts import both
from game.match.problems import MissionError, Problem, problem_of
from game.missions.check import (
    EXIT_INVALID,
    EXIT_VALID,
    CheckReport,
    check_mission,
    field_name,
)
from game.missions.edge_counts import edge_counts
from game.missions.grid import build_grid
from game.missions.loader import NATIVE_SUFFIXES, TILED_SUFFIXES, UVTT_SUFFIXES
from game.missions.model import Mission
from game.missions.ruleset_choice import mission_terms
from game.missions.tiled import is_tiled_json
from game.missions.toml_schema import DEFAULT_CHARACTERS

__all__ = ["report_json", "run_check_json"]

_DOOR_KINDS = {"open": "open_door", "closed": "closed_door"}


def run_check_json(paths: Sequence[Path | str], out: TextIO, language: str = "en") -> int:
    """Check each of ``paths``, write one JSON line per file to ``out``; return the exit status.

    0 when every file is valid (warnings allowed), else 1. A file that fails in a way
    the loaders do not foresee still gives its line, with the failure as its error, so
    the stream stays readable for the other files.
    """
    status = EXIT_VALID
    for path in paths:
        try:
            report = check_mission(path)
            data = report_json(report, language)
        except Exception as exc:  # a bug must not cost the other files their lines
            data = _failed(str(path), exc, language)
        out.write(json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n")
        if not data["valid"]:
            status = EXIT_INVALID
    return status


def report_json(report: CheckReport, language: str = "en") -> dict[str, Any]:
    """Return the JSON object of ``report`` (its keys are described in the module docstring)."""
    mission = report.mission
    data = _empty(report.path)
    data["valid"] = report.valid
    data["format"] = report.source_format or _format_by_suffix(report.path)
    data["warnings"] = _problems(report.warnings, language)
    data["errors"] = _problems(report.errors, language)
    if mission is None:
        return data
    data.update(
        ruleset=mission.ruleset,
        title=mission.title,
        width=mission.width,
        height=mission.height,
        creatures=len(mission.creatures),
        creatures_per_side=_creatures_per_side(mission),
        sides=_sides(mission),
    )
    try:  # a mission the ruleset refused may name terrain it does not know
        characters = _characters(mission)
        walls, doors = _wall_and_door_fields(mission)
    except MissionError:
        return data  # its errors are in the report already
    terrain: Counter[str] = Counter()
    for entry in characters:
        terrain[entry["kind"]] += entry["fields"]
    edges = edge_counts(mission.edges)
    data.update(
        terrain=dict(terrain.most_common()),
        characters=characters,
        wall_fields=walls,
        door_fields=doors,
        edge_walls=edges.walls,
        edge_doors=edges.doors,
        edge_doors_open=edges.doors_open,
    )
    return data


def _empty(path: str) -> dict[str, Any]:
    """Return the object of a file that did not load: every key, nothing known."""
    return {
        "file": path,
        "valid": False,
        "format": _format_by_suffix(path),
        "ruleset": None,
        "title": None,
        "width": None,
        "height": None,
        "terrain": {},
        "characters": [],
        "wall_fields": None,
        "door_fields": None,
        "edge_walls": None,
        "edge_doors": None,
        "edge_doors_open": None,
        "creatures": None,
        "creatures_per_side": {},
        "sides": [],
        "warnings": [],
        "errors": [],
    }


def _failed(path: str, exc: Exception, language: str = "en") -> dict[str, Any]:
    """Return the object of a file whose check failed unexpectedly."""
    data = _empty(path)
    detail = f"{type(exc).__name__}: {exc}"
    message = both(
        f"internal error while checking ({detail}); please report it",
        f"interner Fehler beim Prüfen ({detail}); bitte melden",
    )
    data["errors"] = _problems([problem_of(path, message)], language)
    return data


def _format_by_suffix(path: str) -> str | None:
    """Return the reader a file that did not load was meant for: by suffix, and for
    ``.json`` by content (a Tiled map, else a Universal VTT export)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".json" and is_tiled_json(path):
        return "tiled"
    for name, suffixes in (
        ("toml", NATIVE_SUFFIXES),
        ("uvtt", UVTT_SUFFIXES),
        ("tiled", TILED_SUFFIXES),
    ):
        if suffix in suffixes:
            return name
    return None


def _problems(problems: Iterable[Problem], language: str = "en") -> list[dict[str, Any]]:
    return [
        {
            "file": p.path,
            "line": p.line,
            "column": p.column,
            "key": p.key,
            "message": p.message,
            "text": p.text(language),
        }
        for p in problems
    ]


def _creatures_per_side(mission: Mission) -> dict[str, int]:
    counts = {side.key: 0 for side in mission.sides}
    for creature in mission.creatures:
        counts[creature.side] = counts.get(creature.side, 0) + 1
    return counts


def _sides(mission: Mission) -> list[dict[str, Any]]:
    return [
        {
            "key": side.key,
            "name": side.name,
            "controller": side.controller.value,
            "creatures": sum(1 for c in mission.creatures if c.side == side.key),
            "deployment_fields": len(side.deployment),
        }
        for side in mission.sides
    ]


def _characters(mission: Mission) -> list[dict[str, Any]]:
    """Return the fields per map character, most first, with the kind each stands for."""
    terms = mission_terms(mission.ruleset)
    counts = Counter(char for row in mission.rows for char in row)
    found = []
    for char, fields in counts.most_common():
        kind, material = _kind(char, mission)
        name = field_name(char, mission, terms)
        found.append(
            {"char": char, "kind": kind, "material": material, "name": name, "fields": fields}
        )
    return found


def _kind(char: str, mission: Mission) -> tuple[str, str | None]:
    """Return the terrain kind and the material of the map character ``char``."""
    entry = mission.legend.get(char)
    material = entry.material if entry is not None else None
    if char in DEFAULT_CHARACTERS:
        # a default character keeps its field; an entry may only add a material
        return DEFAULT_CHARACTERS[char].replace(" ", "_"), material
    if entry is None:
        return "unknown", None
    if entry.terrain is not None:
        return entry.terrain, material
    if entry.door is not None:
        return _DOOR_KINDS.get(entry.door, "closed_door"), material
    return ("wall" if material else "floor"), material


def _wall_and_door_fields(mission: Mission) -> tuple[int, int]:
    """Return how many fields of the rules grid are walls (panes too) and doors."""
    grid = build_grid(mission)
    return int(grid.wall.sum()), int(grid.door.sum())
