"""The native mission format: one TOML file per mission (documented in ``maps/README.md``).

The entry points: read a file or a text (``toml_reader`` checks it, section by section,
and reports every problem at once) and write one (``toml_writer``: the canonical
layout, so that load -> dumps -> load gives an equal Mission).
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.missions.model import LoadedMission, Mission
from game.missions.paths import MAX_FILE_BYTES, decode_utf8, read_limited
from game.missions.toml_reader import read_mission_text
from game.missions.toml_writer import dumps_mission, save_mission

__all__ = ["dumps_mission", "load_mission", "load_native", "loads_mission", "save_mission"]


def load_mission(path: Path | str, *, catalogue: Any | None = None) -> Mission:
    """Return the mission in the TOML file ``path``; raise MissionError listing every problem.

    The file size is checked before reading (at most 5 MB). A background image
    must lie inside the mission's folder and be a PNG or JPEG of at most
    8192x8192 pixels. ``catalogue`` is the catalogue of the ruleset the mission
    names (None: the one that ruleset ships).
    """
    return load_native(path, catalogue=catalogue).mission


def load_native(path: Path | str, *, catalogue: Any | None = None) -> LoadedMission:
    """Return the mission in the TOML file ``path`` with where each key stands in it.

    Raise MissionError listing every problem (as :func:`load_mission`).
    """
    p = Path(path)
    label = str(path)
    data = read_limited(p, MAX_FILE_BYTES, path_label=label)
    text = decode_utf8(data, path_label=label, what="TOML")
    base_dir = p.resolve().parent
    mission, where = read_mission_text(text, label, catalogue, base_dir)
    return LoadedMission(mission, "toml", base_dir, key_locations=MappingProxyType(where.keys))


def loads_mission(
    text: str,
    path_label: str = "<mission>",
    *,
    catalogue: Any | None = None,
    base_dir: Path | str | None = None,
) -> Mission:
    """Return the mission in TOML ``text``; raise MissionError listing every problem.

    ``path_label`` names the file in messages. ``catalogue`` is the catalogue of
    the ruleset the mission names (None: the one that ruleset ships). With
    ``base_dir`` (the mission's folder) the background image is checked on disk too;
    without it only its path is checked.
    """
    return read_mission_text(text, path_label, catalogue, base_dir)[0]
