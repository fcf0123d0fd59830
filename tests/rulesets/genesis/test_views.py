"""Genesis views: the protocol, the dice log, and whole fights driven only through the
views' offers, with every view answering after every command in German and English and
no rule ID in what players read."""

from __future__ import annotations

import dataclasses
import re

import pytest

from game.match.decisions import DecisionKind
from game.match.views import Card, LogKind, Needs, Pick, Views
from game.rulesets.genesis import commands as c
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.state import FighterSetup
from game.rulesets.genesis.views import VIEWS, GenesisViews
from tests.rulesets.genesis.conftest_views import (
    DE,
    EN,
    FIGHTERS,
    all_offers,
    build,
    duel,
    group,
    offer,
    press,
)

RULE_ID = re.compile(r"\b[GD]-[A-Z0-9]+")


def test_views_implement_the_protocol() -> None:
    """The views are the screen's ``Views``; the empty answers are empty."""
    views: Views = GenesisViews()
    game = duel()
    assert views.panel_keys() == () and views.overlays(DE) == ()
    assert views.gm_commands(game, None, DE) == () and views.zone_layout(game) is None
    assert views.open_questions(game) == frozenset() and views.replaced_rolls(game) == frozenset()
    assert views.end_turn(game) is None  # declaring: nothing ends a turn
    assert views.refusal("passiv: keine Attacke (G-STATE-PASSIVE-AT)", EN) == "passive: no attack"
    assert views.refusal("something new (G-GW-2)", DE) == "something new"
    fog = views.fog(game, ["A"])
    assert fog is not None and {"alrik", "bosper"} <= fog.creatures
    assert views.fog(game, []) is None
    with pytest.raises(KeyError):
        views.answer(game, 0)


def test_g_atpa_1_dice_log_says_each_d100_against_its_value() -> None:
    """G-ATPA-1/2, G-DMG-2, G-LE-SB-1: the strike's W100 against AT, the defence's against
    PA, the damage line; the rule IDs only in the details."""
    game = duel((10, 30, 20, 80, 6))
    game.apply(c.Declare("bosper", attacks=0.0, defences=3.0))
    game.apply(c.Declare("alrik", attacks=1.0, defences=1.0))
    game.apply(c.Strike("alrik", target="bosper"))
    game.apply(c.Defend("bosper", hit=1, how="pa"))
    kinds = {e.kind: i for i, e in enumerate(game.log)}
    strike = VIEWS.log_text(game.log[kinds["strike"]], DE)
    assert strike.kind is LogKind.ROLL and "W100 20 gegen AT 70" in strike.line
    assert strike.roll is not None and strike.roll.dice == (20,)
    assert [text for text, _tone in strike.roll.chips] == ["AT 70", "Treffer"]
    defend = VIEWS.log_text(game.log[kinds["defend"]], EN)
    assert defend.roll is not None and defend.roll.plain == "PA 70 failed"
    damage = VIEWS.log_text(game.log[kinds["damage"]], DE)
    assert damage.kind is LogKind.DAMAGE and "10 TP − 4 RS = 6 SP" in damage.line
    assert damage.die == 6
    details = VIEWS.log_details(game, kinds["damage"], DE)
    assert any("G-ARMOR-HELMET" in line for line in details)
    assert not any(RULE_ID.search(t) for t in (strike.line, strike.roll.tooltip, damage.line))
    assert VIEWS.log_kind(game.log[0]) is LogKind.ROLL  # the initiative
    effects = VIEWS.effects(game, game.log[kinds["strike"] :])
    assert effects  # the damage number, the sound


def _card_text(card: Card) -> str:
    parts = [card.title, card.subtitle, card.summary, card.alert]
    for section in card.sections:
        parts += [section.heading, section.empty]
        parts += [f"{v.label} {v.value} {v.tooltip}" for v in section.values]
        parts += [line.text for e in section.entries for line in e.lines]
        parts += [f"{b.label} {b.tooltip}" for b in section.badges]
    return "\n".join(parts)


def _player_texts(game: GenesisGame, t: object) -> list[str]:
    """Return what the screen shows players of ``game`` now."""
    texts: list[str] = []
    order = VIEWS.turn_order(game, t)  # type: ignore[arg-type]
    texts += [order.label, *(chip.tooltip for chip in order.chips)]
    texts += [b.label + b.tooltip for chip in order.chips for b in chip.badges]
    for key in game.fighters:
        card = VIEWS.card(game, key, t)  # type: ignore[arg-type]
        assert card is not None
        texts.append(_card_text(card))
    for grp in VIEWS.action_groups(game, t):  # type: ignore[arg-type]
        texts += [grp.label, grp.tooltip]
        for found in all_offers(grp.offers):
            texts += [found.label, found.reason, found.tooltip, *found.prompts]
            for target in game.fighters:
                texts += VIEWS.offer_odds(game, found, target, t)  # type: ignore[arg-type]
                if found.enabled and found.make is not None and found.needs is Needs.CREATURE:
                    made = found.make(Pick(creature=target))
                    texts += [made] if isinstance(made, str) else []
    for side in ("A", "B"):
        for _index, event in VIEWS.log_for(game, [side]):
            text = VIEWS.log_text(event, t)  # type: ignore[arg-type]
            texts.append(text.line)
            if text.roll is not None:
                texts += [text.roll.tooltip, text.roll.plain, *(c for c, _ in text.roll.chips)]
            texts.append(VIEWS.notice(event, t))  # type: ignore[arg-type]
    result = VIEWS.result(game, t)  # type: ignore[arg-type]
    texts += [f"{row.name} {row.value} {row.state}" for row in result.standings]
    return texts


def _toward(game: GenesisGame, key: str, move: Pick | None) -> Pick | None:
    """Return a field toward the nearest enemy the move offers accept (None: none)."""
    me = game.fighters[key]
    foes = [f for f in game.fighters.values() if f.side != me.side and f.life == "fighting"]
    if not foes:
        return None
    foe = min(foes, key=lambda f: max(abs(f.cell[0] - me.cell[0]), abs(f.cell[1] - me.cell[1])))
    rings = []
    for dist in range(1, 12):
        ring = [
            (foe.cell[0] + dx, foe.cell[1] + dy)
            for dx in range(-dist, dist + 1)
            for dy in range(-dist, dist + 1)
            if max(abs(dx), abs(dy)) == dist
        ]
        ring.sort(key=lambda cell: max(abs(cell[0] - me.cell[0]), abs(cell[1] - me.cell[1])))
        rings += ring
    return next((Pick(cell=cell) for cell in rings if game.grid.in_bounds(cell)), move)


def _press_something(game: GenesisGame, turn: int) -> None:
    """Answer the open decision by pressing one of the views' offers."""
    t = DE if turn % 2 else EN
    groups = VIEWS.action_groups(game, t)
    decision = game.decisions()[0]
    if decision.kind is DecisionKind.DECLARATION:
        key = decision.creature or ""
        moves = group(groups, "move")
        if moves.available:
            me, pick = game.fighters[key], _toward(game, key, None)
            best = max(
                (o for o in moves.offers if o.enabled and o.key.startswith("move:")),
                key=lambda o: float(o.key.split(":")[2]),
            )
            foes = [f for f in game.fighters.values() if f.side != me.side]
            if pick is not None and best.make is not None and foes:
                made = None
                x0, y0 = pick.cell or me.cell
                for dx in range(-8, 9):
                    for dy in range(-8, 9):
                        cell = (x0 + dx, y0 + dy)
                        if made is None and game.grid.in_bounds(cell):
                            tried = best.make(Pick(cell=cell))
                            made = None if isinstance(tried, str) else tried
                if made is not None:
                    game.apply(made)
                    return
        splits = [
            o for o in group(groups, "declare").offers if o.enabled and o.key.startswith("declare:")
        ]
        splits.sort(key=lambda o: (-float(o.key.split(":")[2]) + (turn % 3 == 0) * 10, o.key))
        press(game, splits[0])
    elif decision.kind is DecisionKind.TURN:
        quick = [o for o in groups[0].offers if o.key.startswith("strike:on:") and o.enabled]
        press(game, quick[0] if quick else offer(groups, "strike:end"))
    elif decision.kind is DecisionKind.REACTION:  # a surplus AT (G-SURPLUS-2/3/4)
        press(game, offer(groups, f"surplus:{('bonus', 'speed', 'ad')[turn % 3]}"))
    else:
        answers = [o for o in groups[-1].offers if o.enabled and o.key.startswith("defend:")]
        answers.sort(key=lambda o: -getattr(o.action, "chance", 0))
        press(game, answers[0])


def _game(seed: int) -> GenesisGame:
    return build(
        FighterSetup("a1", "kaempfer", "A", (1, 1), name="Alrik"),
        FighterSetup("a2", "speerträger", "A", (1, 3), name="Answin"),
        FighterSetup("a3", "schuetze", "A", (0, 6), name="Azra"),
        FighterSetup("b1", "kaempfer", "B", (10, 1), name="Bosper"),
        FighterSetup("b2", "kaempfer", "B", (10, 3), name="Brin"),
        FighterSetup("b3", "schuetze", "B", (11, 6), name="Berta"),
        seed=seed,
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_g_time_kr_a_whole_fight_through_the_views_offers(seed: int) -> None:
    """G-TIME-KR, G-PHASE-1: three against three, every decision answered by pressing one
    of the views' offers (``make(Pick(...))`` → ``game.apply``) until the fight ends;
    every view answers after every command, without rule IDs in what players read."""
    game = _game(seed)
    for turn in range(3000):
        if game.over:
            break
        before = len(game.log)
        _press_something(game, turn)
        events = game.log[before:]
        VIEWS.effects(game, events)
        VIEWS.passes_turn(events)
        assert set(VIEWS.pieces(game)) == set(game.fighters)
        if turn % 7 == 0:
            for t in (DE, EN):
                for text in _player_texts(game, t):
                    assert not RULE_ID.search(text), text
        for index in range(before, len(game.log)):
            assert VIEWS.log_details(game, index, DE)
    assert game.over
    assert VIEWS.action_groups(game, DE) == ()
    assert VIEWS.end_turn(game) is None
    assert VIEWS.result(game, EN).winner == game.winner
    assert VIEWS.turn_order(game, DE).label.endswith("vorbei")
    assert VIEWS.on_turn(game) in game.fighters


def test_g_le_sb_1_self_control_test_in_the_log_and_on_the_card() -> None:
    """G-LE-SB-1/2, G-DMG-WS: a hit drops Bosper (LE 6) below 15 %; his one self-control
    test (W100 10 against 30) gives X = 3: the log shows the d100 against its value, the
    card the limits lowered by 3, and he fights on at LE −1."""
    own = dataclasses.replace(FIGHTERS["speerträger"], le=6)
    game = build(
        FighterSetup("alrik", "kaempfer", "A", (2, 2), name="Alrik"),
        FighterSetup("bosper", "speerträger", "B", (3, 2), name="Bosper", own=own),
        rolls=(10, 30, 20, 6, 10),  # INI 40 and 15; AT 20; TP die 6; self-control 10
    )
    game.apply(c.Declare("bosper", attacks=0.0, defences=2.0))
    game.apply(c.Declare("alrik", attacks=1.0, defences=1.0))
    press(game, offer(VIEWS.action_groups(game, DE), "strike:on:bosper"))
    press(game, offer(VIEWS.action_groups(game, DE), "defend:1:none:bosper"))
    test = next(e for e in game.log if e.kind == "self_control")
    text = VIEWS.log_text(test, DE)
    assert text.kind is LogKind.ROLL and "W100 10 gegen 30" in text.line
    assert text.roll is not None
    assert [chip for chip, _tone in text.roll.chips] == ["Selbstbeherrschung 30", "geschafft"]
    assert VIEWS.log_text(test, EN).roll.plain == "self-control 30 made"  # type: ignore[union-attr]
    card = VIEWS.card(game, "bosper", DE)
    assert card is not None
    values = {v.key: v.value for p in card.sections for v in p.values}
    assert values["card:le"] == "-1/6"
    assert values["card:le_unconscious"] == "-2,1" and values["card:le_death"] == "-3"
    assert game.fighters["bosper"].life == "fighting"
