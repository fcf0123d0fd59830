"""A headless WRS fight (``kampfkarte simulate``): the policy plays every side.

``play_out`` lets the built-in opponent decide until the fight is over (one side left
that can act, W-ROUND-2, W-OPEN-10) or the round limit is reached; ``outcome_lines``
says how it ended and how every character stands (wounds against LP a/b/c, armour
points), in German or English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from game.match.events import Event
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.rules.terms import in_language

__all__ = ["WrsOutcome", "outcome_lines", "outcome_text", "play_out", "standing_text"]


@dataclass(frozen=True)
class WrsOutcome:
    """How a played-out fight ended: over or not, the winning side, rounds, commands."""

    over: bool
    winner: str | None
    rounds: int
    commands: int


def play_out(
    game: WrsGame,
    *,
    max_rounds: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> WrsOutcome:
    """Play every side with the policy for at most ``max_rounds`` rounds; return how it ended."""
    commands = 0
    while not game.over and game.round <= max_rounds:
        events = game.apply(choose_command(game))
        commands += 1
        if on_events is not None:
            on_events(events)
    rounds = game.round if game.over else min(game.round, max_rounds)
    return WrsOutcome(game.over, game.winner, rounds, commands)


def _side_name(game: WrsGame, key: str) -> str:
    side_name = getattr(game.setup, "side_name", None)
    return str(side_name(key)) if callable(side_name) else key


def _name(game: WrsGame, key: str) -> str:
    name_of = getattr(game.setup, "name_of", None)
    return str(name_of(key)) if callable(name_of) else game.kind(key).name


def outcome_lines(game: WrsGame, outcome: WrsOutcome, language: str = "de") -> list[str]:
    """Return the outcome line, then one line per character: side, wounds, armour, state."""
    return [outcome_text(game, outcome, language), *standing_text(game, language)]


def outcome_text(game: WrsGame, outcome: WrsOutcome, language: str = "de") -> str:
    """Return one line that says how the simulated fight ended."""
    if language == "en":
        if outcome.over:
            who = _side_name(game, outcome.winner) if outcome.winner else "nobody"
            return (
                f"Outcome: the fight is over after {outcome.rounds} round(s), "
                f"{outcome.commands} command(s). Winner: {who}"
            )
        return (
            f"Outcome: round limit of {outcome.rounds} reached after {outcome.commands} "
            "command(s); the fight goes on"
        )
    if outcome.over:
        who = _side_name(game, outcome.winner) if outcome.winner else "niemand"
        return (
            f"Ergebnis: Der Kampf ist nach {outcome.rounds} Runde(n) und {outcome.commands} "
            f"Befehl(en) vorbei. Sieger: {who}"
        )
    return (
        f"Ergebnis: Rundenlimit {outcome.rounds} erreicht nach {outcome.commands} Befehl(en); "
        "der Kampf ist nicht entschieden"
    )


def _points(value: Fraction) -> str:
    """Return armour points as a short decimal: 2, 0.5."""
    return f"{float(value):g}"


def standing_text(game: WrsGame, language: str = "de") -> list[str]:
    """Return one line per character: side, wounds against LP a/b/c, armour points, state."""
    lines = []
    for key, fighter in game.fighters.items():
        life = game.kind(key).life_points
        lp = f"{life.down_at}/{life.unconscious_at}/{life.dead_at}"
        state = in_language(game.state_of(key), language)
        points = _points(fighter.armour)
        side = _side_name(game, fighter.side)
        if language == "en":
            lines.append(
                f"  {_name(game, key)} ({side}): wounds {fighter.wounds} of LP {lp}, "
                f"armour points {points}, {state}"
            )
        else:
            points = points.replace(".", ",")
            lines.append(
                f"  {_name(game, key)} ({side}): Wunden {fighter.wounds} bei LP {lp}, "
                f"Rüstungspunkte {points}, {state}"
            )
    return lines
