"""``kampfkarte simulate MISSION --seed N``: a whole fight, headless, both sides by policy.

Also the glue a save needs to find its mission again (``open_mission``): the battle
layer does not read missions, so loading a save gets this function from here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from game.match.events import Event
from game.match.problems import MissionError
from game.match.saves import MissionRef, OpenedMission, file_sha256
from game.missions.loader import load_any
from game.missions.setup import battle_setup
from game.rulesets.entaria.catalogue import Catalogue, load_catalogue
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.policy import Outcome, simulate
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
DEFAULT_ROUNDS = 30
MAX_ROUNDS = 10_000


def mission_setup(path: Path | str, catalogue: Catalogue | None = None) -> BattleSetup:
    """Return the BattleSetup of the mission file ``path``; raise MissionError."""
    catalogue = catalogue or load_catalogue()
    loaded = load_any(path)
    return battle_setup(loaded.mission, catalogue, path_label=str(path))


def open_mission(path: str) -> OpenedMission:
    """Return the set-up, catalogue and current hash of a mission (for ``saves.load_save``)."""
    catalogue = load_catalogue()
    setup = mission_setup(path, catalogue)
    return OpenedMission(setup, catalogue, file_sha256(path), ENTARIA)


def mission_ref(path: Path | str) -> MissionRef:
    """Return what a save records of the mission file ``path``."""
    return MissionRef.of_file(path)


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


def run_simulate(
    mission_path: Path | str,
    seed: int,
    rounds: int = DEFAULT_ROUNDS,
    quiet: bool = False,
    out: TextIO | None = None,
    *,
    language: str = "de",
    err: TextIO | None = None,
) -> int:
    """Play the mission with the built-in policy for every side; print log and outcome.

    Return 0 when the simulation ran (whoever won), 1 for an invalid mission, 2 for
    invalid arguments.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    if language not in ("de", "en"):
        print(f"kampfkarte simulate: language is 'de' or 'en', got {language!r}", file=err)
        return EXIT_USAGE
    if not 1 <= rounds <= MAX_ROUNDS:
        print(f"kampfkarte simulate: --rounds must lie in 1..{MAX_ROUNDS}, got {rounds}", file=err)
        return EXIT_USAGE
    try:
        catalogue = load_catalogue()
        setup = mission_setup(mission_path, catalogue)
    except MissionError as error:
        print(str(error), file=err)
        return EXIT_INVALID
    battle = ENTARIA.new_game(setup, catalogue, seed)

    def show(events: list[Event]) -> None:
        for event in events:
            print(event.text(language), file=out)

    title = f"{setup.title} (seed {seed})"
    if not quiet:
        print(title, file=out)
        show(battle.log)
    outcome = simulate(battle, max_rounds=rounds, on_events=None if quiet else show)
    if quiet:
        print(title, file=out)
    print(outcome_text(battle, outcome, language), file=out)
    for line in standing_text(battle, language):
        print(line, file=out)
    return EXIT_OK


def run_engine_bench(*, repeats: int = 30, seed: int = 2026, out: TextIO | None = None) -> int:
    """``kampfkarte bench engine``: the engine figures, the whole match on the demo mission."""
    from game.missions.loader import demo_mission_path
    from game.rulesets.entaria.bench import run_engine_bench as bench

    setup = mission_setup(demo_mission_path())
    bench(repeats=repeats, seed=seed, out=out or sys.stdout, match_setup=setup)
    return EXIT_OK
