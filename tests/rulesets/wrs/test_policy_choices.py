"""The WRS opponent uses Zielen, Verteidigungsposition, Bereitschaft and fire modes when
they pay by the exact chances, and answers the readiness reaction (W-ACT-*, W-FIRE-*)."""

from __future__ import annotations

import numpy as np

from game.board.dice import RandomRoller
from game.board.grid import BattleGrid
from game.match.decisions import DecisionKind
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.policy_value import best, options, plan_value
from game.rulesets.wrs.state import FighterSetup, WrsSetup

CAT = load_catalogue()
F = FighterSetup


def _game(fighters: list[FighterSetup], wall: np.ndarray | None = None) -> WrsGame:
    """Return a game in round 2 with the first fighter on turn and two actions."""
    grid = BattleGrid(wall if wall is not None else np.zeros((10, 14), dtype=bool))
    game = WrsGame(WrsSetup("t", grid, tuple(fighters)), CAT, RandomRoller(1))
    order = [f.key for f in fighters]
    game.first_order, game.order = list(order), list(order)
    game.round, game.turn_index = 2, 0
    for state in game.fighters.values():
        state.actions_left = 0
    game.fighters[order[0]].actions_left = 2
    return game


def _mira_konrad() -> WrsGame:
    """Mira's rifle against Konrad's large shield; his cudgel cannot reach her soon."""
    return _game(
        [
            F("mira", "mira", "a", (2, 2), drawn=("sturmgewehr",)),
            F("konrad", "konrad", "b", (12, 8), drawn=("knueppel", "einsatzschild")),
        ]
    )


def test_w_act_aim_pays_against_a_defensive_large_shield() -> None:
    """W-ACT-AIM, W-ACT-DEF-2: against a large shield in Verteidigungsposition one aimed
    burst is worth more than two plain ones, so the opponent aims first."""
    game = _mira_konrad()
    game.fighters["konrad"].defensive = True
    aimed = best(options(game, "mira", "konrad", aimed=True))
    plain = best(options(game, "mira", "konrad"), 2)
    assert aimed is not None and plain is not None
    assert aimed.value() > plain.value(2)
    assert choose_command(game) == c.Aim("mira")


def test_w_act_aim_does_not_pay_without_the_stance_so_it_shoots() -> None:
    """W-ACT-AIM, W-FIRE-AUTO: without the stance two plain bursts beat one aimed burst,
    so the opponent shoots at once (full automatic: 3 shots at -25)."""
    game = _mira_konrad()
    command = choose_command(game)
    assert isinstance(command, c.Attack)
    assert (command.fire_mode, command.shots) == ("Vollautomatik", 3)


def test_w_act_aim_then_the_aimed_attack_follows() -> None:
    """W-ACT-AIM, W-OPEN-5: after aiming, the next action is the aimed attack."""
    game = _mira_konrad()
    game.fighters["konrad"].defensive = True
    game.apply(choose_command(game))
    assert game.fighters["mira"].aim_pending
    assert isinstance(choose_command(game), c.Attack)


def test_w_fire_auto_mode_by_expected_value() -> None:
    """W-FIRE-SEMI, W-FIRE-AUTO, W-FIRE-TEST, W-OPEN-7: many hits to go -> the full
    automatic burst; one hit to go -> the single shot without the malus."""
    game = _game(
        [
            F("mira", "mira", "a", (2, 2), drawn=("sturmgewehr",)),
            F("ulf", "ulf", "b", (8, 2), drawn=("langbogen",)),
        ]
    )
    first = choose_command(game)
    assert isinstance(first, c.Attack) and first.fire_mode == "Vollautomatik"
    game.fighters["ulf"].wounds = 3  # one more wound: unconscious (LP 3/4/9)
    last = choose_command(game)
    assert isinstance(last, c.Attack)
    assert (last.fire_mode, last.shots) == ("Einzelschuss", 1)


def test_w_bonus_dual_two_weapons_when_they_pay() -> None:
    """W-BONUS-DUAL-2/3: with two one-handed weapons drawn and four hits to go, the
    simultaneous attack (-25, two hits) is worth more; with one hit to go it is not."""
    game = _game(
        [
            F("gerold", "gerold", "a", (4, 4), drawn=("kurzschwert", "streitkolben")),
            F("ulf", "ulf", "b", (5, 4), drawn=("langbogen",)),
        ]
    )
    dual = choose_command(game)
    assert isinstance(dual, c.Attack) and dual.second_weapon == "streitkolben"
    game.fighters["ulf"].wounds = 3  # one hit to go: one weapon without the malus
    single = choose_command(game)
    assert isinstance(single, c.Attack) and not single.second_weapon


def test_w_act_def_1_last_action_defends_when_an_enemy_comes() -> None:
    """W-ACT-DEF-1/2: no attack with the last action and a melee enemy three fields
    away can reach and strike: the opponent takes the defensive position."""
    game = _game(
        [
            F("brunhild", "brunhild", "a", (4, 4), drawn=("hellebarde",)),
            F("gerold", "gerold", "b", (8, 4), drawn=("kurzschwert",)),
        ]
    )
    game.fighters["brunhild"].actions_left = 1
    assert choose_command(game) == c.DefensivePosition("brunhild")


def test_w_act_def_1_far_away_it_walks_instead() -> None:
    """W-ACT-DEF-1, W-ACT-MOVE: with nobody able to reach it, the last action walks on."""
    game = _game(
        [
            F("brunhild", "brunhild", "a", (1, 1), drawn=("hellebarde",)),
            F("gerold", "gerold", "b", (12, 8), drawn=("kurzschwert",)),
        ]
    )
    game.fighters["brunhild"].actions_left = 1
    assert isinstance(choose_command(game), c.Step)


def _wall_game() -> WrsGame:
    """Ulf with bow and shield behind a wall; Brunhild (melee) comes round it."""
    return _game(
        [
            F("ulf", "ulf", "a", (3, 2), drawn=("langbogen", "rundschild")),
            F("brunhild", "brunhild", "b", (9, 4), drawn=("hellebarde",)),
        ],
        _walled(),
    )


def test_w_act_ready_1_no_target_but_an_enemy_comes_into_view() -> None:
    """W-ACT-READY-1/3/4: no enemy in sight and none in sight after one move, but the
    enemy can walk into a seen field: the opponent goes into readiness on those fields."""
    game = _wall_game()
    command = choose_command(game)
    assert isinstance(command, c.Ready)
    assert (5, 8) in command.cells and (9, 4) not in command.cells


def test_w_act_ready_4_reaction_is_the_best_attack() -> None:
    """W-ACT-READY-4/5: when the trigger fires, the reaction decision is answered with an
    attack on the enemy in sight, and readiness ends."""
    game = _wall_game()
    game.apply(choose_command(game))  # Ulf ready
    game.fighters["brunhild"].actions_left = 2
    game.turn_index = 1
    game.apply(c.Step("brunhild", ((8, 5), (7, 6), (7, 7))))  # still out of sight
    assert game.decisions()[0].kind is DecisionKind.TURN
    game.apply(c.Step("brunhild", ((6, 8),)))
    decision = game.decisions()[0]
    assert decision.kind is DecisionKind.REACTION and decision.creature == "ulf"
    reaction = choose_command(game)
    assert isinstance(reaction, c.Attack) and reaction.target == "brunhild"
    game.apply(reaction)
    assert not game.fighters["ulf"].ready


def test_w_act_ready_5_reaction_passes_without_reach() -> None:
    """W-ACT-READY-4/5: a melee fighter whose trigger fires while the enemy walks past
    out of reach passes (an attack would be refused)."""
    game = _game(
        [
            F("gerold", "gerold", "a", (4, 4), drawn=("kurzschwert",)),
            F("brunhild", "brunhild", "b", (6, 4), drawn=("hellebarde",)),
        ]
    )
    game.apply(c.Ready("gerold", "", ((5, 5),)))
    game.fighters["brunhild"].actions_left = 2
    game.turn_index = 1
    game.apply(c.Step("brunhild", ((5, 5), (5, 6), (5, 7))))  # through (5, 5), ends 3 away
    assert game.decisions()[0].kind is DecisionKind.REACTION
    assert choose_command(game) == c.Pass("gerold")


def test_w_act_ready_not_when_the_enemy_waits_itself() -> None:
    """W-ACT-READY-1: readiness only waits for an enemy that is not ready itself, so two
    waiting sides cannot stall the fight (W-ROUND-3)."""
    game = _wall_game()
    game.fighters["brunhild"].ready = True
    assert not isinstance(choose_command(game), c.Ready)


def test_w_atk_3_plan_value_counts_only_useful_hits() -> None:
    """W-ATK-3, W-FIRE-TEST, W-WOUND-3: hits beyond what a target can take count for
    nothing; taking it out adds the bonus."""
    assert plan_value(0.5, 3, 1) == 0.5 * (1 + 1.0)
    assert plan_value(1.0, 1, 3, 2) == 2.0
    assert abs(plan_value(0.5, 2, 4, 2) - (0.5 * 2 + 0.25 * (4 + 1.0))) < 1e-12


def test_w_round_3_policy_is_deterministic_for_a_state() -> None:
    """W-ROUND-3: the same game state always gets the same command."""
    first = _wall_game()
    second = _wall_game()
    assert choose_command(first) == choose_command(second)
    assert choose_command(first) == choose_command(first)


def test_w_bonus_shield_large_drawn_when_no_attack_is_possible() -> None:
    """W-BONUS-SHIELD-LARGE, W-BONUS-1: with no enemy in reach, a free hand and a
    mastered shield carried, the opponent draws the shield (+20 on every defence)."""
    konrad = _game(
        [
            F("konrad", "konrad", "b", (1, 1), drawn=("pistole",)),
            F("gerold", "gerold", "a", (12, 8), drawn=("kurzschwert",)),
        ],
        _walled(),
    )
    assert choose_command(konrad) == c.Draw("konrad", "einsatzschild")


def _walled() -> np.ndarray:
    """Return a wall at x = 6, y = 0..7, open at the bottom."""
    wall = np.zeros((10, 14), dtype=bool)
    wall[0:8, 6] = True
    return wall
