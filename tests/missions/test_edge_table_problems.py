"""Every problem of a ``[[map.edges]]`` table at once, each named as its key (D-13, task 15).

A playtester needed three rounds to fix one bad edge (kind, then open, then between).
Now one table reports all its problems together; tables are named ``map.edges[i]``
(0-based) everywhere, with the line of the one a message refers to; and no message
repeats the key that its Problem prints before it.
"""

from __future__ import annotations

import pytest

from game.match.problems import MissionError, Problem
from game.missions.toml_format import loads_mission
from tests.missions.test_bundled_maps import README, readme_example
from tests.missions.test_toml_edges import ROOMS, line_of


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "m.toml")
    return caught.value.problems


def assert_key_not_repeated(problems: list[Problem]) -> None:
    for problem in problems:
        assert problem.key and problem.key not in problem.message, str(problem)


@pytest.mark.rule("D-13")
def test_one_bad_table_reports_kind_open_and_between_together() -> None:
    text = ROOMS + '\n[[map.edges]]\nbetween = [[2, 0], [3, 1]]\nkind = "gate"\nopen = "yes"\n'
    found = {p.key: p for p in problems_of(text)}
    assert set(found) == {"map.edges[0].kind", "map.edges[0].open", "map.edges[0].between"}
    assert found["map.edges[0].kind"].line == line_of(text, "kind")
    assert "expected one of 'wall', 'door'" in found["map.edges[0].kind"].message
    assert found["map.edges[0].open"].line == line_of(text, "open")
    assert "expected true or false" in found["map.edges[0].open"].message
    assert "share no edge" in found["map.edges[0].between"].message
    assert_key_not_repeated(list(found.values()))


@pytest.mark.rule("D-13")
def test_open_on_a_wall_and_a_field_outside_are_both_reported() -> None:
    text = ROOMS + '\n[[map.edges]]\nbetween = [[5, 0], [6, 0]]\nkind = "wall"\nopen = true\n'
    found = {p.key: p for p in problems_of(text)}
    assert set(found) == {"map.edges[0].open", "map.edges[0].between"}
    assert 'expected open = true only with kind = "door"' in found["map.edges[0].open"].message
    assert "field [6, 0] is outside the 6x3 map" in found["map.edges[0].between"].message
    assert_key_not_repeated(list(found.values()))


@pytest.mark.rule("D-13")
def test_a_wrong_kind_does_not_also_blame_open() -> None:
    """With ``kind`` itself wrong, whether ``open`` fits it is unknown: one error, not two."""
    text = ROOMS + '\n[[map.edges]]\nbetween = [[2, 0], [3, 0]]\nkind = "dor"\nopen = true\n'
    (problem,) = problems_of(text)
    assert problem.key == "map.edges[0].kind"
    assert "did you mean 'door'" in problem.message


@pytest.mark.rule("D-13")
def test_both_fields_outside_and_not_neighbours_are_all_said() -> None:
    text = ROOMS + "\n[[map.edges]]\nbetween = [[9, 0], [7, 5]]\n"
    messages = [p.message for p in problems_of(text)]
    assert len(messages) == 2, messages
    assert "fields [9, 0] and [7, 5] are outside the 6x3 map" in messages[0]
    assert "share no edge" in messages[1]


@pytest.mark.rule("D-13")
def test_a_huge_coordinate_gives_a_short_message() -> None:
    text = ROOMS + f"\n[[map.edges]]\nbetween = [[2, 0], [{10**40}, 0]]\n"
    for problem in problems_of(text):
        assert len(problem.message) < 200, problem.message
        assert "..." in problem.message


@pytest.mark.rule("D-13")
def test_a_duplicate_names_the_first_table_0_based_with_its_line() -> None:
    edges = "".join(f"\n[[map.edges]]\nbetween = [[{x}, 0], [{x}, 1]]\n" for x in range(6))
    text = ROOMS + edges + "\n[[map.edges]]\nbetween = [[4, 1], [4, 0]]\n"
    (problem,) = problems_of(text)
    assert problem.key == "map.edges[6].between"
    assert problem.line == line_of(text, "between", 7)
    first = line_of(text, "between", 5)
    assert problem.message == (
        f"the edge between [4, 0] and [4, 1] is already given by map.edges[4] (line {first}); "
        "expected each edge once"
    )
    assert "#" not in problem.message
    assert_key_not_repeated([problem])


@pytest.mark.rule("D-13")
def test_unknown_and_missing_keys_name_the_table_without_a_1_based_number() -> None:
    text = ROOMS + "\n[[map.edges]]\nbetween = [[2, 0], [3, 0]]\n\n[[map.edges]]\nbetwen = 1\n"
    found = {p.key: p for p in problems_of(text)}
    assert set(found) == {"map.edges[1].betwen", "map.edges[1]"}
    for problem in found.values():
        assert "#" not in problem.message and "[[map.edges]]" in problem.message
    assert "did you mean 'between'" in found["map.edges[1].betwen"].message


@pytest.mark.rule("D-13")
def test_the_readme_documents_the_duplicate_message_as_the_loader_gives_it() -> None:
    example = readme_example()
    first = example[example.index("[[map.edges]]") :].splitlines()[1]
    with pytest.raises(MissionError) as caught:
        loads_mission(example + "\n[[map.edges]]\n" + first + "\n", "mission.toml")
    (problem,) = caught.value.problems
    quoted = problem.message.split("is ", 1)[1].split(";")[0]  # already given by ... (line N)
    assert quoted.startswith("already given by map.edges[0] (line ")
    assert quoted in README.read_text(encoding="utf-8")
