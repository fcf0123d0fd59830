"""A mission as data: the map, the sides, the creatures, the notes.

This is the one object every mission source (native TOML, Universal VTT, Tiled)
turns into and the match engine starts from. Values only: no file access here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType

from game.board.grid import Cell
from game.match.problems import Problem
from game.rulesets import DEFAULT_RULESET


class Controller(Enum):
    """Who moves a side's creatures."""

    PLAYER = "player"
    GM = "gm"


class Facing(Enum):
    """The eight directions a miniature can face (the ruleset says whether it matters)."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"


@dataclass(frozen=True)
class LegendEntry:
    """What one map character means beyond the default legend.

    ``terrain`` (a terrain kind of the ruleset's catalogue), ``material`` (a wall, pane
    or door material the ruleset knows), both (furniture: the terrain, and an object of
    the material), or ``door`` with or without ``material``. ``door`` is None, "open"
    or "closed". The names are the ruleset's
    (``game.match.mission_ruleset.MissionTerms`` says what they mean).
    """

    terrain: str | None = None
    material: str | None = None
    door: str | None = None
    difficult: bool | None = None  # None: the terrain kind's default
    target: int | None = None  # target number of the terrain check; None: the kind's default


@dataclass(frozen=True)
class Background:
    """An image under the grid: path relative to the mission file."""

    path: str
    pixels_per_field: int
    offset: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class MapEdge:
    """A wall or door on the border between two orthogonal neighbours (D-13).

    ``a`` is the upper or left field, ``b`` the lower or right one; ``kind`` is
    "wall" or "door"; ``open`` says whether a door stands open (False for walls).
    """

    a: Cell
    b: Cell
    kind: str = "wall"
    open: bool = False


@dataclass(frozen=True)
class Side:
    """A party of the fight."""

    key: str
    name: str
    colour: str  # "#rrggbb"
    controller: Controller
    deployment: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class CreaturePlacement:
    """One creature on the map: a catalogue type plus this mission's overrides.

    The type, equipment, held, condition and value names are the ruleset's, kept as the
    file gives them; the ruleset reads them when the match is set up.
    """

    key: str
    type: str  # creature type key in the ruleset's catalogue
    name: str
    side: str  # Side.key
    cell: Cell
    facing: Facing = Facing.S
    life_points: int | None = None  # the file's ``lp``; None: the type's
    equipment: tuple[str, ...] | None = None  # None: the type's equipment
    held: tuple[str, ...] = ()  # in hand at the start, out of the equipment; (): nothing drawn
    conditions: tuple[str, ...] = ()  # condition names at the start, as the file gives them
    companion_of: str | None = None  # "C" creatures: the controlling creature's key
    companion_before: bool = False
    hidden: bool = False
    image: str = ""  # the token's picture, relative to the mission's folder; "": the type's art
    #: ``values``: (name, whole number) in the file's order, the ruleset's value names (its
    #: attributes and saves); each in place of the type's. (): the type's values.
    values: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ZoneArea:
    """A painted zone of ``[[zones.areas]]``: a name and a rectangle of fields."""

    name: str
    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class ZoneDeclaration:
    """A mission's ``[zones]``: a lattice of ``size`` fields or painted ``areas``.

    ``walk`` and ``run`` are how many zones Gehen and Laufen cross (None: the ruleset's
    default), ``metres`` how long one zone is (None: not given). The ruleset that plays by
    zones reads them; the others ignore them.
    """

    size: int | None = None  # None with no areas: the ruleset's default lattice
    areas: tuple[ZoneArea, ...] = ()
    walk: int | None = None
    run: int | None = None
    metres: float | None = None


@dataclass(frozen=True)
class Mission:
    """Everything a mission file says; ``ruleset`` is the key of the rules it is played by."""

    title: str
    width: int
    height: int
    rows: tuple[str, ...]  # terrain rows in legend characters
    legend: Mapping[str, LegendEntry] = field(default_factory=dict)
    description: Mapping[str, str] = field(default_factory=dict)  # language -> text
    author: str = ""
    players: tuple[int, int] | None = None  # recommended (min, max)
    background: Background | None = None
    sides: tuple[Side, ...] = ()
    creatures: tuple[CreaturePlacement, ...] = ()
    gm_notes: str = ""
    weightless: bool = False  # [environment]: the ruleset says what zero gravity changes
    underwater: bool = False  # [environment]: the ruleset says what a fight under water changes
    ruleset: str = DEFAULT_RULESET  # [mission] ruleset, a key of game.rulesets.RULESETS
    edges: tuple[MapEdge, ...] = ()  # [[map.edges]]: walls and doors on field borders (D-13)
    zones: ZoneDeclaration | None = None  # [zones]: None when the file declares none


@dataclass(frozen=True)
class LoaderWarning(Problem):
    """A loader's warning that carries its message in each language of the UI.

    Every Problem may carry ``texts`` now (:meth:`Problem.text`); this class stays so
    that a warning made by :func:`loader_warning` is still recognised as one.
    """


def warning_text(problem: Problem, language: str) -> str:
    """Return a problem's message in ``language`` ("de" or "en"), else its own message."""
    return problem.text(language)


def loader_warning(
    path: str,
    texts: Mapping[str, str],
    *,
    line: int | None = None,
    column: int | None = None,
    key: str | None = None,
) -> LoaderWarning:
    """Return a warning whose message is ``texts["en"]``, carrying every text."""
    return LoaderWarning(
        path,
        texts["en"],
        line=line,
        column=column,
        key=key,
        warning=True,
        texts=MappingProxyType(dict(texts)),
    )


@dataclass(frozen=True)
class LoadedMission:
    """A mission as loaded from any source.

    ``source_format``: "toml", "uvtt" or "tiled". ``base_dir``: the folder the
    mission's relative paths resolve in. ``images``: image bytes the source carried
    inside itself (a UVTT background), keyed by the relative path the mission's
    ``background.path`` names; empty for native missions, whose images are files.
    ``key_locations``: where each key stands in a native TOML file, (line, column)
    by dotted key path, for messages about the mission; empty for other formats.
    ``warnings``: what the loader noticed without refusing the file (a Tiled map's
    missing tile image, a map that says nothing about terrain); ``check`` and
    ``import`` print them in the command's language, the preview in its own
    (:meth:`Problem.text`).
    """

    mission: Mission
    source_format: str
    base_dir: Path
    images: Mapping[str, bytes] = field(default_factory=lambda: MappingProxyType({}))
    key_locations: Mapping[str, tuple[int, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    warnings: tuple[Problem, ...] = ()
