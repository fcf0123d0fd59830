"""WRS views: an unarmed attack's dice-log line names it in the screen's language.

The rulebook has no bonus line for unarmed attacks (W-OPEN-6, gap 4: +0); the views call
them "waffenlos" / "unarmed", as the attack menu does, never the engine's key.
"""

from __future__ import annotations

import pytest

from game.rulesets.wrs import commands as c
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import DE, EN, build


@pytest.mark.rule("W-ACT-ATTACK", "W-ATK-2", "W-OPEN-6", "D-15")
def test_w_open_6_unarmed_attack_log_says_waffenlos_and_unarmed() -> None:
    """W-ACT-ATTACK, W-OPEN-6, D-15: Hanna attacks without a weapon; the German line says
    "waffenlos" and no English "unarmed", the English line says "unarmed"."""
    hanna = FighterSetup("h", "hanna", "a", (1, 1))
    ulf = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch",))
    game = build(hanna, ulf, rolls=(10, 90))
    VIEWS.pieces(game)  # the screen reads the tokens every frame: the names are known
    event = game.apply(c.Attack("h", "u", "unarmed"))[-1]
    assert event.kind == "attack" and event.data["weapon"] == "unarmed"
    german = VIEWS.log_text(event, DE).line
    assert german.startswith("Hanna Grimm (waffenlos) greift Ulf Pfeilschmied an: 1 Treffer")
    assert "unarmed" not in german.lower()
    english = VIEWS.log_text(event, EN).line
    assert english.startswith("Hanna Grimm (unarmed) attacks Ulf Pfeilschmied: 1 hit")
    assert "waffenlos" not in english
