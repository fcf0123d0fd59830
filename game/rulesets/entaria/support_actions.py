"""Handlers of the defence, support and remaining actions (section 6).

``UseAction`` takes every action of these families by its catalogue name
(``game.rulesets.entaria.rules.actions.ACTIONS``): the catalogue's RollSpec, preconditions,
durations and ``resolved_by_gm`` drive it. Actions whose outcome the rulebook leaves to the
game master roll their check and end in a ``gm_question`` event that carries the roll. Defence,
support and the other actions with a defined effect have their own resolvers here;
Verbergen (``hiding``), Abwarten (``ready_actions``) and Panzerung (``armour_actions``)
have theirs beside their families, and ``RESOLVERS``/``COMPLETERS`` name them all.
Interagieren and the free actions (``interact_actions``), Abwarten's trigger and the
longer actions (``ready_actions``), Search (``hiding``) and Impuls (``impulse_actions``)
have their own commands (their names stay importable from here); ``command_table``
names every handler, check and hook. This module's turn-start hook
counts dead time, ends timed effects and an expired Abwarten, and carries on or
completes longer actions.

Decisions taken here (reported with the rule IDs they touch):

- Schildeinsatz: the shield (Deckungspanzerung with Schild, carried) counts as armour only
  while the effect ``SHIELD_RAISED`` lasts (E-ACT-HH-SCHILD); ``combat.armour_of`` reads it.
- Helfen stores an Effect ``HELP_BONUS`` (uses 1, value 0) on the helped creature; the w6
  is rolled when that creature's next check is made (E-OPEN-22), by ``Battle.check``.
- Gegner studieren stores ``STUDIED_ENEMY`` on the studied enemy, ``source`` = the studier;
  the studier's first attack on it consumes it (E-ACT-VH-STUDIEREN).
- Wiederbeleben: minutes dead count 10 rounds per minute from the round after death
  (the effect ``DEAD_CLOCK``), added to ``CreatureState.minutes_dead``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.board.grid import Cell
from game.board.sight import line_of_sight
from game.board.templates import MAX_TEMPLATE_LENGTH, AreaShape, template_cells
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    LONG_ACTION,
    READY,
    _busy_reason,
    _check_budget,
    _event,
    _give_condition,
    _long_action_of,
    _not_busy,
    _ready_of,
    _reveal,
    _set_effect,
    _talent_names,
    _target,
    _within_reach,
)
from game.rulesets.entaria.action_helpers import Perform as Perform
from game.rulesets.entaria.armour_actions import _complete_doff, _complete_don, _doff, _don
from game.rulesets.entaria.catalogue import ArmourType
from game.rulesets.entaria.engine import (
    BLOCKING_STANCE,
    EVASIVE_MOVE,
    HELP_BONUS,
    IMPULSE_COVER,
    IMPULSE_ENV,
    SHIELD_RAISED,
    STUDIED_ENEMY,
    Battle,
    CommandRejected,
)
from game.rulesets.entaria.hiding import (
    Search,
    _hide,
    _hide_problem,
    _hide_targets,
    _Hiding,
    _observers_for_steal,
    lose_hidden_toward,
    search_problem,
    set_hidden,
)
from game.rulesets.entaria.impulse_actions import GmSpendImpulse, SpendImpulse
from game.rulesets.entaria.interact_actions import (
    DEFAULT_DOOR_MATERIAL,
    DOOR_STATE,
    INTERACTIONS,
    DropItem,
    Interact,
    Shout,
)
from game.rulesets.entaria.interact_actions import _pick_up as _pick_up
from game.rulesets.entaria.ready_actions import (
    EndLongAction,
    TriggerReady,
    _failed,
    _ready,
    _start_long,
    occupied_budget,
)
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    FIRST_AID_COOLDOWN_ROUNDS,
    FIRST_AID_HEALING,
    ROUNDS_PER_MINUTE,
    Action,
    RollSpec,
)
from game.rulesets.entaria.rules.checks import compare_with_each, roll_beats
from game.rulesets.entaria.rules.condition_changes import gain, lose
from game.rulesets.entaria.rules.condition_effects import (
    can_act,
    can_be_healed,
    can_be_targeted,
    can_speak,
)
from game.rulesets.entaria.rules.conditions import (
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
    ConspicuousAct,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.healing import (
    heal,
    nano_healing,
    revival_cost,
    revive_modifier,
    stabilize_modifier,
)
from game.rulesets.entaria.rules.hiding_places import suitable_hiding_place
from game.rulesets.entaria.rules.reach import can_help, can_irritate
from game.rulesets.entaria.rules.terms import (
    ActionType,
    ArmorCategory,
    Condition,
    SaveValue,
    german,
    say,
)
from game.rulesets.entaria.state import CreatureState, Effect, Pending

#: Effect names of this module (the engine owns the ones combat reads).
FIRST_AIDED = "first_aided"  # Erste Hilfe received: once per hour (E-ACT-LH-ERSTEHILFE)
NANO_USED = "nano_used"  # NanoHeilbot-Boost used: once after each rest (E-ACT-LH-NANO)
DEAD_CLOCK = "dead_clock"  # the round up to which minutes_dead is counted


#: Effects whose end this module's turn-start hook keeps.
_HOOK_EFFECTS = frozenset({HELP_BONUS, STUDIED_ENEMY, "IRRITATED", "DISTRACTED"})
_SPELLS = frozenset({Action.CAST_INSTANT_SPELL, Action.CAST_LONG_SPELL})


# --------------------------------------------------------------------- commands
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


Resolver = Callable[[Battle, CreatureState, Action, UseAction], list[Event]]
Completer = Callable[[Battle, CreatureState, Pending], list[Event]]


# ---------------------------------------------------------------- small helpers
def _parse_action(name: str) -> Action:
    try:
        return Action[name.upper()]
    except KeyError:
        raise CommandRejected(
            say(f"unknown action {name!r}", f"unbekannte Handlung {name!r}")
        ) from None


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


def _fitting_talent(battle: Battle, creature: CreatureState, spec: RollSpec) -> bool:
    """Return whether a talent removes the spec's Nachteil (E-ACT-VH-MECHANISMUS, -SPUR)."""
    if spec.edge_removed_by_talent is None:
        return False
    return any(name in spec.edge_removed_by_talent for name in _talent_names(battle, creature))


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


# -------------------------------------------------------------------- UseAction
def handle_use_action(battle: Battle, command: UseAction) -> list[Event]:
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


# --------------------------------------------- actions the game master resolves
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
    events = battle.spend(creature, action, as_type)
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


def _complete_gm(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    return _ask_gm(battle, creature, Action[pending.data["action"]], pending.data)


# ---------------------------------------------------------------------- defence
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
    events = battle.spend(creature, action)
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


# ---------------------------------------------------------------------- support
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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


# ------------------------------------------------------------ the other actions
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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
    events = battle.spend(creature, action)
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


# ------------------------------------------------------------------- turn start
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


def support_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
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


# ------------------------------------------------------------------- registries
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


def _any_other(
    battle: Battle, creature: CreatureState, test: Callable[[CreatureState], bool]
) -> bool:
    return any(test(c) for c in battle.state.creatures.values() if c.key != creature.key)


# ------------------------------------------------------------ legal actions
def not_busy_check(battle: Battle, c: CreatureState) -> str:
    """No action beside a longer one in progress (E-OPEN-49)."""
    return _busy_reason(battle, c)


def can_use_shield(battle: Battle, c: CreatureState) -> str:
    return not_busy_check(battle, c) or (
        "" if _shield(battle, c) else say("no shield carried", "kein Schild dabei")
    )


def can_help_or_irritate(battle: Battle, c: CreatureState) -> str:
    """Helfen and Irritieren need someone within melee reach."""
    near = _any_other(
        battle, c, lambda o: Condition.DEAD not in o.conditions and _within_reach(battle, c, o)
    )
    return not_busy_check(battle, c) or (
        "" if near else say("nobody within melee reach", "niemand in Nahkampfreichweite")
    )


def _medic(test: Callable[[Battle, CreatureState, CreatureState], bool], who: str) -> Any:
    def check(battle: Battle, c: CreatureState) -> str:
        if not _has_medkit(battle, c):
            return say("no Medkit", "kein Medkit")
        found = any(test(battle, c, o) for o in battle.state.creatures.values())
        return not_busy_check(battle, c) or (
            "" if found else say(f"no {who} within reach", f"kein {german(who)} in Reichweite")
        )

    return check


def _dying(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
    return (
        Condition.DYING in o.conditions
        and Condition.STABLE_COMA not in o.conditions
        and _reachable(battle, c, o)
    )


def _injured(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
    return (
        Condition.DEAD not in o.conditions
        and o.lp < o.max_lp
        and can_be_healed(o.conditions)
        and not battle.has_effect(o, FIRST_AIDED)
        and _reachable(battle, c, o)
    )


def _dead(battle: Battle, c: CreatureState, o: CreatureState) -> bool:
    return Condition.DEAD in o.conditions and _within_reach(battle, c, o)


#: Stabilisieren, Erste Hilfe and Wiederbeleben need a Medkit and a patient within reach.
can_stabilize = _medic(_dying, say("Sterbend creature", "sterbendes Wesen"))
can_give_first_aid = _medic(_injured, say("injured creature", "verletztes Wesen"))
can_revive = _medic(_dead, say("dead creature", "totes Wesen"))


def can_boost_nano(battle: Battle, c: CreatureState) -> str:
    if not _has_healbots(battle, c):
        return say("no NanoHeilbots", "keine NanoHeilbots")
    return not_busy_check(battle, c) or (
        say("used since the last rest", "seit der letzten Rast schon genutzt")
        if battle.has_effect(c, NANO_USED)
        else ""
    )


def can_study(battle: Battle, c: CreatureState) -> str:
    seen = any(
        line_of_sight(battle.grid, c.cell, e.cell) and can_be_targeted(e.conditions)
        for e in battle.enemies_of(c)
    )
    return not_busy_check(battle, c) or (
        "" if seen else say("no enemy in sight", "kein Gegner in Sicht")
    )


def can_hide(battle: Battle, c: CreatureState) -> str:
    subject = _Hiding(c, c.cell)
    if Condition.UNDETECTED in c.conditions and not any(_hide_targets(battle, c, subject)):
        return say("already Unentdeckt toward every enemy", "bereits vor jedem Gegner Unentdeckt")
    return not_busy_check(battle, c) or _hide_problem(battle, c, subject)


def can_orient(battle: Battle, c: CreatureState) -> str:
    return not_busy_check(battle, c) or (
        say("already oriented this combat", "hat sich in diesem Kampf schon orientiert")
        if c.oriented
        else ""
    )


def can_don(battle: Battle, c: CreatureState) -> str:
    keys = c.held + battle.state.ground_items.get(c.cell, [])
    worn = [a for a in battle.catalogue.armour_in(keys) if a.category is ArmorCategory.WORN]
    return not_busy_check(battle, c) or (
        ""
        if worn
        else say(
            "no armour in hand or on the field", "keine Panzerung in der Hand oder auf dem Feld"
        )
    )


def can_doff(battle: Battle, c: CreatureState) -> str:
    worn = [a for a in battle.catalogue.armour_in(c.carried) if a.category is ArmorCategory.WORN]
    return not_busy_check(battle, c) or (
        "" if worn else say("no worn armour", "keine Getragene Panzerung")
    )


def can_drop(battle: Battle, c: CreatureState) -> str:
    return "" if c.held else say("holds nothing", "hält nichts in der Hand")


def can_shout(battle: Battle, c: CreatureState) -> str:
    return "" if can_speak(c.conditions) else say("cannot speak", "kann nicht sprechen")


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
