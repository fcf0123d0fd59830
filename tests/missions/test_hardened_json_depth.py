"""The JSON nesting check is one linear pass (issue 13 point 7).

The old check removed strings with a backtracking pattern: an unterminated string of
escaped quotes made it try every quote as a start, quadratic in the text (80 KB took
20 s). The work is counted here, never timed: every byte is scanned exactly once, in
pieces of at most ``JSON_SCAN_CHUNK`` bytes.
"""

from __future__ import annotations

import json
import random
import tracemalloc

import pytest

import game.match.datafiles as datafiles
from game.match.problems import MissionError
from game.missions.json_reading import JSON_SCAN_CHUNK, MAX_JSON_DEPTH, json_depth, read_json


def _reference_depth(data: bytes) -> int:
    """Return the nesting depth by the plain state machine (a backslash escapes the next byte)."""
    in_string = escaped = False
    depth = deepest = 0
    for byte in data:
        char = chr(byte)
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _scanned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the length of every piece the scan is given."""
    pieces: list[int] = []
    real = datafiles.scan_chunk

    def counting(scan: object, chunk: bytes) -> None:
        pieces.append(len(chunk))
        real(scan, chunk)  # type: ignore[arg-type]

    monkeypatch.setattr(datafiles, "scan_chunk", counting)
    return pieces


@pytest.mark.parametrize("size", [80 * 1024, 1024 * 1024])
def test_issue13_point7_unterminated_escaped_quotes_are_scanned_once(
    monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """80 KB and 1 MB of '"\\"\\"...' (never closed): each byte is scanned once, no more."""
    hostile = (b'{"a": "' + b'\\"' * size)[:size]
    pieces = _scanned(monkeypatch)
    assert json_depth(hostile) == 1
    assert sum(pieces) == len(hostile)  # a single pass
    assert len(pieces) == -(-len(hostile) // JSON_SCAN_CHUNK)
    assert max(pieces) <= JSON_SCAN_CHUNK


def test_issue13_point7_work_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sixteen times the text is sixteen times the bytes scanned (not 256 times)."""
    pieces = _scanned(monkeypatch)
    json_depth(b'"' + b'\\"' * 40_000)
    small = sum(pieces)
    pieces.clear()
    json_depth(b'"' + b'\\"' * 640_000)
    assert sum(pieces) <= 16 * small + 1


def test_issue13_point7_memory_is_bounded_by_the_piece() -> None:
    """A 1 MB hostile text needs only a few pieces' worth of memory (not 100 bytes a byte)."""
    hostile = b'"' + b'\\"' * (512 * 1024)
    tracemalloc.start()
    try:
        json_depth(hostile)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * JSON_SCAN_CHUNK  # ~6 MB; the backtracking pattern took ~100 MB


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, JSON_SCAN_CHUNK])
def test_issue13_point7_pieces_agree_with_the_state_machine(
    monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """Escapes, quotes and brackets split between pieces count as in one piece."""
    monkeypatch.setattr(datafiles, "JSON_SCAN_CHUNK", chunk)
    rng = random.Random(13)
    for _ in range(400):
        text = bytes(rng.choice(b'[]{}"\\a') for _ in range(rng.randint(0, 40)))
        assert json_depth(text) == max(0, _reference_depth(text)), text


def test_issue13_point7_brackets_in_strings_do_not_count() -> None:
    """Brackets and escaped quotes inside strings are skipped; real nesting counts."""
    document = {"a": [[['x\\"]]]{{{', '"[[['], {"b": "\\\\"}]]}
    assert json_depth(json.dumps(document).encode()) == 4


def test_issue13_point7_too_deep_is_still_refused() -> None:
    """65 levels are refused by the check before the parser (the limit stays 64)."""
    with pytest.raises(MissionError) as caught:
        read_json(b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1), path_label="deep.json")
    assert "65" in caught.value.problems[0].message
    assert read_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH, path_label="ok.json")
