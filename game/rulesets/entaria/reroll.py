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
  ``events.roll_data``) or a damage roll (``data["die"]`` of a damage event). Dice no
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
  since the last checkpoint (the construction, or the first command after the match was
  changed outside its commands, see ``RerollLedger.edited``) are replayed on a shadow with
  their recorded dice, and that state becomes the new checkpoint. Before it recomputes,
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
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.board.dice import RandomRoller, Roller
from game.match.events import Event
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.terms import german, say

if TYPE_CHECKING:
    from game.match.commands import Command
    from game.rulesets.entaria.engine import Battle

#: One die of a stream: (sides, value).
Draw = tuple[int, int]

RULE = "E-IMP-EFF-REROLL"
#: Events whose ``data["die"]`` is a damage roll (the other ``die`` fields repeat a die).
DAMAGE_EVENTS = frozenset({"damage", "area_fire", "door_damage"})
_REROLL_KINDS = ("spend_impulse", "gm_impulse")


def is_reroll(command: Command) -> bool:
    """Return whether ``command`` buys an Impuls reroll (E-IMP-EFF-REROLL)."""
    if command.kind not in _REROLL_KINDS:
        return False
    effect = getattr(command, "effect", None)
    return isinstance(effect, str) and effect.upper() == "REROLL"


class ReplayDiverged(Exception):
    """A replay asked for other dice than the record holds."""


def _why(error: Exception) -> str:
    """Return a refusal's or a diverged replay's reason, keeping its German."""
    reason = getattr(error, "reason", None)
    if isinstance(reason, str):
        return reason
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


class RecordedDice:
    """Hand out recorded dice in order; a replay must ask for exactly these."""

    __slots__ = ("_draws", "_next")

    def __init__(self, draws: Sequence[Draw]) -> None:
        self._draws = draws
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._draws):
            raise ReplayDiverged(
                say(
                    f"the replay asks for a d{sides} the record does not hold",
                    f"die Wiederholung verlangt einen w{sides}, den die Aufzeichnung nicht enthält",
                )
            )
        recorded, value = self._draws[self._next]
        if recorded != sides:
            raise ReplayDiverged(
                say(
                    f"the replay asks for a d{sides} where a d{recorded} was rolled",
                    f"die Wiederholung verlangt einen w{sides}, wo ein w{recorded} gewürfelt wurde",
                )
            )
        self._next += 1
        return value


class NoDice:
    """The dice of a shadow outside its recorded commands: none."""

    def roll(self, sides: int) -> int:
        raise ReplayDiverged(
            say(
                f"a d{sides} is asked for outside a recorded command",
                f"ein w{sides} wird außerhalb eines aufgezeichneten Befehls verlangt",
            )
        )


class RollTracker:
    """The roller of one command: it numbers the rolls and records the dice.

    ``next_roll`` runs on every use of ``battle.roller``; the dice drawn until the next use
    form one roll. A roll listed in ``overrides`` still draws its dice from the main stream
    (set aside, so later rolls keep theirs) and uses the fresh stream's dice instead.
    """

    __slots__ = ("_new", "checkpoint", "draws", "main", "overrides", "rolls")

    def __init__(self, main: Roller, overrides: Mapping[int, Roller] | None = None) -> None:
        self.main = main
        self.draws: list[Draw] = []  # every die of the main stream, in order
        self.rolls: list[list[Draw]] = []  # the dice each roll used
        self.overrides: Mapping[int, Roller] = overrides or {}
        self._new = True
        self.checkpoint: Checkpoint | None = None  # taken before the command, kept if it applies

    def next_roll(self) -> None:
        self._new = True

    def roll(self, sides: int) -> int:
        if self._new:
            self._new = False
            self.rolls.append([])
        value = self.main.roll(sides)
        self.draws.append((sides, value))
        if self.overrides:
            fresh = self.overrides.get(len(self.rolls) - 1)
            if fresh is not None:
                value = fresh.roll(sides)
        self.rolls[-1].append((sides, value))
        return value


@dataclass(frozen=True)
class Checkpoint:
    """The match after its first ``record_len`` commands: state, doors and dice stream."""

    record_len: int
    state: dict[str, Any]  # BattleState.to_dict(): shares nothing with the live state
    doors: npt.NDArray[np.bool_]  # BattleGrid.door_open
    roller: Roller  # the main dice stream at that moment (a private copy)
    log_len: int = 0  # the log's length then (a replayed GmAnswer checks its question)


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


@dataclass(frozen=True)
class _Outcome:
    """A reroll's result, handed from its handler to ``RerollLedger.finish``."""

    draws: tuple[Draw, ...]
    rolls: tuple[tuple[Draw, ...], ...]
    events: tuple[Event, ...]
    overrides: dict[int, int]


class RerollLedger:
    """What rerolls need to know about a match's commands (``Battle.rerolls``).

    ``apply`` calls ``start`` before a command and ``finish`` after it applied; a refused
    command leaves the ledger as it was.
    """

    def __init__(self) -> None:
        self.draws: list[tuple[Draw, ...]] = []  # the main-stream dice of each recorded command
        self.rolls: tuple[tuple[Draw, ...], ...] = ()  # the rolls of the last command (dice used)
        self.events: tuple[Event, ...] = ()  # the last command's events (as recomputed)
        self.base: int | None = None  # record index of the command these rolls belong to
        self.base_log = 0  # the log's length before ``base`` (its older questions)
        self.last: int | None = None  # record index of ``base`` or of its latest reroll
        self.overrides: dict[int, int] = {}  # roll index -> fresh stream key, for ``base``
        self.checkpoint: Checkpoint | None = None  # None: the construction
        self.stale = False  # changed outside commands: checkpoint before the next command
        self.origin: tuple[Any, ...] | None = None  # the turn as constructed (``constructed``)
        #: Tests: the fresh dice of the reroll at record index ``key`` (default: seeded).
        self.fresh_dice: Callable[[int], Roller] | None = None
        self.shadow = False  # a shadow replays recorded dice only
        self.feed: Sequence[Draw] | None = None  # shadow: the dice of the next command
        self.next_main: Roller | None = None  # shadow: the main stream of the next command
        self.next_overrides: dict[int, Roller] | None = None
        self.pending: _Outcome | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> RerollLedger:
        # Copies of a match (clone_battle) share the immutable records: cheap at any length.
        twin = copy.copy(self)
        twin.draws = list(self.draws)
        twin.overrides = dict(self.overrides)
        return twin

    def constructed(self, battle: Battle) -> None:
        """Note the turn the match starts with (``Battle.__init__``)."""
        self.origin = _turn_of(battle)

    def edited(self) -> None:
        """Note that the match was changed outside its commands (new dice, a state set by hand).

        The next command then starts from a checkpoint, so a reroll rebuilds from there.
        """
        self.stale = True

    def start(self, battle: Battle, command: Command) -> RollTracker:
        """Return the roller for ``command`` (``Battle.apply``)."""
        self.pending = None
        if not battle.record and self.origin is not None and _turn_of(battle) != self.origin:
            self.stale = True  # e.g. a test made another creature start: not the construction
        if self.next_main is not None:
            main: Roller = self.next_main
        elif self.feed is not None:
            main = RecordedDice(self.feed)
        else:
            main = battle._roller
        tracker = RollTracker(main, self.next_overrides)
        self.next_main = self.feed = self.next_overrides = None
        if self.transparent(battle, command):
            return tracker  # no checkpoint after the base: a reroll replays the answer
        if self.stale and not self.shadow and not is_reroll(command):
            tracker.checkpoint = _checkpoint(battle, copy_roller(battle._roller))
        return tracker

    def finish(
        self, battle: Battle, command: Command, tracker: RollTracker, events: list[Event]
    ) -> None:
        """Record the dice and rolls of ``command``, which has just applied."""
        outcome, self.pending = self.pending, None
        if outcome is not None:  # a reroll: the rolls are those of the recomputed command
            self.draws.append(outcome.draws + tuple(tracker.draws))
            self.rolls, self.events = outcome.rolls, outcome.events
            self.overrides = outcome.overrides
            self.last = len(battle.record) - 1
            return
        self.draws.append(tuple(tracker.draws))
        if self.transparent(battle, command):
            return  # the rolls stay those of the base command
        self.rolls = tuple(tuple(r) for r in tracker.rolls)
        self.events = tuple(events)
        self.base = self.last = len(battle.record) - 1
        self.base_log = len(battle.log)  # the events are logged after ``finish``
        self.overrides = {}
        if tracker.checkpoint is not None:
            self.checkpoint = tracker.checkpoint
            self.stale = False

    def transparent(self, battle: Battle, command: Command) -> bool:
        """Return whether ``command`` keeps the rolls of the base command rerollable.

        A ``GmAnswer`` changes nothing but the log; when it answers a question logged
        before the base command, a reroll re-applies it after the recomputed command
        (E-IMP-EFF-REROLL, E-ACT-6).
        """
        if command.kind != "gm_answer" or self.base is None:
            return False
        question = getattr(command, "question", None)
        return type(question) is int and 0 <= question < self.base_log


def _answers_after_base(battle: Battle) -> list[Command]:
    """Return the ``GmAnswer`` commands recorded after the base command, in order."""
    base = battle.rerolls.base
    assert base is not None
    return [c for c in battle.record[base + 1 :] if not is_reroll(c)]


def _turn_of(battle: Battle) -> tuple[Any, ...]:
    """Return a cheap fingerprint of whose turn it is, to notice a match set up by hand."""
    state = battle.state
    return (tuple(state.order), state.turn_index, state.round, state.budget, state.impulse_pool)


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
    last = battle.record[battle.rerolls.base if battle.rerolls.base is not None else -1]
    return say(
        f"the last command ({last.kind}) made no check or damage roll to reroll ({RULE})",
        f"der letzte Befehl ({last.kind}) hatte keinen Erfolgs- oder Schadenswurf "
        f"zum Neuwürfeln ({RULE})",
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
                "the group's Impuls is the players' (the GM uses gm_impulse)",
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
                f"a reroll costs 1 Impuls, the pool holds {battle.state.impulse_pool}",
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
        option = options[0]
    else:
        found = next((o for o in options if o.index == roll), None)
        if found is None:
            raise CommandRejected(
                say(
                    f"the last command has no roll {roll} to reroll; {listed}",
                    f"der letzte Befehl hat keinen Wurf {roll} zum Neuwürfeln; {listed_de}",
                )
            )
        option = found
    assert ledger.base is not None
    command = battle.record[ledger.base]
    key = len(battle.record)  # the reroll's own place in the record
    answers = _answers_after_base(battle)  # transparent GmAnswers (E-ACT-6)
    try:
        before = _before_base(battle)
        check = _shadow(battle, before)
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
    if not _same_but_pool(battle, check):
        raise CommandRejected(
            say(
                "the match was changed outside its commands since the last one, so its roll "
                f"cannot be replayed ({RULE})",
                "die Partie wurde seit dem letzten Befehl außerhalb ihrer Befehle verändert, "
                f"daher kann ihr Wurf nicht wiederholt werden ({RULE})",
            )
        )
    carried = battle.state.impulse_pool - check.state.impulse_pool
    overrides = {index: k for index, k in ledger.overrides.items() if index < option.index}
    overrides[option.index] = key
    if ledger.shadow:
        assert battle._tracker is not None  # inside apply: the recorded dice of this reroll
        main = battle._tracker.main
    else:
        main = copy_roller(before.roller)
    new = _shadow(battle, before)
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
    new.state.impulse_pool += carried
    if new.state.impulse_pool < (0 if by_gm else cost):
        raise CommandRejected(
            say(
                "the Impuls that would pay for this reroll came from the crit of the roll itself "
                f"(the pool would hold {new.state.impulse_pool})",
                "der Impuls, der diesen Neuwurf bezahlen würde, stammt aus dem kritischen "
                f"Erfolg des Wurfs selbst (der Vorrat hätte {new.state.impulse_pool})",
            )
        )
    after = tuple(value for _, value in new.rerolls.rolls[option.index])
    outcome = _Outcome(
        draws=tuple(draw for drawn in new.rerolls.draws[ledger.base :] for draw in drawn),
        rolls=new.rerolls.rolls,
        events=new.rerolls.events,
        overrides=overrides,
    )
    old_text, new_text = _dice_text(option.dice), _dice_text(after)
    event = Event(
        "reroll",
        f"Wurf {option.index + 1} wird neu gewürfelt: [{old_text}] -> [{new_text}] ({option.de})",
        f"Roll {option.index + 1} is rerolled: [{old_text}] -> [{new_text}] ({option.en})",
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

    def perform() -> list[Event]:
        _adopt(battle, new, main)
        ledger.pending = outcome
        return [event, *events]

    return perform


def _dice_text(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


# ------------------------------------------------------------------ shadows
def copy_roller(roller: Roller) -> Roller:
    """Return an independent copy of a dice stream at its current position."""
    if type(roller) is RandomRoller:
        return roller.copy()  # the Mersenne Twister state copies fast this way
    return copy.deepcopy(roller)


def _checkpoint(battle: Battle, roller: Roller) -> Checkpoint:
    return Checkpoint(
        len(battle.record),
        battle.state.to_dict(),  # a fresh copy: nothing in it is shared
        battle.grid.door_open.copy(),
        roller,
        len(battle.log),
    )


def _before_base(battle: Battle) -> Checkpoint:
    """Return the match just before the command the last rolls belong to.

    Replays the commands since the last checkpoint with their recorded dice and moves
    the checkpoint there (the next reroll of this command starts from it at once).
    """
    ledger = battle.rerolls
    base = ledger.base
    assert base is not None
    start = ledger.checkpoint
    if start is not None and start.record_len == base:
        return start
    if start is not None and start.record_len > base:
        raise ReplayDiverged(
            say(
                "the match was changed outside its commands after that command",
                "die Partie wurde nach diesem Befehl außerhalb ihrer Befehle verändert",
            )
        )
    if start is None:
        shadow = type(battle)(battle.setup, battle.catalogue, battle.seed, table=battle.table)
        stream = copy_roller(shadow._roller)
        _make_shadow(shadow, battle, None)
        first = 0
    else:
        shadow = _shadow(battle, start)
        stream = copy_roller(start.roller)
        first = start.record_len
    record = battle.record
    chain_start = stream
    for index in range(first, base):
        command = record[index]
        draws = ledger.draws[index]
        # the main stream alongside: a reroll rewinds it to before the command it rerolls
        if is_reroll(command):
            stream = copy_roller(chain_start)
        elif command.kind != "gm_answer" and _rerolled(record, index, base):
            chain_start = copy_roller(stream)
        for sides, value in draws:
            if stream.roll(sides) != value:
                raise ReplayDiverged(
                    say(
                        "the recorded dice do not come from the match's dice",
                        "die aufgezeichneten Würfe stammen nicht von den Würfeln der Partie",
                    )
                )
        shadow.rerolls.feed = draws
        shadow.apply(command)
    checkpoint = _checkpoint(shadow, stream)
    ledger.checkpoint = checkpoint
    return checkpoint


def _rerolled(record: Sequence[Command], index: int, end: int) -> bool:
    """Return whether a reroll follows ``record[index]`` before ``end`` (answers between)."""
    for later in range(index + 1, end):
        if is_reroll(record[later]):
            return True
        if record[later].kind != "gm_answer":
            return False
    return False


def _make_shadow(shadow: Battle, battle: Battle, start: Checkpoint | None) -> None:
    ledger = RerollLedger()
    ledger.shadow = True
    ledger.fresh_dice = battle.rerolls.fresh_dice
    ledger.checkpoint = start
    ledger.draws = list(battle.rerolls.draws[: start.record_len if start else 0])
    shadow.rerolls = ledger
    shadow._roller = NoDice()
    shadow._tracker = None


def _shadow(battle: Battle, start: Checkpoint) -> Battle:
    """Return a private copy of ``battle`` as it was at ``start`` (dice: recorded only)."""
    from game.rulesets.entaria.state import BattleState

    memo: dict[int, Any] = {id(battle.catalogue): battle.catalogue, id(battle.setup): battle.setup}
    for part in (battle.state, battle.rerolls, battle.record, battle._tracker, battle._roller):
        memo[id(part)] = None
    memo[id(battle.log)] = list(battle.log[: start.log_len])  # the events are shared
    shadow = copy.deepcopy(battle, memo)
    shadow.state = BattleState.from_dict(start.state)  # from_dict copies: start stays as is
    shadow.record = list(battle.record[: start.record_len])
    _set_doors(shadow, start.doors)
    _make_shadow(shadow, battle, start)
    return shadow


def _set_doors(battle: Battle, doors: npt.NDArray[np.bool_]) -> None:
    for y, x in zip(*np.nonzero(battle.grid.door_open != doors), strict=True):
        battle.grid.set_door_open((int(x), int(y)), bool(doors[y, x]))


def _same_but_pool(battle: Battle, other: Battle) -> bool:
    from game.match.record import first_difference

    mine, theirs = battle.state.to_dict(), other.state.to_dict()
    mine.pop("impulse_pool")
    theirs.pop("impulse_pool")
    return first_difference(mine, theirs) is None and bool(
        np.array_equal(battle.grid.door_open, other.grid.door_open)
    )


def _adopt(battle: Battle, new: Battle, main: Roller) -> None:
    """Make ``new``'s state, doors and dice the match's (the objects stay the same)."""
    state, fresh = battle.state, new.state
    creatures = {}
    for key, creature in fresh.creatures.items():
        mine = state.creatures.get(key)
        if mine is None:
            creatures[key] = creature
        else:
            mine.__dict__.clear()
            mine.__dict__.update(creature.__dict__)
            creatures[key] = mine
    fields = dict(fresh.__dict__)
    fields["creatures"] = creatures
    state.__dict__.clear()
    state.__dict__.update(fields)
    _set_doors(battle, new.grid.door_open)
    if battle.rerolls.shadow:
        return  # a shadow's dice are the record's
    inner = battle._roller
    if type(inner) is type(main) and hasattr(inner, "__dict__"):
        inner.__dict__.clear()
        inner.__dict__.update(main.__dict__)
    else:
        battle._roller = main
        if battle._tracker is not None:
            battle._tracker.main = main
