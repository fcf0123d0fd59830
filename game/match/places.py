"""Where Kampfkarte's files are: the shipped folders (assets, maps) and the player's folders.

Shipped folders: a checkout or an editable install has ``assets/`` and ``maps/`` beside
the ``game`` package (the repository root); a wheel puts them under the environment's
data folder, ``share/kampfkarte/`` (``[tool.setuptools.data-files]`` in pyproject.toml;
for ``pip install --user`` the user's data folder).

The player's folders: with ``$KAMPFKARTE_HOME`` everything lies in that one folder (as
it always did); otherwise settings go to the platform's config folder, saves and
autosaves to its data folder, the error log to its log folder (``platformdirs``). A
``~/.kampfkarte`` of an older version is moved over once, on first use.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "kampfkarte"
#: The environment variable that keeps every file of the player in one folder.
HOME_VARIABLE = "KAMPFKARTE_HOME"
#: The folder older versions kept everything in, under the user's home.
LEGACY_FOLDER = ".kampfkarte"
#: Written into the data folder once ``~/.kampfkarte`` was moved over: never again.
MOVED_MARKER = ".moved-from-kampfkarte-home"
SETTINGS_FILE = "settings.json"
#: The settings file is small; a bigger one is not read (never an unbounded read).
MAX_SETTINGS_BYTES = 64_000
ERROR_LOG_FILE = "errors.log"


def shipped_candidates(name: str) -> list[Path]:
    """Return where a shipped folder (``"assets"``, ``"maps"``) may be, in the order looked."""
    beside_package = Path(__file__).resolve().parents[2] / name
    places = [beside_package, _data_root(sysconfig.get_path("data")) / name]
    try:
        user_data = sysconfig.get_path("data", sysconfig.get_preferred_scheme("user"))
    except KeyError:  # a Python without a user scheme
        return places
    places.append(_data_root(user_data) / name)
    return places


def _data_root(data: str) -> Path:
    return Path(data) / "share" / APP_NAME


def shipped_dir(name: str, marker: Path | str) -> Path:
    """Return the shipped folder ``name`` that holds ``marker`` (a file inside it).

    Raise FileNotFoundError naming every place looked at when none holds it.
    """
    candidates = shipped_candidates(name)
    for candidate in candidates:
        if (candidate / marker).is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"Kampfkarte's {name} folder is missing; looked in {looked}")


@dataclass(frozen=True)
class UserFolders:
    """The player's folders: data (saves, autosave), config (settings), log (error log)."""

    data: Path
    config: Path
    log: Path

    @classmethod
    def all_in(cls, folder: Path) -> UserFolders:
        """Return folders that are all ``folder`` (``$KAMPFKARTE_HOME``, a test's folder)."""
        return cls(folder, folder, folder)

    @property
    def settings_file(self) -> Path:
        """Return the settings file (it need not exist)."""
        return self.config / SETTINGS_FILE

    @property
    def error_log(self) -> Path:
        """Return the error log (it need not exist)."""
        return self.log / ERROR_LOG_FILE


def platform_folders() -> UserFolders:
    """Return the platform's user folders for Kampfkarte (nothing is created)."""
    return UserFolders(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        log=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )


def user_folders() -> UserFolders:
    """Return the player's folders: ``$KAMPFKARTE_HOME``, else the platform's.

    The first call without ``$KAMPFKARTE_HOME`` moves an older ``~/.kampfkarte`` over.
    Nothing else is created.
    """
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return UserFolders.all_in(Path(home))
    folders = platform_folders()
    move_legacy_home(folders)
    return folders


def legacy_home() -> Path | None:
    """Return ``~/.kampfkarte``, or None when there is no home folder to look in."""
    try:
        return Path.home() / LEGACY_FOLDER
    except RuntimeError:  # no HOME and no password entry
        return None


def move_legacy_home(folders: UserFolders) -> bool:
    """Move an older ``~/.kampfkarte`` into ``folders`` once; return True when it moved now.

    ``settings.json`` goes to the config folder, the error log (with its old copies) to
    the log folder, everything else (saves/, autosave/) to the data folder. Folders are
    merged file by file; nothing is overwritten: a file whose name is taken there is
    moved as ``<name>-alt<suffix>`` (``-alt-2`` …). A failure leaves what was not moved
    where it was; the next start tries again. Only when the old folder is empty and
    removed does a marker in the data folder say the move is done.
    """
    legacy = legacy_home()
    if legacy is None or legacy.is_symlink() or not legacy.is_dir():
        return False
    marker = folders.data / MOVED_MARKER
    try:
        if marker.exists():
            return False
        for entry in sorted(legacy.iterdir()):
            _move_entry(entry, _target_folder(entry.name, folders))
        legacy.rmdir()  # fails when something stayed behind: no marker, try again later
        folders.data.mkdir(parents=True, exist_ok=True)
        marker.write_text(f"{legacy}\n", encoding="utf-8")
    except OSError:
        return False
    return True


def _target_folder(name: str, folders: UserFolders) -> Path:
    if name == SETTINGS_FILE:
        return folders.config
    if name.startswith(ERROR_LOG_FILE):
        return folders.log
    return folders.data


def _move_entry(entry: Path, folder: Path) -> None:
    """Move ``entry`` into ``folder``: merge a folder, keep both of two files."""
    target = folder / entry.name
    if _real_folder(entry) and _real_folder(target):
        for child in sorted(entry.iterdir()):
            _move_entry(child, target)
        entry.rmdir()
        return
    folder.mkdir(parents=True, exist_ok=True)
    shutil.move(str(entry), str(_free_name(target)))


def _real_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _free_name(target: Path) -> Path:
    """Return ``target``, or ``<stem>-alt<suffix>`` (``-alt-2`` …) when that is taken."""
    candidate, number = target, 1
    while candidate.exists() or candidate.is_symlink():
        tail = "-alt" if number == 1 else f"-alt-{number}"
        candidate = target.with_name(f"{target.stem}{tail}{target.suffix}")
        number += 1
    return candidate
