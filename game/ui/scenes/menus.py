"""Menus and screens around the battle: pause, save, load, settings, help, handover, end.

Contract used by the battle scene: PauseMenu(app, battle_scene), SaveDialog(app,
battle_scene), HelpOverlay(app), HandoverScene(app, player_name), EndScene(app, session).
The title screen and the new-game screens build on ``MenuScene`` from here.

The screens live in their own modules (``menu_base``, ``navigate``, ``pause``, ``saves``,
``settings``, ``help``, ``handover``, ``end``); this module gathers the names the battle
scene, the title and new-game screens and the tests import.
"""

from __future__ import annotations

from game.ui.scenes.end import EndScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.menu_base import MenuScene, MessageScene, draw_box
from game.ui.scenes.navigate import open_battle
from game.ui.scenes.pause import PauseMenu
from game.ui.scenes.saves import (
    LoadDialog,
    SaveDialog,
    SaveInfo,
    format_when,
    safe_save_name,
    save_info,
)
from game.ui.scenes.settings import SettingsScene

__all__ = [
    "EndScene",
    "HandoverScene",
    "HelpOverlay",
    "LoadDialog",
    "MenuScene",
    "MessageScene",
    "PauseMenu",
    "SaveDialog",
    "SaveInfo",
    "SettingsScene",
    "draw_box",
    "format_when",
    "open_battle",
    "safe_save_name",
    "save_info",
]
