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


def test_preview_needs_a_mission_and_a_missing_file_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["preview"]) == 2
    assert main(["preview", str(tmp_path / "nope.toml")]) == 1
    assert "nope.toml" in capsys.readouterr().err


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage" in capsys.readouterr().out


def test_unknown_option_is_a_usage_error() -> None:
    assert main(["check"]) == 2


@pytest.mark.parametrize("mission", sorted(MAPS.glob("*.toml")), ids=lambda p: p.name)
def test_bundled_missions_check_valid(mission: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(mission), "--language", "en"]) == 0
    assert "valid" in capsys.readouterr().out


def test_check_takes_several_missions_and_fails_when_one_is_invalid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missions = [str(p) for p in sorted(MAPS.glob("*.toml"))]
    assert main(["check", *missions, "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert out.count("\nRuleset: ") == len(missions)
    assert out.count("Ruleset: wrs = WRS (combat rounds)") == sum("wrs-" in m for m in missions)
    assert [line for line in out.splitlines() if line.endswith(": valid")] == [
        f"{m}: valid" for m in missions
    ]
    bad = tmp_path / "xyz.toml"
    bad.write_text(
        (MAPS / "dretop-versteck.toml")
        .read_text(encoding="utf-8")
        .replace('ruleset = "entaria"\n', 'ruleset = "xyz"\n', 1),
        encoding="utf-8",
    )
    assert main(["check", missions[0], str(bad), "--language", "en"]) == 1
    out = capsys.readouterr().out
    known = "'entaria', 'entaria-schnell', 'genesis', 'wrs'"
    assert f"unknown ruleset 'xyz'; expected one of {known}" in out
    assert out.rstrip().endswith(f"{bad}: invalid (1 error)")


def test_check_unknown_file_type_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello", encoding="utf-8")
    assert main(["check", str(bad), "--language", "en"]) == 1
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


def test_check_and_import_report_an_over_long_integer_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 5000-digit number is a located error (exit 1), never a traceback."""
    text = (MAPS / "dretop-versteck.toml").read_text(encoding="utf-8")
    width = next(line for line in text.splitlines() if line.startswith("width = "))
    bad = tmp_path / "long.toml"
    bad.write_text(text.replace(width, "width = " + "9" * 5000, 1), encoding="utf-8")
    assert main(["check", str(bad), "--language", "en"]) == 1
    out = capsys.readouterr().out
    assert "error: TOML syntax error: a number of 5000 digits; expected at most 4300" in out
    assert "Traceback" not in out


def test_import_refuses_a_native_mission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .toml is already a mission: import says so instead of copying it half (no image)."""
    source = MAPS / "dretop-versteck.toml"
    out = tmp_path / "copy.toml"
    assert main(["import", str(source), "-o", str(out), "--language", "en"]) == 2
    assert "is already a mission file (.toml)" in capsys.readouterr().err
    assert not out.exists()


def test_import_writes_only_a_mission_that_loads_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An importer's mission the native reader would refuse is reported, and nothing written."""
    from dataclasses import replace

    import game.missions.loader as loader

    real = loader.load_any

    def with_bad_title(path: object, **kwargs: object) -> loader.LoadedMission:
        loaded = real(path, **kwargs)  # type: ignore[arg-type]
        return replace(loaded, mission=replace(loaded.mission, title="x" * 300))

    monkeypatch.setattr(loader, "load_any", with_bad_title)
    out = tmp_path / "tavern" / "tavern.toml"
    assert main(["import", str(DATA / "tavern.dd2vtt"), "-o", str(out), "--language", "en"]) == 1
    assert "mission.title has 300 characters; expected at most 200" in capsys.readouterr().err
    assert not out.parent.exists() or list(out.parent.iterdir()) == []


@pytest.mark.parametrize("repeats", ["0", "-3", "many"])
def test_bench_needs_a_positive_number_of_repeats(
    repeats: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "--repeats", repeats]) == 2
    assert "--repeats" in capsys.readouterr().err


def test_bench_figures_survive_a_zero_median() -> None:
    """A call too fast for the timer must not divide by zero; a timing needs a run."""
    from game.bench import _ratio
    from game.match.bench_table import timed

    assert _ratio(2.0, 0.0) == "ratio ours/libtcod: libtcod too fast to time"
    assert _ratio(3.0, 1.5) == "ratio ours/libtcod 2.0"
    with pytest.raises(ValueError, match="at least one run"):
        timed(lambda: None, 0)
