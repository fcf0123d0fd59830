"""What the parts of the battle screen may ask of the screen that holds them.

The map tools, the overlays and the HUD's sections are given the battle screen as a
host. They see it only through these protocols, never as the concrete ``BattleScene``:
so no part of the screen imports the scene that builds it, and a test or a bench can
hand them any object with these members.

- ``MapTool``: what the host asks of the tool that is active on the map.
- ``MapHost``: what a map tool and the overlays need — the session, the camera, the
  map, the selection, the viewer's sight, the overlays switched on, messages, and
  ``send`` for every change.
- ``BattleHost``: a ``MapHost`` plus what the HUD and the menus around the battle need —
  the side colours, starting an action, ending the turn, undo and redo.

The host speaks the ruleset's views, not a ruleset: creatures are their keys and the
views' ``Piece``, an action of the action bar is the views' ``Offer.action``. A map tool
that knows its ruleset (ENTARIA's in ``game.ui.tools``) looks the creature up itself.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.board.grid import Cell
    from game.match.commands import Command
    from game.match.views import Piece
    from game.ui.camera import Camera
    from game.ui.locale import Translator
    from game.ui.map_view import MapRenderer
    from game.ui.session import GameSession, Outcome, Player
    from game.ui.theme import Colour, Fonts
    from game.ui.tokens import TokenView


class HostApp(Protocol):
    """What the battle's parts use of the program: its texts and its fonts."""

    @property
    def t(self) -> Translator: ...

    @property
    def fonts(self) -> Fonts: ...


class Messages(Protocol):
    """Where the battle's parts say something to the player (over the map)."""

    def message(self, text: str, bad: bool = False) -> None: ...

    def message_key(self, key: str, bad: bool = False, **args: object) -> None: ...


class MapTool(Protocol):
    """What a click on the map means right now (the tools of ``game.ui.tools``)."""

    @property
    def name(self) -> str: ...

    @property
    def comes_back(self) -> bool:
        """Whether leaving the tool brings it straight back (a rolled result waits to be
        placed): Esc cannot take it back, a second Esc opens the menu instead."""

    def handle(self, event: pygame.event.Event) -> bool: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def draw_over(self, surface: pygame.Surface) -> None: ...

    def cancel(self) -> None: ...


class MapHost(Protocol):
    """What a map tool and the overlays need of the battle screen."""

    #: The tool that gets the map's clicks; a tool may hand over to another one.
    tool: MapTool

    @property
    def app(self) -> HostApp: ...

    @property
    def session(self) -> GameSession: ...

    @property
    def camera(self) -> Camera: ...

    @property
    def map(self) -> MapRenderer: ...

    @property
    def hud(self) -> Messages: ...

    @property
    def selected(self) -> str | None:
        """The key of the selected creature (None: nothing is selected)."""

    @property
    def hover_cell(self) -> Cell | None: ...

    @property
    def viewer(self) -> Player | None:
        """Whose eyes the screen shows (hot-seat); None: nobody human sits at it."""

    @property
    def sees_all(self) -> bool:
        """Whether the screen shows everything (no fog, the game master, nobody human)."""

    def controls(self, key: str) -> bool:
        """Return whether the viewer may give orders to the creature ``key`` right now."""

    def pieces(self) -> Mapping[str, Piece]:
        """Return every creature on the board by key, as the views draw it."""

    def piece_at(self, cell: Cell) -> Piece | None:
        """Return the creature the viewer sees on ``cell`` (multi-field footprints too)."""

    def visible_keys(self) -> set[str] | None:
        """Return the keys of the creatures the viewer sees (None: all)."""

    def overlay_shown(self, key: str) -> bool:
        """Return whether the player switched on the ruleset's overlay ``key``."""

    def show_overlay(self, key: str, shown: bool = True) -> None:
        """Switch the ruleset's overlay ``key`` (``Views.overlays``) on or off."""

    def token_list(self) -> list[TokenView]:
        """Return the tokens on the map as drawn."""

    def select(self, key: str | None) -> None:
        """Select the creature ``key`` (None: nothing)."""

    def standing_under(self, surface: pygame.Surface) -> None:
        """Draw what stays on the map under the tokens whatever tool is active."""

    def send(self, command: Command) -> Outcome:
        """Send ``command`` to the match; the refusal is shown, the events are drawn."""

    def cancel_tool(self) -> None:
        """Leave the active tool for the default one."""


class BattleHost(MapHost, Protocol):
    """What the HUD and the menus around the battle need of the battle screen."""

    @property
    def colours(self) -> Mapping[str, Colour]:
        """Return each side's colour on the screen, by side key."""

    def start_action(self, action: Hashable) -> None:
        """Pick the tool for an action of the action bar (the views' ``Offer.action``)."""

    def end_turn(self) -> None:
        """End the current creature's turn when the viewer controls it."""

    @property
    def help_sections(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Return the help overlay's sections for this screen's map tools."""

    def undo(self) -> None: ...

    def redo(self) -> None: ...
