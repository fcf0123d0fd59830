"""The files one map load reads: where they may lie, what they cost together, each read once.

A Tiled map names tilesets and images by relative paths. They must lie inside the
map's folder, or inside its *project folder*: the nearest folder above the map that
holds a ``.tiled-project`` file (Tiled projects keep tilesets in a shared folder beside
the maps), or the folder the user named with ``--assets DIR``. Never beyond: a path
whose real location (symbolic links followed) is outside all of them is refused.

Work is bounded per load, not only per file: all files of one load together may
read at most :data:`MAX_LOAD_BYTES` bytes, and the map and its tileset files (the
text that is parsed, the costly part) at most :data:`MAX_PARSED_BYTES`; the file that
would go over is refused, named in the message. A file named twice (99 tileset
references to one ``.tsx``) is read and parsed once: :meth:`MapFiles.parsed` caches
by resolved path.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import TypeVar

from game.match.problems import MissionError, problem_of
from game.missions.loader_texts import mission_say
from game.missions.paths import human_size, read_limited, relative_parts

__all__ = [
    "MAX_LOAD_BYTES",
    "MAX_PARSED_BYTES",
    "MAX_PROJECT_LEVELS",
    "MapFiles",
    "asset_folder",
    "project_folder",
    "use_assets",
]

#: Bytes all files of one load may read together (the map, its tilesets, their images).
MAX_LOAD_BYTES = 128 * 1024 * 1024
#: Bytes of XML and JSON one load may parse together (the map and its tileset files).
MAX_PARSED_BYTES = 12 * 1024 * 1024
#: Folders above the map searched for a ``.tiled-project`` file.
MAX_PROJECT_LEVELS = 8
PROJECT_SUFFIX = ".tiled-project"
#: Entries of one folder looked at for a ``.tiled-project`` file.
MAX_FOLDER_ENTRIES = 10_000

T = TypeVar("T")

_assets: list[Path] = []  # the folder the command line named with --assets (at most one)


def use_assets(folder: Path | str | None) -> None:
    """Let every later load read tilesets and images inside ``folder`` too (None: none).

    The command line calls this for ``--assets DIR``, so the screens that load the map
    themselves (preview, battle) find the same files.
    """
    _assets.clear()
    if folder is not None:
        _assets.append(Path(folder).resolve())


def asset_folder() -> Path | None:
    """Return the folder named with ``--assets``, or None."""
    return _assets[0] if _assets else None


def project_folder(map_folder: Path) -> Path | None:
    """Return the nearest folder at or above ``map_folder`` with a ``.tiled-project`` file.

    At most :data:`MAX_PROJECT_LEVELS` folders up, the first :data:`MAX_FOLDER_ENTRIES`
    entries of each (a huge folder cannot make a load slow).
    """
    folder = map_folder.resolve()
    for _ in range(MAX_PROJECT_LEVELS + 1):
        try:
            with os.scandir(folder) as scan:
                entries = islice(scan, MAX_FOLDER_ENTRIES)
                if any(e.name.endswith(PROJECT_SUFFIX) and e.is_file() for e in entries):
                    return folder
        except OSError:  # unreadable folder: no project known there
            pass
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


class MapFiles:
    """The files of one load: the folders they may lie in, the bytes read, the parsed files."""

    def __init__(
        self, folder: Path | str, *, assets: Path | None = None, limit: int | None = None
    ) -> None:
        self.folder = Path(folder).resolve()
        roots = [self.folder]
        project = project_folder(self.folder)
        if project is not None:
            roots.append(project)
        extra = assets if assets is not None else asset_folder()
        if extra is not None:
            roots.append(extra.resolve())
        self.roots = tuple(roots)
        self.limit = limit if limit is not None else MAX_LOAD_BYTES
        self.spent = 0
        self.parsed_bytes = 0  # of the text parsed: the map and its tileset files
        self.reads = 0  # files read (each at most once when it goes through ``parsed``)
        self._parsed: dict[Path, object] = {}

    def resolve(self, relative: object, *, path_label: str) -> Path:
        """Return where ``relative`` (from the map's folder) leads.

        ``..`` is allowed while the real location stays inside one of :attr:`roots`;
        raise MissionError otherwise (and for what ``relative_parts`` refuses).
        """
        parts = relative_parts(relative, path_label=path_label, allow_up=True)
        candidate = self.folder.joinpath(*parts)
        try:
            real = candidate.resolve()
        except (OSError, RuntimeError) as exc:  # symlink loops
            message = mission_say("path_unresolved", relative=relative, detail=exc)
            raise MissionError([problem_of(path_label, message)]) from None
        if any(_inside(real, root) for root in self.roots):
            return real
        if ".." in parts:
            message = mission_say("path_outside_project", relative=relative, real=real)
        elif len(self.roots) > 1:
            message = mission_say("path_outside_roots", relative=relative, real=real)
        else:
            message = mission_say("path_outside", relative=relative, real=real)
        raise MissionError([problem_of(path_label, message)])

    def spend(self, amount: int, *, path_label: str, parse: bool = False) -> None:
        """Count ``amount`` bytes read (with ``parse``: to be parsed too) against the
        load's budgets; raise MissionError naming ``path_label`` past one of them."""
        if parse and self.parsed_bytes + amount > MAX_PARSED_BYTES:
            raise self._over(path_label, MAX_PARSED_BYTES, self.parsed_bytes, "load_parse_budget")
        if self.spent + amount > self.limit:
            raise self._over(path_label, self.limit, self.spent, "load_budget")
        self.spent += amount
        if parse:
            self.parsed_bytes += amount

    @staticmethod
    def _over(path_label: str, limit: int, spent: int, template: str) -> MissionError:
        message = mission_say(template, limit=limit, human=human_size(limit), spent=spent)
        return MissionError([problem_of(path_label, message)])

    def read(
        self,
        path: Path,
        max_bytes: int,
        *,
        path_label: str,
        head: int | None = None,
        parse: bool = False,
    ) -> bytes:
        """Return the bytes of ``path`` (as ``read_limited``), counted against the budgets
        (``parse``: the bytes are XML or JSON to be parsed)."""
        data = read_limited(path, max_bytes, path_label=path_label, head=head)
        self.reads += 1
        self.spend(len(data), path_label=path_label, parse=parse)
        return data

    def parsed(self, path: Path, make: Callable[[], T]) -> T:
        """Return what ``make`` makes of ``path``, made once per resolved path and load.

        A ``make`` that raises is not cached here; the caller caches its failure.
        """
        if path not in self._parsed:
            self._parsed[path] = make()
        return self._parsed[path]  # type: ignore[return-value]
