"""Every problem the loaders find in these broken files has a German text (issue 12 point 7, "i12").

A guard for the template tables: a message that is English only would read the same in
``text("de")`` as in ``message``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.problems import MissionError, Problem
from game.missions.check import check_mission

NATIVE = """\
[mission]
title = "Kaputt"
colour = "rot"
players = [5, 2]

[map]
width = 4
height = 3
rows = \"\"\"
....
.Q..
....
\"\"\"

[legend]
"L" = { terrain = "lavaa" }
"M" = { material = "pappe" }
"T" = { terrain = "mud", door = "open" }

[[sides]]
key = "a"
name = "A"
colour = "rot"
controller = "ki"
deployment = [[3, 0, 1, 2]]

[[creatures]]
key = "x"
type = "pirat"
side = "b"
at = [9, 9]
facing = "Q"
conditions = ["Schwebend"]
equipment = ["laserkanon"]
companion_of = "x"

[[map.edges]]
between = [[0, 0], [2, 2]]
kind = "tor"
"""

BROKEN = {
    "native.toml": NATIVE,
    "syntax.toml": '[mission]\ntitle = "x"\nwidth = = 3\n',
    "types.toml": '[mission]\ntitle = 3\nauthor = []\n[map]\nwidth = "a"\nheight = -1\nrows = 5\n',
    "json.dd2vtt": '{"format": 0.3, "resolution": {"map_size": {"x": -2, "y": "a"}}}',
    "bad.dd2vtt": "{ nicht json",
    "iso.tmx": (
        '<?xml version="1.0"?>\n<map version="1.10" orientation="isometric" width="4" '
        'height="3" tilewidth="32" tileheight="32"></map>\n'
    ),
    "tileset.tmj": '{"type": "tileset", "name": "t"}',
    "notes.txt": "x",
}


def _problems(path: Path) -> list[Problem]:
    report = check_mission(path)
    return [*report.errors, *report.warnings]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_i12_each_problem_of_a_broken_file_has_german(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(BROKEN[name], encoding="utf-8")
    problems = _problems(path)
    assert problems
    english_only = [p.message for p in problems if p.text("de") == p.message]
    assert english_only == []


def test_i12_the_native_file_reports_many_kinds_of_problem(tmp_path: Path) -> None:
    path = tmp_path / "native.toml"
    path.write_text(NATIVE, encoding="utf-8")
    keys = {p.key for p in _problems(path)}
    assert {"mission.colour", "mission.players", "legend.L.terrain", "sides[0].colour"} <= keys


def test_i12_a_missing_file_is_said_in_german(tmp_path: Path) -> None:
    with pytest.raises(MissionError) as info:
        from game.missions.loader import load_any

        load_any(tmp_path / "fehlt.toml")
    [problem] = info.value.problems
    assert problem.text("de").startswith("Datei nicht gefunden: ")
