"""A mission becomes what a WRS match starts from: a WrsSetup with its sides and names.

The mission comes as data (the missions layer's ``Mission``; a ruleset does not import
the missions layer): the protocols below say which of its values WRS reads. A WRS
character is a catalogue fighter (Körper, Geist, LP a/b/c, skills and equipment) with
the mission's own ``values`` and ``equipment`` in place of the fighter's where it gives
them (``creature_fields.own_fighter``, as the set-up screen edits them); a mission
chooses its field, facing, picture and what it holds drawn at the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.board.grid import BattleGrid, Cell
from game.match.mission_data import CreatureData
from game.match.mission_data import MissionData as BaseMissionData
from game.match.mission_ruleset import Message
from game.match.problems import MissionError, Problem, problem_of
from game.rulesets.wrs.catalogue import Fighter, WrsCatalogue
from game.rulesets.wrs.creature_fields import own_fighter, own_fighter_problems
from game.rulesets.wrs.mission_terms import SURPRISED_NAMES, WrsMissionTerms
from game.rulesets.wrs.mission_texts import mission_say
from game.rulesets.wrs.state import FighterSetup, WrsSetup

__all__ = ["SideInfo", "WrsMissionSetup", "wrs_setup"]


class MissionData(BaseMissionData, Protocol):
    """A mission as WRS reads it."""

    @property
    def weightless(self) -> bool: ...
    @property
    def underwater(self) -> bool: ...


@dataclass(frozen=True)
class SideInfo:
    """A party of a WRS match: key, name, who controls it, the colour of its tokens."""

    key: str
    name: str
    controller: str = "player"
    colour: str = "#808080"


@dataclass(frozen=True)
class WrsMissionSetup(WrsSetup):
    """A WrsSetup from a mission: its sides and the characters' names too."""

    sides: tuple[SideInfo, ...] = ()
    #: (fighter key, the name the mission gives it), in the mission's order.
    names: tuple[tuple[str, str], ...] = ()
    #: (fighter key, its picture relative to the mission's folder), for those with one
    #: (the token's picture, read by the views as ``images``).
    images: tuple[tuple[str, str], ...] = ()

    @property
    def creatures(self) -> tuple[FighterSetup, ...]:
        """Return the fighters (the name the missions layer asks an empty set-up by)."""
        return self.fighters

    def name_of(self, key: str) -> str:
        """Return the mission's name of fighter ``key`` (the key if it has none)."""
        return dict(self.names).get(key, key)

    def side_name(self, key: str) -> str:
        """Return the name of side ``key`` (the key if the mission has no such side)."""
        return next((s.name for s in self.sides if s.key == key), key)


def _creature_problems(
    index: int, placement: CreatureData, catalogue: WrsCatalogue, label: str
) -> list[Problem]:
    """Return what WRS cannot start ``placement`` with, each naming its key."""
    where = f"creatures[{index}]"
    problems: list[Problem] = []

    def add(key: str, message: Message) -> None:
        problems.append(problem_of(label, message, key=f"{where}.{key}"))

    kind = catalogue.fighters.get(placement.type)
    if kind is None:  # the reader reports it; a set-up of its own data says it too
        add("type", WrsMissionTerms(catalogue).creature_problem(placement.type) or "")
        return problems
    if placement.life_points is not None:
        add("lp", mission_say("no_lp"))
    equipment = placement.equipment
    for key, texts in own_fighter_problems(catalogue, placement.type, placement.values, equipment):
        add(key, texts)
    for j, name in enumerate(placement.conditions):
        if name.strip().casefold() not in SURPRISED_NAMES:
            add(f"conditions[{j}]", mission_say("no_conditions", name=name))
    if placement.companion_of is not None:
        add("companion_of", mission_say("no_companions", key="companion_of"))
    elif placement.companion_before:
        add("companion_before", mission_say("no_companions", key="companion_before"))
    if placement.hidden:
        add("hidden", mission_say("no_hiding"))
    terms = WrsMissionTerms(catalogue)
    for at, message in terms.held_problems(placement.type, equipment, placement.held):
        key = "held" if at is None else f"held[{at}]"
        problems.append(problem_of(label, message, key=f"{where}.{key}"))
    return problems


def _field_problems(mission: MissionData, grid: BattleGrid, label: str) -> list[Problem]:
    """Return the characters on walls, closed doors, outside the map or on a taken field."""
    problems: list[Problem] = []
    taken: dict[Cell, str] = {}
    for index, placement in enumerate(mission.creatures):
        cell = (int(placement.cell[0]), int(placement.cell[1]))
        key = f"creatures[{index}].at"
        x, y = cell
        if (
            not grid.in_bounds(cell)
            or grid.is_wall(cell)
            or (grid.is_door(cell) and not grid.is_door_open(cell))
        ):
            problems.append(problem_of(label, mission_say("field_blocked", x=x, y=y), key=key))
        elif cell in taken:
            message = mission_say("field_taken", x=x, y=y, other=taken[cell])
            problems.append(problem_of(label, message, key=key))
        else:
            taken[cell] = placement.key
    return problems


def wrs_setup(
    mission: MissionData, grid: BattleGrid, catalogue: WrsCatalogue, *, path_label: str
) -> WrsMissionSetup:
    """Return the sides and fighters of ``mission`` on ``grid`` for a new WRS match.

    Raise MissionError naming ``creatures[i].<key>`` for what a WRS fighter cannot
    start with (``lp``, ``values.<name>`` out of bounds or unknown, ``values`` for LP out
    of order, ``conditions``, ``companion_of``, ``hidden``, ``equipment[j]``, ``held``),
    ``creatures[i].at`` for a wall, a closed door or a taken field, and
    ``environment.<flag>`` for zero gravity or water.
    """
    problems: list[Problem] = []
    for flag in ("weightless", "underwater"):
        if getattr(mission, flag):
            message = mission_say("no_environment", what=mission_say(flag))
            problems.append(problem_of(path_label, message, key=f"environment.{flag}"))
    for index, placement in enumerate(mission.creatures):
        problems += _creature_problems(index, placement, catalogue, path_label)
    problems += _field_problems(mission, grid, path_label)
    if problems:
        raise MissionError(problems)
    fighters = tuple(
        FighterSetup(
            key=p.key,
            fighter=p.type,
            side=p.side,
            cell=(int(p.cell[0]), int(p.cell[1])),
            facing=str(p.facing.value),
            drawn=tuple(p.held),  # nothing drawn unless the mission says so
            own=_own(catalogue, p),
        )
        for p in mission.creatures
    )
    sides = tuple(SideInfo(s.key, s.name, str(s.controller.value), s.colour) for s in mission.sides)
    return WrsMissionSetup(
        mission.title,
        grid,
        fighters,
        surprisers=_surprisers(mission),
        sides=sides,
        names=tuple((p.key, p.name) for p in mission.creatures),
        images=tuple((p.key, p.image) for p in mission.creatures if p.image),
    )


def _surprisers(mission: Any) -> tuple[str, ...]:
    """Return the sides that surprise the others (W-SURP-2): when a creature starts
    Überrascht, every side without a surprised creature; else none."""
    surprised = {
        p.side
        for p in mission.creatures
        if any(name.strip().casefold() in SURPRISED_NAMES for name in p.conditions)
    }
    if not surprised:
        return ()
    return tuple(s.key for s in mission.sides if s.key not in surprised)


def _own(catalogue: WrsCatalogue, placement: CreatureData) -> Fighter | None:
    """Return the fighter with the mission's own values and equipment (None: none given)."""
    if not placement.values and placement.equipment is None:
        return None
    kind = catalogue.fighters[placement.type]
    return own_fighter(kind, placement.values, placement.equipment)
