"""The Impuls reroll (E-IMP-EFF-REROLL): one roll of the last command, rolled again.

Any check or damage roll the last applied command made, by a character or by an enemy,
can be rerolled for 1 Impuls from the players' pool (``SpendImpulse``, also outside the
spender's turn) or from the game master (``GmSpendImpulse``, E-IMP-GM-1/2). The roll gets
fresh dice and the command is recomputed: the match becomes exactly what the command
would have produced with those dice (a miss that now hits deals damage, a hit that now
misses deals none). The reroll has no Nachteil (E-OPEN-5 reading B).

How it works:

- Roll numbers. While a command is applied, ``Battle.roller`` hands out a ``RollTracker``;
  every use of ``battle.roller`` opens a new roll and the dice drawn until the next use
  belong to it (one rules call such as ``success_roll`` or ``damage_roll`` is one roll).
  Rolls are numbered 0, 1, ... in the order they are made. A roll can be rerolled when an
  event of the command reports exactly its dice: a check (``data["dice"]``, written by
  ``roll_events.roll_data``) or a damage roll (``data["die"]`` of a damage event). Dice no
  event reports (a Konzentriert save inside an LP loss, the Helfen w6, scatter) are not
  offered; nor are two rolls made in one rules call (the ranged duel).
- Recompute. The command is applied again on a shadow copy of the match in the state
  before it, with the dice stream from before it. The chosen roll takes its dice from a
  fresh stream of its own (from the seed and the reroll's place in the record, see
  ``reroll_dice``); its old dice are still drawn from the main stream and set aside, so
  every other roll keeps its dice, and a roll the old outcome never made (the damage of a
  miss that now hits) takes the next dice of the stream. The shadow's state, doors and
  dice stream then become the match's.
- No snapshot per command. ``apply`` keeps only the dice each command drew (a few ints).
  The state before the last command is rebuilt when a reroll asks for it: the commands
  since the last checkpoint (taken before a command at least every
  ``CHECKPOINT_SPACING`` commands, and before the first command after the match was
  changed outside its commands, see ``RerollLedger.edited``) are replayed on a shadow
  with their recorded dice, and that state becomes the new checkpoint. Before it recomputes,
  the reroll replays the last command once more from there: it must reach the current
  state up to the Impuls pool (whose difference, the payments of earlier rerolls of this
  command or a pool set by hand, is carried over). A match changed outside its commands in
  any other way since then is refused, never silently rewritten.
- Record. The reroll is a command (``SpendImpulse``/``GmSpendImpulse`` with effect REROLL and
  ``roll``), so replay, undo/redo and saves stay exact.
- Again. A rerolled roll may be rerolled again, each time for 1 Impuls from either pool:
  E-IMP-EFF-REROLL sets no limit and E-OPEN-5 B exempts the Impuls reroll from the rule
  on repeated checks. Rerolling a roll drops the rerolls of later rolls of the same
  command (they may not exist any more); rerolls of earlier rolls stay.
- An Impuls won by a crit of the rerolled roll is lost with the crit. When that Impuls is
  the one that would pay for the reroll (the players' pool would fall below zero), the
  reroll is refused.

This module says which rolls may be rerolled and recomputes the command; the dice each
command drew and the checkpoints are ``reroll_ledger``'s, the shadow copies of the match
``reroll_shadows``'.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.board.dice import RandomRoller, Roller
from game.match.events import Event
from game.match.notation import dice_text
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.reroll_ledger import (
    DAMAGE_EVENTS,
    RULE,
    Checkpoint,
    RecordedDice,
    ReplayDiverged,
    RerollOutcome,
    copy_roller,
    is_reroll,
)
from game.rulesets.entaria.reroll_shadows import adopt, same_but_pool, shadow_at, state_before_base
from game.rulesets.entaria.rules.terms import german, say

if TYPE_CHECKING:
    from game.match.commands import Command
    from game.rulesets.entaria.engine import Battle


@dataclass(frozen=True)
class RerollOption:
    """One roll of the last command that an Impuls may reroll (for the screen)."""

    index: int  # pass as SpendImpulse(..., effect="REROLL", roll=index)
    actor: str | None  # who rolled (for a damage roll: the attacker)
    kind: str  # "check" or "damage"
    dice: tuple[int, ...]
    result: int | None  # the check's total or the damage dealt
    success: bool | None  # the check's verdict (None for damage)
    de: str  # the roll as the log told it
    en: str


@dataclass(frozen=True)
class LegalReroll:
    """Whether ``spender`` (None: the game master) may reroll now, why not, and what."""

    allowed: bool
    reason: str
    rolls: tuple[RerollOption, ...]


# ------------------------------------------------------------------ queries
def _reported(event: Event) -> tuple[str, tuple[int, ...]] | None:
    """Return the kind and dice of the roll ``event`` reports, or None."""
    data = event.data
    dice = data.get("dice")
    if isinstance(dice, list | tuple) and dice and all(type(d) is int for d in dice):
        return "check", tuple(dice)
    die = data.get("die")
    if event.kind in DAMAGE_EVENTS and type(die) is int:
        return "damage", (die,)
    return None


def rerollable_rolls(battle: Battle) -> list[RerollOption]:
    """Return the rolls of the last command that may be rerolled, in the order made."""
    ledger = battle.rerolls
    if battle.state.over or ledger.base is None or not ledger.rolls:
        return []
    values = [tuple(value for _, value in roll) for roll in ledger.rolls]
    taken: set[int] = set()
    options: list[RerollOption] = []
    for event in ledger.events:
        reported = _reported(event)
        if reported is None:
            continue
        kind, dice = reported
        index = next((i for i, v in enumerate(values) if i not in taken and v == dice), None)
        if index is None:
            continue
        taken.add(index)
        data = event.data
        if kind == "check":
            result, success = data.get("total"), data.get("success")
        else:
            result, success = data.get("final", data.get("total")), None
        options.append(
            RerollOption(
                index=index,
                actor=event.actor,
                kind=kind,
                dice=dice,
                result=result if type(result) is int else None,
                success=success if isinstance(success, bool) else None,
                de=event.de,
                en=event.en,
            )
        )
    return sorted(options, key=lambda option: option.index)


def _no_reroll_reason(battle: Battle) -> str:
    if battle.state.over:
        return say("the fight is over", "der Kampf ist vorbei")
    if not battle.record:
        return say("nothing has been rolled yet", "es wurde noch nichts gewürfelt")
    # the command's kind ("spend_impulse") is code, not a word for players: not named
    return say(
        f"the last command made no check or damage roll to reroll ({RULE})",
        f"der letzte Befehl hatte keinen Erfolgs- oder Schadenswurf zum Neuwürfeln ({RULE})",
    )


def legal_reroll(battle: Battle, spender: str | None = None) -> LegalReroll:
    """Return whether ``spender`` (a creature key; None: the game master) may reroll now."""
    options = tuple(rerollable_rolls(battle))
    if not options:
        return LegalReroll(False, _no_reroll_reason(battle), ())
    if spender is None:
        return LegalReroll(True, "", options)
    creature = battle.state.creatures.get(spender)
    if creature is None:
        return LegalReroll(
            False,
            say(f"there is no creature {spender!r}", f"es gibt kein Wesen {spender!r}"),
            options,
        )
    side = battle.sides.get(creature.side)
    if side is None or side.controller != "player":
        return LegalReroll(
            False,
            say(
                "the group's Impulse is the players' (the GM uses gm_impulse)",
                "der Impuls der Gruppe gehört den Spielern (die Spielleitung nutzt gm_impulse)",
            ),
            options,
        )
    if not battle._can_take_turn(creature):
        return LegalReroll(
            False,
            say(
                f"{creature.name} cannot act (E-IMP-4)",
                f"{creature.name} kann nicht handeln (E-IMP-4)",
            ),
            options,
        )
    if battle.state.impulse_pool < 1:
        return LegalReroll(
            False,
            say(
                f"a reroll costs 1 Impulse, the pool holds {battle.state.impulse_pool}",
                f"ein Neuwurf kostet 1 Impuls, der Vorrat hat {battle.state.impulse_pool}",
            ),
            options,
        )
    return LegalReroll(True, "", options)


# ------------------------------------------------------------------ the reroll
def reroll_dice(battle: Battle, key: int) -> Roller:
    """Return the fresh dice of the reroll at record index ``key`` (seeded, reproducible)."""
    factory = battle.rerolls.fresh_dice
    if factory is not None:
        return factory(key)
    digest = hashlib.sha256(f"kampfkarte/impuls-reroll/{battle.seed}/{key}".encode()).digest()
    return RandomRoller(int.from_bytes(digest[:8], "big"))


def prepare_reroll(
    battle: Battle, roll: int | None, *, by_gm: bool, cost: int
) -> Callable[[], list[Event]]:
    """Validate a reroll of roll ``roll`` of the last command; return what applies it.

    Everything is computed on shadows first; the returned function only hands the result
    to the match (validate first, then mutate). The caller pays the Impuls afterwards.
    """
    ledger = battle.rerolls
    option = _chosen_roll(battle, roll)
    assert ledger.base is not None
    command = battle.record[ledger.base]
    key = len(battle.record)  # the reroll's own place in the record
    answers = _answers_after_base(battle)  # transparent GmAnswers (E-ACT-6)
    before, check = _replayed(battle, command, answers)
    carried = battle.state.impulse_pool - check.state.impulse_pool
    overrides = {index: k for index, k in ledger.overrides.items() if index < option.index}
    overrides[option.index] = key
    if ledger.shadow:
        assert battle._tracker is not None  # inside apply: the recorded dice of this reroll
        main = battle._tracker.main
    else:
        main = copy_roller(before.roller)
    new, events = _recomputed(battle, before, command, answers, main, overrides)
    new.state.impulse_pool += carried
    if new.state.impulse_pool < (0 if by_gm else cost):
        raise CommandRejected(
            say(
                "the Impulse that would pay for this reroll came from the crit of the roll itself "
                f"(the pool would hold {new.state.impulse_pool})",
                "der Impuls, der diesen Neuwurf bezahlen würde, stammt aus dem kritischen "
                f"Erfolg des Wurfs selbst (der Vorrat hätte {new.state.impulse_pool})",
            )
        )
    after = tuple(value for _, value in new.rerolls.rolls[option.index])
    outcome = RerollOutcome(
        draws=tuple(draw for drawn in new.rerolls.draws[ledger.base :] for draw in drawn),
        rolls=new.rerolls.rolls,
        events=new.rerolls.events,
        overrides=overrides,
    )
    event = _reroll_event(option, after, by_gm=by_gm)

    def perform() -> list[Event]:
        adopt(battle, new, main)
        ledger.pending = outcome
        return [event, *events]

    return perform


def _recomputed(
    battle: Battle,
    before: Checkpoint,
    command: Command,
    answers: list[Command],
    main: Roller,
    overrides: dict[int, int],
) -> tuple[Battle, list[Event]]:
    """Apply the command again on a shadow, the rerolled rolls with their fresh dice."""
    new = shadow_at(battle, before)
    new.rerolls.next_main = main
    new.rerolls.next_overrides = {index: reroll_dice(battle, k) for index, k in overrides.items()}
    try:
        events = new.apply(command)
        for answer in answers:
            new.apply(answer)
    except (CommandRejected, ReplayDiverged) as error:
        reason = _why(error)
        raise CommandRejected(
            say(
                f"the reroll cannot be applied: {reason}",
                f"der Neuwurf kann nicht angewandt werden: {german(reason)}",
            )
        ) from None
    return new, events


def _chosen_roll(battle: Battle, roll: int | None) -> RerollOption:
    """Return the roll of the last command to reroll: ``roll``, or the only one there is."""
    options = rerollable_rolls(battle)
    if not options:
        why = _no_reroll_reason(battle)
        raise CommandRejected(
            say(f"nothing to reroll: {why}", f"nichts neu zu würfeln: {german(why)}")
        )
    listed = ", ".join(f"{o.index} ({o.en})" for o in options)
    listed_de = ", ".join(f"{o.index} ({o.de})" for o in options)
    if roll is None:
        if len(options) > 1:
            raise CommandRejected(
                say(
                    f"name the roll to reroll (roll=...): {listed}",
                    f"nenne den Wurf, der neu gewürfelt wird (roll=...): {listed_de}",
                )
            )
        return options[0]
    found = next((o for o in options if o.index == roll), None)
    if found is None:
        raise CommandRejected(
            say(
                f"the last command has no roll {roll} to reroll; {listed}",
                f"der letzte Befehl hat keinen Wurf {roll} zum Neuwürfeln; {listed_de}",
            )
        )
    return found


def _replayed(
    battle: Battle, command: Command, answers: list[Command]
) -> tuple[Checkpoint, Battle]:
    """Replay the last command from the state before it; it must reach the match.

    Return that state and the replayed shadow; refuse when the match was changed outside
    its commands since (only the Impuls pool may differ).
    """
    ledger = battle.rerolls
    try:
        before = state_before_base(battle)
        check = shadow_at(battle, before)
        assert ledger.last is not None
        check.rerolls.next_main = RecordedDice(ledger.draws[ledger.last])
        check.rerolls.next_overrides = {
            index: reroll_dice(battle, k) for index, k in ledger.overrides.items()
        }
        check.apply(command)
        for answer in answers:
            check.apply(answer)
    except (CommandRejected, ReplayDiverged) as error:
        reason = _why(error)
        raise CommandRejected(
            say(
                f"the last command cannot be replayed for a reroll: {reason}",
                "der letzte Befehl kann für einen Neuwurf nicht wiederholt werden: "
                f"{german(reason)}",
            )
        ) from None
    if not same_but_pool(battle, check):
        raise CommandRejected(
            say(
                "the match was changed outside its commands since the last one, so its roll "
                f"cannot be replayed ({RULE})",
                "die Partie wurde seit dem letzten Befehl außerhalb ihrer Befehle verändert, "
                f"daher kann ihr Wurf nicht wiederholt werden ({RULE})",
            )
        )
    return before, check


def _reroll_event(option: RerollOption, after: tuple[int, ...], *, by_gm: bool) -> Event:
    """Return the log line of a reroll: which roll, its dice before and after."""
    sides = 6 if option.kind == "damage" else 20  # no brackets: they would read as a field
    old_de, old_en = dice_text(sides, option.dice, "de"), dice_text(sides, option.dice, "en")
    new_text = _dice_text(after)
    return Event(
        "reroll",
        f"Wurf {option.index + 1} wird neu gewürfelt: {old_de} -> {new_text} ({option.de})",
        f"Roll {option.index + 1} is rerolled: {old_en} -> {new_text} ({option.en})",
        option.actor,
        {
            "rule": RULE,
            "roll": option.index,
            "kind": option.kind,
            "before": list(option.dice),
            "after": list(after),
            "by_gm": by_gm,
        },
    )


def _why(error: Exception) -> str:
    """Return a refusal's or a diverged replay's reason, keeping its German."""
    reason = getattr(error, "reason", None)
    if isinstance(reason, str):
        return reason
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


def _answers_after_base(battle: Battle) -> list[Command]:
    """Return the ``GmAnswer`` commands recorded after the base command, in order."""
    base = battle.rerolls.base
    assert base is not None
    return [c for c in battle.record[base + 1 :] if not is_reroll(c)]


def _dice_text(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


# ------------------------------------------------------------------ shadows
