"""Save a map with the creatures placed on it as a native mission beside the map (issue 13).

A map without creatures (every imported Universal VTT or Tiled map) is set up on the
set-up screen and saved as a ``.toml`` mission in the map's folder. The native format
has no key that points at another map file, so the whole map goes into the TOML (rows,
legend, edge walls and doors, as ``kampfkarte import`` writes them); a background the
map carried inside itself is written beside the mission as ``<mission>-<image>``.
The text is checked with the native loader, and the match's set-up by the mission's
ruleset (a creature's own ``values``), before anything is written; the images and then
the mission are written atomically.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.match.datafiles import write_bytes_atomic
from game.match.problems import MissionError, problem_of
from game.missions.model import LoadedMission, Mission
from game.missions.paths import check_image
from game.missions.setup import prepare_match
from game.missions.toml_format import dumps_mission, loads_mission

__all__ = ["MAX_FILE_NAME", "SavedMission", "mission_file_name", "save_setup"]

#: The longest file name a saved mission may have (most file systems allow 255 bytes).
MAX_FILE_NAME = 120
_FORBIDDEN = frozenset('/\\:*?"<>|')
_FORBIDDEN_SHOWN = '/ \\ : * ? " < > |'


@dataclasses.dataclass(frozen=True)
class SavedMission:
    """What was written: the mission file and the images beside it."""

    path: Path
    images: tuple[Path, ...]


def mission_file_name(name: str) -> str | dict[str, str]:
    """Return the file name ``name`` asks for (``.toml`` added), or why it cannot be one.

    A name, not a path: no folder separators, no characters Windows refuses, not hidden.
    """
    name = name.strip()
    if name.lower().endswith(".toml"):
        name = name[: -len(".toml")].rstrip()
    bad = sorted({ch for ch in name if ch in _FORBIDDEN or ord(ch) < 32})
    if not name or name.startswith(".") or bad or len(name) + 5 > MAX_FILE_NAME:
        shown = " ".join(bad) or _FORBIDDEN_SHOWN
        return {
            "de": f"Der Dateiname muss 1 bis {MAX_FILE_NAME - 5} Zeichen haben, ohne Punkt am "
            f"Anfang und ohne {shown}",
            "en": f"The file name needs 1 to {MAX_FILE_NAME - 5} characters, no dot at the "
            f"start and none of {shown}",
        }
    return name + ".toml"


def save_setup(
    loaded: LoadedMission,
    mission: Mission,
    out: Path,
    *,
    catalogue: Any | None = None,
    overwrite: bool = False,
) -> SavedMission:
    """Write ``mission`` (set up on ``loaded``'s map) to ``out``; raise MissionError.

    ``out`` lies in the map's folder. Nothing is written when the mission does not load
    as written, or when ``out`` or one of its images exists and ``overwrite`` is False.
    """
    label = str(out)
    images = _images_beside(loaded.images, out)
    mission = _with_background(mission, images)
    targets = [out, *(out.parent / name for name in images.values())]
    if not overwrite:
        for target in targets:
            if target.exists():
                raise MissionError([problem_of(str(target), _exists(target))])
    text = dumps_mission(mission)
    for old, new in images.items():
        check_image(loaded.images[old], path_label=str(out.parent / new))
    # the file must load as written (its creatures' pictures checked in its folder) and
    # start a match (the ruleset's checks of its creatures' values)
    prepare_match(loads_mission(text, label, catalogue=catalogue), catalogue, path_label=label)
    written: list[Path] = []
    try:
        for old, new in images.items():
            write_bytes_atomic(out.parent / new, loaded.images[old])
            written.append(out.parent / new)
        write_bytes_atomic(out, text.encode("utf-8"))
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise MissionError(
            [
                problem_of(
                    label,
                    {
                        "de": f"kann nicht geschrieben werden: {reason}",
                        "en": f"cannot be written: {reason}",
                    },
                )
            ]
        ) from None
    return SavedMission(out, tuple(written))


def _images_beside(images: Mapping[str, bytes], out: Path) -> dict[str, str]:
    """Return the new name of each image the map carried: ``<mission>-<image name>``."""
    return {name: f"{out.stem}-{Path(name).name}" for name in images}


def _with_background(mission: Mission, images: Mapping[str, str]) -> Mission:
    """Return ``mission`` whose background names the image written beside it."""
    background = mission.background
    if background is None or background.path not in images:
        return mission
    moved = dataclasses.replace(background, path=images[background.path])
    return dataclasses.replace(mission, background=moved)


def _exists(target: Path) -> dict[str, str]:
    return {
        "de": f"die Datei {target.name} gibt es schon; wähle einen anderen Namen",
        "en": f"the file {target.name} already exists; choose another name",
    }
