"""Start the program: ``kampfkarte play [MISSION]`` and ``kampfkarte preview MISSION``."""

from __future__ import annotations

import random
from pathlib import Path

from game.content.problems import MissionError
from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.session import GameSession


def start_battle(app: App, mission: Path, seed: int | None = None) -> BattleScene:
    """Open ``mission`` as a new match with default seats; raise MissionError."""
    session = GameSession.new(
        mission, home=app.home, seed=random.randrange(1, 2**31) if seed is None else seed
    )
    return BattleScene(app, session)


def run_play(mission: Path | None = None, *, seed: int | None = None) -> int:
    """Open the window on the title screen, or straight on ``mission``; return the exit code."""
    app = App()
    try:
        app.push(start_battle(app, mission or demo_mission_path(), seed))
    except MissionError as error:
        print(error)
        return 1
    return app.run()
