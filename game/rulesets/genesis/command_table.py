"""The table of Genesis command kinds (an explicit registry, nothing registers on import)."""

from __future__ import annotations

from game.match.commands import CommandRegistry
from game.rulesets.genesis.commands import (
    AutoDefence,
    Declare,
    Defend,
    EndStrikes,
    Strike,
    Surplus,
)

#: Every command a Genesis save may hold.
COMMANDS = CommandRegistry((Declare, Strike, EndStrikes, Defend, Surplus, AutoDefence))
