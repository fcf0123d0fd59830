"""Which declarations a side may see: the Ansagevorteil on the screen (G-KR-ADV/DISADV).

Declarations are secret until made (G-PHASE-DECL-1): a side sees its own; another side's
declaration of this KR only if that side still declares after it (the disadvantaged side
declares first, the advantaged one sees its numbers, G-KR-ADV, G-KR-DISADV); once the
declaration phase of the KR is over, every declaration of it is open. A side that has
made all its declarations of the KR before another one does not see that one until then.

The card and the strip are drawn without a viewer (``Views.card`` names none): there a
declaration's numbers show only when every side may see them (``shown_to_all``), and what
a declaration changes at once (AD spent on shifting, the weapon change, the passivity of
leaving the fight) stays as it was before it (``Shown``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.rulesets.genesis.engine import DECLARE, GenesisGame
from game.rulesets.genesis.state import Declaration


def phase_over(game: GenesisGame, kr: int) -> bool:
    """Return whether the declaration phase of KR ``kr`` is over."""
    return game.over or kr < game.kr or game.phase != DECLARE


def declaration_index(game: GenesisGame, key: str) -> int | None:
    """Return the log index of ``key``'s declaration of the current KR (None: none)."""
    for index in range(len(game.log) - 1, -1, -1):
        event = game.log[index]
        if event.kind == "kr":
            return None
        if event.kind == "declare" and event.actor == key and event.data.get("kr") == game.kr:
            return index
    return None


def visible_to(game: GenesisGame, index: int, sides: Collection[str]) -> bool:
    """Return whether the declaration at log ``index`` is open to a seat of ``sides``."""
    event = game.log[index]
    kr = int(event.data.get("kr", 0))
    actor = event.actor or ""
    own = game.fighters[actor].side if actor in game.fighters else ""
    if own in sides or phase_over(game, kr):
        return True
    for later in game.log[index + 1 :]:  # a side that declares after it sees it (G-KR-ADV)
        if later.kind != "declare" or later.data.get("kr") != kr:
            continue
        if later.actor in game.fighters and game.fighters[later.actor].side in sides:
            return True
    return any(game.fighters[k].side in sides for k in game.queue)


def shown_to_all(game: GenesisGame, key: str) -> bool:
    """Return whether ``key``'s declaration of this KR is open to every side."""
    index = declaration_index(game, key)
    if index is None:
        return game.fighters[key].declared is not None and phase_over(game, game.kr)
    return all(visible_to(game, index, (side,)) for side in game.sides)


@dataclass(frozen=True)
class Shown:
    """What every side may see of a fighter's declaration and what it changed."""

    declared: Declaration | None  # None: none made, or not open
    secret: bool  # made, but not open
    ad: int  # the AD, before a secret shift
    passive_by_leave: bool  # passive because it leaves the fight (open)
    swapping: bool  # a weapon change under way (open)


def shown(game: GenesisGame, key: str) -> Shown:
    """Return what every side may see of fighter ``key``'s declaration now."""
    me = game.fighters[key]
    made = me.declared
    open_ = made is not None and shown_to_all(game, key)
    ad = me.ad
    if made is not None and not open_:
        index = declaration_index(game, key)
        if index is not None:
            ad += int(game.log[index].data.get("shift_ad", 0) or 0)
    leave_now = made is not None and made.leave and me.passive_kr == game.kr
    passive_by_leave = me.passive_kr == game.kr and (open_ or not leave_now)
    swap_now = made is not None and bool(made.swap_to)
    swapping = me.swap_left > 0 and (open_ or not swap_now)
    return Shown(
        made if open_ else None, made is not None and not open_, ad, passive_by_leave, swapping
    )


def hidden_indices(game: GenesisGame, sides: Collection[str]) -> frozenset[int]:
    """Return the log indices of the declarations ``sides`` may not see yet."""
    out: set[int] = set()
    for index in range(len(game.log) - 1, -1, -1):
        event = game.log[index]
        kr = event.data.get("kr")
        if isinstance(kr, int) and phase_over(game, kr):
            break  # every earlier declaration is open
        if event.kind == "declare" and not visible_to(game, index, sides):
            out.add(index)
    return frozenset(out)
