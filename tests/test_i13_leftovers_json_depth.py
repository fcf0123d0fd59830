"""One JSON nesting check for every loader (issue 13 point 7, leftovers).

``game.match.datafiles.json_depth`` is the only one; the map reader uses it through the
strict parser, so a map's text is scanned once. The work is counted, never timed.
"""

from __future__ import annotations

import json

import pytest

import game.match.datafiles as datafiles
import game.missions.json_reading as json_reading
from game.match.datafiles import JSON_SCAN_CHUNK, StrictJsonError, json_depth, loads_strict_json
from game.match.problems import MissionError


def _scanned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the length of every piece the one scan is given."""
    pieces: list[int] = []
    real = datafiles.scan_chunk

    def counting(scan: object, chunk: bytes) -> None:
        pieces.append(len(chunk))
        real(scan, chunk)  # type: ignore[arg-type]

    monkeypatch.setattr(datafiles, "scan_chunk", counting)
    return pieces


def test_i13_7_one_nesting_check_serves_maps_and_saves() -> None:
    assert json_reading.json_depth is datafiles.json_depth
    assert not hasattr(json_reading, "scan_chunk")  # no second scanner left behind


@pytest.mark.parametrize(
    "text",
    ['{"ä": ["€", {"𝄞": "[[["}]]}', '["\\u00e4\\"[", [[]]]', '"\udcff[["', "[\ud800[", ""],
)
def test_i13_7_text_and_its_bytes_nest_alike(text: str) -> None:
    """Non-ASCII and lone surrogates in a str are scanned as their UTF-8 bytes would be."""
    assert json_depth(text) == json_depth(text.encode("utf-8", "surrogatepass"))


def test_i13_7_a_map_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """read_json checks the nesting once (in the strict parser), not once more before it."""
    document = {"image": "A" * (3 * JSON_SCAN_CHUNK), "walls": [[{"x": 1}]] * 50}
    data = json.dumps(document).encode()
    pieces = _scanned(monkeypatch)
    assert json_reading.read_json(data, path_label="m.dd2vtt") == document
    assert sum(pieces) == len(data)


def test_i13_7_too_deep_map_names_its_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    pieces = _scanned(monkeypatch)
    with pytest.raises(MissionError) as caught:
        json_reading.read_json(b"[" * 70 + b"]" * 70, path_label="deep.tmj")
    assert "70" in caught.value.problems[0].message
    assert sum(pieces) == 140


@pytest.mark.parametrize(
    "hostile",
    [
        "[" * (2 * JSON_SCAN_CHUNK + 5),  # brackets only
        '"' + '\\"' * JSON_SCAN_CHUNK,  # an unterminated string of escaped quotes
        '"",' * JSON_SCAN_CHUNK,  # many short strings (the regular expression's worst case)
    ],
)
def test_i13_7_hostile_text_is_scanned_once_in_pieces(
    monkeypatch: pytest.MonkeyPatch, hostile: str
) -> None:
    pieces = _scanned(monkeypatch)
    with pytest.raises(StrictJsonError):
        loads_strict_json(hostile)
    assert sum(pieces) == len(hostile)
    assert max(pieces) <= JSON_SCAN_CHUNK
