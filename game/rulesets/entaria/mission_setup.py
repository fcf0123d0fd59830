"""A mission becomes what ENTARIA's match starts from: a BattleSetup.

The mission comes as data (the missions layer's ``Mission``; a ruleset does not import
the missions layer): the protocols below say which of its values ENTARIA reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.board.grid import BattleGrid
from game.match.mission_data import MissionData as BaseMissionData
from game.match.problems import MissionError, Problem, problem_of
from game.rulesets.entaria.loader_texts import entaria_say
from game.rulesets.entaria.mission_terms import condition_named
from game.rulesets.entaria.object_state import map_materials
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment, SideSetup
from game.rulesets.entaria.value_overrides import value_problems


class MissionData(BaseMissionData, Protocol):
    """A mission as ENTARIA reads it (``weightless``/``underwater``: sections 25, 26)."""

    @property
    def weightless(self) -> bool: ...
    @property
    def underwater(self) -> bool: ...
    @property
    def rows(self) -> Sequence[str]: ...
    @property
    def legend(self) -> Mapping[str, Any]: ...


def battle_setup(mission: MissionData, grid: BattleGrid, *, path_label: str) -> BattleSetup:
    """Return the sides and creatures of ``mission`` on ``grid`` for a new match.

    Raise MissionError naming ``creatures[i].conditions`` for a condition ENTARIA lacks
    and ``creatures[i].values.<name>`` for a value that is no attribute or save of the
    catalogue, or lies outside the catalogue's bounds for it.
    """
    problems: list[Problem] = []
    creatures = []
    for index, placement in enumerate(mission.creatures):
        where = f"creatures[{index}].values"
        problems += value_problems(placement.values, where, path_label=path_label)
        conditions = []
        for name in placement.conditions:
            condition = condition_named(name)
            if condition is None:
                message = entaria_say("unknown_condition_plain", name=name)
                key = f"creatures[{index}].conditions"
                problems.append(problem_of(path_label, message, key=key))
            else:
                conditions.append(condition)
        creatures.append(
            CreatureSetup(
                key=placement.key,
                type=placement.type,
                side=placement.side,
                cell=placement.cell,
                name=placement.name,
                facing=placement.facing.value,
                life_points=placement.life_points,
                equipment=placement.equipment,
                held=placement.held,  # nothing drawn unless the mission says so
                conditions=tuple(conditions),
                companion_of=placement.companion_of,
                companion_before=placement.companion_before,
                hidden=placement.hidden,
                image=placement.image,  # the token's picture; the screen loads it
                values=placement.values,  # its own attributes and saves
            )
        )
    if problems:
        raise MissionError(problems)
    sides = tuple(SideSetup(s.key, s.name, s.controller.value, s.colour) for s in mission.sides)
    return BattleSetup(
        mission.title,
        grid,
        sides,
        tuple(creatures),
        Environment(weightless=mission.weightless, underwater=mission.underwater),
        # the fields of a named material are objects that can be attacked (E-OBJ-*)
        materials=map_materials(mission.rows, {c: e.material for c, e in mission.legend.items()}),
    )
