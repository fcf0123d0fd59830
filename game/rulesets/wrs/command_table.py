"""The table of WRS command kinds (an explicit registry, nothing registers on import)."""

from __future__ import annotations

from game.match.commands import CommandRegistry
from game.rulesets.wrs.commands import (
    Aim,
    Attack,
    DefensivePosition,
    Door,
    Draw,
    EndTurn,
    HostAction,
    Pass,
    Ready,
    Step,
    Turn360,
)

#: Every command a WRS save may hold.
COMMANDS = CommandRegistry(
    (Step, Attack, Aim, DefensivePosition, Ready, Draw, Turn360, HostAction, Door, Pass, EndTurn)
)
