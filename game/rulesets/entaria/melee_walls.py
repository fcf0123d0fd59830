"""Why an enemy right beside is out of melee reach: a wall or a closed door between (D-13).

The rules of reach (``in_melee_reach``) with and without the grid: an enemy near enough
but kept out by the walls is named, so a refusal says what is in the way instead of
"no enemy within melee reach". A closed door is told apart from a wall by the reach on
a copy with every door open (one copy per grid version).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection

import numpy as np

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, distance
from game.rulesets.entaria.edge_doors import has_edge_doors
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.state import CreatureState

#: The refusal when no enemy stands within melee reach (the screen may name one behind a wall).
NO_ENEMY_IN_REACH = say("no enemy within melee reach", "kein Gegner in Nahkampfreichweite")

#: The last grid asked about (a weak reference: an id can be reused by another grid),
#: its version and its copy with the doors open.
_OPENED: dict[str, tuple[weakref.ref[BattleGrid], int, BattleGrid | None]] = {}


def doors_open(grid: BattleGrid) -> BattleGrid | None:
    """Return a copy of ``grid`` with every closed field and edge door open (None: none closed)."""
    cached = _OPENED.get("grid")
    if cached is not None and cached[0]() is grid and cached[1] == grid.version:
        return cached[2]
    closed = np.argwhere(grid.door & ~grid.door_open)
    edges = [e for e in grid.edge_list() if e.kind is EdgeKind.DOOR] if has_edge_doors(grid) else []
    opened: BattleGrid | None = None
    if len(closed) or edges:
        opened = grid.copy()
        for y, x in closed:
            opened.set_door_open((int(x), int(y)), True)
        for edge in edges:
            opened.set_edge_door(edge.a, edge.b, open=True)
    _OPENED["grid"] = (weakref.ref(grid), grid.version, opened)
    return opened


def _reaches(
    battle: Battle,
    creature: CreatureState,
    enemy: CreatureState,
    reach: int,
    grid: BattleGrid | None,
) -> bool:
    kind = battle.creature_type(creature)
    return in_melee_reach(
        creature.cell,
        enemy.cell,
        attacker_side=kind.size_fields,
        target_side=battle.creature_type(enemy).size_fields,
        reach=max(kind.reach, reach),
        grid=grid,
    )


def walled_enemies(
    battle: Battle, creature: CreatureState, reach: int, only: Collection[str] | None = None
) -> list[CreatureState]:
    """Return the enemies within ``reach`` but for a wall or closed door, nearest first.

    ``only``: the keys to consider (the creatures a viewer may see; None: all).
    """
    found = [
        enemy
        for enemy in battle.enemies_of(creature)
        if (only is None or enemy.key in only)
        and _reaches(battle, creature, enemy, reach, None)
        and not _reaches(battle, creature, enemy, reach, battle.grid)
    ]
    return sorted(found, key=lambda e: (distance(creature.cell, e.cell), e.key))


def behind_closed_door(
    battle: Battle, creature: CreatureState, enemy: CreatureState, reach: int
) -> bool:
    """Return whether only closed doors keep ``enemy`` out of the creature's melee reach."""
    opened = doors_open(battle.grid)
    return opened is not None and _reaches(battle, creature, enemy, reach, opened)


def beyond_wall_text(
    battle: Battle, creature: CreatureState, enemy: CreatureState, reach: int
) -> str:
    """Return "<enemy> stands beyond a wall" (or a closed door) in German and English."""
    if behind_closed_door(battle, creature, enemy, reach):
        return say(
            f"a closed door stands between {creature.name} and {enemy.name}",
            f"{enemy.name} steht jenseits einer geschlossenen Tür",
        )
    return say(
        f"a wall stands between {creature.name} and {enemy.name}",
        f"{enemy.name} steht jenseits einer Wand",
    )
