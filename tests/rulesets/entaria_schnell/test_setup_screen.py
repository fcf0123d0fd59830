"""The set-up screen with a quick-rules map (issue 15: "the set-up screen as for ENTARIA").

Given the bundled quick Straßenkampf without its creatures, the game master places two
creatures, saves the mission (its ruleset and [zones] kept, D-14) and the battle starts
on it with the quick rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.toml_format import load_mission
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.setup import SetupScene
from game.ui.settings import Settings

MAP = Path(__file__).resolve().parents[3] / "maps" / "schnell-strassenkampf.toml"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = open_app(
        home=tmp_path / "home", settings=Settings(language="de"), size=(1280, 800), headless=True
    )
    yield application
    pygame.display.quit()


def test_d14_a_quick_map_is_set_up_saved_with_its_zones_and_played(
    app: App, tmp_path: Path
) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    text = MAP.read_text(encoding="utf-8")
    bare = re.sub(r"\n\[\[creatures\]\].*?(?=\n\[(?!\[creatures)|\Z)", "", text, flags=re.S)
    assert "[[creatures]]" not in bare and "[zones]" in bare
    path = folder / "leer.toml"
    path.write_text(bare, encoding="utf-8")
    scene = SetupScene(app, path)
    app.push(scene)
    app.step()
    assert scene.model is not None
    scene.arm("lara")
    assert scene.place("lara", (2, 12))
    scene.choose_side("punks")
    assert scene.place("akuanischer_strassenpunk", (8, 12))
    scene.file_name.set_text("aufgestellt")
    scene.save()
    assert not scene.notice_bad, scene.notice
    saved = load_mission(folder / "aufgestellt.toml")
    assert saved.ruleset == "entaria-schnell" and saved.zones is not None
    assert len(saved.zones.areas) == 14 and len(saved.creatures) == 2
    scene.begin()
    seats = app.scenes[-1]
    assert isinstance(seats, SeatsScene)
    seats.start()
    battle = app.scenes[-1]
    assert isinstance(battle, BattleScene), getattr(seats, "notice", "")
    app.step()
    assert battle.session.match.battle.zones.count == 14
