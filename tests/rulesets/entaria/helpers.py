"""Build small matches for scenario tests: given a map, creatures and dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

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


def first_weapon_in_hand(type_: str, kw: dict[str, object]) -> dict[str, object]:
    """Return ``kw`` with ``held`` set to the first weapon of the equipment, unless given.

    A mission puts nothing in hand unless its ``held`` says so (CreatureSetup.held, issue
    10); the scenario tests were written when every creature started with its first
    weapon drawn, so the helpers keep that start explicitly. Pass ``held=()`` for a
    creature with nothing drawn, or ``held=(...)`` for what else it holds.
    """
    if "held" in kw:
        return kw
    equipment = cast("Iterable[str] | None", kw.get("equipment"))
    if equipment is None:
        kind = CATALOGUE.creatures.get(type_)  # a type of a test's own catalogue: nothing
        equipment = kind.equipment if kind is not None else ()
    weapons = [key for key in equipment if key in CATALOGUE.weapons]
    return {**kw, "held": tuple(weapons[:1])}


def hero(key: str, cell: tuple[int, int], type_: str = "ron", **kw: object) -> CreatureSetup:
    """Return a hero of the players' side with its first weapon drawn (see first_weapon_in_hand)."""
    kw = first_weapon_in_hand(type_, kw)
    return CreatureSetup(key=key, type=type_, side="heroes", cell=cell, **kw)  # type: ignore[arg-type]


def foe(
    key: str, cell: tuple[int, int], type_: str = "dretop_pirat", **kw: object
) -> CreatureSetup:
    """Return a foe of the GM's side with its first weapon drawn (see first_weapon_in_hand)."""
    kw = first_weapon_in_hand(type_, kw)
    return CreatureSetup(key=key, type=type_, side="foes", cell=cell, **kw)  # type: ignore[arg-type]
