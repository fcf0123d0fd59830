"""What the map shows and plays after a Genesis command (``game.match.effects``).

A ranged AT draws a tracer and plays a shot; a missed AT and a fended-off hit say
"verfehlt" on the target; the LE lost floats over the fighter and plays a hit (at the
end of the KR, G-TIME-SIMUL); a fighter who becomes bewusstlos or tödlich getroffen
falls (G-LE-UNC, G-LE-DEATH). A new KR plays the turn sound.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.board.grid import Cell
from game.match.effects import DamageNumber, Effect, FallState, Fell, Miss, Sound, SoundName, Tracer
from game.match.events import Event
from game.rulesets.genesis.engine import GenesisGame

FALLS: dict[str, tuple[FallState, str]] = {
    "unconscious": ("down", "feedback.unconscious"),
    "fatally_wounded": ("critical", "feedback.dying"),
}


def _cell(game: GenesisGame, key: object) -> Cell | None:
    state = game.fighters.get(key) if isinstance(key, str) else None
    return None if state is None else (int(state.cell[0]), int(state.cell[1]))


def effects(game: GenesisGame, events: Sequence[Event]) -> tuple[Effect, ...]:
    """Return the effects of the events of one command, in the order they happened."""
    out: list[Effect] = []
    sounds: list[SoundName] = []
    for event in events:
        data = event.data
        if event.kind == "strike":
            target, shooter = _cell(game, data.get("target")), _cell(game, event.actor)
            if target is None:
                continue
            far = (
                shooter is not None
                and max(abs(target[0] - shooter[0]), abs(target[1] - shooter[1])) > 1
            )
            if far and shooter is not None:
                out.append(Tracer(shooter, target, bool(data.get("success"))))
                sounds.append("shot")
            if not data.get("success"):
                out.append(Miss(target))
        elif event.kind == "defend" and data.get("success"):
            target = _cell(game, data.get("target"))
            if target is not None:
                out.append(Miss(target))
        elif event.kind == "damage":
            target = _cell(game, event.actor)
            if target is not None and int(data.get("loss") or 0) > 0:
                out.append(DamageNumber(target, int(data["loss"])))
                sounds.append("hit")
        elif event.kind == "life":
            fall = FALLS.get(str(data.get("life")))
            target = _cell(game, event.actor)
            if fall is not None and target is not None:
                out.append(Fell(target, *fall))
        elif event.kind == "kr":
            sounds.append("turn")
    out += [Sound(name) for name in dict.fromkeys(sounds)]
    return tuple(out)
