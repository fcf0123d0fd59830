"""What the engine would accept now, asked without changing the match: the items a
creature may pick up, why a command would be refused, and why an area fire would be.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cell
from game.match.commands import Command
from game.rulesets.entaria.area_fire import _area_weapon, placement_block
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import Interact, _pick_up
from game.rulesets.entaria.rules.areas import AreaFireAction

__all__ = ["GroundItem", "area_fire_refusal", "reachable_ground_items", "refusal"]


@dataclass(frozen=True)
class GroundItem:
    """Items of one kind lying on a field that a creature may pick up."""

    cell: Cell
    item: str  # catalogue key
    count: int  # how many of them the creature knows of there


def reachable_ground_items(battle: Battle, key: str) -> list[GroundItem]:
    """Return the items on the ground the creature may pick up now (Interagieren).

    Each is one the Interact "pick_up" handler accepts (``interact_actions._pick_up``:
    the field's distance, an item the creature knows of -- those hidden from it by
    Verbergen are left out, E-ACT-VH-VERBERGEN-3 -- and a free hand). The action's own
    checks (budget, a creature busy elsewhere) are ``legal_actions``' for INTERACT.
    """
    creature = battle.creature(key)
    found: list[GroundItem] = []
    for cell, items in battle.visible_ground_items(creature).items():
        for item in dict.fromkeys(items):
            try:
                _pick_up(battle, creature, Interact(key, "pick_up", item=item, cell=cell))
            except CommandRejected:
                continue
            found.append(GroundItem(cell, item, items.count(item)))
    return found


def refusal(battle: Battle, command: Command) -> str:
    """Return why the engine would refuse ``command`` now, or "" when it would apply it.

    A dry run on a copy of the match (``clone_battle``): the match, its dice and its
    record stay as they are. The reason carries its German (``german(reason)``, ``.de``).
    The copy costs a few milliseconds: for menus built once, not for every frame.
    """
    try:
        clone_battle(battle).apply(command)
    except CommandRejected as error:
        return error.reason
    return ""


def area_fire_refusal(battle: Battle, key: str, weapon: str, mode: AreaFireAction) -> str:
    """Return why the engine would refuse ``mode`` with ``weapon`` before any field is
    chosen, or "" when it would roll once fields are declared (D-6, E-AREAFIRE-1/2).

    The handler's own checks, asked in its order: a rolled area fire waiting for its
    placement, the weapon (held, with the attribute the mode needs, usable underwater,
    SW, rounds in the magazine) and the turn's budget. Nothing changes; no copy is made,
    so the screen may ask it whenever it builds a button.
    """
    if why := placement_block(battle):
        return why
    shooter = battle.creature(key)
    try:
        _area_weapon(battle, shooter, weapon, mode)
        battle.can_spend(shooter, mode.action)
    except CommandRejected as error:
        return error.reason
    return ""
