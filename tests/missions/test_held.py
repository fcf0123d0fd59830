"""A creature's ``held = [...]``: what it has in hand when the fight begins (issue 10).

The missions layer reads ``held`` as a list of the ruleset's item keys; ENTARIA says
whether the creature can start with them (E-ACT-HH-INTERAGIEREN: what one has drawn from
its own equipment; rules.hands: one hand per thing held).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from game.match.problems import MissionError, Problem
from game.missions.check import run_check
from game.missions.setup import prepare_match
from game.missions.toml_format import dumps_mission, loads_mission
from tests.missions.test_bundled_maps import README, readme_example

MISSION = """\
[mission]
title = "In der Hand"

[map]
width = 8
height = 3
rows = '''
........
........
........
'''

[[sides]]
key = "a"
name = "Seite A"
controller = "player"

[[sides]]
key = "b"
name = "Seite B"
controller = "gm"

[[creatures]]
key = "likron"
type = "likron"
side = "a"
at = [0, 1]
equipment = ["laserkanone", "plattenpanzerweste"]
HELD_LIKRON

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [6, 1]
HELD_PIRATE
"""


def mission(likron: str = "", pirate: str = "") -> str:
    """Return the test mission with these ``held`` lines (empty: none)."""
    return MISSION.replace("HELD_LIKRON", likron).replace("HELD_PIRATE", pirate)


def problems(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "held.toml")
    return list(caught.value.problems)


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line of ``needle`` in ``text``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_held_is_read_and_defaults_to_nothing_drawn() -> None:
    """E-ACT-HH-INTERAGIEREN: without ``held`` nothing is in hand; with it, exactly those."""
    loaded = loads_mission(mission('held = ["laserkanone"]'))
    likron, pirate = loaded.creatures
    assert likron.held == ("laserkanone",)
    assert pirate.held == ()
    setup = prepare_match(loaded).setup
    assert [c.held for c in setup.creatures] == [("laserkanone",), ()]


def test_held_survives_saving_the_mission() -> None:
    """The TOML writer keeps ``held``: load -> save -> load gives the same mission."""
    loaded = loads_mission(mission('held = ["laserkanone"]', 'held = ["laserpistole"]'))
    assert loads_mission(dumps_mission(loaded)) == loaded
    assert 'held = ["laserpistole"]' in dumps_mission(loaded)


def test_a_held_key_not_in_the_equipment_is_refused_naming_file_line_and_key() -> None:
    """E-ACT-HH-INTERAGIEREN: one draws from one's own equipment; the error says where and
    what was expected (the equipment, or the type's when the file gives none).
    """
    text = mission('held = ["lasergewehr"]', 'held = ["laserpistole", "schrotgewehr"]')
    found = problems(text)
    assert [p.key for p in found] == ["creatures[0].held[0]", "creatures[1].held[1]"]
    likron, pirate = found
    assert likron.path == "held.toml"
    assert likron.line == line_of(text, '["lasergewehr"]')
    assert "'lasergewehr' is not in its equipment ('laserkanone', 'plattenpanzerweste')" in str(
        likron
    )
    assert "expected a key of the creature's equipment" in likron.message
    assert pirate.line == line_of(text, "schrotgewehr")
    assert "not in its type's equipment ('laserpistole', 'panzerjacke')" in pirate.message


def test_an_unknown_key_is_an_unknown_equipment_error() -> None:
    """A typo is named as such, with the nearest key, before anything else is judged."""
    (problem,) = problems(mission('held = ["laserkanon"]'))
    assert problem.key == "creatures[0].held[0]"
    assert "unknown equipment 'laserkanon'" in problem.message
    assert "laserkanone" in problem.message  # the suggestion


def test_bad_held_values_give_a_readable_error() -> None:
    """``held`` is an array of strings: anything else names the key and the type expected."""
    for value in ('"laserkanone"', '["laserkanone", 3]', "true"):
        (problem,) = problems(mission(f"held = {value}"))
        assert problem.key == "creatures[0].held"
        assert problem.line is not None
        assert "expected an array of strings" in problem.message


def test_worn_armour_is_not_held() -> None:
    """E-ACT-LH-PANZERUNG-1: worn armour is put on, not drawn (rules.hands.HELD_ARMOUR)."""
    (problem,) = problems(mission('held = ["plattenpanzerweste"]'))
    assert problem.key == "creatures[0].held[0]"
    assert "Getragene Panzerung" in problem.message and "not a thing held in a hand" in (
        problem.message
    )


def test_a_thing_is_held_only_as_often_as_the_equipment_has_it() -> None:
    """E-ACT-HH-INTERAGIEREN: one laser cannon cannot be in hand twice."""
    (problem,) = problems(mission('held = ["laserkanone", "laserkanone"]'))
    assert problem.key == "creatures[0].held[1]"
    assert "held more often than its equipment lists it (1x)" in problem.message


def test_more_things_than_hands_are_refused() -> None:
    """E-ACT-HH-WAFFENLOS, rules.hands: two hands, one thing each (a rifle is held in one)."""
    text = mission().replace(
        'equipment = ["laserkanone", "plattenpanzerweste"]',
        'equipment = ["laserkanone", "lasergewehr", "maschinenpistole"]\n'
        'held = ["laserkanone", "lasergewehr", "maschinenpistole"]',
    )
    (problem,) = problems(text)
    assert problem.key == "creatures[0].held"
    assert "held lists 3 things, but a Likron has 2 hand(s)" in problem.message
    assert "expected at most 2" in problem.message
    two = text.replace(
        'held = ["laserkanone", "lasergewehr", "maschinenpistole"]',
        'held = ["laserkanone", "lasergewehr"]',
    )
    assert loads_mission(two).creatures[0].held == ("laserkanone", "lasergewehr")


def test_check_reports_what_is_in_hand(tmp_path: Path) -> None:
    """``kampfkarte check`` accepts ``held`` and lists it per creature."""
    path = tmp_path / "held.toml"
    path.write_text(mission('held = ["laserkanone"]'), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 0, out.getvalue()
    report = out.getvalue()
    assert re.search(r"likron: .*\[in hand: laserkanone\]", report)
    assert not re.search(r"pirat: .*in hand", report)


def test_check_names_a_bad_held_entry_and_fails(tmp_path: Path) -> None:
    """A refused ``held`` makes the mission invalid; the report names file, line and key."""
    path = tmp_path / "held.toml"
    text = mission('held = ["lasergewehr"]')
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 1
    line = line_of(text, '["lasergewehr"]')
    assert f"held.toml:{line}:" in out.getvalue()
    assert "[creatures[0].held[0]]" in out.getvalue()


def test_the_readme_shows_what_the_loader_says_of_a_held_key_not_in_the_equipment() -> None:
    """maps/README.md documents ``held`` with the error its complete example would give."""
    text = readme_example().replace(
        'held = ["laserpistole"]', 'held = ["laserpistole", "lasergewehr"]'
    )
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "mission.toml")
    (problem,) = caught.value.problems
    assert problem.key == "creatures[4].held[1]"
    assert str(problem) in README.read_text(encoding="utf-8")
