"""Issue 12, "Wrong" (a, b): the English screen uses English words, and a field is the
only thing written in square brackets.

The card of every creature of the bundled missions, the action bar, the dice log of a
played fight (lines, dice chips and tooltips) and the hover tips are rendered in English;
none may hold one of the rulebook's German abbreviations or words (BEW, Ini, SW, WM, ZW,
PAZ, Rettungswerte, ...). The German screen keeps the rulebook's words. Dice are written
"w20: 14, 14" / "d20: 14, 14", never "[14, 14]" (which reads as a field).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.match.notation import dice_text, die_in_sum, field_text
from game.match.views import Card
from game.missions.loader import demo_mission_path
from game.missions.simulate import prepared_mission
from game.rulesets.entaria.commands import Attack, EndTurn
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.views.card import card
from game.rulesets.entaria.views.log import log_text
from game.ui.app import App
from game.ui.locale import Translator
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from tests.shots import save_shot

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = ("dretop-versteck", "gefahrenzone", "musa-lager", "strassenkampf")
SIZE = (1280, 800)

#: The rulebook's German abbreviations and words that an English screen must not show.
GERMAN_TERMS = frozenset(
    [
        "BEW",
        "Ini",
        "SW",
        "WM",
        "ZW",
        "PAZ",
        "PAK",
        "KEP",
        "BEM",
        "HH",
        "VH",
        "LH",
        "FH",
        "Rettungswerte",
        "Rettungswert",
        "Beschwerlich",
        "Teildeckung",
        "Volldeckung",
        "Grundwert",
        "Panzerung",
        "Lösen",
        "gegen",
        "Nachteil",
        "Vorteil",
        "w20",
        "w6",
    ]
)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß0-9]+")
#: Dice in square brackets, "[14]" or "[3, 9]" after a die's name: they read as fields.
BRACKET_DICE = re.compile(r"\b[wd]\d+\s*\[")


def _german_terms(text: str, names: set[str]) -> set[str]:
    for name in sorted(names, key=len, reverse=True):  # names may hold any word
        text = text.replace(name, " ")
    return set(WORD.findall(text)) & GERMAN_TERMS


def _card_texts(shown: Card) -> list[str]:
    texts = [shown.subtitle, shown.summary, shown.alert]
    if shown.meter is not None:
        texts.append(shown.meter.label)
    for part in shown.sections:
        texts += [part.heading, part.empty]
        texts += [f"{v.label} {v.value} {v.tooltip}" for v in part.values]
        texts += [" ".join(line.text for line in e.lines) + " " + e.tooltip for e in part.entries]
        texts += [f"{b.label} {b.tooltip}" for b in part.badges]
    return texts


def _mission_names(battle: object) -> set[str]:
    names = {c.name for c in battle.state.creatures.values()}  # type: ignore[attr-defined]
    catalogue = battle.catalogue  # type: ignore[attr-defined]
    for table in (catalogue.weapons, catalogue.armour, catalogue.items):
        names |= {item.name for item in table.values()}
    return names


@pytest.mark.rule("I12-7")
@pytest.mark.parametrize("mission", MISSIONS)
def test_i12_every_card_in_english_names_no_german_term(mission: str) -> None:
    """Every creature's card: Move, Init, Saves, damage, armour; no BEW, Ini, SW, PAZ."""
    prepared = prepared_mission(ROOT / "maps" / f"{mission}.toml")
    battle = prepared.ruleset.new_game(prepared.setup, prepared.catalogue, 1)
    names = _mission_names(battle)
    t = Translator("en")
    wrong = []
    for key in battle.state.creatures:
        shown = card(battle, key, t)
        assert shown is not None
        for text in _card_texts(shown):
            if bad := _german_terms(text, names):
                wrong.append(f"{key}: {text!r}: {sorted(bad)}")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.rule("I12-7")
def test_i12_the_german_card_keeps_the_rulebooks_words() -> None:
    prepared = prepared_mission(ROOT / "maps" / "musa-lager.toml")
    battle = prepared.ruleset.new_game(prepared.setup, prepared.catalogue, 1)
    texts = " ".join(
        text
        for key in battle.state.creatures
        for text in _card_texts(card(battle, key, Translator("de")))  # type: ignore[arg-type]
    )
    english = " ".join(
        text
        for key in battle.state.creatures
        for text in _card_texts(card(battle, key, Translator("en")))  # type: ignore[arg-type]
    )
    for word in ("BEW", "Ini", "Rettungswerte", "SW", "PAZ", "BEM"):
        assert word in texts, word
    for word in ("Move", "Init", "Saves", "damage", "armour", "area fire ×2"):
        assert word in english, word


@pytest.mark.rule("I12-7")
@pytest.mark.parametrize("mission", MISSIONS)
def test_i12_the_english_dice_log_of_a_fight_names_no_german_term(mission: str) -> None:
    """Every log entry of a whole simulated fight, as the dice log shows it (line, chips,
    tooltip): English words only, and no dice in square brackets."""
    prepared = prepared_mission(ROOT / "maps" / f"{mission}.toml")
    battle = prepared.ruleset.new_game(prepared.setup, prepared.catalogue, 2)
    prepared.ruleset.play_out(battle, max_rounds=12)
    names = _mission_names(battle)
    t = Translator("en")
    wrong, rolls = [], 0
    for event in battle.log:
        entry = log_text(event, t)
        texts = [entry.line]
        if entry.roll is not None:
            rolls += 1
            texts += [entry.roll.plain, entry.roll.tooltip, *(c for c, _ in entry.roll.chips)]
        for text in texts:
            bad = _german_terms(text, names)
            if bad or BRACKET_DICE.search(text):
                wrong.append(f"{event.kind}: {text!r}: {sorted(bad)}")
    assert rolls > 10
    assert not wrong, "\n".join(wrong[:20])


# ------------------------------------------------------------- the screen, rendered
@pytest.fixture
def english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    app.settings.language = "en"
    app.t = Translator("en")
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("I12-7")
def test_i12_the_rendered_english_screen_names_no_german_term(
    english: tuple[App, BattleScene],
) -> None:
    """Action bar tabs and buttons, the card, the log and every hover tip after a shot."""
    app, scene = english
    assert app.t.language == "en"
    scene.send(EndTurn(scene.session.current.key))  # Elro-Sa -> Ron
    assert scene.send(Interact("ron", "draw", item="laserpistole")).ok
    assert scene.send(Attack("ron", "terraner", "laserpistole")).ok
    scene.selected = "ron"
    app.step()
    save_shot(app.screen, "i12_wrong_english_screen.png")
    hud = scene.hud
    groups = hud.actions.groups()
    assert [g.label.split()[0] for g in groups] == ["Half", "Full", "Long", "Free"]
    texts = [g.label + " " + g.tooltip for g in groups]
    texts += [o.label + " " + o.tooltip for g in groups for o in g.offers]
    texts += hud.log.lines()
    texts += [spot.tooltip for spot in hud.spots() if spot.tooltip]
    shown = card(scene.session.battle, "ron", app.t)
    assert shown is not None
    texts += _card_texts(shown)
    names = _mission_names(scene.session.battle)
    wrong = [f"{text!r}: {sorted(bad)}" for text in texts if (bad := _german_terms(text, names))]
    assert not wrong, "\n".join(wrong[:20])
    dice = [line for line in hud.log.lines() if "d20: " in line]
    assert dice and not any(BRACKET_DICE.search(line) for line in hud.log.lines())


# ------------------------------------------------------------------ the notation
@pytest.mark.rule("I12-7")
def test_i12_one_way_to_write_a_field_and_dice_that_do_not_look_like_one() -> None:
    assert field_text((5, 11)) == "[5, 11]"
    assert field_text([0, 3]) == "[0, 3]"
    assert dice_text(20, (14, 14), "de") == "w20: 14, 14"
    assert dice_text(20, (14, 14), "en") == "d20: 14, 14"
    assert dice_text(20, (), "en") == "d20: -"
    assert die_in_sum(6, 4, "de") == "w6 (4)" and die_in_sum(6, 4, "en") == "d6 (4)"


@pytest.mark.rule("I12-7")
@pytest.mark.parametrize(("language", "word"), [("de", "Feld"), ("en", "Field")])
def test_i12_the_preview_writes_a_field_in_square_brackets(language: str, word: str) -> None:
    t = Translator(language)
    assert t("preview.field", x=5, y=11, what="x").startswith(f"{word} [5, 11]")
    assert t("preview.creature_line", name="A", type="B", x=5, y=11).endswith("[5, 11]")
