"""Every ENTARIA command kind, in one explicit table (what a save may contain)."""

from __future__ import annotations

from game.match.commands import CommandRegistry
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    EndTurn,
    GmAnswer,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmMoveToken,
    GmSetLifePoints,
    Move,
)
from game.rulesets.entaria.hiding import Search
from game.rulesets.entaria.impulse_actions import GmSpendImpulse, SpendImpulse
from game.rulesets.entaria.interact_actions import DropItem, Interact, Shout
from game.rulesets.entaria.melee_actions import (
    AimedAttack,
    BreakGrapple,
    Charge,
    DragGrappled,
    MultiAttack,
    PushBack,
    ReleaseGrapple,
    SweepAttack,
    UnarmedAttack,
)
from game.rulesets.entaria.ranged_actions import (
    AreaFire,
    AreaFireRoll,
    LongShot,
    PlaceAreaFire,
    Reload,
    ThrowAtField,
)
from game.rulesets.entaria.ready_actions import EndLongAction, TriggerReady
from game.rulesets.entaria.situation_actions import Dismount, Duel, Fly, Mount, MountCommand, Reins
from game.rulesets.entaria.support_actions import UseAction

#: ENTARIA's command kinds by ``kind``.
COMMANDS = CommandRegistry(
    (
        EndTurn,
        Move,
        Attack,
        ChangePosition,
        UseAction,
        UnarmedAttack,
        BreakGrapple,
        ReleaseGrapple,
        DragGrappled,
        MultiAttack,
        SweepAttack,
        AimedAttack,
        Charge,
        PushBack,
        ThrowAtField,
        AreaFire,
        AreaFireRoll,
        PlaceAreaFire,
        LongShot,
        Reload,
        Search,
        TriggerReady,
        EndLongAction,
        Interact,
        DropItem,
        Shout,
        Mount,
        Reins,
        Dismount,
        MountCommand,
        Fly,
        Duel,
        SpendImpulse,
        GmSpendImpulse,
        GmSetLifePoints,
        GmCondition,
        GmMoveToken,
        GmDoor,
        GmCoverOverride,
        GmEndFight,
        GmAnswer,
    )
)
