"""What a move line tells the table: how far the creature went and what it may move.

"Likron geht 4 Felder nach [5, 16] (BEW 5: Grundwert 6, Panzerung -1)". The numbers come
from the rules: armour's change (``creature_values.base_bew``, E-ARMOR-2), the conditions
that take from BEW and the halvings (``rules.movement``, E-OPEN-12), the allowance
(``moving.move_allowance``). The allowance is named only when something changes it from
the catalogue's BEW; parts that change nothing are left out. No rule IDs: player-facing.
"""

from __future__ import annotations

from game.board.grid import Cell
from game.match.notation import field_text
from game.rulesets.entaria.creature_values import base_bew, listed_bew
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.moving import move_allowance
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.conditions import HALVING_CONDITIONS
from game.rulesets.entaria.rules.held_conditions import closure, held_rules
from game.rulesets.entaria.rules.movement import effective_bew, movement_allowance
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState

__all__ = ["allowance_text", "move_line"]

#: The verb of each move action, German and English.
_VERBS = {
    Action.WALK: ("geht", "walks"),
    Action.RUN: ("läuft", "runs"),
    Action.DISENGAGE: ("löst sich", "disengages"),
}


def _english(condition: Condition) -> str:
    return condition.name.lower().replace("_", " ")


def allowance_text(
    battle: Battle, creature: CreatureState, action: Action, *, halved: bool
) -> tuple[str, str]:
    """Return " (BEW 5: Grundwert 6, Panzerung -1; ...)" and " (move 5: base 6, ...)".

    Two empty strings when the allowance is the catalogue's BEW for ``action`` unchanged.
    ``halved``: the move leaves an enemy's melee reach (D-10).
    """
    listed = listed_bew(battle, creature)
    armoured = base_bew(battle, creature)
    held = battle.held_conditions(creature)
    overload = creature.conditions.count(Condition.OVERLOADED)
    exhaustion = creature.conditions.count(Condition.EXHAUSTED)
    bew = effective_bew(
        armoured, conditions=held, overload_level=overload, exhaustion_level=exhaustion
    )
    allowance = move_allowance(battle, creature, action, halved=halved)
    if armoured == listed and bew == armoured and allowance == movement_allowance(listed, action):
        return "", ""
    parts_de: list[str] = []
    parts_en: list[str] = []
    if armoured != listed:
        parts_de.append(f"Panzerung {armoured - listed:+d}")
        parts_en.append(f"armour {armoured - listed:+d}")
    if bew != armoured:
        slowing = [
            rule
            for rule in held_rules(closure(creature.conditions, base_bew=armoured))
            if rule.bew_per_level or rule.bew_zero
        ]
        names_de = ", ".join(rule.german for rule in slowing) or "Zustände"
        names_en = ", ".join(_english(rule.condition) for rule in slowing) or "conditions"
        parts_de.append(f"{names_de} {bew - armoured:+d}")
        parts_en.append(f"{names_en} {bew - armoured:+d}")
    de = f"BEW {bew}" + (f": Grundwert {listed}, " + ", ".join(parts_de) if parts_de else "")
    en = f"move {bew}" + (f": base {listed}, " + ", ".join(parts_en) if parts_en else "")
    halving = held_rules(HALVING_CONDITIONS & closure(creature.conditions, base_bew=armoured))
    halves_de = [rule.german for rule in halving]
    halves_en = [_english(rule.condition) for rule in halving]
    if halved:
        halves_de.append("Nahkampfreichweite verlassen")
        halves_en.append("leaving melee reach")
    if halves_de:
        de += "; halbiert: " + ", ".join(halves_de)
        en += "; halved: " + ", ".join(halves_en)
    if allowance != bew:
        de += f"; {ACTIONS[action].german} erlaubt {allowance}"
        en += f"; {action.name.lower()} allows {allowance}"
    return f" ({de})", f" ({en})"


def move_line(
    creature: CreatureState, action: Action, steps: int, cell: Cell, why: tuple[str, str]
) -> tuple[str, str]:
    """Return the move line "Ron geht 4 Felder nach [5, 16] (...)" in German and English.

    ``steps``: the fields walked; ``why``: ``allowance_text`` of the move, asked before
    the move changed anything (the allowance it was made with).
    """
    verb_de, verb_en = _VERBS.get(action, ("bewegt sich", "moves"))
    fields_de = "1 Feld" if steps == 1 else f"{steps} Felder"
    fields_en = "1 field" if steps == 1 else f"{steps} fields"
    return (
        f"{creature.name} {verb_de} {fields_de} nach {field_text(cell)}{why[0]}",
        f"{creature.name} {verb_en} {fields_en} to {field_text(cell)}{why[1]}",
    )
