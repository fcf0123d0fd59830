"""Saves: a match as JSON (mission reference, seed, commands, state snapshot).

A save is data, never code: it is read with ``json`` under a size limit, every field
is checked with an error naming the file, the JSON path and what was expected, and
loading replays the commands on a fresh Battle and compares the result with the
snapshot, so a save cannot put the match into a state the rules could not reach.

Format (version 1)::

    {"format": "kampfkarte-save", "version": 1, "program": "0.1.0",
     "ruleset": {"key": "entaria", "version": "2"},
     "mission": {"path": "maps/dretop-versteck.toml", "sha256": "<64 hex digits>"},
     "seed": 7, "commands": [{"kind": "move", ...}, ...], "snapshot": {...state...}}

``program`` and ``ruleset`` were added without a new format version: a save without
them is an ENTARIA save of an unknown rules version. A save whose commands no longer
replay, or replay to another state, is refused with a message that says the rules
changed when the recorded rules version differs from the program's.

Files are written atomically: a temporary file in the same folder, flushed and
fsynced, then ``os.replace``. Save names are plain file names inside the save folder;
nothing is ever written outside it. The autosave keeps the last three states as
``autosave-1.json`` (newest), ``autosave-2.json`` and ``autosave-3.json``.

A changed mission (its SHA-256 differs from the save's) is not an error by itself:
the save still loads when the replay reaches the snapshot exactly, and the caller
gets a warning to show. If the replay fails, the error says the mission changed.

This module does not read missions (the match layer does not import them): the
caller passes ``open_mission``, which turns the save's mission path into the set-up,
the catalogue, the ruleset and the current hash (``game.missions.simulate`` has one),
and the table of rulesets whose command kinds the save may use.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import game
from game.match.commands import Command, CommandError
from game.match.datafiles import (
    JsonTooLarge,
    ReadReason,
    ReadRefused,
    StrictJsonError,
    loads_strict_json,
    read_bounded,
    write_json_atomic,
)
from game.match.problem_texts import Texts, joined
from game.match.record import Match, ReplayError, first_difference
from game.match.ruleset import Ruleset
from game.match.save_texts import (
    SaveNote,
    json_problem,
    newer_program,
    opening_texts,
    replay_texts,
    said,
    snapshot_problem_texts,
    texts_of,
    what_of,
    where_texts,
)

FORMAT = "kampfkarte-save"
VERSION = 1
SUFFIX = ".json"
#: A save larger than this is refused before it is parsed.
MAX_SAVE_BYTES = 20 * 1024 * 1024
#: A mission file larger than this is not hashed (missions are far smaller).
MAX_MISSION_BYTES = 64 * 1024 * 1024
#: More commands than this is not a match a table plays.
MAX_COMMANDS = 200_000
MAX_PATH_CHARS = 4096
AUTOSAVE_NAMES = ("autosave-1.json", "autosave-2.json", "autosave-3.json")
#: The ruleset of a save written before saves named theirs.
LEGACY_RULESET = "entaria"
_RULESET_KEY = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,120}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class SaveError(Exception):
    """A save that cannot be written or loaded; the message names file, JSON path, reason.

    ``where`` and ``message`` are English (``str()`` reads them); either may be given as
    texts per language ("en" required), for :meth:`text`.
    """

    def __init__(self, path: Path | str, where: str | Texts, message: str | Texts) -> None:
        self.path = str(path)
        self.where_texts: Texts = {"en": where} if isinstance(where, str) else dict(where)
        self.texts: Texts = {"en": message} if isinstance(message, str) else dict(message)
        self.where = self.where_texts["en"]
        self.message = self.texts["en"]
        super().__init__(self.text("en"))

    def text(self, language: str) -> str:
        """Return the whole message (file, where, what) in ``language``, else English."""
        where = self.where_texts.get(language) or self.where
        message = self.texts.get(language) or self.message
        location = f"{self.path}: {where}: " if where else f"{self.path}: "
        return location + message


@dataclass(frozen=True)
class MissionRef:
    """The mission a match was played on: its path as given and its content hash."""

    path: str
    sha256: str

    @classmethod
    def of_file(cls, path: Path | str) -> MissionRef:
        """Return the reference of the mission file ``path`` (hashing its bytes)."""
        return cls(str(path), file_sha256(path))


def file_sha256(path: Path | str) -> str:
    """Return the SHA-256 of a file's bytes (hex); raise OSError or ValueError if too large."""
    digest = hashlib.sha256()
    read = 0
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            read += len(chunk)
            if read > MAX_MISSION_BYTES:
                raise ValueError(f"{path} is larger than {MAX_MISSION_BYTES} bytes")
            digest.update(chunk)
    return digest.hexdigest()


@dataclass(frozen=True)
class SaveData:
    """A save as read and validated (not yet replayed)."""

    path: Path
    mission: MissionRef
    seed: int
    commands: tuple[Command, ...]
    snapshot: dict[str, Any]
    ruleset: str = LEGACY_RULESET
    #: The rules version the save was written with (None: written before saves said).
    ruleset_version: str | None = None
    program: str | None = None


@dataclass(frozen=True)
class OpenedMission:
    """What ``open_mission`` returns: the set-up to replay on and the file's current hash."""

    setup: Any
    catalogue: Any
    sha256: str
    ruleset: Ruleset


OpenMission = Callable[[str], OpenedMission]


@dataclass
class LoadedSave:
    """A save replayed into a Match; ``warnings`` are for the player (changed mission, ...)."""

    data: SaveData
    match: Match
    warnings: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------- writing
def save_document(match: Match, mission: MissionRef) -> dict[str, Any]:
    """Return the JSON document of a save of ``match``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "program": game.__version__,
        "ruleset": {"key": match.ruleset.key, "version": match.ruleset.version},
        "mission": {"path": mission.path, "sha256": mission.sha256},
        "seed": match.seed,
        "commands": [command.to_dict() for command in match.commands],
        "snapshot": match.game.snapshot(),
    }


def save_path(folder: Path | str, name: str) -> Path:
    """Return the file a save called ``name`` has in ``folder``; refuse anything else.

    A name is a plain file name (letters, digits, space, ``._-``), never a path, so a
    save can never be written outside its folder. ``.json`` is added when missing.
    """
    if not name.endswith(SUFFIX):
        name += SUFFIX
    if not _NAME.match(name) or ".." in name:
        raise SaveError(name, "", said("bad_name"))
    base = Path(folder).resolve()
    target = (base / name).resolve()
    if target.parent != base:
        raise SaveError(name, "", said("outside_folder", base=base))
    return target


def _write_document(path: Path, document: dict[str, Any]) -> None:
    """Write a save document atomically (``datafiles``); refuse one over MAX_SAVE_BYTES."""
    try:
        write_json_atomic(path, document, max_bytes=MAX_SAVE_BYTES)
    except JsonTooLarge as error:
        message = said("would_be_too_large", size=error.size, limit=error.limit)
        raise SaveError(path, "", message) from None


def write_save(match: Match, folder: Path | str, name: str, mission: MissionRef) -> Path:
    """Save ``match`` as ``name`` in ``folder`` (atomically); return the file written."""
    path = save_path(folder, name)
    _write_document(path, save_document(match, mission))
    return path


def autosave(match: Match, folder: Path | str, mission: MissionRef) -> Path:
    """Write the newest autosave and keep the two before it (autosave-1 is the newest)."""
    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    document = save_document(match, mission)
    paths = [save_path(base, name) for name in AUTOSAVE_NAMES]
    # Rotate oldest first: a crash between the renames loses at most one old autosave.
    for older, newer in zip(reversed(paths[1:]), reversed(paths[:-1]), strict=True):
        if newer.exists():
            os.replace(newer, older)
    _write_document(paths[0], document)
    return paths[0]


class Autosaver:
    """A Match listener that autosaves after every command, undo and redo."""

    def __init__(self, folder: Path | str, mission: MissionRef) -> None:
        self.folder = Path(folder)
        self.mission = mission

    def __call__(self, match: Match) -> None:
        autosave(match, self.folder, self.mission)


# ---------------------------------------------------------------------- reading
def read_save(path: Path | str, rulesets: Mapping[str, Ruleset]) -> SaveData:
    """Return the validated contents of a save file; raise SaveError naming what is wrong.

    ``rulesets`` are the rulesets by key (``game.rulesets.RULESETS``): the save's commands
    are read with the command table of the ruleset it names.
    """
    p = Path(path)
    try:
        raw = read_bounded(p, MAX_SAVE_BYTES)
    except ReadRefused as refused:
        raise SaveError(p, "", _refusal(refused)) from None
    if not raw.strip():
        raise SaveError(p, "", said("empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(p, "", said("not_utf8", byte=error.start)) from None
    try:
        document = loads_strict_json(text)
    except StrictJsonError as error:
        detail = json_problem(
            error.message, syntax=error.syntax, constant=error.constant, too_deep=error.too_deep
        )
        if not error.syntax:
            broken = said("because", why=said("corrupted_json"), detail=detail)
            raise SaveError(p, "", broken) from None
        why = said("truncated" if error.truncated else "corrupted_json")
        raise SaveError(
            p,
            said("at_line", line=error.line, column=error.column),
            said("because", why=why, detail=detail),
        ) from None
    return parse_save(document, p, rulesets)


def _refusal(refused: ReadRefused) -> dict[str, str]:
    """Return why a save file was not read, in the words of a save's error."""
    if refused.reason is ReadReason.MISSING:
        return said("file_not_found")
    if refused.reason is ReadReason.NOT_REGULAR:
        return said("not_regular")
    if refused.reason is ReadReason.TOO_LARGE:
        return said("file_too_large", size=refused.size, limit=refused.limit)
    if refused.reason is ReadReason.GREW:
        return said("file_grew", limit=refused.limit)
    return said("unreadable", detail=refused.detail)


def _expect(condition: bool, path: Path, where: str, message: str | Texts) -> None:
    if not condition:
        raise SaveError(path, where, message)


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def parse_save(document: Any, path: Path, rulesets: Mapping[str, Ruleset]) -> SaveData:
    """Return the SaveData a parsed JSON document describes; raise SaveError otherwise."""
    _expect(isinstance(document, dict), path, "$", said("top_object"))
    expected = {"format", "version", "mission", "seed", "commands", "snapshot"}
    optional = {"program", "ruleset"}
    unknown = sorted(set(document) - expected - optional)
    _expect(
        not unknown,
        path,
        "$",
        said("unknown_keys", unknown=unknown, allowed=sorted(expected | optional)),
    )
    for key in sorted(expected):
        _expect(key in document, path, f"$.{key}", said("missing"))
    _expect(
        document["format"] == FORMAT,
        path,
        "$.format",
        said("not_a_save", expected=FORMAT, found=_describe(document["format"])),
    )
    version = document["version"]
    _expect(
        type(version) is int and version == VERSION,
        path,
        "$.version",
        said(
            "wrong_version",
            expected=VERSION,
            found=_describe(version),
            newer=newer_program(version, VERSION),
        ),
    )
    mission = document["mission"]
    _expect(isinstance(mission, dict), path, "$.mission", said("mission_object"))
    _expect(
        set(mission) == {"path", "sha256"},
        path,
        "$.mission",
        said("exact_keys", keys=["path", "sha256"], found=sorted(mission)),
    )
    mission_path = mission["path"]
    _expect(
        isinstance(mission_path, str) and 0 < len(mission_path) <= MAX_PATH_CHARS,
        path,
        "$.mission.path",
        said("mission_path", limit=MAX_PATH_CHARS, found=_describe(mission_path)),
    )
    _expect("\x00" not in mission_path, path, "$.mission.path", said("path_nul"))
    digest = mission["sha256"]
    _expect(
        isinstance(digest, str) and bool(_HEX64.match(digest)),
        path,
        "$.mission.sha256",
        said("sha256", found=_describe(digest)),
    )
    seed = document["seed"]
    _expect(
        type(seed) is int and 0 <= seed < 2**63,
        path,
        "$.seed",
        said("seed", found=_describe(seed)),
    )
    program = document.get("program")
    _expect(
        program is None or (isinstance(program, str) and 0 < len(program) <= 40),
        path,
        "$.program",
        said("program", found=_describe(program)),
    )
    ruleset_key, ruleset_version = _ruleset_of(document.get("ruleset"), path)
    if ruleset_key not in rulesets:
        raise SaveError(
            path,
            "$.ruleset.key",
            said("unknown_ruleset", key=ruleset_key, known=", ".join(sorted(rulesets))),
        )
    ruleset = rulesets[ruleset_key]
    raw_commands = document["commands"]
    _expect(isinstance(raw_commands, list), path, "$.commands", said("commands_list"))
    _expect(
        len(raw_commands) <= MAX_COMMANDS,
        path,
        "$.commands",
        said("too_many_commands", count=len(raw_commands), limit=MAX_COMMANDS),
    )
    commands = []
    for index, raw in enumerate(raw_commands):
        try:
            commands.append(ruleset.commands.from_dict(raw))
        except CommandError as error:
            raise SaveError(path, f"$.commands[{index}]", error.texts) from None
        except (TypeError, ValueError) as error:  # a command's own checks in __post_init__
            invalid = said("invalid_command", error=str(error))
            raise SaveError(path, f"$.commands[{index}]", invalid) from None
    snapshot = document["snapshot"]
    _expect(isinstance(snapshot, dict), path, "$.snapshot", said("snapshot_object"))
    problem = ruleset.snapshot_problem(snapshot)
    if problem is not None:
        raise SaveError(path, f"$.snapshot{problem[0]}", snapshot_problem_texts(problem[1]))
    _check_finite(snapshot, path, "$.snapshot")
    return SaveData(
        path,
        MissionRef(mission_path, digest),
        seed,
        tuple(commands),
        snapshot,
        ruleset_key,
        ruleset_version,
        program,
    )


def _ruleset_of(value: Any, path: Path) -> tuple[str, str | None]:
    """Return the ruleset key and version a save names (a legacy save: ENTARIA, None)."""
    if value is None:
        return LEGACY_RULESET, None
    _expect(isinstance(value, dict), path, "$.ruleset", said("ruleset_object"))
    _expect(
        set(value) == {"key", "version"},
        path,
        "$.ruleset",
        said("exact_keys", keys=["key", "version"], found=sorted(value)),
    )
    key, version = value["key"], value["version"]
    _expect(
        isinstance(key, str) and bool(_RULESET_KEY.match(key)),
        path,
        "$.ruleset.key",
        said("ruleset_key", example=LEGACY_RULESET, found=_describe(key)),
    )
    _expect(
        isinstance(version, str) and 0 < len(version) <= 40,
        path,
        "$.ruleset.version",
        said("rules_version", found=_describe(version)),
    )
    return key, version


def _check_finite(value: Any, path: Path, where: str) -> None:
    """Refuse floats that are not finite (json accepts huge exponents as inf)."""
    stack = [(value, where)]
    while stack:
        item, here = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise SaveError(path, here, said("not_finite"))
        if isinstance(item, dict):
            stack.extend((v, f"{here}.{k}") for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{here}[{i}]") for i, v in enumerate(item))


def restore(
    data: SaveData,
    ruleset: Ruleset,
    setup: Any,
    catalogue: Any,
    *,
    mission_sha256: str | None,
) -> LoadedSave:
    """Replay a save on ``setup`` and compare with its snapshot; return the Match.

    ``mission_sha256`` is the current hash of the mission file (None: unknown). A
    different hash is a warning when the replay still reaches the snapshot exactly.
    """
    if ruleset.key != data.ruleset:
        raise SaveError(
            data.path,
            "$.ruleset.key",
            said("ruleset_changed", saved=data.ruleset, mission=data.mission.path, now=ruleset.key),
        )
    warnings: list[str] = []
    changed = mission_sha256 is not None and mission_sha256 != data.mission.sha256
    note: Texts = {"en": "", "de": ""}
    if changed:
        mission = data.mission.path
        saved, now = data.mission.sha256[:12], str(mission_sha256)[:12]
        warnings.append(
            SaveNote(said("mission_changed", path=data.path, mission=mission, saved=saved, now=now))
        )
        note = said("mission_changed_note", mission=mission)
    note = joined(note, _rules_note(data, ruleset))
    try:
        match = Match(ruleset, setup, catalogue, data.seed, commands=data.commands)
    except ReplayError as error:
        raise SaveError(data.path, "$.commands", replay_texts(error, note)) from None
    except Exception as error:  # a bug in a handler must not pass as a good save
        failed = said("replay_failed", name=type(error).__name__, error=str(error), note=note)
        raise SaveError(data.path, "$.commands", failed) from error
    where = first_difference(data.snapshot, match.game.snapshot(), "$.snapshot")
    if where is not None:
        raise SaveError(data.path, where_texts(where), said("snapshot_differs", note=note))
    return LoadedSave(data, match, warnings)


def _rules_note(data: SaveData, ruleset: Ruleset) -> dict[str, str]:
    """Return why a save may not replay when its rules version is not the program's."""
    if data.ruleset_version == ruleset.version:
        return {"en": "", "de": ""}
    saved = (
        said("rules_version_of", version=data.ruleset_version)
        if data.ruleset_version is not None
        else said("rules_version_unknown")
    )
    program = said("by_program", program=data.program) if data.program else ""
    return said(
        "rules_note", program=program, saved=saved, key=ruleset.key, version=ruleset.version
    )


def load_save(
    path: Path | str, open_mission: OpenMission, rulesets: Mapping[str, Ruleset]
) -> LoadedSave:
    """Read, validate and replay the save at ``path``; raise SaveError naming the problem."""
    data = read_save(path, rulesets)
    try:
        opened = open_mission(data.mission.path)
    except SaveError:
        raise
    except Exception as error:
        raise SaveError(
            data.path,
            "$.mission.path",
            said("cannot_open_mission", mission=data.mission.path, error=opening_texts(error)),
        ) from None
    return restore(
        data, opened.ruleset, opened.setup, opened.catalogue, mission_sha256=opened.sha256
    )


def load_latest_autosave(
    folder: Path | str, open_mission: OpenMission, rulesets: Mapping[str, Ruleset]
) -> LoadedSave:
    """Load the newest autosave that loads; a corrupted newer one becomes a warning.

    Raise SaveError (listing every attempt) when none of the three loads.
    """
    paths = [Path(folder) / name for name in AUTOSAVE_NAMES]
    existing = [path for path in paths if path.exists()]
    if not existing:
        raise SaveError(folder, "", said("no_autosave_here"))
    return load_newest(existing, open_mission, rulesets, what="autosave")


def newest_first(folder: Path | str) -> list[Path]:
    """Return the saves in ``folder``, the most recently written first."""
    base = Path(folder)
    if not base.is_dir():
        return []
    saves = [p for p in base.glob(f"*{SUFFIX}") if p.is_file() and not p.name.startswith(".")]
    return sorted(saves, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def load_newest(
    paths: list[Path],
    open_mission: OpenMission,
    rulesets: Mapping[str, Ruleset],
    *,
    what: str = "save",
) -> LoadedSave:
    """Load the first of ``paths`` that loads; every one skipped becomes a warning.

    Nothing is deleted: a save that no longer loads (a changed rule, a broken file)
    stays where it is. Raise SaveError listing every attempt when none loads.
    """
    problems: list[dict[str, str]] = []
    for path in paths:
        try:
            loaded = load_save(path, open_mission, rulesets)
        except SaveError as error:
            problems.append(texts_of(error))
            continue
        skipped = [said("skipped", what=what_of(what, "a"), problem=p) for p in problems]
        loaded.warnings[:0] = [SaveNote(texts) for texts in skipped]
        return loaded
    if not problems:
        raise SaveError("", "", said("nothing_to_load", what=what_of(what, "none_acc")))
    every = {language: " | ".join(p[language] for p in problems) for language in ("de", "en")}
    none_loads = said("none_loads", what=what_of(what, "none_nom"), problems=every)
    raise SaveError(paths[0].parent, "", none_loads)
