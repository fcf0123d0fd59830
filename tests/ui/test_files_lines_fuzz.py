"""Issue 13: the seeded fuzz of the save reader, on autosaves in lines (format 2).

Given the autosave of a fight after ~30 commands written in lines (``LINES_FROM`` set
to 0), damaged in seeded ways: as it is, the checksum refuses it with a SaveError naming
the file; with the checksum made to fit the damage (a crafted file), the head, the
record and the log lines are read on demand and the background verification settles —
a SaveError, a game whose seats name the match's sides, never another exception.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from game.match import saves
from game.match.saves import SaveError
from game.ui.session import GameSession, autosave_dir
from tests.ui.test_files_hardened_fuzz import COUNT, LONG_COMMANDS, damaged
from tests.ui.test_files_hardened_sessions import ANNA, BAERBEL, DEMO


@pytest.fixture(scope="module")
def in_lines(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """Return the autosave after LONG_COMMANDS commands of the built-in policy, in lines."""
    home = tmp_path_factory.mktemp("lines")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(saves, "LINES_FROM", 0)
        session = GameSession.new(DEMO, home=home, seed=4)
        session.set_players([ANNA, BAERBEL])
        for _ in range(LONG_COMMANDS):
            assert session.apply(session.ruleset.policy_command(session.battle)).ok
    data = (autosave_dir(home) / "autosave-1.json").read_bytes()
    head = json.loads(data.split(b"\n", 1)[0])
    assert head["version"] == 2 and head["commands"] == "~lines"
    return data


def _fitting_checksum(data: bytes) -> bytes:
    """Return ``data`` with the head's checksum made to fit its body (when the head reads)."""
    first, _, body = data.partition(b"\n")
    try:
        head = json.loads(first)
        head["lines"]["sha256"] = hashlib.sha256(body).hexdigest()
    except (ValueError, TypeError, KeyError):
        return data  # the head itself is damaged: nothing to fit
    return json.dumps(head, separators=(",", ":")).encode() + b"\n" + body


def _resumed_settled_or_refused(home: Path) -> None:
    try:
        session = GameSession.resume(home)
    except SaveError as error:
        assert str(home) in str(error)  # the message names where it looked
        return
    session.match.settle()  # the background verification, at once
    sides = {side.key for side in session.match.setup.sides}
    assert {side for p in session.players for side in p.sides} == sides
    for side in sides:  # what the screen draws every frame
        session.views.fog(session.battle, [side])
    assert all(isinstance(event.kind, str) for event in session.battle.log)  # every entry reads


@pytest.mark.rule("I13-3", "I13-4")
@pytest.mark.parametrize("seed", range(COUNT))
def test_issue13_a_damaged_autosave_in_lines_is_refused_by_its_checksum(
    tmp_path: Path, in_lines: bytes, seed: int
) -> None:
    bad = damaged(in_lines, random.Random(7000 + seed))
    (autosave_dir(tmp_path) / "autosave-1.json").write_bytes(bad)
    if bad.split(b"\n", 1)[-1] == in_lines.split(b"\n", 1)[-1]:
        _resumed_settled_or_refused(tmp_path)  # only the head was hurt
        return
    with pytest.raises(SaveError):
        GameSession.resume(tmp_path)


@pytest.mark.rule("I13-3", "I13-4")
@pytest.mark.parametrize("seed", range(COUNT))
def test_issue13_a_crafted_autosave_in_lines_resumes_or_is_refused(
    tmp_path: Path, in_lines: bytes, seed: int
) -> None:
    bad = _fitting_checksum(damaged(in_lines, random.Random(8000 + seed)))
    (autosave_dir(tmp_path) / "autosave-1.json").write_bytes(bad)
    _resumed_settled_or_refused(tmp_path)
