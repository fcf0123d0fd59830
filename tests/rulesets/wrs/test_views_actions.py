"""WRS views: the "Aktion 1 / Aktion 2" bar, its offers and the commands they make."""

from __future__ import annotations

import pytest

from game.match.commands import CommandRejected
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.match.views import Needs, Offer, Pick
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import (
    DE,
    EN,
    all_offers,
    build,
    copy,
    duel,
    made,
    now,
)


def _offers(game: object, language: object = DE) -> dict[str, Offer]:
    groups = VIEWS.action_groups(game, language)  # type: ignore[arg-type]
    return {o.key: o for o in all_offers(now(groups).offers)}


def _apply_every_enabled(game: object, actor: str) -> list[str]:
    """Apply each enabled offer's command to a copy; return the keys applied."""
    applied = []
    for offer in _offers(game).values():
        if not offer.enabled or offer.make is None:
            continue
        trial = copy(game)  # type: ignore[arg-type]
        trial.apply(made(trial, offer, actor))
        applied.append(offer.key)
    return applied


def test_w_round_3_two_actions_show_aktion_1_and_every_offer_applies() -> None:
    """W-ROUND-3, W-ACT-1: with two actions the bar is "Aktion 1"; every enabled offer
    (and every choice under a menu) builds a command the engine accepts."""
    game = duel((50,) * 20)
    groups = VIEWS.action_groups(game, DE)
    assert [g.label for g in groups] == ["Aktion 1", "Aktion 2"]
    assert groups[0] is now(groups) and not groups[1].available
    assert [o.label for o in groups[0].offers][:3] == ["Schritt", "Angriff", "Zielen"]
    assert groups[0].offers[0].hotkey == "1"
    applied = _apply_every_enabled(game, "g")
    for key in ("action:step", "attack:kurzschwert:SINGLE:1", "attack:unarmed:SINGLE:1"):
        assert key in applied
    for key in ("action:aim", "action:ready_creature", "action:ready_fields", "draw:armbrust"):
        assert key in applied
    assert "turn:N" in applied and "action:other" in applied and "action:end_turn" in applied
    assert [g.label for g in VIEWS.action_groups(game, EN)] == ["Action 1", "Action 2"]


def test_w_act_def_1_defensive_position_only_with_the_last_action() -> None:
    """W-ACT-DEF-1: greyed with two actions left (player words), allowed with one."""
    game = duel()
    offer = _offers(game)["action:defend"]
    assert not offer.enabled
    assert offer.reason == "Verteidigungsposition: nur mit der letzten freien Aktion"
    assert "W-" not in offer.reason + offer.tooltip
    assert _offers(game, EN)["action:defend"].reason.endswith("only with the last free action")
    game.apply(c.Turn360("g", "N"))
    offer = _offers(game)["action:defend"]
    assert offer.enabled
    game.apply(made(game, offer, "g"))
    assert game.fighters["g"].defensive


def test_w_act_ready_1_one_action_left_shows_aktion_2_and_greys_readiness() -> None:
    """W-ACT-READY-1, W-ROUND-3: with one action left the bar is "Aktion 2" and
    Bereitschaft (both actions) is greyed; the rest still applies."""
    game = duel((50,) * 20)
    game.apply(c.Turn360("g", "N"))
    groups = VIEWS.action_groups(game, DE)
    assert sorted(g.label for g in groups) == ["Aktion 1", "Aktion 2"]
    spent = next(g for g in groups if g is not now(groups))
    assert now(groups).label == "Aktion 2" and now(groups).available
    assert spent.label == "Aktion 1" and "verbraucht" in spent.tooltip and not spent.available
    ready = _offers(game)["action:ready"]
    assert not ready.enabled and "braucht beide Aktionen" in ready.reason
    applied = _apply_every_enabled(game, "g")
    assert "action:defend" in applied and "action:step" in applied
    assert "action:ready_creature" not in applied


def test_w_round_3_no_action_left_greys_all_but_zug_beenden() -> None:
    """W-ROUND-3: without actions every offer is greyed with the reason; Zug beenden
    still ends the turn."""
    game = duel()
    game.fighters["g"].actions_left = 0
    groups = VIEWS.action_groups(game, DE)
    assert not now(groups).available
    for offer in now(groups).offers:
        if offer.key == "action:end_turn":
            assert offer.enabled
            game.apply(made(game, offer, "g"))
        else:
            assert not offer.enabled, offer.key
            assert "keine Aktion mehr übrig" in offer.reason or "beide Aktionen" in offer.reason
    assert game.current == "u"


def test_w_act_ready_4_reaction_offers_one_attack_or_passing() -> None:
    """W-ACT-READY-3/4/5: Ulf ready on Gerold; Gerold acts; Ulf's reaction group offers
    an attack or passing, and both apply."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch",))
    game = build(a, b, rolls=(50, 50, 50, 50))
    game.apply(c.EndTurn("g"))
    game.apply(c.Ready("u", target="g"))
    game.apply(c.Turn360("g", "N"))
    assert game.decisions()[0].kind is DecisionKind.REACTION
    assert VIEWS.on_turn(game) == "u"
    groups = VIEWS.action_groups(game, DE)
    assert [g.label for g in groups] == ["Reaktion"]
    offers = {o.key: o for o in all_offers(now(groups).offers)}
    assert set(offers) >= {"action:attack", "action:pass", "attack:dolch:SINGLE:1"}
    assert "action:step" not in offers
    trial = copy(game)
    trial.apply(made(trial, offers["attack:dolch:SINGLE:1"], "u"))
    assert not trial.fighters["u"].ready
    game.apply(made(game, offers["action:pass"], "u"))
    assert not game.fighters["u"].ready and game.current == "g"
    assert VIEWS.end_turn(game) == c.EndTurn("g")


def test_w_act_move_step_finds_a_path_and_refuses_in_player_words() -> None:
    """W-ACT-MOVE, D-15: a Schritt to a field 2 away goes 3 steps around a wall; 4 away
    or a taken field is refused in player words."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (8, 6))
    game = build(a, b, walls=((2, 1), (2, 2), (2, 0)))
    step = _offers(game)["action:step"]
    assert step.needs is Needs.FIELD
    command = step.make(Pick(cell=(3, 3)))  # type: ignore[misc]
    assert isinstance(command, c.Step) and len(command.path) == 3
    copy(game).apply(command)
    assert step.make(Pick(cell=(5, 1))) == "nicht in 1 bis 3 Schritten erreichbar"  # type: ignore[misc]
    game.fighters["u"].cell = (1, 2)
    assert step.make(Pick(cell=(1, 2))) == "dort steht Ulf Pfeilschmied schon"  # type: ignore[misc]


def test_w_open_8_attack_refusals_are_player_words() -> None:
    """W-OPEN-8, W-ATK-1: melee only adjacent, ranged needs a line of sight, an ally is
    no enemy; each refusal in player words, German and English."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert", "armbrust"))
    b = FighterSetup("u", "ulf", "b", (5, 1))
    ally = FighterSetup("h", "brunhild", "a", (1, 2))
    game = build(a, b, ally, walls=((3, 0), (3, 1), (3, 2)))
    offers = _offers(game)
    sword = offers["attack:kurzschwert:SINGLE:1"]
    bow = offers["attack:armbrust:SINGLE:1"]
    refused = sword.make(Pick(creature="u"))  # type: ignore[misc]
    assert (
        refused
        == "Nahkampf nur gegen ein angrenzendes Feld; Ulf Pfeilschmied steht 4 Felder entfernt"
    )
    assert bow.make(Pick(creature="u")) == "keine Sichtlinie zu Ulf Pfeilschmied"  # type: ignore[misc]
    assert sword.make(Pick(creature="h")) == "Brunhild Eisenfaust ist kein Gegner"  # type: ignore[misc]
    en = _offers(game, EN)["attack:armbrust:SINGLE:1"]
    assert en.make(Pick(creature="u")) == "no line of sight to Ulf Pfeilschmied"  # type: ignore[misc]


def test_w_fire_semi_auto_choices_make_fire_mode_commands() -> None:
    """W-FIRE-SEMI, W-FIRE-AUTO, W-FIRE-TEST: the assault rifle offers single shot,
    Halbautomatik 2 and Vollautomatik 2 and 3 shots; a won test scores every shot."""
    a = FighterSetup("m", "mira", "b", (1, 1), drawn=("sturmgewehr",))
    b = FighterSetup("u", "ulf", "a", (6, 1))
    game = build(a, b, rolls=(1, 100))
    labels = [o.label for o in _offers(game)["action:attack"].choices]
    assert labels == [
        "Sturmgewehr",
        "Sturmgewehr · Halbautomatik, 2 Schuss",
        "Sturmgewehr · Vollautomatik, 2 Schuss",
        "Sturmgewehr · Vollautomatik, 3 Schuss",
        "waffenlos",
    ]
    full = _offers(game)["attack:sturmgewehr:FULL_AUTO:3"]
    command = made(game, full, "m")
    assert command == c.Attack("m", "u", "sturmgewehr", "Vollautomatik", 3)
    game.apply(command)
    assert game.log[-1].data["hits"] == 3
    tip = full.tooltip
    assert "−25" in tip or "-25" in tip


def test_w_bonus_dual_2_two_one_handed_weapons_offer_the_simultaneous_attack() -> None:
    """W-BONUS-DUAL-2/3: short sword and mace drawn: "zugleich" is offered; a win
    scores 2 hits."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert", "streitkolben"))
    b = FighterSetup("u", "ulf", "b", (2, 1))
    game = build(a, b, rolls=(1, 100))
    dual = _offers(game)["attack:kurzschwert:SINGLE:1:streitkolben"]
    assert dual.label == "Kurzschwert und Streitkolben zugleich"
    game.apply(made(game, dual, "g"))
    assert game.log[-1].data["hits"] == 2


def test_w_act_move_map_click_steps_or_attacks() -> None:
    """W-ACT-MOVE, W-ACT-ATTACK: a click on a free field is a Schritt, on an enemy an
    attack with the first drawn weapon; a field out of reach is greyed."""
    game = duel()
    step = VIEWS.map_click(game, (1, 3), None, DE)
    assert step is not None and step.enabled and step.make is not None
    copy(game).apply(step.make(Pick(cell=(1, 3))))  # type: ignore[arg-type]
    far = VIEWS.map_click(game, (9, 7), None, DE)
    assert far is not None and not far.enabled and "nicht in 1 bis 3" in far.reason
    attack = VIEWS.map_click(game, (2, 1), "u", DE)
    assert attack is not None and attack.make is not None
    assert attack.label == "Angriff: Kurzschwert"
    assert attack.make(Pick(creature="u", cell=(2, 1))) == c.Attack("g", "u", "kurzschwert")
    assert VIEWS.map_click(game, (1, 1), "g", DE) is None


def test_w_round_3_end_turn_and_passes_turn() -> None:
    """W-ROUND-3: Zug beenden is the end-turn command; a new round passes the turn."""
    game = duel()
    assert VIEWS.end_turn(game) == c.EndTurn("g")
    events = game.apply(c.EndTurn("g"))
    assert VIEWS.passes_turn(events)
    assert VIEWS.passes_turn([Event("round", "Runde 2", "Round 2")])
    assert not VIEWS.passes_turn([Event("aim", "", "", "g")])


def test_w_round_3_engine_refusals_are_told_without_rule_ids() -> None:
    """W-ROUND-3, W-ACT-DEF-1, W-ACT-MOVE: what the engine refuses reads as player words."""
    game = duel()
    for command in (
        c.DefensivePosition("g"),
        c.Step("g", ((1, 2), (1, 3), (1, 4), (1, 5))),
        c.Attack("g", "u", "armbrust"),
        c.Attack("u", "g", "dolch"),
    ):
        with pytest.raises(CommandRejected) as error:
            game.apply(command)
        for t in (DE, EN):
            told = VIEWS.refusal(str(error.value), t)
            assert told and "W-" not in told and "(" not in told
    game.apply(c.Turn360("g", "N"))
    with pytest.raises(CommandRejected) as error:
        game.apply(c.Ready("g", target="u"))
    assert VIEWS.refusal(str(error.value), DE) == "braucht 2 Aktion(en), 1 übrig"
    assert VIEWS.told_for_viewer(game, (), None, DE) == ()
