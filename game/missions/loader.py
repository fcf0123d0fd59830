"""Open any mission source: native TOML, Universal VTT or Tiled, by file suffix.

Also finds the bundled missions (``maps/`` of the repository) and names the demo.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.match.problems import MissionError, problem_of
from game.missions.json_reading import JsonFile, read_json
from game.missions.loader_texts import mission_say
from game.missions.model import LoadedMission
from game.missions.paths import MAX_FILE_BYTES, read_limited
from game.missions.tiled import is_tiled_document, load_tiled
from game.missions.toml_format import load_native
from game.missions.uvtt import load_uvtt

#: The bundled mission the README's first command opens.
DEMO_MISSION = "dretop-versteck.toml"

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


def bundled_maps_dir() -> Path:
    """Return the folder of the bundled missions: the repository's ``maps/``.

    The missions live in ``maps/`` beside the ``game`` package (the README installs
    the project editable, ``pip install -e .``, so the package stays in the
    repository). Raise FileNotFoundError when the package was installed without it.
    """
    package_root = Path(__file__).resolve().parent.parent.parent
    candidate = package_root / "maps"
    if (candidate / DEMO_MISSION).is_file():
        return candidate
    raise FileNotFoundError(
        f"the bundled missions are not at {candidate}; install Kampfkarte from its "
        "repository with 'pip install -e .' so that maps/ stays beside the package"
    )


def demo_mission_path() -> Path:
    """Return the path of the demo mission."""
    return bundled_maps_dir() / DEMO_MISSION
