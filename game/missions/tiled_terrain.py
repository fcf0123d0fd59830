"""Tile layers to map rows: what each tile's ``terrain`` property makes of its fields.

A tile with the custom string property ``terrain`` gives its fields that terrain: a
default legend character or a terrain kind of the ruleset's catalogue, which gets a
legend character of its own. Layers are painted in drawing order; tiles without a
``terrain`` (decoration) and empty cells change nothing; what no layer sets is floor.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from game.board.grid import DEFAULT_LEGEND
from game.match.mission_ruleset import MissionTerms
from game.missions.loader_texts import mission_say
from game.missions.model import LegendEntry
from game.missions.tiled_model import GID_MASK, Problems, TiledMap, TileLayer, Tileset, Where
from game.missions.tiled_values import prop_text

_EXTRA_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789&*?!$@^"


class TileTerrain:
    """Looks tiles up in the tilesets and paints the map's rows, collecting the legend."""

    def __init__(self, problems: Problems, tmap: TiledMap, terms: MissionTerms) -> None:
        self.problems = problems
        self.map = tmap
        self.terms = terms
        self.legend: dict[str, LegendEntry] = {}
        self.said_terrain = False  # a placed tile has a ``terrain`` property (set by rows)
        self.char_of_key: dict[str, str] = {}
        self.tilesets = sorted(tmap.tilesets, key=lambda t: t.firstgid)
        self.firstgids = [t.firstgid for t in self.tilesets]
        for before, after in pairwise(self.tilesets):
            ends = before.firstgid + (before.span or 1)
            if ends > after.firstgid:
                problems.add(
                    after.where,
                    mission_say(
                        "firstgid_overlap",
                        after=after.name[:40],
                        firstgid=after.firstgid,
                        before=before.name[:40],
                        start=before.firstgid,
                    ),
                )

    def tile(self, gid: int) -> tuple[Tileset, int] | None:
        """Return the tileset and local id of a (masked) global tile id."""
        index = bisect_right(self.firstgids, gid) - 1
        if index < 0:
            return None
        tileset = self.tilesets[index]
        local = gid - tileset.firstgid
        if tileset.span is not None and local >= tileset.span:
            return None
        return tileset, local

    def terrain_char(self, tileset: Tileset, local: int) -> str | None:
        props = tileset.properties.get(local, {})
        where = tileset.wheres.get(local, tileset.where)
        label = f"tile {local} of tileset {tileset.name[:40]!r}"
        return self.char_for(props, where, label)

    def char_for(self, props: Mapping[str, object], where: Where, label: str) -> str | None:
        """Return the map character of a ``terrain`` property (None: none, or reported)."""
        value = prop_text(self.problems, where, props, "terrain")
        if value is None:
            return None
        if value in DEFAULT_LEGEND:
            return value
        if value in self.char_of_key:
            return self.char_of_key[value]
        if value not in self.terms.terrain_kinds:
            known = ", ".join(sorted(self.terms.terrain_kinds))
            self.problems.add(
                where,
                mission_say(
                    "terrain_unknown",
                    label=label,
                    value=value[:40],
                    chars="".join(DEFAULT_LEGEND),
                    known=known,
                ),
            )
            return None
        taken = set(DEFAULT_LEGEND) | set(self.legend)
        suggested = self.terms.terrain_char(value)
        candidates = [suggested] if len(suggested) == 1 else []
        candidates += list(_EXTRA_CHARACTERS)
        free = [c for c in candidates if c not in taken and c.isprintable() and not c.isspace()]
        if not free:
            self.problems.add(where, mission_say("terrain_kinds_full", value=value))
            return None
        char = free[0]
        self.legend[char] = LegendEntry(terrain=value)
        self.char_of_key[value] = char
        return char

    def rows(self) -> tuple[str, ...]:
        w, h = self.map.width, self.map.height
        grid = np.full(w * h, ".", dtype="<U1")
        chars: dict[int, str] = {}  # "" : the tile says nothing about terrain
        for layer in self.map.layers:
            gids = layer.data & GID_MASK
            unique, inverse = np.unique(gids, return_inverse=True)
            mapped: list[str] = []
            missing: list[int] = []
            for gid in unique.tolist():
                if gid not in chars:
                    found = self.tile(gid) if gid else None
                    if found is None:
                        if gid:
                            missing.append(gid)
                        chars[gid] = ""
                    else:
                        chars[gid] = self.terrain_char(*found) or ""
                mapped.append(chars[gid])
                self.said_terrain = self.said_terrain or bool(chars[gid])
            if missing:
                self.unknown_gids(layer, gids, missing)
            layer_chars = np.array(mapped, dtype="<U1")[inverse.reshape(-1)]
            painted = layer_chars != ""
            grid[painted] = layer_chars[painted]
        return tuple("".join(grid[y * w : (y + 1) * w].tolist()) for y in range(h))

    def unknown_gids(
        self, layer: TileLayer, gids: npt.NDArray[np.integer], missing: list[int]
    ) -> None:
        w = self.map.width
        for gid in missing[:5]:
            first = int(np.flatnonzero(gids == gid)[0])
            self.problems.add(
                layer.where,
                mission_say(
                    "gid_unknown",
                    layer=layer.name[:40],
                    x=first % w,
                    y=first // w,
                    gid=gid,
                    ranges=self.ranges(),
                ),
            )
        if len(missing) > 5:
            self.problems.add(
                layer.where,
                mission_say("gid_more", layer=layer.name[:40], count=len(missing) - 5),
            )

    def ranges(self) -> str:
        if not self.tilesets:
            return "a tileset (the map has none)"
        parts = []
        for t in self.tilesets:
            span = t.span
            if span is None:
                parts.append(f"{t.firstgid}..")
            else:
                parts.append(f"{t.firstgid}..{t.firstgid + span - 1}")
        return ", ".join(parts)
