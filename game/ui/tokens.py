"""Miniatures on the map: how a token is drawn (what it shows is ``token_views.TokenView``).

A token is a round base in its side's colour with a miniature on it: the creature
kind's top-down figure (``token_art``: ``assets/tokens/<kind>.svg``, turned to the
facing) or the mission's own picture cropped round, inside a ring of the side's colour,
with the initials small beside a side-coloured dot on its centre (three pirates are told
apart). Without art (no kind, a file that fails to load, a token under ``ART_MIN_PX``)
the base shows the initials large instead. Around it: a facing marker on the rim, the
ruleset's meter (a bar such as LP, or pips such as wounds), the ruleset's marks (1-2
letter codes on coloured tabs, e.g. ENTARIA's conditions) along the top edge and an
altitude badge for flyers. Kneeling tokens are smaller with a bright foot arc, prone
ones a low oval (with art: the figure lies on its base, turned a quarter). The fallen
are seen at once: the unconscious grey with the figure dimmed and lying and a "zz" mark,
the dying the same with a red ring and a red cross, the dead a faint grey base with the
grey figure lying under a black X (and no marks). Hidden tokens are drawn faded. The
whose-turn ring is gold, the selection ring white. What a token shows of the rules
comes from the ruleset's views (``Piece``).

The centre pixel always shows the side's colour (between the initials, or the dot on a
figure), and so does ``ring_point`` on the rim; tests and players can rely on both.

A sight/cover mark drawn over a token goes to ``cover_badge_centre``: its top-right
corner, pushed out so far that both initials stay readable at every zoom.

Pictures are cached per look and field size. For tooltips: ``badge_rects(token,
camera)`` returns the marks' screen rectangles and what they stand for; after a draw,
``TokenRenderer.badge_at(pos)`` answers which mark is under the mouse.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.match.views import Mark, Meter
from game.ui import theme, token_art
from game.ui.camera import BASE_CELL_PX, MAX_ZOOM, MIN_ZOOM, Camera
from game.ui.theme import Colour, Fonts
from game.ui.theme import mix as _mix
from game.ui.token_art import FACING_ANGLES, TokenArt, centre_dot, lifted, ring_point, ring_width
from game.ui.token_art import font_px as _font_px
from game.ui.token_art import grey as _grey
from game.ui.token_views import TokenView, token_view, token_views

__all__ = [
    "FACING_ANGLES",
    "TokenRenderer",
    "TokenView",
    "badge_rects",
    "cover_badge_centre",
    "ring_point",
    "token_view",
    "token_views",
]


# ------------------------------------------------------------------ badges
MAX_TOKEN_SPRITES = 1500
#: Time a frame that rendered no token picture may spend on the next zoom step's.
PREFETCH_MS = 1.0
PREFETCH_STEP = 1.15  # the scenes' wheel step
FADED_ALPHA = 105
DEAD_ALPHA = 150
OUTLINE = (22, 24, 28)
#: Smallest footprint (pixels) that shows art (the figure is then 20 px); below it the
#: initials tell the creatures apart better than a figure of a few pixels.
ART_MIN_PX = 28
#: The pale ground under a figure, mixed into the side's colour (the ring stays pure).
#: Ground and art keep off near-white (every channel >= 150): that is the letters',
#: the facing marker's and the rings' (the initials stay readable on any figure).
ART_GROUND = (236, 234, 226)


def shown_marks(token: TokenView) -> tuple[Mark, ...]:
    """Return the marks a token shows (none for the dead: the X says it)."""
    if token.life == "dead":
        return ()
    return token.marks


@dataclass(frozen=True)
class _Layout:
    """Where the parts of a token go, relative to its footprint's top-left (pixels)."""

    footprint: int  # side of the footprint in pixels
    pad: int  # the sprite reaches this far beyond the footprint on every side
    radius: int
    badge_h: int
    badges: tuple[tuple[pygame.Rect, Mark | None], ...]  # None: the "+n" badge


def _pad(s: int) -> int:
    """Return how far a token's picture reaches beyond its footprint (rings, badges)."""
    return max(3, s // 8)


def _layout(token: TokenView, s: int) -> _Layout:
    f = s * max(1, token.size)
    pad = _pad(s)
    radius = token_art.base_radius(f)
    badge_h = max(9, min(22, round(s * 0.3)))
    badges: list[tuple[pygame.Rect, Mark | None]] = []
    shown = shown_marks(token)
    if shown and f >= 24:
        width = badge_h + max(4, badge_h // 2)
        room = max(1, (f + pad) // (width + 1))
        if len(shown) > room:
            visible: list[Mark | None] = [*shown[: max(0, room - 1)], None]
        else:
            visible = list(shown)
        x = -pad // 2
        for mark in visible:
            badges.append((pygame.Rect(x, -pad // 2, width, badge_h), mark))
            x += width + 1
    return _Layout(f, pad, radius, badge_h, tuple(badges))


def cover_badge_centre(x: int, y: int, side: int, radius: int) -> tuple[int, int]:
    """Return the centre of a cover mark of ``radius`` on a token whose footprint starts at
    (``x``, ``y``) and is ``side`` pixels wide: on its top-right corner, clear of the initials.

    Half of the mark lies outside the footprint, so it never covers the second initial
    (the mark used to sit inside the corner and hid it at small zooms, issue 12).
    """
    inset = radius // 3
    return x + side - inset, y + inset


def badge_rects(
    token: TokenView, camera: Camera, position: tuple[float, float] | None = None
) -> list[tuple[pygame.Rect, Hashable]]:
    """Return the screen rectangles of a token's marks and what each stands for.

    For hover tooltips in the HUD. ``position`` (field units) overrides the token's
    field like ``TokenRenderer.draw``'s positions. A mark that stands for None is the
    "+n" badge for marks that did not fit (the HUD may list them all).
    """
    fx, fy = position if position is not None else token.cell
    x, y = camera.point_to_screen(fx, fy)
    layout = _layout(token, camera.cell_px)
    return [(rect.move(x, y), _key_of(mark)) for rect, mark in layout.badges]


def _key_of(mark: Mark | None) -> Hashable:
    return mark.key if mark is not None else None


# ----------------------------------------------------------------- renderer
class TokenRenderer:
    """Draw tokens (cached per look and size).

    After each ``draw``, ``drawn`` maps every drawn token's key to its screen rectangle
    (the footprint) and ``badges`` lists (rect, what the mark stands for, token key) of
    every mark on screen, so the HUD can show tooltips: ``badge_at(pos)``.
    """

    def __init__(self, fonts: Fonts, *, mission_dir: Path | str | None = None) -> None:
        """``mission_dir``: the mission's folder, where its creature pictures lie."""
        self.fonts = fonts
        self.art = TokenArt(mission_dir)
        self._sprites: OrderedDict[tuple[object, ...], tuple[pygame.Surface, _Layout]] = (
            OrderedDict()
        )
        self._glyphs: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self.drawn: dict[str, pygame.Rect] = {}
        self.badges: list[tuple[pygame.Rect, Mark | None, str]] = []
        self._order: tuple[Sequence[TokenView], list[TokenView]] | None = None
        self.renders = 0  # pictures rendered so far (a frame without any may prefetch)
        self.prefetch = True

    # ------------------------------------------------------------- queries
    def badge_at(self, pos: tuple[int, int]) -> tuple[Hashable, str] | None:
        """Return (what the mark stands for, token key) of the mark under a position.

        None for what it stands for: the "+n" badge of a token with more marks than fit.
        """
        for rect, mark, key in reversed(self.badges):
            if rect.collidepoint(pos):
                return _key_of(mark), key
        return None

    def token_at(self, pos: tuple[int, int]) -> str | None:
        """Return the key of the token drawn under a screen position (topmost), if any."""
        for key, rect in reversed(list(self.drawn.items())):
            if rect.collidepoint(pos):
                return key
        return None

    # -------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        tokens: Sequence[TokenView],
        positions: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        """Draw ``tokens``; ``positions`` overrides a token's place (animations, fields).

        A ``positions`` object with a ``where(token) -> (fx, fy)`` method (the
        animator's) is asked instead of looked up, so it learns where tokens stand.
        """
        s = camera.cell_px
        pad = _pad(s)
        renders = self.renders
        where = getattr(positions, "where", None)
        static = getattr(positions, "static", None)
        if callable(static) and static(tokens):
            where = None  # the animator is idle and has seen these tokens: fields only
        self.drawn = {}
        self.badges = []
        clip = surface.get_clip()
        left, top, right, bottom = clip.left, clip.top, clip.right, clip.bottom
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if self._order is None or self._order[0] is not tokens:
            self._order = (tokens, sorted(tokens, key=_draw_order))
        numbered = camera.numbered.turn()  # a number's plate lies over their lower part
        for token in self._order[1]:
            if callable(where):
                fx, fy = where(token)
            elif positions is not None and token.key in positions:
                fx, fy = positions[token.key]
            else:
                fx, fy = token.cell
            # as Camera.point_to_screen, inline: this runs for every token every frame
            x, y = (
                round(fx * s - camera.x) + camera.viewport_x,
                round(fy * s - camera.y) + camera.viewport_y,
            )
            side = s * max(1, token.size)
            if x + side + pad <= left or x - pad >= right or y + side + pad <= top:
                continue
            if y - pad >= bottom:
                continue
            under = numbered.get(token.cell) if numbered and token.size <= 1 else None
            sprite, layout = self.sprite_and_layout(token, s, under)
            blits.append((sprite, (x - pad, y - pad)))
            self.drawn[token.key] = pygame.Rect(x, y, side, side)
            for badge, mark in layout.badges:
                self.badges.append((badge.move(x, y), mark, token.key))
        if blits:
            surface.fblits(blits)
        if self.prefetch and self.renders == renders:
            self._prefetch(tokens, camera)

    def _prefetch(self, tokens: Sequence[TokenView], camera: Camera) -> None:
        """Render the pictures one wheel step in and out for tokens in or near the view.

        Only in frames that rendered nothing, for at most ``PREFETCH_MS``: a zoom step
        then finds its token pictures ready.
        """
        deadline = time.perf_counter() + PREFETCH_MS / 1000.0
        s = camera.cell_px
        sizes = []
        for factor in (PREFETCH_STEP, 1 / PREFETCH_STEP):
            zoom = min(MAX_ZOOM, max(MIN_ZOOM, camera.zoom * factor))
            other = max(4, round(BASE_CELL_PX * zoom))
            if other != s:
                sizes.append(other)
        # the view grown by a zoom step on every side, in field units
        x0, y0 = camera.x / s, camera.y / s
        w, h = camera.viewport_w / s, camera.viewport_h / s
        gx, gy = w * (PREFETCH_STEP - 1) + 1, h * (PREFETCH_STEP - 1) + 1
        near = [
            t
            for t in tokens
            if x0 - gx <= t.cell[0] + t.size
            and t.cell[0] <= x0 + w + gx
            and y0 - gy <= t.cell[1] + t.size
            and t.cell[1] <= y0 + h + gy
        ]
        for other in sizes:
            for token in near:
                if self._key(token, other) in self._sprites:
                    continue
                self.sprite_and_layout(token, other)
                if time.perf_counter() >= deadline:
                    return

    @staticmethod
    def _key(token: TokenView, s: int, under: int | None = None) -> tuple[object, ...]:
        return (
            under,
            token.initials,
            token.colour,
            token.size,
            token.facing,
            token.meter,
            token.marks,
            token.stance,
            token.altitude,
            token.life,
            token.selected,
            token.current,
            token.hidden,
            token.art,
            token.image,
            s,
        )

    def sprite(self, token: TokenView, s: int) -> pygame.Surface:
        """Return the token's picture at fields of ``s`` pixels (cached per look)."""
        return self.sprite_and_layout(token, s)[0]

    def sprite_and_layout(
        self, token: TokenView, s: int, under: int | None = None
    ) -> tuple[pygame.Surface, _Layout]:
        """Return the token's picture and the layout of its parts (cached per look);
        ``under``: a number's plate covers the field from this row down (pixels below its
        top), so the label's ink ends above it."""
        key = self._key(token, s, under)
        cached = self._sprites.get(key)
        if cached is not None:
            self._sprites.move_to_end(key)
            return cached
        self.renders += 1
        sprite = self._render(token, s, under)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            sprite = sprite.convert_alpha()
        cached = (sprite, _layout(token, s))
        self._sprites[key] = cached
        if len(self._sprites) > MAX_TOKEN_SPRITES:
            self._sprites.popitem(last=False)
        return cached

    def _glyph(self, text: str, px: int, colour: Colour = (255, 255, 255)) -> pygame.Surface:
        key = (text, px, colour)
        glyph = self._glyphs.get(key)
        if glyph is None:
            if len(self._glyphs) > 4000:
                self._glyphs.clear()
            glyph = self.fonts.get(px, True).render(text, True, colour)
            self._glyphs[key] = glyph
        return glyph

    def _render(self, token: TokenView, s: int, under: int | None = None) -> pygame.Surface:
        layout = _layout(token, s)
        f, pad, r = layout.footprint, layout.pad, layout.radius
        side = f + 2 * pad
        spr = pygame.Surface((side, side), pygame.SRCALPHA)
        ink_end = side if under is None else pad + under - 1  # a row free above the plate
        c = pad + f // 2
        base = token.colour
        if token.life == "unconscious":
            base = _grey(base, 0.6)
        elif token.life == "dying":
            base = _mix(_grey(base, 0.5), (120, 20, 20), 0.25)
        elif token.life == "dead":
            base = _mix(_grey(base, 0.9), (40, 40, 40), 0.3)
        # rings first: whose turn (gold, outside), selected (white, inside it)
        ring = max(2, s // 14)
        gap = max(3, s // 16)
        if token.current:
            outer = r + gap + ring + 4
            pygame.draw.circle(spr, OUTLINE, (c, c), outer + 1, ring + 2)
            pygame.draw.circle(spr, theme.CURRENT, (c, c), outer, ring)
        if token.selected:
            width = max(2, s // 24)
            pygame.draw.circle(spr, OUTLINE, (c, c), r + gap + width + 1, width + 2)
            pygame.draw.circle(spr, theme.SELECTED, (c, c), r + gap + width, width)
        figure = f >= ART_MIN_PX and self.art.shows(token)  # a figure or a picture
        self._draw_base(spr, token, c, r, base, figure)
        self._draw_facing(spr, token, c, r, pad)
        if figure and self._draw_art(spr, token, c, r, base):
            if token.life != "dead":
                self._draw_plate(spr, token, c, r, ink_end - 1)  # its outline: a row more
        elif f >= 18 and token.life != "dead":
            self._draw_initials(spr, token, c, r, ink_end)
        meter = token.meter
        if meter is not None and meter.maximum > 0 and f >= 16 and token.life != "dead":
            self._draw_meter(spr, meter, c, r, s)
        if token.altitude and f >= 20:
            self._draw_altitude(spr, token, pad + f - 1, pad, s)
        self._draw_life(spr, token, c, r, s, pad, f)
        for rect, mark in layout.badges:
            self._draw_badge(spr, rect.move(pad, pad), mark, token, layout)
        if token.hidden:
            spr.fill((255, 255, 255, FADED_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        return spr

    def _draw_base(
        self, spr: pygame.Surface, token: TokenView, c: int, r: int, base: Colour, figure: bool
    ) -> None:
        """Draw the base (``figure``: a miniature lies on it, so no prone oval)."""
        edge = _mix(base, OUTLINE, 0.6)
        if token.stance == "prone" and not figure:
            # lying down: a low, wide oval
            oval = pygame.Rect(0, 0, 2 * r + 2, round(r * 1.15))
            oval.center = (c, c)
            pygame.draw.ellipse(spr, edge, oval.inflate(4, 4))
            pygame.draw.ellipse(spr, base, oval)
            pygame.draw.line(
                spr,
                _mix(base, (255, 255, 255), 0.45),
                (oval.left + r // 3, oval.bottom - 3),
                (oval.right - r // 3, oval.bottom - 3),
                max(1, r // 12),
            )
            return
        radius = r if token.stance != "kneeling" else max(3, round(r * 0.8))
        pygame.draw.circle(spr, edge, (c, c), radius + token_art.BASE_EDGE)
        pygame.draw.circle(spr, base, (c, c), radius)
        inner = max(1, radius - max(2, radius // 6))
        pygame.draw.circle(spr, _mix(base, (255, 255, 255), 0.3), (c, c), inner, 1)
        if token.stance == "kneeling":
            # kneeling: a smaller base with a bright foot arc below
            rect = pygame.Rect(c - radius - 2, c - radius - 2, 2 * radius + 4, 2 * radius + 4)
            pygame.draw.arc(
                spr, (240, 240, 240), rect, math.radians(200), math.radians(340), max(2, r // 8)
            )

    def _draw_art(
        self, spr: pygame.Surface, token: TokenView, c: int, r: int, base: Colour
    ) -> bool:
        """Draw the miniature inside the side's ring; return False when there is none."""
        radius = r if token.stance != "kneeling" else max(3, round(r * 0.8))
        inner = radius - ring_width(radius)
        art = self.art.for_token(token, 2 * inner)
        if art is None:
            return False
        pygame.draw.circle(spr, _mix(base, ART_GROUND, 0.5), (c, c), inner)
        pygame.draw.circle(spr, _mix(base, OUTLINE, 0.5), (c, c), inner, 1)
        spr.blit(art, art.get_rect(center=(c, c)))
        # a dot of the side's colour on the figure's centre: the centre pixel tells the side
        dot = centre_dot(r)
        pygame.draw.circle(spr, OUTLINE, (c, c), dot + 1)
        pygame.draw.circle(spr, base, (c, c), dot)
        return True

    def _draw_plate(
        self, spr: pygame.Surface, token: TokenView, c: int, r: int, bottom: int
    ) -> None:
        """Draw the initials small and outlined beside the centre dot (which pirate is it),
        their ink above row ``bottom``."""
        px = _font_px(max(8.0, r * 0.38))
        text = token.initials or "?"
        dot = centre_dot(r)
        places = [(text[0], "midright", (c - dot - 1, c))]
        if len(text) > 1:
            places.append((text[1:2], "midleft", (c + dot + 2, c)))
        else:
            places = [(text, "midbottom", (c, c - dot - 1))]
        for letter, anchor, point in places:
            ink = self._glyph(letter, px)
            shade = self._glyph(letter, px, OUTLINE)
            rect = lifted(ink.get_rect(**{anchor: point}), ink, bottom)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                spr.blit(shade, rect.move(dx, dy))
            spr.blit(ink, rect)

    def _draw_facing(self, spr: pygame.Surface, token: TokenView, c: int, r: int, pad: int) -> None:
        angle = FACING_ANGLES.get(token.facing)
        if angle is None or token.life == "dead":
            return
        rad = math.radians(angle)
        tip = r + max(2, round(pad * 0.8))
        base_d = r - max(1, r // 5)
        half = max(2, r // 4)
        ux, uy = math.cos(rad), math.sin(rad)
        px, py = -uy, ux
        points = [
            (c + ux * tip, c + uy * tip),
            (c + ux * base_d + px * half, c + uy * base_d + py * half),
            (c + ux * base_d - px * half, c + uy * base_d - py * half),
        ]
        pygame.draw.polygon(spr, (250, 250, 250), points)
        pygame.draw.polygon(spr, OUTLINE, points, 1)

    def _draw_initials(
        self, spr: pygame.Surface, token: TokenView, c: int, r: int, bottom: int
    ) -> None:
        """Draw the initials large on the base, their ink above row ``bottom``."""
        px = _font_px(r * 0.85)
        text = token.initials or "?"
        if len(text) == 1:
            glyph = self._glyph(text, px)
            # a single letter sits above the centre, so the centre keeps the side colour
            spr.blit(glyph, lifted(glyph.get_rect(midbottom=(c, c)), glyph, bottom))
            return
        # two letters with a gap at the centre: the centre pixel keeps the side colour
        left = self._glyph(text[0], px)
        right = self._glyph(text[1:2], px)
        spr.blit(left, lifted(left.get_rect(midright=(c - 1, c)), left, bottom))
        spr.blit(right, lifted(right.get_rect(midleft=(c + 2, c)), right, bottom))

    def _draw_meter(self, spr: pygame.Surface, meter: Meter, c: int, r: int, s: int) -> None:
        width = round(r * 1.5)
        height = max(3, min(8, s // 10))
        bar = pygame.Rect(0, 0, width, height)
        bar.midtop = (c, c + round(r * 0.62))
        spr.fill((20, 20, 24, 230), bar.inflate(2, 2))
        if meter.pips:  # e.g. wounds: one pip each, the taken ones filled
            step = width / meter.maximum
            for i in range(meter.maximum):
                pip = (round(bar.x + i * step), bar.y, max(1, round(step) - 1), height)
                spr.fill((225, 70, 60) if i < meter.value else (70, 70, 78), pip)
            return
        fraction = meter.share
        if fraction > 0:
            colour = (80, 200, 90) if fraction > 0.5 else (230, 200, 60)
            if fraction <= 0.25:
                colour = (225, 70, 60)
            spr.fill(colour, (bar.x, bar.y, max(1, round(width * fraction)), height))

    def _draw_altitude(
        self, spr: pygame.Surface, token: TokenView, right: int, top: int, s: int
    ) -> None:
        px = _font_px(max(9, s * 0.26))
        text = self._glyph(str(abs(token.altitude)), px, (255, 255, 255))
        tri = max(4, text.get_height() // 2)
        box = pygame.Rect(0, 0, text.get_width() + tri + 6, text.get_height())
        box.topright = (right, top + 1)
        pygame.draw.rect(spr, (40, 110, 190), box, border_radius=3)
        pygame.draw.rect(spr, (220, 235, 250), box, 1, border_radius=3)
        x0, cy = box.x + 3, box.centery
        up = token.altitude > 0
        points = (
            [(x0, cy + tri // 2), (x0 + tri, cy + tri // 2), (x0 + tri / 2, cy - tri // 2)]
            if up
            else [(x0, cy - tri // 2), (x0 + tri, cy - tri // 2), (x0 + tri / 2, cy + tri // 2)]
        )
        pygame.draw.polygon(spr, (255, 255, 255), points)
        spr.blit(text, (x0 + tri + 2, box.y))

    def _draw_life(
        self, spr: pygame.Surface, token: TokenView, c: int, r: int, s: int, pad: int, f: int
    ) -> None:
        if token.life == "dead":
            # a grey, see-through base with a black cross over the whole footprint
            spr.fill((255, 255, 255, DEAD_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            width = max(3, s // 8)
            d = round(r * 0.85)
            pygame.draw.line(spr, (15, 15, 15), (c - d, c - d), (c + d, c + d), width)
            pygame.draw.line(spr, (15, 15, 15), (c - d, c + d), (c + d, c - d), width)
            return
        if token.life not in ("unconscious", "dying"):
            return
        mark_r = max(4, round(r * 0.36))
        centre = (c + round(r * 0.72), c + round(r * 0.72))
        if token.life == "dying":
            # a red ring round the base and a red cross: needs help now
            pygame.draw.circle(spr, (220, 40, 40), (c, c), r + 1, max(2, s // 16))
            pygame.draw.circle(spr, (200, 30, 30), centre, mark_r)
            arm = max(1, mark_r // 3)
            spr.fill(
                (255, 255, 255), (centre[0] - arm, centre[1] - mark_r + 2, 2 * arm, 2 * mark_r - 4)
            )
            spr.fill(
                (255, 255, 255), (centre[0] - mark_r + 2, centre[1] - arm, 2 * mark_r - 4, 2 * arm)
            )
        else:
            pygame.draw.circle(spr, (60, 60, 70), centre, mark_r)
            pygame.draw.circle(spr, (200, 200, 210), centre, mark_r, 1)
            if f >= 20:
                text = "zz" if f >= 48 else "z"  # two letters only where they stay apart
                glyph = self._glyph(
                    text, _font_px(mark_r * (1.2 if f >= 48 else 1.6)), (230, 230, 240)
                )
                spr.blit(glyph, glyph.get_rect(center=centre))

    def _draw_badge(
        self,
        spr: pygame.Surface,
        rect: pygame.Rect,
        mark: Mark | None,
        token: TokenView,
        layout: _Layout,
    ) -> None:
        if mark is None:
            hidden = len(shown_marks(token)) - (len(layout.badges) - 1)
            text, colour = f"+{hidden}", (70, 74, 84)
        else:
            text, colour = mark.code, mark.colour
        pygame.draw.rect(spr, colour, rect, border_radius=3)
        pygame.draw.rect(spr, (245, 245, 245), rect, 1, border_radius=3)
        glyph = self._glyph(text, _font_px(rect.height * 0.95))
        if glyph.get_width() > rect.width - 2:
            glyph = self._glyph(text, _font_px(rect.height * 0.75))
        spr.blit(glyph, glyph.get_rect(center=rect.center))


def _draw_order(token: TokenView) -> tuple[int, int]:
    """Return the drawing order: the dead below, the current and selected on top."""
    if token.life == "dead":
        return (0, 0)
    return (1, int(token.selected) + 2 * int(token.current))
