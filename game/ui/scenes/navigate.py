"""Switch screens: put a battle on screen, go back to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.app import App
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.menu_base import MessageScene
from game.ui.session import GameSession

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


def open_battle(app: App, session: GameSession) -> BattleScene:
    """Put ``session`` on screen (replacing every scene); hide the map for hot-seat."""
    from game.ui.scenes.battle import BattleScene

    scene = BattleScene(app, session)
    app.replace(scene)
    if session.warnings:
        app.push(MessageScene(app, app.t("menus.title.warnings"), session.warnings))
    viewer = scene.viewer
    if app.settings.fog_of_war and len(session.humans()) >= 2 and viewer is not None:
        # whoever sits at the screen now must not see the map before the right player does
        app.push(HandoverScene(app, viewer.name))
    return scene


def go_to_title(app: App) -> None:
    from game.ui.scenes.title import TitleScene

    app.replace(TitleScene(app))
