"""Hand-built WRS set-ups for the views' tests (no tests of its own).

A grid of 10 x 8 fields, catalogue fighters by key, a ScriptedRoller: the first two
rolls are the Geist initiative of the first two fighters (1 and 90: the first acts
first, W-INIT-1).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command
from game.match.views import ActionGroup, Needs, Offer, Pick
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.state import FighterSetup, WrsSetup
from game.ui.locale import Translator

CAT = load_catalogue()
DE, EN = Translator("de"), Translator("en")


def grid(walls: tuple[Cell, ...] = ()) -> BattleGrid:
    """Return an open floor of 10 x 8 fields with ``walls``."""
    wall = np.zeros((8, 10), dtype=bool)
    for x, y in walls:
        wall[y, x] = True
    return BattleGrid(wall)


def build(
    *fighters: FighterSetup,
    rolls: tuple[int, ...] = (),
    walls: tuple[Cell, ...] = (),
    surprise: tuple[str, ...] = (),
) -> WrsGame:
    """Return a WRS game of ``fighters``; ``rolls`` follow the initiative's."""
    setup = WrsSetup("views", grid(walls), fighters, surprisers=surprise)
    start = [1, 90, 50, 60, 70, 80][: len(fighters)]
    return WrsGame(setup, CAT, ScriptedRoller([*start, *rolls]))


def duel(rolls: tuple[int, ...] = (), **kw: object) -> WrsGame:
    """Gerold (side a, short sword drawn) beside Ulf (side b, dagger drawn); a first."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch",))
    return build(a, b, rolls=rolls, **kw)  # type: ignore[arg-type]


def copy(game: WrsGame) -> WrsGame:
    """Return a private copy of ``game`` to apply a command to."""
    return game.resume(game.checkpoint())


def all_offers(offers: tuple[Offer, ...]) -> Iterator[Offer]:
    """Yield every offer and every choice under it, depth first."""
    for offer in offers:
        yield offer
        yield from all_offers(offer.choices)


def pick_for(game: WrsGame, offer: Offer, actor: str) -> Pick:
    """Return a pick that fits what ``offer`` needs: the nearest enemy, a free field."""
    me = game.fighters[actor]
    enemies = sorted(
        (k for k, s in game.fighters.items() if s.side != me.side),
        key=lambda k: max(
            abs(game.fighters[k].cell[0] - me.cell[0]), abs(game.fighters[k].cell[1] - me.cell[1])
        ),
    )
    taken = {s.cell for s in game.fighters.values()}
    free = next(
        (me.cell[0] + dx, me.cell[1] + dy)
        for dx, dy in ((0, 1), (1, 1), (-1, 1), (0, -1), (-1, 0), (1, 0))
        if (me.cell[0] + dx, me.cell[1] + dy) not in taken
        and game.grid.in_bounds((me.cell[0] + dx, me.cell[1] + dy))
    )
    if offer.needs is Needs.CREATURE:
        return Pick(creature=enemies[0])
    if offer.needs is Needs.FIELD:
        return Pick(cell=free)
    if offer.needs is Needs.FIELDS:
        return Pick(cells=(free,))
    return Pick()


def made(game: WrsGame, offer: Offer, actor: str) -> Command:
    """Return the command ``offer`` makes for a fitting pick (it must not refuse)."""
    assert offer.make is not None, offer.key
    command = offer.make(pick_for(game, offer, actor))
    assert not isinstance(command, str), (offer.key, command)
    return command


def now(groups: tuple[ActionGroup, ...]) -> ActionGroup:
    """Return the group of the action to choose now (the turn's or the reaction's)."""
    return next(g for g in groups if g.key in ("action", "reaction"))
