"""The UI core without a window: camera, settings, texts, the game session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import EndTurn
from game.ui.camera import BASE_CELL_PX, MAX_ZOOM, MIN_ZOOM, Camera, true_size_zoom
from game.ui.locale import Translator, texts
from game.ui.session import GameSession, Player, Role, has_autosave
from game.ui.settings import Settings


def test_camera_cell_round_trip() -> None:
    camera = Camera(x=35.0, y=-12.0, zoom=1.5)
    camera.set_viewport(100, 50, 800, 600)
    for cell in [(0, 0), (3, 7), (19, 2)]:
        assert camera.screen_to_cell(camera.cell_centre(cell)) == cell


def test_camera_zoom_keeps_the_point_under_the_cursor() -> None:
    camera = Camera()
    camera.set_viewport(0, 0, 1000, 800)
    before = camera.screen_to_point((412, 333))
    camera.zoom_at((412, 333), 1.7)
    after = camera.screen_to_point((412, 333))
    assert after == pytest.approx(before, abs=1 / BASE_CELL_PX)


def test_camera_zoom_is_clamped_to_25_and_400_percent() -> None:
    camera = Camera()
    camera.set_zoom(100.0)
    assert camera.zoom == MAX_ZOOM
    camera.set_zoom(0.001)
    assert camera.zoom == MIN_ZOOM


def test_true_size_makes_one_field_25_mm() -> None:
    """E-ROUND-1: one field is 25 mm; at 96 dpi that is 94.5 px."""
    camera = Camera()
    camera.true_size(96.0)
    assert camera.cell_px == round(96 * 25 / 25.4)
    assert true_size_zoom(0) == true_size_zoom(96.0)  # unknown DPI falls back to 96


def test_fit_shows_the_whole_map() -> None:
    camera = Camera()
    camera.set_viewport(0, 0, 900, 700)
    camera.fit(30, 20)
    x0, y0, x1, y1 = camera.visible_cells(30, 20)
    assert (x0, y0, x1, y1) == (0, 0, 30, 20)


def test_settings_survive_a_round_trip_and_ignore_garbage(tmp_path: Path) -> None:
    settings = Settings(language="en", dpi=110.0, animations=False, fog_of_war=False)
    settings.save(tmp_path)
    assert Settings.load(tmp_path) == settings
    (tmp_path / "settings.json").write_text('{"language": "xx", "dpi": "big", "fog_of_war": 3}')
    loaded = Settings.load(tmp_path)
    assert loaded.language == "de" and loaded.dpi == Settings().dpi and loaded.fog_of_war
    (tmp_path / "settings.json").write_text("{broken")
    assert Settings.load(tmp_path) == Settings()


def test_translator_falls_back_to_german_then_to_the_key() -> None:
    t = Translator("en")
    assert t("no.such.key") == "no.such.key"
    assert Translator("xx").language == "de"
    assert isinstance(texts("de"), dict)


def test_session_plays_saves_and_resumes(tmp_path: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3)
    assert has_autosave(tmp_path)
    current = session.current
    outcome = session.apply(EndTurn(current.key))
    assert outcome.ok and session.revision == 1
    refused = session.apply(EndTurn(current.key))  # no longer its turn
    assert not refused.ok and refused.rejected
    session.set_players(
        [
            Player("Anna", "#ff0000", Role.HUMAN, list(session.players[0].sides)),
            *session.players[1:],
        ]
    )
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.commands == session.match.commands
    assert resumed.players[0].name == "Anna"
    saved = session.save_as("abend 1")
    loaded = GameSession.load(saved, home=tmp_path)
    assert loaded.battle.state.to_dict() == session.battle.state.to_dict()
    assert session.undo() and not session.match.commands


def test_default_players_give_gm_sides_to_the_built_in_opponent(tmp_path: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3, autosave_enabled=False)
    controllers = {side.key: side.controller for side in session.match.setup.sides}
    for player in session.players:
        (side,) = player.sides
        assert (player.role is Role.AI) == (controllers[side] == "gm")


def test_player_from_dict_refuses_bad_data() -> None:
    with pytest.raises(ValueError):
        Player.from_dict({"role": "wizard"})
    with pytest.raises(ValueError):
        Player.from_dict({"sides": "a"})
    assert json.loads(json.dumps(Player("A", "#ff0000", Role.GM).to_dict()))["role"] == "gm"
