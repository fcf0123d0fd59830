"""Whether a creature has the hands to use what it holds (E-ACT-HH-WAFFENLOS, E-MOUNT-4/9).

Decisions (also in the tests): the minimum enforced is at the use of things in hand.
Holding a thing takes one hand; using a weapon needs its hands (two when WG > KG,
``rules.hands.weapon_hands``) out of what the other held things, the reins and holding
on as a passenger leave; Waffenloser Kampf needs one such free hand, a reload two
(weapon and magazine). Taking the reins and holding on as a passenger need a free hand.
Command guards check that for Attack and Reload; drawing or picking up stays as it is
(holding too much only makes things unusable until one is put away).
"""

from __future__ import annotations

from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.hands import (
    HOLDING_HANDS,
    RELOAD_HANDS,
    can_use_held,
    free_hands,
    hands_needed,
    weapon_hands,
)
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.seats import holds_reins, is_passenger
from game.rulesets.entaria.state import CreatureState


def item_hands(battle: Battle, creature: CreatureState, key: str) -> int:
    """Return the hands using a held thing takes: a weapon's by WG and KG, anything else one."""
    weapon = battle.catalogue.weapons.get(key)
    if weapon is None:
        return HOLDING_HANDS
    return weapon_hands(weapon.weapon_size, battle.creature_type(creature).size_category)


def _others_held(battle: Battle, creature: CreatureState, used: list[str]) -> list[int]:
    """Return the hands what the creature only holds besides ``used`` takes (one each)."""
    left = list(creature.held)
    for key in used:
        if key in left:
            left.remove(key)
    return [HOLDING_HANDS for _ in left]


def free_hands_of(battle: Battle, creature: CreatureState) -> int:
    """Return the creature's hands that hold nothing and are not on reins or holding on."""
    return free_hands(
        battle.creature_type(creature).hands,
        _others_held(battle, creature, []),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    )


def _hands_why(creature: CreatureState) -> tuple[str, str]:
    """Return what keeps the creature's hands busy, in English and German."""
    reasons: list[tuple[str, str]] = []
    if holds_reins(creature):
        reasons.append(("the reins take one (E-MOUNT-9)", "die Zügel belegen eine (E-MOUNT-9)"))
    if is_passenger(creature):
        reasons.append(
            ("holding on takes one (E-MOUNT-4)", "das Festhalten belegt eine (E-MOUNT-4)")
        )
    if creature.held:
        held = ", ".join(creature.held)
        reasons.append(("in hand: " + held, "in der Hand: " + held))
    return "; ".join(en for en, _ in reasons), "; ".join(de for _, de in reasons)


def hands_problem(battle: Battle, creature: CreatureState, weapons: list[WeaponType | None]) -> str:
    """Return why ``creature`` cannot use these held weapons together (None: unarmed), or "".

    Each weapon needs ``hands.weapon_hands``, bare hands one free hand
    (E-ACT-HH-WAFFENLOS), out of what the other held things, the reins (E-MOUNT-9) and
    holding on (E-MOUNT-4) leave.
    """
    used = [w.key for w in weapons if w is not None]
    kind = battle.creature_type(creature)
    needed = sum(item_hands(battle, creature, key) for key in used)
    needed += hands_needed(Action.UNARMED_ATTACK) * sum(1 for w in weapons if w is None)
    if can_use_held(
        needed,
        kind.hands,
        _others_held(battle, creature, used),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    ):
        return ""
    what = ", ".join(w.name if w is not None else "bloße Hände" for w in weapons)
    why, why_de = _hands_why(creature)
    return say(
        f"{creature.name} needs {needed} free hand(s) for {what} but has {kind.hands}"
        + (f" ({why})" if why else ""),
        f"{creature.name} braucht {needed} freie Hand/Hände für {what}, hat aber {kind.hands}"
        + (f" ({why_de})" if why_de else ""),
    )


def reload_problem(battle: Battle, creature: CreatureState, weapon: WeaponType) -> str:
    """Return why ``creature`` cannot reload ``weapon`` with its hands now, or "".

    A reload takes two hands, the weapon's and one for the magazine
    (``hands.RELOAD_HANDS``), out of what the other held things, the reins and
    holding on leave.
    """
    kind = battle.creature_type(creature)
    if can_use_held(
        RELOAD_HANDS,
        kind.hands,
        _others_held(battle, creature, [weapon.key]),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    ):
        return ""
    why, why_de = _hands_why(creature)
    return say(
        f"{creature.name} needs {RELOAD_HANDS} free hands to reload" + (f" ({why})" if why else ""),
        f"{creature.name} braucht zum Nachladen {RELOAD_HANDS} freie Hände"
        + (f" ({why_de})" if why_de else ""),
    )
