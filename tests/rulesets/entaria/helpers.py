"""Build small matches for scenario tests: given a map, creatures and dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_loader import load_catalogue
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, SideSetup

CATALOGUE: Catalogue = load_catalogue()
SIDES = (SideSetup("heroes", "Helden", "player"), SideSetup("foes", "Gegner", "gm"))


def make_battle(
    ascii_map: str,
    creatures: Iterable[CreatureSetup],
    *,
    seed: int = 1,
    dice: Sequence[int] | None = None,
    first: str | None = None,
) -> Battle:
    """Return a match on ``ascii_map``; with ``dice``, every later roll is scripted.

    ``first`` forces whose turn it is (the initiative order is rotated to it), so a
    scenario can start with the creature it is about.
    """
    setup = BattleSetup("Test", BattleGrid.from_ascii(ascii_map), SIDES, tuple(creatures))
    battle = new_battle(setup, CATALOGUE, seed)
    if first is not None:
        order = battle.state.order
        index = order.index(first)
        battle.state.order = order[index:] + order[:index]
        battle.state.turn_index = 0
        battle._start_turn()
    if dice is not None:
        battle.roller = ScriptedRoller(dice)
    return battle


def hero(key: str, cell: tuple[int, int], type_: str = "ron", **kw: object) -> CreatureSetup:
    return CreatureSetup(key=key, type=type_, side="heroes", cell=cell, **kw)  # type: ignore[arg-type]


def foe(
    key: str, cell: tuple[int, int], type_: str = "dretop_pirat", **kw: object
) -> CreatureSetup:
    return CreatureSetup(key=key, type=type_, side="foes", cell=cell, **kw)  # type: ignore[arg-type]
