"""An error about a file that is no mission shows nothing of it (issue 13 point 11).

A save may name any file as its mission (``/etc/passwd``); the loader's error used to
echo a line of it ("the line reads: root:x:0:0:..."). Now a file that is no mission
is said to be none, with its place (line, column) but no word of its content.
Input: ``tests/missions/data_real/not_a_mission/accounts.toml`` (passwd-shaped).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.match.problems import MissionError
from game.missions.loader import load_any

REAL = Path(__file__).resolve().parent / "data_real"
ACCOUNTS = REAL / "not_a_mission" / "accounts.toml"
#: Words of the passwd-shaped file that must never reach a message.
SECRETS = ("root:", "<root>", '"root"', "daemon", "/bin/bash", "nologin", "x:0:0")


def _said(path: Path) -> list[str]:
    """Return every text of every problem loading ``path`` gives (both languages)."""
    with pytest.raises(MissionError) as caught:
        load_any(path)
    problems = caught.value.problems
    return [p.text(language) for p in problems for language in ("en", "de")] + [
        p.key or "" for p in problems
    ]


def _assert_silent(texts: list[str]) -> None:
    for text in texts:
        for secret in SECRETS:
            assert secret not in text, text


def test_issue13_point11_a_passwd_shaped_toml_echoes_no_line() -> None:
    texts = _said(ACCOUNTS)
    _assert_silent(texts)
    assert texts[0].startswith("this file is not a mission: it is no TOML")
    assert texts[1].startswith("diese Datei ist keine Mission")


def test_issue13_point11_the_place_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` still says where tomllib stopped: line 1, column 5."""
    assert main(["check", "--language", "en", str(ACCOUNTS)]) == 1
    out = capsys.readouterr().out
    assert "accounts.toml:1:5:" in out
    _assert_silent([out.replace(str(ACCOUNTS), "")])


def test_issue13_point11_valid_toml_without_mission_tables_names_no_key(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('root_password = "hunter2"\n[daemon]\nuser = "root"\n', encoding="utf-8")
    texts = _said(path)
    _assert_silent(texts)
    assert not any("hunter2" in t or "root_password" in t for t in texts)
    assert texts[0] == (
        "this file is not a mission: it has neither [mission] nor [map]; expected a "
        "mission file with both"
    )


def test_issue13_point11_a_mission_keeps_its_line_in_syntax_errors(tmp_path: Path) -> None:
    """A file with [mission] is a mission: its broken line is still shown to help fix it."""
    path = tmp_path / "kaputt.toml"
    path.write_text('[mission]\ntitle = "Keller\n', encoding="utf-8")
    assert any('title = "Keller' in text for text in _said(path))


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("passwd", "root:x:0:0:root:/root:/bin/bash\n"),
        ("accounts.json", "root:x:0:0:root:/root:/bin/bash\n"),
        ("accounts.tmx", "<accounts><root>x:0:0 /bin/bash</root></accounts>\n"),
        ("accounts.tsx.tmx", '<tileset name="root"><tile id="0"/></tileset>\n'),
        ("accounts.dd2vtt", '{"root": "x:0:0", "daemon": "/bin/bash"}\n'),
    ],
)
def test_issue13_point11_no_reader_echoes_a_file_that_is_no_map(
    tmp_path: Path, name: str, content: str
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    _assert_silent(_said(path))


def test_issue13_point11_the_real_etc_passwd() -> None:
    passwd = Path("/etc/passwd")
    if not passwd.is_file():
        pytest.skip("no /etc/passwd here")
    texts = _said(passwd)
    assert not any(
        line and line in text for line in passwd.read_text().splitlines()[:5] for text in texts
    )
