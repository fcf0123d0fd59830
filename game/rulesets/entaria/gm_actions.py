"""The game master's hand: set LP and conditions, move a token, doors, cover, fog, the end.

Every GM command is logged with what it did; a GmAnswer answers a question the engine
put to the game master (a ``gm_question`` event), in one line of the log.
"""

from __future__ import annotations

from game.board.grid import Cell, Cover
from game.match.events import Event
from game.rulesets.entaria.commands import (
    GmAnswer,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmFog,
    GmMoveToken,
    GmSetLifePoints,
)
from game.rulesets.entaria.edge_doors import edge_key, edge_text, is_edge_door, set_edge_door
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.seats import follow_mount
from game.rulesets.entaria.state import cover_key

#: The keys of a GM fog event's data that say which fields for which sides (GM details).
FOG_DETAILS_DE = "details_de"
FOG_DETAILS_EN = "details_en"


def _gm_event(de: str, en: str, data: dict | None = None) -> Event:
    return Event("gm", f"Spielleitung: {de}", f"Game master: {en}", None, data or {})


def handle_gm_set_lp(battle: Battle, command: GmSetLifePoints) -> list[Event]:
    creature = battle.creature(command.creature)
    if not -100 <= command.lp <= 1000:
        raise CommandRejected(
            say("LP must lie between -100 and 1000", "LP müssen zwischen -100 und 1000 liegen")
        )
    before = creature.lp
    creature.lp = command.lp
    events = [
        _gm_event(
            f"LP von {creature.name}: {before} -> {command.lp}",
            f"{creature.name}'s LP: {before} -> {command.lp}",
            {"creature": creature.key},
        )
    ]
    return events + battle.update_life_state(creature, lp_fell=command.lp < before)


def handle_gm_condition(battle: Battle, command: GmCondition) -> list[Event]:
    creature = battle.creature(command.creature)
    if command.condition not in Condition.__members__:
        raise CommandRejected(
            say(
                f"unknown condition {command.condition!r}",
                f"unbekannter Zustand {command.condition!r}",
            )
        )
    if not 0 <= command.count <= 10:
        raise CommandRejected(
            say(
                "a condition count lies between 0 and 10",
                "die Anzahl eines Zustands liegt zwischen 0 und 10",
            )
        )
    condition = Condition[command.condition]
    events = [
        _gm_event(
            f"{condition.value} für {creature.name} ({command.count})",
            f"{condition.name.lower()} for {creature.name} ({command.count})",
            {"creature": creature.key},
        )
    ]
    if command.count == 0:
        return events + battle.remove_condition(creature, condition)
    events += battle.add_condition(creature, condition, count=command.count)
    return events


def handle_gm_move(battle: Battle, command: GmMoveToken) -> list[Event]:
    creature = battle.creature(command.creature)
    cell = command.cell
    if not battle.grid.in_bounds(cell) or battle.grid.is_wall(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map or a wall",
                f"Feld {list(cell)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    other = battle.state.creature_at(cell, besides={creature.key})  # the dead too (E-OPEN-44)
    if other is not None:
        raise CommandRejected(
            say(
                f"field {list(cell)} is taken by {other.name}",
                f"Feld {list(cell)} ist von {other.name} besetzt",
            )
        )
    creature.cell = cell
    moved = f"setzt {creature.name} auf {list(cell)}", f"places {creature.name} on {list(cell)}"
    return [_gm_event(*moved, {"creature": creature.key}), *follow_mount(battle, creature)]


def handle_gm_door(battle: Battle, command: GmDoor) -> list[Event]:
    if command.edge_to is not None:
        return _gm_edge_door(battle, command.cell, command.edge_to, command.open)
    cell = command.cell
    if not battle.grid.in_bounds(cell) or not battle.grid.is_door(cell):
        raise CommandRejected(
            say(f"there is no door on field {list(cell)}", f"auf Feld {list(cell)} ist keine Tür")
        )
    if not command.open and battle.state.creature_at(cell) is not None:
        raise CommandRejected(say("a creature stands in the doorway", "ein Wesen steht in der Tür"))
    battle.grid.set_door_open(cell, command.open)
    if command.open:
        battle.state.open_doors.add(cell)
    else:
        battle.state.open_doors.discard(cell)
    word = ("öffnet", "opens") if command.open else ("schließt", "closes")
    return [_gm_event(f"{word[0]} die Tür bei {list(cell)}", f"{word[1]} the door at {list(cell)}")]


def _gm_edge_door(battle: Battle, a: Cell, b: Cell, is_open: bool) -> list[Event]:
    """Open or close the door on the edge between ``a`` and ``b`` (D-13)."""
    if not is_edge_door(battle.grid, a, b):
        raise CommandRejected(
            say(
                f"there is no door between {list(a)} and {list(b)}",
                f"zwischen {list(a)} und {list(b)} ist keine Tür",
            )
        )
    a, b = edge_key(a, b)  # named upper/left first, as the players' log names it
    set_edge_door(battle, a, b, is_open)
    de, en = edge_text(a, b)
    word = ("öffnet", "opens") if is_open else ("schließt", "closes")
    return [_gm_event(f"{word[0]} die Tür {de}", f"{word[1]} the door {en}")]


def handle_gm_cover(battle: Battle, command: GmCoverOverride) -> list[Event]:
    battle.creature(command.attacker)
    battle.creature(command.target)
    if command.cover not in Cover.__members__:
        raise CommandRejected(
            say("cover is NONE, PARTIAL or FULL", "Deckung ist NONE, PARTIAL oder FULL")
        )
    battle.state.cover_overrides[cover_key(command.attacker, command.target)] = command.cover
    return [
        _gm_event(
            f"Deckung für den nächsten Angriff: {command.cover}",
            f"cover for the next attack: {command.cover}",
            {"rule": "D-9", "attacker": command.attacker, "target": command.target},
        )
    ]


def _fog_sides(battle: Battle, sides: tuple[str, ...]) -> list[str]:
    """Return the sides a GmFog is for (every side when none is named); refuse unknown ones."""
    for side in sides:
        if side not in battle.sides:
            raise CommandRejected(say(f"unknown side {side!r}", f"unbekannte Seite {side!r}"))
    return list(dict.fromkeys(sides)) if sides else list(battle.sides)


def _fog_fields(battle: Battle, fields: tuple[Cell, ...]) -> list[Cell]:
    """Return the fields of a GmFog once each, in order; refuse none or one off the map."""
    cells = list(dict.fromkeys(fields))
    if not cells:
        raise CommandRejected(say("no field was chosen", "es wurde kein Feld gewählt"))
    for cell in cells:
        if not battle.grid.in_bounds(cell):
            raise CommandRejected(
                say(
                    f"field {list(cell)} is outside the map",
                    f"Feld {list(cell)} liegt außerhalb der Karte",
                )
            )
    return cells


def handle_gm_fog(battle: Battle, command: GmFog) -> list[Event]:
    """Reveal, hide or give back to sight the fields of ``command`` for its sides."""
    if command.actor is not None and command.actor in battle.state.creatures:
        # a GM command arrives without a creature: a player's creature cannot lift the fog
        raise CommandRejected(
            say(
                "only the game master reveals or hides the fog",
                "nur die Spielleitung deckt Nebel auf oder verbirgt ihn",
            )
        )
    sides = _fog_sides(battle, command.sides)
    cells = _fog_fields(battle, command.fields)
    marks = battle.state.fog_marks
    for side in sides:
        own = marks.setdefault(side, {})
        for cell in cells:
            if command.reveal is None:
                own.pop(cell, None)
            else:
                own[cell] = command.reveal
        if not own:
            del marks[side]
    return [_fog_event(battle, command.reveal, sides, cells)]


def _fog_event(battle: Battle, reveal: bool | None, sides: list[str], cells: list[Cell]) -> Event:
    names = ", ".join(battle.sides[s].name for s in sides)
    every = len(sides) == len(battle.sides)
    # German needs the accusative after "für" and the dative after "vor"
    accusative, dative, en_whom = (
        ("alle Seiten", "allen Seiten", "every side") if every else (names, names, names)
    )
    shown = ", ".join(str(list(c)) for c in cells[:3]) + (" …" if len(cells) > 3 else "")
    count = len(cells)
    de_n, en_n = ("1 Feld", "1 field") if count == 1 else (f"{count} Felder", f"{count} fields")
    if reveal is None:
        de = f"lässt für {accusative} auf {de_n} wieder die Sicht gelten ({shown})"
        en = f"lets sight rule again on {en_n} for {en_whom} ({shown})"
    elif reveal:
        de = f"deckt {de_n} für {accusative} auf ({shown})"
        en = f"reveals {en_n} to {en_whom} ({shown})"
    else:
        de = f"verbirgt {de_n} vor {dative} ({shown})"
        en = f"hides {en_n} from {en_whom} ({shown})"
    # the line every side reads names no field (a fogged player learns nothing of the
    # hidden map from it); which fields is the game master's details (FOG_DETAILS)
    data = {"fog": [list(c) for c in cells], "sides": sides, "reveal": reveal}
    data |= {FOG_DETAILS_DE: f"Spielleitung: {de}", FOG_DETAILS_EN: f"Game master: {en}"}
    return _gm_event("ändert den Nebel", "changes the fog", data)


def handle_gm_end_fight(battle: Battle, command: GmEndFight) -> list[Event]:
    if command.winner is not None and command.winner not in battle.sides:
        raise CommandRejected(
            say(f"unknown side {command.winner!r}", f"unbekannte Seite {command.winner!r}")
        )
    battle.state.over = True
    battle.state.winner = command.winner
    return [_gm_event("beendet den Kampf", "ends the fight", {"winner": command.winner})]


#: The longest answer the game master may give (a log line, not a letter).
GM_ANSWER_MAX = 300


def handle_gm_answer(battle: Battle, command: GmAnswer) -> list[Event]:
    index = command.question
    if index not in battle.open_gm_questions():
        raise CommandRejected(
            say(
                f"log entry {index} is no open question to the game master",
                f"Eintrag {index} des Protokolls ist keine offene Frage an die Spielleitung",
            )
        )
    text = " ".join(command.text.split())  # one line in the log
    if len(text) > GM_ANSWER_MAX:
        raise CommandRejected(
            say(
                f"an answer has at most {GM_ANSWER_MAX} characters",
                f"eine Antwort hat höchstens {GM_ANSWER_MAX} Zeichen",
            )
        )
    question = battle.log[index]
    return [
        Event(
            "gm_answer",
            f"Spielleitung: {text or 'erledigt'} (zu: {question.de})",
            f"Game master: {text or 'done'} (re: {question.en})",
            None,
            {"question": index},
        )
    ]
