"""The player's settings (language, true-size DPI, animations, fog, sounds, camera), as JSON.

Where things are kept: ``game.match.places`` (``$KAMPFKARTE_HOME``, else the platform's
folders: settings.json in the config folder, saves/ and autosave/ in the data folder).

A settings file that does not load (no JSON, nested too deep, a FIFO or a device in its
place, too large) gives the defaults, and is never overwritten without a copy: it is
renamed to ``settings.json.bad-<n>`` beside it, and ``load_settings`` says so
(SettingsDamage) for the title screen to show. A file that cannot be renamed stays, and
``Settings.save`` then writes nothing.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.match.datafiles import (
    ReadReason,
    ReadRefused,
    StrictJsonError,
    read_strict_json,
    write_json_atomic,
)
from game.match.places import MAX_SETTINGS_BYTES, SETTINGS_FILE, user_folders
from game.ui.camera import DEFAULT_DPI
from game.ui.locale import DEFAULT_LANGUAGE, LANGUAGES

MIN_VOLUME = 10  # silence is the sounds' switch, not a volume of 0
MAX_VOLUME = 100
#: How many damaged settings files are kept beside the new one (bad-1 ... bad-N).
MAX_KEPT_COPIES = 100


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
        """Return the saved settings; defaults for a missing or damaged file (kept aside)."""
        return load_settings(folder)[0]

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
        """Write the settings atomically; never over a file that does not load.

        Such a file is renamed aside first (``settings.json.bad-<n>``); when that fails,
        nothing is written (OSError).
        """
        path = folder / SETTINGS_FILE
        damaged = os.path.lexists(path) and _damage_of(path) is not None
        if damaged and _keep_aside(path) is None:
            raise OSError(f"{path} does not load and cannot be renamed; not overwritten")
        write_json_atomic(path, asdict(self))


@dataclass(frozen=True)
class SettingsDamage:
    """A settings file that did not load: the file, why (a key), and where it is now.

    ``reason`` is one of "syntax", "too_deep", "not_json", "not_object",
    "not_regular", "too_large", "unreadable"; ``line`` is set for "syntax". ``kept``
    is the file's new name, or None when it could not be renamed (it stays as it was).
    """

    path: Path
    reason: str
    line: int | None = None
    kept: Path | None = None


def load_settings(folder: Path) -> tuple[Settings, SettingsDamage | None]:
    """Return the saved settings and, for a damaged file, what happened to it.

    A missing file gives the defaults and no damage. A damaged one gives the defaults,
    and is renamed aside (``settings.json.bad-<n>``) so that no later save replaces it.
    """
    path = folder / SETTINGS_FILE
    data, damage = _read(path)
    if damage is not None:
        return Settings(), _kept(damage)
    return (Settings() if data is None else Settings.from_dict(data)), None


def _damage_of(path: Path) -> SettingsDamage | None:
    """Return why ``path`` does not load as settings, or None if it does (or is missing)."""
    return _read(path)[1]


def _read(path: Path) -> tuple[dict[str, Any] | None, SettingsDamage | None]:
    """Return the settings object in ``path`` (None: missing), or why it does not load."""
    try:
        data = read_strict_json(path, MAX_SETTINGS_BYTES)
    except ReadRefused as refused:
        if refused.reason is ReadReason.MISSING:
            return None, None
        return None, _read_damage(path, refused)
    except (OSError, StrictJsonError) as error:
        return None, _json_damage(path, error)
    if not isinstance(data, dict):
        return None, SettingsDamage(path, "not_object")
    return data, None


def _read_damage(path: Path, refused: ReadRefused) -> SettingsDamage:
    reasons = {ReadReason.NOT_REGULAR: "not_regular", ReadReason.UNREADABLE: "unreadable"}
    return SettingsDamage(path, reasons.get(refused.reason, "too_large"))


def _json_damage(path: Path, error: OSError | StrictJsonError) -> SettingsDamage:
    if not isinstance(error, StrictJsonError):
        return SettingsDamage(path, "unreadable")
    if error.syntax:
        return SettingsDamage(path, "syntax", line=error.line)
    return SettingsDamage(path, "too_deep" if error.too_deep else "not_json")


def _kept(damage: SettingsDamage) -> SettingsDamage:
    """Rename the damaged file aside; return ``damage`` saying where it is now."""
    kept = _keep_aside(damage.path)
    return SettingsDamage(damage.path, damage.reason, damage.line, kept)


def _keep_aside(path: Path) -> Path | None:
    """Rename ``path`` to the first free ``<name>.bad-<n>``; None when that fails."""
    for number in range(1, MAX_KEPT_COPIES + 1):
        target = path.with_name(f"{path.name}.bad-{number}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None
