"""Screenshots for people looking at a test's picture, never required by a test.

Set KAMPFKARTE_SHOTS to a folder to keep them; without it nothing is written, so a
clean machine (CI) needs no particular folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame


def save_shot(surface: pygame.Surface, name: str) -> Path | None:
    """Save ``surface`` as ``name`` in $KAMPFKARTE_SHOTS; return the path, or None."""
    folder = os.environ.get("KAMPFKARTE_SHOTS")
    if not folder:
        return None
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path
