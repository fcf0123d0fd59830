"""Tests for terms.Text, say and german: English texts that carry their German version.

The refusals of the budget (E-ACT-2, E-ACT-FH-2, E-OPEN-49, E-ACT-VH-ABWARTEN-2) and the
placement errors of area fire (D-6, E-AREAFIRE-5..8) are Texts: the screen shows the German.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.areas import distribution_errors
from game.rulesets.entaria.rules.terms import ActionType, Text, german, in_language, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget


def test_a_text_is_its_english_string() -> None:
    text = say("no enemy left", "kein Gegner mehr übrig")
    assert isinstance(text, Text)
    assert isinstance(text, str)
    assert text == "no enemy left"
    assert str(text) == "no enemy left"
    assert type(str(text)) is str
    assert f"{text}" == "no enemy left"
    assert hash(text) == hash("no enemy left")
    assert "enemy" in text
    assert text.startswith("no ")
    assert {"no enemy left": 1}[text] == 1
    assert json.dumps({"reason": text}) == '{"reason": "no enemy left"}'


def test_a_text_carries_its_german() -> None:
    text = Text("the fight is over", "der Kampf ist vorbei")
    assert text.de == "der Kampf ist vorbei"
    assert text.text("de") == "der Kampf ist vorbei"
    assert text.text("en") == "the fight is over"
    assert text.text("fr") == "the fight is over"
    assert type(text.text("en")) is str


def test_german_returns_the_german_or_the_string_itself() -> None:
    assert german(say("dead", "tot")) == "tot"
    assert german("plain English") == "plain English"
    assert german("") == ""


def test_in_language_picks_german_for_de_only() -> None:
    text = say("not mounted", "ist nicht aufgesessen")
    assert in_language(text, "de") == "ist nicht aufgesessen"
    assert in_language(text, "en") == "not mounted"
    assert type(in_language(text, "en")) is str
    assert in_language("plain", "de") == "plain"


def test_copy_and_pickle_keep_the_german() -> None:
    text = say("a", "b")
    for twin in (copy.copy(text), copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert isinstance(twin, Text)
        assert twin == "a"
        assert twin.de == "b"


def test_building_a_new_string_keeps_only_the_english() -> None:
    """Composing loses the German (documented): compose both with ``say``."""
    text = say("x", "y")
    assert not isinstance(text + "!", Text)
    assert not isinstance(f"{text}!", Text)


def _refusals() -> list[tuple[str, TurnBudget, Action, ActionType | None]]:
    """Return budgets in which the named action is refused, one per reason."""
    half, full, long_ = Action.WALK, Action.RUN, Action.FIRST_AID
    free = next(a for a, r in ACTIONS.items() if r.action_type is ActionType.FREE and r.enabled)
    fresh = TurnBudget()
    cases: list[tuple[str, TurnBudget, Action, ActionType | None]] = [
        ("incapacitated", TurnBudget.for_creature(incapacitated=True), half, None),
        ("forfeited", fresh.forfeit(), half, None),
        ("second free", fresh.spend(free), free, None),
        ("passed", fresh.pass_turn(), half, None),
        ("long spent", fresh.spend(long_), half, None),
        ("long after half", fresh.spend(half), long_, None),
        ("second full", fresh.spend(full), full, None),
        ("full after half", fresh.spend(half), full, None),
        ("half after full", fresh.spend(full), half, None),
        ("third half", fresh.spend(half).spend(Action.CHANGE_POSITION), half, None),
    ]
    disabled = [a for a, r in ACTIONS.items() if not r.enabled]
    if disabled:
        cases.append(("disabled", fresh, disabled[0], None))
    return cases


@pytest.mark.rule("E-ACT-2", "E-ACT-FH-2", "E-OPEN-49", "E-CRIT-FAIL-2", "E-ACT-7")
@pytest.mark.parametrize("case", _refusals(), ids=lambda case: case[0])
def test_every_budget_refusal_has_german(
    case: tuple[str, TurnBudget, Action, ActionType | None],
) -> None:
    _, budget, action, as_type = case
    assert ACTIONS[Action.RUN].action_type is ActionType.FULL
    assert ACTIONS[Action.FIRST_AID].action_type is ActionType.LONGER
    allowed, reason = budget.can_spend(action, as_type=as_type)
    assert not allowed
    assert isinstance(reason, Text)
    assert reason.de and reason.de != reason
    with pytest.raises(ActionNotAllowed) as refused:
        budget.spend(action, as_type=as_type)
    assert isinstance(refused.value.reason, Text)
    assert str(refused.value) == reason


@pytest.mark.rule("E-IMP-EFF-HALF", "E-ACT-VH-ABWARTEN-2")
def test_extra_half_and_readied_refusals_have_german() -> None:
    fresh = TurnBudget()
    ready = fresh.spend(Action.READY)
    refusals = [
        lambda: TurnBudget.for_creature(incapacitated=True).with_extra_half(),
        lambda: fresh.spend(Action.FIRST_AID).with_extra_half(),
        lambda: fresh.forfeit().spend_readied(Action.WALK),
        lambda: fresh.spend_readied(Action.WALK),
        lambda: ready.spend_readied(Action.WALK).spend_readied(Action.WALK),
        lambda: ready.spend_readied(Action.RUN),
        lambda: ready.spend_readied(Action.DRAW_AND_THROW),
    ]
    for refuse in refusals:
        with pytest.raises(ActionNotAllowed) as refused:
            refuse()
        reason = refused.value.reason
        assert isinstance(reason, Text), reason
        assert reason.de and reason.de != reason


@pytest.mark.rule("D-6", "E-AREAFIRE-5", "E-AREAFIRE-6", "E-AREAFIRE-7", "E-AREAFIRE-8")
def test_every_placement_error_has_german() -> None:
    """Each D-6 error is a Text whose German names the same fields and numbers."""
    far = {(x, 0): 1 for x in range(8)} | {(20, 20): 1}
    placements = [
        ({}, {}),
        ({"a": 3}, {}),
        ({(0, 0): 2.5}, {}),
        ({(0, 0): 0, (1, 0): 4, (3, 0): 1}, {"shooter": (3, 0)}),
        (far, {"visible": lambda cell: cell[0] > 10, "in_range": set()}),
    ]
    seen = 0
    for allocation, options in placements:
        errors = distribution_errors(allocation, sw=3, total=5, **options)  # type: ignore[arg-type]
        assert errors
        for error in errors:
            seen += 1
            assert isinstance(error, Text), error
            assert error.de and error.de != error
            numbers = [word for word in error.replace(",", " ").split() if word.isdigit()]
            for number in numbers:
                assert number in error.de, (error, error.de)
    assert seen >= 10
    long_german = [german(e) for e in distribution_errors(far, sw=3, total=9, in_range=set())]
    assert any("und 3 weitere" in text for text in long_german)
