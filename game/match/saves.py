"""Saves: a match as JSON (mission reference, seed, commands, state snapshot).

A save is data, never code: it is read with ``json`` under a size limit, every field
is checked with an error naming the file, the JSON path and what was expected, and
loading replays the commands on a fresh Battle and compares the result with the
snapshot, so a save cannot put the match into a state the rules could not reach.

Format (version 1)::

    {"format": "kampfkarte-save", "version": 1, "program": "0.1.0",
     "ruleset": {"key": "entaria", "version": "2"},
     "mission": {"path": "/home/me/maps/dretop-versteck.toml", "sha256": "<64 hex digits>"},
     "seed": 7, "commands": [{"kind": "move", ...}, ...], "snapshot": {...state...},
     "seats": {...who plays which side, written by the screen...},
     "resume": {"game": {...the game's snapshot_data...}, "log_marks": [0, 3, ...]}}

``program``, ``ruleset`` and ``seats`` were added without a new format version: a save
without the first two is an ENTARIA save of an unknown rules version; one without
``seats`` had its seats in a file beside it (the screen still reads that). The seats are
the screen's data, kept here unread (an object), so a match and who plays it are
written in one atomic file and can never come from two different games. ``resume``
(optional too) restores the match at once, without replaying (``snapshot_load``); the
replay of the record still verifies it and wins where they differ. A save without it,
or whose ``resume`` cannot be used (a note says why), is replayed as before.

The mission path is stored absolute (resolved), so a save loads from any folder; a
mission no longer at its path is looked for by its hash (``find_mission``, e.g. among
the bundled missions) and the save then names where it was found. A save whose commands no longer
replay, or replay to another state, is refused with a message that says the rules
changed when the recorded rules version differs from the program's.

A save of ``LINES_FROM`` commands or more is written in lines (format version 2,
``game.match.save_lines``): the same document without its record and log as the first
line, then one line per command and per log entry under a SHA-256 checksum. Its load
parses the first line only and reads the rest on demand, so it costs about the same
after 500 commands and after 20,000; a damaged file fails the checksum at once, and a
crafted line is caught by the replay that verifies the snapshot. Both layouts are read.

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

import gc
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import game
from game.match.command_lines import record_lines
from game.match.datafiles import write_bytes_atomic
from game.match.lazy_commands import LazyCommands
from game.match.problem_texts import Texts, joined
from game.match.record import Match, ReplayError, first_difference
from game.match.ruleset import Ruleset
from game.match.save_lines import JsonLines, lines_bytes, one_document, parts_of
from game.match.save_reading import (
    AUTOSAVE_NAMES,
    FORMAT,
    LEGACY_RULESET,
    MAX_COMMANDS,
    MAX_MISSION_BYTES,
    MAX_PATH_CHARS,
    MAX_SAVE_BYTES,
    SUFFIX,
    VERSION,
    FindMission,
    LoadedSave,
    MissionRef,
    OpenedMission,
    OpenMission,
    SaveData,
    SaveError,
    file_sha256,
    mission_document,
    parse_save,
)
from game.match.save_reading import (
    read_save as read_save_file,
)
from game.match.save_snapshot import quick_match, replay_won_note, start_verifying
from game.match.save_texts import (
    SaveNote,
    opening_texts,
    replay_texts,
    said,
    texts_of,
    what_of,
    where_texts,
)
from game.match.snapshot_load import resume_document

#: From this many commands on, a save is written in lines (``save_lines``).
LINES_FROM = 500

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,120}$")

__all__ = [
    "AUTOSAVE_NAMES",
    "FORMAT",
    "LEGACY_RULESET",
    "LINES_FROM",
    "MAX_COMMANDS",
    "MAX_MISSION_BYTES",
    "MAX_PATH_CHARS",
    "MAX_SAVE_BYTES",
    "SUFFIX",
    "VERSION",
    "Autosaver",
    "FindMission",
    "LoadedSave",
    "MissionRef",
    "OpenMission",
    "OpenedMission",
    "SaveData",
    "SaveError",
    "autosave",
    "file_sha256",
    "load_latest_autosave",
    "load_newest",
    "load_save",
    "newest_first",
    "parse_save",
    "read_save",
    "restore",
    "save_bytes",
    "save_document",
    "save_path",
    "write_save",
]


# ---------------------------------------------------------------------- writing
def save_document(
    match: Match, mission: MissionRef, seats: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Return the JSON document of a save of ``match`` (with the screen's ``seats``)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "program": game.__version__,
        "ruleset": {"key": match.ruleset.key, "version": match.ruleset.version},
        "mission": mission_document(mission),
        "seed": match.seed,
        "commands": _commands_document(match),
        "snapshot": match.game.snapshot(),
    }
    round_now = _round_of(match)
    if round_now is not None:  # for the title screen and the load dialog (any ruleset)
        document["round"] = round_now
    resume = resume_document(match)
    if resume is not None:
        document["resume"] = resume
    if seats is not None:
        document["seats"] = seats
    return document


def _round_of(match: Match) -> int | None:
    """Return the round being fought, as the ruleset's views count it (None: none)."""
    views = getattr(match.ruleset, "views", None)
    round_now = views.current_round(match.battle) if views is not None else None
    return round_now if type(round_now) is int else None


def _commands_document(match: Match) -> Sequence[Any]:
    """Return the record as a save holds it: plain values, or lines from LINES_FROM on."""
    record = match.record
    if isinstance(record, LazyCommands) and (as_read := record.as_read()) is not None:
        return as_read  # a loaded record not verified yet: written back as it was read
    commands = match.commands
    if len(commands) < LINES_FROM:
        return [command.to_dict() for command in commands]
    return JsonLines(record_lines(match, commands))


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


def save_bytes(document: dict[str, Any]) -> bytes:
    """Return the file of a save document: one JSON document, or in lines when long.

    A record of LINES_FROM commands or more is written in lines (``save_lines``), so its
    load parses only the first line and reads the rest on demand.
    """
    commands = document["commands"]
    read = any(lines.line_count for _, lines in parts_of(document))  # lines as read
    if len(commands) < LINES_FROM and not isinstance(commands, JsonLines) and not read:
        return one_document(document)
    if not isinstance(commands, JsonLines):
        commands = JsonLines(commands)
    return lines_bytes({**document, "commands": commands})


def _write_document(path: Path, document: dict[str, Any]) -> None:
    """Write a save document atomically (``datafiles``); refuse one over MAX_SAVE_BYTES."""
    data = save_bytes(document)
    if len(data) <= MAX_SAVE_BYTES:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
        return
    if "resume" in document:  # the record alone may fit: a load then replays it
        _write_document(path, {k: v for k, v in document.items() if k != "resume"})
        return
    message = said("would_be_too_large", size=len(data), limit=MAX_SAVE_BYTES)
    raise SaveError(path, "", message)


def write_save(
    match: Match,
    folder: Path | str,
    name: str,
    mission: MissionRef,
    seats: dict[str, Any] | None = None,
) -> Path:
    """Save ``match`` (and ``seats``) as ``name`` in ``folder`` atomically; return the file."""
    path = save_path(folder, name)
    _write_document(path, save_document(match, mission, seats))
    return path


def autosave(
    match: Match,
    folder: Path | str,
    mission: MissionRef,
    seats: dict[str, Any] | None = None,
    *,
    rotate: bool = True,
) -> Path:
    """Write the newest autosave and keep the two before it (autosave-1 is the newest).

    With ``rotate=False`` autosave-1 is written again in place (the same match, other
    seats), the older two stay as they are.
    """
    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    document = save_document(match, mission, seats)
    paths = [save_path(base, name) for name in AUTOSAVE_NAMES]
    # Rotate oldest first: a crash between the renames loses at most one old autosave.
    for older, newer in zip(reversed(paths[1:]), reversed(paths[:-1]), strict=True):
        if rotate and newer.exists():
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
def read_save(path: Path | str, rulesets: Mapping[str, Ruleset], *, lazy: bool = False) -> SaveData:
    """Return the validated contents of a save file (at most MAX_SAVE_BYTES); raise SaveError.

    ``lazy``: the commands of a save with a snapshot are built when first read (a load).
    """
    with _collector_paused():
        return read_save_file(path, rulesets, max_bytes=MAX_SAVE_BYTES, lazy=lazy)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cycle collector while a save is parsed or restored from its snapshot.

    Both make many small objects that form no cycles; the collector's passes over them
    (and everything alive) took more than half of a long save's load.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def restore(
    data: SaveData,
    ruleset: Ruleset,
    setup: Any,
    catalogue: Any,
    *,
    mission_sha256: str | None,
    verify_later: bool = False,
) -> LoadedSave:
    """Replay a save on ``setup`` and compare with its snapshot; return the Match.

    ``mission_sha256`` is the current hash of the mission file (None: unknown). A
    different hash is a warning when the replay still reaches the snapshot exactly.
    A save with a usable ``resume`` snapshot (same mission, same rules version) is
    restored from it at once; its record is replayed to verify it now, or with
    ``verify_later`` by the caller (``LoadedSave.verifier``; any change finishes it).
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
    if data.resume is not None and not changed and data.ruleset_version == ruleset.version:
        with _collector_paused():
            quick, unusable = quick_match(data, ruleset, setup, catalogue)
        if quick is not None:
            verifier = start_verifying(quick, data)
            if not verify_later:
                _verify_now(quick, data, note, warnings)
            return LoadedSave(data, quick, warnings, verifier)
        if unusable is not None:
            warnings.append(unusable)
    commands = tuple(data.commands)  # every command read now (SaveError naming the first bad)
    try:
        match = Match(ruleset, setup, catalogue, data.seed, commands=commands)
    except ReplayError as error:
        raise SaveError(data.path, "$.commands", replay_texts(error, note)) from None
    except Exception as error:  # a bug in a handler must not pass as a good save
        failed = said("replay_failed", name=type(error).__name__, error=str(error), note=note)
        raise SaveError(data.path, "$.commands", failed) from error
    where = first_difference(data.snapshot, match.game.snapshot(), "$.snapshot")
    if where is not None:
        raise SaveError(data.path, where_texts(where), said("snapshot_differs", note=note))
    return LoadedSave(data, match, warnings)


def _verify_now(match: Match, data: SaveData, note: Texts, warnings: list[str]) -> None:
    """Finish the verification of a match restored from its snapshot; refuse as a replay would."""
    verifier = match.verifier
    try:
        match.settle()
    except Exception as error:  # a bug in a handler must not pass as a good save
        failed = said("replay_failed", name=type(error).__name__, error=str(error), note=note)
        raise SaveError(data.path, "$.commands", failed) from error
    if verifier.unreadable is not None:
        raise verifier.unreadable
    if verifier.error is not None:
        raise SaveError(data.path, "$.commands", replay_texts(verifier.error, note))
    # Without a won replay the match is the restored snapshot, which quick_match compared.
    if verifier.replay_won:
        where = first_difference(data.snapshot, match.game.snapshot(), "$.snapshot")
        if where is not None:
            raise SaveError(data.path, where_texts(where), said("snapshot_differs", note=note))
    if verifier.difference is not None:
        warnings.append(replay_won_note(data.path, verifier.difference))


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
    path: Path | str,
    open_mission: OpenMission,
    rulesets: Mapping[str, Ruleset],
    *,
    find_mission: FindMission | None = None,
    verify_later: bool = False,
) -> LoadedSave:
    """Read, validate and replay the save at ``path``; raise SaveError naming the problem.

    ``verify_later``: a save restored from its snapshot is verified by the caller
    (``restore``).

    A mission that is no longer at the saved path is looked for by its hash with
    ``find_mission``; the loaded save then names where it was found, with a warning.
    """
    data = read_save(path, rulesets, lazy=True)
    data, moved = _find_moved_mission(data, find_mission)
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
    loaded = restore(
        data,
        opened.ruleset,
        opened.setup,
        opened.catalogue,
        mission_sha256=opened.sha256,
        verify_later=verify_later,
    )
    if moved is not None:
        loaded.warnings.insert(0, moved)
    return loaded


def _find_moved_mission(
    data: SaveData, find_mission: FindMission | None
) -> tuple[SaveData, SaveNote | None]:
    """Return the save with its mission where it is now, and a note if it moved.

    Only a mission missing at its saved path (relative paths: from the current
    folder) is looked for; one found by its hash keeps that hash.
    """
    saved = data.mission.path
    if find_mission is None or os.path.lexists(saved):
        return data, None
    found = find_mission(data.mission.sha256)
    if found is None:
        return data, None
    note = SaveNote(said("mission_found", path=data.path, mission=saved, found=found))
    return replace(data, mission=MissionRef(found, data.mission.sha256)), note


def load_latest_autosave(
    folder: Path | str,
    open_mission: OpenMission,
    rulesets: Mapping[str, Ruleset],
    *,
    find_mission: FindMission | None = None,
) -> LoadedSave:
    """Load the newest autosave that loads; a corrupted newer one becomes a warning.

    Raise SaveError (listing every attempt) when none of the three loads.
    """
    paths = [Path(folder) / name for name in AUTOSAVE_NAMES]
    existing = [path for path in paths if path.exists()]
    if not existing:
        raise SaveError(folder, "", said("no_autosave_here"))
    return load_newest(existing, open_mission, rulesets, what="autosave", find_mission=find_mission)


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
    find_mission: FindMission | None = None,
    looked_in: tuple[Path, ...] = (),
    verify_later: bool = False,
) -> LoadedSave:
    """Load the first of ``paths`` that loads; every one skipped becomes a warning.

    Nothing is deleted: a save that no longer loads (a changed rule, a broken file)
    stays where it is. Raise SaveError listing every attempt when none loads; with no
    paths at all, the error names the folders ``looked_in``. ``verify_later``: as for
    ``restore`` (a snapshot is only used with the save's own rules version, so a save
    whose rules changed is still refused here and the next one tried).
    """
    problems: list[dict[str, str]] = []
    for path in paths:
        try:
            loaded = load_save(
                path, open_mission, rulesets, find_mission=find_mission, verify_later=verify_later
            )
        except SaveError as error:
            problems.append(texts_of(error))
            continue
        skipped = [said("skipped", what=what_of(what, "a"), problem=p) for p in problems]
        loaded.warnings[:0] = [SaveNote(texts) for texts in skipped]
        return loaded
    if not problems:
        where = ", ".join(str(folder) for folder in looked_in)
        raise SaveError(where, "", said("nothing_to_load", what=what_of(what, "none_acc")))
    every = {language: " | ".join(p[language] for p in problems) for language in ("de", "en")}
    none_loads = said("none_loads", what=what_of(what, "none_nom"), problems=every)
    raise SaveError(paths[0].parent, "", none_loads)
