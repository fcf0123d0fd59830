"""The mission's background image for the printed map, read and placed in field units.

A background that cannot be printed (no image data, damaged, too large, outside the
mission's folder) is left out with a note in the report, never an error: the map
prints without it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.missions.model import Mission
from game.missions.paths import (
    MAX_IMAGE_BYTES,
    MissionError,
    check_image,
    read_limited,
    resolve_inside,
)

if TYPE_CHECKING:
    from reportlab.lib.utils import ImageReader

__all__ = ["Background", "read_background"]


@dataclass(frozen=True)
class Background:
    """A decoded background image and where it lies, in fields."""

    reader: ImageReader
    left: float  # in fields, relative to the map's top-left corner
    top: float
    width: float
    height: float


def read_background(
    mission: Mission,
    images: Mapping[str, bytes] | None,
    base_dir: str | os.PathLike[str] | None,
    notes: list[str],
) -> Background | None:
    """Return the background image placed in field units, or None (with a note why)."""
    background = mission.background
    if background is None:
        return None
    label = background.path
    data = None
    if images is not None:
        data = images.get(background.path) or images.get(background.path.replace("\\", "/"))
    try:
        if data is None and base_dir is not None:
            path = resolve_inside(Path(base_dir), background.path, path_label=label)
            data = read_limited(path, MAX_IMAGE_BYTES, path_label=label)
        if data is None:
            notes.append(
                f"Hintergrundbild {label} nicht gedruckt: keine Bilddaten / "
                f"background {label} not printed: no image data"
            )
            return None
        width_px, height_px = check_image(data, path_label=label)
    except MissionError as error:
        notes.append(
            f"Hintergrundbild nicht gedruckt / background not printed: {error.problems[0]}"
        )
        return None
    if background.pixels_per_field < 1:
        notes.append(
            f"Hintergrundbild {label} nicht gedruckt: pixels_per_field "
            f"{background.pixels_per_field} / background not printed"
        )
        return None
    from reportlab.lib.utils import ImageReader

    try:
        reader = ImageReader(io.BytesIO(data))
        reader.getRGBData()  # decode now: a damaged image must not stop the print halfway
    except (OSError, ValueError, SyntaxError) as exc:
        notes.append(
            f"Hintergrundbild {label} nicht lesbar, nicht gedruckt / "
            f"background {label} unreadable, not printed: {exc}"
        )
        return None
    ppf = float(background.pixels_per_field)
    ox, oy = background.offset
    # The offset is the image pixel where the grid's top-left corner lies.
    return Background(reader, -ox / ppf, -oy / ppf, width_px / ppf, height_px / ppf)
