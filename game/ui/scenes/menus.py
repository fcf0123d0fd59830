"""Menus and screens over the battle (STUB: the menus helper fills this in).

Contract used by the battle scene: PauseMenu(app, battle_scene), SaveDialog(app,
battle_scene), HelpOverlay(app), HandoverScene(app, player_name), EndScene(app, session).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.app import App, Scene


class _Closable(Scene):
    transparent = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)


class PauseMenu(_Closable):
    def __init__(self, app: App, battle_scene: Any) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene


class SaveDialog(PauseMenu):
    pass


class HelpOverlay(_Closable):
    pass


class HandoverScene(_Closable):
    transparent = False

    def __init__(self, app: App, player_name: str) -> None:
        super().__init__(app)
        self.player_name = player_name


class EndScene(_Closable):
    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session
