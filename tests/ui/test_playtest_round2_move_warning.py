"""Issue 12 playtest round 2 (p12 findings), task H12h point 5: the repeat warning on a move.

Finding 21/22: the hover of a second Gehen did not say that it makes the creature Wehrlos
(E-ACT-6). The move hover now asks the views (``Views.repeat_warning``) and shows it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.rules.actions import Action
from tests.ui.test_tools import Table, home

__all__ = ["home"]


def _hover_lines(table: Table, cell: tuple[int, int]) -> list[str]:
    """Start Gehen, hover ``cell``; return the lines of the tool's tooltip."""
    scene = table.scene
    scene.start_action(Action.WALK)
    table.app.step()
    shown: list[list[str]] = []
    real = scene.tool.tooltip

    def spy(surface: Any, lines: list[str], *a: Any, **k: Any) -> None:
        shown.append(list(lines))
        real(surface, lines, *a, **k)

    scene.tool.tooltip = spy  # type: ignore[method-assign]
    table.hover(cell)
    assert shown
    return shown[-1]


@pytest.mark.rule("E-ACT-6")
def test_e_act_6_a_second_gehen_warns_in_the_move_hover(home: Path) -> None:
    table = Table(home, "pistolero")  # at (3, 4)
    scene = table.scene
    warning = scene.app.t("hud.actions.repeat_warning")
    first = _hover_lines(table, (3, 6))
    assert first and warning not in first  # the first Gehen: no warning
    scene.cancel_tool()
    assert scene.send(Move("pistolero", "WALK", ((3, 4), (3, 5)))).ok
    second = _hover_lines(table, (3, 7))
    assert warning in second  # the second one would make him Wehrlos
    assert scene.send(Move("pistolero", "WALK", ((3, 5), (3, 6)))).ok
    assert any(e.kind == "defenceless" for e in scene.session.battle.log)  # as warned
