"""The plain map words of a ruleset without terrain rules of its own (WRS, Genesis).

The legend's terrain kinds and wall materials are a small set with the keys the bundled
missions use, each only what the board needs: walls block steps and sight, panes block
steps but not sight, rubble and water are difficult ground, crates give partial cover,
smoke full cover. A ruleset that has its own table (ENTARIA) does not use these.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cover, FieldKind, Terrain

__all__ = ["MATERIALS", "TERRAIN", "MapWord"]


@dataclass(frozen=True)
class MapWord:
    """A terrain kind or wall material of the legend: its names, character and field."""

    key: str
    german: str
    english: str
    char: str
    field: FieldKind


#: The terrain kinds the legend may name (invented: the seeds give none), in this order.
TERRAIN: tuple[MapWord, ...] = (
    MapWord("floor", "Boden", "floor", ".", FieldKind()),
    MapWord(
        "rubble",
        "Geröll / Schutt",
        "rubble",
        ":",
        FieldKind(difficult=True, terrain=Terrain.RUBBLE),
    ),
    MapWord("water", "Wasser", "water", "~", FieldKind(difficult=True, terrain=Terrain.WATER)),
    MapWord(
        "mud", "Matsch / Glitschig", "mud / slippery ground", ",", FieldKind(terrain=Terrain.MUD)
    ),
    MapWord(
        "low_obstacle",
        "Niedriges Hindernis / Kisten",
        "low obstacle / crates",
        "=",
        FieldKind(difficult=True, cover=Cover.PARTIAL),
    ),
    MapWord("smoke", "Rauch / Nebel", "smoke / fog", "%", FieldKind(cover=Cover.FULL, smoke=True)),
    MapWord("glass_shards", "Glassplitter", "glass shards", "x", FieldKind(terrain=Terrain.SHARDS)),
)

_WALL = FieldKind(wall=True)
_PANE = FieldKind(wall=True, see_through=True, cover=Cover.FULL)

#: The wall, pane and door materials the legend may name (invented: the seeds give none).
MATERIALS: tuple[MapWord, ...] = (
    MapWord("thin_wooden_wall", "Dünne Holzwand", "thin wooden wall", "", _WALL),
    MapWord("thick_wooden_wall", "Dicke Holzwand", "thick wooden wall", "", _WALL),
    MapWord("stone_wall", "Steinwand", "stone wall", "", _WALL),
    MapWord("thick_steel_wall", "Dicke Stahlwand", "thick steel wall", "", _WALL),
    MapWord("glass_pane", "Glasscheibe", "glass pane", "", _PANE),
    MapWord("armoured_glass_pane", "Panzerglasscheibe", "armoured glass pane", "", _PANE),
)
