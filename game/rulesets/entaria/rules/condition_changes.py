"""Gaining and losing conditions, with their side effects; hiding, detection, unforeseen
attacks and surprise.

Each change returns a ``Change``: the new held conditions and what follows from them
(Konzentriert ended, Wahnsinn checks, held items dropped, LP set, an action interrupted,
the saves rolled).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll, success_roll
from game.rulesets.entaria.rules.condition_effects import can_act
from game.rulesets.entaria.rules.conditions import (
    CONCENTRATION_SAVE,
    CONDITIONS,
    ConspicuousAct,
    LpLossReaction,
)
from game.rulesets.entaria.rules.held_conditions import (
    ConditionSet,
    Held,
    as_condition_set,
    closure,
    held_rules,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition

__all__ = [
    "Change",
    "after_detection",
    "after_unforeseen_attack",
    "concentrate_on",
    "detection_check",
    "end_voluntarily",
    "gain",
    "is_unforeseen",
    "lose",
    "lose_lp",
    "lp_loss_save",
    "moved_faster_than_walking",
    "rest",
    "reveal",
    "stand_up",
    "surprised_until_round",
]


# --- gaining and losing ------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """The result of a change to a creature's conditions, with its side effects."""

    held: ConditionSet
    ended: frozenset[Condition] = frozenset()  # lost as a consequence
    insanity_checks: int = 0  # Wahnsinn checks the creature must make now
    drop_held_items: bool = False  # Bewusstlos (E-COND-BEWUSSTLOS-2)
    set_lp: int | None = None  # Erschöpft level 10 (E-COND-ERSCHOEPFT-6)
    interrupted_action: bool = False  # Fokussiert lost (E-COND-FOKUSSIERT-2/3)
    saves: tuple[Roll, ...] = ()


def _newly_unconscious(before: ConditionSet, after: ConditionSet) -> bool:
    return Condition.UNCONSCIOUS in closure(after) and Condition.UNCONSCIOUS not in closure(before)


def _concentration_check(after: ConditionSet) -> tuple[ConditionSet, bool]:
    if Condition.CONCENTRATING not in after:
        return after, False
    if any(rule.ends_concentration for rule in held_rules(closure(after))):
        return after.remove(Condition.CONCENTRATING), True
    return after, False


def gain(held: Held, condition: Condition, n: int = 1, *, lp: int | None = None) -> Change:
    """Return the conditions after gaining ``condition`` ``n`` times, with side effects.

    Betäubt, Bewusstlos, Entsetzt, Panisch and Tod end Konzentriert (also when implied,
    e.g. by Sterbend). Entsetzt newly gained and Erschöpft first reaching level 9 ask
    for a Wahnsinn check. Erschöpft 10 sets LP to -1 (or keeps lower ``lp``). Newly
    Bewusstlos drops what it holds. Tod replaces Sterbend and Stabiles Koma.
    """
    before = as_condition_set(held)
    after = before.add(condition, n)
    if condition is Condition.DEAD:
        after = after.remove(Condition.DYING).remove(Condition.STABLE_COMA)
    after, concentration_lost = _concentration_check(after)
    rule = CONDITIONS[condition]
    old, new = before.count(condition), after.count(condition)
    insanity = 0
    if rule.insanity_check_on_gain and old == 0 and new > 0:
        insanity += 1
    if rule.insanity_check_at_level is not None and old < rule.insanity_check_at_level <= new:
        insanity += 1
    set_lp = None
    if rule.lp_set_at_level is not None:
        level, value = rule.lp_set_at_level
        if old < level <= new:
            set_lp = value if lp is None else min(lp, value)
    return Change(
        held=after,
        ended=frozenset({Condition.CONCENTRATING}) if concentration_lost else frozenset(),
        insanity_checks=insanity,
        drop_held_items=_newly_unconscious(before, after),
        set_lp=set_lp,
    )


def lose(
    held: Held, condition: Condition, *, lp: int | None = None, n: int | None = None
) -> Change:
    """Return the conditions after losing ``condition`` (or ``n`` of its levels).

    Sterbend is replaced by Stabiles Koma (E-COND-STERBEND-3); Stabiles Koma ends only
    at LP >= 1 and then adds one Erschöpft level (E-COND-STABILESKOMA-2/3, E-OPEN-41).
    Losing Fokussiert interrupts the action in progress.
    """
    before = as_condition_set(held)
    if condition not in before:
        return Change(held=before)
    rule = CONDITIONS[condition]
    if rule.min_lp_to_end is not None and (lp is None or lp < rule.min_lp_to_end):
        raise ValueError(
            f"{rule.german} ends only at LP >= {rule.min_lp_to_end}, got LP {lp} "
            f"({rule.rule_ids[0]})"
        )
    after = before.remove(condition, n)
    if condition in after:
        return Change(held=after)
    if rule.replaced_on_loss_by is not None:
        follow = gain(after, rule.replaced_on_loss_by, lp=lp)
        return replace(
            follow,
            drop_held_items=_newly_unconscious(before, follow.held),
            interrupted_action=follow.interrupted_action or rule.interrupts_action_when_lost,
        )
    return Change(held=after, interrupted_action=rule.interrupts_action_when_lost)


def end_voluntarily(held: Held, condition: Condition) -> Change:
    """Return the conditions after the creature drops Fokussiert or Konzentriert by choice."""
    rule = CONDITIONS[condition]
    if not rule.voluntary_end:
        raise ValueError(f"{rule.german} cannot be ended at will")
    return lose(held, condition)


def lp_loss_save(held: Held, lp_lost: int) -> tuple[Attribute, int] | None:
    """Return the save losing ``lp_lost`` LP asks for, or None (E-COND-KONZENTRIERT-4).

    Konzentriert asks a Rettungswurf Reflexe vs ZW 10 whenever LP are lost; the engine
    rolls it as the creature's check (``Battle.check``) and hands it to ``lose_lp``.
    """
    if lp_lost <= 0:
        return None
    counts = as_condition_set(held)
    for rule in held_rules(counts):
        if rule.on_lp_loss is LpLossReaction.SAVE_OR_ENDS:
            return CONCENTRATION_SAVE
    return None


def lose_lp(held: Held, lp_lost: int, *, save: Roll | None = None) -> Change:
    """Return the conditions after losing ``lp_lost`` LP.

    Fokussiert ends and interrupts the action (E-COND-FOKUSSIERT-2). Konzentriert needs
    a Rettungswurf Reflexe vs ZW 10 (``lp_loss_save``); a failure ends it
    (E-COND-KONZENTRIERT-4). ``save`` is that save, rolled by the engine as the
    creature's one check (``Battle.check``, D-3: its conditions fold in there, once);
    a ValueError when Konzentriert needs it and it is missing.
    """
    counts = as_condition_set(held)
    if lp_lost <= 0:
        return Change(held=counts)
    after = counts
    ended: set[Condition] = set()
    saves: list[Roll] = []
    interrupted = False
    for rule in held_rules(counts):
        if rule.on_lp_loss is LpLossReaction.ENDS:
            after = after.remove(rule.condition)
            ended.add(rule.condition)
            interrupted = interrupted or rule.interrupts_action_when_lost
        elif rule.on_lp_loss is LpLossReaction.SAVE_OR_ENDS:
            if save is None:
                raise ValueError("Konzentriert needs its save (lp_loss_save), rolled as a check")
            saves.append(save)
            if not save.success:
                after = after.remove(rule.condition)
                ended.add(rule.condition)
    return Change(
        held=after,
        ended=frozenset(ended),
        interrupted_action=interrupted,
        saves=tuple(saves),
    )


def stand_up(held: Held) -> Change:
    """Return the conditions after Positionsänderung removes Liegend (E-COND-LIEGEND-4)."""
    counts = as_condition_set(held)
    if Condition.PRONE not in counts:
        raise ValueError("the creature is not lying down (Liegend)")
    if not can_act(counts):
        raise ValueError("a Handlungsunfähig creature cannot stand up")
    return Change(held=counts.remove(Condition.PRONE))


def rest(held: Held, *, circumstances_gone: bool) -> ConditionSet:
    """Return the conditions after one rest: Erschöpft heals one level (E-COND-ERSCHOEPFT-3)."""
    counts = as_condition_set(held)
    if not circumstances_gone:
        return counts
    return counts.remove(Condition.EXHAUSTED, 1)


def concentrate_on(current: Hashable | None, new: Hashable) -> tuple[Hashable, Hashable | None]:
    """Return (new focus, dropped focus): one thing at a time (E-COND-KONZENTRIERT-2)."""
    dropped = current if current is not None and current != new else None
    return new, dropped


# --- hiding, detection, unforeseen attacks, surprise -----------------------------------


def detection_check(
    intelligence: int,
    hidden: Condition,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll Intelligenz vs ZW 15 (Unentdeckt) or ZW 20 (Unsichtbar) to find a creature."""
    detection = CONDITIONS[hidden].detection
    if detection is None:
        raise ValueError(f"{hidden.value} is not found by a detection check")
    return success_roll(intelligence, detection.target, roller, edge=edge, modifier=modifier)


def after_detection(held_toward_detector: Held, hidden: Condition) -> ConditionSet:
    """Return what the detector now faces: Unentdeckt gone, Unsichtbar -> Schemenhaft.

    Only toward the detector (E-COND-UNENTDECKT-4, E-COND-UNSICHTBAR-4).
    """
    counts = as_condition_set(held_toward_detector)
    detection = CONDITIONS[hidden].detection
    if detection is None:
        raise ValueError(f"{hidden.value} is not found by a detection check")
    after = counts.remove(hidden)
    return after.add(detection.becomes) if detection.becomes is not None else after


def reveal(held: Held, act: ConspicuousAct) -> ConditionSet:
    """Return the conditions after a conspicuous act: Unentdeckt ends toward everyone."""
    del act  # every ConspicuousAct reveals; the argument documents the cause
    return as_condition_set(held).remove(Condition.UNDETECTED)


def moved_faster_than_walking(fields_this_round: int, bew: int) -> bool:
    """Return whether a round's movement breaks Unentdeckt: more than BEW fields (E-OPEN-39)."""
    return fields_this_round > bew


def is_unforeseen(*, target_sees_attacker: bool, target_expects_aggression: bool) -> bool:
    """Return whether an attack is unforeseen (E-UNFORESEEN-1).

    After one such attack the target knows its attacker: pass
    ``target_expects_aggression=True`` from then on (E-UNFORESEEN-3).
    """
    return not target_sees_attacker or not target_expects_aggression


def after_unforeseen_attack(target_held: Held, *, gm_surprises: bool) -> Change:
    """Return the target's conditions after an unforeseen attack: Überrascht if the GM says so."""
    counts = as_condition_set(target_held)
    return gain(counts, Condition.SURPRISED) if gm_surprises else Change(held=counts)


def surprised_until_round(round_gained: int = 1) -> int:
    """Return the round at whose holder's turn Überrascht ends (E-SURPRISE-2).

    A fight breaking out counts as round 1, so a surprised creature skips round 1.
    """
    if round_gained < 1:
        raise ValueError("rounds are counted from 1")
    return round_gained + 1
