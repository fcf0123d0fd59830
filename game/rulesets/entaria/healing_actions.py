"""Stabilisieren, Erste Hilfe, Wiederbeleben and the NanoHeilbot-Boost (E-ACT-VH/LH-*).

Decisions taken here (reported with the rule IDs they touch):

- Erste Hilfe heals once per hour per patient (``FIRST_AIDED``), the NanoHeilbot-Boost
  once after each rest (``NANO_USED``); both are longer actions that complete at the
  start of the healer's turn.
- Wiederbeleben: minutes dead count 10 rounds per minute from the round after death
  (the effect ``DEAD_CLOCK``), added to ``CreatureState.minutes_dead``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    _check_budget,
    _event,
    _set_effect,
    _target,
    _within_reach,
    not_busy_check,
)
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.ready_actions import long_action_failed, start_long_action
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    FIRST_AID_COOLDOWN_ROUNDS,
    FIRST_AID_HEALING,
    ROUNDS_PER_MINUTE,
    Action,
)
from game.rulesets.entaria.rules.condition_changes import gain, lose
from game.rulesets.entaria.rules.condition_effects import can_be_healed
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.healing import (
    heal,
    nano_healing,
    revival_cost,
    revive_modifier,
    stabilize_modifier,
)
from game.rulesets.entaria.rules.terms import Condition, german, say
from game.rulesets.entaria.state import CreatureState, Effect, Pending

#: Effect names of this module (the engine owns the ones combat reads).
DEAD_CLOCK = "dead_clock"  # the round up to which minutes_dead is counted
FIRST_AIDED = "first_aided"  # Erste Hilfe received: once per hour (E-ACT-LH-ERSTEHILFE)


NANO_USED = "nano_used"  # NanoHeilbot-Boost used: once after each rest (E-ACT-LH-NANO)


def _reachable(battle: Battle, actor: CreatureState, other: CreatureState) -> bool:
    """Return whether ``actor`` can treat ``other``: itself or within melee reach."""
    return other.key == actor.key or _within_reach(battle, actor, other)


def _has_medkit(battle: Battle, creature: CreatureState) -> bool:
    return any(i.medkit for i in battle.catalogue.items_in(creature.held + creature.carried))


def _has_healbots(battle: Battle, creature: CreatureState) -> bool:
    items = battle.catalogue.items_in(creature.held + creature.carried)
    return any(i.nano_healbots for i in items)


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


def resolve_stabilize(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Stabilisieren: Intelligenz vs ZW 15, the LP as WM; Sterbend -> Stabiles Koma."""
    rule = ACTIONS[action]
    target = _target(battle, command.target, say("a dying creature", "ein sterbendes Wesen"))
    if Condition.DYING not in target.conditions or Condition.STABLE_COMA in target.conditions:
        raise CommandRejected(
            say(
                f"{target.name} is not dying (E-ACT-VH-STABILISIEREN-1)",
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
        what_en=f"stabilize {target.name} (modifier {modifier})",
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
            f"{target.name} is stabilized: stable coma",
            creature.key,
            rule="E-ACT-VH-STABILISIEREN-2",
            target=target.key,
        )
    )
    return events


def resolve_first_aid(
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
                f"{target.name} is dying: stabilize first (E-COND-STERBEND-2)",
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
    return events + start_long_action(battle, creature, action, rounds, {"target": target.key})


def complete_first_aid(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    target = battle.state.creatures.get(pending.data["target"])
    if target is None or Condition.DEAD in target.conditions:
        return long_action_failed(creature, pending, "the patient is dead")
    if not _reachable(battle, creature, target):
        return long_action_failed(creature, pending, f"{target.name} is out of reach")
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


def resolve_nano(
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
    return events + start_long_action(battle, creature, action, rounds, {})


def complete_nano(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    amount = nano_healing(battle.roller)
    events = [
        _event(
            "roll",
            f"{creature.name}: NanoHeilbot-Boost w6: {amount}",
            f"{creature.name}: nano-healbot boost d6: {amount}",
            creature.key,
            rule="E-ACT-LH-NANO",
            dice=[amount],
        )
    ]
    return events + _heal(battle, creature, amount, "NanoHeilbots")


def resolve_revive(
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
    return events + start_long_action(battle, creature, action, rounds, data)


def complete_revive(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    target = battle.state.creatures.get(pending.data["target"])
    if target is None or Condition.DEAD not in target.conditions:
        return long_action_failed(creature, pending, "the patient is no longer dead")
    if not _within_reach(battle, creature, target):
        return long_action_failed(creature, pending, f"{target.name} is out of reach")
    rule = ACTIONS[Action.REVIVE]
    assert rule.roll is not None and isinstance(rule.roll.against, int)
    modifier = int(pending.data["modifier"])
    roll, event = battle.check(
        creature,
        rule.roll.attribute_for(ranged=False),
        rule.roll.against,
        modifier=modifier,
        what_de=f"Wiederbeleben von {target.name} (WM {modifier})",
        what_en=f"revive {target.name} (modifier {modifier})",
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
    return events + _revived(battle, creature, target)


def _revived(battle: Battle, creature: CreatureState, target: CreatureState) -> list[Event]:
    """Bring the dead back in Stabiles Koma; the cost grows with the minutes dead."""
    cost = revival_cost(target.minutes_dead)
    minutes = target.minutes_dead
    # Stabiles Koma replaces Tod; the LP stay as they are (E-OPEN-34).
    target.conditions = lose(target.conditions, Condition.DEAD).held
    target.effects = [e for e in target.effects if e.name != DEAD_CLOCK]
    target.minutes_dead = 0.0
    events = battle._apply_change(
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
can_stabilize = _medic(_dying, say("dying creature", "sterbendes Wesen"))


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
