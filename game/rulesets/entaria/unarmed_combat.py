"""Waffenloser Kampf with its six options and the Betäuben save (E-ACT-HH-WAFFENLOS-*).

Every handler validates the whole command first and only then spends the action and
rolls; the rules come from ``game.rulesets.entaria.rules.unarmed``.

Decisions taken here (also in the tests):

- The Betäuben save (BETAEUBEN-3) is rolled by a turn-start hook, because the engine
  gives a Handlungsunfähig creature no turn; a success wakes the creature, which has
  then spent its turn on the save (Handlungsunfähig until its next turn).
- A mount brought down by Zu Fall bringen shakes everyone on it (E-MOUNT-8,
  ``riding.shake_riders``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.combat import plan_attack, resolve_attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.grapple import grappling, start_grapple
from game.rulesets.entaria.melee_common import (
    enemies_in_reach,
    has_free_hand,
    keys_of,
)
from game.rulesets.entaria.melee_walls import NO_ENEMY_IN_REACH
from game.rulesets.entaria.occupancy import occupied_cells
from game.rulesets.entaria.push_back import forced_move
from game.rulesets.entaria.riding import shake_riders
from game.rulesets.entaria.rules.action_edges import action_edge
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.movement import push_path
from game.rulesets.entaria.rules.terms import Attribute, Condition, SaveValue, say
from game.rulesets.entaria.rules.unarmed import (
    KNOCK_OUT_RECOVERY_SAVE,
    SHOVE_MAX_FIELDS,
    UnarmedOption,
    knock_out_rounds,
    unarmed_option_allowed,
    unarmed_rule,
)
from game.rulesets.entaria.state import CreatureState, Effect

#: ``Effect.source`` of Betäuben's timed Bewusstlos (E-ACT-HH-WAFFENLOS-BETAEUBEN-2).
KNOCK_OUT_SOURCE = "knock_out"


#: ``Effect.source`` of the Handlungsunfähig a successful Betäuben save leaves for the turn.
KNOCK_OUT_SAVE_SOURCE = "knock_out_save"


@dataclass(frozen=True)
class UnarmedAttack(Command):
    """Waffenloser Kampf with one option (E-ACT-HH-WAFFENLOS, E-OPEN-19).

    ``option``: an UnarmedOption value (damage, trip, shove, disarm, grapple, knock_out).
    ``nonlethal`` only with damage (E-NONLETHAL-1); ``fields`` 1 or 2 for a shove
    (E-OPEN-18: the attacker chooses); ``item`` the held item a disarm knocks away
    (default: the first one the target holds).
    """

    kind: ClassVar[str] = "unarmed_attack"
    target: str
    option: str
    nonlethal: bool = False
    fields: int = SHOVE_MAX_FIELDS
    item: str | None = None


def _option(name: str) -> UnarmedOption:
    try:
        return UnarmedOption(name)
    except ValueError:
        names = ", ".join(o.value for o in UnarmedOption)
        raise CommandRejected(
            say(
                f"unknown unarmed option {name!r}; expected one of {names}",
                f"unbekannte Option des Waffenlosen Kampfs {name!r}; erwartet eine von {names}",
            )
        ) from None


def handle_unarmed_attack(battle: Battle, command: UnarmedAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    option = _option(command.option)
    rule = unarmed_rule(option)
    battle.can_spend(attacker, Action.UNARMED_ATTACK)
    if not has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand for unarmed combat (E-ACT-HH-WAFFENLOS)",
                f"{attacker.name} braucht für den Waffenlosen Kampf eine freie Hand "
                "(E-ACT-HH-WAFFENLOS)",
            )
        )
    plan = plan_attack(battle, attacker, target, None, melee=True)
    if not unarmed_option_allowed(
        option,
        attacker_size=battle.creature_type(attacker).size_category,
        target_size=battle.creature_type(target).size_category,
    ):
        raise CommandRejected(
            say(
                f"{rule.english} needs a target of at most {attacker.name}'s size category "
                f"({rule.rule_ids[0]})",
                f"{rule.german} braucht ein Ziel höchstens der Größenkategorie von "
                f"{attacker.name} ({rule.rule_ids[0]})",
            )
        )
    if command.nonlethal and option is not UnarmedOption.DAMAGE:
        raise CommandRejected(
            say(
                "only the damage option deals damage (E-OPEN-19, E-NONLETHAL-1)",
                "nur die Schadensoption richtet Schaden an (E-OPEN-19, E-NONLETHAL-1)",
            )
        )
    shove = _shove_path(battle, attacker, target, command) if option is UnarmedOption.SHOVE else []
    item = _disarmed_item(target, command) if option is UnarmedOption.DISARM else command.item
    _check_option_target(battle, option, attacker, target)
    # valid: now change the state
    events = battle.spend(attacker, Action.UNARMED_ATTACK)
    roll, attack_events = resolve_attack(
        battle,
        plan,
        edge=action_edge(Action.UNARMED_ATTACK, option=option),
        edge_why=(rule.german, rule.english.lower()),
        nonlethal=command.nonlethal,
        deal_damage=rule.deals_damage,
        what_de=f"Waffenloser Kampf ({rule.german}) gegen {target.name}",
        what_en=f"unarmed combat ({rule.english.lower()}) against {target.name}",
    )
    events += attack_events
    if not roll.success or rule.deals_damage:
        return events
    return events + _option_effect(battle, option, attacker, target, shove=shove, item=item)


def _shove_path(
    battle: Battle, attacker: CreatureState, target: CreatureState, command: UnarmedAttack
) -> list[Cell]:
    """Return the fields a shove pushes the target along: 1 or 2, as chosen (E-OPEN-18)."""
    if not 1 <= command.fields <= SHOVE_MAX_FIELDS:
        raise CommandRejected(
            say(
                f"a shove moves the target 1 to {SHOVE_MAX_FIELDS} fields (E-OPEN-18)",
                f"ein Schubsen bewegt das Ziel 1 bis {SHOVE_MAX_FIELDS} Felder (E-OPEN-18)",
            )
        )
    return push_path(
        battle.grid, attacker.cell, target.cell, command.fields, occupied=occupied_cells(battle)
    )


def _disarmed_item(target: CreatureState, command: UnarmedAttack) -> str:
    """Return the held item a disarm knocks away: the named one, else the first held."""
    item = command.item
    if item is None:
        if not target.held:
            raise CommandRejected(
                say(
                    f"{target.name} holds nothing to knock away",
                    f"{target.name} hält nichts, das weggeschlagen werden kann",
                )
            )
        return target.held[0]
    if item not in target.held:
        raise CommandRejected(
            say(f"{target.name} does not hold {item!r}", f"{target.name} hält {item!r} nicht")
        )
    return item


def _check_option_target(
    battle: Battle, option: UnarmedOption, attacker: CreatureState, target: CreatureState
) -> None:
    """Reject a grapple of one already held and a knock-out of one already unconscious."""
    if option is UnarmedOption.GRAPPLE and target.key in keys_of(grappling(battle, attacker)):
        raise CommandRejected(
            say(
                f"{attacker.name} already grapples {target.name}",
                f"{attacker.name} umklammert {target.name} bereits",
            )
        )
    if option is UnarmedOption.KNOCK_OUT and Condition.UNCONSCIOUS in battle.held_conditions(
        target
    ):
        raise CommandRejected(
            say(f"{target.name} is already unconscious", f"{target.name} ist bereits bewusstlos")
        )


def _option_effect(
    battle: Battle,
    option: UnarmedOption,
    attacker: CreatureState,
    target: CreatureState,
    *,
    shove: list[Cell],
    item: str | None,
) -> list[Event]:
    """Apply what a successful unarmed attack without damage does with its option."""
    if option is UnarmedOption.TRIP:
        events = _knock_down(battle, target, "E-ACT-HH-WAFFENLOS-ZUFALL")
        return events + shake_riders(battle, target, "zu Fall gebracht", "brought down")
    if option is UnarmedOption.SHOVE:
        return forced_move(battle, target, target.cell, shove, "E-ACT-HH-WAFFENLOS-SCHUBSEN")
    if option is UnarmedOption.DISARM:
        assert item is not None
        target.held.remove(item)
        battle.state.ground_items.setdefault(target.cell, []).append(item)
        return [
            _event(
                "disarm",
                f"{attacker.name} schlägt {target.name} {item} aus der Hand",
                f"{attacker.name} knocks {item} out of {target.name}'s hand",
                attacker.key,
                target=target.key,
                item=item,
                cell=list(target.cell),
                rule="E-ACT-HH-WAFFENLOS-ENTWAFFNEN",
            )
        ]
    if option is UnarmedOption.GRAPPLE:
        return start_grapple(battle, attacker, target)
    if option is UnarmedOption.KNOCK_OUT:
        return _knock_out(battle, attacker, target)
    return []


def _knock_down(battle: Battle, target: CreatureState, rule: str) -> list[Event]:
    events = [
        _event(
            "knocked_down",
            f"{target.name} wird zu Boden geworfen",
            f"{target.name} is thrown to the ground",
            target.key,
            rule=rule,
        )
    ]
    return events + battle.knock_prone(target)


def _knock_out(battle: Battle, attacker: CreatureState, target: CreatureState) -> list[Event]:
    """Roll Stärke vs the target's Körper; success: Bewusstlos for 1w6 rounds (BETAEUBEN-2)."""
    roll, event = battle.check(
        attacker,
        Attribute.STRENGTH,
        battle.save_value(target, SaveValue.BODY),
        what_de=f"Betäuben: Stärke gegen Körper von {target.name}",
        what_en=f"knock out: Strength against {target.name}'s Body",
    )
    event.data["rule"] = "E-ACT-HH-WAFFENLOS-BETAEUBEN-2"
    events = [event]
    if not roll.success:
        return events
    rounds = knock_out_rounds(battle.roller)
    effect = Effect(
        Condition.UNCONSCIOUS.name,
        DurationKind.ROUNDS,
        source=KNOCK_OUT_SOURCE,
        until_round=battle.state.round + rounds,
        value=rounds,
        started_round=battle.state.round,
    )
    events.append(
        _event(
            "knock_out",
            f"{target.name} ist für {rounds} Runde(n) bewusstlos (w6: {rounds})",
            f"{target.name} is unconscious for {rounds} round(s) (d6: {rounds})",
            attacker.key,
            target=target.key,
            rounds=rounds,
            rule="E-ACT-HH-WAFFENLOS-BETAEUBEN-2",
        )
    )
    events += battle.add_condition(target, Condition.UNCONSCIOUS, effect=effect)
    return events


def _knock_out_effect(creature: CreatureState) -> Effect | None:
    for effect in creature.effects:
        if effect.condition is Condition.UNCONSCIOUS and effect.source == KNOCK_OUT_SOURCE:
            return effect
    return None


def knock_out_save(battle: Battle, creature: CreatureState) -> list[Event]:
    """Roll the VH save of a knocked-out creature at the start of its turn (BETAEUBEN-3).

    E-OPEN-19: the save is an exception to Handlungsunfähig and takes the whole turn.
    The engine skips Handlungsunfähig creatures, so the save is rolled here for it;
    a success ends Bewusstlos and leaves the creature Handlungsunfähig until the start
    of its next turn (its turn went into the save). Only Bewusstlos from Betäuben at
    LP >= 1 can be shaken off this way. The roll is the creature's check (D-3) with
    every condition it holds except the Bewusstlos being shaken off and what only that
    Bewusstlos implies (Handlungsunfähig, Liegend, Wehrlos, its lost senses): a save
    against a condition is not made harder by that condition itself. Liegend or
    Handlungsunfähig held on their own still count, as do Abgelenkt, Verletzt and the rest.
    """
    effect = _knock_out_effect(creature)
    if effect is None:
        return []
    if Condition.UNCONSCIOUS not in creature.conditions or creature.lp < 1:
        return []
    if battle.held_conditions(creature) & {Condition.DYING, Condition.STABLE_COMA, Condition.DEAD}:
        return []
    save = KNOCK_OUT_RECOVERY_SAVE
    assert save.attribute is not None and isinstance(save.against, int)
    roll, event = battle.check(
        creature,
        save.attribute,
        save.against,
        held=creature.conditions.remove(Condition.UNCONSCIOUS),
        rule="E-ACT-HH-WAFFENLOS-BETAEUBEN-3",
        what_de="Rettungswurf Konstitution gegen Bewusstlos (Volle Handlung)",
        what_en="Constitution save against unconsciousness (full action)",
    )
    events = [event]
    if not roll.success:
        return events
    events += battle.remove_condition(creature, Condition.UNCONSCIOUS)
    events += battle.add_condition(
        creature,
        Condition.INCAPACITATED,
        effect=Effect(
            Condition.INCAPACITATED.name,
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
            source=KNOCK_OUT_SAVE_SOURCE,
            started_round=battle.state.round,
        ),
    )
    return events


def can_unarmed_attack(battle: Battle, creature: CreatureState) -> str:
    if not has_free_hand(battle, creature):
        return say("no free hand", "keine freie Hand")
    return "" if enemies_in_reach(battle, creature, 1) else NO_ENEMY_IN_REACH
