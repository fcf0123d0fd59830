"""The native mission format: one TOML file per mission (documented in ``maps/README.md``).

Reading checks everything and reports every problem at once: each names the file,
the line and column (for map characters: where that row stands in the file) or the
TOML key, what was found and what was expected. Writing is a small writer of our
own (no dependency) that produces the same canonical layout every time, so that a
round trip load -> dumps -> load gives an equal Mission and diffs stay small.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from game.board.grid import DEFAULT_LEGEND, BattleGrid, Cell, FieldKind, footprint_cells
from game.match.datafiles import write_bytes_atomic
from game.match.problems import MissionError, Problem, capped, describe, suggestion
from game.match.tomlcheck import KeyLocations, Locations, find_key, locate_keys, parse_toml
from game.missions.loader import LoadedMission
from game.missions.model import (
    Background,
    Controller,
    CreaturePlacement,
    Facing,
    LegendEntry,
    Mission,
    Side,
)
from game.missions.paths import (
    MAX_FIELDS,
    MAX_FILE_BYTES,
    check_image_file,
    decode_utf8,
    read_limited,
    relative_parts,
    resolve_inside,
)
from game.rulesets.entaria.rules.objects import MATERIALS
from game.rulesets.entaria.rules.terms import Condition

if TYPE_CHECKING:
    from game.rulesets.entaria.catalogue import Catalogue

__all__ = [
    "DEFAULT_CHARACTERS",
    "KEY_RE",
    "build_grid",
    "dumps_mission",
    "load_mission",
    "load_native",
    "loads_mission",
    "mission_warnings",
    "save_mission",
    "wall_materials",
]

#: The default legend (DESIGN.md): always in force, a file may not redefine it.
DEFAULT_CHARACTERS: Mapping[str, str] = {
    ".": "floor",
    "#": "wall",
    ":": "difficult ground",
    "~": "water",
    "=": "low obstacle",
    "%": "smoke",
    "+": "closed door",
    "/": "open door",
}

MAX_SIDES = 16
MAX_CREATURES = 1000
MAX_LEGEND = 200
MAX_LIST = 100  # equipment and conditions per creature
MAX_SHORT_TEXT = 200  # titles, names, keys
MAX_LONG_TEXT = 100_000  # descriptions and notes
MAX_PIXELS_PER_FIELD = 1000
MAX_OFFSET = 100_000
MIN_LP, MAX_LP = -99, 9999
MAX_DEPLOYMENT_ENTRIES = 1000  # rectangles and fields per side
MAX_FLOODS = 64  # walkable areas labelled when looking for unreachable sides

#: Keys of sides and creatures: letters, digits, '_' and '-', no spaces.
KEY_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_LANGUAGE_RE = re.compile(r"^[a-z]{2}$")
_BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")

#: Side colours used when a file gives none, in side order.
DEFAULT_COLOURS = ("#2f6fd0", "#c83232", "#2e9e44", "#8a4fbf", "#d98a1c", "#1fa3a3")

_TOP_KEYS = ("mission", "map", "legend", "sides", "creatures", "notes", "environment")
_ENVIRONMENT_KEYS = ("weightless", "underwater")
_MISSION_KEYS = ("title", "description", "author", "players")
_MAP_KEYS = ("width", "height", "rows", "background")
_BACKGROUND_KEYS = ("path", "pixels_per_field", "offset")
_LEGEND_KEYS = ("terrain", "material", "door", "difficult", "zw")
_SIDE_KEYS = ("key", "name", "colour", "controller", "deployment")
_CREATURE_KEYS = (
    "key",
    "type",
    "name",
    "side",
    "at",
    "facing",
    "lp",
    "equipment",
    "conditions",
    "companion_of",
    "companion_before",
    "hidden",
)
_NOTES_KEYS = ("gm",)
_DOOR_STATES = ("closed", "open")


def wall_materials() -> list[str]:
    """Return the material keys a legend may use for walls, panes and doors (per field)."""
    return [key for key, material in MATERIALS.items() if material.per_field]


# ===================================================================== reading
def load_mission(path: Path | str, *, catalogue: Catalogue | None = None) -> Mission:
    """Return the mission in the TOML file ``path``; raise MissionError listing every problem.

    The file size is checked before reading (at most 5 MB). A background image
    must lie inside the mission's folder and be a PNG or JPEG of at most
    8192x8192 pixels.
    """
    return load_native(path, catalogue=catalogue).mission


def load_native(path: Path | str, *, catalogue: Catalogue | None = None) -> LoadedMission:
    """Return the mission in the TOML file ``path`` with where each key stands in it.

    Raise MissionError listing every problem (as :func:`load_mission`).
    """
    p = Path(path)
    label = str(path)
    data = read_limited(p, MAX_FILE_BYTES, path_label=label)
    text = decode_utf8(data, path_label=label, what="TOML")
    base_dir = p.resolve().parent
    mission, where = _read(text, label, catalogue, base_dir)
    return LoadedMission(mission, "toml", base_dir, key_locations=MappingProxyType(where.keys))


def loads_mission(
    text: str,
    path_label: str = "<mission>",
    *,
    catalogue: Catalogue | None = None,
    base_dir: Path | str | None = None,
) -> Mission:
    """Return the mission in TOML ``text``; raise MissionError listing every problem.

    ``path_label`` names the file in messages. ``catalogue`` defaults to the
    shipped content catalogue. With ``base_dir`` (the mission's folder) the
    background image is checked on disk too; without it only its path is checked.
    """
    return _read(text, path_label, catalogue, base_dir)[0]


def _read(
    text: str, path_label: str, catalogue: Catalogue | None, base_dir: Path | str | None
) -> tuple[Mission, KeyLocations]:
    text = text.removeprefix("\ufeff")  # so that positions count from the first real character
    data, syntax = parse_toml(text, path_label)
    if data is None:
        raise MissionError(syntax)
    if catalogue is None:
        from game.rulesets.entaria.catalogue import load_catalogue

        catalogue = load_catalogue()
    where = locate_keys(text)
    reader = _Reader(path_label, where, catalogue)
    mission = reader.mission(data)
    if mission is not None and base_dir is not None and mission.background is not None:
        reader.check_background_file(Path(base_dir), mission.background.path)
    errors = [p for p in reader.problems if not p.warning]
    if errors or mission is None:
        raise MissionError(capped(errors or [Problem(path_label, "the mission is invalid")]))
    return mission, where


def _quoted_list(items: Iterable[str]) -> str:
    return ", ".join(repr(i) for i in items)


class _Reader:
    """Validates the parsed TOML and builds the Mission, collecting problems."""

    def __init__(self, label: str, where: KeyLocations, catalogue: Catalogue) -> None:
        self.label = label
        self.where = where
        self.catalogue = catalogue
        self.problems: list[Problem] = []
        # Legend characters, valid or not: the map does not repeat a legend complaint.
        self.defined: set[str] = set()

    # ------------------------------------------------------------ problems
    def error(
        self, key: str, message: str, *, line: int | None = None, column: int | None = None
    ) -> None:
        if line is None:
            line, column = self.locate(key)
        self.problems.append(Problem(self.label, message, line=line, column=column, key=key))

    def locate(self, key: str) -> tuple[int | None, int | None]:
        return find_key(self.where.keys, key) or (None, None)

    # ---------------------------------------------------------- value checks
    def present(
        self, section: Mapping[str, Any], name: str, check: Any, *args: Any, **kw: Any
    ) -> Any:
        """Return ``check(section[name], ...)``, or None when the key is absent.

        A missing required key is reported once by :meth:`table`; checking a
        stand-in value would only repeat the complaint.
        """
        return check(section[name], *args, **kw) if name in section else None

    def table(
        self,
        value: object,
        key: str,
        allowed: Sequence[str],
        required: Sequence[str] = (),
        *,
        shown: str | None = None,
    ) -> dict[str, Any] | None:
        name = shown or f"[{key}]"
        if not isinstance(value, dict):
            self.error(key, f"{name}: found {describe(value)}; expected a table")
            return None
        for unknown in value:
            if unknown not in allowed:
                self.error(
                    f"{key}.{unknown}" if key else unknown,
                    f"unknown key {unknown!r} in {name}{suggestion(unknown, allowed)}; "
                    f"expected one of {_quoted_list(allowed)}",
                )
        for needed in required:
            if needed not in value:
                self.error(key, f"missing key {needed!r} in {name}; expected {needed} = ...")
        return value

    def string(
        self, value: object, key: str, *, limit: int = MAX_SHORT_TEXT, empty: bool = False
    ) -> str | None:
        if not isinstance(value, str):
            self.error(key, f"{key}: found {describe(value)}; expected a string")
            return None
        if not empty and not value.strip():
            self.error(key, f"{key} is empty; expected some text")
            return None
        if len(value) > limit:
            self.error(key, f"{key} has {len(value)} characters; expected at most {limit}")
            return None
        return value

    def identifier(self, value: object, key: str) -> str | None:
        text = self.string(value, key, limit=64)
        if text is not None and not KEY_RE.match(text):
            self.error(
                key,
                f"{key}: found {text!r}; expected a key of letters, digits, '_' and '-' "
                "(no spaces), like 'pirate_1'",
            )
            return None
        return text

    def integer(self, value: object, key: str, low: int, high: int) -> int | None:
        if type(value) is not int:
            self.error(key, f"{key}: found {describe(value)}; expected an integer")
            return None
        if not low <= value <= high:
            self.error(key, f"{key} is {value}; expected an integer from {low} to {high}")
            return None
        return value

    def boolean(self, value: object, key: str) -> bool | None:
        if type(value) is not bool:
            self.error(key, f"{key}: found {describe(value)}; expected true or false")
            return None
        return value

    def int_list(
        self, value: object, key: str, sizes: Sequence[int], what: str
    ) -> list[int] | None:
        if (
            not isinstance(value, list)
            or len(value) not in sizes
            or any(type(v) is not int for v in value)
        ):
            self.error(key, f"{key}: found {describe(value)}; expected {what}")
            return None
        return list(value)

    def string_list(self, value: object, key: str) -> list[str] | None:
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
            self.error(key, f"{key}: found {describe(value)}; expected an array of strings")
            return None
        if len(value) > MAX_LIST:
            self.error(key, f"{key} has {len(value)} entries; expected at most {MAX_LIST}")
            return None
        return list(value)

    def array_of_tables(self, value: object, key: str, limit: int) -> list[object]:
        if not isinstance(value, list):
            self.error(key, f"{key}: found {describe(value)}; expected [[{key}]] tables")
            return []
        if len(value) > limit:
            self.error(key, f"{key} has {len(value)} entries; expected at most {limit}")
            return []
        return list(value)

    # ------------------------------------------------------------- sections
    def mission(self, data: dict[str, Any]) -> Mission | None:
        self.table(data, "", _TOP_KEYS, ("mission", "map"), shown="the mission file")
        # A missing [mission] or [map] is reported once, above; not key by key.
        meta = self.meta(data["mission"]) if "mission" in data else None
        grid = self.grid(data["map"]) if "map" in data else (None, None, None, None)
        legend = self.legend(data.get("legend", {}))
        width, height, rows, background = grid
        if rows is not None and legend is not None:
            self.characters(rows, legend)
        sides = self.sides(data.get("sides", []), width, height)
        creatures = self.creatures(data.get("creatures", []), sides, width, height)
        notes = self.notes(data.get("notes", {}))
        weightless, underwater = self.environment(data.get("environment", {}))
        if any(not p.warning for p in self.problems):
            return None
        if meta is None or rows is None or legend is None or width is None or height is None:
            return None  # cannot happen without a problem above; never build half a mission
        title, description, author, players = meta
        return Mission(
            title=title,
            width=width,
            height=height,
            rows=tuple(row for row, _ in rows),
            legend=legend,
            description=description,
            author=author,
            players=players,
            background=background,
            sides=tuple(sides.values()),
            creatures=tuple(creatures),
            gm_notes=notes,
            weightless=weightless,
            underwater=underwater,
        )

    def meta(self, value: object) -> tuple[str, dict[str, str], str, tuple[int, int] | None] | None:
        section = self.table(value, "mission", _MISSION_KEYS, ("title",))
        if section is None:
            return None
        title = self.string(section["title"], "mission.title") if "title" in section else None
        description: dict[str, str] = {}
        raw = section.get("description")
        if isinstance(raw, str):
            text = self.string(raw, "mission.description", limit=MAX_LONG_TEXT, empty=True)
            if text:
                description["de"] = text
        elif isinstance(raw, dict):
            for language, text in raw.items():
                key = f"mission.description.{language}"
                if not _LANGUAGE_RE.match(language):
                    self.error(
                        key,
                        f"{key}: found language {language!r}; expected a two-letter "
                        "language code such as 'de' or 'en'",
                    )
                    continue
                checked = self.string(text, key, limit=MAX_LONG_TEXT, empty=True)
                if checked:
                    description[language] = checked
        elif raw is not None:
            self.error(
                "mission.description",
                f"mission.description: found {describe(raw)}; expected a string or a table "
                'of languages (de = "...", en = "...")',
            )
        author = ""
        if "author" in section:
            author = self.string(section["author"], "mission.author", empty=True) or ""
        players: tuple[int, int] | None = None
        if "players" in section:
            pair = self.int_list(
                section["players"], "mission.players", (2,), "[min, max] players, like [2, 4]"
            )
            if pair is not None:
                low, high = pair
                if not 1 <= low <= high <= 99:
                    self.error(
                        "mission.players",
                        f"mission.players is [{low}, {high}]; expected [min, max] with "
                        "1 <= min <= max <= 99",
                    )
                else:
                    players = (low, high)
        if title is None:
            return None
        return title, description, author, players

    def grid(
        self, value: object
    ) -> tuple[
        int | None, int | None, list[tuple[str, tuple[int, int] | None]] | None, Background | None
    ]:
        section = self.table(value, "map", _MAP_KEYS, ("width", "height", "rows"))
        if section is None:
            return None, None, None, None
        width = self.present(section, "width", self.integer, "map.width", 1, MAX_FIELDS)
        height = self.present(section, "height", self.integer, "map.height", 1, MAX_FIELDS)
        background = None
        if "background" in section:
            background = self.background(section["background"])
        if "rows" not in section:
            return width, height, None, background
        rows = self.rows(section["rows"])
        if rows is None:
            return width, height, None, background
        if height is not None and len(rows) != height:
            self.error(
                "map.height",
                f"map.height is {height} but map.rows has {len(rows)} rows; expected them to agree",
            )
        first = len(rows[0][0])
        if first > MAX_FIELDS:
            self.error(
                "map.rows",
                f"the rows are {first} fields wide; expected at most {MAX_FIELDS}",
                line=rows[0][1][0] if rows[0][1] else None,
            )
            return width, height, None, background
        ragged = False
        for number, (row, start) in enumerate(rows, start=1):
            if len(row) != first:
                ragged = True
                line, column = start if start else self.locate("map.rows")
                self.error(
                    "map.rows",
                    f"row {number} (y={number - 1}) has {len(row)} fields; expected {first} "
                    "like row 1 (all rows must have the same length)",
                    line=line,
                    column=column,
                )
        if width is not None and first != width:
            self.error(
                "map.width",
                f"map.width is {width} but the rows are {first} fields wide; "
                "expected them to agree",
            )
        if ragged:
            return width, height, None, background
        return width, height, rows, background

    def rows(self, value: object) -> list[tuple[str, tuple[int, int] | None]] | None:
        """Return the rows with the file position of each row's first character."""
        lines: list[tuple[str, tuple[int, int] | None]] = []
        if isinstance(value, str):
            start = self.where.strings.get("map.rows")
            for i, raw in enumerate(value.split("\n")):
                position = None if start is None else (start[0] + i, start[1] if i == 0 else 1)
                lines.append((raw.rstrip(" \t\r"), position))
            while lines and not lines[0][0].strip():
                lines.pop(0)
            while lines and not lines[-1][0].strip():
                lines.pop()
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            for i, raw in enumerate(value):
                lines.append((raw, self.where.strings.get(f"map.rows[{i}]")))
        else:
            self.error(
                "map.rows",
                f"map.rows: found {describe(value)}; expected a multi-line string of map "
                "characters (rows = '''...''') or an array of strings",
            )
            return None
        if not lines:
            self.error("map.rows", "map.rows has no rows; expected at least one row")
            return None
        if len(lines) > MAX_FIELDS:
            self.error("map.rows", f"map.rows has {len(lines)} rows; expected at most {MAX_FIELDS}")
            return None
        return lines

    def background(self, value: object) -> Background | None:
        key = "map.background"
        section = self.table(value, key, _BACKGROUND_KEYS, ("path", "pixels_per_field"))
        if section is None:
            return None
        path = self.present(section, "path", self.string, f"{key}.path", limit=1000)
        if path is not None:
            try:
                relative_parts(path, path_label=self.label)
            except MissionError as exc:
                for problem in exc.problems:
                    self.error(f"{key}.path", problem.message)
                path = None
        ppf = self.present(
            section,
            "pixels_per_field",
            self.integer,
            f"{key}.pixels_per_field",
            1,
            MAX_PIXELS_PER_FIELD,
        )
        offset: tuple[int, int] = (0, 0)
        if "offset" in section:
            pair = self.int_list(
                section["offset"], f"{key}.offset", (2,), "[x, y] in pixels, like [0, 0]"
            )
            if pair is not None:
                if max(abs(pair[0]), abs(pair[1])) > MAX_OFFSET:
                    self.error(
                        f"{key}.offset",
                        f"{key}.offset is {pair}; expected pixels from -{MAX_OFFSET} "
                        f"to {MAX_OFFSET}",
                    )
                else:
                    offset = (pair[0], pair[1])
        if path is None or ppf is None:
            return None
        return Background(path=path, pixels_per_field=ppf, offset=offset)

    def check_background_file(self, base_dir: Path, relative: str) -> None:
        key = "map.background.path"
        try:
            real = resolve_inside(base_dir, relative, path_label=self.label)
            if not real.is_file():
                self.error(
                    key,
                    f"background image {relative!r} not found in the mission's folder "
                    f"({base_dir}); expected a PNG or JPEG file there",
                )
                return
            check_image_file(real)
        except MissionError as exc:
            for problem in exc.problems:
                self.error(key, f"background image {relative!r}: {problem.message}")

    def legend(self, value: object) -> dict[str, LegendEntry] | None:
        if not isinstance(value, dict):
            self.error("legend", f"[legend]: found {describe(value)}; expected a table")
            return None
        if len(value) > MAX_LEGEND:
            self.error(
                "legend", f"[legend] has {len(value)} entries; expected at most {MAX_LEGEND}"
            )
            return None
        legend: dict[str, LegendEntry] = {}
        ok = True
        for char, raw in value.items():
            key = f"legend.{char}"
            if len(char) != 1 or not char.isprintable() or char.isspace():
                self.error(
                    key,
                    f"legend key {char!r}: expected exactly one visible character "
                    '(no spaces), like "M"',
                )
                ok = False
                continue
            if char in DEFAULT_CHARACTERS:
                self.error(
                    key,
                    f"legend key {char!r} is a default legend character "
                    f"({DEFAULT_CHARACTERS[char]}) and cannot be redefined; expected a "
                    f"character other than {''.join(DEFAULT_CHARACTERS)!r}",
                )
                ok = False
                continue
            entry = self.legend_entry(raw, key)
            if entry is None:
                ok = False
            else:
                legend[char] = entry
        self.defined = set(value)
        return legend if ok else {}

    def legend_entry(self, value: object, key: str) -> LegendEntry | None:
        before = len(self.problems)
        section = self.table(value, key, _LEGEND_KEYS, shown=f"legend entry {key[7:]!r}")
        if section is None:
            return None
        terrain = section.get("terrain")
        material = section.get("material")
        door = section.get("door")
        if terrain is not None and (material is not None or door is not None):
            self.error(
                key,
                f"legend entry {key[7:]!r} has terrain and {'material' if material else 'door'};"
                ' expected either terrain = "..." or material/door',
            )
        if terrain is None and material is None and door is None:
            self.error(
                key,
                f'legend entry {key[7:]!r} says nothing; expected terrain = "...", '
                'material = "..." or door = "closed"/"open"',
            )
        if terrain is not None:
            terrain = self.string(terrain, f"{key}.terrain")
            if terrain is not None and terrain not in self.catalogue.terrain:
                self.error(
                    f"{key}.terrain",
                    f"unknown terrain kind {terrain!r}{suggestion(terrain, self.catalogue.terrain)}"
                    f"; expected one of {_quoted_list(self.catalogue.terrain)}",
                )
        if material is not None:
            material = self.string(material, f"{key}.material")
            allowed = wall_materials()
            if material is not None and material not in allowed:
                self.error(
                    f"{key}.material",
                    f"unknown wall material {material!r}{suggestion(material, allowed)}; "
                    f"expected one of {_quoted_list(allowed)}",
                )
        if door is not None:
            door = self.string(door, f"{key}.door")
            if door is not None and door not in _DOOR_STATES:
                self.error(
                    f"{key}.door",
                    f"{key}.door: found {door!r}; expected 'closed' or 'open'",
                )
        difficult = target = None
        for name in ("difficult", "zw"):
            if name in section and terrain is None:
                self.error(
                    f"{key}.{name}",
                    f"{key}.{name} applies to terrain entries only; expected it beside "
                    'terrain = "..."',
                )
        if "difficult" in section:
            difficult = self.boolean(section["difficult"], f"{key}.difficult")
        if "zw" in section:
            target = self.integer(section["zw"], f"{key}.zw", 1, 99)
        if len(self.problems) != before:
            return None
        return LegendEntry(
            terrain=terrain, material=material, door=door, difficult=difficult, target=target
        )

    def characters(
        self, rows: list[tuple[str, tuple[int, int] | None]], legend: Mapping[str, LegendEntry]
    ) -> None:
        known = set(DEFAULT_CHARACTERS) | set(legend) | self.defined
        unknown: dict[str, list[Any]] = {}
        for y, (row, start) in enumerate(rows):
            if set(row) <= known:
                continue
            for x, char in enumerate(row):
                if char in known:
                    continue
                seen = unknown.get(char)
                if seen is None:
                    unknown[char] = [x, y, start, 1]
                else:
                    seen[3] += 1
        expected = f"expected a default character {''.join(DEFAULT_CHARACTERS)!r}"
        if legend:
            expected += f" or one of [legend] {''.join(sorted(legend))!r}"
        for char, (x, y, start, count) in unknown.items():
            line = column = None
            if start is not None:
                line, column = start[0], start[1] + x
            times = f"; {count} times in all" if count > 1 else ""
            hint = " (rows must not be indented)" if char.isspace() else ""
            self.error(
                "map.rows",
                f"unknown map character {char!r} at x={x}, y={y}{times}{hint}; {expected}",
                line=line,
                column=column,
            )

    def sides(self, value: object, width: int | None, height: int | None) -> dict[str, Side]:
        sides: dict[str, Side] = {}
        for i, raw in enumerate(self.array_of_tables(value, "sides", MAX_SIDES)):
            key = f"sides[{i}]"
            before = len(self.problems)
            section = self.table(
                raw, key, _SIDE_KEYS, ("key", "name", "controller"), shown=f"[[sides]] #{i + 1}"
            )
            if section is None:
                continue
            side_key = self.present(section, "key", self.identifier, f"{key}.key")
            if side_key is not None and side_key in sides:
                self.error(
                    f"{key}.key", f"side key {side_key!r} is used twice; expected unique keys"
                )
            name = self.present(section, "name", self.string, f"{key}.name")
            colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            if "colour" in section:
                raw_colour = self.string(section["colour"], f"{key}.colour")
                if raw_colour is not None and not _COLOUR_RE.match(raw_colour):
                    self.error(
                        f"{key}.colour",
                        f'{key}.colour: found {raw_colour!r}; expected "#rrggbb", like "#c83232"',
                    )
                elif raw_colour is not None:
                    colour = raw_colour.lower()
            controller = None
            raw_controller = section.get("controller", "gm")
            if raw_controller in ("player", "gm"):
                controller = Controller(raw_controller)
            else:
                self.error(
                    f"{key}.controller",
                    f"{key}.controller: found {describe(raw_controller)}; expected "
                    "'player' or 'gm'",
                )
            cells = self.deployment(section.get("deployment", []), key, width, height)
            if len(self.problems) == before and side_key and name and controller:
                sides[side_key] = Side(side_key, name, colour, controller, cells)
            elif side_key:
                # Keep the key known so creatures do not report it as undeclared.
                sides.setdefault(side_key, Side(side_key, "?", colour, Controller.GM))
        return sides

    def deployment(
        self, value: object, key: str, width: int | None, height: int | None
    ) -> tuple[Cell, ...]:
        where = f"{key}.deployment"
        if not isinstance(value, list):
            self.error(
                where,
                f"{where}: found {describe(value)}; expected an array of rectangles "
                "[x0, y0, x1, y1] and fields [x, y]",
            )
            return ()
        if len(value) > MAX_DEPLOYMENT_ENTRIES:
            self.error(
                where,
                f"{where} has {len(value)} entries; expected at most {MAX_DEPLOYMENT_ENTRIES}",
            )
            return ()
        zone = None if width is None or height is None else np.zeros((height, width), bool)
        for j, item in enumerate(value):
            item_key = f"{where}[{j}]"
            numbers = self.int_list(
                item, item_key, (2, 4), "a rectangle [x0, y0, x1, y1] or a field [x, y]"
            )
            if numbers is None:
                continue
            if len(numbers) == 2:
                numbers = numbers * 2
            x0, y0, x1, y1 = numbers
            if x0 > x1 or y0 > y1:
                self.error(
                    item_key,
                    f"{item_key} is {numbers}; expected a rectangle [x0, y0, x1, y1] with "
                    "x0 <= x1 and y0 <= y1",
                )
                continue
            if zone is None or width is None or height is None:
                continue
            if min(x0, y0) < 0 or x1 >= width or y1 >= height:
                self.error(
                    item_key,
                    f"{item_key} reaches outside the {width}x{height} map; expected "
                    f"0 <= x <= {width - 1} and 0 <= y <= {height - 1}",
                )
                continue
            zone[y0 : y1 + 1, x0 : x1 + 1] = True
        if zone is None:
            return ()
        ys, xs = np.nonzero(zone)  # row-major: sorted by (y, x)
        return tuple(zip(xs.tolist(), ys.tolist(), strict=True))

    def creatures(
        self, value: object, sides: Mapping[str, Side], width: int | None, height: int | None
    ) -> list[CreaturePlacement]:
        placed: list[CreaturePlacement] = []
        raw_list = self.array_of_tables(value, "creatures", MAX_CREATURES)
        keys: dict[str, int] = {}
        for i, raw in enumerate(raw_list):
            if isinstance(raw, dict) and isinstance(raw.get("key"), str):
                keys.setdefault(raw["key"], i)
        equipment_keys = (
            set(self.catalogue.weapons) | set(self.catalogue.armour) | set(self.catalogue.items)
        )
        seen: set[str] = set()
        for i, raw in enumerate(raw_list):
            key = f"creatures[{i}]"
            before = len(self.problems)
            section = self.table(
                raw,
                key,
                _CREATURE_KEYS,
                ("key", "type", "side", "at"),
                shown=f"[[creatures]] #{i + 1}",
            )
            if section is None:
                continue
            creature_key = self.present(section, "key", self.identifier, f"{key}.key")
            if creature_key is not None:
                if creature_key in seen:
                    self.error(
                        f"{key}.key",
                        f"creature key {creature_key!r} is used twice; expected unique keys",
                    )
                seen.add(creature_key)
            kind = self.present(section, "type", self.string, f"{key}.type")
            creature_type = None
            if kind is not None:
                creature_type = self.catalogue.creatures.get(kind)
                if creature_type is None:
                    self.error(
                        f"{key}.type",
                        f"unknown creature type {kind!r}"
                        f"{suggestion(kind, self.catalogue.creatures)}; expected a creature "
                        f"key of the catalogue: {_quoted_list(sorted(self.catalogue.creatures))}",
                    )
            name: str | None = None
            if "name" in section:
                name = self.string(section["name"], f"{key}.name")
            elif creature_type is not None:
                name = str(creature_type.name)
            side = self.present(section, "side", self.string, f"{key}.side")
            if side is not None and side not in sides:
                declared = _quoted_list(sides) if sides else "none declared"
                self.error(
                    f"{key}.side",
                    f"side {side!r} is not declared; expected a key of [[sides]] ({declared})",
                )
            cell = None
            if "at" in section:
                size = self.catalogue.footprint_side(kind) if kind is not None else 1
                cell = self.position(section["at"], f"{key}.at", size, width, height)
            facing = Facing.S
            if "facing" in section:
                raw_facing = section["facing"]
                if isinstance(raw_facing, str) and raw_facing.upper() in Facing.__members__:
                    facing = Facing[raw_facing.upper()]
                else:
                    self.error(
                        f"{key}.facing",
                        f"{key}.facing: found {describe(raw_facing)}; expected one of "
                        f"{_quoted_list(f.value for f in Facing)}",
                    )
            lp = None
            if "lp" in section:
                lp = self.integer(section["lp"], f"{key}.lp", MIN_LP, MAX_LP)
            equipment = None
            if "equipment" in section:
                equipment = self.string_list(section["equipment"], f"{key}.equipment")
                for j, item in enumerate(equipment or []):
                    if item not in equipment_keys:
                        self.error(
                            f"{key}.equipment[{j}]",
                            f"unknown equipment {item!r}{suggestion(item, equipment_keys)}; "
                            "expected a weapon, armour or item key of the catalogue",
                        )
            conditions: list[str] = []
            if "conditions" in section:
                conditions = self.string_list(section["conditions"], f"{key}.conditions") or []
                self.check_conditions(conditions, f"{key}.conditions")
            companion_of = None
            if "companion_of" in section:
                companion_of = self.string(section["companion_of"], f"{key}.companion_of")
                if companion_of is not None and companion_of not in keys:
                    self.error(
                        f"{key}.companion_of",
                        f"companion_of names {companion_of!r}, which is not a creature of "
                        "this mission; expected the key of another [[creatures]] entry",
                    )
                elif companion_of is not None and companion_of == creature_key:
                    self.error(
                        f"{key}.companion_of",
                        f"creature {creature_key!r} cannot be its own companion; expected "
                        "the key of another creature",
                    )
            companion_before = False
            if "companion_before" in section:
                companion_before = bool(
                    self.boolean(section["companion_before"], f"{key}.companion_before")
                )
                if companion_before and companion_of is None:
                    self.error(
                        f"{key}.companion_before",
                        "companion_before needs companion_of; expected companion_of = "
                        '"<controller key>" too',
                    )
            hidden = False
            if "hidden" in section:
                hidden = bool(self.boolean(section["hidden"], f"{key}.hidden"))
            if len(self.problems) != before:
                continue
            if not (creature_key and kind and name and side and cell is not None):
                continue  # cannot happen without a problem above
            placed.append(
                CreaturePlacement(
                    key=creature_key,
                    type=kind,
                    name=name,
                    side=side,
                    cell=cell,
                    facing=facing,
                    life_points=lp,
                    equipment=tuple(equipment) if equipment is not None else None,
                    conditions=tuple(conditions),
                    companion_of=companion_of,
                    companion_before=companion_before,
                    hidden=hidden,
                )
            )
        return placed

    def position(
        self, value: object, key: str, size: int, width: int | None, height: int | None
    ) -> Cell | None:
        pair = self.int_list(value, key, (2,), "a field [x, y], like [3, 5]")
        if pair is None:
            return None
        if width is None or height is None:
            return (pair[0], pair[1])
        x, y = pair
        if x < 0 or y < 0 or x + size > width or y + size > height:
            extent = f" (a {size}x{size} creature from its top-left field)" if size > 1 else ""
            self.error(
                key,
                f"{key} is [{x}, {y}]{extent}, outside the {width}x{height} map; expected "
                f"0 <= x <= {width - size} and 0 <= y <= {height - size}",
            )
            return None
        return (x, y)

    def check_conditions(self, conditions: list[str], key: str) -> None:
        names = {c.name.lower() for c in Condition} | {c.value.lower() for c in Condition}
        seen: set[str] = set()
        for j, text in enumerate(conditions):
            canonical = _condition(text)
            if text.lower() not in names or canonical is None:
                self.error(
                    f"{key}[{j}]",
                    f"unknown condition {text!r}{suggestion(text, [c.value for c in Condition])}; "
                    "expected a condition of section 16, e.g. 'Liegend', 'Unentdeckt'",
                )
            elif canonical in seen:
                self.error(f"{key}[{j}]", f"condition {text!r} is listed twice")
            else:
                seen.add(canonical)

    def environment(self, value: object) -> tuple[bool, bool]:
        """Return (weightless, underwater) of the [environment] table (sections 25, 26)."""
        section = self.table(value, "environment", _ENVIRONMENT_KEYS)
        if section is None:
            return False, False
        flags = {
            key: bool(self.boolean(section[key], f"environment.{key}"))
            for key in _ENVIRONMENT_KEYS
            if key in section
        }
        return flags.get("weightless", False), flags.get("underwater", False)

    def notes(self, value: object) -> str:
        section = self.table(value, "notes", _NOTES_KEYS)
        if section is None or "gm" not in section:
            return ""
        return self.string(section["gm"], "notes.gm", limit=MAX_LONG_TEXT, empty=True) or ""


def _condition(text: str) -> str | None:
    lowered = text.lower()
    for condition in Condition:
        if lowered in (condition.name.lower(), condition.value.lower()):
            return condition.name
    return None


# ===================================================================== writing
def dumps_mission(mission: Mission) -> str:
    """Return the mission as TOML text in the canonical layout of ``maps/README.md``."""
    out: list[str] = ["# Kampfkarte mission -- format: maps/README.md", "", "[mission]"]
    out.append(f"title = {_string(mission.title)}")
    if mission.author:
        out.append(f"author = {_string(mission.author)}")
    if mission.players is not None:
        out.append(f"players = [{mission.players[0]}, {mission.players[1]}]")
    if mission.description:
        out += ["", "[mission.description]"]
        out += [f"{_key(lang)} = {_string(text)}" for lang, text in mission.description.items()]
    out += ["", "[map]", f"width = {mission.width}", f"height = {mission.height}"]
    out.append(f"rows = {_rows(mission.rows)}")
    if mission.background is not None:
        bg = mission.background
        out += [
            "",
            "[map.background]",
            f"path = {_string(bg.path)}",
            f"pixels_per_field = {bg.pixels_per_field}",
            f"offset = [{bg.offset[0]}, {bg.offset[1]}]",
        ]
    if mission.legend:
        out += ["", "[legend]"]
        for char, entry in mission.legend.items():
            out.append(f"{_string(char)} = {_legend_entry(entry)}")
    for side in mission.sides:
        out += [
            "",
            "[[sides]]",
            f"key = {_string(side.key)}",
            f"name = {_string(side.name)}",
            f"colour = {_string(side.colour)}",
            f"controller = {_string(side.controller.value)}",
        ]
        zones = _rectangles(side.deployment)
        if zones:
            out.append("deployment = [")
            out += [f"  [{', '.join(str(n) for n in zone)}]," for zone in zones]
            out.append("]")
    for creature in mission.creatures:
        out += [
            "",
            "[[creatures]]",
            f"key = {_string(creature.key)}",
            f"type = {_string(creature.type)}",
            f"name = {_string(creature.name)}",
            f"side = {_string(creature.side)}",
            f"at = [{creature.cell[0]}, {creature.cell[1]}]",
            f"facing = {_string(creature.facing.value)}",
        ]
        if creature.life_points is not None:
            out.append(f"lp = {creature.life_points}")
        if creature.equipment is not None:
            out.append(f"equipment = {_string_array(creature.equipment)}")
        if creature.conditions:
            out.append(f"conditions = {_string_array(creature.conditions)}")
        if creature.companion_of is not None:
            out.append(f"companion_of = {_string(creature.companion_of)}")
        if creature.companion_before:
            out.append("companion_before = true")
        if creature.hidden:
            out.append("hidden = true")
    if mission.weightless or mission.underwater:
        out += ["", "[environment]"]
        if mission.weightless:
            out.append("weightless = true")
        if mission.underwater:
            out.append("underwater = true")
    if mission.gm_notes:
        out += ["", "[notes]", f"gm = {_string(mission.gm_notes)}"]
    return "\n".join(out) + "\n"


def _key(text: str) -> str:
    return text if _BARE_KEY_RE.match(text) else _string(text)


def _escape(text: str, *, multiline: bool) -> str:
    parts: list[str] = []
    for char in text:
        code = ord(char)
        if char == "\\":
            parts.append("\\\\")
        elif char == '"':
            parts.append('\\"')
        elif char == "\n" and multiline:
            parts.append("\n")
        elif char == "\t":
            parts.append("\\t" if not multiline else "\t")
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:  # lone surrogates cannot be written in UTF-8
            parts.append("\\ufffd")
        else:
            parts.append(char)
    return "".join(parts)


def _string(text: str) -> str:
    if "\n" in text:
        return '"""\n' + _escape(text, multiline=True) + '"""'
    return '"' + _escape(text, multiline=False) + '"'


def _string_array(items: Iterable[str]) -> str:
    return "[" + ", ".join(_string(i) for i in items) + "]"


def _rows(rows: Sequence[str]) -> str:
    """Return the rows as a literal block, or as an array where a literal cannot hold them."""

    def plain(row: str) -> bool:
        return (
            bool(row)
            and row.strip() == row
            and "'''" not in row
            and all(0x20 <= ord(c) != 0x7F and not 0xD800 <= ord(c) <= 0xDFFF for c in row)
        )

    if all(plain(row) for row in rows):
        return "'''\n" + "\n".join(rows) + "\n'''"
    return "[\n" + "".join(f"  {_string(row)},\n" for row in rows) + "]"


def _legend_entry(entry: LegendEntry) -> str:
    items: list[str] = []
    if entry.terrain is not None:
        items.append(f"terrain = {_string(entry.terrain)}")
    if entry.material is not None:
        items.append(f"material = {_string(entry.material)}")
    if entry.door is not None:
        items.append(f"door = {_string(entry.door)}")
    if entry.difficult is not None:
        items.append(f"difficult = {'true' if entry.difficult else 'false'}")
    if entry.target is not None:
        items.append(f"zw = {entry.target}")
    return "{ " + ", ".join(items) + " }"


def _rectangles(cells: Iterable[Cell]) -> list[tuple[int, ...]]:
    """Return few rectangles [x0, y0, x1, y1] (single fields as [x, y]) covering ``cells``."""
    todo = set(cells)
    zones: list[tuple[int, ...]] = []
    for cell in sorted(todo, key=lambda c: (c[1], c[0])):
        if cell not in todo:
            continue
        x0, y0 = cell
        x1 = x0
        while (x1 + 1, y0) in todo:
            x1 += 1
        y1 = y0
        while all((x, y1 + 1) in todo for x in range(x0, x1 + 1)):
            y1 += 1
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                todo.discard((x, y))
        zones.append((x0, y0) if (x0, y0) == (x1, y1) else (x0, y0, x1, y1))
    return zones


def save_mission(mission: Mission, path: Path | str) -> None:
    """Write the mission as TOML to ``path`` atomically (temp file beside it + os.replace).

    An interrupted write leaves the old file as it was. The new file gets the old
    file's permissions, or the usual ones (0o666 less the umask) for a new file.
    """
    write_bytes_atomic(path, dumps_mission(mission).encode("utf-8"))


# ======================================================================= grids
def build_grid(
    mission: Mission, catalogue: Catalogue, *, path_label: str = "<mission>"
) -> BattleGrid:
    """Return the rules grid of the mission's rows, legend and catalogue terrain kinds.

    Default characters as in DESIGN.md. Legend terrain takes the kind's terrain
    code, difficulty, ZW, hazard, cover and smoke (with the entry's overrides);
    wall materials become walls, glass panes see-through walls; doors become
    doors (open or closed). Raise MissionError for a character or key it cannot
    place (a mission from ``loads_mission`` never does).
    """
    if len(mission.rows) != mission.height or any(len(r) != mission.width for r in mission.rows):
        raise MissionError(
            [Problem(path_label, "the rows do not match the map's width and height", key="map")]
        )
    problems: list[Problem] = []
    legend: dict[str, FieldKind] = {}
    for char, entry in mission.legend.items():
        if char in DEFAULT_LEGEND or len(char) != 1:
            continue
        key = f"legend.{char}"
        if entry.terrain is not None:
            terrain = catalogue.terrain.get(entry.terrain)
            if terrain is None:
                problems.append(
                    Problem(
                        path_label, f"unknown terrain kind {entry.terrain!r}", key=f"{key}.terrain"
                    )
                )
                continue
            legend[char] = terrain.field_kind(difficult=entry.difficult, target=entry.target)
        elif entry.door is not None:
            legend[char] = FieldKind(door=True, door_open=entry.door == "open")
        elif entry.material is not None:
            material = MATERIALS.get(entry.material)
            if material is None or not material.per_field:
                problems.append(
                    Problem(
                        path_label,
                        f"unknown wall material {entry.material!r}",
                        key=f"{key}.material",
                    )
                )
                continue
            legend[char] = material.field_kind()
        else:
            legend[char] = FieldKind()
    for y, row in enumerate(mission.rows):
        # A broken legend entry was reported above: its character is not unknown too.
        stray = set(row).difference(DEFAULT_LEGEND, mission.legend)
        if stray:
            x = min(row.index(char) for char in stray)
            problems.append(
                Problem(
                    path_label, f"unknown map character {row[x]!r} at x={x}, y={y}", key="map.rows"
                )
            )
            break
    if problems:
        raise MissionError(problems)
    return BattleGrid.from_ascii("\n".join(mission.rows), legend)


# ===================================================================== warnings
def mission_warnings(
    mission: Mission,
    catalogue: Catalogue,
    *,
    path_label: str = "<mission>",
    locations: Locations | None = None,
) -> list[Problem]:
    """Return warnings about a valid mission: things that load but will hardly play well.

    Creatures in walls, closed doors or on hazards; two creatures on one field;
    a creature on another side's deployment zone; a deployment zone without a
    field to stand on (only walls, closed doors, hazards); a side with neither
    creatures nor a deployment zone; sides that cannot reach each other on foot
    (doors count as open); a companion on another side than its controller;
    legend characters the map never uses.
    Each names the TOML key (``creatures[2]``, ``sides[0].deployment``) and, with
    ``locations`` (where the keys stand in the file, see ``load_native``), its line
    and column.
    """
    grid = build_grid(mission, catalogue, path_label=path_label)
    warnings: list[Problem] = []
    where = locations if locations is not None else {}

    def warn(key: str, message: str) -> None:
        line, column = find_key(where, key) or (None, None)
        warnings.append(
            Problem(path_label, message, line=line, column=column, key=key, warning=True)
        )

    side_index = {side.key: i for i, side in enumerate(mission.sides)}
    zone_owner: dict[Cell, str] = {}
    for side in mission.sides:
        for cell in side.deployment:
            zone_owner.setdefault(cell, side.key)
    occupied: dict[Cell, str] = {}
    creature_index = {c.key: i for i, c in enumerate(mission.creatures)}
    for i, creature in enumerate(mission.creatures):
        key = f"creatures[{i}]"
        size = catalogue.footprint_side(creature.type)
        cells = [c for c in footprint_cells(creature.cell, size) if grid.in_bounds(c)]
        label = f"creature {creature.key!r} at {list(creature.cell)}"
        blocked = [c for c in cells if grid.is_wall(c)]
        if blocked:
            what = "a closed door" if all(grid.is_door(c) for c in blocked) else "a wall"
            warn(f"{key}.at", f"{label} stands in {what}; it cannot move from there")
        if any(grid.is_hazard(c) for c in cells):
            warn(f"{key}.at", f"{label} stands on a hazard field")
        for cell in cells:
            other = occupied.get(cell)
            if other is not None and other != creature.key:
                warn(
                    f"{key}.at",
                    f"{label} shares field {list(cell)} with creature {other!r}; "
                    "expected one creature per field",
                )
                break
        for cell in cells:
            occupied.setdefault(cell, creature.key)
        owners = {zone_owner[c] for c in cells if c in zone_owner}
        foreign = sorted(o for o in owners if o != creature.side)
        if foreign:
            warn(
                f"{key}.at",
                f"{label} of side {creature.side!r} stands on the deployment zone of side "
                f"{foreign[0]!r}",
            )
        if creature.companion_of is not None:
            master = creature_index.get(creature.companion_of)
            if master is not None and mission.creatures[master].side != creature.side:
                warn(
                    f"{key}.companion_of",
                    f"companion {creature.key!r} is on side {creature.side!r} but its "
                    f"controller {creature.companion_of!r} is on side "
                    f"{mission.creatures[master].side!r}",
                )
    for i, side in enumerate(mission.sides):
        key = f"sides[{i}]"
        has_creatures = any(c.side == side.key for c in mission.creatures)
        if not side.deployment and not has_creatures:
            warn(key, f"side {side.key!r} has neither creatures nor a deployment zone")
        # Walls and hazards inside a zone rectangle are normal (a tent in a camp);
        # only a zone with no field to stand on is a mistake.
        usable = [c for c in side.deployment if not grid.is_wall(c) and not grid.is_hazard(c)]
        if side.deployment and not usable:
            warn(
                f"{key}.deployment",
                f"the deployment zone of side {side.key!r} has no usable field: all "
                f"{len(side.deployment)} lie in walls, closed doors or hazards",
            )
    if not mission.sides:
        warn("sides", "the mission declares no sides")
    for a, b in _unreachable_sides(mission, grid):
        warn(
            f"sides[{side_index[a]}].deployment",
            f"side {a!r} cannot reach side {b!r} on foot (even with every door "
            "open): their deployment zones and creatures lie in separate areas",
        )
    used = {char for row in mission.rows for char in row}
    for char in mission.legend:
        if char not in used:
            warn(f"legend.{char}", f"legend character {char!r} is never used on the map")
    return warnings


def _unreachable_sides(mission: Mission, grid: BattleGrid) -> list[tuple[str, str]]:
    """Return each pair of sides (in side order) that cannot reach each other on foot.

    Doors count as open. Walkable areas are labelled once, one flood per area a
    side touches (at most ``MAX_FLOODS`` in all), so a hostile file costs little.
    """
    from game.board.movement import reachable

    open_grid = BattleGrid(
        grid.wall,
        see_through=grid.see_through,
        difficult=grid.difficult,
        door=grid.door,
        door_open=grid.door,
    )
    labels = np.full(grid.shape, -1, dtype=np.int32)
    floods = 0
    areas: dict[str, set[int]] = {}
    starts: dict[str, list[Cell]] = {side.key: list(side.deployment) for side in mission.sides}
    for creature in mission.creatures:
        starts.setdefault(creature.side, []).append(creature.cell)
    for side_key, cells in starts.items():
        touched: set[int] = set()
        for cell in cells:
            if not open_grid.in_bounds(cell) or open_grid.is_wall(cell):
                continue
            label = int(labels[cell[1], cell[0]])
            if label < 0:
                if floods >= MAX_FLOODS:
                    continue
                reached = reachable(open_grid, cell, None)
                xs = np.fromiter((c[0] for c in reached), dtype=np.int64, count=len(reached))
                ys = np.fromiter((c[1] for c in reached), dtype=np.int64, count=len(reached))
                labels[ys, xs] = floods
                label = floods
                floods += 1
            touched.add(label)
        areas[side_key] = touched
    pairs: list[tuple[str, str]] = []
    keys = [side.key for side in mission.sides]
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if areas.get(a) and areas.get(b) and areas[a].isdisjoint(areas[b]):
                pairs.append((a, b))
    return pairs
