"""The built-in opponent: strikes in reach, shoots in the best band, seeks cover, advances.

Given a small scene, the command the policy chooses; and whole simulated fights on the
bundled missions (``kampfkarte simulate``) that end or reach their round limit.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import Cover, distance
from game.board.sight import cover
from game.missions.loader import bundled_maps_dir
from game.missions.simulate import mission_setup, run_simulate
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    EndTurn,
    GmCondition,
    GmSetLifePoints,
    Move,
    UseAction,
)
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy import candidates, choose_command, play_step, simulate
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import Stance
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle

OPEN = "\n".join(["." * 30] * 12)
BUNDLED = sorted(bundled_maps_dir().glob("*.toml"))


def test_strikes_an_enemy_in_reach() -> None:
    """E-MELEE-2, E-ACT-HH-NAHKAMPF: an enemy in reach is struck with the best melee weapon."""
    battle = make_battle(
        OPEN,
        [hero("ron", (5, 5), equipment=("monofilament_klinge",)), foe("p1", (6, 5))],
        first="ron",
    )
    assert choose_command(battle) == Attack("ron", "p1", "monofilament_klinge")


def test_strikes_bare_handed_without_a_melee_weapon() -> None:
    """E-ACT-HH-WAFFENLOS: no melee weapon in hand - an unarmed attack."""
    battle = make_battle(
        OPEN, [hero("elro", (5, 5), type_="elro_sa"), foe("p1", (6, 6))], first="elro"
    )
    command = choose_command(battle)
    assert isinstance(command, Attack) and command.weapon == "unarmed"


def test_shoots_only_in_a_band_the_weapon_reaches() -> None:
    """E-RANGE-2: a sniper rifle (Mittel, Weit, Extrem) ignores the enemy at 3 fields."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (5, 5), equipment=("scharfschuetzengewehr",)),
            foe("near", (8, 5)),
            foe("far", (15, 5)),
        ],
        first="ron",
    )
    shots = [c for c in candidates(battle) if isinstance(c, Attack)]
    assert shots and shots[0].target == "far"


def test_prefers_a_target_without_cover() -> None:
    """E-COVER-4: Volldeckung gives the shooter Nachteil; the open target is shot instead."""
    scene = [
        "..............",
        "..............",
        "......%.......",
        "..............",
        "..............",
    ]
    battle = make_battle(
        "\n".join(scene),
        [hero("ron", (2, 2)), foe("hidden", (7, 2)), foe("open", (10, 4))],
        first="ron",
    )
    shots = [c for c in candidates(battle) if isinstance(c, Attack)]
    assert shots and shots[0].target == "open"


def test_moves_into_cover_before_shooting() -> None:
    """E-COVER-1, E-COVER-3: with a half action to spare it walks behind Teildeckung first."""
    scene = [
        ".....=........",
        ".....=........",
        ".....=........",
        ".....=........",
        ".....=........",
    ]
    battle = make_battle("\n".join(scene), [hero("ron", (6, 2)), foe("p1", (12, 2))], first="ron")
    command = choose_command(battle)
    assert isinstance(command, Move)
    end = command.path[-1]
    assert cover(battle.grid, (12, 2), (6, 2)) == Cover.NONE
    level = cover(battle.grid, (12, 2), end)
    assert level is not None and level >= Cover.PARTIAL
    battle.apply(command)
    follow = choose_command(battle)
    assert isinstance(follow, Attack) and follow.target == "p1"


def test_advances_on_the_nearest_visible_enemy() -> None:
    """E-ACT-HH-GEHEN-1 / E-ACT-VH-LAUFEN-1: out of reach and without a gun it closes in."""
    battle = make_battle(
        OPEN,
        [
            hero("elro", (1, 1), type_="elro_sa"),
            foe("near", (12, 1)),
            foe("far", (28, 10)),
        ],
        first="elro",
    )
    command = choose_command(battle)
    assert isinstance(command, Move)
    assert distance(command.path[-1], (12, 1)) < distance((1, 1), (12, 1))


def test_walks_then_strikes_when_the_walk_arrives() -> None:
    battle = make_battle(
        OPEN, [hero("elro", (1, 1), type_="elro_sa"), foe("p1", (5, 1))], first="elro"
    )
    walk = choose_command(battle)
    assert isinstance(walk, Move) and walk.action == "WALK"
    battle.apply(walk)
    strike = choose_command(battle)
    assert isinstance(strike, Attack) and strike.target == "p1"
    battle.apply(strike)
    assert choose_command(battle) == EndTurn("elro")


def test_stands_up_when_prone() -> None:
    """E-COND-LIEGEND-4: lying down helps the enemy in melee; the policy stands up first."""
    battle = make_battle(
        OPEN,
        [hero("ron", (5, 5), conditions=(Condition.PRONE,)), foe("p1", (20, 5))],
        first="ron",
    )
    battle.current.stance = Stance.PRONE
    assert choose_command(battle) == ChangePosition("ron", "standing")


@pytest.mark.rule("E-COND-LIEGEND-4", "E-CRIT-SAF-WUCHT")
def test_liegend_from_a_condition_alone_still_gets_an_accepted_command() -> None:
    """Liegend given as a condition (GM, a Wucht crit) may leave the stance at standing.

    The policy wants to stand up; whether the engine accepts that or not, the command
    it returns is one ``apply`` accepts.
    """
    battle = make_battle(OPEN, [hero("ron", (5, 5)), foe("p1", (20, 5))], first="ron")
    battle.apply(GmCondition(None, "ron", "PRONE"))
    assert next(iter(candidates(battle))) == ChangePosition("ron", "standing")
    battle.apply(choose_command(battle))  # raises if refused


def _dying(battle: Battle, key: str, lp: int) -> None:
    battle.apply(GmSetLifePoints(None, key, lp))
    assert Condition.DYING in battle.state.creatures[key].conditions


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1", "E-ACT-VH-STABILISIEREN-2")
def test_stabilises_a_dying_ally_in_reach_with_a_medkit() -> None:
    """E-ACT-VH-STABILISIEREN-1/2: with a Medkit, a Sterbend ally in reach is stabilised.

    Intelligenz 6 + w20 [12] + WM -3 (Ron's LP) = 15 vs ZW 15: Stabiles Koma.
    """
    battle = make_battle(
        OPEN,
        [hero("lara", (5, 5), type_="lara"), hero("ron", (6, 6)), foe("p1", (25, 5))],
        first="lara",
    )
    assert "medkit" in battle.current.carried
    _dying(battle, "ron", -3)
    command = choose_command(battle)
    assert command == UseAction("lara", "STABILIZE", target="ron")
    battle.roller = ScriptedRoller([12])
    battle.apply(command)
    ron = battle.state.creatures["ron"]
    assert Condition.STABLE_COMA in ron.conditions and Condition.DYING not in ron.conditions
    assert Condition.DEFENSELESS not in battle.current.conditions  # one VH, no repeat
    assert choose_command(battle) == EndTurn("lara")  # the VH filled the turn


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1", "E-LP-4")
def test_stabilises_the_ally_nearest_to_death_first() -> None:
    """Two dying allies in reach: the one with fewer LP (closer to Tod at -10) comes first."""
    battle = make_battle(
        OPEN,
        [
            hero("lara", (5, 5), type_="lara"),
            hero("ron", (4, 5)),
            hero("elro", (6, 5), type_="elro_sa"),
            foe("p1", (25, 5)),
        ],
        first="lara",
    )
    _dying(battle, "ron", -2)
    _dying(battle, "elro", -7)
    stabilising = [c for c in candidates(battle) if isinstance(c, UseAction)]
    assert [c.target for c in stabilising] == ["elro", "ron"]
    assert choose_command(battle) == UseAction("lara", "STABILIZE", target="elro")


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1")
def test_does_not_stabilise_without_a_medkit_or_out_of_reach() -> None:
    """No Medkit, or the dying ally two fields away: the policy does something else."""
    no_kit = make_battle(
        OPEN,
        [
            hero("lara", (5, 5), type_="lara", equipment=("handgranate",)),
            hero("ron", (6, 5)),
            foe("p1", (25, 5)),
        ],
        first="lara",
    )
    _dying(no_kit, "ron", -3)
    far = make_battle(
        OPEN,
        [hero("lara", (5, 5), type_="lara"), hero("ron", (7, 5)), foe("p1", (25, 5))],
        first="lara",
    )
    _dying(far, "ron", -3)
    for battle in (no_kit, far):
        assert not any(isinstance(c, UseAction) for c in candidates(battle))
        command = choose_command(battle)
        assert not isinstance(command, UseAction)
        battle.apply(command)  # accepted


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1", "E-ACT-6")
def test_does_not_stabilise_after_a_half_action() -> None:
    """Stabilisieren is a VH: once an HH is spent, it no longer fits the turn (E-ACT-2)."""
    battle = make_battle(
        OPEN,
        [hero("lara", (5, 5), type_="lara"), hero("ron", (6, 5)), foe("p1", (25, 5))],
        first="lara",
    )
    battle.apply(Move("lara", "WALK", ((5, 5), (5, 6))))
    _dying(battle, "ron", -3)
    assert not any(isinstance(c, UseAction) for c in candidates(battle))
    battle.apply(choose_command(battle))  # accepted


def test_ends_the_turn_when_the_fight_is_over() -> None:
    battle = make_battle(OPEN, [hero("ron", (5, 5)), foe("p1", (25, 5))], first="ron")
    battle.state.over = True
    assert choose_command(battle) == EndTurn("ron")


def test_choose_command_is_always_accepted_and_deterministic() -> None:
    """Issue 4: the policy's command is one apply accepts; the same seed, the same fight."""
    records = []
    for _ in range(2):
        setup = mission_setup(bundled_maps_dir() / "dretop-versteck.toml", CATALOGUE)
        battle = new_battle(setup, CATALOGUE, 17)
        while not battle.state.over and battle.state.round <= 4:
            battle.apply(choose_command(battle))  # raises if refused
        records.append([c.to_dict() for c in battle.record])
    assert records[0] == records[1]


def test_play_step_applies_one_command() -> None:
    battle = make_battle(OPEN, [hero("ron", (5, 5)), foe("p1", (25, 5))], first="ron")
    command, events = play_step(battle)
    assert battle.record == [command]
    assert events


def test_simulate_stops_at_the_round_limit() -> None:
    battle = make_battle(OPEN, [hero("ron", (1, 1)), foe("p1", (28, 10))], first="ron")
    outcome = simulate(battle, max_rounds=1)
    assert outcome.reason == "round limit" and not outcome.over
    assert battle.state.round == 2
    assert outcome.rounds == 1


def test_simulate_plays_a_fight_to_its_end() -> None:
    """E-ROUND-7: the fight ends when one side is out of it; the outcome names the winner."""
    battle = make_battle(
        OPEN,
        [hero("likron", (5, 5), type_="likron"), foe("p1", (9, 5), life_points=1)],
        seed=4,
    )
    outcome = simulate(battle, max_rounds=50)
    assert outcome.over and outcome.reason == "fight over"
    assert outcome.winner in {"heroes", "foes"}
    assert outcome.commands == len(battle.record)


# ------------------------------------------------------------ kampfkarte simulate
@pytest.mark.parametrize("mission", BUNDLED, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 7])
def test_every_bundled_mission_simulates(mission: Path, seed: int) -> None:
    """Every bundled mission runs headless to its end or its round limit without error."""
    out = io.StringIO()
    assert run_simulate(mission, seed, rounds=15, quiet=True, out=out) == 0
    text = out.getvalue()
    assert "Ergebnis:" in text
    assert "LP" in text or "LE " in text  # Genesis counts Lebensenergie


def test_simulate_prints_the_german_log_by_default() -> None:
    out = io.StringIO()
    mission = bundled_maps_dir() / "dretop-versteck.toml"
    assert run_simulate(mission, 3, rounds=2, quiet=False, out=out) == 0
    text = out.getvalue()
    assert "würfelt Initiative" in text and "ist am Zug" in text
    assert "Ergebnis:" in text


def test_simulate_speaks_english_on_request() -> None:
    out = io.StringIO()
    mission = bundled_maps_dir() / "dretop-versteck.toml"
    assert run_simulate(mission, 3, rounds=2, quiet=False, out=out, language="en") == 0
    text = out.getvalue()
    assert "rolls initiative" in text and "Outcome:" in text


def test_simulate_reports_bad_input(tmp_path: Path) -> None:
    err = io.StringIO()
    missing = tmp_path / "nope.toml"
    assert run_simulate(missing, 1, out=io.StringIO(), err=err) == 1
    assert "nope.toml" in err.getvalue()
    mission = bundled_maps_dir() / "dretop-versteck.toml"
    assert run_simulate(mission, 1, rounds=0, out=io.StringIO(), err=io.StringIO()) == 2
    assert run_simulate(mission, 1, language="fr", out=io.StringIO(), err=io.StringIO()) == 2


def test_engine_bench_prints_every_figure() -> None:
    """``kampfkarte bench engine``: move, attack, area fire, legal_actions, a whole match."""
    from game.missions.simulate import run_engine_bench

    out = io.StringIO()
    assert run_engine_bench(repeats=1, out=out) == 0
    text = out.getvalue()
    for label in ("apply Move", "apply Attack", "area fire", "legal_actions", "whole simulated"):
        assert label.lower() in text.lower()


def test_shoots_the_wehrlos_hero_first() -> None:
    """E-ACT-6, D-2: a pirate with a visible Wehrlos hero in range shoots him (Vorteil)."""
    battle = make_battle(
        OPEN,
        [
            foe("p1", (10, 5)),
            hero("ron", (14, 5)),
            hero("likron", (16, 5), type_="likron"),
        ],
        first="p1",
    )
    battle.apply(GmCondition("gm", "likron", Condition.DEFENSELESS.name))
    shots = [c for c in candidates(battle) if isinstance(c, Attack)]
    assert shots and shots[0].target == "likron"


def test_moves_toward_the_nearest_known_enemy_out_of_sight() -> None:
    """E-ACT-HH-GEHEN-1: no enemy in sight (a wall between) - the pirate walks toward him."""
    scene = [
        "..........#...........",
        "..........#...........",
        "..........#...........",
        "..........#...........",
        "......................",
    ]
    battle = make_battle("\n".join(scene), [foe("p1", (8, 0)), hero("ron", (13, 0))], first="p1")
    command = choose_command(battle)
    assert isinstance(command, Move)
    assert distance(command.path[-1], (13, 0)) <= distance((8, 0), (13, 0))
    assert command.path[-1][1] > 0  # around the wall's open end


def test_opens_a_closed_door_on_the_way() -> None:
    """E-ACT-HH-INTERAGIEREN: the only way to the enemy is a closed door next to it."""
    scene = [
        "#####",
        "#.+.#",
        "#####",
    ]
    battle = make_battle("\n".join(scene), [foe("p1", (1, 1)), hero("ron", (3, 1))], first="p1")
    command = choose_command(battle)
    assert isinstance(command, Interact) and command.what == "open_door"
    assert command.cell == (2, 1)


def test_shot_then_uses_the_second_half_action() -> None:
    """E-ACT-2: after the shot from open ground the rest of the turn is not wasted."""
    battle = make_battle(OPEN, [foe("p1", (2, 5)), hero("ron", (20, 5))], first="p1")
    first = choose_command(battle)
    battle.apply(first)
    second = choose_command(battle)
    assert not isinstance(second, EndTurn)
    assert not (isinstance(first, Attack) and isinstance(second, Attack))  # no Wehrlos repeat


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_the_open_doors_copy_is_never_taken_from_another_grid_with_the_same_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Given a cached grid with a closed door and another grid at the same version whose
    id collides (every id made equal), the second grid gets its own answer (no door: None)."""
    from game.board.grid import BattleGrid
    from game.rulesets.entaria import policy_moves

    with_door = BattleGrid.from_ascii("..+..\n.....")
    without = BattleGrid.from_ascii(".....\n.....")
    assert with_door.version == without.version
    monkeypatch.setattr(policy_moves, "id", lambda _obj: 1, raising=False)
    opened = policy_moves._doors_open(with_door)
    assert opened is not None and bool(opened.door_open.any())
    assert policy_moves._doors_open(without) is None
    assert policy_moves._doors_open(with_door) is not None


@pytest.mark.rule("E-RES-1", "E-RES-2", "E-DMG-2")
@pytest.mark.parametrize(
    ("affinity", "lp", "finishes"),
    [("normal", 2, True), ("immune", 1, False), ("resistant", 2, False), ("resistant", 1, True)],
)
def test_a_second_shot_only_when_the_least_damage_after_affinity_finishes(
    monkeypatch: pytest.MonkeyPatch, affinity: str, lp: int, finishes: bool
) -> None:
    """Given Ron (laser pistol, SW 3, Feuer) against a pirate (Panzerung 2) at ``lp`` LP,
    the least hit deals 3 + 1 - 2 = 2, halved when resistant, 0 when immune: the policy
    plans the finishing shot exactly when that takes the pirate to 0 LP."""
    import dataclasses

    from game.rulesets.entaria.combat import plan_attack
    from game.rulesets.entaria.policy_targets import shot_finishes
    from game.rulesets.entaria.rules.terms import DamageType

    battle = make_battle(OPEN, [hero("ron", (5, 5)), foe("p1", (8, 5))], first="ron")
    pirate = battle.state.creatures["p1"]
    pirate.lp = lp
    kind = battle.creature_type(pirate)
    fire = frozenset({DamageType.FIRE})
    changed = {
        "normal": kind,
        "immune": dataclasses.replace(kind, immunities=fire),
        "resistant": dataclasses.replace(kind, resistances=fire),
    }[affinity]
    original = battle.creature_type
    monkeypatch.setattr(
        battle, "creature_type", lambda c: changed if c.key == "p1" else original(c)
    )
    ron = battle.state.creatures["ron"]
    plan = plan_attack(battle, ron, pirate, battle.weapon("laserpistole"), melee=False)
    assert battle.weapon("laserpistole").damage_type is DamageType.FIRE
    assert shot_finishes(battle, plan) is finishes
