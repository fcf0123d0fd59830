"""The native mission format's vocabulary: its tables and keys, limits and default values.

``maps/README.md`` documents every key listed here (a test checks that it does).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: The default legend (DESIGN.md): always in force, a file may not redefine it (it may
#: only add a material to a terrain character: furniture, ``toml_map``).
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
MAX_LIST = 100  # equipment, held and conditions per creature
MAX_SHORT_TEXT = 200  # titles, names, keys
MAX_LONG_TEXT = 100_000  # descriptions and notes
MAX_PIXELS_PER_FIELD = 1000
MAX_OFFSET = 100_000
MIN_LP, MAX_LP = -99, 9999
MAX_DEPLOYMENT_ENTRIES = 1000  # rectangles and fields per side
MAX_EDGES = 100_000  # [[map.edges]] entries
#: ``[[creatures]] values``: at most this many, names like keys of at most 64 characters,
#: whole numbers in this range (the ruleset checks its own names and bounds at set-up).
MAX_VALUES = 100
MAX_VALUE_NAME = 64
MIN_VALUE, MAX_VALUE = -9999, 9999

#: Keys of sides and creatures: letters, digits, '_' and '-', no spaces.
KEY_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
LANGUAGE_RE = re.compile(r"^[a-z]{2}$")

#: Side colours used when a file gives none, in side order.
DEFAULT_COLOURS = ("#2f6fd0", "#c83232", "#2e9e44", "#8a4fbf", "#d98a1c", "#1fa3a3")

TOP_KEYS = ("mission", "map", "legend", "sides", "creatures", "notes", "environment", "zones")
ZONES_KEYS = ("size", "areas", "walk", "run", "metres")  # [zones] (D-14)
ZONE_AREA_KEYS = ("name", "rect")  # [[zones.areas]]
MIN_ZONE_SIZE, MAX_ZONE_SIZE = 2, 50  # zones.size: fields per side of a lattice zone
MAX_ZONE_MOVE = 20  # zones.walk and zones.run
MAX_ZONE_AREAS = 1000  # [[zones.areas]] entries
ENVIRONMENT_KEYS = ("weightless", "underwater")
MISSION_KEYS = ("title", "ruleset", "description", "author", "players")
MAP_KEYS = ("width", "height", "rows", "background", "edges")
EDGE_KEYS = ("between", "kind", "open")
EDGE_KINDS = ("wall", "door")
BACKGROUND_KEYS = ("path", "pixels_per_field", "offset")
LEGEND_KEYS = ("terrain", "material", "door", "difficult", "zw")
SIDE_KEYS = ("key", "name", "colour", "controller", "deployment")
CREATURE_KEYS = (
    "key",
    "type",
    "name",
    "side",
    "at",
    "facing",
    "lp",
    "equipment",
    "held",
    "conditions",
    "companion_of",
    "companion_before",
    "hidden",
    "image",
    "values",
)
NOTES_KEYS = ("gm",)
DOOR_STATES = ("closed", "open")
