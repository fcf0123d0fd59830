"""A loaded save's check as the battle screen runs it, and an undo or redo waiting for it.

The check replays the save's record a share of every frame (``GameSession.check_save``).
An undo or redo asked for meanwhile waits for it (its replay leaves the checkpoints the
step needs), the check taking a larger share then; the step is done in the frame the
check ends, unless the replay won (the step was asked of another record).
"""

from __future__ import annotations

from typing import Any

from game.ui.session import CHECK_SECONDS, CHECK_SECONDS_WAITING, GameSession

#: A step waiting for the check: "undo" or "redo", and whether it was confirmed.
Step = tuple[str, bool]


class SaveCheckPace:
    """The check's share of each frame and the step waiting for it."""

    def __init__(self) -> None:
        self.waiting: Step | None = None

    def hold(self, session: GameSession, step: str, confirmed: bool) -> tuple[bool, bool]:
        """Return whether ``step`` waits for the check, and whether it is the first to."""
        if session.save_check is None:
            return False, False
        first = self.waiting is None
        self.waiting = (step, confirmed)
        return True, first

    def frame(self, session: GameSession) -> tuple[tuple[str, dict[str, Any]] | None, Step | None]:
        """Run this frame's share of the check; return its line and the step to do now."""
        waiting = self.waiting
        line = session.check_save(seconds=CHECK_SECONDS_WAITING if waiting else CHECK_SECONDS)
        if waiting is None or session.save_check is not None:
            return line, None
        self.waiting = None
        return line, (waiting if line is None else None)
