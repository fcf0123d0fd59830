"""Unentdeckt per observer and the items hidden on the ground: who knows of whom (fog of war).

Unentdeckt holds per observer (E-COND-UNENTDECKT-4, E-OPEN-50): Verbergen records whom
the roll beat, and detection or a conspicuous act end it (``hiding``). ``Battle`` asks
these through its methods of the same names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.board.grid import Cell
from game.rulesets.entaria.rules.condition_changes import after_detection
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


def creature_of(battle: Battle, which: CreatureState | str) -> CreatureState:
    return which if isinstance(which, CreatureState) else battle.state.creatures[which]


def hidden_from(battle: Battle, creature: CreatureState | str) -> frozenset[str]:
    """Return the keys of the creatures ``creature`` is Unentdeckt toward.

    Unentdeckt holds per observer (E-COND-UNENTDECKT-4, E-OPEN-50): Verbergen records
    whom the roll beat, and detection or a conspicuous act end it (``hiding``).
    Empty when the creature is not Unentdeckt; an Unentdeckt without a record (a game
    master's condition, an old save) is toward every creature of another side.
    """
    hider = creature_of(battle, creature)
    if Condition.UNDETECTED not in hider.conditions:
        return frozenset()
    if hider.hidden_from:
        return frozenset(hider.hidden_from)
    return frozenset(c.key for c in battle.state.creatures.values() if c.side != hider.side)


def is_hidden_from(
    battle: Battle, creature: CreatureState | str, observer: CreatureState | str
) -> bool:
    """Return whether ``observer`` has not found ``creature`` (E-COND-UNENTDECKT-1..4)."""
    key = observer if isinstance(observer, str) else observer.key
    return key in hidden_from(battle, creature)


def is_hidden_from_side(battle: Battle, creature: CreatureState | str, side: str) -> bool:
    """Return whether no living creature of ``side`` has found ``creature`` (fog of war)."""
    hider = creature_of(battle, creature)
    hidden = hidden_from(battle, hider)
    members = side_keys(battle, side)
    return hider.side != side and bool(members) and members <= hidden


def side_keys(battle: Battle, side: str) -> frozenset[str]:
    """Return the keys of the side's living creatures (all of them if none lives)."""
    members = [c for c in battle.state.creatures.values() if c.side == side]
    living = [c.key for c in members if Condition.DEAD not in c.conditions]
    return frozenset(living or [c.key for c in members])


def conditions_toward(
    battle: Battle, creature: CreatureState | str, observer: CreatureState | str
) -> ConditionSet:
    """Return the conditions ``observer`` faces: Unentdeckt (and its Geschützt) only if
    ``creature`` is hidden from ``observer`` (E-COND-UNENTDECKT-2/4)."""
    hider = creature_of(battle, creature)
    if Condition.UNDETECTED in hider.conditions and not is_hidden_from(battle, hider, observer):
        return after_detection(hider.conditions, Condition.UNDETECTED)
    return hider.conditions


def visible_ground_items(
    battle: Battle, observer: CreatureState | str | None = None, *, side: str | None = None
) -> dict[Cell, list[str]]:
    """Return the items on the ground that ``observer`` (or ``side``) knows of.

    An item hidden by Verbergen is left out for the creatures it is hidden from until
    they find it (E-ACT-VH-VERBERGEN-3); for a side, until one living member found it.
    Neither given: every item (the game master's view).
    """
    if observer is not None:
        keys = frozenset({observer if isinstance(observer, str) else observer.key})
    elif side is not None:
        keys = side_keys(battle, side)
    else:
        keys = frozenset()
    visible = {cell: list(items) for cell, items in battle.state.ground_items.items()}
    for record in battle.state.hidden_items if keys else ():
        items = visible.get(record.cell, [])
        if keys <= record.hidden_from and record.item in items:
            items.remove(record.item)
    return {cell: items for cell, items in visible.items() if items}


def is_item_hidden_from(
    battle: Battle, cell: Cell, item: str, observer: CreatureState | str
) -> bool:
    """Return whether ``item`` lies on ``cell`` but ``observer`` knows of none there."""
    if item not in battle.state.ground_items.get(cell, []):
        return False
    return item not in visible_ground_items(battle, observer).get(cell, [])
