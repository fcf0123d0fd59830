"""The match engine: rounds, turns, commands and events over the rules module.

``Battle.apply(command)`` either applies a command and returns its events, or raises
``CommandRejected`` with a reason and leaves the state untouched: handlers validate
everything before they change anything. Every rule is asked of ``game.rulesets.entaria.rules``; this
module only keeps time, state and the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.board.dice import RandomRoller, Roller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command, CommandRegistry
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, WeaponType
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.reroll import (
    LegalReroll,
    RerollLedger,
    RerollOption,
    RollTracker,
    is_reroll,
    legal_reroll,
    rerollable_rolls,
)
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.checks import Roll, automatic_failure, impulse_gain, success_roll
from game.rulesets.entaria.rules.condition_changes import (
    Change,
    after_detection,
    gain,
    lose,
    lose_lp,
)
from game.rulesets.entaria.rules.condition_effects import can_act, lp_loss_at_turn_start
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    RollModifiers,
    roll_help_bonus,
    roll_modifiers,
)
from game.rulesets.entaria.rules.conditions import CONDITIONS
from game.rulesets.entaria.rules.damage import LifeState, apply_damage, life_state
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.impulse import starting_pool
from game.rulesets.entaria.rules.initiative import (
    InitiativeEntry,
    initiative_order,
    roll_initiative,
)
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.state import BattleState, CreatureState, Effect, Stance

#: What validates and applies one command type.
Handler = Callable[["Battle", Any], list[Event]]
#: An availability check of an action, or a guard of ``legal_actions``: "" or the reason.
ActionCheck = Callable[["Battle", CreatureState], str]
#: A check of every command before its handler runs: "" or why it is refused now.
CommandGuard = Callable[["Battle", Command], str]
#: Run at the start of a turn or as the current creature ends it.
TurnHook = Callable[["Battle", CreatureState], list[Event]]
#: Run after every applied command.
AfterCommandHook = Callable[["Battle"], list[Event]]
#: Told about the fields a creature entered (covering fire, area fire, mounts).
EnterHook = Callable[["Battle", CreatureState, list[Cell]], list[Event]]

#: Effect names that are not conditions but situational bonuses.
EVASIVE_MOVE = "evasive_move"  # Ausweichbewegung: +5 Ausweichen
BLOCKING_STANCE = "blocking_stance"  # Blockadehaltung: +2 Panzerung vs melee
SHIELD_RAISED = "shield_raised"  # Schildeinsatz: the shield's PAZ counts (E-ACT-HH-SCHILD)
HELP_BONUS = "help_bonus"  # Helfen: +1w6 on the next check (E-ACT-VH-HELFEN, E-OPEN-22)
STUDIED_ENEMY = "studied_enemy"  # on the studied enemy, source = studier (E-ACT-VH-STUDIEREN)
IMPULSE_COVER = "impulse_cover"  # Teildeckung bought with Impuls (E-IMP-EFF-COVER)
IMPULSE_ENV = "impulse_env"  # the environment ignored (E-IMP-EFF-ENV)

_START_OF_TURN_KINDS = {
    DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND,
}


@dataclass(frozen=True)
class EngineTable:
    """What a Battle runs, handed in by its ruleset (``command_table.ENGINE_TABLE``).

    Every command kind with its handler, the availability checks beyond the budget, the
    actions some handler resolves, and the guards and hooks in the order they run. The
    engine imports no handler module: the table is built in one place and given to it.
    """

    commands: CommandRegistry
    handlers: Mapping[type[Command], Handler]
    action_checks: Mapping[Action, ActionCheck]
    implemented: frozenset[Action]
    #: Checks of every command before its handler runs (an area fire awaits its placement).
    command_guards: tuple[CommandGuard, ...] = ()
    #: The same for ``legal_actions``: "" or why no action may be taken now.
    action_guards: tuple[ActionCheck, ...] = ()
    #: Run at the start of each turn, after the new budget (pending shots, covering fire).
    turn_start: tuple[TurnHook, ...] = ()
    #: Run after every applied command (riders fall with their mounts, E-MOUNT-7).
    after_command: tuple[AfterCommandHook, ...] = ()
    #: Run when the current creature ends its turn, before the turn passes.
    end_turn: tuple[TurnHook, ...] = ()
    #: Told about the fields any movement entered, in this order.
    enter: tuple[EnterHook, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineTable:
        return self  # immutable and shared by every copy of a match (clone_battle, rerolls)


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
        creatures = {c.key: self._creature_from_setup(c) for c in setup.creatures}
        self.state = BattleState(creatures=creatures, order=[])
        events = self._roll_initiative()
        characters = sum(1 for c in creatures.values() if c.is_character)
        self.state.impulse_pool = starting_pool(characters).points
        events += self._start_turn()
        if not self._can_take_turn(self.current):  # e.g. surprised: on to the first who can act
            events += self._end_of_turn_saves(self.current)
            events += self._advance()
        self.log.extend(events)
        self.rerolls.constructed(self)

    # ---------------------------------------------------------------- set-up
    def _creature_from_setup(self, setup: Any) -> CreatureState:
        kind = self.creature_type_of_key(setup.type)
        equipment = list(kind.equipment if setup.equipment is None else setup.equipment)
        weapons = [key for key in equipment if key in self.catalogue.weapons]
        held = weapons[:1]
        carried = [key for key in equipment if key not in held]
        magazines = {
            key: int(self.catalogue.weapons[key].magazine or 0)
            for key in weapons
            if self.catalogue.weapons[key].magazine
        }
        lp = kind.life_points if setup.life_points is None else setup.life_points
        conditions = ConditionSet()
        effects: list[Effect] = []
        for condition in setup.conditions:
            conditions = gain(conditions, condition).held
            if condition is Condition.SURPRISED:  # lost at its turn in round 2 (E-SURPRISE-2)
                effects.append(
                    Effect(
                        condition.name,
                        DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND,
                        started_round=1,
                    )
                )
        if setup.hidden and Condition.UNDETECTED not in conditions:
            # the mission's hidden placement: Unentdeckt without a per-observer record,
            # i.e. toward every creature of another side (Battle.hidden_from)
            conditions = gain(conditions, Condition.UNDETECTED).held
        return CreatureState(
            key=setup.key,
            type_key=setup.type,
            name=setup.name or kind.name,
            side=setup.side,
            cell=setup.cell,
            facing=setup.facing,
            lp=lp,
            max_lp=kind.life_points,
            conditions=conditions,
            effects=effects,
            held=held,
            carried=carried,
            magazines=magazines,
            # set up Liegend (also through Bewusstlos) lies on the ground, as _sync_stance keeps it
            stance=Stance.PRONE if _lies(conditions) else Stance.STANDING,
            companion_of=setup.companion_of,
            hidden=setup.hidden,
            is_character=kind.is_character,
            simplified=kind.simplified,
        )

    def creature_type_of_key(self, key: str) -> CreatureType:
        try:
            return self.catalogue.creatures[key]
        except KeyError:
            raise ValueError(f"unknown creature type {key!r}") from None

    def creature_type(self, creature: CreatureState) -> CreatureType:
        return self.catalogue.creatures[creature.type_key]

    def _roll_initiative(self) -> list[Event]:
        """Roll initiative once for the whole combat (E-INIT-1..7, D-11)."""
        events: list[Event] = []
        entries: list[InitiativeEntry] = []
        companions_before = {
            c.key: c.companion_before for c in self.setup.creatures if c.companion_of
        }
        for index, creature in enumerate(self.state.creatures.values()):
            kind = self.creature_type(creature)
            if creature.companion_of is not None or kind.companion:
                controller = creature.companion_of
                entries.append(
                    InitiativeEntry(
                        id=creature.key,
                        initiative=None,
                        base=0,
                        is_character=False,
                        roster_index=index,
                        companion_of=controller,
                        companion_before=companions_before.get(creature.key, False),
                    )
                )
                continue
            if kind.is_character and kind.base_initiative is not None:
                armour = [
                    self.catalogue.armour[k] for k in creature.carried if k in self.catalogue.armour
                ]
                cumbersome = any(a.cumbersome for a in armour)
                modifier = sum(a.initiative for a in armour)
                roll = roll_initiative(
                    kind.base_initiative,
                    self.roller,
                    edge=-1 if cumbersome else 0,
                    modifier=modifier,
                )
                creature.initiative = roll.total
                de, en = describe_roll(roll, -1 if cumbersome else 0)
                events.append(
                    Event(
                        "initiative",
                        f"{creature.name} würfelt Initiative: {de}",
                        f"{creature.name} rolls initiative: {en}",
                        creature.key,
                        roll_data(roll, edge=-1 if cumbersome else 0, modifier=modifier),
                    )
                )
                base = kind.base_initiative
            else:
                creature.initiative = int(kind.initiative or 0)
                base = creature.initiative
                events.append(
                    Event(
                        "initiative",
                        f"{creature.name} hat feste Initiative [{base}]",
                        f"{creature.name} has fixed initiative [{base}]",
                        creature.key,
                    )
                )
            entries.append(
                InitiativeEntry(
                    id=creature.key,
                    initiative=creature.initiative,
                    base=base,
                    is_character=kind.is_character,
                    roster_index=index,
                )
            )
        self._initiative_entries = entries
        self.state.order = [str(key) for key in initiative_order(entries)]
        names = ", ".join(self.state.creatures[k].name for k in self.state.order)
        order = {"order": list(self.state.order)}  # whom it names: the fog-aware log reads it
        events.append(Event("order", f"Reihenfolge: {names}", f"Order: {names}", None, order))
        return events

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
    def _creature_of(self, which: CreatureState | str) -> CreatureState:
        return which if isinstance(which, CreatureState) else self.state.creatures[which]

    def hidden_from(self, creature: CreatureState | str) -> frozenset[str]:
        """Return the keys of the creatures ``creature`` is Unentdeckt toward.

        Unentdeckt holds per observer (E-COND-UNENTDECKT-4, E-OPEN-50): Verbergen records
        whom the roll beat, and detection or a conspicuous act end it (``hiding``).
        Empty when the creature is not Unentdeckt; an Unentdeckt without a record (a game
        master's condition, an old save) is toward every creature of another side.
        """
        hider = self._creature_of(creature)
        if Condition.UNDETECTED not in hider.conditions:
            return frozenset()
        if hider.hidden_from:
            return frozenset(hider.hidden_from)
        return frozenset(c.key for c in self.state.creatures.values() if c.side != hider.side)

    def is_hidden_from(self, creature: CreatureState | str, observer: CreatureState | str) -> bool:
        """Return whether ``observer`` has not found ``creature`` (E-COND-UNENTDECKT-1..4)."""
        key = observer if isinstance(observer, str) else observer.key
        return key in self.hidden_from(creature)

    def is_hidden_from_side(self, creature: CreatureState | str, side: str) -> bool:
        """Return whether no living creature of ``side`` has found ``creature`` (fog of war)."""
        hider = self._creature_of(creature)
        hidden = self.hidden_from(hider)
        members = self._side_keys(side)
        return hider.side != side and bool(members) and members <= hidden

    def _side_keys(self, side: str) -> frozenset[str]:
        """Return the keys of the side's living creatures (all of them if none lives)."""
        members = [c for c in self.state.creatures.values() if c.side == side]
        living = [c.key for c in members if Condition.DEAD not in c.conditions]
        return frozenset(living or [c.key for c in members])

    def conditions_toward(
        self, creature: CreatureState | str, observer: CreatureState | str
    ) -> ConditionSet:
        """Return the conditions ``observer`` faces: Unentdeckt (and its Geschützt) only if
        ``creature`` is hidden from ``observer`` (E-COND-UNENTDECKT-2/4)."""
        hider = self._creature_of(creature)
        if Condition.UNDETECTED in hider.conditions and not self.is_hidden_from(hider, observer):
            return after_detection(hider.conditions, Condition.UNDETECTED)
        return hider.conditions

    def visible_ground_items(
        self, observer: CreatureState | str | None = None, *, side: str | None = None
    ) -> dict[Cell, list[str]]:
        """Return the items on the ground that ``observer`` (or ``side``) knows of.

        An item hidden by Verbergen is left out for the creatures it is hidden from until
        they find it (E-ACT-VH-VERBERGEN-3); for a side, until one living member found it.
        Neither given: every item (the game master's view).
        """
        if observer is not None:
            keys = frozenset({observer if isinstance(observer, str) else observer.key})
        elif side is not None:
            keys = self._side_keys(side)
        else:
            keys = frozenset()
        visible = {cell: list(items) for cell, items in self.state.ground_items.items()}
        for record in self.state.hidden_items if keys else ():
            items = visible.get(record.cell, [])
            if keys <= record.hidden_from and record.item in items:
                items.remove(record.item)
        return {cell: items for cell, items in visible.items() if items}

    def is_item_hidden_from(self, cell: Cell, item: str, observer: CreatureState | str) -> bool:
        """Return whether ``item`` lies on ``cell`` but ``observer`` knows of none there."""
        if item not in self.state.ground_items.get(cell, []):
            return False
        return item not in self.visible_ground_items(observer).get(cell, [])

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
                    f"{creature.name} repeats an action and is defenceless",
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
        what_de: str = "",
        what_en: str = "",
    ) -> tuple[Roll, Event]:
        """Roll a check of ``creature`` with its conditions folded in; return roll and event."""
        context = context or RollContext(attribute=attribute)
        helped = next((e for e in creature.effects if e.name == HELP_BONUS), None)
        if helped is not None:
            # Helfen: the w6 is rolled with the helped creature's next check (E-OPEN-22).
            creature.effects.remove(helped)
            context = replace(context, help_bonus=roll_help_bonus(self.roller))
        mods = roll_modifiers(creature.conditions, context)
        if extra is not None:
            mods = mods + extra
        total_edge = mods.edge + edge
        total_modifier = mods.modifier + modifier
        kind = self.creature_type(creature)
        value = kind.attribute(attribute)
        if mods.automatic_failure:
            roll = automatic_failure(target)
        else:
            roll = success_roll(
                value, target, self.roller, edge=total_edge, modifier=total_modifier
            )
        gained = impulse_gain(roll, rolled_by_player_character=creature.is_character)
        self.state.impulse_pool += gained
        de, en = describe_roll(roll, total_edge)
        data = roll_data(roll, edge=total_edge, modifier=total_modifier, reasons=mods.reasons)
        data.update({"attribute": attribute.name, "value": value, "impulse": gained})
        event = Event(
            "roll",
            f"{creature.name}: {what_de or attribute.value} {de}",
            f"{creature.name}: {what_en or attribute.name.lower()} {en}",
            creature.key,
            data,
        )
        return roll, event

    def save_value(self, creature: CreatureState, which: SaveValue) -> int:
        from game.rulesets.entaria.rules.condition_rolls import save_value

        return save_value(self.creature_type(creature).save(which), creature.conditions, which)

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
        change = lose_lp(
            creature.conditions,
            lost,
            self.roller,
            reflexes=self.creature_type(creature).attribute(Attribute.REFLEXES),
        )
        events += self._apply_change(creature, change)
        events += self.update_life_state(creature, nonlethal=nonlethal, lp_fell=True)
        return events

    def update_life_state(
        self, creature: CreatureState, *, nonlethal: bool = False, lp_fell: bool = False
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
            if Condition.DYING in creature.conditions:  # healed or set above 0 by the GM
                events += self._apply_change(
                    creature, lose(creature.conditions, Condition.DYING, lp=creature.lp)
                )
            if Condition.STABLE_COMA in creature.conditions and creature.lp >= 1:
                events += self._apply_change(
                    creature, lose(creature.conditions, Condition.STABLE_COMA, lp=creature.lp)
                )
            knocked_out = self.has_effect(creature, Condition.UNCONSCIOUS.name)
            if (
                Condition.UNCONSCIOUS in creature.conditions
                and creature.lp >= 1
                and not knocked_out
            ):
                events += self._apply_change(
                    creature, lose(creature.conditions, Condition.UNCONSCIOUS, lp=creature.lp)
                )
            return events
        if wanted is Condition.DYING and Condition.STABLE_COMA in creature.conditions:
            return events  # stabilised: negative LP and Stabiles Koma coexist (EX-STAB-1)
        if (
            wanted is Condition.DEAD
            and Condition.STABLE_COMA in creature.conditions
            and not lp_fell
        ):
            return events  # revived at -10 or below: dies only when LP fall again
        if wanted in held and wanted in creature.conditions:
            return events
        if wanted is Condition.UNCONSCIOUS and Condition.DYING in creature.conditions:
            creature.conditions = creature.conditions.remove(Condition.DYING)
        events += self._apply_change(creature, gain(creature.conditions, wanted, lp=creature.lp))
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

    def _apply_change(self, creature: CreatureState, change: Change) -> list[Event]:
        creature.conditions = change.held
        self._sync_stance(creature)
        events: list[Event] = []
        if change.drop_held_items and creature.held:
            self.state.ground_items.setdefault(creature.cell, []).extend(creature.held)
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
            self.state.pending = [p for p in self.state.pending if p.actor != creature.key]
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
                    f"{creature.name} loses {ended.name.lower()}",
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

    @staticmethod
    def _sync_stance(creature: CreatureState) -> None:
        """Keep the stance with the conditions: Liegend, also implied, lies on the ground.

        Bewusstlos (also through Sterbend or Stabiles Koma) counts as Liegend
        (E-COND-BEWUSSTLOS-1), and the dead lie too; when Liegend ends (stood up, or woke
        up without holding Liegend itself) the creature stands. Kneeling is kept.
        """
        if _lies(creature.conditions):
            creature.stance = Stance.PRONE
        elif creature.stance is Stance.PRONE:
            creature.stance = Stance.STANDING

    def add_condition(
        self,
        creature: CreatureState,
        condition: Condition,
        *,
        effect: Effect | None = None,
        count: int = 1,
    ) -> list[Event]:
        """Give a condition ``count`` times (Irritiert stacks) and the effect that ends it."""
        events = self._apply_change(
            creature, gain(creature.conditions, condition, count, lp=creature.lp)
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

    def knock_prone(self, creature: CreatureState) -> list[Event]:
        """Make the creature Liegend (fallen, thrown, tripped); its stance follows."""
        events: list[Event] = []
        if Condition.PRONE not in creature.conditions:
            events += self.add_condition(creature, Condition.PRONE)
        creature.stance = Stance.PRONE
        return events

    def remove_condition(self, creature: CreatureState, condition: Condition) -> list[Event]:
        if condition not in creature.conditions:
            return []
        try:
            change = lose(creature.conditions, condition, lp=creature.lp)
        except ValueError as error:  # e.g. Stabiles Koma ends only at LP >= 1
            raise CommandRejected(say(str(error), _cannot_end_de(condition, creature.lp))) from None
        creature.effects = [e for e in creature.effects if e.name != condition.name]
        events = self._apply_change(creature, change)
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

    # ------------------------------------------------------------- turn cycle
    def end_turn(self) -> list[Event]:
        """End the current turn, then start the next creature's (new round as needed)."""
        creature = self.current
        events = self._end_of_turn_saves(creature)
        events += self._advance()
        return events

    def _end_of_turn_saves(self, creature: CreatureState) -> list[Event]:
        """Roll the saves that end conditions at the end of the creature's turn (E-OPEN-32)."""
        events: list[Event] = []
        for effect in list(creature.effects):
            if effect.kind is not DurationKind.SAVE_AT_END_OF_OWN_TURN or effect.save is None:
                continue
            condition = effect.condition
            if condition is None or Condition.DEAD in creature.conditions:
                continue
            if effect not in creature.effects or condition not in creature.conditions:
                continue  # already ended this turn
            roll, event = self.check(
                creature,
                effect.save,
                effect.target,
                what_de=f"Rettungswurf gegen {condition.value}",
                what_en=f"save against {condition.name.lower()}",
            )
            events.append(event)
            if roll.success:
                events += self.remove_condition(creature, condition)
        return events

    def _advance(self) -> list[Event]:
        events: list[Event] = []
        for _ in range(len(self.state.order) * 2 + 2):
            self.state.turn_index += 1
            if self.state.turn_index >= len(self.state.order):
                events += self._new_round()
            if Condition.DEAD in self.current.conditions:
                continue  # the dead take no turns (a revival's clock runs on others' turns)
            events += self._start_turn()
            if self.state.over or self._can_take_turn(self.current):
                return events
            # a creature that cannot act still has turn-start and turn-end effects
            events += self._end_of_turn_saves(self.current)
            events += self._check_fight_over()
            if self.state.over:
                return events
        return events

    def _can_take_turn(self, creature: CreatureState) -> bool:
        return Condition.DEAD not in creature.conditions and can_act(creature.conditions)

    def _new_round(self) -> list[Event]:
        self.state.round += 1
        self.state.turn_index = 0
        # Orientieren and Unterkühlt re-sort only between rounds (E-OPEN-8).
        entries = []
        for entry in self._initiative_entries:
            creature = self.state.creatures[str(entry.id)]
            if entry.initiative is None:
                entries.append(entry)
                continue
            hypothermic = Condition.HYPOTHERMIC in creature.conditions
            entries.append(
                InitiativeEntry(
                    id=entry.id,
                    initiative=entry.initiative,
                    base=entry.base,
                    is_character=entry.is_character,
                    roster_index=entry.roster_index,
                    oriented=creature.oriented,
                    hypothermic=hypothermic,
                )
            )
        self.state.order = [str(key) for key in initiative_order(entries)]
        round_event = Event(
            "round",
            f"Runde {self.state.round}",
            f"Round {self.state.round}",
            data={"round": self.state.round},
        )
        return [round_event, *self._expire_orphaned_effects()]

    def _expire_orphaned_effects(self) -> list[Event]:
        """End effects timed to a source's turn when that source takes no more turns."""
        events: list[Event] = []
        for creature in self.state.creatures.values():
            for effect in list(creature.effects):
                if effect.kind is not DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND:
                    continue
                source = self.state.creatures.get(effect.source or "")
                if source is not None and Condition.DEAD not in source.conditions:
                    continue
                creature.effects.remove(effect)
                condition = effect.condition
                if condition is not None and condition in creature.conditions:
                    events += self.remove_condition(creature, condition)
        return events

    def _start_turn(self) -> list[Event]:
        creature = self.current
        events = [
            Event(
                "turn",
                f"{creature.name} ist am Zug",
                f"{creature.name}'s turn",
                creature.key,
                {"round": self.state.round},
            )
        ]
        events += self._expire_effects(creature)
        loss = lp_loss_at_turn_start(creature.conditions)
        if loss and Condition.DEAD not in creature.conditions:
            events += self.lose_life_points(
                creature, loss, why_de=" durch Zustände", why_en=" from conditions"
            )
        self.state.budget = TurnBudget.for_creature(incapacitated=not self._can_take_turn(creature))
        for hook in self.table.turn_start:  # after the budget: a hook may forfeit the new turn
            events += hook(self, creature)
        incapacitated = not self._can_take_turn(creature)
        if incapacitated:
            self.state.budget = TurnBudget.for_creature(incapacitated=True)
            events.append(
                Event(
                    "cannot_act",
                    f"{creature.name} kann nicht handeln",
                    f"{creature.name} cannot act",
                    creature.key,
                )
            )
        return events

    def _expire_effects(self, creature: CreatureState) -> list[Event]:
        events: list[Event] = []
        keep: list[Effect] = []
        for effect in creature.effects:
            ends = False
            if effect.kind in _START_OF_TURN_KINDS:
                ends = (
                    effect.started_round < self.state.round
                    or effect.kind is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN
                )
            elif effect.kind in (DurationKind.ROUNDS, DurationKind.DICE_ROUNDS):
                ends = effect.until_round is not None and self.state.round >= effect.until_round
            if not ends:
                keep.append(effect)
                continue
            condition = effect.condition
            if condition is None and effect.name == "DEFENSELESS_REPEAT":
                condition = Condition.DEFENSELESS
            if condition is not None and condition in creature.conditions:
                change = lose(creature.conditions, condition, lp=creature.lp)
                events += self._apply_change(creature, change)
                events.append(
                    Event(
                        "condition_lost",
                        f"{creature.name} verliert {condition.value}",
                        f"{creature.name} loses {condition.name.lower()}",
                        creature.key,
                        {"condition": condition.name},
                    )
                )
        creature.effects = keep
        if events:  # an ended effect may uncover what the LP say (Bewusstlos at 0 LP)
            events += self.update_life_state(creature)
        return events

    def _check_fight_over(self) -> list[Event]:
        if self.state.over:
            return []
        standing = {c.side for c in self.state.creatures.values() if not c.out_of_fight}
        if len(standing) > 1:
            return []
        self.state.over = True
        self.state.winner = next(iter(standing), None)
        name = self.sides[self.state.winner].name if self.state.winner in self.sides else "niemand"
        name_en = name if self.state.winner else "nobody"
        return [
            Event(
                "fight_over",
                f"Der Kampf ist vorbei. Sieger: {name}",
                f"The fight is over. Winner: {name_en}",
                data={"winner": self.state.winner},
            )
        ]


def check_guards(battle: Battle, command: Command) -> None:
    """Raise CommandRejected when a command guard of the table refuses ``command`` now.

    ``apply`` checks every command; a handler that runs another command's handler on
    someone's behalf (a rider's order to the mount) checks that inner command too.
    """
    for guard in battle.table.command_guards:
        if reason := guard(battle, command):
            raise CommandRejected(reason)


def handle_end_turn(battle: Battle, command: EndTurn) -> list[Event]:
    """End the current creature's turn: the end-turn hooks, then the next turn."""
    if command.actor != battle.state.current_key:
        raise CommandRejected(
            say(
                "only the creature whose turn it is can end it",
                "nur das Wesen, das am Zug ist, kann den Zug beenden",
            )
        )
    events: list[Event] = []
    for hook in battle.table.end_turn:
        events += hook(battle, battle.current)
    if events:
        events += battle._check_fight_over()
        if battle.state.over:
            return events
    return events + battle.end_turn()


def _lies(held: ConditionSet) -> bool:
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


def cells_of(creatures: Iterable[CreatureState]) -> list[Cell]:
    return [c.cell for c in creatures]
