"""Safe access to the files a mission refers to: confined paths, size limits, writing.

Every file a mission names (a background image, a Tiled tileset) must lie inside
the mission's own folder: no ``..`` component, no absolute path, no symbolic link
that leads out (a Tiled map may also use its project folder:
:mod:`game.missions.map_files`). Sizes are checked before anything is read
(``game.match.datafiles``), so a hostile file cannot make the loader allocate gigabytes.
"""

from __future__ import annotations

import struct
from collections.abc import Collection
from enum import Enum
from pathlib import Path, PurePosixPath

from game.match.datafiles import ReadReason, ReadRefused, read_bounded
from game.match.problem_texts import Texts
from game.match.problems import MissionError, problem_of
from game.missions.loader_texts import mission_say

__all__ = [
    "IMAGE_HEAD_BYTES",
    "IMAGE_SUFFIXES",
    "MAX_FIELDS",
    "MAX_FILE_BYTES",
    "MAX_IMAGE_BYTES",
    "MAX_IMAGE_PIXELS",
    "ImageFormat",
    "MissionError",
    "check_image",
    "check_image_file",
    "decode_utf8",
    "human_size",
    "image_dimensions",
    "image_format",
    "line_column",
    "read_limited",
    "relative_parts",
    "resolve_inside",
]

MAX_FIELDS = 500  # fields per side of a map
MAX_FILE_BYTES = 5 * 1024 * 1024  # mission and map files
MAX_IMAGE_BYTES = 64 * 1024 * 1024  # image files (their pixel size is checked separately)
MAX_IMAGE_PIXELS = 8192  # pixels per side of a background image
IMAGE_HEAD_BYTES = 256 * 1024  # enough for the size of nearly every PNG and JPEG


def _fail(label: str, message: str | Texts) -> MissionError:
    return MissionError([problem_of(label, message)])


def _fail_at(label: str, message: str | Texts, line: int, column: int) -> MissionError:
    return MissionError([problem_of(label, message, line=line, column=column)])


def relative_parts(relative: object, *, path_label: str, allow_up: bool = False) -> tuple[str, ...]:
    """Return the components of a relative reference; raise MissionError if it could escape.

    Checks the text only (no file access): rejected are non-strings, empty paths, NUL
    characters, absolute paths and drive letters, and any ``..`` component (with
    ``allow_up`` a ``..`` is kept: the caller checks where the path leads). A ``\\``
    counts as a separator, as Windows editors write it.
    """
    shown = repr(relative)
    if not isinstance(relative, str):
        raise _fail(path_label, mission_say("path_not_string", shown=shown))
    if not relative.strip():
        raise _fail(path_label, mission_say("path_empty", shown=shown))
    if "\x00" in relative:
        raise _fail(path_label, mission_say("path_nul", shown=shown))
    text = relative.replace("\\", "/")
    if text.startswith("/") or (len(text) >= 2 and text[1] == ":" and text[0].isalpha()):
        raise _fail(path_label, mission_say("path_absolute", shown=shown))
    parts = tuple(part for part in PurePosixPath(text).parts if part != ".")
    if ".." in parts and not allow_up:
        raise _fail(path_label, mission_say("path_dotdot", shown=shown))
    if not parts or parts[-1] == "..":
        raise _fail(path_label, mission_say("path_no_file", shown=shown))
    return parts


def resolve_inside(base_dir: Path | str, relative: str, *, path_label: str) -> Path:
    """Return ``relative`` resolved inside ``base_dir``; raise MissionError if it would leave it.

    ``relative`` uses ``/`` (a ``\\`` counts as a separator too). Rejected: what
    :func:`relative_parts` rejects, and paths whose real location (after following
    symbolic links) is not inside ``base_dir``. ``path_label`` names the file that
    made the reference, for the error message. The target need not exist.
    """
    parts = relative_parts(relative, path_label=path_label)
    base = Path(base_dir).resolve()
    candidate = base.joinpath(*parts)
    try:
        real = candidate.resolve()
    except (OSError, RuntimeError) as exc:  # symlink loops
        message = mission_say("path_unresolved", relative=relative, detail=exc)
        raise _fail(path_label, message) from None
    if real != base and base not in real.parents:
        raise _fail(path_label, mission_say("path_outside", relative=relative, real=real))
    return real


def read_limited(
    path: Path | str, max_bytes: int, *, path_label: str | None = None, head: int | None = None
) -> bytes:
    """Return the bytes of ``path``; raise MissionError if missing or over ``max_bytes``.

    The size is checked before reading, and the read itself stops after
    ``max_bytes + 1`` bytes in case the file grows meanwhile. With ``head``, return
    only the first ``head`` bytes (for image headers); the size limit still applies
    to the whole file.
    """
    label = path_label if path_label is not None else str(path)
    try:
        return read_bounded(path, max_bytes, head=head)
    except ReadRefused as refused:
        raise _fail(label, _refusal(refused)) from None


def _refusal(refused: ReadRefused) -> Texts:
    """Return why a mission's file was not read, in the words of a mission problem."""
    p, limit = refused.path, refused.limit
    if refused.reason is ReadReason.MISSING:
        return mission_say("file_not_found", path=p)
    if refused.reason is ReadReason.NOT_REGULAR:
        return mission_say("not_a_regular_file", path=p)
    if refused.reason is ReadReason.TOO_LARGE:
        return mission_say("file_too_big", size=refused.size, limit=limit, human=human_size(limit))
    if refused.reason is ReadReason.GREW:
        return mission_say("file_larger_than", limit=limit, human=human_size(limit))
    return mission_say("cannot_read", path=p, detail=refused.detail)


def line_column(data: bytes, offset: int) -> tuple[int, int]:
    """Return the 1-based (line, column) of byte ``offset`` in ``data`` (columns in bytes)."""
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def decode_utf8(data: bytes, *, path_label: str, what: str) -> str:
    """Return ``data`` decoded as UTF-8; raise MissionError naming the bad byte's place.

    ``what`` names the kind of file in the message ("TOML", "JSON", "XML").
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = line_column(data, exc.start)
        message = mission_say("not_utf8", byte=f"{data[exc.start]:02x}", what=what)
        raise _fail_at(path_label, message, line, column) from None


def human_size(n: int) -> str:
    """Return a byte count as people read it: "5 MB", "64 KB", "1000 bytes"."""
    if n >= 1024 * 1024 and n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MB"
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KB"
    return f"{n} bytes"


class ImageFormat(Enum):
    """The image formats a background may have."""

    PNG = "PNG"
    JPEG = "JPEG"
    WEBP = "WebP"


_SIGNATURES = {ImageFormat.PNG: b"\x89PNG\r\n\x1a\n", ImageFormat.JPEG: b"\xff\xd8"}

#: The file name suffix a picture of each format is written with.
IMAGE_SUFFIXES = {ImageFormat.PNG: ".png", ImageFormat.JPEG: ".jpg", ImageFormat.WEBP: ".webp"}


def image_format(data: bytes) -> ImageFormat | None:
    """Return the format the image bytes start like (PNG, JPEG, WebP), or None."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ImageFormat.WEBP
    return next((kind for kind, sign in _SIGNATURES.items() if data.startswith(sign)), None)


def image_dimensions(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) in pixels from a PNG, JPEG or WebP header, or None if neither.

    Reads a few header bytes only: no image library, nothing decoded.
    """
    kind = image_format(data)
    if kind is ImageFormat.PNG:
        if len(data) < 24 or data[12:16] != b"IHDR":
            return None
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if kind is ImageFormat.JPEG:
        return _jpeg_dimensions(data)
    if kind is ImageFormat.WEBP:
        return _webp_dimensions(data)
    return None


def _webp_dimensions(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) from a WebP header (VP8, VP8L or VP8X), or None."""
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    return None


# JPEG start-of-frame markers carry the size (SOF0..SOF15 without DHT, JPG, DAC).
_SOF_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_dimensions(data: bytes) -> tuple[int, int] | None:
    pos = 2
    end = len(data)
    while pos + 4 <= end:
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length field
            pos += 2
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        if length < 2:
            return None
        if marker in _SOF_MARKERS:
            if pos + 9 > end:
                return None
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return int(width), int(height)
        pos += 2 + length
    return None


def check_image(
    data: bytes, *, path_label: str, formats: Collection[ImageFormat] = tuple(ImageFormat)
) -> tuple[int, int]:
    """Return the image's (width, height); raise MissionError if of another format or too large.

    ``data`` is the file or at least its header; ``formats`` are the formats allowed.
    """
    kind = image_format(data)
    names = [f.value for f in ImageFormat if f in formats]
    expected = _either(names)
    if kind is not None and kind not in formats:
        raise _fail(path_label, mission_say("image_is_kind", kind=kind.value, expected=expected))
    dims = image_dimensions(data)
    if dims is None:
        what = (
            mission_say("image_neither")
            if len(formats) > 1
            else mission_say("image_not_a", expected=expected)
        )
        raise _fail(path_label, mission_say("image_not_format", what=what, expected=expected))
    width, height = dims
    if width < 1 or height < 1:
        raise _fail(path_label, mission_say("image_too_small", width=width, height=height))
    if width > MAX_IMAGE_PIXELS or height > MAX_IMAGE_PIXELS:
        message = mission_say("image_too_large", width=width, height=height, limit=MAX_IMAGE_PIXELS)
        raise _fail(path_label, message)
    return dims


def _either(names: list[str]) -> Texts:
    """Return "A or B" in every language (one name as it is)."""
    return {"en": " or ".join(names), "de": " oder ".join(names)}


def check_image_file(path: Path | str, *, path_label: str | None = None) -> tuple[int, int]:
    """Return the (width, height) of a PNG or JPEG file; raise MissionError as check_image.

    Reads the header only, unless a JPEG carries more metadata before its size
    than the header holds: then the whole file (at most MAX_IMAGE_BYTES).
    """
    label = path_label if path_label is not None else str(path)
    data = read_limited(path, MAX_IMAGE_BYTES, path_label=label, head=IMAGE_HEAD_BYTES)
    cut_short = len(data) == IMAGE_HEAD_BYTES
    if cut_short and image_format(data) is ImageFormat.JPEG and image_dimensions(data) is None:
        data = read_limited(path, MAX_IMAGE_BYTES, path_label=label)
    return check_image(data, path_label=label)
