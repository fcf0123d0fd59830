"""``kampfkarte import`` never overwrites a mission or its picture unless ``--force`` is given.

A game master who edited an imported mission by hand and imports again by mistake keeps
the edits: the command names each file that exists and writes nothing, not even the
picture. With ``--force`` both are replaced, atomically (no temporary file is left).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import build_parser, main

DATA = Path(__file__).resolve().parent / "missions" / "data"
TAVERN = DATA / "tavern.dd2vtt"  # a Dungeondraft export with a background picture


def imported(tmp_path: Path) -> tuple[Path, Path]:
    """Import the tavern into ``tmp_path``; return the mission and its picture."""
    out = tmp_path / "tavern.toml"
    assert main(["import", str(TAVERN), "-o", str(out)]) == 0
    pictures = [p for p in tmp_path.iterdir() if p.suffix == ".png"]
    assert len(pictures) == 1, pictures
    return out, pictures[0]


def test_a_second_import_keeps_the_hand_edited_mission_and_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mission, picture = imported(tmp_path)
    mission.write_text(mission.read_text(encoding="utf-8") + "# hand edit\n", encoding="utf-8")
    picture.write_bytes(b"painted over")
    capsys.readouterr()
    assert main(["import", str(TAVERN), "-o", str(mission), "--language", "en"]) == 1
    err = capsys.readouterr().err
    assert mission.read_text(encoding="utf-8").endswith("# hand edit\n")
    assert picture.read_bytes() == b"painted over"
    assert f"{mission} already exists" in err and f"{picture} already exists" in err
    assert "--force" in err
    assert "nothing written" in err
    assert main(["import", str(TAVERN), "-o", str(mission), "--language", "de"]) == 1
    err = capsys.readouterr().err  # one language at a time (issue 12, point 7)
    assert f"die Datei {mission} gibt es schon" in err and "already exists" not in err


def test_the_picture_is_not_written_when_the_mission_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mission, picture = imported(tmp_path)
    picture.unlink()
    before = mission.read_bytes()
    capsys.readouterr()
    assert main(["import", str(TAVERN), "-o", str(mission), "--language", "en"]) == 1
    assert not picture.exists()
    assert mission.read_bytes() == before
    err = capsys.readouterr().err
    assert f"{mission} already exists" in err and str(picture) not in err


def test_an_existing_picture_alone_refuses_the_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mission, picture = imported(tmp_path)
    mission.unlink()
    picture.write_bytes(b"a picture the game master drew")
    capsys.readouterr()
    assert main(["import", str(TAVERN), "-o", str(mission), "--language", "en"]) == 1
    assert not mission.exists()
    assert picture.read_bytes() == b"a picture the game master drew"
    assert f"{picture} already exists" in capsys.readouterr().err


def test_force_replaces_both_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    mission, picture = imported(tmp_path)
    fresh_mission, fresh_picture = mission.read_bytes(), picture.read_bytes()
    mission.write_text("# hand edit\n", encoding="utf-8")
    picture.write_bytes(b"painted over")
    assert main(["import", str(TAVERN), "-o", str(mission), "--force"]) == 0
    assert mission.read_bytes() == fresh_mission
    assert picture.read_bytes() == fresh_picture
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mission.name, picture.name])


def test_force_into_an_empty_folder_is_an_ordinary_import(tmp_path: Path) -> None:
    out = tmp_path / "new" / "tavern.toml"
    assert main(["import", str(TAVERN), "-o", str(out), "--force"]) == 0
    assert out.is_file()


def test_import_help_explains_force(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--force" in text
    assert "not overwritten unless --force is given" in text
    args = build_parser().parse_args(["import", "a.dd2vtt", "-o", "a.toml"])
    assert args.force is False
