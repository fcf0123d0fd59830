"""Find the shipped asset folder (fonts, token art, sounds, screen texts).

A checkout or an editable install has ``assets/`` beside the ``game`` package (the
repository root); a wheel puts it under the environment's data folder
(``share/kampfkarte/assets``, see ``[tool.setuptools.data-files]`` in
pyproject.toml). This module only finds paths: it reads no file.
"""

from __future__ import annotations

import sysconfig
from functools import cache
from pathlib import Path

_MARKER = Path("locale") / "de" / "hud.toml"


def _candidates() -> list[Path]:
    beside_package = Path(__file__).resolve().parents[2] / "assets"
    installed = Path(sysconfig.get_path("data")) / "share" / "kampfkarte" / "assets"
    return [beside_package, installed]


@cache
def assets_dir() -> Path:
    """Return the folder that holds the shipped assets.

    Raise FileNotFoundError naming every place looked at when none holds them.
    """
    candidates = _candidates()
    for candidate in candidates:
        if (candidate / _MARKER).is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"Kampfkarte's assets (fonts, texts) are missing; looked in {looked}")


def asset_path(*parts: str) -> Path:
    """Return the path of one shipped asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
