"""Issue 13, "Done when": a small seeded fuzz of the settings, seat and save readers.

Given a real autosave, its seats and a settings file, each damaged in seeded ways (cut,
bytes replaced, brackets and backslashes inserted, values swapped for odd JSON), the
readers give defaults, a game whose every seat names the match's sides, or a SaveError
naming the file — never another exception, never a hang. Damaged are an autosave with an
empty record and one of a fight after ~30 commands (the built-in policy's).

``KAMPFKARTE_FILES_FUZZ=N`` sets the cases per test (default 30), e.g. 3000 for a long run.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from game.match.saves import SaveError
from game.ui.session import SESSION_FILE, GameSession, autosave_dir
from game.ui.settings import Settings
from tests.ui.test_files_hardened_sessions import ANNA, BAERBEL, DEMO


def _fuzz_count() -> int:
    """Return the cases per test: $KAMPFKARTE_FILES_FUZZ (a whole number >= 1), else 30."""
    text = os.environ.get("KAMPFKARTE_FILES_FUZZ", "30")
    if not text.isdigit() or int(text) < 1:
        raise pytest.UsageError(
            f"KAMPFKARTE_FILES_FUZZ: expected a whole number >= 1, got {text!r}"
        )
    return int(text)


#: Cases per test (``KAMPFKARTE_FILES_FUZZ``).
COUNT = _fuzz_count()
#: Commands in the longer autosave the fuzz damages.
LONG_COMMANDS = 30
ODD_BYTES = b'[]{}"\\,:0-eE.\x00\xff\xc3tn'
ODD_VALUES: list[Any] = [
    None,
    True,
    -1,
    2**70,
    1e308,
    "",
    "\ud800",
    "x" * 500,
    [],
    {},
    [["freunde"]],
    {"sides": "freunde"},
    ["piraten", "piraten"],
]


def damaged(data: bytes, rng: random.Random) -> bytes:
    """Return ``data`` with one to three seeded injuries."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(max(1, len(out)))
        kind = rng.randrange(5)
        if kind == 0:
            del out[where:]
        elif kind == 1 and out:
            out[where] = rng.choice(ODD_BYTES)
        elif kind == 2:
            out[where:where] = rng.choice((b"[", b"{", b'"\\', b"\\")) * rng.randint(1, 300)
        elif kind == 3:
            out[where:where] = b'"\\ud800"'
        else:
            out[where:where] = out[where : where + rng.randint(1, 40)]
    return bytes(out)


def swapped(value: Any, rng: random.Random) -> Any:
    """Return a copy of ``value`` with one nested value replaced by an odd one."""
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(sorted(value))
        return {**value, key: swapped(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.7:
        index = rng.randrange(len(value))
        return [*value[:index], swapped(value[index], rng), *value[index + 1 :]]
    return rng.choice(ODD_VALUES)


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("home")
    session = GameSession.new(DEMO, home=home, seed=4)
    session.set_players([ANNA, BAERBEL])
    return json.loads((autosave_dir(home) / "autosave-1.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def long_original(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Return the autosave after LONG_COMMANDS commands of the built-in policy."""
    home = tmp_path_factory.mktemp("long")
    session = GameSession.new(DEMO, home=home, seed=4)
    session.set_players([ANNA, BAERBEL])
    for _ in range(LONG_COMMANDS):
        assert session.apply(session.ruleset.policy_command(session.battle)).ok
    document = json.loads((autosave_dir(home) / "autosave-1.json").read_text(encoding="utf-8"))
    assert len(document["commands"]) >= LONG_COMMANDS
    return document


def resumed_or_refused(home: Path) -> None:
    try:
        session = GameSession.resume(home)
    except SaveError as error:
        assert str(home) in str(error)  # the message names where it looked
        return
    sides = {side.key for side in session.match.setup.sides}
    assert {side for p in session.players for side in p.sides} == sides
    for side in sides:  # what the screen draws every frame
        session.views.fog(session.battle, [side])


@pytest.mark.rule("I13-3", "I13-4", "I13-5")
@pytest.mark.parametrize("seed", range(COUNT))
def test_i13_a_damaged_autosave_resumes_or_is_refused(
    tmp_path: Path, original: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    data = json.dumps(original, ensure_ascii=False).encode("utf-8")
    (autosave_dir(tmp_path) / "autosave-1.json").write_bytes(damaged(data, rng))
    resumed_or_refused(tmp_path)


@pytest.mark.rule("I13-3", "I13-4", "I13-5")
@pytest.mark.parametrize("seed", range(COUNT))
def test_i13_a_damaged_long_autosave_resumes_or_is_refused(
    tmp_path: Path, long_original: dict[str, Any], seed: int
) -> None:
    rng = random.Random(5000 + seed)
    data = json.dumps(long_original, ensure_ascii=False).encode("utf-8")
    (autosave_dir(tmp_path) / "autosave-1.json").write_bytes(damaged(data, rng))
    resumed_or_refused(tmp_path)


@pytest.mark.rule("I13-5")
@pytest.mark.parametrize("seed", range(COUNT))
def test_i13_5_odd_seats_in_a_save_seat_the_match_or_are_ignored(
    tmp_path: Path, original: dict[str, Any], seed: int
) -> None:
    rng = random.Random(1000 + seed)
    document = {**original, "seats": swapped(original["seats"], rng)}
    if not isinstance(document["seats"], dict):
        document["seats"] = {"players": document["seats"]}
    path = autosave_dir(tmp_path) / "autosave-1.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    resumed_or_refused(tmp_path)


@pytest.mark.rule("I13-3", "I13-5")
@pytest.mark.parametrize("seed", range(COUNT))
def test_i13_a_damaged_old_seat_file_never_stops_the_resume(
    tmp_path: Path, original: dict[str, Any], seed: int
) -> None:
    rng = random.Random(2000 + seed)
    document = dict(original)
    seats = document.pop("seats")
    folder = autosave_dir(tmp_path)
    (folder / "autosave-1.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / SESSION_FILE).write_bytes(damaged(json.dumps(seats).encode("utf-8"), rng))
    resumed_or_refused(tmp_path)


@pytest.mark.rule("I13-3", "I13-4")
@pytest.mark.parametrize("seed", range(COUNT + COUNT // 3))
def test_i13_a_damaged_settings_file_gives_settings(tmp_path: Path, seed: int) -> None:
    rng = random.Random(3000 + seed)
    good = json.dumps(
        {"language": "en", "dpi": 110.0, "sounds": True, "volume": 40, "window_w": 1600}
    ).encode("utf-8")
    (tmp_path / "settings.json").write_bytes(damaged(good, rng))
    settings = Settings.load(tmp_path)
    assert settings.language in ("de", "en") and 10 <= settings.volume <= 100
