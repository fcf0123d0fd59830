"""Tilesets, embedded in a map or external (``.tsx``, ``.tsj``/``.json`` in the map's folder).

A tileset gives each tile id its custom properties and type; external files pass the
same checks as the map.
"""

from __future__ import annotations

from pathlib import Path

from game.match.problems import MissionError, Problem
from game.missions.json_reading import read_json
from game.missions.paths import MAX_FILE_BYTES, read_limited, resolve_inside
from game.missions.tiled_model import GID_MASK, Problems, Tileset, Unusable, Where
from game.missions.tiled_values import (
    int_text,
    json_int,
    json_list,
    json_obj,
    json_properties,
    json_str,
    json_where,
    xml_properties,
)
from game.missions.tiled_xml import Node, WhereOf, parse_xml


def tmx_tileset(problems: Problems, node: Node, where_of: WhereOf, firstgid: int) -> Tileset:
    where = where_of(node)
    if node.tag != "tileset":
        problems.add(where, f"root element is <{node.tag[:30]}>; expected <tileset>")
        raise Unusable
    count_text = node.attrs.get("tilecount")
    tilecount = None
    if count_text is not None:
        tilecount = int_text(problems, where, "tilecount", count_text, 0, GID_MASK)
    tileset = Tileset(firstgid, tilecount, node.attrs.get("name", ""), where)
    for tile in node.find_all("tile"):
        tile_where = where_of(tile)
        try:
            local = int_text(problems, tile_where, "id", tile.attrs.get("id"), 0, GID_MASK)
        except Unusable:
            continue
        tileset.properties[local] = xml_properties(problems, tile, where_of)
        tileset.types[local] = tile.attrs.get("type") or tile.attrs.get("class") or ""
        tileset.wheres[local] = tile_where
    return tileset


def external_tileset(
    problems: Problems, where: Where, source: object, firstgid: int, base_dir: Path | None
) -> Tileset:
    if base_dir is None:
        problems.add(where, f"external tileset {source!r} cannot be read without a folder")
        raise Unusable
    try:
        real = resolve_inside(base_dir, source, path_label=where.path)  # type: ignore[arg-type]
        label = str(Path(where.path).parent / str(source))
        data = read_limited(real, MAX_FILE_BYTES, path_label=label)
    except MissionError as exc:
        for p in exc.problems:
            problems.append(Problem(p.path, p.message, p.line, p.column, p.key or where.key))
        raise Unusable from None
    suffix = real.suffix.lower()
    try:
        if suffix == ".tsx":
            root = parse_xml(data, path_label=label)
            return tmx_tileset(problems, root, WhereOf(label), firstgid)
        if suffix in (".tsj", ".json"):
            document = read_json(data, path_label=label)
            return json_tileset(problems, Where(label), document, firstgid)
    except MissionError as exc:
        for p in exc.problems:
            problems.append(p)
        raise Unusable from None
    problems.add(
        where, f"external tileset {str(source)[:60]!r}: expected a .tsx, .tsj or .json file"
    )
    raise Unusable


def json_tileset(problems: Problems, where: Where, document: object, firstgid: int) -> Tileset:
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
    tiles = json_list(problems, json_where(where, "tiles"), data.get("tiles"))
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
    return tileset
