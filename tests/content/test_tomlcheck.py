"""The TOML checking helpers: syntax problems, key lines, typed reads, enum names."""

from __future__ import annotations

from datetime import date

from game.content.problems import Problem
from game.content.tomlcheck import (
    MAX_TEXT_CHARS,
    ProblemSink,
    TableReader,
    describe,
    enum_spec,
    key_lines,
    parse_toml,
)
from game.rules.terms import DamageType


def test_parse_toml_reports_line_column_and_end_of_document() -> None:
    """Syntax errors carry tomllib's position; an error at the end names the last line."""
    data, problems = parse_toml("a = 1\nb = [1,\n", "f.toml")
    assert data is None and len(problems) == 1
    assert (problems[0].line, problems[0].column) == (3, 1)
    assert problems[0].message.startswith("TOML syntax error: ")
    data, problems = parse_toml("[x]\na = 1\n[x]\n", "f.toml")
    assert (problems[0].line, problems[0].column) == (3, 3)
    assert "the line reads: [x]" in problems[0].message
    data, problems = parse_toml("a = 1\n", "f.toml")
    assert data == {"a": 1} and problems == []


def test_parse_toml_refuses_over_long_text() -> None:
    """Text beyond the limit is not parsed at all."""
    data, problems = parse_toml("#" * (MAX_TEXT_CHARS + 1), "big.toml")
    assert data is None and "at most" in problems[0].message


def test_key_lines_follow_headers_assignments_and_skip_strings() -> None:
    """Dotted paths map to their first line; multi-line strings are skipped."""
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
    lines = key_lines(text)
    assert lines["weapons"] == 2 and lines["weapons.laser"] == 2
    assert lines["weapons.laser.name"] == 3 and lines["weapons.laser.sw"] == 7
    assert lines["list.item.a.b"] == 9 and lines["list.item.quoted key"] == 10


def test_sink_locates_list_items_and_enclosing_tables() -> None:
    """A problem in a list item is placed on the list's line, else on its table's."""
    sink = ProblemSink("f.toml", {"t": 1, "t.x": 1, "t.x.ranges": 4})
    assert sink.line_of("t.x.ranges[2]") == 4
    assert sink.line_of("t.x.missing") == 1 and sink.line_of("other") is None
    sink.warning("t.x", "careful")
    assert sink.problems == [Problem("f.toml", "careful", line=1, key="t.x", warning=True)]


def test_describe_names_type_and_value() -> None:
    """Found values read as their TOML type."""
    assert describe(True) == "the boolean true"
    assert describe(3) == "the whole number 3"
    assert describe(2.5) == "the number 2.5"
    assert describe("x" * 50).startswith("the text 'xxx") and describe("x" * 50).endswith("...'")
    assert describe([1, 2]) == "a list of 2 values"
    assert describe({}) == "a table"
    assert describe(date(2020, 1, 2)) == "the date/time 2020-01-02"


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
