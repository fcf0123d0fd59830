"""The rules' answers a battle screen shows, cached, and the helpers that name them.

``layers_of(scene)`` holds, per battle screen, every answer of
``game.rulesets.entaria.queries`` the tools use (movement options, threat zones, range
rings, target marks, fire zones, legal actions), keyed on the session's revision, the
battle object and the grid version, so a query runs once per change of the match and
never per frame. It also holds the shadings built from those answers, the weapon each
creature has "in the sights", and the results that stay on screen until the next click
(``ThrowResult``: the scatter diagram of a missed throw, ``AreaFireResult``: the saves
and damage of an area fire).

What every tool draws from these answers is in ``overlays_standing``; the kept results
are drawn by ``overlays_results``.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import LegalAction
from game.rulesets.entaria.queries.area_fire import Zone, deckungsfeuer_zones
from game.rulesets.entaria.queries.movement import MoveOptions, movement_options
from game.rulesets.entaria.queries.ranges import RangeRings, range_rings
from game.rulesets.entaria.queries.reach import ThreatZones, threat_zones
from game.rulesets.entaria.queries.scatter import ScatterDiagram, ScatterPath
from game.rulesets.entaria.queries.targets import TargetMark, target_marks
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.state import CreatureState
from game.ui import hud_text
from game.ui.field_shading import FieldShading
from game.ui.overlays import Beside

if TYPE_CHECKING:
    from game.ui.host import MapHost

T = TypeVar("T")
UNARMED = "unarmed"


# ================================================================ kept results
@dataclass
class ThrowResult:
    """A throw at a field as the engine resolved it (kept until the next click)."""

    thrower: Cell
    intended: Cell
    landing: Cell
    hit: bool
    diagram: ScatterDiagram | None = None
    direction_roll: int | None = None
    distance_roll: int | None = None
    path: ScatterPath | None = None
    area: list[Cell] = field(default_factory=list)


@dataclass
class AreaFireResult:
    """An area fire as the engine resolved it: the filled fields and each creature's lot."""

    anchor: Cell
    values: dict[Cell, int]
    lines: list[str]


Sticky = ThrowResult | AreaFireResult


# ====================================================================== the cache
class Layers:
    """Query answers and shadings of one scene, recomputed only when the match changes."""

    def __init__(self) -> None:
        self._stamp: tuple[Any, ...] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self.sticky: Sticky | None = None
        self._kept: tuple[Sticky | None, int] = (None, 0)  # the sticky and the commands then
        self.weapons: dict[str, str] = {}  # creature key -> the weapon chosen for overlays
        # where this frame's range-band labels went: the kept results' boxes keep off them
        self.ring_labels: list[pygame.Rect] = []
        self.result_box: pygame.Rect | None = None  # where the area-fire box went (tests)

    # ------------------------------------------------------------------ caching
    def _refresh(self, scene: MapHost) -> None:
        battle = scene.session.battle
        stamp = (scene.session.revision, id(battle), battle.grid.version)
        if stamp != self._stamp:
            self._memo.clear()
            self._stamp = stamp

    def kept(self, scene: MapHost) -> Sticky | None:
        """Return the kept result to draw; an undo of the command that made it drops it."""
        commands = scene.session.match.command_count
        if self.sticky is not self._kept[0]:
            self._kept = (self.sticky, commands)
        elif commands < self._kept[1]:  # the throw or area fire was taken back
            self.sticky = None
        return self.sticky

    def get(self, scene: MapHost, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        """Return the cached answer for ``key``, computing it once per change of the match."""
        self._refresh(scene)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return, unused-ignore]
        value = compute()
        self._memo[key] = value
        return value

    # ------------------------------------------------------------------ queries
    def legal(self, scene: MapHost, key: str) -> dict[Action, LegalAction]:
        battle = scene.session.battle
        return self.get(
            scene, ("legal", key), lambda: {e.action: e for e in battle.legal_actions(key)}
        )

    def moves(
        self, scene: MapHost, key: str, action: Action, weapon: str | None = None
    ) -> MoveOptions:
        battle = scene.session.battle
        return self.get(
            scene,
            ("moves", key, action, weapon),
            lambda: movement_options(battle, key, action, weapon_key=weapon),
        )

    def threats(self, scene: MapHost, key: str) -> ThreatZones:
        battle = scene.session.battle
        return self.get(scene, ("threats", key), lambda: threat_zones(battle, key))

    def rings(self, scene: MapHost, key: str, weapon: str) -> RangeRings:
        battle = scene.session.battle
        return self.get(scene, ("rings", key, weapon), lambda: range_rings(battle, key, weapon))

    def marks(self, scene: MapHost, key: str, weapon: str | None) -> dict[str, TargetMark]:
        battle = scene.session.battle
        return self.get(scene, ("marks", key, weapon), lambda: target_marks(battle, key, weapon))

    def zones(self, scene: MapHost) -> list[Zone]:
        battle = scene.session.battle
        return self.get(scene, ("zones",), lambda: deckungsfeuer_zones(battle))

    def shading(
        self, scene: MapHost, key: tuple[Any, ...], build: Callable[[], FieldShading]
    ) -> FieldShading:
        return self.get(scene, ("shade", *key), build)

    # ----------------------------------------------------------------- weapons
    def weapon_for(
        self, scene: MapHost, creature: CreatureState, want: Callable[[WeaponType], bool]
    ) -> str | None:
        """Return the weapon chosen for ``creature`` if it passes ``want``, else the first held."""
        battle = scene.session.battle
        chosen = self.weapons.get(creature.key)
        held = [battle.catalogue.weapons[k] for k in creature.held if k in battle.catalogue.weapons]
        for weapon in held:
            if weapon.key == chosen and want(weapon):
                return weapon.key
        for weapon in held:
            if want(weapon):
                return weapon.key
        return None


class Slot:
    """One remembered answer that follows the mouse: recomputed when its key or the match
    changes (a template at a new angle replaces the previous one instead of piling up)."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._value: Any = None

    def get(self, scene: MapHost, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        full = (scene.session.revision, id(scene.session.battle), *key)
        if self._key != full:
            self._value = compute()
            self._key = full
        return self._value


_LAYERS: weakref.WeakKeyDictionary[Any, Layers] = weakref.WeakKeyDictionary()


def layers_of(scene: MapHost) -> Layers:
    """Return the scene's Layers (created on first use)."""
    layers = _LAYERS.get(scene)
    if layers is None:
        layers = _LAYERS[scene] = Layers()
    return layers


# ===================================================================== helpers
def shape_of(scene: MapHost) -> tuple[int, int]:
    grid = scene.session.battle.grid
    return (grid.height, grid.width)


#: How big a field's number is when it moves aside for a token (of the field's side).
NUMBER_BESIDE_TOKEN = 0.3


def number_place(scene: MapHost, cell: Cell) -> tuple[Beside, float] | None:
    """Return where a field's number goes when a token stands there: (corner, scale) for
    ``overlays.cell_text``, smaller and beside the token's base, so the token stays
    readable (``overlays.Beside``); None: the centre.
    """
    piece = scene.piece_at(cell)
    if piece is None:
        return None
    return Beside(piece.cell, max(1, piece.size)), NUMBER_BESIDE_TOKEN


def says(scene: MapHost, de: str, en: str) -> str:
    """Return the German or English text, as the screen's language is."""
    return hud_text.says(scene.app.t.language, de, en)


def weapon_name(scene: MapHost, key: str | None) -> str:
    if key is None or key == UNARMED:
        return scene.app.t("tools.unarmed")
    weapon = scene.session.battle.catalogue.weapons.get(key)
    if weapon is None:
        return key
    return says(scene, weapon.name, weapon.english)


def band_name(scene: MapHost, band: Any) -> str:
    return scene.app.t(f"tools.band.{band.name}") if band is not None else ""


def cover_name(scene: MapHost, cover: Any) -> str:
    return scene.app.t(f"tools.cover.{cover.name if cover is not None else 'NOSIGHT'}")


def creature_of(scene: MapHost, key: str | None) -> CreatureState | None:
    """Return the battle's creature ``key`` (None: none, or no such creature)."""
    if key is None:
        return None
    return scene.session.battle.state.creatures.get(key)


def selected_creature(scene: MapHost) -> CreatureState | None:
    """Return the creature selected on the screen (the host knows only its key)."""
    return creature_of(scene, scene.selected)


def creature_at(scene: MapHost, cell: Cell) -> CreatureState | None:
    """Return the creature the viewer sees on ``cell`` (multi-field footprints too)."""
    piece = scene.piece_at(cell)
    return creature_of(scene, piece.key) if piece is not None else None


def viewer_enemies(scene: MapHost, creature: CreatureState) -> list[CreatureState]:
    """Return the enemies of ``creature`` the viewer may be shown (fog of war)."""
    battle = scene.session.battle
    visible = scene.visible_keys()
    enemies = layers_of(scene).get(
        scene, ("enemies", creature.key), lambda: battle.enemies_of(creature)
    )
    return [e for e in enemies if visible is None or e.key in visible]


def token_side(scene: MapHost, creature: CreatureState) -> int:
    return scene.session.battle.creature_type(creature).size_fields


def event_lines(scene: MapHost, events: Sequence[Event]) -> list[str]:
    return [e.text(scene.app.t.language) for e in events]


__all__ = [
    "NUMBER_BESIDE_TOKEN",
    "AreaFireResult",
    "Layers",
    "Slot",
    "ThrowResult",
    "creature_at",
    "creature_of",
    "layers_of",
    "number_place",
    "selected_creature",
]
