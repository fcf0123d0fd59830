"""Genesis gear: armour totals, BE limits, throwing ranges and TP, shift and AD costs."""

from __future__ import annotations

from enum import Enum

from game.board.dice import Roller, roll_dice
from game.rulesets.genesis.rules.checks import round_half_up

INI_MALUS = 10
SURPLUS_AD = {"light": 1, "semi_light": 2, "medium": 3, "heavy": 4}


class ArmorSlot(Enum):
    """The six standard armour slots."""

    MAIN = "main"
    UNDER = "under"
    SHIELD = "shield"
    MAGIC_SHOULDER_PLATES = "magic_shoulder_plates"
    PLATING = "plating"
    HELMET = "helmet"


def total_rs(worn: dict[ArmorSlot, int]) -> int:
    """Return the total RS: every slot but the helmet counts."""
    return sum(rs for slot, rs in worn.items() if slot is not ArmorSlot.HELMET)


def be_limit_spell_caster(base_zf: int) -> int:
    """Return a spell caster's BE limit: base ZF / 2, rounded down."""
    return base_zf // 2


def be_limit_intuitive(base_izf: int) -> int:
    """Return an intuitive mage's BE limit: base IZF / 6, rounded down."""
    return base_izf // 6


def may_cast(be: int, limit: int) -> bool:
    """Return whether magic is usable at encumbrance ``be``."""
    return be <= limit


def throw_range(
    base_m: int, kk: int, talent: int, specialist: bool = False, halved: bool = False
) -> int:
    """Return a thrown object's range: RW + KK + talent (doubled for a specialist)."""
    total = base_m + kk + talent * (2 if specialist else 1)
    return round_half_up(total / 2) if halved else total


def throw_tp_bonus(wtw: int, kk: int) -> int:
    """Return the thrown TP bonus (WTW + KK) / 10, rounded half up (G-OPEN-18)."""
    return round_half_up((wtw + kk) / 10)


def stone_at_bonus(specialist: bool) -> int:
    """Return the stone's AT bonus: +10, or +20 for a throwing specialist."""
    return 20 if specialist else 10


def stones_per_half_round(specialist: bool) -> int:
    """Return how many stones may be thrown per half-KR."""
    return 2 if specialist else 1


def shift_cost(roller: Roller) -> int:
    """Roll the AD a shift costs: 2W6, flat per shifted KR."""
    return sum(roll_dice(roller, 2, 6))


def sprint_cost(roller: Roller) -> int:
    """Roll the AD a full sprint costs per 2 KR: 1W6."""
    return roller.roll(6)


def surplus_ad(weights: list[str]) -> int:
    """Return the AD gained for withheld surplus attacks of the given weights."""
    return sum(SURPLUS_AD[w] for w in weights)


def initiative_result(ini: int, roller: Roller, ranged: bool = False) -> int:
    """Return an initiative result: (INI - malus) - d100, higher is faster (G-OPEN-2)."""
    return ini - (INI_MALUS if ranged else 0) - roller.roll(100)


def throwing_set_size(gw: float) -> int:
    """Return how many throwing weapons one set holds: GW rounded up (2.5 -> 3)."""
    return -int(-gw // 1)
