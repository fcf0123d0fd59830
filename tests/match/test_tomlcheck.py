"""The TOML checking helpers: syntax problems, key locations, typed reads, enum names."""

from __future__ import annotations

from datetime import date

import pytest

from game.match.problems import MissionError, Problem, ProblemList, capped, describe, suggestion
from game.match.tomlcheck import (
    MAX_TEXT_CHARS,
    ProblemSink,
    TableReader,
    enum_spec,
    find_key,
    locate_keys,
    parse_toml,
)
from game.rulesets.entaria.rules.terms import DamageType


def test_parse_toml_reports_line_column_and_end_of_document() -> None:
    """Syntax errors carry tomllib's position; an error at the end names the last line."""
    data, problems = parse_toml("a = 1\nb = [1,\n", "f.toml")
    assert data is None and len(problems) == 1
    assert (problems[0].line, problems[0].column) == (3, 1)
    assert problems[0].message == "TOML syntax error: Invalid value at the end of the file"
    data, problems = parse_toml("[x]\na = 1\n[x]\n", "f.toml")
    assert (problems[0].line, problems[0].column) == (3, 3)
    assert "the line reads: [x]" in problems[0].message
    data, problems = parse_toml("a = 1\n", "f.toml")
    assert data == {"a": 1} and problems == []


def test_parse_toml_refuses_over_long_text() -> None:
    """Text beyond the limit is not parsed at all."""
    data, problems = parse_toml("#" * (MAX_TEXT_CHARS + 1), "big.toml")
    assert data is None and "at most" in problems[0].message


def test_parse_toml_refuses_over_long_numbers_with_their_place() -> None:
    """An integer Python will not read is a located problem, not a ValueError."""
    data, problems = parse_toml("[map]\nwidth = " + "7" * 5000 + "\n", "big.toml")
    assert data is None
    (problem,) = problems
    assert (problem.line, problem.column) == (2, 9)
    assert problem.message == (
        "TOML syntax error: a number of 5000 digits; expected at most 4300 digits"
    )


def test_locate_keys_follows_headers_assignments_and_skips_strings() -> None:
    """Dotted paths map to where they first stand; multi-line strings are skipped."""
    text = (
        "# comment\n"
        "[weapons.laser]\n"
        'name = "Laser"\n'
        'notes = """\n'
        "sw = 99\n"
        '"""\n'
        "sw = 5\n"
        "[[list.item]]\n"
        "a.b = 1\n"
        '"quoted key" = 2\n'
    )
    where = locate_keys(text)
    assert where.keys["weapons"] == (2, 1) and where.keys["weapons.laser"] == (2, 1)
    assert where.keys["weapons.laser.name"] == (3, 1)
    assert where.keys["weapons.laser.sw"] == (7, 1)
    assert where.strings["weapons.laser.name"] == (3, 9)
    assert where.keys["list"] == (8, 1) and where.keys["list.item[0]"] == (8, 1)
    assert where.keys["list.item[0].a.b"] == (9, 1)
    assert where.keys["list.item[0].quoted key"] == (10, 1)


def test_find_key_walks_up_to_the_nearest_located_parent() -> None:
    """One walk serves every caller: dots and list indexes both lead up."""
    where = {"t": (1, 1), "t.x": (2, 1), "t.x.ranges[1]": (5, 3)}
    assert find_key(where, "t.x.ranges[1]") == (5, 3)
    assert find_key(where, "t.x.ranges[2]") == (2, 1)
    assert find_key(where, "t.y.z") == (1, 1)
    assert find_key(where, "other") is None and find_key({}, "t") is None


def test_sink_locates_list_items_and_enclosing_tables() -> None:
    """A problem in a list item is placed on the item's line, else on its table's."""
    sink = ProblemSink("f.toml", {"t": (1, 1), "t.x": (1, 1), "t.x.ranges[2]": (4, 9)})
    assert sink.line_of("t.x.ranges[2]") == 4
    assert sink.line_of("t.x.missing") == 1 and sink.line_of("other") is None
    sink.warning("t.x", "careful")
    assert sink.problems == [Problem("f.toml", "careful", line=1, key="t.x", warning=True)]


def test_describe_names_type_and_value() -> None:
    """Found values read as their TOML type (or JSON's, for the map importers)."""
    assert describe(True) == "the boolean true"
    assert describe(3) == "the whole number 3"
    assert describe(2.5) == "the number 2.5"
    assert describe("x" * 50).startswith("the text 'xxx") and describe("x" * 50).endswith("...'")
    assert describe([1, "a", True]) == 'the list [1, "a", true]'  # short lists are shown
    assert describe(list(range(30))) == "a list of 30 values"
    assert describe({}) == "a table"
    assert describe(date(2020, 1, 2)) == "the date/time 2020-01-02"
    assert describe({}, json=True) == "an object" and describe(None, json=True) == "null"
    assert describe([[0] * 20]) == "a list of 1 value"
    assert describe(10**5000) == "a whole number of about 5000 digits"


def test_suggestion_offers_a_close_match_only() -> None:
    assert suggestion("lawa", ["lava", "mud"]) == " (did you mean 'lava'?)"
    assert suggestion("xyz", ["lava", "mud"]) == ""


def test_problem_list_keeps_the_first_problems_and_counts_the_rest() -> None:
    """A hostile file cannot flood memory or the terminal with problems."""
    found = ProblemList(limit=3)
    for i in range(10):
        found.append(Problem("f", f"p{i}"))
    assert len(found) == 10
    assert [p.message for p in found.items] == ["p0", "p1", "p2", "7 more problem(s) not shown"]
    with pytest.raises(MissionError) as caught:
        found.raise_if_any()
    assert caught.value.problems == found.items
    ProblemList().raise_if_any()  # nothing recorded: nothing raised
    assert capped([Problem("f", "a"), Problem("f", "b")], limit=1)[-1].message == (
        "1 more problem(s) not shown"
    )


def test_enum_spec_matches_display_member_name_and_alias_in_any_case() -> None:
    """German value, Python name and aliases all match, ignoring case."""
    spec = enum_spec(DamageType, "damage type", aliases={"Laser": DamageType.FIRE})
    assert spec.lookup("stich") is DamageType.PIERCING
    assert spec.lookup("PIERCING") is DamageType.PIERCING
    assert spec.lookup("laser") is DamageType.FIRE
    assert spec.lookup("Plasma") is None
    assert spec.allowed().startswith("Stich, Hieb, Wucht")


def test_table_reader_collects_problems_and_unknown_keys() -> None:
    """Every bad value is one problem; unread keys are reported with the allowed ones."""
    sink = ProblemSink("f.toml")
    reader = TableReader({"n": 1.5, "flag": "yes", "extra": 1}, "t", sink)
    assert reader.integer("n", 7, low=0, high=9) == 7
    assert reader.boolean("flag") is False
    assert reader.string("name", "fallback") == "fallback"
    assert reader.number("size", None, low=0, high=1) is None
    reader.finish()
    assert reader.failed
    assert [p.key for p in sink.problems] == ["t.n", "t.flag", "t.extra"]
    assert sink.problems[2].message == "unknown key 'extra'; allowed keys: n, flag, name, size"
