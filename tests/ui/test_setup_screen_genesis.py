"""The set-up screen enters a group's own Genesis fighters and saves them (issue 16).

A group types its characters' AT, PA, AW, INI, GW (in half points), LE, WS and AD into
the set-up screen's fields (the Genesis catalogue's schema); the saved mission starts a
Genesis match whose fighter has those values. Driven with posted events on a copy of the
bundled tavern mission, in German and English.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import bundled_maps_dir, load_any
from game.rulesets.genesis.engine import GenesisGame
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.setup import SetupScene
from tests.ui.test_setup_screen import make_app, open_setup, save_as, type_into


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def tavern(tmp_path: Path) -> Path:
    """Return a copy of the bundled Genesis tavern in a folder of its own."""
    target = tmp_path / "maps" / "taverne.toml"
    target.parent.mkdir()
    shutil.copy(bundled_maps_dir() / "genesis-taverne.toml", target)
    return target


def test_own_genesis_values_are_saved_and_played(app: App, tmp_path: Path) -> None:
    """G-ATPA-1, G-GW-1, G-LE-UNC: typed values reach the file and the engine."""
    scene = open_setup(app, tavern(tmp_path))
    assert isinstance(scene, SetupScene)
    scene.selected = "bruno"
    scene.build()
    assert scene.panel is not None
    assert scene.panel.value_inputs["values.at"].text == "70"  # the catalogue's
    for key, text in (
        ("values.at", "82"),
        ("values.pa", "66"),
        ("values.gw_halves", "15"),
        ("values.le", "90"),
    ):
        type_into(app, scene, key, text)
        assert not scene.notice_bad, (key, scene.notice)
    save_as(app, scene, "eigene-werte")
    assert not scene.notice_bad, scene.notice
    saved = tmp_path / "maps" / "eigene-werte.toml"
    loaded = load_any(saved)
    assert loaded.mission.ruleset == "genesis"
    bruno = next(c for c in loaded.mission.creatures if c.key == "bruno")
    assert dict(bruno.values) == {"at": 82, "pa": 66, "gw_halves": 15, "le": 90}
    scene.begin()
    seats = app.scenes[-1]
    assert isinstance(seats, SeatsScene)
    seats.start()
    battle = app.scenes[-1]
    assert isinstance(battle, BattleScene)
    app.step()
    game = battle.session.match.game
    assert isinstance(game, GenesisGame)
    kind = game.kind("bruno")
    assert (kind.at, kind.pa, kind.gw, kind.le) == (82, 66, 7.5, 90)
    assert game.fighters["bruno"].le == 90


def test_a_value_out_of_bounds_is_refused_with_its_bounds(app: App, tmp_path: Path) -> None:
    """The fields are checked as the catalogue checks its fighters."""
    scene = open_setup(app, tavern(tmp_path))
    scene.selected = "bruno"
    scene.build()
    type_into(app, scene, "values.at", "250")
    assert scene.notice_bad and "250" in scene.notice
