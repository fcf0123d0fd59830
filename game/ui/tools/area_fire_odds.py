"""The area-fire tool's odds: the check's chance, then each painted creature's save.

The ruleset answers (``queries.chances.area_fire_saves``: who saves, against which field,
with what chance and damage, D-6); this module only asks once per painting and writes
the ruleset's words (``views.chances.save_line``) for the creatures the viewer sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from game.board.grid import Cell
from game.rulesets.entaria.queries.area_fire import AreaFirePreview
from game.rulesets.entaria.queries.chances import area_fire_check_chance, area_fire_saves
from game.rulesets.entaria.views.chances import check_line, save_line
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost


def area_fire_save_lines(
    scene: MapHost, preview: AreaFirePreview, painted: Mapping[Cell, int]
) -> list[str]:
    """Return one line per creature on a painted field that the viewer sees (D-6)."""
    if not painted:
        return []
    battle = scene.session.battle
    allocation = dict(painted)
    key = (
        "area_saves",
        preview.actor,
        preview.weapon_key,
        preview.mode,
        frozenset(painted.items()),
    )
    saves = layers_of(scene).get(
        scene,
        key,
        lambda: area_fire_saves(
            battle, preview.actor, preview.weapon_key, allocation, preview.mode
        ),
    )
    visible = scene.visible_keys()
    t = scene.app.t
    return [
        save_line(save, battle.state.creatures[save.creature].name, t)
        for save in saves
        if visible is None or save.creature in visible
    ]


def area_fire_check_lines(
    scene: MapHost, preview: AreaFirePreview, chosen: Sequence[Cell]
) -> list[str]:
    """Return the chance of the area fire's check on the chosen fields (E-AREAFIRE-3)."""
    if not chosen or preview.reason:
        return []
    battle = scene.session.battle
    fields = tuple(chosen)
    key = ("area_check", preview.actor, preview.weapon_key, preview.mode, fields)
    odds = layers_of(scene).get(
        scene,
        key,
        lambda: area_fire_check_chance(
            battle, preview.actor, preview.weapon_key, preview.mode, fields
        ),
    )
    return [] if odds is None else [check_line(odds, scene.app.t)]
