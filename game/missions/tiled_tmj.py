"""Tiled's JSON map format (``.tmj``): the map, its tilesets, tile layers and objects."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.match.problems import described
from game.missions.loader_texts import mission_say
from game.missions.map_files import MapFiles
from game.missions.paths import MAX_FIELDS
from game.missions.tiled_layers import decode_base64_layer, gid_list
from game.missions.tiled_model import (
    GID_MASK,
    MAX_LAYERS,
    MAX_OBJECTS,
    MAX_POINTS,
    MAX_TILE_PIXELS,
    MAX_TILESETS,
    ImageLayer,
    MapObject,
    ObjectArt,
    Problems,
    TiledMap,
    TileImage,
    TileLayer,
    Unusable,
    Where,
)
from game.missions.tiled_tilesets import external_tileset, image_path, json_tileset
from game.missions.tiled_values import (
    check_infinite,
    check_orientation,
    json_float,
    json_int,
    json_list,
    json_obj,
    json_properties,
    json_str,
    json_top,
    json_where,
)


def read_tmj(
    problems: Problems, document: object, path_label: str, files: MapFiles | None
) -> TiledMap:
    where = Where(path_label)
    data = json_top(problems, where, document)
    if data.get("type", "map") != "map":
        found = described(data.get("type"), json=True)
        problems.add(Where(path_label, "type"), mission_say("tiled_not_a_map", found=found))
        raise Unusable
    check_orientation(problems, Where(path_label, "orientation"), data.get("orientation"))
    check_infinite(problems, Where(path_label, "infinite"), data.get("infinite"))

    def need_int(name: str, low: int, high: int) -> int:
        return json_int(problems, Where(path_label, name), data.get(name), low, high)

    width = need_int("width", 1, MAX_FIELDS)
    height = need_int("height", 1, MAX_FIELDS)
    tw = need_int("tilewidth", 1, MAX_TILE_PIXELS)
    th = need_int("tileheight", 1, MAX_TILE_PIXELS)
    properties = json_properties(problems, Where(path_label, "properties"), data.get("properties"))
    result = TiledMap(width, height, tw, th, properties, where)
    colour = data.get("backgroundcolor")
    result.background_colour = colour.lstrip("#") if isinstance(colour, str) else ""
    tilesets = json_list(problems, Where(path_label, "tilesets"), data.get("tilesets"))
    if len(tilesets) > MAX_TILESETS:
        what = mission_say("tilesets")
        message = mission_say("too_many", limit=MAX_TILESETS, what=what)
        problems.add(Where(path_label, "tilesets"), message)
        raise Unusable
    for i, raw in enumerate(tilesets):
        ts_where = Where(path_label, f"tilesets[{i}]")
        try:
            entry = json_obj(problems, ts_where, raw)
            firstgid = json_int(
                problems,
                json_where(ts_where, "firstgid"),
                entry.get("firstgid"),
                1,
                GID_MASK,
            )
            if "source" in entry:
                result.tilesets.append(
                    external_tileset(problems, ts_where, entry["source"], firstgid, files)
                )
            else:
                result.tilesets.append(json_tileset(problems, ts_where, entry, firstgid))
        except Unusable:
            continue
    layers = json_list(problems, Where(path_label, "layers"), data.get("layers"))
    _json_layers(problems, Where(path_label, "layers"), layers, result)
    return result


def _json_layers(
    problems: Problems,
    where: Where,
    layers: list[object],
    result: TiledMap,
    outer: tuple[bool, float] = (True, 1.0),
) -> None:
    """Read layers in drawing order; group layers recurse (JSON depth bounds them).

    ``outer``: whether the groups around are visible, and their opacity together.
    """
    for i, raw in enumerate(layers):
        layer_where = json_where(where, f"[{i}]")
        try:
            layer = json_obj(problems, layer_where, raw)
            kind = layer.get("type")
            shown = _shown(layer, outer)
            inner_where = json_where(layer_where, "layers")
            if kind == "group":
                inner = json_list(problems, inner_where, layer.get("layers"))
            elif kind == "objectgroup":
                objects_where = json_where(layer_where, "objects")
                objects = json_list(problems, objects_where, layer.get("objects"))
            elif kind == "tilelayer":
                tile_layer = _json_tile_layer(problems, layer_where, layer, result)
            elif kind == "imagelayer":
                picture = _json_image_layer(problems, layer_where, layer, shown)
        except Unusable:
            continue
        if kind == "group":
            _json_layers(problems, inner_where, inner, result, shown)
        elif kind == "tilelayer":
            tile_layer.visible, tile_layer.opacity = shown
            result.layers.append(tile_layer)
            result.drawing.append(tile_layer)
            if len(result.layers) > MAX_LAYERS:
                what = mission_say("tile_layers")
                problems.add(layer_where, mission_say("too_many", limit=MAX_LAYERS, what=what))
                raise Unusable
        elif kind == "imagelayer":
            if picture is not None:
                result.drawing.append(picture)
        elif kind == "objectgroup":
            art = ObjectArt([], *shown)
            result.drawing.append(art)
            for j, obj in enumerate(objects):
                if len(result.objects) >= MAX_OBJECTS:
                    what = mission_say("objects")
                    message = mission_say("too_many", limit=MAX_OBJECTS, what=what)
                    problems.add(layer_where, message)
                    raise Unusable
                try:
                    result.objects.append(
                        _json_object(problems, json_where(layer_where, f"objects[{j}]"), obj)
                    )
                except Unusable:
                    continue
                art.objects.append(result.objects[-1])


def _json_image_layer(
    problems: Problems, where: Where, layer: dict[str, object], shown: tuple[bool, float]
) -> ImageLayer | None:
    """Return an image layer (None: it has no image)."""
    source = json_str(problems, json_where(where, "image"), layer.get("image"))
    if not source:
        return None
    x = json_float(problems, json_where(where, "offsetx"), layer.get("offsetx"))
    y = json_float(problems, json_where(where, "offsety"), layer.get("offsety"))
    name = layer.get("name")
    picture = TileImage(image_path("", source), json_where(where, "image"))
    return ImageLayer(name if isinstance(name, str) else "", where, picture, x, y, *shown)


def _shown(layer: dict[str, object], outer: tuple[bool, float]) -> tuple[bool, float]:
    """Return whether a layer is drawn and its opacity, with those of its groups."""
    visible = layer.get("visible", True) is not False
    opacity = layer.get("opacity", 1.0)
    if type(opacity) not in (int, float) or not 0 <= opacity <= 1:  # type: ignore[operator]
        opacity = 1.0
    return outer[0] and visible, outer[1] * float(opacity)  # type: ignore[arg-type]


def _json_tile_layer(
    problems: Problems, where: Where, layer: dict[str, object], result: TiledMap
) -> TileLayer:
    width = json_int(problems, json_where(where, "width"), layer.get("width"), 1, MAX_FIELDS)
    height = json_int(problems, json_where(where, "height"), layer.get("height"), 1, MAX_FIELDS)
    if (width, height) != (result.width, result.height):
        problems.add(
            where,
            mission_say(
                "layer_size",
                width=width,
                height=height,
                map_width=result.width,
                map_height=result.height,
            ),
        )
        raise Unusable
    if "chunks" in layer:
        problems.add(where, mission_say("tiled_infinite"))
        raise Unusable
    data_where = json_where(where, "data")
    raw = layer.get("data")
    count = width * height
    encoding = layer.get("encoding", "csv")
    compression = layer.get("compression", "")
    gids: npt.NDArray[np.uint32] | None
    if encoding == "base64":
        text = json_str(problems, data_where, raw)
        comp = json_str(problems, json_where(where, "compression"), compression)
        gids = decode_base64_layer(problems, data_where, text, comp, count)
    elif encoding == "csv":
        values = json_list(problems, data_where, raw)
        gids = gid_list(problems, data_where, values, count)
    else:
        problems.add(
            json_where(where, "encoding"),
            mission_say("layer_encoding_json", found=described(encoding, json=True)),
        )
        raise Unusable
    if gids is None:
        raise Unusable
    name = layer.get("name")
    return TileLayer(name if isinstance(name, str) else "", where, gids)


def _json_object(problems: Problems, where: Where, raw: object) -> MapObject:
    obj = json_obj(problems, where, raw)
    shape = "rectangle"
    for key in ("point", "ellipse"):
        if obj.get(key) is True:
            shape = key
    for key in ("polygon", "polyline", "text"):
        if key in obj:
            shape = key
    gid = None
    flags = 0
    if "gid" in obj:
        raw = json_int(problems, json_where(where, "gid"), obj["gid"], 0, 2**32 - 1)
        gid, flags = raw & GID_MASK, raw & ~GID_MASK
    kind = obj.get("type") or obj.get("class") or ""

    def num(name: str) -> float:
        return json_float(problems, json_where(where, name), obj.get(name))

    points: tuple[tuple[float, float], ...] = ()
    if shape in ("polygon", "polyline"):
        points = _points(problems, json_where(where, shape), obj.get(shape))
    return MapObject(
        flags=flags,
        points=points,
        where=where,
        type=json_str(problems, json_where(where, "type"), kind),
        name=json_str(problems, json_where(where, "name"), obj.get("name")),
        x=num("x"),
        y=num("y"),
        width=num("width"),
        height=num("height"),
        point=shape == "point",
        gid=gid,
        rotation=num("rotation"),
        shape=shape,
        properties=json_properties(
            problems, json_where(where, "properties"), obj.get("properties")
        ),
        template="template" in obj,
    )


def _points(problems: Problems, where: Where, raw: object) -> tuple[tuple[float, float], ...]:
    """Return a polygon's or polyline's points ([{"x", "y"}, ...]), relative to the object."""
    items = json_list(problems, where, raw)
    if len(items) > MAX_POINTS:
        problems.add(where, mission_say("points_at_most", count=len(items), limit=MAX_POINTS))
        raise Unusable
    found: list[tuple[float, float]] = []
    for i, item in enumerate(items):
        point_where = json_where(where, f"[{i}]")
        point = json_obj(problems, point_where, item)
        found.append(
            (
                json_float(problems, json_where(point_where, "x"), point.get("x")),
                json_float(problems, json_where(point_where, "y"), point.get("y")),
            )
        )
    return tuple(found)
