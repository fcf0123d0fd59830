"""The match log under fog of war, and the game master's open questions."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.match.events import Event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.fog import fog_of_war

__all__ = ["LogEntry", "log_entries_for", "log_for"]


@dataclass(frozen=True)
class LogEntry:
    """One event of ``Battle.log`` a viewer may see, with its index there (stable)."""

    index: int
    event: Event


#: Event data keys that name a creature the event happens to, besides its actor.
_NAMED_KEYS = (
    "target",
    "defender",
    "subject",
    "creature",
    "found_by",
    "mount",
    "passenger",
    "order",  # the initiative order lists every creature in it
)
#: Actorless events naming creatures in pairs (Duell).
_PAIR_KEYS = ("a", "b")
#: A Verbergen roll carries this rule (hiding.resolve_hide); its outcome is "hide".
_HIDING_ROLL_RULE = "E-ACT-VH-VERBERGEN-2"


def _named(battle: Battle, event: Event) -> set[str]:
    """Return the keys of the creatures ``event`` names in its data (not its actor)."""
    creatures = battle.state.creatures
    names: set[str] = set()
    for key in (*_NAMED_KEYS, *_PAIR_KEYS):
        value = event.data.get(key)
        values = value if isinstance(value, list | tuple) else (value,)
        names.update(v for v in values if isinstance(v, str) and v in creatures)
    return names


def _is_hiding(event: Event) -> bool:
    """Return whether ``event`` is a Verbergen: its roll or its outcome."""
    if event.kind == "hide":
        return True
    return event.kind == "roll" and event.data.get("rule") == _HIDING_ROLL_RULE


def _noticed(event: Event, mine: Collection[str]) -> bool:
    """Return whether one of ``mine`` noticed the Verbergen ``event`` reports (its roll lost)."""
    observers = event.data.get("observers") or {}
    return any(observers.get(key) is False for key in mine)


def log_entries_for(battle: Battle, sides: Collection[str]) -> list[LogEntry]:
    """Return the match log as a viewer of ``sides`` may see it under fog of war.

    An event is shown when (first match wins):

    1. its actor belongs to one of the sides;
    2. it is an enemy's Verbergen (the roll with rule E-ACT-VH-VERBERGEN-2 and the
       "hide" outcome that follows it): only when a creature of the sides noticed it
       (its roll did not beat that observer, E-OPEN-50) -- never to those it hid from;
    3. it has no actor: unless it names a creature the sides are not shown (a GM
       ruling on a hidden creature, the initiative order with a hidden one in it);
    4. its actor is shown to one of the sides now (``fog_of_war``: in sight and not
       Unentdeckt toward the side, E-COND-UNENTDECKT-4);
    5. it names a creature of the sides in its data (``target``, ``defender``,
       ``found_by``, ...): a hero learns of the shot that hits him and who found him.

    The game master's answer to a question (``gm_answer``) quotes it, so it is shown
    exactly when its question is.

    Everything else is left out. The events are judged by what the sides see now, not
    when they happened: an enemy's earlier moves show once it is in sight, and leave the
    log while it is not; its Verbergen rolls stay hidden for good. The game master (or
    a screen without fog of war) reads ``Battle.log`` itself. ``index`` is the event's
    place in ``Battle.log``.
    """
    wanted = list(dict.fromkeys(sides))
    views = [fog_of_war(battle, side) for side in wanted]  # unknown side: ValueError
    mine = {c.key for c in battle.state.creatures.values() if c.side in wanted}
    seen = mine.union(*(view.creatures for view in views))
    log = battle.log
    shown: list[bool] = [False] * len(log)
    noticed: dict[str, bool] = {}  # actor -> whether the sides noticed its next Verbergen
    for index in range(len(log) - 1, -1, -1):  # backwards: a roll comes before its outcome
        event = log[index]
        actor = event.actor
        if actor is not None and actor in mine:
            shown[index] = True
        elif _is_hiding(event):
            if event.kind == "hide" and actor is not None:
                noticed[actor] = _noticed(event, mine)
            shown[index] = actor is not None and noticed.get(actor, False)
        elif actor is None:
            shown[index] = _named(battle, event) <= seen
        else:
            shown[index] = actor in seen or not _named(battle, event).isdisjoint(mine)
    for index, event in enumerate(log):
        if event.kind == "gm_answer":  # quotes its question: shown exactly when that is
            question = event.data.get("question")
            shown[index] = isinstance(question, int) and 0 <= question < index and shown[question]
    return [LogEntry(index, event) for index, event in enumerate(log) if shown[index]]


def log_for(battle: Battle, sides: Collection[str]) -> list[Event]:
    """Return the events of the match log a viewer of ``sides`` may see (``log_entries_for``)."""
    return [entry.event for entry in log_entries_for(battle, sides)]


def open_gm_questions(battle: Battle) -> list[int]:
    """Return the log indices of the questions to the game master not yet answered."""
    return battle.open_gm_questions()
