"""Issue 12, "Wrong" (d) / point 8: the area-fire result box covers no range band's label.

Within the shooter's own turn the range rings and their labels stand on the map beside
the kept result; the box goes beside its fields where no label is (rendered frame), and
the placement rule itself is checked on rectangles.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.views import RANGES
from game.ui.app import App
from game.ui.overlays_results import result_box_place
from game.ui.overlays_rules import AreaFireResult, layers_of
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from tests.shots import save_shot

SIZE = (1280, 800)


@pytest.mark.rule("D-6", "I12-8")
def test_i12_the_box_goes_beside_its_fields_and_off_a_label() -> None:
    area = pygame.Rect(0, 0, 800, 600)
    fields = pygame.Rect(300, 200, 75, 50)
    size = (160, 40)
    assert result_box_place(size, fields, area) == (fields.right + 4, fields.top)  # as before
    label = pygame.Rect(fields.right, fields.top - 10, 120, 24)  # a band's label right there
    x, y = result_box_place(size, fields, area, [label])
    box = pygame.Rect((x, y), size)
    assert not box.colliderect(label) and not box.colliderect(fields) and area.contains(box)
    assert box.left >= fields.right  # still beside the fields: slid down, not moved away
    # no room off the labels anywhere: it still keeps off the fields and inside the map
    everywhere = [pygame.Rect(0, 0, 800, 600)]
    box = pygame.Rect(result_box_place(size, fields, area, everywhere), size)
    assert area.contains(box) and not box.colliderect(fields)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("D-6", "I12-8")
def test_i12_on_the_map_the_area_fire_box_leaves_the_range_labels_free(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    assert scene.send(EndTurn(scene.session.current.key)).ok  # Elro-Sa -> Ron
    assert scene.send(Interact("ron", "draw", item="laserpistole")).ok
    scene.selected = "ron"
    scene.show_overlay(RANGES)
    app.step()
    layers = layers_of(scene)
    labels = list(layers.ring_labels)
    assert labels  # the bands' labels are on the map
    camera = scene.camera
    # a result whose box, placed as before (right of the fields, top-aligned), hits a label
    label = labels[0]
    cell = camera.screen_to_cell((label.left - camera.cell_px // 2 - 6, label.top + 2))
    assert cell is not None
    right, top = camera.cell_to_screen((cell[0] + 1, cell[1]))
    lines = ["Pirat Krask: Reflexe misslungen -> 3 Schaden", "Piratin Vesh: kein Rettungswurf"]
    layers.sticky = AreaFireResult(anchor=cell, values={cell: 3}, lines=lines)
    app.step()
    box = layers.result_box
    assert box is not None
    before = pygame.Rect((right + 4, top), box.size)
    assert before.collidelist(labels) >= 0  # the old place covered a band's label
    assert box.collidelist(layers.ring_labels) < 0
    field = pygame.Rect(camera.cell_to_screen(cell), (camera.cell_px, camera.cell_px))
    assert not box.colliderect(field)
    save_shot(app.screen, "i12_wrong_area_box.png")
