"""WRS engine tests: each names the W- ID it checks; dice come from a ScriptedRoller."""

from __future__ import annotations

import numpy as np
import pytest

from game.board.dice import RandomRoller, ScriptedRoller
from game.board.grid import BattleGrid
from game.match.decisions import DecisionKind
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import Rejected, WrsGame
from game.rulesets.wrs.state import FighterSetup, WrsSetup

CAT = load_catalogue()


def grid(walls: tuple[tuple[int, int], ...] = ()) -> BattleGrid:
    wall = np.zeros((8, 10), dtype=bool)
    for x, y in walls:
        wall[y, x] = True
    return BattleGrid(wall)


def game(a: FighterSetup, b: FighterSetup, rolls: list[int], walls=(), surprise=()) -> WrsGame:
    setup = WrsSetup("t", grid(walls), (a, b), surprisers=surprise)
    return WrsGame(setup, CAT, ScriptedRoller(rolls))


def duel(rolls: list[int], **kw) -> WrsGame:
    """Gerold (side a, sword drawn) next to Ulf (side b, dagger drawn); a acts first."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch",))
    return game(a, b, [1, 90, *rolls], **kw)


def test_w_init_1_geist_comparison_orders_and_keeps():
    """W-INIT-1, W-INIT-3: higher Geist margin acts first; the order stays."""
    g = duel([])
    assert g.order == ["g", "u"] and g.first_order == ["g", "u"]
    g.apply(c.EndTurn("g"))
    g.apply(c.EndTurn("u"))
    assert g.round == 2 and g.current == "g"


def test_w_surp_2_only_surprisers_act_in_round_one():
    """W-SURP-2, W-SURP-4: round 1 only side b; everyone rolls again for round 2."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (5, 5))
    g = game(a, b, [1, 90], surprise=("b",))
    assert g.first_order == ["u"] and g.order == ["g", "u"]
    assert g.current == "u"
    g.apply(c.EndTurn("u"))
    assert g.round == 2 and g.current == "g"


def test_w_round_3_two_actions_then_turn_passes():
    """W-ROUND-3: two actions, then the next fighter's turn."""
    g = duel([])
    g.apply(c.Turn360("g", "N"))
    assert g.fighters["g"].actions_left == 1
    g.apply(c.HostAction("g", "open"))
    assert g.current == "u"
    assert g.decisions()[0].kind is DecisionKind.TURN


def test_w_act_move_one_to_three_fields_and_walls():
    """W-ACT-MOVE, D-15: 1-3 fields, one Schritt per field, walls block."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (8, 6))
    g = game(a, b, [1, 90], walls=((2, 2),))
    with pytest.raises(Rejected):
        g.apply(c.Step("g", ((2, 1), (3, 1), (4, 1), (5, 1))))
    with pytest.raises(Rejected):
        g.apply(c.Step("g", ((2, 2),)))
    g.apply(c.Step("g", ((2, 1), (3, 1), (4, 1))))
    assert g.fighters["g"].cell == (4, 1)


def test_w_atk_2_comparison_and_w_armor_3_armour_absorbs():
    """W-ATK-2, W-ARMOR-3: a won comparison is a hit; armour points absorb it."""
    from fractions import Fraction

    g = duel([10, 90])  # attacker margin high, defender low
    g.fighters["u"].armour = before = Fraction(3)
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert g.fighters["u"].armour == before - 1 and g.fighters["u"].wounds == 0
    ev = g.log[-1].data
    assert ev["hits"] == 1 and ev["attacker_pw"] == 55 + 10


def test_w_atk_4_tie_goes_to_defender():
    """W-ATK-4, D-15: equal margins: the defender wins."""
    g = duel([])
    g.roller = ScriptedRoller([65 - 20, 45 + 5 - 20])  # both margins 20
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert g.log[-1].data["hits"] == 0


def test_w_hit_2_wound_when_no_armour_and_w_wound_states():
    """W-HIT-2, W-WOUND-2..4: hits past armour wound; a/b/c down, unconscious, dead."""
    g = duel([])
    u = g.fighters["u"]
    u.armour = 0 * u.armour
    u.wounds = 2
    g.roller = ScriptedRoller([1, 100])
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert u.wounds == 3 and g.state_of("u").name == "DOWN"
    u.wounds = 4
    assert g.state_of("u").name == "UNCONSCIOUS"
    u.wounds = 9
    assert g.state_of("u").name == "DEAD"


def test_w_armor_4_fraction_absorbs_and_destroys():
    """W-ARMOR-4: a hit on less than one armour point is absorbed, the armour is gone."""
    from fractions import Fraction

    g = duel([1, 100])
    g.fighters["u"].armour = Fraction(1, 2)
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert g.fighters["u"].armour == 0 and g.fighters["u"].wounds == 0


def test_w_act_aim_across_turn_boundary():
    """W-ACT-AIM, W-OPEN-5: Zielen gives +25 to the next action, also next turn."""
    g = duel([])
    g.apply(c.HostAction("g"))
    g.apply(c.Aim("g"))
    g.apply(c.EndTurn("u"))
    g.roller = ScriptedRoller([50, 50])
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert g.log[-1].data["modifier"] == 10 + 25
    assert not g.fighters["g"].aim_pending


def test_w_act_def_1_2_defensive_position_last_action_and_bonus():
    """W-ACT-DEF-1/2: only with the last free action; +25 on defence until next action."""
    g = duel([])
    with pytest.raises(Rejected):
        g.apply(c.DefensivePosition("g"))
    g.apply(c.HostAction("g"))
    g.apply(c.DefensivePosition("g"))
    g.roller = ScriptedRoller([50, 50])
    g.apply(c.Attack("u", "g", "dolch"))
    assert g.log[-1].data["defence_modifier"] == 10 + 25


def test_w_act_ready_fires_out_of_turn_as_reaction():
    """W-ACT-READY-1/4: readiness uses both actions; the trigger opens a REACTION."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (5, 1), drawn=("dolch",))
    g = game(a, b, [1, 90])
    g.apply(c.Ready("g", cells=((2, 1),)))
    assert g.current == "u"
    g.apply(c.Step("u", ((4, 1), (3, 1), (2, 1))))
    d = g.decisions()[0]
    assert d.kind is DecisionKind.REACTION and d.creature == "g"
    with pytest.raises(Rejected):
        g.apply(c.Step("g", ((1, 2),)))
    g.roller = ScriptedRoller([1, 100])
    g.apply(c.Attack("g", "u", "kurzschwert"))
    assert g.log[-1].data["hits"] == 1 and not g.fighters["g"].ready
    assert g.decisions()[0].creature == "u"


def test_w_fire_semi_and_full_auto_malus_and_hits():
    """W-FIRE-SEMI/AUTO, W-FIRE-TEST: -15 up to 2, -25 up to 3 shots; each hits on a win."""
    a = FighterSetup("m", "mira", "a", (1, 1), drawn=("sturmgewehr",))
    b = FighterSetup("u", "ulf", "b", (6, 1))
    g = game(a, b, [1, 90, 1, 100])
    with pytest.raises(Rejected):
        g.apply(c.Attack("m", "u", "sturmgewehr", "Vollautomatik", 4))
    before = g.fighters["u"].armour
    g.apply(c.Attack("m", "u", "sturmgewehr", "Vollautomatik", 3))
    assert g.log[-1].data["modifier"] == 15 - 25 and g.log[-1].data["hits"] == 3
    assert g.fighters["u"].armour == max(before - 3, 0) or g.fighters["u"].wounds > 0
    g.roller = ScriptedRoller([1, 100])
    g.apply(c.Attack("m", "u", "sturmgewehr", "Halbautomatik", 2))
    last = [e for e in g.log if e.kind == "attack"][-1]
    assert last.data["modifier"] == 15 - 15 and last.data["hits"] == 2


def test_w_bonus_dual_two_one_handed_weapons():
    """W-BONUS-DUAL-2/3: two one-handed weapons: -25, one bonus, 2 hits on a win."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert", "streitkolben"))
    b = FighterSetup("u", "ulf", "b", (2, 1))
    g = game(a, b, [1, 90, 1, 100])
    g.apply(c.Attack("g", "u", "kurzschwert", second_weapon="streitkolben"))
    assert g.log[-1].data["modifier"] == 10 - 25 and g.log[-1].data["hits"] == 2


def test_w_open_8_melee_adjacent_ranged_needs_sight():
    """W-OPEN-8: melee only adjacent; ranged needs line of sight through the board."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert", "armbrust"))
    b = FighterSetup("u", "ulf", "b", (5, 1))
    g = game(a, b, [1, 90], walls=((3, 0), (3, 1), (3, 2)))
    with pytest.raises(Rejected):
        g.apply(c.Attack("g", "u", "kurzschwert"))
    with pytest.raises(Rejected):
        g.apply(c.Attack("g", "u", "armbrust"))
    assert g.fighters["g"].actions_left == 2


def test_w_act_1_turn_360_sets_facing():
    """W-ACT-1: a 360° turn costs one action; facing is tracked."""
    g = duel([])
    g.apply(c.Turn360("g", "W"))
    assert g.fighters["g"].facing == "W" and g.fighters["g"].actions_left == 1


def test_snapshot_round_trip_and_replay_determinism():
    """D-15 replay: same seed and commands give the same snapshot; checkpoint resumes."""
    import json

    def play() -> WrsGame:
        a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
        b = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch",))
        g = WrsGame(WrsSetup("t", grid(), (a, b)), CAT, RandomRoller(7))
        for _ in range(6):
            actor = g.decisions()[0].creature
            target = "u" if actor == "g" else "g"
            weapon = "kurzschwert" if actor == "g" else "dolch"
            g.apply(c.Attack(actor, target, weapon))
        return g

    one, two = play(), play()
    assert one.snapshot() == two.snapshot()
    assert json.loads(json.dumps(one.snapshot())) == one.snapshot()
    point = one.checkpoint()
    again = one.resume(point)
    assert again.snapshot() == one.snapshot() and len(again.record) == len(one.record)
