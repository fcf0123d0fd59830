"""Every view answers through whole quick-rules fights, and what the views build is legal.

The built-in opponent plays the Straßenkampf mission (quick rules) for both sides; at each
decision every view is asked in German and English, and every enabled offer and map click
the views make is applied to a copy of the game: the engine accepts it (Q-ACT-1,
Q-INIT-2, Q-DEFEAT-2).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from game.board.dice import RandomRoller
from game.match.commands import Command, CommandRejected
from game.match.views import Needs, Offer, Pick
from game.missions.simulate import open_mission
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.views import VIEWS
from tests.rulesets.entaria_schnell.test_views import DE, EN, quick_mission


def _offers(offers: Sequence[Offer]) -> Iterator[Offer]:
    for offer in offers:
        yield offer
        yield from _offers(offer.choices)


def _accepted(game: QuickGame, command: Command) -> None:
    copy = game.resume(game.checkpoint())
    try:
        copy.apply(command)
    except CommandRejected as error:  # pragma: no cover - the failure message
        pytest.fail(f"the views built {command}, the engine refused: {error}")


def _picks(game: QuickGame, offer: Offer) -> list[Pick]:
    if offer.needs is Needs.NOTHING:
        return [Pick()]
    if offer.needs is Needs.CREATURE:
        return [Pick(creature=k) for k in game.creatures]
    if offer.needs is Needs.FIELD:
        grid = game.grid
        return [
            Pick(cell=(x, y)) for x in range(0, grid.width, 4) for y in range(0, grid.height, 4)
        ]
    return []


@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_answers_and_every_offer_is_legal(tmp_path: Path, seed: int) -> None:
    """Through a whole fight: each view answers, each enabled offer and click is legal."""
    opened = open_mission(str(quick_mission(tmp_path)))
    game = QuickGame(opened.setup, opened.catalogue, RandomRoller(seed))
    for _ in range(400):
        if game.over:
            break
        for t in (DE, EN):
            assert VIEWS.pieces(game) and VIEWS.turn_order(game, t).chips
            assert all(VIEWS.card(game, k, t) is not None for k in game.creatures)
            VIEWS.result(game, t)
            VIEWS.zone_layout(game)
            for event in game.log[-4:]:
                assert VIEWS.log_text(event, t).line
            assert VIEWS.log_details(game, len(game.log) - 1, t)
        groups = VIEWS.action_groups(game, DE)
        assert groups
        for offer in _offers([o for group in groups for o in group.offers]):
            if not offer.enabled or offer.make is None or offer.needs is Needs.CHOICE:
                continue
            for pick in _picks(game, offer):
                made = offer.make(pick)
                if not isinstance(made, str):
                    _accepted(game, made)
        for x in range(0, game.grid.width, 6):
            for y in range(0, game.grid.height, 6):
                who = next((k for k, cr in game.creatures.items() if cr.cell == (x, y)), None)
                click = VIEWS.map_click(game, (x, y), who, EN)
                if click is not None and click.enabled and click.make is not None:
                    made = click.make(Pick(creature=who, cell=(x, y)))
                    if not isinstance(made, str):
                        _accepted(game, made)
        game.apply(choose_command(game))
    assert game.over
    assert VIEWS.result(game, DE).winner == game.winner
