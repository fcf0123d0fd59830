"""The bundled missions in maps/ and the format documentation maps/README.md."""

from __future__ import annotations

import io
import re
import struct
from pathlib import Path

import pytest

from game.board.grid import Terrain
from game.board.movement import reachable
from game.board.sight import line_of_sight
from game.match.problems import MissionError
from game.missions import toml_schema
from game.missions.check import check_mission, run_check
from game.missions.grid import build_grid
from game.missions.loader import DEMO_MISSION, bundled_maps_dir
from game.missions.model import Controller, Mission
from game.missions.playability import mission_warnings
from game.missions.toml_format import dumps_mission, load_mission, loads_mission
from game.rulesets.entaria.catalogue_loader import load_catalogue
from game.rulesets.entaria.mission_terms import wall_materials

CATALOGUE = load_catalogue()
MAPS = bundled_maps_dir()
README = MAPS / "README.md"
BUNDLED = sorted(MAPS.glob("*.toml"))
SCENES = ["dretop-versteck.toml", "musa-lager.toml", "strassenkampf.toml", "gefahrenzone.toml"]


def load(name: str) -> Mission:
    return load_mission(MAPS / name)


def creature_types(mission: Mission) -> list[str]:
    return [c.type for c in mission.creatures]


def terrain_kinds(mission: Mission) -> set[str]:
    used = {char for row in mission.rows for char in row}
    return {e.terrain for c, e in mission.legend.items() if c in used and e.terrain}


def materials(mission: Mission) -> set[str]:
    used = {char for row in mission.rows for char in row}
    return {e.material for c, e in mission.legend.items() if c in used and e.material}


def test_at_least_the_four_scenes_are_bundled() -> None:
    assert {p.name for p in BUNDLED} >= set(SCENES)
    assert DEMO_MISSION in SCENES


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_mission_passes_check_without_warnings(path: Path) -> None:
    out = io.StringIO()
    assert run_check(path, out) == 0, out.getvalue()
    report = check_mission(path)
    assert report.valid and not report.errors
    assert not report.warnings, [str(w) for w in report.warnings]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_mission_is_complete(path: Path) -> None:
    mission = load_mission(path)
    assert 30 <= mission.width <= 60 and 20 <= mission.height <= 40
    assert mission.description.keys() >= {"de", "en"}
    assert "Ziel" in mission.gm_notes and mission.author and mission.players
    controllers = {side.controller for side in mission.sides}
    assert controllers == {Controller.PLAYER, Controller.GM}
    for side in mission.sides:
        assert side.deployment, side.key
        assert any(c.side == side.key for c in mission.creatures), side.key


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_mission_is_playable(path: Path) -> None:
    """D-10: every creature can move, and every creature can reach every enemy."""
    mission = load_mission(path)
    grid = build_grid(mission, CATALOGUE)
    for door_y, door_x in zip(*grid.door.nonzero(), strict=True):
        grid.set_door_open((int(door_x), int(door_y)), True)
    players = [c for c in mission.creatures if c.side == mission.sides[0].key]
    for hero in players:
        area = reachable(grid, hero.cell, None)
        assert len(area) > 20, hero.key
        for other in mission.creatures:
            assert other.cell in area, (hero.key, other.key)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_mission_round_trips(path: Path) -> None:
    mission = load_mission(path)
    assert loads_mission(dumps_mission(mission), path.name) == mission


def test_dretop_hideout_is_ex_act_1() -> None:
    """EX-ACT-1: Elro-Sa, Ron and Likron at the door against five Dretop pirates."""
    mission = load("dretop-versteck.toml")
    types = creature_types(mission)
    assert {"elro_sa", "ron", "likron"} <= set(types)
    assert types.count("dretop_pirat") == 5
    grid = build_grid(mission, CATALOGUE)
    assert int(grid.door.sum()) >= 6  # rooms joined by doors
    assert int((grid.door & ~grid.door_open).sum()) >= 4
    ron = next(c for c in mission.creatures if c.key == "ron")
    doors_next_to_ron = [
        (x, y)
        for x in range(ron.cell[0] - 1, ron.cell[0] + 2)
        for y in range(ron.cell[1] - 1, ron.cell[1] + 2)
        if grid.is_door((x, y)) and grid.is_door_open((x, y))
    ]
    assert doors_next_to_ron  # Ron has just opened the door
    assert "armoured_glass_pane" in materials(mission)


def test_musa_camp_is_ex_init_2() -> None:
    """EX-INIT-2: Likron in the Alpha suit against elite soldiers with initiative 20."""
    mission = load("musa-lager.toml")
    likron = next(c for c in mission.creatures if c.type == "likron")
    assert likron.equipment is not None and "alpha_anzug" in likron.equipment
    soldiers = [c for c in mission.creatures if c.type == "musa_elitesoldat"]
    assert len(soldiers) >= 4
    assert CATALOGUE.creatures["musa_elitesoldat"].initiative == 20
    grid = build_grid(mission, CATALOGUE)
    assert int((grid.cover > 0).sum()) >= 20  # crates and sandbags
    assert materials(mission) >= {"thin_duraplast_wall", "thick_wooden_wall"}  # tents, stacks
    # Open ground: most of the map is plain floor.
    assert (
        int((~grid.wall & (grid.terrain == Terrain.NONE)).sum())
        > mission.width * mission.height // 2
    )


def test_street_fight_is_ex_init_1() -> None:
    """EX-INIT-1: Likron and two street punks five fields away; alleys, crowd, rooftop."""
    mission = load("strassenkampf.toml")
    likron = next(c for c in mission.creatures if c.type == "likron")
    punks = [c for c in mission.creatures if c.type == "akuanischer_strassenpunk"]
    assert len(punks) >= 4
    near = [
        p
        for p in punks
        if max(abs(p.cell[0] - likron.cell[0]), abs(p.cell[1] - likron.cell[1])) == 5
    ]
    assert len(near) >= 2
    assert terrain_kinds(mission) >= {"crowd", "climb"}
    grid = build_grid(mission, CATALOGUE)
    roof = next(c for c in mission.creatures if c.key == "punk_dach")
    # The rooftop punk sees the street, and is reached only over the climbing surface.
    assert line_of_sight(grid, roof.cell, likron.cell)
    without_climb = build_grid(mission, CATALOGUE)
    without_climb.wall[without_climb.terrain == Terrain.CLIMB] = True
    without_climb.set_door_open((7, 16), True)  # refresh the derived layers
    assert roof.cell not in reachable(without_climb, likron.cell, None)


def test_hazard_map_has_every_danger() -> None:
    """E-TERRAIN-NARROW, E-TERRAIN-MUD (ice), E-TERRAIN-SHARDS, E-ACT-VH-ZURUECK-3 hazards."""
    mission = load("gefahrenzone.toml")
    assert terrain_kinds(mission) >= {"lava", "abyss", "glass_shards", "ice", "narrow"}
    grid = build_grid(mission, CATALOGUE)
    assert int(grid.hazard.sum()) > 50
    assert Terrain.NARROW in {Terrain(int(t)) for t in set(grid.terrain.flatten().tolist())}
    assert {"ron", "lara"} <= set(creature_types(mission))
    assert "traa_gardist" in creature_types(mission)


def test_bundled_maps_dir_is_the_repository_maps_folder() -> None:
    assert Path(__file__).resolve().parents[2] / "maps" == MAPS


# ------------------------------------------------------------------- README
def readme_example() -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(
        r"<!-- example:begin -->\s*```toml\n(.*?)```\s*<!-- example:end -->", text, re.S
    )
    assert match, "the README's complete example is marked with <!-- example:begin/end -->"
    return match.group(1)


def test_readme_example_loads_and_uses_every_key() -> None:
    mission = loads_mission(readme_example(), "README example")
    assert mission.background is not None and mission.players and mission.author
    assert {e.door for e in mission.legend.values()} >= {"closed"}
    assert any(e.target is not None and e.difficult is not None for e in mission.legend.values())
    creature = next(c for c in mission.creatures if c.companion_of)
    assert creature.companion_before
    assert any(c.hidden for c in mission.creatures)
    assert any(c.life_points and c.equipment and c.conditions for c in mission.creatures)
    assert loads_mission(dumps_mission(mission)) == mission
    assert not mission_warnings(mission, CATALOGUE)
    for section, keys in [
        ("[mission]", toml_schema.MISSION_KEYS),
        ("[map]", toml_schema.MAP_KEYS),
        ("[map.background]", toml_schema.BACKGROUND_KEYS),
        ("[[sides]]", toml_schema.SIDE_KEYS),
        ("[[creatures]]", toml_schema.CREATURE_KEYS),
    ]:
        for key in keys:
            as_key = re.search(rf"(?m)^{re.escape(key)} =", readme_example())
            # [map.background] and arrays of tables such as [[map.edges]] (D-13)
            as_table = re.search(rf"(?m)^\[\[?[a-z.]*\b{re.escape(key)}\]\]?$", readme_example())
            assert as_key or as_table, f"{section} {key} is missing from the README example"


def test_readme_example_passes_check_with_its_image(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 1120, 700)
    (tmp_path / "images" / "frachtdock.png").write_bytes(png)
    (tmp_path / "images" / "pirat.png").write_bytes(png)  # the hidden pirate's token picture
    path = tmp_path / "frachtdock.toml"
    path.write_text(readme_example(), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 0, out.getvalue()
    assert out.getvalue().rstrip().endswith(": valid")


def test_readme_error_examples_are_what_the_loader_says() -> None:
    bad = (
        readme_example()
        .replace("#....D.==..,,..#", "#....D.==Q.,,..#")
        .replace('colour = "#2f6fd0"', 'colur = "#2f6fd0"')
        .replace('side = "piraten"\nat = [13, 2]', 'side = "pirates"\nat = [13, 2]')
    )
    with pytest.raises(MissionError) as caught:
        loads_mission(bad, "mission.toml")
    documented = README.read_text(encoding="utf-8")
    for problem in caught.value.problems:
        assert str(problem) in documented


def test_readme_documents_every_key_and_kind() -> None:
    documented = README.read_text(encoding="utf-8")
    keys = (
        toml_schema.MISSION_KEYS
        + toml_schema.MAP_KEYS
        + toml_schema.BACKGROUND_KEYS
        + toml_schema.LEGEND_KEYS
        + toml_schema.SIDE_KEYS
        + toml_schema.CREATURE_KEYS
    )
    for key in keys:
        assert f"`{key}`" in documented or f"`[map.{key}]`" in documented, key
    for kind in CATALOGUE.terrain:
        assert f"`{kind}`" in documented, kind
    for material in wall_materials():
        assert f"`{material}`" in documented, material
    for creature in CATALOGUE.creatures:
        assert f"`{creature}`" in documented, creature
    for name in SCENES:
        assert f"`{name}`" in documented
