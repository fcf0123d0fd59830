"""Issue 12 playtest round 2 (p12 findings), task H12h point 1: the attack tool's chips.

Crop 12a: Krask's chip "Mittel ±0 85 %" was drawn over the end of the range-band label
"Kernschuss 1: Nachteil". A target's chip keeps off the band labels (E-RANGE-*, D-9).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.rules.actions import Action
from game.ui.camera import Camera
from game.ui.overlays_rules import layers_of
from game.ui.tools import attack
from game.ui.tools.attack import AttackTool, chip_place
from tests.ui.test_tools import Table, home

__all__ = ["home"]


@pytest.mark.rule("E-RANGE-KERN", "D-9")
def test_e_range_kern_a_chip_in_a_band_labels_way_moves_off_it() -> None:
    token = pygame.Rect(100, 100, 24, 24)
    below = pygame.Rect((0, 0), (90, 16))
    below.midtop = token.midbottom
    label = pygame.Rect(below.x + 40, below.y - 4, 150, 20)  # over the chip's usual place
    spot = chip_place(below.size, token, [label])
    assert spot.collidelist([label]) < 0
    assert chip_place(below.size, token, []) == below  # nothing in the way: below the token
    above = pygame.Rect((0, 0), below.size)
    above.midbottom = token.midtop
    both = [label, label.move(0, above.y - label.y)]
    moved = chip_place(below.size, token, both)  # above is taken too: beside the label
    assert moved.collidelist(both) < 0


@pytest.mark.rule("E-RANGE-KERN", "D-9")
@pytest.mark.parametrize("px", (24, 30, 40, 56))
def test_e_range_kern_no_target_chip_covers_a_band_label(
    home: Path, monkeypatch: pytest.MonkeyPatch, px: int
) -> None:
    """A pirate right above the Kernschuss ring: his chip under him is where its label is."""
    table = Table(home, "pistolero")  # at (3, 4); the Kernschuss ring's top edge is row 3
    scene = table.scene
    scene.session.battle.state.creatures["p1"].cell = (3, 2)
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, AttackTool)
    under: list[pygame.Rect] = []  # where each chip went before the fix: under its token

    def spy(size: tuple[int, int], token: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect:
        below = pygame.Rect((0, 0), size)
        below.midtop = token.midbottom
        under.append(below)
        return chip_place(size, token, avoid)

    monkeypatch.setattr(attack, "chip_place", spy)
    scene.camera.set_zoom(px / Camera().cell_px)
    scene.camera.centre_on(8, 6)
    table.app.step()
    labels = list(layers_of(scene).ring_labels)
    assert len(tool.chips) == 3 and labels  # three pirates' chips and the bands' labels
    assert any(b.collidelist(labels) >= 0 for b in under)  # one stood on a label
    for chip in tool.chips:
        assert chip.collidelist(labels) < 0, (chip, labels)
    for i, chip in enumerate(tool.chips):
        assert chip.collidelist(tool.chips[i + 1 :]) < 0  # nor on each other
