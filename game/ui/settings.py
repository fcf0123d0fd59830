"""The player's settings (language, true-size DPI, animations, fog, sounds, camera), as JSON.

Where things are kept: ``game.match.places`` (``$KAMPFKARTE_HOME``, else the platform's
folders: settings.json in the config folder, saves/ and autosave/ in the data folder).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.match.datafiles import read_strict_json, write_json_atomic
from game.match.places import user_folders
from game.ui.camera import DEFAULT_DPI
from game.ui.locale import DEFAULT_LANGUAGE, LANGUAGES

MAX_SETTINGS_BYTES = 64_000
MIN_VOLUME = 10  # silence is the sounds' switch, not a volume of 0
MAX_VOLUME = 100


def home_dir() -> Path:
    """Return the folder for saves and autosaves (created when missing)."""
    folder = user_folders().data
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class Settings:
    """What the player chose in the settings menu."""

    language: str = DEFAULT_LANGUAGE
    dpi: float = DEFAULT_DPI
    animations: bool = True
    fog_of_war: bool = True
    sounds: bool = False  # short effect sounds; off until the player switches them on
    volume: int = 60  # per cent of full loudness, for the sounds
    camera_follow: bool = True  # the camera moves to the creature whose turn begins
    window_w: int = 1280
    window_h: int = 800

    @classmethod
    def load(cls, folder: Path) -> Settings:
        """Return the saved settings; defaults for a missing or unreadable file."""
        path = folder / "settings.json"
        try:
            data = read_strict_json(path, MAX_SETTINGS_BYTES)
        except (OSError, ValueError):
            return cls()
        return cls.from_dict(data if isinstance(data, dict) else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Return settings from a dict, keeping defaults for missing or wrong values."""
        settings = cls()
        for item in fields(cls):
            value = data.get(item.name)
            default = getattr(settings, item.name)
            if isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(settings, item.name, value)
            elif isinstance(default, (int, float)) and not isinstance(value, bool):
                if isinstance(value, (int, float)) and 0 < value < 100_000:
                    setattr(settings, item.name, type(default)(value))
            elif isinstance(value, str):
                setattr(settings, item.name, value)
        if not MIN_VOLUME <= settings.volume <= MAX_VOLUME:
            settings.volume = Settings.volume
        if settings.language not in LANGUAGES:
            settings.language = DEFAULT_LANGUAGE
        return settings

    def save(self, folder: Path) -> None:
        """Write the settings atomically."""
        write_json_atomic(folder / "settings.json", asdict(self))
