"""WRS views: the dice log with both d100 rolls, both PWs and the margins (D-15)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.match.events import Event
from game.match.views import LogKind, Tone
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import DE, EN, build, duel


def test_d15_w_atk_2_log_shows_both_rolls_pws_and_margins() -> None:
    """D-15, W-ATK-2, W-ATK-3: the attack's entry carries both d100, both PWs and both
    margins (Ergebnis = PW − roll), in German and English."""
    game = duel((10, 90))
    VIEWS.pieces(game)  # the screen reads the tokens every frame: the names are known
    event = game.apply(c.Attack("g", "u", "kurzschwert"))[-1]
    assert VIEWS.log_kind(event) is LogKind.ROLL
    text = VIEWS.log_text(event, DE)
    assert text.roll is not None and text.roll.dice == (10, 90)
    chips = " ".join(label for label, _ in text.roll.chips)
    assert "PW 65" in chips and "PW 50" in chips
    assert "Ergebnis +55" in chips and "Ergebnis -40" in chips
    assert text.roll.chips[-1] == ("Treffer", Tone.GOOD)
    assert "W100 10" in text.roll.plain and "W100 90" in text.roll.plain
    assert "W100 10 gegen PW 65" in text.roll.tooltip
    assert text.line.startswith(
        "Hauptmann Gerold (Kurzschwert) greift Ulf Pfeilschmied an: 1 Treffer"
    )
    english = VIEWS.log_text(event, EN)
    assert english.roll is not None
    assert "d100 10" in english.roll.plain and "margin +55" in english.roll.plain
    assert "margin -40" in english.roll.plain
    assert english.line.startswith("Hauptmann Gerold (short sword) attacks Ulf Pfeilschmied: 1 hit")
    for line in (text.line, english.line, text.roll.tooltip, text.roll.plain):
        assert "W-" not in line and "D-15" not in line


def test_w_atk_4_tie_is_fended_off_in_the_log() -> None:
    """W-ATK-4, D-15: equal margins go to the defender: "abgewehrt", no hit."""
    game = duel((65 - 20, 50 - 20))
    event = game.apply(c.Attack("g", "u", "kurzschwert"))[-1]
    text = VIEWS.log_text(event, DE)
    assert text.roll is not None
    assert text.roll.chips[-1] == ("abgewehrt", Tone.BAD)
    assert text.line.endswith("abgewehrt")


def test_w_hit_3_log_says_armour_points_and_wounds_left() -> None:
    """W-ARMOR-4, W-HIT-3: after a hit the line says the armour points and wounds."""
    game = duel((1, 100))
    game.fighters["u"].armour = Fraction(1, 2)
    event = game.apply(c.Attack("g", "u", "kurzschwert"))[-1]
    assert "Rüstungspunkte 0, Wunden 0" in VIEWS.log_text(event, DE).line
    assert "armour points 0, wounds 0" in VIEWS.log_text(event, EN).line


def test_w_open_10_helpless_target_is_a_damage_entry_without_dice() -> None:
    """W-OPEN-10: an attack on an unconscious target rolls nothing and hits."""
    game = duel()
    game.fighters["u"].armour = Fraction(0)
    game.fighters["u"].wounds = 4
    event = next(e for e in game.apply(c.Attack("g", "u", "kurzschwert")) if e.kind == "attack")
    assert VIEWS.log_kind(event) is LogKind.DAMAGE
    text = VIEWS.log_text(event, DE)
    assert text.roll is None and "wehrt sich nicht" in text.line


def test_w_atk_2_details_name_the_rules_for_the_game_master() -> None:
    """W-ATK-2, D-15: the GM's details add both sides' modifiers and the rule IDs."""
    game = duel((10, 90))
    game.apply(c.Attack("g", "u", "kurzschwert"))
    details = VIEWS.log_details(game, len(game.log) - 1, DE)
    assert any("Modifikator +10" in line for line in details)
    assert details[-1].startswith("Regeln: W-ATK-2")
    assert "D-15" in details[-1]
    assert VIEWS.log_details(game, 999, DE) == ()
    init = VIEWS.log_details(game, 0, EN)
    assert "W-INIT-1" in init[-1] and init[0].startswith("Initiative: Hauptmann Gerold")


def test_w_round_3_other_events_read_in_player_words() -> None:
    """W-ACT-MOVE, W-ACT-AIM, W-ACT-DRAW, W-ROUND-3: the lines name the fighters."""
    game = duel()
    VIEWS.pieces(game)
    events = game.apply(c.Step("g", ((1, 2),)))
    events += game.apply(c.Aim("g"))
    events += game.apply(c.Draw("u", "rundschild"))
    events += game.apply(c.EndTurn("u"))
    lines = [VIEWS.log_text(e, DE).line for e in events]
    assert lines[0] == "Hauptmann Gerold läuft 1 Schritt(e) nach (1, 2)"
    assert lines[1] == "Hauptmann Gerold zielt"
    assert lines[2] == "Ulf Pfeilschmied ist am Zug"  # the turn passes after two actions
    assert VIEWS.log_text(events[2], EN).line == "Ulf Pfeilschmied's turn"
    assert VIEWS.passes_turn(events[2:3])
    assert lines[3] == "Ulf Pfeilschmied zieht Rundschild"
    assert VIEWS.log_text(events[3], EN).line == "Ulf Pfeilschmied draws round shield"
    assert "Ulf Pfeilschmied beendet den Zug" in lines
    assert all(VIEWS.log_kind(e) is LogKind.OTHER for e in events)


def test_d9_log_under_fog_hides_the_enemy_behind_a_wall() -> None:
    """D-9, W-OPEN-8: side a does not read what Ulf does behind the wall; its own
    entries and an attack on its fighters it does."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (7, 1))
    walls = tuple((4, y) for y in range(8))
    game = build(a, b, walls=walls)
    game.apply(c.EndTurn("g"))
    game.apply(c.Turn360("u", "N"))
    seen = [event.kind for _, event in VIEWS.log_for(game, ["a"])]
    assert "end_turn" in seen and "turn360" not in seen
    assert "turn360" in [event.kind for _, event in VIEWS.log_for(game, ["b"])]


def test_wrs_puts_no_questions_and_has_no_rerolls() -> None:
    """No questions to the game master, no rerolls, nothing to answer."""
    game = duel()
    assert VIEWS.open_questions(game) == frozenset()
    assert VIEWS.replaced_rolls(game) == frozenset()
    with pytest.raises(KeyError):
        VIEWS.answer(game, 0)


def test_w_atk_1_the_weapon_is_named_when_the_event_carries_it() -> None:
    """W-ATK-1: an attack event that names its weapon gets it in the line."""
    game = duel((10, 90))
    VIEWS.pieces(game)
    event = game.apply(c.Attack("g", "u", "kurzschwert"))[-1]
    named = Event(
        event.kind, event.de, event.en, event.actor, {**event.data, "weapon": "kurzschwert"}
    )
    assert VIEWS.log_text(named, DE).line.startswith("Hauptmann Gerold (Kurzschwert) greift")
    assert VIEWS.log_text(named, EN).line.startswith("Hauptmann Gerold (short sword) attacks")
