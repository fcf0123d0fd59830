"""Object layers to sides and creatures: ``creature`` and ``deployment`` objects.

Objects of any other type are ignored. A tile object inherits its tile's type and
properties. Sides are the ``side`` values in the order they first appear.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from game.board.grid import Cell
from game.match.mission_ruleset import MissionTerms
from game.missions.loader_texts import mission_say
from game.missions.model import Controller, CreaturePlacement, Facing, Side
from game.missions.tiled_model import (
    TEMPLATE_MESSAGE,
    MapObject,
    Problems,
    TiledMap,
    Where,
    rect_fields,
)
from game.missions.tiled_terrain import TileTerrain
from game.missions.tiled_values import prop_text
from game.missions.toml_schema import DEFAULT_COLOURS, KEY_RE, MAX_CREATURES, MAX_SIDES


class TiledObjects:
    """Reads the map's objects into sides (with deployment zones) and creatures."""

    def __init__(
        self, problems: Problems, tmap: TiledMap, terms: MissionTerms, tiles: TileTerrain
    ) -> None:
        self.problems = problems
        self.map = tmap
        self.terms = terms
        self.tiles = tiles

    def read(self) -> tuple[list[Side], list[CreaturePlacement]]:
        """Return the sides in the order they first appear and the creatures placed."""
        order: list[str] = []
        deployment: dict[str, npt.NDArray[np.bool_]] = {}
        controllers: dict[str, tuple[Controller, Where]] = {}
        creatures: list[CreaturePlacement] = []
        counts: dict[str, int] = {}
        for obj in self.map.objects:
            kind, props = self.object_props(obj)
            if kind not in ("creature", "deployment"):
                continue
            if obj.template:
                self.problems.add(obj.where, TEMPLATE_MESSAGE)
                continue
            side = self.side_key(obj, props)
            if side is not None and side not in order:
                order.append(side)
            if kind == "deployment":
                self.deployment(obj, props, side, deployment, controllers)
            else:
                placed = self.creature(obj, props, side, counts)
                if placed is not None:
                    creatures.append(placed)
        if len(order) > MAX_SIDES:
            what = mission_say("sides")
            message = mission_say("count_at_most", count=len(order), what=what, limit=MAX_SIDES)
            self.problems.add(self.map.where, message)
        if len(creatures) > MAX_CREATURES:
            what = mission_say("creatures")
            message = mission_say(
                "count_at_most", count=len(creatures), what=what, limit=MAX_CREATURES
            )
            self.problems.add(self.map.where, message)
        sides = []
        for i, key in enumerate(order):
            default = Controller.PLAYER if i == 0 else Controller.GM
            controller = controllers.get(key, (default, self.map.where))[0]
            mask = deployment.get(key)
            cells: tuple[Cell, ...] = ()
            if mask is not None:  # argwhere lists (y, x) row by row
                cells = tuple((int(x), int(y)) for y, x in np.argwhere(mask))
            colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            sides.append(Side(key, key, colour, controller, cells))
        return sides, creatures

    def object_props(self, obj: MapObject) -> tuple[str, dict[str, object]]:
        kind = obj.type
        props: dict[str, object] = {}
        if obj.gid:
            found = self.tiles.tile(obj.gid)
            if found is not None:
                tileset, local = found
                props.update(tileset.properties.get(local, {}))
                kind = kind or tileset.types.get(local, "")
        props.update(obj.properties)
        return kind.strip().lower(), props

    def side_key(self, obj: MapObject, props: Mapping[str, object]) -> str | None:
        side = prop_text(self.problems, obj.where, props, "side")
        if side is None:
            if "side" not in props:
                self.problems.add(obj.where, mission_say("missing_side"))
            return None
        if not KEY_RE.match(side) or len(side) > 64:
            self.problems.add(
                obj.where,
                mission_say("bad_side_key", side=side[:40]),
            )
            return None
        return side

    def top_left(self, obj: MapObject) -> tuple[float, float]:
        if obj.gid:  # tile objects are anchored at their bottom-left corner
            return obj.x, obj.y - obj.height
        return obj.x, obj.y

    def creature_cell(self, obj: MapObject) -> Cell | None:
        tw, th = self.map.tile_width, self.map.tile_height
        if obj.point or (obj.width == 0 and obj.height == 0):
            px, py = obj.x, obj.y
        else:
            x, y = self.top_left(obj)
            px, py = x + tw / 2, y + th / 2
        cell = (math.floor(px / tw + 1e-9), math.floor(py / th + 1e-9))
        if not (0 <= cell[0] < self.map.width and 0 <= cell[1] < self.map.height):
            self.problems.add(
                obj.where,
                mission_say(
                    "creature_pixel_outside",
                    x=f"{obj.x:g}",
                    y=f"{obj.y:g}",
                    fx=cell[0],
                    fy=cell[1],
                    width=self.map.width,
                    height=self.map.height,
                ),
            )
            return None
        return cell

    def deployment_cells(self, obj: MapObject) -> tuple[slice, slice] | None:
        """Return the (rows, columns) of the fields a deployment rectangle overlaps."""
        if obj.shape != "rectangle" or obj.point:
            self.problems.add(obj.where, mission_say("deployment_shape", shape=obj.shape))
            return None
        if obj.rotation % 360 != 0:
            self.problems.add(
                obj.where,
                mission_say("deployment_rotated", angle=f"{obj.rotation:g}"),
            )
            return None
        if obj.width <= 0 or obj.height <= 0:
            self.problems.add(
                obj.where,
                mission_say("deployment_size", width=f"{obj.width:g}", height=f"{obj.height:g}"),
            )
            return None
        x, y = self.top_left(obj)
        fields = rect_fields(self.map, x, y, obj.width, obj.height)
        if fields is None:
            self.problems.add(
                obj.where,
                mission_say(
                    "deployment_pixel_outside",
                    x=f"{obj.x:g}",
                    y=f"{obj.y:g}",
                    width=self.map.width,
                    height=self.map.height,
                ),
            )
            return None
        return fields

    def deployment(
        self,
        obj: MapObject,
        props: Mapping[str, object],
        side: str | None,
        deployment: dict[str, npt.NDArray[np.bool_]],
        controllers: dict[str, tuple[Controller, Where]],
    ) -> None:
        cells = self.deployment_cells(obj)
        raw = prop_text(self.problems, obj.where, props, "controller")
        controller = None
        if raw is not None:
            if raw.lower() in ("player", "gm"):
                controller = Controller(raw.lower())
            else:
                self.problems.add(obj.where, mission_say("bad_controller_property", raw=raw[:40]))
        if side is None or cells is None:
            return
        shape = (self.map.height, self.map.width)
        deployment.setdefault(side, np.zeros(shape, dtype=bool))[cells] = True
        if controller is not None:
            earlier = controllers.get(side)
            if earlier is not None and earlier[0] is not controller:
                self.problems.add(
                    obj.where,
                    mission_say(
                        "two_controllers",
                        side=side,
                        here=controller.value,
                        there=earlier[0].value,
                    ),
                )
            else:
                controllers[side] = (controller, obj.where)

    def creature(
        self, obj: MapObject, props: Mapping[str, object], side: str | None, counts: dict[str, int]
    ) -> CreaturePlacement | None:
        before = self.problems.total
        kind = prop_text(self.problems, obj.where, props, "creature_type")
        creature_type = None
        if kind is None:
            if "creature_type" not in props:
                self.problems.add(obj.where, mission_say("missing_creature_type"))
        else:
            creature_type = kind if kind in self.terms.creature_types else None
            if creature_type is None:
                known = ", ".join(self.terms.creature_types)
                self.problems.add(
                    obj.where,
                    mission_say("bad_creature_type", kind=kind[:40], known=known),
                )
        name = prop_text(self.problems, obj.where, props, "name") or obj.name.strip()
        if len(name) > 200:
            self.problems.add(obj.where, mission_say("name_too_long", count=len(name)))
        facing = Facing.S
        raw_facing = prop_text(self.problems, obj.where, props, "facing")
        if raw_facing is not None:
            if raw_facing.upper() in Facing.__members__:
                facing = Facing[raw_facing.upper()]
            else:
                self.problems.add(
                    obj.where,
                    mission_say(
                        "bad_facing_property",
                        raw=raw_facing[:20],
                        allowed=", ".join(f.value for f in Facing),
                    ),
                )
        cell = self.creature_cell(obj)
        if self.problems.total != before or creature_type is None or cell is None:
            return None
        if side is None:
            return None
        counts[creature_type] = counts.get(creature_type, 0) + 1
        key = f"{creature_type}_{counts[creature_type]}"
        return CreaturePlacement(
            key=key,
            type=creature_type,
            name=name or self.terms.creature_name(creature_type),
            side=side,
            cell=cell,
            facing=facing,
        )
