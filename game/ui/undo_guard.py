"""The screen's side of the hot-seat undo limits: the greyed button's reason and the
confirmation asked behind the handover's privacy (the rules of who may: undo_rights.py).

Ctrl+Z or Ctrl+Y past another person's turn opens a private ConfirmScene naming that
person and who confirms (the game master when the table has one); a yes runs the step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from game.ui.scenes.handover import ConfirmScene, colour_of
from game.ui.undo_rights import Gate, UndoCheck

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import GameSession, Player


class Stepper(Protocol):
    """The battle scene as seen here: the table, who sits at it, its undo and redo."""

    app: App
    session: GameSession
    viewer: Player | None

    def undo(self, confirmed: bool = False) -> None: ...

    def redo(self, confirmed: bool = False) -> None: ...


def _check(session: GameSession, viewer: Player | None, redo: bool) -> UndoCheck:
    return session.redo_check(viewer) if redo else session.undo_check(viewer)


def held(scene: Stepper, *, redo: bool = False) -> bool:
    """Return whether the step must not run now; ask for the confirmation when it needs one."""
    check = _check(scene.session, scene.viewer, redo)
    if check.gate is Gate.FREE:
        return False
    if check.gate is Gate.ASK:
        app = scene.app
        kind = "redo" if redo else "undo"
        question = app.t(f"battle.{kind}_ask", past=check.past)
        yes = app.t("battle.confirm_by", name=check.confirmer)
        step = partial(scene.redo if redo else scene.undo, confirmed=True)
        colour = colour_of(check.confirmer, scene.session.players)
        app.push(ConfirmScene(app, question, yes, step, private=True, colour=colour))
    return True


def button(
    session: GameSession, viewer: Player | None, t: Callable[..., str], *, redo: bool = False
) -> tuple[bool, str, str]:
    """Return the Undo (Redo) button's state: enabled, its tooltip, the text when greyed."""
    kind = "redo" if redo else "undo"
    check = _check(session, viewer, redo)
    if check.gate is Gate.FREE:
        return True, t(f"hud.actions.{kind}_tip"), ""
    if check.gate is Gate.NONE:
        why = t(f"hud.actions.{kind}_no")
        return False, why, why
    why = t(f"hud.actions.{kind}_own", past=check.past, name=check.confirmer)
    return False, why, why
