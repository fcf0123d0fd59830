"""WRS views: the fighter card, the tokens, the turn order and the end result."""

from __future__ import annotations

from fractions import Fraction

from game.match.views import Card, Tone
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import DE, EN, build, duel


def _texts(card: Card) -> str:
    """Return every text of a card in one string."""
    parts = [card.title, card.subtitle, card.summary, card.alert]
    parts += [card.meter.label] if card.meter else []
    for section in card.sections:
        parts.append(section.heading)
        parts += [f"{v.label}={v.value}" for v in section.values]
        parts += [line.text for e in section.entries for line in e.lines]
        parts += [b.label for b in section.badges]
    return "\n".join(parts)


def test_w_wound_1_w_armor_2_card_shows_values_lp_and_armour_in_german() -> None:
    """W-WOUND-1, W-ARMOR-2, W-BONUS-1: Körper, Geist, LP a/b/c, the armour pool and
    each piece, the weapons with their bonus, the skills, in the rulebook's words."""
    game = duel()
    card = VIEWS.card(game, "g", DE)
    assert card is not None
    text = _texts(card)
    assert card.title == "Hauptmann Gerold"
    assert "Körper=55" in text and "Geist=45" in text
    assert "Lebenspunkte 3/4/10" in text
    assert "zu Boden ab=3" in text and "bewusstlos ab=4" in text and "tot ab=10" in text
    assert "Rüstungspunkte 5,5 von 5,5" in text  # Kettenhemd 4 + Stahlhelm 1,5
    assert "Kettenhemd: 4 Rüstungspunkte" in text
    assert "Kurzschwert (gezogen)" in text and "Bonus A +10 / V +10" in text
    assert "Nahkampf/scharf/einhändig" in text
    assert card.meter is not None and card.meter.pips
    assert (card.meter.value, card.meter.maximum) == (0, 10)
    assert "Aktionen 2/2" in card.summary
    assert "W-" not in text  # no rule IDs for players


def test_w_wound_1_card_in_english() -> None:
    """W-WOUND-1, W-ARMOR-2: the same card in English words."""
    card = VIEWS.card(duel(), "g", EN)
    assert card is not None
    text = _texts(card)
    assert "Body=55" in text and "Mind=45" in text
    assert "Life points 3/4/10" in text
    assert "Armour points 5.5 of 5.5" in text
    assert "short sword (drawn)" in text and "mail shirt: 4 armour points" in text
    assert "Körper" not in text and "Kurzschwert" not in text


def test_w_armor_1_piece_without_skill_gives_no_points() -> None:
    """W-ARMOR-1, W-OPEN-9: Ulf's leather armour without the skill adds 0."""
    card = VIEWS.card(duel(), "u", DE)
    assert card is not None
    text = _texts(card)
    assert "Rüstungspunkte 0 von 0" in text
    assert "Lederrüstung: 0 Rüstungspunkte (Rüstungsfähigkeit fehlt)" in text


def test_w_wound_2_4_card_and_token_follow_the_wounds() -> None:
    """W-WOUND-2..4, W-ARMOR-5: down, unconscious, dead; armour destroyed is said."""
    game = duel()
    u = game.fighters["g"]
    u.armour = Fraction(0)
    u.wounds = 3
    card = VIEWS.card(game, "g", DE)
    assert card is not None and card.alert == "am Boden"
    assert card.meter is not None and card.meter.value == 3
    assert "Rüstung zerstört: kein Schutz mehr" in _texts(card)
    piece = VIEWS.pieces(game)["g"]
    assert piece.life == "ok" and piece.stance == "kneeling"
    assert "down" in {m.key for m in piece.marks} and "armour" not in {m.key for m in piece.marks}
    u.wounds = 4
    assert VIEWS.pieces(game)["g"].life == "unconscious"
    card = VIEWS.card(game, "g", EN)
    assert card is not None and card.alert == "unconscious"
    u.wounds = 10
    assert VIEWS.pieces(game)["g"].life == "dead"


def test_w_armor_4_token_meter_shows_wound_pips_and_armour_mark() -> None:
    """W-ARMOR-3/4, W-WOUND-1: c pips with the wounds filled, the armour points left as
    a mark (a half stays a half)."""
    game = duel()
    piece = VIEWS.pieces(game)["g"]
    assert piece.meter is not None and piece.meter.pips
    assert piece.meter.maximum == 10 and piece.meter.value == 0
    assert piece.meter.label == "Wunden 0/10"
    armour = next(m for m in piece.marks if m.key == "armour")
    assert armour.code == "5½"
    game.fighters["g"].wounds = 2
    assert VIEWS.pieces(game)["g"].meter.value == 2  # type: ignore[union-attr]


def test_w_act_aim_def_ready_markers_on_token_and_card() -> None:
    """W-ACT-AIM, W-OPEN-5, W-ACT-DEF-2, W-ACT-READY-1: the markers show on token and
    card; Zielen as the second action stays into the next turn."""
    game = duel()
    game.apply(c.Turn360("g", "N"))
    game.apply(c.Aim("g"))
    game.apply(c.Turn360("u", "N"))
    game.apply(c.DefensivePosition("u"))
    assert "aim" in {m.key for m in VIEWS.pieces(game)["g"].marks}
    assert "defensive" in {m.key for m in VIEWS.pieces(game)["u"].marks}
    card = VIEWS.card(game, "u", DE)
    assert card is not None
    labels = {b.label for s in card.sections for b in s.badges}
    assert "Verteidigungsposition" in labels
    card = VIEWS.card(game, "g", EN)
    assert card is not None
    assert "Aiming" in {b.label for s in card.sections for b in s.badges}
    game.apply(c.Ready("g", target="u"))
    assert "ready" in {m.key for m in VIEWS.pieces(game)["g"].marks}
    card = VIEWS.card(game, "g", DE)
    assert card is not None
    badges = [b for s in card.sections for b in s.badges if b.key == "card:state:ready"]
    assert badges and badges[0].label == "Bereitschaft auf Ulf Pfeilschmied"
    assert badges[0].tone is Tone.GOOD and "W-" not in badges[0].tooltip


def test_w_init_3_turn_order_lists_the_round_in_initiative_order() -> None:
    """W-INIT-1..3: the strip shows the round and the fixed order."""
    game = duel()
    order = VIEWS.turn_order(game, DE)
    assert order.label == "Runde 1"
    assert [chip.key for chip in order.chips] == ["g", "u"]
    assert "Hauptmann Gerold" in order.chips[0].tooltip and "Körper 55" in order.chips[0].tooltip
    assert VIEWS.turn_order(game, EN).label == "Round 1"
    assert VIEWS.current_round(game) == 1 and VIEWS.on_turn(game) == "g"


def test_w_surp_2_surprised_fighters_come_after_and_are_told() -> None:
    """W-SURP-2: in round 1 only the surprising side acts; the others are told so."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (6, 6))
    game = build(a, b, surprise=("b",))
    chips = VIEWS.turn_order(game, DE).chips
    assert chips[0].key == "u"
    assert "überrascht" in chips[1].tooltip


def test_w_wound_4_result_lists_wounds_and_the_winner() -> None:
    """W-WOUND-4, W-ROUND-2: the end screen's rows: wounds of c, life, the winner."""
    game = duel((1, 100))
    game.fighters["u"].armour = Fraction(0)
    game.fighters["u"].wounds = 8
    game.apply(c.Attack("g", "u", "kurzschwert"))
    assert game.over
    result = VIEWS.result(game, DE)
    assert result.winner == "a" and result.value_heading == "Wunden"
    rows = {row.name: row for row in result.standings}
    assert rows["Ulf Pfeilschmied"].life == "dead" and rows["Ulf Pfeilschmied"].value == "9/9"
    assert VIEWS.card(game, "nobody", DE) is None
