"""Start the program: ``kampfkarte play [MISSION]`` and ``kampfkarte preview MISSION``."""

from __future__ import annotations

import random
from pathlib import Path

from game.match.problems import MissionError
from game.missions.no_creatures import NoCreaturesError
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.scenes.setup import SetupScene
from game.ui.session import GameSession


def start_battle(app: App, mission: Path, seed: int | None = None) -> BattleScene:
    """Open ``mission`` as a new match with default seats; raise MissionError."""
    session = GameSession.new(
        mission, home=app.home, seed=random.randrange(1, 2**31) if seed is None else seed
    )
    return BattleScene(app, session)


def run_play(
    mission: Path | None = None, *, seed: int | None = None, frames: int | None = None
) -> int:
    """Open the window on the title screen, or straight on ``mission``; return the exit code.

    ``frames``: stop after that many frames (a headless smoke test), else run until closed.
    """
    app = open_app()
    if mission is None:
        app.nav.to_title()
        return _run(app, frames)
    try:
        app.push(start_battle(app, mission, seed))
    except NoCreaturesError:  # a map: its creatures are placed first (issue 13)
        app.push(SetupScene(app, mission))
    except MissionError as error:
        print(error)
        return 1
    return _run(app, frames)


def _run(app: App, frames: int | None) -> int:
    """Run ``app`` until closed, or for ``frames`` frames only; return the exit code."""
    if frames is None:
        return app.run()
    for _ in range(frames):
        app.step()
    app.save_settings()
    return app.exit_code


def _window_error(command: str, error: Exception) -> int:
    import sys

    print(f"kampfkarte {command}: cannot open a window: {error}", file=sys.stderr)
    return 1


def run_play_command(
    mission: Path | None = None, *, seed: int | None = None, frames: int | None = None
) -> int:
    """``kampfkarte play``: ``run_play`` with the CLI's error style (stderr, exit status 1)."""
    import sys

    import pygame

    if mission is not None:
        from game.missions.simulate import mission_setup

        try:
            mission_setup(mission)
        except MissionError as error:
            print(str(error), file=sys.stderr)
            return 1
    try:
        return run_play(mission, seed=seed, frames=frames)
    except pygame.error as error:
        return _window_error("play", error)


def run_preview(path: Path) -> int:
    """Open the mission preview on ``path`` (reloads on change); return the exit code."""
    import pygame

    from game.ui.scenes.preview import PreviewScene

    try:
        app = open_app()
    except pygame.error as error:
        return _window_error("preview", error)
    app.push(PreviewScene(app, path))
    return app.run()
