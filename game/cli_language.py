"""The language the ``kampfkarte`` command speaks: ``--language``, else the settings, else German.

The settings file is the one the game's settings menu writes (``settings.json`` in the
config folder of ``game.match.places``: ``$KAMPFKARTE_HOME``, else the platform's); it is
read here directly, so the command line does not import the UI (and pygame) to learn one
word.
"""

from __future__ import annotations

from pathlib import Path

from game.match.datafiles import read_strict_json
from game.match.places import MAX_SETTINGS_BYTES, user_folders

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"


def settings_path() -> Path:
    """Return where the game keeps its settings (the file need not exist)."""
    return user_folders().settings_file


def settings_language() -> str | None:
    """Return the language the settings name, or None (no file, unreadable, no language)."""
    try:
        data = read_strict_json(settings_path(), MAX_SETTINGS_BYTES)
    except (OSError, ValueError):
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return language if language in LANGUAGES else None


def cli_language(chosen: str | None) -> str:
    """Return ``chosen`` (``--language``) when given, else the settings', else German."""
    if chosen in LANGUAGES:
        return str(chosen)
    return settings_language() or DEFAULT_LANGUAGE


def say(language: str, en: str, de: str) -> str:
    """Return ``de`` for German, else ``en``."""
    return de if language == "de" else en
