"""Find a mission by its content hash among the bundled missions (a save whose mission moved).

A save stores its mission's absolute path and SHA-256 (``game.match.saves``). When the
file is gone from that path (the game was installed elsewhere, the repository moved),
the same mission is looked for by its hash in the bundled missions' folder.
"""

from __future__ import annotations

from pathlib import Path

from game.match.saves import file_sha256
from game.missions.loader import SUPPORTED_SUFFIXES, bundled_maps_dir

#: At most this many files of the bundled folder are hashed for one search.
MAX_CANDIDATES = 200


def bundled_mission_with_hash(sha256: str) -> str | None:
    """Return the resolved path of the bundled mission whose bytes hash to ``sha256``.

    None when no bundled mission has that hash or the bundled folder is not there.
    Only regular files with a mission suffix are hashed (``file_sha256`` refuses FIFOs
    and devices), at most :data:`MAX_CANDIDATES`, in name order.
    """
    try:
        folder = bundled_maps_dir()
        names = sorted(entry.name for entry in folder.iterdir())
    except OSError:  # FileNotFoundError: installed without its missions
        return None
    candidates = [folder / n for n in names if Path(n).suffix.lower() in SUPPORTED_SUFFIXES]
    for path in candidates[:MAX_CANDIDATES]:
        try:
            if file_sha256(path) == sha256:
                return str(path.resolve())
        except (OSError, ValueError):  # unreadable, not a regular file, too large
            continue
    return None
