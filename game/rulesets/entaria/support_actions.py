"""Resolvers of the defence and support actions: Blockadehaltung, Ausweichbewegung,
Schildeinsatz, Helfen, Gegner studieren, Irritieren and Orientieren (section 6).

``UseAction`` takes them by their catalogue name (``use_action.RESOLVERS``); a resolver
validates everything first, then spends the action and changes the state.

Decisions taken here (reported with the rule IDs they touch):

- Schildeinsatz: the shield (Deckungspanzerung with Schild, carried) counts as armour only
  while the effect ``SHIELD_RAISED`` lasts (E-ACT-HH-SCHILD); ``combat.armour_of`` reads it.
- Helfen stores an Effect ``HELP_BONUS`` (uses 1, value 0) on the helped creature; the w6
  is rolled when that creature's next check is made (E-OPEN-22), by ``Battle.check``.
- Gegner studieren stores ``STUDIED_ENEMY`` on the studied enemy, ``source`` = the studier;
  the studier's first attack on it consumes it (E-ACT-VH-STUDIEREN).
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.sight import line_of_sight
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    _check_budget,
    _event,
    _give_condition,
    _reveal,
    _set_effect,
    _target,
    _within_reach,
    not_busy_check,
)
from game.rulesets.entaria.catalogue import ArmourType
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import (
    BLOCKING_STANCE,
    EVASIVE_MOVE,
    HELP_BONUS,
    SHIELD_RAISED,
    STUDIED_ENEMY,
    Battle,
    CommandRejected,
)
from game.rulesets.entaria.gm_resolved import ask_gm
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.condition_effects import can_be_targeted
from game.rulesets.entaria.rules.conditions import (
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
    ConspicuousAct,
)
from game.rulesets.entaria.rules.reach import can_help, can_irritate
from game.rulesets.entaria.rules.terms import Condition, SaveValue, say
from game.rulesets.entaria.state import CreatureState, Effect

# --------------------------------------------------------------------- commands


# ---------------------------------------------------------------- small helpers


def _shield(battle: Battle, creature: CreatureState) -> ArmourType | None:
    for armour in battle.catalogue.armour_in(creature.carried):
        if armour.shield:
            return armour
    return None


# -------------------------------------------------------------------- UseAction


# --------------------------------------------- actions the game master resolves


# ---------------------------------------------------------------------- defence
_SELF_EFFECTS = {
    Action.BLOCKING_STANCE: BLOCKING_STANCE,
    Action.EVASIVE_MOVE: EVASIVE_MOVE,
    Action.USE_SHIELD: SHIELD_RAISED,
}


def resolve_defence(
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
def resolve_help(
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
        grid=battle.grid,
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


# ------------------------------------------------------------ the other actions
def resolve_study(
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


def resolve_irritate(
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
        grid=battle.grid,
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


def resolve_orient(
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
    return events + ask_gm(battle, creature, action, {"note": command.note})


# ------------------------------------------------------------------- turn start


# ------------------------------------------------------------------- registries


def _any_other(
    battle: Battle, creature: CreatureState, test: Callable[[CreatureState], bool]
) -> bool:
    return any(test(c) for c in battle.state.creatures.values() if c.key != creature.key)


# ------------------------------------------------------------ legal actions


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


def can_study(battle: Battle, c: CreatureState) -> str:
    seen = any(
        line_of_sight(battle.grid, c.cell, e.cell) and can_be_targeted(e.conditions)
        for e in battle.enemies_of(c)
    )
    return not_busy_check(battle, c) or (
        "" if seen else say("no enemy in sight", "kein Gegner in Sicht")
    )


def can_orient(battle: Battle, c: CreatureState) -> str:
    return not_busy_check(battle, c) or (
        say("already oriented this combat", "hat sich in diesem Kampf schon orientiert")
        if c.oriented
        else ""
    )
