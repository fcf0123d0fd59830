"""Issue 13 points 3, 4 and 10: the one data-file reader refuses what is no regular file
(a FIFO, a link to /dev/zero, a folder) without waiting or reading it, bounds nesting
before the JSON parser recurses, and orphaned temporary files of interrupted writes are
deleted — only the writer's own, only older than the given start."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from game.match import datafiles
from game.match.datafiles import (
    MAX_JSON_DEPTH,
    ReadReason,
    ReadRefused,
    StrictJsonError,
    json_depth,
    loads_strict_json,
    read_bounded,
    read_strict_json,
    remove_stale_temporaries,
    write_bytes_atomic,
)
from game.match.saves import file_sha256

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def finishes(action: Callable[[], object]) -> BaseException | None:
    """Run ``action`` in a thread; fail (not hang) if it never returns. Return its error."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            action()
        except BaseException as error:
            outcome.append(error)
        else:
            outcome.append(None)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(120)  # a guard against a hang only, never a speed check
    assert outcome, "the read is still waiting"
    return outcome[0]


# ---------------------------------------------------------------- point 4
@needs_fifo
@pytest.mark.rule("I13-4")
def test_i13_4_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    error = finishes(lambda: read_bounded(fifo, 1000))
    assert isinstance(error, ReadRefused) and error.reason is ReadReason.NOT_REGULAR


@needs_fifo
@pytest.mark.rule("I13-4")
def test_i13_4_a_fifo_with_a_silent_writer_is_not_read_either(tmp_path: Path) -> None:
    fifo = tmp_path / "autosave-1.json"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # holds it open, writes nothing
    try:
        error = finishes(lambda: read_strict_json(fifo, 1000))
    finally:
        os.close(writer)
    assert isinstance(error, ReadRefused) and error.reason is ReadReason.NOT_REGULAR


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_i13_4_a_link_to_dev_zero_is_refused_not_read_until_memory_runs_out(
    tmp_path: Path,
) -> None:
    link = tmp_path / "session.json"
    link.symlink_to("/dev/zero")
    error = finishes(lambda: read_bounded(link, 64_000))
    assert isinstance(error, ReadRefused) and error.reason is ReadReason.NOT_REGULAR
    assert isinstance(finishes(lambda: file_sha256(link)), ReadRefused)  # a mission's hash


@pytest.mark.rule("I13-4")
def test_i13_4_a_folder_and_a_missing_file_are_refused_with_their_reason(tmp_path: Path) -> None:
    with pytest.raises(ReadRefused) as folder:
        read_bounded(tmp_path, 100)
    assert folder.value.reason is ReadReason.NOT_REGULAR
    with pytest.raises(ReadRefused) as missing:
        read_bounded(tmp_path / "nothing.json", 100)
    assert missing.value.reason is ReadReason.MISSING


@pytest.mark.rule("I13-4")
def test_i13_4_the_read_stops_one_byte_past_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 50)
    asked: list[int] = []
    real = datafiles._read_up_to

    def counting(stream: object, wanted: int, expected: int) -> bytes:
        asked.append(wanted)
        assert expected == 51  # the file read whole at once: its size and one more
        return real(stream, wanted, expected)  # type: ignore[arg-type]

    monkeypatch.setattr(datafiles, "_read_up_to", counting)
    assert read_bounded(path, 100) == b"x" * 50
    assert asked == [101]
    with pytest.raises(ReadRefused) as large:
        read_bounded(path, 10)
    assert large.value.reason is ReadReason.TOO_LARGE and large.value.size == 50


# ---------------------------------------------------------------- point 3
@pytest.mark.rule("I13-3")
@pytest.mark.parametrize(
    "text",
    [
        "[" * 30_000 + "]" * 30_000,  # 60 KB of lists
        '{"a":' * 12_000 + "1" + "}" * 12_000,  # objects
        '{"players":' + "[" * 30_000,  # cut off, still deep
    ],
)
def test_i13_3_deep_nesting_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(StrictJsonError) as refused:
        loads_strict_json(text)
    assert refused.value.too_deep and not refused.value.syntax
    assert refused.value.depth is not None and refused.value.depth > MAX_JSON_DEPTH
    assert f"at most {MAX_JSON_DEPTH}" in refused.value.message


@pytest.mark.rule("I13-3")
def test_i13_3_the_parser_is_never_asked_about_deep_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parse(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("json.loads was called on too deep a text")

    monkeypatch.setattr(datafiles.json, "loads", no_parse)
    with pytest.raises(StrictJsonError):
        loads_strict_json("[" * 100_000)


@pytest.mark.rule("I13-3")
@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("[]", 1),
        ('[[1,{"a":[2]}]]', 4),
        ('"[[[["', 0),  # brackets inside a string do not count
        ('["\\"[[[", [1]]', 2),  # nor after an escaped quote
        ('["\\\\", [[1]]]', 3),  # an escaped backslash ends before the quote
        ('"' + '\\"' * 40_000, 0),  # an unterminated string of escaped quotes
        ('"' + '\\"' * 40_000 + "\\", 0),  # ... ending in a lone backslash
        ('[1, "x"' + "[" * 10, 11),
    ],
)
def test_i13_3_the_depth_skips_strings(text: str, depth: int) -> None:
    assert json_depth(text) == depth


@pytest.mark.rule("I13-3")
def test_i13_3_nesting_at_the_limit_still_loads() -> None:
    text = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert json_depth(text) == MAX_JSON_DEPTH
    assert loads_strict_json(text) is not None


# ---------------------------------------------------------------- point 10
def orphan(folder: Path, name: str, age_s: float) -> Path:
    path = folder / name
    path.write_bytes(b"{")
    then = path.stat().st_mtime - age_s
    os.utime(path, (then, then))
    return path


@pytest.mark.rule("I13-10")
def test_i13_10_only_the_writers_own_old_temporaries_are_deleted(tmp_path: Path) -> None:
    old = orphan(tmp_path, ".autosave-1.json.0123456789abcdef.tmp", 3600)
    old_settings = orphan(tmp_path, ".settings.json.fedcba9876543210.tmp", 3600)
    fresh = orphan(tmp_path, ".autosave-1.json.00112233445566ff.tmp", -3600)  # a write now
    foreign = [
        orphan(tmp_path, name, 3600)
        for name in (
            "autosave-1.json.0123456789abcdef.tmp",  # no leading dot
            ".autosave-1.json.0123456789ABCDEF.tmp",  # not our hex
            ".autosave-1.json.0123.tmp",  # too short
            ".autosave-1.json.0123456789abcdef.tmp.bak",
            "notes.tmp",
            "autosave-1.json",
        )
    ]
    start = fresh.stat().st_mtime - 1800  # between the old ones and the fresh one
    removed = remove_stale_temporaries(tmp_path, start)
    assert sorted(removed) == sorted([old, old_settings])
    assert not old.exists() and not old_settings.exists()
    assert fresh.exists() and all(path.exists() for path in foreign)


@pytest.mark.rule("I13-10")
def test_i13_10_links_and_folders_with_the_pattern_are_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "keep.json"
    target.write_text("{}", encoding="utf-8")
    link = tmp_path / ".a.json.0123456789abcdef.tmp"
    link.symlink_to(target)
    folder = tmp_path / ".b.json.0123456789abcdef.tmp"
    folder.mkdir()
    assert remove_stale_temporaries(tmp_path, 2**40) == []
    assert link.is_symlink() and folder.is_dir() and target.exists()


@pytest.mark.rule("I13-10")
def test_i13_10_a_missing_folder_is_nothing_to_clean(tmp_path: Path) -> None:
    assert remove_stale_temporaries(tmp_path / "nowhere", 2**40) == []


@pytest.mark.rule("I13-10")
def test_i13_10_the_pattern_is_the_one_the_writer_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Path] = []

    def interrupted(_source: object, target: object) -> None:
        made.extend(p for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
        raise KeyboardInterrupt  # killed between writing and renaming

    monkeypatch.setattr(datafiles.os, "replace", interrupted)
    monkeypatch.setattr(datafiles.os, "unlink", lambda _path: None)  # no clean-up: a kill
    with pytest.raises(KeyboardInterrupt):
        write_bytes_atomic(tmp_path / "autosave-1.json", json.dumps({}).encode())
    monkeypatch.undo()
    assert len(made) == 1 and made[0].exists()
    assert remove_stale_temporaries(tmp_path, made[0].stat().st_mtime + 1) == made


# ---------------------------------------------------------------- point 2
@pytest.mark.rule("I13-2")
def test_i13_2_a_lone_surrogate_reads_as_the_replacement_character() -> None:
    text = r'{"title\ud800": ["x\udfff", "\ud83d\ude00", "\\ud800"]}'
    value = loads_strict_json(text)
    assert value == {"title\ufffd": ["x\ufffd", "\U0001f600", "\\ud800"]}
    json.dumps(value).encode("utf-8")  # every string can be written now
    "".join(value["title\ufffd"]).encode("utf-8", "strict")
