"""Genesis movement and participation: moving, leaving, joining, weapon change, GW decisions."""

from __future__ import annotations

import math
from enum import Enum

from game.board.dice import Roller
from game.rulesets.genesis.rules.initiative import RoundRole, round_role
from game.rulesets.genesis.rules.rounds import RoundKind, gw_split, round_kind
from game.rulesets.genesis.rules.states import Act, Condition, allowed

SWAP_KR = 2


def fields_per_kr(gs_m_per_s: float, conditions: set[Condition]) -> int:
    """Return the fields a combatant may move in one KR: floor(GS x 2), none if it may not move.

    GS in m/s and movement independent of the GW are the G-OPEN-9 reading.
    """
    if not allowed(Act.MOVE, conditions):
        return 0
    return math.floor(gs_m_per_s * 2)


class PassiveCause(Enum):
    """A cause of passivity named in the text."""

    STUMBLE = "stumble"
    FALL = "fall"
    BIG_DODGE = "big_dodge"
    LEAVING = "leaving"


PASSIVE_KR = {cause: 1 for cause in PassiveCause}  # 1 KR until an effect says otherwise


def passive_until_kr(cause: PassiveCause, kr: int) -> int:
    """Return the last KR of passivity caused in KR ``kr``: the next KR (1 KR, G-OPEN-21).

    Passivity from leaving covers the coming KR (G-LEAVE-2); the others last 1 KR
    unless their effect says otherwise, counted from the KR after the cause.
    """
    return kr + PASSIVE_KR[cause]


def extended_casting_succeeds(
    roller: Roller, casting_value: int, passive_seconds: int, announced_penalty: int = 0
) -> bool:
    """Roll the casting test that extends a spell in its casting time over a passivity.

    The test is harder by the seconds of passivity and by the original announcements;
    on failure the spell ends without effect (G-OPEN-21).
    """
    return roller.roll(100) <= casting_value - passive_seconds - announced_penalty


class EffectKind(Enum):
    """What a combatant has going when it becomes passive."""

    ONGOING = "ongoing"  # PSI shield, Schattenkampf, reinforcements
    CASTING = "casting"  # a spell still in its casting time
    NEW_ACTION = "new_action"


def survives_passivity(kind: EffectKind, extension_succeeded: bool = False) -> bool:
    """Return whether an effect goes on through passivity: ongoing ones do, castings on a test."""
    if kind is EffectKind.ONGOING:
        return True
    if kind is EffectKind.CASTING:
        return extension_succeeded
    return False


def passive_ability_allowed(pure_defence: bool, includes_attack: bool) -> bool:
    """Return whether a passive combatant may use an ability: pure defence only, no PA-AT."""
    return pure_defence and not includes_attack


def leaving_conditions(kr: int, declared_kr: int) -> set[Condition]:
    """Return the conditions of a combatant that declared leaving in ``declared_kr``.

    It stays in the fight as passive for the coming KR and is free from the KR after
    (G-OPEN-9); before and in the declaring KR nothing changes.
    """
    return {Condition.PASSIVE} if kr == declared_kr + 1 else set()


def leaver_attackable(kr: int, declared_kr: int) -> bool:
    """Return whether a leaving combatant can still be attacked in KR ``kr``.

    Speed and movement advantages (even flying away) do not matter, so they are no input:
    it is attackable up to and including the coming KR.
    """
    return kr <= declared_kr + 1


def join_side(side: int | None, sides: set[int]) -> int:
    """Return the side a joining combatant fights for; it must choose an existing side first."""
    if side is None or side not in sides:
        raise ValueError("a joining combatant must first choose one of the fighting sides")
    return side


def joiner_role(kr: int, side: int, ini_winner: int) -> RoundRole:
    """Return a joiner's role in AKR/BKR ``kr``: no INI is rolled, it keeps its ally's schedule."""
    return round_role(kr, side, ini_winner)


def joiner_gw(gw: float, kr: int, more_first: bool) -> float:
    """Return the GW a joiner may use in the KR it joins: that KR's whole share, not prorated."""
    first, second = gw_split(gw, more_first)
    return first if decides_gw_split(kr) else second


def swap_ends_kr(start_kr: int) -> int:
    """Return the first KR after a weapon change begun in ``start_kr`` (2 KR as a rule)."""
    return start_kr + SWAP_KR


def may_attack_during_swap(kr: int, start_kr: int) -> bool:
    """Return whether AT is possible in KR ``kr``: not during the change (PA/AW is, G-OPEN-9)."""
    return not start_kr <= kr < swap_ends_kr(start_kr)


def decides_gw_split(kr: int) -> bool:
    """Return whether the GW split is decided in KR ``kr``: in the first INI-KR and in each AKR."""
    kind = round_kind(kr)
    return kind is RoundKind.INI_1 or kind is RoundKind.ALPHA


def gw_pair(kr: int) -> tuple[int, int]:
    """Return the two KRs one GW split covers: (1, 2), then each AKR with the following BKR."""
    start = kr if decides_gw_split(kr) else kr - 1
    return (start, start + 1)
