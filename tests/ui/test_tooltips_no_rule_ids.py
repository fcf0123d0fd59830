"""Issue 12 point 7: a player's tooltips speak one language and carry no rule IDs
(the IDs stay in the rules' tables and the tests)."""

from __future__ import annotations

import re

import pytest

from game.match.events import Event
from game.rulesets.entaria.commands import GmCondition
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.actions import action_groups
from game.rulesets.entaria.views.card import card
from game.rulesets.entaria.views.impulse import effect_offers
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import foe, hero, make_battle

RULE_ID = re.compile(r"\b[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*\b|\bD-\d+\b")


def _battle():  # type: ignore[no-untyped-def]
    battle = make_battle(
        "......\n......\n......", [hero("ron", (1, 1)), foe("pirat", (4, 1))], first="ron"
    )
    battle.apply(GmCondition(None, "ron", Condition.PRONE.name, 1))
    return battle


@pytest.mark.parametrize("language", ["de", "en"])
def test_action_impulse_and_card_tooltips_carry_no_rule_ids(language: str) -> None:
    battle = _battle()
    t = Translator(language)
    tips: list[str] = []
    for group in action_groups(battle, t):
        tips.append(group.tooltip)
        tips += [offer.tooltip for offer in group.offers]
    tips += [o.tooltip for o in effect_offers(battle, t, lambda *a: Event("x"), 3, "ron")]  # type: ignore[arg-type,misc]
    shown = card(battle, "ron", t)
    assert shown is not None
    tips += [badge.tooltip for part in shown.sections for badge in part.badges]
    assert len([tip for tip in tips if tip]) > 10
    assert [tip for tip in tips if RULE_ID.search(tip)] == []


def test_a_condition_tip_speaks_the_screens_language_only() -> None:
    battle = _battle()
    for language, said, other in (("de", "Liegend", "Prone"), ("en", "Prone", "Liegend")):
        shown = card(battle, "ron", Translator(language))
        assert shown is not None
        tip = next(b.tooltip for p in shown.sections for b in p.badges if b.key.endswith("PRONE"))
        assert tip.startswith(said) and other not in tip
