"""Issue 12 playtest round 2 (p12 findings), task H12h point 2: notices after an undo.

Finding 24-undo-done: after Ctrl+Z the undone command's red notice ("… wählt dieselbe
Handlung erneut und ist Wehrlos", E-ACT-6) stayed over the map above "Rückgängig gemacht".
An undo takes back what its commands said; a redo says it again (D-3: the same events).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.commands import Move
from tests.ui.test_tools import Table, home

__all__ = ["home"]


def _ctrl(table: Table, key: int) -> None:
    table.post(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    table.app.step()


def _shown(table: Table) -> list[tuple[str, bool]]:
    return [(m.text, m.bad) for m in table.scene.hud.board.messages]


@pytest.mark.rule("E-ACT-6", "D-3")
def test_e_act_6_an_undo_takes_the_undone_commands_notice_off_the_map(home: Path) -> None:
    table = Table(home, "pistolero")  # at (3, 4)
    scene = table.scene
    assert scene.send(Move("pistolero", "WALK", ((3, 4), (3, 5)))).ok
    assert scene.send(Move("pistolero", "WALK", ((3, 5), (3, 6)))).ok  # Gehen again
    wehrlos = [text for text, bad in _shown(table) if bad]
    assert wehrlos and "Wehrlos" in wehrlos[-1]  # the repeat's notice is on the map
    _ctrl(table, pygame.K_z)
    shown = _shown(table)
    assert shown == [(scene.app.t("battle.undone"), False)]  # only the undo's own message
    _ctrl(table, pygame.K_y)
    texts = [text for text, _ in _shown(table)]
    assert texts[0] == scene.app.t("battle.redone")
    assert wehrlos[-1] in texts  # the redone command's notice is true again
