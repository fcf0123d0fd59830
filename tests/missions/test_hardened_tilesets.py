"""Tilesets of Tiled maps: read once, bounded together, found in project folders (issue 13).

Point 8: a 5 KB ``.tmx`` with 99 references to one 4.9 MB tileset took 251 s and
3.9 GB; now the tileset is read and parsed once per load, and all files of one load
share one budget (:data:`~game.missions.map_files.MAX_LOAD_BYTES`). Real maps: Tiled
projects keep tilesets in a sibling folder; a path may leave the map's folder while it
stays in the project folder (``.tiled-project`` above the map) or in ``--assets DIR``.
Inputs: ``tests/missions/data_real`` (``make_real.py`` writes them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import game.missions.map_files as map_files
import game.missions.tiled_tilesets as tiled_tilesets
from game.cli import main
from game.match.problems import MissionError
from game.missions.loader import load_any
from game.missions.map_files import MapFiles, project_folder, use_assets
from game.missions.tiled import load_tiled

REAL = Path(__file__).resolve().parent / "data_real"
WALL_RING = ("####", "#..#", "####")


@pytest.fixture(autouse=True)
def _no_assets() -> Iterator[None]:
    """Leave no ``--assets`` folder behind for other tests."""
    use_assets(None)
    yield
    use_assets(None)


def _errors(path: Path, **kwargs: object) -> str:
    with pytest.raises(MissionError) as caught:
        load_tiled(path, **kwargs)  # type: ignore[arg-type]
    return "\n".join(p.message for p in caught.value.problems)


# ------------------------------------------------------------------ point 8: read once
def test_issue13_point8_a_tileset_named_99_times_is_read_and_parsed_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """99 references to one.tsx: one read, one XML parse; every reference has its tiles."""
    parsed: list[str] = []
    real_parse = tiled_tilesets.parse_xml

    def counting(data: bytes, *, path_label: str) -> object:
        parsed.append(path_label)
        return real_parse(data, path_label=path_label)

    monkeypatch.setattr(tiled_tilesets, "parse_xml", counting)
    loaded = load_tiled(REAL / "many_refs" / "many.tmx")
    assert [Path(label).name for label in parsed] == ["one.tsx"]
    assert loaded.mission.rows == WALL_RING  # gids 1 and 2 of the first reference


def test_issue13_point8_later_references_share_the_first_ones_tiles(tmp_path: Path) -> None:
    """A gid of the 99th reference finds the same tile (firstgid 197: its tile 1 is a wall)."""
    folder = tmp_path / "refs"
    shutil.copytree(REAL / "many_refs", folder)
    text = (folder / "many.tmx").read_text(encoding="utf-8")
    (folder / "many.tmx").write_text(text.replace("2,", "198,"), encoding="utf-8")
    assert load_tiled(folder / "many.tmx").mission.rows == WALL_RING


def test_issue13_point8_a_broken_tileset_named_twice_is_reported_once(tmp_path: Path) -> None:
    folder = tmp_path / "refs"
    shutil.copytree(REAL / "many_refs", folder)
    (folder / "one.tsx").write_text("<tileset", encoding="utf-8")
    with pytest.raises(MissionError) as caught:
        load_tiled(folder / "many.tmx")
    broken = [p for p in caught.value.problems if p.path.endswith("one.tsx")]
    assert len(broken) == 1 and "not well-formed XML" in broken[0].message


# ------------------------------------------------------------------ point 8: one budget
def test_issue13_point8_the_files_of_one_load_share_one_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the budget the file that goes over is refused, named, in both languages."""
    map_size = (REAL / "project" / "maps" / "keller.tmx").stat().st_size
    tileset_size = (REAL / "project" / "tilesets" / "dungeon.tsx").stat().st_size
    monkeypatch.setattr(map_files, "MAX_LOAD_BYTES", map_size + tileset_size - 1)
    with pytest.raises(MissionError) as caught:
        load_tiled(REAL / "project" / "maps" / "keller.tmx")
    [problem] = caught.value.problems
    assert problem.path.endswith("dungeon.tsx")
    assert f"over {map_size + tileset_size - 1} bytes" in problem.message
    assert f"({map_size} bytes read before it)" in problem.message
    assert "Bytes" in problem.text("de") and "Tilesets" in problem.text("de")


def test_issue13_point8_an_image_past_the_budget_is_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tileset still counts (terrain loads); its picture past the budget is not drawn."""
    folder = REAL / "project"
    used = (folder / "maps" / "keller.tmx").stat().st_size
    used += (folder / "tilesets" / "dungeon.tsx").stat().st_size
    monkeypatch.setattr(map_files, "MAX_LOAD_BYTES", used + 10)
    loaded = load_tiled(folder / "maps" / "keller.tmx")
    assert loaded.mission.rows == WALL_RING
    assert loaded.mission.background is None
    assert any("dungeon.png" in w.message and "read together" in w.message for w in loaded.warnings)


def test_issue13_point8_distinct_tilesets_share_the_parse_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three different tileset files: past MAX_PARSED_BYTES the third is refused, named."""
    folder = tmp_path / "three"
    shutil.copytree(REAL / "many_refs", folder)
    for name in ("two.tsx", "three.tsx"):
        shutil.copy(folder / "one.tsx", folder / name)
    refs = "".join(
        f' <tileset firstgid="{gid}" source="{name}"/>\n'
        for gid, name in ((1, "one.tsx"), (3, "two.tsx"), (5, "three.tsx"))
    )
    text = (folder / "many.tmx").read_text(encoding="utf-8")
    start, end = text.index(" <tileset"), text.index(" <layer")
    (folder / "many.tmx").write_text(text[:start] + refs + text[end:], encoding="utf-8")
    tileset = (folder / "one.tsx").stat().st_size
    parsed = (folder / "many.tmx").stat().st_size + 2 * tileset
    monkeypatch.setattr(map_files, "MAX_PARSED_BYTES", parsed + tileset)
    assert load_tiled(folder / "many.tmx").mission.rows == WALL_RING  # all three fit
    monkeypatch.setattr(map_files, "MAX_PARSED_BYTES", parsed)
    with pytest.raises(MissionError) as caught:
        load_tiled(folder / "many.tmx")
    [problem] = caught.value.problems
    assert problem.path.endswith("three.tsx")
    assert f"XML and JSON files over {parsed} bytes" in problem.message
    monkeypatch.undo()
    assert map_files.MAX_PARSED_BYTES == 12 * 1024 * 1024  # the shipped limit


def test_issue13_point8_budget_counts_bytes_read() -> None:
    files = MapFiles(REAL / "many_refs")
    files.read(REAL / "many_refs" / "one.tsx", 10_000, path_label="one.tsx")
    assert files.spent == (REAL / "many_refs" / "one.tsx").stat().st_size and files.reads == 1
    assert map_files.MAX_LOAD_BYTES == 128 * 1024 * 1024


# ------------------------------------------------------------------ project folders
def test_real_maps_a_tileset_in_the_projects_sibling_folder_loads() -> None:
    """maps/keller.tmx names ../tilesets/dungeon.tsx; dungeon.tiled-project is above both."""
    assert project_folder(REAL / "project" / "maps") == (REAL / "project").resolve()
    loaded = load_any(REAL / "project" / "maps" / "keller.tmx")
    assert loaded.mission.rows == WALL_RING
    assert loaded.mission.background is not None  # dungeon.png beside the tileset was drawn
    assert not any("dungeon.png" in w.message for w in loaded.warnings)


def test_real_maps_leaving_the_project_folder_is_still_refused() -> None:
    text = _errors(REAL / "project" / "maps" / "escape.tmx")
    assert "contains '..' and leads outside the map's folder" in text
    assert "--assets DIR" in text


def test_real_maps_without_a_project_file_a_sibling_folder_is_refused() -> None:
    assert project_folder(REAL / "loose" / "maps") is None
    assert "contains '..'" in _errors(REAL / "loose" / "maps" / "hof.tmx")


def test_real_maps_the_folder_named_with_assets_is_allowed() -> None:
    loaded = load_tiled(REAL / "loose" / "maps" / "hof.tmx", assets=REAL / "loose" / "shared")
    assert loaded.mission.rows == WALL_RING and loaded.mission.background is not None


def test_real_maps_assets_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``check --assets DIR`` reads the tileset there; without it the map is refused."""
    hof = str(REAL / "loose" / "maps" / "hof.tmx")
    shared = str(REAL / "loose" / "shared")
    assert main(["check", "--language", "en", "--assets", shared, hof]) == 0
    assert ": valid" in capsys.readouterr().out
    assert main(["check", "--language", "en", hof]) == 1
    assert main(["check", "--language", "en", "--assets", hof, hof]) == 2  # a file, no folder
    assert "--assets" in capsys.readouterr().err


def test_real_maps_import_with_assets(tmp_path: Path) -> None:
    hof = str(REAL / "loose" / "maps" / "hof.tmx")
    out = tmp_path / "hof.toml"
    shared = str(REAL / "loose" / "shared")
    assert main(["import", "--language", "en", "--assets", shared, hof, "-o", str(out)]) == 0
    assert (tmp_path / "hof.png").is_file() and out.is_file()


def test_real_maps_a_symbolic_link_out_of_the_project_is_refused(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(REAL / "project", project)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(REAL / "loose" / "shared" / "stone.tsx", outside / "stone.tsx")
    (project / "tilesets" / "linked.tsx").symlink_to(outside / "stone.tsx")
    tmx = project / "maps" / "keller.tmx"
    tmx.write_text(
        tmx.read_text(encoding="utf-8").replace("dungeon.tsx", "linked.tsx"), encoding="utf-8"
    )
    text = _errors(tmx)
    assert "leads outside the map's folder" in text
    assert str((outside / "stone.tsx").resolve()) in text  # where the link really leads


def test_real_maps_the_project_file_is_searched_only_a_few_folders_up(tmp_path: Path) -> None:
    (tmp_path / "x.tiled-project").write_text("{}", encoding="utf-8")
    deep = tmp_path.joinpath(*["d"] * (map_files.MAX_PROJECT_LEVELS + 1))
    deep.mkdir(parents=True)
    assert project_folder(deep) is None
    assert project_folder(deep.parent) == tmp_path.resolve()
