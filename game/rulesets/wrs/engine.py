"""The WRS fight as a state machine: validate a command, then change the state.

Initiative once by Geist (W-INIT-1..3, surprise W-SURP-*), two actions per turn
(W-ROUND-3), the d100 comparison of Körper with all modifiers (W-ATK-2, D-15), armour
points and wounds (W-ARMOR-*, W-WOUND-*), readiness as a REACTION decision
(W-ACT-READY-*). Every rule itself lives in ``rules/``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from game.board.dice import Roller
from game.board.edges import EdgeKind
from game.board.grid import Cell
from game.board.sight import line_of_sight
from game.match.commands import Command, CommandRejected
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.catalogue import Fighter, WrsCatalogue
from game.rulesets.wrs.rules import armour, attacks, comparison, rounds, wounds
from game.rulesets.wrs.rules.actions import MOVE_MAX_FIELDS, MOVE_MIN_FIELDS
from game.rulesets.wrs.rules.terms import FireMode, WeaponCategory, WoundState
from game.rulesets.wrs.state import FACINGS, FighterState, WrsSetup

#: Categories that attack at range; every other one only adjacent fields (W-OPEN-8).
RANGED: frozenset[WeaponCategory] = frozenset(
    {
        WeaponCategory.BOW,
        WeaponCategory.CROSSBOW,
        WeaponCategory.SINGLE_LOADER,
        WeaponCategory.REPEATER,
        WeaponCategory.AUTOMATIC,
        WeaponCategory.THROWN_SMALL,
        WeaponCategory.THROWN_LARGE,
    }
)


class Rejected(CommandRejected):
    """A WRS command that breaks a rule; nothing changed."""


class WrsGame:
    """One live WRS match."""

    def __init__(self, setup: WrsSetup, catalogue: WrsCatalogue, roller: Roller) -> None:
        self.setup = setup
        self.catalogue = catalogue
        self.grid = setup.grid
        self.roller = roller
        self.record: list[Command] = []
        self.log: list[Event] = []
        self.fighters: dict[str, FighterState] = {}
        #: Every fighter's values: its own (``FighterSetup.own``), else the catalogue's.
        self.kinds: dict[str, Fighter] = {
            f.key: f.own if f.own is not None else catalogue.fighters[f.fighter]
            for f in setup.fighters
        }
        for f in setup.fighters:
            kind = self.kinds[f.key]
            pieces = [p.rule_piece() for p in catalogue.armour_of(kind)]
            self.fighters[f.key] = FighterState(
                key=f.key,
                fighter=f.fighter,
                side=f.side,
                cell=f.cell,
                facing=f.facing,
                armour=armour.armour_pool(pieces, kind.armour_skills),
                drawn=list(f.drawn),
            )
        mind = {key: self.kind(key).geist for key in self.fighters}
        surprisers = [k for k, s in self.fighters.items() if s.side in setup.surprisers]
        self.first_order, self.order = rounds.opening_orders(mind, roller, surprisers)
        self.round = 1
        self.turn_index = -1
        self.reactions: list[str] = []
        self.winner: str | None = None
        self.over = False
        #: The doors opened or closed so far (what the snapshot says of the map).
        self.doors: dict[str, bool] = {}
        self.log.append(
            Event(
                "initiative",
                "Initiative gewürfelt",
                "Initiative rolled",
                None,
                {"round1": list(self.first_order), "order": list(self.order)},
            )
        )
        self._next_turn()

    # ----------------------------------------------------------------- queries
    def kind(self, key: str) -> Fighter:
        """Return the values of fighter ``key``: its own, else its catalogue fighter's."""
        return self.kinds[key]

    def state_of(self, key: str) -> WoundState:
        """Return the wound state of ``key`` against its LP a/b/c (W-WOUND-1..4)."""
        return wounds.wound_state(self.fighters[key].wounds, self.kind(key).life_points)

    def round_order(self) -> list[str]:
        """Return the order of the current round (W-SURP-2/4, W-INIT-3)."""
        return self.first_order if self.round == 1 else self.order

    @property
    def current(self) -> str | None:
        """Return the fighter on turn (None when the fight is over)."""
        order = self.round_order()
        return order[self.turn_index] if 0 <= self.turn_index < len(order) else None

    def decisions(self) -> tuple[Decision, ...]:
        """Return the open decision: a readiness reaction first, else the turn."""
        if self.over:
            return ()
        if self.reactions:
            first = self.reactions[0]
            return (Decision(DecisionKind.REACTION, self.fighters[first].side, first, "ready"),)
        key = self.current
        assert key is not None
        return (Decision(DecisionKind.TURN, self.fighters[key].side, key),)

    def occupied(self, but: str = "") -> set[Cell]:
        """Return the fields fighters stand on (fallen ones too), except ``but``'s."""
        return {s.cell for k, s in self.fighters.items() if k != but}

    # ----------------------------------------------------------------- apply
    def apply(self, command: Command) -> list[Event]:
        """Validate ``command``, then apply it; raise Rejected and change nothing."""
        decisions = self.decisions()
        if not decisions:
            raise Rejected("the fight is over")
        decision = decisions[0]
        if command.actor != decision.creature:
            raise Rejected(f"{decision.creature} decides now, not {command.actor}")
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise Rejected(f"unknown command {command.kind}")
        reacting = decision.kind is DecisionKind.REACTION
        if reacting and not isinstance(command, c.Attack | c.Pass):
            raise Rejected("a readiness reaction is one attack or passing (W-ACT-READY-4)")
        if not reacting and isinstance(command, c.Pass):
            raise Rejected("nothing to pass")
        before = len(self.log)
        handler(self, command, reacting)
        self.record.append(command)
        if reacting:
            self.reactions.pop(0)
            self.fighters[command.actor or ""].ready = False  # W-ACT-READY-5
        self._check_winner()
        if not self.over and not self.reactions and not reacting:
            me = self.fighters[command.actor or ""]
            if me.actions_left <= 0 or isinstance(command, c.EndTurn):
                self._next_turn()
        elif not self.over and not self.reactions and reacting:
            cur = self.current
            if cur is not None and not wounds.can_act(self.state_of(cur)):
                self.fighters[cur].actions_left = 0  # felled by the reaction (W-ROUND-2)
            if cur is not None and self.fighters[cur].actions_left <= 0:
                self._next_turn()
        return self.log[before:]

    def _spend(self, command: Command, reacting: bool, cost: int = 1) -> FighterState:
        me = self.fighters[command.actor or ""]
        if not reacting and me.actions_left < cost:
            raise Rejected(f"{cost} action(s) needed, {me.actions_left} left (W-ROUND-3)")
        return me

    def _after_action(self, me: FighterState, reacting: bool, cost: int = 1) -> None:
        """Spend the action; the defensive position ends with the next action (W-ACT-DEF-2)."""
        me.defensive = False
        if not reacting:
            me.actions_left -= cost

    def _step(self, cmd: c.Step, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        if not MOVE_MIN_FIELDS <= len(cmd.path) <= MOVE_MAX_FIELDS:
            raise Rejected(f"a move covers 1 to 3 fields, not {len(cmd.path)} (W-ACT-MOVE)")
        taken = self.occupied(me.key)
        here = me.cell
        for cell in cmd.path:
            cell = (int(cell[0]), int(cell[1]))
            if max(abs(cell[0] - here[0]), abs(cell[1] - here[1])) != 1:
                raise Rejected(f"{cell} is not next to {here}")
            if not self.grid.in_bounds(cell) or self.blocked(here, cell) or cell in taken:
                raise Rejected(f"{cell} cannot be entered")
            here = cell
        self._after_action(me, reacting)
        me.aim_pending = False
        me.cell = here
        self._emit(
            "step",
            me.key,
            f"{me.key} geht nach {here}",
            f"{me.key} walks to {here}",
            {"path": [list(p) for p in cmd.path]},
        )
        self._trigger(me.key, set(map(tuple, cmd.path)))  # type: ignore[arg-type]

    def blocked(self, a: Cell, b: Cell) -> bool:
        """Return whether a step from ``a`` to its neighbour ``b`` is barred: a wall or a
        closed door on ``b``, a blocked edge, a diagonal with both corner routes blocked."""
        g = self.grid
        closed = g.is_door(b) and not g.is_door_open(b)
        if g.is_wall(b) or closed:
            return True
        if a[0] != b[0] and a[1] != b[1]:  # diagonal: blocked if both corner edges are
            via = ((b[0], a[1]), (a[0], b[1]))
            return all(
                g.is_wall(v) or g.is_edge_blocked(a, v) or g.is_edge_blocked(v, b) for v in via
            )
        return bool(g.is_edge_blocked(a, b))

    def _attack(self, cmd: c.Attack, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        if cmd.target not in self.fighters or self.fighters[cmd.target].side == me.side:
            raise Rejected(f"{cmd.target} is no enemy")
        target = self.fighters[cmd.target]
        if self.state_of(cmd.target) is WoundState.DEAD:
            raise Rejected(f"{cmd.target} is dead")
        weapon = self._weapon(me, cmd.weapon)
        second = self._weapon(me, cmd.second_weapon) if cmd.second_weapon else None
        try:
            mode = FireMode(cmd.fire_mode)
        except ValueError:
            raise Rejected(f"unknown fire mode {cmd.fire_mode}") from None
        if mode is not FireMode.SINGLE and mode not in self._modes(cmd.weapon):
            raise Rejected(f"{cmd.weapon} has no {mode.value} (W-FIRE)")
        distance = max(abs(me.cell[0] - target.cell[0]), abs(me.cell[1] - target.cell[1]))
        if weapon in RANGED:
            others = self.occupied(me.key) - {target.cell}
            if not line_of_sight(self.grid, me.cell, target.cell, creatures=others):
                raise Rejected(f"no line of sight to {cmd.target} (W-OPEN-8)")
        elif distance != 1:
            raise Rejected(f"melee reaches adjacent fields only, {cmd.target} is {distance} away")
        kind = self.kind(me.key)
        try:
            attack = attacks.Attack(
                weapon, kind.weapon_skills, me.aim_pending, mode, cmd.shots, second
            )
            a_mod = attacks.attack_modifier(attack)
        except ValueError as error:
            raise Rejected(str(error)) from None
        # state changes from here on
        self._after_action(me, reacting)
        me.aim_pending = False
        d_mod = attacks.defence_modifier(self.defence_of(target.key))
        t_state = self.state_of(target.key)
        if wounds.defends(t_state):
            result = comparison.compare(
                kind.koerper + a_mod, self.kind(target.key).koerper + d_mod, self.roller
            )
            won = result.attacker_wins
            data: dict[str, Any] = {
                "attacker_pw": result.attacker.test_value,
                "attacker_roll": result.attacker.roll,
                "defender_pw": result.defender.test_value,
                "defender_roll": result.defender.roll,
                "attacker_margin": result.attacker.margin,
                "defender_margin": result.defender.margin,
            }
        else:
            won, data = True, {"helpless": True}
        hits = attacks.hits_on_win(attack) if won else 0
        body = armour.take_hits(armour.Body(target.armour, target.wounds), hits)
        target.armour, target.wounds = body.armour_points, body.wounds
        data.update(
            target=target.key,
            hits=hits,
            armour=str(body.armour_points),
            wounds=body.wounds,
            modifier=a_mod,
            defence_modifier=d_mod,
            weapon=cmd.weapon,
            fire_mode=mode.value,
            shots=cmd.shots,
            second_weapon=cmd.second_weapon,
        )
        self._emit(
            "attack",
            me.key,
            f"{me.key} greift {target.key} an: {hits} Treffer",
            f"{me.key} attacks {target.key}: {hits} hit(s)",
            data,
        )
        if not reacting:
            self._trigger(me.key, set())

    def _weapon(self, me: FighterState, key: str) -> WeaponCategory:
        if key == "unarmed":
            return WeaponCategory.UNARMED
        if key not in me.drawn or key not in self.catalogue.weapons:
            raise Rejected(f"{key} is not a drawn weapon")
        return self.catalogue.weapons[key].category

    def _modes(self, key: str) -> tuple[FireMode, ...]:
        weapon = self.catalogue.weapons.get(key)
        return weapon.fire_modes if weapon else ()

    def defence_of(self, key: str) -> attacks.Defence:
        """Return fighter ``key``'s defence as the rules take it: drawn weapons and shield,
        skills, Verteidigungsposition (W-BONUS-1/2, W-ACT-DEF-2, W-OPEN-6)."""
        target = self.fighters[key]
        kind = self.kind(target.key)
        weapons = tuple(
            self.catalogue.weapons[k].category for k in target.drawn if k in self.catalogue.weapons
        )
        shields = [
            self.catalogue.shields[k].category for k in target.drawn if k in self.catalogue.shields
        ]
        return attacks.Defence(
            weapons,
            shields[0] if shields else None,
            kind.weapon_skills,
            kind.shield_skills,
            target.defensive,
        )

    def _aim(self, cmd: c.Aim, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        self._after_action(me, reacting)
        me.aim_pending = True  # W-ACT-AIM, also across the turn boundary (W-OPEN-5)
        self._emit("aim", me.key, f"{me.key} zielt", f"{me.key} aims", {})
        self._trigger(me.key, set())

    def _defend(self, cmd: c.DefensivePosition, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        if me.actions_left != 1:
            raise Rejected("the defensive position takes the last free action (W-ACT-DEF-1)")
        self._after_action(me, reacting)
        me.aim_pending = False
        me.defensive = True
        self._emit(
            "defend",
            me.key,
            f"{me.key} geht in Verteidigungsposition",
            f"{me.key} takes a defensive position",
            {},
        )

    def _ready(self, cmd: c.Ready, reacting: bool) -> None:
        me = self._spend(cmd, reacting, 2)
        if not cmd.target and not cmd.cells:
            raise Rejected("readiness needs a trigger: a creature or fields (W-ACT-READY-3)")
        if cmd.target and cmd.target not in self.fighters:
            raise Rejected(f"unknown creature {cmd.target}")
        self._after_action(me, reacting, 2)
        me.aim_pending = False
        me.ready, me.ready_target = True, cmd.target
        me.ready_cells = tuple((int(x), int(y)) for x, y in cmd.cells)
        self._emit("ready", me.key, f"{me.key} ist in Bereitschaft", f"{me.key} is ready", {})

    def _draw(self, cmd: c.Draw, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        kind = self.kind(me.key)
        if cmd.item not in kind.equipment or cmd.item in me.drawn:
            raise Rejected(f"{cmd.item} cannot be drawn")
        if cmd.item in self.catalogue.armour:
            raise Rejected(f"{cmd.item} is worn, not drawn")
        self._after_action(me, reacting)
        me.aim_pending = False
        me.drawn.append(cmd.item)
        if len(me.drawn) > 2:  # two hands: the oldest goes back
            me.drawn.pop(0)
        self._emit("draw", me.key, f"{me.key} zieht {cmd.item}", f"{me.key} draws {cmd.item}", {})
        self._trigger(me.key, set())

    def _turn(self, cmd: c.Turn360, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        if cmd.facing not in FACINGS:
            raise Rejected(f"unknown facing {cmd.facing}")
        self._after_action(me, reacting)
        me.aim_pending = False
        me.facing = cmd.facing
        self._emit("turn360", me.key, f"{me.key} dreht sich", f"{me.key} turns around", {})
        self._trigger(me.key, set())

    def _host(self, cmd: c.HostAction, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        self._after_action(me, reacting)
        me.aim_pending = False
        self._emit("host_action", me.key, f"{me.key}: {cmd.note}", f"{me.key}: {cmd.note}", {})
        self._trigger(me.key, set())

    def _door(self, cmd: c.Door, reacting: bool) -> None:
        me = self._spend(cmd, reacting)
        cell = (int(cmd.cell[0]), int(cmd.cell[1]))
        grid = self.grid
        if not grid.in_bounds(cell):
            raise Rejected(f"{cell} is off the map")
        apart = max(abs(cell[0] - me.cell[0]), abs(cell[1] - me.cell[1]))
        on_field = grid.is_door(cell) and apart <= 1  # in the doorway too
        orthogonal = abs(cell[0] - me.cell[0]) + abs(cell[1] - me.cell[1]) == 1
        edge = grid.edge_kind(me.cell, cell) if orthogonal else None
        on_edge = edge in (EdgeKind.DOOR, EdgeKind.OPEN_DOOR)
        if not on_field and not on_edge:
            raise Rejected(f"no door next to {me.key} at {cell}")
        is_open = grid.is_door_open(cell) if on_field else edge is EdgeKind.OPEN_DOOR
        if is_open == cmd.open:
            raise Rejected("the door is open already" if cmd.open else "the door is closed already")
        if on_field and not cmd.open and cell in self.occupied():
            raise Rejected("someone stands in the doorway")
        self._after_action(me, reacting)
        me.aim_pending = False
        # copy before changing: checkpoints and the policy's trial games share the old grid
        self.grid = grid.copy()
        if on_field:
            self.grid.set_door_open(cell, cmd.open)
        else:
            self.grid.set_edge_door(me.cell, cell, open=cmd.open)
        self.doors[_door_key(me.cell, cell, on_field)] = cmd.open
        de = "öffnet eine Tür" if cmd.open else "schließt eine Tür"
        en = "opens a door" if cmd.open else "closes a door"
        self._emit(
            "door",
            me.key,
            f"{me.key} {de}",
            f"{me.key} {en}",
            {"cell": list(cell), "open": cmd.open, "edge": not on_field},
        )
        self._trigger(me.key, set())

    def _pass(self, cmd: c.Pass, reacting: bool) -> None:
        self._emit(
            "pass", cmd.actor, f"{cmd.actor} lässt es geschehen", f"{cmd.actor} lets it pass", {}
        )

    def _end_turn(self, cmd: c.EndTurn, reacting: bool) -> None:
        me = self.fighters[cmd.actor or ""]
        me.actions_left = 0
        self._emit("end_turn", me.key, f"{me.key} beendet den Zug", f"{me.key} ends the turn", {})

    # ----------------------------------------------------------------- flow
    def _trigger(self, mover: str, entered: set[Cell]) -> None:
        """Queue the ready fighters whose trigger ``mover`` set off, in initiative order
        (W-ACT-READY-4, W-ACT-READY-6)."""
        side = self.fighters[mover].side
        fired = {
            k
            for k, s in self.fighters.items()
            if s.ready
            and s.side != side
            and wounds.can_act(self.state_of(k))
            and (s.ready_target == mover or entered & set(s.ready_cells))
        }
        self.reactions = rounds.reaction_order(self.order, fired)

    def _next_turn(self) -> None:
        """Hand the turn to the next fighter entitled to act (W-ROUND-2); next round after."""
        if not any(wounds.can_act(self.state_of(key)) for key in self.fighters):
            self._check_winner()  # nobody can act (no fighters at all): the fight is over
            return
        while not self.over:
            self.turn_index += 1
            order = self.round_order()
            if self.turn_index >= len(order):
                self.round += 1
                self.turn_index = 0
                order = self.round_order()
                self._emit("round", None, f"Runde {self.round}", f"Round {self.round}", {})
            key = order[self.turn_index]
            if wounds.can_act(self.state_of(key)):
                me = self.fighters[key]
                me.actions_left = 2
                me.ready = False  # readiness ends when its own turn comes (W-ACT-READY-2)
                self._emit("turn", key, f"{key} ist am Zug", f"{key}'s turn", {})
                return

    def _check_winner(self) -> None:
        standing = {s.side for k, s in self.fighters.items() if wounds.can_act(self.state_of(k))}
        if len(standing) <= 1:
            self.over = True
            self.winner = next(iter(standing), None)
            self.reactions = []
            self._emit(
                "over", None, "Der Kampf ist vorbei", "The fight is over", {"winner": self.winner}
            )

    def _emit(self, kind: str, actor: str | None, de: str, en: str, data: dict[str, Any]) -> None:
        self.log.append(Event(kind, de, en, actor, data))

    # ----------------------------------------------------------------- data
    def snapshot(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return {
            "fighters": [s.to_dict() for s in self.fighters.values()],
            "first_order": list(self.first_order),
            "order": list(self.order),
            "round": self.round,
            "turn_index": self.turn_index,
            "reactions": list(self.reactions),
            "over": self.over,
            "winner": self.winner,
            "doors": dict(sorted(self.doors.items())),
        }

    def checkpoint(self) -> tuple[int, int, WrsGame]:
        """Return a private copy of the game now (without record and log)."""
        record, log = self.record, self.log
        self.record, self.log = [], []
        try:
            frozen = copy.deepcopy(self, self._shared())
        finally:
            self.record, self.log = record, log
        return len(record), len(log), frozen

    def _shared(self) -> dict[int, Any]:
        """Return the deepcopy memo of what a copy shares: the static catalogue, setup and
        fighters' values."""
        return {
            id(self.catalogue): self.catalogue,
            id(self.setup): self.setup,
            id(self.grid): self.grid,
            id(self.kinds): self.kinds,
        }

    def resume(self, point: tuple[int, int, WrsGame]) -> WrsGame:
        """Return a new live game at ``point``, with this game's first record and log."""
        record_len, log_len, frozen = point
        game = copy.deepcopy(frozen, frozen._shared())
        game.record, game.log = self.record[:record_len], self.log[:log_len]
        return game

    def snapshot_data(self) -> dict[str, Any] | None:
        """Return the game as a save's snapshot (plain JSON), or None when it cannot be."""
        from game.rulesets.wrs.snapshot_data import snapshot_data

        return snapshot_data(self)

    def restored(self, data: Any, record: Sequence[Command]) -> WrsGame:
        """Return this fresh game set to a snapshot at the end of ``record`` (SnapshotError)."""
        from game.rulesets.wrs.snapshot_data import restore_snapshot

        return restore_snapshot(self, data, record)


def _door_key(here: Cell, cell: Cell, on_field: bool) -> str:
    """Return the snapshot's name of a door: its field, or the border of two fields."""
    if on_field:
        return f"{cell[0]},{cell[1]}"
    a, b = sorted((here, cell))
    return f"{a[0]},{a[1]}|{b[0]},{b[1]}"


_HANDLERS: dict[type, Any] = {
    c.Step: WrsGame._step,
    c.Attack: WrsGame._attack,
    c.Aim: WrsGame._aim,
    c.DefensivePosition: WrsGame._defend,
    c.Ready: WrsGame._ready,
    c.Draw: WrsGame._draw,
    c.Turn360: WrsGame._turn,
    c.HostAction: WrsGame._host,
    c.Door: WrsGame._door,
    c.Pass: WrsGame._pass,
    c.EndTurn: WrsGame._end_turn,
}
