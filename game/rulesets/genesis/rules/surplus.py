"""Genesis surplus attacks: counting the ATs beyond the felling one and the three rewards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.rulesets.genesis.rules.damage import LifeState, Limits, life_state
from game.rulesets.genesis.rules.gear import surplus_ad

TOKEN_BONUS = 20
TOKEN_KR = 2
RUN_SPEED_PERCENT = 20
RUN_SPEED_SECONDS = 10


def felling_hit(le: int, losses: Sequence[int], bounds: Limits) -> int | None:
    """Return the index of the hit that fells the target (unconscious or fatally hit), if any.

    Hits are taken in the defender's order (G-OPEN-20).
    """
    for index, loss in enumerate(losses):
        le -= loss
        if life_state(le, bounds) is not LifeState.FIGHTING:
            return index
    return None


def surplus_count(le: int, losses: Sequence[int], bounds: Limits) -> int:
    """Return how many successful undefended ATs come after the felling one and may be withheld."""
    index = felling_hit(le, losses, bounds)
    return 0 if index is None else len(losses) - index - 1


class SurplusOption(Enum):
    """The three combat motivations a withheld AT can trigger."""

    BONUS = "bonus"
    RUN_SPEED = "run_speed"
    AD = "ad"


@dataclass(frozen=True)
class BonusToken:
    """A +20 on one AT, PA or AW, to be used by the end of KR ``expires_kr``."""

    bonus: int
    expires_kr: int


def bonus_tokens(withheld: int, kr: int) -> list[BonusToken]:
    """Return option 1: one +20 token per withheld AT, valid within the next 2 KR."""
    return [BonusToken(TOKEN_BONUS, kr + TOKEN_KR) for _ in range(withheld)]


def token_usable(token: BonusToken, kr: int) -> bool:
    """Return whether a token may still be used in KR ``kr``."""
    return kr <= token.expires_kr


def boosted_run_speed(run_gs: float, second: int, until_second: int) -> float:
    """Return the run GS at ``second`` under option 2, which ends with ``until_second``."""
    return run_gs * (1 + RUN_SPEED_PERCENT / 100) if second <= until_second else run_gs


def run_speed_until(second: int) -> int:
    """Return the last second of option 2 chosen at ``second``: 10 seconds later."""
    return second + RUN_SPEED_SECONDS


def surplus_reward_ad(options: Sequence[tuple[SurplusOption, str]]) -> int:
    """Return the AD from the withheld ATs that chose option 3, one option per AT."""
    return surplus_ad([weight for option, weight in options if option is SurplusOption.AD])
