"""Open any mission source: native TOML, Universal VTT or Tiled, by file suffix.

The bundled missions and the demo are found by ``game.missions.bundled`` (re-exported here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.match.problems import MissionError, problem_of
from game.missions.bundled import DEMO_MISSION as DEMO_MISSION  # re-exported
from game.missions.bundled import bundled_maps_dir as bundled_maps_dir
from game.missions.bundled import demo_mission_path as demo_mission_path
from game.missions.json_reading import JsonFile, read_json
from game.missions.loader_texts import mission_say
from game.missions.model import LoadedMission
from game.missions.paths import MAX_FILE_BYTES, read_limited
from game.missions.tiled import is_tiled_document, load_tiled
from game.missions.toml_format import load_native
from game.missions.uvtt import load_uvtt

NATIVE_SUFFIXES = frozenset({".toml"})
UVTT_SUFFIXES = frozenset({".dd2vtt", ".df2vtt", ".uvtt", ".json"})
TILED_SUFFIXES = frozenset({".tmx", ".tmj"})
SUPPORTED_SUFFIXES = NATIVE_SUFFIXES | UVTT_SUFFIXES | TILED_SUFFIXES


def load_any(path: Path | str, *, catalogue: Any | None = None) -> LoadedMission:
    """Return the mission in ``path``, choosing the reader by suffix; raise MissionError.

    ``catalogue`` is the catalogue of the ruleset the mission names (None: the one
    that ruleset ships); Universal VTT and Tiled maps play the default ruleset.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix in NATIVE_SUFFIXES:
        return load_native(p, catalogue=catalogue)
    if suffix == ".json":
        return _load_json_map(p, catalogue)
    if suffix in UVTT_SUFFIXES:
        return load_uvtt(p)
    if suffix in TILED_SUFFIXES:
        return load_tiled(p, catalogue=catalogue)
    expected = ", ".join(sorted(SUPPORTED_SUFFIXES))
    shown = suffix or mission_say("no_suffix")
    message = mission_say("unknown_file_type", suffix=shown, expected=expected)
    raise MissionError([problem_of(str(path), message)])


def _load_json_map(path: Path, catalogue: Any | None) -> LoadedMission:
    """Read a ``.json`` map once (bounded) and give it to the reader whose map it is.

    Tiled before 1.8 saved its maps as ``.json``; anything else is read as a Universal
    VTT export. JSON that cannot be parsed gives the error either reader would give.
    """
    label = str(path)
    data = read_limited(path, MAX_FILE_BYTES, path_label=label)
    read = JsonFile(data, read_json(data, path_label=label))
    if is_tiled_document(read.document):
        return load_tiled(path, catalogue=catalogue, read=read)
    return load_uvtt(path, read=read)
