"""Tiled's XML map format (``.tmx``): the map, its tilesets, tile layers and objects."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.missions.loader_texts import mission_say
from game.missions.map_files import MapFiles
from game.missions.paths import MAX_FIELDS
from game.missions.tiled_layers import csv_layer, decode_base64_layer
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
    Tileset,
    Unusable,
    Where,
)
from game.missions.tiled_tilesets import external_tileset, image_path, tmx_tileset
from game.missions.tiled_values import (
    check_infinite,
    check_orientation,
    float_text,
    int_text,
    xml_properties,
)
from game.missions.tiled_xml import Node, WhereOf, element_label


def read_tmx(problems: Problems, root: Node, path_label: str, files: MapFiles | None) -> TiledMap:
    where_of = WhereOf(path_label)
    where = where_of(root)
    if root.tag != "map":  # name no part of a file that is no map (issue 13 point 11)
        said = "tileset_not_map" if root.tag == "tileset" else "not_a_tiled_map"
        problems.add(Where(path_label, None, root.line, root.column), mission_say(said))
        raise Unusable
    check_orientation(problems, where, root.attrs.get("orientation"))
    check_infinite(problems, where, root.attrs.get("infinite"))
    width = int_text(problems, where, "width", root.attrs.get("width"), 1, MAX_FIELDS)
    height = int_text(problems, where, "height", root.attrs.get("height"), 1, MAX_FIELDS)
    tw = int_text(problems, where, "tilewidth", root.attrs.get("tilewidth"), 1, MAX_TILE_PIXELS)
    th = int_text(problems, where, "tileheight", root.attrs.get("tileheight"), 1, MAX_TILE_PIXELS)
    result = TiledMap(width, height, tw, th, xml_properties(problems, root, where_of), where)
    result.background_colour = root.attrs.get("backgroundcolor", "").lstrip("#")
    for node in root.find_all("tileset"):
        if len(result.tilesets) >= MAX_TILESETS:
            what = mission_say("tilesets")
            problems.add(where_of(node), mission_say("too_many", limit=MAX_TILESETS, what=what))
            raise Unusable
        try:
            result.tilesets.append(_tmx_tileset_ref(problems, node, where_of, files))
        except Unusable:
            continue
    _tmx_layers(problems, root, where_of, result)
    return result


def _tmx_tileset_ref(
    problems: Problems, node: Node, where_of: WhereOf, files: MapFiles | None
) -> Tileset:
    where = where_of(node)
    firstgid = int_text(problems, where, "firstgid", node.attrs.get("firstgid"), 1, GID_MASK)
    source = node.attrs.get("source")
    if source is None:
        return tmx_tileset(problems, node, where_of, firstgid)
    return external_tileset(problems, where, source, firstgid, files)


def _tmx_layers(
    problems: Problems,
    parent: Node,
    where_of: WhereOf,
    result: TiledMap,
    shown: tuple[bool, float] = (True, 1.0),
) -> None:
    """Read layers in drawing order; groups recurse (the XML depth limit bounds them).

    ``shown``: whether the groups around are visible, and their opacity together.
    """
    for node in parent.children:
        if node.tag == "group":
            _tmx_layers(problems, node, where_of, result, _shown(problems, node, where_of, shown))
        elif node.tag == "layer":
            try:
                layer = _tmx_layer(problems, node, where_of, result)
                layer.visible, layer.opacity = _shown(problems, node, where_of, shown)
                result.layers.append(layer)
                result.drawing.append(layer)
            except Unusable:
                continue
            if len(result.layers) > MAX_LAYERS:
                what = mission_say("tile_layers")
                problems.add(where_of(node), mission_say("too_many", limit=MAX_LAYERS, what=what))
                raise Unusable
        elif node.tag == "objectgroup":
            art = ObjectArt([], *_shown(problems, node, where_of, shown))
            result.drawing.append(art)
            for obj in node.find_all("object"):
                if len(result.objects) >= MAX_OBJECTS:
                    what = mission_say("objects")
                    message = mission_say("too_many", limit=MAX_OBJECTS, what=what)
                    problems.add(where_of(obj), message)
                    raise Unusable
                try:
                    result.objects.append(_tmx_object(problems, obj, where_of))
                except Unusable:
                    continue
                art.objects.append(result.objects[-1])
        elif node.tag == "imagelayer":
            image = node.find("image")
            source = image.attrs.get("source") if image is not None else None
            if image is None or not source:
                continue  # an empty image layer draws nothing
            where = where_of(node)
            try:
                x = float_text(problems, where, "offsetx", node.attrs.get("offsetx"))
                y = float_text(problems, where, "offsety", node.attrs.get("offsety"))
            except Unusable:
                continue
            picture = TileImage(image_path("", source), where_of(image))
            visible, opacity = _shown(problems, node, where_of, shown)
            name = node.attrs.get("name", "")
            result.drawing.append(ImageLayer(name, where, picture, x, y, visible, opacity))


def _shown(
    problems: Problems, node: Node, where_of: WhereOf, outer: tuple[bool, float]
) -> tuple[bool, float]:
    """Return whether a layer is drawn and its opacity, with those of its groups."""
    visible = node.attrs.get("visible", "1").strip() != "0"
    try:
        opacity = float_text(problems, where_of(node), "opacity", node.attrs.get("opacity", "1"))
    except Unusable:
        opacity = 1.0
    return outer[0] and visible, outer[1] * min(1.0, max(0.0, opacity))


def _tmx_layer(problems: Problems, node: Node, where_of: WhereOf, result: TiledMap) -> TileLayer:
    where = where_of(node)
    width = int_text(problems, where, "width", node.attrs.get("width"), 1, MAX_FIELDS)
    height = int_text(problems, where, "height", node.attrs.get("height"), 1, MAX_FIELDS)
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
    data_node = node.find("data")
    if data_node is None:
        problems.add(where, mission_say("layer_no_data"))
        raise Unusable
    data_where = where_of(data_node, f"{element_label(node)}/<data>")
    if data_node.find("chunk") is not None:
        problems.add(data_where, mission_say("tiled_infinite"))
        raise Unusable
    count = width * height
    encoding = data_node.attrs.get("encoding")
    compression = data_node.attrs.get("compression", "")
    gids: npt.NDArray[np.uint32] | None
    if encoding == "csv":
        gids = csv_layer(problems, data_where, data_node.text, count)
    elif encoding == "base64":
        gids = decode_base64_layer(problems, data_where, data_node.text, compression, count)
    elif encoding is None:
        tiles = list(data_node.find_all("tile"))
        if len(tiles) != count:
            what = mission_say("tile_elements")
            message = mission_say("layer_tile_count", count=len(tiles), what=what, expected=count)
            problems.add(data_where, message)
            raise Unusable
        values: list[int] = []
        for tile in tiles:
            values.append(
                int_text(problems, where_of(tile), "gid", tile.attrs.get("gid", "0"), 0, 2**32 - 1)
            )
        gids = np.array(values, dtype=np.uint32)
    else:
        problems.add(data_where, mission_say("layer_encoding", encoding=encoding[:20]))
        raise Unusable
    if gids is None:
        raise Unusable
    return TileLayer(node.attrs.get("name", ""), where, gids)


def _tmx_object(problems: Problems, node: Node, where_of: WhereOf) -> MapObject:
    where = where_of(node)
    shape = "rectangle"
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if node.find(tag) is not None:
            shape = tag
    gid_text = node.attrs.get("gid")
    gid = None
    flags = 0
    if gid_text is not None:
        raw = int_text(problems, where, "gid", gid_text, 0, 2**32 - 1)
        gid, flags = raw & GID_MASK, raw & ~GID_MASK
    points: tuple[tuple[float, float], ...] = ()
    if shape in ("polygon", "polyline"):
        points = _points(problems, where, node.find(shape))
    return MapObject(
        flags=flags,
        points=points,
        where=where,
        type=node.attrs.get("type") or node.attrs.get("class") or "",
        name=node.attrs.get("name", ""),
        x=float_text(problems, where, "x", node.attrs.get("x")),
        y=float_text(problems, where, "y", node.attrs.get("y")),
        width=float_text(problems, where, "width", node.attrs.get("width")),
        height=float_text(problems, where, "height", node.attrs.get("height")),
        point=shape == "point",
        gid=gid,
        rotation=float_text(problems, where, "rotation", node.attrs.get("rotation")),
        shape=shape,
        properties=xml_properties(problems, node, where_of),
        template="template" in node.attrs,
    )


def _points(problems: Problems, where: Where, node: Node | None) -> tuple[tuple[float, float], ...]:
    """Return a polygon's or polyline's points ("x,y x,y ..."), relative to the object."""
    text = node.attrs.get("points", "") if node is not None else ""
    found: list[tuple[float, float]] = []
    for i, pair in enumerate(text.split()):
        if i >= MAX_POINTS:
            problems.add(where, mission_say("too_many_points", limit=MAX_POINTS))
            raise Unusable
        x_text, _, y_text = pair.partition(",")
        found.append(
            (
                float_text(problems, where, "points", x_text),
                float_text(problems, where, "points", y_text),
            )
        )
    return tuple(found)
