"""The saves folder as the dialogs and the title screen list it, and save file names."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from game.match.save_reading import read_save_document
from game.match.saves import SaveError
from game.ui.session import saves_dir


@dataclass(frozen=True)
class SaveInfo:
    """What the load dialog shows of one save file."""

    path: Path
    name: str
    when: datetime
    mission: str
    round: int | None
    problem: str = ""


@cache
def mission_title(path: str) -> str:
    """Return a mission's title (the file name when it does not load)."""
    try:
        from game.missions.loader import load_any

        return load_any(path).mission.title or Path(path).stem
    except Exception:  # a broken or missing mission still has a name to show
        return Path(path).stem


def save_info(path: Path) -> SaveInfo:
    """Return the date, mission and round of a save without replaying it."""
    try:
        stat = path.stat()
        when = datetime.fromtimestamp(stat.st_mtime)
    except OSError as error:
        return SaveInfo(path, path.stem, datetime.now(), "?", None, str(error.strerror or error))
    try:
        data = read_save_document(path)
        mission = str(data["mission"]["path"])
        round_ = data.get("round")
        if round_ is None and isinstance(data.get("snapshot"), dict):
            round_ = data["snapshot"].get("round")  # older saves: the state's
        if type(round_) is not int:
            round_ = None  # a ruleset that counts no rounds (or names them otherwise)
    except SaveError as error:
        return SaveInfo(path, path.stem, when, "?", None, error.text("en"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        return SaveInfo(path, path.stem, when, "?", None, str(error) or type(error).__name__)
    return SaveInfo(path, path.stem, when, mission_title(mission), round_)


def list_saves(home: Path) -> list[SaveInfo]:
    """Return the saves in the saves folder, newest first."""
    try:
        files = [
            p
            for p in saves_dir(home).glob("*.json")
            if not p.name.endswith(".players.json") and p.is_file()
        ]
    except OSError:
        return []
    infos = [save_info(p) for p in files[:500]]
    return sorted(infos, key=lambda info: info.when, reverse=True)


def format_when(when: datetime) -> str:
    return when.strftime("%d.%m.%Y %H:%M")


UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def safe_save_name(text: str) -> str:
    """Return ``text`` as a save's file name: umlauts spelled out, odd characters as '-'."""
    out = []
    for ch in text.strip():
        ch = UMLAUTS.get(ch, ch)
        out.append(ch if all(c.isascii() and (c.isalnum() or c in " ._-") for c in ch) else "-")
    return "".join(out).strip(" .") or "save"
