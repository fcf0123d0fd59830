"""The one tooltip of the screen: a text box beside the mouse that stays in view.

Menus, the HUD and the map tools all call ``draw_tooltip``; the box is rendered once
per text (kept in a small cache) and only placed each frame. Labels on the map (the
fields' numbers, status boxes) are ``overlays.label_surface``; they are not tooltips.

A scene drawn under another one (a modal dialog: a confirmation, the pause menu) draws
inside ``muted()``: no tooltip of the scene below shows over the dialog (issue 12).
A scene whose layers draw tooltips before later layers (the battle: the map's before the
HUD's notices) calls ``hold()`` first and ``release(surface)`` last: the tooltips are placed
where they were asked for and blitted above everything (issue 12).
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Iterator, Sequence

import pygame

from game.ui import theme
from game.ui.text import text_cache
from game.ui.theme import Colour, ColourA, Fonts

TOOLTIP_BG: ColourA = (18, 20, 24, 235)
TOOLTIP_SIZE = 17
TOOLTIP_WIDTH = 340
_LIMIT = 64
_IMAGES: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_MUTED = [0]  # how many ``muted`` blocks are open
#: Tooltips placed while held (image, where), blitted by ``release``; None: not held.
_HELD: list[list[tuple[pygame.Surface, pygame.Rect]] | None] = [None]


@contextlib.contextmanager
def muted() -> Iterator[None]:
    """Draw no tooltip inside the block (a scene under a modal dialog)."""
    _MUTED[0] += 1
    try:
        yield
    finally:
        _MUTED[0] -= 1


def hold() -> None:
    """Keep the tooltips drawn from now on until ``release`` (drops any still kept)."""
    _HELD[0] = []


def release(surface: pygame.Surface) -> None:
    """Blit the tooltips kept since ``hold`` onto ``surface``, above all drawn so far."""
    held, _HELD[0] = _HELD[0], None
    for image, rect in held or ():
        surface.blit(image, rect)


def tooltips_shown() -> bool:
    """Return whether ``draw_tooltip`` draws now (False inside ``muted``)."""
    return _MUTED[0] == 0


def tooltip_image(
    fonts: Fonts,
    lines: str | Sequence[str],
    *,
    size: int = TOOLTIP_SIZE,
    width: int = TOOLTIP_WIDTH,
    border: Colour = theme.ACCENT,
) -> pygame.Surface:
    """Return the box of ``lines`` (each wrapped to ``width`` pixels), rendered once."""
    shown = (lines,) if isinstance(lines, str) else tuple(lines)
    key = (id(fonts), shown, size, width, tuple(border))
    image = _IMAGES.get(key)
    if image is not None:
        _IMAGES.move_to_end(key)
        return image
    text = text_cache(fonts)
    rows = [row for line in shown if line for row in text.wrap(line, size, width - 14)]
    if not rows:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    line_h = text.line_height(size)
    box_w = min(width, max(text.width(row, size) for row in rows) + 14)
    image = pygame.Surface((box_w, len(rows) * line_h + 10), pygame.SRCALPHA)
    image.fill(TOOLTIP_BG)
    pygame.draw.rect(image, border, image.get_rect(), 1)
    for i, row in enumerate(rows):
        text.draw(image, row, (7, 5 + i * line_h), size)
    _IMAGES[key] = image
    if len(_IMAGES) > _LIMIT:
        _IMAGES.popitem(last=False)
    return image


def blit_near(
    surface: pygame.Surface, image: pygame.Surface, pos: tuple[int, int], offset: int = 16
) -> pygame.Rect:
    """Blit ``image`` beside ``pos`` (right and below), kept inside the clip area."""
    area = surface.get_clip() if surface.get_clip().width else surface.get_rect()
    x = pos[0] + offset
    y = pos[1] + offset
    if x + image.get_width() > area.right:
        x = pos[0] - offset - image.get_width()
    if y + image.get_height() > area.bottom:
        y = pos[1] - offset - image.get_height()
    x = max(area.left, x)
    y = max(area.top, y)
    held = _HELD[0]
    if held is not None:
        rect = pygame.Rect((x, y), image.get_size()).clip(area)
        if rect.width and rect.height:
            held.append((image.subsurface(rect.move(-x, -y)), rect))
        return rect
    return surface.blit(image, (x, y))


def draw_tooltip(
    surface: pygame.Surface,
    fonts: Fonts,
    lines: str | Sequence[str],
    pos: tuple[int, int],
    width: int = TOOLTIP_WIDTH,
    *,
    size: int = TOOLTIP_SIZE,
    border: Colour = theme.ACCENT,
    offset: int = 16,
) -> pygame.Rect | None:
    """Draw ``lines`` in a box beside ``pos`` that stays on screen; return where it went.

    Inside ``muted`` (a dialog over this scene) nothing is drawn.
    """
    if not tooltips_shown() or not lines or (not isinstance(lines, str) and not any(lines)):
        return None
    image = tooltip_image(fonts, lines, size=size, width=width, border=border)
    return blit_near(surface, image, pos, offset)
