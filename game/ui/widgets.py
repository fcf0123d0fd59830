"""Small building blocks for panels and menus: buttons and panels.

The text renderer (``draw_text``, ``wrap``) lives in ``game.ui.text``, the tooltip in
``game.ui.tooltip``; both are re-exported here for the menus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.text import TextCache, draw_text, text_cache, wrap
from game.ui.theme import Colour, Fonts
from game.ui.tooltip import draw_tooltip

#: Greyed buttons: clearly apart from the ones that can be pressed.
DISABLED_FILL: Colour = (40, 42, 48)
DISABLED_EDGE: Colour = (52, 56, 64)
DISABLED_TEXT: Colour = (112, 116, 124)


def draw_button(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    label: str,
    *,
    size: int,
    enabled: bool = True,
    selected: bool = False,
    hover: bool = False,
    colour: Colour | None = None,
) -> bool:
    """Draw a button face: the one look of every button (menus, HUD, tools).

    Return whether the label had to be cut to fit (the caller then owes a tooltip with
    the whole of it).
    """
    fill = colour or (theme.BUTTON if enabled else DISABLED_FILL)
    if hover and enabled:
        fill = theme.BUTTON_HOVER
    pygame.draw.rect(surface, fill, rect, border_radius=4)
    edge = theme.ACCENT if selected else theme.PANEL_EDGE if enabled else DISABLED_EDGE
    pygame.draw.rect(surface, edge, rect, 2 if selected else 1, border_radius=4)
    shown = text.fit(label, size, rect.width - 8)
    text.draw(
        surface,
        shown,
        rect.center,
        size,
        theme.TEXT if enabled else DISABLED_TEXT,
        anchor="center",
    )
    return shown != label


@dataclass
class Button:
    """A clickable rectangle with a label; disabled buttons explain why in a tooltip.

    A label cut to fit the button puts its whole text at the top of the tooltip.
    """

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
        label = f"{self.hotkey} {self.label}" if self.hotkey else self.label
        cut = draw_button(
            surface,
            text_cache(fonts),
            self.rect,
            label,
            size=self.size,
            enabled=self.enabled,
            selected=self.selected,
            hover=self.contains(mouse),
        )
        if cut and not self.tooltip.startswith(self.label):
            # whoever shows the tooltip (menus, tools) then shows the whole label
            self.tooltip = f"{self.label}\n{self.tooltip}" if self.tooltip else self.label

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action when ``pos`` hits an enabled button; return whether it was hit."""
        if not self.contains(pos):
            return False
        if self.enabled and self.on_click is not None:
            self.on_click()
        return True


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


__all__ = [
    "DISABLED_EDGE",
    "DISABLED_FILL",
    "DISABLED_TEXT",
    "Button",
    "draw_button",
    "draw_panel",
    "draw_text",
    "draw_tooltip",
    "wrap",
]
