"""Find the shipped asset folder (fonts, token art, sounds, screen texts).

A checkout or an editable install has ``assets/`` beside the ``game`` package (the
repository root); a wheel puts it under the environment's data folder
(``share/kampfkarte/assets``, see ``[tool.setuptools.data-files]`` in
pyproject.toml). The places are ``game.match.places``'s, the same as the bundled
missions'. This module only finds paths: it reads no file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.match.places import shipped_dir

_MARKER = Path("locale") / "de" / "hud.toml"


@cache
def assets_dir() -> Path:
    """Return the folder that holds the shipped assets.

    Raise FileNotFoundError naming every place looked at when none holds them.
    """
    return shipped_dir("assets", _MARKER)


def asset_path(*parts: str) -> Path:
    """Return the path of one shipped asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
