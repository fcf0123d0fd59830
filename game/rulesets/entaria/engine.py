"""The match engine: the Battle, its commands, checks and dice over the rules module.

``Battle.apply(command)`` either applies a command and returns its events, or raises
``CommandRejected`` with a reason and leaves the state untouched: handlers validate
everything before they change anything. Every rule is asked of
``game.rulesets.entaria.rules``; the engine keeps time, state and the record. The
handlers, checks and hooks come from the ``EngineTable`` handed in; the turn cycle is
``turns``, life points and conditions ``life``, Unentdeckt per observer ``visibility``,
the start of the fight ``battle_start``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.board.dice import RandomRoller, Roller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.rulesets.entaria import battle_start, life, turns, visibility
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, WeaponType
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.engine_table import EngineTable
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.reroll import LegalReroll, RerollOption, legal_reroll, rerollable_rolls
from game.rulesets.entaria.reroll_ledger import RerollLedger, RollTracker, is_reroll
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.check_terms import CheckTerms, fold_check
from game.rulesets.entaria.rules.checks import Roll, automatic_failure, impulse_gain, success_roll
from game.rulesets.entaria.rules.condition_changes import Change, gain
from game.rulesets.entaria.rules.condition_effects import can_act
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    RollModifiers,
    roll_help_bonus,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.impulse import starting_pool
from game.rulesets.entaria.rules.initiative import InitiativeEntry
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.state import BattleState, CreatureState, Effect
from game.rulesets.entaria.value_overrides import OwnTypes

#: Effect names that are not conditions but situational bonuses.
EVASIVE_MOVE = "evasive_move"  # Ausweichbewegung: +5 Ausweichen
BLOCKING_STANCE = "blocking_stance"  # Blockadehaltung: +2 Panzerung vs melee
SHIELD_RAISED = "shield_raised"  # Schildeinsatz: the shield's PAZ counts (E-ACT-HH-SCHILD)
HELP_BONUS = "help_bonus"  # Helfen: +1w6 on the next check (E-ACT-VH-HELFEN, E-OPEN-22)
STUDIED_ENEMY = "studied_enemy"  # on the studied enemy, source = studier (E-ACT-VH-STUDIEREN)
IMPULSE_COVER = "impulse_cover"  # Teildeckung bought with Impuls (E-IMP-EFF-COVER)
IMPULSE_ENV = "impulse_env"  # the environment ignored (E-IMP-EFF-ENV)


@dataclass(frozen=True)
class LegalAction:
    """One action of the catalogue and whether the current creature may take it now."""

    action: Action
    allowed: bool
    reason: str = ""


class Battle:
    """One match: the state, the grid, the dice and the record of commands."""

    def __init__(
        self,
        setup: BattleSetup,
        catalogue: Catalogue,
        seed: int,
        *,
        table: EngineTable,
        roller: Roller | None = None,
    ) -> None:
        """Start the fight: initiative, the Impuls pool, the first turn.

        ``table`` holds the handlers, checks and hooks (``command_table.new_battle`` hands
        in ENTARIA's). The dice come from ``RandomRoller(seed)`` unless ``roller`` is given
        (a scenario's scripted dice, ``ScriptedRoller``).
        """
        self.table = table
        self.setup = setup
        self.catalogue = catalogue
        self.seed = seed
        self.grid: BattleGrid = setup.grid.copy()
        # Impuls rerolls (game.rulesets.entaria.reroll): each command's dice, numbered per roll
        self.rerolls = RerollLedger()
        self._tracker: RollTracker | None = None
        self._roller: Roller = RandomRoller(seed) if roller is None else roller
        self.sides = {side.key: side for side in setup.sides}
        self.record: list[Command] = []
        self.log: list[Event] = []
        self._initiative_entries: list[InitiativeEntry] = []  # set as initiative is rolled
        self.own_types = OwnTypes.of(catalogue, setup.creatures)  # the mission's own values
        creatures = {c.key: battle_start.creature_from_setup(self, c) for c in setup.creatures}
        self.state = BattleState(creatures=creatures, order=[])
        events = battle_start.roll_combat_initiative(self)
        characters = sum(1 for c in creatures.values() if c.is_character)
        self.state.impulse_pool = starting_pool(characters).points
        events += self._start_turn()
        if not self._can_take_turn(self.current):  # e.g. surprised: on to the first who can act
            events += turns.end_of_turn_saves(self, self.current)
            events += turns.advance(self)
        self.log.extend(events)
        self.rerolls.constructed(self)

    # ---------------------------------------------------------------- set-up
    def creature_type_of_key(self, key: str) -> CreatureType:
        try:
            return self.catalogue.creatures[key]
        except KeyError:
            raise ValueError(f"unknown creature type {key!r}") from None

    def creature_type(self, creature: CreatureState) -> CreatureType:
        """Return the creature's type, with its own values when the set-up gives some."""
        own = self.own_types.get(creature.key, creature.type_key)
        return own if own is not None else self.catalogue.creatures[creature.type_key]

    # --------------------------------------------------------------- queries
    @property
    def current(self) -> CreatureState:
        return self.state.creatures[self.state.current_key]

    def creature(self, key: str | None) -> CreatureState:
        if key is None or key not in self.state.creatures:
            raise CommandRejected(
                say(f"there is no creature {key!r}", f"es gibt kein Wesen {key!r}")
            )
        return self.state.creatures[key]

    def enemies_of(self, creature: CreatureState) -> list[CreatureState]:
        return [
            c
            for c in self.state.creatures.values()
            if c.side != creature.side and Condition.DEAD not in c.conditions
        ]

    def allies_of(self, creature: CreatureState) -> list[CreatureState]:
        return [
            c
            for c in self.state.creatures.values()
            if c.side == creature.side
            and c.key != creature.key
            and Condition.DEAD not in c.conditions
        ]

    def held_conditions(self, creature: CreatureState) -> frozenset[Condition]:
        return closure(creature.conditions)

    def open_gm_questions(self) -> list[int]:
        """Return the log indices of the questions to the game master not yet answered.

        A question is a ``gm_question`` event; ``GmAnswer`` answers it with a ``gm_answer``
        event naming its index. Both live in the log, which a replay rebuilds exactly, so
        the open questions survive save and load without a field in the state.
        """
        asked = [i for i, event in enumerate(self.log) if event.kind == "gm_question"]
        answered = {event.data.get("question") for event in self.log if event.kind == "gm_answer"}
        return [i for i in asked if i not in answered]

    def has_effect(self, creature: CreatureState, name: str) -> bool:
        return any(effect.name == name for effect in creature.effects)

    def weapon(self, key: str) -> WeaponType:
        try:
            return self.catalogue.weapons[key]
        except KeyError:
            raise CommandRejected(
                say(f"unknown weapon {key!r}", f"unbekannte Waffe {key!r}")
            ) from None

    # ------------------------------------------------- hiding, per observer (fog of war)
    def hidden_from(self, creature: CreatureState | str) -> frozenset[str]:
        """Return the keys of the creatures ``creature`` is Unentdeckt toward."""
        return visibility.hidden_from(self, creature)

    def is_hidden_from(self, creature: CreatureState | str, observer: CreatureState | str) -> bool:
        """Return whether ``observer`` has not found ``creature`` (E-COND-UNENTDECKT-1..4)."""
        return visibility.is_hidden_from(self, creature, observer)

    def is_hidden_from_side(self, creature: CreatureState | str, side: str) -> bool:
        """Return whether no living creature of ``side`` has found ``creature`` (fog of war)."""
        return visibility.is_hidden_from_side(self, creature, side)

    def conditions_toward(
        self, creature: CreatureState | str, observer: CreatureState | str
    ) -> ConditionSet:
        """Return the conditions ``observer`` faces (Unentdeckt only if hidden from it)."""
        return visibility.conditions_toward(self, creature, observer)

    def visible_ground_items(
        self, observer: CreatureState | str | None = None, *, side: str | None = None
    ) -> dict[Cell, list[str]]:
        """Return the items on the ground that ``observer`` (or ``side``) knows of."""
        return visibility.visible_ground_items(self, observer, side=side)

    def is_item_hidden_from(self, cell: Cell, item: str, observer: CreatureState | str) -> bool:
        """Return whether ``item`` lies on ``cell`` but ``observer`` knows of none there."""
        return visibility.is_item_hidden_from(self, cell, item, observer)

    # ------------------------------------------------------------------ dice
    @property
    def roller(self) -> Roller:
        """The match's dice; during ``apply`` each use starts a new roll (for rerolls)."""
        tracker = self._tracker
        if tracker is None:
            return self._roller
        tracker.next_roll()
        return tracker

    @roller.setter
    def roller(self, roller: Roller) -> None:
        self._roller = roller
        self.rerolls.edited()  # new dice: a later reroll rebuilds from the next command on

    def rerollable_rolls(self) -> list[RerollOption]:
        """Return the rolls of the last command an Impuls may reroll (E-IMP-EFF-REROLL)."""
        return rerollable_rolls(self)

    def legal_reroll(self, spender: str | None = None) -> LegalReroll:
        """Return whether ``spender`` (None: the game master) may buy a reroll now, and why not."""
        return legal_reroll(self, spender)

    # -------------------------------------------------------------- decisions
    def decisions(self) -> tuple[Decision, ...]:
        """Return the open decisions: the creature on turn first, then the reactions.

        ENTARIA waits for the turn of the creature on turn. Out of turn, a creature
        with a readied action (Abwarten) may react (``TriggerReady``), and the players
        may spend Impuls on a reroll at any time (a reaction of the players' sides,
        answered with ``SpendImpulse``; the engine says which rolls can be rerolled).
        """
        if self.state.over:
            return ()
        current = self.current
        open_now = [Decision(DecisionKind.TURN, current.side, current.key)]
        for pending in self.state.pending:
            if pending.kind == "ready" and pending.actor != current.key:
                waiting = self.state.creatures.get(pending.actor)
                if waiting is not None:
                    open_now.append(
                        Decision(DecisionKind.REACTION, waiting.side, waiting.key, "Abwarten")
                    )
        return tuple(open_now)

    def snapshot(self) -> dict[str, Any]:
        """Return the state as a save stores it."""
        return self.state.to_dict()

    # --------------------------------------------------- checkpoints (undo, loading)
    def checkpoint(self) -> Any:
        """Return a private copy of the match now, to ``resume`` from later (``Match.undo``)."""
        from game.rulesets.entaria.checkpoints import freeze

        return freeze(self)

    def resume(self, point: Any) -> Battle:
        """Return a new battle as at ``point``, a checkpoint taken earlier in this match."""
        from game.rulesets.entaria.checkpoints import thaw

        return thaw(point, self)

    def snapshot_data(self) -> dict[str, Any] | None:
        """Return the battle as a save's snapshot (plain JSON), or None when it cannot be."""
        from game.rulesets.entaria.snapshot_data import snapshot_data

        return snapshot_data(self)

    def restored(self, data: Any, record: Sequence[Command]) -> Battle:
        """Return this fresh battle set to a snapshot at the end of ``record`` (SnapshotError)."""
        from game.rulesets.entaria.snapshot_data import restore_snapshot

        return restore_snapshot(self, data, record)

    # --------------------------------------------------------------- commands
    def apply(self, command: Command) -> list[Event]:
        """Apply ``command`` and return its events; raise CommandRejected, changing nothing."""
        if self.state.over and not command.kind.startswith("gm_"):
            raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
        handler = self.table.handlers.get(type(command))
        if handler is None:
            raise CommandRejected(
                say(
                    f"no handler for command {command.kind!r}",
                    f"für den Befehl {command.kind!r} gibt es keine Verarbeitung",
                )
            )
        # like a GM command, the Impuls reroll comes in anyone's turn (E-IMP-EFF-REROLL)
        is_gm = command.kind.startswith("gm_") or is_reroll(command)
        if command.actor is not None and not is_gm and command.actor != self.state.current_key:
            raise CommandRejected(
                say(
                    f"it is {self.current.name}'s turn, not {command.actor!r}'s",
                    f"{self.current.name} ist am Zug, nicht {command.actor!r}",
                )
            )
        if not is_gm and not isinstance(command, EndTurn) and not self._can_take_turn(self.current):
            # e.g. the GM made the current creature unconscious mid-turn
            raise CommandRejected(
                say(
                    f"{self.current.name} cannot act now; end the turn",
                    f"{self.current.name} kann jetzt nicht handeln; beende den Zug",
                )
            )
        check_guards(self, command)
        tracker = self._tracker = self.rerolls.start(self, command)
        try:
            events = handler(self, command)
            for hook in self.table.after_command:
                events += hook(self)
        finally:
            self._tracker = None
        self.record.append(command)
        events += self._check_fight_over()
        self.rerolls.finish(self, command, tracker, events)
        self.log.extend(events)
        return events

    def legal_actions(self, key: str | None = None) -> list[LegalAction]:
        """Return every action of the catalogue with whether the creature may take it now."""
        creature = self.creature(key or self.state.current_key)
        is_current = creature.key == self.state.current_key
        guard_reason = ""
        if is_current:
            for guard in self.table.action_guards:
                if guard_reason := guard(self, creature):
                    break
        result = []
        for action, rule in ACTIONS.items():
            if not is_current:
                not_turn = say(
                    f"it is not {creature.name}'s turn", f"{creature.name} ist nicht am Zug"
                )
                result.append(LegalAction(action, False, not_turn))
                continue
            allowed, reason = self.state.budget.can_spend(action)
            if allowed and guard_reason:
                allowed, reason = False, guard_reason
            check = self.table.action_checks.get(action) if allowed else None
            if check is not None:
                reason = check(self, creature)
                allowed = not reason
            if allowed and rule.action_type.name != "FREE" and action not in self.table.implemented:
                allowed, reason = (
                    False,
                    say("not yet handled by the engine", "vom Programm noch nicht umgesetzt"),
                )
            result.append(LegalAction(action, allowed, reason))
        return result

    # ------------------------------------------------------------ budget, rolls
    def can_spend(self, creature: CreatureState, action: Action) -> None:
        """Raise CommandRejected unless the creature's budget allows ``action``."""
        allowed, reason = self.state.budget.can_spend(action)
        if not allowed:
            raise CommandRejected(reason)

    def spend(
        self, creature: CreatureState, action: Action, as_type: ActionType | None = None
    ) -> list[Event]:
        """Spend ``action`` (as ``as_type``, E-ACT-5) from the budget.

        A repeated action makes the creature Wehrlos until its next turn (E-ACT-6): the
        one place that spends an action, for every handler.
        """
        try:
            repeated = self.state.budget.defenceless_after(action)
            self.state.budget = self.state.budget.spend(action, as_type=as_type)
        except ActionNotAllowed as error:  # validated before; kept as a guard
            raise CommandRejected(error.reason) from None
        if repeated and not self.has_effect(creature, "DEFENSELESS_REPEAT"):
            creature.conditions = gain(creature.conditions, Condition.DEFENSELESS).held
            creature.effects.append(
                Effect(
                    "DEFENSELESS_REPEAT",
                    DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
                    started_round=self.state.round,
                )
            )
            return [
                Event(
                    "defenceless",
                    f"{creature.name} wählt dieselbe Handlung erneut und ist Wehrlos",
                    f"{creature.name} repeats an action and is defenseless",
                    creature.key,
                    {"rule": "E-ACT-6"},
                )
            ]
        return []

    def check(
        self,
        creature: CreatureState,
        attribute: Attribute,
        target: int | None,
        *,
        context: RollContext | None = None,
        edge: int = 0,
        modifier: int = 0,
        extra: RollModifiers | None = None,
        held: ConditionSet | None = None,
        rule: str = "",
        what_de: str = "",
        what_en: str = "",
        target_de: str = "",
        target_en: str = "",
    ) -> tuple[Roll, Event]:
        """Roll a check of ``creature`` with its conditions folded in; return roll and event.

        THE one check roll (D-3, entaria.md section 0: a save is a check): the creature's
        conditions for ``context`` (default: a check of ``attribute``), Helfen's w6, an
        automatic failure and the Impuls of a player character's crit apply exactly once.
        ``held`` replaces the conditions that count, for the one save whose own condition
        must not weigh on it (shaking off Bewusstlos); ``rule`` goes into the event's data.
        ``target_de`` / ``target_en`` say what the target value is made of (an attack's
        Ausweichen), instead of the bare "ZW n".
        """
        context = self._helped(creature, context or RollContext(attribute=attribute))
        terms = self.check_terms(
            creature,
            attribute,
            target,
            context=context,
            edge=edge,
            modifier=modifier,
            extra=extra,
            held=held,
        )
        total_edge, total_modifier, value = terms.edge, terms.modifier, terms.value
        if terms.automatic_failure:
            roll = automatic_failure(target)
        else:
            roll = success_roll(
                value, target, self.roller, edge=total_edge, modifier=total_modifier
            )
        gained = impulse_gain(roll, rolled_by_player_character=creature.is_character)
        self.state.impulse_pool += gained
        de, en = describe_roll(roll, total_edge, target_de=target_de, target_en=target_en)
        because_de, because_en = terms.causes_text()  # the conditions' part, for the table
        data = roll_data(
            roll,
            edge=total_edge,
            modifier=total_modifier,
            reasons=terms.reasons,
            causes=terms.causes,
        )
        data.update({"attribute": attribute.name, "value": value, "impulse": gained})
        if rule:
            data["rule"] = rule
        event = Event(
            "roll",
            f"{creature.name}: {what_de or attribute.value} {de}{because_de}",
            f"{creature.name}: {what_en or attribute.name.lower()} {en}{because_en}",
            creature.key,
            data,
        )
        return roll, event

    def check_terms(
        self,
        creature: CreatureState,
        attribute: Attribute,
        target: int | None,
        *,
        context: RollContext | None = None,
        edge: int = 0,
        modifier: int = 0,
        extra: RollModifiers | None = None,
        held: ConditionSet | None = None,
    ) -> CheckTerms:
        """Return what ``check`` folds into this check, without rolling or using anything up.

        ``rules.check_terms.fold_check`` with the creature's value and conditions; a
        Helfen still waiting shows as its die (``help_die``), not yet rolled.
        """
        return fold_check(
            attribute,
            self.creature_type(creature).attribute(attribute),
            target,
            creature.conditions if held is None else held,
            context or RollContext(attribute=attribute),
            edge=edge,
            modifier=modifier,
            extra=extra,
            helped=any(e.name == HELP_BONUS for e in creature.effects),
        )

    def _helped(self, creature: CreatureState, context: RollContext) -> RollContext:
        """Use up a Helfen on ``creature``: its w6 is rolled with this check (E-OPEN-22)."""
        helped = next((e for e in creature.effects if e.name == HELP_BONUS), None)
        if helped is None:
            return context
        creature.effects.remove(helped)
        return replace(context, help_bonus=roll_help_bonus(self.roller))

    def shield_raised(self, creature: CreatureState) -> bool:
        """Return whether the creature's shield is raised (Schildeinsatz, E-ACT-HH-SCHILD)."""
        return self.has_effect(creature, SHIELD_RAISED)

    def save_value(self, creature: CreatureState, which: SaveValue) -> int:
        from game.rulesets.entaria.creature_values import base_save
        from game.rulesets.entaria.rules.condition_rolls import save_value

        # Ausweichen with the worn armour's change (E-ARMOR-2), then the conditions
        return save_value(base_save(self, creature, which), creature.conditions, which)

    # ------------------------------------------------------------ damage and LP
    def lose_life_points(
        self,
        creature: CreatureState,
        amount: int,
        *,
        nonlethal: bool = False,
        why_de: str = "",
        why_en: str = "",
    ) -> list[Event]:
        """Take ``amount`` LP from ``creature`` and apply what its new LP mean (D-5)."""
        return life.lose_life_points(
            self, creature, amount, nonlethal=nonlethal, why_de=why_de, why_en=why_en
        )

    def update_life_state(
        self, creature: CreatureState, *, nonlethal: bool = False, lp_fell: bool = False
    ) -> list[Event]:
        """Give the conditions the creature's LP call for (E-LP-1..4, D-5)."""
        return life.update_life_state(self, creature, nonlethal=nonlethal, lp_fell=lp_fell)

    def _apply_change(self, creature: CreatureState, change: Change) -> list[Event]:
        return life.apply_change(self, creature, change)

    def add_condition(
        self,
        creature: CreatureState,
        condition: Condition,
        *,
        effect: Effect | None = None,
        count: int = 1,
    ) -> list[Event]:
        """Give a condition ``count`` times (Irritiert stacks) and the effect that ends it."""
        return life.add_condition(self, creature, condition, effect=effect, count=count)

    def knock_prone(self, creature: CreatureState) -> list[Event]:
        """Make the creature Liegend (fallen, thrown, tripped); its stance follows."""
        return life.knock_prone(self, creature)

    def remove_condition(self, creature: CreatureState, condition: Condition) -> list[Event]:
        return life.remove_condition(self, creature, condition)

    # ------------------------------------------------------------- turn cycle
    def end_turn(self) -> list[Event]:
        """End the current turn, then start the next creature's (new round as needed)."""
        return turns.end_turn(self)

    def _can_take_turn(self, creature: CreatureState) -> bool:
        return Condition.DEAD not in creature.conditions and can_act(creature.conditions)

    def _start_turn(self) -> list[Event]:
        return turns.start_turn(self)

    def _expire_effects(self, creature: CreatureState) -> list[Event]:
        return turns.expire_effects(self, creature)

    def _check_fight_over(self) -> list[Event]:
        return turns.check_fight_over(self)


def check_guards(battle: Battle, command: Command) -> None:
    """Raise CommandRejected when a command guard of the table refuses ``command`` now.

    ``apply`` checks every command; a handler that runs another command's handler on
    someone's behalf (a rider's order to the mount) checks that inner command too.
    """
    for guard in battle.table.command_guards:
        if reason := guard(battle, command):
            raise CommandRejected(reason)
