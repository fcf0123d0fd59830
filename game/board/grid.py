"""The battle grid: 25 mm fields as numpy arrays, and the distance between fields.

How terrain *works* lives here (blocking, step cost, cover, terrain kind); how it
looks is the screen's business. Arrays are indexed ``[y, x]``; cells are ``(x, y)``
with x to the right and y down.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import IntEnum

import numpy as np
import numpy.typing as npt

from game.board.edges import Edge, EdgeKind, EdgeLayer

Cell = tuple[int, int]
BoolGrid = npt.NDArray[np.bool_]

#: The eight grid directions as (dx, dy), straight ones first.
DIRECTIONS_4: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIRECTIONS_8: tuple[Cell, ...] = (*DIRECTIONS_4, (1, 1), (-1, 1), (-1, -1), (1, -1))

#: The default of the ``terrain_target`` layer (ENTARIA's standard ZW 15, E-OPEN-42).
DEFAULT_TERRAIN_TARGET = 15
MAX_GRID_SIDE = 2000


class Terrain(IntEnum):
    """The terrain code of a field, a map layer: ENTARIA's terrain kinds (glossary 32.5).

    What a kind asks of a mover is the ruleset's rule.
    """

    NONE = 0  # plain ground
    CLIMB = 1  # Kletteroberfläche
    WATER = 2  # Wasser / Flüssigkeit
    RUBBLE = 3  # Geröll / Müll / Wurzelwerk / Dornen
    MUD = 4  # Matsch / Eis / Glitschig
    SLOPE = 5  # Hang / Steigung / Gefälle
    NARROW = 6  # Schmaler Untergrund
    CROWD = 7  # Menschenmenge
    SHARDS = 8  # Glassplitter / Stacheldraht
    STROBE = 9  # Stroboskopische Lichteffekte


class Cover(IntEnum):
    """The cover a field, a creature or a line of fire gives (D-9)."""

    NONE = 0
    PARTIAL = 1  # Teildeckung
    FULL = 2  # Volldeckung


@dataclass(frozen=True)
class FieldKind:
    """What one legend character means for the rules: one value per layer of BattleGrid.

    ``see_through`` only counts on a wall (a glass pane: blocks movement, not sight).
    """

    wall: bool = False
    door: bool = False
    door_open: bool = False
    difficult: bool = False
    cover: Cover = Cover.NONE
    smoke: bool = False
    terrain: Terrain = Terrain.NONE
    terrain_target: int = DEFAULT_TERRAIN_TARGET  # E-OPEN-42
    hazard: bool = False
    see_through: bool = False


#: The layers a FieldKind sets: every field of it, named as BattleGrid's arguments.
_KIND_LAYERS: tuple[str, ...] = tuple(f.name for f in fields(FieldKind))


#: The default ASCII legend (DESIGN.md).
DEFAULT_LEGEND: Mapping[str, FieldKind] = {
    ".": FieldKind(),
    "#": FieldKind(wall=True),
    ":": FieldKind(difficult=True, terrain=Terrain.RUBBLE),
    "~": FieldKind(difficult=True, terrain=Terrain.WATER),
    "=": FieldKind(difficult=True, cover=Cover.PARTIAL),
    "%": FieldKind(cover=Cover.FULL, smoke=True),
    "+": FieldKind(door=True),
    "/": FieldKind(door=True, door_open=True),
}


def distance(a: Cell, b: Cell) -> int:
    """Return the distance in fields: Chebyshev, a diagonal step is one field (D-1)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def footprint_cells(anchor: Cell, side: int = 1) -> list[Cell]:
    """Return the fields a creature of ``side`` × ``side`` fields occupies (E-SIZE-1).

    The anchor is the footprint's top-left field.
    """
    if side < 1:
        raise ValueError(f"a footprint needs a side of at least 1, got {side}")
    x0, y0 = anchor
    return [(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)]


def footprint_distance(a: Cell, b: Cell, *, side_a: int = 1, side_b: int = 1) -> int:
    """Return the distance between the nearest occupied fields of two footprints (E-OPEN-14)."""
    gap_x = max(0, b[0] - (a[0] + side_a - 1), a[0] - (b[0] + side_b - 1))
    gap_y = max(0, b[1] - (a[1] + side_a - 1), a[1] - (b[1] + side_b - 1))
    return max(gap_x, gap_y)


def _as_bool(name: str, array: npt.ArrayLike | None, shape: tuple[int, int]) -> BoolGrid:
    if array is None:
        return np.zeros(shape, dtype=bool)
    result = np.asarray(array)
    if result.shape != shape:
        raise ValueError(f"{name} has shape {result.shape}, expected {shape}")
    return result.astype(bool, copy=True)


class BattleGrid:
    """The map as the rules see it: numpy arrays of shape (height, width).

    Arrays: ``wall`` (permanent walls), ``see_through`` (walls that block movement
    but not sight: glass panes), ``door`` and ``door_open``, ``difficult``
    (step cost 2, D-10), ``cover`` (Cover a field gives), ``smoke``, ``terrain``
    (Terrain codes), ``terrain_target`` (the target number of a ruleset's terrain
    checks), ``hazard`` (lava, chasm: what entering one does is the ruleset's rule).
    Derived and kept current: ``blocks_sight`` and ``blocks_movement`` (walls and
    closed doors). Doors open and close during a battle, and a field may change as a
    whole (``set_field``: a wall shot to rubble); ``version`` counts changes so callers
    can cache.
    """

    def __init__(
        self,
        wall: npt.ArrayLike,
        *,
        difficult: npt.ArrayLike | None = None,
        cover: npt.ArrayLike | None = None,
        smoke: npt.ArrayLike | None = None,
        door: npt.ArrayLike | None = None,
        door_open: npt.ArrayLike | None = None,
        terrain: npt.ArrayLike | None = None,
        terrain_target: npt.ArrayLike | None = None,
        hazard: npt.ArrayLike | None = None,
        see_through: npt.ArrayLike | None = None,
    ) -> None:
        wall_array = np.asarray(wall)
        if wall_array.ndim != 2 or 0 in wall_array.shape:
            raise ValueError(f"a grid needs a 2-D wall array, got shape {wall_array.shape}")
        shape: tuple[int, int] = (int(wall_array.shape[0]), int(wall_array.shape[1]))
        if max(shape) > MAX_GRID_SIDE:
            raise ValueError(f"a grid side may be at most {MAX_GRID_SIDE} fields, got {shape}")
        self.wall = wall_array.astype(bool, copy=True)
        self.difficult = _as_bool("difficult", difficult, shape)
        self.smoke = _as_bool("smoke", smoke, shape)
        self.door = _as_bool("door", door, shape)
        self.door_open = _as_bool("door_open", door_open, shape) & self.door
        self.hazard = _as_bool("hazard", hazard, shape)
        self.see_through = _as_bool("see_through", see_through, shape) & self.wall
        self.cover = np.zeros(shape, dtype=np.int8)
        if cover is not None:
            cover_array = np.asarray(cover)
            if cover_array.shape != shape:
                raise ValueError(f"cover has shape {cover_array.shape}, expected {shape}")
            if cover_array.size and (cover_array.min() < 0 or cover_array.max() > Cover.FULL):
                raise ValueError("cover values must be 0 (none), 1 (partial) or 2 (full)")
            self.cover = cover_array.astype(np.int8, copy=True)
        self.terrain = np.zeros(shape, dtype=np.int8)
        if terrain is not None:
            terrain_array = np.asarray(terrain)
            if terrain_array.shape != shape:
                raise ValueError(f"terrain has shape {terrain_array.shape}, expected {shape}")
            known = {int(t) for t in Terrain}
            unknown = set(np.unique(terrain_array).tolist()) - known
            if unknown:
                raise ValueError(f"unknown terrain codes {sorted(unknown)}")
            self.terrain = terrain_array.astype(np.int8, copy=True)
        self.terrain_target = np.full(shape, DEFAULT_TERRAIN_TARGET, dtype=np.int16)
        if terrain_target is not None:
            target_array = np.asarray(terrain_target)
            if target_array.shape != shape:
                raise ValueError(f"terrain_target has shape {target_array.shape}, expected {shape}")
            self.terrain_target = target_array.astype(np.int16, copy=True)
        # Walls and doors on field edges (D-13); empty unless a map puts some there.
        self.edges = EdgeLayer(shape[1], shape[0])
        self.version = 0
        self._refresh()

    # ----------------------------------------------------------------- building
    @classmethod
    def from_ascii(cls, text: str, legend: Mapping[str, FieldKind] | None = None) -> BattleGrid:
        """Build a grid from rows of legend characters (DESIGN.md legend by default)."""
        rows = text.split("\n")
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
        rows = [row.rstrip("\r") for row in rows]
        if not rows:
            raise ValueError("the map has no rows")
        width = len(rows[0])
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise ValueError(f"row {number} has {len(row)} fields, expected {width} like row 1")
        kinds = dict(DEFAULT_LEGEND)
        if legend:
            kinds.update(legend)
        shape = (len(rows), width)
        encoded = "".join(rows).encode("utf-32-le", "surrogatepass")
        codes = np.frombuffer(encoded, dtype="<u4").reshape(shape)
        # One lookup per distinct character: each layer is a small table indexed per field.
        present, inverse = np.unique(codes, return_inverse=True)
        chars = [chr(code) for code in present.tolist()]
        unknown = [ord(char) for char in chars if char not in kinds]
        if unknown:
            first = int(np.flatnonzero(np.isin(codes, unknown))[0])
            y, x = divmod(first, width)
            raise ValueError(
                f"row {y + 1}, column {x + 1}: unknown map character {rows[y][x]!r}; "
                f"expected one of {''.join(sorted(kinds))!r}"
            )
        table = [kinds[char] for char in chars]
        index = inverse.reshape(shape)
        layers = {
            name: np.array([int(getattr(kind, name)) for kind in table])[index]
            for name in _KIND_LAYERS
        }
        wall = layers.pop("wall")
        return cls(wall, **layers)

    @classmethod
    def from_arrays(cls, wall: npt.ArrayLike, **layers: npt.ArrayLike | None) -> BattleGrid:
        """Build a grid from numpy arrays of shape (height, width) (for the map loader)."""
        return cls(wall, **layers)

    @classmethod
    def open(cls, width: int, height: int) -> BattleGrid:
        """Return an empty floor of ``width`` × ``height`` fields."""
        return cls(np.zeros((height, width), dtype=bool))

    def copy(self) -> BattleGrid:
        """Return an independent copy (doors can then change separately)."""
        other = BattleGrid(
            self.wall,
            difficult=self.difficult,
            cover=self.cover,
            smoke=self.smoke,
            door=self.door,
            door_open=self.door_open,
            terrain=self.terrain,
            terrain_target=self.terrain_target,
            hazard=self.hazard,
            see_through=self.see_through,
        )
        other.edges = self.edges.copy()
        return other

    def to_ascii(self) -> str:
        """Return the grid in the default legend (kinds it cannot show become '.')."""
        lines = []
        for y in range(self.height):
            chars = []
            for x in range(self.width):
                if self.wall[y, x]:
                    chars.append("#")
                elif self.door[y, x]:
                    chars.append("/" if self.door_open[y, x] else "+")
                elif self.smoke[y, x]:
                    chars.append("%")
                elif self.cover[y, x] == Cover.PARTIAL and self.difficult[y, x]:
                    chars.append("=")
                elif self.terrain[y, x] == Terrain.WATER:
                    chars.append("~")
                elif self.difficult[y, x]:
                    chars.append(":")
                else:
                    chars.append(".")
            lines.append("".join(chars))
        return "\n".join(lines)

    # ------------------------------------------------------------------ queries
    @property
    def width(self) -> int:
        return int(self.wall.shape[1])

    @property
    def height(self) -> int:
        return int(self.wall.shape[0])

    @property
    def shape(self) -> tuple[int, int]:
        """Return (height, width), the numpy shape of every layer."""
        return (self.height, self.width)

    def in_bounds(self, cell: Cell) -> bool:
        """Return whether the field lies on the map."""
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def _check(self, cell: Cell) -> tuple[int, int]:
        if not self.in_bounds(cell):
            raise IndexError(f"field {cell} is outside the {self.width}×{self.height} map")
        return cell[1], cell[0]

    def is_wall(self, cell: Cell) -> bool:
        """Return whether the field blocks movement like a wall: a wall or a closed door."""
        return bool(self.blocks_movement[self._check(cell)])

    def is_door(self, cell: Cell) -> bool:
        return bool(self.door[self._check(cell)])

    def is_door_open(self, cell: Cell) -> bool:
        return bool(self.door_open[self._check(cell)])

    def blocks_sight_at(self, cell: Cell) -> bool:
        """Return whether the field blocks sight (walls and closed doors, D-9)."""
        return bool(self.blocks_sight[self._check(cell)])

    def step_cost(self, cell: Cell) -> int:
        """Return what entering the field costs: 2 on difficult terrain, else 1 (D-10)."""
        return 2 if self.difficult[self._check(cell)] else 1

    def cover_at(self, cell: Cell) -> Cover:
        """Return the cover the field itself gives (low obstacle, smoke)."""
        return Cover(int(self.cover[self._check(cell)]))

    def terrain_at(self, cell: Cell) -> Terrain:
        return Terrain(int(self.terrain[self._check(cell)]))

    def terrain_target_at(self, cell: Cell) -> int:
        """Return the target number of a terrain check on this field (the map's layer)."""
        return int(self.terrain_target[self._check(cell)])

    def is_hazard(self, cell: Cell) -> bool:
        return bool(self.hazard[self._check(cell)])

    def cells(self) -> Iterable[Cell]:
        """Yield every field, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    # ----------------------------------------------------------------- changes
    def set_door_open(self, cell: Cell, is_open: bool) -> None:
        """Open or close the door on ``cell``."""
        index = self._check(cell)
        if not self.door[index]:
            raise ValueError(f"there is no door on field {cell}")
        if bool(self.door_open[index]) != is_open:
            self.door_open[index] = is_open
            self._refresh()

    def field_kind(self, cell: Cell) -> FieldKind:
        """Return what the field is now, one value per layer (the inverse of ``set_field``)."""
        y, x = self._check(cell)
        return FieldKind(
            wall=bool(self.wall[y, x]),
            door=bool(self.door[y, x]),
            door_open=bool(self.door_open[y, x]),
            difficult=bool(self.difficult[y, x]),
            cover=Cover(int(self.cover[y, x])),
            smoke=bool(self.smoke[y, x]),
            terrain=Terrain(int(self.terrain[y, x])),
            terrain_target=int(self.terrain_target[y, x]),
            hazard=bool(self.hazard[y, x]),
            see_through=bool(self.see_through[y, x]),
        )

    def set_field(self, cell: Cell, kind: FieldKind) -> None:
        """Make the field ``kind`` in every layer (a ruleset's object destroyed, say)."""
        index = self._check(cell)
        if self.field_kind(cell) == kind:
            return
        self.wall[index] = kind.wall
        self.door[index] = kind.door
        self.door_open[index] = kind.door and kind.door_open
        self.difficult[index] = kind.difficult
        self.cover[index] = int(kind.cover)
        self.smoke[index] = kind.smoke
        self.terrain[index] = int(kind.terrain)
        self.terrain_target[index] = kind.terrain_target
        self.hazard[index] = kind.hazard
        self.see_through[index] = kind.wall and kind.see_through
        self._refresh()

    # ------------------------------------------------------------ edges (D-13)
    @property
    def has_edge_walls(self) -> bool:
        """Return whether any edge wall or closed edge door stands on the map."""
        return self.edges.any_blocking

    def add_edge_wall(self, a: Cell, b: Cell) -> None:
        """Put a wall on the border between orthogonal neighbours ``a`` and ``b``."""
        if self.edges.set(a, b, EdgeKind.WALL):
            self.version += 1

    def set_edge_door(self, a: Cell, b: Cell, *, open: bool = False) -> None:
        """Put a door (open or closed) on the border between ``a`` and ``b``, or open/close it."""
        if self.edges.set(a, b, EdgeKind.OPEN_DOOR if open else EdgeKind.DOOR):
            self.version += 1

    def clear_edge(self, a: Cell, b: Cell) -> None:
        """Remove whatever stands on the border between ``a`` and ``b``."""
        if self.edges.set(a, b, None):
            self.version += 1

    def edge_kind(self, a: Cell, b: Cell) -> EdgeKind | None:
        """Return what stands on the border between ``a`` and ``b`` (None: nothing)."""
        return self.edges.kind(a, b)

    def is_edge_blocked(self, a: Cell, b: Cell) -> bool:
        """Return whether an edge wall or closed edge door separates ``a`` and ``b`` (D-13)."""
        return self.edges.blocked(a, b)

    def edge_list(self) -> list[Edge]:
        """Return every edge wall and edge door (for drawing and saving)."""
        return self.edges.listing()

    def _refresh(self) -> None:
        closed_doors = self.door & ~self.door_open
        self.blocks_movement = self.wall | closed_doors
        self.blocks_sight = (self.wall & ~self.see_through) | closed_doors
        self.version += 1

    def __repr__(self) -> str:
        return f"BattleGrid({self.width}×{self.height}, version {self.version})"
