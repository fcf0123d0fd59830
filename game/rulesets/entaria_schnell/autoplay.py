"""A headless quick-rules fight (``kampfkarte simulate``): the policy plays every side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.match.events import Event
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.policy import choose_command

__all__ = ["QuickOutcome", "outcome_lines", "play_out"]


@dataclass(frozen=True)
class QuickOutcome:
    """How a played-out fight ended: over or not, the winning side, rounds, commands."""

    over: bool
    winner: str | None
    rounds: int
    commands: int


def play_out(
    game: QuickGame,
    *,
    max_rounds: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> QuickOutcome:
    """Play every side with the policy for at most ``max_rounds`` rounds; return how it ended."""
    commands = 0
    while not game.over and game.round <= max_rounds:
        events = game.apply(choose_command(game))
        commands += 1
        if on_events is not None:
            on_events(events)
    rounds = game.round if game.over else min(game.round, max_rounds)
    return QuickOutcome(game.over, game.winner, rounds, commands)


def _side_name(game: QuickGame, key: str) -> str:
    for side in game.setup.battle.sides:
        if side.key == key:
            return side.name
    return key


def outcome_lines(game: QuickGame, outcome: QuickOutcome, language: str = "de") -> list[str]:
    """Return the outcome line, then one line per creature: side, LP, state, zone."""
    en = language == "en"
    if outcome.over:
        who = (
            _side_name(game, outcome.winner) if outcome.winner else ("nobody" if en else "niemand")
        )
        head = (
            f"Outcome: the fight is over after {outcome.rounds} round(s), "
            f"{outcome.commands} command(s). Winner: {who}"
            if en
            else f"Ergebnis: Der Kampf ist nach {outcome.rounds} Runde(n) und "
            f"{outcome.commands} Befehl(en) vorbei. Sieger: {who}"
        )
    else:
        head = (
            f"Outcome: round limit of {outcome.rounds} reached after {outcome.commands} "
            "command(s); the fight goes on"
            if en
            else f"Ergebnis: Rundenlimit {outcome.rounds} erreicht nach {outcome.commands} "
            "Befehl(en); der Kampf ist nicht entschieden"
        )
    lines = [head]
    for key, creature in game.creatures.items():
        zone = game.zones.names[game.zone_of(key)]
        if creature.defeated:
            state = ("defeated" if en else "besiegt") + (
                f", {creature.outcome.lower()}" if creature.outcome else ""
            )
        elif creature.lp <= 0:
            state = "down" if en else "kampfunfähig"
        else:
            state = "standing" if en else "steht"
        side = _side_name(game, creature.side)
        lines.append(f"  {creature.name} ({side}): {creature.lp} LP, {state}, {zone}")
    return lines
