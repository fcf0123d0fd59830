"""The block initiative at the start of a quick-rules fight (Q-INIT-1..7, D-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.entaria_schnell.rules.initiative import (
    BlockOrder,
    block_order,
    initiative_impulse,
    roll_block_initiative,
)

if TYPE_CHECKING:
    from game.rulesets.entaria_schnell.engine import QuickGame


def roll_initiative(game: QuickGame) -> BlockOrder:
    """Roll each character's initiative once; return the blocks (Q-INIT-1..7, Q-OPEN-1/4).

    Enemies roll none; a natural 20 or 1 feeds the group's Impuls (D-14).
    """
    results = {}
    for key, creature in game.creatures.items():
        if not creature.is_character:
            continue
        base = creature.kind.base_initiative or 0
        # Beschwerliche armour: Nachteil on initiative (E-INIT-6, the full rules' kit)
        edge = -1 if game.catalogue.cumbersome(creature.equipment) else 0
        creature.initiative = roll_block_initiative(base, game.roller, edge=edge)
        results[key] = creature.initiative
        game.impulse += initiative_impulse(creature.initiative)
    enemies = [k for k, cr in game.creatures.items() if not cr.is_character]
    order = block_order(results, enemies)
    parts_de, parts_en = [], []
    for key, result in results.items():
        name, roll = game.creatures[key].name, result.roll
        dice = "/".join(str(d) for d in roll.dice)
        de = "vor den Gegnern" if not result.failed else "nach den Gegnern"
        en = "before the enemies" if not result.failed else "after the enemies"
        parts_de.append(f"{name} W20 {dice} → {roll.total} gegen ZW 15: {de}")
        parts_en.append(f"{name} d20 {dice} → {roll.total} vs TN 15: {en}")
    game.emit(
        "initiative",
        None,
        "Initiative: " + "; ".join(parts_de) if parts_de else "Initiative: keine Charaktere",
        "Initiative: " + "; ".join(parts_en) if parts_en else "Initiative: no characters",
        {
            "rolls": {k: list(r.roll.dice) for k, r in results.items()},
            "totals": {k: r.roll.total for k, r in results.items()},
            "before": list(order.before),
            "enemies": list(order.enemies),
            "after": list(order.after),
        },
    )
    return order
