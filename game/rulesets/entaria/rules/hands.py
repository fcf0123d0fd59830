"""The hands a creature acts with (E-ACT-HH-WAFFENLOS, E-TERRAIN-CLIMB-1, E-MOUNT-4, E-MOUNT-9).

The source counts hands in three places: Waffenloser Kampf needs at least one free hand
(E-ACT-HH-WAFFENLOS), climbing two (E-TERRAIN-CLIMB-1, terrain.py), and on a mount the
reins take one hand of the rider (E-MOUNT-9) and holding on one hand of each passenger
(E-MOUNT-4). It names no two-handed weapon; the reading here compares WG with KG as
E-SIZE-2's rules do (E-COND-LIEGEND-3, E-DUEL-2: a weapon up to the own KG is a handy
one): a weapon whose WG exceeds the wielder's KG needs both hands to be used. Holding
anything takes one hand (a rifle can be carried in one); using a held weapon needs its
hands out of those the other held things (one each), the reins and holding on leave; a
reload needs two such hands (magazine and weapon), also for a one-handed weapon.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from game.rulesets.entaria.rules.actions import ACTIONS, Action, Precondition
from game.rulesets.entaria.rules.terms import ArmorCategory

#: Hands a creature has unless its catalogue entry says otherwise (a humanoid's two).
DEFAULT_HANDS = 2
#: Hands a held thing takes while it is only held, whatever its size.
HOLDING_HANDS = 1
#: Free hands a precondition asks for (E-ACT-HH-WAFFENLOS: "at least one free hand").
FREE_HANDS_NEEDED: Mapping[Precondition, int] = MappingProxyType(
    {Precondition.NEEDS_FREE_HAND: 1, Precondition.NEEDS_TWO_FREE_HANDS: 2}
)
#: Hands a reload takes: one for the weapon, one for the magazine (a reading, see above).
RELOAD_HANDS = 2
#: Armour held in a hand: Deckungspanzerung (a shield). Worn armour is put on
#: (E-ACT-LH-PANZERUNG); dermal armour and force fields are no things for a hand.
HELD_ARMOUR = frozenset({ArmorCategory.COVER})


def can_hold_at_start(hands: int, count: int) -> bool:
    """Return whether ``count`` things fit a creature's ``hands`` (``HOLDING_HANDS`` each).

    What a fight starts with in hand is what the creature could have drawn: one hand per
    thing (a rifle can be held in one), however many hands using them would take.
    """
    if hands < 0 or count < 0:
        raise ValueError("hands and things held cannot be negative")
    return count * HOLDING_HANDS <= hands


def hands_needed(action: Action) -> int:
    """Return the free hands ``action`` needs by its preconditions (0: none)."""
    return max((FREE_HANDS_NEEDED.get(p, 0) for p in ACTIONS[action].preconditions), default=0)


def weapon_hands(weapon_size: int, size_category: int) -> int:
    """Return the hands a weapon needs: two when its WG exceeds the wielder's KG, else one.

    E-SIZE-2: WG and KG are compared (the reading above; the source names no two-handed
    weapons).
    """
    if weapon_size < 0 or size_category < 0:
        raise ValueError("WG and KG cannot be negative")
    return 2 if weapon_size > size_category else 1


def hands_for_actions(hands: int, *, holding_reins: bool = False, holding_on: bool = False) -> int:
    """Return the hands a creature can act with: the reins (E-MOUNT-9) and holding on as a
    passenger (E-MOUNT-4) take one each.
    """
    if hands < 0:
        raise ValueError(f"hands cannot be negative, got {hands}")
    return max(0, hands - int(holding_reins) - int(holding_on))


def free_hands(
    hands: int,
    held: Iterable[int] = (),
    *,
    holding_reins: bool = False,
    holding_on: bool = False,
) -> int:
    """Return the hands that hold nothing: ``held`` lists the hands each held item takes
    (``HOLDING_HANDS`` while it is only held)."""
    usable = hands_for_actions(hands, holding_reins=holding_reins, holding_on=holding_on)
    return max(0, usable - sum(held))


def can_use_held(
    needed: int,
    hands: int,
    other_held: Iterable[int] = (),
    *,
    holding_reins: bool = False,
    holding_on: bool = False,
) -> bool:
    """Return whether held things that take ``needed`` hands can be used together.

    ``other_held``: the hands of everything else in hand; the reins and holding on
    take theirs first (E-MOUNT-4, E-MOUNT-9).
    """
    left = free_hands(hands, other_held, holding_reins=holding_reins, holding_on=holding_on)
    return needed <= left
