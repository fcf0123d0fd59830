"""The ``[zones]`` table of a native mission file: the zones a zone-based ruleset plays by (D-14).

::

    [zones]
    size = 5              # a lattice of 5×5 fields (2..50); or painted areas, not both
    walk = 1              # zones per Gehen (1..20)
    run = 3               # zones per Laufen (walk..20)
    metres = 10           # the length of one zone (a positive number)
    [[zones.areas]]
    name = "Hof"
    rect = [0, 0, 8, 6]   # x, y, width, height in fields, inside the map

Every problem names the key it concerns (and so its line); areas are named
``zones.areas[i]`` (0-based). Whether the zones cover the floor is the ruleset's check.
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill
from game.match.problems import described
from game.missions.model import ZoneArea, ZoneDeclaration
from game.missions.toml_checker import TomlChecker
from game.missions.toml_schema import (
    MAX_ZONE_AREAS,
    MAX_ZONE_MOVE,
    MAX_ZONE_SIZE,
    MIN_ZONE_SIZE,
    ZONE_AREA_KEYS,
    ZONES_KEYS,
)

#: The texts of the problems only ``[zones]`` has (the others are the checker's).
ZONE_TEMPLATES: Final[Templates] = {
    "size_and_areas": {
        "en": "[zones] gives both size and areas; expected one of them: "
        "a lattice (size) or painted areas ([[zones.areas]])",
        "de": "[zones] nennt size und areas; erwartet: nur eines davon: "
        "ein Raster (size) oder gemalte Bereiche ([[zones.areas]])",
    },
    "run_below_walk": {
        "en": "zones.run is {run}, less than zones.walk ({walk}); "
        "expected at least as many zones per Laufen as per Gehen",
        "de": "zones.run ist {run}, weniger als zones.walk ({walk}); "
        "erwartet: pro Laufen mindestens so viele Zonen wie pro Gehen",
    },
    "metres_expected": {
        "en": "zones.metres: found {found}; expected a positive number (metres per zone)",
        "de": "zones.metres: gefunden: {found}; erwartet: eine positive Zahl (Meter pro Zone)",
    },
    "area_rect": {
        "en": "{key}: found {found}; expected [x, y, width, height] in fields",
        "de": "{key}: gefunden: {found}; erwartet: [x, y, Breite, Höhe] in Feldern",
    },
    "area_rect_size": {
        "en": "{key} is {width}×{height} fields; expected a width and height of at least 1",
        "de": "{key} ist {width}×{height} Felder; erwartet: Breite und Höhe mindestens 1",
    },
    "area_outside": {
        "en": "{key} [{x}, {y}, {width}, {height}] reaches outside the map "
        "({map_width}×{map_height} fields); expected x + width <= {map_width} "
        "and y + height <= {map_height}",
        "de": "{key} [{x}, {y}, {width}, {height}] reicht über die Karte hinaus "
        "({map_width}×{map_height} Felder); erwartet: x + Breite <= {map_width} "
        "und y + Höhe <= {map_height}",
    },
    "area_name_twice": {
        "en": "zone name {name!r} is given twice (also {first}); expected a name per area",
        "de": "Zonenname {name!r} steht zweimal da (auch {first}); "
        "erwartet: ein eigener Name pro Bereich",
    },
    "areas_overlap": {
        "en": "area {name!r} overlaps area {other!r} ({first}) at field [{x}, {y}]; "
        "expected every field in at most one area",
        "de": "Bereich {name!r} überlappt Bereich {other!r} ({first}) bei Feld [{x}, {y}]; "
        "erwartet: jedes Feld in höchstens einem Bereich",
    },
    "areas_empty": {
        "en": "zones.areas has no area; expected at least one [[zones.areas]] table",
        "de": "zones.areas hat keinen Bereich; erwartet: mindestens eine [[zones.areas]]-Tabelle",
    },
}


def zone_say(template: str, /, **values: object) -> dict[str, str]:
    """Return the ``[zones]`` template ``template`` in every language, filled with ``values``."""
    return fill(ZONE_TEMPLATES, template, **values)


class ZoneSection(TomlChecker):
    """Reads ``[zones]``: a lattice size or painted areas, and the zone movement values."""

    def zones(self, value: object, width: int | None, height: int | None) -> ZoneDeclaration | None:
        """Return the declaration (None: the file has none); record what is wrong with it."""
        if value is None:
            return None
        section = self.table(value, "zones", ZONES_KEYS)
        if section is None:
            return None
        size = self.present(
            section, "size", self.integer, "zones.size", MIN_ZONE_SIZE, MAX_ZONE_SIZE
        )
        walk = self.present(section, "walk", self.integer, "zones.walk", 1, MAX_ZONE_MOVE)
        run = self.present(section, "run", self.integer, "zones.run", 1, MAX_ZONE_MOVE)
        if walk is not None and run is not None and run < walk:
            self.error("zones.run", zone_say("run_below_walk", run=run, walk=walk))
            run = None
        metres = self.present(section, "metres", self.metres, "zones.metres")
        areas: tuple[ZoneArea, ...] = ()
        if "areas" in section:
            if "size" in section:
                self.error("zones.size", zone_say("size_and_areas"))
            areas = self.areas(section["areas"], width, height)
        return ZoneDeclaration(size=size, areas=areas, walk=walk, run=run, metres=metres)

    def metres(self, value: object, key: str) -> float | None:
        """Return ``metres`` as a float, or None after recording what is wrong."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1e6:
            self.error(key, zone_say("metres_expected", found=described(value)))
            return None
        return float(value)

    def areas(self, value: object, width: int | None, height: int | None) -> tuple[ZoneArea, ...]:
        """Return the painted areas in file order; record what is wrong with any of them."""
        raw_areas = self.array_of_tables(value, "zones.areas", MAX_ZONE_AREAS)
        if isinstance(value, list) and not value:
            self.error("zones.areas", zone_say("areas_empty"))
        found: list[tuple[int, ZoneArea]] = []
        names: dict[str, int] = {}
        for i, raw in enumerate(raw_areas):
            key = f"zones.areas[{i}]"
            section = self.table(raw, key, ZONE_AREA_KEYS, ZONE_AREA_KEYS, shown="[[zones.areas]]")
            if section is None:
                continue
            name = self.present(section, "name", self.string, f"{key}.name")
            rect = self.present(section, "rect", self.rect, f"{key}.rect", width, height)
            if name is not None:
                first = names.setdefault(name, i)
                if first != i:
                    shown = self.area_named(first, "name")
                    self.error(f"{key}.name", zone_say("area_name_twice", name=name, first=shown))
                    continue
            if name is None or rect is None:
                continue
            found.append((i, ZoneArea(name, *rect)))
        self.overlaps(found)
        return tuple(area for _i, area in found)

    def rect(
        self, value: object, key: str, width: int | None, height: int | None
    ) -> tuple[int, int, int, int] | None:
        """Return ``rect`` (x, y, width, height), or None after recording what is wrong."""
        if not isinstance(value, list) or len(value) != 4 or any(type(v) is not int for v in value):
            self.error(key, zone_say("area_rect", key=key, found=described(value)))
            return None
        x, y, w, h = value
        if w < 1 or h < 1:
            self.error(key, zone_say("area_rect_size", key=key, width=w, height=h))
            return None
        outside = x < 0 or y < 0
        if width is not None and height is not None:
            outside = outside or x + w > width or y + h > height
        if outside:
            self.error(
                key,
                zone_say(
                    "area_outside",
                    key=key,
                    x=x,
                    y=y,
                    width=w,
                    height=h,
                    map_width=width,
                    map_height=height,
                ),
            )
            return None
        return x, y, w, h

    def overlaps(self, areas: list[tuple[int, ZoneArea]]) -> None:
        """Record each area that shares a field with an earlier one (naming both)."""
        for n, (i, area) in enumerate(areas):
            for j, other in areas[:n]:
                x0, y0 = max(area.x, other.x), max(area.y, other.y)
                if x0 < min(area.x + area.width, other.x + other.width) and y0 < min(
                    area.y + area.height, other.y + other.height
                ):
                    self.error(
                        f"zones.areas[{i}].rect",
                        zone_say(
                            "areas_overlap",
                            name=area.name,
                            other=other.name,
                            first=self.area_named(j, "rect"),
                            x=x0,
                            y=y0,
                        ),
                    )
                    break

    def area_named(self, index: int, key: str) -> str:
        """Return how a message names area ``index``: ``zones.areas[1] (line 40)``."""
        name = f"zones.areas[{index}]"
        line, _column = self.locate(f"{name}.{key}")
        return f"{name} (line {line})" if line is not None else name


__all__ = ["ZONE_TEMPLATES", "ZoneSection", "zone_say"]
