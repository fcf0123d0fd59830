"""A flyer's turn in the air (E-MOVETYPE-F/FG/FS/FV, E-OPEN-42, E-OPEN-43).

Fields moved in a turn are counted from every movement (``FLIGHT_TURN``); a pure glider
loses 1 height as its first flight of a round starts; an F or FV flyer still in the air
that flew less than floor(value / 2) falls when its turn is over (resolved as the next
turn starts): altitude 0, Liegend, and the game master rules on the damage (E-OPEN-42).
"""

from __future__ import annotations

from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.situations import falls_after_turn, glides_only
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.seats import effect_named
from game.rulesets.entaria.state import CreatureState, Effect

FLIGHT_TURN = "flight_turn"  # on a flyer in its turn: value = fields flown, uses = glided


def start_flight_turn(battle: Battle, creature: CreatureState) -> Effect:
    track = effect_named(creature, FLIGHT_TURN)
    if track is None:
        track = Effect(
            FLIGHT_TURN, DurationKind.UNTIL_BROKEN, started_round=battle.state.round, uses=0
        )
        creature.effects.append(track)
    return track


def glide_loss(battle: Battle, creature: CreatureState, track: Effect) -> list[Event]:
    """A pure glider loses 1 height as its first flight of the round starts (E-MOVETYPE-FG)."""
    move_types = battle.creature_type(creature).move_types
    if track.uses or creature.altitude <= 0 or not glides_only(move_types.keys()):
        return []
    track.uses = 1
    creature.altitude -= 1
    return [
        _event(
            "altitude",
            f"{creature.name} gleitet eine Höhenstufe tiefer ({creature.altitude})",
            f"{creature.name} glides one field lower ({creature.altitude})",
            creature.key,
            altitude=creature.altitude,
            rule="E-MOVETYPE-FG",
        )
    ]


def fall_to_ground(battle: Battle, creature: CreatureState, rule: str) -> list[Event]:
    """Fall to the ground: height 0, Liegend; the game master rules on the damage."""
    height = creature.altitude
    creature.altitude = 0
    events = [
        _event(
            "fall",
            f"{creature.name} stürzt aus {height} Feldern Höhe ab",
            f"{creature.name} falls from a height of {height} fields",
            creature.key,
            height=height,
            rule=rule,
        ),
        _event(
            "gm_question",
            f"{creature.name} ist abgestürzt: Sturzschaden bestimmt die Spielleitung",
            f"{creature.name} fell: the game master rules on the damage",
            creature.key,
            rule="E-OPEN-42",
        ),
    ]
    return events + battle.knock_prone(creature)


def end_flight_turn(battle: Battle, creature: CreatureState, track: Effect) -> list[Event]:
    """Resolve a flyer's turn: too little flight and it falls (E-MOVETYPE-F, E-OPEN-43)."""
    creature.effects.remove(track)
    move_types = battle.creature_type(creature).move_types
    if creature.altitude <= 0 or Condition.DEAD in creature.conditions:
        return []
    if not falls_after_turn(move_types, track.value):
        return []
    return fall_to_ground(battle, creature, "E-MOVETYPE-F")
