"""The edge an attacking action itself gives its roll (D-2), from its rule data.

Mehrfachangriff, Rundumschlag and Gezielter Angriff roll with Nachteil (their
``RollSpec``); Distanzschuss has Vorteil at Weit and Extrem (``long_shot_edge``);
Waffenloser Kampf's edge is its option's (``UNARMED_OPTIONS``). The handlers roll with
``action_edge`` and the hit-chance queries count it, so the edge is written once.
"""

from __future__ import annotations

from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.ranges import RangeBand, long_shot_edge
from game.rulesets.entaria.rules.unarmed import UNARMED_OPTIONS, UnarmedOption

__all__ = ["action_edge"]


def action_edge(
    action: Action, *, band: RangeBand | None = None, option: UnarmedOption | None = None
) -> int:
    """Return the edge ``action`` gives its attack roll (D-2).

    ``band``: the target's range band (Distanzschuss, E-ACT-VH-DISTANZ-3); ``option``:
    Waffenloser Kampf's option (default the damage one).
    """
    if action is Action.LONG_SHOT:
        return long_shot_edge(band)  # E-ACT-VH-DISTANZ-3
    if action is Action.UNARMED_ATTACK:
        return UNARMED_OPTIONS[option or UnarmedOption.DAMAGE].edge
    roll = ACTIONS[action].roll
    return roll.edge if roll is not None else 0
