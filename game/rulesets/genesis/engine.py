"""The Genesis fight as a state machine of 2-second combat rounds (KR, G-TIME-KR).

Each KR: every fighter declares its numbers of AT and PA/AW (DECLARATION, the side with
the declaration disadvantage first; in KR 1 from the second slowest up, in KR 2 from the
fastest down), the declared moves are made, every declared AT is struck and rolled
(TURN), each defending side answers its fighters' successful ATs in the order it likes
(DEFENCE), then all hits of the KR take effect together (G-TIME-SIMUL). The numbers live
in ``rules/``; what a fighter may do now is asked of ``plans``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from game.board.dice import Roller
from game.board.grid import Cell
from game.match.commands import Command, CommandRejected
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans, plans
from game.rulesets.genesis.answers import answer_hit
from game.rulesets.genesis.catalogue import GenesisCatalogue, GenesisFighter, WeaponKind
from game.rulesets.genesis.geometry import fight_clusters
from game.rulesets.genesis.initiative_start import roll_initiative
from game.rulesets.genesis.kr_end import SURPLUS_OPTIONS, close_fighter, convert_surplus
from game.rulesets.genesis.moves import make_moves
from game.rulesets.genesis.plans import FIGHTING, Hit
from game.rulesets.genesis.resolution import resolve_hits
from game.rulesets.genesis.rules import gear, rounds
from game.rulesets.genesis.state import Declaration, FighterState, GenesisSetup
from game.rulesets.genesis.strikes import strike

DECLARE, STRIKE, DEFEND, SURPLUS = "declare", "strike", "defend", "surplus"


class Rejected(CommandRejected):
    """A Genesis command that breaks a rule; nothing changed."""


class GenesisGame:
    """One live Genesis match."""

    def __init__(self, setup: GenesisSetup, catalogue: GenesisCatalogue, roller: Roller) -> None:
        self.setup = setup
        self.catalogue = catalogue
        self.grid = setup.grid
        self.roller = roller
        self.record: list[Command] = []
        self.log: list[Event] = []
        self.kinds: dict[str, GenesisFighter] = {
            f.key: f.own if f.own is not None else catalogue.fighters[f.fighter]
            for f in setup.fighters
        }
        self.names: dict[str, str] = {
            f.key: f.name or self.kinds[f.key].name for f in setup.fighters
        }
        self.fighters: dict[str, FighterState] = {}
        for f in setup.fighters:
            kind = self.kinds[f.key]
            self.fighters[f.key] = FighterState(
                key=f.key,
                fighter=f.fighter,
                side=f.side,
                cell=f.cell,
                facing=f.facing,
                le=kind.le,
                ad=kind.ad,
                weapon=kind.weapons[0] if kind.weapons else "",
            )
        for key, me in self.fighters.items():
            me.set_left = self.set_size(key, me.weapon)
        self.sides: tuple[str, ...] = tuple(dict.fromkeys(f.side for f in setup.fighters))
        self.kr = 1
        self.phase = DECLARE
        self.queue: list[str] = []
        self.declared_order: list[str] = []
        self.hits: list[Hit] = []
        self.answers: dict[int, tuple[str, str, bool]] = {}
        self.answer_order: list[int] = []
        self.next_hit = 1
        self.auto: set[str] = set()
        self.melee_attackers: dict[str, set[str]] = {}
        self.throws: dict[str, int] = {}
        self.dodge_rolls: dict[tuple[str, str], tuple[int, bool, int]] = {}
        self.megas: set[str] = set()
        self.surplus: list[tuple[str, str]] = []
        self.defence_order: list[str] = list(self.sides)
        self.over = False
        self.winner: str | None = None
        self._cluster_cache: tuple[tuple[tuple[str, Cell], ...], dict[str, int]] | None = None
        self._initiative()
        self._open_declarations()

    # ----------------------------------------------------------------- queries
    def kind(self, key: str) -> GenesisFighter:
        """Return the values of fighter ``key``: its own, else its catalogue fighter's."""
        return self.kinds[key]

    def set_size(self, key: str, weapon: str) -> int:
        """Return how many throwing weapons a drawn set of ``weapon`` holds: the GW rounded
        up (G-TWPN-4: GW 2.5 -> three axes); 0 for every other weapon."""
        kind = self.catalogue.weapons.get(weapon)
        if kind is None or kind.kind is not WeaponKind.THROWING:
            return 0
        return gear.throwing_set_size(self.kind(key).gw)

    def name_of(self, key: str) -> str:
        """Return the name the table calls fighter ``key``."""
        return self.names.get(key, key)

    def clusters(self) -> Mapping[str, int]:
        """Return each fighting fighter's fight cluster (-1: in none; G-OPEN-10)."""
        standing = tuple(
            sorted(
                (k, f.cell)
                for k, f in self.fighters.items()
                if f.life == FIGHTING and plans.in_fight(self, k)
            )
        )
        if self._cluster_cache is None or self._cluster_cache[0] != standing:
            cells = dict(standing)
            sides = {k: self.fighters[k].side for k in cells}
            self._cluster_cache = (standing, fight_clusters(cells, sides))
        return self._cluster_cache[1]

    def decisions(self) -> tuple[Decision, ...]:
        """Return the open decision: a declaration, an attacker's strikes or a side's defence."""
        if self.over:
            return ()
        if self.phase == SURPLUS:
            key = self.surplus[0][0]
            return (Decision(DecisionKind.REACTION, self.fighters[key].side, key, "surplus"),)
        if self.phase == DEFEND:
            side = self.defending_side()
            hit = self.open_hits(side)[0]
            return (Decision(DecisionKind.DEFENCE, side, hit.target, "defence"),)
        key = self.queue[0]
        kind = DecisionKind.DECLARATION if self.phase == DECLARE else DecisionKind.TURN
        note = "declaration" if self.phase == DECLARE else "strike"
        return (Decision(kind, self.fighters[key].side, key, note),)

    def open_hits(self, side: str | None = None) -> list[Hit]:
        """Return this KR's successful ATs not yet answered (of ``side``'s fighters)."""
        return [
            h
            for h in self.hits
            if h.id not in self.answers and (side is None or self.fighters[h.target].side == side)
        ]

    def defending_side(self) -> str:
        """Return the side that answers its hits now: one side after the other, the side
        that struck last first (its seat is at the screen already), so a hot-seat table
        hands over once per side."""
        return next(s for s in self.defence_order if self.open_hits(s))

    def side_name(self, side: str | None) -> str:
        """Return the mission's name of ``side`` (its key when the set-up names none)."""
        named = getattr(self.setup, "side_name", None)
        return str(named(side)) if callable(named) and side else str(side)

    def hit(self, hit_id: int) -> Hit | None:
        """Return this KR's hit ``hit_id``."""
        return next((h for h in self.hits if h.id == hit_id), None)

    def standing(self, side: str) -> list[str]:
        """Return the fighters of ``side`` who still fight."""
        return [k for k, f in self.fighters.items() if f.side == side and f.life == FIGHTING]

    def round_kind(self) -> rounds.RoundKind:
        """Return what this KR is: INI-KR 1 or 2, AKR or BKR (G-KR-*)."""
        return rounds.round_kind(self.kr)

    def occupied(self, but: str = "") -> set[Cell]:
        """Return the fields fighters stand on, except ``but``'s."""
        return {s.cell for k, s in self.fighters.items() if k != but}

    # ----------------------------------------------------------------- the start
    def _initiative(self) -> None:
        """Roll the INI and find the group INI winner (``initiative_start``)."""
        sides = {k: f.side for k, f in self.fighters.items()}
        present = {k: v for k, v in self.kinds.items() if v.joins_kr <= 1}  # G-JOIN-2: no INI
        start = roll_initiative(present, sides, self.sides, self.clusters(), self.roller)
        self.timeless, self.ini_order = start.timeless, start.order
        self.slowest, self.ini_winner = start.slowest, start.winner
        for k, value in start.results.items():
            self.fighters[k].ini = value
        listed = ", ".join(f"{self.name_of(k)} {start.results[k]}" for k in self.ini_order)
        winner = self.side_name(self.ini_winner)
        self._emit(
            "initiative",
            None,
            f"Initiative: {listed}; Gruppen-INI gewinnt {winner}",
            f"Initiative: {listed}; group initiative won by {winner}",
            {
                "results": start.results,
                "order": list(self.ini_order),
                "group": start.means,
                "winner": self.ini_winner,
                "timeless": sorted(self.timeless),
            },
        )

    def _open_declarations(self) -> None:
        self.phase = DECLARE
        self.queue = plans.declaration_queue(self)
        self.declared_order = []
        if not self.queue:
            self._execute()

    # ----------------------------------------------------------------- apply
    def apply(self, command: Command) -> list[Event]:
        """Validate ``command``, then apply it; raise Rejected and change nothing."""
        decisions = self.decisions()
        if not decisions:
            raise Rejected("the fight is over")
        decision = decisions[0]
        actor = command.actor or ""
        if actor not in self.fighters:
            raise Rejected(f"unknown fighter {actor!r}")
        if isinstance(command, c.AutoDefence):
            if self.fighters[actor].side != decision.side:
                raise Rejected(
                    f"it is side {decision.side}'s decision, not {self.fighters[actor].side}'s"
                )
        elif self.phase == SURPLUS:
            if not isinstance(command, c.Surplus) or actor != decision.creature:
                raise Rejected(f"{decision.creature} chooses what its surplus AT becomes")
        elif self.phase == DEFEND:
            if not isinstance(command, c.Defend):
                raise Rejected("the attacks of this KR are answered now (PA, AW or none)")
            if self.fighters[actor].side != decision.side:
                raise Rejected(f"side {decision.side} defends now, not {self.fighters[actor].side}")
        elif actor != decision.creature:
            raise Rejected(f"{decision.creature} decides now, not {actor}")
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise Rejected(f"unknown command {command.kind}")
        before = len(self.log)
        handler(self, command)
        self.record.append(command)
        return self.log[before:]

    def _emit(self, kind: str, actor: str | None, de: str, en: str, data: dict[str, Any]) -> None:
        self.log.append(Event(kind, de, en, actor, {"kr": self.kr, **data}))

    # ----------------------------------------------------------------- declaration
    def _declare(self, cmd: c.Declare) -> None:
        if self.phase != DECLARE:
            raise Rejected("declarations are over for this KR")
        key = cmd.actor or ""
        me = self.fighters[key]
        problem = plans.declaration_problem(self, key, cmd.attacks, cmd.defences)
        if problem:
            raise Rejected(problem)
        rules = plans.declare_rules(self, key)
        path = tuple((int(x), int(y)) for x, y in cmd.path)
        problem = plans.declaration_extras_problem(
            self, key, cmd.attacks, path, leave=cmd.leave, swap_to=cmd.swap_to
        )
        if problem:
            raise Rejected(problem)
        # --- state changes from here on
        total = cmd.attacks + cmd.defences
        if plans.chooses_split(self, key):
            first = min(s for s in rules.shares if total <= s)
            me.shares = (first, self.kind(key).gw - first)
        shift_ad = 0
        if cmd.attacks > 0 and rules.must_shift:
            shift_ad = gear.shift_cost(self.roller)  # G-SHIFT-1/2: one flat 2W6 per KR
            me.ad = max(0, me.ad - shift_ad)
        if cmd.leave:
            me.passive_kr = self.kr
        if cmd.swap_to:
            # a new set of the same throwing weapon takes half a KR (one KR here, G-TWPN-6,
            # G-OPEN-8 a); every other weapon change 2 KR (G-SWAP)
            me.swap_to = cmd.swap_to
            me.swap_left = 1 if cmd.swap_to == me.weapon else 2
        me.declared = Declaration(
            cmd.attacks, cmd.defences, shift_ad > 0, path, cmd.leave, cmd.swap_to
        )
        me.attacks_left, me.defences_left = cmd.attacks, cmd.defences
        if self.kr == 1:
            me.attacked_in_kr1 = cmd.attacks > 0
            me.passive_in_kr1 = rules.passive or cmd.attacks == 0
        # Verzicht: no AT in its own regular AT round (G-STATE-WAIVE-1/2)
        waive = self.kr >= 3 and cmd.attacks == 0 and plans.in_attack_round(self, me.side)
        self.queue.pop(0)
        self.declared_order.append(key)
        self._emit(
            "declare",
            key,
            f"{self.name_of(key)} sagt an: {cmd.attacks:g} AT, {cmd.defences:g} PA/AW"
            + (f", shiftet ({shift_ad} AD)" if shift_ad else "")
            + (", verlässt den Kampf" if cmd.leave else "")
            + (", wechselt die Waffe" if cmd.swap_to else "")
            + (" — verzichtet auf Attacken" if waive else ""),
            f"{self.name_of(key)} declares {cmd.attacks:g} AT, {cmd.defences:g} PA/AW"
            + (f", shifts ({shift_ad} AD)" if shift_ad else "")
            + (", leaves the fight" if cmd.leave else "")
            + (", changes weapon" if cmd.swap_to else "")
            + (" — waives its attacks" if waive else ""),
            {
                "attacks": cmd.attacks,
                "defences": cmd.defences,
                "shift_ad": shift_ad,
                "side": me.side,
                "path": [list(p) for p in path],
                "waive": waive,
            },
        )
        if not self.queue:
            self._execute()

    # ----------------------------------------------------------------- execution
    def _execute(self) -> None:
        """Make the declared moves, then open the strikes (G-PHASE-EXEC-1)."""
        self.log.extend(make_moves(self.declared_order, self.fighters, self.name_of, self.kr))
        self.phase = STRIKE
        # all ATs of a KR take effect together (G-TIME-SIMUL), so they are struck side by
        # side (in the order the sides first declared): one handover per side at the table
        first: dict[str, int] = {}
        for key in self.declared_order:
            first.setdefault(self.fighters[key].side, len(first))
        strikers = [k for k in self.declared_order if self.fighters[k].attacks_left >= 0.5]
        self.queue = sorted(strikers, key=lambda k: first[self.fighters[k].side])
        striking = list(dict.fromkeys(self.fighters[k].side for k in self.queue))
        self.defence_order = [*reversed(striking), *(s for s in self.sides if s not in striking)]
        self._skip_idle_strikers()

    def _skip_idle_strikers(self) -> None:
        while self.queue:
            key = self.queue[0]
            me = self.fighters[key]
            if me.life == FIGHTING and me.attacks_left >= 0.5 and plans.strike_targets(self, key):
                return
            if me.attacks_left >= 0.5:
                self._emit(
                    "no_target",
                    key,
                    f"{self.name_of(key)} hat kein Ziel: {me.attacks_left:g} AT verfallen",
                    f"{self.name_of(key)} has no target: {me.attacks_left:g} AT lost",
                    {},
                )
            me.attacks_left = 0.0
            self.queue.pop(0)
        self._open_defence()

    def _strike(self, cmd: c.Strike) -> None:
        if self.phase != STRIKE:
            raise Rejected("no attacks are struck now")
        key = cmd.actor or ""
        plan = plans.strike_plan(self, key, cmd.target, cmd.penalty, cmd.mega)
        if plan.refusal:
            raise Rejected(plan.refusal)
        self.log.append(strike(self, plan, cmd.penalty, cmd.mega))
        me = self.fighters[key]
        if me.attacks_left < 0.5:
            self.queue.pop(0)
        self._skip_idle_strikers()

    def _end_strikes(self, cmd: c.EndStrikes) -> None:
        if self.phase != STRIKE:
            raise Rejected("no attacks are struck now")
        me = self.fighters[cmd.actor or ""]
        self._emit(
            "end_strikes",
            me.key,
            f"{self.name_of(me.key)} verzichtet auf {me.attacks_left:g} AT",
            f"{self.name_of(me.key)} forgoes {me.attacks_left:g} AT",
            {},
        )
        me.attacks_left = 0.0
        self.queue.pop(0)
        self._skip_idle_strikers()

    # ----------------------------------------------------------------- defence
    def _open_defence(self) -> None:
        """Answer what needs no choice, let auto-defending sides answer, then wait."""
        self.phase = DEFEND
        while True:
            pending = self.open_hits()
            if not pending:
                self._finish_kr()
                return
            progressed = False
            for hit in pending:
                options = [
                    o
                    for o in defence_plans.defence_options(self, hit)
                    if not o.refusal and o.how != "none"
                ]
                if not options:
                    self._answer(hit, "none", hit.target, automatic=True)
                    progressed = True
            if progressed:
                continue
            side = self.defending_side()
            if side not in self.auto:
                return
            answers = defence_plans.auto_answers(self, self.open_hits(side))
            hit_id, how, by = answers[0]
            chosen = self.hit(hit_id)
            assert chosen is not None
            self._answer(chosen, how, by, automatic=True)

    def _defend(self, cmd: c.Defend) -> None:
        if self.phase != DEFEND:
            raise Rejected("no attack is answered now")
        hit = self.hit(cmd.hit)
        if hit is None or hit.id in self.answers:
            raise Rejected(f"no open attack {cmd.hit} in this KR")
        side = self.fighters[cmd.actor or ""].side
        if self.fighters[hit.target].side != side:
            raise Rejected("that attack is on another side's fighter")
        options = {(o.how, o.by): o for o in defence_plans.defence_options(self, hit)}
        by = hit.target if cmd.how in ("pa", "aw", "none") else cmd.actor or ""
        option = options.get((cmd.how, by))
        if option is None:
            raise Rejected(f"{cmd.how!r} is no answer to attack {cmd.hit}")
        if option.refusal:
            raise Rejected(option.refusal)
        self._answer(hit, cmd.how, by, automatic=False)
        self._open_defence()

    def _answer(self, hit: Hit, how: str, by: str, *, automatic: bool) -> None:
        self.log.append(answer_hit(self, hit, how, by, automatic=automatic))

    def _auto_defence(self, cmd: c.AutoDefence) -> None:
        side = self.fighters[cmd.actor or ""].side
        if cmd.on:
            self.auto.add(side)
        else:
            self.auto.discard(side)
        self._emit(
            "auto_defence",
            cmd.actor,
            f"{self.side_name(side)}: automatisch verteidigen {'an' if cmd.on else 'aus'}",
            f"{self.side_name(side)}: defend automatically {'on' if cmd.on else 'off'}",
            {"side": side, "on": cmd.on},
        )
        if self.phase == DEFEND:
            self._open_defence()

    # ----------------------------------------------------------------- end of the KR
    def _finish_kr(self) -> None:
        """Let every hit of the KR take effect together, then open the next KR."""
        through = [h for h in self.hits if not self.answers.get(h.id, ("", "", False))[2]]
        order = {hit_id: i for i, hit_id in enumerate(self.answer_order)}
        through.sort(key=lambda h: order.get(h.id, 0))
        for event in resolve_hits(self, through):
            self.log.append(event)
        reloading = {k: plans.may_reload(self, k) for k in self.fighters}
        for me in self.fighters.values():
            close_fighter(me, self.kr, self.catalogue, self.set_size, reloading[me.key])
        self.hits, self.answers, self.answer_order = [], {}, []
        self.melee_attackers, self.throws, self.dodge_rolls = {}, {}, {}
        self.megas = set()
        alive = [s for s in self.sides if self.standing(s)]
        # a surplus AT of a fighter felled in the same KR becomes nothing
        self.surplus = [s for s in self.surplus if self.fighters[s[0]].life == FIGHTING]
        if len(alive) <= 1:
            self.surplus = []  # the fight is over: nothing left to use it on
            self.over = True
            self.winner = alive[0] if alive else None
            self._emit(
                "over",
                None,
                f"Kampf vorbei nach KR {self.kr}: "
                + (f"{self.side_name(self.winner)} gewinnt" if self.winner else "niemand steht"),
                f"Fight over after KR {self.kr}: "
                + (f"{self.side_name(self.winner)} wins" if self.winner else "nobody stands"),
                {"winner": self.winner},
            )
            return
        if self.surplus:
            self.phase = SURPLUS
            return
        self._next_kr()

    def _next_kr(self) -> None:
        self.kr += 1
        self._emit(
            "kr",
            None,
            f"KR {self.kr} beginnt",
            f"KR {self.kr} begins",
            {"round": self.round_kind().value},
        )
        self._open_declarations()

    def _surplus(self, cmd: c.Surplus) -> None:
        if self.phase != SURPLUS:
            raise Rejected("no surplus AT is waiting for a choice")
        if cmd.option not in SURPLUS_OPTIONS:
            raise Rejected(f"{cmd.option!r}: expected one of {', '.join(SURPLUS_OPTIONS)}")
        key, weight = self.surplus.pop(0)
        de, en = convert_surplus(self.fighters[key], self.kind(key), weight, cmd.option, self.kr)
        self._emit(
            "surplus_choice",
            key,
            f"{self.name_of(key)} wandelt die überzählige AT um: {de}",
            f"{self.name_of(key)} turns the surplus AT into {en}",
            {"option": cmd.option, "weight": weight},
        )
        if not self.surplus:
            self._next_kr()

    # ----------------------------------------------------------------- saves
    def snapshot(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return {
            "kr": self.kr,
            "phase": self.phase,
            "queue": list(self.queue),
            "ini_winner": self.ini_winner,
            "ini_order": list(self.ini_order),
            "fighters": [f.to_dict() for f in self.fighters.values()],
            "hits": [h.__dict__ for h in self.hits],
            "answers": {str(k): list(v) for k, v in self.answers.items()},
            "auto": sorted(self.auto),
            "surplus": [list(s) for s in self.surplus],
            "over": self.over,
            "winner": self.winner,
        }

    def checkpoint(self) -> tuple[int, int, GenesisGame]:
        """Return a private copy of the game now (without record and log)."""
        record, log = self.record, self.log
        self.record, self.log = [], []
        try:
            frozen = copy.deepcopy(self, self._shared())
        finally:
            self.record, self.log = record, log
        return len(record), len(log), frozen

    def _shared(self) -> dict[int, Any]:
        """Return the deepcopy memo of what a copy shares: catalogue, setup, values."""
        return {
            id(self.catalogue): self.catalogue,
            id(self.setup): self.setup,
            id(self.grid): self.grid,
            id(self.kinds): self.kinds,
            id(self.names): self.names,
        }

    def resume(self, point: tuple[int, int, GenesisGame]) -> GenesisGame:
        """Return a new live game at ``point``, with this game's first record and log."""
        record_len, log_len, frozen = point
        game = copy.deepcopy(frozen, frozen._shared())
        game.record, game.log = self.record[:record_len], self.log[:log_len]
        return game

    def snapshot_data(self) -> dict[str, Any] | None:
        """Return the game as a save's snapshot (plain JSON), or None when it cannot be."""
        from game.rulesets.genesis.snapshot_data import snapshot_data

        return snapshot_data(self)

    def restored(self, data: Any, record: Sequence[Command]) -> GenesisGame:
        """Return this fresh game set to a snapshot at the end of ``record`` (SnapshotError)."""
        from game.rulesets.genesis.snapshot_data import restore_snapshot

        return restore_snapshot(self, data, record)


_HANDLERS: dict[type[Command], Any] = {
    c.Declare: GenesisGame._declare,
    c.Strike: GenesisGame._strike,
    c.EndStrikes: GenesisGame._end_strikes,
    c.Defend: GenesisGame._defend,
    c.Surplus: GenesisGame._surplus,
    c.AutoDefence: GenesisGame._auto_defence,
}

__all__ = ["DECLARE", "DEFEND", "STRIKE", "SURPLUS", "GenesisGame", "Rejected"]
