"""Wurfangriff with a weapon from the belt: draw it and throw it in one step (E-OPEN-16).

"Wurfwaffe ziehen und werfen" stays unavailable (E-THROW-1, E-OPEN-16: the action is
named but not defined). A creature that carries a throwing weapon (carried, not in hand)
may instead take the two listed actions as one command: Interagieren to draw it (HH,
E-ACT-HH-INTERAGIEREN), then Wurfangriff to throw it (HH, E-ACT-HH-WURF). One command,
so undo, redo and replay treat it as one step; the log has the draw and the throw. What
the pair costs is ``rules.draw_and_throw``'s.

Every check of both steps runs before anything changes: the weapon is a Wurfwaffe the
creature carries, the turn has two HH left, a hand is free to draw it (``_draw``, the
Interact handler's own check) and the drawn weapon could be used with the hands left
(``hand_checks.hands_problem``); then the throw must be legal from where the creature
stands: at a field for a weapon with an area (``throwing.field_throw_target``, E-THROW-2)
and at a creature for the others (``combat.plan_attack`` as a ranged attack, E-THROW-1).

Decisions where the rules leave room (also in the tests):

- A throw at a creature is always a throw, also at a neighbour with a blade that could
  strike in melee: the player chose Wurfangriff (the Attack command picks melee there).
- The thrown weapon leaves the hand: a grenade is used up (``throwing``), a knife lands
  on the target's field, as after a Wurfangriff with a weapon in hand (``basic_actions``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import Perform, _not_busy
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import AttackPlan, plan_attack, resolve_attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of, hands_problem
from game.rulesets.entaria.interact_actions import Interact, _draw
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.draw_and_throw import draw_and_throw_refusal
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.throwing import ThrowAtField, field_throw_target, handle_throw_at_field

#: The rule IDs the draw event carries.
DRAW_RULES = ["E-ACT-HH-INTERAGIEREN", "E-OPEN-16"]


@dataclass(frozen=True)
class ThrowFromBelt:
    """What an offer of the action bar starts: Wurfangriff with ``weapon`` from the belt."""

    weapon: str


@dataclass(frozen=True)
class DrawAndThrowAtField(Command):
    """Draw a carried area weapon (Interagieren) and throw it at a field (Wurfangriff)."""

    kind: ClassVar[str] = "draw_and_throw_at_field"
    weapon: str
    target: Cell


@dataclass(frozen=True)
class DrawAndThrowAtCreature(Command):
    """Draw a carried throwing weapon (Interagieren) and throw it at a creature (Wurfangriff)."""

    kind: ClassVar[str] = "draw_and_throw_at_creature"
    weapon: str
    target: str


# ------------------------------------------------------------------ the offer's questions
def belt_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    """Return the throwing weapons the creature carries (not in hand), once each, in order."""
    weapons = battle.catalogue.weapons
    keys = dict.fromkeys(k for k in creature.carried if k in weapons and weapons[k].thrown)
    return [weapons[k] for k in keys]


def draw_and_throw_problem(battle: Battle, creature: CreatureState, key: str) -> str:
    """Return why the creature cannot draw and throw ``key`` now, whatever the target, or "".

    The weapon must be a Wurfwaffe it carries, the turn must pay two HH
    (``rules.draw_and_throw``), a hand must be free to draw it and the drawn weapon
    must be usable with the hands left (``hand_checks``).
    """
    weapon = battle.catalogue.weapons.get(key)
    if weapon is None or not weapon.thrown:
        return say(f"{key!r} is no throwing weapon", f"{key!r} ist keine Wurfwaffe")
    if key not in creature.carried:
        return say(
            f"{creature.name} carries no {weapon.english} on the belt",
            f"{creature.name} trägt {weapon.name} nicht am Gürtel",
        )
    if refused := draw_and_throw_refusal(battle.state.budget):
        return refused
    if free_hands_of(battle, creature) < 1:
        return say(
            f"{creature.name} has no free hand to draw {weapon.english}",
            f"{creature.name} hat keine Hand frei, um {weapon.name} zu ziehen",
        )
    return hands_problem(battle, creature, [weapon])


def _ready(battle: Battle, creature: CreatureState, key: str) -> WeaponType:
    """Check everything but the target and the draw's own checks; return the weapon."""
    _not_busy(battle, creature)
    if problem := draw_and_throw_problem(battle, creature, key):
        raise CommandRejected(problem)
    return battle.weapon(key)


def _draw_check(battle: Battle, creature: CreatureState, weapon: WeaponType) -> Perform:
    """Return the draw, checked as the Interact handler checks it (nothing changes yet)."""
    return _draw(battle, creature, Interact(creature.key, "draw", item=weapon.key))


def _drawn(battle: Battle, creature: CreatureState, perform: Perform) -> list[Event]:
    """Spend Interagieren and draw the weapon."""
    events = battle.spend(creature, Action.INTERACT)
    drawn = perform()
    for event in drawn:
        event.data.update({"rule": DRAW_RULES, "action": Action.INTERACT.name})
    return events + drawn


# --------------------------------------------------------------------------- handlers
def handle_draw_and_throw_at_field(battle: Battle, command: DrawAndThrowAtField) -> list[Event]:
    creature = battle.creature(command.actor)
    weapon = _ready(battle, creature, command.weapon)
    target, _ = field_throw_target(battle, creature, weapon, command.target)
    draw = _draw_check(battle, creature, weapon)
    # valid: now change the state (the throw's checks hold once the weapon is in hand)
    events = _drawn(battle, creature, draw)
    return events + handle_throw_at_field(battle, ThrowAtField(creature.key, weapon.key, target))


def handle_draw_and_throw_at_creature(
    battle: Battle, command: DrawAndThrowAtCreature
) -> list[Event]:
    creature = battle.creature(command.actor)
    weapon = _ready(battle, creature, command.weapon)
    if weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.english} is thrown at a field, not at a creature",
                f"{weapon.name} wird auf ein Feld geworfen, nicht auf ein Wesen",
            )
        )
    plan = plan_attack(battle, creature, battle.creature(command.target), weapon, melee=False)
    draw = _draw_check(battle, creature, weapon)
    # valid: now change the state
    events = _drawn(battle, creature, draw)
    return events + _throw(battle, plan)


def _throw(battle: Battle, plan: AttackPlan) -> list[Event]:
    """Wurfangriff at a creature: a ranged attack; the weapon lands on the target's field."""
    thrower, weapon = plan.attacker, plan.weapon
    assert weapon is not None
    events = battle.spend(thrower, Action.THROW_ATTACK)
    _, rolled = resolve_attack(battle, plan)
    thrower.held.remove(weapon.key)
    battle.state.ground_items.setdefault(plan.target.cell, []).append(weapon.key)
    return events + rolled
