"""A save's snapshot at load (``snapshot_load``): restore at once, else say why and replay.

``quick_match`` restores the match from a save's ``resume`` object; a snapshot that cannot
be used (damaged, hostile, of another state) gives a note for the player and None, and the
caller replays the record as for a save without one. ``verified`` finishes the replay
that checks a restored match (the CLI and every caller that does not verify later).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.match.record import Match, first_difference
from game.match.ruleset import Ruleset
from game.match.save_reading import SaveData
from game.match.save_texts import SaveNote
from game.match.snapshot_codec import SnapshotError
from game.match.snapshot_load import Verifier, match_from_snapshot


def unusable_note(path: Path | str, where: str, reason: str) -> SaveNote:
    """Return the note that a save's snapshot was not used (the record was replayed)."""
    return SaveNote(
        {
            "en": f"{path}: $.resume{where[1:]}: the quick-load snapshot is not usable "
            f"({reason}); the record was replayed instead",
            "de": f"{path}: $.resume{where[1:]}: der Schnellstart-Stand ist nicht brauchbar "
            f"({reason}); die Aufzeichnung wurde stattdessen nachgespielt",
        }
    )


def replay_won_note(path: Path | str, where: str) -> SaveNote:
    """Return the note that the replay of the record differed from the snapshot and won."""
    return SaveNote(
        {
            "en": f"{path}: {where}: the saved snapshot differs from the replayed record; "
            "the fight goes on as the record replays",
            "de": f"{path}: {where}: der gespeicherte Stand weicht von der nachgespielten "
            "Aufzeichnung ab; der Kampf geht weiter, wie die Aufzeichnung ihn ergibt",
        }
    )


def quick_match(
    data: SaveData, ruleset: Ruleset, setup: Any, catalogue: Any
) -> tuple[Match | None, SaveNote | None]:
    """Return the match restored from ``data.resume`` (no command applied), or None and why."""
    try:
        match = match_from_snapshot(
            ruleset, setup, catalogue, data.seed, data.commands, data.resume
        )
    except SnapshotError as error:
        return None, unusable_note(data.path, error.where, error.reason)
    except Exception as error:  # a snapshot the checks missed must not stop the load
        return None, unusable_note(data.path, "$", f"{type(error).__name__}: {error}")
    where = first_difference(data.snapshot, match.game.snapshot(), "$.snapshot")
    if where is not None:
        return None, unusable_note(data.path, "$", f"its state differs at {where}")
    return match, None


def start_verifying(match: Match, data: SaveData) -> Verifier:
    """Start the replay that checks ``match`` (restored from ``data``); it runs on ``step``."""
    verifier = Verifier(match, data.resume)
    match.verifier = verifier
    return verifier
