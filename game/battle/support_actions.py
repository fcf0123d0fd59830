"""Handlers of the defence, support and remaining actions (section 6), and of Impuls.

``UseAction`` takes every action of this module by its catalogue name
(``game.rules.actions.ACTIONS``): the catalogue's RollSpec, preconditions, durations and
``resolved_by_gm`` drive it. Actions whose outcome the rulebook leaves to the game master
roll their check and end in a ``gm_question`` event that carries the roll. Defence,
support and the other actions with a defined effect have their own resolvers here.
Interagieren, the free actions, Abwarten's trigger and Impuls have their own commands.

Decisions taken here (reported with the rule IDs they touch):

- Schildeinsatz: the shield (Deckungspanzerung with Schild, carried) counts as armour only
  while the effect ``SHIELD_RAISED`` lasts (E-ACT-HH-SCHILD); ``combat.armour_of`` reads it.
- Helfen stores an Effect ``HELP_BONUS`` (uses 1, value 0) on the helped creature; the w6
  is rolled when that creature's next check is made (E-OPEN-22), by ``Battle.check``.
- Gegner studieren stores ``STUDIED_ENEMY`` on the studied enemy, ``source`` = the studier;
  the studier's first attack on it consumes it (E-ACT-VH-STUDIEREN).
- Abwarten: ``Pending("ready")`` until the start of the creature's next turn. When the
  stated event occurs the game master sends ``TriggerReady`` with the one HH as a command
  (JSON); it runs at once, out of turn, and the turn of the current creature then
  continues unchanged (E-ACT-VH-ABWARTEN-1/2). The command is first tried on a copy of
  the match: what its handler actually spent must be at most one HH
  (``TurnBudget.spend_readied``), no free action, no bought half action, no Impuls;
  otherwise it is refused and nothing changes.
- Verbergen (E-ACT-VH-VERBERGEN-1..3, E-OPEN-50): hides the creature itself, another
  creature within melee reach (``target``) or an item (``item``, on the own or a
  neighbouring field ``cell``, or held and laid there). Observers are the hider's enemies
  still in the fight that the subject is not yet hidden from; neither the hider nor the
  subject's field may be in their line of sight, and the subject's field must be a
  suitable hiding place (``sight.suitable_hiding_place``). One Geschick roll is compared
  with each observer's Rettungswert Geist; enemies out of the fight (not dead) do not
  observe and are compared with ZW 15, and with no enemy at all the roll is against
  ZW 15 and hides from every other side. The subject is Unentdeckt toward those the
  roll beat (``CreatureState.hidden_from``; ``Battle.hidden_from``/``is_hidden_from``);
  hiding again adds to them. An item's ``HiddenItem`` record keeps it off
  ``Battle.visible_ground_items`` for those it is hidden from. Verbergen itself is not
  conspicuous.
- Unentdeckt ends (E-COND-UNENTDECKT-3..5): toward one searcher that finds it with
  ``Search`` (an HH, E-OPEN-39: Untersuchen taken as a half action; Intelligenz vs ZW 15,
  needs sight; finds every creature and item hidden from the searcher in its line of
  sight; ``legal_actions`` rates Untersuchen as the VH, so ``search_problem`` tells
  whether a Search fits now); toward an observer that notices a Stehlen
  (E-ACT-VH-STEHLEN-1, E-OPEN-50);
  toward everyone on a conspicuous act (attack, magic, moving more than BEW in a round,
  interacting, shouting: the handlers call ``conditions.reveal``, and after every command
  the per-observer record of a creature that lost Unentdeckt is cleared). Coming into
  sight does not end it (EX-HIDE-1: Ron circles the crates and still attacks unforeseen).
  A hidden item is found by a successful ``Search`` in sight, or by entering its field.
- Längere Handlungen: ``Pending("long_action")``; Fokussiert only where the catalogue
  gives it (spells, complex items); they complete at the start of the actor's turn in the
  round ``started + rounds`` and the actor then acts normally (E-OPEN-49); losing
  Fokussiert (LP loss) interrupts them (the engine drops the pending).
- Panzerung: worn armour is armour in ``carried`` (what ``combat.armour_of`` reads).
  Donning takes the piece from the hands or the own field; doffing puts it into a free
  hand, else onto the own field. Only Getragene Panzerung is donned or doffed.
- Doors keep their KEP in a ``Pending("door_state")`` record (the state has no object
  layer); a door without a material is a thin duraplast wall (sample value).
- Wiederbeleben: minutes dead count 10 rounds per minute from the round after death
  (the effect ``DEAD_CLOCK``), added to ``CreatureState.minutes_dead``.
- Impuls: the reroll (effect REROLL, ``roll`` = a number from ``Battle.rerollable_rolls``)
  recomputes the last command with that roll's dice replaced (``game.battle.reroll``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.battle.basic_actions import ENTER_HOOKS
from game.battle.commands import Command, CommandError, Move, command_from_dict
from game.battle.engine import (
    ACTION_CHECKS,
    AFTER_COMMAND_HOOKS,
    BLOCKING_STANCE,
    EVASIVE_MOVE,
    HANDLERS,
    HELP_BONUS,
    IMPULSE_COVER,
    IMPULSE_ENV,
    SHIELD_RAISED,
    STUDIED_ENEMY,
    TURN_START_HOOKS,
    Battle,
    CommandRejected,
    handles,
    implements,
)
from game.battle.events import Event
from game.battle.state import CreatureState, Effect, HiddenItem, Pending
from game.content.catalogue import ArmourType
from game.rules.actions import (
    ACTIONS,
    FIRST_AID_COOLDOWN_ROUNDS,
    FIRST_AID_HEALING,
    ROUNDS_PER_MINUTE,
    Action,
    ActionNotAllowed,
    RollSpec,
    TurnBudget,
    doff_armor_rounds,
    don_armor_rounds,
    nano_healing,
)
from game.rules.checks import STANDARD_TARGET, compare_with_each, roll_beats
from game.rules.conditions import (
    CONDITIONS,
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
    ConspicuousAct,
    DurationKind,
    RollContext,
    can_act,
    can_be_healed,
    can_be_targeted,
    can_speak,
    end_voluntarily,
    gain,
    lose,
    reveal,
)
from game.rules.damage import heal, revival_cost, revive_modifier, stabilize_modifier
from game.rules.grid import Cell, distance, footprint_distance
from game.rules.impulse import (
    ImpulseEffect,
    ImpulsePool,
    can_spend_now,
    effect_duration,
    gm_spend,
    target_conditions,
)
from game.rules.objects import MATERIALS, ObjectState, damage_object, door_broken_open
from game.rules.reach import can_help, can_irritate, in_melee_reach
from game.rules.sight import line_of_sight, observers_seeing, suitable_hiding_place
from game.rules.templates import MAX_TEMPLATE_LENGTH, AreaShape, template_cells
from game.rules.terms import ActionType, ArmorCategory, Attribute, Condition, SaveValue, german, say

#: Effect names of this module (the engine owns the ones combat reads).
FIRST_AIDED = "first_aided"  # Erste Hilfe received: once per hour (E-ACT-LH-ERSTEHILFE)
NANO_USED = "nano_used"  # NanoHeilbot-Boost used: once after each rest (E-ACT-LH-NANO)
DEAD_CLOCK = "dead_clock"  # the round up to which minutes_dead is counted

#: Pending kinds of this module.
READY = "ready"
LONG_ACTION = "long_action"
DOOR_STATE = "door_state"

#: A door whose material nobody named (sample value: PAK 5, KEP 10).
DEFAULT_DOOR_MATERIAL = "thin_duraplast_wall"

#: Effects whose end this module's turn-start hook keeps.
_HOOK_EFFECTS = frozenset({HELP_BONUS, STUDIED_ENEMY, "IRRITATED", "DISTRACTED"})
_SPELLS = frozenset({Action.CAST_INSTANT_SPELL, Action.CAST_LONG_SPELL})


# ------------------------------------------------------------------------ commands
@dataclass(frozen=True)
class UseAction(Command):
    """Take one action of this module by its catalogue name (``Action`` name).

    ``target``: a creature key; ``cell``: a field (a spell's origin); ``item``: an
    armour key (DON_ARMOR/DOFF_ARMOR); ``zw``: the ZW the game master sets (a
    mechanism's, or to replace the catalogue's); ``shape``/``length``/``angle``: a
    spell's area template; ``rounds`` > 0: the length of a longer action, or makes
    Untersuchen/Mechanismus umgehen an LH (E-ACT-5); ``note``: what the player says
    (Abwarten's trigger, the spell's name, what Orientieren looks for).
    """

    kind: ClassVar[str] = "use_action"
    action: str
    target: str | None = None
    cell: Cell | None = None
    note: str = ""
    item: str | None = None
    zw: int | None = None
    shape: str | None = None
    length: int = 0
    angle: int = 0
    rounds: int = 0


@dataclass(frozen=True)
class Interact(Command):
    """Interagieren (E-ACT-HH-INTERAGIEREN): one of ``INTERACTIONS`` (reload: ``reload``)."""

    kind: ClassVar[str] = "interact"
    what: str
    item: str | None = None
    cell: Cell | None = None
    other: str | None = None  # swap: the held item to holster
    material: str | None = None  # break_door: an objects.MATERIALS key


@dataclass(frozen=True)
class DropItem(Command):
    """Let go of a held item or weapon: it falls onto the own field (FH, E-ACT-FH-1)."""

    kind: ClassVar[str] = "drop_item"
    item: str


@dataclass(frozen=True)
class Shout(Command):
    """Shout or give a short command (FH, E-ACT-FH-1)."""

    kind: ClassVar[str] = "shout"
    text: str


@dataclass(frozen=True)
class TriggerReady(Command):
    """The stated event occurred: ``actor`` performs one HH now (E-ACT-VH-ABWARTEN-2).

    ``command`` is the HH as a JSON command object of ``actor``. A game-master command:
    the game master decides that the event occurred, and it runs in anyone's turn.
    """

    kind: ClassVar[str] = "gm_trigger_ready"
    command: str


@dataclass(frozen=True)
class Search(Command):
    """Look for what is hidden from ``actor``: an HH, Intelligenz vs ZW 15.

    E-COND-UNENTDECKT-3, E-OPEN-39 (an active HH; spent as Untersuchen taken as a half
    action, E-ACT-VH-UNTERSUCHEN): on success the searcher finds every creature
    Unentdeckt toward it and every item hidden from it in its line of sight.
    """

    kind: ClassVar[str] = "search"


@dataclass(frozen=True)
class EndLongAction(Command):
    """Break off one's own longer action (E-COND-FOKUSSIERT-3); costs nothing."""

    kind: ClassVar[str] = "end_long_action"


@dataclass(frozen=True)
class SpendImpulse(Command):
    """Spend the group's Impuls on one effect for ``actor`` (E-IMP-4/5, ImpulseEffect name)."""

    kind: ClassVar[str] = "spend_impulse"
    effect: str
    target: str | None = None
    cell: Cell | None = None  # LOESEN: the field to step to
    roll: int | None = None  # REROLL: the roll's number (Battle.rerollable_rolls)


@dataclass(frozen=True)
class GmSpendImpulse(Command):
    """The game master buys an effect for his creature; the group's pool gains the cost."""

    kind: ClassVar[str] = "gm_impulse"
    creature: str
    effect: str
    target: str | None = None
    cell: Cell | None = None
    roll: int | None = None  # REROLL: the roll's number (Battle.rerollable_rolls)


INTERACTIONS = (
    "draw",
    "holster",
    "swap",
    "pick_up",
    "open_door",
    "close_door",
    "break_door",
    "use",
)

Resolver = Callable[[Battle, CreatureState, Action, UseAction], list[Event]]
Completer = Callable[[Battle, CreatureState, Pending], list[Event]]


# ------------------------------------------------------------------ small helpers
def _event(kind: str, de: str, en: str, actor: str | None, **data: Any) -> Event:
    return Event(kind, de, en, actor, dict(data))


def _parse_action(name: str) -> Action:
    try:
        return Action[name.upper()]
    except KeyError:
        raise CommandRejected(
            say(f"unknown action {name!r}", f"unbekannte Handlung {name!r}")
        ) from None


def _check_budget(battle: Battle, action: Action, as_type: ActionType | None = None) -> None:
    allowed, reason = battle.state.budget.can_spend(action, as_type=as_type)
    if not allowed:
        raise CommandRejected(reason)


def _spend(
    battle: Battle, creature: CreatureState, action: Action, as_type: ActionType | None = None
) -> list[Event]:
    """Spend ``action`` (as ``as_type``, E-ACT-5); a repeated action makes Wehrlos (E-ACT-6)."""
    if as_type is None:
        return battle.spend(creature, action)
    # engine gap: Battle.spend takes no as_type; the same bookkeeping as there.
    budget = battle.state.budget
    repeated = budget.defenceless_after(action)
    battle.state.budget = budget.spend(action, as_type=as_type)
    if not repeated or battle.has_effect(creature, "DEFENSELESS_REPEAT"):
        return []
    creature.conditions = gain(creature.conditions, Condition.DEFENSELESS).held
    creature.effects.append(
        Effect(
            "DEFENSELESS_REPEAT",
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
            started_round=battle.state.round,
        )
    )
    return [
        _event(
            "defenceless",
            f"{creature.name} wählt dieselbe Handlung erneut und ist Wehrlos",
            f"{creature.name} repeats an action and is defenceless",
            creature.key,
            rule="E-ACT-6",
        )
    ]


def _reveal(creature: CreatureState, act: ConspicuousAct) -> list[Event]:
    """End Unentdeckt after a conspicuous act (E-COND-UNENTDECKT-5)."""
    if Condition.UNDETECTED not in creature.conditions:
        return []
    creature.conditions = reveal(creature.conditions, act)
    return [
        _event(
            "revealed",
            f"{creature.name} ist nicht mehr unentdeckt",
            f"{creature.name} is no longer undetected",
            creature.key,
            rule="E-COND-UNENTDECKT-5",
        )
    ]


#: What most actions with a target need (a refusal names it).
_A_TARGET = say("a target creature", "ein Zielwesen")


def _target(battle: Battle, key: str | None, what: str = _A_TARGET) -> CreatureState:
    if key is None:
        raise CommandRejected(
            say(f"this action needs {what}", f"diese Handlung braucht {german(what)}")
        )
    return battle.creature(key)


def _within_reach(battle: Battle, actor: CreatureState, other: CreatureState) -> bool:
    kind = battle.creature_type(actor)
    return in_melee_reach(
        actor.cell,
        other.cell,
        attacker_side=kind.size_fields,
        target_side=battle.creature_type(other).size_fields,
        reach=kind.reach,
    )


def _reachable(battle: Battle, actor: CreatureState, other: CreatureState) -> bool:
    """Return whether ``actor`` can treat ``other``: itself or within melee reach."""
    return other.key == actor.key or _within_reach(battle, actor, other)


def _has_medkit(battle: Battle, creature: CreatureState) -> bool:
    return any(i.medkit for i in battle.catalogue.items_in(creature.held + creature.carried))


def _has_healbots(battle: Battle, creature: CreatureState) -> bool:
    items = battle.catalogue.items_in(creature.held + creature.carried)
    return any(i.nano_healbots for i in items)


def _shield(battle: Battle, creature: CreatureState) -> ArmourType | None:
    for armour in battle.catalogue.armour_in(creature.carried):
        if armour.shield:
            return armour
    return None


def _talent_names(battle: Battle, creature: CreatureState) -> set[str]:
    """Return the creature's talents without their levels ("Kampftaktik 2" -> name)."""
    return {re.sub(r"\s*\d+$", "", t) for t in battle.creature_type(creature).talents}


def _fitting_talent(battle: Battle, creature: CreatureState, spec: RollSpec) -> bool:
    """Return whether a talent removes the spec's Nachteil (E-ACT-VH-MECHANISMUS, -SPUR)."""
    if spec.edge_removed_by_talent is None:
        return False
    return any(name in spec.edge_removed_by_talent for name in _talent_names(battle, creature))


def _long_action_of(battle: Battle, creature: CreatureState) -> Pending | None:
    for pending in battle.state.pending:
        if pending.kind == LONG_ACTION and pending.actor == creature.key:
            return pending
    return None


def _ready_of(battle: Battle, creature: CreatureState) -> Pending | None:
    for pending in battle.state.pending:
        if pending.kind == READY and pending.actor == creature.key:
            return pending
    return None


def _not_busy(battle: Battle, creature: CreatureState) -> None:
    pending = _long_action_of(battle, creature)
    if pending is not None:
        name = ACTIONS[Action[pending.data["action"]]].english
        name_de = ACTIONS[Action[pending.data["action"]]].german
        raise CommandRejected(
            say(
                f"{creature.name} is busy with a longer action ({name}); end it first (E-OPEN-49)",
                f"{creature.name} ist mit einer Längeren Handlung beschäftigt ({name_de}); "
                "erst beenden (E-OPEN-49)",
            )
        )


def _busy_reason(battle: Battle, creature: CreatureState) -> str:
    return (
        say("a longer action is in progress", "eine Längere Handlung läuft")
        if _long_action_of(battle, creature)
        else ""
    )


def _set_effect(holder: CreatureState, effect: Effect, *, same_source: bool = False) -> None:
    """Give ``effect``, replacing an older one of the same name (and source)."""
    holder.effects = [
        e
        for e in holder.effects
        if not (e.name == effect.name and (not same_source or e.source == effect.source))
    ]
    holder.effects.append(effect)


def _end_effect(battle: Battle, holder: CreatureState, effect: Effect) -> list[Event]:
    """Remove a timed effect and the condition instances it gave."""
    holder.effects = [e for e in holder.effects if e is not effect]
    condition = effect.condition
    if condition is None or condition not in holder.conditions:
        return []
    change = lose(holder.conditions, condition, lp=holder.lp, n=effect.value or None)
    events = battle._apply_change(holder, change)
    events.append(
        _event(
            "condition_lost",
            f"{holder.name} verliert {condition.value}",
            f"{holder.name} loses {condition.name.lower()}",
            holder.key,
            condition=condition.name,
        )
    )
    return events


def _give_condition(
    battle: Battle, holder: CreatureState, condition: Condition, n: int, effect: Effect
) -> list[Event]:
    events = battle._apply_change(holder, gain(holder.conditions, condition, n, lp=holder.lp))
    holder.effects.append(effect)
    times = f" x{n}" if n > 1 else ""
    events.append(
        _event(
            "condition",
            f"{holder.name} erhält {condition.value}{times}",
            f"{holder.name} gains {condition.name.lower()}{times}",
            holder.key,
            condition=condition.name,
            count=n,
        )
    )
    return events


def _heal(battle: Battle, creature: CreatureState, amount: int, why: str) -> list[Event]:
    before = creature.lp
    creature.lp = heal(
        creature.lp,
        amount,
        dying=Condition.DYING in creature.conditions,
        max_lp=creature.max_lp,
    )
    events = [
        _event(
            "heal",
            f"{creature.name} heilt {creature.lp - before} LP ({why}) ({before} -> {creature.lp})",
            f"{creature.name} heals {creature.lp - before} LP ({why}) ({before} -> {creature.lp})",
            creature.key,
            before=before,
            after=creature.lp,
        )
    ]
    return events + battle.update_life_state(creature)


# ------------------------------------------------------------------ UseAction
@handles(UseAction)
def _use_action(battle: Battle, command: UseAction) -> list[Event]:
    creature = battle.creature(command.actor)
    action = _parse_action(command.action)
    resolver = RESOLVERS.get(action)
    if resolver is None and ACTIONS[action].resolved_by_gm:
        resolver = _gm_action
    if resolver is None:
        raise CommandRejected(
            say(
                f"{ACTIONS[action].english} is not taken with use_action",
                f"{ACTIONS[action].german} wird nicht mit use_action ausgeführt",
            )
        )
    if ACTIONS[action].action_type is not ActionType.FREE:  # an FH fits beside an LH
        _not_busy(battle, creature)
    if command.rounds < 0:
        raise CommandRejected(say("rounds cannot be negative", "Runden können nicht negativ sein"))
    return resolver(battle, creature, action, command)


# --- actions the game master resolves ---------------------------------------------
def _observers_for_steal(
    battle: Battle, actor: CreatureState, target: CreatureState | None
) -> list[CreatureState]:
    """Return the affected person and every enemy watching (E-ACT-VH-STEHLEN-1, E-OPEN-50)."""
    chosen = [target] if target is not None else []
    for enemy in battle.enemies_of(actor):
        if enemy in chosen or enemy.out_of_fight:
            continue
        if line_of_sight(battle.grid, enemy.cell, actor.cell):
            chosen.append(enemy)
    return chosen


def _zw_of(
    battle: Battle,
    action: Action,
    spec: RollSpec,
    target: CreatureState | None,
    zw: int | None,
) -> int | None:
    """Return the ZW of a GM-resolved roll; None: compared per observer (Stehlen)."""
    if zw is not None:
        if not 1 <= zw <= 40:
            raise CommandRejected(
                say(
                    "a ZW lies between 1 and 40 (E-CORE-ZW-1)",
                    "ein ZW liegt zwischen 1 und 40 (E-CORE-ZW-1)",
                )
            )
        return zw
    if isinstance(spec.against, int):
        return spec.against
    if spec.against is None:
        raise CommandRejected(
            say(
                f"{ACTIONS[action].english}: the game master sets the ZW (zw=...)",
                f"{ACTIONS[action].german}: die Spielleitung legt den ZW fest (zw=...)",
            )
        )
    if action is Action.STEAL:
        return None
    if target is None:
        raise CommandRejected(
            say(
                f"{ACTIONS[action].english} rolls against a creature's {spec.against.name}: "
                "name the target",
                f"{ACTIONS[action].german} würfelt gegen {spec.against.value} eines "
                "Wesens: nenne das Ziel",
            )
        )
    return battle.save_value(target, spec.against)


def _area(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Cell]:
    if command.shape is None:
        return []
    if action not in _SPELLS:
        raise CommandRejected(
            say("only spells take an area template", "nur Zauber nutzen eine Flächenschablone")
        )
    try:
        shape = AreaShape(command.shape)
    except ValueError:
        raise CommandRejected(
            say(
                f"unknown area shape {command.shape!r}; beam, cone or round",
                f"unbekannte Flächenform {command.shape!r}; beam, cone oder round",
            )
        ) from None
    if not 1 <= command.length <= MAX_TEMPLATE_LENGTH:
        raise CommandRejected(
            say(
                "an area needs a length of at least 1 field",
                "eine Fläche braucht eine Länge von mindestens 1 Feld",
            )
        )
    origin = command.cell if command.cell is not None else creature.cell
    if not battle.grid.in_bounds(origin):
        raise CommandRejected(
            say(
                f"field {list(origin)} is outside the map",
                f"Feld {list(origin)} liegt außerhalb der Karte",
            )
        )
    cells = template_cells(shape, origin, float(command.angle), float(command.length))
    return sorted(c for c in cells if battle.grid.in_bounds(c))


def _gm_action(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Roll per the catalogue's RollSpec and ask the game master (resolved_by_gm)."""
    rule = ACTIONS[action]
    long = rule.action_type is ActionType.LONGER
    as_type: ActionType | None = None
    if command.rounds and not long:
        if ActionType.LONGER not in rule.alternative_types:
            raise CommandRejected(
                say(
                    f"{rule.english} is no longer action; rounds do not apply",
                    f"{rule.german} ist keine Längere Handlung; Runden gelten nicht",
                )
            )
        long, as_type = True, ActionType.LONGER
    target = battle.creature(command.target) if command.target is not None else None
    zw = _zw_of(battle, action, rule.roll, target, command.zw) if rule.roll else None
    cells = _area(battle, creature, action, command)
    _check_budget(battle, action, as_type)
    # valid: now change the state
    events = _spend(battle, creature, action, as_type)
    if action in _SPELLS:
        events += _reveal(creature, ConspicuousAct.MAGIC)
    elif action is Action.SOCIAL_INTERACTION:
        events += _reveal(creature, ConspicuousAct.INTERACTION)
    data = {
        "target": target.key if target else None,
        "zw": zw,
        "note": command.note,
        "cells": [list(c) for c in cells],
        "shape": command.shape,
    }
    if long:
        rounds = command.rounds or rule.rounds or 1
        return events + _start_long(battle, creature, action, rounds, data)
    return events + _ask_gm(battle, creature, action, data)


def _ask_gm(
    battle: Battle, creature: CreatureState, action: Action, data: dict[str, Any]
) -> list[Event]:
    """Roll the action's check (if any) and ask the game master for its outcome."""
    rule = ACTIONS[action]
    events: list[Event] = []
    target = battle.state.creatures.get(data["target"]) if data.get("target") else None
    question: dict[str, Any] = {
        "action": action.name,
        "rule": list(rule.rule_ids),
        "target": data.get("target"),
        "note": data.get("note", ""),
        "cells": data.get("cells", []),
        "shape": data.get("shape"),
        "roll": None,
    }
    verdict_de = verdict_en = ""
    if rule.roll is not None:
        spec = rule.roll
        attribute = spec.attribute_for(ranged=False)
        edge = spec.edge_for(has_talent=_fitting_talent(battle, creature, spec))
        zw = data.get("zw")
        roll, event = battle.check(
            creature,
            attribute,
            zw,
            edge=edge,
            what_de=rule.german,
            what_en=rule.english.lower(),
        )
        events.append(event)
        question["roll"] = event.data
        if zw is None:  # Stehlen: one roll against each affected or watching creature
            observers = _observers_for_steal(battle, creature, target)
            outcomes = compare_with_each(
                roll, {o.key: battle.save_value(o, SaveValue.MIND) for o in observers}
            )
            question["observers"] = outcomes
            noticed = [battle.state.creatures[k].name for k, ok in outcomes.items() if not ok]
            # Stehlen is meant to go unnoticed: a hidden thief is found only by those who
            # notice it (E-ACT-VH-STEHLEN-2, E-COND-UNENTDECKT-4, E-OPEN-50).
            events += lose_hidden_toward(
                battle,
                creature,
                {k for k, ok in outcomes.items() if not ok},
                rule="E-ACT-VH-STEHLEN-1",
            )
            verdict_de = " - bemerkt von: " + (", ".join(noticed) or "niemandem")
            verdict_en = " - noticed by: " + (", ".join(noticed) or "nobody")
        else:
            verdict_de = " - Erfolg" if roll.success else " - Misserfolg"
            verdict_en = " - success" if roll.success else " - failure"
    about = f" ({data['note']})" if data.get("note") else ""
    events.append(
        _event(
            "gm_question",
            f"{creature.name}: {rule.german}{about}{verdict_de}. Spielleitung: Was geschieht?",
            f"{creature.name}: {rule.english}{about}{verdict_en}. Game master: what happens?",
            creature.key,
            **question,
        )
    )
    return events


# --- defence -----------------------------------------------------------------------
_SELF_EFFECTS = {
    Action.BLOCKING_STANCE: BLOCKING_STANCE,
    Action.EVASIVE_MOVE: EVASIVE_MOVE,
    Action.USE_SHIELD: SHIELD_RAISED,
}


def _defence(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Blockadehaltung, Ausweichbewegung, Schildeinsatz: a bonus until the next round's turn."""
    rule = ACTIONS[action]
    if action is Action.USE_SHIELD and _shield(battle, creature) is None:
        raise CommandRejected(
            say(
                f"{creature.name} carries no cover armour with Schild (E-ACT-HH-SCHILD)",
                f"{creature.name} trägt keine Deckungspanzerung mit Schild (E-ACT-HH-SCHILD)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    _set_effect(
        creature,
        Effect(
            _SELF_EFFECTS[action],
            rule.duration.kind,
            source=creature.key,
            started_round=battle.state.round,
        ),
    )
    events.append(
        _event(
            "defence",
            f"{creature.name}: {rule.german}",
            f"{creature.name}: {rule.english.lower()}",
            creature.key,
            rule=rule.rule_ids[0],
            effect=_SELF_EFFECTS[action],
        )
    )
    return events


# --- support -----------------------------------------------------------------------
def _help(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Helfen: the other creature's next check gets WM +1w6 (E-ACT-VH-HELFEN, E-OPEN-22)."""
    other = _target(
        battle, command.target, say("the creature helped", "das Wesen, dem geholfen wird")
    )
    if other.key == creature.key:
        raise CommandRejected(
            say(
                "Helfen helps another person (E-ACT-VH-HELFEN)",
                "Helfen hilft einer anderen Person (E-ACT-VH-HELFEN)",
            )
        )
    if Condition.DEAD in other.conditions:
        raise CommandRejected(say(f"{other.name} is dead", f"{other.name} ist tot"))
    kind = battle.creature_type(creature)
    if not can_help(
        creature.cell,
        other.cell,
        helper_side=kind.size_fields,
        other_side=battle.creature_type(other).size_fields,
        reach=kind.reach,
    ):
        raise CommandRejected(
            say(
                f"{other.name} is not within melee reach (E-ACT-VH-HELFEN)",
                f"{other.name} ist nicht in Nahkampfreichweite (E-ACT-VH-HELFEN)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    _set_effect(
        other,
        Effect(
            HELP_BONUS,
            HELP_DURATION.kind,
            source=creature.key,
            uses=HELP_DURATION.uses,
            started_round=battle.state.round,
        ),
    )
    events.append(
        _event(
            "help",
            f"{creature.name} hilft {other.name}: WM +1w6 auf den nächsten Erfolgswurf",
            f"{creature.name} helps {other.name}: +1d6 on the next check",
            creature.key,
            rule="E-ACT-VH-HELFEN",
            target=other.key,
        )
    )
    return events


def _stabilize(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Stabilisieren: Intelligenz vs ZW 15, the LP as WM; Sterbend -> Stabiles Koma."""
    rule = ACTIONS[action]
    target = _target(battle, command.target, say("a Sterbend creature", "ein sterbendes Wesen"))
    if Condition.DYING not in target.conditions or Condition.STABLE_COMA in target.conditions:
        raise CommandRejected(
            say(
                f"{target.name} is not Sterbend (E-ACT-VH-STABILISIEREN-1)",
                f"{target.name} ist nicht Sterbend (E-ACT-VH-STABILISIEREN-1)",
            )
        )
    if not _has_medkit(battle, creature):
        raise CommandRejected(
            say(
                f"{creature.name} has no Medkit (E-ACT-VH-STABILISIEREN-1)",
                f"{creature.name} hat kein Medkit (E-ACT-VH-STABILISIEREN-1)",
            )
        )
    if not _reachable(battle, creature, target):
        raise CommandRejected(
            say(f"{target.name} is not within reach", f"{target.name} ist nicht in Reichweite")
        )
    try:
        modifier = stabilize_modifier(target.lp)
    except ValueError as error:
        raise CommandRejected(
            say(
                str(error),
                f"nur ein sterbendes Wesen (LP -1..-9) wird stabilisiert, LP {target.lp}",
            )
        ) from None
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    assert rule.roll is not None and isinstance(rule.roll.against, int)
    roll, event = battle.check(
        creature,
        rule.roll.attribute_for(ranged=False),
        rule.roll.against,
        modifier=modifier,
        what_de=f"Stabilisieren von {target.name} (WM {modifier})",
        what_en=f"stabilize {target.name} (WM {modifier})",
    )
    event.data["rule"] = "E-ACT-VH-STABILISIEREN-1"
    events.append(event)
    if not roll.success:
        return events
    events += battle._apply_change(target, lose(target.conditions, Condition.DYING, lp=target.lp))
    events.append(
        _event(
            "stabilized",
            f"{target.name} ist stabilisiert: Stabiles Koma",
            f"{target.name} is stabilised: stable coma",
            creature.key,
            rule="E-ACT-VH-STABILISIEREN-2",
            target=target.key,
        )
    )
    return events


def _first_aid(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Erste Hilfe: 10 minutes, +1 LP, once per hour per patient (E-ACT-LH-ERSTEHILFE)."""
    target = battle.creature(command.target or creature.key)
    if not _has_medkit(battle, creature):
        raise CommandRejected(
            say(
                f"{creature.name} has no Medkit (E-ACT-LH-ERSTEHILFE)",
                f"{creature.name} hat kein Medkit (E-ACT-LH-ERSTEHILFE)",
            )
        )
    if Condition.DEAD in target.conditions:
        raise CommandRejected(say(f"{target.name} is dead", f"{target.name} ist tot"))
    if not _reachable(battle, creature, target):
        raise CommandRejected(
            say(f"{target.name} is not within reach", f"{target.name} ist nicht in Reichweite")
        )
    if target.lp >= target.max_lp:
        raise CommandRejected(
            say(f"{target.name} is not injured", f"{target.name} ist nicht verletzt")
        )
    if not can_be_healed(target.conditions):
        raise CommandRejected(
            say(
                f"{target.name} is Sterbend: stabilise first (E-COND-STERBEND-2)",
                f"{target.name} ist Sterbend: erst stabilisieren (E-COND-STERBEND-2)",
            )
        )
    if battle.has_effect(target, FIRST_AIDED):
        raise CommandRejected(
            say(
                f"{target.name} had first aid within the hour (E-ACT-LH-ERSTEHILFE)",
                f"{target.name} hat in der letzten Stunde schon Erste Hilfe erhalten "
                "(E-ACT-LH-ERSTEHILFE)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    rounds = ACTIONS[action].rounds or 1
    return events + _start_long(battle, creature, action, rounds, {"target": target.key})


def _complete_first_aid(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    target = battle.state.creatures.get(pending.data["target"])
    if target is None or Condition.DEAD in target.conditions:
        return _failed(creature, pending, "the patient is dead")
    if not _reachable(battle, creature, target):
        return _failed(creature, pending, f"{target.name} is out of reach")
    _set_effect(
        target,
        Effect(
            FIRST_AIDED,
            DurationKind.ROUNDS,
            source=creature.key,
            until_round=battle.state.round + FIRST_AID_COOLDOWN_ROUNDS,
            started_round=battle.state.round,
        ),
    )
    return _heal(battle, target, FIRST_AID_HEALING, "Erste Hilfe")


def _nano(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """NanoHeilbot-Boost: 1w6 LP within 10 minutes, once after each rest (E-ACT-LH-NANO)."""
    if not _has_healbots(battle, creature):
        raise CommandRejected(
            say(
                f"{creature.name} has no NanoHeilbots (E-ACT-LH-NANO)",
                f"{creature.name} hat keine NanoHeilbots (E-ACT-LH-NANO)",
            )
        )
    if battle.has_effect(creature, NANO_USED):
        raise CommandRejected(
            say(
                "the boost was used since the last rest (E-ACT-LH-NANO)",
                "der Boost wurde seit der letzten Rast schon genutzt (E-ACT-LH-NANO)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    # No rest happens within a fight: used once, for the rest of the combat.
    creature.effects.append(
        Effect(NANO_USED, DurationKind.REST_OF_COMBAT, started_round=battle.state.round)
    )
    rounds = ACTIONS[action].rounds or 1
    return events + _start_long(battle, creature, action, rounds, {})


def _complete_nano(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    amount = nano_healing(battle.roller)
    events = [
        _event(
            "roll",
            f"{creature.name}: NanoHeilbot-Boost w6 [{amount}]",
            f"{creature.name}: nano-healbot boost d6 [{amount}]",
            creature.key,
            rule="E-ACT-LH-NANO",
            dice=[amount],
        )
    ]
    return events + _heal(battle, creature, amount, "NanoHeilbots")


def _revive(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Wiederbeleben: 1 minute, Intelligenz vs 15 with -minutes dead (E-ACT-LH-WIEDERBELEBEN-*)."""
    target = _target(battle, command.target, say("a dead creature", "ein totes Wesen"))
    if Condition.DEAD not in target.conditions:
        raise CommandRejected(
            say(
                f"{target.name} is not dead (E-ACT-LH-WIEDERBELEBEN-1)",
                f"{target.name} ist nicht tot (E-ACT-LH-WIEDERBELEBEN-1)",
            )
        )
    if not _has_medkit(battle, creature):
        raise CommandRejected(
            say(
                f"{creature.name} has no Medkit (E-ACT-LH-WIEDERBELEBEN-1)",
                f"{creature.name} hat kein Medkit (E-ACT-LH-WIEDERBELEBEN-1)",
            )
        )
    if not _within_reach(battle, creature, target):
        raise CommandRejected(
            say(f"{target.name} is not within reach", f"{target.name} ist nicht in Reichweite")
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    minutes = target.minutes_dead
    modifier = revive_modifier(minutes)  # at the start of the attempt (E-OPEN-35)
    rounds = ACTIONS[action].rounds or ROUNDS_PER_MINUTE
    data = {"target": target.key, "modifier": modifier, "minutes_at_start": minutes}
    return events + _start_long(battle, creature, action, rounds, data)


def _complete_revive(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    target = battle.state.creatures.get(pending.data["target"])
    if target is None or Condition.DEAD not in target.conditions:
        return _failed(creature, pending, "the patient is no longer dead")
    if not _within_reach(battle, creature, target):
        return _failed(creature, pending, f"{target.name} is out of reach")
    rule = ACTIONS[Action.REVIVE]
    assert rule.roll is not None and isinstance(rule.roll.against, int)
    modifier = int(pending.data["modifier"])
    roll, event = battle.check(
        creature,
        rule.roll.attribute_for(ranged=False),
        rule.roll.against,
        modifier=modifier,
        what_de=f"Wiederbeleben von {target.name} (WM {modifier})",
        what_en=f"revive {target.name} (WM {modifier})",
    )
    event.data["rule"] = "E-ACT-LH-WIEDERBELEBEN-2"
    events = [event]
    if not roll.success:
        events.append(
            _event(
                "revive_failed",
                f"{target.name} kommt nicht zurück; der Versuch kann wiederholt werden",
                f"{target.name} does not come back; the attempt may be repeated",
                creature.key,
                rule="E-ACT-LH-WIEDERBELEBEN-3",
            )
        )
        return events
    cost = revival_cost(target.minutes_dead)
    minutes = target.minutes_dead
    # Stabiles Koma replaces Tod; the LP stay as they are (E-OPEN-34).
    target.conditions = lose(target.conditions, Condition.DEAD).held
    target.effects = [e for e in target.effects if e.name != DEAD_CLOCK]
    target.minutes_dead = 0.0
    events += battle._apply_change(
        target, gain(target.conditions, Condition.STABLE_COMA, lp=target.lp)
    )
    events.append(
        _event(
            "revived",
            f"{target.name} ist wiederbelebt (Stabiles Koma) nach {minutes:g} Minuten: "
            f"verliert {cost.essence_loss} Essenz",
            f"{target.name} is revived (stable coma) after {minutes:g} minutes: "
            f"loses {cost.essence_loss} essence",
            creature.key,
            rule="E-ACT-LH-WIEDERBELEBEN-4",
            target=target.key,
            essence_loss=cost.essence_loss,
            insanity_checks=cost.insanity_checks,
        )
    )
    if cost.insanity_checks:
        events.append(
            _event(
                "gm_question",
                f"{target.name}: {cost.insanity_checks} Wahnsinnsprobe(n) (Spielleitung)",
                f"{target.name} must make {cost.insanity_checks} insanity check(s) (GM)",
                target.key,
                rule="E-ACT-LH-WIEDERBELEBEN-5",
                insanity_checks=cost.insanity_checks,
            )
        )
    return events


# --- the other actions -------------------------------------------------------------
def _study(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Gegner studieren: Vorteil on the first attack at that enemy until the end of next round."""
    target = _target(
        battle, command.target, say("the enemy to study", "den Gegner, der studiert wird")
    )
    if target.side == creature.side:
        raise CommandRejected(
            say(
                f"{target.name} is no enemy (E-ACT-VH-STUDIEREN)",
                f"{target.name} ist kein Gegner (E-ACT-VH-STUDIEREN)",
            )
        )
    if Condition.DEAD in target.conditions:
        raise CommandRejected(say(f"{target.name} is dead", f"{target.name} ist tot"))
    if not can_be_targeted(target.conditions):
        raise CommandRejected(
            say(
                f"{target.name} cannot be made out (E-COND-UNENTDECKT-2)",
                f"{target.name} ist nicht auszumachen (E-COND-UNENTDECKT-2)",
            )
        )
    if not line_of_sight(battle.grid, creature.cell, target.cell):
        raise CommandRejected(
            say(f"{target.name} is not in line of sight", f"{target.name} ist nicht in Sichtlinie")
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    round_ = battle.state.round
    _set_effect(
        target,
        Effect(
            STUDIED_ENEMY,
            STUDY_DURATION.kind,
            source=creature.key,
            until_round=round_ + 2,  # ends when the round after next begins
            uses=STUDY_DURATION.uses,
            started_round=round_,
        ),
        same_source=True,
    )
    events.append(
        _event(
            "study",
            f"{creature.name} studiert {target.name}: Vorteil auf den ersten Angriff",
            f"{creature.name} studies {target.name}: advantage on the first attack",
            creature.key,
            rule="E-ACT-VH-STUDIEREN",
            target=target.key,
        )
    )
    return events


def _ready(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Abwarten: state the event first, then wait until the next turn (E-ACT-VH-ABWARTEN-1)."""
    trigger = command.note.strip()
    if not trigger:
        raise CommandRejected(
            say(
                "Abwarten needs the event to wait for (note) (E-ACT-VH-ABWARTEN-1)",
                "Abwarten braucht das Ereignis, auf das gewartet wird (note) (E-ACT-VH-ABWARTEN-1)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    battle.state.pending = [
        p for p in battle.state.pending if not (p.kind == READY and p.actor == creature.key)
    ]
    battle.state.pending.append(
        Pending(READY, creature.key, {"trigger": trigger, "round": battle.state.round})
    )
    events.append(
        _event(
            "ready",
            f"{creature.name} wartet ab: {trigger}",
            f"{creature.name} readies for: {trigger}",
            creature.key,
            rule="E-ACT-VH-ABWARTEN-1",
            trigger=trigger,
        )
    )
    return events


# --- Verbergen and finding (E-ACT-VH-VERBERGEN-*, E-COND-UNENTDECKT-*, E-OPEN-50) ------
@dataclass(frozen=True)
class _Hiding:
    """What one Verbergen hides: a creature (the hider or another) or one item on a field."""

    creature: CreatureState | None
    cell: Cell
    item: str | None = None
    from_hand: bool = False

    def name(self, battle: Battle) -> tuple[str, str]:
        if self.creature is not None:
            return self.creature.name, self.creature.name
        assert self.item is not None
        return _item_name(battle, self.item)


def _living_others(battle: Battle, side: str) -> set[str]:
    return {
        c.key
        for c in battle.state.creatures.values()
        if c.side != side and Condition.DEAD not in c.conditions
    }


def set_hidden(battle: Battle, creature: CreatureState, keys: set[str]) -> list[Event]:
    """Make ``creature`` Unentdeckt toward ``keys`` (E-ACT-VH-VERBERGEN-2, E-OPEN-50).

    A record that covers every living creature of another side is kept empty: hidden from
    every other side, the reading ``Battle.hidden_from`` gives a record-less Unentdeckt.
    """
    creature.hidden_from = set() if _living_others(battle, creature.side) <= keys else set(keys)
    if Condition.UNDETECTED in creature.conditions:
        return []
    return battle.add_condition(creature, Condition.UNDETECTED)


def lose_hidden_toward(
    battle: Battle, creature: CreatureState, finders: set[str], *, rule: str
) -> list[Event]:
    """End Unentdeckt toward ``finders`` only (E-COND-UNENTDECKT-4); the last one ends it."""
    hidden = battle.hidden_from(creature)
    found = hidden & finders
    if not found:
        return []
    names = ", ".join(battle.state.creatures[k].name for k in sorted(found))
    events = [
        _event(
            "found",
            f"{names} entdeckt {creature.name}",
            f"{names} detects {creature.name}",
            creature.key,
            rule=rule,
            found_by=sorted(found),
        )
    ]
    rest = {
        key
        for key in hidden - found
        if Condition.DEAD not in battle.state.creatures[key].conditions
    }
    if rest:
        creature.hidden_from = rest
        return events
    creature.hidden_from = set()
    return events + battle.remove_condition(creature, Condition.UNDETECTED)


def _hide_targets(
    battle: Battle, hider: CreatureState, subject: _Hiding
) -> tuple[list[CreatureState], list[CreatureState]]:
    """Return (observers, others): the enemies the subject is not yet hidden from.

    Observers are in the fight and compared with their Geist; the others are out of it
    (not dead), do not observe and are compared with ZW 15 (E-OPEN-50).
    """
    already = battle.hidden_from(subject.creature) if subject.creature else frozenset()
    subject_key = subject.creature.key if subject.creature else None
    enemies = [e for e in battle.enemies_of(hider) if e.key != subject_key and e.key not in already]
    return [e for e in enemies if not e.out_of_fight], [e for e in enemies if e.out_of_fight]


def _hide_problem(battle: Battle, hider: CreatureState, subject: _Hiding) -> str:
    """Return why the subject cannot be hidden here, or "" (E-ACT-VH-VERBERGEN-1/3)."""
    observers, _ = _hide_targets(battle, hider, subject)
    at = {e.key: e.cell for e in observers}
    names = {e.key: e.name for e in observers}
    seeing = observers_seeing(battle.grid, hider.cell, at)
    if seeing:
        return say(
            f"{names[seeing[0]]} can see {hider.name} (E-ACT-VH-VERBERGEN-1)",
            f"{names[seeing[0]]} kann {hider.name} sehen (E-ACT-VH-VERBERGEN-1)",
        )
    if subject.cell != hider.cell:
        seeing = observers_seeing(battle.grid, subject.cell, at)
        if seeing:
            return say(
                f"{names[seeing[0]]} can see field {list(subject.cell)} (E-ACT-VH-VERBERGEN-3)",
                f"{names[seeing[0]]} kann Feld {list(subject.cell)} sehen (E-ACT-VH-VERBERGEN-3)",
            )
    if not suitable_hiding_place(battle.grid, subject.cell):
        return say(
            "nothing to hide behind here: no cover or wall nearby (E-ACT-VH-VERBERGEN-1)",
            "hier gibt es nichts, hinter dem man sich verbergen kann: keine "
            "Deckung oder Wand in der Nähe (E-ACT-VH-VERBERGEN-1)",
        )
    return ""


def _hide_subject(battle: Battle, hider: CreatureState, command: UseAction) -> _Hiding:
    """Return what the command hides; reject what cannot be hidden (E-ACT-VH-VERBERGEN-3)."""
    if command.target is not None and command.item is not None:
        raise CommandRejected(
            say(
                "Verbergen hides one thing: a creature (target) or an item",
                "Verbergen verbirgt eine Sache: ein Wesen (target) oder einen Gegenstand",
            )
        )
    if command.item is not None:
        return _hide_item_subject(battle, hider, command.item, command.cell)
    if command.cell is not None:
        raise CommandRejected(
            say(
                "a field (cell) is given only with an item to hide",
                "ein Feld (cell) wird nur mit einem zu verbergenden Gegenstand angegeben",
            )
        )
    other = hider if command.target is None else battle.creature(command.target)
    if Condition.DEAD in other.conditions:
        raise CommandRejected(say(f"{other.name} is dead", f"{other.name} ist tot"))
    if other is not hider and not _within_reach(battle, hider, other):
        raise CommandRejected(
            say(
                f"{other.name} is not within melee reach (E-ACT-VH-VERBERGEN-3)",
                f"{other.name} ist nicht in Nahkampfreichweite (E-ACT-VH-VERBERGEN-3)",
            )
        )
    subject = _Hiding(other, other.cell)
    observers, others = _hide_targets(battle, hider, subject)
    if Condition.UNDETECTED in other.conditions and not observers and not others:
        raise CommandRejected(
            say(
                f"{other.name} is already Unentdeckt toward every enemy",
                f"{other.name} ist bereits vor jedem Gegner Unentdeckt",
            )
        )
    return subject


def _hide_item_subject(
    battle: Battle, hider: CreatureState, item: str, cell: Cell | None
) -> _Hiding:
    cell = cell if cell is not None else hider.cell
    if not battle.grid.in_bounds(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map",
                f"Feld {list(cell)} liegt außerhalb der Karte",
            )
        )
    if distance(hider.cell, cell) > 1:
        raise CommandRejected(
            say(
                "the item must lie on the own or a neighbouring field",
                "der Gegenstand muss auf dem eigenen oder einem Nachbarfeld liegen",
            )
        )
    on_ground = battle.state.ground_items.get(cell, []).count(item)
    known = battle.visible_ground_items(hider).get(cell, []).count(item)
    records = sum(1 for h in battle.state.hidden_items if h.cell == cell and h.item == item)
    lying = known > 0 and records < on_ground  # one there that is hidden from nobody yet
    from_hand = not lying and item in hider.held
    if known == 0 and not from_hand:
        raise CommandRejected(
            say(
                f"there is no {item!r} on field {list(cell)} nor in hand",
                f"auf Feld {list(cell)} liegt kein {item!r}, und in der Hand ist auch keins",
            )
        )
    if not lying and not from_hand:
        raise CommandRejected(
            say(
                f"every {item!r} on field {list(cell)} is already hidden",
                f"jedes {item!r} auf Feld {list(cell)} ist bereits verborgen",
            )
        )
    if from_hand and battle.grid.is_wall(cell):
        raise CommandRejected(
            say(f"field {list(cell)} is a wall", f"Feld {list(cell)} ist eine Wand")
        )
    return _Hiding(None, cell, item, from_hand)


def _hide(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Verbergen: one Geschick roll against each observer's Geist -> Unentdeckt toward them."""
    subject = _hide_subject(battle, creature, command)
    problem = _hide_problem(battle, creature, subject)
    if problem:
        raise CommandRejected(problem)
    observers, others = _hide_targets(battle, creature, subject)
    # The talent Schatten makes Verbergen a half action (EX-HIDE-1, E-ACT-5).
    as_type = ActionType.HALF if "Schatten" in _talent_names(battle, creature) else None
    _check_budget(battle, action, as_type)
    # valid: now change the state
    events = _spend(battle, creature, action, as_type)
    spec = ACTIONS[action].roll
    assert spec is not None
    roll, event = battle.check(
        creature,
        spec.attribute_for(ranged=False),
        None if observers else STANDARD_TARGET,
        what_de="Verbergen",
        what_en="hide",
    )
    event.data["rule"] = "E-ACT-VH-VERBERGEN-2"
    events.append(event)
    targets = {o.key: battle.save_value(o, SaveValue.MIND) for o in observers}
    targets.update({o.key: STANDARD_TARGET for o in others})
    outcomes = compare_with_each(roll, targets)
    beaten = {key for key, ok in outcomes.items() if ok}
    success = bool(beaten) if targets else bool(roll.success)
    if not targets and success:  # no enemy to compare with (ZW 15): every other side
        beaten = {c.key for c in battle.state.creatures.values() if c.side != creature.side}
    noticed = [battle.state.creatures[k].name for k, ok in outcomes.items() if not ok]
    name_de, name_en = subject.name(battle)
    if subject.from_hand:
        assert subject.item is not None
        creature.held.remove(subject.item)
        battle.state.ground_items.setdefault(subject.cell, []).append(subject.item)
    hidden_from: list[str] = []
    events_hidden: list[Event] = []
    if success and subject.creature is not None:  # hiding again adds to whom it hides from
        keys = set(battle.hidden_from(subject.creature)) | beaten
        events_hidden = set_hidden(battle, subject.creature, keys)
        hidden_from = sorted(battle.hidden_from(subject.creature))
    elif success and beaten:
        assert subject.item is not None
        battle.state.hidden_items.append(
            HiddenItem(subject.cell, subject.item, set(beaten), by=creature.key)
        )
        hidden_from = sorted(beaten)
    verb_de = "verbirgt sich" if subject.creature is creature else f"verbirgt {name_de}"
    verb_en = "hides" if subject.creature is creature else f"hides {name_en}"
    seen_de = " - bemerkt von " + ", ".join(noticed) if noticed else ""
    seen_en = " - noticed by " + ", ".join(noticed) if noticed else ""
    if not success:
        seen_de = seen_de or " - misslungen (ZW 15)"
        seen_en = seen_en or " - failed (ZW 15)"
    done_de = " erfolgreich" if success and not noticed else ""
    done_en = " successfully" if success and not noticed else ""
    events.append(
        _event(
            "hide",
            f"{creature.name} {verb_de}{done_de}{seen_de}",
            f"{creature.name} {verb_en}{done_en}{seen_en}",
            creature.key,
            rule="E-OPEN-50",
            subject=subject.creature.key if subject.creature else None,
            item=subject.item,
            cell=list(subject.cell),
            observers=outcomes,
            targets=targets,
            success=success,
            hidden_from=hidden_from,
        )
    )
    return events + events_hidden


def search_problem(battle: Battle, creature: CreatureState) -> str:
    """Return why ``creature`` cannot search now, or "" (the ``Search`` command)."""
    allowed, reason = battle.state.budget.can_spend(Action.INVESTIGATE, as_type=ActionType.HALF)
    if not allowed:
        return reason
    return _busy_reason(battle, creature)


@handles(Search)
def _search(battle: Battle, command: Search) -> list[Event]:
    """Search: Intelligenz vs ZW 15; finds what is hidden from the searcher in its sight."""
    searcher = battle.creature(command.actor)
    _not_busy(battle, searcher)
    _check_budget(battle, Action.INVESTIGATE, ActionType.HALF)
    # valid: now change the state
    events = _spend(battle, searcher, Action.INVESTIGATE, ActionType.HALF)
    detection = CONDITIONS[Condition.UNDETECTED].detection
    assert detection is not None
    roll, event = battle.check(
        searcher,
        Attribute.INTELLIGENCE,
        detection.target,
        context=RollContext(attribute=Attribute.INTELLIGENCE, needs_sight=True),
        what_de="Suche nach Verborgenem",
        what_en="search for the hidden",
    )
    event.data["rule"] = "E-COND-UNENTDECKT-3"
    events.append(event)
    found: list[str] = []
    items: list[list[Any]] = []
    if roll.success:
        for key in battle.state.order:
            other = battle.state.creatures[key]
            if battle.is_hidden_from(other, searcher) and line_of_sight(
                battle.grid, searcher.cell, other.cell
            ):
                found.append(other.key)
                events += lose_hidden_toward(
                    battle, other, {searcher.key}, rule="E-COND-UNENTDECKT-4"
                )
        for record in battle.state.hidden_items:
            if searcher.key in record.hidden_from and line_of_sight(
                battle.grid, searcher.cell, record.cell
            ):
                items.append([list(record.cell), record.item])
                events += _find_item(battle, searcher, record, rule="E-ACT-VH-UNTERSUCHEN")
        _prune_hidden_items(battle)
    events.append(
        _event(
            "search",
            f"{searcher.name} sucht: "
            + (f"{len(found) + len(items)} gefunden" if found or items else "nichts gefunden"),
            f"{searcher.name} searches: "
            + (f"{len(found) + len(items)} found" if found or items else "nothing found"),
            searcher.key,
            rule="E-OPEN-39",
            success=bool(roll.success),
            found=found,
            items=items,
        )
    )
    return events


def _find_item(
    battle: Battle, finder: CreatureState, record: HiddenItem, *, rule: str
) -> list[Event]:
    """The item of ``record`` is no longer hidden from ``finder`` (found, not taken)."""
    record.hidden_from.discard(finder.key)
    de, en = _item_name(battle, record.item)
    return [
        _event(
            "found_item",
            f"{finder.name} entdeckt {de} auf {list(record.cell)}",
            f"{finder.name} finds {en} on {list(record.cell)}",
            finder.key,
            rule=rule,
            item=record.item,
            cell=list(record.cell),
        )
    ]


def _prune_hidden_items(battle: Battle) -> None:
    """Drop records hidden from nobody, and those whose item no longer lies there."""
    kept: list[HiddenItem] = []
    counted: dict[tuple[Cell, str], int] = {}
    for record in battle.state.hidden_items:
        if not record.hidden_from:
            continue
        where = (record.cell, record.item)
        counted[where] = counted.get(where, 0) + 1
        if counted[where] <= battle.state.ground_items.get(record.cell, []).count(record.item):
            kept.append(record)
    if len(kept) != len(battle.state.hidden_items):
        battle.state.hidden_items = kept


def _find_on_enter(battle: Battle, creature: CreatureState, cells: list[Cell]) -> list[Event]:
    """Entering the field of a hidden item finds it (E-ACT-VH-VERBERGEN-3, a decision)."""
    entered = set(cells)
    events: list[Event] = []
    for record in battle.state.hidden_items:
        if record.cell in entered and creature.key in record.hidden_from:
            events += _find_item(battle, creature, record, rule="E-ACT-VH-VERBERGEN-3")
    if events:
        _prune_hidden_items(battle)
    return events


def _sync_hiding(battle: Battle) -> list[Event]:
    """After every command: a creature that lost Unentdeckt (a conspicuous act, the game
    master) forgets whom it was hidden from (E-COND-UNENTDECKT-5); hidden items follow the
    ground (picked up: no longer hidden)."""
    for creature in battle.state.creatures.values():
        if creature.hidden_from and Condition.UNDETECTED not in creature.conditions:
            creature.hidden_from = set()
    _prune_hidden_items(battle)
    return []


if _sync_hiding not in AFTER_COMMAND_HOOKS:
    AFTER_COMMAND_HOOKS.append(_sync_hiding)
if _find_on_enter not in ENTER_HOOKS:
    ENTER_HOOKS.append(_find_on_enter)


def _irritate(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Irritieren: Geschick vs Geist -> Irritiert until the irritator's next-round turn."""
    target = _target(battle, command.target)
    if target.key == creature.key or Condition.DEAD in target.conditions:
        raise CommandRejected(
            say(
                "Irritieren targets another living creature",
                "Irritieren zielt auf ein anderes lebendes Wesen",
            )
        )
    kind = battle.creature_type(creature)
    if not can_irritate(
        creature.cell,
        target.cell,
        actor_side=kind.size_fields,
        target_side=battle.creature_type(target).size_fields,
        reach=kind.reach,
    ):
        raise CommandRejected(
            say(
                f"{target.name} is not within melee reach (E-ACT-HH-IRRITIEREN)",
                f"{target.name} ist nicht in Nahkampfreichweite (E-ACT-HH-IRRITIEREN)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    spec = ACTIONS[action].roll
    assert spec is not None and isinstance(spec.against, SaveValue)
    roll, event = battle.check(
        creature,
        spec.attribute_for(ranged=False),
        battle.save_value(target, spec.against),
        what_de=f"Irritieren von {target.name}",
        what_en=f"irritate {target.name}",
    )
    event.data["rule"] = "E-ACT-HH-IRRITIEREN"
    events.append(event)
    events += _reveal(creature, ConspicuousAct.INTERACTION)
    if roll.success:
        effect = Effect(
            Condition.IRRITATED.name,
            IRRITATE_ACTION_DURATION.kind,
            source=creature.key,
            value=1,
            started_round=battle.state.round,
        )
        events += _give_condition(battle, target, Condition.IRRITATED, 1, effect)
    return events


def _orient(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Orientieren: initiative +5 once per combat, from the next round; the GM informs."""
    if creature.oriented:
        raise CommandRejected(
            say(
                f"{creature.name} has already oriented this combat (E-INIT-8, E-OPEN-8)",
                f"{creature.name} hat sich in diesem Kampf schon orientiert (E-INIT-8, E-OPEN-8)",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    creature.oriented = True
    events.append(
        _event(
            "orient",
            f"{creature.name} orientiert sich: Initiative +5 ab der nächsten Runde",
            f"{creature.name} takes stock: initiative +5 from the next round",
            creature.key,
            rule="E-INIT-8",
        )
    )
    return events + _ask_gm(battle, creature, action, {"note": command.note})


# --- armour ------------------------------------------------------------------------
def _worn_armour(battle: Battle, key: str | None) -> ArmourType:
    if key is None or key not in battle.catalogue.armour:
        raise CommandRejected(say(f"{key!r} is no armour", f"{key!r} ist keine Panzerung"))
    armour = battle.catalogue.armour[key]
    if armour.category is not ArmorCategory.WORN:
        raise CommandRejected(
            say(
                f"{armour.name} is {armour.category.value}, not worn armour (E-ACT-LH-PANZERUNG-1)",
                f"{armour.name} ist {armour.category.value}, keine Getragene Panzerung "
                "(E-ACT-LH-PANZERUNG-1)",
            )
        )
    return armour


def _don(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Panzerung anziehen: PAZ rounds, a space suit 2 (E-ACT-LH-PANZERUNG-1/2)."""
    armour = _worn_armour(battle, command.item)
    if armour.key in creature.held:
        source = "held"
    elif armour.key in battle.state.ground_items.get(creature.cell, []):
        source = "ground"
    else:
        raise CommandRejected(
            say(
                f"{armour.name} is neither in hand nor on {creature.name}'s field",
                f"{armour.name} ist weder in der Hand noch auf dem Feld von {creature.name}",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    rounds = don_armor_rounds(armour.armor_value, space_suit=armour.space_suit)
    data = {"item": armour.key, "from": source}
    return events + _start_long(battle, creature, action, rounds, data)


def _doff(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Panzerung ausziehen: half the donning time, at least 1 round (E-ACT-LH-PANZERUNG-3)."""
    armour = _worn_armour(battle, command.item)
    if armour.key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} does not wear {armour.name}",
                f"{creature.name} trägt {armour.name} nicht",
            )
        )
    _check_budget(battle, action)
    events = _spend(battle, creature, action)
    rounds = doff_armor_rounds(armour.armor_value, space_suit=armour.space_suit)
    return events + _start_long(battle, creature, action, rounds, {"item": armour.key})


def _complete_don(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    key = str(pending.data["item"])
    ground = battle.state.ground_items.get(creature.cell, [])
    if pending.data["from"] == "held" and key in creature.held:
        creature.held.remove(key)
    elif pending.data["from"] == "ground" and key in ground:
        _take_from_ground(battle, creature.cell, key)
    else:
        return _failed(creature, pending, f"{key!r} is gone")
    creature.carried.append(key)
    name = battle.catalogue.armour[key].name
    return [
        _event(
            "armour",
            f"{creature.name} trägt jetzt {name}",
            f"{creature.name} now wears {battle.catalogue.armour[key].english}",
            creature.key,
            rule="E-ACT-LH-PANZERUNG-1",
            item=key,
        )
    ]


def _complete_doff(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    key = str(pending.data["item"])
    if key not in creature.carried:
        return _failed(creature, pending, f"{key!r} is gone")
    creature.carried.remove(key)
    if _free_hands(battle, creature) > 0:
        creature.held.append(key)
        where_de, where_en = "in der Hand", "in hand"
    else:
        battle.state.ground_items.setdefault(creature.cell, []).append(key)
        where_de, where_en = "am Boden", "on the ground"
    armour = battle.catalogue.armour[key]
    return [
        _event(
            "armour",
            f"{creature.name} legt {armour.name} ab ({where_de})",
            f"{creature.name} takes off {armour.english} ({where_en})",
            creature.key,
            rule="E-ACT-LH-PANZERUNG-3",
            item=key,
        )
    ]


# --- longer actions ----------------------------------------------------------------
def _start_long(
    battle: Battle, creature: CreatureState, action: Action, rounds: int, data: dict[str, Any]
) -> list[Event]:
    """Begin a longer action that completes in round ``now + rounds`` (E-ACT-3, E-OPEN-49)."""
    rule = ACTIONS[action]
    round_ = battle.state.round
    battle.state.pending.append(
        Pending(
            LONG_ACTION,
            creature.key,
            {"action": action.name, "started": round_, "complete": round_ + rounds, **data},
        )
    )
    events = [
        _event(
            "long_action",
            f"{creature.name} beginnt: {rule.german} ({rounds} Runde(n))",
            f"{creature.name} begins: {rule.english} ({rounds} round(s))",
            creature.key,
            rule=rule.rule_ids[0],
            action=action.name,
            rounds=rounds,
        )
    ]
    if Condition.FOCUSED in rule.gives_conditions:
        events += battle.add_condition(creature, Condition.FOCUSED)
    return events


def _failed(creature: CreatureState, pending: Pending, reason: str) -> list[Event]:
    rule = ACTIONS[Action[pending.data["action"]]]
    return [
        _event(
            "long_action_failed",
            f"{creature.name}: {rule.german} scheitert - {reason}",
            f"{creature.name}: {rule.english} fails - {reason}",
            creature.key,
            action=rule.action.name,
            reason=reason,
        )
    ]


def _complete_gm(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    return _ask_gm(battle, creature, Action[pending.data["action"]], pending.data)


def _drop_focus(creature: CreatureState) -> list[Event]:
    """End Fokussiert because the action is complete: no interruption (E-OPEN-49)."""
    if Condition.FOCUSED not in creature.conditions:
        return []
    creature.conditions = creature.conditions.remove(Condition.FOCUSED)
    return [
        _event(
            "condition_lost",
            f"{creature.name} verliert {Condition.FOCUSED.value}",
            f"{creature.name} loses focused",
            creature.key,
            condition=Condition.FOCUSED.name,
        )
    ]


def _progress_long_action(battle: Battle, creature: CreatureState) -> list[Event]:
    pending = _long_action_of(battle, creature)
    if pending is None:
        return []
    action = Action[pending.data["action"]]
    rule = ACTIONS[action]
    if not can_act(creature.conditions) or Condition.DEAD in creature.conditions:
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        return _drop_focus(creature) + _failed(creature, pending, "the actor cannot act")
    if battle.state.round < int(pending.data["complete"]):
        left = int(pending.data["complete"]) - battle.state.round
        # The hook runs after the engine gave the fresh budget: the LH fills the turn.
        battle.state.budget = occupied_budget(battle, creature, battle.state.budget)
        return [
            _event(
                "long_action_continues",
                f"{creature.name} setzt fort: {rule.german} (noch {left} Runde(n))",
                f"{creature.name} continues: {rule.english} ({left} round(s) left)",
                creature.key,
                action=action.name,
                rounds_left=left,
            )
        ]
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    events = _drop_focus(creature)
    events.append(
        _event(
            "long_action_done",
            f"{creature.name} beendet: {rule.german}",
            f"{creature.name} completes: {rule.english}",
            creature.key,
            rule="E-OPEN-49",
            action=action.name,
        )
    )
    return events + COMPLETERS.get(action, _complete_gm)(battle, creature, pending)


def occupied_budget(battle: Battle, creature: CreatureState, budget: TurnBudget) -> TurnBudget:
    """Return the budget of a turn a longer action fills: only the FH is left (E-OPEN-49)."""
    pending = _long_action_of(battle, creature)
    if pending is None or budget.incapacitated:
        return budget
    try:
        return budget.spend(Action[pending.data["action"]], as_type=ActionType.LONGER)
    except ActionNotAllowed:
        return budget


@handles(EndLongAction)
def _end_long_action(battle: Battle, command: EndLongAction) -> list[Event]:
    creature = battle.creature(command.actor)
    pending = _long_action_of(battle, creature)
    if pending is None:
        raise CommandRejected(
            say(
                f"{creature.name} has no longer action in progress",
                f"{creature.name} führt keine Längere Handlung aus",
            )
        )
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    events: list[Event] = []
    if Condition.FOCUSED in creature.conditions:
        events += battle._apply_change(
            creature, end_voluntarily(creature.conditions, Condition.FOCUSED)
        )
    rule = ACTIONS[Action[pending.data["action"]]]
    events.append(
        _event(
            "long_action_ended",
            f"{creature.name} bricht ab: {rule.german}",
            f"{creature.name} breaks off: {rule.english}",
            creature.key,
            rule="E-COND-FOKUSSIERT-3",
        )
    )
    return events


# ------------------------------------------------------------------ Interagieren
def _take_from_ground(battle: Battle, cell: Cell, key: str) -> None:
    items = battle.state.ground_items[cell]
    items.remove(key)
    if not items:
        del battle.state.ground_items[cell]


def _item_name(battle: Battle, key: str) -> tuple[str, str]:
    try:
        item = battle.catalogue.equipment(key)
    except KeyError:
        return key, key
    return item.name, item.english


def _door_record(battle: Battle, cell: Cell) -> Pending | None:
    for pending in battle.state.pending:
        if pending.kind == DOOR_STATE and tuple(pending.data["cell"]) == cell:
            return pending
    return None


def _adjacent_door(battle: Battle, creature: CreatureState, cell: Cell | None) -> Cell:
    if cell is None:
        raise CommandRejected(say("name the door's field (cell)", "nenne das Feld der Tür (cell)"))
    if not battle.grid.in_bounds(cell) or not battle.grid.is_door(cell):
        raise CommandRejected(
            say(f"there is no door on field {list(cell)}", f"auf Feld {list(cell)} ist keine Tür")
        )
    if distance(creature.cell, cell) != 1:
        raise CommandRejected(
            say(
                "the door must be on a neighbouring field",
                "die Tür muss auf einem Nachbarfeld sein",
            )
        )
    return cell


@handles(Interact)
def _interact(battle: Battle, command: Interact) -> list[Event]:
    creature = battle.creature(command.actor)
    _not_busy(battle, creature)
    if command.what == "reload":
        raise CommandRejected(
            say("reloading is the reload command", "Nachladen ist der Befehl reload")
        )
    if command.what not in INTERACTIONS:
        raise CommandRejected(
            say(
                f"unknown interaction {command.what!r}; expected {INTERACTIONS}",
                f"unbekannte Interaktion {command.what!r}; erwartet {INTERACTIONS}",
            )
        )
    perform = _INTERACTIONS[command.what](battle, creature, command)
    _check_budget(battle, Action.INTERACT)
    # valid: now change the state
    events = _spend(battle, creature, Action.INTERACT)
    return events + perform()


Perform = Callable[[], list[Event]]


def _free_hands(battle: Battle, creature: CreatureState) -> int:
    """Return the creature's free hands: its own number, less what it holds, the reins
    and holding on as a passenger (E-ACT-HH-INTERAGIEREN, E-MOUNT-4, E-MOUNT-9)."""
    # imported here: situation_actions loads after this module (HANDLER_MODULES order)
    from game.battle.situation_actions import free_hands_of

    return free_hands_of(battle, creature)


def _holdable(battle: Battle, key: str) -> None:
    if key in battle.catalogue.armour and (
        battle.catalogue.armour[key].category is ArmorCategory.WORN
    ):
        raise CommandRejected(
            say(
                "worn armour is put on and taken off with Panzerung an-/ausziehen "
                "(E-ACT-LH-PANZERUNG)",
                "Getragene Panzerung wird mit Panzerung an-/ausziehen an- und abgelegt "
                "(E-ACT-LH-PANZERUNG)",
            )
        )


def _draw(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} carries no {key!r}",
                f"{creature.name} trägt kein {key!r} bei sich",
            )
        )
    _holdable(battle, key)
    if _free_hands(battle, creature) < 1:
        raise CommandRejected(
            say(f"{creature.name} has no free hand", f"{creature.name} hat keine Hand frei")
        )

    def perform() -> list[Event]:
        creature.carried.remove(key)
        creature.held.append(key)
        de, en = _item_name(battle, key)
        return [
            _event(
                "draw",
                f"{creature.name} zieht {de}",
                f"{creature.name} draws {en}",
                creature.key,
                item=key,
            )
        ]

    return perform


def _holster(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.held:
        raise CommandRejected(
            say(f"{creature.name} holds no {key!r}", f"{creature.name} hält kein {key!r}")
        )
    _holdable(battle, key)

    def perform() -> list[Event]:
        creature.held.remove(key)
        creature.carried.append(key)
        de, en = _item_name(battle, key)
        return [
            _event(
                "holster",
                f"{creature.name} steckt {de} weg",
                f"{creature.name} puts away {en}",
                creature.key,
                item=key,
            )
        ]

    return perform


def _swap(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key, other = command.item, command.other
    if key is None or key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} carries no {key!r}",
                f"{creature.name} trägt kein {key!r} bei sich",
            )
        )
    if other is None or other not in creature.held:
        raise CommandRejected(
            say(f"{creature.name} holds no {other!r}", f"{creature.name} hält kein {other!r}")
        )
    _holdable(battle, key)
    _holdable(battle, other)

    def perform() -> list[Event]:
        creature.held.remove(other)
        creature.carried.remove(key)
        creature.held.append(key)
        creature.carried.append(other)
        de, en = _item_name(battle, key)
        return [
            _event(
                "swap",
                f"{creature.name} wechselt zu {de}",
                f"{creature.name} swaps to {en}",
                creature.key,
                item=key,
                other=other,
            )
        ]

    return perform


def _pick_up(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    cell = command.cell if command.cell is not None else creature.cell
    size = battle.creature_type(creature).size_fields
    if footprint_distance(creature.cell, cell, side_a=size) > 1:
        raise CommandRejected(
            say(
                "the item must lie on the own or a neighbouring field",
                "der Gegenstand muss auf dem eigenen oder einem Nachbarfeld liegen",
            )
        )
    if key is None or key not in battle.visible_ground_items(creature).get(cell, []):
        raise CommandRejected(
            say(
                f"there is no {key!r} on field {list(cell)}",
                f"auf Feld {list(cell)} liegt kein {key!r}",
            )
        )  # hidden: unknown
    if _free_hands(battle, creature) < 1:
        raise CommandRejected(
            say(f"{creature.name} has no free hand", f"{creature.name} hat keine Hand frei")
        )

    def perform() -> list[Event]:
        _take_from_ground(battle, cell, key)
        creature.held.append(key)
        weapon = battle.catalogue.weapons.get(key)
        if weapon is not None and weapon.magazine and key not in creature.magazines:
            # Nobody counts a dropped weapon's rounds: it comes with a full magazine.
            creature.magazines[key] = int(weapon.magazine)
        de, en = _item_name(battle, key)
        events = [
            _event(
                "pick_up",
                f"{creature.name} hebt {de} auf",
                f"{creature.name} picks up {en}",
                creature.key,
                item=key,
                cell=list(cell),
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _set_door(battle: Battle, cell: Cell, is_open: bool) -> None:
    battle.grid.set_door_open(cell, is_open)
    if is_open:
        battle.state.open_doors.add(cell)
    else:
        battle.state.open_doors.discard(cell)


def _open_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    cell = _adjacent_door(battle, creature, command.cell)
    if battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is already open", "die Tür ist schon offen"))

    def perform() -> list[Event]:
        _set_door(battle, cell, True)
        events = [
            _event(
                "door",
                f"{creature.name} öffnet die Tür bei {list(cell)}",
                f"{creature.name} opens the door at {list(cell)}",
                creature.key,
                cell=list(cell),
                open=True,
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _close_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    cell = _adjacent_door(battle, creature, command.cell)
    if not battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is already closed", "die Tür ist schon geschlossen"))
    record = _door_record(battle, cell)
    if record is not None and record.data.get("broken"):
        raise CommandRejected(
            say(
                "the door is broken and no longer closes (E-OBJ-5)",
                "die Tür ist aufgebrochen und schließt nicht mehr (E-OBJ-5)",
            )
        )
    if battle.state.creature_at(cell) is not None:
        raise CommandRejected(say("a creature stands in the doorway", "ein Wesen steht in der Tür"))

    def perform() -> list[Event]:
        _set_door(battle, cell, False)
        events = [
            _event(
                "door",
                f"{creature.name} schließt die Tür bei {list(cell)}",
                f"{creature.name} closes the door at {list(cell)}",
                creature.key,
                cell=list(cell),
                open=False,
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _break_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    """Break a door: damage against its PAK; a third of its KEP left breaks it (E-OBJ-2/5)."""
    cell = _adjacent_door(battle, creature, command.cell)
    if battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is open", "die Tür ist offen"))
    record = _door_record(battle, cell)
    key = command.material or (record.data["material"] if record else DEFAULT_DOOR_MATERIAL)
    if key not in MATERIALS:
        raise CommandRejected(
            say(
                f"unknown material {key!r}; expected one of {sorted(MATERIALS)}",
                f"unbekanntes Material {key!r}; erwartet eines von {sorted(MATERIALS)}",
            )
        )
    if record is not None and command.material and command.material != record.data["material"]:
        raise CommandRejected(
            say(
                "the door's material was named before",
                "das Material der Tür wurde schon vorher benannt",
            )
        )
    material = MATERIALS[key]
    melee = [
        w for w in battle.catalogue.weapons_in(creature.held) if w.melee
    ]  # the first melee weapon in hand, else bare hands
    sw = melee[0].damage_value if melee else 0
    bonus = battle.creature_type(creature).melee_damage_bonus

    def perform() -> list[Event]:
        kep = int(record.data["kep"]) if record else material.kep
        damage, after = damage_object(ObjectState(material, kep), battle.roller, sw, bonus=bonus)
        broken = door_broken_open(after.kep, material.kep)
        data = {"cell": list(cell), "material": key, "kep": after.kep, "broken": broken}
        if record is None:
            battle.state.pending.append(Pending(DOOR_STATE, "", data))
        else:
            record.data.update(data)
        events = [
            _event(
                "door_damage",
                f"{creature.name} schlägt gegen die Tür: SW {sw} + w6 [{damage.die}] + {bonus} "
                f"- PAK {material.pak} = {damage.final} (KEP {kep} -> {after.kep}/{material.kep})",
                f"{creature.name} batters the door: SW {sw} + d6 [{damage.die}] + {bonus} "
                f"- PAK {material.pak} = {damage.final} (KEP {kep} -> {after.kep}/{material.kep})",
                creature.key,
                rule="E-OBJ-2",
                die=damage.die,
                final=damage.final,
                **data,
            )
        ]
        if broken:
            _set_door(battle, cell, True)
            events.append(
                _event(
                    "door",
                    f"Die Tür bei {list(cell)} bricht auf",
                    f"The door at {list(cell)} breaks open",
                    creature.key,
                    rule="E-OBJ-5",
                    cell=list(cell),
                    open=True,
                )
            )
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _use_item(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.held + creature.carried:
        raise CommandRejected(
            say(f"{creature.name} has no {key!r}", f"{creature.name} hat kein {key!r}")
        )

    def perform() -> list[Event]:
        de, en = _item_name(battle, key)
        events = _reveal(creature, ConspicuousAct.INTERACTION)
        events.append(
            _event(
                "gm_question",
                f"{creature.name} benutzt {de}. Spielleitung: Was geschieht?",
                f"{creature.name} uses {en}. Game master: what happens?",
                creature.key,
                rule=["E-ACT-HH-INTERAGIEREN"],
                action=Action.INTERACT.name,
                item=key,
                roll=None,
            )
        )
        return events

    return perform


_INTERACTIONS: dict[str, Callable[[Battle, CreatureState, Interact], Perform]] = {
    "draw": _draw,
    "holster": _holster,
    "swap": _swap,
    "pick_up": _pick_up,
    "open_door": _open_door,
    "close_door": _close_door,
    "break_door": _break_door,
    "use": _use_item,
}


# ------------------------------------------------------------------ free actions
@handles(DropItem)
def _drop_item(battle: Battle, command: DropItem) -> list[Event]:
    creature = battle.creature(command.actor)
    if command.item not in creature.held:
        raise CommandRejected(
            say(
                f"{creature.name} holds no {command.item!r}",
                f"{creature.name} hält kein {command.item!r}",
            )
        )
    _check_budget(battle, Action.DROP_ITEM)
    events = _spend(battle, creature, Action.DROP_ITEM)
    creature.held.remove(command.item)
    battle.state.ground_items.setdefault(creature.cell, []).append(command.item)
    de, en = _item_name(battle, command.item)
    events.append(
        _event(
            "drop",
            f"{creature.name} lässt {de} fallen",
            f"{creature.name} drops {en}",
            creature.key,
            rule="E-ACT-FH-1",
            item=command.item,
        )
    )
    return events


@handles(Shout)
def _shout(battle: Battle, command: Shout) -> list[Event]:
    creature = battle.creature(command.actor)
    text = command.text.strip()
    if not text:
        raise CommandRejected(say("what does the creature shout?", "was ruft das Wesen?"))
    if len(text) > 200:
        raise CommandRejected(
            say(
                "a free action is a short sentence (E-ACT-FH-1)",
                "eine Freie Handlung ist ein kurzer Satz (E-ACT-FH-1)",
            )
        )
    if not can_speak(creature.conditions):
        raise CommandRejected(
            say(f"{creature.name} cannot speak", f"{creature.name} kann nicht sprechen")
        )
    _check_budget(battle, Action.SHOUT_COMMAND)
    events = _spend(battle, creature, Action.SHOUT_COMMAND)
    events.append(
        _event(
            "shout",
            f"{creature.name} ruft: »{text}«",
            f"{creature.name} shouts: “{text}”",
            creature.key,
            rule="E-ACT-FH-1",
            text=text,
        )
    )
    return events + _reveal(creature, ConspicuousAct.OBVIOUS)


# ------------------------------------------------------------------ Abwarten's trigger
_FREE_KINDS = frozenset({DropItem.kind, Shout.kind})
#: The waiting creature's budget for its event: its Abwarten turn plus the one HH; the
#: free action is marked spent so none is taken (E-ACT-VH-ABWARTEN-2).
_READY_BUDGET = TurnBudget(
    spent=((Action.READY, ActionType.FULL),),
    extra_halves=1,
    free_spent=(Action.SHOUT_COMMAND,),
)


def _run_readied(
    battle: Battle, key: str, handler: Callable[[Battle, Any], list[Event]], inner: Command
) -> tuple[list[Event], int, TurnBudget, int]:
    """Run ``inner`` as ``key``'s readied action; return (events, Impuls before, budget
    after, Impuls after). The current turn and its budget are restored afterwards."""
    state = battle.state
    saved = (state.turn_index, state.budget)
    pool = state.impulse_pool
    state.turn_index = state.order.index(key)
    state.budget = _READY_BUDGET
    try:
        events = handler(battle, inner)
        after = state.budget
    finally:
        state.turn_index, state.budget = saved
    return events, pool, after, state.impulse_pool


def _readied_problem(_events: list[Event], pool: int, after: TurnBudget, pool_after: int) -> str:
    """Return why what a readied command spent is more than one HH, or "" (ABWARTEN-2)."""
    start = _READY_BUDGET
    taken = after.spent[len(start.spent) :]
    if after.spent[: len(start.spent)] != start.spent or len(taken) > 1:
        return say(
            f"the event allows one half action, the command took {len(taken)} "
            "(E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, der Befehl brauchte "
            f"{len(taken)} (E-ACT-VH-ABWARTEN-2)",
        )
    if after.free_spent != start.free_spent:
        return say(
            "the event allows one half action, not a free one (E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, keine Freie (E-ACT-VH-ABWARTEN-2)",
        )
    if after.extra_halves != start.extra_halves or pool_after < pool:
        return say(
            "the event allows one half action, not an Impuls purchase (E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, keinen Impuls-Kauf (E-ACT-VH-ABWARTEN-2)",
        )
    for action, kind in taken:
        try:  # the rules module's word on what a trigger allows
            TurnBudget(spent=start.spent).spend_readied(action, as_type=kind)
        except ActionNotAllowed as error:
            return say(
                f"{error.reason} (E-ACT-VH-ABWARTEN-2)",
                f"{german(error.reason)} (E-ACT-VH-ABWARTEN-2)",
            )
    return ""


@handles(TriggerReady)
def _trigger_ready(battle: Battle, command: TriggerReady) -> list[Event]:
    """Run the readied HH now, out of turn, then go on with the current turn."""
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    waiting = battle.creature(command.actor)
    pending = _ready_of(battle, waiting)
    if pending is None:
        raise CommandRejected(
            say(
                f"{waiting.name} is not waiting (Abwarten) (E-ACT-VH-ABWARTEN-2)",
                f"{waiting.name} wartet nicht ab (Abwarten) (E-ACT-VH-ABWARTEN-2)",
            )
        )
    if waiting.key == battle.state.current_key:
        raise CommandRejected(
            say(f"it is {waiting.name}'s own turn", f"{waiting.name} ist selbst am Zug")
        )
    if not battle._can_take_turn(waiting):
        raise CommandRejected(
            say(f"{waiting.name} cannot act", f"{waiting.name} kann nicht handeln")
        )
    try:
        inner = command_from_dict(json.loads(command.command))
    except (CommandError, json.JSONDecodeError, TypeError) as error:
        raise CommandRejected(
            say(
                f"the readied action is no valid command: {error}",
                f"die abgewartete Handlung ist kein gültiger Befehl: {error}",
            )
        ) from None
    if inner.actor != waiting.key:
        raise CommandRejected(
            say(
                "the readied action must be the waiting creature's",
                "die abgewartete Handlung muss die des wartenden Wesens sein",
            )
        )
    if inner.kind.startswith("gm_") or inner.kind == "end_turn":
        raise CommandRejected(
            say(
                "the readied action must be one half action (E-ACT-VH-ABWARTEN-2)",
                "die abgewartete Handlung muss eine Halbe Handlung sein (E-ACT-VH-ABWARTEN-2)",
            )
        )
    if inner.kind in _FREE_KINDS:
        raise CommandRejected(
            say(
                "the event allows one half action, not a free one",
                "das Ereignis erlaubt eine Halbe Handlung, keine Freie",
            )
        )
    if inner.kind in ("spend_impulse", "end_long_action"):  # no half action (E-IMP-4)
        raise CommandRejected(
            say(
                "the event allows one half action, not an Impuls or a break-off",
                "das Ereignis erlaubt eine Halbe Handlung, keinen Impuls und keinen Abbruch",
            )
        )
    handler = HANDLERS.get(type(inner))
    if handler is None:
        raise CommandRejected(
            say(
                f"no handler for command {inner.kind!r}",
                f"für den Befehl {inner.kind!r} gibt es keine Verarbeitung",
            )
        )
    # Try the command on a copy first (same dice): what its handler actually spends must
    # be at most one HH; only then run it on the match (validate first, then mutate).
    from game.battle.match import clone_battle

    problem = _readied_problem(*_run_readied(clone_battle(battle), waiting.key, handler, inner))
    if problem:
        raise CommandRejected(problem)
    state = battle.state
    inner_events, _, after, _ = _run_readied(battle, waiting.key, handler, inner)
    state.pending = [p for p in state.pending if p is not pending]
    taken = after.spent[len(_READY_BUDGET.spent) :]
    action = taken[0][0] if taken else None
    events = [
        _event(
            "ready_trigger",
            f"{waiting.name} reagiert: {pending.data['trigger']}",
            f"{waiting.name} reacts: {pending.data['trigger']}",
            waiting.key,
            rule="E-ACT-VH-ABWARTEN-2",
            action=action.name if action else None,
        )
    ]
    current = battle.current
    if not battle._can_take_turn(current):
        state.budget = TurnBudget.for_creature(incapacitated=True)
    return events + inner_events


# ------------------------------------------------------------------ Impuls
def _impulse_effect(name: str) -> ImpulseEffect:
    try:
        return ImpulseEffect[name.upper()]
    except KeyError:
        raise CommandRejected(
            say(
                f"unknown Impuls effect {name!r}; expected one of "
                f"{[e.name for e in ImpulseEffect]}",
                f"unbekannter Impuls-Effekt {name!r}; erwartet einen von "
                f"{[e.name for e in ImpulseEffect]}",
            )
        ) from None


def _lasting(effect: ImpulseEffect) -> DurationKind:
    duration = effect_duration(effect)
    if duration is None:  # pragma: no cover - the table gives every timed effect one
        raise ValueError(f"{effect.name} has no duration")
    return duration.kind


def _prepare_impulse(
    battle: Battle,
    creature: CreatureState,
    effect: ImpulseEffect,
    target_key: str | None,
    cell: Cell | None,
    spender: str,
    roll: int | None = None,
) -> Perform:
    """Validate one Impuls effect for ``creature``; return what applies it."""
    round_ = battle.state.round
    if effect is ImpulseEffect.REROLL:  # any roll of the last command (E-IMP-EFF-REROLL)
        from game.battle.reroll import prepare_reroll

        return prepare_reroll(battle, roll, by_gm=spender == "gm", cost=effect.cost)
    if effect in (ImpulseEffect.TALENT, ImpulseEffect.TALENTPOINT):

        def ask() -> list[Event]:
            what = "Talent-Effekt" if effect is ImpulseEffect.TALENT else "ein Talentpunkt"
            what_en = "talent effect" if effect is ImpulseEffect.TALENT else "one talent point"
            return [
                _event(
                    "gm_question",
                    f"{creature.name}: Impuls für {what}. Spielleitung: Was geschieht?",
                    f"{creature.name}: Impuls for {what_en}. Game master: what happens?",
                    creature.key,
                    rule=[effect.rule_id],
                    roll=None,
                )
            ]

        return ask
    if effect in (ImpulseEffect.COVER, ImpulseEffect.ENV):
        name = IMPULSE_COVER if effect is ImpulseEffect.COVER else IMPULSE_ENV
        lasting = _lasting(effect)

        def protect() -> list[Event]:
            _set_effect(creature, Effect(name, lasting, source=spender, started_round=round_))
            return []

        return protect
    if effect is ImpulseEffect.HALF:
        if creature.key != battle.state.current_key:
            raise CommandRejected(
                say(
                    "an extra half action is bought in the creature's own turn",
                    "eine zusätzliche Halbe Handlung wird im eigenen Zug des Wesens gekauft",
                )
            )
        try:
            budget = battle.state.budget.with_extra_half()
        except ActionNotAllowed as error:
            raise CommandRejected(error.reason) from None

        def extra() -> list[Event]:
            battle.state.budget = budget
            return []

        return extra
    if effect is ImpulseEffect.LOESEN:
        if cell is None:
            raise CommandRejected(
                say(
                    "name the field to step to (cell) (E-IMP-EFF-LOESEN)",
                    "nenne das Feld, auf das gelöst wird (cell) (E-IMP-EFF-LOESEN)",
                )
            )
        if not battle._can_take_turn(creature):
            raise CommandRejected(
                say(f"{creature.name} cannot act", f"{creature.name} kann nicht handeln")
            )
        move = Move(creature.key, Action.DISENGAGE.name, (creature.cell, cell))

        def step() -> list[Event]:
            # Lösen outside the budget: the move handler runs on a fresh budget.
            saved = battle.state.budget
            battle.state.budget = TurnBudget()
            try:
                return HANDLERS[Move](battle, move)
            finally:
                battle.state.budget = saved

        return step
    # IRRITATE, DISTRACT: one creature in line of sight
    target = _target(battle, target_key)
    if Condition.DEAD in target.conditions:
        raise CommandRejected(say(f"{target.name} is dead", f"{target.name} ist tot"))
    if not line_of_sight(battle.grid, creature.cell, target.cell):
        raise CommandRejected(
            say(
                f"{target.name} is not in line of sight ({effect.rule_id})",
                f"{target.name} ist nicht in Sichtlinie ({effect.rule_id})",
            )
        )
    lasting = _lasting(effect)

    def hamper() -> list[Event]:
        events: list[Event] = []
        for condition, n in target_conditions(effect).items():
            timed = Effect(condition.name, lasting, source=spender, value=n, started_round=round_)
            events += _give_condition(battle, target, condition, n, timed)
        return events

    return hamper


def _impulse_event(
    creature: CreatureState, effect: ImpulseEffect, pool: int, *, by_gm: bool
) -> Event:
    who_de = "Die Spielleitung setzt" if by_gm else f"{creature.name} setzt"
    who_en = "The game master spends" if by_gm else f"{creature.name} spends"
    return _event(
        "impulse",
        f"{who_de} {effect.cost} Impuls ein ({effect.name}) für {creature.name}; Pool: {pool}",
        f"{who_en} {effect.cost} Impuls ({effect.name}) for {creature.name}; pool: {pool}",
        creature.key,
        rule=effect.rule_id,
        effect=effect.name,
        cost=effect.cost,
        pool=pool,
        by_gm=by_gm,
    )


@handles(SpendImpulse)
def _spend_impulse(battle: Battle, command: SpendImpulse) -> list[Event]:
    creature = battle.creature(command.actor)
    effect = _impulse_effect(command.effect)
    side = battle.sides.get(creature.side)
    if side is None or side.controller != "player":
        raise CommandRejected(
            say(
                "the group's Impuls is the players' (the GM uses gm_impulse)",
                "der Impuls der Gruppe gehört den Spielern (die Spielleitung nutzt gm_impulse)",
            )
        )
    if not battle._can_take_turn(creature):
        raise CommandRejected(
            say(
                f"{creature.name} cannot act (E-IMP-4)",
                f"{creature.name} kann nicht handeln (E-IMP-4)",
            )
        )
    own_turn = creature.key == battle.state.current_key
    if not can_spend_now(effect, own_turn=own_turn):
        raise CommandRejected(
            say(
                "Impuls is spent in the creature's own turn (E-IMP-4)",
                "Impuls wird im eigenen Zug des Wesens eingesetzt (E-IMP-4)",
            )
        )
    pool = ImpulsePool(battle.state.impulse_pool)
    if not pool.can_afford(effect):
        raise CommandRejected(
            say(
                f"{effect.name} costs {effect.cost} Impuls, the pool holds {pool.points} (E-IMP-5)",
                f"{effect.name} kostet {effect.cost} Impuls, der Vorrat hat {pool.points} "
                "(E-IMP-5)",
            )
        )
    perform = _prepare_impulse(
        battle, creature, effect, command.target, command.cell, creature.key, command.roll
    )
    events = perform()  # may still reject (Lösen's move) before anything changed
    # spend from the pool as it is now: Impuls won during the effect (a crit) is kept
    battle.state.impulse_pool = ImpulsePool(battle.state.impulse_pool).spend(effect).points
    return [_impulse_event(creature, effect, battle.state.impulse_pool, by_gm=False), *events]


@handles(GmSpendImpulse)
def _gm_spend_impulse(battle: Battle, command: GmSpendImpulse) -> list[Event]:
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    creature = battle.creature(command.creature)
    effect = _impulse_effect(command.effect)
    side = battle.sides.get(creature.side)
    if side is not None and side.controller == "player":
        raise CommandRejected(
            say(
                "the game master spends Impuls for his own creatures (E-IMP-GM-1)",
                "die Spielleitung setzt Impuls für ihre eigenen Wesen ein (E-IMP-GM-1)",
            )
        )
    perform = _prepare_impulse(
        battle, creature, effect, command.target, command.cell, "gm", command.roll
    )
    events = perform()
    battle.state.impulse_pool = gm_spend(effect, ImpulsePool(battle.state.impulse_pool)).points
    return [_impulse_event(creature, effect, battle.state.impulse_pool, by_gm=True), *events]


# ------------------------------------------------------------------ turn start
def _count_dead_time(battle: Battle) -> None:
    """Add the rounds since the last count to every dead creature's minutes_dead."""
    round_ = battle.state.round
    for creature in battle.state.creatures.values():
        clock = next((e for e in creature.effects if e.name == DEAD_CLOCK), None)
        if Condition.DEAD not in creature.conditions:
            if clock is not None:
                creature.effects.remove(clock)
            continue
        if clock is None:
            creature.effects.append(
                Effect(DEAD_CLOCK, DurationKind.REST_OF_COMBAT, started_round=round_)
            )
        elif round_ > clock.started_round:
            rounds = round(creature.minutes_dead * ROUNDS_PER_MINUTE) + round_ - clock.started_round
            creature.minutes_dead = rounds / ROUNDS_PER_MINUTE
            clock.started_round = round_


def _expire(battle: Battle, current: CreatureState) -> list[Event]:
    """End this module's effects whose time is up as ``current``'s turn starts."""
    events: list[Event] = []
    round_ = battle.state.round
    for holder in battle.state.creatures.values():
        for effect in list(holder.effects):
            if effect.name not in _HOOK_EFFECTS:
                continue
            kind = effect.kind
            ends = False
            if kind is DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND:
                ends = effect.source == current.key and effect.started_round < round_
            elif kind is DurationKind.UNTIL_END_OF_NEXT_ROUND:
                ends = effect.until_round is not None and round_ >= effect.until_round
            elif kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN:
                # The holder's next turn arms the effect; the next turn start after it ends it.
                if effect.until_round is None:
                    if holder is current:
                        effect.until_round = round_
                elif holder is not current or effect.until_round < round_:
                    ends = True
            if ends:
                events += _end_effect(battle, holder, effect)
    return events


def _turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """Count dead time, end effects, end an expired Abwarten, carry on longer actions."""
    _count_dead_time(battle)
    events = _expire(battle, creature)
    pending = _ready_of(battle, creature)
    if pending is not None:
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        events.append(
            _event(
                "ready_expired",
                f"{creature.name} wartet nicht länger ab",
                f"{creature.name} stops waiting",
                creature.key,
                rule="E-ACT-VH-ABWARTEN-1",
            )
        )
    return events + _progress_long_action(battle, creature)


if _turn_start not in TURN_START_HOOKS:
    TURN_START_HOOKS.append(_turn_start)


# ------------------------------------------------------------------ registries
RESOLVERS: dict[Action, Resolver] = {
    Action.BLOCKING_STANCE: _defence,
    Action.EVASIVE_MOVE: _defence,
    Action.USE_SHIELD: _defence,
    Action.HELP: _help,
    Action.STABILIZE: _stabilize,
    Action.FIRST_AID: _first_aid,
    Action.REVIVE: _revive,
    Action.NANO_HEALBOT_BOOST: _nano,
    Action.STUDY_ENEMY: _study,
    Action.READY: _ready,
    Action.HIDE: _hide,
    Action.IRRITATE: _irritate,
    Action.ORIENT: _orient,
    Action.DON_ARMOR: _don,
    Action.DOFF_ARMOR: _doff,
}

COMPLETERS: dict[Action, Completer] = {
    Action.FIRST_AID: _complete_first_aid,
    Action.NANO_HEALBOT_BOOST: _complete_nano,
    Action.REVIVE: _complete_revive,
    Action.DON_ARMOR: _complete_don,
    Action.DOFF_ARMOR: _complete_doff,
}

#: Every action the game master resolves, taken through UseAction.
GM_ACTIONS: frozenset[Action] = frozenset(
    a for a, rule in ACTIONS.items() if rule.resolved_by_gm and a not in RESOLVERS
)

implements(
    *RESOLVERS,
    *GM_ACTIONS,
    Action.INTERACT,
    Action.SHOUT_COMMAND,
    Action.DROP_ITEM,
)


def _any_other(
    battle: Battle, creature: CreatureState, test: Callable[[CreatureState], bool]
) -> bool:
    return any(test(c) for c in battle.state.creatures.values() if c.key != creature.key)


def _checks() -> dict[Action, Callable[[Battle, CreatureState], str]]:
    def busy(battle: Battle, c: CreatureState) -> str:
        return _busy_reason(battle, c)

    def shield(battle: Battle, c: CreatureState) -> str:
        return busy(battle, c) or (
            "" if _shield(battle, c) else say("no shield carried", "kein Schild dabei")
        )

    def help_(battle: Battle, c: CreatureState) -> str:
        near = _any_other(
            battle, c, lambda o: Condition.DEAD not in o.conditions and _within_reach(battle, c, o)
        )
        return busy(battle, c) or (
            "" if near else say("nobody within melee reach", "niemand in Nahkampfreichweite")
        )

    def medic(test: Callable[[Battle, CreatureState, CreatureState], bool], who: str) -> Any:
        def check(battle: Battle, c: CreatureState) -> str:
            if not _has_medkit(battle, c):
                return say("no Medkit", "kein Medkit")
            found = any(test(battle, c, o) for o in battle.state.creatures.values())
            return busy(battle, c) or (
                "" if found else say(f"no {who} within reach", f"kein {german(who)} in Reichweite")
            )

        return check

    def dying(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
        return (
            Condition.DYING in o.conditions
            and Condition.STABLE_COMA not in o.conditions
            and _reachable(battle, c, o)
        )

    def injured(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
        return (
            Condition.DEAD not in o.conditions
            and o.lp < o.max_lp
            and can_be_healed(o.conditions)
            and not battle.has_effect(o, FIRST_AIDED)
            and _reachable(battle, c, o)
        )

    def dead(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
        return Condition.DEAD in o.conditions and _within_reach(battle, c, o)

    def nano(battle: Battle, c: CreatureState) -> str:
        if not _has_healbots(battle, c):
            return say("no NanoHeilbots", "keine NanoHeilbots")
        return busy(battle, c) or (
            say("used since the last rest", "seit der letzten Rast schon genutzt")
            if battle.has_effect(c, NANO_USED)
            else ""
        )

    def study(battle: Battle, c: CreatureState) -> str:
        seen = any(
            line_of_sight(battle.grid, c.cell, e.cell) and can_be_targeted(e.conditions)
            for e in battle.enemies_of(c)
        )
        return busy(battle, c) or ("" if seen else say("no enemy in sight", "kein Gegner in Sicht"))

    def hide(battle: Battle, c: CreatureState) -> str:
        subject = _Hiding(c, c.cell)
        if Condition.UNDETECTED in c.conditions and not any(_hide_targets(battle, c, subject)):
            return say(
                "already Unentdeckt toward every enemy", "bereits vor jedem Gegner Unentdeckt"
            )
        return busy(battle, c) or _hide_problem(battle, c, subject)

    def orient(battle: Battle, c: CreatureState) -> str:
        return busy(battle, c) or (
            say("already oriented this combat", "hat sich in diesem Kampf schon orientiert")
            if c.oriented
            else ""
        )

    def don(battle: Battle, c: CreatureState) -> str:
        keys = c.held + battle.state.ground_items.get(c.cell, [])
        worn = [a for a in battle.catalogue.armour_in(keys) if a.category is ArmorCategory.WORN]
        return busy(battle, c) or (
            ""
            if worn
            else say(
                "no armour in hand or on the field", "keine Panzerung in der Hand oder auf dem Feld"
            )
        )

    def doff(battle: Battle, c: CreatureState) -> str:
        worn = [
            a for a in battle.catalogue.armour_in(c.carried) if a.category is ArmorCategory.WORN
        ]
        return busy(battle, c) or (
            "" if worn else say("no worn armour", "keine Getragene Panzerung")
        )

    checks: dict[Action, Callable[[Battle, CreatureState], str]] = {
        action: busy for action in GM_ACTIONS
    }
    checks.update(
        {
            Action.BLOCKING_STANCE: busy,
            Action.EVASIVE_MOVE: busy,
            Action.USE_SHIELD: shield,
            Action.HELP: help_,
            Action.IRRITATE: help_,
            Action.STABILIZE: medic(dying, say("Sterbend creature", "sterbendes Wesen")),
            Action.FIRST_AID: medic(injured, say("injured creature", "verletztes Wesen")),
            Action.REVIVE: medic(dead, say("dead creature", "totes Wesen")),
            Action.NANO_HEALBOT_BOOST: nano,
            Action.STUDY_ENEMY: study,
            Action.READY: busy,
            Action.HIDE: hide,
            Action.ORIENT: orient,
            Action.DON_ARMOR: don,
            Action.DOFF_ARMOR: doff,
            Action.INTERACT: busy,
            Action.DROP_ITEM: lambda battle, c: (
                "" if c.held else say("holds nothing", "hält nichts in der Hand")
            ),
            Action.SHOUT_COMMAND: lambda battle, c: (
                "" if can_speak(c.conditions) else say("cannot speak", "kann nicht sprechen")
            ),
        }
    )
    return checks


ACTION_CHECKS.update(_checks())

__all__ = [
    "COMPLETERS",
    "DEAD_CLOCK",
    "DEFAULT_DOOR_MATERIAL",
    "DOOR_STATE",
    "FIRST_AIDED",
    "GM_ACTIONS",
    "HELP_BONUS",
    "IMPULSE_COVER",
    "IMPULSE_ENV",
    "INTERACTIONS",
    "LONG_ACTION",
    "NANO_USED",
    "READY",
    "RESOLVERS",
    "SHIELD_RAISED",
    "STUDIED_ENEMY",
    "DropItem",
    "EndLongAction",
    "GmSpendImpulse",
    "Interact",
    "Search",
    "Shout",
    "SpendImpulse",
    "TriggerReady",
    "UseAction",
    "lose_hidden_toward",
    "occupied_budget",
    "roll_beats",
    "search_problem",
    "set_hidden",
    "suitable_hiding_place",
]
