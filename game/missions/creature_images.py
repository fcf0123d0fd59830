"""A mission's own picture for a creature's token: ``image = "art/ork.png"`` in ``[[creatures]]``.

The picture must lie inside the mission's folder (no ``..``, no absolute path, no link
leading out: ``paths.resolve_inside``), be a PNG, JPEG or WebP of at most
``MAX_CREATURE_IMAGE_BYTES`` bytes and ``MAX_CREATURE_IMAGE_SIDE`` pixels a side. The
reader checks the files (``image_problems``: each different picture once, from the file's
size and its header's first ``HEADER_BYTES`` bytes, at most ``MAX_MISSION_PICTURES``
pictures of ``MAX_MISSION_PICTURE_BYTES`` bytes together); the screen loads one
(``load_creature_image``) and draws it cropped round in the token.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from game.match.problems import MissionError, Problem, problem_of
from game.missions.paths import read_limited, resolve_inside

if TYPE_CHECKING:
    from game.missions.pictures import Surface

#: Most bytes of a creature's picture (a token needs no more than a few hundred pixels).
MAX_CREATURE_IMAGE_BYTES = 4 * 1024 * 1024
#: Most pixels a side of a creature's picture may have.
MAX_CREATURE_IMAGE_SIDE = 2048
#: Bytes of a picture read to check it: its header (a JPEG's frame header may lie after
#: large metadata; then the whole file is read, within the limits above and below).
HEADER_BYTES = 64 * 1024
#: Most different pictures the creatures of one mission may name ...
MAX_MISSION_PICTURES = 100
#: ... and the most bytes their files may have together.
MAX_MISSION_PICTURE_BYTES = 64 * 1024 * 1024
#: What a creature's picture may be, for messages.
IMAGE_FORMATS = "a PNG, JPEG or WebP"
_FORMATS_DE = "ein PNG, JPEG oder WebP"


def _refuse(label: str, en: str, de: str) -> MissionError:
    return MissionError([problem_of(label, {"en": en, "de": de})])


def texts_of(problem: Problem) -> dict[str, str]:
    """Return a problem's message in English and German (German where it has one)."""
    return {"en": problem.message, "de": problem.text("de")}


def creature_image_bytes(base_dir: Path | str, relative: str, *, path_label: str) -> bytes:
    """Return the bytes of the picture ``relative`` in ``base_dir``; raise MissionError.

    Refused: a path that leaves the folder, a missing file, a file over the size limit,
    bytes that are no PNG, JPEG or WebP, a picture larger than the limit a side.
    """
    return _checked(base_dir, relative, path_label=path_label, head=None)[0]


def _checked(
    base_dir: Path | str, relative: str, *, path_label: str, head: int | None
) -> tuple[bytes, int]:
    """Return (the bytes read, the file's size) of a usable picture; raise MissionError.

    With ``head``, only the first ``head`` bytes are read (the size limit still applies
    to the whole file), unless a JPEG's size is not among them.
    """
    from game.missions.pictures import picture_format, picture_size

    real = resolve_inside(base_dir, relative, path_label=path_label)
    if not real.is_file():
        raise _refuse(
            path_label,
            f"picture {relative!r} not found in the mission's folder ({base_dir}); "
            f"expected {IMAGE_FORMATS} file there",
            f"das Bild {relative!r} fehlt im Ordner der Mission ({base_dir}); "
            f"erwartet: {_FORMATS_DE} dort",
        )
    data = read_limited(real, MAX_CREATURE_IMAGE_BYTES, path_label=path_label, head=head)
    kind = picture_format(data)
    size = picture_size(data) if kind is not None else None
    if size is None and kind == "JPEG" and head is not None and len(data) >= head:
        data = read_limited(real, MAX_CREATURE_IMAGE_BYTES, path_label=path_label)
        size = picture_size(data)
    if kind is None or size is None:
        what = "is not" if kind is None else f"is a damaged {kind}, not"
        was = "ist kein" if kind is None else f"ist ein beschädigtes {kind}, kein"
        raise _refuse(
            path_label,
            f"picture {relative!r} {what} {IMAGE_FORMATS}; expected one",
            f"das Bild {relative!r} {was} PNG, JPEG oder WebP; erwartet: {_FORMATS_DE}",
        )
    width, height = size
    side = MAX_CREATURE_IMAGE_SIDE
    if not (1 <= width <= side and 1 <= height <= side):
        raise _refuse(
            path_label,
            f"picture {relative!r} is {width}x{height} pixels; expected 1x1 to {side}x{side}",
            f"das Bild {relative!r} hat {width}x{height} Pixel; erwartet: 1x1 bis {side}x{side}",
        )
    return data, real.stat().st_size


def image_problem(base_dir: Path | str, relative: str, *, path_label: str) -> dict[str, str] | None:
    """Return why the picture cannot be a token (per language), or None when it can."""
    return image_problems(base_dir, [relative], path_label=path_label).get(relative)


def image_problems(
    base_dir: Path | str, relatives: Iterable[str], *, path_label: str
) -> dict[str, dict[str, str]]:
    """Return why pictures cannot be tokens (per language), by picture; usable ones are absent.

    Each different picture is checked once, from its header. The picture that makes
    more than ``MAX_MISSION_PICTURES`` or more than ``MAX_MISSION_PICTURE_BYTES`` bytes
    together is refused, and none after it is read (the mission is refused anyway).
    """
    problems: dict[str, dict[str, str]] = {}
    seen: set[str] = set()
    total = 0
    for relative in relatives:
        if relative in seen:
            continue
        seen.add(relative)
        try:
            total += _checked(base_dir, relative, path_label=path_label, head=HEADER_BYTES)[1]
        except MissionError as exc:
            texts = [texts_of(problem) for problem in exc.problems]
            problems[relative] = {lang: "; ".join(t[lang] for t in texts) for lang in ("en", "de")}
            continue
        over = _over_budget(relative, len(seen), total)
        if over is not None:
            problems[relative] = over
            break
    return problems


def _over_budget(relative: str, count: int, total: int) -> dict[str, str] | None:
    """Return why the mission's pictures are too many or too large with ``relative``, or None."""
    most, limit = MAX_MISSION_PICTURES, MAX_MISSION_PICTURE_BYTES
    if count > most:
        return {
            "en": f"picture {relative!r} is one too many: a mission's creatures may show at "
            f"most {most} different pictures",
            "de": f"das Bild {relative!r} ist eines zu viel: die Figuren einer Mission dürfen "
            f"höchstens {most} verschiedene Bilder zeigen",
        }
    if total > limit:
        mib = limit // (1024 * 1024)
        return {
            "en": f"picture {relative!r} brings the mission's pictures to {total} bytes; "
            f"expected at most {limit} bytes ({mib} MiB) together",
            "de": f"mit dem Bild {relative!r} haben die Bilder der Mission {total} Bytes; "
            f"erwartet: höchstens {limit} Bytes ({mib} MiB) zusammen",
        }
    return None


def load_creature_image(base_dir: Path | str, relative: str) -> Surface:
    """Return the decoded picture ``relative`` of the mission in ``base_dir`` (MissionError)."""
    from game.missions.pictures import decode

    data = creature_image_bytes(base_dir, relative, path_label=relative)
    side = MAX_CREATURE_IMAGE_SIDE
    return decode(data, name=Path(relative).name, path_label=relative, max_pixels=side * side)
