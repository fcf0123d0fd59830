"""The set-up screen enters a group's own WRS fighters and saves them (issue 14).

The seed gives no fighters, so a group types its characters' Körper, Geist, LP a/b/c,
skills and equipment into the set-up screen's fields (the WRS catalogue's schema). Driven
with posted events on a copy of the bundled WRS mission: edit Gerold, place Hanna, save,
and the saved mission starts a match whose fighters have those values.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import bundled_maps_dir, load_any
from game.missions.setup import prepare_match
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules.wounds import LifePoints
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import GameSession
from tests.ui.test_setup_screen import (
    click,
    field_at,
    make_app,
    open_setup,
    save_as,
    type_into,
    type_row,
)

#: A floor field of the bundled mission nobody stands on.
FREE = (5, 13)


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def warehouse(tmp_path: Path) -> Path:
    """Return a copy of the bundled WRS mission in a folder of its own."""
    target = tmp_path / "maps" / "lagerhalle.toml"
    target.parent.mkdir()
    shutil.copy(bundled_maps_dir() / "wrs-lagerhalle.toml", target)
    return target


def chosen(scene: SetupScene, key: str) -> SetupScene:
    scene.selected = key
    scene.build()
    assert scene.panel is not None
    return scene


def edited_gerold(app: App, tmp_path: Path) -> SetupScene:
    """Open the copy, give Gerold own values and the full chain set; no save yet."""
    scene = chosen(open_setup(app, warehouse(tmp_path)), "gerold")
    assert scene.panel is not None
    assert scene.panel.value_inputs["values.koerper"].text == "55"  # the catalogue's
    for key, text in (
        ("values.koerper", "80"),
        ("values.geist", "70"),
        ("values.lp_c", "12"),
        ("values.lp_b", "6"),
        ("values.lp_a", "5"),
        ("equipment", "kurzschwert, kettenruestung"),
    ):
        type_into(app, scene, key, text)
        assert not scene.notice_bad, (key, scene.notice)
    return scene


def test_own_values_are_saved_and_the_match_plays_with_them(app: App, tmp_path: Path) -> None:
    """W-ATK-2, W-WOUND-2..4, W-ARMOR-TABLE: typed values reach the file and the engine."""
    scene = edited_gerold(app, tmp_path)
    save_as(app, scene, "eigene-werte")
    assert not scene.notice_bad, scene.notice
    saved = tmp_path / "maps" / "eigene-werte.toml"
    text = saved.read_text(encoding="utf-8")
    assert 'equipment = ["kurzschwert", "kettenruestung"]' in text, text
    loaded = load_any(saved)
    gerold = next(c for c in loaded.mission.creatures if c.key == "gerold")
    assert dict(gerold.values) == {"koerper": 80, "geist": 70, "lp_a": 5, "lp_b": 6, "lp_c": 12}
    setup = prepare_match(loaded.mission, path_label=str(saved)).setup
    assert next(f for f in setup.fighters if f.key == "gerold").own is not None
    scene.begin()  # the seats, then the battle on the saved mission
    seats = app.scenes[-1]
    assert isinstance(seats, SeatsScene)
    seats.start()
    battle = app.scenes[-1]
    assert isinstance(battle, BattleScene)
    app.step()
    game = battle.session.match.game
    assert isinstance(game, WrsGame)
    kind = game.kind("gerold")
    assert (kind.koerper, kind.geist, kind.life_points) == (80, 70, LifePoints(5, 6, 12))
    assert game.fighters["gerold"].armour == 12  # ten parts 1, torso 2 (chain skill)
    card = battle.session.views.card(battle.session.battle, "gerold", app.t)
    assert card is not None
    shown = [v.value for part in card.sections for v in part.values]
    assert "80" in shown, shown


def test_the_saved_match_resumes_with_the_own_values(app: App, tmp_path: Path) -> None:
    """Saves and "Fortsetzen": a resumed match still has the own values and state."""
    scene = edited_gerold(app, tmp_path)
    save_as(app, scene, "eigene-werte")
    assert not scene.notice_bad, scene.notice
    session = GameSession.new(tmp_path / "maps" / "eigene-werte.toml", home=tmp_path, seed=3)
    for _ in range(10):
        session.apply(session.ruleset.policy_command(session.battle))
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.game.snapshot() == session.match.game.snapshot()
    game = resumed.match.game
    assert isinstance(game, WrsGame) and game.kind("gerold").koerper == 80


def test_lp_out_of_order_is_refused_at_the_save(app: App, tmp_path: Path) -> None:
    """W-WOUND-2..4: LP a must not exceed LP b; each field alone is in bounds, the save
    names the order and writes nothing."""
    scene = chosen(open_setup(app, warehouse(tmp_path)), "gerold")
    type_into(app, scene, "values.lp_a", "6")  # 6 > the catalogue's LP b of 4
    assert not scene.notice_bad, scene.notice
    save_as(app, scene, "falsche-lp")
    assert scene.notice_bad
    assert "6" in scene.notice and "4" in scene.notice
    assert not (tmp_path / "maps" / "falsche-lp.toml").exists()


def test_a_value_out_of_bounds_is_refused_in_its_field(app: App, tmp_path: Path) -> None:
    """Körper is 1..100 and a skill 0 or 1, as the catalogue's bounds say."""
    scene = chosen(open_setup(app, warehouse(tmp_path)), "gerold")
    assert scene.model is not None and scene.panel is not None
    type_into(app, scene, "values.koerper", "101")
    assert scene.notice_bad and "100" in scene.notice
    assert scene.panel is not None
    skill = next(k for k in scene.panel.value_inputs if k.startswith("values.skill_"))
    type_into(app, scene, skill, "2")
    assert scene.notice_bad
    gerold = scene.model.creature("gerold")
    assert gerold is not None and not any(k.startswith("values.") for k in gerold.values)


def test_a_placed_fighter_with_own_values_starts_a_match(app: App, tmp_path: Path) -> None:
    """A group's own character: place a catalogue fighter, type its values, play."""
    scene = open_setup(app, warehouse(tmp_path))
    click(app, type_row(scene, "hanna").rect.center)
    click(app, field_at(scene, FREE))
    assert scene.model is not None and scene.selected is not None, scene.notice
    key = scene.selected
    type_into(app, scene, "values.koerper", "65")
    type_into(app, scene, "values.skill_repeater", "0")
    assert not scene.notice_bad, scene.notice
    save_as(app, scene, "mit-hanna")
    assert not scene.notice_bad, scene.notice
    session = GameSession.new(tmp_path / "maps" / "mit-hanna.toml", home=tmp_path, seed=5)
    game = session.match.game
    assert isinstance(game, WrsGame)
    assert game.kind(key).koerper == 65
    assert not any(s.name == "REPEATER" for s in game.kind(key).weapon_skills)
    assert game.fighters[key].cell == FREE
