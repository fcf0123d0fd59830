"""Import Tiled maps (``.tmx`` XML and ``.tmj`` JSON, orthogonal) as missions.

A ``.json`` file is read as a Tiled map when it is one (:func:`is_tiled_document`:
Tiled before 1.8 saved its JSON maps so), else as a Universal VTT export.

Tiled has no walls or rules of its own; a map says what its tiles mean through
custom properties (the same in the map editor's TMX and JSON formats).

Imported:

- The map: ``orientation`` must be ``orthogonal`` (isometric, staggered and hexagonal
  maps give an error naming the orientation); infinite maps are refused; at most
  500×500 fields; one tile = one field. Map properties ``title`` and ``author``
  (strings) become the mission's; otherwise the title is the file name.
- Tilesets, embedded or external (``.tsx`` XML, ``.tsj``/``.json`` JSON, Tiled before
  1.2's ``tiles``/``tileproperties`` objects too; the file must lie inside the map's
  folder or its project folder, :mod:`game.missions.map_files`, and passes the same
  checks as the map; a file named twice is read once). A tile
  with the custom string property ``terrain`` gives its fields that terrain: either
  a default legend character (``.``, ``#``, ``:``, ``~``, ``=``, ``%``, ``+``, ``/``)
  or a terrain key of the content catalogue (``mud``, ``ice``, ``lava`` ...), which gets a legend
  character of its own in the mission (the kind's suggested character when free).
- Tile layers (also inside group layers), in drawing order: a tile with a ``terrain``
  property overrides what the layers below said; tiles without one (decoration) and
  empty cells change nothing; what no layer sets is floor. Hidden layers count too.
  Layer data: CSV, plain XML ``<tile>`` elements, JSON arrays, and base64 (plain,
  zlib or gzip). Flip and rotation flags on global tile ids are masked off.
- Tile images (:mod:`game.missions.tiled_art`): the visible tile layers, image layers
  and tile objects are drawn, in order, into the background image ``<file stem>.png``
  (kept in :attr:`LoadedMission.images`), one field per tile: a tile of another size
  than the field is scaled to it; image layers (at their offset) and tile objects (at
  their size, hanging from their bottom-left corner, turned and flipped) are scaled by
  the same factor. Creature and deployment objects are not drawn (the game draws
  tokens and zones). From a tileset's one image (``margin``, ``spacing``,
  ``columns``, ``trans``) or an image collection (one image per tile, or the part of
  it a tile names); flip flags (horizontal, vertical, x/y swap) as Tiled draws them;
  layer and group opacity; the map's background colour where no tile is. Pixels per
  field: the map's tile width within 16..128, smaller for large maps (at most 8192
  pixels a side, 32 M pixels). Images must be PNG, JPEG or WebP inside the map's
  folder or its project folder (an external tileset's images relative to it); a
  missing, broken or outside image is a warning and its tiles stay undrawn. An image
  collection's tile ids may exceed its ``tilecount`` (Tiled keeps removed tiles' ids).
- Object layers: objects whose type (Tiled ≥ 1.10 ``type``, Tiled 1.9 ``class``, any
  case) is ``creature``, ``deployment``, ``terrain``, ``wall`` or ``door``; other
  objects are ignored. A tile object inherits its tile's type and properties.

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
  * ``terrain`` (:mod:`game.missions.tiled_areas`): the property ``terrain`` (as on
    a tile) for the fields an unrotated rectangle overlaps, a polygon's field centres
    lie in, or a point lies in; over the tile layers, under walls and doors.
  * ``wall`` and ``door`` (:mod:`game.missions.tiled_walls`, D-13): polylines,
    polygon outlines and zero-width/-height rectangles lying on grid lines become
    edge walls / edge doors between the fields; slanted or off-line segments are
    rasterised to wall / door fields; rectangles with an area (and tile objects) make
    the fields they overlap walls / doors; a point the field it lies in. A door's
    bool property ``open`` (default false). Fields they mark override the tiles'
    terrain.

- Sides are the ``side`` values in the order they first appear (layers and objects
  in document order). A side's controller is the ``controller`` property of its
  deployment objects, or by default ``player`` for the first side and ``gm`` for
  every other. Name = key; colours are the native format's default colours.
- Warnings (:attr:`LoadedMission.warnings`, printed by ``check`` and ``import``): an
  image that cannot be drawn, a terrain, wall or door object wholly outside the map
  (it marks no field), and a map that says nothing about terrain (no placed
  tile has a ``terrain`` property and no object is a wall, door or terrain area:
  every field is floor; the warning says how to fix it).

Not imported: tile layers' offsets, parallax, tint, image layers' repeat, tile
offsets and Tiled's bottom-left anchoring of big tiles (each tile fills its field),
animations (the tile itself is drawn), objects of any other type (text, markers),
ellipses and rotated rectangles as walls (an error), object templates (an error),
Wang sets and Tiled's own terrain sets, collision shapes, and any property not named
above. Deployment areas must be rectangles (an ellipse or polygon gives an error).
zstd-compressed layers give an error; tileset images other than PNG, JPEG and WebP
(GIF, BMP) give a warning.

XML safety: any ``<!ENTITY`` and any ``<!DOCTYPE`` is refused before parsing (and the
parser refuses them again), so no entity can expand and no external file is read;
only old Tiled's ``<!DOCTYPE map SYSTEM "...">`` line without internal subset is let
through. Files are UTF-8 and at most 5 MB, all files of one load at most
:data:`~game.missions.map_files.MAX_LOAD_BYTES` together (the XML and JSON at most
:data:`~game.missions.map_files.MAX_PARSED_BYTES`), JSON and XML nesting at most 64
deep, layer data must hold exactly width×height tiles. Every problem is raised as one MissionError
naming the file and the line/column, the XML element or the JSON path.

The modules: ``tiled_xml`` (safe XML), ``tiled_tmx`` and ``tiled_tmj`` (the two file
formats into the structures of ``tiled_model``), ``tiled_tilesets``, ``tiled_layers``
(layer data), ``tiled_values`` (attributes and properties), ``tiled_terrain`` (tile
layers to rows), ``tiled_objects`` (objects to sides and creatures), ``tiled_walls``
(wall and door objects), ``tiled_areas`` (terrain objects) and ``tiled_art`` (the
background image); this module puts them together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.match.problems import MissionError, Problem, problem_of
from game.missions.json_reading import JsonFile, read_json
from game.missions.loader_texts import mission_say
from game.missions.map_files import MapFiles
from game.missions.model import Background, LoadedMission, Mission
from game.missions.paths import MAX_FILE_BYTES, read_limited
from game.missions.ruleset_choice import mission_terms
from game.missions.tiled_areas import paint_areas
from game.missions.tiled_art import render_tiled
from game.missions.tiled_model import Problems, TiledMap, Unusable, Where
from game.missions.tiled_objects import TiledObjects
from game.missions.tiled_terrain import TileTerrain
from game.missions.tiled_tmj import read_tmj
from game.missions.tiled_tmx import read_tmx
from game.missions.tiled_values import prop_text
from game.missions.tiled_walls import TiledWalls
from game.missions.tiled_xml import parse_xml
from game.rulesets import DEFAULT_RULESET


@dataclass(frozen=True)
class TiledResult:
    """A read Tiled map: the mission, its rendered background image and the warnings."""

    mission: Mission
    images: Mapping[str, bytes]
    warnings: tuple[Problem, ...]


def parse_tiled(
    data: bytes,
    *,
    path_label: str,
    suffix: str,
    base_dir: Path | None,
    title: str,
    catalogue: Any | None = None,
) -> Mission:
    """Return the mission in Tiled bytes (``suffix`` ".tmx", ".tmj" or ".json"); raise MissionError.

    ``base_dir`` is the folder external tilesets resolve in (None: none may be used).
    The map plays the default ruleset; its terrain and creature keys are that
    ruleset's (``catalogue``: its catalogue, None: the one it ships). The tile
    images are not drawn (:func:`read_tiled` draws them).
    """
    return read_tiled(
        data,
        path_label=path_label,
        suffix=suffix,
        base_dir=base_dir,
        title=title,
        catalogue=catalogue,
        image_name=None,
    ).mission


def read_tiled(
    data: bytes,
    *,
    path_label: str,
    suffix: str,
    base_dir: Path | None,
    title: str,
    catalogue: Any | None = None,
    image_name: str | None,
    document: object = None,
    files: MapFiles | None = None,
) -> TiledResult:
    """Return the mission in Tiled bytes with its art and warnings; raise MissionError.

    As :func:`parse_tiled`; with ``image_name`` the tile layers are drawn into the
    background image of that name (its images read from ``base_dir``). ``document``:
    the JSON map already parsed from ``data`` (None: parse it here). ``files``: the
    files this load may read, with its budget (None: those of ``base_dir``).
    """
    if files is None and base_dir is not None:
        files = MapFiles(base_dir)
    problems = Problems()
    try:
        if suffix.lower() == ".tmx":
            tmap = read_tmx(problems, parse_xml(data, path_label=path_label), path_label, files)
        elif suffix.lower() in (".tmj", ".json"):
            if document is None:
                document = read_json(data, path_label=path_label)
            tmap = read_tmj(problems, document, path_label, files)
        else:
            problems.add(Where(path_label), mission_say("tiled_unknown_suffix", suffix=suffix))
            raise Unusable
    except Unusable:
        problems.raise_if_any()
        raise MissionError([problem_of(path_label, mission_say("map_unreadable"))]) from None
    problems.raise_if_any()
    terms = mission_terms(DEFAULT_RULESET, catalogue, path_label=path_label)
    tiles = TileTerrain(problems, tmap, terms)
    problems.raise_if_any()  # overlapping tilesets make every later tile lookup doubtful
    mission, said = _build(problems, tmap, tiles, TiledObjects(problems, tmap, terms, tiles), title)
    warnings: list[Problem] = list(problems.warnings)  # objects outside the map
    images: dict[str, bytes] = {}
    if image_name is not None:
        art = render_tiled(tmap, tiles.tile, files)
        warnings += art.warnings
        if art.png is not None:
            images[image_name] = art.png
            background = Background(path=image_name, pixels_per_field=art.pixels_per_field)
            mission = replace(mission, background=background)
    if not said:
        warnings.append(tmap.where.warning(no_terrain_text("en"), no_terrain_text("de")))
    return TiledResult(mission, MappingProxyType(images), tuple(warnings))


def no_terrain_text(language: str) -> str:
    """Return the warning for a map that says nothing about terrain ("de" or "en")."""
    if language == "de":
        return (
            "die Karte sagt nichts über Gelände: kein Tile hat die Eigenschaft 'terrain' "
            "und kein Objekt ist Wand, Tür oder Geländefläche, also ist jedes Feld Boden. "
            "Abhilfe: gib den Tiles im Tileset eine eigene Eigenschaft 'terrain' (etwa '#' "
            "für Wand, '~' für Wasser, 'mud') oder zeichne in einer Objektebene Rechtecke "
            "und Linienzüge der Klasse 'wall' bzw. 'door' oder Rechtecke und Polygone der "
            "Klasse 'terrain' mit einer Eigenschaft 'terrain'"
        )
    return (
        "the map says nothing about terrain: no tile has the property 'terrain' and no "
        "object is a wall, door or terrain area, so every field is floor. To fix it, give "
        "the tileset's tiles a custom property 'terrain' (e.g. '#' for wall, '~' for "
        "water, 'mud'), or draw in an object layer rectangles and polylines of class "
        "'wall' or 'door', or rectangles and polygons of class 'terrain' with a property "
        "'terrain'"
    )


def _build(
    problems: Problems, tmap: TiledMap, tiles: TileTerrain, objects: TiledObjects, title: str
) -> tuple[Mission, bool]:
    """Return the mission and whether the map says anything about terrain."""
    rows = tiles.rows()
    sides, creatures = objects.read()
    typed = [(obj, *objects.object_props(obj)) for obj in tmap.objects]
    rows, areas = paint_areas(problems, tmap, typed, tiles.char_for, rows)
    walls = TiledWalls(problems, tmap).read(typed, rows)
    title = _text_property(problems, tmap, "title") or title
    author = _text_property(problems, tmap, "author") or ""
    problems.raise_if_any()
    mission = Mission(
        title=title,
        width=tmap.width,
        height=tmap.height,
        rows=walls.rows,
        legend=dict(tiles.legend),
        author=author,
        sides=tuple(sides),
        creatures=tuple(creatures),
        edges=walls.edges,
    )
    return mission, tiles.said_terrain or areas > 0 or walls.objects > 0


def _text_property(problems: Problems, tmap: TiledMap, name: str) -> str | None:
    value = prop_text(problems, tmap.where, tmap.properties, name)
    if value is not None and len(value) > 200:
        problems.add(tmap.where, mission_say("map_property_long", name=name, count=len(value)))
        return None
    return value


def is_tiled_json(path: Path | str) -> bool:
    """Return whether a ``.json`` file is a Tiled map (older Tiled saved maps as .json).

    A file that cannot be read is no Tiled map here (the Universal VTT reader then
    says what is wrong with it). The file is read bounded and parsed as the readers
    parse it (:func:`~game.missions.json_reading.read_json`); the loader reads it once
    itself and asks :func:`is_tiled_document`.
    """
    label = str(path)
    try:
        document = read_json(
            read_limited(Path(path), MAX_FILE_BYTES, path_label=label), path_label=label
        )
    except MissionError:
        return False
    return is_tiled_document(document)


def is_tiled_document(document: object) -> bool:
    """Return whether a parsed JSON document is a Tiled map, not a Universal VTT export.

    A Universal VTT export has ``resolution``; a Tiled map has ``tiledversion``,
    ``type`` "map", or (before Tiled 1.2) ``layers`` and ``tilewidth``. A Tiled tileset
    (``type`` "tileset") counts too, so that the Tiled reader says it is no map.
    """
    if not isinstance(document, dict) or "resolution" in document:
        return False
    if "tiledversion" in document or document.get("type") in ("map", "tileset"):
        return True
    return "layers" in document and "tilewidth" in document  # Tiled before 1.2


def load_tiled(
    path: Path | str,
    *,
    catalogue: Any | None = None,
    read: JsonFile | None = None,
    assets: Path | None = None,
) -> LoadedMission:
    """Return the mission in a Tiled ``.tmx`` or ``.tmj`` file; raise MissionError.

    ``catalogue`` (for terrain and creature keys) is the default ruleset's (None: the
    one it ships). The tile layers become the background ``<file stem>.png``, kept
    in :attr:`LoadedMission.images`; what could not be drawn is a warning. ``read``:
    the JSON file as the loader already read it (None: read it here). Tilesets and
    images may lie in the map's project folder or in ``assets`` (None: the folder the
    command line named, :func:`~game.missions.map_files.use_assets`); all files of
    the load together read at most :data:`~game.missions.map_files.MAX_LOAD_BYTES`.
    """
    p = Path(path)
    label = str(path)
    data = read.data if read is not None else read_limited(p, MAX_FILE_BYTES, path_label=label)
    base_dir = p.resolve().parent
    files = MapFiles(base_dir, assets=assets)
    files.spend(len(data), path_label=label, parse=True)
    result = read_tiled(
        data,
        path_label=label,
        suffix=p.suffix,
        base_dir=base_dir,
        title=p.stem,
        catalogue=catalogue,
        image_name=f"{p.stem}.png",
        document=read.document if read is not None else None,
        files=files,
    )
    return LoadedMission(result.mission, "tiled", base_dir, result.images, warnings=result.warnings)
