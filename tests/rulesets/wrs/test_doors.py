"""Opening and closing doors: another host action, one action (W-OPEN-11).

A wall with a door field at (4, 3) and an edge door between (1, 5) and (1, 6); Gerold
(side a) acts first, Ulf (side b) stands far away.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.match.commands import CommandRejected
from game.match.views import Pick
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.command_table import COMMANDS
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.state import FighterSetup, WrsSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import CAT, DE, EN


def _game(at: tuple[int, int] = (3, 2)) -> WrsGame:
    wall = np.zeros((8, 10), dtype=bool)
    wall[3, :] = True
    wall[3, 4] = False
    door = np.zeros((8, 10), dtype=bool)
    door[3, 4] = True
    grid = BattleGrid(wall, door=door, door_open=np.zeros((8, 10), dtype=bool))
    grid.set_edge_door((1, 5), (1, 6))
    fighters = (
        FighterSetup("g", "gerold", "a", at, drawn=("kurzschwert",)),
        FighterSetup("u", "ulf", "b", (8, 7), drawn=("dolch",)),
    )
    return WrsGame(WrsSetup("doors", grid, fighters), CAT, ScriptedRoller([1, 90]))


def test_w_open_11_opening_a_door_costs_one_action_and_opens_the_way() -> None:
    game = _game()
    VIEWS.pieces(game)  # the views learn the names as the screen reads the tokens
    setup_grid = game.setup.grid
    with pytest.raises(CommandRejected):
        game.apply(c.Step("g", ((4, 3),)))  # a closed door blocks
    events = game.apply(c.Door("g", cell=(4, 3), open=True))
    assert game.fighters["g"].actions_left == 1
    assert game.grid.is_door_open((4, 3))
    assert not setup_grid.is_door_open((4, 3))  # the set-up's map stays as it was
    assert [e.kind for e in events] == ["door"]
    assert VIEWS.log_text(events[0], DE).line == "Hauptmann Gerold öffnet eine Tür"
    game.apply(c.Step("g", ((4, 3),)))
    assert game.fighters["g"].cell == (4, 3)
    assert game.snapshot()["doors"] == {"4,3": True}


def test_w_open_11_a_door_closes_again_but_not_on_someone() -> None:
    game = _game()
    game.apply(c.Door("g", cell=(4, 3), open=True))
    game.apply(c.Step("g", ((4, 3),)))  # the turn passes to Ulf, then back next round
    assert game.current == "u"
    game.apply(c.EndTurn("u"))
    with pytest.raises(CommandRejected, match="doorway"):
        game.apply(c.Door("g", cell=(4, 3), open=False))
    with pytest.raises(CommandRejected, match="open already"):
        game.apply(c.Door("g", cell=(4, 3), open=True))


def test_w_open_11_an_edge_door_and_refusals_in_player_words() -> None:
    game = _game(at=(1, 5))
    game.apply(c.Door("g", cell=(1, 6), open=True))
    assert not game.grid.is_edge_blocked((1, 5), (1, 6))
    assert game.snapshot()["doors"] == {"1,5|1,6": True}
    far = _game(at=(7, 1))
    with pytest.raises(CommandRejected) as caught:
        far.apply(c.Door("g", cell=(4, 3), open=True))
    said = VIEWS.refusal(str(caught.value), DE)
    assert said == "dort ist keine Tür neben der Figur" and "(W-" not in said


def test_w_open_11_the_bar_and_a_click_on_the_door_offer_it() -> None:
    game = _game()
    offers = {o.key: o for g in VIEWS.action_groups(game, EN) for o in g.offers}
    door = offers["action:door"]
    assert door.enabled and door.make is not None
    assert door.make(Pick(cell=(4, 3))) == c.Door("g", cell=(4, 3), open=True)
    assert isinstance(door.make(Pick(cell=(7, 7))), str)  # no door there: a refusal
    clicked = VIEWS.map_click(game, (4, 3), None, DE)
    assert clicked is not None and clicked.label == "Tür öffnen"
    assert clicked.make is not None and clicked.make(Pick(cell=(4, 3))) == c.Door(
        "g", cell=(4, 3), open=True
    )


def test_w_open_11_a_door_survives_save_form_checkpoint_and_replay() -> None:
    game = _game()
    command = c.Door("g", cell=(4, 3), open=True)
    assert COMMANDS.from_dict(json.loads(json.dumps(command.to_dict()))) == command
    before = game.checkpoint()
    game.apply(command)
    back = game.resume(before)
    assert not back.grid.is_door_open((4, 3))  # the checkpoint keeps the closed door
    again = _game()
    for recorded in game.record:
        again.apply(recorded)
    assert again.snapshot() == game.snapshot()
