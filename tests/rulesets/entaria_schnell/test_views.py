"""The quick rules' views (``game.rulesets.entaria_schnell.views``) on the bundled
Straßenkampf mission played with ``ruleset = "entaria-schnell"``.

Dice (ScriptedRoller): first the initiative d20s per character in roster order (Likron,
Valina, Lara: 8, 19, 18 — all three succeed and act before the enemies, Q-INIT-1/2), then each
attack's d20 and the d6 of a hit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from game.board.dice import RandomRoller, ScriptedRoller
from game.match.decisions import DecisionKind
from game.match.effects import Fell
from game.match.views import Card, LogKind, Needs, Offer, Pick, Viewer, ZoneLayout
from game.missions.simulate import open_mission
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.chances import attack_chances
from game.rulesets.entaria_schnell.rules.ranges import take_full_cover
from game.rulesets.entaria_schnell.views import VIEWS
from game.ui.locale import Translator

DE, EN = Translator("de"), Translator("en")
MISSION = Path(__file__).resolve().parents[3] / "maps" / "strassenkampf.toml"
INITIATIVE = (8, 19, 18)
KNUEPPEL = "punk_knueppel"


def quick_mission(folder: Path) -> Path:
    """Return the Straßenkampf mission rewritten to the quick rules, in ``folder``."""
    text = MISSION.read_text(encoding="utf-8")
    path = folder / "strassenkampf-schnell.toml"
    path.write_text(
        text.replace('ruleset = "entaria"', 'ruleset = "entaria-schnell"'), encoding="utf-8"
    )
    return path


def new_game(folder: Path, dice: Sequence[int] = ()) -> QuickGame:
    """Return a quick-rules game of the mission with ``dice`` after the initiative.

    Each character rolls as many d20 as the engine asks of it (two with Nachteil, the
    lower kept), all showing that character's value of ``INITIATIVE``.
    """
    opened = open_mission(str(quick_mission(folder)))
    probe = QuickGame(opened.setup, opened.catalogue, RandomRoller(0))
    counts = probe.log[0].data["rolls"]
    initiative = [
        value
        for key, value in zip(("likron", "valina", "lara"), INITIATIVE, strict=True)
        for _ in counts[key]
    ]
    roller = ScriptedRoller([*initiative, *dice, *([5] * 40)])
    return QuickGame(opened.setup, opened.catalogue, roller)


@pytest.fixture
def game(tmp_path: Path) -> QuickGame:
    return new_game(tmp_path, (19, 6, 19, 6))


def on_turn(game: QuickGame, key: str = "likron") -> QuickGame:
    game.apply(c.ChooseNext(key))
    return game


def all_offers(offers: Sequence[Offer]) -> Iterator[Offer]:
    for offer in offers:
        yield offer
        yield from all_offers(offer.choices)


def card_text(card: Card) -> str:
    parts = [card.title, card.subtitle, card.summary, card.alert]
    for section in card.sections:
        parts.append(section.heading)
        parts += [f"{v.label} {v.value}" for v in section.values]
        parts += [line.text for e in section.entries for line in e.lines]
        parts += [b.label for b in section.badges]
    return "\n".join(parts)


def defeat_knueppel(game: QuickGame) -> QuickGame:
    """Likron shoots the Punk mit Knüppel twice (19 + 6 each: 9 damage, 10 LP)."""
    on_turn(game)
    for _ in range(2):
        game.apply(c.Attack("likron", KNUEPPEL, "schrotgewehr"))
    return game


# ------------------------------------------------------------------ ORDER
def test_q_init_2_order_decision_offers_the_block_and_a_click_chooses(game: QuickGame) -> None:
    """Q-INIT-2, Q-INIT-5: all three characters made their initiative; the group chooses
    who of the block acts first — the bar offers them, a click on one sends ChooseNext."""
    assert game.decisions()[0].kind is DecisionKind.ORDER
    (group,) = VIEWS.action_groups(game, DE)
    assert group.key == "order" and group.available
    assert [o.label for o in group.offers] == ["Likron", "Valina", "Lara"]
    assert group.offers[1].make is not None
    assert group.offers[1].make(Pick()) == c.ChooseNext("valina")
    click = VIEWS.map_click(game, game.creatures["lara"].cell, "lara", DE)
    assert click is not None and click.enabled and click.make is not None
    assert click.make(Pick(creature="lara")) == c.ChooseNext("lara")
    assert VIEWS.map_click(game, game.creatures[KNUEPPEL].cell, KNUEPPEL, DE) is None
    assert VIEWS.end_turn(game) is None
    assert VIEWS.on_turn(game) == "likron"
    assert VIEWS.zone_layout(game) == ZoneLayout(game.zones.ids, game.zones.names)


def test_q_init_2_turn_order_strip_lists_the_blocks(game: QuickGame) -> None:
    """Q-INIT-2: the strip shows the round and the turns block by block: the characters
    before the enemies, then the enemies; who may be chosen is marked, then who is on turn."""
    strip = VIEWS.turn_order(game, DE)
    assert strip.label == "Runde 1"
    keys = [chip.key for chip in strip.chips]
    assert keys[:3] == ["likron", "valina", "lara"] and KNUEPPEL in keys[3:]
    assert strip.chips[0].badges[0].label == "wählbar"
    assert "vor den Gegnern" in strip.chips[0].tooltip
    assert "Gegner" in strip.chips[3].tooltip
    on_turn(game, "valina")
    strip = VIEWS.turn_order(game, EN)
    assert strip.label == "Round 1"
    chip = next(ch for ch in strip.chips if ch.key == "valina")
    assert chip.badges[0].label == "on turn"
    assert VIEWS.current_round(game) == 1


# ------------------------------------------------------------------ TURN
def test_q_act_1_turn_offers_the_rulebook_actions(game: QuickGame) -> None:
    """Q-ACT-1, Q-MOVE-1..3, Q-COVER-2: a turn offers Gehen, Laufen, Lösen, Angriff,
    Nachladen, Volldeckung and Zug beenden; what cannot be done says why."""
    on_turn(game)
    (group,) = VIEWS.action_groups(game, DE)
    assert group.key == "turn" and group.available and "2 HH" in group.label
    labels = [o.label for o in group.offers]
    for word in ("Gehen", "Laufen", "Lösen", "Angriff", "Nachladen", "Volldeckung"):
        assert word in labels
    assert labels[-1] == "Zug beenden"
    disengage = next(o for o in group.offers if o.key == "action:disengage")
    assert not disengage.enabled and "kein Gegner in deiner Zone" in disengage.reason
    reload = next(o for o in group.offers if o.key == "action:reload")
    assert not reload.enabled and "kein Magazin ist leer" in reload.reason
    attack = next(o for o in group.offers if o.key == "action:attack")
    assert attack.needs is Needs.CHOICE
    assert [ch.label for ch in attack.choices] == ["Schrotgewehr", "waffenlos"]
    shotgun, unarmed = attack.choices
    assert shotgun.enabled  # Q-RANGE-NAH: the punks one zone away
    assert not unarmed.enabled and "kein Gegner in Reichweite" in unarmed.reason  # Q-ATK-1
    (english,) = VIEWS.action_groups(game, EN)
    assert "Walk" in [o.label for o in english.offers]
    assert VIEWS.end_turn(game) == c.EndTurn("likron")
    for offer in all_offers(group.offers):
        assert offer.label and "Q-" not in offer.tooltip and "Q-" not in offer.reason


def test_q_move_1_map_click_walks_in_reach_and_runs_farther(game: QuickGame) -> None:
    """Q-MOVE-1: a click on a field of a zone in walking reach offers Gehen onto that
    field; a zone only running reaches offers Laufen; an unreachable zone says why."""
    on_turn(game)
    walk = game.move_targets("likron", "walk")
    run = game.move_targets("likron", "run")
    near = min(walk)
    cell = game.zones.fields_of(near)[0]
    offer = VIEWS.map_click(game, cell, None, DE)
    assert offer is not None and offer.enabled and offer.make is not None
    assert offer.label.startswith("Gehen")
    assert offer.make(Pick(cell=cell)) == c.Move("likron", "walk", near, cell[0], cell[1])
    far = min(set(run) - set(walk))
    cell = game.zones.fields_of(far)[0]
    offer = VIEWS.map_click(game, cell, None, DE)
    assert offer is not None and offer.label.startswith("Laufen")
    assert offer.make is not None and isinstance(offer.make(Pick(cell=cell)), c.Move)
    unreachable = next(z for z in range(game.zones.count) if z not in run and z != 18)
    cell = game.zones.fields_of(unreachable)[0]
    offer = VIEWS.map_click(game, cell, None, DE)
    assert offer is not None and not offer.enabled and "nicht erreichbar" in offer.reason
    layout = VIEWS.zone_layout(game)
    assert layout is not None
    assert layout.current == game.zone_of("likron")
    assert layout.reachable == frozenset(walk) | frozenset(run)
    assert layout.names == tuple(game.zones.names)


def test_q_atk_4_map_click_attacks_with_exact_odds(game: QuickGame) -> None:
    """Q-ATK-4, Q-RANGE-NAH, Q-CRIT-HIT-1, Q-CRIT-FAIL-1: a click on an enemy offers the
    attack with the best weapon; the odds are the d20's exact chances: Fernkampf 6 against
    V 11 in the next zone (Nah) hits on 5..20: 80 %, critical and fumble 5 % each."""
    on_turn(game)
    target = game.creatures[KNUEPPEL]
    offer = VIEWS.map_click(game, target.cell, KNUEPPEL, DE)
    assert offer is not None and offer.enabled and offer.label == "Angriff: Schrotgewehr"
    assert offer.make is not None
    assert offer.make(Pick(creature=KNUEPPEL)) == c.Attack("likron", KNUEPPEL, "schrotgewehr")
    plan = game.plan("likron", KNUEPPEL, "schrotgewehr")
    exact = attack_chances(plan.attack_value, plan.defense, edge=plan.edge)
    assert exact.hit == Fraction(4, 5)
    odds = VIEWS.attack_odds(game, "likron", KNUEPPEL, "schrotgewehr", None, None, None, DE)
    assert odds is not None and odds.short == "80 %"
    assert odds.lines[0] == "Treffer 80 % · kritisch 5 % · Patzer 5 %"
    assert "Reichweite Nah" in odds.lines[2]
    english = VIEWS.attack_odds(game, "likron", KNUEPPEL, "schrotgewehr", None, None, None, EN)
    assert english is not None and "band near" in english.lines[2]
    lines = VIEWS.offer_odds(game, offer, KNUEPPEL, DE)
    assert lines[0].endswith("Treffer 80 % · kritisch 5 % · Patzer 5 %")
    assert VIEWS.offer_odds(game, offer, None, DE)
    assert VIEWS.map_click(game, game.creatures["lara"].cell, "lara", DE) is None
    melee = VIEWS.map_click(game, target.cell, KNUEPPEL, DE)
    assert melee is not None
    far = VIEWS.attack_odds(game, "likron", "dealer", "", None, None, None, DE)
    assert far is None  # waffenlos reaches the own zone only (Q-ATK-1)


def test_q_range_odds_with_an_edge_are_exact_quarter_percents() -> None:
    """Q-RANGE-*: with Vorteil/Nachteil two d20 are rolled; the chance is written exact."""
    from game.rulesets.entaria_schnell.views.chances import percent

    chance = attack_chances(6, 11, edge=-1).hit
    assert chance == Fraction(16 * 16, 400)
    assert percent(chance, DE) == "64 %"
    assert percent(Fraction(169, 400), DE) == "42,25 %"
    assert percent(Fraction(169, 400), EN) == "42.25 %"


def test_card_shows_zone_values_block_weapons_and_impuls(game: QuickGame) -> None:
    """The card: LP, V (Ausweichen), Panzerung, Nahkampf/Fernkampf, the zone's name, the
    initiative block (Q-INIT-2), the weapons with SW and magazine, the group's Impuls."""
    card = VIEWS.card(game, "likron", DE)
    assert card is not None
    text = card_text(card)
    zone = game.zones.names[game.zone_of("likron")]
    assert f"Zone {zone}" in text
    for expected in ("LP 24/24", "V 12", "Panzerung 4", "Nahkampf 7", "Fernkampf 6"):
        assert expected in text
    assert "Initiative: vor den Gegnern" in text and f"Zone: {zone}" in text
    assert "Schrotgewehr" in text and "SW 3" in text and "Magazin voll" in text
    assert f"Impuls {game.impulse}" in text
    enemy = VIEWS.card(game, KNUEPPEL, EN)
    assert enemy is not None and "Initiative: enemies" in card_text(enemy)
    assert VIEWS.card(game, "nobody", DE) is None
    pieces = VIEWS.pieces(game)
    assert set(pieces) == set(game.creatures)
    assert pieces["likron"].meter is not None and pieces["likron"].meter.label == "LP 24/24"


# ------------------------------------------------------------------ OUTCOME
def test_q_defeat_2_outcome_offers_the_four_choices(game: QuickGame) -> None:
    """Q-DEFEAT-1, Q-DEFEAT-2: an enemy at 0 LP is Besiegt; the character chooses töten,
    überzeugen, befragen or betäuben — the bar offers exactly these."""
    defeat_knueppel(game)
    decision = game.decisions()[0]
    assert decision.kind is DecisionKind.OUTCOME
    (group,) = VIEWS.action_groups(game, DE)
    assert group.key == "outcome" and "Punk mit Knüppel" in group.label
    assert [o.label for o in group.offers] == ["töten", "überzeugen", "befragen", "betäuben"]
    (english,) = VIEWS.action_groups(game, EN)
    assert [o.label for o in english.offers] == ["kill", "convince", "interrogate", "stun"]
    assert VIEWS.on_turn(game) == "likron"
    assert VIEWS.end_turn(game) is None
    assert VIEWS.map_click(game, (0, 0), None, DE) is None
    card = VIEWS.card(game, KNUEPPEL, DE)
    assert card is not None and card.alert == "Besiegt"
    assert VIEWS.pieces(game)[KNUEPPEL].life == "unconscious"
    kill = group.offers[0]
    assert kill.make is not None
    command = kill.make(Pick())
    assert command == c.ChooseOutcome("likron", KNUEPPEL, "KILLED")
    assert not isinstance(command, str)
    events = game.apply(command)
    assert VIEWS.pieces(game)[KNUEPPEL].life == "dead"
    assert Fell(game.creatures[KNUEPPEL].cell, "dead", "feedback.dead") in VIEWS.effects(
        game, events
    )
    card = VIEWS.card(game, KNUEPPEL, DE)
    assert card is not None and card.alert == "Besiegt, getötet"


def test_log_texts_dice_and_details(game: QuickGame) -> None:
    """Q-ATK-4: the log says each event's line; an attack carries its d20 and its
    sum against V; the rule IDs stand only in the details."""
    defeat_knueppel(game)
    attacks = [i for i, e in enumerate(game.log) if e.kind == "attack"]
    assert len(attacks) == 2
    event = game.log[attacks[0]]
    assert VIEWS.log_kind(event) is LogKind.ROLL
    text = VIEWS.log_text(event, DE)
    assert text.line.startswith("Likron trifft Punk mit Knüppel")
    assert text.roll is not None and text.roll.dice == (19,)
    assert ("V 11", text.roll.chips[2][1]) == text.roll.chips[2]
    assert "Q-" not in text.line and "Q-" not in text.roll.tooltip
    assert VIEWS.log_text(event, EN).line.startswith("Likron hits")
    details = VIEWS.log_details(game, attacks[0], DE)
    assert "W20 19 + 6 = 25 gegen V 11" in details
    assert any("Q-ATK-4" in line for line in details)
    defeated = next(e for e in game.log if e.kind == "defeated")
    assert VIEWS.log_kind(defeated) is LogKind.DAMAGE
    assert VIEWS.notice(defeated, DE) == "Punk mit Knüppel ist besiegt"
    assert VIEWS.log_details(game, 10_000, DE) == ()
    init = VIEWS.log_details(game, 0, DE)
    assert any(line.startswith("Likron: W20 [8") and "→ 16" in line for line in init)
    shown = VIEWS.log_for(game, ["gruppe"])
    assert [i for i, _ in shown] == list(range(len(game.log)))
    assert VIEWS.open_questions(game) == frozenset()
    assert VIEWS.replaced_rolls(game) == frozenset()
    effects = VIEWS.effects(game, game.log[attacks[1] :])
    assert effects


def test_every_other_view_answers(game: QuickGame) -> None:
    """The rest of the protocol: the Impuls panel (E-IMP-3); no overlays, GM commands or
    questions; the fog shows a side its own creatures; refusals are told without rule IDs;
    the result."""
    assert VIEWS.panel_keys() == ("impulse",)
    panel = VIEWS.panel(game, "impulse", Viewer(None), DE)
    assert panel.title == "Impuls" and panel.rows[0].text == f"Impuls der Gruppe: {game.impulse}"
    with pytest.raises(KeyError):
        VIEWS.panel(game, "nothing", Viewer(None), DE)
    assert VIEWS.overlays(DE) == ()
    assert VIEWS.gm_commands(game, None, DE) == ()
    fog = VIEWS.fog(game, ["gruppe"])
    assert fog is not None and {"likron", "valina", "lara"} <= fog.creatures
    assert fog.visible.shape == (game.grid.height, game.grid.width)
    assert VIEWS.fog(game, []) is None
    groups = VIEWS.action_groups(game, DE)
    assert VIEWS.told_for_viewer(game, groups, None, DE) == groups
    assert VIEWS.passes_turn(on_turn(game).log[-1:])
    with pytest.raises(Exception) as refused:
        game.apply(c.Move("likron", "walk", 0))
    told = VIEWS.refusal(refused.value.reason, DE)  # type: ignore[attr-defined]
    assert told and "Q-" not in told
    result = VIEWS.result(game, EN)
    assert result.winner is None and result.rounds == 1 and result.value_heading == "LP"
    assert len(result.standings) == len(game.creatures)
    for call in (
        VIEWS.throw_odds(game, "likron", "", (0, 0), DE),
        VIEWS.area_check_odds(game, "likron", "", None, [], DE),
        VIEWS.leave_reach_odds(game, "likron", False, DE),
        VIEWS.area_odds(game, "likron", "", None, {}, DE),
    ):
        assert call == ()
    assert VIEWS.blast_odds(game, "likron", "", KNUEPPEL, DE) == ""
    assert VIEWS.repeat_warning(game, "walk", DE) == ""
    with pytest.raises(KeyError):
        VIEWS.answer(game, 0)


def test_q_range_1_refusals_name_creatures_and_weapons_in_player_words(game: QuickGame) -> None:
    """Q-RANGE-1, Q-ATK-1: a click on an enemy the shotgun cannot reach is greyed with the
    engine's reason in player words — the creature's name, not its key, no rule IDs."""
    on_turn(game)
    dealer = game.creatures["dealer"]
    offer = VIEWS.map_click(game, dealer.cell, "dealer", DE)
    assert offer is not None and not offer.enabled
    assert "Drogendealer ist außer Reichweite der Waffe" in offer.reason
    assert ": dealer ist" not in offer.reason and "Q-" not in offer.reason
    english = VIEWS.map_click(game, dealer.cell, "dealer", EN)
    assert english is not None and "Drogendealer is out of the weapon's range" in english.reason
    assert VIEWS.attack_odds(game, "likron", "dealer", "schrotgewehr", None, None, None, DE) is None


def test_q_cover_2_full_cover_shows_on_card_and_token(tmp_path: Path) -> None:
    """Q-COVER-2: Volldeckung is a badge on the card and a mark on the token, and the bar
    then offers to leave it."""
    game = new_game(tmp_path)
    on_turn(game)
    likron = game.creatures["likron"]
    likron.held = take_full_cover(likron.held)
    card = VIEWS.card(game, "likron", DE)
    assert card is not None and "Volldeckung" in card_text(card)
    assert [m.key for m in VIEWS.pieces(game)["likron"].marks] == ["cover"]
    (group,) = VIEWS.action_groups(game, DE)
    leave = next(o for o in group.offers if o.key == "action:uncover")
    assert leave.label == "Deckung verlassen" and leave.make is not None
    assert leave.make(Pick()) == c.LeaveCover("likron")


def test_q_open_16_a_second_attack_warns_of_wehrlos(tmp_path: Path) -> None:
    """Q-OPEN-16: the same action twice in a turn makes Wehrlos until the next turn; after
    a first shot (a miss: 2 + 6 against V 11) the second one's hover says so, a walk not."""
    game = on_turn(new_game(tmp_path, (2,)))
    punk = game.creatures[KNUEPPEL]
    offer = VIEWS.map_click(game, punk.cell, KNUEPPEL, DE)
    assert offer is not None
    assert not any("wehrlos" in line for line in VIEWS.offer_odds(game, offer, KNUEPPEL, DE))
    game.apply(c.Attack("likron", KNUEPPEL, "schrotgewehr"))
    lines = VIEWS.offer_odds(game, offer, KNUEPPEL, DE)
    assert lines[-1] == "Dieselbe Handlung zum zweiten Mal: wehrlos bis zum nächsten Zug"
    assert VIEWS.repeat_warning(game, "walk", DE) == ""


def test_q_open_17_a_grenade_is_thrown_at_the_zone(tmp_path: Path) -> None:
    """Q-OPEN-17: Lara's grenade aims at the zone, Fernkampf against ZW 15 (4 + d20: hits
    on 11..20, 50 %); it bursts over the zone it lands in, each creature there loses LP."""
    game = on_turn(new_game(tmp_path, (17, 1, 4)), "lara")
    odds = VIEWS.attack_odds(game, "lara", KNUEPPEL, "handgranate", None, None, None, DE)
    assert odds is not None and odds.short == "50 %"
    assert "gegen ZW 15 auf die Zone" in odds.lines[1]
    events = game.apply(c.Attack("lara", KNUEPPEL, "handgranate"))
    throw = next(e for e in events if e.kind == "zone_throw")
    text = VIEWS.log_text(throw, DE)
    assert text.kind is LogKind.ROLL and text.roll is not None
    assert ("ZW 15", text.roll.chips[2][1]) == text.roll.chips[2]
    hurt = [e for e in events if e.kind == "area_damage"]
    assert hurt and VIEWS.log_text(hurt[0], DE).kind is LogKind.DAMAGE
    kinds = {type(effect).__name__ for effect in VIEWS.effects(game, events)}
    assert {"Explosion", "DamageNumber"} <= kinds
    assert any("Q-OPEN-17" in line for line in VIEWS.log_details(game, game.log.index(throw), DE))
