"""A mission's own picture for a creature's token: ``image = "art/ork.png"`` in ``[[creatures]]``.

The picture must lie inside the mission's folder (no ``..``, no absolute path, no link
leading out: ``paths.resolve_inside``), be a PNG, JPEG or WebP of at most
``MAX_CREATURE_IMAGE_BYTES`` bytes and ``MAX_CREATURE_IMAGE_SIDE`` pixels a side. The
reader checks the file (``image_problem``); the screen loads it (``load_creature_image``)
and draws it cropped round in the token.
"""

from __future__ import annotations

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
    data = read_limited(real, MAX_CREATURE_IMAGE_BYTES, path_label=path_label)
    kind = picture_format(data)
    size = picture_size(data) if kind is not None else None
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
    return data


def image_problem(base_dir: Path | str, relative: str, *, path_label: str) -> dict[str, str] | None:
    """Return why the picture cannot be a token (per language), or None when it can."""
    try:
        creature_image_bytes(base_dir, relative, path_label=path_label)
    except MissionError as exc:
        texts = [texts_of(problem) for problem in exc.problems]
        return {lang: "; ".join(t[lang] for t in texts) for lang in ("en", "de")}
    return None


def load_creature_image(base_dir: Path | str, relative: str) -> Surface:
    """Return the decoded picture ``relative`` of the mission in ``base_dir`` (MissionError)."""
    from game.missions.pictures import decode

    data = creature_image_bytes(base_dir, relative, path_label=relative)
    side = MAX_CREATURE_IMAGE_SIDE
    return decode(data, name=Path(relative).name, path_label=relative, max_pixels=side * side)
