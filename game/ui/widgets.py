"""Small building blocks for panels and menus: text, buttons, tooltips, text wrapping."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.theme import Colour, Fonts


def draw_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: tuple[int, int],
    *,
    size: int = 20,
    colour: Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text; return its rectangle."""
    image = fonts.get(size, bold).render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(fonts: Fonts, text: str, width: int, size: int = 18) -> list[str]:
    """Return ``text`` broken into lines no wider than ``width`` pixels."""
    font = fonts.get(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@dataclass
class Button:
    """A clickable rectangle with a label; disabled buttons explain why in a tooltip."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    tooltip: str = ""
    hotkey: str = ""
    selected: bool = False
    size: int = 20
    data: dict[str, object] = field(default_factory=dict)

    def contains(self, pos: tuple[int, int]) -> bool:
        return bool(self.rect.collidepoint(pos))

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int]) -> None:
        hover = self.enabled and self.contains(mouse)
        colour = theme.BUTTON_DISABLED if not self.enabled else theme.BUTTON
        if hover:
            colour = theme.BUTTON_HOVER
        pygame.draw.rect(surface, colour, self.rect, border_radius=5)
        edge = theme.ACCENT if self.selected else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.selected else 1, border_radius=5)
        text_colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = f"{self.hotkey} {self.label}" if self.hotkey else self.label
        font = fonts.get(self.size)
        while font.size(label)[0] > self.rect.width - 8 and len(label) > 4:
            label = label[:-2] + "…"
        draw_text(
            surface,
            fonts,
            label,
            self.rect.center,
            size=self.size,
            colour=text_colour,
            anchor="center",
        )

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action when ``pos`` hits an enabled button; return whether it was hit."""
        if not self.contains(pos):
            return False
        if self.enabled and self.on_click is not None:
            self.on_click()
        return True


def draw_tooltip(
    surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int], width: int = 320
) -> None:
    """Draw a tooltip box near ``pos`` that stays on screen."""
    if not text:
        return
    lines = wrap(fonts, text, width - 12, 18)
    font = fonts.get(18)
    height = len(lines) * font.get_linesize() + 10
    actual = min(width, max(font.size(line)[0] for line in lines) + 14)
    x = min(pos[0] + 16, surface.get_width() - actual - 4)
    y = min(pos[1] + 18, surface.get_height() - height - 4)
    box = pygame.Rect(max(0, x), max(0, y), actual, height)
    pygame.draw.rect(surface, (20, 22, 26), box, border_radius=4)
    pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=4)
    for i, line in enumerate(lines):
        draw_text(surface, fonts, line, (box.x + 7, box.y + 5 + i * font.get_linesize()), size=18)


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, title: str = "", fonts: Fonts | None = None
) -> pygame.Rect:
    """Draw a panel background; return the inner rectangle below the title."""
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    inner = rect.inflate(-12, -12)
    if title and fonts is not None:
        draw_text(
            surface, fonts, title, (inner.x, inner.y), size=20, colour=theme.ACCENT, bold=True
        )
        inner.y += 22
        inner.height -= 22
    return inner
