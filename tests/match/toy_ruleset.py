"""A toy ruleset that exercises the decision kinds Genesis and WRS will need.

"Declare, then defend": each round, the attacking side declares how many attacks it
makes (a DECLARATION), the defending side declares how many parries it holds back (a
DECLARATION), then every attack is rolled (d6, a hit on 4+) and the defender answers
each hit with a parry or by taking it (a DEFENCE). A parry uses one held-back parry;
an answered round passes the attack to the other side. A creature at 0 HP loses.

Nothing here is a real rule system; it is the smallest game that runs through the
match machinery (Match, undo/redo, saves) with decisions owned by sides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.board.dice import RandomRoller, Roller
from game.match.commands import Command, CommandRegistry, CommandRejected
from game.match.decisions import Decision, DecisionKind, owner_refusal
from game.match.events import Event


@dataclass(frozen=True)
class Declare(Command):
    """Declare the number of attacks (attacker) or held-back parries (defender)."""

    kind: ClassVar[str] = "declare"
    count: int


@dataclass(frozen=True)
class Defend(Command):
    """Answer the next hit: ``parry`` (uses a held-back parry) or ``take``."""

    kind: ClassVar[str] = "defend"
    choice: str


@dataclass(frozen=True)
class GmHeal(Command):
    """The game master sets a creature's HP."""

    kind: ClassVar[str] = "gm_heal"
    creature: str
    hp: int


COMMANDS = CommandRegistry((Declare, Defend, GmHeal))


@dataclass(frozen=True)
class ToySetup:
    """Two creatures, one per side: key -> (side, hp)."""

    creatures: tuple[tuple[str, str, int], ...] = (("anna", "red", 3), ("bert", "blue", 3))


@dataclass
class ToyState:
    hp: dict[str, int]
    side_of: dict[str, str]
    attacker: str
    phase: str = "declare_attacks"  # declare_attacks, declare_parries, defend, over
    attacks: int = 0
    parries: int = 0
    hits_left: int = 0
    round: int = 1
    winner: str | None = None
    history: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hp": dict(self.hp),
            "attacker": self.attacker,
            "phase": self.phase,
            "attacks": self.attacks,
            "parries": self.parries,
            "hits_left": self.hits_left,
            "round": self.round,
            "winner": self.winner,
            "history": list(self.history),
        }


class ToyGame:
    """The state machine of the toy rules (the Game protocol)."""

    def __init__(self, setup: ToySetup, seed: int, roller: Roller | None = None) -> None:
        self.roller = RandomRoller(seed) if roller is None else roller
        self.record: list[Command] = []
        self.log: list[Event] = []
        first = setup.creatures[0]
        self.state = ToyState(
            hp={key: hp for key, _, hp in setup.creatures},
            side_of={key: side for key, side, _ in setup.creatures},
            attacker=first[0],
        )

    # ------------------------------------------------------------ decisions
    def _defender(self) -> str:
        return next(k for k in self.state.hp if k != self.state.attacker)

    def decisions(self) -> tuple[Decision, ...]:
        state = self.state
        if state.phase == "over":
            return ()
        attacker, defender = state.attacker, self._defender()
        if state.phase == "declare_attacks":
            who, kind, note = attacker, DecisionKind.DECLARATION, "attacks"
        elif state.phase == "declare_parries":
            who, kind, note = defender, DecisionKind.DECLARATION, "parries"
        else:
            who, kind, note = defender, DecisionKind.DEFENCE, "parry or take"
        return (Decision(kind, state.side_of[who], who, note),)

    def snapshot(self) -> dict[str, Any]:
        return self.state.to_dict()

    # ----------------------------------------------------------------- apply
    def apply(self, command: Command) -> list[Event]:
        game_master = command.kind.startswith("gm_")
        side = self.state.side_of.get(command.actor or "")
        open_now = self.decisions()
        refusal = owner_refusal(open_now[0] if open_now else None, side, game_master=game_master)
        if refusal:
            raise CommandRejected(refusal)
        if game_master:
            events = self._heal(command)
        elif isinstance(command, Declare):
            events = self._declare(command)
        elif isinstance(command, Defend):
            events = self._defend(command)
        else:
            raise CommandRejected(f"the toy rules have no command {command.kind!r}")
        self.record.append(command)
        self.log.extend(events)
        return events

    def _heal(self, command: Command) -> list[Event]:
        assert isinstance(command, GmHeal)
        if command.creature not in self.state.hp:
            raise CommandRejected(f"no creature {command.creature!r}")
        self.state.hp[command.creature] = command.hp
        return [Event("gm_heal", "SL heilt", "GM heals", None, {"hp": command.hp})]

    def _declare(self, command: Declare) -> list[Event]:
        state = self.state
        if not 0 <= command.count <= 3:
            raise CommandRejected("declare 0 to 3")
        if state.phase == "declare_attacks":
            state.attacks = command.count
            state.phase = "declare_parries"
            return [Event("declared", "Angesagt", "Declared", command.actor, {"attacks": 1})]
        state.parries = command.count
        hits = sum(1 for _ in range(state.attacks) if self.roller.roll(6) >= 4)
        state.hits_left = hits
        events = [Event("rolled", "Gewürfelt", "Rolled", state.attacker, {"hits": hits})]
        return events + self._next_hit()

    def _defend(self, command: Defend) -> list[Event]:
        state = self.state
        if command.choice not in ("parry", "take"):
            raise CommandRejected("answer 'parry' or 'take'")
        if command.choice == "parry" and state.parries < 1:
            raise CommandRejected("no parry is held back")
        defender = self._defender()
        if command.choice == "parry":
            state.parries -= 1
            state.history.append(f"{defender} parries")
        else:
            state.hp[defender] -= 1
            state.history.append(f"{defender} is hit")
        state.hits_left -= 1
        if state.hp[defender] <= 0:
            state.phase, state.winner = "over", state.side_of[state.attacker]
            return [Event("fight_over", "Vorbei", "Over", None, {"winner": state.winner})]
        return self._next_hit()

    def _next_hit(self) -> list[Event]:
        state = self.state
        if state.hits_left > 0:
            state.phase = "defend"
            return []
        state.attacker = self._defender()
        state.phase, state.attacks, state.parries = "declare_attacks", 0, 0
        state.round += 1
        return [Event("round", "Runde", "Round", None, {"round": state.round})]


@dataclass(frozen=True)
class ToyRuleset:
    """The toy ruleset (key ``toy``)."""

    key: str = "toy"
    version: str = "1"

    @property
    def commands(self) -> CommandRegistry:
        return COMMANDS

    def load_catalogue(self) -> dict[str, Any]:
        return {}

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> ToyGame:
        return ToyGame(setup, seed, roller)

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        return None if "phase" in snapshot else (".phase", "missing")


TOY = ToyRuleset()
