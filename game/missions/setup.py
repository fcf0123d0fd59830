"""A mission becomes what the match engine starts from: a BattleSetup."""

from __future__ import annotations

from game.match.problems import MissionError, Problem
from game.missions.grid import build_grid
from game.missions.model import Mission
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment, SideSetup

_BY_GERMAN = {c.value.lower(): c for c in Condition}


def condition_named(name: str) -> Condition | None:
    """Return the condition a mission names, by German name or enum name."""
    return _BY_GERMAN.get(name.strip().lower()) or Condition.__members__.get(name.strip().upper())


def battle_setup(
    mission: Mission, catalogue: Catalogue, *, path_label: str = "<mission>"
) -> BattleSetup:
    """Return the grid, sides and creatures of ``mission`` for a new match."""
    problems: list[Problem] = []
    creatures = []
    for index, placement in enumerate(mission.creatures):
        conditions = []
        for name in placement.conditions:
            condition = condition_named(name)
            if condition is None:
                problems.append(
                    Problem(
                        path_label,
                        f"unknown condition {name!r}",
                        key=f"creatures[{index}].conditions",
                    )
                )
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
                conditions=tuple(conditions),
                companion_of=placement.companion_of,
                companion_before=placement.companion_before,
                hidden=placement.hidden,
            )
        )
    if problems:
        raise MissionError(problems)
    sides = tuple(SideSetup(s.key, s.name, s.controller.value, s.colour) for s in mission.sides)
    return BattleSetup(
        mission.title,
        build_grid(mission, catalogue, path_label=path_label),
        sides,
        tuple(creatures),
        Environment(weightless=mission.weightless, underwater=mission.underwater),
    )
