"""The table of quick-rules command kinds (an explicit registry, nothing registers on import)."""

from __future__ import annotations

from game.match.commands import CommandRegistry
from game.rulesets.entaria_schnell.commands import (
    Attack,
    BuyHalfAction,
    ChooseNext,
    ChooseOutcome,
    EndTurn,
    LeaveCover,
    Move,
    Reload,
    StandUp,
    TakeCover,
)

#: Every command a quick-rules save may hold.
COMMANDS = CommandRegistry(
    (
        Move,
        Attack,
        Reload,
        TakeCover,
        LeaveCover,
        StandUp,
        BuyHalfAction,
        EndTurn,
        ChooseNext,
        ChooseOutcome,
    )
)
