"""Declarations are secret until made, and open only as the Ansagevorteil allows: in the
log, on the card, on the strip and on the tokens (G-KR-ADV, G-KR-DISADV, G-PHASE-DECL-1)."""

from __future__ import annotations

from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.views import VIEWS
from tests.rulesets.genesis.conftest_views import DE, EN, declare, idle, offer, team


def _declares(game: GenesisGame, side: str) -> list[str | None]:
    return [
        e.actor
        for _i, e in VIEWS.log_for(game, [side])
        if e.kind == "declare" and e.data["kr"] == 3
    ]


def _card_value(game: GenesisGame, key: str, label: str) -> str:
    card = VIEWS.card(game, key, DE)
    assert card is not None
    for part in card.sections:
        for value in part.values:
            if value.label == label:
                return value.value
    raise KeyError(label)


def test_g_kr_disadv_the_disadvantaged_side_declares_first() -> None:
    """G-KR-DISADV, G-PHASE-DECL-1, G-KR-ALPHA: in the AKR of side A side B declares first;
    the strip says whose Ansage it is."""
    game = team()
    idle(game, 3)
    assert game.queue == ["b1", "b2", "a1", "a2"]
    order = VIEWS.turn_order(game, DE)
    assert order.label == "KR 3 · AKR · Ansage"
    assert [chip.key for chip in order.chips] == ["b1", "b2", "a1", "a2"]
    first = order.chips[0]
    assert any(b.label == "sagt an" for b in first.badges)


def test_g_kr_adv_the_advantaged_side_sees_the_earlier_declarations() -> None:
    """G-KR-ADV: side B's declarations, made first, are open to side A (it declares after
    them): in A's log, on the card and on the strip."""
    game = team()
    idle(game, 3)
    declare(game, 0, 3)
    declare(game, 1, 2)
    assert _declares(game, "A") == ["b1", "b2"]
    assert _declares(game, "B") == ["b1", "b2"]
    assert _card_value(game, "b2", "angesagt") == "1 AT · 2 PA/AW"
    chips = {chip.key: chip for chip in VIEWS.turn_order(game, DE).chips}
    assert any(b.label == "0 AT · 3 PA/AW" for b in chips["b1"].badges)


def test_g_kr_disadv_later_declarations_stay_hidden_until_the_phase_ends() -> None:
    """G-KR-DISADV, G-PHASE-DECL-1: side A's declaration, made after all of B's, stays
    hidden from side B (log, card, strip, the AD of a shift) until the declaration phase
    of the KR is over; then every declaration is open."""
    game = team()
    idle(game, 3)
    declare(game, 0, 3)
    declare(game, 0, 3)
    declare(game, 2, 1)  # a1
    assert game.queue == ["a2"]
    assert _declares(game, "B") == ["b1", "b2"]
    assert _declares(game, "A") == ["b1", "b2", "a1"]
    assert _card_value(game, "a1", "angesagt") == "geheim"
    card = VIEWS.card(game, "a1", EN)
    assert card is not None
    assert "secret" in [v.value for p in card.sections for v in p.values]
    chips = {chip.key: chip for chip in VIEWS.turn_order(game, DE).chips}
    labels = [b.label for b in chips["a1"].badges]
    assert "angesagt" in labels and "2 AT · 1 PA/AW" not in labels
    declare(game, 1, 2)  # a2: the phase is over
    assert game.phase == "strike"
    assert _declares(game, "B") == ["b1", "b2", "a1", "a2"]
    assert _card_value(game, "a1", "angesagt") == "2 AT · 1 PA/AW"


def test_g_shift_1_a_secret_shift_keeps_the_ad_shown_before_it() -> None:
    """G-SHIFT-1, G-INI-OPEN-4, G-KR-DISADV: in KR 2 a KR-1 attacker shifts (2W6 AD); the
    AD would tell the attack, so until its declaration is open to every side the card
    shows the AD before it."""
    game = team()
    declare(game, 0, 3)  # b2, passive
    declare(game, 1, 1)  # b1 attacks (no target: lost)
    declare(game, 0, 3)  # a2
    declare(game, 0, 3)  # a1
    assert game.kr == 2 and game.queue == ["a1", "a2", "b1", "b2"]
    declare(game, 0, 2)
    declare(game, 0, 2)
    groups = VIEWS.action_groups(game, DE)
    assert "shiftet" in offer(groups, "declare:3:1:2").label
    declare(game, 1, 2)  # b1 shifts; b2 still declares
    spent = game.log[-1].data["shift_ad"]
    assert spent > 0 and game.fighters["b1"].ad == 30 - spent
    assert _card_value(game, "b1", "AD") == "30/30"
    assert _card_value(game, "b1", "angesagt") == "geheim"
    declare(game, 0, 2)  # b2: the phase is over
    assert _card_value(game, "b1", "AD") == f"{30 - spent}/30"


def test_g_phase_decl_1_seats_of_several_sides_and_no_side() -> None:
    """G-PHASE-DECL-1: a seat of both sides sees what either sees; a seat of no side reads
    only what carries no fighter."""
    game = team()
    idle(game, 3)
    declare(game, 0, 3)
    declare(game, 0, 3)
    declare(game, 2, 1)
    both = [
        e.actor
        for _i, e in VIEWS.log_for(game, ["A", "B"])
        if e.kind == "declare" and e.data["kr"] == 3
    ]
    assert both == ["b1", "b2", "a1"]
    assert all(e.actor is None for _i, e in VIEWS.log_for(game, []))
    text = VIEWS.log_text(game.log[-1], EN)
    assert text.line.startswith("Alrik declares")
