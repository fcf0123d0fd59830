"""The kampfkarte command line: subcommands, exit codes, a game master's path through it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main

DATA = Path(__file__).resolve().parent / "missions" / "data"
MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_help_lists_every_planned_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    for name in ("play", "preview", "check", "import", "print", "simulate", "bench"):
        assert name in text


@pytest.mark.parametrize("name", ["play", "preview", "simulate"])
def test_unbuilt_subcommands_say_so_and_exit_2(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([name]) == 2
    assert "not built yet" in capsys.readouterr().err


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage" in capsys.readouterr().out


def test_unknown_option_is_a_usage_error() -> None:
    assert main(["check"]) == 2


@pytest.mark.parametrize("mission", sorted(MAPS.glob("*.toml")), ids=lambda p: p.name)
def test_bundled_missions_check_valid(mission: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(mission)]) == 0
    assert "valid" in capsys.readouterr().out


def test_check_unknown_file_type_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "unknown mission file type" in capsys.readouterr().out


def test_import_then_check_a_dungeondraft_map(tmp_path: Path) -> None:
    out = tmp_path / "tavern" / "tavern.toml"
    assert main(["import", str(DATA / "tavern.dd2vtt"), "-o", str(out)]) == 0
    assert out.is_file() and (out.parent / "tavern.png").is_file()
    assert main(["check", str(out)]) == 0


def test_import_needs_a_toml_output(tmp_path: Path) -> None:
    assert main(["import", str(DATA / "skirmish.tmx"), "-o", str(tmp_path / "x.pdf")]) == 2


def test_import_of_a_missing_file_exits_1(tmp_path: Path) -> None:
    assert main(["import", str(tmp_path / "none.uvtt"), "-o", str(tmp_path / "x.toml")]) == 1


def test_print_a_bundled_mission(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "map.pdf"
    assert main(["print", str(MAPS / "dretop-versteck.toml"), "-o", str(out), "--paper", "A3"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
