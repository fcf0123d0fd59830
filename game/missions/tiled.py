"""Import Tiled maps (``.tmx`` XML and ``.tmj`` JSON, orthogonal) as missions.

Tiled has no walls or rules of its own; a map says what its tiles mean through
custom properties (the same in the map editor's TMX and JSON formats).

Imported:

- The map: ``orientation`` must be ``orthogonal`` (isometric, staggered and hexagonal
  maps give an error naming the orientation); infinite maps are refused; at most
  500×500 fields; one tile = one field. Map properties ``title`` and ``author``
  (strings) become the mission's; otherwise the title is the file name.
- Tilesets, embedded or external (``.tsx`` XML, ``.tsj``/``.json`` JSON; the file
  must lie inside the map's folder and passes the same checks as the map). A tile
  with the custom string property ``terrain`` gives its fields that terrain: either
  a default legend character (``.``, ``#``, ``:``, ``~``, ``=``, ``%``, ``+``, ``/``)
  or a terrain key of the content catalogue (``mud``, ``ice``, ``lava`` ...), which gets a legend
  character of its own in the mission (the kind's suggested character when free).
- Tile layers (also inside group layers), in drawing order: a tile with a ``terrain``
  property overrides what the layers below said; tiles without one (decoration) and
  empty cells change nothing; what no layer sets is floor. Hidden layers count too.
  Layer data: CSV, plain XML ``<tile>`` elements, JSON arrays, and base64 (plain,
  zlib or gzip). Flip and rotation flags on global tile ids are masked off.
- Object layers: objects whose type (Tiled ≥ 1.10 ``type``, Tiled 1.9 ``class``) is
  ``creature`` or ``deployment``; other objects are ignored. A tile object inherits
  its tile's type and properties.

  * ``creature``: properties ``creature_type`` (a catalogue creature key) and
    ``side``; optional ``name`` (else the object's name, else the type's name) and
    ``facing`` (N, NE, E, SE, S, SW, W, NW). The creature stands on the field that
    holds the object's top-left corner moved by half a field right and down (a point
    object: the point itself), so an object drawn snapped to the grid lands on its
    field, and a large creature's rectangle on its footprint's top-left field. Keys
    are ``<creature_type>_<n>``.
  * ``deployment``: an unrotated rectangle (pixels) with the property ``side``; the
    side may deploy on every field the rectangle overlaps by a positive area (parts
    outside the map are dropped). Optional property ``controller``: ``player`` or
    ``gm``.

- Sides are the ``side`` values in the order they first appear (layers and objects
  in document order). A side's controller is the ``controller`` property of its
  deployment objects, or by default ``player`` for the first side and ``gm`` for
  every other. Name = key; colours are the native format's default colours.

Not imported: tile images and image layers (there is no background), layer offsets,
opacity and tint, objects of any other type (text, polygons, markers), object
templates (an error), Wang sets and Tiled's own terrain sets, animations, collision
shapes, and any property not named above. Deployment areas must be rectangles (an
ellipse or polygon gives an error). zstd-compressed layers give an error.

XML safety: any ``<!DOCTYPE`` or ``<!ENTITY`` is refused before parsing (and the
parser refuses them again), so no entity can expand and no external file is read.
Files are UTF-8 and at most 5 MB, JSON and XML nesting at most 64 deep, layer data
must hold exactly width×height tiles. Every problem is raised as one MissionError
naming the file and the line/column, the XML element or the JSON path.
"""

from __future__ import annotations

import base64
import binascii
import math
import zlib
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import TypeVar
from xml.parsers import expat

import numpy as np
import numpy.typing as npt

from game.board.grid import DEFAULT_LEGEND, Cell
from game.match.problems import MissionError, Problem, ProblemList, describe
from game.missions.loader import LoadedMission
from game.missions.model import (
    Controller,
    CreaturePlacement,
    Facing,
    LegendEntry,
    Mission,
    Side,
)
from game.missions.paths import (
    MAX_FIELDS,
    MAX_FILE_BYTES,
    decode_utf8,
    line_column,
    read_limited,
    resolve_inside,
)
from game.missions.toml_format import DEFAULT_COLOURS, KEY_RE, MAX_CREATURES, MAX_SIDES
from game.missions.uvtt import JsonChecker, read_json
from game.rulesets.entaria.catalogue import Catalogue, load_catalogue

T = TypeVar("T")

#: Deepest XML element nesting (and group-layer nesting) accepted.
MAX_XML_DEPTH = 64
#: Most tile layers and tilesets a map may have (each layer is width × height tiles).
MAX_LAYERS = 100
MAX_TILESETS = 100
#: Most objects in all object layers together.
MAX_OBJECTS = 10_000
#: Largest tile size in pixels.
MAX_TILE_PIXELS = 4096
#: Largest object coordinate or size in pixels (far beyond any map; keeps arithmetic sane).
MAX_COORDINATE = 1e9
_GID_MASK = 0x0FFFFFFF  # bits 28..31 are flip/rotation flags
_EXTRA_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789&*?!$@^"
_FORBIDDEN_XML = (b"<!DOCTYPE", b"<!ENTITY")


# ------------------------------------------------------------------------- locations
@dataclass(frozen=True)
class _Where:
    """Where something stands: file, line/column (XML) and element or JSON path."""

    path: str
    key: str | None = None
    line: int | None = None
    column: int | None = None

    def problem(self, message: str) -> Problem:
        return Problem(self.path, message, line=self.line, column=self.column, key=self.key)


class _Problems(ProblemList):
    """The problems found so far (capped), each located by a _Where."""

    def add(self, where: _Where, message: str) -> None:
        self.append(where.problem(message))


# ------------------------------------------------------------------------ XML reading
@dataclass
class _Node:
    """An XML element with the place it starts at."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[_Node] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def find_all(self, tag: str) -> Iterator[_Node]:
        return (child for child in self.children if child.tag == tag)

    def find(self, tag: str) -> _Node | None:
        return next(self.find_all(tag), None)


class _Forbidden(Exception):
    pass


def parse_xml(data: bytes, *, path_label: str) -> _Node:
    """Return the root element of XML bytes; raise MissionError if unsafe or malformed.

    DTDs and entity declarations are refused before parsing (a text check) and while
    parsing (parser handlers), so nothing can expand or load outside files.
    """
    upper = data.upper()
    for marker in _FORBIDDEN_XML:
        at = upper.find(marker)
        if at >= 0:
            line, column = line_column(data, at)
            raise MissionError(
                [
                    Problem(
                        path_label,
                        f"found {marker.decode()}: document type and entity declarations "
                        "are not allowed; expected a plain Tiled file",
                        line=line,
                        column=column,
                    )
                ]
            )
    decode_utf8(data, path_label=path_label, what="XML")  # expat's own messages are vaguer
    parser = expat.ParserCreate(encoding="UTF-8")  # checked above; the declaration is ignored
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    stack: list[_Node] = []
    roots: list[_Node] = []

    def forbid(*_args: object) -> None:
        raise _Forbidden("document type and entity declarations are not allowed")

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if len(stack) >= MAX_XML_DEPTH:
            raise _Forbidden(f"XML is nested more than {MAX_XML_DEPTH} levels deep")
        if stack:
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def characters(text: str) -> None:
        if stack:
            stack[-1].text_parts.append(text)

    parser.StartDoctypeDeclHandler = forbid
    parser.EntityDeclHandler = forbid
    parser.ExternalEntityRefHandler = forbid  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise MissionError(
            [
                Problem(
                    path_label,
                    f"not well-formed XML: {expat.ErrorString(exc.code)}",
                    line=exc.lineno,
                    column=exc.offset + 1,
                )
            ]
        ) from None
    except _Forbidden as exc:
        raise MissionError(
            [
                Problem(
                    path_label,
                    f"{exc}; expected a plain Tiled file",
                    line=parser.CurrentLineNumber,
                    column=parser.CurrentColumnNumber + 1,
                )
            ]
        ) from None
    if not roots:
        raise MissionError([Problem(path_label, "the XML has no root element")])
    return roots[0]


# ------------------------------------------------------------------ common structures
@dataclass
class _Tileset:
    firstgid: int
    tilecount: int | None
    name: str
    where: _Where
    properties: dict[int, dict[str, object]] = field(default_factory=dict)
    types: dict[int, str] = field(default_factory=dict)
    wheres: dict[int, _Where] = field(default_factory=dict)


@dataclass
class _TileLayer:
    name: str
    where: _Where
    data: npt.NDArray[np.uint32]


@dataclass
class _Object:
    where: _Where
    type: str
    name: str
    x: float
    y: float
    width: float
    height: float
    point: bool
    gid: int | None
    rotation: float
    shape: str  # "rectangle", "point", "ellipse", "polygon", "polyline", "text"
    properties: dict[str, object]
    template: bool


@dataclass
class _Map:
    width: int
    height: int
    tile_width: int
    tile_height: int
    properties: dict[str, object]
    where: _Where
    tilesets: list[_Tileset] = field(default_factory=list)
    layers: list[_TileLayer] = field(default_factory=list)
    objects: list[_Object] = field(default_factory=list)


class _Unusable(Exception):
    """A part of the file is too broken to go on with; its problems are recorded."""


# ------------------------------------------------------------------ value conversion
def _int_text(
    problems: _Problems, where: _Where, name: str, text: str | None, low: int, high: int
) -> int:
    if text is None:
        problems.add(where, f"missing attribute {name!r}; expected a whole number")
        raise _Unusable
    try:
        value = int(text.strip())
    except ValueError:
        problems.add(where, f"attribute {name}={text[:40]!r}; expected a whole number")
        raise _Unusable from None
    if not low <= value <= high:
        problems.add(where, f"attribute {name}={value}; expected a number from {low} to {high}")
        raise _Unusable
    return value


def _float_text(problems: _Problems, where: _Where, name: str, text: str | None) -> float:
    if text is None:
        return 0.0
    try:
        value = float(text.strip())
    except ValueError:
        problems.add(where, f"attribute {name}={text[:40]!r}; expected a number")
        raise _Unusable from None
    if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
        problems.add(where, f"attribute {name}={text[:40]!r}; expected a finite number")
        raise _Unusable
    return value


def _usable(value: T | None) -> T:
    """Return a checked value; a failed check (already reported) makes the part unusable."""
    if value is None:
        raise _Unusable
    return value


def _json(problems: _Problems, where: _Where) -> tuple[JsonChecker, str]:
    """Return a checker reporting into ``problems`` for where's file, and where's JSON path."""
    return JsonChecker(where.path, problems), where.key or ""


def _json_int(problems: _Problems, where: _Where, value: object, low: int, high: int) -> int:
    check, key = _json(problems, where)
    return _usable(check.integer(value, key, low=low, high=high))


def _json_float(problems: _Problems, where: _Where, value: object) -> float:
    if value is None:  # Tiled leaves out coordinates and sizes that are 0
        return 0.0
    check, key = _json(problems, where)
    return _usable(check.number(value, key, low=-MAX_COORDINATE, high=MAX_COORDINATE))


def _json_str(problems: _Problems, where: _Where, value: object) -> str:
    if value is None:
        return ""
    check, key = _json(problems, where)
    return _usable(check.string(value, key))


def _json_obj(problems: _Problems, where: _Where, value: object) -> dict[str, object]:
    check, key = _json(problems, where)
    return _usable(check.obj(value, key))


def _json_list(problems: _Problems, where: _Where, value: object) -> list[object]:
    if value is None:
        return []
    check, key = _json(problems, where)
    return _usable(check.array(value, key))


def _json_where(where: _Where, suffix: str) -> _Where:
    joiner = "" if suffix.startswith("[") else "."
    key = f"{where.key}{joiner}{suffix}" if where.key else suffix.lstrip(".")
    return _Where(where.path, key)


# ------------------------------------------------------------------------ properties
def _xml_properties(problems: _Problems, node: _Node, where_of: _WhereOf) -> dict[str, object]:
    result: dict[str, object] = {}
    for holder in node.find_all("properties"):
        for prop in holder.find_all("property"):
            where = where_of(prop)
            name = prop.attrs.get("name")
            if name is None:
                problems.add(where, 'property without a name; expected name="..."')
                continue
            kind = prop.attrs.get("type", "string")
            raw = prop.attrs.get("value")
            if raw is None:
                raw = prop.text
            if kind == "class" or prop.find("properties") is not None:
                result[name] = _ClassValue()
                continue
            try:
                result[name] = _typed_property(kind, raw)
            except ValueError:
                problems.add(where, f"property {name!r} of type {kind!r} has value {raw[:40]!r}")
    return result


def _typed_property(kind: str, raw: str) -> object:
    if kind == "bool":
        if raw not in ("true", "false"):
            raise ValueError(raw)
        return raw == "true"
    if kind in ("int", "object"):
        return int(raw)
    if kind == "float":
        value = float(raw)
        if not math.isfinite(value):
            raise ValueError(raw)
        return value
    return raw


class _ClassValue:
    """A property of a custom class type: never one of ours."""

    def __repr__(self) -> str:
        return "a class value"


def _json_properties(problems: _Problems, where: _Where, value: object) -> dict[str, object]:
    result: dict[str, object] = {}
    if value is None:
        return result
    if isinstance(value, dict):  # Tiled before 1.2 wrote a plain object
        for name, item in value.items():
            result[str(name)] = item
        return result
    items = _json_list(problems, where, value)
    for i, raw in enumerate(items):
        item_where = _json_where(where, f"[{i}]")
        try:
            prop = _json_obj(problems, item_where, raw)
            name = _json_str(problems, item_where, prop.get("name"))
        except _Unusable:
            continue
        item = prop.get("value")
        if prop.get("type") == "class" or isinstance(item, dict | list):
            result[name] = _ClassValue()
        else:
            result[name] = item
    return result


def _prop_text(
    problems: _Problems, where: _Where, props: Mapping[str, object], name: str
) -> str | None:
    """Return a string property, None if absent; record a problem if it is no string."""
    if name not in props:
        return None
    value = props[name]
    if isinstance(value, str):
        return value.strip()
    shown = repr(value) if isinstance(value, _ClassValue) else describe(value, json=True)
    problems.add(where, f"property {name!r} is {shown}; expected a string")
    return None


# ------------------------------------------------------------------------ layer data
def _decode_base64_layer(
    problems: _Problems, where: _Where, text: str, compression: str, count: int
) -> npt.NDArray[np.uint32] | None:
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        problems.add(where, "layer data is not valid base64")
        return None
    expected = count * 4
    if compression == "zstd":
        problems.add(
            where,
            "layer data is zstd-compressed; expected CSV, uncompressed base64, zlib or gzip "
            "(change the layer format in Tiled's map properties)",
        )
        return None
    if compression in ("zlib", "gzip"):
        wbits = 15 if compression == "zlib" else 31
        try:
            inflater = zlib.decompressobj(wbits)
            out = inflater.decompress(raw, expected + 1)
            if len(out) <= expected:
                out += inflater.flush()
        except zlib.error as exc:
            problems.add(where, f"layer data cannot be {compression}-decompressed: {exc}")
            return None
        if len(out) > expected or not inflater.eof:
            problems.add(
                where,
                f"layer data decompresses to more than {expected} bytes or is cut short; "
                f"expected exactly {count} tiles",
            )
            return None
        raw = out
    elif compression:
        problems.add(
            where,
            f"unknown compression {compression[:20]!r}; expected none, 'zlib' or 'gzip'",
        )
        return None
    if len(raw) != expected:
        problems.add(
            where,
            f"layer data holds {len(raw)} bytes ({len(raw) / 4:g} tiles); expected {count} "
            f"tiles ({expected} bytes)",
        )
        return None
    return np.frombuffer(raw, dtype="<u4").astype(np.uint32)


def _csv_layer(
    problems: _Problems, where: _Where, text: str, count: int
) -> npt.NDArray[np.uint32] | None:
    items = [item.strip() for item in text.split(",")]
    if items and items[-1] == "":
        items.pop()  # Tiled ends some CSV data with a line break only; be lenient
    if len(items) != count:
        problems.add(where, f"layer data holds {len(items)} tiles; expected {count}")
        return None
    values: list[int] = []
    for i, item in enumerate(items):
        if not (item.isascii() and item.isdigit()) or len(item) > 10 or int(item) > 0xFFFFFFFF:
            problems.add(
                where,
                f"tile {i} of the CSV data is {item[:20]!r}; expected a global tile id "
                "(a whole number from 0 to 4294967295)",
            )
            return None
        values.append(int(item))
    return np.array(values, dtype=np.uint32)


def _gid_list(
    problems: _Problems, where: _Where, values: list[object], count: int
) -> npt.NDArray[np.uint32] | None:
    if len(values) != count:
        problems.add(where, f"layer data holds {len(values)} tiles; expected {count}")
        return None
    for i, value in enumerate(values):
        if type(value) is not int or not 0 <= value <= 0xFFFFFFFF:
            problems.add(
                _json_where(where, f"[{i}]"),
                f"found {describe(value, json=True)}; expected a global tile id (0..4294967295)",
            )
            return None
    return np.array(values, dtype=np.uint32)


# ------------------------------------------------------------------------ TMX reading
class _WhereOf:
    """Locates XML elements: file, line, column and a readable element path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, node: _Node, label: str | None = None) -> _Where:
        shown = label or _element_label(node)
        return _Where(self.path, shown, node.line, node.column)


def _element_label(node: _Node) -> str:
    for attr in ("name", "id"):
        if attr in node.attrs:
            return f"<{node.tag} {attr}={node.attrs[attr][:40]!r}>"
    return f"<{node.tag}>"


def _check_orientation(problems: _Problems, where: _Where, orientation: object) -> None:
    if orientation not in (None, "orthogonal"):
        problems.add(
            where,
            f"map orientation is {str(orientation)[:30]!r}; expected 'orthogonal' "
            "(isometric, staggered and hexagonal maps are not supported)",
        )
        raise _Unusable


def _check_infinite(problems: _Problems, where: _Where, infinite: object) -> None:
    if infinite in ("1", 1, True):
        problems.add(
            where,
            "the map is infinite; expected a fixed-size map (uncheck 'Infinite' in Tiled's "
            "map properties)",
        )
        raise _Unusable


def _read_tmx(problems: _Problems, root: _Node, path_label: str, base_dir: Path | None) -> _Map:
    where_of = _WhereOf(path_label)
    where = where_of(root)
    if root.tag != "map":
        problems.add(where, f"root element is <{root.tag[:30]}>; expected <map>")
        raise _Unusable
    _check_orientation(problems, where, root.attrs.get("orientation"))
    _check_infinite(problems, where, root.attrs.get("infinite"))
    width = _int_text(problems, where, "width", root.attrs.get("width"), 1, MAX_FIELDS)
    height = _int_text(problems, where, "height", root.attrs.get("height"), 1, MAX_FIELDS)
    tw = _int_text(problems, where, "tilewidth", root.attrs.get("tilewidth"), 1, MAX_TILE_PIXELS)
    th = _int_text(problems, where, "tileheight", root.attrs.get("tileheight"), 1, MAX_TILE_PIXELS)
    result = _Map(width, height, tw, th, _xml_properties(problems, root, where_of), where)
    for node in root.find_all("tileset"):
        if len(result.tilesets) >= MAX_TILESETS:
            problems.add(where_of(node), f"more than {MAX_TILESETS} tilesets")
            raise _Unusable
        try:
            result.tilesets.append(_tmx_tileset_ref(problems, node, where_of, base_dir))
        except _Unusable:
            continue
    _tmx_layers(problems, root, where_of, result)
    return result


def _tmx_tileset_ref(
    problems: _Problems, node: _Node, where_of: _WhereOf, base_dir: Path | None
) -> _Tileset:
    where = where_of(node)
    firstgid = _int_text(problems, where, "firstgid", node.attrs.get("firstgid"), 1, _GID_MASK)
    source = node.attrs.get("source")
    if source is None:
        return _tmx_tileset(problems, node, where_of, firstgid)
    return _external_tileset(problems, where, source, firstgid, base_dir)


def _tmx_tileset(problems: _Problems, node: _Node, where_of: _WhereOf, firstgid: int) -> _Tileset:
    where = where_of(node)
    if node.tag != "tileset":
        problems.add(where, f"root element is <{node.tag[:30]}>; expected <tileset>")
        raise _Unusable
    count_text = node.attrs.get("tilecount")
    tilecount = None
    if count_text is not None:
        tilecount = _int_text(problems, where, "tilecount", count_text, 0, _GID_MASK)
    tileset = _Tileset(firstgid, tilecount, node.attrs.get("name", ""), where)
    for tile in node.find_all("tile"):
        tile_where = where_of(tile)
        try:
            local = _int_text(problems, tile_where, "id", tile.attrs.get("id"), 0, _GID_MASK)
        except _Unusable:
            continue
        tileset.properties[local] = _xml_properties(problems, tile, where_of)
        tileset.types[local] = tile.attrs.get("type") or tile.attrs.get("class") or ""
        tileset.wheres[local] = tile_where
    return tileset


def _external_tileset(
    problems: _Problems, where: _Where, source: object, firstgid: int, base_dir: Path | None
) -> _Tileset:
    if base_dir is None:
        problems.add(where, f"external tileset {source!r} cannot be read without a folder")
        raise _Unusable
    try:
        real = resolve_inside(base_dir, source, path_label=where.path)  # type: ignore[arg-type]
        label = str(Path(where.path).parent / str(source))
        data = read_limited(real, MAX_FILE_BYTES, path_label=label)
    except MissionError as exc:
        for p in exc.problems:
            problems.append(Problem(p.path, p.message, p.line, p.column, p.key or where.key))
        raise _Unusable from None
    suffix = real.suffix.lower()
    try:
        if suffix == ".tsx":
            root = parse_xml(data, path_label=label)
            return _tmx_tileset(problems, root, _WhereOf(label), firstgid)
        if suffix in (".tsj", ".json"):
            document = read_json(data, path_label=label)
            return _json_tileset(problems, _Where(label), document, firstgid)
    except MissionError as exc:
        for p in exc.problems:
            problems.append(p)
        raise _Unusable from None
    problems.add(
        where, f"external tileset {str(source)[:60]!r}: expected a .tsx, .tsj or .json file"
    )
    raise _Unusable


def _tmx_layers(problems: _Problems, parent: _Node, where_of: _WhereOf, result: _Map) -> None:
    """Read layers in drawing order; groups recurse (the XML depth limit bounds them)."""
    for node in parent.children:
        if node.tag == "group":
            _tmx_layers(problems, node, where_of, result)
        elif node.tag == "layer":
            try:
                result.layers.append(_tmx_layer(problems, node, where_of, result))
            except _Unusable:
                continue
            if len(result.layers) > MAX_LAYERS:
                problems.add(where_of(node), f"more than {MAX_LAYERS} tile layers")
                raise _Unusable
        elif node.tag == "objectgroup":
            for obj in node.find_all("object"):
                if len(result.objects) >= MAX_OBJECTS:
                    problems.add(where_of(obj), f"more than {MAX_OBJECTS} objects")
                    raise _Unusable
                try:
                    result.objects.append(_tmx_object(problems, obj, where_of))
                except _Unusable:
                    continue


def _tmx_layer(problems: _Problems, node: _Node, where_of: _WhereOf, result: _Map) -> _TileLayer:
    where = where_of(node)
    width = _int_text(problems, where, "width", node.attrs.get("width"), 1, MAX_FIELDS)
    height = _int_text(problems, where, "height", node.attrs.get("height"), 1, MAX_FIELDS)
    if (width, height) != (result.width, result.height):
        problems.add(
            where,
            f"layer is {width}x{height} tiles; expected the map's {result.width}x{result.height}",
        )
        raise _Unusable
    data_node = node.find("data")
    if data_node is None:
        problems.add(where, "layer has no <data>; expected its tiles")
        raise _Unusable
    data_where = where_of(data_node, f"{_element_label(node)}/<data>")
    if data_node.find("chunk") is not None:
        problems.add(data_where, "layer data is in chunks (an infinite map); expected plain data")
        raise _Unusable
    count = width * height
    encoding = data_node.attrs.get("encoding")
    compression = data_node.attrs.get("compression", "")
    gids: npt.NDArray[np.uint32] | None
    if encoding == "csv":
        gids = _csv_layer(problems, data_where, data_node.text, count)
    elif encoding == "base64":
        gids = _decode_base64_layer(problems, data_where, data_node.text, compression, count)
    elif encoding is None:
        tiles = list(data_node.find_all("tile"))
        if len(tiles) != count:
            problems.add(data_where, f"layer data holds {len(tiles)} <tile>s; expected {count}")
            raise _Unusable
        values: list[int] = []
        for tile in tiles:
            values.append(
                _int_text(problems, where_of(tile), "gid", tile.attrs.get("gid", "0"), 0, 2**32 - 1)
            )
        gids = np.array(values, dtype=np.uint32)
    else:
        problems.add(
            data_where, f"layer encoding {encoding[:20]!r}; expected 'csv', 'base64' or none"
        )
        raise _Unusable
    if gids is None:
        raise _Unusable
    return _TileLayer(node.attrs.get("name", ""), where, gids)


def _tmx_object(problems: _Problems, node: _Node, where_of: _WhereOf) -> _Object:
    where = where_of(node)
    shape = "rectangle"
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if node.find(tag) is not None:
            shape = tag
    gid_text = node.attrs.get("gid")
    gid = None
    if gid_text is not None:
        gid = _int_text(problems, where, "gid", gid_text, 0, 2**32 - 1) & _GID_MASK
    return _Object(
        where=where,
        type=node.attrs.get("type") or node.attrs.get("class") or "",
        name=node.attrs.get("name", ""),
        x=_float_text(problems, where, "x", node.attrs.get("x")),
        y=_float_text(problems, where, "y", node.attrs.get("y")),
        width=_float_text(problems, where, "width", node.attrs.get("width")),
        height=_float_text(problems, where, "height", node.attrs.get("height")),
        point=shape == "point",
        gid=gid,
        rotation=_float_text(problems, where, "rotation", node.attrs.get("rotation")),
        shape=shape,
        properties=_xml_properties(problems, node, where_of),
        template="template" in node.attrs,
    )


# ----------------------------------------------------------------------- JSON reading
def _read_tmj(
    problems: _Problems, document: object, path_label: str, base_dir: Path | None
) -> _Map:
    where = _Where(path_label)
    data = _json_obj(problems, where, document)
    if data.get("type", "map") != "map":
        problems.add(
            _Where(path_label, "type"),
            f"found type {describe(data.get('type'), json=True)}; expected 'map' "
            "(is this a tileset?)",
        )
        raise _Unusable
    _check_orientation(problems, _Where(path_label, "orientation"), data.get("orientation"))
    _check_infinite(problems, _Where(path_label, "infinite"), data.get("infinite"))

    def need_int(name: str, low: int, high: int) -> int:
        return _json_int(problems, _Where(path_label, name), data.get(name), low, high)

    width = need_int("width", 1, MAX_FIELDS)
    height = need_int("height", 1, MAX_FIELDS)
    tw = need_int("tilewidth", 1, MAX_TILE_PIXELS)
    th = need_int("tileheight", 1, MAX_TILE_PIXELS)
    properties = _json_properties(
        problems, _Where(path_label, "properties"), data.get("properties")
    )
    result = _Map(width, height, tw, th, properties, where)
    tilesets = _json_list(problems, _Where(path_label, "tilesets"), data.get("tilesets"))
    if len(tilesets) > MAX_TILESETS:
        problems.add(_Where(path_label, "tilesets"), f"more than {MAX_TILESETS} tilesets")
        raise _Unusable
    for i, raw in enumerate(tilesets):
        ts_where = _Where(path_label, f"tilesets[{i}]")
        try:
            entry = _json_obj(problems, ts_where, raw)
            firstgid = _json_int(
                problems,
                _json_where(ts_where, "firstgid"),
                entry.get("firstgid"),
                1,
                _GID_MASK,
            )
            if "source" in entry:
                result.tilesets.append(
                    _external_tileset(problems, ts_where, entry["source"], firstgid, base_dir)
                )
            else:
                result.tilesets.append(_json_tileset(problems, ts_where, entry, firstgid))
        except _Unusable:
            continue
    layers = _json_list(problems, _Where(path_label, "layers"), data.get("layers"))
    _json_layers(problems, _Where(path_label, "layers"), layers, result)
    return result


def _json_tileset(problems: _Problems, where: _Where, document: object, firstgid: int) -> _Tileset:
    data = _json_obj(problems, where, document)
    tilecount = None
    if "tilecount" in data:
        tilecount = _json_int(
            problems,
            _json_where(where, "tilecount"),
            data["tilecount"],
            0,
            _GID_MASK,
        )
    name = data.get("name")
    tileset = _Tileset(firstgid, tilecount, name if isinstance(name, str) else "", where)
    tiles = _json_list(problems, _json_where(where, "tiles"), data.get("tiles"))
    for i, raw in enumerate(tiles):
        tile_where = _json_where(where, f"tiles[{i}]")
        try:
            tile = _json_obj(problems, tile_where, raw)
            local = _json_int(problems, _json_where(tile_where, "id"), tile.get("id"), 0, _GID_MASK)
            kind = tile.get("type", tile.get("class", ""))
            tileset.types[local] = _json_str(problems, tile_where, kind)
        except _Unusable:
            continue
        tileset.properties[local] = _json_properties(
            problems, _json_where(tile_where, "properties"), tile.get("properties")
        )
        tileset.wheres[local] = tile_where
    return tileset


def _json_layers(problems: _Problems, where: _Where, layers: list[object], result: _Map) -> None:
    """Read layers in drawing order; group layers recurse (JSON depth bounds them)."""
    for i, raw in enumerate(layers):
        layer_where = _json_where(where, f"[{i}]")
        try:
            layer = _json_obj(problems, layer_where, raw)
            kind = layer.get("type")
            inner_where = _json_where(layer_where, "layers")
            if kind == "group":
                inner = _json_list(problems, inner_where, layer.get("layers"))
            elif kind == "objectgroup":
                objects_where = _json_where(layer_where, "objects")
                objects = _json_list(problems, objects_where, layer.get("objects"))
            elif kind == "tilelayer":
                tile_layer = _json_tile_layer(problems, layer_where, layer, result)
        except _Unusable:
            continue
        if kind == "group":
            _json_layers(problems, inner_where, inner, result)
        elif kind == "tilelayer":
            result.layers.append(tile_layer)
            if len(result.layers) > MAX_LAYERS:
                problems.add(layer_where, f"more than {MAX_LAYERS} tile layers")
                raise _Unusable
        elif kind == "objectgroup":
            for j, obj in enumerate(objects):
                if len(result.objects) >= MAX_OBJECTS:
                    problems.add(layer_where, f"more than {MAX_OBJECTS} objects")
                    raise _Unusable
                try:
                    result.objects.append(
                        _json_object(problems, _json_where(layer_where, f"objects[{j}]"), obj)
                    )
                except _Unusable:
                    continue


def _json_tile_layer(
    problems: _Problems, where: _Where, layer: dict[str, object], result: _Map
) -> _TileLayer:
    width = _json_int(problems, _json_where(where, "width"), layer.get("width"), 1, MAX_FIELDS)
    height = _json_int(problems, _json_where(where, "height"), layer.get("height"), 1, MAX_FIELDS)
    if (width, height) != (result.width, result.height):
        problems.add(
            where,
            f"layer is {width}x{height} tiles; expected the map's {result.width}x{result.height}",
        )
        raise _Unusable
    if "chunks" in layer:
        problems.add(where, "layer data is in chunks (an infinite map); expected plain data")
        raise _Unusable
    data_where = _json_where(where, "data")
    raw = layer.get("data")
    count = width * height
    encoding = layer.get("encoding", "csv")
    compression = layer.get("compression", "")
    gids: npt.NDArray[np.uint32] | None
    if encoding == "base64":
        text = _json_str(problems, data_where, raw)
        comp = _json_str(problems, _json_where(where, "compression"), compression)
        gids = _decode_base64_layer(problems, data_where, text, comp, count)
    elif encoding == "csv":
        values = _json_list(problems, data_where, raw)
        gids = _gid_list(problems, data_where, values, count)
    else:
        problems.add(
            _json_where(where, "encoding"),
            f"found {describe(encoding, json=True)}; expected 'csv' or 'base64'",
        )
        raise _Unusable
    if gids is None:
        raise _Unusable
    name = layer.get("name")
    return _TileLayer(name if isinstance(name, str) else "", where, gids)


def _json_object(problems: _Problems, where: _Where, raw: object) -> _Object:
    obj = _json_obj(problems, where, raw)
    shape = "rectangle"
    for key in ("point", "ellipse"):
        if obj.get(key) is True:
            shape = key
    for key in ("polygon", "polyline", "text"):
        if key in obj:
            shape = key
    gid = None
    if "gid" in obj:
        gid = _json_int(problems, _json_where(where, "gid"), obj["gid"], 0, 2**32 - 1) & _GID_MASK
    kind = obj.get("type") or obj.get("class") or ""

    def num(name: str) -> float:
        return _json_float(problems, _json_where(where, name), obj.get(name))

    return _Object(
        where=where,
        type=_json_str(problems, _json_where(where, "type"), kind),
        name=_json_str(problems, _json_where(where, "name"), obj.get("name")),
        x=num("x"),
        y=num("y"),
        width=num("width"),
        height=num("height"),
        point=shape == "point",
        gid=gid,
        rotation=num("rotation"),
        shape=shape,
        properties=_json_properties(
            problems, _json_where(where, "properties"), obj.get("properties")
        ),
        template="template" in obj,
    )


# ---------------------------------------------------------------------- building
class _Builder:
    """Turns the format-neutral map into a Mission, collecting problems."""

    def __init__(self, problems: _Problems, tmap: _Map, catalogue: Catalogue, title: str) -> None:
        self.problems = problems
        self.map = tmap
        self.catalogue = catalogue
        self.title = title
        self.legend: dict[str, LegendEntry] = {}
        self.char_of_key: dict[str, str] = {}
        self.tilesets = sorted(tmap.tilesets, key=lambda t: t.firstgid)
        self.firstgids = [t.firstgid for t in self.tilesets]
        for before, after in pairwise(self.tilesets):
            ends = before.firstgid + (before.tilecount or 1)
            if ends > after.firstgid:
                problems.add(
                    after.where,
                    f"tileset {after.name[:40]!r} starts at firstgid {after.firstgid}, "
                    f"inside the ids of tileset {before.name[:40]!r} "
                    f"(from {before.firstgid}); expected separate id ranges",
                )

    # ---------------------------------------------------------------- tiles
    def tile(self, gid: int) -> tuple[_Tileset, int] | None:
        """Return the tileset and local id of a (masked) global tile id."""
        index = bisect_right(self.firstgids, gid) - 1
        if index < 0:
            return None
        tileset = self.tilesets[index]
        local = gid - tileset.firstgid
        if tileset.tilecount is not None and local >= tileset.tilecount:
            return None
        return tileset, local

    def terrain_char(self, tileset: _Tileset, local: int) -> str | None:
        props = tileset.properties.get(local, {})
        where = tileset.wheres.get(local, tileset.where)
        value = _prop_text(self.problems, where, props, "terrain")
        if value is None:
            return None
        if value in DEFAULT_LEGEND:
            return value
        if value in self.char_of_key:
            return self.char_of_key[value]
        kind = self.catalogue.terrain.get(value)
        if kind is None:
            known = ", ".join(sorted(self.catalogue.terrain))
            self.problems.add(
                where,
                f"tile {local} of tileset {tileset.name[:40]!r}: terrain {value[:40]!r} is "
                f"neither a legend character ({''.join(DEFAULT_LEGEND)}) nor a terrain key "
                f"of the catalogue ({known})",
            )
            return None
        taken = set(DEFAULT_LEGEND) | set(self.legend)
        candidates = [kind.sample_char] if len(kind.sample_char) == 1 else []
        candidates += list(_EXTRA_CHARACTERS)
        free = [c for c in candidates if c not in taken and c.isprintable() and not c.isspace()]
        if not free:
            self.problems.add(
                where, f"too many terrain kinds; no legend character left for {value!r}"
            )
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
            gids = layer.data & _GID_MASK
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
            if missing:
                self.unknown_gids(layer, gids, missing)
            layer_chars = np.array(mapped, dtype="<U1")[inverse.reshape(-1)]
            painted = layer_chars != ""
            grid[painted] = layer_chars[painted]
        return tuple("".join(grid[y * w : (y + 1) * w].tolist()) for y in range(h))

    def unknown_gids(
        self, layer: _TileLayer, gids: npt.NDArray[np.integer], missing: list[int]
    ) -> None:
        w = self.map.width
        for gid in missing[:5]:
            first = int(np.flatnonzero(gids == gid)[0])
            self.problems.add(
                layer.where,
                f"layer {layer.name[:40]!r}: tile at x={first % w}, y={first // w} has global "
                f"id {gid}, which no tileset holds; expected an id of {self._ranges()}",
            )
        if len(missing) > 5:
            self.problems.add(
                layer.where,
                f"layer {layer.name[:40]!r}: {len(missing) - 5} more global ids no tileset holds",
            )

    def _ranges(self) -> str:
        if not self.tilesets:
            return "a tileset (the map has none)"
        parts = []
        for t in self.tilesets:
            if t.tilecount is None:
                parts.append(f"{t.firstgid}..")
            else:
                parts.append(f"{t.firstgid}..{t.firstgid + t.tilecount - 1}")
        return ", ".join(parts)

    # ---------------------------------------------------------------- objects
    def object_props(self, obj: _Object) -> tuple[str, dict[str, object]]:
        kind = obj.type
        props: dict[str, object] = {}
        if obj.gid:
            found = self.tile(obj.gid)
            if found is not None:
                tileset, local = found
                props.update(tileset.properties.get(local, {}))
                kind = kind or tileset.types.get(local, "")
        props.update(obj.properties)
        return kind.strip().lower(), props

    def side_key(self, obj: _Object, props: Mapping[str, object]) -> str | None:
        side = _prop_text(self.problems, obj.where, props, "side")
        if side is None:
            if "side" not in props:
                self.problems.add(obj.where, "missing property 'side'; expected the side's key")
            return None
        if not KEY_RE.match(side) or len(side) > 64:
            self.problems.add(
                obj.where,
                f"property 'side' is {side[:40]!r}; expected a key of letters, digits, '_' "
                "and '-' (no spaces), like 'pirates'",
            )
            return None
        return side

    def top_left(self, obj: _Object) -> tuple[float, float]:
        if obj.gid:  # tile objects are anchored at their bottom-left corner
            return obj.x, obj.y - obj.height
        return obj.x, obj.y

    def creature_cell(self, obj: _Object) -> Cell | None:
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
                f"creature at pixel ({obj.x:g}, {obj.y:g}) is on field {cell}, outside the "
                f"{self.map.width}x{self.map.height} map",
            )
            return None
        return cell

    def deployment_cells(self, obj: _Object) -> tuple[slice, slice] | None:
        """Return the (rows, columns) of the fields a deployment rectangle overlaps."""
        if obj.shape != "rectangle" or obj.point:
            self.problems.add(
                obj.where, f"deployment object is a {obj.shape}; expected a rectangle"
            )
            return None
        if obj.rotation % 360 != 0:
            self.problems.add(
                obj.where,
                f"deployment rectangle is rotated by {obj.rotation:g}°; expected no rotation",
            )
            return None
        if obj.width <= 0 or obj.height <= 0:
            self.problems.add(
                obj.where,
                f"deployment rectangle is {obj.width:g}x{obj.height:g} pixels; expected a "
                "positive width and height",
            )
            return None
        tw, th = self.map.tile_width, self.map.tile_height
        x, y = self.top_left(obj)
        x0 = max(0, math.floor(x / tw + 1e-9))
        y0 = max(0, math.floor(y / th + 1e-9))
        x1 = min(self.map.width, math.ceil((x + obj.width) / tw - 1e-9))
        y1 = min(self.map.height, math.ceil((y + obj.height) / th - 1e-9))
        if x0 >= x1 or y0 >= y1:
            self.problems.add(
                obj.where,
                f"deployment rectangle at pixel ({obj.x:g}, {obj.y:g}) lies outside the "
                f"{self.map.width}x{self.map.height} map",
            )
            return None
        return slice(y0, y1), slice(x0, x1)

    def build(self) -> Mission:
        rows = self.rows()
        order: list[str] = []
        deployment: dict[str, npt.NDArray[np.bool_]] = {}
        controllers: dict[str, tuple[Controller, _Where]] = {}
        creatures: list[CreaturePlacement] = []
        counts: dict[str, int] = {}
        for obj in self.map.objects:
            kind, props = self.object_props(obj)
            if kind not in ("creature", "deployment"):
                continue
            if obj.template:
                self.problems.add(
                    obj.where,
                    "object uses a template; expected a plain object (detach the template "
                    "in Tiled)",
                )
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
            self.problems.add(self.map.where, f"{len(order)} sides; expected at most {MAX_SIDES}")
        if len(creatures) > MAX_CREATURES:
            self.problems.add(
                self.map.where, f"{len(creatures)} creatures; expected at most {MAX_CREATURES}"
            )
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
        title = self.text_property("title") or self.title
        author = self.text_property("author") or ""
        self.problems.raise_if_any()
        return Mission(
            title=title,
            width=self.map.width,
            height=self.map.height,
            rows=rows,
            legend=dict(self.legend),
            author=author,
            sides=tuple(sides),
            creatures=tuple(creatures),
        )

    def text_property(self, name: str) -> str | None:
        value = _prop_text(self.problems, self.map.where, self.map.properties, name)
        if value is not None and len(value) > 200:
            self.problems.add(
                self.map.where, f"map property {name!r} is {len(value)} characters; at most 200"
            )
            return None
        return value

    def deployment(
        self,
        obj: _Object,
        props: Mapping[str, object],
        side: str | None,
        deployment: dict[str, npt.NDArray[np.bool_]],
        controllers: dict[str, tuple[Controller, _Where]],
    ) -> None:
        cells = self.deployment_cells(obj)
        raw = _prop_text(self.problems, obj.where, props, "controller")
        controller = None
        if raw is not None:
            if raw.lower() in ("player", "gm"):
                controller = Controller(raw.lower())
            else:
                self.problems.add(
                    obj.where, f"property 'controller' is {raw[:40]!r}; expected 'player' or 'gm'"
                )
        if side is None or cells is None:
            return
        shape = (self.map.height, self.map.width)
        deployment.setdefault(side, np.zeros(shape, dtype=bool))[cells] = True
        if controller is not None:
            earlier = controllers.get(side)
            if earlier is not None and earlier[0] is not controller:
                self.problems.add(
                    obj.where,
                    f"side {side!r} has controller {controller.value!r} here and "
                    f"{earlier[0].value!r} on another deployment object; expected one",
                )
            else:
                controllers[side] = (controller, obj.where)

    def creature(
        self, obj: _Object, props: Mapping[str, object], side: str | None, counts: dict[str, int]
    ) -> CreaturePlacement | None:
        before = self.problems.total
        kind = _prop_text(self.problems, obj.where, props, "creature_type")
        creature_type = None
        if kind is None:
            if "creature_type" not in props:
                self.problems.add(
                    obj.where, "missing property 'creature_type'; expected a creature key"
                )
        else:
            creature_type = self.catalogue.creatures.get(kind)
            if creature_type is None:
                known = ", ".join(sorted(self.catalogue.creatures))
                self.problems.add(
                    obj.where,
                    f"property 'creature_type' is {kind[:40]!r}; expected a creature key of "
                    f"the catalogue ({known})",
                )
        name = _prop_text(self.problems, obj.where, props, "name") or obj.name.strip()
        if len(name) > 200:
            self.problems.add(obj.where, f"name has {len(name)} characters; expected at most 200")
        facing = Facing.S
        raw_facing = _prop_text(self.problems, obj.where, props, "facing")
        if raw_facing is not None:
            if raw_facing.upper() in Facing.__members__:
                facing = Facing[raw_facing.upper()]
            else:
                self.problems.add(
                    obj.where,
                    f"property 'facing' is {raw_facing[:20]!r}; expected one of "
                    f"{', '.join(f.value for f in Facing)}",
                )
        cell = self.creature_cell(obj)
        if self.problems.total != before or creature_type is None or cell is None:
            return None
        if side is None:
            return None
        counts[creature_type.key] = counts.get(creature_type.key, 0) + 1
        key = f"{creature_type.key}_{counts[creature_type.key]}"
        return CreaturePlacement(
            key=key,
            type=creature_type.key,
            name=name or str(creature_type.name),
            side=side,
            cell=cell,
            facing=facing,
        )


# ------------------------------------------------------------------------ entry points
def parse_tiled(
    data: bytes,
    *,
    path_label: str,
    suffix: str,
    base_dir: Path | None,
    title: str,
    catalogue: Catalogue | None = None,
) -> Mission:
    """Return the mission in Tiled bytes (``suffix`` ".tmx" or ".tmj"); raise MissionError.

    ``base_dir`` is the folder external tilesets resolve in (None: none may be used).
    """
    problems = _Problems()
    try:
        if suffix.lower() == ".tmx":
            tmap = _read_tmx(problems, parse_xml(data, path_label=path_label), path_label, base_dir)
        elif suffix.lower() == ".tmj":
            document = read_json(data, path_label=path_label)
            tmap = _read_tmj(problems, document, path_label, base_dir)
        else:
            problems.add(_Where(path_label), f"unknown suffix {suffix!r}; expected .tmx or .tmj")
            raise _Unusable
    except _Unusable:
        problems.raise_if_any()
        raise MissionError([Problem(path_label, "the map cannot be read")]) from None
    problems.raise_if_any()
    builder = _Builder(problems, tmap, catalogue or load_catalogue(), title)
    problems.raise_if_any()  # overlapping tilesets make every later tile lookup doubtful
    return builder.build()


def load_tiled(path: Path | str, *, catalogue: Catalogue | None = None) -> LoadedMission:
    """Return the mission in a Tiled ``.tmx`` or ``.tmj`` file; raise MissionError.

    ``catalogue`` (for terrain and creature keys) defaults to the shipped one.
    """
    p = Path(path)
    label = str(path)
    data = read_limited(p, MAX_FILE_BYTES, path_label=label)
    base_dir = p.resolve().parent
    mission = parse_tiled(
        data,
        path_label=label,
        suffix=p.suffix,
        base_dir=base_dir,
        title=p.stem,
        catalogue=catalogue,
    )
    return LoadedMission(mission, "tiled", base_dir)
