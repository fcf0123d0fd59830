"""A ``.json`` map is read once, bounded, and given to the reader whose map it is (review fix)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import game.missions.loader as loader
import game.missions.tiled as tiled
import game.missions.uvtt as uvtt
from game.match.problems import MissionError
from game.missions.json_reading import MAX_JSON_DEPTH
from game.missions.loader import load_any
from game.missions.tiled import is_tiled_document, is_tiled_json

DATA = Path(__file__).resolve().parent / "data"


def _as_json(sample: Path, folder: Path) -> Path:
    """Copy a sample map (and the tilesets it names) into ``folder`` as ``<stem>.json``."""
    for tileset in ("terrain.tsj", "terrain.tsx"):
        shutil.copy(DATA / tileset, folder / tileset)
    path = folder / f"{sample.stem}.json"
    shutil.copy(sample, path)
    return path


def _counting(monkeypatch: pytest.MonkeyPatch, name: str, modules: tuple[Any, ...]) -> list[str]:
    """Replace ``name`` in each module by a wrapper that records each call."""
    calls: list[str] = []
    for module in modules:
        real: Callable[..., Any] = getattr(module, name)

        def wrapper(*args: Any, _real: Callable[..., Any] = real, **kwargs: Any) -> Any:
            calls.append(name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)
    return calls


@pytest.mark.parametrize(
    ("sample", "source_format"),
    [(DATA / "skirmish.tmj", "tiled"), (DATA / "divided_room.dd2vtt", "uvtt")],
)
def test_a_json_map_is_read_and_parsed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: Path, source_format: str
) -> None:
    path = _as_json(sample, tmp_path)
    reads = _counting(monkeypatch, "read_limited", (loader, tiled, uvtt))
    parses = _counting(monkeypatch, "read_json", (loader, tiled, uvtt))
    loaded = load_any(path)
    assert loaded.source_format == source_format
    assert (len(reads), len(parses)) == (1, 1)


def test_the_json_map_gives_the_same_mission_as_its_own_suffix(tmp_path: Path) -> None:
    for sample in (DATA / "skirmish.tmj", DATA / "divided_room.dd2vtt"):
        json_mission = load_any(_as_json(sample, tmp_path)).mission
        assert json_mission == load_any(sample).mission


def test_broken_json_gives_the_readers_error_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    path.write_text('{"resolution": {"map_size": ', encoding="utf-8")
    with pytest.raises(MissionError) as info:
        load_any(path)
    [problem] = info.value.problems
    assert "not valid JSON" in problem.message and problem.line == 1


def test_is_tiled_json_reads_bounded_and_refuses_deep_nesting(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert is_tiled_json(deep) is False  # no RecursionError: read_json stops at the depth
    shallow = tmp_path / "tiled.json"
    shallow.write_text('{"type": "map", "layers": []}', encoding="utf-8")
    assert is_tiled_json(shallow) is True
    assert MAX_JSON_DEPTH < 100_000


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({"tiledversion": "1.10"}, True),
        ({"type": "map"}, True),
        ({"layers": [], "tilewidth": 32}, True),  # Tiled before 1.2
        ({"resolution": {}, "type": "map"}, False),  # a Universal VTT export
        ({"layers": []}, False),
        ([1, 2], False),
        (None, False),
    ],
)
def test_is_tiled_document_tells_tiled_from_universal_vtt(document: object, expected: bool) -> None:
    assert is_tiled_document(document) is expected
