"""Long saves in lines (issue 13, "Long fights"): a load reads the head, the rest on demand.

A save of ``LINES_FROM`` commands or more is written in lines (``game.match.save_lines``):
its first line is the document without the record and the log, then one line per
command and per log entry, under a checksum. Here ``LINES_FROM`` is 0, so the short
fights of the snapshot tests are written in lines too.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import game.match.save_lines as save_lines
from game.match import command_lines, saves, snapshot_parts
from game.match.lazy_commands import LazyCommands
from game.match.lazy_log import LazyLog
from game.match.record import Match, first_difference
from game.match.save_lines import JsonLines, Unreadable
from game.match.save_reading import read_save_document
from game.match.save_texts import said
from game.match.saves import MissionRef, SaveError, load_newest, read_save, write_save
from game.rulesets.entaria.ruleset import ENTARIA
from game.ui.undo_rights import spans_of_record
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_checkpoints import assert_same, full_replay, play
from tests.rulesets.entaria.test_fuzz import HASH, MISSIONS, setup_of
from tests.rulesets.entaria.test_snapshot_load import RULESETS, load, save_of
from tests.save_files import edit_save


@pytest.fixture(autouse=True)
def every_save_in_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "LINES_FROM", 0)


@pytest.fixture(scope="module")
def fight() -> Match:
    """A mixed record of 60 commands (GM, fog, rerolls) on the first fuzz mission."""
    rng = random.Random(31_000)
    match = Match(ENTARIA, setup_of(MISSIONS[0]), CATALOGUE, rng.randrange(2**31))
    play(match, rng, 60)
    return match


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def _recount(path: Path) -> None:
    """Give a file edited line by line the checksum that fits (a crafted file)."""
    lines = _lines(path)
    head = json.loads(lines[0])
    body = b"\n".join(lines[1:])
    head["lines"]["sha256"] = hashlib.sha256(body).hexdigest()
    path.write_bytes(json.dumps(head, separators=(",", ":")).encode() + b"\n" + body)


def _replace_line(path: Path, number: int, text: bytes) -> None:
    """Put ``text`` on the file's line ``number`` (1-based) and fix the checksum."""
    lines = _lines(path)
    lines[number - 1] = text
    path.write_bytes(b"\n".join(lines))
    _recount(path)


def test_issue13_a_long_save_is_a_head_line_then_one_line_per_command_and_event(
    fight: Match, tmp_path: Path
) -> None:
    saved = save_of(fight, tmp_path)
    lines = _lines(saved)
    head = json.loads(lines[0])
    assert head["version"] == 2 and head["commands"] == "~lines"
    assert head["resume"]["game"]["log"] == "~lines"
    parts = {tuple(p["at"]): p["count"] for p in head["lines"]["parts"]}
    log = len(fight.battle.log)
    assert parts == {("commands",): len(fight.commands), ("resume", "game", "log"): log}
    assert lines[-1] == b"" and len(lines) == 1 + len(fight.commands) + len(fight.battle.log) + 1
    assert json.loads(lines[1]) == fight.commands[0].to_dict()
    assert json.loads(lines[1 + len(fight.commands)])["kind"] == fight.battle.log[0].kind
    assert head["lines"]["sha256"] == hashlib.sha256(b"\n".join(lines[1:])).hexdigest()


def test_issue13_a_short_save_stays_one_json_document(
    fight: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "LINES_FROM", len(fight.commands) + 1)
    document = json.loads(save_of(fight, tmp_path).read_text(encoding="utf-8"))
    assert document["version"] == 1 and isinstance(document["resume"]["game"]["log"], list)


def test_issue13_a_load_in_lines_parses_no_line_and_equals_a_full_replay(
    fight: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The load builds no command and decodes no log entry; the verified match is exact."""
    parsed: list[int] = []
    real = save_lines._parsed

    def counting(line: bytes, number: int) -> Any:
        parsed.append(number)
        return real(line, number)

    monkeypatch.setattr(save_lines, "_parsed", counting)
    loaded = load(save_of(fight, tmp_path), fight)
    assert parsed == []
    commands = loaded.data.commands
    assert isinstance(commands, LazyCommands) and commands.built == 0
    log = loaded.match.battle.log
    assert isinstance(log, LazyLog) and log.pending == len(fight.battle.log)
    assert log[-1] == fight.battle.log[-1] and len(parsed) == 1  # the newest entry, on demand
    reference = full_replay(fight.setup, fight.seed, fight.commands)
    assert_same(loaded.match.battle, reference, "after a load in lines")
    loaded.match.settle()
    verifier = loaded.verifier
    assert verifier is not None and verifier.done and not verifier.replay_won
    assert loaded.match.commands == fight.commands


def test_issue13_a_loaded_fight_is_saved_again_with_its_lines_as_read(
    fight: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = save_of(fight, tmp_path)
    loaded = load(first, fight)
    loaded.match.settle()
    encoded: list[Any] = []
    monkeypatch.setattr(command_lines, "_plain", lambda command: encoded.append(command))
    again = write_save(loaded.match, tmp_path, "again", MissionRef("fight.toml", HASH))
    assert again.read_bytes() == first.read_bytes()
    assert encoded == []  # the verified record's lines as read: no command encoded again


def test_issue13_a_line_cache_encodes_only_the_items_it_has_not_seen() -> None:
    """A save after every command encodes the new command, not the whole record again."""
    encoded: list[Any] = []

    def encode_item(item: Any) -> Any:
        encoded.append(item)
        return {"n": item[0]}

    cache = save_lines.LineCache(encode_item)
    a, b, c, d = [1], [2], [3], [4]  # distinct objects: the cache compares identity
    assert cache.lines([a, b, c]) == [b'{"n":1}', b'{"n":2}', b'{"n":3}']
    assert cache.lines([a, b, c, d])[-1] == b'{"n":4}' and encoded[3:] == [d]
    lines = cache.lines([a, b, [5]])  # undo the last two, then another item
    assert lines == [b'{"n":1}', b'{"n":2}', b'{"n":5}'] and len(encoded) == 5
    assert list(JsonLines(lines)) == [{"n": 1}, {"n": 2}, {"n": 5}]


def test_issue13_lines_compare_as_bytes_and_a_difference_is_still_named() -> None:
    ours = JsonLines([save_lines.Line(b'{"a":1}'), {"b": [1, 2]}])
    assert first_difference(JsonLines([{"a": 1}, {"b": (1, 2)}]), ours) is None
    assert first_difference(JsonLines([{"a": 1}, {"b": [1, 3]}]), ours) == "$[1].b[1] (3 != 2)"
    assert first_difference(JsonLines([{"a": 1.5}]), ours[:1]) == "$[0].a (1.5 != 1)"
    # the whole-value comparison at C speed keeps JSON's types: true is not 1
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": True}]}) == "$.a[1].b (2 != True)"
    assert first_difference({"a": [1, 2]}, {"a": [1, 2.0]}) is None
    assert first_difference({"a": [1, 2]}, {"a": (1, 2)}) is None


def test_issue13_a_save_after_undo_and_another_command_equals_one_written_afresh(
    tmp_path: Path,
) -> None:
    """The cached lines of the record and the log never outlive the commands they were."""
    rng = random.Random(31_001)
    match = Match(ENTARIA, setup_of(MISSIONS[0]), CATALOGUE, rng.randrange(2**31))
    play(match, rng, 30)
    first = save_of(match, tmp_path / "warm").read_bytes()  # fills the caches
    before = match.commands
    match.undo()
    match.undo()
    play(match, random.Random(7), 30)
    warm = save_of(match, tmp_path / "warm")
    assert match.commands[:28] == before[:28] and match.commands[28:] != before[28:]
    assert warm.read_bytes() != first
    command_lines.forget_all()
    snapshot_parts.forget_encoded_logs()
    fresh = save_of(match, tmp_path / "fresh")
    assert warm.read_bytes() == fresh.read_bytes()
    loaded = load(warm, match)
    loaded.match.settle()
    assert loaded.verifier is not None and not loaded.verifier.replay_won
    assert loaded.match.commands == match.commands


def test_issue13_the_gm_spans_of_a_record_in_lines_need_no_command_built(
    fight: Match, tmp_path: Path
) -> None:
    loaded = load(save_of(fight, tmp_path), fight)
    record = loaded.match.battle.record
    assert isinstance(record, LazyCommands)
    spans = spans_of_record(record, loaded.match.log_marks)
    assert record.built == 0
    expected = spans_of_record(list(fight.commands), fight.log_marks)
    assert spans == expected and spans  # the fight has GM commands


@pytest.mark.parametrize("damage", ["flip", "cut", "grow"])
def test_issue13_a_damaged_save_in_lines_is_refused_at_once_and_the_older_one_loads(
    fight: Match, tmp_path: Path, damage: str
) -> None:
    """A changed byte, a cut-off file or one line more fail the checksum (as broken JSON)."""
    mission = MissionRef("fight.toml", HASH)
    saves.autosave(fight, tmp_path, mission)
    newest = saves.autosave(fight, tmp_path, mission)
    raw = bytearray(newest.read_bytes())
    if damage == "flip":
        raw[len(raw) - 40] ^= 0x01
    elif damage == "cut":
        del raw[len(raw) // 2 :]
    else:
        raw += b'{"kind":"end_turn"}\n'
    newest.write_bytes(bytes(raw))
    with pytest.raises(SaveError) as refused:
        read_save(newest, RULESETS)
    assert refused.value.where == "$.lines" and "checksum" in str(refused.value)
    assert "Prüfsumme" in refused.value.text("de")
    opened = saves.OpenedMission(fight.setup, CATALOGUE, HASH, ENTARIA)
    loaded = load_newest(
        [newest, tmp_path / "autosave-2.json"], lambda _: opened, RULESETS, what="autosave"
    )
    assert loaded.data.path.name == "autosave-2.json" and "checksum" in loaded.warnings[0]


def test_issue13_a_crafted_command_line_is_refused_by_the_verifier_naming_its_line(
    fight: Match, tmp_path: Path
) -> None:
    """A line that is no JSON (checksum fitting) loads; verifying refuses it at its index."""
    saved = save_of(fight, tmp_path)
    bad = 30
    _replace_line(saved, 2 + bad, b'{"kind": "move", "actor": ')
    loaded = load(saved, fight)
    assert loaded.verifier is not None
    loaded.match.settle()
    verifier = loaded.verifier
    assert verifier.replay_won and verifier.error is not None and verifier.error.index == bad
    assert verifier.unreadable is not None
    assert verifier.unreadable.where == f"$.commands[{bad}]"
    assert f"line {2 + bad}" in str(verifier.unreadable)
    assert loaded.match.commands == fight.commands[:bad]  # the record up to the bad line
    with pytest.raises(SaveError) as refused:
        load(saved, fight, later=False)
    assert refused.value.where == f"$.commands[{bad}]"
    assert f"Zeile {2 + bad}" in refused.value.text("de")


def test_issue13_a_save_in_lines_without_resume_reads_every_command_at_once(
    fight: Match, tmp_path: Path
) -> None:
    saved = save_of(fight, tmp_path)
    edit_save(saved, lambda document: document.pop("resume"))
    _replace_line(saved, 5, b"\xff\xfe")
    with pytest.raises(SaveError) as refused:
        read_save(saved, RULESETS)
    assert refused.value.where == "$.commands[3]" and "not UTF-8" in str(refused.value)


@pytest.mark.parametrize(
    "line",
    [b"[", b'{"kind":"x","de":"","en":"","actor":null,"data":{"~t":[]}}', b"[" * 70 + b"]" * 70],
)
def test_issue13_a_crafted_log_line_reads_as_a_stand_in_until_the_replay_wins(
    fight: Match, tmp_path: Path, line: bytes
) -> None:
    """Not JSON, not an event, too deep: the entry reads as a stand-in, never an error."""
    saved = save_of(fight, tmp_path)
    entry = 4
    _replace_line(saved, 2 + len(fight.commands) + entry, line)
    loaded = load(saved, fight)
    stand_in = loaded.match.battle.log[entry]
    assert stand_in.kind == "unreadable" and "unlesbar" in stand_in.de
    loaded.match.settle()
    verifier = loaded.verifier
    assert verifier is not None and verifier.replay_won
    assert verifier.difference is not None
    assert verifier.difference.startswith(f"$.resume.game.log[{entry}]")
    assert list(loaded.match.battle.log) == list(fight.battle.log)
    assert loaded.match.commands == fight.commands


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda head: head["lines"].pop("sha256"), "lines_table"),
        (lambda head: head["lines"]["parts"][0].update(count=-1), "lines_table"),
        (lambda head: head["lines"]["parts"][0].update(count=3), "lines_count"),
        (lambda head: head["lines"]["parts"][1].update(at=["resume", "log"]), "lines_place"),
        (lambda head: head.update(commands=[]), "lines_place"),
    ],
)
def test_issue13_a_wrong_table_of_lines_is_refused_naming_it(
    fight: Match, tmp_path: Path, change: Any, key: str
) -> None:
    saved = save_of(fight, tmp_path)
    lines = _lines(saved)
    head = json.loads(lines[0])
    change(head)
    saved.write_bytes(json.dumps(head).encode() + b"\n" + b"\n".join(lines[1:]))
    if key != "lines_table":
        _recount(saved)
    with pytest.raises(SaveError) as refused:
        read_save(saved, RULESETS)
    assert refused.value.where.startswith("$.lines")
    assert refused.value.texts["en"].startswith(said(key, count=0, at="")["en"][:18])


def test_issue13_a_one_document_save_with_newlines_still_loads(
    fight: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save of version 1 written with indentation (by hand) is read as one document."""
    monkeypatch.setattr(saves, "LINES_FROM", 10**6)
    saved = save_of(fight, tmp_path)
    document = json.loads(saved.read_text(encoding="utf-8"))
    saved.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    loaded = load(saved, fight, later=False)
    assert loaded.match.commands == fight.commands
    saved.write_text(json.dumps(document) + "\n", encoding="utf-8")
    assert load(saved, fight, later=False).match.commands == fight.commands


def test_issue13_json_lines_behave_as_the_list_they_stand_for() -> None:
    raw = b'1\n{"a":[2]}\nnope\n'
    lines = JsonLines.of_lines(raw, np.array([0, 2, 12]), np.array([1, 11, 16]), 2).then([5])
    assert len(lines) == 4 and lines[0] == 1 and lines[1] == {"a": [2]} and lines[-1] == 5
    bad = lines[2]
    assert isinstance(bad, Unreadable) and bad.line == 4
    assert lines[:2] == [1, {"a": [2]}] and isinstance(lines[:2], JsonLines)
    assert lines[:2].line_count == 2 and lines[1:3:2] == [{"a": [2]}]
    assert list(lines.encoded()) == [b"1", b'{"a":[2]}', b"nope", b"5"]
    with pytest.raises(IndexError):
        lines[4]
    assert save_lines.one_document({"x": JsonLines([1])}) == b'{"x":[1]}'


def test_issue13_a_short_record_beside_lines_as_read_is_written_in_lines(
    fight: Match, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save whose log is still lines as read (an unverified load) is written in lines,
    even below LINES_FROM commands: a line that does not read is written back as it is."""
    first = save_of(fight, tmp_path)
    _replace_line(first, len(_lines(first)) - 1, b'{"kind": broken')  # the log's last line
    document = read_save_document(first)
    document["commands"] = list(document["commands"])  # a plain, short record
    monkeypatch.setattr(saves, "LINES_FROM", 500)
    data = saves.save_bytes(document)
    head = json.loads(data.split(b"\n", 1)[0])
    assert head["version"] == 2 and head["resume"]["game"]["log"] == "~lines"
    assert b'{"kind": broken' in data
