"""The card, the initiative strip, the tokens and the end result of a Genesis fighter."""

from __future__ import annotations

from game.match.views import Card
from game.rulesets.genesis import commands as c
from game.rulesets.genesis.state import FighterSetup
from game.rulesets.genesis.views import VIEWS
from tests.rulesets.genesis.conftest_views import DE, EN, build, declare, duel, idle, team


def _values(card: Card | None) -> dict[str, str]:
    assert card is not None
    return {v.key: v.value for part in card.sections for v in part.values}


def _lines(card: Card | None) -> list[str]:
    assert card is not None
    return [line.text for part in card.sections for e in part.entries for line in e.lines]


def _badges(card: Card | None) -> list[str]:
    assert card is not None
    return [b.label for part in card.sections for b in part.badges]


def test_card_values_at_pa_aw_ini_ws_ad() -> None:
    """G-ATPA-1/2, G-INI-ROUND-2, G-DMG-WS: the card's values, the INI the rolled result,
    the weapon's and shield's PA bonus as item data in the hover."""
    game = duel()
    card = VIEWS.card(game, "alrik", DE)
    values = _values(card)
    assert values["card:at"] == "70" and values["card:pa"] == "55" and values["card:aw"] == "45"
    assert values["card:ini"] == "40"  # INI 50 − d100 10
    assert values["card:ws"] == "15" and values["card:ad"] == "30/30"
    assert card is not None and card.summary == "AT 70 · PA 55 · AW 45 · INI 40"
    pa = next(v for p in card.sections for v in p.values if v.key == "card:pa")
    assert "Schwert: PA +5" in pa.tooltip and "Holzschild: PA +10" in pa.tooltip
    assert VIEWS.card(game, "nobody", DE) is None


def test_g_le_unc_and_g_le_death_limits_on_the_card() -> None:
    """G-LE-UNC, G-LE-DEATH, G-LE-SB-1/2: LE 50 is bewusstlos below 7,5 (15 %) and
    tödlich getroffen below 0; a self-control X of 4 lowers both by 4."""
    game = duel()
    values = _values(VIEWS.card(game, "alrik", DE))
    assert values["card:le"] == "50/50"
    assert values["card:le_unconscious"] == "7,5" and values["card:le_death"] == "0"
    assert _values(VIEWS.card(game, "alrik", EN))["card:le_unconscious"] == "7.5"
    me = game.fighters["alrik"]
    me.self_control_x, me.le = 4, 5
    card = VIEWS.card(game, "alrik", DE)
    values = _values(card)
    assert values["card:le_unconscious"] == "3,5" and values["card:le_death"] == "-4"
    assert "Selbstbeherrschung X = 4" in _lines(card)
    assert card is not None and card.meter is not None and card.meter.label == "LE 5/50"
    me.life = "unconscious"
    card = VIEWS.card(game, "alrik", DE)
    assert card is not None and card.alert == "bewusstlos"
    assert _badges(card) == ["bewusstlos"]
    me.life, me.le = "fatally_wounded", -6
    card = VIEWS.card(game, "alrik", EN)
    assert card is not None and card.alert == "fatally hit"
    piece = VIEWS.pieces(game)["alrik"]
    assert piece.life == "dying" and piece.meter is not None and piece.meter.value == 0


def test_g_armor_helmet_the_helmet_is_not_in_the_total_rs() -> None:
    """G-ARMOR-HELMET, G-ARMOR-SLOTS, G-DMG-2: the armour by slot; the helmet's RS 2 does
    not count, the total RS is leather 3 + shield 1 = 4."""
    card = VIEWS.card(duel(), "alrik", DE)
    assert card is not None
    armour = next(p for p in card.sections if p.heading.startswith("Rüstung"))
    assert armour.heading == "Rüstung · RS 4"
    lines = [line.text for e in armour.entries for line in e.lines]
    assert lines == [
        "Hauptrüstung: Lederrüstung · RS 3",
        "Helm: Helm · RS 2",
        "zählt nicht zum Gesamt-RS",
        "Schild: Holzschild · RS 1 · PA +10",
        "Gesamt-RS 4",
    ]


def test_card_gw_shares_declared_and_left() -> None:
    """G-GW-2, G-GW-ODD-1, G-PHASE-DECL-1: the GW of this KR (its shares), then the
    declared numbers and what is left of them while striking."""
    game = duel((10, 30, 90))
    values = _values(VIEWS.card(game, "alrik", DE))
    assert values["card:share"] == "2 oder 3" and values["card:declared"] == "noch nicht"
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    game.apply(c.Declare("alrik", attacks=2.0, defences=1.0))
    values = _values(VIEWS.card(game, "alrik", DE))
    assert values["card:declared"] == "2 AT · 1 PA/AW" and values["card:left"] == "2 AT · 1 PA/AW"
    game.apply(c.Strike("alrik", target="bosper"))  # a miss (90)
    assert _values(VIEWS.card(game, "alrik", DE))["card:left"] == "1 AT · 1 PA/AW"


def test_card_weapons_and_states() -> None:
    """G-SWAP, G-STATE-PASSIVE-1, G-INI-RANGED-2: weapon in hand and carried; the states
    passiv (the slowest in KR 1), Waffenwechsel, Zeit steht still."""
    game = build(
        FighterSetup("alrik", "kaempfer", "A", (2, 2), name="Alrik"),
        FighterSetup("bosper", "kaempfer", "B", (3, 2), name="Bosper"),
        FighterSetup("xandra", "schuetze", "A", (0, 7), name="Xandra"),
        rolls=(10, 30),
    )
    assert _lines(VIEWS.card(game, "alrik", DE))[-4:] == [
        "Schwert (in der Hand)",
        "TP 1W6+4 · PA +5 · Reichweite 1 Feld(er)",
        "Speer (mitgeführt)",
        "TP 1W6+3 · AT +5 · Reichweite 2 Feld(er)",
    ]
    assert "passiv" in _badges(VIEWS.card(game, "bosper", DE))
    xandra = VIEWS.card(game, "xandra", DE)
    assert "Zeit steht still" in _badges(xandra) and _values(xandra)["card:ini"] == "—"
    assert "Bogen (in der Hand)" in _lines(xandra)
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    game.apply(c.Declare("alrik", attacks=0.0, defences=3.0, swap_to="speer"))
    assert "Waffenwechsel (1 KR)" in _badges(VIEWS.card(game, "alrik", DE))
    marks = [m.key for m in VIEWS.pieces(game)["alrik"].marks]
    assert marks == ["swap"]


def test_g_ini_round_1_strip_of_the_initiative_rounds() -> None:
    """G-INI-ROUND-1, G-INI-ROUND-5, G-INI-OPEN-1/2: KR 1 is the 1st INI-KR, declared from
    the slowest up; KR 2 the 2nd INI-KR, from the fastest down; the chips carry the INI."""
    game = team()
    order = VIEWS.turn_order(game, DE)
    assert order.label == "KR 1 · 1. INI-KR · Ansage"
    assert [chip.key for chip in order.chips] == ["b2", "b1", "a2", "a1"]
    assert [b.label for b in order.chips[0].badges][:2] == ["INI 10", "sagt an"]
    assert VIEWS.turn_order(game, EN).label == "KR 1 · 1st INI-KR · Declaration"
    idle(game, 2)
    order = VIEWS.turn_order(game, DE)
    assert order.label == "KR 2 · 2. INI-KR · Ansage"
    assert [chip.key for chip in order.chips] == ["a1", "a2", "b1", "b2"]
    assert VIEWS.current_round(game) == 2


def test_g_kr_alpha_and_beta_on_the_strip() -> None:
    """G-KR-ALPHA, G-KR-BETA, G-KR-FIRST-2: KR 3 is the AKR of the INI winner (side B
    declares first), KR 4 the BKR (side A first); the phases Attacken and Abwehr."""
    game = team()
    idle(game, 3)
    assert VIEWS.turn_order(game, DE).label == "KR 3 · AKR · Ansage"
    tips = {chip.key: chip.tooltip for chip in VIEWS.turn_order(game, DE).chips}
    assert "Seite A hat die Gruppen-INI gewonnen" in tips["a1"]
    idle(game, 4)
    order = VIEWS.turn_order(game, DE)
    assert order.label == "KR 4 · BKR · Ansage"
    assert [chip.key for chip in order.chips][:2] == ["a1", "a2"]
    for attacks, defences in ((0, 2), (0, 2), (1, 1), (0, 2)):
        declare(game, attacks, defences)
    assert game.phase == "strike"
    order = VIEWS.turn_order(game, DE)
    assert order.label == "KR 4 · BKR · Attacken"
    assert order.chips[0].key == "b1"
    assert "1 AT übrig" in [b.label for b in order.chips[0].badges]


def test_result_and_pieces() -> None:
    """The end screen's rows: LE of the LE, the life state; the tokens' LE meter."""
    game = duel()
    pieces = VIEWS.pieces(game)
    assert set(pieces) == {"alrik", "bosper"}
    assert pieces["bosper"].marks[0].key == "passive" and pieces["bosper"].meter is not None
    assert pieces["bosper"].meter.label == "LE 50/50"
    assert VIEWS.on_turn(game) == "bosper"
    result = VIEWS.result(game, DE)
    assert result.value_heading == "LE" and result.rounds == 1
    assert [row.value for row in result.standings] == ["50/50", "50/50"]
    game.fighters["alrik"].life = "unconscious"
    row = VIEWS.result(game, EN).standings[0]
    assert row.life == "unconscious" and row.state == ""
