"""One game at the table: the match, who plays which side, what the viewer may see, saves.

No pygame here: the scenes draw this object, tests drive it directly. Every change of
the fight goes through ``apply``/``undo``/``redo`` (commands to the match engine); the
session adds the people (hot-seat players, the game master, the built-in opponent) and
autosave after every command; the seats (who plays which side, ``seat_files``) are
written inside each save, so the match and its seats always come from one game.

Whose move it is follows the match's open decision (``Match.decision``): the seat of
the deciding side is the current player — a creature's turn, a reaction out of turn, a
declaration or a defence alike — and the built-in opponent moves exactly when that seat
is its own. The ruleset is the mission's; the screen draws it through its views.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.match.commands import Command, CommandRejected
from game.match.datafiles import remove_stale_temporaries
from game.match.decisions import Decision
from game.match.events import Event
from game.match.record import Match
from game.match.ruleset import PlayableRuleset
from game.match.save_texts import autosave_failed
from game.match.saves import (
    AUTOSAVE_NAMES,
    MAX_COMMANDS,
    LoadedSave,
    MissionRef,
    SaveError,
    autosave,
    load_newest,
    load_save,
    newest_first,
    write_save,
)
from game.match.snapshot_load import Verifier
from game.match.views import Views
from game.missions.mission_by_hash import bundled_mission_with_hash
from game.missions.no_creatures import check_has_creatures
from game.missions.simulate import open_mission
from game.rulesets import RULESETS
from game.ui import undo_rights
from game.ui.seat_files import (
    MAX_PERSON_NAME,
    Player,
    Role,
    Seats,
    read_seat_file,
    seats_data,
    seats_from,
)
from game.ui.undo_rights import Span, Stretch, UndoCheck

__all__ = ["MAX_PERSON_NAME", "GameSession", "Outcome", "Player", "Role", "default_players"]

#: The seats beside an autosave before saves held them (read once, when a save has none).
SESSION_FILE = "session.json"
#: Commands of a loaded save's record the screen replays per frame to verify its snapshot
#: at least, and how long a frame spends on it at most beyond them (a frame draws in ~3 ms
#: of its 16.7: a 4,000-command check is done in a few seconds, the screen stays smooth).
CHECK_PER_FRAME = 3
CHECK_SECONDS = 0.006
#: The share of a frame the check takes while an undo or redo waits for it.
CHECK_SECONDS_WAITING = 0.012
#: The seats beside a save before saves held them (``name.players.json``).
PLAYERS_SUFFIX = ".players.json"


@dataclass(frozen=True)
class Outcome:
    """What ``apply`` did: the events, or why the engine refused."""

    events: list[Event]
    rejected: str = ""

    @property
    def ok(self) -> bool:
        return not self.rejected


def default_players(match: Match) -> list[Player]:
    """Return one seat per side: player sides human, GM sides the built-in opponent."""
    players = []
    for side in match.setup.sides:
        role = Role.AI if side.controller == "gm" else Role.HUMAN
        players.append(Player(side.name, side.colour, role, [side.key]))
    return players


class GameSession:
    """The match plus the people at the table."""

    def __init__(
        self,
        match: Match,
        mission_path: Path,
        players: list[Player],
        *,
        home: Path,
        autosave_enabled: bool = True,
    ) -> None:
        if not isinstance(match.ruleset, PlayableRuleset):
            raise TypeError(f"the screen cannot play ruleset {match.ruleset.key!r}")
        self.match = match
        self.ruleset: PlayableRuleset = match.ruleset
        self.mission = MissionRef.of_file(mission_path)
        #: The mission file, resolved: the screen and every save find it from any folder.
        self.mission_path = Path(self.mission.path)
        self.players = players
        self.home = home
        self.autosave_enabled = autosave_enabled
        #: When this session began: temporary files older than this are orphans.
        self.started = time.time()
        if autosave_enabled:
            clean_interrupted_writes(home, self.started)
        self.warnings: list[str] = []
        #: Inside ``one_write`` autosaves wait for its end (the battle screen: one write per
        #: change, the change and the seats it hands the screen to together).
        self.deferred_writes = False
        self._pending_write = ""  # "", "seats" (the match unchanged) or "save"
        self.last_events: list[Event] = []
        self.revision = 0  # bumps on every change: caches key on it
        #: Since when each person has the screen (hot-seat undo limits, undo_rights.py).
        self.stretches: list[Stretch] = []
        #: The log indices the GM commands wrote (marked in every log).
        self.gm_spans: list[Span] = undo_rights.spans_of_record(match.record, match.log_marks)
        #: A loaded save's record still being replayed to verify its snapshot (or None).
        self.save_check: Verifier | None = match.verifier
        #: Whether the newest autosave holds this match: only then may a change of the
        #: seats write it again in place; else the first write is a new autosave (a
        #: loaded save, or an older autosave continued, never overwrites another game).
        self.owns_autosave = False
        self._check_line: tuple[str, dict[str, Any]] | None = None  # for the next frame

    # ----------------------------------------------------------- construction
    @classmethod
    def new(
        cls,
        mission_path: Path,
        *,
        home: Path,
        seed: int,
        players: list[Player] | None = None,
        autosave_enabled: bool = True,
    ) -> GameSession:
        """Start a new match on a mission file; raise MissionError for a bad mission.

        A mission without creatures raises NoCreaturesError: the engine needs someone
        whose turn it is.
        """
        opened = open_mission(str(mission_path))
        check_has_creatures(opened.setup, mission_path)
        match = Match(opened.ruleset, opened.setup, opened.catalogue, seed)
        session = cls(
            match,
            mission_path,
            players or default_players(match),
            home=home,
            autosave_enabled=autosave_enabled,
        )
        session._autosave()
        return session

    @classmethod
    def from_save(
        cls,
        loaded: LoadedSave,
        *,
        home: Path,
        players: list[Player] | None = None,
        stretches: list[Stretch] | None = None,
        beside: Path | None = None,
    ) -> GameSession:
        """Return the session of a loaded save, seated by its seats (or ``players``).

        A save without seats (written before saves held them) takes the seat file
        ``beside`` it; seats that do not fit the match are not used (a warning).
        """
        seats = Seats(players, stretches or [])
        if players is None:
            seats = _seats_of(loaded, beside)
        session = cls(
            loaded.match,
            Path(loaded.data.mission.path),
            seats.players or default_players(loaded.match),
            home=home,
        )
        session.warnings = list(loaded.warnings) + ([seats.note] if seats.note else [])
        session.stretches = seats.stretches
        return session

    @classmethod
    def load(cls, path: Path, *, home: Path) -> GameSession:
        """Load a save file (raise SaveError with file and key)."""
        loaded = load_save(
            path, open_mission, RULESETS, find_mission=bundled_mission_with_hash, verify_later=True
        )
        return cls.from_save(loaded, home=home, beside=path.with_suffix(PLAYERS_SUFFIX))

    @classmethod
    def resume(cls, home: Path) -> GameSession:
        """Load the newest save that loads: the autosaves, then the saves, newest first.

        A save that no longer loads (a rule changed, a broken file) is skipped with a
        warning and left where it is; raise SaveError naming every attempt when none loads.
        """
        folder = autosave_dir(home)
        autosaves = [folder / name for name in AUTOSAVE_NAMES if (folder / name).exists()]
        saves = [p for p in newest_first(saves_dir(home)) if not p.name.endswith(PLAYERS_SUFFIX)]
        loaded = load_newest(
            autosaves + saves,
            open_mission,
            RULESETS,
            find_mission=bundled_mission_with_hash,
            looked_in=(folder, saves_dir(home)),
            verify_later=True,
        )
        if loaded.data.path in autosaves:
            beside = folder / SESSION_FILE
        else:
            beside = loaded.data.path.with_suffix(PLAYERS_SUFFIX)
        session = cls.from_save(loaded, home=home, beside=beside)
        session.owns_autosave = loaded.data.path == folder / AUTOSAVE_NAMES[0]
        return session

    # ---------------------------------------------------------------- queries
    @property
    def battle(self) -> Any:
        """Return the live game (the ruleset's own type; the screen asks its views)."""
        return self.match.battle

    @property
    def views(self) -> Views:
        """Return what the screen draws of the ruleset."""
        return self.ruleset.views

    @property
    def decision(self) -> Decision | None:
        """Return the decision the fight waits for (None: it is over)."""
        return self.match.decision()

    @property
    def over(self) -> bool:
        return self.decision is None

    @property
    def current(self) -> Any:
        """Return the creature whose turn it is (the ruleset's own creature type)."""
        return self.battle.current

    def player_of_side(self, side: str) -> Player | None:
        for player in self.players:
            if side in player.sides:
                return player
        return None

    def player_of(self, creature: Any) -> Player | None:
        """Return the seat that plays ``creature`` (anything with a ``side``)."""
        return self.player_of_side(creature.side)

    @property
    def current_player(self) -> Player | None:
        """Return the seat that owns the open decision (the GM's seat for the GM's)."""
        decision = self.decision
        if decision is None:
            return None
        if decision.side is None:
            return self.gm
        return self.player_of_side(decision.side)

    @property
    def gm(self) -> Player | None:
        for player in self.players:
            if player.role is Role.GM:
                return player
        return None

    @property
    def ai_to_move(self) -> bool:
        """Return whether the built-in opponent owns the open decision now."""
        player = self.current_player
        return player is not None and player.role is Role.AI

    def may_decide(self, viewer: Player | None) -> bool:
        """Return whether ``viewer`` may answer the open decision now (the GM always may)."""
        decision = self.decision
        if decision is None or self.ai_to_move or viewer is None:
            return False
        if viewer.role is Role.GM:
            return True
        return decision.side is not None and self.player_of_side(decision.side) is viewer

    def humans(self) -> list[Player]:
        return [p for p in self.players if p.role is not Role.AI]

    def note_viewer(self, viewer: Player | None) -> None:
        """Tell the session who sits at the screen now (after every change, each handover).

        A new stretch is written into the newest autosave at once: a load keeps who may
        undo what.
        """
        before = list(self.stretches)
        undo_rights.note_viewer(self.stretches, self.match.command_count, viewer)
        if self.stretches != before:
            self._write_session()

    def undo_check(self, viewer: Player | None) -> UndoCheck:
        """Return whether ``viewer`` may undo now or who must confirm it (hot-seat)."""
        return undo_rights.check(self, viewer, redo=False)

    def redo_check(self, viewer: Player | None) -> UndoCheck:
        """Return whether ``viewer`` may redo now or who must confirm it (hot-seat)."""
        return undo_rights.check(self, viewer, redo=True)

    def is_gm_entry(self, index: int) -> bool:
        """Return whether the log entry ``index`` was written by a GM command."""
        return undo_rights.in_spans(self.gm_spans, index)

    # ---------------------------------------------------------------- changes
    def check_save(
        self, commands: int = CHECK_PER_FRAME, *, seconds: float = 0.0
    ) -> tuple[str, dict[str, Any]] | None:
        """Verify a loaded snapshot ``commands`` further; return the line when the replay won.

        ``seconds``: go on after those one command at a time while this time lasts (a
        frame's share; 0: exactly ``commands``).

        The line is a locale key and its values. The replay is the truth: when it differs
        from the snapshot, or refuses a command, the match goes on with the replay.
        """
        check = self.save_check
        if check is not None and self._checked(check, commands, seconds):
            self.save_check = None
            if check.replay_won:
                self.gm_spans = undo_rights.spans_of_record(self.match.record, self.match.log_marks)
                self._changed([])
                refused = check.error
                self._check_line = (
                    ("save_check.refused_from", {"index": (refused.index or 0) + 1})
                    if refused is not None
                    else ("save_check.replay_won", {})
                )
            elif self.match.command_count != check.length:
                self._write_session()  # the autosaves since the load had no snapshot
        line, self._check_line = self._check_line, None
        return line

    @staticmethod
    def _checked(check: Verifier, commands: int, seconds: float) -> bool:
        """Step ``check`` by ``commands``, then by one while ``seconds`` last; return if done."""
        deadline = time.perf_counter() + seconds
        done = check.step(commands)
        while not done and seconds > 0 and time.perf_counter() < deadline:
            done = check.step(1)
        return done

    def _finish_check(self) -> None:
        """Finish a loaded save's check before a change; its line waits for the next frame."""
        if self.save_check is not None:
            self._check_line = self.check_save(MAX_COMMANDS)

    def apply(self, command: Command) -> Outcome:
        """Send one command to the engine; a refusal changes nothing.

        A loaded save's check goes on meanwhile (``Match.apply``): acting at once after a
        load does not wait for it.
        """
        try:
            return self._applied(command)
        except SaveError:  # the game read a command of the save that does not read
            self._finish_check()  # the check finds it too: its replay wins
            return self._applied(command)

    def _applied(self, command: Command) -> Outcome:
        before = len(self.battle.log)
        try:
            events = self.match.apply(command)
        except CommandRejected as error:
            return Outcome([], str(error))
        self._note_gm(command, before)
        self._changed(events)
        return Outcome(events)

    def ai_step(self) -> Outcome:
        """Let the built-in opponent answer the open decision with one command."""
        if not self.ai_to_move:
            return Outcome([], "not the built-in opponent's turn")
        return self.apply(self.ruleset.policy_command(self.battle))

    def undo(self) -> bool:
        """Take back the last command; against the built-in opponent, its answers with it.

        The opponent would play again at once what an undo took back of its own: an undo
        goes on until a person is to decide (what they would take back is their move).
        """
        self._finish_check()  # undo waits for the check: its replay left the checkpoints
        if not self.match.can_undo:
            return False
        self.match.undo()
        if self.humans():
            while self.ai_to_move and self.match.can_undo:
                self.match.undo()
        undo_rights.trim_spans(self.gm_spans, len(self.battle.log))
        self._changed([])
        return True

    def redo(self) -> bool:
        self._finish_check()
        if not self.match.can_redo:
            return False
        before = len(self.battle.log)
        events = self.match.redo()
        self._note_gm(self.match.record[-1], before)
        self._changed(events)
        return True

    def _note_gm(self, command: Command, log_before: int) -> None:
        if undo_rights.is_gm_command(command):
            self.gm_spans.append((log_before, len(self.battle.log)))

    def set_players(self, players: list[Player]) -> None:
        """Seat other players (e.g. a name changed) and keep them in the autosave."""
        self.players = players
        self._autosave()

    def seats(self) -> dict[str, Any]:
        """Return the seats a save of this session keeps (players and stretches)."""
        return seats_data(self.players, self.stretches)

    def save_as(self, name: str) -> Path:
        """Save the match and its seats as ``name`` in the saves folder (one atomic file)."""
        return write_save(self.match, saves_dir(self.home), name, self.mission, self.seats())

    def _changed(self, events: list[Event]) -> None:
        self.last_events = events
        self.revision += 1
        self._autosave()

    @contextlib.contextmanager
    def one_write(self) -> Iterator[None]:
        """Write the autosave once for what happens inside (a change and its handover)."""
        outer = self.deferred_writes
        self.deferred_writes = True
        try:
            yield
        finally:
            self.deferred_writes = outer
            if not outer:
                self.flush_autosave()

    def flush_autosave(self) -> None:
        """Write what waits for the autosave (``deferred_writes``), once."""
        pending, self._pending_write = self._pending_write, ""
        if pending == "save":
            self._write_autosave()
        elif pending == "seats":
            self._write_seats()

    def _autosave(self) -> None:
        if self.deferred_writes:
            self._pending_write = "save"
            return
        self._write_autosave()

    def _write_autosave(self) -> None:
        if not self.autosave_enabled:
            return
        try:
            folder = autosave_dir(self.home)
            autosave(self.match, folder, self.mission, self.seats())
        except (OSError, SaveError) as error:
            self.warnings.append(autosave_failed(error))
            return
        self.owns_autosave = True
        with contextlib.suppress(OSError):  # an old seat file: its seats are in the save now
            (folder / SESSION_FILE).unlink(missing_ok=True)

    def _write_session(self) -> None:
        if self.deferred_writes:
            self._pending_write = self._pending_write or "seats"
            return
        self._write_seats()

    def _write_seats(self) -> None:
        """Write the newest autosave again with the new seats (the match is unchanged)."""
        if not self.autosave_enabled:
            return
        if not self.owns_autosave:
            self._write_autosave()  # a new autosave: the newest one is another game's
            return
        try:
            autosave(self.match, autosave_dir(self.home), self.mission, self.seats(), rotate=False)
        except (OSError, SaveError) as error:
            self.warnings.append(autosave_failed(error))


def saves_dir(home: Path) -> Path:
    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def autosave_dir(home: Path) -> Path:
    folder = home / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def has_autosave(home: Path) -> bool:
    return any((home / "autosave").glob("autosave-*.json"))


#: A temporary file younger than this (seconds) may be another running game's write.
MIN_TEMPORARY_AGE = 60.0


def clean_interrupted_writes(
    home: Path, now: float | None = None, *, also: tuple[Path, ...] = ()
) -> list[Path]:
    """Delete what interrupted writes left in the autosave and saves folders; return them.

    Only the atomic writer's own temporary files last changed ``MIN_TEMPORARY_AGE``
    seconds or more before ``now`` (default: the time now) are deleted
    (``datafiles.remove_stale_temporaries``): a second game running at the same time
    never loses a write under way. ``also``: further folders (the settings' folder).
    """
    before = (time.time() if now is None else now) - MIN_TEMPORARY_AGE
    removed: list[Path] = []
    for folder in (home / "autosave", home / "saves", *also):
        removed += remove_stale_temporaries(folder, before)
    return removed


def _seats_of(loaded: LoadedSave, beside: Path | None) -> Seats:
    """Return the seats of a loaded save: its own, else the old seat file ``beside`` it."""
    sides = [side.key for side in loaded.match.setup.sides]
    commands = loaded.match.command_count
    if loaded.data.seats is not None:
        return seats_from(loaded.data.seats, loaded.data.path, sides, commands)
    if beside is None:
        return Seats()
    return read_seat_file(beside, sides, commands)
