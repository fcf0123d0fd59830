"""The area-fire tool's odds: the check's chance, then what each painted creature takes.

The ruleset answers through its views (``Views.area_odds``: who saves, against which
field, with what chance and damage, D-6, and the enemies Deckungsfeuer hits without a
save, E-OPEN-23; ``Views.area_check_odds``: the check); this module only asks once per
painting and keeps the lines of the creatures the viewer sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from game.board.grid import Cell
from game.rulesets.entaria.queries.area_fire import AreaFirePreview
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost


def area_fire_save_lines(
    scene: MapHost, preview: AreaFirePreview, painted: Mapping[Cell, int]
) -> list[str]:
    """Return one line per creature on a painted field that the viewer sees (D-6)."""
    if not painted:
        return []
    battle, views, t = scene.session.battle, scene.session.views, scene.app.t
    allocation = dict(painted)
    key = (
        "area_saves",
        preview.actor,
        preview.weapon_key,
        preview.mode,
        frozenset(painted.items()),
        t.language,
    )
    rows = layers_of(scene).get(
        scene,
        key,
        lambda: views.area_odds(
            battle, preview.actor, preview.weapon_key, preview.mode, allocation, t
        ),
    )
    visible = scene.visible_keys()
    return [line for creature, line in rows if visible is None or creature in visible]


def area_fire_check_lines(
    scene: MapHost, preview: AreaFirePreview, chosen: Sequence[Cell]
) -> list[str]:
    """Return the chance of the area fire's check on the chosen fields (E-AREAFIRE-3)."""
    if not chosen or preview.reason:
        return []
    battle, views, t = scene.session.battle, scene.session.views, scene.app.t
    fields = tuple(chosen)
    key = ("area_check", preview.actor, preview.weapon_key, preview.mode, fields, t.language)
    lines = layers_of(scene).get(
        scene,
        key,
        lambda: views.area_check_odds(
            battle, preview.actor, preview.weapon_key, preview.mode, fields, t
        ),
    )
    return list(lines)
