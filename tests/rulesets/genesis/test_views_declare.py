"""The Ansage on the screen: the splits of this KR's GW, their refusals, the shift mark,
the moves, leaving the fight and the weapon change (DECLARATION decision)."""

from __future__ import annotations

import dataclasses

from game.match.views import Needs, Pick
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import plans
from game.rulesets.genesis.state import FighterSetup
from game.rulesets.genesis.views import VIEWS
from tests.rulesets.genesis.conftest_views import (
    DE,
    EN,
    FIGHTERS,
    build,
    declare,
    duel,
    group,
    idle,
    offer,
    press,
    team,
)


def test_g_gw_odd_1_first_kr_offers_both_splits_of_the_pair() -> None:
    """G-GW-ODD-1, G-GW-3, G-PHASE-DECL-1: GW 5 in KR 1 is 2 or 3 now (the rest next KR);
    every split of both shares into AT and PA/AW is an offer."""
    game = duel()
    groups = VIEWS.action_groups(game, DE)
    splits = [o for o in group(groups, "declare").offers if o.key.startswith("declare:")]
    assert [o.key for o in splits] == [
        "declare:2:0:2",
        "declare:2:1:1",
        "declare:2:2:0",
        "declare:3:0:3",
        "declare:3:1:2",
        "declare:3:2:1",
        "declare:3:3:0",
    ]
    assert splits[1].label == "1 AT · 1 PA/AW (2 von 5 GW)"
    assert "Die übrigen 3 GW kommen in die nächste KR" in splits[1].tooltip
    assert splits[0].make is not None
    assert splits[0].make(Pick()) == c.Declare("bosper", attacks=0.0, defences=2.0)


def test_g_state_passive_at_slowest_may_only_defend_in_kr_1() -> None:
    """G-INI-ROUND-4, G-STATE-PASSIVE-AT/MOVE: the slowest is passive in KR 1: its attack
    splits and all moves are refused in player words, without rule IDs."""
    game = duel()
    assert game.queue[0] == "bosper"
    groups = VIEWS.action_groups(game, DE)
    refused = offer(groups, "declare:3:1:2")
    assert not refused.enabled
    assert refused.reason == "1 AT · 2 PA/AW (3 von 5 GW): passiv: keine Attacke"
    assert "G-" not in refused.reason + refused.tooltip
    assert offer(groups, "declare:3:0:3").enabled
    moves = group(groups, "move")
    assert not moves.available
    assert all(
        "passiv: keine Bewegung" in o.reason for o in moves.offers if o.key != "auto_defence"
    )
    english = offer(VIEWS.action_groups(game, EN), "declare:3:1:2")
    assert english.reason.endswith("passive: no attack")


def test_g_gw_5_half_actions_only_where_the_gw_allow() -> None:
    """G-GW-5, G-GW-6, G-OPEN-4: GW 7.5 splits into 3.5 + 4; the half share offers half
    steps (one half action), the whole share only whole ones."""
    own = dataclasses.replace(FIGHTERS["kaempfer"], key="flink", gw=7.5)
    game = build(
        FighterSetup("flink", "flink", "A", (2, 2), own=own, name="Flink"),
        FighterSetup("b", "kaempfer", "B", (3, 2)),
        rolls=(10, 30),
    )
    game.apply(c.Declare("b", attacks=0.0, defences=3.0))
    assert plans.declare_rules(game, "flink").shares == (3.5, 4.0)
    keys = [o.key for o in group(VIEWS.action_groups(game, DE), "declare").offers]
    assert "declare:3.5:0.5:3" in keys and "declare:3.5:3.5:0" in keys
    assert "declare:4:0.5:3.5" not in keys and "declare:4:1:3" in keys
    half = offer(VIEWS.action_groups(game, DE), "declare:3.5:2.5:1")
    assert half.enabled and half.label == "2,5 AT · 1 PA/AW (3,5 von 7,5 GW)"
    assert "Halbe Aktion" in half.tooltip
    assert offer(VIEWS.action_groups(game, EN), "declare:3.5:2.5:1").label.startswith("2.5 AT")


def test_g_shift_1_attacks_in_the_pa_round_say_they_shift() -> None:
    """G-SHIFT-1, G-KR-PA, G-KR-ALPHA: in the AKR (KR 3) of side A, side B's attack
    splits are marked "shiftet: 2W6 AD"; its defence-only splits and A's are not."""
    game = team()
    idle(game, 3)
    groups = VIEWS.action_groups(game, DE)
    assert game.queue[0] == "b1"
    assert offer(groups, "declare:3:1:2").label == "1 AT · 2 PA/AW (3 von 5 GW) · shiftet: 2W6 AD"
    english = offer(VIEWS.action_groups(game, EN), "declare:3:1:2").label
    assert english == "1 AT · 2 PA/AW (3 of 5 GW) · shifts: 2d6 AD"
    assert "shiftet" not in offer(groups, "declare:3:0:3").label
    assert "2W6 AD" in group(groups, "declare").tooltip
    declare(game, 0, 3)
    declare(game, 0, 3)
    assert game.queue[0] == "a1"
    mine = VIEWS.action_groups(game, DE)
    assert "shiftet" not in offer(mine, "declare:3:2:1").label


def test_g_open_5_no_ad_left_refuses_the_shift() -> None:
    """G-OPEN-5, G-SHIFT-1: without AD an attack in the PA round is refused."""
    game = team()
    idle(game, 3)
    game.fighters["b1"].ad = 0
    refused = offer(VIEWS.action_groups(game, DE), "declare:3:1:2")
    assert not refused.enabled
    assert refused.reason.endswith("keine AD zum Shiften")


def test_g_open_9_a_move_picks_a_field_within_the_budget() -> None:
    """G-OPEN-9: the splits with a move ask for a field; the path is found on the board
    and refused past floor(GS x 2) fields, onto a taken field or where it stands."""
    game = build(
        FighterSetup("a", "kaempfer", "A", (1, 1), name="Alrik"),
        FighterSetup("b", "kaempfer", "B", (10, 1), name="Bosper"),
        rolls=(10, 30),
    )
    game.apply(c.Declare("b", attacks=0.0, defences=3.0))
    groups = VIEWS.action_groups(game, DE)
    move = offer(groups, "move:3:0:3")
    assert move.needs is Needs.FIELD and move.enabled and group(groups, "move").available
    assert move.prompts == ("Zielfeld wählen (höchstens 6 Felder)",)
    assert move.make is not None
    made = move.make(Pick(cell=(4, 1)))
    assert made == c.Declare("a", attacks=0.0, defences=3.0, path=((2, 1), (3, 1), (4, 1)))
    far = move.make(Pick(cell=(9, 1)))
    assert isinstance(far, str) and "höchstens 6 je KR" in far
    assert "dort steht schon Bosper" in str(move.make(Pick(cell=(10, 1))))
    assert "steht er schon" in str(move.make(Pick(cell=(1, 1))))
    assert move.make(Pick()) == "0 AT · 3 PA/AW (3 von 5 GW): kein Feld gewählt"
    assert all(not o.key.startswith("declare:leave") for o in group(groups, "other").offers)
    press(game, move, Pick(cell=(4, 1)))
    assert game.fighters["a"].cell == (4, 1)


def test_g_leave_1_engaged_fighters_may_leave_but_not_walk_away() -> None:
    """G-LEAVE-1/2: engaged, a move is refused until the leave was declared; "Kampf
    verlassen" is offered with the PA/AW it keeps, and makes it passive."""
    game = duel()
    groups = VIEWS.action_groups(game, DE)
    leave = offer(groups, "declare:leave")
    assert leave.needs is Needs.CHOICE and [o.key for o in leave.choices] == ["leave:2", "leave:3"]
    press(game, leave.choices[1])
    assert game.fighters["bosper"].declared is not None
    assert game.fighters["bosper"].declared.leave
    moves = group(VIEWS.action_groups(game, DE), "move")
    assert not moves.available
    assert (
        "erst den Kampfausstieg ansagen"
        in offer(VIEWS.action_groups(game, DE), "move:3:0:3").reason
    )


def test_g_swap_weapon_change_is_declared_without_attack() -> None:
    """G-SWAP: a change to each other carried weapon, with PA/AW only; while it lasts the
    attack splits and another change are refused."""
    game = duel()
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    swap = offer(VIEWS.action_groups(game, DE), "declare:swap:speer")
    assert swap.label == "Waffe wechseln: Speer"
    assert (
        offer(VIEWS.action_groups(game, EN), "declare:swap:speer").label == "Change weapon: Spear"
    )
    press(game, swap.choices[0])
    assert game.fighters["alrik"].swap_to == "speer"
    idle(game, 2)
    assert game.queue[0] == "alrik"
    groups = VIEWS.action_groups(game, DE)
    assert offer(groups, "declare:3:1:2").reason.endswith("Waffenwechsel: keine Attacke")
    assert offer(groups, "declare:swap:speer").reason.endswith("wechselt schon die Waffe")


def test_g_phase_decl_1_own_side_declarations_stand_in_the_group_tip() -> None:
    """G-PHASE-DECL-1: the deciding side reads its own declarations of this KR."""
    game = team()
    idle(game, 3)
    declare(game, 0, 3)
    tip = group(VIEWS.action_groups(game, DE), "declare").tooltip
    assert "Schon angesagt: Bosper 0 AT · 3 PA/AW" in tip
