"""Issue 12 point 4: a GM command's log line shows in the log's default dice view too."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.entaria.commands import GmSetLifePoints
from tests.ui.test_gm_mode_confirm import home, table

__all__ = ["home"]


@pytest.mark.rule("I12-4")
def test_a_gm_line_shows_in_the_default_dice_view(home: Path) -> None:
    app, scene = table(home, "de")
    log = scene.hud.log
    assert not log.show_all  # the default view: dice and what matters
    assert scene.send(GmSetLifePoints("gm", "terraner", 3)).ok
    app.step()
    assert [line for line in log.lines() if line.startswith("[SL]")]
