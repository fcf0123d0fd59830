"""What the map shows and plays after an ENTARIA command: neutral effects (``game.match.effects``).

The screen knows nothing of ENTARIA's events; this reads them. An attack's ``roll``
names its ``defender`` (a creature) or its ``object`` and ``field`` (a thing on the map):
a ranged one draws a tracer, hit or not, and plays a shot; a ``miss`` (or a critical
failure of the attack) says so on the target. ``damage`` floats its final number over
the hurt creature and plays a hit; a throw's ``scatter`` marks the missed field, its
``area`` blasts; placed area fire (``area_fire`` with fields) draws a tracer to each
field. A ``life_state`` calls out Bewusstlos, Sterbend or Tot; a new turn or round plays
the turn sound. Fields are the creatures' fields after the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.board.grid import Cell
from game.match.effects import (
    DamageNumber,
    Effect,
    Explosion,
    FallState,
    Fell,
    Miss,
    Sound,
    SoundName,
    Tracer,
)
from game.match.events import Event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.views.actions import passes_turn

#: ENTARIA's life states (``life_state`` events) the map calls out: how bad, and the word.
FALLS: dict[str, tuple[FallState, str]] = {
    "UNCONSCIOUS": ("down", "feedback.unconscious"),
    "DYING": ("critical", "feedback.dying"),
    "DEAD": ("dead", "feedback.dead"),
}
#: Area fire draws at most this many tracers (one per field): more is only noise.
MAX_AREA_TRACERS = 12


@dataclass
class _Aim:
    """The attack or throw the events are about: its target field, ranged or not."""

    target: Cell | None
    ranged: bool
    throw: bool = False


def effects(battle: Battle, events: Sequence[Event]) -> tuple[Effect, ...]:
    """Return the effects of the events of one command, in the order they happened."""
    out: list[Effect] = []
    sounds: list[SoundName] = []
    aim: _Aim | None = None
    for event in events:
        data = event.data or {}
        if event.kind == "roll" and "weapon" in data:
            aim = _roll(battle, event, data, out, sounds) or aim
        elif event.kind == "miss" and aim is not None and aim.target is not None:
            out.append(Miss(aim.target))
        elif event.kind == "crit_fail" and aim is not None and aim.target is not None:
            if not aim.throw:  # a throw's fumble still lands somewhere (its scatter says where)
                out.append(Miss(aim.target))
        elif event.kind == "scatter" and _is_cell(data.get("target")):
            out.append(Miss(_cell(data["target"])))
        elif event.kind == "area" and isinstance(data.get("fields"), list):
            cells = tuple(_cell(f) for f in data["fields"] if _is_cell(f[:2]))
            out.append(Explosion(cells))
            sounds.append("explosion")
        elif event.kind == "area_fire" and isinstance(data.get("fields"), list):
            out += _area_tracers(battle, event.actor, data["fields"])
        elif event.kind == "damage" and isinstance(data.get("final"), int):
            cell = _cell_of(battle, data.get("target"))
            if cell is not None:
                out.append(DamageNumber(cell, int(data["final"])))
                sounds.append("hit")
        elif event.kind == "life_state" and data.get("state") in FALLS:
            cell = _cell_of(battle, event.actor)
            if cell is not None:
                out.append(Fell(cell, *FALLS[str(data["state"])]))
    if passes_turn(events):
        sounds.append("turn")
    # one of each sound per command: a grenade hitting three creatures thuds once
    out += [Sound(name) for name in dict.fromkeys(sounds)]
    return tuple(out)


def _roll(
    battle: Battle,
    event: Event,
    data: dict[str, Any],
    out: list[Effect],
    sounds: list[SoundName],
) -> _Aim | None:
    """Read an attack's or throw's roll: its aim, and a ranged attack's tracer and shot."""
    ranged = data.get("attribute") == "RANGED"
    if "defender" in data:
        target = _cell_of(battle, data["defender"])
    elif "object" in data and _is_cell(data.get("field")):
        target = _cell(data["field"])
    elif _is_cell(data.get("field")):  # a throw at a field: the thrown thing's flight shows
        return _Aim(_cell(data["field"]), ranged, throw=True)
    elif "mode" in data:  # area fire: the tracers come with the placed fields
        if ranged:
            sounds.append("shot")
        return _Aim(None, ranged)
    else:
        return None
    shooter = _cell_of(battle, event.actor)
    if ranged and shooter is not None and target is not None:
        out.append(Tracer(shooter, target, bool(data.get("success"))))
        sounds.append("shot")
    return _Aim(target, ranged)


def _area_tracers(battle: Battle, shooter: str | None, fields: list[Any]) -> list[Effect]:
    """Return a tracer from the shooter to each field that got damage placed on it."""
    start = _cell_of(battle, shooter)
    if start is None:
        return []
    cells = [_cell(f) for f in fields if isinstance(f, list) and _is_cell(f[:2])]
    return [Tracer(start, cell, True) for cell in cells[:MAX_AREA_TRACERS]]


def _cell_of(battle: Battle, key: object) -> Cell | None:
    creature = battle.state.creatures.get(key) if isinstance(key, str) else None
    return None if creature is None else (int(creature.cell[0]), int(creature.cell[1]))


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _cell(value: Sequence[int]) -> Cell:
    return (int(value[0]), int(value[1]))
