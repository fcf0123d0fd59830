"""Tilesets, embedded in a map or external (``.tsx``, ``.tsj``/``.json`` in the map's folder).

A tileset gives each tile id its custom properties and type, and the images its tiles
are drawn from (one image cut into tiles, or one image per tile); external files pass
the same checks as the map. Image paths are kept relative to the map's folder (an
external tileset's images lie relative to the tileset's file); whether they stay inside
it is checked when they are read (``tiled_art``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import posixpath
from pathlib import Path

from game.match.problems import MissionError, Problem
from game.missions.json_reading import read_json
from game.missions.loader_texts import mission_say
from game.missions.map_files import MapFiles
from game.missions.paths import MAX_FILE_BYTES
from game.missions.tiled_model import (
    GID_MASK,
    MAX_TILE_PIXELS,
    Problems,
    TileImage,
    Tileset,
    Unusable,
    Where,
)
from game.missions.tiled_values import (
    int_text,
    json_int,
    json_list,
    json_obj,
    json_properties,
    json_str,
    json_top,
    json_where,
    opt_int_text,
    opt_json_int,
    xml_properties,
)
from game.missions.tiled_xml import Node, WhereOf, parse_xml

#: Largest image size in pixels a tileset may declare (the image itself is checked too).
_MAX_IMAGE_SIDE = 1 << 16


def image_path(folder: str, source: str) -> str:
    """Return an image's path relative to the map's folder (``folder``: the tileset's)."""
    return posixpath.normpath(posixpath.join(folder, source.replace("\\", "/")))


def _xml_image(
    problems: Problems, node: Node | None, where_of: WhereOf, folder: str
) -> TileImage | None:
    if node is None:
        return None
    where = where_of(node)
    source = node.attrs.get("source")
    if not source:
        problems.add(where, mission_say("image_without_source"))
        return None
    try:
        width = opt_int_text(problems, where, "width", node.attrs.get("width"), _MAX_IMAGE_SIDE)
        height = opt_int_text(problems, where, "height", node.attrs.get("height"), _MAX_IMAGE_SIDE)
    except Unusable:
        return None
    trans = node.attrs.get("trans", "").lstrip("#")
    return TileImage(image_path(folder, source), where, width, height, trans=trans)


def _sub_rect(
    problems: Problems, where: Where, get: dict[str, object], image: TileImage, json: bool
) -> TileImage:
    """Return the image with the part a collection tile uses (Tiled >= 1.9: x, y, w, h)."""
    if not any(k in get for k in ("x", "y", "width", "height")):
        return image
    values = []
    for name in ("x", "y", "width", "height"):
        raw = get.get(name)
        if json:
            values.append(opt_json_int(problems, json_where(where, name), raw, _MAX_IMAGE_SIDE))
        else:
            text = raw if isinstance(raw, str) else None
            values.append(opt_int_text(problems, where, name, text, _MAX_IMAGE_SIDE))
    x, y, w, h = values
    if w == 0 or h == 0:
        return image
    return TileImage(
        image.source, image.where, image.width, image.height, (x, y, w, h), image.trans
    )


def _grid_attrs(problems: Problems, where: Where, tileset: Tileset, get: dict[str, object]) -> None:
    """Read the tile size, spacing, margin and columns (XML attributes or JSON members)."""
    names = ("tilewidth", "tileheight", "spacing", "margin", "columns")
    highs = (MAX_TILE_PIXELS, MAX_TILE_PIXELS, MAX_TILE_PIXELS, MAX_TILE_PIXELS, GID_MASK)
    values = []
    for name, high in zip(names, highs, strict=True):
        raw = get.get(name)
        if isinstance(raw, str):
            values.append(opt_int_text(problems, where, name, raw, high))
        else:
            values.append(opt_json_int(problems, json_where(where, name), raw, high))
    tileset.tile_width, tileset.tile_height, tileset.spacing, tileset.margin = values[:4]
    tileset.columns = values[4]


def tmx_tileset(
    problems: Problems, node: Node, where_of: WhereOf, firstgid: int, folder: str = ""
) -> Tileset:
    """Return a ``<tileset>`` element's tileset (``folder``: its file's, for its images)."""
    where = where_of(node)
    if node.tag != "tileset":  # name no part of a file that is no tileset (issue 13)
        problems.add(Where(where.path, None, node.line, node.column), mission_say("not_a_tileset"))
        raise Unusable
    count_text = node.attrs.get("tilecount")
    tilecount = None
    if count_text is not None:
        tilecount = int_text(problems, where, "tilecount", count_text, 0, GID_MASK)
    tileset = Tileset(firstgid, tilecount, node.attrs.get("name", ""), where)
    with contextlib.suppress(Unusable):  # reported; the tiles' properties still count
        _grid_attrs(problems, where, tileset, dict(node.attrs))
    tileset.image = _xml_image(problems, node.find("image"), where_of, folder)
    for tile in node.find_all("tile"):
        tile_where = where_of(tile)
        try:
            local = int_text(problems, tile_where, "id", tile.attrs.get("id"), 0, GID_MASK)
        except Unusable:
            continue
        image = _xml_image(problems, tile.find("image"), where_of, folder)
        if image is not None:
            with contextlib.suppress(Unusable):  # reported; the whole image is drawn
                image = _sub_rect(problems, tile_where, dict(tile.attrs), image, json=False)
            tileset.tile_images[local] = image
        tileset.properties[local] = xml_properties(problems, tile, where_of)
        tileset.types[local] = tile.attrs.get("type") or tile.attrs.get("class") or ""
        tileset.wheres[local] = tile_where
    return tileset


@dataclasses.dataclass
class _TilesetFile:
    """An external tileset file as read once: its tileset (None: unusable), its problems."""

    tileset: Tileset | None
    problems: list[Problem]
    warnings: list[Problem]
    told: bool = False  # its problems were reported (at its first reference)


def external_tileset(
    problems: Problems, where: Where, source: object, firstgid: int, files: MapFiles | None
) -> Tileset:
    """Return the tileset in the file ``source`` names, starting at ``firstgid``.

    The file is read and parsed once per load (``files`` caches it by resolved path):
    a second reference shares the first one's tiles, and its problems are told once.
    """
    if files is None:
        problems.add(where, mission_say("tileset_without_folder", source=source))
        raise Unusable
    try:
        real = files.resolve(source, path_label=where.path)
    except MissionError as exc:
        for p in exc.problems:
            problems.append(dataclasses.replace(p, key=p.key or where.key))
        raise Unusable from None
    read = files.parsed(real, lambda: _read_tileset(where, real, str(source), files))
    if not read.told:
        read.told = True
        problems.extend(read.problems)
        problems.warnings.extend(read.warnings)
    if read.tileset is None:
        raise Unusable
    return dataclasses.replace(read.tileset, firstgid=firstgid)


def _read_tileset(where: Where, real: Path, source: str, files: MapFiles) -> _TilesetFile:
    """Return the tileset in the file ``real`` with the problems found in it."""
    label = str(Path(where.path).parent / source)
    found = Problems()
    tileset: Tileset | None = None
    try:
        data = files.read(real, MAX_FILE_BYTES, path_label=label, parse=True)
    except MissionError as exc:
        found.extend(dataclasses.replace(p, key=p.key or where.key) for p in exc.problems)
        return _TilesetFile(None, list(found.items), [])
    try:
        suffix = real.suffix.lower()
        folder = posixpath.dirname(image_path("", source))
        if suffix == ".tsx":
            root = parse_xml(data, path_label=label)
            tileset = tmx_tileset(found, root, WhereOf(label), 0, folder)
        elif suffix in (".tsj", ".json"):
            document = read_json(data, path_label=label)
            json_top(found, Where(label), document, "not_a_json_tileset")
            tileset = json_tileset(found, Where(label), document, 0, folder)
        else:
            found.add(where, mission_say("tileset_suffix", source=source[:60]))
    except MissionError as exc:
        found.extend(exc.problems)
    except Unusable:
        tileset = None
    return _TilesetFile(tileset, list(found.items), list(found.warnings))


def _json_image(
    problems: Problems, where: Where, data: dict[str, object], folder: str
) -> TileImage | None:
    if "image" not in data:
        return None
    source = json_str(problems, json_where(where, "image"), data["image"])
    if not source:
        return None
    width = opt_json_int(
        problems, json_where(where, "imagewidth"), data.get("imagewidth"), _MAX_IMAGE_SIDE
    )
    height = opt_json_int(
        problems, json_where(where, "imageheight"), data.get("imageheight"), _MAX_IMAGE_SIDE
    )
    trans = data.get("transparentcolor")
    shown = trans.lstrip("#") if isinstance(trans, str) else ""
    return TileImage(
        image_path(folder, source), json_where(where, "image"), width, height, None, shown
    )


def _old_tiles(data: dict[str, object]) -> object:
    """Return a JSON tileset's ``tiles`` as a list, as Tiled since 1.2 writes it.

    Tiled before 1.2 wrote ``tiles`` as an object by tile id and the properties apart,
    in ``tileproperties`` (an object by tile id of ``{name: value}``).
    """
    tiles = data.get("tiles")
    old_properties = data.get("tileproperties")
    if not isinstance(tiles, dict) and not isinstance(old_properties, dict):
        return tiles
    by_id: dict[str, dict[str, object]] = {}
    if isinstance(tiles, dict):
        for key, tile in tiles.items():
            by_id[key] = dict(tile) if isinstance(tile, dict) else {"image": tile}
    if isinstance(old_properties, dict):
        for key, properties in old_properties.items():
            by_id.setdefault(key, {})["properties"] = properties
    found: list[object] = []
    for key, tile in by_id.items():
        tile.setdefault(
            "id", int(key) if key.isascii() and key.isdigit() and len(key) < 10 else key
        )
        found.append(tile)
    return found


def json_tileset(
    problems: Problems, where: Where, document: object, firstgid: int, folder: str = ""
) -> Tileset:
    """Return a JSON tileset (``folder``: its file's, for its images)."""
    data = json_obj(problems, where, document)
    tilecount = None
    if "tilecount" in data:
        tilecount = json_int(
            problems,
            json_where(where, "tilecount"),
            data["tilecount"],
            0,
            GID_MASK,
        )
    name = data.get("name")
    tileset = Tileset(firstgid, tilecount, name if isinstance(name, str) else "", where)
    try:
        _grid_attrs(problems, where, tileset, data)
        tileset.image = _json_image(problems, where, data, folder)
    except Unusable:
        pass
    tiles = json_list(problems, json_where(where, "tiles"), _old_tiles(data))
    for i, raw in enumerate(tiles):
        tile_where = json_where(where, f"tiles[{i}]")
        try:
            tile = json_obj(problems, tile_where, raw)
            local = json_int(problems, json_where(tile_where, "id"), tile.get("id"), 0, GID_MASK)
            kind = tile.get("type", tile.get("class", ""))
            tileset.types[local] = json_str(problems, tile_where, kind)
        except Unusable:
            continue
        tileset.properties[local] = json_properties(
            problems, json_where(tile_where, "properties"), tile.get("properties")
        )
        tileset.wheres[local] = tile_where
        try:
            image = _json_image(problems, tile_where, tile, folder)
            if image is not None:
                image = _sub_rect(problems, tile_where, tile, image, json=True)
                tileset.tile_images[local] = image
        except Unusable:
            continue
    return tileset
