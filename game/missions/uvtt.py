"""Import Universal VTT maps (``.dd2vtt``, ``.df2vtt``, ``.uvtt``) as missions.

Universal VTT is the JSON export of Dungeondraft, DungeonFog, Dungeon Alchemist and
others (format 0.2/0.3). Coordinates are in grid units (one unit = one field).

Imported:

- ``resolution``: ``map_origin`` is subtracted from every coordinate; the map has
  ``map_size`` fields (a fractional size is rounded up); ``pixels_per_grid`` becomes
  the background's pixels per field.
- ``image``: the base64 picture becomes the background, kept undecoded in
  :attr:`LoadedMission.images` as ``<file stem>.png``, ``.jpg`` or ``.webp`` (its
  format; ``import`` writes it so). Only its header is read here (issue 13: ``check``
  and ``import`` decode nothing; the picture is decoded where it is drawn). A PNG
  must be at most 8192×8192 pixels (else an error). A WebP or JPEG picture
  (Dungeondraft exports those) larger than that, with a damaged header, or a WebP
  this pygame cannot decode (:func:`~game.missions.pictures.can_decode`) is left out
  with a warning: the walls load without background. An empty or missing image gives
  a mission without background.
- ``line_of_sight`` and ``objects_line_of_sight``: both are wall polylines. A
  segment on a grid line (both ends within 0.05 field of it) becomes edge walls on
  the field borders it runs along (D-13, :func:`~game.missions.rasterise.line_borders`);
  a segment on the map's outline is dropped, since outside the map nobody stands.
  Segments off the grid lines (diagonal, or between the lines) are rasterised to wall
  fields by :func:`~game.missions.rasterise.rasterise_walls` (see there); where one
  meets an edge at a grid point, the join is closed for sight
  (:mod:`game.missions.uvtt_walls`).
- ``portals``: every portal becomes a door, closed or open per ``closed`` (a missing
  ``closed`` counts as closed). A portal whose ``bounds`` lie on a grid line becomes
  edge doors on the borders they cover by more than half a field (none such: the one
  they cover most; on the outline: dropped); other bounds mark
  door fields under the rasterising rule; a portal without usable bounds (or with
  bounds of zero length) marks the field its ``position`` lies in. Doors replace
  walls, on a border as on a field; where portals disagree, closed wins. Windows
  cannot be told apart from doors in the format, so they become doors too.
- :attr:`UvttLoaded.placement` counts what became of the segments and portals (the
  ``import`` and ``check`` summaries print it).

Not imported: ``lights``, ``environment`` (ambient light, baked lighting), portal
``rotation`` and ``freestanding`` (the bounds say where the portal is), and the
``format``/``software``/``creator`` fields. Walls and portals outside the map are
dropped. The mission's title is the file name; it has no sides or creatures.

Limits: the file is at most 5 MB, the map at most 500×500 fields, JSON nesting at
most 64 deep, coordinates within 500 fields of the map, the walls and portal
bounds together at most :data:`MAX_WALL_WORK` field steps, and at most
:data:`~game.missions.toml_schema.MAX_EDGES` edges (what a mission file may hold).
Every problem is raised as one :class:`MissionError` naming the file and the JSON path.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path, PurePosixPath
from types import MappingProxyType

from game.match.problems import MissionError, Problem, described, problem_of
from game.missions import pictures
from game.missions.json_reading import JsonChecker, JsonFile, read_json
from game.missions.loader_texts import mission_say
from game.missions.model import Background, LoadedMission, Mission, loader_warning
from game.missions.paths import (
    IMAGE_SUFFIXES,
    MAX_FIELDS,
    MAX_FILE_BYTES,
    MAX_IMAGE_PIXELS,
    ImageFormat,
    check_image,
    image_dimensions,
    image_format,
    read_limited,
)
from game.missions.rasterise import (
    SUBDIVISIONS,
    Point,
    rasterise_walls,
    snap,
    walk_length,
)
from game.missions.uvtt_walls import (
    Placed,
    Portal,
    UvttPlacement,
    close_joins,
    map_edges,
    place_portals,
    place_walls,
)

#: Coordinates may lie at most this many fields outside the map.
MAX_OUTSIDE = 500
#: Total field steps walls and portals may take to rasterise (protects against hostile files).
MAX_WALL_WORK = 2_000_000


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


# ------------------------------------------------------------------------ UVTT
class _Geometry:
    """Map size and origin: turns grid-unit points into sub-unit points on the map."""

    def __init__(self, origin: tuple[float, float], width: int, height: int) -> None:
        self.origin = origin
        self.width = width
        self.height = height

    def point(self, check: JsonChecker, value: object, key: str) -> Point | None:
        data = check.obj(value, key)
        if data is None:
            return None
        x = check.number(check.member(data, "x", _join(key, "x")), _join(key, "x"))
        y = check.number(check.member(data, "y", _join(key, "y")), _join(key, "y"))
        if x is None or y is None:
            return None
        gx = x - self.origin[0]
        gy = y - self.origin[1]
        if not (
            -MAX_OUTSIDE <= gx <= self.width + MAX_OUTSIDE
            and -MAX_OUTSIDE <= gy <= self.height + MAX_OUTSIDE
        ):
            message = mission_say(
                "uvtt_point_outside",
                x=x,
                y=y,
                limit=MAX_OUTSIDE,
                width=self.width,
                height=self.height,
            )
            check.error(key, message)
            return None
        return snap(gx), snap(gy)


def _size(check: JsonChecker, value: object, key: str) -> int | None:
    number = check.number(value, key)
    if number is None:
        return None
    if not 0 < number <= MAX_FIELDS:
        check.error(key, mission_say("uvtt_map_size", size=number, limit=MAX_FIELDS))
        return None
    return max(1, -(-snap(number) // SUBDIVISIONS))  # round a fractional size up


def _resolution(
    check: JsonChecker, document: dict[str, object]
) -> tuple[_Geometry, int | None] | None:
    resolution = check.obj(check.member(document, "resolution", "resolution"), "resolution")
    if resolution is None:
        return None
    origin = (0.0, 0.0)
    if "map_origin" in resolution:
        raw = check.obj(resolution["map_origin"], "resolution.map_origin")
        if raw is not None:
            ox = check.number(
                check.member(raw, "x", "resolution.map_origin.x"), "resolution.map_origin.x"
            )
            oy = check.number(
                check.member(raw, "y", "resolution.map_origin.y"), "resolution.map_origin.y"
            )
            if ox is not None and oy is not None:
                if abs(ox) > 1_000_000 or abs(oy) > 1_000_000:
                    check.error("resolution.map_origin", mission_say("uvtt_origin_far"))
                else:
                    origin = (ox, oy)
    size = check.obj(
        check.member(resolution, "map_size", "resolution.map_size"), "resolution.map_size"
    )
    width = height = None
    if size is not None:
        width = _size(
            check, check.member(size, "x", "resolution.map_size.x"), "resolution.map_size.x"
        )
        height = _size(
            check, check.member(size, "y", "resolution.map_size.y"), "resolution.map_size.y"
        )
    pixels = None
    if "pixels_per_grid" in resolution:
        pixels = check.integer(
            resolution["pixels_per_grid"], "resolution.pixels_per_grid", low=1, high=8192
        )
    if width is None or height is None:
        return None
    return _Geometry(origin, width, height), pixels


def _walls(
    check: JsonChecker, document: dict[str, object], geometry: _Geometry
) -> list[list[Point]]:
    polylines: list[list[Point]] = []
    for name in ("line_of_sight", "objects_line_of_sight"):
        if name not in document or document[name] is None:
            continue
        lines = check.array(document[name], name)
        if lines is None:
            continue
        for i, line in enumerate(lines):
            key = f"{name}[{i}]"
            points = check.array(line, key)
            if points is None:
                continue
            polyline: list[Point] = []
            for j, raw in enumerate(points):
                point = geometry.point(check, raw, f"{key}[{j}]")
                if point is not None:
                    polyline.append(point)
            polylines.append(polyline)
    return polylines


def _portals(check: JsonChecker, document: dict[str, object], geometry: _Geometry) -> list[Portal]:
    """Return the portals; their fields are found later, once the work limit is checked."""
    found: list[Portal] = []
    if "portals" not in document or document["portals"] is None:
        return found
    portals = check.array(document["portals"], "portals")
    if portals is None:
        return found
    for i, raw in enumerate(portals):
        key = f"portals[{i}]"
        portal = check.obj(raw, key)
        if portal is None:
            continue
        closed: bool | None = True
        if "closed" in portal:
            closed = check.boolean(portal["closed"], f"{key}.closed")
        position = geometry.point(
            check, check.member(portal, "position", f"{key}.position"), f"{key}.position"
        )
        bounds: tuple[Point, Point] | None = None
        if "bounds" in portal:
            raw_bounds = check.array(portal["bounds"], f"{key}.bounds")
            if raw_bounds is not None:
                if len(raw_bounds) != 2:
                    shown = described(raw_bounds, json=True)
                    check.error(f"{key}.bounds", mission_say("uvtt_two_points", found=shown))
                else:
                    a = geometry.point(check, raw_bounds[0], f"{key}.bounds[0]")
                    b = geometry.point(check, raw_bounds[1], f"{key}.bounds[1]")
                    if a is not None and b is not None:
                        bounds = (a, b)
        if closed is not None:
            found.append(Portal(bounds, position, closed))
    return found


def picture_warning_text(picture_format: str, reason: str, language: str = "en") -> str:
    """Return the warning for a WebP or JPEG picture that cannot be used ("de" or "en").

    ``reason`` says why (as the picture reader words it).
    """
    if language == "de":
        return (
            f"das {picture_format}-Bild ist nicht verwendbar ({reason}); die Karte wird ohne "
            "Hintergrund geladen. Exportiere die Karte noch einmal mit PNG als Bildformat "
            "oder mit einem kleineren Bild"
        )
    return (
        f"the {picture_format} picture cannot be used ({reason}); the map loads without "
        "background. Export the map again with PNG as the image format or a smaller picture"
    )


@dataclass(frozen=True)
class UvttLoaded(LoadedMission):
    """A Universal VTT map as loaded, with what became of its walls and portals."""

    placement: UvttPlacement = field(default_factory=UvttPlacement)


def _unusable(data: bytes, kind: ImageFormat) -> tuple[str, dict[str, str] | None]:
    """Return why a WebP or JPEG picture cannot be the background ("": it can), read from
    its header only, and the warning's texts when the reason is this pygame itself."""
    size = image_dimensions(data)
    if size is None:
        return "its header is damaged", None
    width, height = size
    if not (0 < width <= MAX_IMAGE_PIXELS and 0 < height <= MAX_IMAGE_PIXELS):
        return (
            f"it is {width}x{height} pixels; expected at most {MAX_IMAGE_PIXELS}x{MAX_IMAGE_PIXELS}"
        ), None
    if not pictures.can_decode(kind.value):
        texts = mission_say("webp_not_decodable")
        return texts["en"], texts
    return "", None


def _image(
    check: JsonChecker, document: dict[str, object], path_label: str, warnings: list[Problem]
) -> tuple[bytes, ImageFormat] | None:
    """Return the picture's bytes and format, undecoded (it is decoded where it is drawn).

    An unusable WebP or JPEG picture (read from its header) is a warning, no background;
    any other unusable picture an error.
    """
    raw = document.get("image")
    if raw is None:
        return None
    text = check.string(raw, "image")
    if not text:
        return None
    if text.startswith("data:") and "," in text:  # a data URI: keep the payload
        text = text.split(",", 1)[1]
    compact = "".join(text.split())
    try:
        data = base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError):
        check.error("image", mission_say("uvtt_not_base64"))
        return None
    kind = image_format(data)
    if kind in (ImageFormat.WEBP, ImageFormat.JPEG):  # a bad one must not cost the walls
        reason, texts = _unusable(data, kind)
        if reason:
            said = texts or {
                lang: picture_warning_text(kind.value, reason, lang) for lang in ("en", "de")
            }
            warnings.append(loader_warning(path_label, said, key="image"))
            return None
        return data, kind
    try:
        check_image(data, path_label=path_label, formats=(ImageFormat.PNG,))
    except MissionError as exc:
        for problem in exc.problems:
            check.error("image", problem.texts or problem.message)
        return None
    return data, ImageFormat.PNG


def parse_uvtt(
    data: bytes, *, path_label: str, image_name: str, title: str
) -> tuple[Mission, Mapping[str, bytes]]:
    """Return the mission in Universal VTT bytes and its image bytes by file name.

    ``image_name`` is the name the background gets (the mission's ``background.path``;
    its suffix becomes the picture's format's: ``.png``, ``.jpg``, ``.webp``);
    ``title`` becomes the mission's title. Raise MissionError on any problem.
    """
    mission, images, _, _ = parse_uvtt_placed(
        data, path_label=path_label, image_name=image_name, title=title
    )
    return mission, images


def parse_uvtt_placed(
    data: bytes, *, path_label: str, image_name: str, title: str, document: object = None
) -> tuple[Mission, Mapping[str, bytes], UvttPlacement, tuple[Problem, ...]]:
    """Return what :func:`parse_uvtt` does, what became of the walls and portals, and
    the warnings (a WebP or JPEG picture that cannot be used). ``document``: the
    JSON already parsed from ``data`` (None: parse it here)."""
    document_raw = document if document is not None else read_json(data, path_label=path_label)
    check = JsonChecker(path_label)
    document = check.top(document_raw)
    if document is None:
        raise MissionError(check.problems)
    resolved = _resolution(check, document)
    if resolved is None:
        check.raise_if_any()
        unusable = problem_of(path_label, mission_say("uvtt_resolution"), key="resolution")
        raise MissionError([unusable])
    geometry, pixels = resolved
    polylines = _walls(check, document, geometry)
    portals = _portals(check, document, geometry)
    warnings: list[Problem] = []
    picture = _image(check, document, path_label, warnings)
    if picture is not None and pixels is None:
        check.error("resolution.pixels_per_grid", mission_say("uvtt_pixels_per_grid"))
    # Portal segments are walked like walls: a file of many long portals costs as much.
    work = sum(walk_length(a, b) for line in polylines for a, b in pairwise(line))
    work += sum(walk_length(*portal.bounds) for portal in portals if portal.bounds)
    if work > MAX_WALL_WORK:
        check.error("line_of_sight", mission_say("uvtt_wall_work", work=work, limit=MAX_WALL_WORK))
    check.raise_if_any()
    width, height = geometry.width, geometry.height
    placed = Placed(path_label, width, height)
    place_walls(placed, polylines)
    place_portals(placed, portals)
    close_joins(placed)
    edges = map_edges(placed)
    wall = rasterise_walls(placed.off_grid, width, height)
    grid = [["#" if wall[y, x] else "." for x in range(width)] for y in range(height)]
    for (x, y), is_open in placed.door_fields.items():
        grid[y][x] = "/" if is_open else "+"
    background = None
    images: dict[str, bytes] = {}
    if picture is not None and pixels is not None:
        image, kind = picture
        named = str(PurePosixPath(image_name).with_suffix(IMAGE_SUFFIXES[kind]))
        background = Background(path=named, pixels_per_field=pixels)
        images[named] = image
    mission = Mission(
        title=title,
        width=width,
        height=height,
        rows=tuple("".join(row) for row in grid),
        background=background,
        edges=edges,
    )
    return mission, MappingProxyType(images), UvttPlacement(**placed.counts), tuple(warnings)


def load_uvtt(path: Path | str, *, read: JsonFile | None = None) -> UvttLoaded:
    """Return the mission in a Universal VTT file; raise MissionError on any problem.

    ``read``: the file as the loader already read it (None: read it here).
    """
    p = Path(path)
    label = str(path)
    data = read.data if read is not None else read_limited(p, MAX_FILE_BYTES, path_label=label)
    mission, images, placement, warnings = parse_uvtt_placed(
        data,
        path_label=label,
        image_name=f"{p.stem}.png",
        title=p.stem,
        document=read.document if read is not None else None,
    )
    return UvttLoaded(
        mission, "uvtt", p.resolve().parent, images, warnings=warnings, placement=placement
    )
