"""Issue 13 leftovers on the command line: ``--assets DIR`` on print and simulate, and a
scenario's ``mission`` may name a bundled mission as every command's mission may."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE, build_parser, main
from game.match.problems import MissionError
from game.missions.map_files import use_assets
from game.scenarios.reader import read_scenario

ROOT = Path(__file__).resolve().parent
LOOSE = ROOT / "missions" / "data_real" / "loose"  # a Tiled map, its tileset in a sibling
HOF = str(LOOSE / "maps" / "hof.tmx")
SHARED = str(LOOSE / "shared")


@pytest.fixture(autouse=True)
def _no_assets() -> Iterator[None]:
    """Leave no ``--assets`` folder behind for other tests."""
    use_assets(None)
    yield
    use_assets(None)


@pytest.mark.parametrize(
    "argv",
    [
        ["print", "m.toml", "-o", "m.pdf", "--assets", "DIR"],
        ["simulate", "m.toml", "--seed", "1", "--assets", "DIR"],
        ["check", "m.toml", "--assets", "DIR"],
        ["import", "m.tmx", "-o", "m.toml", "--assets", "DIR"],
        ["play", "m.toml", "--assets", "DIR"],
        ["preview", "m.toml", "--assets", "DIR"],
    ],
)
def test_i13_every_command_taking_a_map_has_assets(argv: list[str]) -> None:
    assert build_parser().parse_args(argv).assets == "DIR"


def test_i13_simulate_reads_the_tileset_in_assets(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --assets the map is refused (its tileset lies outside); with it, it loads
    and simulate says there is nothing to fight (the map has no creatures)."""
    assert main(["simulate", "--language", "en", "--seed", "1", HOF]) == EXIT_INVALID
    assert "--assets DIR" in capsys.readouterr().err
    assert main(["simulate", "--language", "en", "--seed", "1", "--assets", SHARED, HOF]) == 1
    err = capsys.readouterr().err
    assert "nothing to fight" in err and "outside" not in err


def test_i13_print_reads_the_tileset_in_assets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "hof.pdf"
    assert main(["print", "--language", "en", HOF, "-o", str(pdf)]) == EXIT_INVALID
    assert not pdf.exists()
    code = main(["print", "--language", "en", "--assets", SHARED, HOF, "-o", str(pdf)])
    if code == EXIT_USAGE:  # this install cannot write PDFs
        pytest.skip(capsys.readouterr().err)
    assert code == EXIT_OK
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("command", ["print", "simulate"])
def test_i13_assets_must_be_a_folder(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    extra = ["-o", "x.pdf"] if command == "print" else ["--seed", "1"]
    assert main([command, "--language", "de", "--assets", HOF, HOF, *extra]) == EXIT_USAGE
    assert "ist kein Ordner" in capsys.readouterr().err


def _scenario(folder: Path, mission: str) -> Path:
    path = folder / "s.toml"
    path.write_text(f'[scenario]\ntitle = "t"\nmission = "{mission}"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["dretop-versteck", "dretop-versteck.toml"])
def test_i13_a_scenario_names_a_bundled_mission(tmp_path: Path, name: str) -> None:
    scenario = read_scenario(_scenario(tmp_path, name))
    assert scenario.setup.title == "Das Versteck der Dretop-Piraten"
    assert scenario.mission == name


def test_i13_a_file_beside_the_scenario_wins_over_a_bundled_mission(tmp_path: Path) -> None:
    shutil.copy(ROOT / "scenarios" / "missions" / "gang.toml", tmp_path / "dretop-versteck.toml")
    scenario = read_scenario(_scenario(tmp_path, "dretop-versteck.toml"))
    assert scenario.setup.title != "Das Versteck der Dretop-Piraten"
    assert scenario.setup.sides[0].name == "Helden"


def test_i13_a_scenario_still_cannot_leave_its_folder(tmp_path: Path) -> None:
    """A bundled name is a plain name; '..' is refused before any bundled look-up."""
    with pytest.raises(MissionError) as caught:
        read_scenario(_scenario(tmp_path, "../dretop-versteck.toml"))
    assert "scenario.mission" in caught.value.render("en")
