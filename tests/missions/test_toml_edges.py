"""``[[map.edges]]`` in the native format: walls and doors on field borders (D-13, issue 11).

The file states them readably, loading checks them with line and column, the mission's
grid (the one the ruleset's set-up receives) carries them, saving keeps them and
``kampfkarte check`` counts them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.board.edges import EdgeKind
from game.cli import main
from game.match.problems import MissionError, Problem
from game.missions.check import check_mission
from game.missions.grid import build_grid
from game.missions.model import MapEdge
from game.missions.playability import mission_warnings
from game.missions.setup import match_setup
from game.missions.toml_format import dumps_mission, loads_mission
from tests.missions.test_bundled_maps import README, readme_example

# Two rooms of 3 x 3 fields, side by side: no wall field between them, only edges.
ROOMS = """\
[mission]
title = "Zwei Räume"

[map]
width = 6
height = 3
rows = '''
......
......
......
'''

[[sides]]
key = "a"
name = "Seite A"
controller = "player"
deployment = [[0, 0, 1, 2]]

[[sides]]
key = "b"
name = "Seite B"
controller = "gm"
deployment = [[4, 0, 5, 2]]

[[creatures]]
key = "likron"
type = "likron"
side = "a"
at = [0, 0]

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [5, 2]
"""

DIVIDER = """
[[map.edges]]
between = [[2, 0], [3, 0]]

[[map.edges]]
between = [[3, 1], [2, 1]]
kind = "wall"

[[map.edges]]
between = [[2, 2], [3, 2]]
kind = "door"
open = {open}
"""


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "m.toml")
    return caught.value.problems


def one(text: str) -> Problem:
    found = problems_of(text)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """Return the 1-based line of the ``occurrence``-th line starting with ``needle``."""
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if line.startswith(needle)]
    return hits[occurrence - 1]


# ------------------------------------------------------------------ reading
@pytest.mark.rule("D-13")
def test_edges_load_upper_or_left_field_first_with_kind_and_door_state() -> None:
    """D-13: ``between`` in either order gives one edge; walls by default; doors open or not."""
    mission = loads_mission(ROOMS + DIVIDER.format(open="true"))
    assert mission.edges == (
        MapEdge((2, 0), (3, 0), "wall", False),
        MapEdge((2, 1), (3, 1), "wall", False),
        MapEdge((2, 2), (3, 2), "door", True),
    )


@pytest.mark.rule("D-13")
def test_the_mission_grid_that_the_set_up_receives_carries_the_edges() -> None:
    """D-13: build_grid puts the edges on the BattleGrid the ruleset's set-up plays on."""
    mission = loads_mission(ROOMS + DIVIDER.format(open="false"))
    grid = build_grid(mission)
    assert grid.edge_kind((2, 0), (3, 0)) is EdgeKind.WALL
    assert grid.edge_kind((3, 2), (2, 2)) is EdgeKind.DOOR
    assert grid.is_edge_blocked((2, 1), (3, 1))
    assert not grid.is_wall((2, 1)) and not grid.is_wall((3, 1))  # no floor taken away
    setup = match_setup(mission)
    assert setup.grid.edge_kind((2, 0), (3, 0)) is EdgeKind.WALL
    assert setup.grid.edge_kind((2, 2), (3, 2)) is EdgeKind.DOOR


@pytest.mark.rule("D-13")
def test_a_closed_edge_door_counts_open_for_reaching_an_edge_wall_does_not() -> None:
    """D-13: sides split by edge walls cannot reach each other; an edge door (closed) opens."""
    with_door = loads_mission(ROOMS + DIVIDER.format(open="false"))
    assert not [w for w in mission_warnings(with_door) if "reach" in w.message]
    walled = loads_mission(
        ROOMS + DIVIDER.format(open="false").replace('kind = "door"\nopen = false', "")
    )
    unreachable = [w for w in mission_warnings(walled) if "reach" in w.message]
    assert len(unreachable) == 1, [str(w) for w in mission_warnings(walled)]


# ------------------------------------------------------------------- errors
@pytest.mark.rule("D-13")
def test_fields_that_are_not_neighbours_are_an_error_at_their_line() -> None:
    """D-13: an edge lies between orthogonal neighbours; a diagonal pair is located."""
    text = ROOMS + "\n[[map.edges]]\nbetween = [[2, 0], [3, 1]]\n"
    problem = one(text)
    assert problem.key == "map.edges[0].between"
    assert problem.line == line_of(text, "between")
    assert problem.column == 1
    assert "share no edge" in problem.message and "orthogonal neighbours" in problem.message


@pytest.mark.rule("D-13")
def test_a_field_outside_the_map_is_an_error() -> None:
    """D-13: both fields lie inside the map (the outer border is not stated this way)."""
    text = ROOMS + "\n[[map.edges]]\nbetween = [[5, 0], [6, 0]]\n"
    problem = one(text)
    assert problem.key == "map.edges[0].between"
    assert problem.line == line_of(text, "between")
    assert "outside the 6x3 map" in problem.message


@pytest.mark.rule("D-13")
def test_the_same_edge_twice_is_an_error_at_the_second() -> None:
    """D-13: each edge once, in either order of its fields."""
    text = ROOMS + (
        "\n[[map.edges]]\nbetween = [[2, 0], [3, 0]]\n"
        '\n[[map.edges]]\nbetween = [[3, 0], [2, 0]]\nkind = "door"\n'
    )
    problem = one(text)
    assert problem.key == "map.edges[1].between"
    assert problem.line == line_of(text, "between", 2)
    first = line_of(text, "between", 1)
    assert f"already given by map.edges[0] (line {first})" in problem.message


@pytest.mark.rule("D-13")
def test_wrong_shapes_kinds_and_keys_are_each_located() -> None:
    """D-13: every broken table is reported at once, each at its own key and line."""
    text = ROOMS + (
        "\n[[map.edges]]\nbetween = [2, 0, 3, 0]\n"
        '\n[[map.edges]]\nbetween = [[1, 1], [1, 2]]\nkind = "gate"\n'
        "\n[[map.edges]]\nbetween = [[1, 1], [2, 1]]\nopen = true\n"
        "\n[[map.edges]]\nbetwen = [[0, 1], [0, 2]]\n"
    )
    found = {p.key: p for p in problems_of(text)}
    assert set(found) == {
        "map.edges[0].between",
        "map.edges[1].kind",
        "map.edges[2].open",
        "map.edges[3].betwen",
        "map.edges[3]",
    }
    assert "expected two fields [[x1, y1], [x2, y2]]" in found["map.edges[0].between"].message
    assert found["map.edges[1].kind"].line == line_of(text, "kind")
    assert "expected one of 'wall', 'door'" in found["map.edges[1].kind"].message
    assert found["map.edges[2].open"].line == line_of(text, "open")
    assert "did you mean 'between'" in found["map.edges[3].betwen"].message
    assert "missing key 'between'" in found["map.edges[3]"].message
    assert all(p.line is not None and p.column is not None for p in found.values())


# --------------------------------------------------------------- round trip
@pytest.mark.rule("D-13")
def test_saving_keeps_the_edges_and_writes_walls_as_between_alone() -> None:
    """D-13: load -> dumps -> load gives the same mission, edges included."""
    mission = loads_mission(ROOMS + DIVIDER.format(open="true"))
    text = dumps_mission(mission)
    assert loads_mission(text) == mission
    assert "[[map.edges]]\nbetween = [[2, 0], [3, 0]]\n\n" in text
    assert '[[map.edges]]\nbetween = [[2, 2], [3, 2]]\nkind = "door"\nopen = true\n' in text
    closed = loads_mission(ROOMS + DIVIDER.format(open="false"))
    assert "open" not in dumps_mission(closed)
    assert loads_mission(dumps_mission(closed)) == closed


# -------------------------------------------------------------------- check
@pytest.mark.rule("D-13")
def test_check_counts_edge_walls_and_doors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """D-13: ``check --json`` counts edge walls and doors; the summary adds one line for them."""
    path = tmp_path / "rooms.toml"
    path.write_text(ROOMS + DIVIDER.format(open="true"), encoding="utf-8")
    assert main(["check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["edge_walls"], data["edge_doors"]) == (2, 1)
    assert "Edge walls: 2, edge doors: 1" in check_mission(path).text


@pytest.mark.rule("D-13")
def test_check_summary_is_silent_about_edges_on_a_map_without_them(tmp_path: Path) -> None:
    """D-13: a map without edges keeps its summary as it was; --json says 0 and 0."""
    path = tmp_path / "rooms.toml"
    path.write_text(ROOMS, encoding="utf-8")
    report = check_mission(path)
    assert report.valid and "Terrain:" in report.text
    assert "Edge walls" not in report.text


@pytest.mark.rule("D-13")
def test_the_readme_example_has_edges_and_its_documented_error_is_the_loaders() -> None:
    """D-13: maps/README.md's complete example states edges; its edge error reads as shown."""
    example = readme_example()
    mission = loads_mission(example, "mission.toml")
    assert [e.kind for e in mission.edges] == ["wall", "wall", "door"]
    bad = example.replace("between = [[12, 3], [13, 3]]", "between = [[12, 3], [13, 4]]")
    problem = one_in(bad, "mission.toml")
    assert str(problem) in README.read_text(encoding="utf-8")


def one_in(text: str, label: str) -> Problem:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, label)
    assert len(caught.value.problems) == 1
    return caught.value.problems[0]
