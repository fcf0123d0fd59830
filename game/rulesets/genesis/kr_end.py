"""What changes of every fighter at the end of a KR, and what a surplus AT becomes.

Reloading goes on in a KR without a dodge or a melee action (G-RELOAD-MELEE-1/2), a
weapon change ends (G-SWAP; a new throwing set, G-TWPN-6), a declared leave frees the
fighter for the next KR (G-LEAVE-2), and a +20 token runs out after its 2 KR
(G-SURPLUS-2). A withheld surplus AT becomes +20 on one action, +20 % run speed for 10 s
or AD by its weight (G-SURPLUS-2/3/4, G-OPEN-20).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rulesets.genesis.catalogue import GenesisCatalogue, GenesisFighter
from game.rulesets.genesis.rules import gear
from game.rulesets.genesis.state import FighterState

#: What one withheld surplus AT may become (G-SURPLUS-2/3/4).
SURPLUS_OPTIONS = ("bonus", "speed", "ad")
#: How long a surplus AT's +20 token and its +20 % run speed last, in KR.
TOKEN_KR, SPEED_KR = 2, 5


def close_fighter(
    me: FighterState,
    kr: int,
    catalogue: GenesisCatalogue,
    set_size: Callable[[str, str], int],
    may_reload: bool = True,
) -> None:
    """Carry ``me`` over the end of KR ``kr``: reload, weapon change, leave, tokens.

    ``may_reload``: False for a shooter in melee whose side lost the INI (G-INI-RANGED-4).
    """
    weapon = catalogue.weapons.get(me.weapon)
    melee = me.declared is not None and me.declared.attacks > 0 and not (weapon and weapon.ranged)
    reloads = may_reload and me.fired_kr != kr and not me.dodged_this_kr and not melee
    if me.reload_left > 0 and reloads:
        me.reload_left -= 1  # G-RELOAD-MELEE-1/2: stands still, not reset
    if me.swap_left > 0:
        me.swap_left -= 1
        if me.swap_left == 0:
            me.weapon, me.swap_to = me.swap_to, ""
            me.set_left = set_size(me.key, me.weapon)
    me.released = me.passive_kr == kr
    me.moved, me.moved_now = me.moved_now, 0
    if me.bonus_until_kr and kr >= me.bonus_until_kr:
        me.bonus_tokens, me.bonus_until_kr = 0, 0
    me.declared = None
    me.attacks_left = me.defences_left = 0.0
    me.dodged_this_kr = False


def convert_surplus(
    me: FighterState, kind: GenesisFighter, weight: str, option: str, kr: int
) -> tuple[str, str]:
    """Turn one withheld AT of ``weight`` into ``option``; return what it gave (de, en)."""
    if option == "bonus":  # G-SURPLUS-2: one +20 for an action within 2 KR
        me.bonus_tokens += 1
        me.bonus_until_kr = kr + TOKEN_KR
        return "+20 auf eine Aktion der nächsten 2 KR", "+20 on one action of the next 2 KR"
    if option == "speed":  # G-SURPLUS-3: +20 % run speed for 10 seconds
        me.speed_until_kr = kr + SPEED_KR
        return "+20 % Lauf-GS für 10 Sekunden", "+20 % run speed for 10 seconds"
    gain = gear.surplus_ad([weight])  # G-SURPLUS-4: AD by the weight, up to the maximum
    me.ad = min(kind.ad, me.ad + gain)
    return f"+{gain} AD", f"+{gain} AD"
