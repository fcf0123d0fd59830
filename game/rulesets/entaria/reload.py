"""Interagieren: reload a held weapon to a full magazine (E-ACT-HH-INTERAGIEREN)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.combat import held_weapon
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import say


@dataclass(frozen=True)
class Reload(Command):
    """Interagieren: reload a held weapon to a full magazine (E-ACT-HH-INTERAGIEREN)."""

    kind: ClassVar[str] = "reload"
    weapon: str


def handle_reload(battle: Battle, command: Reload) -> list[Event]:
    creature = battle.creature(command.actor)
    weapon = held_weapon(battle, creature, command.weapon)
    if weapon is None or weapon.magazine is None:
        raise CommandRejected(
            say(
                f"{command.weapon!r} has no magazine to reload",
                f"{command.weapon!r} hat kein Magazin zum Nachladen",
            )
        )
    if creature.magazines.get(weapon.key, 0) >= weapon.magazine:
        raise CommandRejected(
            say(f"{weapon.english} is fully loaded", f"{weapon.name} ist voll geladen")
        )
    battle.can_spend(creature, Action.INTERACT)
    # valid: now change the state
    events = battle.spend(creature, Action.INTERACT)
    before = creature.magazines.get(weapon.key, 0)
    creature.magazines[weapon.key] = weapon.magazine
    events.append(
        Event(
            "reload",
            f"{creature.name} lädt {weapon.name} nach ({before} -> {weapon.magazine})",
            f"{creature.name} reloads {weapon.english} ({before} -> {weapon.magazine})",
            creature.key,
            {"rule": "E-ACT-HH-INTERAGIEREN", "weapon": weapon.key, "before": before},
        )
    )
    return events
