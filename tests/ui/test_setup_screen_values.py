"""The set-up screen edits a placed creature's attributes and saves (issue 13 point 1).

Driven with posted events: place Lara on the imported tavern, type her own Nahkampf and
Ausweichen into their fields, save, and the saved mission gives her those values in the
match; her card there shows them. A value outside the catalogue's bounds (attributes
-10..30, Rettungswerte 5..30, E-CORE-ZW-1) is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.match.views import Texts
from game.missions.loader import load_any
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.ruleset import ENTARIA
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.setup import SetupScene
from tests.missions.test_creature_values_key import mission
from tests.ui.test_setup_screen import (
    click,
    field_at,
    make_app,
    open_setup,
    save_as,
    tavern,
    type_into,
    type_row,
)

BOOK = ENTARIA.load_catalogue().creatures["lara"]


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def placed_lara(app: App, tmp_path: Path) -> SetupScene:
    scene = open_setup(app, tavern(tmp_path))
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (0, 0)))
    assert scene.model is not None and scene.selected == "lara-1"
    return scene


def card_values(battle: BattleScene, key: str, t: Texts) -> dict[str, str]:
    card = battle.session.views.card(battle.session.match.battle, key, t)
    assert card is not None
    return {v.label: v.value for part in card.sections for v in part.values}


def test_an_attribute_and_a_save_are_edited_saved_and_used_in_the_match(
    app: App, tmp_path: Path
) -> None:
    scene = placed_lara(app, tmp_path)
    assert scene.panel is not None
    assert scene.panel.value_inputs["values.melee"].text == str(BOOK.attribute(Attribute.MELEE))
    type_into(app, scene, "values.melee", "9")
    type_into(app, scene, "values.dodge", "20")
    assert not scene.notice_bad, scene.notice
    assert scene.panel.value_inputs["values.melee"].text == "9"  # the panel shows it
    save_as(app, scene, "lara-eigen")
    assert not scene.notice_bad, scene.notice
    saved = tmp_path / "maps" / "lara-eigen.toml"
    assert "values = { melee = 9, dodge = 20 }" in saved.read_text(encoding="utf-8")
    (lara,) = load_any(saved).mission.creatures
    assert lara.values == (("melee", 9), ("dodge", 20))
    scene.begin()  # the seats, then the battle on the saved mission
    seats = app.scenes[-1]
    assert isinstance(seats, SeatsScene)
    seats.start()
    battle = app.scenes[-1]
    assert isinstance(battle, BattleScene)
    app.step()
    shown = card_values(battle, "lara-1", app.t)
    melee = "Nahkampf" if app.t.language == "de" else "Melee combat"
    dodge = "Ausweichen" if app.t.language == "de" else "Dodge"
    assert shown[melee] == "9"
    assert shown[dodge].startswith("20")


def test_reopening_the_saved_mission_shows_the_own_values(app: App, tmp_path: Path) -> None:
    scene = placed_lara(app, tmp_path)
    type_into(app, scene, "values.mind", "22")
    save_as(app, scene, "lara-geist")
    again = open_setup(app, tmp_path / "maps" / "lara-geist.toml")
    again.selected = "lara-1"
    again.build()
    assert again.panel is not None and again.panel.value_inputs["values.mind"].text == "22"
    type_into(app, again, "values.strength", "-3")  # change one more, save over it
    save_as(app, again, "lara-geist-2")
    assert not again.notice_bad, again.notice
    (lara,) = load_any(tmp_path / "maps" / "lara-geist-2.toml").mission.creatures
    assert lara.values == (("strength", -3), ("mind", 22))  # the catalogue's order


def test_a_value_out_of_the_catalogues_bounds_is_refused_with_the_reason(
    app: App, tmp_path: Path
) -> None:
    scene = placed_lara(app, tmp_path)
    assert scene.model is not None
    placed = scene.model.creatures[0]
    type_into(app, scene, "values.melee", "31")
    assert scene.notice_bad and "30" in scene.notice and "-10" in scene.notice
    assert "values.melee" not in placed.values
    type_into(app, scene, "values.dodge", "4")  # a save is a ZW: 5..30
    assert scene.notice_bad and "5" in scene.notice
    type_into(app, scene, "values.reflexes", "viel")
    assert scene.notice_bad
    assert not any(key.startswith("values.") for key in placed.values)
    save_as(app, scene, "nichts-eigenes")  # the refused text is still in the field
    assert scene.notice_bad
    assert not (tmp_path / "maps" / "nichts-eigenes.toml").exists()


def test_the_types_own_value_typed_again_is_no_override(app: App, tmp_path: Path) -> None:
    scene = placed_lara(app, tmp_path)
    assert scene.model is not None
    placed = scene.model.creatures[0]
    type_into(app, scene, "values.melee", "12")
    assert placed.values["values.melee"] == 12
    type_into(app, scene, "values.melee", str(BOOK.attribute(Attribute.MELEE)))
    assert "values.melee" not in placed.values
    save_as(app, scene, "wie-im-buch")
    assert not scene.notice_bad, scene.notice
    (lara,) = load_any(tmp_path / "maps" / "wie-im-buch.toml").mission.creatures
    assert lara.values == ()


def test_each_value_field_has_a_short_label_and_a_tooltip_with_its_bounds(
    app: App, tmp_path: Path
) -> None:
    scene = placed_lara(app, tmp_path)
    assert scene.panel is not None
    box = scene.panel.value_inputs["values.constitution"]
    assert box.label == ("Kon" if app.t.language == "de" else "Con")
    (tip,) = [text for rect, text in scene.panel.hints if rect == box.rect]
    assert ("Konstitution" if app.t.language == "de" else "Constitution") in tip
    assert "-10" in tip and "30" in tip
    boxes = [b.rect for b in scene.panel.value_inputs.values()]
    assert all(scene.panel.rect.contains(r) for r in boxes)  # all inside the panel
    assert len({(r.x, r.y) for r in boxes}) == len(boxes)  # none on top of another


def test_a_mission_whose_value_the_rules_refuse_is_not_saved_again(
    app: App, tmp_path: Path
) -> None:
    """The loader reads any whole number; the ruleset's bounds refuse 31 before writing."""
    path = tmp_path / "eigen.toml"
    path.write_text(mission("values = { melee = 31 }"), encoding="utf-8")
    scene = open_setup(app, path)
    scene.selected = "lara"
    scene.build()
    assert scene.panel is not None and scene.panel.value_inputs["values.melee"].text == "31"
    save_as(app, scene, "eigen-neu")
    assert scene.notice_bad and "30" in scene.notice
    assert not (tmp_path / "eigen-neu.toml").exists()
    type_into(app, scene, "values.melee", "8")
    save_as(app, scene, "eigen-neu")
    assert not scene.notice_bad, scene.notice
    assert load_any(tmp_path / "eigen-neu.toml").mission.creatures[0].values == (("melee", 8),)
