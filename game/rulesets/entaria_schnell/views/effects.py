"""What the map shows and plays after a quick-rules command (``game.match.effects``).

A thrown area weapon bursts over the zone it lands in, each creature there takes its
damage (Q-OPEN-17).

A ranged attack or a throw draws a tracer and plays a shot; a hit floats its damage over
the target, a miss says so (Q-ATK-4); a Besiegt enemy or a character going down falls
(Q-DEFEAT-1), and lies dead once the character chose to kill (Q-DEFEAT-2). A new
turn or round plays the turn sound.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.board.grid import Cell
from game.match.effects import (
    DamageNumber,
    Effect,
    Explosion,
    Fell,
    Miss,
    Sound,
    SoundName,
    Tracer,
)
from game.match.events import Event
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.views.actions import passes_turn

_RANGED = frozenset({"RANGED", "THROW"})


def _cell(game: QuickGame, key: object) -> Cell | None:
    creature = game.creatures.get(key) if isinstance(key, str) else None
    return None if creature is None else (int(creature.cell[0]), int(creature.cell[1]))


def effects(game: QuickGame, events: Sequence[Event]) -> tuple[Effect, ...]:
    """Return the effects of the events of one command, in the order they happened."""
    out: list[Effect] = []
    sounds: list[SoundName] = []
    for event in events:
        if event.kind == "attack":
            target, shooter = _cell(game, event.data.get("target")), _cell(game, event.actor)
            if target is None:
                continue
            hit = bool(event.data.get("hit"))
            if event.data.get("kind") in _RANGED and shooter is not None:
                out.append(Tracer(shooter, target, hit))
                sounds.append("shot")
            if hit:
                out.append(DamageNumber(target, int(event.data.get("damage") or 0)))
                sounds.append("hit")
            else:
                out.append(Miss(target))
        elif event.kind == "zone_throw":
            zone = event.data.get("zone")
            shooter = _cell(game, event.actor)
            fields = game.zones.fields_of(int(zone)) if isinstance(zone, int) else []
            if fields:
                if shooter is not None:
                    out.append(Tracer(shooter, fields[len(fields) // 2], True))
                out.append(Explosion(tuple(fields)))
                sounds.append("explosion")
        elif event.kind == "area_damage":
            cell = _cell(game, event.actor)
            if cell is not None:
                out.append(DamageNumber(cell, int(event.data.get("damage") or 0)))
                sounds.append("hit")
        elif event.kind == "outcome" and event.data.get("outcome") == "KILLED":
            cell = _cell(game, event.data.get("target"))
            if cell is not None:
                out.append(Fell(cell, "dead", "feedback.dead"))
        elif event.kind in ("defeated", "down"):
            cell = _cell(game, event.actor)
            word = "feedback.defeated" if event.kind == "defeated" else "feedback.unconscious"
            if cell is not None:
                out.append(Fell(cell, "down", word))
    if passes_turn(events):
        sounds.append("turn")
    out += [Sound(name) for name in dict.fromkeys(sounds)]
    return tuple(out)
