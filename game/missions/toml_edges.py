"""The ``[[map.edges]]`` tables of a native mission file: walls and doors on field borders (D-13).

One table per edge::

    [[map.edges]]
    between = [[4, 2], [5, 2]]   # two orthogonal neighbours inside the map
    kind = "door"                # "wall" (the default) or "door"
    open = false                 # doors only: standing open (default false)

Every problem is reported with the line and column of the key it concerns, and every
problem of a table at once: a table with a bad ``kind``, ``open`` and ``between`` gives
three errors, not one per round of fixing. A table is named ``map.edges[i]`` (0-based),
as the key each problem prints before its message; the messages do not repeat it.
"""

from __future__ import annotations

from game.board.grid import Cell
from game.match.problems import described, suggested
from game.missions.loader_texts import mission_say
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
            section = self.table(raw, key, EDGE_KEYS, ("between",), shown="[[map.edges]]")
            if section is None:
                continue
            edge = self.edge(section, key, width, height)
            if edge is None:
                continue
            first = seen.setdefault((edge.a, edge.b), i)
            if first != i:
                self.error(
                    f"{key}.between",
                    mission_say(
                        "edge_twice", a=list(edge.a), b=list(edge.b), first=self.named(first)
                    ),
                )
                continue
            found.append(edge)
        return found

    def named(self, index: int) -> str:
        """Return how a message names table ``index``: ``map.edges[3] (line 40)``."""
        key = f"map.edges[{index}]"
        line, _column = self.locate(f"{key}.between")
        return f"{key} (line {line})" if line is not None else key

    def edge(
        self, section: dict[str, object], key: str, width: int | None, height: int | None
    ) -> MapEdge | None:
        """Return one edge, or None after recording everything wrong with it."""
        kind = self.kind(section, f"{key}.kind")
        is_open = self.is_open(section, f"{key}.open", kind)
        cells = None
        if "between" in section:  # a missing one is reported by table()
            cells = self.between(section["between"], f"{key}.between", width, height)
        if kind is None or is_open is None or cells is None:
            return None
        a, b = sorted(cells, key=lambda c: (c[1], c[0]))  # upper or left field first
        return MapEdge(a, b, kind, is_open)

    def kind(self, section: dict[str, object], key: str) -> str | None:
        """Return ``kind`` ("wall" when absent), or None after recording what is wrong."""
        if "kind" not in section:
            return "wall"
        value = section["kind"]
        if isinstance(value, str) and value in EDGE_KINDS:
            return value
        hint = suggested(value, EDGE_KINDS) if isinstance(value, str) else ""
        allowed = quoted_list(EDGE_KINDS)
        self.error(
            key, mission_say("edge_kind", found=described(value), hint=hint, allowed=allowed)
        )
        return None

    def is_open(self, section: dict[str, object], key: str, kind: str | None) -> bool | None:
        """Return ``open`` (False when absent), or None after recording what is wrong.

        ``kind`` None (itself wrong) says nothing about whether ``open`` fits it.
        """
        if "open" not in section:
            return False
        value = section["open"]
        if type(value) is not bool:
            expected = mission_say("true_or_false")
            found = described(value)
            self.error(key, mission_say("json_found_expected", found=found, expected=expected))
            return None
        if value and kind == "wall":
            self.error(
                key,
                mission_say("edge_open_wall"),
            )
            return None
        return value

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
            self.error(key, mission_say("two_fields", found=described(value)))
            return None
        a: Cell = (value[0][0], value[0][1])
        b: Cell = (value[1][0], value[1][1])
        fine = True
        if width is not None and height is not None:
            outside = [list(c) for c in (a, b) if not (0 <= c[0] < width and 0 <= c[1] < height)]
            if outside:
                cells = [_short_cell(c) for c in outside]
                template = "fields_outside" if len(outside) > 1 else "field_outside"
                self.error(
                    key,
                    mission_say(
                        template,
                        shown={"en": " and ".join(cells), "de": " und ".join(cells)},
                        width=width,
                        height=height,
                        max_x=width - 1,
                        max_y=height - 1,
                    ),
                )
                fine = False
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            self.error(
                key,
                mission_say("no_shared_edge", a=_short_cell(list(a)), b=_short_cell(list(b))),
            )
            fine = False
        return (a, b) if fine else None


def _short_cell(cell: list[int]) -> str:
    """Return ``[x, y]`` for a message, a very long coordinate cut short (messages stay bounded)."""
    shown = [str(v) if abs(v) < 10**12 else f"{str(v)[:8]}..." for v in cell]
    return f"[{', '.join(shown)}]"
