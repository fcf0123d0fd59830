"""Life points, life states and the conditions a creature gains and loses (D-5, E-LP-*).

``Battle.lose_life_points``, ``update_life_state``, ``add_condition``, ``knock_prone``,
``remove_condition`` and ``_apply_change`` are these; the stance follows Liegend
(E-COND-BEWUSSTLOS-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.events import Event
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.condition_changes import Change, gain, lose, lose_lp, lp_loss_save
from game.rulesets.entaria.rules.conditions import CONDITIONS
from game.rulesets.entaria.rules.damage import LifeState, apply_damage, life_state
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState, Effect, Stance

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


def lose_life_points(
    battle: Battle,
    creature: CreatureState,
    amount: int,
    *,
    nonlethal: bool = False,
    why_de: str = "",
    why_en: str = "",
) -> list[Event]:
    """Take ``amount`` LP from ``creature`` and apply what its new LP mean (D-5)."""
    if amount <= 0 or Condition.DEAD in creature.conditions:
        return []  # the dead lose no more LP (their LP stay as they died)
    before = creature.lp
    creature.lp = apply_damage(
        creature.lp, amount, nonlethal=nonlethal, simplified_enemy=creature.simplified
    )
    lost = before - creature.lp
    events = [
        Event(
            "lp",
            f"{creature.name} verliert {lost} LP{why_de} ({before} -> {creature.lp})",
            f"{creature.name} loses {lost} LP{why_en} ({before} -> {creature.lp})",
            creature.key,
            {"before": before, "after": creature.lp},
        )
    ]
    save = None
    if (needed := lp_loss_save(creature.conditions, lost)) is not None:
        # Konzentriert's save is the creature's own check (D-3): its conditions count
        attribute, target = needed
        save, event = battle.check(
            creature,
            attribute,
            target,
            rule="E-COND-KONZENTRIERT-4",
            what_de="Rettungswurf, um konzentriert zu bleiben",
            what_en="save to stay concentrating",
        )
        events.append(event)
    change = lose_lp(creature.conditions, lost, save=save)
    events += apply_change(battle, creature, change)
    events += update_life_state(battle, creature, nonlethal=nonlethal, lp_fell=True)
    return events


def update_life_state(
    battle: Battle, creature: CreatureState, *, nonlethal: bool = False, lp_fell: bool = False
) -> list[Event]:
    """Give the conditions the creature's LP call for (E-LP-1..4, D-5).

    The thresholds bite harder only when LP fall (E-OPEN-34): a simplified enemy dies
    at 0 only from a lethal loss (a non-lethal knock-down leaves it Bewusstlos,
    E-NONLETHAL-3), and a revived creature in Stabiles Koma at -10 or below dies only
    when it loses LP again. Bewusstlos from an effect (Betäuben) is not ended by LP.
    """
    simplified = creature.simplified and not nonlethal and lp_fell
    state = life_state(creature.lp, simplified_enemy=simplified)
    held = closure(creature.conditions)
    events: list[Event] = []
    wanted = {
        LifeState.UNCONSCIOUS: Condition.UNCONSCIOUS,
        LifeState.DYING: Condition.DYING,
        LifeState.DEAD: Condition.DEAD,
    }.get(state)
    if wanted is None:
        return _recovered(battle, creature)
    if wanted is Condition.DYING and Condition.STABLE_COMA in creature.conditions:
        return events  # stabilised: negative LP and Stabiles Koma coexist (EX-STAB-1)
    if wanted is Condition.DEAD and Condition.STABLE_COMA in creature.conditions and not lp_fell:
        return events  # revived at -10 or below: dies only when LP fall again
    if wanted in held and wanted in creature.conditions:
        return events
    if wanted is Condition.UNCONSCIOUS and Condition.DYING in creature.conditions:
        creature.conditions = creature.conditions.remove(Condition.DYING)
    events += apply_change(battle, creature, gain(creature.conditions, wanted, lp=creature.lp))
    names = {
        Condition.UNCONSCIOUS: ("ist bewusstlos", "is unconscious"),
        Condition.DYING: ("liegt im Sterben", "is dying"),
        Condition.DEAD: ("ist tot", "is dead"),
    }[wanted]
    events.append(
        Event(
            "life_state",
            f"{creature.name} {names[0]}",
            f"{creature.name} {names[1]}",
            creature.key,
            {"state": state.name},
        )
    )
    return events


def _recovered(battle: Battle, creature: CreatureState) -> list[Event]:
    """End what LP of 1 or more no longer call for: Sterbend, Stabiles Koma, Bewusstlos.

    Bewusstlos from an effect (Betäuben) stays until the effect ends.
    """
    events: list[Event] = []
    if Condition.DYING in creature.conditions:  # healed or set above 0 by the GM
        events += apply_change(
            battle, creature, lose(creature.conditions, Condition.DYING, lp=creature.lp)
        )
    if Condition.STABLE_COMA in creature.conditions and creature.lp >= 1:
        events += apply_change(
            battle, creature, lose(creature.conditions, Condition.STABLE_COMA, lp=creature.lp)
        )
    knocked_out = battle.has_effect(creature, Condition.UNCONSCIOUS.name)
    if Condition.UNCONSCIOUS in creature.conditions and creature.lp >= 1 and not knocked_out:
        events += apply_change(
            battle, creature, lose(creature.conditions, Condition.UNCONSCIOUS, lp=creature.lp)
        )
    return events


def apply_change(battle: Battle, creature: CreatureState, change: Change) -> list[Event]:
    """Take on the result of a condition change: dropped items, LP, interruptions, ends."""
    creature.conditions = change.held
    sync_stance(creature)
    events: list[Event] = []
    if change.drop_held_items and creature.held:
        battle.state.ground_items.setdefault(creature.cell, []).extend(creature.held)
        events.append(
            Event(
                "drop",
                f"{creature.name} lässt alles fallen",
                f"{creature.name} drops everything held",
                creature.key,
                {"items": list(creature.held)},
            )
        )
        creature.held = []
    if change.set_lp is not None:
        creature.lp = change.set_lp
    if change.interrupted_action:
        battle.state.pending = [p for p in battle.state.pending if p.actor != creature.key]
        events.append(
            Event(
                "interrupted",
                f"{creature.name}s Handlung wird unterbrochen",
                f"{creature.name}'s action is interrupted",
                creature.key,
            )
        )
    for ended in change.ended:
        events.append(
            Event(
                "condition_lost",
                f"{creature.name} verliert {ended.value}",
                f"{creature.name} loses {ended.name.lower().replace('_', ' ')}",
                creature.key,
                {"condition": ended.name},
            )
        )
    if change.insanity_checks:
        events.append(
            Event(
                "gm_question",
                f"{creature.name}: {change.insanity_checks} Wahnsinnsprobe(n) (Spielleitung)",
                f"{creature.name} must make {change.insanity_checks} insanity check(s) (GM)",
                creature.key,
                {"insanity_checks": change.insanity_checks},
            )
        )
    return events


def sync_stance(creature: CreatureState) -> None:
    """Keep the stance with the conditions: Liegend, also implied, lies on the ground.

    Bewusstlos (also through Sterbend or Stabiles Koma) counts as Liegend
    (E-COND-BEWUSSTLOS-1), and the dead lie too; when Liegend ends (stood up, or woke
    up without holding Liegend itself) the creature stands. Kneeling is kept.
    """
    if lies_down(creature.conditions):
        creature.stance = Stance.PRONE
    elif creature.stance is Stance.PRONE:
        creature.stance = Stance.STANDING


def add_condition(
    battle: Battle,
    creature: CreatureState,
    condition: Condition,
    *,
    effect: Effect | None = None,
    count: int = 1,
) -> list[Event]:
    """Give a condition ``count`` times (Irritiert stacks) and the effect that ends it."""
    events = apply_change(
        battle, creature, gain(creature.conditions, condition, count, lp=creature.lp)
    )
    if effect is not None:  # gaining it again refreshes its end, it does not add a second
        creature.effects = [e for e in creature.effects if e.name != effect.name]
        creature.effects.append(effect)
    events.append(
        Event(
            "condition",
            f"{creature.name} erhält {condition.value}",
            f"{creature.name} gains {condition.name.lower()}",
            creature.key,
            {"condition": condition.name},
        )
    )
    return events


def knock_prone(battle: Battle, creature: CreatureState) -> list[Event]:
    """Make the creature Liegend (fallen, thrown, tripped); its stance follows."""
    events: list[Event] = []
    if Condition.PRONE not in creature.conditions:
        events += add_condition(battle, creature, Condition.PRONE)
    creature.stance = Stance.PRONE
    return events


def remove_condition(battle: Battle, creature: CreatureState, condition: Condition) -> list[Event]:
    if condition not in creature.conditions:
        return []
    try:
        change = lose(creature.conditions, condition, lp=creature.lp)
    except ValueError as error:  # e.g. Stabiles Koma ends only at LP >= 1
        raise CommandRejected(say(str(error), _cannot_end_de(condition, creature.lp))) from None
    creature.effects = [e for e in creature.effects if e.name != condition.name]
    events = apply_change(battle, creature, change)
    events.append(
        Event(
            "condition_lost",
            f"{creature.name} verliert {condition.value}",
            f"{creature.name} loses {condition.name.lower()}",
            creature.key,
            {"condition": condition.name},
        )
    )
    return events


def lies_down(held: ConditionSet) -> bool:
    """Return whether a creature with these conditions lies on the ground."""
    return Condition.DEAD in held or Condition.PRONE in closure(held)


def _cannot_end_de(condition: Condition, lp: int) -> str:
    """Return in German why ``condition`` cannot end now (conditions.lose refused it)."""
    rule = CONDITIONS[condition]
    if rule.min_lp_to_end is None:
        return f"{condition.value} kann nicht nach Belieben enden"
    return (
        f"{condition.value} endet erst ab LP {rule.min_lp_to_end}, LP jetzt {lp} "
        f"({rule.rule_ids[0]})"
    )
