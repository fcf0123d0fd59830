"""A snapshot load builds no command (issue 13, "Long fights"): the Verifier builds them.

The save's commands stay raw JSON at load (``LazyCommands``); each is built and checked
as the Verifier replays it. A command that does not read is refused when the Verifier
reaches it: the replay wins on the screen, and a load that verifies at once is refused
with the same message as a save without a snapshot.
"""

from __future__ import annotations

import gc
import random
from pathlib import Path
from typing import Any

import pytest

from game.match.lazy_commands import LazyCommands
from game.match.record import Match
from game.match.saves import SaveError, read_save
from game.rulesets.entaria.bench import big_setup
from game.rulesets.entaria.bench_long import grow
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_snapshot_load import RULESETS, load, save_of
from tests.save_files import edit_save, read_document, write_document

BAD_AT = 1500


@pytest.fixture(scope="module")
def long_match() -> Match:
    """A fight of BAD_AT + 20 commands (the bench's mix, which keeps the fight going)."""
    match = Match(ENTARIA, big_setup(13, side=30, creatures=12), CATALOGUE, 13)
    grow(match, random.Random(13), BAD_AT + 20)
    assert len(match.commands) == BAD_AT + 20
    return match


def _broken(path: Path, *, keep_resume: bool = True) -> Path:
    """Write the save at ``path`` again with command BAD_AT of an unknown kind."""

    def change(document: dict[str, Any]) -> None:
        document["commands"][BAD_AT] = {"kind": "nope"}
        if not keep_resume:
            del document["resume"]

    return edit_save(path, change, path.with_name(f"broken-{keep_resume}.json"))


def test_issue13_a_snapshot_load_builds_no_command(long_match: Match, tmp_path: Path) -> None:
    """Load builds 0 commands; the Verifier builds each as it replays, then a plain list."""
    loaded = load(save_of(long_match, tmp_path), long_match)
    commands = loaded.data.commands
    assert isinstance(commands, LazyCommands)
    assert commands.built == 0 and len(commands) == len(long_match.commands)
    assert loaded.match.replayed == 0
    verifier = loaded.verifier
    assert verifier is not None
    verifier.step(10)
    assert commands.built == 10
    verifier.finish()
    assert not verifier.replay_won and commands.built == len(long_match.commands)
    assert type(loaded.match.battle.record) is list
    assert loaded.match.commands == long_match.commands


def test_issue13_a_save_without_snapshot_is_read_at_once(long_match: Match, tmp_path: Path) -> None:
    """Without ``resume`` every command is built and checked when the save is read."""
    with pytest.raises(SaveError) as caught:
        read_save(_broken(save_of(long_match, tmp_path), keep_resume=False), RULESETS)
    assert caught.value.where == f"$.commands[{BAD_AT}]"


def test_issue13_a_bad_command_is_refused_when_verified(long_match: Match, tmp_path: Path) -> None:
    """The screen's load succeeds; the Verifier refuses command BAD_AT and the replay wins."""
    broken = _broken(save_of(long_match, tmp_path))
    loaded = load(broken, long_match)
    verifier = loaded.verifier
    assert verifier is not None and verifier.step(BAD_AT) is False  # 0..BAD_AT-1 replay
    verifier.finish()
    assert verifier.replay_won and verifier.error is not None
    assert verifier.error.index == BAD_AT
    assert verifier.unreadable is not None
    assert verifier.unreadable.where == f"$.commands[{BAD_AT}]"
    assert len(loaded.match.commands) == BAD_AT  # the replay (up to the bad one) won


def test_issue13_verifying_at_once_refuses_with_the_read_message(
    long_match: Match, tmp_path: Path
) -> None:
    """A load that verifies now refuses the save with the message of an eager read."""
    saved = save_of(long_match, tmp_path)
    with pytest.raises(SaveError) as eager:
        read_save(_broken(saved, keep_resume=False), RULESETS)
    with pytest.raises(SaveError) as caught:
        load(_broken(saved), long_match, later=False)
    assert caught.value.where == eager.value.where == f"$.commands[{BAD_AT}]"
    assert caught.value.texts == eager.value.texts
    assert str(caught.value).replace("broken-True", "broken-False") == str(eager.value)


def test_issue13_the_collector_runs_again_after_a_load(long_match: Match, tmp_path: Path) -> None:
    """The load pauses the cycle collector while it parses and restores, never for good."""
    assert gc.isenabled()
    saved = save_of(long_match, tmp_path)
    loaded = load(saved, long_match)
    assert gc.isenabled() and loaded.verifier is not None
    saved.write_text("{", encoding="utf-8")
    with pytest.raises(SaveError):
        load(saved, long_match)
    assert gc.isenabled()
    gc.disable()
    try:  # a caller that paused it itself keeps it paused
        load(save_of(long_match, tmp_path), long_match)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(("field", "value"), [("actor", 7), ("data", {"~t": []}), ("de", None)])
def test_issue13_a_bad_log_event_still_makes_the_snapshot_unusable(
    long_match: Match, tmp_path: Path, field: str, value: object
) -> None:
    """The quick event path refuses what the checked one does, naming the event's path.

    (A save in one document; a save in lines checks its log as it verifies:
    ``test_save_lines``.)
    """
    saved = save_of(long_match, tmp_path)
    document, _ = read_document(saved)
    document["resume"]["game"]["log"][5][field] = value
    write_document(saved, document, [])  # one JSON document
    loaded = load(saved, long_match)
    assert loaded.verifier is None  # not restored: the record was replayed
    assert any("$.resume.game.log[5]" in str(w) for w in loaded.warnings)
