"""A headless Genesis fight (``kampfkarte simulate``): the policy plays every side.

``play_out`` lets the built-in opponent declare, strike and defend until one side is left
standing or the KR limit is reached; ``outcome_lines`` says how it ended and how every
fighter stands (LE against its limits, AD), in German or English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.match.events import Event
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.rules import damage

__all__ = ["GenesisOutcome", "outcome_lines", "outcome_text", "play_out", "standing_text"]

LIFE_WORDS = {
    "fighting": ("kämpft", "fighting"),
    "unconscious": ("bewusstlos", "unconscious"),
    "fatally_wounded": ("tödlich getroffen", "fatally hit"),
}


@dataclass(frozen=True)
class GenesisOutcome:
    """How a played-out fight ended: over or not, the winning side, KRs, commands."""

    over: bool
    winner: str | None
    rounds: int
    commands: int


def play_out(
    game: GenesisGame,
    *,
    max_rounds: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> GenesisOutcome:
    """Play every side with the policy for at most ``max_rounds`` KRs; return how it ended."""
    commands = 0
    while not game.over and game.kr <= max_rounds:
        events = game.apply(choose_command(game))
        commands += 1
        if on_events is not None:
            on_events(events)
    rounds = game.kr if game.over else min(game.kr, max_rounds)
    return GenesisOutcome(game.over, game.winner, rounds, commands)


def _side_name(game: GenesisGame, key: str) -> str:
    side_name = getattr(game.setup, "side_name", None)
    return str(side_name(key)) if callable(side_name) else key


def outcome_lines(game: GenesisGame, outcome: GenesisOutcome, language: str = "de") -> list[str]:
    """Return the outcome line, then one line per fighter."""
    return [outcome_text(game, outcome, language), *standing_text(game, language)]


def outcome_text(game: GenesisGame, outcome: GenesisOutcome, language: str = "de") -> str:
    """Return one line that says how the simulated fight ended."""
    if language == "en":
        if outcome.over:
            who = _side_name(game, outcome.winner) if outcome.winner else "nobody"
            return (
                f"Outcome: the fight is over after {outcome.rounds} combat round(s) (KR), "
                f"{outcome.commands} command(s). Winner: {who}"
            )
        return (
            f"Outcome: limit of {outcome.rounds} KR reached after {outcome.commands} "
            "command(s); the fight goes on"
        )
    if outcome.over:
        who = _side_name(game, outcome.winner) if outcome.winner else "niemand"
        return (
            f"Ergebnis: Der Kampf ist nach {outcome.rounds} Kampfrunde(n) (KR) und "
            f"{outcome.commands} Befehl(en) vorbei. Sieger: {who}"
        )
    return (
        f"Ergebnis: Limit von {outcome.rounds} KR erreicht nach {outcome.commands} Befehl(en); "
        "der Kampf ist nicht entschieden"
    )


def standing_text(game: GenesisGame, language: str = "de") -> list[str]:
    """Return one line per fighter: side, LE of max LE and its limits, AD, state."""
    lines = []
    for key, fighter in game.fighters.items():
        kind = game.kind(key)
        bounds = damage.limits(kind.le, fighter.self_control_x or 0)
        limit = f"{bounds.unconscious_below:g}"
        side = _side_name(game, fighter.side)
        de, en = LIFE_WORDS.get(fighter.life, (fighter.life, fighter.life))
        if language == "en":
            lines.append(
                f"  {game.name_of(key)} ({side}): LE {fighter.le}/{kind.le} "
                f"(unconscious below {limit}, fatally hit below {bounds.death_below}), "
                f"AD {fighter.ad}, {en}"
            )
        else:
            lines.append(
                f"  {game.name_of(key)} ({side}): LE {fighter.le}/{kind.le} "
                f"(bewusstlos unter {limit.replace('.', ',')}, tödlich unter "
                f"{bounds.death_below}), AD {fighter.ad}, {de}"
            )
    return lines
