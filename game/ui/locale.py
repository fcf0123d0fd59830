"""Screen texts in German (default) and English, from assets/locale/<lang>/*.toml.

Each area of the screen keeps its texts in its own file (core.toml, hud.toml, ...);
keys are dotted ("menus.title.new_game"). A missing key falls back to German, then to the key.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from game.ui.asset_dirs import asset_path

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"
LOCALE_DIR = asset_path("locale")


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(name, value, out)
        else:
            out[name] = str(value)


@cache
def texts(language: str) -> dict[str, str]:
    """Return every text of ``language`` by dotted key."""
    out: dict[str, str] = {}
    folder = LOCALE_DIR / language
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as handle:
                _flatten("", tomllib.load(handle), out)
    return out


class Translator:
    """Return texts in the chosen language: ``t("menus.title.new_game")``,
    ``t("menus.handover.turn", name="Anna")``."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE

    def __call__(self, key: str, **values: Any) -> str:
        text = texts(self.language).get(key)
        if text is None:
            text = texts(DEFAULT_LANGUAGE).get(key, key)
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text
