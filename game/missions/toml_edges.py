"""The ``[[map.edges]]`` tables of a native mission file: walls and doors on field borders (D-13).

One table per edge::

    [[map.edges]]
    between = [[4, 2], [5, 2]]   # two orthogonal neighbours inside the map
    kind = "door"                # "wall" (the default) or "door"
    open = false                 # doors only: standing open (default false)

Every problem is reported with the line and column of the key it concerns.
"""

from __future__ import annotations

from game.board.grid import Cell
from game.match.problems import describe
from game.missions.model import MapEdge
from game.missions.toml_checker import TomlChecker, quoted_list
from game.missions.toml_schema import EDGE_KEYS, EDGE_KINDS, MAX_EDGES


class EdgeSection(TomlChecker):
    """Reads ``[[map.edges]]``: each a wall or door between two neighbouring fields."""

    def edges(self, value: object, width: int | None, height: int | None) -> list[MapEdge]:
        """Return the edges in file order; record what is wrong with any of them."""
        found: list[MapEdge] = []
        seen: dict[tuple[Cell, Cell], int] = {}
        for i, raw in enumerate(self.array_of_tables(value, "map.edges", MAX_EDGES)):
            key = f"map.edges[{i}]"
            section = self.table(raw, key, EDGE_KEYS, ("between",), shown=f"[[map.edges]] #{i + 1}")
            if section is None:
                continue
            edge = self.edge(section, key, width, height)
            if edge is None:
                continue
            first = seen.setdefault((edge.a, edge.b), i)
            if first != i:
                self.error(
                    f"{key}.between",
                    f"{key}.between: the edge between {list(edge.a)} and {list(edge.b)} is "
                    f"already given by [[map.edges]] #{first + 1}; expected each edge once",
                )
                continue
            found.append(edge)
        return found

    def edge(
        self, section: dict[str, object], key: str, width: int | None, height: int | None
    ) -> MapEdge | None:
        """Return one edge, or None after recording what is wrong with it."""
        kind = "wall"
        if "kind" in section:
            text = self.string(section["kind"], f"{key}.kind")
            if text is not None and text not in EDGE_KINDS:
                self.error(
                    f"{key}.kind",
                    f"{key}.kind is {text!r}; expected one of {quoted_list(EDGE_KINDS)}",
                )
                return None
            if text is None:
                return None
            kind = text
        is_open = False
        if "open" in section:
            flag = self.boolean(section["open"], f"{key}.open")
            if flag is None:
                return None
            if flag and kind != "door":
                self.error(
                    f"{key}.open",
                    f'{key}.open is true for a wall; expected open only on kind = "door"',
                )
                return None
            is_open = flag
        if "between" not in section:
            return None  # reported once by table()
        cells = self.between(section["between"], f"{key}.between", width, height)
        if cells is None:
            return None
        a, b = sorted(cells, key=lambda c: (c[1], c[0]))  # upper or left field first
        return MapEdge(a, b, kind, is_open)

    def between(
        self, value: object, key: str, width: int | None, height: int | None
    ) -> tuple[Cell, Cell] | None:
        """Return the two fields of ``between``: orthogonal neighbours inside the map."""
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(
                not isinstance(c, list) or len(c) != 2 or any(type(v) is not int for v in c)
                for c in value
            )
        ):
            self.error(
                key,
                f"{key}: found {describe(value)}; expected two fields [[x1, y1], [x2, y2]]",
            )
            return None
        a: Cell = (value[0][0], value[0][1])
        b: Cell = (value[1][0], value[1][1])
        if width is not None and height is not None:
            for cell in (a, b):
                if not (0 <= cell[0] < width and 0 <= cell[1] < height):
                    self.error(
                        key,
                        f"{key}: field {list(cell)} is outside the {width}x{height} map; "
                        f"expected x from 0 to {width - 1} and y from 0 to {height - 1}",
                    )
                    return None
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            self.error(
                key,
                f"{key}: fields {list(a)} and {list(b)} share no edge; expected orthogonal "
                "neighbours (one step left, right, up or down)",
            )
            return None
        return a, b
