"""``kampfkarte simulate MISSION --seed N``: a whole fight, headless, both sides by policy.

The mission's ruleset plays it (``game.match.mission_ruleset.MissionRuleset``): its
built-in opponent decides for every side and it says how the fight ended. Also the
glue a save needs to find its mission again (``open_mission``): the match layer does
not read missions, so loading a save gets this function from here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from game.match.events import Event
from game.match.problems import MissionError
from game.match.saves import MissionRef, OpenedMission, file_sha256
from game.missions.loader import demo_mission_path, load_any
from game.missions.no_creatures import NoCreaturesError, check_has_creatures
from game.missions.setup import PreparedMatch, prepare_match

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
DEFAULT_ROUNDS = 30
MAX_ROUNDS = 10_000


def prepared_mission(path: Path | str, catalogue: Any | None = None) -> PreparedMatch:
    """Return the mission file ``path`` ready to be played by its ruleset; raise MissionError.

    ``catalogue`` is the catalogue of the ruleset the mission names (None: its own).
    """
    loaded = load_any(path, catalogue=catalogue)
    return prepare_match(loaded.mission, catalogue, path_label=str(path))


def mission_setup(path: Path | str, catalogue: Any | None = None) -> Any:
    """Return the set-up of a match on the mission file ``path``; raise MissionError."""
    return prepared_mission(path, catalogue).setup


def open_mission(path: str) -> OpenedMission:
    """Return the set-up, catalogue, current hash and ruleset of a mission (for saves)."""
    prepared = prepared_mission(path)
    return OpenedMission(prepared.setup, prepared.catalogue, file_sha256(path), prepared.ruleset)


def mission_ref(path: Path | str) -> MissionRef:
    """Return what a save records of the mission file ``path``."""
    return MissionRef.of_file(path)


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
        prepared = prepared_mission(mission_path)
        check_has_creatures(prepared.setup, mission_path)
    except NoCreaturesError as error:
        print(f"kampfkarte simulate: {mission_path}: {error.text(language)}", file=err)
        return EXIT_INVALID
    except MissionError as error:
        print(error.render(language), file=err)
        return EXIT_INVALID
    ruleset = prepared.ruleset
    game = ruleset.new_game(prepared.setup, prepared.catalogue, seed)

    def show(events: list[Event]) -> None:
        for event in events:
            print(event.text(language), file=out)

    seed_word = "Startwert" if language == "de" else "seed"  # one language per log
    title = f"{prepared.mission.title} ({seed_word} {seed})"
    if not quiet:
        print(title, file=out)
        show(list(game.log))
    outcome = ruleset.play_out(game, max_rounds=rounds, on_events=None if quiet else show)
    if quiet:
        print(title, file=out)
    for line in ruleset.outcome_lines(game, outcome, language):
        print(line, file=out)
    return EXIT_OK


def run_engine_bench(
    *,
    repeats: int = 30,
    seed: int = 2026,
    out: TextIO | None = None,
    mission: Path | None = None,
) -> int:
    """``kampfkarte bench engine``: the engine figures of the ruleset of ``mission`` (the
    demo mission when None), the whole match on that mission."""
    prepared = prepared_mission(mission if mission is not None else demo_mission_path())
    prepared.ruleset.engine_bench(prepared.setup, repeats=repeats, seed=seed, out=out or sys.stdout)
    return EXIT_OK
