"""What a part of the HUD may ask of the HUD that holds it.

The HUD's panels and sections (``hud_base.Panel`` and the ``hud_*`` modules), its message
board and its offer buttons are given the HUD as a ``HudContext``, never as the concrete
``hud.Hud``: so the HUD imports its parts and no part imports the HUD, not even for type
checking. A test can hand a part any object with these members.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.match.views import Offer, Piece, Viewer, Views
    from game.ui.host import BattleHost, HostApp, MapTool
    from game.ui.popup import MenuItem
    from game.ui.session import GameSession
    from game.ui.text import TextCache


class HudContext(Protocol):
    """The HUD as its parts see it: its layout, texts, the match and what it can do."""

    # ------------------------------------------------------------ the screen
    @property
    def scene(self) -> BattleHost:
        """The battle screen the HUD sits round."""

    @property
    def app(self) -> HostApp: ...

    @property
    def text(self) -> TextCache:
        """The cache every part draws its texts with."""

    @property
    def compact(self) -> bool:
        """Whether the window is small (smaller texts and panels)."""

    @property
    def large(self) -> bool:
        """Whether the window is large (larger texts and panels)."""

    @property
    def sidebar_open(self) -> bool: ...

    @property
    def viewport(self) -> pygame.Rect:
        """The part of the window the map gets."""

    @property
    def fs(self) -> int:
        """The body text size."""

    @property
    def fs_small(self) -> int: ...

    @property
    def header_h(self) -> int:
        """The height of a section's header."""

    @property
    def language(self) -> str: ...

    def t(self, key: str, **values: object) -> str:
        """Return the text of ``key`` in the chosen language."""

    def base_key(self) -> Hashable:
        """Return what every panel's picture depends on."""

    def relayout(self) -> None:
        """Lay out again (a section folded or grew)."""

    def toggle_sidebar(self) -> None: ...

    # ------------------------------------------------------------- the match
    @property
    def session(self) -> GameSession: ...

    @property
    def game(self) -> Any:
        """The live game (the ruleset's own; only its views look inside)."""

    @property
    def views(self) -> Views: ...

    def pieces(self) -> Mapping[str, Piece]:
        """Return every creature's piece by key."""

    def viewer(self) -> Viewer:
        """Return who looks at the screen, as the ruleset's views are told."""

    def visible_keys(self) -> set[str] | None:
        """Return the creatures the viewer may see (None: all)."""

    def sees(self, key: str) -> bool: ...

    def card_subject(self) -> str | None:
        """Return the creature the card shows (the GM's commands are for it)."""

    # ---------------------------------------------------------------- the GM
    @property
    def gm_mode(self) -> bool:
        """Whether the GM commands were switched on at a table without a GM seat."""

    @property
    def gm_active(self) -> bool:
        """Whether the GM commands are open to the viewer."""

    @property
    def has_gm_seat(self) -> bool: ...

    def toggle_gm_mode(self) -> None: ...

    # --------------------------------------------------------------- actions
    @property
    def active_action(self) -> Hashable:
        """The last action started from the action bar (the views' ``Offer.action``)."""

    def message(self, text: str, bad: bool = False) -> None:
        """Show ``text`` over the map for a few seconds (refusals in red)."""

    def open_menu(self, title: str, items: Sequence[MenuItem], columns: int = 1) -> None:
        """Open a pop-up menu at the mouse."""

    def start_tool(self, tool: MapTool) -> None:
        """Make ``tool`` (a pick on the map) the scene's tool."""

    def start_action(self, offer: Offer) -> None:
        """Start an action of the action bar (the scene picks its tool)."""
