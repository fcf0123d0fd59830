"""A WRS mission loads and sets up: its words are the WRS catalogue's, errors name the key.

The terms (``mission_terms``) and the set-up (``mission_setup``) are tested through the
missions layer (``loads_mission``, ``prepare_match``), as ``kampfkarte check`` uses them.
"""

from __future__ import annotations

import pytest

from game.match.problems import MissionError
from game.missions.setup import prepare_match
from game.missions.toml_format import loads_mission
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.mission_setup import WrsMissionSetup, wrs_setup
from game.rulesets.wrs.mission_terms import WrsMissionTerms
from game.rulesets.wrs.ruleset import WRS
from tests.rulesets.wrs.mission_support import wrs_known

CAT = load_catalogue()
pytestmark = pytest.mark.usefixtures(wrs_known.__name__)

MISSION = """\
[mission]
title = "Probe"
ruleset = "wrs"

[map]
width = 8
height = 4
rows = '''
########
#..=..w#
#..+../#
########
'''

[legend]
"w" = { material = "glass_pane" }
LEGEND

[[sides]]
key = "a"
name = "Stadtwache"
controller = "player"

[[sides]]
key = "b"
name = "Söldner"
controller = "gm"

[[creatures]]
key = "gerold"
type = "gerold"
side = "a"
at = [1, 1]
facing = "E"
GEROLD

[[creatures]]
key = "mira"
type = "mira"
name = "Mira"
side = "b"
at = [5, 1]
MIRA
"""


def mission_text(gerold: str = "", mira: str = "", legend: str = "") -> str:
    """Return the test mission with extra lines for Gerold, Mira and the legend."""
    return MISSION.replace("GEROLD", gerold).replace("MIRA", mira).replace("LEGEND", legend)


def problems_of(text: str) -> list[tuple[str | None, str]]:
    """Return (key, English message) of every error loading and setting up ``text``."""
    try:
        mission = loads_mission(text, "probe.toml")
        prepare_match(mission, path_label="probe.toml")
    except MissionError as error:
        return [(p.key, p.message) for p in error.problems]
    return []


def setup_of(text: str) -> WrsMissionSetup:
    """Return the set-up of the mission ``text``."""
    mission = loads_mission(text, "probe.toml")
    setup = prepare_match(mission, path_label="probe.toml").setup
    assert isinstance(setup, WrsMissionSetup)
    return setup


def test_mission_sets_up_fighters_sides_names_facing_and_drawn() -> None:
    """A WRS mission gives catalogue fighters on their fields, facing and drawn gear."""
    setup = setup_of(mission_text(gerold='held = ["kurzschwert", "streitkolben"]'))
    gerold, mira = setup.fighters
    assert (gerold.key, gerold.fighter, gerold.side, gerold.cell) == (
        "gerold",
        "gerold",
        "a",
        (1, 1),
    )
    assert gerold.facing == "E" and mira.facing == "S"
    assert gerold.drawn == ("kurzschwert", "streitkolben") and mira.drawn == ()
    assert setup.name_of("gerold") == "Hauptmann Gerold"  # the type's name
    assert setup.name_of("mira") == "Mira"
    assert setup.side_name("b") == "Söldner"
    assert [(s.key, s.controller) for s in setup.sides] == [("a", "player"), ("b", "gm")]
    assert setup.creatures == setup.fighters


def test_mission_game_starts_with_the_catalogue_values() -> None:
    """W-ARMOR-2, W-INIT-1: the new game has the fighters' armour pools and an order."""
    setup = setup_of(mission_text())
    game = WRS.new_game(setup, CAT, 5)
    assert set(game.order) == {"gerold", "mira"}
    assert game.fighters["gerold"].armour > 0
    assert game.fighters["gerold"].wounds == 0


def test_mission_grid_walls_pane_and_doors() -> None:
    """W-OPEN-8: walls and the pane block steps; the pane lets sight through; doors as drawn."""
    grid = setup_of(mission_text()).grid
    assert grid.is_wall((6, 1)) and grid.is_wall((0, 0))
    assert grid.is_door((3, 2)) and not grid.is_door_open((3, 2))
    assert grid.is_door((6, 2)) and grid.is_door_open((6, 2))
    assert not grid.is_wall((3, 1))  # crates: no WRS effect, not a wall


def test_mission_unknown_fighter_names_the_type_key() -> None:
    """An unknown creature type is refused at creatures[i].type with the catalogue's list."""
    text = mission_text().replace('type = "mira"', 'type = "mirra"')
    found = problems_of(text)
    assert any(key == "creatures[1].type" and "'mira'" in msg for key, msg in found), found


def test_mission_unknown_equipment_and_held_name_their_keys() -> None:
    """Held armour, held gear the fighter lacks and three things in two hands are refused."""
    found = problems_of(
        mission_text(
            gerold='held = ["kettenhemd"]', mira='held = ["pistole", "sturmgewehr", "wurfmesser"]'
        )
    )
    keys = {key for key, _ in found}
    assert "creatures[0].held[0]" in keys, found  # armour is worn
    assert "creatures[1].held[0]" in keys, found  # not Mira's
    assert "creatures[1].held" in keys, found  # two hands


def test_mission_own_equipment_is_accepted_and_checked_at_its_key() -> None:
    """A WRS character may carry its own equipment; a body part covered twice is named."""
    assert problems_of(mission_text(mira='equipment = ["pistole"]')) == []
    found = problems_of(mission_text(mira='equipment = ["kettenhemd", "kettenruestung"]'))
    assert {key for key, _ in found} == {"creatures[1].equipment[1]"}, found


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("lp = 5", "creatures[0].lp"),
        ("values = { koerper = 170 }", "creatures[0].values.koerper"),
        ("hidden = true", "creatures[0].hidden"),
        ('conditions = ["Liegend"]', "creatures[0].conditions"),
        ('companion_of = "mira"', "creatures[0].companion_of"),
    ],
)
def test_mission_keys_wrs_lacks_are_named(line: str, key: str) -> None:
    """W-WOUND-1: LP a/b/c and states come from the catalogue, values within bounds; the key
    is named."""
    found = problems_of(mission_text(gerold=line))
    assert any(k and k.startswith(key) for k, _ in found), found


def test_mission_condition_message_says_wrs_has_none() -> None:
    """W-WOUND-1..4: a start condition is refused: the state follows from the wounds."""
    found = problems_of(mission_text(gerold='conditions = ["bewusstlos"]'))
    assert any("without a condition" in msg for _, msg in found), found


def test_mission_unknown_terrain_and_material_name_the_legend_key() -> None:
    """A legend with a terrain kind or material WRS lacks names legend.<char>.*."""
    found = problems_of(
        mission_text(legend='"q" = { terrain = "lava" }\n"Q" = { material = "duranium_wall" }')
    )
    keys = {key for key, _ in found}
    assert any(k and k.startswith("legend.q") for k in keys), found
    assert any(k and k.startswith("legend.Q") for k in keys), found


def test_mission_environment_flags_are_refused() -> None:
    """WRS has no rules for zero gravity: environment.weightless is named."""
    found = problems_of(mission_text() + "\n[environment]\nweightless = true\n")
    assert "environment.weightless" in {k for k, _ in found}, found


def test_mission_fighter_on_a_taken_or_walled_field_is_refused() -> None:
    """One fighter per field, none in a wall or closed door: creatures[i].at is named."""
    mission = loads_mission(mission_text(), "probe.toml")
    grid = prepare_match(mission, path_label="probe.toml").setup.grid
    moved = mission.creatures[1].__class__(**{**mission.creatures[1].__dict__, "cell": (1, 1)})
    walled = mission.creatures[1].__class__(**{**mission.creatures[1].__dict__, "cell": (3, 2)})
    for creature, key in ((moved, "creatures[1].at"), (walled, "creatures[1].at")):
        bad = mission.__class__(
            **{**mission.__dict__, "creatures": (mission.creatures[0], creature)}
        )
        with pytest.raises(MissionError) as caught:
            wrs_setup(bad, grid, CAT, path_label="probe.toml")
        assert [p.key for p in caught.value.problems] == [key]


def test_mission_terms_lists_and_names() -> None:
    """The terms list the catalogue's fighters and a small terrain set, German names."""
    terms = WrsMissionTerms(CAT)
    assert set(terms.creature_types) == set(CAT.fighters)
    assert "floor" in terms.terrain_kinds and "low_obstacle" in terms.terrain_kinds
    assert terms.terrain_char("low_obstacle") == "="
    assert terms.material_name("glass_pane") == "Glasscheibe"
    assert terms.wall_field("glass_pane") is not None and terms.wall_field("lava") is None
    assert terms.footprint("gerold") == 1 and terms.creature_name("ulf") == "Ulf Pfeilschmied"
    assert terms.condition_key("bewusstlos") is None
    assert terms.equipment_problem("rundschild") is None
    assert terms.equipment_problem("laserkanone") is not None


def test_mission_empty_has_no_creatures() -> None:
    """A map without characters sets up empty (the set-up screen places them)."""
    text = mission_text()
    text = text[: text.index("[[creatures]]")]
    assert setup_of(text).creatures == ()
