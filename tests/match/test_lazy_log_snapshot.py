"""A snapshot load decodes no logged event (issue 13, "Long fights"): the log is a LazyLog.

The events are checked at load as they were decoded before (``decodable``: nothing is
built), so a bad one still makes the snapshot unusable with the same path and reason;
each is decoded when first read. A verified match writes the raw events again as they
were read. Undo after the load takes the log's prefix without decoding it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match import snapshot_parts
from game.match.lazy_log import LazyLog
from game.match.record import Match
from game.match.snapshot_codec import MAX_DEPTH, SnapshotError, decode
from game.match.snapshot_load import resume_document
from game.match.snapshot_valid import decodable
from game.rulesets.entaria.bench import big_setup
from game.rulesets.entaria.bench_long import grow
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_snapshot_load import load, save_of


@pytest.fixture(scope="module")
def long_match() -> Match:
    """A fight of 300 commands (the bench's mix)."""
    match = Match(ENTARIA, big_setup(17, side=30, creatures=12), CATALOGUE, 17)
    grow(match, random.Random(17), 300)
    return match


def test_issue13_a_snapshot_load_decodes_no_event(long_match: Match, tmp_path: Path) -> None:
    """Given a save of 300 commands, the restored log holds every event, none decoded."""
    loaded = load(save_of(long_match, tmp_path), long_match)
    log = loaded.match.battle.log
    assert isinstance(log, LazyLog)
    assert len(log) == len(long_match.battle.log) and log.pending == len(log)
    assert log[5] is log[5] and log.pending == len(log) - 1
    assert [e.to_dict() for e in log] == [e.to_dict() for e in long_match.battle.log]


def test_issue13_a_verified_load_writes_the_raw_events_again(
    long_match: Match, tmp_path: Path
) -> None:
    """After verification the snapshot written equals the original's; nothing was decoded."""
    loaded = load(save_of(long_match, tmp_path), long_match)
    loaded.match.settle()
    assert loaded.verifier is not None and not loaded.verifier.replay_won
    log = loaded.match.battle.log
    assert isinstance(log, LazyLog) and log.pending == len(log)
    again = resume_document(loaded.match)
    assert again == resume_document(long_match)
    assert log.pending == len(log)


def test_issue13_play_on_and_undo_after_a_load_keep_the_log(
    long_match: Match, tmp_path: Path
) -> None:
    """Undo after a load resumes a checkpoint with the log's prefix; redo gives it back."""
    loaded = load(save_of(long_match, tmp_path), long_match)
    match = loaded.match
    match.undo()
    assert len(match.battle.log) == long_match.log_marks[-2]
    match.redo()
    assert [e.to_dict() for e in match.battle.log] == [e.to_dict() for e in long_match.battle.log]
    again, original = resume_document(match), resume_document(long_match)
    assert again is not None and original is not None
    assert again["game"]["log"] == original["game"]["log"]


def _nested(value: Any, levels: int) -> Any:
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_DATA: list[Any] = [
    {"deep": _nested(1, 50)},  # beyond the snapshot's 40 levels
    {"deep": _nested({"~t": 1}, 3)},  # a tuple tag without a list
    {"x": {"~t": [], "y": 1}},  # a tag beside other keys
    {"x": {"~d": [[1]]}},  # an int-keyed dict with a broken pair
    {"x": {"~d": [["a", 1]]}},  # ... with a text key
    {"~t": [1]},  # a tuple where the event's data is a dict
    {"~d": "no"},
]


@pytest.mark.parametrize("data", HOSTILE_DATA)
def test_issue13_a_bad_event_is_refused_at_load_as_before(data: Any) -> None:
    """The lazy check refuses what the decode refused, with the same path and reason."""
    events: list[Any] = [{"kind": "k", "de": "d", "en": "e", "actor": None, "data": {}}] * 3
    events = [*events, {"kind": "k", "de": "d", "en": "e", "actor": "a", "data": data}]
    with pytest.raises(SnapshotError) as eager:
        snapshot_parts.events_of(events, "$.log")
    with pytest.raises(SnapshotError) as lazy:
        snapshot_parts.lazy_events(events, "$.log")
    assert (lazy.value.where, lazy.value.reason) == (eager.value.where, eager.value.reason)
    assert lazy.value.where.startswith("$.log[3]")


def test_issue13_an_int_keyed_data_dict_still_reads() -> None:
    """Data written as an int-keyed dict is a dict: accepted, decoded when read."""
    events = [{"kind": "k", "de": "d", "en": "e", "actor": None, "data": {"~d": [[1, "x"]]}}]
    log = snapshot_parts.lazy_events(events, "$.log")
    assert log[0].data == {1: "x"} and log == snapshot_parts.events_of(events, "$.log")


def test_issue13_an_infinite_number_in_an_event_makes_the_snapshot_unusable(
    long_match: Match, tmp_path: Path
) -> None:
    """A number JSON reads as infinite (1e999) in an event: a note naming it, a replay."""
    saved = save_of(long_match, tmp_path)
    document = json.loads(saved.read_text(encoding="utf-8"))
    document["resume"]["game"]["log"][7]["data"]["huge"] = "HUGE"
    saved.write_text(json.dumps(document).replace('"HUGE"', "1e999"), encoding="utf-8")
    loaded = load(saved, long_match)
    assert loaded.verifier is None and loaded.match.replayed == len(long_match.commands)
    assert any("$.resume.game.log[7].data.huge" in str(w) for w in loaded.warnings)


_KEYS = st.sampled_from(["~t", "~d", "a", "b"])
_SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.floats() | st.text(max_size=2)


def _values(leaves: Any) -> Any:
    pairs = st.lists(st.lists(st.integers(0, 2) | st.text(max_size=1) | leaves, max_size=3))
    tagged = st.builds(lambda p: {"~d": p}, pairs) | st.builds(
        lambda v: {"~t": v}, st.lists(leaves)
    )
    return st.lists(leaves, max_size=3) | st.dictionaries(_KEYS, leaves, max_size=3) | tagged


@settings(max_examples=400, deadline=None)
@given(value=st.recursive(_SCALARS, _values, max_leaves=12), depth=st.sampled_from([0, 30, 38]))
def test_issue13_decodable_says_what_decode_does(value: Any, depth: int) -> None:
    """For any JSON-like value and depth: decodable exactly when decode returns."""
    try:
        decode(value, "$", depth)
        accepted = True
    except SnapshotError:
        accepted = False
    assert decodable(value, depth) is accepted
    assert decodable(_nested(1, MAX_DEPTH + 1)) is False and decodable(_nested(1, MAX_DEPTH))


def test_issue13_the_save_after_undo_encodes_only_the_replayed_events(
    long_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo resumes a copy of the battle: its autosave reuses the events encoded before."""
    match = Match(ENTARIA, long_match.setup, CATALOGUE, long_match.seed)
    for command in long_match.commands:
        match.apply(command)
    assert resume_document(match) is not None  # the log encoded once
    encoded: list[Any] = []
    real = snapshot_parts.encode

    def counting(value: Any, depth: int = 0) -> Any:
        if depth == 0 and type(value) is dict and "de" in value:
            encoded.append(value)
        return real(value, depth)

    monkeypatch.setattr(snapshot_parts, "encode", counting)
    match.undo()
    after = resume_document(match)
    assert after is not None and 0 < len(encoded) < len(match.battle.log) // 10
    monkeypatch.setattr(snapshot_parts, "_LOG_CACHE", type(snapshot_parts._LOG_CACHE)())
    monkeypatch.setattr(snapshot_parts, "_LAST", [])
    assert resume_document(match) == after  # the same as encoding every event again
