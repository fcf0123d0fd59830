"""The ranged duel (E-DUEL-*, E-OPEN-48): a game-master command outside the round.

Both roll Reflexe, each as the creature's check (``Battle.check``, D-3: its conditions,
Helfen, an automatic failure and a crit's Impuls count), ties rerolled
(``attacks.duel_draw``); the faster fires once, the other then fires if he still can;
ranged weapons with WG <= KG only; no budget is spent (a critical failure empties the
magazine but forfeits nobody's turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import held_weapon, plan_attack, resolve_attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.attacks import (
    duel_draw,
    duel_second_shot,
    weapon_allowed_in_duel,
)
from game.rulesets.entaria.rules.checks import Roll
from game.rulesets.entaria.rules.terms import Attribute, Condition, say
from game.rulesets.entaria.state import CreatureState


@dataclass(frozen=True)
class Duel(Command):
    """A ranged duel between ``a`` and ``b``, outside the round (E-DUEL-1..5); GM command."""

    kind: ClassVar[str] = "gm_duel"
    a: str
    b: str
    weapon_a: str
    weapon_b: str


def _duel_weapon(battle: Battle, creature: CreatureState, key: str) -> WeaponType:
    weapon = held_weapon(battle, creature, key)
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                f"{creature.name} needs a ranged weapon in hand for a duel",
                f"{creature.name} braucht für ein Duell eine Fernkampfwaffe in der Hand",
            )
        )
    size = battle.creature_type(creature).size_category
    if not weapon_allowed_in_duel(weapon.weapon_size, size):
        raise CommandRejected(
            say(
                f"{weapon.english} (WG {weapon.weapon_size}) is too big for a duel: "
                f"at most KG {size} (E-DUEL-2)",
                f"{weapon.name} (WG {weapon.weapon_size}) ist zu groß für ein Duell: "
                f"höchstens KG {size} (E-DUEL-2)",
            )
        )
    return weapon


def _duelists(
    battle: Battle, command: Duel
) -> tuple[CreatureState, CreatureState, dict[str, WeaponType]]:
    """Return the two parties and their weapons; reject a duel that cannot be fought."""
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    a, b = battle.creature(command.a), battle.creature(command.b)
    if a.key == b.key:
        raise CommandRejected(say("a duel needs two parties", "ein Duell braucht zwei Beteiligte"))
    if a.side == b.side:
        raise CommandRejected(
            say(
                f"{a.name} and {b.name} are on the same side",
                f"{a.name} und {b.name} stehen auf derselben Seite",
            )
        )
    for party in (a, b):
        if not battle._can_take_turn(party):
            raise CommandRejected(
                say(
                    f"{party.name} cannot take part in a duel",
                    f"{party.name} kann nicht an einem Duell teilnehmen",
                )
            )
    weapons = {a.key: _duel_weapon(battle, a, command.weapon_a)}
    weapons[b.key] = _duel_weapon(battle, b, command.weapon_b)
    plan_attack(battle, a, b, weapons[a.key], melee=False)  # sight, range, loaded (E-DUEL-3)
    plan_attack(battle, b, a, weapons[b.key], melee=False)
    return a, b, weapons


def _draw(
    battle: Battle, a: CreatureState, b: CreatureState
) -> tuple[CreatureState, CreatureState, list[Event]]:
    """Roll both parties' Reflexe until one is faster (E-DUEL-3); return first, second.

    Each roll is the party's check (D-3); equal totals are rolled again (E-OPEN-48).
    """
    events: list[Event] = []

    def pair() -> tuple[Roll, Roll]:
        roll_a, event_a = _reflexes(battle, a)
        roll_b, event_b = _reflexes(battle, b)
        events.extend((event_a, event_b))
        return roll_a, roll_b

    first, second = (a, b) if duel_draw(pair).first == "a" else (b, a)
    events.append(
        _event(
            "duel_order",
            f"{first.name} zieht schneller",
            f"{first.name} draws faster",
            first.key,
            first=first.key,
            rule="E-DUEL-3",
        )
    )
    return first, second, events


def _reflexes(battle: Battle, party: CreatureState) -> tuple[Roll, Event]:
    """Roll the party's Reflexe for the draw: its check, without a target (E-DUEL-3)."""
    return battle.check(
        party,
        Attribute.REFLEXES,
        None,
        rule="E-DUEL-3",
        what_de="Reflexe (Duell)",
        what_en="reflexes (duel)",
    )


def _exchange(
    battle: Battle,
    first: CreatureState,
    second: CreatureState,
    weapons: dict[str, WeaponType],
) -> list[Event]:
    """The faster fires, then the other if he still can (E-DUEL-4, E-OPEN-48)."""
    events: list[Event] = []
    saved = battle.state.budget
    try:
        events += _duel_shot(battle, first, second, weapons[first.key])
        able = duel_second_shot(
            incapacitated=not battle._can_take_turn(second),
            dead=Condition.DEAD in second.conditions,
        )
        if able:
            events += _duel_shot(battle, second, first, weapons[second.key])
        else:
            events.append(
                _event(
                    "duel_no_shot",
                    f"{second.name} kann nicht mehr schießen",
                    f"{second.name} can no longer fire",
                    second.key,
                    rule="E-OPEN-48",
                )
            )
    finally:
        battle.state.budget = saved  # a critical failure forfeits nobody's turn (E-DUEL-1)
    return events


def handle_duel(battle: Battle, command: Duel) -> list[Event]:
    a, b, weapons = _duelists(battle, command)
    # valid: now change the state (no budget is spent: outside the round, E-DUEL-1)
    events = [
        _event(
            "duel",
            f"Duell: {a.name} gegen {b.name}",
            f"Duel: {a.name} against {b.name}",
            None,
            a=a.key,
            b=b.key,
            rule="E-DUEL-1",
        )
    ]
    first, second, drawn = _draw(battle, a, b)
    events += drawn
    events += _exchange(battle, first, second, weapons)
    events.append(
        _event("duel_over", "Das Duell ist vorbei", "The duel is over", None, rule="E-DUEL-5")
    )
    return events


def _duel_shot(
    battle: Battle, shooter: CreatureState, target: CreatureState, weapon: WeaponType
) -> list[Event]:
    try:
        plan = plan_attack(battle, shooter, target, weapon, melee=False)
    except CommandRejected as error:  # e.g. hurled out of sight by the first shot
        return [
            _event(
                "duel_no_shot",
                f"{shooter.name} kann nicht schießen: {error.de}",
                f"{shooter.name} cannot fire: {error.reason}",
                shooter.key,
                rule="E-DUEL-4",
            )
        ]
    _, events = resolve_attack(battle, plan)
    return events
