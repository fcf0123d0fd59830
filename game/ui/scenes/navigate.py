"""The navigator: the one module that knows how to build each scene.

Scenes never import one another; they ask ``app.nav`` (the ``Navigator`` protocol of
``game.ui.navigation``) to change the screen, and ``SceneNavigator`` here builds the
scene and puts it on the App's stack. ``open_app`` makes an App that has it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.match.save_texts import text_in
from game.ui.app import App
from game.ui.help_sections import HelpSections
from game.ui.host import BattleHost
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.file_chooser import FileChooserScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.menu_base import MessageScene
from game.ui.scenes.mission_entry import MissionEntry
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseMenu
from game.ui.scenes.saves import LoadDialog, SaveDialog
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameSession
from game.ui.settings import Settings


class SceneNavigator:
    """Build the scenes of the program and show them on ``app``'s stack."""

    def __init__(self, app: App) -> None:
        self.app = app

    # ------------------------------------------------------------ whole stack
    def to_title(self) -> None:
        self.app.replace(TitleScene(self.app))

    def to_battle(self, session: GameSession) -> BattleScene:
        """Put ``session`` on screen (replacing every scene); hide the map for hot-seat."""
        app = self.app
        scene = BattleScene(app, session)
        app.replace(scene)
        if session.warnings:
            lines = [text_in(warning, app.t.language) for warning in session.warnings]
            app.push(MessageScene(app, app.t("menus.title.warnings"), lines))
        viewer = scene.viewer
        if app.settings.fog_of_war and len(session.humans()) >= 2 and viewer is not None:
            # whoever sits at the screen now must not see the map before the right player does
            self.handover(scene)
        return scene

    # ---------------------------------------------------------- over the top
    def new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def choose_file(self, on_choose: Callable[[Path], None], start: Path) -> None:
        self.app.push(FileChooserScene(self.app, on_choose, start))

    def seats(self, entry: MissionEntry) -> None:
        self.app.push(SeatsScene(self.app, entry))

    def setup(self, mission: Path) -> None:
        self.app.push(SetupScene(self.app, mission))

    def pause(self, battle: BattleHost) -> None:
        self.app.push(PauseMenu(self.app, battle))

    def save(self, battle: BattleHost) -> None:
        self.app.push(SaveDialog(self.app, battle))

    def load(self) -> None:
        self.app.push(LoadDialog(self.app))

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def help(self, sections: HelpSections | None = None) -> None:
        self.app.push(
            HelpOverlay(self.app) if sections is None else HelpOverlay(self.app, sections)
        )

    def handover(self, battle: BattleHost) -> None:
        viewer = battle.viewer
        if viewer is not None:
            self.app.push(HandoverScene(self.app, viewer.name, battle.session.players))

    def show_end(self, battle: BattleHost) -> None:
        if self.app.find(EndScene) is None:
            self.app.push(EndScene(self.app, battle.session, battle.colours))


def open_app(
    *,
    home: Path | None = None,
    settings: Settings | None = None,
    size: tuple[int, int] | None = None,
    headless: bool = False,
) -> App:
    """Return an App (the options are ``App``'s) whose scenes navigate with SceneNavigator."""
    return App(home=home, settings=settings, size=size, headless=headless, navigator=SceneNavigator)
