"""The CLI prints the loaders' problems in its language (issue 12 point 7, "i12")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

BROKEN = """\
[mission]
title = "Kaputt"

[map]
width = "drei"
height = 2
rows = ["..", ".."]
"""

ENGLISH_WORDS = ("expected", "found", "error:", "Errors (")


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A mission whose map width is a text, and no settings file."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    path = tmp_path / "kaputt.toml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def test_i12_check_in_german_prints_german_problems(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(broken), "--language", "de"]) == 1
    out = capsys.readouterr().out
    assert "Fehler (" in out and ": Fehler: " in out and "erwartet" in out and "gefunden" in out
    for word in ENGLISH_WORDS:
        assert word not in out, word


def test_i12_check_in_english_prints_english_problems(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(broken), "--language", "en"]) == 1
    out = capsys.readouterr().out
    assert "Errors (" in out and ": error: " in out and "expected" in out
    assert "erwartet" not in out and "Fehler" not in out


def test_i12_check_follows_the_settings_language(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (broken.parent / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    assert main(["check", str(broken)]) == 1
    assert "expected" in capsys.readouterr().out


@pytest.mark.parametrize(("language", "word"), [("de", "erwartet"), ("en", "expected")])
def test_i12_check_json_adds_the_text_in_the_chosen_language(
    broken: Path, capsys: pytest.CaptureFixture[str], language: str, word: str
) -> None:
    assert main(["check", "--json", "--language", language, str(broken)]) == 1
    data = json.loads(capsys.readouterr().out)
    [error] = data["errors"]
    assert error["key"] == "map.width"
    assert "expected" in error["message"]  # message stays English for scripts
    assert word in error["text"]


def test_i12_simulate_prints_problems_in_german(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", str(broken), "--seed", "1", "--language", "de"]) == 1
    err = capsys.readouterr().err
    assert "Fehler" in err and "erwartet" in err and "expected" not in err


def test_i12_import_prints_problems_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    bad = tmp_path / "kaputt.uvtt"
    bad.write_text("{ nicht json", encoding="utf-8")
    out = tmp_path / "out.toml"
    assert main(["import", str(bad), "-o", str(out), "--language", "de"]) == 1
    err = capsys.readouterr().err
    assert "Fehler" in err and "error" not in err
    assert not out.exists()


def test_i12_an_unknown_file_type_in_german(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = broken.with_suffix(".txt")
    other.write_text("x", encoding="utf-8")
    assert main(["check", str(other), "--language", "de"]) == 1
    out = capsys.readouterr().out
    assert "unbekannte Art von Missionsdatei '.txt'; erwartet:" in out


def test_i12_an_unknown_creature_type_in_german(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mission = Path(__file__).resolve().parent.parent / "maps" / "dretop-versteck.toml"
    text = mission.read_text(encoding="utf-8")
    first_type = next(line for line in text.splitlines() if line.startswith("type = "))
    broken.write_text(text.replace(first_type, 'type = "drache"', 1), encoding="utf-8")
    assert main(["check", str(broken), "--language", "de"]) == 1
    out = capsys.readouterr().out
    assert "die Wesensart 'drache' ist unbekannt" in out and "erwartet: ein Wesen" in out
    assert "unknown creature type" not in out


SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def test_i12_the_scenario_runner_speaks_german(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(SCENARIOS / "ex-dmg-1.toml"), "--language", "de"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Szenario ") and "(Regelwerk entaria, Mission inline" in lines[0]
    assert lines[-1].startswith("Zusammenfassung: ") and "fehlgeschlagen" in lines[-1]
    assert not any(word in " ".join(lines) for word in ("summary", "ruleset", " after command"))


def test_i12_the_scenario_runner_speaks_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(SCENARIOS / "ex-dmg-1.toml"), "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("scenario ") and "(ruleset entaria, mission inline" in lines[0]
    assert lines[-1].startswith("summary: ")


def test_i12_a_failing_expectation_reads_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "ex-dmg-1.toml").read_text(encoding="utf-8")
    path = tmp_path / "case.toml"
    wrong = text.replace("equals = 3", "equals = 4")
    path.write_text(wrong, encoding="utf-8")
    assert main(["scenario", str(path), "--language", "de"]) == 1
    out = capsys.readouterr().out
    assert "FEHLER: erwartet: creatures[key=dealer].lp = 4, aber: 3" in out
    assert "FAIL" not in out and "expected" not in out


def test_i12_a_broken_scenario_file_reads_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kaputt.toml"
    path.write_text("[scenario\n", encoding="utf-8")
    assert main(["scenario", str(path), "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "Fehler: TOML-Syntaxfehler" in err and "ist kein gültiges Szenario" in err


def test_i12_play_prints_a_broken_missions_problems_in_german(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", str(broken), "--language", "de"]) == 1  # before any window opens
    err = capsys.readouterr().err
    assert ": Fehler: map.width: gefunden: der Text 'drei'" in err and "expected" not in err


def test_i12_a_scenario_files_own_mistakes_read_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "ex-dmg-1.toml").read_text(encoding="utf-8")
    path = tmp_path / "case.toml"
    path.write_text(text.replace('kind = "attack"', 'kind = "atack"', 1), encoding="utf-8")
    assert main(["scenario", str(path), "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "die Befehlsart 'atack' ist unbekannt (vielleicht 'attack'?)" in err
    assert "unknown command kind" not in err


def test_i12_a_scenario_commands_field_reads_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "ex-dmg-1.toml").read_text(encoding="utf-8")
    path = tmp_path / "case.toml"
    path.write_text(text.replace('target = "dealer"\n', "target = 7\n", 1), encoding="utf-8")
    assert main(["scenario", str(path), "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "attack.target: erwartet: ein Text, gefunden: 7" in err
    assert main(["scenario", str(path), "--language", "en"]) == 2
    assert "attack.target: expected text, found 7" in capsys.readouterr().err
