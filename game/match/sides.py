"""A side of a match as every ruleset's set-up names it: key, name, controller, colour."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SideSetup:
    """A party: who controls it (``player`` or ``gm``) and the colour of its tokens."""

    key: str
    name: str
    controller: str = "player"
    colour: str = "#808080"
