"""WRS views: the object satisfies the Views protocol; every word has both languages."""

from __future__ import annotations

import inspect
import re
import string

from game.match.views import Views
from game.rulesets.wrs.views import VIEWS, WrsViews
from game.rulesets.wrs.views.terms import TEXTS
from tests.rulesets.wrs.test_views_support import DE, duel

#: Every method the protocol names (its own functions, not object's).
PROTOCOL = sorted(
    name
    for name, value in vars(Views).items()
    if inspect.isfunction(value) and not name.startswith("_")
)


def test_wrs_views_implement_every_protocol_method_with_its_parameters() -> None:
    """WrsViews answers each method of game.match.views.Views — itself, or by the
    protocol's default where WRS has nothing of the kind (no panels, no questions) — with
    the protocol's parameters (Views is not runtime_checkable: listed by hand)."""
    assert isinstance(VIEWS, WrsViews) and Views in WrsViews.__mro__
    assert len(PROTOCOL) >= 30
    for name in PROTOCOL:
        assert name in vars(WrsViews) or name in vars(Views), f"WrsViews lacks {name}"
        want = list(inspect.signature(getattr(Views, name)).parameters)
        have = list(inspect.signature(getattr(WrsViews, name)).parameters)
        assert have == want, name


def test_no_panels_no_overlays_no_gm_commands() -> None:
    """WRS has no extra panels, no overlays and no game-master commands."""
    game = duel()
    assert VIEWS.panel_keys() == ()
    assert VIEWS.overlays(DE) == ()
    assert VIEWS.gm_commands(game, "g", DE) == ()
    assert VIEWS.gm_commands(game, None, DE) == ()


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_text_has_german_and_english_and_no_rule_ids() -> None:
    """Each template in both languages, the same placeholders, no rule IDs."""
    for key, (de, en) in TEXTS.items():
        assert de and en, key
        assert _fields(de) == _fields(en), key
        assert not re.search(r"\b[WD]-[A-Z0-9]", de + en), key
