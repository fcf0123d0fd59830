"""The actions whose outcome the rulebook leaves to the game master (``resolved_by_gm``).

Each rolls its check (if the catalogue gives one) and ends in a ``gm_question`` event
that carries the roll; Stehlen compares one roll with every affected or watching
creature (E-ACT-VH-STEHLEN-1, E-OPEN-50). Spells may carry an area template; the
longer ones and Untersuchen or Mechanismus umgehen as an LH (E-ACT-5) ask when they
complete.
"""

from __future__ import annotations

from typing import Any

from game.board.grid import Cell
from game.board.templates import MAX_TEMPLATE_LENGTH, AreaShape, template_cells
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _check_budget, _event, _reveal, _talent_names
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hiding import lose_hidden_toward, observers_for_steal
from game.rulesets.entaria.ready_actions import start_long_action
from game.rulesets.entaria.rules.actions import ACTIONS, Action, RollSpec
from game.rulesets.entaria.rules.checks import Roll, compare_with_each
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.terms import ActionType, SaveValue, say
from game.rulesets.entaria.state import CreatureState, Pending

_SPELLS = frozenset({Action.CAST_INSTANT_SPELL, Action.CAST_LONG_SPELL})


def _fitting_talent(battle: Battle, creature: CreatureState, spec: RollSpec) -> bool:
    """Return whether a talent removes the spec's Nachteil (E-ACT-VH-MECHANISMUS, -SPUR)."""
    if spec.edge_removed_by_talent is None:
        return False
    return any(name in spec.edge_removed_by_talent for name in _talent_names(battle, creature))


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


def resolve_gm_action(
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
        return events + start_long_action(battle, creature, action, rounds, data)
    return events + ask_gm(battle, creature, action, data)


def ask_gm(
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
            outcomes, noticed_events, (verdict_de, verdict_en) = _steal_observed(
                battle, creature, target, roll
            )
            question["observers"] = outcomes
            events += noticed_events
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


def _steal_observed(
    battle: Battle, thief: CreatureState, target: CreatureState | None, roll: Roll
) -> tuple[dict[str, bool], list[Event], tuple[str, str]]:
    """Compare a Stehlen roll with each affected or watching creature (E-ACT-VH-STEHLEN-1).

    Return who did not notice it, the events, and the verdict (German, English).
    Stehlen is meant to go unnoticed: a hidden thief is found only by those who notice
    it (E-ACT-VH-STEHLEN-2, E-COND-UNENTDECKT-4, E-OPEN-50).
    """
    observers = observers_for_steal(battle, thief, target)
    outcomes = compare_with_each(
        roll, {o.key: battle.save_value(o, SaveValue.MIND) for o in observers}
    )
    noticed = [battle.state.creatures[k].name for k, ok in outcomes.items() if not ok]
    events = lose_hidden_toward(
        battle,
        thief,
        {k for k, ok in outcomes.items() if not ok},
        rule="E-ACT-VH-STEHLEN-1",
    )
    verdict = (
        " - bemerkt von: " + (", ".join(noticed) or "niemandem"),
        " - noticed by: " + (", ".join(noticed) or "nobody"),
    )
    return outcomes, events, verdict


def complete_gm_action(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    return ask_gm(battle, creature, Action[pending.data["action"]], pending.data)
