"""Engine fuzz: random fights on the bundled missions never break an invariant.

Each match takes a bundled mission and a random seed and mixes the policy's commands
with random ones built from ``legal_actions`` and from every registered command type
(refusals are fine). After every command: a refused one changed nothing (state, dice,
record); an applied one left one creature per field, life states that match the LP,
a budget within one VH or two HH plus one FH (E-ACT-2), and a JSON-serialisable state
that survives ``from_dict``. At the end the record replays to the identical state and
log, and a save written at a random point loads and continues identically.

Every fifth match plays a map with walls and doors on field edges (D-13). The default
run is short (CI); ``KAMPFKARTE_FUZZ_MATCHES=1000`` runs the issue's thousand matches
(``KAMPFKARTE_FUZZ_COMMANDS`` and ``KAMPFKARTE_FUZZ_SEED`` also set the commands per
match and the master seed).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import tomllib
import typing
from pathlib import Path
from typing import Any

import pytest

from game.board.grid import Cell, footprint_cells
from game.board.movement import find_path, reachable
from game.match.commands import Command
from game.match.record import Match, first_difference, replay
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.missions.loader import bundled_maps_dir
from game.missions.simulate import mission_setup
from game.rulesets import RULESETS
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    EndTurn,
    GmAnswer,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmMoveToken,
    GmSetLifePoints,
    Move,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.policy import candidates
from game.rulesets.entaria.rules.damage import DEAD_AT
from game.rulesets.entaria.rules.held_conditions import closure
from game.rulesets.entaria.rules.terms import ActionType, Condition
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.seats import mount_of
from game.rulesets.entaria.state import BattleState, CreatureState, Stance
from tests.rulesets.entaria.helpers import CATALOGUE

MATCHES = int(os.environ.get("KAMPFKARTE_FUZZ_MATCHES", "20"))
COMMANDS_PER_MATCH = int(os.environ.get("KAMPFKARTE_FUZZ_COMMANDS", "60"))
MASTER_SEED = int(os.environ.get("KAMPFKARTE_FUZZ_SEED", "2026"))


def _plays_entaria(path: Path) -> bool:
    """Return whether the mission file ``path`` names ENTARIA (or no ruleset)."""
    head = tomllib.loads(path.read_text(encoding="utf-8")).get("mission", {})
    return head.get("ruleset", "entaria") == "entaria"


#: The bundled ENTARIA missions, and one with walls and doors on field edges (D-13).
MISSIONS = [
    *sorted(p for p in bundled_maps_dir().glob("*.toml") if _plays_entaria(p)),
    Path(__file__).parent / "data" / "edge-room.toml",
]
HASH = "0" * 64
_SETUPS: dict[Path, Any] = {}


def setup_of(path: Path) -> Any:
    if path not in _SETUPS:
        _SETUPS[path] = mission_setup(path, CATALOGUE)
    return _SETUPS[path]


# ---------------------------------------------------------------- random commands
class Fuzzer:
    """Builds random commands for the current state from one seeded RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def command(self, battle: Battle) -> Command:
        roll = self.rng.random()
        if roll < 0.45:
            options = list(candidates(battle))
            return options[0] if self.rng.random() < 0.8 else self.rng.choice(options)
        if roll < 0.65:
            return self.move(battle)
        if roll < 0.78:
            return self.attack(battle)
        if roll < 0.83:
            return EndTurn(self.actor(battle))
        if roll < 0.86:
            return ChangePosition(self.actor(battle), self.rng.choice([s.value for s in Stance]))
        if roll < 0.90:
            return self.gm(battle)
        return self.generic(battle)

    def actor(self, battle: Battle) -> str:
        if self.rng.random() < 0.03:
            return self.rng.choice(list(battle.state.creatures))
        return battle.state.current_key

    def move(self, battle: Battle) -> Command:
        creature = battle.current
        allowed = [a.action.name for a in battle.legal_actions() if a.allowed]
        kinds = [k for k in ("WALK", "RUN", "DISENGAGE") if k in allowed] or ["WALK"]
        action = self.rng.choice(kinds if self.rng.random() < 0.9 else ["WALK", "RUN", "FLY"])
        enemies = [c.cell for c in battle.enemies_of(creature)]
        allies = [c.cell for c in battle.allies_of(creature)]
        costs = reachable(battle.grid, creature.cell, 14, enemies=enemies, allies=allies)
        goal = self.rng.choice(sorted(costs))
        path = find_path(battle.grid, creature.cell, goal, enemies=enemies, allies=allies)
        if not path or len(path) < 2:
            path = [creature.cell, (creature.cell[0] + 1, creature.cell[1])]
        return Move(self.actor(battle), action, tuple(path))

    def attack(self, battle: Battle) -> Command:
        creature = battle.current
        targets = [c.key for c in battle.state.creatures.values()]
        enemies = [c.key for c in battle.enemies_of(creature)] or targets
        target = self.rng.choice(enemies if self.rng.random() < 0.9 else targets)
        weapons = [*creature.held, "unarmed"]
        if self.rng.random() < 0.1:
            weapons.append(self.rng.choice(sorted(CATALOGUE.weapons)))
        return Attack(self.actor(battle), target, self.rng.choice(weapons), self.rng.random() < 0.1)

    def gm(self, battle: Battle) -> Command:
        keys = sorted(battle.state.creatures)
        key = self.rng.choice(keys)
        choice = self.rng.random()
        if choice < 0.3:
            return GmSetLifePoints(None, key, self.rng.randint(-12, 20))
        if choice < 0.55:
            condition = self.rng.choice([c.name for c in Condition])
            return GmCondition(None, key, condition, self.rng.choice([0, 1, 1, 2]))
        if choice < 0.75:
            return GmMoveToken(None, key, self.cell_near(battle, battle.state.creatures[key].cell))
        if choice < 0.85:
            doors = list(zip(*battle.grid.door.nonzero(), strict=True))
            if doors:
                y, x = self.rng.choice(doors)
                return GmDoor(None, (int(x), int(y)), self.rng.random() < 0.5)
        if choice < 0.9 and (questions := battle.open_gm_questions()):
            return GmAnswer(None, self.rng.choice(questions), self.rng.choice(["", "ja"]))
        if choice < 0.98:
            other = self.rng.choice(keys)
            return GmCoverOverride(None, key, other, self.rng.choice(["NONE", "PARTIAL", "FULL"]))
        return GmEndFight(None, self.rng.choice([None, *battle.sides]))

    def cell_near(self, battle: Battle, cell: Cell, spread: int = 4) -> Cell:
        x = min(max(cell[0] + self.rng.randint(-spread, spread), 0), battle.grid.width - 1)
        y = min(max(cell[1] + self.rng.randint(-spread, spread), 0), battle.grid.height - 1)
        return (x, y)

    # ------------------------------------------------ any registered command type
    def generic(self, battle: Battle) -> Command:
        """Return a random instance of any registered command (the fields filled by name)."""
        kinds = sorted(k for k in COMMANDS if not k.startswith("gm_"))
        cls = COMMANDS[self.rng.choice(kinds)]
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "actor":
                values["actor"] = self.actor(battle)
                continue
            values[f.name] = self.value(battle, f.name, hints[f.name])
        try:
            return cls(**values)
        except (TypeError, ValueError):
            return EndTurn(self.actor(battle))

    def value(self, battle: Battle, name: str, hint: Any) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, __import__("types").UnionType):
            options = [a for a in args if a is not type(None)]
            if type(None) in args and self.rng.random() < 0.2:
                return None
            return self.value(battle, name, self.rng.choice(options))
        if origin is tuple:
            if args == (int, int):
                return self.cell_near(battle, self.focus(battle))
            if len(args) == 2 and args[1] is Ellipsis:
                if typing.get_args(args[0]) == (int, int):
                    return self.blob(battle)
                return tuple(
                    self.value(battle, name, args[0]) for _ in range(self.rng.randint(1, 4))
                )
            return tuple(self.value(battle, name, a) for a in args)
        if hint is bool:
            return self.rng.random() < 0.5
        if hint is int:
            return self.rng.randint(0, 6)
        if hint is float:
            return self.rng.uniform(0, 360)
        if hint is str:
            return self.text(battle, name)
        return None

    def focus(self, battle: Battle) -> Cell:
        enemies = battle.enemies_of(battle.current)
        return self.rng.choice(enemies).cell if enemies else battle.current.cell

    def blob(self, battle: Battle) -> tuple[Cell, ...]:
        x, y = self.focus(battle)
        fields = [(x, y)]
        for _ in range(self.rng.randint(0, 12)):
            fx, fy = self.rng.choice(fields)
            dx, dy = self.rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            if (fx + dx, fy + dy) not in fields:
                fields.append((fx + dx, fy + dy))
        return tuple(fields)

    def text(self, battle: Battle, name: str) -> str:
        from game.rulesets.entaria.rules.actions import Action
        from game.rulesets.entaria.rules.areas import AreaFireAction
        from game.rulesets.entaria.rules.damage import BodyZone
        from game.rulesets.entaria.rules.unarmed import UnarmedOption

        creature = battle.current
        pools: dict[str, list[str]] = {
            "creature": sorted(battle.state.creatures),
            "item": [*creature.held, *creature.carried, "unarmed", "medkit"],
            "enum": [
                *(a.name for a in Action),
                *(o.name for o in UnarmedOption),
                *(m.name for m in AreaFireAction),
                *(z.name for z in BodyZone),
                *(c.name for c in Condition),
                *(s.value for s in Stance),
                "WALK",
                "RUN",
            ],
        }
        if any(word in name for word in ("target", "creature", "grappler", "ally", "who")):
            pool = pools["creature"]
        elif any(word in name for word in ("weapon", "item", "armour", "armor")):
            pool = pools["item"]
        else:
            pool = pools["enum"] + pools["creature"]
        if self.rng.random() < 0.05:
            return "".join(self.rng.choice("abcXYZ_ äß") for _ in range(self.rng.randint(0, 8)))
        return self.rng.choice(pool)


# -------------------------------------------------------------------- invariants
def fingerprint(battle: Battle) -> tuple[Any, ...]:
    rng = getattr(battle.roller, "_rng", None)
    return (
        battle.state.to_dict(),
        battle.grid.door_open.tobytes(),
        len(battle.record),
        len(battle.log),
        rng.getstate() if rng is not None else None,
    )


def check_fields(battle: Battle) -> None:
    """One creature per field among the living (D-10, E-OBST-2)."""
    taken: dict[Cell, str] = {}
    for creature in battle.state.creatures.values():
        if Condition.DEAD in creature.conditions:
            continue
        mount = mount_of(battle, creature)
        if mount is not None and Condition.DEAD not in mount.conditions:
            # a rider sits on his mount's field (E-MOUNT-*, situation_actions)
            mount_side = battle.creature_type(mount).size_fields
            assert creature.cell in footprint_cells(mount.cell, mount_side), (
                f"{creature.key} rides {mount.key} but is not on its field"
            )
            continue
        side = battle.creature_type(creature).size_fields
        for cell in footprint_cells(creature.cell, side):
            assert cell not in taken, f"{creature.key} and {taken[cell]} share field {cell}"
            assert battle.grid.in_bounds(cell), f"{creature.key} stands off the map at {cell}"
            taken[cell] = creature.key


def check_life(creature: CreatureState, gm_touched: set[str]) -> None:
    """The conditions match the LP (D-5, E-LP-1..4)."""
    held = closure(creature.conditions)
    lp = creature.lp
    who = f"{creature.key} (LP {lp}, {sorted(c.name for c in held)})"
    if creature.key in gm_touched:
        return  # the game master may set anything (GM commands); update_life_state still ran
    if lp <= DEAD_AT:  # a revived creature keeps its LP in Stabiles Koma (E-OPEN-34)
        assert held & {Condition.DEAD, Condition.STABLE_COMA}, f"{who} should be dead"
    elif lp < 0:
        wanted = {Condition.DEAD} if creature.simplified else {Condition.DYING, Condition.DEAD}
        wanted |= {Condition.STABLE_COMA, Condition.UNCONSCIOUS}
        assert held & wanted, f"{who} should be dying"
        if not creature.simplified:
            assert held & {Condition.DYING, Condition.STABLE_COMA, Condition.DEAD}, who
    elif lp == 0:
        assert held & {Condition.UNCONSCIOUS, Condition.DEAD, Condition.STABLE_COMA}, (
            f"{who} should be unconscious"
        )
    else:
        assert Condition.DEAD not in held, f"{who} is dead with positive LP"
        assert Condition.DYING not in held, f"{who} is dying with positive LP"
        assert lp <= creature.max_lp, f"{who} has more than its {creature.max_lp} LP"


def check_transition(
    before: dict[str, Any], battle: Battle, command: Command, events: list[Any]
) -> None:
    """A dead creature stays dead and its LP stay put (outside GM commands and revival)."""
    if command.kind.startswith("gm_") or any(e.kind == "revived" for e in events):
        return
    for old in before["creatures"]:
        new = battle.state.creatures[old["key"]]
        if "DEAD" in old["conditions"]:
            assert Condition.DEAD in new.conditions, f"{new.key} came back from the dead"
            assert new.lp == old["lp"], f"{new.key}'s LP changed after death"


def check_budget(battle: Battle) -> None:
    """One VH or two HH (plus Impuls halves), one LH alone, one FH (E-ACT-2, E-ACT-FH-2)."""
    budget = battle.state.budget
    kinds = [kind for _, kind in budget.spent]
    fulls = kinds.count(ActionType.FULL)
    halves = kinds.count(ActionType.HALF)
    longs = kinds.count(ActionType.LONGER)
    text = f"budget {budget} of {battle.state.current_key}"
    assert fulls <= 1, text
    assert halves <= budget.extra_halves + (0 if fulls else 2), text
    assert longs == 0 or len(kinds) == 1, text
    assert len(budget.free_spent) <= 1, text
    if budget.incapacitated:
        assert not budget.spent, text
    assert battle.state.impulse_pool >= 0


def check_serialisable(battle: Battle, events: list[Any]) -> None:
    data = battle.state.to_dict()
    text = json.dumps(data, allow_nan=False)
    assert BattleState.from_dict(json.loads(text)).to_dict() == data
    for event in events:
        json.dumps(event.to_dict(), allow_nan=False)


# ----------------------------------------------------------------------- the fuzz
def fuzz_match(index: int, folder: Path) -> str:
    """Play one random match with all checks; return a one-line summary."""
    rng = random.Random(MASTER_SEED * 1_000_003 + index)
    mission = MISSIONS[index % len(MISSIONS)]
    seed = rng.randrange(2**31)
    where = f"match {index}: {mission.name} seed {seed}"
    setup = setup_of(mission)
    match = Match(ENTARIA, setup, CATALOGUE, seed)
    fuzzer = Fuzzer(rng)
    save_at = rng.randrange(1, COMMANDS_PER_MATCH + 1)
    saved: Path | None = None
    gm_touched: set[str] = set()
    attempts = 0
    while len(match.commands) < COMMANDS_PER_MATCH and attempts < COMMANDS_PER_MATCH * 5:
        attempts += 1
        battle = match.battle
        if battle.state.over:
            break
        command = fuzzer.command(battle)
        before = fingerprint(battle)
        try:
            events = match.apply(command)
        except CommandRejected:
            after = fingerprint(battle)
            assert after == before, (
                f"{where}: refused {command} changed {first_difference(before, after)}"
            )
            continue
        except Exception as error:
            raise AssertionError(
                f"{where}: command {len(match.commands)} {command} raised "
                f"{type(error).__name__}: {error}"
            ) from error
        if command.kind.startswith("gm_"):
            gm_touched.update(
                str(getattr(command, name))
                for name in ("creature", "target", "attacker")
                if getattr(command, name, None)
            )
        try:
            check_fields(battle)
            for creature in battle.state.creatures.values():
                check_life(creature, gm_touched)
            check_transition(before[0], battle, command, events)
            check_budget(battle)
            check_serialisable(battle, events)
        except AssertionError as error:
            raise AssertionError(f"{where}: after {command}: {error}") from None
        if len(match.commands) == save_at:
            saved = write_save(match, folder, f"fuzz-{index}", MissionRef(str(mission), HASH))
    # the record replays to the same state and the same log
    again = replay(ENTARIA, setup, CATALOGUE, seed, match.commands)
    difference = first_difference(match.battle.state.to_dict(), again.state.to_dict())
    assert difference is None, f"{where}: replay differs at {difference}"
    log = [e.to_dict() for e in match.battle.log]
    assert log == [e.to_dict() for e in again.log], f"{where}: the replayed log differs"
    # a save at a random point loads and continues identically
    if saved is not None:
        loaded = load_save(
            saved, lambda _: OpenedMission(setup, CATALOGUE, HASH, ENTARIA), RULESETS
        )
        for command in match.commands[save_at:]:
            loaded.match.apply(command)
        difference = first_difference(
            match.battle.state.to_dict(), loaded.match.battle.state.to_dict()
        )
        assert difference is None, f"{where}: loaded save continues differently at {difference}"
    state = match.battle.state
    return f"{where}: {len(match.commands)} commands, round {state.round}, over={state.over}"


@pytest.mark.rule("D-5", "D-10", "D-13", "E-ACT-2", "E-ACT-FH-2", "E-OBST-2")
@pytest.mark.parametrize("index", range(MATCHES))
def test_engine_fuzz(index: int, tmp_path: Path) -> None:
    """Random legal and illegal commands never raise or break an invariant."""
    fuzz_match(index, tmp_path)
