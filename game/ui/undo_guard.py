"""The screen's side of the hot-seat undo limits: the greyed button's reason and the
confirmation asked behind the handover's privacy (the rules of who may: undo_rights.py).

Ctrl+Z or Ctrl+Y past another person's turn opens a private ConfirmScene naming that
person and who confirms (the game master when the table has one); a yes runs the step.

While the built-in opponent acts, or (with fog of war) another seat's decision is open,
neither undo nor redo runs: the button is greyed with the reason and Ctrl+Z says it.
After any step the selection is made valid for the seat now at the screen
(``selection_after_step``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from game.ui.scenes.handover import ConfirmScene, colour_of
from game.ui.session import Role
from game.ui.undo_rights import Gate, UndoCheck

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import GameSession, Player

Texts = Callable[..., str]


class Messages(Protocol):
    """The HUD as seen here: it says a line over the map."""

    def message(self, text: str, bad: bool = False) -> None: ...


class Stepper(Protocol):
    """The battle scene as seen here: the table, who sits at it, its undo and redo."""

    app: App
    session: GameSession
    viewer: Player | None

    @property
    def sees_all(self) -> bool: ...

    @property
    def hud(self) -> Messages: ...

    def undo(self, confirmed: bool = False) -> None: ...

    def redo(self, confirmed: bool = False) -> None: ...


def _check(session: GameSession, viewer: Player | None, redo: bool) -> UndoCheck:
    return session.redo_check(viewer) if redo else session.undo_check(viewer)


def not_now(session: GameSession, viewer: Player | None, fogged: bool, t: Texts) -> str:
    """Return why no step may run now ("": it may), whatever the record holds.

    The built-in opponent is acting (its next command would follow at once), or, with
    fog of war, the open decision is another seat's: the screen is not the viewer's turn.
    """
    if session.over:
        return ""
    if session.ai_to_move:
        return t("honest.undo_opponent")
    owner = session.current_player
    if not fogged or viewer is None or viewer.role is Role.GM or owner is None:
        return ""
    if owner is not viewer:
        return t("honest.undo_other_seat", name=owner.name)
    return ""


def held(scene: Stepper, *, redo: bool = False) -> bool:
    """Return whether the step must not run now; ask for the confirmation when it needs one."""
    if why := not_now(scene.session, scene.viewer, not scene.sees_all, scene.app.t):
        scene.hud.message(why, bad=True)
        return True
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
    session: GameSession,
    viewer: Player | None,
    t: Texts,
    *,
    redo: bool = False,
    fogged: bool = False,
) -> tuple[bool, str, str]:
    """Return the Undo (Redo) button's state: enabled, its tooltip, the text when greyed."""
    if why := not_now(session, viewer, fogged, t):
        return False, why, why
    kind = "redo" if redo else "undo"
    check = _check(session, viewer, redo)
    if check.gate is Gate.FREE:
        return True, t(f"hud.actions.{kind}_tip"), ""
    if check.gate is Gate.NONE:
        why = t(f"hud.actions.{kind}_no")
        return False, why, why
    why = t(f"hud.actions.{kind}_own", past=check.past, name=check.confirmer)
    return False, why, why


def selection_after_step(
    selected: str | None,
    *,
    viewer_changed: bool,
    turn_changed: bool,
    visible: set[str] | None,
    default: str | None,
) -> str | None:
    """Return the selection after an undo or redo, valid for the seat now at the screen.

    When the step changed who sits at the screen or whose turn it is, the selection of
    the person before is not kept: the creature on turn when it is the viewer's (the
    scene's ``default``), else none. Otherwise it stays, unless the viewer no longer
    sees it (fog of war) or it is gone.
    """
    if viewer_changed or turn_changed or selected is None:
        return default
    if visible is not None and selected not in visible:
        return None
    return selected
