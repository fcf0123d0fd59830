"""The native TOML mission format: reading, errors, hostile files, writing, grids, paths."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cover, Terrain
from game.board.movement import reachable
from game.board.sight import cover, line_of_sight
from game.match.problems import MAX_PROBLEMS, MissionError, Problem
from game.match.tomlcheck import locate_keys
from game.missions import toml_schema, toml_writer
from game.missions.grid import build_grid
from game.missions.loader import (
    DEMO_MISSION,
    bundled_maps_dir,
    demo_mission_path,
    load_any,
)
from game.missions.model import (
    Background,
    Controller,
    CreaturePlacement,
    Facing,
    LegendEntry,
    LoadedMission,
    Mission,
    Side,
)
from game.missions.paths import (
    IMAGE_HEAD_BYTES,
    MAX_FILE_BYTES,
    ImageFormat,
    check_image,
    decode_utf8,
    image_dimensions,
    read_limited,
    relative_parts,
    resolve_inside,
)
from game.missions.playability import mission_warnings
from game.missions.toml_format import (
    dumps_mission,
    load_mission,
    load_native,
    loads_mission,
    save_mission,
)
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_loader import load_catalogue
from game.rulesets.entaria.rules.terms import Condition

CATALOGUE = load_catalogue()

BASE = """\
[mission]
title = "Test"

[map]
width = 6
height = 4
rows = '''
######
#.,L.#
#..W+#
######
'''

[legend]
"," = { terrain = "mud", zw = 12 }
"L" = { terrain = "lava" }
"W" = { material = "armoured_glass_pane" }

[[sides]]
key = "heroes"
name = "Helden"
controller = "player"
deployment = [[1, 1, 2, 2]]

[[sides]]
key = "pirates"
name = "Piraten"
colour = "#AA0000"
controller = "gm"

[[creatures]]
key = "likron"
type = "likron"
side = "heroes"
at = [1, 1]

[[creatures]]
key = "p1"
type = "dretop_pirat"
side = "pirates"
at = [4, 1]
"""


def problems_of(text: str, label: str = "m.toml") -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, label)
    assert all(isinstance(p, Problem) for p in caught.value.problems)
    return caught.value.problems


def messages(text: str) -> list[str]:
    return [p.message for p in problems_of(text)]


def one(text: str) -> Problem:
    found = problems_of(text)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


# ------------------------------------------------------------------ reading
def test_base_mission_loads_with_defaults() -> None:
    mission = loads_mission(BASE, "base.toml")
    assert (mission.width, mission.height) == (6, 4)
    assert mission.rows[1] == "#.,L.#"
    assert mission.legend[","] == LegendEntry(terrain="mud", target=12)
    heroes, pirates = mission.sides
    assert heroes.controller is Controller.PLAYER and pirates.controller is Controller.GM
    assert heroes.colour == toml_schema.DEFAULT_COLOURS[0]  # palette default
    assert pirates.colour == "#aa0000"  # normalised to lower case
    assert heroes.deployment == ((1, 1), (2, 1), (1, 2), (2, 2))
    likron = mission.creatures[0]
    assert likron.name == "Likron"  # the type's name by default
    assert likron.facing is Facing.S and likron.equipment is None and not likron.hidden


def test_description_string_is_german_and_table_keeps_languages() -> None:
    text = BASE.replace('title = "Test"', 'title = "Test"\ndescription = "Nur Deutsch"')
    assert loads_mission(text).description == {"de": "Nur Deutsch"}
    text = BASE.replace(
        'title = "Test"', 'title = "Test"\ndescription = { de = "Hallo", en = "Hello" }'
    )
    assert loads_mission(text).description == {"de": "Hallo", "en": "Hello"}


def test_rows_as_array_of_strings() -> None:
    text = BASE.replace(
        "rows = '''\n######\n#.,L.#\n#..W+#\n######\n'''",
        'rows = ["######", "#.,L.#", "#..W+#", "######"]',
    )
    assert loads_mission(text).rows == loads_mission(BASE).rows


def test_rows_ignore_outer_blank_lines_and_trailing_spaces() -> None:
    text = BASE.replace("'''\n######\n#.,L.#", "'''\n\n######   \n#.,L.#\t")
    assert loads_mission(text).rows == loads_mission(BASE).rows


def test_every_creature_key_is_read() -> None:
    text = (
        BASE
        + """
[[creatures]]
key = "summon"
type = "beschworene_kreatur"
name = "Geist"
side = "heroes"
at = [2, 2]
facing = "ne"
lp = 7
equipment = []
conditions = ["Liegend", "WOUNDED"]
companion_of = "likron"
companion_before = true
hidden = true
"""
    )
    summon = loads_mission(text).creatures[-1]
    assert summon == CreaturePlacement(
        key="summon",
        type="beschworene_kreatur",
        name="Geist",
        side="heroes",
        cell=(2, 2),
        facing=Facing.NE,
        life_points=7,
        equipment=(),
        conditions=("Liegend", "WOUNDED"),
        companion_of="likron",
        companion_before=True,
        hidden=True,
    )


def test_background_and_notes() -> None:
    text = (
        BASE.replace(
            "[legend]",
            '[map.background]\npath = "img/map.png"\npixels_per_field = 70\noffset = [5, -3]\n\n'
            "[legend]",
        )
        + '\n[notes]\ngm = """\nZiel: alle."""\n'
    )
    mission = loads_mission(text)
    assert mission.background == Background("img/map.png", 70, (5, -3))
    assert mission.gm_notes == "Ziel: alle."


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    assert load_mission(path) == loads_mission(BASE)


# ------------------------------------------------------------------ errors
def test_errors_are_collected_all_at_once() -> None:
    text = (
        BASE.replace('colour = "#AA0000"', 'colur = "#AA0000"')
        .replace('type = "dretop_pirat"', 'type = "dretop_pirate"')
        .replace("#..W+#", "#..WQ#")
        .replace('side = "pirates"', 'side = "piratez"')
    )
    found = problems_of(text, "bad.toml")
    assert len(found) == 4
    rendered = [str(p) for p in found]
    assert rendered[0] == (
        "bad.toml:10:5 [map.rows]: error: unknown map character 'Q' at x=4, y=2; expected a "
        "default character '.#:~=%+/' or one of [legend] ',LW'"
    )
    assert rendered[1] == (
        "bad.toml:28:1 [sides[1].colur]: error: unknown key 'colur' in [[sides]] #2 (did you "
        "mean 'colour'?); expected one of 'key', 'name', 'colour', 'controller', 'deployment'"
    )
    assert rendered[2].startswith(
        "bad.toml:39:1 [creatures[1].type]: error: unknown creature type 'dretop_pirate' "
        "(did you mean 'dretop_pirat'?); expected a creature key of the catalogue: "
    )
    assert rendered[3] == (
        "bad.toml:40:1 [creatures[1].side]: error: side 'piratez' is not declared; expected "
        "a key of [[sides]] ('heroes', 'pirates')"
    )


def test_map_character_position_counts_lines_in_the_file() -> None:
    """The line of a row is where it stands in the file, the column where the field is."""
    text = BASE.replace("#.,L.#\n#..W+#", "#.,L.#\n#..W+?")
    problem = one(text)
    assert (problem.line, problem.column) == (10, 6)
    assert problem.message.startswith("unknown map character '?' at x=5, y=2;")


def test_map_character_position_in_array_rows() -> None:
    text = BASE.replace(
        "rows = '''\n######\n#.,L.#\n#..W+#\n######\n'''",
        'rows = [\n  "######",\n  "#.,L.#",\n  "#..W?#",\n  "######",\n]',
    )
    problem = one(text)
    assert (problem.line, problem.column) == (10, 8)


def test_repeated_unknown_character_is_reported_once_with_count() -> None:
    problem = one(BASE.replace("#.,L.#", "#?,L?#"))
    assert problem.message.startswith("unknown map character '?' at x=1, y=1; 2 times in all;")


def test_indented_rows_get_a_hint() -> None:
    problem = one(BASE.replace("'''\n######\n#.,L.#", "'''\n######\n #,L.#"))
    assert "(rows must not be indented)" in problem.message


def test_ragged_rows() -> None:
    problem = one(BASE.replace("#..W+#", "#..W+"))
    assert problem.message == (
        "row 3 (y=2) has 5 fields; expected 6 like row 1 (all rows must have the same length)"
    )
    assert (problem.line, problem.column) == (10, 1)


def test_width_and_height_must_match_rows() -> None:
    found = messages(BASE.replace("width = 6", "width = 7").replace("height = 4", "height = 3"))
    assert found == [
        "map.height is 3 but map.rows has 4 rows; expected them to agree",
        "map.width is 7 but the rows are 6 fields wide; expected them to agree",
    ]


def test_unknown_keys_everywhere_name_the_allowed_keys() -> None:
    text = (
        BASE.replace('title = "Test"', 'title = "Test"\ntitel = "x"')
        .replace("width = 6", "width = 6\nwidht = 6")
        .replace('key = "likron"', 'key = "likron"\nfacng = "N"')
        .replace('"L" = { terrain = "lava" }', '"L" = { terrain = "lava", hazzard = true }')
        + "\n[extra]\n"
    )
    found = problems_of(text)
    keys = sorted(p.key or "" for p in found)
    assert keys == [
        "creatures[0].facng",
        "extra",
        "legend.L.hazzard",
        "map.widht",
        "mission.titel",
    ]
    by_key = {p.key: p.message for p in found}
    assert by_key["extra"] == (
        "unknown key 'extra' in the mission file; expected one of 'mission', 'map', 'legend', "
        "'sides', 'creatures', 'notes', 'environment', 'zones'"
    )
    assert "(did you mean 'facing'?)" in by_key["creatures[0].facng"]
    assert "(did you mean 'title'?)" in by_key["mission.titel"]


def test_missing_required_keys() -> None:
    text = BASE.replace('title = "Test"\n', "").replace("width = 6\n", "")
    assert messages(text) == [
        "missing key 'title' in [mission]; expected title = ...",
        "missing key 'width' in [map]; expected width = ...",
    ]
    assert messages('[mission]\ntitle = "x"\n') == [
        "missing key 'map' in the mission file; expected map = ...",
    ]


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        (
            "width = 6",
            'width = "6"',
            "map.width",
            "map.width: found the text '6'; expected an integer",
        ),
        (
            "width = 6",
            "width = 6.0",
            "map.width",
            "map.width: found the number 6.0; expected an integer",
        ),
        (
            "width = 6",
            "width = true",
            "map.width",
            "map.width: found the boolean true; expected an integer",
        ),
        (
            'title = "Test"',
            "title = 5",
            "mission.title",
            "mission.title: found the whole number 5; expected a string",
        ),
        (
            'title = "Test"',
            'title = "  "',
            "mission.title",
            "mission.title is empty; expected some text",
        ),
        (
            'title = "Test"',
            "title = 1979-05-27",
            "mission.title",
            "mission.title: found the date/time 1979-05-27; expected a string",
        ),
        (
            'controller = "gm"',
            'controller = "ai"',
            "sides[1].controller",
            "sides[1].controller: found the text 'ai'; expected 'player' or 'gm'",
        ),
        (
            'colour = "#AA0000"',
            'colour = "red"',
            "sides[1].colour",
            'sides[1].colour: found \'red\'; expected "#rrggbb", like "#c83232"',
        ),
        (
            "at = [1, 1]",
            "at = [1]",
            "creatures[0].at",
            "creatures[0].at: found the list [1]; expected a field [x, y], like [3, 5]",
        ),
        (
            "at = [1, 1]",
            'at = ["1", 1]',
            "creatures[0].at",
            'creatures[0].at: found the list ["1", 1]; expected a field [x, y], like [3, 5]',
        ),
        (
            'key = "likron"',
            'key = "lik ron"',
            "creatures[0].key",
            (
                "creatures[0].key: found 'lik ron'; expected a key of letters, digits, '_' and '-' "
                "(no spaces), like 'pirate_1'"
            ),
        ),
        (
            'key = "likron"',
            'key = "likron"\nhidden = "yes"',
            "creatures[0].hidden",
            "creatures[0].hidden: found the text 'yes'; expected true or false",
        ),
        (
            'key = "likron"',
            'key = "likron"\nlp = 100000',
            "creatures[0].lp",
            "creatures[0].lp is 100000; expected an integer from -99 to 9999",
        ),
        (
            'key = "likron"',
            'key = "likron"\nfacing = "UP"',
            "creatures[0].facing",
            (
                "creatures[0].facing: found the text 'UP'; expected one of 'N', 'NE', 'E', 'SE', "
                "'S', 'SW', 'W', 'NW'"
            ),
        ),
        (
            'key = "likron"',
            'key = "likron"\nequipment = "laserkanone"',
            "creatures[0].equipment",
            "creatures[0].equipment: found the text 'laserkanone'; expected an array of strings",
        ),
        (
            "deployment = [[1, 1, 2, 2]]",
            "deployment = [[2, 1, 1, 2]]",
            "sides[0].deployment[0]",
            (
                "sides[0].deployment[0] is [2, 1, 1, 2]; expected a rectangle "
                "[x0, y0, x1, y1] with x0 <= x1 and y0 <= y1"
            ),
        ),
        (
            "deployment = [[1, 1, 2, 2]]",
            "deployment = [[1, 1, 2]]",
            "sides[0].deployment[0]",
            (
                "sides[0].deployment[0]: found the list [1, 1, 2]; expected a rectangle "
                "[x0, y0, x1, y1] or a field [x, y]"
            ),
        ),
        (
            "deployment = [[1, 1, 2, 2]]",
            "deployment = [[1, 1, 6, 2]]",
            "sides[0].deployment[0]",
            (
                "sides[0].deployment[0] reaches outside the 6x4 map; expected "
                "0 <= x <= 5 and 0 <= y <= 3"
            ),
        ),
        (
            "deployment = [[1, 1, 2, 2]]",
            "deployment = 5",
            "sides[0].deployment",
            (
                "sides[0].deployment: found the whole number 5; expected an array of rectangles "
                "[x0, y0, x1, y1] and fields [x, y]"
            ),
        ),
        (
            'title = "Test"',
            'title = "Test"\nplayers = [3, 2]',
            "mission.players",
            "mission.players is [3, 2]; expected [min, max] with 1 <= min <= max <= 99",
        ),
        (
            'title = "Test"',
            'title = "Test"\nplayers = 2',
            "mission.players",
            "mission.players: found the whole number 2; expected [min, max] players, like [2, 4]",
        ),
        (
            'title = "Test"',
            'title = "Test"\ndescription = { deutsch = "x" }',
            "mission.description.deutsch",
            (
                "mission.description.deutsch: found language 'deutsch'; expected a two-letter "
                "language code such as 'de' or 'en'"
            ),
        ),
        (
            'title = "Test"',
            'title = "Test"\ndescription = 3',
            "mission.description",
            (
                "mission.description: found the whole number 3; expected a string or a table of "
                'languages (de = "...", en = "...")'
            ),
        ),
        ("rows = '''", "rows = 5\nx = '''", "map.rows", None),
    ],
)
def test_wrong_types_and_values(old: str, new: str, key: str, message: str | None) -> None:
    assert old in BASE
    found = problems_of(BASE.replace(old, new, 1))
    mine = [p for p in found if p.key == key]
    assert mine, [str(p) for p in found]
    if message is not None:
        assert mine[0].message == message
    assert mine[0].line is not None


def test_sections_of_the_wrong_kind() -> None:
    text = 'legend = 3\nsides = 5\ncreatures = [1]\n[mission]\ntitle = "x"\n[notlegend]\n'
    text += "[map]\nwidth = 1\nheight = 1\nrows = '.'\n"
    found = {p.key: p.message for p in problems_of(text)}
    assert found["creatures[0]"] == "[[creatures]] #1: found the whole number 1; expected a table"
    assert found["legend"] == "[legend]: found the whole number 3; expected a table"
    assert found["sides"] == "sides: found the whole number 5; expected [[sides]] tables"
    assert found["notlegend"].startswith("unknown key 'notlegend' in the mission file")


ROWS = "rows = '''\n######\n#.,L.#\n#..W+#\n######\n'''"
BACKGROUND = '[map.background]\npath = "a.png"\npixels_per_field = {}\noffset = [0, {}]\n'
MORE_ERRORS = [
    (
        BASE.replace('"L" = { terrain = "lava" }', '"L" = "lava"'),
        "legend.L",
        "legend entry 'L': found the text 'lava'; expected a table",
    ),
    (
        BASE.replace('title = "Test"', 'title = "' + "x" * 201 + '"'),
        "mission.title",
        "mission.title has 201 characters; expected at most 200",
    ),
    (
        BASE.replace(ROWS, "rows = '''\n\n'''"),
        "map.rows",
        "map.rows has no rows; expected at least one row",
    ),
    (
        BASE.replace(ROWS, 'rows = ["######", 5]'),
        "map.rows",
        'map.rows: found the list ["######", 5]; expected a multi-line string of map '
        "characters (rows = '''...''') or an array of strings",
    ),
    (
        BASE.replace("[legend]", BACKGROUND.format(0, 0) + "[legend]"),
        "map.background.pixels_per_field",
        "map.background.pixels_per_field is 0; expected an integer from 1 to 1000",
    ),
    (
        BASE.replace("[legend]", BACKGROUND.format(10, 100001) + "[legend]"),
        "map.background.offset",
        "map.background.offset is [0, 100001]; expected pixels from -100000 to 100000",
    ),
    (
        BASE.replace("[legend]", "[map.background]\n[legend]"),
        "map.background",
        "missing key 'pixels_per_field' in [map.background]; expected pixels_per_field = ...",
    ),
    (
        BASE + "\n[notes]\ngm = 5\n",
        "notes.gm",
        "notes.gm: found the whole number 5; expected a string",
    ),
    (
        BASE + "\n[notes]\nplayers = 5\n",
        "notes.players",
        "unknown key 'players' in [notes]; expected one of 'gm'",
    ),
    (
        BASE.replace('key = "likron"', 'key = "likron"\nequipment = ' + str(["medkit"] * 101)),
        "creatures[0].equipment",
        "creatures[0].equipment has 101 entries; expected at most 100",
    ),
    (
        BASE.replace("deployment = [[1, 1, 2, 2]]", "deployment = " + str([[1, 1]] * 1001)),
        "sides[0].deployment",
        "sides[0].deployment has 1001 entries; expected at most 1000",
    ),
    (
        BASE + '\n[[sides]]\nkey = "s"\nname = "s"\ncontroller = "gm"\n' * 15,
        "sides",
        "sides has 17 entries; expected at most 16",
    ),
    (
        BASE + "".join(f'\n[[creatures]]\nkey = "c{i}"\n' for i in range(1000)),
        "creatures",
        "creatures has 1002 entries; expected at most 1000",
    ),
]


@pytest.mark.parametrize(("text", "key", "message"), MORE_ERRORS, ids=[c[1] for c in MORE_ERRORS])
def test_more_error_paths(text: str, key: str, message: str) -> None:
    found = {p.key: p.message for p in problems_of(text)}
    assert found.get(key) == message, found


def test_side_must_be_declared_and_keys_unique() -> None:
    text = BASE.replace('key = "p1"', 'key = "likron"').replace('key = "pirates"', 'key = "heroes"')
    found = messages(text)
    assert "side key 'heroes' is used twice; expected unique keys" in found
    assert "creature key 'likron' is used twice; expected unique keys" in found


def test_creature_outside_the_map() -> None:
    problem = one(BASE.replace("at = [4, 1]", "at = [6, 1]"))
    assert problem.key == "creatures[1].at"
    assert problem.message == (
        "creatures[1].at is [6, 1], outside the 6x4 map; expected 0 <= x <= 5 and 0 <= y <= 3"
    )


def test_creature_references() -> None:
    text = BASE.replace(
        'key = "p1"',
        'key = "p1"\ncompanion_of = "nobody"\nequipment = ["laserkanon"]\n'
        'conditions = ["Liegend", "liegend", "Schlafend"]',
    ).replace('key = "likron"', 'key = "likron"\ncompanion_before = true')
    found = {p.key: p.message for p in problems_of(text)}
    assert found["creatures[1].companion_of"] == (
        "companion_of names 'nobody', which is not a creature of this mission; expected the "
        "key of another [[creatures]] entry"
    )
    assert found["creatures[1].equipment[0]"] == (
        "unknown equipment 'laserkanon' (did you mean 'laserkanone'?); expected a weapon, "
        "armour or item key of the catalogue"
    )
    assert found["creatures[1].conditions[1]"] == "condition 'liegend' is listed twice"
    assert found["creatures[1].conditions[2]"].startswith("unknown condition 'Schlafend'")
    assert found["creatures[0].companion_before"] == (
        'companion_before needs companion_of; expected companion_of = "<controller key>" too'
    )


def test_own_companion_is_an_error() -> None:
    problem = one(BASE.replace('key = "p1"', 'key = "p1"\ncompanion_of = "p1"'))
    assert problem.message == (
        "creature 'p1' cannot be its own companion; expected the key of another creature"
    )


def test_legend_errors() -> None:
    text = BASE.replace(
        '"L" = { terrain = "lava" }',
        '"L" = { terrain = "lawa" }\n"#" = { terrain = "mud" }\n"ab" = { terrain = "mud" }\n'
        '"E" = { }\n"F" = { terrain = "mud", door = "open" }\n'
        '"G" = { material = "wood" }\n"H" = { door = "ajar" }\n'
        '"I" = { material = "stone_wall", zw = 10 }\n"J" = { material = "weapon_wg3" }',
    )
    found = {p.key: p.message for p in problems_of(text)}
    assert found["legend.L.terrain"].startswith(
        "unknown terrain kind 'lawa' (did you mean 'lava'?); expected one of 'floor', "
    )
    assert found["legend.#"] == (
        "legend key '#' is a default legend character (wall) and cannot be redefined; "
        "expected a character other than '.#:~=%+/'"
    )
    assert found["legend.ab"] == (
        "legend key 'ab': expected exactly one visible character (no spaces), like \"M\""
    )
    assert found["legend.E"] == (
        'legend entry \'E\' says nothing; expected terrain = "...", material = "..." or '
        'door = "closed"/"open"'
    )
    # terrain and material is furniture (tests/missions/test_furniture_legend.py)
    assert found["legend.F"] == (
        "legend entry 'F' has terrain and door; expected either terrain = \"...\" "
        '(with material = "..." for furniture) or door = "..."'
    )
    assert found["legend.G.material"].startswith("unknown wall material 'wood'; expected one of")
    assert found["legend.H.door"] == "legend.H.door: found 'ajar'; expected 'closed' or 'open'"
    assert found["legend.I.zw"] == (
        'legend.I.zw applies to terrain entries only; expected it beside terrain = "..."'
    )
    assert "'weapon_wg3'" in found["legend.J.material"]
    # A character whose legend entry is wrong is not reported again for every field.
    assert "map.rows" not in found


def test_sizes_are_limited() -> None:
    found = messages(BASE.replace("width = 6", "width = 501").replace("height = 4", "height = 0"))
    assert "map.width is 501; expected an integer from 1 to 500" in found
    assert "map.height is 0; expected an integer from 1 to 500" in found


def test_map_of_501_rows_or_columns_is_refused() -> None:
    wide = "." * 501
    text = BASE.replace("'''\n######\n#.,L.#\n#..W+#\n######\n'''", f"'''\n{wide}\n'''")
    assert "the rows are 501 fields wide; expected at most 500" in messages(text)
    tall = "\n".join(["."] * 501)
    text = BASE.replace("'''\n######\n#.,L.#\n#..W+#\n######\n'''", f"'''\n{tall}\n'''")
    assert "map.rows has 501 rows; expected at most 500" in messages(text)


def test_full_size_map_of_500_by_500_loads() -> None:
    rows = "\n".join(["." * 500] * 500)
    text = (
        BASE.replace("width = 6", "width = 500")
        .replace("height = 4", "height = 500")
        .replace("'''\n######\n#.,L.#\n#..W+#\n######\n'''", f"'''\n{rows}\n'''")
    )
    mission = loads_mission(text)
    grid = build_grid(mission, CATALOGUE)
    assert grid.shape == (500, 500)


def test_toml_syntax_error_has_line_and_column() -> None:
    problem = one(BASE.replace('title = "Test"', "title = Test"))
    assert (problem.line, problem.column) == (2, 9)
    assert problem.message == "TOML syntax error: Invalid value (the line reads: title = Test)"


def test_truncated_toml() -> None:
    problem = one(BASE[: BASE.index("#..W+#")])
    assert problem.message == "TOML syntax error: Expected \"'''\" at the end of the file"
    assert (problem.line, problem.column) == (10, 1)


def test_deep_nesting_is_refused_cleanly() -> None:
    text = "x = " + "[" * 100_000 + "]" * 100_000
    problem = one(text)
    assert "nested too deeply" in problem.message or "TOML syntax error" in problem.message


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(BASE.replace("Helden", "Hélden").encode("latin-1"))
    with pytest.raises(MissionError) as caught:
        load_mission(path)
    (problem,) = caught.value.problems
    assert problem.message == (
        "byte 0xe9 is not valid UTF-8; expected a UTF-8 TOML file (save it with the encoding UTF-8)"
    )
    assert (problem.line, problem.column) == (21, 10)


def test_huge_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no 5 MB written
    opened: list[object] = []
    real_open = Path.open

    def spy(self: Path, *args: object, **kwargs: object) -> object:
        opened.append(self)
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", spy)
    with pytest.raises(MissionError) as caught:
        load_mission(path)
    assert opened == []
    assert caught.value.problems[0].message == (
        f"file is {MAX_FILE_BYTES + 1} bytes; expected at most {MAX_FILE_BYTES} bytes (5 MB)"
    )


def test_huge_text_is_refused() -> None:
    problem = one("#" * (MAX_FILE_BYTES + 1))
    assert problem.message == (
        f"the file has {MAX_FILE_BYTES + 1} characters; at most {MAX_FILE_BYTES} are read"
    )


def test_over_long_integer_is_a_located_problem() -> None:
    """Python reads at most 4300 digits; a longer number is a problem, not a crash."""
    problem = one(BASE.replace("width = 6", "width = " + "6" * 5000))
    assert problem.message == (
        "TOML syntax error: a number of 5000 digits; expected at most 4300 digits"
    )
    assert (problem.line, problem.column) == (5, 9)


def test_missing_file() -> None:
    with pytest.raises(MissionError) as caught:
        load_mission("/nonexistent/dir/m.toml")
    assert caught.value.problems[0].message.startswith("file not found:")


def test_too_many_problems_are_capped() -> None:
    many = "".join(
        f'[[creatures]]\nkey = "c{i}"\ntype = "nope"\nside = "heroes"\nat = [1, 1]\n'
        for i in range(250)
    )
    found = messages(BASE + many)
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1] == "50 more problem(s) not shown"


def test_too_many_legend_entries() -> None:
    lines = "\n".join(f'"{chr(0x4E00 + i)}" = {{ terrain = "mud" }}' for i in range(250))
    found = messages(BASE.replace("[legend]", "[legend]\n" + lines))
    assert found == ["[legend] has 253 entries; expected at most 200"]


# ---------------------------------------------------------- background files
def png_header(width: int, height: int) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", width, height)
    )


def jpeg_header(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00" + b"\x00" * 9
    sof = b"\xff\xc0" + struct.pack(">HBHH", 17, 8, height, width) + b"\x00" * 10
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def with_background(path: str) -> str:
    return BASE.replace(
        "[legend]", f'[map.background]\npath = "{path}"\npixels_per_field = 50\n\n[legend]'
    )


def test_background_image_checked_on_disk(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "ok.png").write_bytes(png_header(800, 600))
    (tmp_path / "big.jpg").write_bytes(jpeg_header(8193, 100))
    (tmp_path / "fake.png").write_bytes(b"GIF89a....")
    mission_file = tmp_path / "m.toml"
    mission_file.write_text(with_background("img/ok.png"), encoding="utf-8")
    assert load_mission(mission_file).background == Background("img/ok.png", 50)
    for path, expected in [
        ("big.jpg", "image is 8193x100 pixels; expected at most 8192x8192"),
        ("fake.png", "image is neither PNG nor JPEG (or its header is damaged)"),
        ("missing.png", "not found in the mission's folder"),
    ]:
        mission_file.write_text(with_background(path), encoding="utf-8")
        with pytest.raises(MissionError) as caught:
            load_mission(mission_file)
        (problem,) = caught.value.problems
        assert problem.key == "map.background.path"
        assert expected in problem.message, problem.message


def test_jpeg_size_behind_large_metadata_is_found(tmp_path: Path) -> None:
    exif = b"".join(b"\xff\xe1" + struct.pack(">H", 65535) + b"\x00" * 65533 for _ in range(6))
    data = b"\xff\xd8" + exif + jpeg_header(9000, 10)[2:]
    (tmp_path / "big.jpg").write_bytes(data)
    assert len(data) > IMAGE_HEAD_BYTES
    (tmp_path / "m.toml").write_text(with_background("big.jpg"), encoding="utf-8")
    with pytest.raises(MissionError) as caught:
        load_mission(tmp_path / "m.toml")
    assert "image is 9000x10 pixels" in caught.value.problems[0].message


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("../secret.png", "contains '..'; expected a path inside the mission's folder"),
        ("img/../../secret.png", "contains '..'"),
        ("/etc/passwd", "is absolute; expected a path relative to the mission's folder"),
        ("C:\\\\maps\\\\x.png", "is absolute"),
        ("..\\\\x.png", "contains '..'"),
        ("", "map.background.path is empty; expected some text"),
    ],
)
def test_background_path_escapes_are_refused(path: str, expected: str) -> None:
    problem = one(with_background(path))
    assert problem.key == "map.background.path"
    assert expected in problem.message


def test_background_symlink_out_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(png_header(10, 10))
    folder = tmp_path / "mission"
    folder.mkdir()
    (folder / "link.png").symlink_to(outside / "secret.png")
    (folder / "m.toml").write_text(with_background("link.png"), encoding="utf-8")
    with pytest.raises(MissionError) as caught:
        load_mission(folder / "m.toml")
    assert "leads outside the mission's folder" in caught.value.problems[0].message


# ------------------------------------------------------------------- paths
def test_resolve_inside_accepts_inner_paths_and_inner_links(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.png").write_bytes(b"x")
    (tmp_path / "link.png").symlink_to(tmp_path / "a" / "b.png")
    assert resolve_inside(tmp_path, "a/b.png", path_label="m") == (tmp_path / "a/b.png").resolve()
    assert resolve_inside(tmp_path, "./a\\b.png", path_label="m").name == "b.png"
    assert resolve_inside(tmp_path, "link.png", path_label="m").name == "b.png"


def test_resolve_inside_refuses_directory_links_out(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "dir").symlink_to(tmp_path / "out", target_is_directory=True)
    with pytest.raises(MissionError) as caught:
        resolve_inside(tmp_path / "in", "dir/x.png", path_label="m.toml")
    assert caught.value.problems[0].path == "m.toml"


@pytest.mark.parametrize("bad", [5, None, "a\x00b", "/", ".", "   "])
def test_relative_parts_refuses_odd_values(bad: object) -> None:
    with pytest.raises(MissionError):
        relative_parts(bad, path_label="m")


def test_read_limited(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"12345")
    assert read_limited(path, 5) == b"12345"
    with pytest.raises(MissionError) as caught:
        read_limited(path, 4, path_label="F")
    assert caught.value.problems[0].message == "file is 5 bytes; expected at most 4 bytes (4 bytes)"
    with pytest.raises(MissionError) as caught:
        read_limited(tmp_path, 4)
    assert "is not a regular file" in caught.value.problems[0].message


def test_read_limited_head(tmp_path: Path) -> None:
    """A header read returns the first bytes; the whole file still counts against the limit."""
    path = tmp_path / "f.bin"
    path.write_bytes(b"0123456789")
    assert read_limited(path, 10, head=4) == b"0123"
    assert read_limited(path, 10, head=40) == b"0123456789"
    with pytest.raises(MissionError, match="expected at most 9 bytes"):
        read_limited(path, 9, head=4)
    with pytest.raises(MissionError, match="file not found"):
        read_limited(tmp_path / "none", 9, head=4)
    with pytest.raises(MissionError, match="is not a regular file"):
        read_limited(tmp_path, 9, head=4)


def test_image_dimensions_from_headers() -> None:
    assert image_dimensions(png_header(8192, 17)) == (8192, 17)
    assert image_dimensions(jpeg_header(640, 480)) == (640, 480)
    assert image_dimensions(b"\xff\xd8\xff\xe0\x00") is None  # truncated JPEG
    assert image_dimensions(b"\x89PNG\r\n\x1a\n") is None  # truncated PNG
    assert image_dimensions(b"") is None
    assert check_image(png_header(8192, 8192), path_label="i") == (8192, 8192)
    with pytest.raises(MissionError):
        check_image(png_header(0, 10), path_label="i")
    with pytest.raises(MissionError, match="image is a JPEG; expected a PNG"):
        check_image(jpeg_header(640, 480), path_label="i", formats=(ImageFormat.PNG,))
    with pytest.raises(MissionError, match="image is not a PNG"):
        check_image(b"GIF89a", path_label="i", formats=(ImageFormat.PNG,))


# ------------------------------------------------------------------ writing
def test_dumps_is_canonical_and_round_trips() -> None:
    mission = loads_mission(BASE)
    text = dumps_mission(mission)
    assert loads_mission(text) == mission
    assert dumps_mission(loads_mission(text)) == text
    assert "rows = '''\n######\n#.,L.#\n#..W+#\n######\n'''" in text
    assert '"," = { terrain = "mud", zw = 12 }' in text
    assert "deployment = [\n  [1, 1, 2, 2],\n]" in text


def test_dumps_escapes_awkward_text() -> None:
    mission = loads_mission(BASE)
    awkward = 'quote " backslash \\ tab \t bell \x07 """ triple\nnew line\r\nend "'
    changed = Mission(
        **{
            **mission.__dict__,
            "title": 'Ti"tel \\ \x01',
            "gm_notes": awkward,
            "description": {"de": awkward, "en": "\nstarts with a new line"},
        }
    )
    assert loads_mission(dumps_mission(changed)) == changed


def test_rows_with_quote_characters_fall_back_to_an_array() -> None:
    mission = loads_mission(BASE)
    rows = ("''''''", "#.,L.#", "#..W+#", "######")
    legend = {**mission.legend, "'": LegendEntry(terrain="rubble")}
    changed = Mission(**{**mission.__dict__, "rows": rows, "legend": legend})
    text = dumps_mission(changed)
    assert "rows = [" in text
    assert loads_mission(text) == changed


def test_rectangles_cover_exactly_the_cells() -> None:
    cells = {(1, 1), (2, 1), (1, 2), (2, 2), (5, 0), (3, 3), (4, 3)}
    zones = toml_writer._rectangles(cells)
    covered: set[tuple[int, int]] = set()
    for zone in zones:
        x0, y0, x1, y1 = zone if len(zone) == 4 else zone * 2
        covered |= {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    assert covered == cells
    assert (1, 1, 2, 2) in zones and (5, 0) in zones


def test_save_mission_writes_and_replaces(tmp_path: Path) -> None:
    mission = loads_mission(BASE)
    path = tmp_path / "m.toml"
    path.write_text("old", encoding="utf-8")
    save_mission(mission, path)
    assert load_mission(path) == mission
    assert [p.name for p in tmp_path.iterdir()] == ["m.toml"]


def test_save_mission_keeps_permissions(tmp_path: Path) -> None:
    mission = loads_mission(BASE)
    old = tmp_path / "old.toml"
    old.write_text("x", encoding="utf-8")
    old.chmod(0o640)
    save_mission(mission, old)
    assert old.stat().st_mode & 0o777 == 0o640
    new = tmp_path / "new.toml"
    save_mission(mission, new)
    umask = os.umask(0)
    os.umask(umask)
    assert new.stat().st_mode & 0o777 == 0o666 & ~umask


def test_interrupted_save_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mission = loads_mission(BASE)
    path = tmp_path / "m.toml"
    path.write_text("the old mission", encoding="utf-8")

    def crash(src: object, dst: object) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk pulled out"):
        save_mission(mission, path)
    assert path.read_text(encoding="utf-8") == "the old mission"
    assert [p.name for p in tmp_path.iterdir()] == ["m.toml"]  # no temp file left


# -------------------------------------------------------------- hypothesis
KEYS = st.from_regex(r"\A[a-z][a-z0-9_]{0,7}\Z")
TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=25
).filter(lambda s: s.strip())
LEGEND_CHOICES = {
    "M": LegendEntry(terrain="mud"),
    "L": LegendEntry(terrain="lava", difficult=False, target=9),
    "W": LegendEntry(material="glass_pane"),
    "D": LegendEntry(door="open", material="thin_steel_wall"),
    "d": LegendEntry(door="closed"),
    "'": LegendEntry(terrain="ice"),
    '"': LegendEntry(terrain="crowd"),
    "\\": LegendEntry(terrain="narrow", difficult=True),
}
CREATURE_TYPES = sorted(CATALOGUE.creatures)
EQUIPMENT = sorted(CATALOGUE.weapons) + sorted(CATALOGUE.items)


@st.composite
def missions(draw: st.DrawFn) -> Mission:
    width = draw(st.integers(1, 10))
    height = draw(st.integers(1, 8))
    legend_chars = draw(st.lists(st.sampled_from(sorted(LEGEND_CHOICES)), unique=True))
    alphabet = ".#:~=%+/" + "".join(legend_chars)
    rows = tuple(
        draw(st.text(alphabet=alphabet, min_size=width, max_size=width)) for _ in range(height)
    )
    side_keys = draw(st.lists(KEYS, unique=True, max_size=3))
    sides = []
    for key in side_keys:
        cells = draw(
            st.sets(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), max_size=6)
        )
        sides.append(
            Side(
                key=key,
                name=draw(TEXT),
                colour=draw(st.from_regex(r"\A#[0-9a-f]{6}\Z")),
                controller=draw(st.sampled_from(list(Controller))),
                deployment=tuple(sorted(cells, key=lambda c: (c[1], c[0]))),
            )
        )
    creatures: list[CreaturePlacement] = []
    if side_keys:
        creature_keys = draw(st.lists(KEYS, unique=True, max_size=4))
        for key in creature_keys:
            others = [k for k in creature_keys if k != key]
            companion = draw(st.none() | st.sampled_from(others)) if others else None
            creatures.append(
                CreaturePlacement(
                    key=key,
                    type=draw(st.sampled_from(CREATURE_TYPES)),
                    name=draw(TEXT),
                    side=draw(st.sampled_from(side_keys)),
                    cell=(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))),
                    facing=draw(st.sampled_from(list(Facing))),
                    life_points=draw(st.none() | st.integers(-99, 9999)),
                    equipment=draw(
                        st.none() | st.lists(st.sampled_from(EQUIPMENT), max_size=3).map(tuple)
                    ),
                    conditions=tuple(
                        c.value
                        for c in draw(
                            st.lists(st.sampled_from(list(Condition)), unique=True, max_size=3)
                        )
                    ),
                    companion_of=companion,
                    companion_before=draw(st.booleans()) if companion else False,
                    hidden=draw(st.booleans()),
                )
            )
    background = draw(
        st.none()
        | st.builds(
            Background,
            path=st.sampled_from(["bg.png", "img/map one.jpg", "ä/ü.png"]),
            pixels_per_field=st.integers(1, 1000),
            offset=st.tuples(st.integers(-500, 500), st.integers(-500, 500)),
        )
    )
    players = draw(st.none() | st.tuples(st.integers(1, 5), st.integers(5, 9)))
    return Mission(
        title=draw(TEXT),
        width=width,
        height=height,
        rows=rows,
        legend={c: LEGEND_CHOICES[c] for c in legend_chars},
        description=draw(st.dictionaries(st.sampled_from(["de", "en", "fr"]), TEXT, max_size=2)),
        author=draw(st.just("") | TEXT),
        players=players,
        background=background,
        sides=tuple(sides),
        creatures=tuple(creatures),
        gm_notes=draw(st.just("") | TEXT | st.text(max_size=60).filter(lambda s: s.strip())),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(missions())
def test_round_trip_of_generated_missions(mission: Mission) -> None:
    text = dumps_mission(mission)
    again = loads_mission(text, "generated.toml")
    assert again == mission
    assert dumps_mission(again) == text


def valid_text() -> str:
    return BASE + '\n[notes]\ngm = """\nZiel."""\n'


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 5), st.text(max_size=4)),
        min_size=1,
        max_size=6,
    )
)
def test_fuzz_text_mutations_raise_only_mission_error(
    edits: list[tuple[int, int, str]],
) -> None:
    text = valid_text()
    for position, cut, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    try:
        mission = loads_mission(text, "fuzz.toml")
    except MissionError as exc:
        assert exc.problems and all(isinstance(p, Problem) for p in exc.problems)
        return
    build_grid(mission, CATALOGUE)
    mission_warnings(mission, CATALOGUE)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=64), st.integers(0, 2_000))
def test_fuzz_byte_mutations_raise_only_mission_error(noise: bytes, position: int) -> None:
    data = valid_text().encode()
    at = position % (len(data) + 1)
    data = data[:at] + noise + data[at + len(noise) // 2 :]
    label = "fuzz.toml"
    try:
        text = decode_utf8(data, path_label=label, what="TOML")
        loads_mission(text, label)
    except MissionError as exc:
        assert exc.problems


# -------------------------------------------------------------------- grids
def test_build_grid_layers_from_legend_and_catalogue() -> None:
    """E-TERRAIN-MUD, E-OPEN-42 (ZW per field), E-OBJ-PANZERGLASSCHEIBE, D-9."""
    mission = loads_mission(BASE)
    grid = build_grid(mission, CATALOGUE)
    assert isinstance(grid, BattleGrid)
    assert grid.terrain_at((2, 1)) is Terrain.MUD
    assert grid.terrain_target_at((2, 1)) == 12  # the legend's zw override
    assert grid.terrain_target_at((1, 1)) == 15
    assert grid.step_cost((2, 1)) == 1  # mud is not difficult by default
    assert grid.is_hazard((3, 1)) and grid.step_cost((3, 1)) == 2  # lava
    assert grid.is_door((4, 2)) and grid.is_wall((4, 2))
    assert grid.is_wall((3, 2)) and not grid.blocks_sight_at((3, 2))  # armoured glass
    assert grid.cover_at((3, 2)) is Cover.FULL


def test_glass_blocks_movement_but_not_sight() -> None:
    """D-9, D-10, E-OBJ-GLASSCHEIBE: glass is a window, not a wall for the eyes."""
    text = (
        BASE.replace("'''\n######\n#.,L.#\n#..W+#\n######\n'''", "'''\n.....\n..W..\n.....\n'''")
        .replace("width = 6", "width = 5")
        .replace("height = 4", "height = 3")
    )
    text = text.replace("at = [4, 1]", "at = [4, 2]").replace("[[1, 1, 2, 2]]", "[[0, 0, 1, 1]]")
    text = text.replace(
        '"W" = { material = "armoured_glass_pane" }', '"W" = { material = "glass_pane" }'
    )
    grid = build_grid(loads_mission(text), CATALOGUE)
    assert line_of_sight(grid, (0, 1), (4, 1))
    assert cover(grid, (0, 1), (4, 1)) is Cover.FULL
    assert (2, 1) not in reachable(grid, (0, 1), 10)
    assert grid.copy().blocks_sight_at((2, 1)) is False
    assert grid.copy().is_wall((2, 1))


def test_opening_a_door_keeps_glass_see_through() -> None:
    grid = build_grid(loads_mission(BASE), CATALOGUE)
    grid.set_door_open((4, 2), True)
    assert not grid.blocks_sight_at((3, 2)) and not grid.is_wall((4, 2))


def test_difficult_override_and_doors() -> None:
    """E-TERRAIN-DIFF-1: a legend may make a kind difficult."""
    text = BASE.replace(
        '"," = { terrain = "mud", zw = 12 }', '"," = { terrain = "mud", difficult = true }'
    )
    text = text.replace('"W" = { material = "armoured_glass_pane" }', '"W" = { door = "open" }')
    grid = build_grid(loads_mission(text), CATALOGUE)
    assert grid.step_cost((2, 1)) == 2
    assert grid.is_door((3, 2)) and grid.is_door_open((3, 2))


def test_build_grid_takes_every_layer_of_the_terrain_kind() -> None:
    """E-OPEN-42: a kind's smoke, cover and (overridden) ZW reach the grid."""
    text = BASE.replace('"L" = { terrain = "lava" }', '"L" = { terrain = "smoke", zw = 9 }')
    grid = build_grid(loads_mission(text), CATALOGUE)
    smoke = CATALOGUE.terrain["smoke"]
    assert grid.smoke[1, 3] and grid.cover_at((3, 1)) is smoke.cover is Cover.FULL
    assert grid.terrain_at((3, 1)) is smoke.terrain and grid.terrain_target_at((3, 1)) == 9
    assert not grid.is_hazard((3, 1)) and not grid.smoke[1, 2]


def test_build_grid_refuses_a_material_that_is_no_wall() -> None:
    mission = loads_mission(BASE)
    legend = {**mission.legend, "W": LegendEntry(material="weapon_wg3")}
    with pytest.raises(MissionError) as caught:
        build_grid(Mission(**{**mission.__dict__, "legend": legend}), CATALOGUE)
    (problem,) = caught.value.problems
    assert problem.key == "legend.W.material"
    assert problem.message == "unknown wall material 'weapon_wg3'"


def test_build_grid_refuses_a_character_it_cannot_place() -> None:
    mission = loads_mission(BASE)
    broken = Mission(**{**mission.__dict__, "rows": ("######", "#.,L.#", "#..W+#", "####?#")})
    with pytest.raises(MissionError, match="unknown map character '\\?' at x=4, y=3"):
        build_grid(broken, CATALOGUE)


def test_grid_checks_the_see_through_layer_shape() -> None:
    with pytest.raises(ValueError, match="see_through has shape"):
        BattleGrid(np.zeros((2, 2), bool), see_through=np.zeros((3, 3), bool))


def test_key_locations() -> None:
    where = locate_keys(BASE).keys
    assert where["mission.title"] == (2, 1)
    assert where["sides[1].colour"] == (28, 1)
    assert where["creatures[1].at"] == (41, 1)
    assert where["legend.L"] == (16, 1)
    # Text tomllib would refuse gives what was found before the trouble, and never hangs.
    assert locate_keys("a = 1\nb = [1 2]\nc = 3").keys["a"] == (1, 1)
    assert isinstance(locate_keys("a = {b = 1 c = 2}\n[[x]\n= = =").keys, dict)


def test_top_level_unknown_key_has_its_line() -> None:
    problem = one("\nextra = 1\n" + BASE)
    assert (problem.key, problem.line) == ("extra", 2)
    problem = one(BASE + "\nextra = 1\n")  # after [[creatures]]: a key of that table
    assert (problem.key, problem.line) == ("creatures[1].extra", 43)


# ------------------------------------------------------------------- loader
def test_load_any_reads_native_toml(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text(BASE, encoding="utf-8")
    loaded = load_any(path)
    assert isinstance(loaded, LoadedMission)
    assert loaded.source_format == "toml" and loaded.base_dir == tmp_path.resolve()
    assert loaded.mission == loads_mission(BASE) and dict(loaded.images) == {}
    assert loaded.key_locations["creatures[1].at"] == (41, 1)  # for messages about it
    assert load_native(path) == loaded


def test_load_any_refuses_unknown_suffix(tmp_path: Path) -> None:
    with pytest.raises(MissionError) as caught:
        load_any(tmp_path / "m.txt")
    assert caught.value.problems[0].message.startswith("unknown mission file type '.txt'; expected")


def test_bundled_maps_dir_holds_the_demo() -> None:
    assert (bundled_maps_dir() / DEMO_MISSION).is_file()
    assert demo_mission_path().name == "dretop-versteck.toml"


def test_catalogue_type_is_the_real_one() -> None:
    assert isinstance(CATALOGUE, Catalogue)


def test_environment_flags_round_trip_into_the_battle_setup() -> None:
    """E-ZEROG-3, E-UNDERWATER-2: [environment] reaches the match engine's setup."""
    from game.missions.setup import match_setup

    text = BASE + "\n[environment]\nweightless = true\nunderwater = true\n"
    mission = loads_mission(text)
    assert mission.weightless and mission.underwater
    again = loads_mission(dumps_mission(mission))
    assert again == mission
    setup = match_setup(mission, CATALOGUE)
    assert setup.environment.weightless and setup.environment.underwater
    assert not loads_mission(BASE).weightless


def test_environment_rejects_unknown_keys_and_wrong_types() -> None:
    with pytest.raises(MissionError, match="environment"):
        loads_mission(BASE + "\n[environment]\nvacuum = true\n")
    with pytest.raises(MissionError, match=r"environment\.weightless"):
        loads_mission(BASE + '\n[environment]\nweightless = "ja"\n')
