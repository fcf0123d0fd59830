"""A mission becomes what a Genesis match starts from: a GenesisSetup with its sides and names.

The mission comes as data (the missions layer's ``Mission``; a ruleset does not import
the missions layer): the protocols below say which of its values Genesis reads. A Genesis
fighter is a catalogue fighter (AT, PA, AW, INI, GW, LE, WS, AD, weapons and armour)
with the mission's own ``values`` and ``equipment`` in place of the fighter's where it
gives them (``creature_fields.own_fighter``, as the set-up screen edits them); a mission
chooses its field, facing, name, picture and the weapon in hand (``held``; default the
first of its weapons).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from game.board.grid import BattleGrid, Cell
from game.match.mission_data import CreatureData
from game.match.mission_data import MissionData as BaseMissionData
from game.match.mission_ruleset import Message
from game.match.problems import MissionError, Problem, problem_of
from game.rulesets.genesis.catalogue import GenesisCatalogue, GenesisFighter
from game.rulesets.genesis.creature_fields import own_fighter as own_values
from game.rulesets.genesis.creature_fields import own_fighter_problems
from game.rulesets.genesis.mission_terms import GenesisMissionTerms
from game.rulesets.genesis.mission_texts import mission_say
from game.rulesets.genesis.state import FighterSetup, GenesisSetup

__all__ = ["GenesisMissionSetup", "SideInfo", "genesis_setup", "own_fighter"]


class MissionData(BaseMissionData, Protocol):
    """A mission as Genesis reads it."""

    @property
    def weightless(self) -> bool: ...
    @property
    def underwater(self) -> bool: ...


@dataclass(frozen=True)
class SideInfo:
    """A party of a Genesis match: key, name, who controls it, the colour of its tokens."""

    key: str
    name: str
    controller: str = "player"
    colour: str = "#808080"


@dataclass(frozen=True)
class GenesisMissionSetup(GenesisSetup):
    """A GenesisSetup from a mission: its sides and the fighters' names too."""

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
    index: int, placement: CreatureData, catalogue: GenesisCatalogue, label: str
) -> list[Problem]:
    """Return what Genesis cannot start ``placement`` with, each naming its key."""
    where = f"creatures[{index}]"
    problems: list[Problem] = []

    def add(key: str, message: Message) -> None:
        problems.append(problem_of(label, message, key=f"{where}.{key}"))

    terms = GenesisMissionTerms(catalogue)
    if placement.type not in catalogue.fighters:  # the reader reports it; so does a set-up
        add("type", terms.creature_problem(placement.type) or "")
        return problems
    if placement.life_points is not None:
        add("lp", mission_say("no_lp"))
    equipment = placement.equipment
    for key, texts in own_fighter_problems(catalogue, placement.type, placement.values, equipment):
        add(key, texts)
    for j, name in enumerate(placement.conditions):
        add(f"conditions[{j}]", mission_say("no_conditions", name=name))
    if placement.companion_of is not None:
        add("companion_of", mission_say("no_companions", key="companion_of"))
    elif placement.companion_before:
        add("companion_before", mission_say("no_companions", key="companion_before"))
    if placement.hidden:
        add("hidden", mission_say("no_hiding"))
    for at, message in terms.held_problems(placement.type, equipment, placement.held):
        add("held" if at is None else f"held[{at}]", message)
    return problems


def _field_problems(mission: MissionData, grid: BattleGrid, label: str) -> list[Problem]:
    """Return the fighters on walls, closed doors, outside the map or on a taken field."""
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


def genesis_setup(
    mission: MissionData, grid: BattleGrid, catalogue: GenesisCatalogue, *, path_label: str
) -> GenesisMissionSetup:
    """Return the sides and fighters of ``mission`` on ``grid`` for a new Genesis match.

    Raise MissionError naming ``creatures[i].<key>`` for what a Genesis fighter cannot
    start with (``lp``, ``values.<name>`` out of bounds or unknown, ``equipment[j]``
    unknown, twice or a second piece for a slot, ``equipment`` without a weapon,
    ``conditions[j]``, ``companion_of``, ``hidden``, ``held``), ``creatures[i].at`` for
    a wall, a closed door or a taken field, and ``environment.<flag>`` for zero gravity
    or water.
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
            own=own_fighter(catalogue, p),
            name=p.name,
        )
        for p in mission.creatures
    )
    sides = tuple(SideInfo(s.key, s.name, str(s.controller.value), s.colour) for s in mission.sides)
    return GenesisMissionSetup(
        mission.title,
        grid,
        fighters,
        sides=sides,
        names=tuple((p.key, p.name) for p in mission.creatures),
        images=tuple((p.key, p.image) for p in mission.creatures if p.image),
    )


def own_fighter(catalogue: GenesisCatalogue, placement: CreatureData) -> GenesisFighter | None:
    """Return the fighter with the mission's own values, equipment and weapon in hand
    (``held``: that weapon first), or None when the mission changes none of them.

    The placement is checked before (``genesis_setup``): an unknown type raises KeyError.
    """
    kind = catalogue.fighters[placement.type]
    own = kind
    if placement.values or placement.equipment is not None:
        own = own_values(catalogue, kind, placement.values, placement.equipment)
    held = [k for k in placement.held if k in catalogue.weapons and k in own.weapons]
    if held and own.weapons[0] != held[0]:
        rest = tuple(k for k in own.weapons if k != held[0])
        own = replace(own, weapons=(held[0], *rest))
    return None if own is kind else own
