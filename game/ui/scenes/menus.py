"""Menus and screens around the battle: pause, save, load, settings, help, handover, end.

The screens live in their own modules (``menu_base``, ``pause``, ``saves``,
``save_files``, ``settings``, ``help``, ``handover``, ``end``) and are built by the
navigator (``navigate``); this module gathers their names for the tests. No scene
imports it.
"""

from __future__ import annotations

from game.ui.scenes.end import EndScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.menu_base import MenuScene, MessageScene, draw_box
from game.ui.scenes.pause import PauseMenu
from game.ui.scenes.save_files import SaveInfo, format_when, safe_save_name, save_info
from game.ui.scenes.saves import LoadDialog, SaveDialog
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
    "safe_save_name",
    "save_info",
]
