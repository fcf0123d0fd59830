"""Which closed door beside it the built-in opponent opens to strike or shoot from where it stands.

A creature that already stands on its strike field (with the doors open) or beside a
door that hides its target plans no walk; it opens the door between (D-13,
E-ACT-HH-INTERAGIEREN). Each door is tried on a copy of the grid with only that door
open, so the answer is the rules' own (``in_melee_reach``, ``line_of_sight``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, distance
from game.board.sight import line_of_sight
from game.rulesets.entaria.edge_doors import edge_doors_of
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy_targets import can_take, loaded_ranged_weapons
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.reach import in_melee_reach, reach_unwalled
from game.rulesets.entaria.state import CreatureState


def door_beside(
    battle: Battle, creature: CreatureState, opens: Callable[[BattleGrid], bool]
) -> Interact | None:
    """Return Interagieren on a closed door beside the creature after which ``opens`` holds.

    Edge doors on the border of its footprint first, then closed field doors it reaches
    (E-ACT-HH-INTERAGIEREN). None: no such door, or Interagieren is not left this turn.
    """
    if not can_take(battle, Action.INTERACT):
        return None
    grid = battle.grid
    for near, far in edge_doors_of(battle, creature):
        if grid.edge_kind(near, far) is not EdgeKind.DOOR:
            continue  # open already
        trial = grid.copy()
        trial.set_edge_door(near, far, open=True)
        if opens(trial):
            # the own field is named only for a big creature's other footprint fields
            own = None if near == creature.cell else near
            return Interact(creature.key, "open_door", cell=own, edge_to=far)
    if not (grid.door & ~grid.door_open).any():
        return None
    for cell in _field_doors_beside(battle, creature):
        trial = grid.copy()
        trial.set_door_open(cell, True)
        if opens(trial):
            return Interact(creature.key, "open_door", cell=cell)
    return None


def _field_doors_beside(battle: Battle, creature: CreatureState) -> list[tuple[int, int]]:
    """Return the closed field doors next to the creature's anchor it reaches past the walls."""
    grid = battle.grid
    x0, y0 = creature.cell
    found = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            cell = (x0 + dx, y0 + dy)
            if cell == creature.cell or not grid.in_bounds(cell):
                continue
            if not grid.door[cell[1], cell[0]] or grid.door_open[cell[1], cell[0]]:
                continue
            if reach_unwalled(grid, creature.cell, cell):
                found.append(cell)
    return found


def door_to_strike(
    battle: Battle, creature: CreatureState, targets: list[CreatureState]
) -> Interact | None:
    """Return the opening of a closed door beside the creature that lets it strike a target.

    Melee reach as the attack asks it (E-MELEE-2, D-13): a closed door between blocks
    like a wall, an open one does not.
    """
    kind = battle.creature_type(creature)
    near = [
        t
        for t in targets
        if distance(creature.cell, t.cell)
        <= kind.reach + kind.size_fields + battle.creature_type(t).size_fields
    ]
    if not near:
        return None

    def opens(trial: BattleGrid) -> bool:
        return any(
            in_melee_reach(
                creature.cell,
                t.cell,
                attacker_side=kind.size_fields,
                target_side=battle.creature_type(t).size_fields,
                reach=kind.reach,
                grid=trial,
            )
            for t in near
        )

    return door_beside(battle, creature, opens)


def door_to_shoot(
    battle: Battle, creature: CreatureState, targets: list[CreatureState]
) -> Interact | None:
    """Return the opening of a closed door beside a shooter that gives it a line to a target.

    Only when no target is in sight now and the held loaded weapon fires at the
    target's range band (E-RANGE-2); the shot itself follows on a later step.
    """
    weapons = loaded_ranged_weapons(battle, creature)
    if not weapons or not targets:
        return None
    if any(line_of_sight(battle.grid, creature.cell, t.cell) for t in targets):
        return None
    in_range = [
        t
        for t in targets
        if any(w.fires_at(range_band(distance(creature.cell, t.cell))) for w in weapons)
    ]
    if not in_range:
        return None

    def opens(trial: BattleGrid) -> bool:
        return any(line_of_sight(trial, creature.cell, t.cell) for t in in_range)

    return door_beside(battle, creature, opens)
