"""Saves as data: the format's names and limits, its types, and reading a save file.

``read_save`` reads a file under a size limit (``datafiles``: regular files only, a
bounded read, nesting checked before parsing) and ``parse_save`` checks every field,
with an error naming the file, the JSON path and what was expected. ``game.match.saves``
writes, replays and re-exports all of this.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.match.commands import Command, CommandError
from game.match.datafiles import (
    ReadReason,
    ReadRefused,
    StrictJsonError,
    loads_strict_json,
    open_regular,
    read_bounded,
    without_surrogates,
)
from game.match.lazy_commands import LazyCommands
from game.match.problem_texts import Texts
from game.match.record import Match
from game.match.ruleset import Ruleset
from game.match.save_lines import (
    LINES_VERSION,
    JsonLines,
    LinesError,
    Unreadable,
    head_line,
    placed_parts,
)
from game.match.save_texts import (
    json_problem,
    newer_program,
    said,
    snapshot_problem_texts,
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
    """The mission a match was played on: its path (resolved, see of_file) and its hash."""

    path: str
    sha256: str

    @classmethod
    def of_file(cls, path: Path | str) -> MissionRef:
        """Return the reference of the mission file ``path``: resolved, and its hash.

        The absolute path works from any folder the game is started in later.
        """
        return cls(str(Path(path).resolve()), file_sha256(path))


def file_sha256(path: Path | str) -> str:
    """Return the SHA-256 of a regular file's bytes (hex); raise OSError, ValueError if large.

    A FIFO or a device in the file's place is refused, never waited on (``datafiles``).
    """
    digest = hashlib.sha256()
    read = 0
    with open_regular(path, MAX_MISSION_BYTES) as handle:
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
    #: A save with ``resume``: ``LazyCommands`` (each built and checked when first read).
    commands: Sequence[Command]
    snapshot: dict[str, Any]
    ruleset: str = LEGACY_RULESET
    #: The rules version the save was written with (None: written before saves said).
    ruleset_version: str | None = None
    program: str | None = None
    #: Who plays which side, as the screen wrote it (None: a save from before, or none).
    seats: dict[str, Any] | None = None
    #: The match to restore at once (``snapshot_load``), checked when used (None: replay).
    resume: Any = None


@dataclass(frozen=True)
class OpenedMission:
    """What ``open_mission`` returns: the set-up to replay on and the file's current hash."""

    setup: Any
    catalogue: Any
    sha256: str
    ruleset: Ruleset


OpenMission = Callable[[str], OpenedMission]
#: Where a mission with this SHA-256 is now (a path), or None: for a mission that moved.
FindMission = Callable[[str], str | None]


@dataclass
class LoadedSave:
    """A save replayed into a Match; ``warnings`` are for the player (changed mission, ...)."""

    data: SaveData
    match: Match
    warnings: list[str] = field(default_factory=list)
    #: The replay verifying a match restored from its snapshot (``snapshot_load``), or None.
    verifier: Any = None


# ---------------------------------------------------------------------- reading
def read_save(
    path: Path | str,
    rulesets: Mapping[str, Ruleset],
    *,
    max_bytes: int = MAX_SAVE_BYTES,
    lazy: bool = False,
) -> SaveData:
    """Return the validated contents of a save file; raise SaveError naming what is wrong.

    ``rulesets`` are the rulesets by key (``game.rulesets.RULESETS``): the save's commands
    are read with the command table of the ruleset it names. ``lazy``: as for parse_save.
    """
    p = Path(path)
    return parse_save(read_save_document(p, max_bytes=max_bytes), p, rulesets, lazy=lazy)


def read_save_document(path: Path | str, *, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Return a save file's JSON document, unchecked; raise SaveError when it does not read.

    A save in lines gives its long lists as ``JsonLines`` (read when used), so asking a
    long save for its mission or round (the title screen, the load dialog) is quick.
    """
    p = Path(path)
    try:
        raw = read_bounded(p, max_bytes)
    except ReadRefused as refused:
        raise SaveError(p, "", refusal_texts(refused)) from None
    if not raw or raw.isspace():  # (no copy of a long file, as strip would make)
        raise SaveError(p, "", said("empty"))
    in_lines = _lines_document(raw, p)
    if in_lines is not None:
        return in_lines
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
    return document


def _lines_document(raw: bytes, path: Path) -> dict[str, Any] | None:
    """Return the document of a save in lines (``save_lines``), or None for one document.

    Only a first line that is a save's head of the lines version makes a save in lines;
    anything else is read as one JSON document (with that reader's errors).
    """
    first = head_line(raw)
    if first is None:
        return None
    try:
        head = loads_strict_json(first.decode("utf-8"))
    except (UnicodeDecodeError, StrictJsonError):
        return None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        return None
    if head.get("version") != LINES_VERSION or "lines" not in head:
        return None
    try:
        return placed_parts(head, raw)
    except LinesError as error:
        raise SaveError(path, error.where, said(error.key, **error.values)) from None


def unreadable_texts(item: Unreadable) -> dict[str, str]:
    """Return why a save's line does not read, naming the line, in every language."""
    problem = item.problem
    if isinstance(problem, UnicodeDecodeError):
        detail = said("not_utf8", byte=problem.start)
    else:
        detail = json_problem(
            problem.message,
            syntax=problem.syntax,
            constant=problem.constant,
            too_deep=problem.too_deep,
        )
    return said("on_line", line=item.line, detail=detail)


def refusal_texts(refused: ReadRefused) -> dict[str, str]:
    """Return why a save (or seat) file was not read, in the words of a save's error."""
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


def parse_save(
    document: Any, path: Path, rulesets: Mapping[str, Ruleset], *, lazy: bool = False
) -> SaveData:
    """Return the SaveData a parsed JSON document describes; raise SaveError otherwise.

    ``lazy``: a save with ``resume`` keeps its commands raw (``LazyCommands``), each built
    and checked when first read; the load restores from the snapshot and verifies later.
    """
    _check_header(document, path)
    mission = _mission_of(document["mission"], path)
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
    commands = _commands_of(document["commands"], path, ruleset, lazy=lazy and "resume" in document)
    snapshot = document["snapshot"]
    _expect(isinstance(snapshot, dict), path, "$.snapshot", said("snapshot_object"))
    problem = ruleset.snapshot_problem(snapshot)
    if problem is not None:
        raise SaveError(path, f"$.snapshot{problem[0]}", snapshot_problem_texts(problem[1]))
    _check_finite(snapshot, path, "$.snapshot")
    seats = document.get("seats")
    _expect(seats is None or isinstance(seats, dict), path, "$.seats", said("seats_object"))
    return SaveData(
        path,
        mission,
        seed,
        commands,
        snapshot,
        ruleset_key,
        ruleset_version,
        program,
        seats,
        document.get("resume"),
    )


def _check_header(document: Any, path: Path) -> None:
    """Check a save's top level: an object, known keys, its format and version."""
    _expect(isinstance(document, dict), path, "$", said("top_object"))
    expected = {"format", "version", "mission", "seed", "commands", "snapshot"}
    optional = {"program", "ruleset", "seats", "resume", "round"}
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
        type(version) is int and version in (VERSION, LINES_VERSION),
        path,
        "$.version",
        said(
            "wrong_version",
            expected=f"{VERSION} or {LINES_VERSION}",
            found=_describe(version),
            newer=newer_program(version, LINES_VERSION),
        ),
    )


def mission_document(mission: MissionRef) -> dict[str, str]:
    """Return a save's ``mission`` object: a path no UTF-8 can hold also as its bytes.

    A file name that is not UTF-8 is kept by Python as surrogates, which JSON cannot
    write as UTF-8: ``path`` then holds a readable version (U+FFFD) and ``path_bytes``
    the name's bytes in base64, so the save names the very file.
    """
    try:
        mission.path.encode("utf-8")
    except UnicodeEncodeError:
        readable = without_surrogates(mission.path)
        encoded = base64.b64encode(os.fsencode(mission.path)).decode("ascii")
        return {"path": readable, "path_bytes": encoded, "sha256": mission.sha256}
    return {"path": mission.path, "sha256": mission.sha256}


def _mission_of(mission: Any, path: Path) -> MissionRef:
    """Return the mission reference of a save's ``mission`` object."""
    _expect(isinstance(mission, dict), path, "$.mission", said("mission_object"))
    keys = ["path", "sha256"] if "path_bytes" not in mission else ["path", "path_bytes", "sha256"]
    _expect(
        sorted(mission) == keys,
        path,
        "$.mission",
        said("exact_keys", keys=keys, found=sorted(mission)),
    )
    mission_path = mission["path"]
    _expect(
        isinstance(mission_path, str) and 0 < len(mission_path) <= MAX_PATH_CHARS,
        path,
        "$.mission.path",
        said("mission_path", limit=MAX_PATH_CHARS, found=_describe(mission_path)),
    )
    if "path_bytes" in mission:
        mission_path = _path_of_bytes(mission["path_bytes"], path)
    _expect("\x00" not in mission_path, path, "$.mission.path", said("path_nul"))
    digest = mission["sha256"]
    _expect(
        isinstance(digest, str) and bool(_HEX64.match(digest)),
        path,
        "$.mission.sha256",
        said("sha256", found=_describe(digest)),
    )
    return MissionRef(mission_path, digest)


def _path_of_bytes(value: Any, path: Path) -> str:
    """Return the file name whose bytes ``value`` holds in base64."""
    refused = said("path_bytes", limit=MAX_PATH_CHARS, found=_describe(value))
    _expect(
        isinstance(value, str) and 0 < len(value) <= 2 * MAX_PATH_CHARS,
        path,
        "$.mission.path_bytes",
        refused,
    )
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise SaveError(path, "$.mission.path_bytes", refused) from None
    _expect(0 < len(raw) <= MAX_PATH_CHARS, path, "$.mission.path_bytes", refused)
    return os.fsdecode(raw)


def _commands_of(
    raw_commands: Any, path: Path, ruleset: Ruleset, *, lazy: bool = False
) -> Sequence[Command]:
    """Return a save's commands, read with ``ruleset``'s command table.

    ``lazy``: return ``LazyCommands`` that build and check each when first read (a load
    from a snapshot; its Verifier reads them as it replays them).
    """
    _expect(isinstance(raw_commands, list | JsonLines), path, "$.commands", said("commands_list"))
    _expect(
        len(raw_commands) <= MAX_COMMANDS,
        path,
        "$.commands",
        said("too_many_commands", count=len(raw_commands), limit=MAX_COMMANDS),
    )

    def build(index: int, raw: Any) -> Command:
        return _command_of(raw, index, path, ruleset)

    if lazy:
        return LazyCommands(raw_commands, build)
    return tuple(build(index, raw) for index, raw in enumerate(raw_commands))


def _command_of(raw: Any, index: int, path: Path, ruleset: Ruleset) -> Command:
    """Return the save's ``index``-th command; raise SaveError naming ``$.commands[index]``."""
    if isinstance(raw, Unreadable):
        raise SaveError(path, f"$.commands[{index}]", unreadable_texts(raw))
    try:
        return ruleset.commands.from_dict(raw)
    except CommandError as error:
        raise SaveError(path, f"$.commands[{index}]", error.texts) from None
    except (TypeError, ValueError) as error:  # a command's own checks in __post_init__
        invalid = said("invalid_command", error=str(error))
        raise SaveError(path, f"$.commands[{index}]", invalid) from None


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
    if _all_finite(value):
        return
    stack = [(value, where)]
    while stack:
        item, here = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise SaveError(path, here, said("not_finite"))
        if isinstance(item, dict):
            stack.extend((v, f"{here}.{k}") for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{here}[{i}]") for i, v in enumerate(item))


def _all_finite(value: Any) -> bool:
    """Return whether every float in ``value`` is finite (no paths built: the usual case)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is float and not math.isfinite(item):
            return False
    return True
