"""WRS views through whole fights: every view answers after every command, in both
languages, without rule IDs in what players read (the screen asks all of them)."""

from __future__ import annotations

import re

import pytest

from game.board.dice import RandomRoller
from game.match.views import Card, Pick
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.state import FighterSetup, WrsSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import CAT, DE, EN, all_offers, grid

RULE_ID = re.compile(r"\b[WD]-[A-Z0-9]+")
SIDES = (
    ("gerold", "a", (1, 1), ("kurzschwert",)),
    ("brunhild", "a", (1, 3), ("hellebarde",)),
    ("ulf", "a", (1, 5), ("langbogen",)),
    ("mira", "b", (8, 1), ("sturmgewehr",)),
    ("konrad", "b", (8, 3), ("pistole", "einsatzschild")),
    ("hanna", "b", (8, 5), ("unterhebelgewehr",)),
)


def _game(seed: int) -> WrsGame:
    fighters = tuple(
        FighterSetup(key, key, side, cell, drawn=drawn) for key, side, cell, drawn in SIDES
    )
    walls = ((4, 2), (4, 3), (5, 5))
    return WrsGame(WrsSetup("views", grid(walls), fighters), CAT, RandomRoller(seed))


def _card_text(card: Card) -> str:
    parts = [card.title, card.subtitle, card.summary, card.alert]
    for section in card.sections:
        parts += [section.heading, section.empty]
        parts += [f"{v.label} {v.value} {v.tooltip}" for v in section.values]
        parts += [line.text for e in section.entries for line in e.lines]
        parts += [f"{b.label} {b.tooltip}" for b in section.badges]
    return "\n".join(parts)


def _player_texts(game: WrsGame, t: object) -> list[str]:
    """Return what the screen shows players of ``game`` now."""
    texts: list[str] = []
    order = VIEWS.turn_order(game, t)  # type: ignore[arg-type]
    texts += [order.label, *(chip.tooltip for chip in order.chips)]
    for key in game.fighters:
        card = VIEWS.card(game, key, t)  # type: ignore[arg-type]
        assert card is not None
        texts.append(_card_text(card))
    groups = VIEWS.action_groups(game, t)  # type: ignore[arg-type]
    actor = VIEWS.on_turn(game)
    for group in groups:
        texts += [group.label, group.tooltip]
        for offer in all_offers(group.offers):
            texts += [offer.label, offer.reason, offer.tooltip, *offer.prompts]
            for target in game.fighters:
                if target != actor:
                    texts += VIEWS.offer_odds(game, offer, target, t)  # type: ignore[arg-type]
                    if offer.enabled and offer.make is not None and offer.action is not None:
                        made = offer.make(Pick(creature=target))
                        texts += [made] if isinstance(made, str) else []
    for _index, event in VIEWS.log_for(game, ["a"]):
        text = VIEWS.log_text(event, t)  # type: ignore[arg-type]
        texts.append(text.line)
        if text.roll is not None:
            texts += [text.roll.tooltip, text.roll.plain, *(c for c, _ in text.roll.chips)]
    result = VIEWS.result(game, t)  # type: ignore[arg-type]
    texts += [f"{row.name} {row.value} {row.state}" for row in result.standings]
    return texts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_w_round_2_every_view_answers_through_a_whole_fight(seed: int) -> None:
    """W-ROUND-2, W-ROUND-3: the built-in opponent plays a 3-against-3 fight to its end;
    after every command each view answers in German and English without rule IDs, and
    the pieces, fog and effects follow the state."""
    game = _game(seed)
    VIEWS.pieces(game)
    for _ in range(400):
        if game.over:
            break
        command = choose_command(game)
        events = game.apply(command)
        VIEWS.effects(game, events)
        VIEWS.passes_turn(events)
        pieces = VIEWS.pieces(game)
        assert set(pieces) == set(game.fighters)
        for key, piece in pieces.items():
            assert piece.meter is not None
            assert piece.meter.value == min(game.fighters[key].wounds, piece.meter.maximum)
        for side in ("a", "b"):
            fog = VIEWS.fog(game, [side])
            assert fog is not None
            assert {k for k, s in game.fighters.items() if s.side == side} <= fog.creatures
        if len(game.log) % 5 == 0:
            for t in (DE, EN):
                for text in _player_texts(game, t):
                    assert not RULE_ID.search(text), text
        for index in range(max(0, len(game.log) - len(events)), len(game.log)):
            assert VIEWS.log_details(game, index, DE)
    assert game.over
    assert VIEWS.action_groups(game, DE) == ()
    assert VIEWS.end_turn(game) is None
    assert VIEWS.result(game, EN).winner == game.winner
