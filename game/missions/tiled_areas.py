"""Objects of type ``terrain``: areas of the map whose fields get the object's ``terrain``.

The property ``terrain`` is read as a tile's is (a legend character or a terrain key
of the catalogue). An unrotated rectangle (or tile object) marks every field it
overlaps by a positive area; a polygon the fields whose centre lies inside it; a
point the field it lies in. Later objects paint over earlier ones; all paint over
the tile layers and under wall and door objects (``tiled_walls``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np
import numpy.typing as npt

from game.missions.loader_texts import mission_say
from game.missions.tiled_model import (
    TEMPLATE_MESSAGE,
    MapObject,
    Problems,
    TiledMap,
    Where,
    rect_fields,
)

#: Most field tests the terrain areas may take together (a polygon: fields × corners).
MAX_AREA_WORK = 50_000_000

#: Returns the map character of a ``terrain`` property (None: reported or absent).
CharFor = Callable[[Mapping[str, object], Where, str], "str | None"]


def paint_areas(
    problems: Problems,
    tmap: TiledMap,
    objects: list[tuple[MapObject, str, dict[str, object]]],
    char_for: CharFor,
    rows: tuple[str, ...],
) -> tuple[tuple[str, ...], int]:
    """Return ``rows`` with the terrain objects painted in, and how many there were."""
    grid = np.array([list(row) for row in rows], dtype="<U1").reshape(tmap.height, tmap.width)
    count = 0
    work = 0
    for obj, kind, props in objects:
        if kind != "terrain":
            continue
        count += 1
        if obj.template:
            problems.add(obj.where, TEMPLATE_MESSAGE)
            continue
        if "terrain" not in props:
            problems.add(obj.where, mission_say("missing_terrain"))
            continue
        work += tmap.width * tmap.height * max(1, len(obj.points))
        if work > MAX_AREA_WORK:
            problems.add(
                obj.where,
                mission_say("area_work", limit=MAX_AREA_WORK),
            )
            break
        char = char_for(props, obj.where, f"object {obj.name[:40] or obj.where.key}")
        mask = _mask(problems, tmap, obj)
        if char is not None and mask is not None:
            grid[mask] = char
    return tuple("".join(row) for row in grid.tolist()), count


def _mask(problems: Problems, tmap: TiledMap, obj: MapObject) -> npt.NDArray[np.bool_] | None:
    """Return the fields a terrain object marks; None (and a problem) when it marks none."""
    tw, th = tmap.tile_width, tmap.tile_height
    mask = np.zeros((tmap.height, tmap.width), dtype=bool)
    if obj.point or (obj.shape == "rectangle" and obj.width == 0 and obj.height == 0):
        x, y = math.floor(obj.x / tw), math.floor(obj.y / th)
        if not (0 <= x < tmap.width and 0 <= y < tmap.height):
            problems.warn_outside(obj, tmap)
            return None
        mask[y, x] = True
        return mask
    if obj.shape == "polygon" and len(obj.points) >= 3:
        return _polygon(problems, tmap, obj, mask)
    if obj.shape != "rectangle" or obj.rotation % 360 or obj.width <= 0 or obj.height <= 0:
        problems.add(
            obj.where,
            mission_say(
                "area_shape",
                shape=obj.shape,
                rotated=mission_say("rotated_by", angle=f"{obj.rotation:g}")
                if obj.rotation % 360
                else "",
            ),
        )
        return None
    top = obj.y - obj.height if obj.gid else obj.y  # tile objects hang from bottom-left
    fields = rect_fields(tmap, obj.x, top, obj.width, obj.height)
    if fields is None:
        problems.warn_outside(obj, tmap)
        return None
    mask[fields] = True
    return mask


def _polygon(
    problems: Problems, tmap: TiledMap, obj: MapObject, mask: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_] | None:
    """Mark the fields whose centre lies inside the polygon (even-odd rule).

    A polygon whose bounding box misses the map is a warning (None).
    """
    turn = math.radians(obj.rotation)
    cos, sin = math.cos(turn), math.sin(turn)
    xs = np.array([(obj.x + px * cos - py * sin) / tmap.tile_width for px, py in obj.points])
    ys = np.array([(obj.y + px * sin + py * cos) / tmap.tile_height for px, py in obj.points])
    if xs.max() <= 0 or ys.max() <= 0 or xs.min() >= tmap.width or ys.min() >= tmap.height:
        problems.warn_outside(obj, tmap)
        return None
    cy, cx = np.mgrid[0 : tmap.height, 0 : tmap.width] + 0.5
    inside = np.zeros(cx.shape, dtype=bool)
    for i in range(len(xs)):
        x1, y1, x2, y2 = xs[i - 1], ys[i - 1], xs[i], ys[i]
        if y1 == y2:
            continue
        crosses = (y1 > cy) != (y2 > cy)
        at = x1 + (cy - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (cx < at)
    mask |= inside
    return mask
