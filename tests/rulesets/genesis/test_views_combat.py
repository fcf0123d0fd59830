"""The strikes (TURN) and the defence panel (DEFENCE) on the screen: the offers, their
chances in per cent, the refusals, the answers' order and the auto-defence switch."""

from __future__ import annotations

from game.match.decisions import DecisionKind
from game.match.views import Needs, Pick
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans, plans
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.state import FighterSetup
from game.rulesets.genesis.views import VIEWS
from tests.rulesets.genesis.conftest_views import DE, EN, build, duel, group, offer, press

#: INI d100s of alrik and bosper, then alrik's AT roll.
HIT = (10, 30, 20)


def _striking(rolls: tuple[int, ...] = HIT) -> GenesisGame:
    """Return the duel where Alrik strikes his 3 declared AT at the passive Bosper."""
    game = duel(rolls)
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    game.apply(c.Declare("alrik", attacks=3.0, defences=0.0))
    assert game.phase == "strike" and game.queue == ["alrik"]
    return game


def test_g_atpa_1_strike_offers_with_their_chance() -> None:
    """G-ATPA-1, G-PHASE-EXEC-1: an AT on a picked creature, the allowed targets with the
    chance in per cent, a harder AT, and "Angriffe beenden"."""
    game = _striking()
    groups = VIEWS.action_groups(game, DE)
    assert [g.key for g in groups] == ["strike"]
    assert groups[0].label == "Attacken: noch 3 AT"
    attack = offer(groups, "strike:attack")
    assert attack.needs is Needs.CREATURE and attack.make is not None
    assert attack.make(Pick(creature="bosper")) == c.Strike("alrik", target="bosper")
    refused = attack.make(Pick(creature="alrik"))
    assert refused == "Angriff: kein Gegner"
    quick = offer(groups, "strike:on:bosper")
    assert quick.label == "Bosper · 70 %"
    harder = offer(groups, "strike:penalty")
    assert [o.key for o in harder.choices][:4] == [f"strike:penalty:{n}" for n in (0, 10, 20, 30)]
    assert VIEWS.end_turn(game) == c.EndStrikes("alrik")
    end = offer(groups, "strike:end")
    assert end.label == "Angriffe beenden" and "3 AT" in end.tooltip
    assert offer(VIEWS.action_groups(game, EN), "strike:end").label == "End attacks"


def test_g_atpa_4_offer_odds_follow_the_strike_plan() -> None:
    """G-ATPA-4: the chance an offer shows is strike_plan's value; an AT harder by 20
    shows 20 less; without a target the hover asks for one."""
    game = _striking()
    groups = VIEWS.action_groups(game, DE)
    plain = VIEWS.offer_odds(game, offer(groups, "strike:attack"), "bosper", DE)
    assert plain[0] == "Trefferchance 70 % · AT 70"
    harder = VIEWS.offer_odds(game, offer(groups, "strike:penalty:20"), "bosper", DE)
    assert harder[0] == "Trefferchance 50 % · AT 50"
    assert "erschwert um 20" in harder[1]
    assert plans.strike_plan(game, "alrik", "bosper", 20).chance == 50
    assert VIEWS.offer_odds(game, offer(groups, "strike:attack"), None, EN) == (
        "Pick an enemy to see the hit chance",
    )
    odds = VIEWS.attack_odds(game, "alrik", "bosper", "schwert", None, None, True, DE)
    assert odds is not None and odds.short == "70 %"
    assert VIEWS.attack_odds(game, "alrik", "alrik", "schwert", None, None, True, DE) is None
    click = VIEWS.map_click(game, (3, 2), "bosper", DE)
    assert click is not None and click.make is not None
    assert click.make(Pick(creature="bosper")) == c.Strike("alrik", target="bosper")


def test_g_atpa_2_defence_panel_shows_each_answer_with_its_chance() -> None:
    """G-ATPA-2, G-ATPA-3: a successful AT opens the defending side's panel: a group per
    open hit (attacker, weapon, the AT roll against its value) with PA, AW and keine
    Abwehr, each with its chance in per cent as defence_plans.defence_options counts it."""
    game = _striking()
    press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    press(game, offer(VIEWS.action_groups(game, DE), "strike:end"))
    decision = game.decisions()[0]
    assert decision.kind is DecisionKind.DEFENCE and decision.side == "B"
    groups = VIEWS.action_groups(game, DE)
    assert [g.key for g in groups] == ["hit:1"]
    panel = groups[0]
    assert panel.label == "Alrik → Bosper"
    assert "Alrik trifft Bosper mit Schwert: W100 20 gegen AT 70" in panel.tooltip
    hit = game.open_hits("B")[0]
    chances = {o.how: o.chance for o in defence_plans.defence_options(game, hit)}
    assert offer(groups, "defend:1:pa:bosper").label == f"PA · {chances['pa']} %"
    assert offer(groups, "defend:1:aw:bosper").label == f"AW · {chances['aw']} %"
    assert chances == {"pa": 70, "aw": 45, "none": 0}  # PA 55 + sword 5 + shield 10
    none = offer(groups, "defend:1:none:bosper")
    assert none.label == "keine Abwehr"
    assert none.make is not None and none.make(Pick()) == c.Defend("bosper", hit=1, how="none")
    assert offer(VIEWS.action_groups(game, EN), "defend:1:aw:bosper").label == "AW · 45 %"


def test_g_atpa_4_a_harder_at_lowers_every_defence_chance() -> None:
    """G-ATPA-4, G-ATPA-E1: an AT harder by 30 makes the PA and AW against it 30 harder."""
    game = _striking()
    press(game, offer(VIEWS.action_groups(game, DE), "strike:penalty:30"), Pick(creature="bosper"))
    press(game, offer(VIEWS.action_groups(game, DE), "strike:end"))
    groups = VIEWS.action_groups(game, DE)
    assert "erschwert um 30" in groups[0].tooltip
    assert offer(groups, "defend:1:pa:bosper").label == "PA · 40 %"
    assert offer(groups, "defend:1:aw:bosper").label == "AW · 15 %"


def test_g_atpa_ally_1_a_parry_for_an_ally_is_30_harder() -> None:
    """G-ATPA-ALLY-1, G-STATE-PASSIVE-ALLY: a neighbour of the target parries for it at
    −30; a passive neighbour may not (refused in words)."""
    game = build(
        FighterSetup("alrik", "kaempfer", "A", (2, 2), name="Alrik"),
        FighterSetup("bosper", "kaempfer", "B", (3, 2), name="Bosper"),
        FighterSetup("brin", "kaempfer", "B", (4, 2), name="Brin"),
        FighterSetup("xara", "kaempfer", "B", (4, 3), name="Xara"),
        rolls=(10, 20, 30, 45, 5),  # INI 40, 30, 20, 5 (slowest, passive); AT roll 5
    )
    assert game.queue == ["xara", "brin", "bosper", "alrik"]
    for key in ("xara", "brin", "bosper"):
        game.apply(c.Declare(key, attacks=0.0, defences=3.0))
    game.apply(c.Declare("alrik", attacks=1.0, defences=1.0))
    press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    groups = VIEWS.action_groups(game, DE)
    ally = offer(groups, "defend:1:ally:brin")
    assert ally.label == "PA durch Brin · 40 %"  # 70 − 30
    assert "erschwert um 30" in ally.tooltip
    assert ally.make is not None and ally.make(Pick()) == c.Defend("brin", hit=1, how="ally")
    passive = offer(groups, "defend:1:ally:xara")
    assert not passive.enabled
    assert passive.reason.endswith("passiv: keine PA für Verbündete")
    assert "G-" not in passive.reason + passive.tooltip
    events = press(game, ally)
    assert [e.actor for e in events if e.kind == "defend"] == ["brin"]


def test_g_phase_exec_2_the_order_of_the_answers_is_the_players() -> None:
    """G-PHASE-EXEC-2/3: every open hit of the side is a group; the player answers them in
    any order and that order is kept; a hit answered leaves the panel."""
    game = _striking((10, 30, 20, 25, 30))
    for _ in range(3):
        press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    groups = VIEWS.action_groups(game, DE)
    assert [g.key for g in groups] == ["hit:1", "hit:2", "hit:3"]
    assert "Reihenfolge" in groups[0].tooltip
    press(game, offer(groups, "defend:3:none:bosper"))
    groups = VIEWS.action_groups(game, DE)
    assert [g.key for g in groups] == ["hit:1", "hit:2"]
    press(game, offer(groups, "defend:1:none:bosper"))
    assert game.answer_order[:2] == [3, 1]


def test_auto_defence_switch_in_every_decision_of_the_side() -> None:
    """The per-seat switch "Automatisch verteidigen": offered in every group of the side's
    decisions, ``selected`` as game.auto says; once on, the side's hits answer themselves."""
    game = duel((10, 30, 20))
    switch = offer(VIEWS.action_groups(game, DE), "auto_defence")
    assert not switch.selected and switch.label == "Automatisch verteidigen"
    assert switch.make is not None
    assert switch.make(Pick()) == c.AutoDefence("bosper", on=True)
    press(game, switch)
    assert "B" in game.auto
    groups = VIEWS.action_groups(game, DE)
    assert all(offer((g,), "auto_defence").selected for g in groups)
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    assert not offer(VIEWS.action_groups(game, DE), "auto_defence").selected  # side A's
    game.apply(c.Declare("alrik", attacks=1.0, defences=1.0))
    press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    assert any(e.kind == "defend" and e.data["automatic"] for e in game.log)
    assert game.kr == 2
    assert group(VIEWS.action_groups(game, EN), "declare").label == "Declaration"


def test_g_shot_aw_1_a_reused_dodge_roll_says_so() -> None:
    """G-SHOT-AW-1, G-RANGE-DEF-1: two arrows from the front: the first dodge roll counts
    for the second too, and its answer says so (roll and outcome) instead of a chance."""
    game = build(
        FighterSetup("x1", "schuetze", "A", (0, 0), name="Xandra"),
        FighterSetup("x2", "schuetze", "A", (0, 1), name="Xeno"),
        FighterSetup("bosper", "kaempfer", "B", (8, 0), "W", name="Bosper"),
        rolls=(30, 10, 10, 10),  # Bosper's INI; the two arrows; the dodge
    )
    assert game.timeless == frozenset({"x1", "x2"})
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    assert game.kr == 2
    game.apply(c.Declare("bosper", attacks=0.0, defences=2.0))
    for key in ("x1", "x2"):
        game.apply(c.Declare(key, attacks=1.0, defences=1.0))
    for _ in range(2):
        press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    groups = VIEWS.action_groups(game, DE)
    assert [g.key for g in groups] == ["hit:1", "hit:2"]
    assert "Fernkampf" in groups[0].tooltip
    press(game, offer(groups, "defend:1:aw:bosper"))
    reused = offer(VIEWS.action_groups(game, DE), "defend:2:aw:bosper")
    assert reused.enabled
    assert reused.label == "AW · Wurf 10 gilt: abgewehrt"
    assert "Derselbe Ausweichwurf" in reused.tooltip
    english = offer(VIEWS.action_groups(game, EN), "defend:2:aw:bosper").label
    assert english == "AW · roll 10 counts: fended off"
