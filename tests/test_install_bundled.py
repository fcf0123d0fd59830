"""Issue 13, "Installing": every command takes a bundled mission by name, from any folder.

``kampfkarte simulate dretop-versteck`` (also play, check, preview, print); a name that is
neither a file nor bundled is a clear error that lists the bundled names, in the
command's language. The shipped folders are found where a wheel puts them.
"""

from __future__ import annotations

import json
import sysconfig
from pathlib import Path

import pytest

from game.cli import main
from game.match import places
from game.match.places import shipped_dir
from game.missions.bundled import (
    UnknownMission,
    bundled_maps_dir,
    bundled_mission,
    bundled_names,
    find_mission,
)

MAPS = Path(__file__).resolve().parent.parent / "maps"
BUNDLED = sorted(p.stem for p in MAPS.glob("*.toml"))


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from a folder that is not the repository, with a home of its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_bundled_names_are_the_missions_in_maps() -> None:
    assert bundled_names() == BUNDLED and "dretop-versteck" in BUNDLED
    assert bundled_maps_dir() == MAPS  # a checkout: maps/ beside the package


def test_a_name_with_or_without_toml_finds_the_bundled_file() -> None:
    assert find_mission("dretop-versteck") == MAPS / "dretop-versteck.toml"
    assert bundled_mission("strassenkampf.toml") == MAPS / "strassenkampf.toml"
    assert bundled_mission("maps/strassenkampf") is None  # a name, not a path
    assert bundled_mission("README") is None  # only missions


def test_a_file_wins_over_a_bundled_name(tmp_path: Path) -> None:
    (tmp_path / "strassenkampf").write_text("", encoding="utf-8")
    assert find_mission("strassenkampf") == Path("strassenkampf")


def test_an_unknown_name_lists_the_bundled_ones() -> None:
    with pytest.raises(UnknownMission) as caught:
        find_mission("dretop")
    assert caught.value.bundled == BUNDLED
    for language in ("de", "en"):
        assert all(name in caught.value.text(language) for name in BUNDLED)
    assert "gibt es nicht" in caught.value.text("de")
    assert "no such mission file: dretop" in caught.value.text("en")


def test_check_and_simulate_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "dretop-versteck", "--language", "en"]) == 0
    assert f"{MAPS / 'dretop-versteck.toml'}: valid" in capsys.readouterr().out
    assert main(["simulate", "dretop-versteck", "--seed", "2", "--quiet", "--language", "en"]) == 0
    assert capsys.readouterr().out.strip()


def test_check_json_by_name_and_an_unknown_name_in_its_object(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--json", "strassenkampf", "nirgends", "--language", "en"]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["file"] == str(MAPS / "strassenkampf.toml") and first["valid"] is True
    assert second["file"] == "nirgends" and second["valid"] is False


@pytest.mark.parametrize("command", ["play", "preview", "check", "simulate", "print"])
def test_an_unknown_name_is_a_clear_error(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    extra = {"simulate": ["--seed", "1"], "print": ["-o", "x.pdf"]}.get(command, [])
    assert main([command, "nirgends", *extra, "--language", "en"]) == 1
    err = capsys.readouterr().err
    assert f"kampfkarte {command}: no such mission file: nirgends" in err
    assert ", ".join(BUNDLED) in err and "Traceback" not in err


def test_play_by_name_reaches_the_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The name becomes the bundled file, checked before the window opens; --frames passes."""
    import game.ui.play as play

    seen: list[tuple[Path | None, int | None]] = []
    monkeypatch.setattr(
        play, "run_play_command", lambda m, *, seed, frames: seen.append((m, frames)) or 0
    )
    assert main(["play", "dretop-versteck", "--frames", "1"]) == 0
    assert seen == [(MAPS / "dretop-versteck.toml", 1)]
    assert main(["play", "--help"]) == 0
    assert "--frames" not in capsys.readouterr().out  # hidden from the players' help


def test_print_by_name(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "map.pdf"
    assert main(["print", "musa-lager", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_a_wheels_data_folder_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a checkout beside the package, share/kampfkarte/ of the environment is used."""
    data = tmp_path / "env"
    (data / "share" / "kampfkarte" / "maps").mkdir(parents=True)
    (data / "share" / "kampfkarte" / "maps" / "demo.toml").write_text("", encoding="utf-8")
    real_get_path = sysconfig.get_path

    def get_path(name: str, scheme: str | None = None) -> str:
        if name == "data" and scheme is None:
            return str(data)
        return real_get_path(name, scheme) if scheme else real_get_path(name)

    monkeypatch.setattr(sysconfig, "get_path", get_path)
    assert shipped_dir("maps", "demo.toml") == data / "share" / "kampfkarte" / "maps"
    candidates = places.shipped_candidates("nothing")
    with pytest.raises(FileNotFoundError) as missing:
        shipped_dir("nothing", "x.toml")
    assert all(str(c) in str(missing.value) for c in candidates)  # says where it looked
