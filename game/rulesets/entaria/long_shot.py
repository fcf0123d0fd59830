"""Distanzschuss (E-ACT-VH-DISTANZ-*, E-OPEN-10) and the ranged turn-start hook.

The target is fixed at declaration; at the start of the shooter's next turn Fokussiert
ends by time and the shot is rolled with range, cover and line of sight of that moment,
on top of the new turn's actions. The same hook ends the shooter's fire zones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.area_fire_zones import COVERING_FIRE, ZONES
from game.rulesets.entaria.combat import held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.ranged_common import held_weapons
from game.rulesets.entaria.rules.action_edges import action_edge
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition, german, say
from game.rulesets.entaria.state import CreatureState, Pending

#: Pending kinds this module keeps (state.Pending).
LONG_SHOT = "long_shot"


@dataclass(frozen=True)
class LongShot(Command):
    """Distanzschuss at one creature, fired at the start of the next turn (E-ACT-VH-DISTANZ-*)."""

    kind: ClassVar[str] = "long_shot"
    weapon: str
    target: str


def handle_long_shot(battle: Battle, command: LongShot) -> list[Event]:
    shooter = battle.creature(command.actor)
    target = battle.creature(command.target)
    weapon = held_weapon(battle, shooter, command.weapon)
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                "a long shot needs a ranged weapon (E-ACT-VH-DISTANZ-1)",
                "ein Distanzschuss braucht eine Fernkampfwaffe (E-ACT-VH-DISTANZ-1)",
            )
        )
    if not weapon.has_scope:  # a fitted optic of the kind Bildvergrößerer (rules.optics)
        raise CommandRejected(
            say(
                f"{weapon.english} has no scope fitted",
                f"{weapon.name} hat keinen Bildvergrößerer (Zielfernrohr)",
            )
        )
    plan_attack(battle, shooter, target, weapon, melee=False)  # in sight, range, loaded
    battle.can_spend(shooter, Action.LONG_SHOT)
    # valid: now change the state
    events = battle.spend(shooter, Action.LONG_SHOT)
    events += battle.add_condition(shooter, Condition.FOCUSED)  # ended by the turn-start hook
    battle.state.pending.append(
        Pending(LONG_SHOT, shooter.key, {"target": target.key, "weapon": weapon.key})
    )
    events.append(
        Event(
            "long_shot",
            f"{shooter.name} legt mit {weapon.name} auf {target.name} an (Distanzschuss)",
            f"{shooter.name} aims {weapon.english} at {target.name} (long shot)",
            shooter.key,
            {"rule": "E-ACT-VH-DISTANZ-2", "target": target.key, "weapon": weapon.key},
        )
    )
    return events


def _fire_long_shot(battle: Battle, shooter: CreatureState, pending: Pending) -> list[Event]:
    """Fire a declared Distanzschuss at the start of the shooter's turn (E-OPEN-10)."""
    events: list[Event] = []
    if Condition.FOCUSED in shooter.conditions:
        # Fokussiert ends by time here, which is no interruption (E-ACT-VH-DISTANZ-4).
        shooter.conditions = shooter.conditions.remove(Condition.FOCUSED)
        events.append(
            Event(
                "condition_lost",
                f"{shooter.name} verliert {Condition.FOCUSED.value}",
                f"{shooter.name} loses {Condition.FOCUSED.name.lower()}",
                shooter.key,
                {"condition": Condition.FOCUSED.name},
            )
        )
    target = battle.state.creatures.get(str(pending.data["target"]))
    weapon_key = str(pending.data["weapon"])
    reason: str = ""
    if not battle._can_take_turn(shooter):
        reason = say(f"{shooter.name} cannot act", f"{shooter.name} kann nicht handeln")
    elif weapon_key not in shooter.held:
        reason = say(
            f"{shooter.name} no longer holds {weapon_key!r}",
            f"{shooter.name} hält {weapon_key!r} nicht mehr",
        )
    elif target is None:
        reason = say("the target is gone", "das Ziel ist fort")
    plan = None
    if not reason:
        assert target is not None
        try:
            plan = plan_attack(battle, shooter, target, battle.weapon(weapon_key), melee=False)
        except CommandRejected as error:
            reason = error.reason
    if plan is None:
        events.append(
            Event(
                "long_shot_cancelled",
                f"{shooter.name}s Distanzschuss entfällt: {german(reason)}",
                f"{shooter.name}'s long shot is called off: {reason}",
                shooter.key,
                {"rule": "E-OPEN-10", "reason": reason},
            )
        )
        return events
    edge = action_edge(Action.LONG_SHOT, band=plan.band)
    weapon = battle.weapon(weapon_key)
    _, attack_events = resolve_attack(
        battle,
        plan,
        edge=edge,
        edge_why=("Distanzschuss", "long shot"),  # E-ACT-VH-DISTANZ-3: Weit, Extrem
        what_de=f"Distanzschuss mit {weapon.name} auf {plan.target.name}",
        what_en=f"long shot with {weapon.english} at {plan.target.name}",
    )
    return events + attack_events


def can_long_shot(battle: Battle, creature: CreatureState) -> str:
    scoped = [w for w in held_weapons(battle, creature) if w.has_scope]
    if not scoped:
        return say(
            "no weapon with a scope in hand",
            "keine Waffe mit Bildvergrößerer in der Hand",
        )
    for weapon in scoped:
        for enemy in battle.enemies_of(creature):
            try:
                plan_attack(battle, creature, enemy, weapon, melee=False)
            except CommandRejected:
                continue
            return ""
    return say(
        "no enemy in sight and range of a loaded scoped weapon",
        "kein Gegner in Sichtlinie und Reichweite einer geladenen Waffe mit Bildvergrößerer",
    )


def ranged_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """End the creature's area-fire zones and fire its Distanzschuss (E-ACT-4, E-OPEN-10)."""
    events: list[Event] = []
    for pending in list(battle.state.pending):
        if pending.actor != creature.key:
            continue
        if pending.kind not in ZONES and pending.kind != LONG_SHOT:
            continue
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        if pending.kind == LONG_SHOT:
            events += _fire_long_shot(battle, creature, pending)
            continue
        covering = pending.kind == COVERING_FIRE
        de, en = ("Deckungsfeuer", "covering") if covering else ("Dauerfeuer", "automatic")
        events.append(
            Event(
                "zone_ends",
                f"{creature.name}s {de} endet",
                f"{creature.name}'s {en} fire ends",
                creature.key,
                {"rule": "E-ACT-VH-DECKUNGSFEUER-3"},
            )
        )
    return events
