"""The one way from screen to screen: the ``Navigator`` every scene finds at ``app.nav``.

A scene never builds another scene: it asks the navigator (``app.nav.to_title()``,
``app.nav.pause(battle)``). The navigator that knows how to build each scene is
``game.ui.scenes.navigate.SceneNavigator``, the one module that imports them all;
``game.ui.scenes.navigate.open_app`` makes an App with it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.ui.help_sections import HelpSections
    from game.ui.host import BattleHost
    from game.ui.scenes.mission_entry import MissionEntry
    from game.ui.session import GameSession


class Navigator(Protocol):
    """Build and show the scenes: replace the stack, or push one over the top."""

    # ------------------------------------------------------------ whole stack
    def to_title(self) -> None:
        """Replace every scene with the title screen."""

    def to_battle(self, session: GameSession) -> BattleHost:
        """Put ``session`` on screen (replacing every scene); hide the map for hot-seat."""

    # ---------------------------------------------------------- over the top
    def new_game(self) -> None:
        """Open the mission list of a new game."""

    def choose_file(self, on_choose: Callable[[Path], None], start: Path) -> None:
        """Open the file chooser in ``start``; ``on_choose`` gets the chosen mission."""

    def seats(self, entry: MissionEntry) -> None:
        """Open the seats of the mission ``entry``: who plays which side."""

    def setup(self, mission: Path) -> None:
        """Open the set-up screen on a map without creatures (issue 13)."""

    def pause(self, battle: BattleHost) -> None:
        """Open the pause menu over ``battle``."""

    def save(self, battle: BattleHost) -> None:
        """Open the save dialog for ``battle``'s match."""

    def load(self) -> None:
        """Open the load dialog."""

    def settings(self) -> None:
        """Open the settings."""

    def help(self, sections: HelpSections | None = None) -> None:
        """Open the help overlay (``sections``: a battle screen's, None: every shortcut)."""

    def handover(self, battle: BattleHost) -> None:
        """Cover ``battle`` until its viewer, the next player, is at the screen (hot-seat)."""

    def show_end(self, battle: BattleHost) -> None:
        """Show the end of ``battle``'s fight (once)."""
