"""A Genesis mission loads and sets up: its words are the Genesis catalogue's, errors name
the key, and the bundled missions build a GenesisSetup.

Until Genesis stands in ``game.rulesets.RULESETS`` the fixture ``genesis_known`` lets the
missions layer know a small stand-in for the test (the catalogue, the mission terms and
``genesis_setup``: all a mission needs to load and set up); the mission is parsed by the
missions layer and set up by calling ``genesis_setup`` directly, as the ruleset will.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from game.board.dice import RandomRoller
from game.match.problems import MissionError
from game.missions import ruleset_choice
from game.missions.grid import build_grid
from game.missions.loader import bundled_maps_dir
from game.missions.model import Mission
from game.missions.toml_format import loads_mission
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.catalogue_loader import load_catalogue
from game.rulesets.genesis.creature_fields import (
    GW_KEY,
    VALUE_NAMES,
    creature_fields,
    creature_value_problem,
)
from game.rulesets.genesis.mission_setup import GenesisMissionSetup, genesis_setup, own_fighter
from game.rulesets.genesis.mission_terms import GenesisMissionTerms
from game.rulesets.genesis.state import GenesisSetup

CAT = load_catalogue()
MAPS = bundled_maps_dir()


class _GenesisStandIn:
    """What the missions layer asks of the ruleset ``genesis`` to load and set up a mission."""

    key = "genesis"
    version = "0"
    commands: Any = None

    def name(self, language: str) -> str:
        return "Genesis"

    def load_catalogue(self) -> GenesisCatalogue:
        return load_catalogue()

    def mission_terms(self, catalogue: GenesisCatalogue) -> GenesisMissionTerms:
        return GenesisMissionTerms(catalogue)

    def setup_from_mission(
        self, mission: Any, grid: Any, catalogue: Any, *, path_label: str
    ) -> GenesisMissionSetup:
        return genesis_setup(mission, grid, catalogue, path_label=path_label)

    def new_game(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def snapshot_problem(self, snapshot: dict[str, Any]) -> None:
        return None

    def play_out(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def outcome_lines(self, *args: Any) -> list[str]:
        return []

    def mission_facts(self, *args: Any) -> tuple[str, ...]:
        return ()

    def engine_bench(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError


@pytest.fixture(autouse=True)
def genesis_known(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Let the missions layer know the ruleset ``genesis`` during the test."""
    if "genesis" not in ruleset_choice.RULESETS:
        table = {**ruleset_choice.RULESETS, "genesis": _GenesisStandIn()}
        monkeypatch.setattr(ruleset_choice, "RULESETS", table)
    yield


MISSION = """\
[mission]
title = "Probe"
ruleset = "genesis"

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
key = "ortwin"
type = "ortwin"
side = "a"
at = [1, 1]
facing = "E"
ORTWIN

[[creatures]]
key = "greta"
type = "greta"
name = "Greta"
side = "b"
at = [5, 1]
GRETA
"""


def mission_text(ortwin: str = "", greta: str = "", legend: str = "") -> str:
    """Return the test mission with extra lines for Ortwin, Greta and the legend."""
    return MISSION.replace("ORTWIN", ortwin).replace("GRETA", greta).replace("LEGEND", legend)


def _set_up(mission: Mission, label: str) -> GenesisMissionSetup:
    grid = build_grid(mission, CAT, path_label=label)
    return genesis_setup(mission, grid, CAT, path_label=label)


def problems_of(text: str) -> list[tuple[str | None, str]]:
    """Return (key, English message) of every error loading and setting up ``text``."""
    try:
        _set_up(loads_mission(text, "probe.toml"), "probe.toml")
    except MissionError as error:
        return [(p.key, p.message) for p in error.problems]
    return []


def setup_of(text: str) -> GenesisMissionSetup:
    """Return the set-up of the mission ``text``."""
    return _set_up(loads_mission(text, "probe.toml"), "probe.toml")


# ------------------------------------------------------------------ the bundled missions
@pytest.mark.parametrize(
    ("file", "counts"),
    [("genesis-taverne.toml", (4, 3)), ("genesis-hohlweg.toml", (4, 4))],
)
def test_bundled_missions_build_a_genesis_setup(file: str, counts: tuple[int, int]) -> None:
    """Both bundled Genesis missions load and set up: sides, names, fighters of the
    catalogue on free fields (D-16: one field is 1 m)."""
    path = MAPS / file
    mission = loads_mission(path.read_text(encoding="utf-8"), file, base_dir=path.parent)
    assert mission.ruleset == "genesis"
    assert set(mission.description) == {"de", "en"}
    setup = _set_up(mission, file)
    assert isinstance(setup, GenesisSetup) and isinstance(setup, GenesisMissionSetup)
    assert setup.creatures == setup.fighters
    per_side = [sum(f.side == s.key for f in setup.fighters) for s in setup.sides]
    assert tuple(per_side) == counts
    assert [s.controller for s in setup.sides] == ["player", "gm"]
    for fighter in setup.fighters:
        assert fighter.fighter in CAT.fighters
        assert setup.name_of(fighter.key) == fighter.name != ""
        assert not setup.grid.is_wall(fighter.cell)


def test_tavern_has_chairs_and_stones_in_hand() -> None:
    """G-THROW-CHAIR, G-THROW-STONE: the tavern brawl's regulars hold a chair and a stone;
    Kunz carries his own gear (the type's weapons replaced)."""
    path = MAPS / "genesis-taverne.toml"
    setup = _set_up(loads_mission(path.read_text(encoding="utf-8"), path.name), path.name)
    fighters = {f.key: f for f in setup.fighters}
    assert fighters["hedda"].own is None  # the catalogue's values, its first weapon
    assert fighters["hein"].own is not None and fighters["hein"].own.weapons[0] == "stuhl"
    assert fighters["jost"].own is not None and fighters["jost"].own.weapons[0] == "stein"
    kunz = fighters["kunz"].own
    assert kunz is not None
    assert kunz.weapons == ("kurzschwert", "stein", "stuhl")
    assert kunz.armour == ("lederruestung",)


def test_sunken_road_has_shooters_in_combat_range() -> None:
    """G-RANGE-DIST-1: the ambushers' bow and crossbow are in hand, the travellers within
    their 40 m combat range."""
    path = MAPS / "genesis-hohlweg.toml"
    setup = _set_up(loads_mission(path.read_text(encoding="utf-8"), path.name), path.name)
    assert (setup.grid.width, setup.grid.height) == (30, 20)
    shooters = [f for f in setup.fighters if CAT.fighters[f.fighter].shooter]
    assert {f.key for f in shooters} == {"ilka", "rolf"}
    travellers = [f for f in setup.fighters if f.side == "reisende"]
    for shooter in shooters:
        kind = shooter.own or CAT.fighters[shooter.fighter]
        weapon = CAT.weapons[kind.weapons[0]]
        for target in travellers:
            dx, dy = shooter.cell[0] - target.cell[0], shooter.cell[1] - target.cell[1]
            assert (dx * dx + dy * dy) ** 0.5 <= weapon.combat_range


def test_bundled_mission_starts_a_game() -> None:
    """The engine starts on a bundled mission's set-up with the held weapon in hand."""
    from game.rulesets.genesis.engine import GenesisGame

    path = MAPS / "genesis-taverne.toml"
    setup = _set_up(loads_mission(path.read_text(encoding="utf-8"), path.name), path.name)
    game = GenesisGame(setup, CAT, RandomRoller(7))
    assert game.fighters["hein"].weapon == "stuhl"
    assert game.fighters["hedda"].weapon == "langschwert"
    assert game.fighters["hedda"].le == 70


# ------------------------------------------------------------------ the test mission
def test_mission_sets_up_fighters_sides_names_and_facing() -> None:
    setup = setup_of(mission_text())
    ortwin, greta = setup.fighters
    assert (ortwin.key, ortwin.fighter, ortwin.side, ortwin.cell) == (
        "ortwin",
        "ortwin",
        "a",
        (1, 1),
    )
    assert ortwin.facing == "E" and greta.facing == "S"
    assert setup.name_of("ortwin") == "Hauptmann Ortwin"  # the type's name
    assert setup.name_of("greta") == "Greta"
    assert setup.side_name("b") == "Söldner" and setup.side_name("x") == "x"
    assert [(s.key, s.controller) for s in setup.sides] == [("a", "player"), ("b", "gm")]
    assert ortwin.own is None and greta.own is None


def test_mission_grid_walls_pane_and_doors() -> None:
    grid = setup_of(mission_text()).grid
    assert grid.is_wall((6, 1)) and grid.is_wall((0, 0))
    assert grid.is_door((3, 2)) and not grid.is_door_open((3, 2))
    assert grid.is_door((6, 2)) and grid.is_door_open((6, 2))
    assert not grid.is_wall((3, 1))


def test_mission_own_values_replace_the_type_values() -> None:
    """values.<name> replace the catalogue's; gw_halves = 15 is GW 7.5 (G-GW-5)."""
    setup = setup_of(mission_text(ortwin="values = { at = 80, gw_halves = 15, le = 90 }"))
    own = setup.fighters[0].own
    assert own is not None
    assert (own.at, own.gw, own.le) == (80, 7.5, 90)
    assert own.pa == CAT.fighters["ortwin"].pa


def test_mission_own_equipment_is_split_into_weapons_and_armour() -> None:
    setup = setup_of(mission_text(greta='equipment = ["holzschild", "dolch", "stein", "gambeson"]'))
    own = setup.fighters[1].own
    assert own is not None
    assert own.weapons == ("dolch", "stein") and own.armour == ("holzschild", "gambeson")


def test_mission_held_weapon_goes_first() -> None:
    setup = setup_of(mission_text(greta='held = ["stuhl"]'))
    own = setup.fighters[1].own
    assert own is not None and own.weapons == ("stuhl", "streitaxt")
    # holding the first weapon changes nothing
    assert setup_of(mission_text(greta='held = ["streitaxt"]')).fighters[1].own is None


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("lp = 5", "creatures[0].lp"),
        ("values = { at = 170 }", "creatures[0].values.at"),
        ("values = { gw_halves = 0 }", "creatures[0].values.gw_halves"),
        ("values = { koerper = 50 }", "creatures[0].values.koerper"),
        ("hidden = true", "creatures[0].hidden"),
        ('conditions = ["Liegend"]', "creatures[0].conditions"),
        ('companion_of = "greta"', "creatures[0].companion_of"),
        ('equipment = ["dolch", "drachenschwert"]', "creatures[0].equipment[1]"),
        ('equipment = ["dolch", "kettenhemd", "lederruestung"]', "creatures[0].equipment[2]"),
        ('equipment = ["kettenhemd"]', "creatures[0].equipment"),
        ('held = ["kettenhemd"]', "creatures[0].held[0]"),
        ('held = ["kurzbogen"]', "creatures[0].held[0]"),
        ('held = ["langschwert", "dolch"]', "creatures[0].held"),
    ],
)
def test_mission_keys_genesis_refuses_are_named(line: str, key: str) -> None:
    """What a Genesis fighter cannot start with is refused at its key."""
    found = problems_of(mission_text(ortwin=line))
    assert any(k and k.startswith(key) for k, _ in found), found


def test_mission_condition_message_says_genesis_has_none() -> None:
    found = problems_of(mission_text(ortwin='conditions = ["bewusstlos"]'))
    assert any("without a condition" in msg for _, msg in found), found


def test_mission_unknown_fighter_names_the_type_key() -> None:
    text = mission_text().replace('type = "greta"', 'type = "gretta"')
    found = problems_of(text)
    assert any(key == "creatures[1].type" and "'greta'" in msg for key, msg in found), found


def test_mission_unknown_terrain_and_material_name_the_legend_key() -> None:
    found = problems_of(
        mission_text(legend='"q" = { terrain = "lava" }\n"Q" = { material = "duranium_wall" }')
    )
    keys = {key for key, _ in found}
    assert any(k and k.startswith("legend.q") for k in keys), found
    assert any(k and k.startswith("legend.Q") for k in keys), found


def test_mission_environment_flags_are_refused() -> None:
    found = problems_of(mission_text() + "\n[environment]\nunderwater = true\n")
    assert "environment.underwater" in {k for k, _ in found}, found


def test_mission_fighter_on_a_taken_or_walled_field_is_refused() -> None:
    mission = loads_mission(mission_text(), "probe.toml")
    grid = build_grid(mission, CAT, path_label="probe.toml")
    for cell in ((1, 1), (3, 2), (0, 0)):
        moved = replace(mission.creatures[1], cell=cell)
        bad = replace(mission, creatures=(mission.creatures[0], moved))
        with pytest.raises(MissionError) as caught:
            genesis_setup(bad, grid, CAT, path_label="probe.toml")
        assert [p.key for p in caught.value.problems] == ["creatures[1].at"]


def test_own_fighter_is_none_without_changes() -> None:
    mission = loads_mission(mission_text(), "probe.toml")
    assert own_fighter(CAT, mission.creatures[0]) is None


def test_mission_terms_lists_and_names() -> None:
    terms = GenesisMissionTerms(CAT)
    assert set(terms.creature_types) == set(CAT.fighters)
    assert "floor" in terms.terrain_kinds and terms.terrain_char("low_obstacle") == "="
    assert terms.creature_name("hedda") == "Veteranin Hedda"
    assert terms.equipment_problem("stuhl") is None and terms.equipment_problem("x") is not None
    assert terms.condition_key("Überrascht") is None


# ------------------------------------------------------------------ the set-up screen
class _Texts:
    language = "en"

    def __call__(self, key: str, **values: object) -> str:
        return key


def test_creature_fields_show_the_type_values() -> None:
    """The screen edits name, equipment, picture and every value, defaults the type's;
    GW in half points (G-GW-5: 7.5 -> 15)."""
    fields = creature_fields(CAT, "hedda", _Texts())
    by_key = {f.key: f for f in fields}
    assert [f.key for f in fields[:3]] == ["name", "equipment", "image"]
    assert by_key["equipment"].default == (
        "langschwert",
        "dolch",
        "stein",
        "kettenhemd",
        "eisenhelm",
    )
    assert by_key[f"values.{GW_KEY}"].default == 15
    assert by_key["values.at"].default == 85 and by_key["values.ws"].default == 20
    assert {k.removeprefix("values.") for k in by_key if k.startswith("values.")} == set(
        VALUE_NAMES
    )
    assert creature_fields(CAT, "nobody", _Texts()) == ()


def test_creature_value_problem_checks_like_the_catalogue() -> None:
    assert creature_value_problem(CAT, "hedda", "values.at", 90) is None
    assert creature_value_problem(CAT, "hedda", "values.at", 190) is not None
    assert creature_value_problem(CAT, "hedda", "values.gw_halves", 41) is not None
    assert creature_value_problem(CAT, "hedda", "equipment", ["dolch", "eisenhelm"]) is None
    slot = creature_value_problem(
        CAT, "hedda", "equipment", ["dolch", "kettenhemd", "gambeson", "lederruestung"]
    )
    assert slot is not None and "one armour piece per slot" in slot["en"]
    assert creature_value_problem(CAT, "ilka", "equipment", ["dolch"]) is not None  # a shooter
    assert creature_value_problem(CAT, "hedda", "values.koerper", 5) is not None
    assert creature_value_problem(CAT, "nobody", "name", "x") is not None


def test_screen_and_problem_texts_name_no_rule_id() -> None:
    """Issue 12 point 7: texts a player reads carry no rule or decision ID."""
    import re

    from game.rulesets.genesis.catalogue_texts import GENESIS_TEMPLATES
    from game.rulesets.genesis.mission_texts import MISSION_TEMPLATES

    rule_id = re.compile(r"\b[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*\b|\bD-\d+\b")
    texts = _Texts()
    shown = []
    for language in ("de", "en"):
        texts.language = language
        for kind in CAT.fighters:
            shown += [f"{f.label} {f.hint}" for f in creature_fields(CAT, kind, texts)]
    for table in (GENESIS_TEMPLATES, MISSION_TEMPLATES):
        shown += [text for entry in table.values() for text in entry.values()]
    assert [text for text in shown if rule_id.search(text)] == []
