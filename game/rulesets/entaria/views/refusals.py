"""The action bar's reasons told for the viewer: the enemy a wall keeps out of reach (D-13).

The engine's verdict says "no enemy within melee reach" for Nahkampf, Waffenloser
Angriff, Rundumschlag and Zurückdrängen even when an enemy stands right beside, across
an edge wall or a closed door. The screen shows what its viewer may see (fog of war), so
the enemy is named here, for the creatures the viewer sees, and never in the engine's
verdict (which would tell of a creature hidden in the fog).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from game.match.views import ActionGroup, Offer, Texts
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.melee_walls import NO_ENEMY_IN_REACH, beyond_wall_text, walled_enemies
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views.terms import reason


def _melee_reach(battle: Battle, creature: CreatureState, action: Action) -> int:
    """Return the reach the action's availability asks for (``can_melee`` and its kin)."""
    if action is Action.UNARMED_ATTACK:
        return 1
    weapons = battle.catalogue.weapons
    held = [weapons[k].reach for k in creature.held if k in weapons and weapons[k].melee]
    return max([1, *held])


#: The actions whose verdict can be "no enemy within melee reach".
MELEE_ACTIONS = frozenset(
    {Action.MELEE_ATTACK, Action.UNARMED_ATTACK, Action.SWEEP_ATTACK, Action.PUSH_BACK}
)


def told_for_viewer(
    battle: Battle, groups: tuple[ActionGroup, ...], visible: Collection[str] | None, t: Texts
) -> tuple[ActionGroup, ...]:
    """Return ``groups`` with each greyed melee offer naming the enemy behind a wall.

    ``visible``: the creatures the viewer may see (None: all). Offers refused for any
    other reason, and enemies the viewer does not see, stay as the engine said.
    """
    if battle.state.over or not battle.state.order:
        return groups
    creature = battle.current
    generic = reason(NO_ENEMY_IN_REACH, t)
    changed = []
    for group in groups:
        offers = tuple(
            _told(battle, creature, offer, generic, visible, t) for offer in group.offers
        )
        changed.append(dataclasses.replace(group, offers=offers))
    return tuple(changed)


def _told(
    battle: Battle,
    creature: CreatureState,
    offer: Offer,
    generic: str,
    visible: Collection[str] | None,
    t: Texts,
) -> Offer:
    action = offer.action
    if offer.enabled or action not in MELEE_ACTIONS or not offer.reason.endswith(generic):
        return offer
    assert isinstance(action, Action)
    reach = _melee_reach(battle, creature, action)
    walled = walled_enemies(battle, creature, reach, only=visible)
    if not walled:
        return offer
    why = reason(beyond_wall_text(battle, creature, walled[0], reach), t)
    told = offer.reason[: len(offer.reason) - len(generic)] + why
    return dataclasses.replace(offer, reason=told, tooltip=offer.tooltip.replace(generic, why))
