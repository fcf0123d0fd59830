"""The CLI speaks one language (issue 12, point 7): --language, else the settings, else German."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.cli_language import MAX_SETTINGS_BYTES, cli_language

MAPS = Path(__file__).resolve().parent.parent / "maps"
MISSION = MAPS / "dretop-versteck.toml"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty game folder: no settings file yet."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    return tmp_path


def _settings(home: Path, language: object) -> None:
    (home / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")


def test_without_settings_the_cli_speaks_german(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_language(None) == "de"
    assert main(["check", str(MISSION)]) == 0
    out = capsys.readouterr().out
    assert "Regelwerk: entaria" in out and "Datei: " in out and "Seiten (" in out
    assert out.rstrip().endswith(f"{MISSION}: gültig")
    assert "Ruleset:" not in out and "valid" not in out.replace("gültig", "")


def test_the_settings_language_is_the_default(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _settings(home, "en")
    assert cli_language(None) == "en"
    assert main(["check", str(MISSION)]) == 0
    out = capsys.readouterr().out
    assert "Ruleset: entaria" in out and out.rstrip().endswith(f"{MISSION}: valid")
    assert "Regelwerk" not in out


def test_language_option_wins_over_the_settings(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _settings(home, "en")
    assert main(["check", str(MISSION), "--language", "de"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("gültig")
    assert main(["simulate", str(MISSION), "--seed", "1", "--rounds", "1", "--language", "de"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("(Startwert 1)")


@pytest.mark.parametrize("content", ['{"language": "fr"}', "not json", "[1, 2]", '{"language": 3}'])
def test_a_settings_file_that_names_no_known_language_means_german(
    home: Path, content: str
) -> None:
    (home / "settings.json").write_text(content, encoding="utf-8")
    assert cli_language(None) == "de"


def test_an_oversized_settings_file_is_not_read(home: Path) -> None:
    """Never an unbounded read: a settings file past the limit counts as none."""
    text = json.dumps({"language": "en", "pad": "x" * MAX_SETTINGS_BYTES})
    (home / "settings.json").write_text(text, encoding="utf-8")
    assert cli_language(None) == "de"


def test_simulate_follows_the_settings(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _settings(home, "en")
    assert main(["simulate", str(MISSION), "--seed", "1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("(seed 1)") and "Round" in out and "Runde" not in out


def test_import_and_print_messages_in_german(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(MISSION), "-o", str(tmp_path / "x.toml")]) == 2
    err = capsys.readouterr().err
    assert "ist schon eine Missionsdatei" in err and "already" not in err
    assert main(["import", str(MISSION), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "muss eine .toml-Datei nennen" in capsys.readouterr().err
    assert main(["play", str(tmp_path / "nirgends.toml")]) == 1
    assert "gibt es nicht" in capsys.readouterr().err
