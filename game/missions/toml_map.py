"""The map of a native mission file: ``[map]``, its rows and background, ``[legend]``.

A legend entry is a terrain kind, a wall material, or a door (with or without a
material). A terrain entry may name a material too: furniture, a field that keeps its
terrain (cover, difficult ground) and is an object of that material (crates, tables,
barricades). A default character keeps its meaning; the one entry it may have adds a
material to its own terrain kind (``"=" = { terrain = "low_obstacle", material = ... }``).
What the words mean is the mission's ruleset's (``MissionTerms``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.match.mission_ruleset import MissionTerms
from game.match.problem_texts import joined
from game.match.problems import MissionError, described
from game.missions.loader_texts import mission_say
from game.missions.model import Background, LegendEntry
from game.missions.paths import MAX_FIELDS, check_image_file, relative_parts, resolve_inside
from game.missions.toml_checker import TomlChecker
from game.missions.toml_schema import (
    BACKGROUND_KEYS,
    DEFAULT_CHARACTERS,
    DOOR_STATES,
    LEGEND_KEYS,
    MAP_KEYS,
    MAX_LEGEND,
    MAX_OFFSET,
    MAX_PIXELS_PER_FIELD,
)

#: A row of map characters with where its first character stands in the file.
Row = tuple[str, tuple[int, int] | None]


class MapSections(TomlChecker):
    """Reads ``[map]`` and ``[legend]``: the size, the rows, the background, the legend."""

    #: How the mission's ruleset reads terrain kinds and wall materials.
    terms: MissionTerms
    #: Legend characters, valid or not: the map does not repeat a legend complaint.
    defined: set[str]

    def grid(
        self, value: object
    ) -> tuple[int | None, int | None, list[Row] | None, Background | None]:
        section = self.table(value, "map", MAP_KEYS, ("width", "height", "rows"))
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
                mission_say("height_rows_disagree", height=height, count=len(rows)),
            )
        first = len(rows[0][0])
        if first > MAX_FIELDS:
            self.error(
                "map.rows",
                mission_say("rows_too_wide", width=first, limit=MAX_FIELDS),
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
                    mission_say(
                        "row_length", number=number, y=number - 1, count=len(row), first=first
                    ),
                    line=line,
                    column=column,
                )
        if width is not None and first != width:
            self.error(
                "map.width",
                mission_say("width_rows_disagree", width=width, first=first),
            )
        if ragged:
            return width, height, None, background
        return width, height, rows, background

    def rows(self, value: object) -> list[Row] | None:
        """Return the rows with the file position of each row's first character."""
        lines: list[Row] = []
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
                mission_say("rows_kind", found=described(value)),
            )
            return None
        if not lines:
            self.error("map.rows", mission_say("no_rows"))
            return None
        if len(lines) > MAX_FIELDS:
            self.error("map.rows", mission_say("too_many_rows", count=len(lines), limit=MAX_FIELDS))
            return None
        return lines

    def background(self, value: object) -> Background | None:
        key = "map.background"
        section = self.table(value, key, BACKGROUND_KEYS, ("path", "pixels_per_field"))
        if section is None:
            return None
        path = self.present(section, "path", self.string, f"{key}.path", limit=1000)
        if path is not None:
            try:
                relative_parts(path, path_label=self.label)
            except MissionError as exc:
                for problem in exc.problems:
                    self.error(f"{key}.path", problem.texts or problem.message)
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
                section["offset"], f"{key}.offset", (2,), mission_say("a_pixel_offset")
            )
            if pair is not None:
                if max(abs(pair[0]), abs(pair[1])) > MAX_OFFSET:
                    self.error(
                        f"{key}.offset",
                        mission_say("offset_range", key=key, pair=pair, limit=MAX_OFFSET),
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
                    mission_say("background_missing", relative=relative, folder=base_dir),
                )
                return
            check_image_file(real)
        except MissionError as exc:
            for problem in exc.problems:
                found = problem.texts or problem.message
                message = mission_say("background_problem", relative=relative, problem=found)
                self.error(key, message)

    def legend(self, value: object) -> dict[str, LegendEntry] | None:
        if not isinstance(value, dict):
            self.error("legend", mission_say("legend_not_table", found=described(value)))
            return None
        if len(value) > MAX_LEGEND:
            self.error("legend", mission_say("legend_too_big", count=len(value), limit=MAX_LEGEND))
            return None
        legend: dict[str, LegendEntry] = {}
        ok = True
        for char, raw in value.items():
            key = f"legend.{char}"
            if len(char) != 1 or not char.isprintable() or char.isspace():
                self.error(
                    key,
                    mission_say("legend_key", char=char),
                )
                ok = False
                continue
            if char in DEFAULT_CHARACTERS and not self.adds_material(char, raw, key):
                ok = False
                continue
            entry = self.legend_entry(raw, key)
            if entry is None:
                ok = False
            else:
                legend[char] = entry
        self.defined = set(value)
        return legend if ok else {}

    def adds_material(self, char: str, value: object, key: str) -> bool:
        """Return whether a default character's entry only adds a material to its terrain.

        ``"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }``: the field
        stays what the default legend says and is furniture of that material. Anything
        else would redefine the character (reported here). The terrain kind a default
        character stands for is the ruleset's (the kind whose character it is).
        """
        own = self.own_terrain(char)
        if isinstance(value, dict) and set(value) == {"terrain", "material"}:
            if own is not None and value["terrain"] == own:
                return True
            if not self.terms.terrain_kinds:
                return True  # an unknown ruleset, reported once: its words pass unchecked
        meaning = DEFAULT_CHARACTERS[char]
        others = mission_say("other_character", chars="".join(DEFAULT_CHARACTERS))
        if own is None:
            message = mission_say("default_redefined", char=char, meaning=meaning, others=others)
        else:
            message = mission_say(
                "default_keeps_meaning", char=char, meaning=meaning, own=own, others=others
            )
        self.error(key, message)
        return False

    def own_terrain(self, char: str) -> str | None:
        """Return the ruleset's terrain kind whose legend character ``char`` is, None if none."""
        terms = self.terms
        return next((k for k in terms.terrain_kinds if terms.terrain_char(k) == char), None)

    def legend_entry(self, value: object, key: str) -> LegendEntry | None:
        before = len(self.problems)
        section = self.table(
            value, key, LEGEND_KEYS, shown=mission_say("legend_entry", char=key[7:])
        )
        if section is None:
            return None
        terrain = section.get("terrain")
        material = section.get("material")
        door = section.get("door")
        if terrain is not None and door is not None:
            self.error(
                key,
                mission_say("terrain_and_door", char=key[7:]),
            )
        if terrain is None and material is None and door is None:
            self.error(
                key,
                mission_say("entry_says_nothing", char=key[7:]),
            )
        if terrain is not None:
            terrain = self.string(terrain, f"{key}.terrain")
            problem = None if terrain is None else self.terms.terrain_problem(terrain)
            if problem is not None:
                self.error(f"{key}.terrain", problem)
        if material is not None:
            material = self.string(material, f"{key}.material")
            problem = None if material is None else self.terms.material_problem(material)
            if problem is not None:
                self.error(f"{key}.material", problem)
        if door is not None:
            door = self.string(door, f"{key}.door")
            if door is not None and door not in DOOR_STATES:
                self.error(
                    f"{key}.door",
                    mission_say("door_state", key=key, door=door),
                )
        difficult = target = None
        for name in ("difficult", "zw"):
            if name in section and terrain is None:
                self.error(
                    f"{key}.{name}",
                    mission_say("terrain_only", key=key, name=name),
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

    def characters(self, rows: list[Row], legend: Mapping[str, LegendEntry]) -> None:
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
        expected = mission_say("default_character_expected", chars="".join(DEFAULT_CHARACTERS))
        own = sorted(set(legend) - set(DEFAULT_CHARACTERS))  # furniture '=' is named above
        if own:
            expected = joined(expected, mission_say("or_legend_character", chars="".join(own)))
        for char, (x, y, start, count) in unknown.items():
            line = column = None
            if start is not None:
                line, column = start[0], start[1] + x
            times = mission_say("times_in_all", count=count) if count > 1 else ""
            hint = mission_say("not_indented") if char.isspace() else ""
            self.error(
                "map.rows",
                mission_say(
                    "unknown_map_character",
                    char=char,
                    x=x,
                    y=y,
                    times=times,
                    hint=hint,
                    expected=expected,
                ),
                line=line,
                column=column,
            )
