"""Token art: the shipped SVG figures and a mission's own creature pictures, as surfaces.

``TokenArt.figure(kind, px, turn)`` returns ``assets/tokens/<kind>.svg`` rendered at
``px`` pixels (so every zoom stays crisp), turned clockwise by ``turn`` degrees (the
figures face north) and toned for the creature's state ("ok", "dim" for the
unconscious and dying, "grey" for the dead). ``TokenArt.picture(path, px, tone)``
returns a mission's picture (``image`` in its ``[[creatures]]``) scaled and cropped round.

Both are cached in one bounded LRU cache keyed by what they were made of, and so is a
mission picture's source: its middle square shrunk to at most ``MAX_PICTURE_PX`` (not
above ``MAX_ART_PX``) a side right after decoding, so a 2048² picture is never kept at
its own size. A kind without a file, a file that fails to load or a picture the mission
may not use gives None (the token shows its initials) and is remembered, so a broken
file costs one attempt.
"""

from __future__ import annotations

import io
import logging
import re
from collections import OrderedDict
from pathlib import Path

import pygame

from game.match.datafiles import ReadReason, ReadRefused, read_bounded
from game.ui.asset_dirs import asset_path
from game.ui.theme import Colour, mix
from game.ui.token_views import TokenView

#: Rendered figures and pictures kept (each a few KB at usual sizes) ...
MAX_ART_SURFACES = 600
#: ... and the most memory they may take together (large at 400 %).
MAX_ART_BYTES = 24 * 1024 * 1024
#: Most bytes of one token SVG (the shipped ones are about 1 KB).
MAX_SVG_BYTES = 256 * 1024
#: Largest size a figure or picture is rendered at (the biggest token at 400 % is smaller).
MAX_ART_PX = 1024
#: Largest size a mission picture's source is kept at (at most MAX_ART_PX): a creature of
#: up to three fields at 400 % is drawn from it without enlarging, and about twenty
#: sources fit in MAX_ART_BYTES, so a zoom step rescales them instead of decoding again.
MAX_PICTURE_PX = 512

#: Facing -> angle in degrees on screen (0 = right, 90 = down): N is up.
FACING_ANGLES: dict[str, float] = {
    "E": 0.0,
    "SE": 45.0,
    "S": 90.0,
    "SW": 135.0,
    "W": 180.0,
    "NW": 225.0,
    "N": 270.0,
    "NE": 315.0,
}

#: Screen angle (FACING_ANGLES) of the way the shipped figures face: north, up.
ART_FACING = 270.0

_SVG_OPEN = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE)
_SVG_CLOSE = b"</svg>"

_Key = tuple[str, str, int, int, str]

_LOG = logging.getLogger(__name__)


def turned_svg(data: bytes, degrees: int) -> bytes:
    """Return the SVG with its content turned clockwise by ``degrees`` round the centre.

    The shipped art has ``viewBox="0 0 100 100"``: its centre is (50, 50). Turning the
    vector picture before rendering keeps diagonal facings as crisp as straight ones.
    """
    if degrees % 360 == 0:
        return data
    opening = _SVG_OPEN.search(data)
    end = data.rfind(_SVG_CLOSE)
    if opening is None or end < opening.end():
        return data
    group = f'<g transform="rotate({degrees % 360} 50 50)">'.encode()
    return data[: opening.end()] + group + data[opening.end() : end] + b"</g>" + data[end:]


BASE_EDGE = 2  # the dark edge round a token's base (pixels)


def base_radius(footprint_px: int) -> int:
    """Return the radius of a token's base (without its dark edge) on a footprint this wide."""
    return max(3, round(footprint_px * 0.42))


def base_reach(footprint_px: int) -> int:
    """Return how far from its centre a token's base with its dark edge reaches (pixels).

    Numbers put beside a token (``overlays.Beside``) start just outside it.
    """
    return base_radius(footprint_px) + BASE_EDGE


def ring_width(r: int) -> int:
    """Return the width of the side-coloured ring round a token's art of base radius ``r``."""
    return max(2, round(r * 0.18))


def ring_point(token: TokenView, s: int) -> tuple[int, int]:
    """Return a point of the side's ring relative to the footprint's top-left, at ``s`` px.

    Left of the centre on the base's rim (clear of the facing marker, the meter and
    the marks): with art and without, that pixel shows the side's colour.
    """
    f = s * max(1, token.size)
    r = max(3, round(f * 0.42))
    return f // 2 - r + max(1, ring_width(r) // 2), f // 2


_FONT_STEPS = (8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 28, 32, 36, 40, 48, 56, 64, 80, 96)


def font_px(size: float) -> int:
    """Return a font size from a short list (few fonts and glyphs to cache)."""
    best = _FONT_STEPS[0]
    for step in _FONT_STEPS:
        if step <= size:
            best = step
    return best


def grey(colour: Colour, t: float) -> Colour:
    """Return ``colour`` ``t`` of the way to its own grey."""
    level = round(0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2])
    return mix(colour, (level, level, level), t)


def lifted(rect: pygame.Rect, glyph: pygame.Surface, bottom: int) -> pygame.Rect:
    """Return ``rect`` (where ``glyph`` goes) moved up so its ink ends above row ``bottom``."""
    ink = rect.top + glyph.get_bounding_rect().bottom
    return rect.move(0, min(0, bottom - ink))


def centre_dot(r: int) -> int:
    """Return the radius of the side-coloured dot on the centre of a figure of radius ``r``."""
    return max(2, round(r * 0.11))


def art_turn(token: TokenView) -> int:
    """Return how far (degrees clockwise) the figure is turned: to its facing, and a
    quarter more when it lies on the ground (prone, unconscious, dying, dead)."""
    turn = FACING_ANGLES.get(token.facing, ART_FACING) - ART_FACING
    if token.life in ("unconscious", "dying", "dead") or token.stance == "prone":
        turn += 90
    return round(turn) % 360


def toned(surface: pygame.Surface, tone: str) -> pygame.Surface:
    """Return the art in the look of a state: "ok" as drawn, "dim" darker, "grey" grey."""
    if tone == "grey":
        grey = pygame.transform.grayscale(surface)
        grey.fill((200, 200, 200, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return grey
    if tone == "dim":
        dim = surface.copy()
        dim.fill((150, 150, 165, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return dim
    return surface


def round_crop(surface: pygame.Surface, px: int) -> pygame.Surface:
    """Return the middle square of ``surface`` scaled to ``px`` and cut to a circle."""
    w, h = surface.get_size()
    side = min(w, h)
    square = pygame.Surface((side, side), pygame.SRCALPHA)  # 32 bits: smoothscale needs them
    square.blit(surface, (-((w - side) // 2), -((h - side) // 2)))
    scaled = pygame.transform.smoothscale(square, (px, px)) if side != px else square
    mask = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (px / 2, px / 2), px / 2)
    scaled.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return scaled


def shrunk(surface: pygame.Surface, most: int) -> pygame.Surface:
    """Return the middle square of ``surface`` in 32 bits, at most ``most`` pixels a side.

    A token shows only that square (``round_crop``); the decoded picture is dropped.
    """
    w, h = surface.get_size()
    side = min(w, h)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(surface, (-((w - side) // 2), -((h - side) // 2)))
    if side <= most:
        return square
    return pygame.transform.smoothscale(square, (most, most))


def _display() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


class TokenArt:
    """Load, render and cache token art; ``mission_dir`` is where mission pictures lie."""

    def __init__(self, mission_dir: Path | str | None = None, art_dir: Path | None = None) -> None:
        self.mission_dir = Path(mission_dir) if mission_dir is not None else None
        self.art_dir = art_dir
        self._svgs: dict[str, bytes | None] = {}
        self._surfaces: OrderedDict[_Key, pygame.Surface | None] = OrderedDict()
        self.bytes = 0  # memory of the kept surfaces, pictures' sources included
        self.renders = 0  # surfaces made so far (a test can see the cache work)
        self.refused: dict[str, str] = {}  # kind -> why its SVG was not read (logged once)

    # ---------------------------------------------------------------- figures
    def has_figure(self, kind: str) -> bool:
        """Return whether ``kind`` has shipped art that loads."""
        return bool(kind) and self._svg(kind) is not None

    def figure(self, kind: str, px: int, turn: int = 0, tone: str = "ok") -> pygame.Surface | None:
        """Return the figure of ``kind`` at ``px`` pixels, turned and toned; None: no art."""
        if not kind or px < 1:
            return None
        px, turn = min(px, MAX_ART_PX), turn % 360
        key: _Key = ("svg", kind, px, turn, tone)
        if key in self._surfaces:
            self._surfaces.move_to_end(key)
            return self._surfaces[key]
        data = self._svg(kind)
        surface = None
        if data is not None and turn >= 90:
            # quarter turns of a picture are exact: render 0 and 45 degrees, turn the rest
            first = self.figure(kind, px, turn % 90, tone)
            if first is not None:
                surface = pygame.transform.rotate(first, -90 * (turn // 90))
        elif data is not None:
            try:
                art = pygame.image.load_sized_svg(io.BytesIO(turned_svg(data, turn)), (px, px))
                if art.get_size() != (px, px):  # an SVG without a square viewBox
                    art = pygame.transform.smoothscale(art, (px, px))
                surface = toned(art, tone)
            except (pygame.error, ValueError, MemoryError):
                self._svgs[kind] = None  # a broken file: initials from now on
        return self._store(key, surface)

    def _svg(self, kind: str) -> bytes | None:
        if kind not in self._svgs:
            self._svgs[kind] = self._read_svg(kind)
        return self._svgs[kind]

    def _read_svg(self, kind: str) -> bytes | None:
        if not kind.replace("_", "").replace("-", "").isalnum():
            return None  # a kind is a plain name, never a path
        folder = self.art_dir if self.art_dir is not None else asset_path("tokens")
        path = folder / f"{kind}.svg"
        try:
            data = read_bounded(path, MAX_SVG_BYTES)  # regular files only: a FIFO never waits
        except ReadRefused as error:
            if error.reason is not ReadReason.MISSING:  # no art for a kind: nothing to say
                self._refuse(kind, path, error)
            return None
        except OSError as error:
            self._refuse(kind, path, error)
            return None
        return data if b"<svg" in data[:4096] else None

    def _refuse(self, kind: str, path: Path, error: OSError) -> None:
        """Note and log once why the art of ``kind`` is not used (initials instead)."""
        self.refused[kind] = str(error)
        _LOG.warning("token art %s not used (initials instead): %s", path, error)

    # ----------------------------------------------------------------- tokens
    def shows(self, token: TokenView) -> bool:
        """Return whether ``token`` has a miniature: a usable picture or a figure."""
        if token.image and self.picture(token.image, 8) is not None:
            return True
        return self.has_figure(token.art)

    def for_token(self, token: TokenView, px: int) -> pygame.Surface | None:
        """Return the token's miniature at ``px`` (the mission's picture first), or None."""
        tone = {"dead": "grey", "unconscious": "dim", "dying": "dim"}.get(token.life, "ok")
        if token.image:
            picture = self.picture(token.image, px, tone)
            if picture is not None:
                return picture
        return self.figure(token.art, px, art_turn(token), tone)

    # --------------------------------------------------------------- pictures
    def picture(self, relative: str, px: int, tone: str = "ok") -> pygame.Surface | None:
        """Return the mission's picture ``relative`` at ``px``, cropped round; None: unusable."""
        if not relative or px < 1:
            return None
        px = min(px, MAX_ART_PX)
        key: _Key = ("image", relative, px, 0, tone)
        if key in self._surfaces:
            self._surfaces.move_to_end(key)
            return self._surfaces[key]
        source = self._picture(relative)
        surface = toned(round_crop(source, px), tone) if source is not None else None
        return self._store(key, surface)

    def _picture(self, relative: str) -> pygame.Surface | None:
        """Return the picture's shrunk source, kept (and bounded) like every rendering."""
        key: _Key = ("source", relative, 0, 0, "ok")
        if key in self._surfaces:
            self._surfaces.move_to_end(key)
            return self._surfaces[key]
        surface = None
        if self.mission_dir is not None:
            from game.missions.creature_images import load_creature_image
            from game.missions.paths import MissionError

            try:
                most = min(MAX_PICTURE_PX, MAX_ART_PX)
                surface = shrunk(load_creature_image(self.mission_dir, relative), most)
            except (MissionError, pygame.error, ValueError, MemoryError):
                surface = None
        return self._store(key, surface)

    # ------------------------------------------------------------------ cache
    def _store(self, key: _Key, surface: pygame.Surface | None) -> pygame.Surface | None:
        self.renders += 1
        if surface is not None and _display():
            surface = surface.convert_alpha()
        self._surfaces[key] = surface
        self.bytes += _size(surface)
        while len(self._surfaces) > MAX_ART_SURFACES or (
            self.bytes > MAX_ART_BYTES and len(self._surfaces) > 1
        ):
            self.bytes -= _size(self._surfaces.popitem(last=False)[1])
        return surface


def _size(surface: pygame.Surface | None) -> int:
    """Return the bytes a kept surface takes (None: a remembered failure, nothing)."""
    if surface is None:
        return 0
    w, h = surface.get_size()
    return w * h * 4
