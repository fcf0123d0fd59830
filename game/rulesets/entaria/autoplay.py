"""A headless ENTARIA fight (``kampfkarte simulate``): the policy plays every side.

``play_out`` lets the built-in opponent decide until the fight is over or the round
limit is reached; ``outcome_lines`` says how it ended and how everyone stands (LP and
conditions), in German or English.
"""

from __future__ import annotations

from collections.abc import Callable

from game.match.events import Event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.policy import Outcome, simulate


def play_out(
    battle: Battle,
    *,
    max_rounds: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> Outcome:
    """Play every side with the policy for at most ``max_rounds`` rounds; return how it ended."""
    return simulate(battle, max_rounds=max_rounds, on_events=on_events)


def outcome_lines(battle: Battle, outcome: Outcome, language: str = "de") -> list[str]:
    """Return the outcome line, then one line per creature: side, LP and conditions."""
    return [outcome_text(battle, outcome, language), *standing_text(battle, language)]


def outcome_text(battle: Battle, outcome: Outcome, language: str = "de") -> str:
    """Return one line that says how the simulated fight ended."""
    side = battle.sides.get(outcome.winner) if outcome.winner else None
    if language == "en":
        if outcome.over:
            who = side.name if side else "nobody"
            return (
                f"Outcome: the fight is over after {outcome.rounds} round(s), "
                f"{outcome.commands} command(s). Winner: {who}"
            )
        return (
            f"Outcome: round limit of {outcome.rounds} reached after {outcome.commands} "
            "command(s); the fight goes on"
        )
    if outcome.over:
        who = side.name if side else "niemand"
        return (
            f"Ergebnis: Der Kampf ist nach {outcome.rounds} Runde(n) und {outcome.commands} "
            f"Befehl(en) vorbei. Sieger: {who}"
        )
    return (
        f"Ergebnis: Rundenlimit {outcome.rounds} erreicht nach {outcome.commands} Befehl(en); "
        "der Kampf ist nicht entschieden"
    )


def standing_text(battle: Battle, language: str = "de") -> list[str]:
    """Return one line per creature: side, LP and conditions at the end."""
    lines = []
    for creature in battle.state.creatures.values():
        if language == "en":
            conditions = ", ".join(c.name.lower() for c in creature.conditions) or "-"
        else:
            conditions = ", ".join(c.value for c in creature.conditions) or "-"
        lines.append(
            f"  {creature.name} ({creature.side}): LP {creature.lp}/{creature.max_lp}, {conditions}"
        )
    return lines
