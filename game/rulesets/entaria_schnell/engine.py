"""The quick-rules fight as a state machine: validate a command, then change the state.

Block initiative once per combat (Q-INIT-*), the successful characters' side choosing
who acts next (an ORDER decision), one VH or two HH per turn on ENTARIA's budget
(Q-ACT-*), moves from zone to zone (Q-MOVE-*), attacks without a defender roll
(Q-ATK-*), crits, SAF with their riders (Q-CRIT-*, Q-SAF-1) and the outcome decision
for a Besiegt enemy (Q-DEFEAT-*). Every rule itself lives in ``rules/``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from game.board.dice import Roller
from game.board.grid import Cell, distance
from game.match.commands import Command
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.condition_changes import gain, lose, stand_up
from game.rulesets.entaria.rules.condition_effects import can_act
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import Condition, DamageType, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed
from game.rulesets.entaria.value_overrides import own_type
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.attack_plan import AttackPlan, Battlefield, plan_attack
from game.rulesets.entaria_schnell.combat import resolve
from game.rulesets.entaria_schnell.cover_spots import wall_beside
from game.rulesets.entaria_schnell.impulse_spend import buy_half_action, half_purchase_refusal
from game.rulesets.entaria_schnell.initiative_start import roll_initiative
from game.rulesets.entaria_schnell.rules.actions import QuickTurn, turn_for_round
from game.rulesets.entaria_schnell.rules.defeat import DefeatOutcome, choose_outcome
from game.rulesets.entaria_schnell.rules.initiative import (
    BlockOrder,
    InitGroup,
)
from game.rulesets.entaria_schnell.rules.movement import (
    disengage_zones,
    reachable_zones,
    zone_allowance,
)
from game.rulesets.entaria_schnell.rules.ranges import leave_full_cover, take_full_cover
from game.rulesets.entaria_schnell.rules.zones import ZoneGraph, zone_neighbours
from game.rulesets.entaria_schnell.saf_saves import end_of_turn_saves
from game.rulesets.entaria_schnell.state import QuickCreature, QuickSetup

#: The move actions a Move command names (Q-MOVE-1, Q-OPEN-15).
MOVE_ACTIONS = {"walk": Action.WALK, "run": Action.RUN, "disengage": Action.DISENGAGE}

#: A fight that has not ended after this many rounds ends without a winner.
MAX_ROUNDS = 200


class Rejected(CommandRejected):
    """A quick-rules command that breaks a rule; nothing changed."""


class QuickGame:
    """One live match of ENTARIA's quick rules."""

    def __init__(self, setup: QuickSetup, catalogue: Catalogue, roller: Roller) -> None:
        self.setup = setup
        self.catalogue = catalogue
        self.grid = setup.battle.grid
        self.zones = setup.zones
        self.roller = roller
        self.record: list[Command] = []
        self.log: list[Event] = []
        #: Zones that share an open edge (moves) and any edge (counting range, Q-OPEN-6).
        self.walk_graph: ZoneGraph = zone_neighbours(self.zones, self.grid)
        self.range_graph: ZoneGraph = zone_neighbours(self.zones, self.grid, through_walls=True)
        self.creatures: dict[str, QuickCreature] = {}
        for placed in setup.battle.creatures:
            kind = catalogue.creatures[placed.type]
            if placed.values:
                kind = own_type(kind, placed.values)
            equipment = placed.equipment if placed.equipment is not None else kind.equipment
            creature = QuickCreature(
                key=placed.key,
                name=placed.name or kind.name,
                kind=kind,
                side=placed.side,
                cell=placed.cell,
                lp=placed.life_points if placed.life_points is not None else kind.life_points,
                equipment=tuple(equipment),
                held=ConditionSet(placed.conditions),
            )
            for weapon in catalogue.weapons_in(creature.equipment):
                if weapon.magazine is not None:
                    creature.loaded[weapon.key] = True
            self.creatures[placed.key] = creature
        self.round = 1
        self.impulse = 0
        self.over = False
        self.winner: str | None = None
        self.current: str | None = None
        self.turn = QuickTurn()
        self.acted = False
        #: The attackers who decide about Besiegt enemies, and those enemies (Q-DEFEAT-2).
        self.outcomes: list[tuple[str, str]] = []
        self.remaining: list[str] = []
        self._roll_initiative()
        self._start_round(announce=False)
        self._advance()

    # ----------------------------------------------------------------- queries
    @property
    def pending(self) -> tuple[str, str] | None:
        """Return the first open outcome decision: (attacker, Besiegt enemy), or None."""
        return self.outcomes[0] if self.outcomes else None

    def zone_of(self, key: str) -> int:
        """Return the zone a creature stands in."""
        return self.zones.zone_of(self.creatures[key].cell)

    def standing(self, key: str) -> bool:
        """Return whether a creature is still in the fight (not Besiegt, LP above 0)."""
        creature = self.creatures[key]
        return not creature.defeated and creature.lp > 0

    def can_act_now(self, key: str) -> bool:
        """Return whether a standing creature can act (not Handlungsunfähig)."""
        return self.standing(key) and can_act(self.creatures[key].held)

    def enemies_of(self, key: str) -> list[str]:
        """Return the standing enemies of a creature, in roster order."""
        side = self.creatures[key].side
        return [k for k, cr in self.creatures.items() if cr.side != side and self.standing(k)]

    def battlefield(self) -> Battlefield:
        """Return what an attack plan reads of the match now."""
        zone_of = {k: self.zone_of(k) for k in self.creatures}
        return Battlefield(
            self.grid,
            zone_of,
            self.range_graph,
            self.creatures,
            self.catalogue,
            self.setup.zone_metres,
        )

    def plan(self, attacker: str, target: str, weapon: str) -> AttackPlan:
        """Return the attack as it would be made now (refusal "" when it can)."""
        return plan_attack(self.battlefield(), attacker, target, weapon)

    def attack_plans(self, attacker: str) -> list[AttackPlan]:
        """Return every attack the creature could make now on a standing enemy."""
        weapons = [w.key for w in self.catalogue.weapons_in(self.creatures[attacker].equipment)]
        field = self.battlefield()
        plans = []
        for target in self.enemies_of(attacker):
            for weapon in [*weapons, ""]:
                found = plan_attack(field, attacker, target, weapon)
                if not found.refusal and self.turn_allows(attacker, found.action):
                    plans.append(found)
        return plans

    def turn_allows(self, key: str, action: Action) -> bool:
        """Return whether the creature on turn may take ``action`` now."""
        if key != self.current or self.pending is not None:
            return False
        return self.turn.can_take(action)[0]

    def move_targets(self, key: str, move: str) -> dict[int, int]:
        """Return the zones a move can end in, with their zone steps (start excluded)."""
        action = MOVE_ACTIONS[move]
        creature = self.creatures[key]
        here = self.zone_of(key)
        allowance = zone_allowance(
            action, creature.held, bew=creature.kind.movement, params=self.setup.moves
        )
        enemy_zones = {self.zone_of(k) for k in self.enemies_of(key)}
        if action is Action.DISENGAGE:  # Lösen leaves a zone an enemy shares (Q-OPEN-15)
            engaged = allowance and here in enemy_zones
            near = disengage_zones(self.walk_graph, here) if engaged else frozenset()
            return {zone: 1 for zone in near}
        found = reachable_zones(self.walk_graph, here, allowance, enemy_zones=enemy_zones)
        found.pop(here, None)
        return found

    def taken(self, but: str = "") -> set[Cell]:
        """Return the fields standing creatures occupy, except ``but``'s."""
        return {cr.cell for k, cr in self.creatures.items() if k != but and self.standing(k)}

    def landing(self, key: str, zone: int, wanted: Cell | None = None) -> Cell | None:
        """Return the field a creature moving into ``zone`` stands on (None: zone full).

        The wanted field when it is free, else the free field nearest the creature.
        """
        taken = self.taken(key)
        fields = [cell for cell in self.zones.fields_of(zone) if cell not in taken]
        if wanted is not None:
            return wanted if wanted in fields else None
        if not fields:
            return None
        here = self.creatures[key].cell
        return min(fields, key=lambda cell: (distance(here, cell), cell[1], cell[0]))

    def cover_possible(self, key: str) -> bool:
        """Return whether a wall, obstacle or walled edge stands next to the creature."""
        return wall_beside(self.grid, self.creatures[key].cell)

    def order_candidates(self) -> tuple[str, ...]:
        """Return who the deciding side may let act next (the ORDER decision)."""
        if not self.remaining:
            return ()
        first = self.remaining[0]
        block, side = self._block(first), self.creatures[first].side
        return tuple(
            k for k in self.remaining if self._block(k) == block and self.creatures[k].side == side
        )

    def decisions(self) -> tuple[Decision, ...]:
        """Return the open decision: an outcome, else the turn, else who acts next."""
        if self.over:
            return ()
        if self.pending is not None:
            attacker, target = self.pending
            side = self.creatures[attacker].side
            return (Decision(DecisionKind.OUTCOME, side, attacker, target),)
        if self.current is not None:
            return (Decision(DecisionKind.TURN, self.creatures[self.current].side, self.current),)
        side = self.creatures[self.remaining[0]].side
        return (Decision(DecisionKind.ORDER, side, None, "order"),)

    # ----------------------------------------------------------------- apply
    def apply(self, command: Command) -> list[Event]:
        """Validate ``command``, then apply it; raise Rejected and change nothing."""
        decisions = self.decisions()
        if not decisions:
            raise Rejected(say("the fight is over", "der Kampf ist vorbei"))
        decision = decisions[0]
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise Rejected(
                say(f"unknown command {command.kind}", f"unbekannter Befehl {command.kind}")
            )
        expected = {
            DecisionKind.OUTCOME: c.ChooseOutcome,
            DecisionKind.ORDER: c.ChooseNext,
        }.get(decision.kind)
        if expected is not None and not isinstance(command, expected):
            raise Rejected(self._waiting(decision))
        if expected is None and isinstance(command, c.ChooseOutcome | c.ChooseNext):
            raise Rejected(say("nothing to choose now", "jetzt ist nichts zu wählen"))
        if decision.creature is not None and command.actor != decision.creature:
            raise Rejected(
                say(f"{decision.creature} decides now", f"jetzt entscheidet {decision.creature}")
            )
        before = len(self.log)
        try:
            handler(self, command)  # every handler checks everything before it changes a thing
        except ActionNotAllowed as error:
            raise Rejected(error.reason) from None
        self.record.append(command)
        if self.current is not None and self.pending is None and not self._turn_has_room():
            self._finish_turn()
        self._check_winner()
        if not self.over and self.pending is None and self.current is None:
            self._advance()
        return self.log[before:]

    def _turn_has_room(self) -> bool:
        """Return whether the creature on turn can still spend an HH or VH (Q-ACT-1)."""
        return self.turn.budget.halves_left > 0 and self.can_act_now(self.current or "")

    def _waiting(self, decision: Decision) -> str:
        if decision.kind is DecisionKind.OUTCOME:
            return say(
                f"first decide what becomes of {decision.note}",
                f"erst entscheiden, was aus {decision.note} wird",
            )
        return say("first choose who acts next", "erst wählen, wer als Nächstes handelt")

    def _me(self, command: Command) -> QuickCreature:
        return self.creatures[command.actor or ""]

    def _take(self, action: Action) -> None:
        allowed, reason = self.turn.can_take(action)
        if not allowed:
            raise Rejected(reason)
        repeated = self.turn.budget.defenceless_after(action)
        self.turn = self.turn.take(action)
        self.acted = True
        me = self.creatures[self.current or ""]
        if repeated and not me.wehrlos_for_repeat:  # the same action twice (Q-OPEN-16)
            me.held = gain(me.held, Condition.DEFENSELESS).held
            me.wehrlos_for_repeat = True
            self._emit(
                "wehrlos",
                me.key,
                f"{me.name} ist wehrlos (Handlung wiederholt)",
                f"{me.name} is defenceless (action repeated)",
                {},
            )

    def _move(self, cmd: c.Move) -> None:
        me = self._me(cmd)
        action = MOVE_ACTIONS.get(cmd.action)
        if action is None:
            raise Rejected(say(f"no move {cmd.action!r}", f"keine Bewegung {cmd.action!r}"))
        if not 0 <= cmd.zone < self.zones.count:
            raise Rejected(say(f"no zone {cmd.zone}", f"keine Zone {cmd.zone}"))
        targets = self.move_targets(me.key, cmd.action)
        name = self.zones.names[cmd.zone]
        if cmd.zone not in targets:
            raise Rejected(
                say(f"zone {name} cannot be reached", f"Zone {name} ist nicht erreichbar")
            )
        wanted = (cmd.x, cmd.y) if cmd.x >= 0 and cmd.y >= 0 else None
        cell = self.landing(me.key, cmd.zone, wanted)
        if cell is None:
            raise Rejected(
                say(f"no free field there in zone {name}", f"kein freies Feld dort in Zone {name}")
            )
        self._take(action)
        start = self.zone_of(me.key)
        me.cell = cell
        self._emit(
            "move",
            me.key,
            f"{me.name} wechselt in die Zone {name}",
            f"{me.name} moves to zone {name}",
            {"action": cmd.action, "from": start, "zone": cmd.zone, "cell": list(cell)},
        )

    def _attack(self, cmd: c.Attack) -> None:
        me = self._me(cmd)
        if cmd.target not in self.creatures:
            raise Rejected(say(f"no creature {cmd.target}", f"kein Wesen {cmd.target}"))
        found = self.plan(me.key, cmd.target, cmd.weapon)
        if found.refusal:
            raise Rejected(found.refusal)
        self._take(found.action)
        resolve(self, found)

    def _reload(self, cmd: c.Reload) -> None:
        me = self._me(cmd)
        if me.loaded.get(cmd.weapon, True):
            raise Rejected(
                say(
                    f"{cmd.weapon} needs no reloading",
                    f"{cmd.weapon} muss nicht nachgeladen werden",
                )
            )
        self._take(Action.INTERACT)
        me.loaded[cmd.weapon] = True
        self._emit(
            "reload", me.key, f"{me.name} lädt nach", f"{me.name} reloads", {"weapon": cmd.weapon}
        )

    def _take_cover(self, cmd: c.TakeCover) -> None:
        me = self._me(cmd)
        if me.held.count(Condition.OBSCURED) and me.held.count(Condition.IMMOBILIZED):
            raise Rejected(say("already in full cover", "schon in Volldeckung"))
        if not self.cover_possible(me.key):
            raise Rejected(
                say(
                    "no wall or obstacle to hide behind",
                    "keine Wand und kein Hindernis als Deckung",
                )
            )
        self._take(Action.CHANGE_POSITION)
        me.held = take_full_cover(me.held)
        self._emit(
            "cover", me.key, f"{me.name} geht in Volldeckung", f"{me.name} takes full cover", {}
        )

    def _leave_cover(self, cmd: c.LeaveCover) -> None:
        me = self._me(cmd)
        if not (me.held.count(Condition.OBSCURED) and me.held.count(Condition.IMMOBILIZED)):
            raise Rejected(say("not in full cover", "nicht in Volldeckung"))
        me.held = leave_full_cover(me.held)
        self._emit(
            "uncover", me.key, f"{me.name} verlässt die Deckung", f"{me.name} leaves cover", {}
        )

    def _stand_up(self, cmd: c.StandUp) -> None:
        me = self._me(cmd)
        if not me.held.count(Condition.PRONE):
            raise Rejected(say("not lying down", "liegt nicht"))
        self._take(Action.CHANGE_POSITION)
        me.held = stand_up(me.held).held
        self._emit("stand", me.key, f"{me.name} steht auf", f"{me.name} stands up", {})

    def _buy_half(self, cmd: c.BuyHalfAction) -> None:
        refusal = half_purchase_refusal(self, cmd.actor or "")
        if refusal:
            raise Rejected(refusal)
        buy_half_action(self, cmd.actor or "")

    def half_purchase_refusal(self, key: str) -> str:
        """Return why the creature cannot buy an extra HH now ("" when it can)."""
        return half_purchase_refusal(self, key)

    def _end_turn(self, cmd: c.EndTurn) -> None:
        self._finish_turn()

    def _choose_next(self, cmd: c.ChooseNext) -> None:
        chosen = cmd.actor or ""
        if chosen not in self.order_candidates():
            raise Rejected(
                say(f"{chosen} cannot act next", f"{chosen} kann nicht als Nächstes handeln")
            )
        self.remaining.remove(chosen)
        self._start_turn(chosen)

    def _choose_outcome(self, cmd: c.ChooseOutcome) -> None:
        assert self.pending is not None
        attacker, target = self.pending
        if cmd.target != target:
            raise Rejected(self._waiting(Decision(DecisionKind.OUTCOME, None, attacker, target)))
        try:
            outcome = DefeatOutcome[cmd.outcome]
        except KeyError:
            raise Rejected(
                say(f"no outcome {cmd.outcome!r}", f"kein Ausgang {cmd.outcome!r}")
            ) from None
        record = choose_outcome(target, self.creatures[target].lp, outcome)
        self.creatures[target].outcome = record.outcome.name
        self.outcomes.pop(0)
        who, whom = self.creatures[attacker].name, self.creatures[target].name
        label = outcome.label
        self._emit(
            "outcome",
            attacker,
            f"{who} entscheidet über {whom}: {label.de}",
            f"{who} decides about {whom}: {label}",
            {"target": target, "outcome": outcome.name},
        )
        if self.current is not None and not self.can_act_now(self.current):
            self._finish_turn()

    # ----------------------------------------------------------------- flow
    def _roll_initiative(self) -> None:
        """Roll each character's initiative once (Q-INIT-1, Q-OPEN-1/4); enemies do not."""
        self.order: BlockOrder = roll_initiative(self)

    def _block(self, key: str) -> InitGroup | None:
        return self.order.block_of(key)

    def _start_round(self, *, announce: bool = True) -> None:
        self.remaining = [str(k) for k in self.order.turns if self.standing(str(k))]
        if announce:
            self._emit("round", None, f"Runde {self.round}", f"Round {self.round}", {})

    def _advance(self) -> None:
        """Hand the turn on: skip who cannot act, ask for the order where a side may choose."""
        while not self.over:
            self.remaining = [k for k in self.remaining if self.standing(k)]
            if not self.remaining:
                self.round += 1
                if self.round > MAX_ROUNDS:
                    self._end(None)
                    return
                self._start_round()
                continue
            first = self.remaining[0]
            if not self.can_act_now(first):
                self.remaining.pop(0)
                self._emit(
                    "skip",
                    first,
                    f"{self.creatures[first].name} kann nicht handeln",
                    f"{self.creatures[first].name} cannot act",
                    {},
                )
                self._end_of_turn_saves(first)
                continue
            if len(self.order_candidates()) > 1:
                return  # an ORDER decision
            self.remaining.pop(0)
            self._start_turn(first)
            return

    def _start_turn(self, key: str) -> None:
        creature = self.creatures[key]
        if not self.can_act_now(key):  # chosen, but Handlungsunfähig: the turn passes
            self._emit(
                "skip",
                key,
                f"{creature.name} kann nicht handeln",
                f"{creature.name} cannot act",
                {},
            )
            self._end_of_turn_saves(key)
            return
        self.current = key
        self.acted = False
        if creature.wehrlos_for_repeat:  # Wehrlos for a repetition lasts until the next turn
            creature.wehrlos_for_repeat = False
            if creature.held.count(Condition.DEFENSELESS):
                creature.held = lose(creature.held, Condition.DEFENSELESS).held
        self.turn = turn_for_round(creature.initiative, self.round)
        self._emit("turn", key, f"{creature.name} ist am Zug", f"{creature.name}'s turn", {})

    def _finish_turn(self) -> None:
        key = self.current
        self.current = None
        if key is not None:
            self._end_of_turn_saves(key)

    def _end_of_turn_saves(self, key: str) -> None:
        """Roll the saves that end SAF conditions at the end of the turn (Q-OPEN-11)."""
        if self.standing(key):
            end_of_turn_saves(self, key)

    def give(self, key: str, condition: Condition, damage_type: DamageType | None) -> None:
        """Give a creature a condition; a SAF's condition waits for its save (Q-OPEN-11)."""
        creature = self.creatures[key]
        creature.held = gain(creature.held, condition, lp=creature.lp).held
        if damage_type is not None:
            creature.saves[condition.value] = damage_type.value

    def _check_winner(self) -> None:
        sides = {cr.side for k, cr in self.creatures.items() if self.standing(k)}
        if len(sides) <= 1 and self.pending is None:
            self._end(next(iter(sides), None))

    def _end(self, winner: str | None) -> None:
        self.over = True
        self.winner = winner
        self.current = None
        self._emit("over", None, "Der Kampf ist vorbei", "The fight is over", {"winner": winner})

    def emit(self, kind: str, actor: str | None, de: str, en: str, data: dict[str, Any]) -> None:
        """Append one event to the log."""
        self.log.append(Event(kind, de, en, actor, data))

    _emit = emit

    # ----------------------------------------------------------------- data
    def snapshot(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return {
            "creatures": [cr.to_dict() for cr in self.creatures.values()],
            "order": {
                "before": list(self.order.before),
                "enemies": list(self.order.enemies),
                "after": list(self.order.after),
            },
            "round": self.round,
            "remaining": list(self.remaining),
            "current": self.current,
            "budget": [a.value for a, _ in self.turn.budget.spent],
            "pending": [list(pair) for pair in self.outcomes],
            "impulse": self.impulse,
            "over": self.over,
            "winner": self.winner,
        }

    def checkpoint(self) -> tuple[int, int, QuickGame]:
        """Return a private copy of the game now (without record and log)."""
        record, log = self.record, self.log
        self.record, self.log = [], []
        try:
            frozen = copy.deepcopy(self, self._shared())
        finally:
            self.record, self.log = record, log
        return len(record), len(log), frozen

    def _shared(self) -> dict[int, Any]:
        """Return the deepcopy memo of what a copy shares: catalogue, set-up, zones, kinds."""
        shared: dict[int, Any] = {
            id(self.catalogue): self.catalogue,
            id(self.setup): self.setup,
            id(self.grid): self.grid,
            id(self.zones): self.zones,
            id(self.walk_graph): self.walk_graph,
            id(self.range_graph): self.range_graph,
        }
        for creature in self.creatures.values():
            shared[id(creature.kind)] = creature.kind
        return shared

    def resume(self, point: tuple[int, int, QuickGame]) -> QuickGame:
        """Return a new live game at ``point``, with this game's first record and log."""
        record_len, log_len, frozen = point
        game = copy.deepcopy(frozen, frozen._shared())
        game.record, game.log = self.record[:record_len], self.log[:log_len]
        return game

    def snapshot_data(self) -> dict[str, Any] | None:
        """Return the game as a save's snapshot (plain JSON), or None when it cannot be."""
        from game.rulesets.entaria_schnell.snapshot_data import snapshot_data

        return snapshot_data(self)

    def restored(self, data: Any, record: Sequence[Command]) -> QuickGame:
        """Return this fresh game set to a snapshot at the end of ``record`` (SnapshotError)."""
        from game.rulesets.entaria_schnell.snapshot_data import restore_snapshot

        return restore_snapshot(self, data, record)


_HANDLERS: dict[type, Any] = {
    c.Move: QuickGame._move,
    c.Attack: QuickGame._attack,
    c.Reload: QuickGame._reload,
    c.TakeCover: QuickGame._take_cover,
    c.LeaveCover: QuickGame._leave_cover,
    c.StandUp: QuickGame._stand_up,
    c.BuyHalfAction: QuickGame._buy_half,
    c.EndTurn: QuickGame._end_turn,
    c.ChooseNext: QuickGame._choose_next,
    c.ChooseOutcome: QuickGame._choose_outcome,
}
