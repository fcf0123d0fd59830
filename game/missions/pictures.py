"""Read and write pictures: the one module of the missions layer that uses pygame.

pygame-ce's image codecs, surfaces and transforms work without a display, but the
missions layer must load a map without art importing no pygame at all: every pygame
import here is inside a function (and hides pygame's greeting first). Only the
image, Surface, transform and surfarray parts are used, never display, events, fonts,
sound or clocks (``tests/test_layering.py`` checks it).

Decoding is bounded: the size in the picture's header (PNG, JPEG, WebP) is checked
before decoding, the decoded surface's size after it. Surfaces are never
``convert()``-ed (that needs a display).
"""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Any

from game.match.problem_texts import Texts
from game.match.problems import MissionError, problem_of
from game.missions.loader_texts import mission_say
from game.missions.paths import image_dimensions, image_format

if TYPE_CHECKING:
    from pygame import Surface as Surface

__all__ = [
    "MAX_PIXELS",
    "Surface",
    "can_decode",
    "canvas",
    "decode",
    "deepened",
    "drawing_errors",
    "encode_png",
    "fitted",
    "flipped",
    "keyed",
    "picture_format",
    "picture_size",
    "turned",
]

#: Most pixels a picture may have to be decoded (8192 x 8192).
MAX_PIXELS = 64 * 1024 * 1024


def _pygame() -> Any:
    """Return the pygame module, imported quietly on first use."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import
    import pygame

    return pygame


def picture_format(data: bytes) -> str | None:
    """Return "PNG", "JPEG" or "WebP" for the picture bytes' signature, or None."""
    kind = image_format(data)
    return kind.value if kind is not None else None


def picture_size(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) from a PNG, JPEG or WebP header, or None; decodes nothing."""
    return image_dimensions(data)


_WEBP_PROBE = (  # a 1x1 lossless WebP: decodes wherever WebP can be decoded at all
    b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0e\x00\x00\x00/\x00\x00\x00\x00\x07\x10\x11\xfd\x0fDD\xff\x03"
)
_decodable: dict[str, bool] = {}


def can_decode(picture_format: str) -> bool:
    """Return whether this pygame decodes pictures of ``picture_format`` ("WebP" is probed once).

    PNG and JPEG always decode; WebP needs pygame's extended image codecs built with it.
    """
    if picture_format != "WebP":
        return picture_format in ("PNG", "JPEG")
    if picture_format not in _decodable:
        pygame = _pygame()
        try:
            probe = pygame.image.load(io.BytesIO(_WEBP_PROBE), "probe.webp")
            ok = bool(pygame.image.get_extended()) and probe.get_size() == (1, 1)
        except (pygame.error, OSError, ValueError):
            ok = False
        _decodable[picture_format] = ok
    return _decodable[picture_format]


def _refuse(path_label: str, message: Texts) -> MissionError:
    return MissionError([problem_of(path_label, message)])


def _check_size(size: tuple[int, int], max_pixels: int, path_label: str) -> None:
    width, height = size
    if width < 1 or height < 1:
        raise _refuse(path_label, mission_say("picture_too_small", width=width, height=height))
    if width * height > max_pixels:
        message = mission_say(
            "picture_too_large",
            width=width,
            height=height,
            pixels=width * height,
            limit=max_pixels,
        )
        raise _refuse(path_label, message)


def decode(data: bytes, *, name: str, path_label: str, max_pixels: int = MAX_PIXELS) -> Surface:
    """Return the picture in ``data`` as a surface; raise MissionError if it is unusable.

    ``name`` is a file name whose suffix hints the format to pygame. Refused, before
    decoding: bytes that are no PNG, JPEG or WebP, or whose header is damaged or
    names more than ``max_pixels`` pixels; after decoding: a surface larger than that.
    """
    kind = picture_format(data)
    size = picture_size(data) if kind is not None else None
    if size is None:
        message = (
            mission_say("picture_unknown")
            if kind is None
            else mission_say("picture_damaged", kind=kind)
        )
        raise _refuse(path_label, message)
    _check_size(size, max_pixels, path_label)
    pygame = _pygame()
    try:
        surface = pygame.image.load(io.BytesIO(data), name)
    except (pygame.error, OSError, ValueError, MemoryError, EOFError) as exc:
        message = mission_say("picture_undecodable", kind=kind, detail=exc)
        raise _refuse(path_label, message) from None
    _check_size(surface.get_size(), max_pixels, path_label)
    return surface


def encode_png(surface: Surface) -> bytes:
    """Return the surface as PNG bytes."""
    buffer = io.BytesIO()
    _pygame().image.save(surface, buffer, "picture.png")
    return buffer.getvalue()


def drawing_errors() -> tuple[type[BaseException], ...]:
    """Return the exceptions drawing may raise for a picture pygame cannot handle."""
    return (_pygame().error, ValueError, MemoryError)


def canvas(
    size: tuple[int, int], *, alpha: bool = False, colour: tuple[int, int, int] | None = None
) -> Surface:
    """Return a new surface of ``size``: transparent with ``alpha``, else filled (black)."""
    pygame = _pygame()
    surface = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
    if colour is not None:
        surface.fill(colour)
    return surface


def deepened(surface: Surface) -> Surface:
    """Return the surface with 24 or 32 bits a pixel (palette pictures cannot be smoothed)."""
    if surface.get_bitsize() in (24, 32):
        return surface
    deep = canvas(surface.get_size(), alpha=True)
    deep.blit(surface, (0, 0))
    return deep


def fitted(piece: Surface, size: tuple[int, int]) -> Surface:
    """Return ``piece`` scaled to ``size``: smoothly when shrinking, sharp when growing."""
    if piece.get_size() == size:
        return piece
    transform = _pygame().transform
    if piece.get_width() > size[0] or piece.get_height() > size[1]:
        return transform.smoothscale(piece, size)
    return transform.scale(piece, size)


def flipped(piece: Surface, horizontal: bool, vertical: bool) -> Surface:
    """Return ``piece`` mirrored left-right and/or top-bottom."""
    return _pygame().transform.flip(piece, horizontal, vertical)


def turned(piece: Surface, clockwise_degrees: float) -> Surface:
    """Return ``piece`` turned clockwise by ``clockwise_degrees`` (its box grows to fit)."""
    return _pygame().transform.rotate(piece, -clockwise_degrees)


def keyed(image: Surface, colour: tuple[int, int, int]) -> Surface:
    """Return the image with every pixel of ``colour`` transparent (a tileset's ``trans``)."""
    import numpy as np

    surfarray = _pygame().surfarray
    result = canvas(image.get_size(), alpha=True)
    result.blit(image, (0, 0))
    rgb = surfarray.pixels3d(result)
    alpha = surfarray.pixels_alpha(result)
    alpha[(rgb == np.array(colour, dtype=rgb.dtype)).all(axis=2)] = 0
    del rgb, alpha  # release the surface's lock
    return result
