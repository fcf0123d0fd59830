"""The quick-rules engine (QuickGame) on small hand-made set-ups with scripted dice.

Block initiative (Q-INIT-*), moves from zone to zone (Q-MOVE-*), melee and ranged attacks
(Q-ATK-*, Q-RANGE-*, Q-RANGED-*, Q-COVER-*), crits (Q-CRIT-*), defeat (Q-DEFEAT-*), and the
match machinery's promises: a refused command changes nothing, checkpoint/resume and a
replay of the record give the same state, the snapshot is JSON.

Dice in order: first one d20 per character in roster order (initiative, Q-INIT-1; no
Nachteil from armour in the quick rules), then each attack's d20s (two with Nachteil,
the lower kept), then the d6 of a hit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import pytest

from game.board.dice import RandomRoller, ScriptedRoller
from game.board.grid import BattleGrid, Cover
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.record import Match, replay
from game.match.sides import SideSetup
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.rules.ranges import ZoneRangeBand
from game.rulesets.entaria_schnell.rules.zones import lattice_zones
from game.rulesets.entaria_schnell.ruleset import QUICK
from game.rulesets.entaria_schnell.state import QuickSetup

CATALOGUE = QUICK.load_catalogue()
SIDES = (SideSetup("heroes", "Helden", "player"), SideSetup("foes", "Gegner", "gm"))

#: 25 × 5 open fields: five 5×5 zones in a row, A1 (x 0-4) … E1 (x 20-24).
ROW = "\n".join(["." * 25] * 5)
#: 13 × 1 fields with zones of one field: the zone steps are the x distance (Q-OPEN-6).
STRIP = "." * 13

PUNK = "akuanischer_strassenpunk"


def hero(
    key: str, cell: tuple[int, int], *, kind: str | None = None, **kw: object
) -> CreatureSetup:
    return CreatureSetup(key, kind or key, "heroes", cell, **kw)  # type: ignore[arg-type]


def foe(key: str, cell: tuple[int, int], *, kind: str = PUNK, **kw: object) -> CreatureSetup:
    return CreatureSetup(key, kind, "foes", cell, **kw)  # type: ignore[arg-type]


def quick_setup(ascii_map: str, creatures: Sequence[CreatureSetup], *, size: int = 5) -> QuickSetup:
    grid = BattleGrid.from_ascii(ascii_map)
    battle = BattleSetup("Test", grid, SIDES, tuple(creatures))
    return QuickSetup(battle, lattice_zones(grid, size))


def new_game(
    creatures: Sequence[CreatureSetup],
    dice: Sequence[int],
    *,
    ascii_map: str = ROW,
    size: int = 5,
) -> QuickGame:
    return QuickGame(quick_setup(ascii_map, creatures, size=size), CATALOGUE, ScriptedRoller(dice))


def decision(game: QuickGame) -> tuple[DecisionKind, str | None, str | None]:
    found = game.decisions()[0]
    return found.kind, found.side, found.creature


def turns(game: QuickGame, since: int = 0) -> list[str | None]:
    return [e.actor for e in game.log[since:] if e.kind == "turn"]


def last(game: QuickGame, kind: str) -> dict[str, object]:
    return next(e.data for e in reversed(game.log) if e.kind == kind)


def refused(game: QuickGame, command: Command, text: str = "") -> None:
    """Apply ``command``; it must be refused and change nothing (snapshot, record, log, dice)."""
    before = json.dumps(game.snapshot(), sort_keys=True)
    record, log = len(game.record), len(game.log)
    rolled = len(getattr(game.roller, "rolled", ()))
    with pytest.raises(CommandRejected) as caught:
        game.apply(command)
    assert text.lower() in str(caught.value).lower()
    assert json.dumps(game.snapshot(), sort_keys=True) == before
    assert (len(game.record), len(game.log)) == (record, log)
    assert len(getattr(game.roller, "rolled", ())) == rolled


# ---------------------------------------------------------------- initiative (Q-INIT-*)
def test_q_init_1_2_4_5_6_7_blocks_successes_enemies_failures() -> None:
    """Q-INIT-1/2/4/6/7: ZW 15 splits the characters; successes, then enemies, then failures.

    Ron 9 + 6 = 15 (success), Lara 3 + 5 = 8 (failure), Valina 11 + 4 = 15 (success).
    Two successes remain: an ORDER decision of the heroes (Q-INIT-2); the two punks are an
    ORDER decision of the game master's side (Q-INIT-5); Lara last (Q-INIT-6/7).
    """
    game = new_game(
        [hero("ron", (0, 0)), hero("lara", (1, 0)), hero("valina", (2, 0)),
         foe("p1", (20, 0)), foe("p2", (21, 0))],
        [9, 3, 11],
    )  # fmt: skip
    order = game.snapshot()["order"]
    assert order == {"before": ["ron", "valina"], "enemies": ["p1", "p2"], "after": ["lara"]}
    assert [cr["failed"] for cr in game.snapshot()["creatures"][:3]] == [False, True, False]
    assert decision(game) == (DecisionKind.ORDER, "heroes", None)
    assert game.order_candidates() == ("ron", "valina")
    game.apply(c.ChooseNext(actor="valina"))  # the players agree: Valina first
    assert decision(game) == (DecisionKind.TURN, "heroes", "valina")
    game.apply(c.EndTurn(actor="valina"))
    assert decision(game) == (DecisionKind.TURN, "heroes", "ron")  # one left: no choice
    game.apply(c.EndTurn(actor="ron"))
    assert decision(game) == (DecisionKind.ORDER, "foes", None)  # Q-INIT-4/5
    assert game.order_candidates() == ("p1", "p2")
    game.apply(c.ChooseNext(actor="p2"))
    game.apply(c.EndTurn(actor="p2"))
    assert decision(game) == (DecisionKind.TURN, "foes", "p1")
    game.apply(c.EndTurn(actor="p1"))
    assert decision(game) == (DecisionKind.TURN, "heroes", "lara")  # Q-INIT-6
    game.apply(c.EndTurn(actor="lara"))
    assert turns(game) == ["valina", "ron", "p2", "p1", "lara"]
    # Q-INIT-10, Q-OPEN-1 A: a new round, the same blocks, no new roll (no dice left)
    assert game.round == 2
    assert decision(game) == (DecisionKind.ORDER, "heroes", None)
    assert game.snapshot()["order"] == order


def test_q_init_2_order_decision_accepts_only_the_block_on_turn() -> None:
    """Q-INIT-2: the ORDER decision takes a successful character of the block; nothing else."""
    game = new_game(
        [hero("ron", (0, 0)), hero("lara", (1, 0)), hero("valina", (2, 0)), foe("p1", (20, 0))],
        [9, 3, 11],
    )
    refused(game, c.ChooseNext(actor="lara"), "cannot act next")  # failed: after the enemies
    refused(game, c.ChooseNext(actor="p1"), "cannot act next")
    refused(game, c.ChooseNext(actor="nobody"), "cannot act next")
    refused(game, c.EndTurn(actor="ron"), "choose who acts next")
    refused(game, c.Move(actor="ron", action="walk", zone=1), "choose who acts next")
    refused(game, c.ChooseOutcome(actor="ron", target="p1", outcome="KILLED"))
    game.apply(c.ChooseNext(actor="ron"))
    refused(game, c.ChooseNext(actor="valina"), "nothing to choose")


def test_q_init_3_natural_20_gives_one_extra_half_action_in_round_1_only() -> None:
    """Q-INIT-3, Q-OPEN-4: a natural 20 on initiative: three HH in round 1, two from round 2."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (20, 0))], [20])
    assert game.impulse == 1  # a kept natural 20 feeds the pool
    assert game.current == "ron"
    assert game.turn.budget.halves_left == 3
    game.apply(c.Move(actor="ron", action="walk", zone=1))
    game.apply(c.Move(actor="ron", action="walk", zone=2))
    assert game.current == "ron"  # two HH spent, the third is still there
    game.apply(c.Move(actor="ron", action="walk", zone=3))
    assert game.current == "p1"  # the turn is used up
    game.apply(c.EndTurn(actor="p1"))
    assert game.round == 2 and game.current == "ron"
    assert game.turn.budget.halves_left == 2


def test_q_init_3_a_normal_success_has_two_half_actions() -> None:
    """Q-ACT-1, Q-INIT-3: without a natural 20 a turn is two HH: the second walk ends it."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (20, 0))], [19])
    assert game.impulse == 0
    assert game.turn.budget.halves_left == 2
    game.apply(c.Move(actor="ron", action="walk", zone=1))
    game.apply(c.Move(actor="ron", action="walk", zone=2))
    assert game.current == "p1"


def test_q_init_8_failed_character_pays_a_half_action_with_the_whole_turn() -> None:
    """Q-INIT-8, Q-OPEN-2 A: after a failed roll one HH (Gehen) costs the VH: the turn ends."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (20, 0))], [2])
    assert game.snapshot()["order"] == {"before": [], "enemies": ["p1"], "after": ["ron"]}
    assert game.current == "p1"  # the enemies act before the failure (Q-INIT-7)
    game.apply(c.EndTurn(actor="p1"))
    assert game.current == "ron"
    game.apply(c.Move(actor="ron", action="walk", zone=1))
    assert game.current == "p1" and game.round == 2  # one HH took his whole turn
    game.apply(c.EndTurn(actor="p1"))
    game.apply(c.Move(actor="ron", action="walk", zone=2))
    assert game.current == "p1" and game.round == 3  # the penalty holds (Q-OPEN-1 A)


def test_q_init_9_failed_character_gains_no_impulse_from_a_crit() -> None:
    """Q-INIT-9, Q-OPEN-3 A: a failed character's natural 20 on an attack adds no Impuls."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (3, 0))], [2, 20, 1, 20])
    game.apply(c.EndTurn(actor="p1"))
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    data = last(game, "attack")
    assert data["critical"] is True and data["impulse"] == 0
    assert game.impulse == 0


# ---------------------------------------------------------------- movement (Q-MOVE-*)
def test_q_move_1_walk_one_zone_run_three() -> None:
    """Q-MOVE-1, Q-OPEN-5: Gehen crosses 1 zone, Laufen up to 3 (the defaults)."""
    game = new_game([hero("ron", (0, 2)), foe("p1", (24, 4))], [15])
    assert game.move_targets("ron", "walk") == {1: 1}
    assert game.move_targets("ron", "run") == {1: 1, 2: 2, 3: 3}
    refused(game, c.Move(actor="ron", action="walk", zone=2), "cannot be reached")
    refused(game, c.Move(actor="ron", action="run", zone=4), "cannot be reached")
    refused(game, c.Move(actor="ron", action="fly", zone=1), "no move")
    refused(game, c.Move(actor="ron", action="walk", zone=99), "no zone")
    game.apply(c.Move(actor="ron", action="run", zone=3))
    assert game.zone_of("ron") == 3
    moved = last(game, "move")
    assert (moved["action"], moved["from"], moved["zone"]) == ("run", 0, 3)
    assert game.current == "p1"  # Laufen is a VH: the turn is spent (Q-ACT-1)


def test_q_move_2_no_diagonal_step_between_zones() -> None:
    """Q-MOVE-2: zones touching at a corner only are no neighbours (A1 to B2 is two steps)."""
    game = new_game(
        [hero("ron", (4, 4)), foe("p1", (0, 9))], [15], ascii_map="\n".join(["." * 10] * 10)
    )
    # zones: 0 A1, 1 B1, 2 A2, 3 B2; the foe stands in A2
    assert game.move_targets("ron", "walk") == {1: 1, 2: 1}
    refused(game, c.Move(actor="ron", action="walk", zone=3), "cannot be reached")
    assert 3 in game.move_targets("ron", "run")


def test_q_move_3_movement_stops_on_entering_an_enemy_zone() -> None:
    """Q-MOVE-3, Q-OPEN-5: a run cannot pass the enemy's zone; from it he may leave."""
    game = new_game([hero("ron", (0, 2)), foe("p1", (12, 2))], [15])
    assert game.move_targets("ron", "run") == {1: 1, 2: 2}  # zone 3 lies behind the punk
    refused(game, c.Move(actor="ron", action="run", zone=3), "cannot be reached")
    game.apply(c.Move(actor="ron", action="run", zone=2))
    assert game.zone_of("ron") == 2
    game.apply(c.EndTurn(actor="p1"))
    # starting in the enemy's zone, he may leave it, also forward past it
    assert game.move_targets("ron", "run") == {0: 2, 1: 1, 3: 1, 4: 2}


def test_q_move_3_a_full_zone_refuses_a_chosen_field() -> None:
    """Q-MOVE-1: the field asked for must be free (the mover lands on a field of the zone)."""
    game = new_game([hero("ron", (0, 2)), foe("p1", (7, 2))], [15])
    refused(game, c.Move(actor="ron", action="walk", zone=1, x=7, y=2), "no free field")
    game.apply(c.Move(actor="ron", action="walk", zone=1, x=6, y=2))
    assert game.creatures["ron"].cell == (6, 2)


# ---------------------------------------------------------------- attacks (Q-ATK-*)
def test_q_atk_4_melee_only_in_the_same_zone() -> None:
    """Q-ATK-4, Q-OPEN-7: melee reaches the own zone only; d20 + Nah >= V hits."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (5, 0)), foe("p2", (3, 0))], [15, 5, 6, 3])
    refused(game, c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"), "own zone")
    refused(game, c.Attack(actor="ron", target="p1"), "own zone")  # unarmed too
    refused(game, c.Attack(actor="ron", target="ron"), "no enemy")
    refused(game, c.Attack(actor="ron", target="ghost"), "no creature")
    refused(game, c.Attack(actor="ron", target="p2", weapon="knueppel"), "carries no")
    refused(game, c.Attack(actor="ron", target="p2", weapon="nonsense"), "no weapon")
    game.apply(c.Attack(actor="ron", target="p2", weapon="monofilament_klinge"))
    miss = last(game, "attack")
    assert miss["kind"] == "MELEE" and miss["total"] == 10 and miss["defense"] == 11
    assert miss["hit"] is False  # 5 + Nah 5 = 10 < V 11 (Q-ATK-2)
    game.apply(c.Attack(actor="ron", target="p2", weapon="monofilament_klinge"))
    hit = last(game, "attack")
    assert hit["hit"] is True and hit["damage"] == 7  # 6 + 5 = 11 >= 11; SW 4 + d6 3
    assert game.creatures["p2"].lp == 3


# ---------------------------------------------------------------- range (Q-RANGE-*)
@pytest.mark.parametrize(
    ("target_x", "band", "edge"),
    [
        (1, ZoneRangeBand.NEAR, 0),
        (3, ZoneRangeBand.MEDIUM, 0),
        (4, ZoneRangeBand.LONG, -1),
        (10, ZoneRangeBand.LONG, -1),
    ],
)
def test_q_range_bands_of_zone_steps(target_x: int, band: ZoneRangeBand, edge: int) -> None:
    """Q-RANGE-NAH/MITTEL/WEIT, Q-OPEN-6: 0-1 Nah, 2-3 Mittel, 4-10 Weit with Nachteil."""
    game = new_game(
        [hero("likron", (0, 0)), foe("p1", (target_x, 0))], [15, 15], ascii_map=STRIP, size=1
    )
    plan = game.plan("likron", "p1", "lasergewehr")
    assert not plan.refusal
    assert (plan.band, plan.edge) == (band, edge)


def test_q_range_1_out_of_the_weapons_bands_is_refused() -> None:
    """Q-RANGE-1, Q-RANGE-EXTRA: the range must suit the weapon (laser pistol: Nah, Mittel)."""
    game = new_game(
        [hero("ron", (0, 0)), hero("likron", (1, 0)), foe("p1", (4, 0)), foe("p2", (12, 0))],
        [15, 15, 15],  # Likron's Beschwerliche armour: two initiative d20 (E-INIT-6)
        ascii_map=STRIP,
        size=1,
    )
    assert game.plan("ron", "p1", "laserpistole").band is ZoneRangeBand.LONG
    game.apply(c.ChooseNext(actor="ron"))
    refused(game, c.Attack(actor="ron", target="p1", weapon="laserpistole"), "out of the weapon")
    far = game.plan("likron", "p2", "lasergewehr")
    assert far.band is ZoneRangeBand.EXTRA and far.refusal  # 11 steps: Extra, no Extra band


def test_q_range_weit_nachteil_rolls_two_d20_and_keeps_the_lower() -> None:
    """Q-RANGE-WEIT: Nachteil: two d20, the lower counts (15 and 4: 4 + Fer 6 = 10 < V 11)."""
    game = new_game(
        [hero("likron", (0, 0)), foe("p1", (5, 0))], [15, 15, 15, 4], ascii_map=STRIP, size=1
    )
    game.apply(c.Attack(actor="likron", target="p1", weapon="lasergewehr"))
    data = last(game, "attack")
    assert data["band"] == "LONG" and data["edge"] == -1
    assert data["dice"] == [15, 4] and data["kept"] == 4 and data["hit"] is False


def test_q_ranged_2_target_in_the_own_zone_gives_nachteil() -> None:
    """Q-RANGED-2: the target in the shooter's zone: Nachteil (band Nah, edge -1)."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (3, 0))], [15, 18, 17, 2])
    plan = game.plan("ron", "p1", "laserpistole")
    assert (plan.band, plan.edge, plan.kind.name) == (ZoneRangeBand.NEAR, -1, "RANGED")
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    data = last(game, "attack")
    assert data["dice"] == [18, 17] and data["kept"] == 17 and data["edge"] == -1


def test_q_ranged_2_another_enemy_in_the_zone_gives_one_nachteil() -> None:
    """Q-RANGED-2, Q-OPEN-8: an enemy beside the shooter gives Nachteil, however many."""
    game = new_game(
        [hero("ron", (0, 0)), foe("near", (2, 0)), foe("near2", (3, 0)), foe("far", (7, 0))],
        [15],
    )
    plan = game.plan("ron", "far", "laserpistole")
    assert (plan.band, plan.edge) == (ZoneRangeBand.NEAR, -1)
    alone = new_game([hero("ron", (0, 0)), foe("far", (7, 0))], [15])
    assert alone.plan("ron", "far", "laserpistole").edge == 0


# ---------------------------------------------------------------- cover (Q-COVER-*)
def test_q_cover_1_teildeckung_raises_v_and_panzerung_by_2() -> None:
    """Q-COVER-1: a Teildeckung field on the line: V 11 + 2 and Panzerung 0 + 2."""
    ascii_map = "\n".join(["." * 25, "......=..................", "." * 25])
    game = new_game([hero("ron", (0, 1)), foe("p1", (8, 1))], [15, 11, 6], ascii_map=ascii_map)
    plan = game.plan("ron", "p1", "laserpistole")
    assert (plan.cover, plan.defense, plan.armour, plan.edge) == (Cover.PARTIAL, 13, 2, 0)
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    data = last(game, "attack")
    assert data["hit"] is True and data["damage"] == 7  # 11 + 8 >= 13; SW 3 + 6 - 2
    assert game.creatures["p1"].lp == 3
    # melee ignores cover (Q-RANGED-1)
    assert game.plan("ron", "p1", "monofilament_klinge").defense == 11


def test_q_cover_2_3_volldeckung_schemenhaft_bewegungslos_v_and_panzerung_plus_5() -> None:
    """Q-COVER-2/3, Q-OPEN-9 A: full cover gives Schemenhaft and Bewegungslos, V and PA +5.

    The punk behind a wall takes cover; Ron's shot then has Nachteil (Schemenhaft), V 16
    and Panzerung 5. The punk cannot move until he leaves cover.
    """
    ascii_map = "\n".join(["." * 25, "...........#.............", "." * 25])
    game = new_game([hero("ron", (0, 1)), foe("p1", (10, 1))], [2, 3, 19, 6], ascii_map=ascii_map)
    assert game.current == "p1"  # Ron failed initiative: the punk first
    game.apply(c.TakeCover(actor="p1"))
    held = game.creatures["p1"].held
    assert held.count(Condition.OBSCURED) and held.count(Condition.IMMOBILIZED)
    refused(game, c.TakeCover(actor="p1"), "already in full cover")
    assert game.move_targets("p1", "walk") == {}
    refused(game, c.Move(actor="p1", action="walk", zone=1), "cannot be reached")
    game.apply(c.EndTurn(actor="p1"))
    plan = game.plan("ron", "p1", "laserpistole")
    assert (plan.cover, plan.defense, plan.armour, plan.edge) == (Cover.FULL, 16, 5, -1)
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    data = last(game, "attack")
    assert data["dice"] == [3, 19] and data["kept"] == 3 and data["hit"] is False
    game.apply(c.LeaveCover(actor="p1"))
    held = game.creatures["p1"].held
    assert not held.count(Condition.OBSCURED) and not held.count(Condition.IMMOBILIZED)
    assert game.move_targets("p1", "walk")
    refused(game, c.LeaveCover(actor="p1"), "not in full cover")


def test_q_cover_2_needs_a_wall_or_obstacle_beside_the_creature() -> None:
    """Q-COVER-2: Volldeckung behind nothing is refused on open ground."""
    game = new_game([hero("ron", (12, 2)), foe("p1", (24, 4))], [15])
    refused(game, c.TakeCover(actor="ron"), "no wall")


# ---------------------------------------------------------------- crits (Q-CRIT-*)
def test_q_crit_hit_2_doubles_the_weapons_sw_not_the_d6_nor_the_armour() -> None:
    """Q-CRIT-HIT-1/2/4, Q-OPEN-10: natural 20: 2 × SW 2 + d6 3 - Panzerung 4 = 3 (not 2 × 1).

    The punk's pistol against Likron's plate vest; the same shot without a crit does 1.
    """
    game = new_game([hero("likron", (0, 0)), foe("p1", (6, 0))], [2, 2, 20, 3, 12, 3])
    assert game.current == "p1"
    game.apply(c.Attack(actor="p1", target="likron", weapon="pistole"))
    crit = last(game, "attack")
    assert crit["critical"] is True and crit["hit"] is True
    assert (crit["sw"], crit["die"], crit["armour"], crit["damage"]) == (2, 3, 4, 3)
    assert game.creatures["likron"].lp == 24 - 3
    assert game.impulse == 0  # an enemy's crit adds no Impuls (E-IMP-3)
    game.apply(c.Attack(actor="p1", target="likron", weapon="pistole"))
    plain = last(game, "attack")
    assert plain["critical"] is False and plain["damage"] == 1  # 2 + 3 - 4


def test_q_crit_hit_1_natural_20_hits_whatever_the_v() -> None:
    """Q-CRIT-HIT-1/3/4: a natural 20 hits even when the total stays below V; the SAF comes."""
    game = new_game([hero("lara", (0, 0)), foe("p1", (2, 0), values=(("dodge", 30),))], [15, 20, 1])
    game.apply(c.Attack(actor="lara", target="p1"))  # unarmed: SW 0, Wucht
    data = last(game, "attack")
    assert data["total"] == 23 and data["defense"] == 30 and data["hit"] is True
    assert data["damage"] == 1  # 2 × 0 + 1
    assert game.impulse == 1
    assert game.creatures["p1"].held.count(Condition.PRONE)  # Wucht: Liegend (Q-CRIT-SAF-WUCHT-1)


def test_q_crit_fail_2_natural_1_empties_the_magazine_until_reloaded() -> None:
    """Q-CRIT-FAIL-1/2/3: a natural 1 misses, empties the pistol's magazine, adds 1 Impuls;
    Nachladen (Interagieren, one HH) fills it again."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (7, 0))], [15, 1, 19, 2])
    refused(game, c.Reload(actor="ron", weapon="laserpistole"), "needs no reloading")
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    data = last(game, "attack")
    assert data["fumble"] is True and data["hit"] is False and data["magazine_empty"] is True
    assert game.creatures["ron"].loaded["laserpistole"] is False
    assert game.creatures["ron"].loaded["taserpistole"] is True
    assert game.impulse == 1
    assert game.current == "ron"  # no lost turn in the quick rules
    refused(game, c.Attack(actor="ron", target="p1", weapon="laserpistole"), "magazine")
    assert all(p.weapon != "laserpistole" for p in game.attack_plans("ron"))
    game.apply(c.Reload(actor="ron", weapon="laserpistole"))
    assert game.creatures["ron"].loaded["laserpistole"] is True
    assert game.current == "p1"  # attack + reload: two HH
    game.apply(c.EndTurn(actor="p1"))
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    assert last(game, "attack")["hit"] is True  # 19 + 8 >= 11, d6 2


def test_q_crit_fail_2_melee_fumble_has_no_magazine_to_empty() -> None:
    """Q-CRIT-FAIL-2: only a ranged weapon's magazine empties; a melee fumble just misses."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (2, 0))], [15, 1])
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    data = last(game, "attack")
    assert data["fumble"] is True and data["magazine_empty"] is False
    assert game.creatures["ron"].loaded == {"laserpistole": True, "taserpistole": True}


def test_q_saf_1_the_condition_ends_with_a_save_at_the_end_of_the_targets_turn() -> None:
    """Q-SAF-1, Q-CRIT-SAF-FEUER-1, Q-OPEN-11: Verletzt from a Feuer crit; a Geschick save
    vs ZW 15 at the end of each of the target's turns until it succeeds."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (6, 0))], [15, 20, 1, 4, 12])
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))
    assert last(game, "attack")["damage"] == 7  # 2 x 3 + 1: below 10, no rider
    assert game.creatures["p1"].held.count(Condition.WOUNDED)
    game.apply(c.EndTurn(actor="ron"))
    game.apply(c.EndTurn(actor="p1"))  # 4 + Ges 3 = 7: failed, still Verletzt
    assert last(game, "saf_save") == {"dice": [4], "total": 7, "target": 15, "won": False}
    assert game.creatures["p1"].held.count(Condition.WOUNDED)
    game.apply(c.EndTurn(actor="ron"))
    game.apply(c.EndTurn(actor="p1"))  # 12 + 3 = 15: made
    assert last(game, "saf_save")["won"] is True
    assert not game.creatures["p1"].held.count(Condition.WOUNDED)
    assert game.creatures["p1"].saves == {}


def test_q_crit_saf_hieb_2_ten_lp_make_it_bewusstlos_and_the_turn_is_skipped() -> None:
    """Q-CRIT-SAF-HIEB-1/2, Q-OPEN-12 (ii): a Hieb crit of 2 x 4 + 2 = 10 LP: Bewusstlos in
    place of Betäubt; the punk's turn is skipped, his Kon save still rolled."""
    game = new_game(
        [hero("ron", (0, 0)), foe("p1", (2, 0), life_points=20), foe("p2", (20, 0))],
        [15, 20, 2, 3],
    )
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    held = game.creatures["p1"].held
    assert held.count(Condition.UNCONSCIOUS) and not held.count(Condition.STUNNED)
    game.apply(c.EndTurn(actor="ron"))
    assert [e.kind for e in game.log[-3:]] == ["skip", "saf_save", "turn"]
    assert game.current == "p2"


def test_q_crit_saf_wucht_2_ten_lp_push_the_target_one_zone_away() -> None:
    """Q-CRIT-SAF-WUCHT-1/2, Q-OPEN-12 (iii): a Wucht crit of 2 x 4 + 4 = 12 LP: Liegend,
    and pushed into the neighbour zone away from the attacker (B1 to C1)."""
    # the hand grenade's SW 4 and Wucht, thrown at one creature (no area): a sample stone
    stone = replace(CATALOGUE.weapons["handgranate"], area_shape=None, area_size=None)
    catalogue = replace(CATALOGUE, weapons={**CATALOGUE.weapons, "handgranate": stone})
    creatures = [hero("ron", (0, 0)), foe("p1", (6, 0), life_points=30), foe("p2", (20, 0))]
    game = QuickGame(quick_setup(ROW, creatures), catalogue, ScriptedRoller([15, 20, 4]))
    game.apply(c.Attack(actor="ron", target="p1", weapon="handgranate"))
    assert last(game, "attack")["damage"] == 12
    assert game.creatures["p1"].held.count(Condition.PRONE)
    assert last(game, "pushed")["zone"] == 2 and game.zone_of("p1") == 2
    assert game.creatures["ron"].thrown == ["handgranate"]
    refused(game, c.Attack(actor="ron", target="p1", weapon="handgranate"), "already thrown")


# ---------------------------------------------------------------- defeat (Q-DEFEAT-*)
def test_q_defeat_1_2_besiegt_enemy_waits_for_the_outcome_then_the_winner() -> None:
    """Q-DEFEAT-1/2, Q-OPEN-14: at 0 LP the enemy is Besiegt; the character decides (OUTCOME)
    and the log records it; with no enemy left the heroes win."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (2, 0), life_points=3)], [15, 12, 4])
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    them = game.creatures["p1"]
    assert them.lp == 0 and them.defeated
    assert [e.kind for e in game.log[-2:]] == ["attack", "defeated"]
    assert decision(game) == (DecisionKind.OUTCOME, "heroes", "ron")
    assert game.decisions()[0].note == "p1"
    assert not game.over  # the decision comes first
    refused(game, c.EndTurn(actor="ron"), "first decide")
    refused(game, c.ChooseOutcome(actor="ron", target="p1", outcome="EATEN"), "no outcome")
    refused(game, c.ChooseOutcome(actor="ron", target="ron", outcome="KILLED"), "first decide")
    refused(game, c.ChooseOutcome(actor="p1", target="p1", outcome="KILLED"), "ron decides")
    game.apply(c.ChooseOutcome(actor="ron", target="p1", outcome="INTERROGATED"))
    outcome = next(e for e in game.log if e.kind == "outcome")
    assert outcome.actor == "ron" and outcome.data == {"target": "p1", "outcome": "INTERROGATED"}
    assert "befragen" in outcome.de and "interrogate" in outcome.en
    assert game.snapshot()["creatures"][1]["outcome"] == "INTERROGATED"
    assert game.over and game.winner == "heroes"
    assert game.decisions() == ()
    assert game.log[-1].kind == "over" and game.log[-1].data == {"winner": "heroes"}
    refused(game, c.EndTurn(actor="ron"), "over")


def test_q_defeat_1_the_fight_goes_on_while_an_enemy_stands() -> None:
    """Q-DEFEAT-1: one of two punks Besiegt; after the outcome Ron's turn goes on."""
    game = new_game(
        [hero("ron", (0, 0)), foe("p1", (2, 0), life_points=3), foe("p2", (20, 0))], [15, 12, 4]
    )
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    game.apply(c.ChooseOutcome(actor="ron", target="p1", outcome="KILLED"))
    assert not game.over and game.current == "ron"
    refused(game, c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"), "out of")
    game.apply(c.EndTurn(actor="ron"))
    assert game.current == "p2"  # the Besiegt punk has no turn


def test_q_defeat_characters_down_the_enemies_win() -> None:
    """Q-OPEN-14: a character at 0 LP or below is out (E-LP); no character left: foes win."""
    game = new_game([hero("lara", (0, 0), life_points=2), foe("p1", (2, 0))], [2, 15, 6])
    game.apply(c.Attack(actor="p1", target="lara", weapon="knueppel"))
    assert game.creatures["lara"].lp == 2 - 7
    assert [e.kind for e in game.log[-3:]] == ["attack", "down", "over"]
    assert game.over and game.winner == "foes"


# ---------------------------------------------------------------- machinery
def test_rejected_commands_change_nothing() -> None:
    """A refused command leaves the snapshot, the record, the log and the dice as they were."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (7, 0))], [15, 1])
    for command in (
        c.EndTurn(actor="p1"),
        c.EndTurn(actor=None),
        c.Move(actor="ron", action="walk", zone=-1),
        c.Move(actor="ron", action="disengage", zone=3),
        c.Attack(actor="ron", target="p1", weapon="lasergewehr"),
        c.Reload(actor="ron", weapon="lasergewehr"),
        c.StandUp(actor="ron"),
        c.LeaveCover(actor="ron"),
        c.ChooseNext(actor="ron"),
        c.ChooseOutcome(actor="ron", target="p1", outcome="KILLED"),
    ):
        refused(game, command)
    game.apply(c.Attack(actor="ron", target="p1", weapon="laserpistole"))  # fumble
    refused(game, c.Attack(actor="ron", target="p1", weapon="laserpistole"))


def _policy_game(seed: int) -> QuickGame:
    setup = quick_setup(
        ROW,
        [hero("ron", (0, 0)), hero("likron", (0, 4)), foe("p1", (20, 0)), foe("p2", (24, 4))],
    )
    return QuickGame(setup, CATALOGUE, RandomRoller(seed))


def _play(game: QuickGame, count: int) -> None:
    for _ in range(count):
        if game.over:
            return
        game.apply(choose_command(game))


def test_checkpoint_resume_gives_the_same_snapshot_and_the_same_dice() -> None:
    """checkpoint() then resume(): the same state, and the same dice fall from there on."""
    game = _policy_game(7)
    _play(game, 6)
    point = game.checkpoint()
    copy = game.resume(point)
    assert copy.snapshot() == game.snapshot()
    assert copy.record == game.record and len(copy.log) == len(game.log)
    _play(game, 12)
    _play(copy, 12)
    assert copy.snapshot() == game.snapshot()
    assert [e.to_dict() for e in copy.log] == [e.to_dict() for e in game.log]
    again = game.resume(point)  # a point serves more than once
    _play(again, 12)
    assert again.snapshot() == game.snapshot()
    assert [again.roller.roll(20) for _ in range(5)] == [game.roller.roll(20) for _ in range(5)]


def test_record_replay_from_setup_seed_and_commands_is_reproducible() -> None:
    """The record replays from set-up + seed to the same state and log (and Match.verify)."""
    game = _policy_game(11)
    _play(game, 40)
    setup, record = game.setup, list(game.record)
    fresh = QuickGame(setup, CATALOGUE, RandomRoller(11))
    for command in record:
        fresh.apply(command)
    assert fresh.snapshot() == game.snapshot()
    assert [e.to_dict() for e in fresh.log] == [e.to_dict() for e in game.log]
    again = replay(QUICK, setup, CATALOGUE, 11, record)
    assert again.snapshot() == game.snapshot()
    match = Match(QUICK, setup, CATALOGUE, 11, commands=record)
    match.verify()
    assert match.game.snapshot() == game.snapshot()
    # the record's commands survive their save form (to_dict, then the registry)
    saved = [QUICK.commands.from_dict(cmd.to_dict()) for cmd in record]
    assert saved == record


def test_match_undo_returns_to_the_state_before_the_command() -> None:
    """Match.undo over the quick game's checkpoints: the state before the last command."""
    setup = _policy_game(3).setup
    match = Match(QUICK, setup, CATALOGUE, 3)
    snapshots = [match.game.snapshot()]
    for _ in range(30):
        if match.battle.over:
            break
        match.apply(choose_command(match.battle))
        snapshots.append(match.game.snapshot())
    for expected in reversed(snapshots[:-1]):
        match.undo()
        assert match.game.snapshot() == expected


def test_snapshot_is_json_serialisable_at_every_step() -> None:
    """The snapshot is plain JSON data (json.dumps round trip) at every decision."""
    game = _policy_game(5)
    kinds = set()
    while not game.over:
        snapshot = game.snapshot()
        assert json.loads(json.dumps(snapshot)) == snapshot
        assert QUICK.snapshot_problem(snapshot) is None
        kinds.add(game.decisions()[0].kind)
        game.apply(choose_command(game))
    assert json.loads(json.dumps(game.snapshot())) == game.snapshot()
    assert DecisionKind.TURN in kinds


# ---------------------------------------------------------------- engine bugs found (xfail)
def test_q_defeat_2_each_besiegt_enemy_of_a_stich_rider_gets_its_outcome() -> None:
    """Q-DEFEAT-2, Q-CRIT-SAF-STICH-2: a crit with the pistol (Stich) of 2 x 2 + 6 = 10 LP
    drops p1 and, by the rider, p2 beside him: the character decides about both."""
    game = new_game(
        [hero("ron", (0, 0), equipment=("pistole",)), foe("p1", (6, 0)), foe("p2", (7, 0)),
         foe("p3", (20, 0))],
        [15, 20, 6],
    )  # fmt: skip
    game.apply(c.Attack(actor="ron", target="p1", weapon="pistole"))
    assert game.creatures["p1"].defeated and game.creatures["p2"].defeated
    decided = []
    while game.pending is not None:
        target = game.decisions()[0].note
        decided.append(target)
        game.apply(c.ChooseOutcome(actor="ron", target=target, outcome="KILLED"))
    assert sorted(decided) == ["p1", "p2"]
    assert game.creatures["p1"].outcome == "KILLED"


def test_q_cover_2_bewegungslos_in_full_cover_cannot_disengage_either() -> None:
    """Q-COVER-2, Q-OPEN-9 A: while in full cover the target cannot move, Lösen included."""
    ascii_map = "\n".join(["." * 25, "...........#.............", "." * 25])
    game = new_game([hero("ron", (0, 1)), foe("p1", (10, 1))], [2], ascii_map=ascii_map)
    game.apply(c.TakeCover(actor="p1"))
    assert game.move_targets("p1", "walk") == {} and game.move_targets("p1", "run") == {}
    assert game.move_targets("p1", "disengage") == {}


def test_q_open_16_the_same_action_twice_makes_wehrlos() -> None:
    """Q-OPEN-16, E-ACT-6: two melee attacks in one turn: Wehrlos from the second."""
    game = new_game([hero("ron", (0, 0)), foe("p1", (2, 0)), foe("p2", (20, 0))], [15, 5, 5])
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    game.apply(c.Attack(actor="ron", target="p1", weapon="monofilament_klinge"))
    assert game.creatures["ron"].held.count(Condition.DEFENSELESS)
    assert game.plan("p1", "ron", "knueppel").edge == 1  # Vorteil against Wehrlos


def test_q_open_17_a_grenade_hits_every_creature_in_the_zone() -> None:
    """Q-OPEN-17: a grenade thrown into p1's zone also hits p2 standing in it."""
    game = new_game(
        [hero("ron", (0, 0)), foe("p1", (6, 0)), foe("p2", (7, 0))], [15, 10, 3, 3, 3, 3, 3]
    )
    game.apply(c.Attack(actor="ron", target="p1", weapon="handgranate"))
    assert game.creatures["p1"].lp < 10 and game.creatures["p2"].lp < 10


def test_q_init_1_beschwerliche_armour_gives_nachteil_on_the_initiative() -> None:
    """Q-INIT-1, E-INIT-6: Likron's Plattenpanzerweste is Beschwerlich: two d20, the lower
    kept (3 + 8 = 11 < 15: he acts after the enemies); Ron without it rolls one."""
    game = new_game([hero("likron", (0, 0)), hero("ron", (1, 0)), foe("p1", (20, 0))], [18, 3, 9])
    likron, ron = game.creatures["likron"].initiative, game.creatures["ron"].initiative
    assert likron is not None and ron is not None
    assert likron.roll.dice == (18, 3) and likron.roll.kept == 3 and likron.failed
    assert ron.roll.dice == (9,)
