"""The area fire tool: Bereichsfeuer in two steps, choose and roll, then paint (D-6)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.rulesets.entaria.area_fire import AreaFireRoll, placement_of
from game.rulesets.entaria.area_fire_placement import PlaceAreaFire
from game.rulesets.entaria.queries.area_fire import AreaFirePreview, area_fire_preview
from game.rulesets.entaria.rules.actions import ACTIONS
from game.rulesets.entaria.rules.area_joins import edge_parted
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState, Pending
from game.ui import overlays, theme
from game.ui.field_shading import FieldShading
from game.ui.overlays_results import area_fire_lines
from game.ui.overlays_rules import (
    AreaFireResult,
    band_name,
    layers_of,
    number_place,
    says,
    shape_of,
    weapon_name,
)
from game.ui.tools.area_fire_odds import area_fire_check_lines, area_fire_save_lines
from game.ui.tools.base import Tool
from game.ui.tools.paint_walk import edge_walk
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.host import MapHost

#: Paint of a waiting placement kept while the tool is left and entered again (Esc, a
#: game master's pick), per scene, keyed on the placement it belongs to.
_KEPT: weakref.WeakKeyDictionary[Any, tuple[tuple[Any, ...], dict[Cell, int]]] = (
    weakref.WeakKeyDictionary()
)
AREA_PHASE = "area"  # choose the fields, then AreaFireRoll
PLACE_PHASE = "place"  # the engine waits with the rolled total: paint it, PlaceAreaFire
MAX_PAINT = 99  # the most a field can be painted (D-6 allows SW; more shows the violation)


def placement_waiting(scene: MapHost) -> Pending | None:
    """Return the current creature's rolled area fire when the viewer must place it (D-6)."""
    battle = scene.session.battle
    if not battle.state.order or scene.session.over or not battle.state.pending:
        return None
    current = battle.current
    if not scene.controls(current.key):
        return None
    return placement_of(battle, current.key)


def _placement_key(pending: Pending) -> tuple[Any, ...]:
    data = pending.data
    return (
        pending.actor,
        str(data["weapon"]),
        str(data["mode"]),
        int(data["total"]),
        int(data["placeable"]),
        tuple((int(x), int(y)) for x, y in data["fields"]),
    )


class AreaFireTool(Tool):
    """Bereichsfeuer in two steps (D-6): choose the area and roll, then paint the total.

    Phase "area": click or drag adds fields (sight, range, edges and the engine's
    verdict from ``queries.area_fire_preview``), right click removes one; the button or
    Enter sends AreaFireRoll with the fields in the order chosen (the order EndTurn
    fills them in). Phase "place" (the engine waits with the rolled total; also entered
    by the select tool when a scene opens on a waiting placement): click +1, right
    click -1, drag paints +1 per field, on the declared fields only (a drag in either
    phase fills the fields between mouse positions, joined by sides: ``paint_walk``);
    nothing is judged before the first field is painted; the total, what is
    left, SW per field and every D-6 violation show live; the button or Enter sends
    PlaceAreaFire only when the preview is valid; V takes the suggestion EndTurn would
    place, Backspace clears. The roll cannot be taken back: Esc says so.
    """

    name = "area_fire"

    def __init__(
        self, scene: MapHost, actor: CreatureState, weapon: str, mode: AreaFireAction
    ) -> None:
        super().__init__(scene)
        self.actor_key = actor.key
        self.weapon = weapon
        self.mode = mode
        self.phase = AREA_PHASE
        self.chosen: list[Cell] = []  # phase "area": the declared fields in order
        self.painted: dict[Cell, int] = {}  # phase "place": the values
        self.dragging = False
        self.dragged: set[Cell] = set()
        self.drag_last: Cell | None = None  # the field the drag painted last
        self._preview: tuple[Any, AreaFirePreview] | None = None
        self._revision = scene.session.revision
        self._big: tuple[Any, pygame.Surface] | None = None
        self.shown_problems: list[str] = []  # the D-6 violations drawn in the last frame
        pending = placement_of(self.battle, actor.key)
        if pending is not None:
            self._enter_placement(pending)
        self._build_buttons()

    @property
    def comes_back(self) -> bool:
        """Return whether a rolled total waits: the select tool goes straight back to it."""
        return self.phase == PLACE_PHASE

    @classmethod
    def placing(cls, scene: MapHost, pending: Pending) -> AreaFireTool:
        """Return the tool in phase "place" for the rolled area fire ``pending`` (D-6)."""
        actor = scene.session.battle.state.creatures[pending.actor]
        mode = AreaFireAction[str(pending.data["mode"])]
        return cls(scene, actor, str(pending.data["weapon"]), mode)

    @property
    def actor(self) -> CreatureState:
        creature: CreatureState = self.battle.state.creatures[self.actor_key]
        return creature

    def pending(self) -> Pending | None:
        return placement_of(self.battle, self.actor_key)

    def _enter_placement(self, pending: Pending) -> None:
        self.phase = PLACE_PHASE
        self.weapon = str(pending.data["weapon"])
        self.mode = AreaFireAction[str(pending.data["mode"])]
        self.chosen = [(int(x), int(y)) for x, y in pending.data["fields"]]
        kept = _KEPT.pop(self.scene, None)
        self.painted = dict(kept[1]) if kept and kept[0] == _placement_key(pending) else {}

    def sync(self) -> bool:
        """Follow the match (undo, redo, a reroll); return False when the tool was left."""
        changed = self.scene.session.revision != self._revision
        self._revision = self.scene.session.revision
        if not changed:
            return True
        pending = self.pending()
        if self.phase == PLACE_PHASE and pending is None:
            self.leave()  # undone, or placed by the end of the turn
            return False
        if self.phase == AREA_PHASE and pending is not None:
            self._enter_placement(pending)  # a redo brought the roll back
        self._build_buttons()  # the verdict may have changed (a reroll of the total)
        return True

    # --------------------------------------------------------------- buttons
    def _build_buttons(self) -> None:
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        placing = self.phase == PLACE_PHASE
        label = self.t("tools.area.place" if placing else "tools.area.roll")
        width = fonts.get(20).size(label)[0] + 30
        right = camera.viewport_x + camera.viewport_w - 12
        y = camera.viewport_y + camera.viewport_h - 44
        rect = pygame.Rect(right - width, y, width, 34)
        preview = self.preview()
        tip = "" if preview.valid or not self.started() else self.t("tools.area.fix_first")
        self.buttons = [Button(rect, label, self.confirm, enabled=preview.valid, tooltip=tip)]
        if placing:
            label = self.t("tools.area.suggest")
            width = fonts.get(20).size(label)[0] + 30
            rect = pygame.Rect(self.buttons[0].rect.x - width - 8, y, width, 34)
            self.buttons.append(Button(rect, label, self.take_suggestion, tooltip=""))

    @property
    def confirm_button(self) -> Button:
        return self.buttons[0]

    # --------------------------------------------------------------- preview
    def started(self) -> bool:
        """Return whether the player marked a field in this phase (chose or painted)."""
        return bool(self.painted if self.phase == PLACE_PHASE else self.chosen)

    def declared(self) -> dict[Cell, int]:
        """Return what the preview checks: the chosen fields in order, or the painting."""
        if self.phase == PLACE_PHASE:
            return dict(self.painted)
        return {cell: 1 for cell in self.chosen}

    def preview(self) -> AreaFirePreview:
        declared = self.declared()
        scene = self.scene
        key = (
            scene.session.revision,
            id(scene.session.battle),
            self.phase,
            tuple(declared.items()),
        )
        if self._preview is None or self._preview[0] != key:
            preview = area_fire_preview(
                scene.session.battle, self.actor_key, self.weapon, self.mode, declared
            )
            self._preview = (key, preview)
        return self._preview[1]

    # --------------------------------------------------------------- editing
    def paint(self, cell: Cell, amount: int) -> None:
        """Phase "area": add (+) or remove (-) a field; phase "place": change its value."""
        if not self.in_map(cell):
            return
        if self.phase == AREA_PHASE:
            if amount > 0 and cell not in self.chosen:
                self.chosen.append(cell)
            elif amount < 0 and cell in self.chosen:
                self.chosen.remove(cell)
        else:
            if amount > 0 and not self.preview().paintable[cell[1], cell[0]]:
                self.message(self.t("tools.area.only_declared"), bad=True)
                return
            value = min(MAX_PAINT, self.painted.get(cell, 0) + amount)
            if value <= 0:
                self.painted.pop(cell, None)
            else:
                self.painted[cell] = value
        self._build_buttons()

    def take_suggestion(self) -> None:
        """Paint what the end of the turn would place (D-6: the declared order, SW each)."""
        if self.phase == PLACE_PHASE:
            self.painted = dict(self.preview().fill_at_max)
            self._build_buttons()

    def clear(self) -> None:
        self.chosen.clear()
        self.painted.clear()
        self._build_buttons()

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        if not self.sync():
            return bool(self.scene.tool.handle(event))
        return super().handle(event)

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        self.dragging = True
        self.dragged = {cell}
        self.drag_last = cell
        self.paint(cell, 1)
        return True

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.dragging and self.mouse is not None and self.scene.camera.contains(self.mouse):
            self.drag_to(self.scene.camera.screen_to_cell(self.mouse))

    def drag_to(self, cell: Cell) -> None:
        """Paint the fields from the last painted one to ``cell``, joined by sides (D-6).

        The fields the mouse skipped (a fast or diagonal drag) are the side-joined line
        walk between (``paint_walk.edge_walk``); one that cannot be painted is passed over
        without a word, only the field under the mouse says why it is refused.
        """
        last = self.drag_last if self.drag_last is not None else cell
        if cell == last:
            return
        paintable = self.preview().paintable
        grid = self.battle.grid

        def can_paint(b: Cell) -> bool:
            return bool(grid.in_bounds(b)) and bool(paintable[b[1], b[0]])

        def good(a: Cell, b: Cell) -> bool:
            return can_paint(b) and not edge_parted(grid, a, b)

        for step in edge_walk(last, cell, good):
            if step in self.dragged:
                continue
            if step == cell or can_paint(step):
                self.dragged.add(step)
                self.paint(step, 1)
        self.drag_last = cell

    def left_release(self, event: pygame.event.Event) -> bool:
        self.dragging = False
        self.dragged = set()
        self.drag_last = None
        return False

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        if cell in self.chosen if self.phase == AREA_PHASE else cell in self.painted:
            self.paint(cell, -1)
        elif self.phase == PLACE_PHASE:
            self.message(self.t("tools.area.no_cancel"), bad=True)
        elif not self.chosen:
            self.leave()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        if event.key == pygame.K_BACKSPACE:
            self.clear()
            return True
        if event.key == pygame.K_v and self.phase == PLACE_PHASE:
            self.take_suggestion()
            return True
        return False

    def cancel(self) -> None:
        """Leaving while the roll waits keeps the paint; Esc cannot take the roll back."""
        super().cancel()
        pending = self.pending() if self.phase == PLACE_PHASE else None
        if pending is None:
            return
        _KEPT[self.scene] = (_placement_key(pending), dict(self.painted))
        if self.scene.session.revision == self._revision:  # not a change of the match
            self.message(self.t("tools.area.no_cancel"), bad=True)

    def confirm(self) -> None:
        """Send AreaFireRoll (phase "area") or PlaceAreaFire (phase "place") when valid."""
        preview = self.preview()
        if not preview.valid:
            problem = preview.reason or (preview.errors[0] if preview.errors else "")
            self.message(in_language(problem, self.t.language), bad=True)
            return
        scene = self.scene
        if self.phase == AREA_PHASE:
            fields = tuple(self.chosen)
            command: Command = AreaFireRoll(self.actor_key, self.weapon, self.mode.name, fields)
            outcome = scene.send(command)
            if outcome.ok and placement_of(scene.session.battle, self.actor_key) is None:
                # no total to place: the check missed (or failed critically)
                lines = [
                    e.text(self.t.language)
                    for e in outcome.events
                    if e.kind == "roll" and e.data.get("rule") == "E-AREAFIRE-3"
                ]
                lines += area_fire_lines(scene, outcome.events)[1]
                layers_of(scene).sticky = AreaFireResult(fields[0], {}, lines)
            return
        values = tuple((x, y, v) for (x, y), v in self.painted.items())
        anchor = next(iter(self.painted))
        outcome = scene.send(PlaceAreaFire(self.actor_key, values))
        if outcome.ok:
            _KEPT.pop(scene, None)
            filled, lines = area_fire_lines(scene, outcome.events)
            layers_of(scene).sticky = AreaFireResult(anchor, filled, lines)

    # ---------------------------------------------------------------- drawing
    def draw_under(self, surface: pygame.Surface) -> None:
        if not self.sync():
            self.scene.tool.draw_under(surface)
            return
        super().draw_under(surface)

    def draw_own_under(self, surface: pygame.Surface) -> None:
        preview = self.preview()
        scene = self.scene
        placing = self.phase == PLACE_PHASE
        paintable = self.layers.get(
            scene,
            ("paintable", self.actor_key, self.weapon, self.mode, self.phase),
            lambda: FieldShading(
                [(preview.paintable, overlays.PAINTABLE, "fill")]
                + ([(preview.paintable, (255, 200, 90, 200), "edge")] if placing else []),
                preview.paintable.shape,
            ),
        )
        paintable.draw(surface, scene.camera)
        marked = self.painted if placing else dict.fromkeys(self.chosen, 1)
        if marked:
            bad = [
                c
                for c in marked
                if not preview.paintable[c[1], c[0]] or (placing and marked[c] > preview.sw)
            ]
            good = [c for c in marked if c not in bad]
            FieldShading(
                [
                    (good, overlays.PAINT_OK, "fill"),
                    (bad, overlays.PAINT_BAD, "fill"),
                    (bad, (255, 40, 255, 230), "edge"),
                ],
                shape_of(scene),
            ).draw(surface, scene.camera)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        scene = self.scene
        camera = scene.camera
        preview = self.preview()
        if self.phase == PLACE_PHASE:
            self.draw_values(surface, preview)
            lines = self.place_lines(preview)
        else:
            self.draw_order(surface, preview)
            lines = self.area_lines(preview)
        problems = [in_language(error, self.t.language) for error in preview.errors]
        if preview.reason and not problems and self.chosen:
            problems.append(
                in_language(preview.reason, self.t.language)
            )  # the engine's refusal repeats the errors
        fonts = scene.app.fonts
        status = overlays.label_surface(fonts, lines, size=17, border=(255, 120, 60))
        x = camera.viewport_x + 34  # clear of the coordinates along the border
        y = camera.viewport_y + camera.viewport_h - status.get_height() - 10
        # nothing marked yet: a neutral prompt (the lines), not a verdict on an empty map
        shown = bool(problems) and self.started()
        self.shown_problems = problems if shown else []  # what the player reads (tests)
        if shown:
            image = overlays.label_surface(
                fonts,
                [self.t("tools.area.problems"), *problems],
                size=16,
                colour=theme.TEXT_BAD,
                border=theme.TEXT_BAD,
            )
            surface.blit(image, (x, y - image.get_height() - 6))
        surface.blit(status, (x, y))
        hover = self.hover_cell()
        if hover is not None and self.in_map(hover):
            overlays.outline_cell(surface, camera, hover, (255, 200, 120), 2)

    def draw_order(self, surface: pygame.Surface, preview: AreaFirePreview) -> None:
        """Phase "area": number the chosen fields (the order the end of a turn fills)."""
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        for index, cell in enumerate(self.chosen, 1):
            good = bool(preview.paintable[cell[1], cell[0]])
            colour = (255, 255, 255) if good else (255, 120, 255)
            corner, scale = number_place(self.scene, cell) or ("center", 0.34)  # off initials
            overlays.cell_text(
                surface, camera, fonts, cell, str(index), colour, scale=scale, corner=corner
            )

    def draw_values(self, surface: pygame.Surface, preview: AreaFirePreview) -> None:
        """Phase "place": each field's value, its SW limit, and the total big on top."""
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        for cell, value in self.painted.items():
            colour = (255, 255, 255) if value <= preview.sw else (255, 120, 255)
            corner, scale = number_place(self.scene, cell) or ("center", 0.42)  # off initials
            overlays.cell_text(
                surface,
                camera,
                fonts,
                cell,
                str(value),
                colour,
                scale=scale,
                corner=corner,
                plate=(0, 0, 0, 120),
            )
        limit = f"≤{preview.sw}"
        for cell in preview.declared:
            # a token's field shows its value in that corner; the status box says the limit
            if preview.paintable[cell[1], cell[0]] and number_place(self.scene, cell) is None:
                over = self.painted.get(cell, 0) > preview.sw
                colour = (255, 120, 255) if over else (255, 230, 170)
                overlays.cell_text(
                    surface, camera, fonts, cell, limit, colour, scale=0.24, corner="bottomright"
                )
        self.draw_total(surface, preview)

    def draw_total(self, surface: pygame.Surface, preview: AreaFirePreview) -> None:
        """Draw the rolled total big at the top of the map, with what is left to place."""
        camera = self.scene.camera
        t = self.t
        remaining = preview.remaining or 0
        key = (preview.total, preview.rolled, remaining, preview.placed, t.language)
        if self._big is None or self._big[0] != key:
            self._big = (key, self._total_image(preview))
        image = self._big[1]
        # Top right, below the coordinates and beside the HUD's messages (top centre).
        right = camera.viewport_x + camera.viewport_w - 12
        surface.blit(image, image.get_rect(topright=(right, camera.viewport_y + 26)))

    def _total_image(self, preview: AreaFirePreview) -> pygame.Surface:
        fonts = self.scene.app.fonts
        t = self.t
        total = preview.total or 0
        remaining = preview.remaining or 0
        big = fonts.get(46, True).render(str(total), True, (255, 200, 90))
        rolled = preview.rolled if preview.rolled is not None else total
        head_key = "tools.area.total_head" if rolled <= total else "tools.area.placeable_head"
        head = fonts.get(18, True).render(t(head_key), True, theme.TEXT)
        if remaining == 0:
            rest_text, colour = t("tools.area.all_placed"), (120, 230, 140)
        elif remaining > 0:
            rest_text, colour = t("tools.area.left", n=remaining), (255, 230, 170)
        else:
            rest_text, colour = t("tools.area.too_much", n=-remaining), theme.TEXT_BAD
        rest = fonts.get(24, True).render(rest_text, True, colour)
        small = [self.formula(preview)]
        if rolled > total:
            small.append(t("tools.area.lost", n=rolled - total, fields=len(preview.declared)))
        smalls = [fonts.get(15).render(line, True, theme.TEXT_DIM) for line in small if line]
        width = (
            max(
                [big.get_width() + 16 + head.get_width(), rest.get_width()]
                + [s.get_width() for s in smalls]
            )
            + 28
        )
        height = big.get_height() + rest.get_height() + sum(s.get_height() for s in smalls) + 16
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        box.fill(overlays.LABEL_BG)
        pygame.draw.rect(box, (255, 160, 60), box.get_rect(), 2, border_radius=4)
        left = (width - big.get_width() - 16 - head.get_width()) // 2
        box.blit(head, (left, 6 + (big.get_height() - head.get_height()) // 2))
        box.blit(big, (left + head.get_width() + 16, 4))
        y = 4 + big.get_height()
        box.blit(rest, rest.get_rect(midtop=(width // 2, y)))
        y += rest.get_height() + 2
        for image in smalls:
            box.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += image.get_height()
        return box

    def formula(self, preview: AreaFirePreview) -> str:
        """Return how the total was rolled, from the waiting placement (E-AREAFIRE-4)."""
        pending = self.pending()
        if pending is None or preview.multiplier is None:
            return ""
        data = pending.data
        text = self.t(
            "tools.area.formula",
            sw=int(data["sw"]),
            die=int(data["die"]),
            m=preview.multiplier,
            total=int(data["total"]),
        )
        return text + (self.t("tools.area.critical") if data.get("critical") else "")

    def title(self, preview: AreaFirePreview) -> str:
        rule = ACTIONS[self.mode.action]
        return self.t(
            "tools.area.title",
            action=says(self.scene, rule.german, rule.english),
            weapon=weapon_name(self.scene, self.weapon),
            sw=preview.sw,
        )

    def area_lines(self, preview: AreaFirePreview) -> list[str]:
        t = self.t
        lines = [
            self.title(preview),
            t("tools.area.step_area"),
            t(
                "tools.area.chosen",
                n=len(self.chosen),
                low=preview.min_total or 0,
                high=preview.max_total or 0,
                crit=preview.max_total_crit or 0,
            ),
        ]
        if self.chosen:
            lines.append(t("tools.area.placeable", n=preview.sw * len(self.chosen)))
        if preview.band is not None:
            lines.append(
                t(
                    "tools.area.check",
                    band=band_name(self.scene, preview.band),
                    edge=overlays.edge_text(preview.check_edge, t),
                )
            )
        lines += area_fire_check_lines(self.scene, preview, self.chosen)  # E-AREAFIRE-3
        lines.append(t("tools.area.keys_area"))
        return lines

    def paint_prompt(self, preview: AreaFirePreview) -> str:
        """Return what to do first in phase "place" (before a field is painted)."""
        n = preview.total or 0
        return says(
            self.scene,
            f"Klicke oder ziehe über die gewählten Felder, um {n} Schaden zu verteilen",
            f"Click or drag over the chosen fields to place {n} damage",
        )

    def place_lines(self, preview: AreaFirePreview) -> list[str]:
        t = self.t
        start = [] if self.painted else [self.paint_prompt(preview)]
        return [
            self.title(preview),
            t("tools.area.step_place"),
            *start,
            t(
                "tools.area.placed_of",
                placed=preview.placed,
                total=preview.total or 0,
                n=preview.remaining or 0,
            ),
            t("tools.area.per_field", sw=preview.sw, fields=len(preview.declared)),
            *area_fire_save_lines(self.scene, preview, self.painted),  # D-6: each save
            t("tools.area.keys_place"),
        ]
