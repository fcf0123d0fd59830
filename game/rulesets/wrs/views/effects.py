"""What the map shows and plays after a WRS command (``game.match.effects``).

An ``attack`` with a ranged weapon draws a tracer from the attacker to the target, hit
or not, and plays a shot; a fended-off attack says "verfehlt" on the target; the hits
float over it (W-HIT-1) and play a hit. A fighter who becomes bewusstlos or tot falls
(W-WOUND-3/4). A new round plays the turn sound. Zielen, Verteidigungsposition and
Bereitschaft are the tokens' marks (``pieces``), which the map draws itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.board.grid import Cell
from game.match.effects import (
    DamageNumber,
    Effect,
    FallState,
    Fell,
    Miss,
    Sound,
    SoundName,
    Tracer,
)
from game.match.events import Event
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules.terms import WoundState
from game.rulesets.wrs.views.actions import passes_turn

#: The wound states the map calls out: how bad, and the screen's word for it.
FALLS: dict[WoundState, tuple[FallState, str]] = {
    WoundState.UNCONSCIOUS: ("down", "feedback.unconscious"),
    WoundState.DEAD: ("dead", "feedback.dead"),
}


def _cell(game: WrsGame, key: object) -> Cell | None:
    state = game.fighters.get(key) if isinstance(key, str) else None
    return None if state is None else (int(state.cell[0]), int(state.cell[1]))


def effects(game: WrsGame, events: Sequence[Event]) -> tuple[Effect, ...]:
    """Return the effects of the events of one command, in the order they happened."""
    out: list[Effect] = []
    sounds: list[SoundName] = []
    for event in events:
        if event.kind != "attack":
            continue
        data = event.data
        target = _cell(game, data.get("target"))
        shooter = _cell(game, event.actor)
        if target is None:
            continue
        hits = int(data.get("hits") or 0)
        if _ranged_attack(game, event) and shooter is not None:
            out.append(Tracer(shooter, target, hits > 0))
            sounds.append("shot")
        if hits:
            out.append(DamageNumber(target, hits))
            sounds.append("hit")
        else:
            out.append(Miss(target))
        key = str(data.get("target"))
        fall = FALLS.get(game.state_of(key))
        if fall is not None and hits:
            out.append(Fell(target, *fall))
    if passes_turn(events):
        sounds.append("turn")
    out += [Sound(name) for name in dict.fromkeys(sounds)]
    return tuple(out)


def _ranged_attack(game: WrsGame, event: Event) -> bool:
    """Return whether the attack was made from afar (the event names no weapon: a
    target beyond the adjacent fields was shot at)."""
    target, shooter = _cell(game, event.data.get("target")), _cell(game, event.actor)
    if target is None or shooter is None:
        return False
    return max(abs(target[0] - shooter[0]), abs(target[1] - shooter[1])) > 1
