"""What the close-combat handlers check alike: targets, weapons, hands, wielding.

Hands (``hand_checks.hands_problem``): each weapon of an action needs its hands (two
when WG > KG), bare hands a free one, out of what the other held things, the reins
(E-MOUNT-9) and holding on as a passenger (E-MOUNT-4) leave. Riders and passengers do
not charge or drag by themselves: they move with their mount (E-MOUNT-4, E-MOUNT-10).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import held_weapon
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of, hands_problem
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.condition_effects import can_wield_melee_weapon
from game.rulesets.entaria.rules.damage import nonlethal_allowed
from game.rulesets.entaria.rules.hands import hands_needed
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import DamageType, say
from game.rulesets.entaria.seats import seated_move_problem
from game.rulesets.entaria.state import CreatureState


def keys_of(creatures: Iterable[CreatureState]) -> set[str]:
    return {c.key for c in creatures}


def has_free_hand(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature has a hand free (E-ACT-HH-WAFFENLOS, E-MOUNT-4/9)."""
    return free_hands_of(battle, creature) >= hands_needed(Action.UNARMED_ATTACK)


def check_hands(battle: Battle, creature: CreatureState, weapons: list[WeaponType | None]) -> None:
    """Reject unless the creature has the hands to use these weapons together."""
    if problem := hands_problem(battle, creature, weapons):
        raise CommandRejected(problem)


def check_not_seated(creature: CreatureState) -> None:
    """Reject a move of one's own by a rider or passenger (E-MOUNT-4, E-MOUNT-10)."""
    if problem := seated_move_problem(creature):
        raise CommandRejected(problem)


def enemy_target(battle: Battle, attacker: CreatureState, key: str) -> CreatureState:
    target = battle.creature(key)
    if target.side == attacker.side:
        raise CommandRejected(
            say(
                f"{target.name} is no enemy of {attacker.name}",
                f"{target.name} ist kein Gegner von {attacker.name}",
            )
        )
    return target


def check_wield(battle: Battle, attacker: CreatureState, weapon: WeaponType | None) -> None:
    """Reject a melee weapon too big to use while prone (E-COND-LIEGEND-3)."""
    if weapon is None:
        return
    kind = battle.creature_type(attacker)
    if not can_wield_melee_weapon(
        attacker.conditions, weapon_size=weapon.weapon_size, size_category=kind.size_category
    ):
        raise CommandRejected(
            say(
                f"{weapon.english} is too big to use while prone (E-COND-LIEGEND-3)",
                f"{weapon.name} ist zu groß, um sie im Liegen zu benutzen (E-COND-LIEGEND-3)",
            )
        )


def melee_weapon(battle: Battle, attacker: CreatureState, key: str) -> WeaponType:
    weapon = held_weapon(battle, attacker, key)
    if weapon is None or not weapon.melee:
        raise CommandRejected(
            say(
                "this action needs a melee weapon in hand (E-MELEE-1)",
                "diese Handlung braucht eine Nahkampfwaffe in der Hand (E-MELEE-1)",
            )
        )
    return weapon


def check_nonlethal(weapon: WeaponType | None, *, melee: bool) -> None:
    damage_type = weapon.damage_type if weapon else DamageType.BLUDGEONING
    if not nonlethal_allowed(damage_type, unarmed=weapon is None, melee=melee, ranged=not melee):
        raise CommandRejected(
            say(
                "non-lethal needs an unarmed attack or a bludgeoning melee weapon (E-NONLETHAL-1)",
                "nicht-tödlicher Schaden braucht einen waffenlosen Angriff oder "
                "eine Nahkampfwaffe mit Wuchtschaden (E-NONLETHAL-1)",
            )
        )


def can_act_now(battle: Battle, creature: CreatureState) -> bool:
    return battle._can_take_turn(creature)


def enemies_in_reach(battle: Battle, creature: CreatureState, reach: int) -> list[CreatureState]:
    kind = battle.creature_type(creature)
    return [
        e
        for e in battle.enemies_of(creature)
        if in_melee_reach(
            creature.cell,
            e.cell,
            attacker_side=kind.size_fields,
            target_side=battle.creature_type(e).size_fields,
            reach=max(kind.reach, reach),
            grid=battle.grid,
        )
    ]


def held_melee_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    return [
        battle.catalogue.weapons[k]
        for k in creature.held
        if k in battle.catalogue.weapons and battle.catalogue.weapons[k].melee
    ]
