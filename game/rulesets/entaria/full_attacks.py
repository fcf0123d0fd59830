"""Mehrfachangriff, Rundumschlag and Gezielter Angriff (E-ACT-VH-MEHRFACH/RUNDUM/GEZIELT).

Decisions taken here (also in the tests):

- Mehrfachangriff and Rundumschlag are checked as a whole before anything is rolled,
  then each attack is planned again just before its roll: a target that an earlier
  attack of the same action killed, put out of the fight, pushed or hurled (zero-G) out
  of reach or sight is skipped with an event (``attack_skipped``), as are the rest after
  a critical failure (E-CRIT-FAIL-2).
- Gezielter Angriff: every such attack has Umgehung (E-ACT-VH-GEZIELT-2); Umgehung is
  read as "worn armour and Blockadehaltung do not count", cover still does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    AttackPlan,
    held_weapon,
    hit,
    plan_attack,
    resolve_attack,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.melee_common import (
    can_act_now,
    check_hands,
    check_wield,
    enemies_in_reach,
    enemy_target,
    has_free_hand,
    held_melee_weapons,
    melee_weapon,
)
from game.rulesets.entaria.melee_walls import NO_ENEMY_IN_REACH
from game.rulesets.entaria.rules.action_edges import action_edge
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit, Roll
from game.rulesets.entaria.rules.damage import body_zone
from game.rulesets.entaria.rules.reach import sweep_targets_allowed
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState


@dataclass(frozen=True)
class MultiAttack(Command):
    """Mehrfachangriff: one attack per held weapon, each with Nachteil (E-ACT-VH-MEHRFACH).

    ``attacks`` lists (weapon key, target key) pairs; each weapon at most once.
    """

    kind: ClassVar[str] = "multi_attack"
    attacks: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SweepAttack(Command):
    """Rundumschlag: up to 4 enemies in reach, one melee weapon, Nachteil each."""

    kind: ClassVar[str] = "sweep_attack"
    weapon: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class AimedAttack(Command):
    """Gezielter Angriff: Nachteil; a hit rolls the body zone and has Umgehung."""

    kind: ClassVar[str] = "aimed_attack"
    target: str
    weapon: str  # weapon key or "unarmed"


@dataclass(frozen=True)
class _Strike:
    """One attack of a Mehrfachangriff or Rundumschlag, as declared and first checked."""

    target: CreatureState
    weapon: WeaponType | None
    melee: bool
    was_in_fight: bool


def _skipped(attacker: CreatureState, target: CreatureState, de: str, en: str) -> Event:
    return _event(
        "attack_skipped",
        f"Angriff auf {target.name} entfällt: {de}",
        f"the attack on {target.name} lapses: {en}",
        attacker.key,
        target=target.key,
    )


def _replan(
    battle: Battle, attacker: CreatureState, strike: _Strike
) -> tuple[AttackPlan | None, Event | None]:
    """Plan one attack just before its roll, or say why it lapses.

    An earlier attack of the same action may have killed the target, put it out of the
    fight, or pushed or hurled it (zero-G, E-ZEROG-3) out of reach or sight.
    """
    target = strike.target
    if Condition.DEAD in target.conditions:
        return None, _skipped(attacker, target, "bereits tot", "already dead")
    if strike.was_in_fight and target.out_of_fight:
        return None, _skipped(attacker, target, "nicht mehr kampffähig", "no longer in the fight")
    try:
        plan = plan_attack(battle, attacker, target, strike.weapon, melee=strike.melee)
    except CommandRejected as why:  # the engine's reasons are English
        return None, _skipped(attacker, target, "nicht mehr erreichbar", why.reason)
    return plan, None


def _attacks_in_turn(
    battle: Battle,
    attacker: CreatureState,
    strikes: Iterable[_Strike],
    *,
    edge: int,
    why: tuple[str, str],
) -> list[Event]:
    """Resolve the attacks of one action in order, each planned just before its roll.

    A critical failure ends the rest (E-CRIT-FAIL-2); a target gone since the action
    was declared is skipped (E-ACT-VH-MEHRFACH, E-ACT-VH-RUNDUM).
    """
    events: list[Event] = []
    for strike in strikes:
        if battle.state.budget.forfeited or not can_act_now(battle, attacker):
            events.append(
                _event(
                    "attack_skipped",
                    f"{attacker.name}s weitere Angriffe entfallen",
                    f"{attacker.name}'s remaining attacks lapse",
                    attacker.key,
                )
            )
            break
        plan, skipped = _replan(battle, attacker, strike)
        if plan is None:
            assert skipped is not None
            events.append(skipped)
            continue
        _, attack_events = resolve_attack(battle, plan, edge=edge, edge_why=why)
        events += attack_events
        weapon = plan.weapon
        if weapon is not None and weapon.thrown and not plan.melee:
            attacker.held.remove(weapon.key)
            battle.state.ground_items.setdefault(plan.target.cell, []).append(weapon.key)
    return events


def _strike(plan: AttackPlan) -> _Strike:
    return _Strike(plan.target, plan.weapon, plan.melee, not plan.target.out_of_fight)


def handle_multi_attack(battle: Battle, command: MultiAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    battle.can_spend(attacker, Action.MULTI_ATTACK)
    if len(command.attacks) < 2:
        raise CommandRejected(
            say(
                "a multi-attack uses at least two weapons (E-ACT-VH-MEHRFACH)",
                "ein Mehrfachangriff nutzt mindestens zwei Waffen (E-ACT-VH-MEHRFACH)",
            )
        )
    keys = [weapon for weapon, _ in command.attacks]
    if len(set(keys)) != len(keys):
        raise CommandRejected(
            say(
                "each weapon attacks once in a multi-attack (E-ACT-VH-MEHRFACH)",
                "jede Waffe greift im Mehrfachangriff einmal an (E-ACT-VH-MEHRFACH)",
            )
        )
    if UNARMED in keys:
        raise CommandRejected(
            say(
                "a multi-attack is made with several weapons (E-ACT-VH-MEHRFACH)",
                "ein Mehrfachangriff wird mit mehreren Waffen ausgeführt (E-ACT-VH-MEHRFACH)",
            )
        )
    strikes = []
    weapons: list[WeaponType | None] = []
    for key, target_key in command.attacks:
        weapon = held_weapon(battle, attacker, key)
        plan = plan_attack(battle, attacker, battle.creature(target_key), weapon)
        if plan.melee:
            check_wield(battle, attacker, weapon)
        strikes.append(_strike(plan))
        weapons.append(weapon)
    check_hands(battle, attacker, weapons)  # "at the same time": all in hand together
    edge = action_edge(Action.MULTI_ATTACK)  # E-ACT-VH-MEHRFACH: every roll with Nachteil
    events = battle.spend(attacker, Action.MULTI_ATTACK)
    why = ("Mehrfachangriff", "multi-attack")
    events += _attacks_in_turn(battle, attacker, strikes, edge=edge, why=why)
    return events


def handle_sweep_attack(battle: Battle, command: SweepAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    battle.can_spend(attacker, Action.SWEEP_ATTACK)
    if len(set(command.targets)) != len(command.targets):
        raise CommandRejected(
            say(
                "each enemy is attacked once in a sweep attack (E-ACT-VH-RUNDUM)",
                "jeder Gegner wird im Rundumschlag einmal angegriffen (E-ACT-VH-RUNDUM)",
            )
        )
    if not sweep_targets_allowed(len(command.targets)):
        raise CommandRejected(
            say(
                "a sweep attack strikes 1 to 4 enemies (E-ACT-VH-RUNDUM)",
                "ein Rundumschlag trifft 1 bis 4 Gegner (E-ACT-VH-RUNDUM)",
            )
        )
    weapon = melee_weapon(battle, attacker, command.weapon)
    check_wield(battle, attacker, weapon)
    strikes = [
        _strike(
            plan_attack(battle, attacker, enemy_target(battle, attacker, key), weapon, melee=True)
        )
        for key in command.targets
    ]
    check_hands(battle, attacker, [weapon])
    events = battle.spend(attacker, Action.SWEEP_ATTACK)
    why = ("Rundumschlag", "sweep attack")
    edge = action_edge(Action.SWEEP_ATTACK)  # E-ACT-VH-RUNDUM: Nachteil
    events += _attacks_in_turn(battle, attacker, strikes, edge=edge, why=why)
    return events


def handle_aimed_attack(battle: Battle, command: AimedAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    battle.can_spend(attacker, Action.AIMED_ATTACK)
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is None and not has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand to attack unarmed",
                f"{attacker.name} braucht eine freie Hand für einen waffenlosen Angriff",
            )
        )
    if weapon is not None and weapon.is_area:
        raise CommandRejected(
            say(
                f"{weapon.english} deals area damage: no aimed attack with it (E-ACT-VH-GEZIELT-3)",
                f"{weapon.name} richtet Flächenschaden an: kein Gezielter Angriff "
                "damit (E-ACT-VH-GEZIELT-3)",
            )
        )
    plan = plan_attack(battle, attacker, target, weapon)
    if plan.melee:
        check_wield(battle, attacker, weapon)
    check_hands(battle, attacker, [weapon])
    events = battle.spend(attacker, Action.AIMED_ATTACK)
    roll, attack_events = resolve_attack(
        battle,
        plan,
        edge=action_edge(Action.AIMED_ATTACK),  # E-ACT-VH-GEZIELT-1: Nachteil
        edge_why=("Gezielter Angriff", "aimed attack"),
        deal_damage=False,
        what_de=f"Gezielter Angriff auf {target.name}",
        what_en=f"aimed attack on {target.name}",
    )
    events += attack_events
    if weapon is not None and weapon.thrown and not plan.melee:
        attacker.held.remove(weapon.key)
        battle.state.ground_items.setdefault(target.cell, []).append(weapon.key)
    if not roll.success:
        return events
    return events + _aimed_hit(battle, plan, roll)


def _aimed_hit(battle: Battle, plan: AttackPlan, roll: Roll) -> list[Event]:
    """The hit of an aimed attack: its body zone, then damage with Umgehung (GEZIELT-2)."""
    attacker, target = plan.attacker, plan.target
    zone = body_zone(roll.kept)  # E-OPEN-21 reading A: the kept attack die
    events = [
        _event(
            "body_zone",
            f"Getroffene Körperzone: {zone.value} (w20: {roll.kept})",
            f"Body zone hit: {zone.name.lower().replace('_', ' ')} (d20: {roll.kept})",
            attacker.key,
            zone=zone.name,
            die=roll.kept,
            target=target.key,
            rule="E-ACT-VH-GEZIELT-2",
        )
    ]
    return events + hit(
        battle,
        attacker,
        target,
        plan.weapon,
        melee=plan.melee,
        cover=plan.cover,
        crit=roll.crit is Crit.SUCCESS,
        bypass=True,
    )


def can_multi_attack(battle: Battle, creature: CreatureState) -> str:
    weapons = {k for k in creature.held if k in battle.catalogue.weapons}
    if len(weapons) < 2:
        return say("needs two weapons in hand", "braucht zwei Waffen in der Hand")
    return "" if battle.enemies_of(creature) else say("no enemy left", "kein Gegner mehr übrig")


def can_sweep_attack(battle: Battle, creature: CreatureState) -> str:
    weapons = held_melee_weapons(battle, creature)
    if not weapons:
        return say("no melee weapon in hand", "keine Nahkampfwaffe in der Hand")
    reach = max(w.reach for w in weapons)
    return "" if enemies_in_reach(battle, creature, reach) else NO_ENEMY_IN_REACH


def can_aimed_attack(battle: Battle, creature: CreatureState) -> str:
    if not battle.enemies_of(creature):
        return say("no enemy left", "kein Gegner mehr übrig")
    usable = has_free_hand(battle, creature) or any(
        not battle.catalogue.weapons[k].is_area
        for k in creature.held
        if k in battle.catalogue.weapons
    )
    return (
        ""
        if usable
        else say(
            "no weapon without area damage and no free hand",
            "keine Waffe ohne Flächenschaden und keine freie Hand",
        )
    )
