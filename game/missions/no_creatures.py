"""A mission that places no creature: it loads, previews and prints, but no battle begins.

``kampfkarte play`` and "Neues Spiel" open such a map in the set-up screen, where its
creatures are placed (issue 13, ``game.ui.scenes.setup``); ``kampfkarte simulate`` says
in one line, in the command's language, that there is nothing to fight and how to place
creatures.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.match.problems import MissionError, problem_of

__all__ = ["NO_CREATURES", "NoCreaturesError", "check_has_creatures", "no_creatures_text"]

#: What the player reads when a mission places no creature.
NO_CREATURES = {
    "de": (
        "Diese Karte hat keine Wesen, es gibt nichts zu kämpfen: stelle Wesen mit "
        "'kampfkarte play' in der Aufstellung auf oder in der Missionsdatei ([[creatures]] "
        "in TOML, Objekte der Klasse 'creature' in Tiled)."
    ),
    "en": (
        "This map has no creatures, so there is nothing to fight: place creatures with "
        "'kampfkarte play' in the set-up screen or in the mission file ([[creatures]] in "
        "TOML, objects of class 'creature' in Tiled)."
    ),
}


def no_creatures_text(language: str) -> str:
    """Return the no-creatures message in ``language`` (German when it has none)."""
    return NO_CREATURES.get(language, NO_CREATURES["de"])


class NoCreaturesError(MissionError):
    """A mission that places no creature: a battle cannot begin on it."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        super().__init__([problem_of(str(path), dict(NO_CREATURES), key="creatures")])

    def text(self, language: str) -> str:
        """Return the message in ``language``."""
        return no_creatures_text(language)


def check_has_creatures(setup: Any, path: Path | str) -> None:
    """Raise NoCreaturesError when the set-up of ``path`` places no creature.

    ``setup``: any ruleset's set-up; one without a ``creatures`` list is let through.
    """
    creatures = getattr(setup, "creatures", None)
    if creatures is not None and not creatures:
        raise NoCreaturesError(path)
