"""The set-up screen: a map without creatures gets its sides and creatures (issue 13).

``kampfkarte play MAP`` and "Neues Spiel" open a creature-less mission (every imported
Universal VTT or Tiled map) here. The game master drags creature types from the
ruleset's catalogue onto fields (or clicks a type, then fields), picks each creature's
side, edits its values (the fields the ruleset names, ``SetupRuleset.creature_fields``),
adds and names sides, saves the whole as a native mission beside the map and begins
the fight on it. Every refusal shows its reason in the status line.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.match.problems import MissionError
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.camera import Camera
from game.ui.camera_control import CameraControl, fit_beside_rulers
from game.ui.map_view import MapRenderer, background_for
from game.ui.scenes.mission_entry import read_mission
from game.ui.scenes.setup_model import SIDE_HEX, SetupModel
from game.ui.scenes.setup_panel import (
    PANEL_W,
    PanelActions,
    SetupPanel,
    build_panel,
    draw_colour_marks,
    draw_panel_parts,
)
from game.ui.screen_font import screen_text
from game.ui.text_input import TextInput
from game.ui.theme import parse_colour
from game.ui.token_views import short_label, short_labels
from game.ui.tokens import TokenRenderer, TokenView
from game.ui.widgets import draw_text, draw_tooltip, wrap

STATUS_H = 44
#: How far (pixels) the mouse moves before a press on a catalogue row becomes a drag.
DRAG_START_PX = 6


class SetupScene(Scene):
    """A map on screen with a side panel to place, edit and save its creatures."""

    def __init__(self, app: App, path: Path | str) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.errors: list[str] = []
        self.model: SetupModel | None = None
        try:
            self.model = SetupModel(self.path, app.t)
        except MissionError as error:
            self.errors = [p.render(app.t.language) for p in error.problems]
        self.camera = Camera()
        self.camera_control = CameraControl(self.camera, drag_buttons=(2,))
        self.tokens = TokenRenderer(app.fonts, mission_dir=self.path.parent)
        self.map: MapRenderer | None = None
        if self.model is not None:
            self.map = MapRenderer(self.model.grid, app.fonts)
            self.map.set_background(*background_for(self.model.loaded))
        self.armed: str | None = None  # the catalogue type a click on a field places
        self.selected: str | None = None  # the creature whose values the panel shows
        self.press: tuple[str, str, tuple[int, int]] | None = None  # ("type"|"creature", key, at)
        self.dragging = False
        self.scroll = 0
        self.clear()
        self.notice_bad = False
        self.hover: tuple[int, int] | None = None
        self._leave_warned = False
        default = self.model.default_file_name() if self.model else "mission.toml"
        self.file_name = TextInput(pygame.Rect(0, 0, 10, 10), default, max_length=120, size=18)
        self.panel: SetupPanel | None = None
        self._size = app.screen.get_size()
        self._language = app.t.language
        self._fitted = False
        pygame.display.set_caption(screen_text(app.t("setup.caption", file=self.path.name)))

    def closing(self) -> None:
        pygame.display.set_caption("Kampfkarte")

    # -------------------------------------------------------------- layout
    def resized(self, size: tuple[int, int]) -> None:
        self._size = size
        width, height = size
        self.camera.set_viewport(0, 0, width - PANEL_W, height - STATUS_H)
        if not self._fitted and self.model is not None and self.map is not None:
            grid = self.model.grid
            fit_beside_rulers(self.camera, grid.width, grid.height, self.map.coordinate_strips)
            self._fitted = True
        self.build()

    def build(self) -> None:
        """Lay the panel out again (after every change it shows)."""
        if self.model is None:
            self.panel = None
            return
        width, height = self._size
        self.panel = build_panel(
            self.model,
            pygame.Rect(width - PANEL_W, 0, PANEL_W, height),
            self._actions(),
            armed=self.armed,
            selected=self.selected,
            scroll=self.scroll,
            file_name=self.file_name,
            t=self.app.t,
        )

    def _actions(self) -> PanelActions:
        return PanelActions(
            choose_side=self.choose_side,
            rename_side=self.rename_side,
            next_colour=self.next_colour,
            toggle_controller=self.toggle_controller,
            add_side=self.add_side,
            arm=self.arm,
            commit=self.commit,
            next_side_of=self.next_side_of,
            remove=self.remove_selected,
            save=self.save,
            begin=self.begin,
            back=self.back,
        )

    def say(self, text: str | None, *, bad: bool = True) -> bool:
        """Show ``text`` in the status line (a refusal in red); return whether it was shown."""
        if text is None:
            return False
        self.notice, self.notice_bad = text, bad
        return True

    def clear(self) -> None:
        """Take the last notice off the status line."""
        self.notice, self.notice_bad = "", False

    # ------------------------------------------------------------- actions
    def choose_side(self, key: str) -> None:
        assert self.model is not None
        self.model.side = key
        self.build()

    def rename_side(self, key: str, name: str) -> None:
        assert self.model is not None
        if not self.say(self.model.rename_side(key, name)):
            self.clear()

    def next_colour(self, key: str) -> None:
        assert self.model is not None
        side = self.model.side_of(key)
        if side is not None:
            index = SIDE_HEX.index(side.colour) if side.colour in SIDE_HEX else -1
            self.model.set_colour(key, SIDE_HEX[(index + 1) % len(SIDE_HEX)])
            self.build()

    def toggle_controller(self, key: str) -> None:
        assert self.model is not None
        self.model.toggle_controller(key)
        self.build()

    def add_side(self) -> None:
        assert self.model is not None
        self.say(self.model.add_side())
        self.build()

    def arm(self, creature_type: str) -> None:
        """Choose the type a click on a field places (Esc or a right click: none)."""
        self.armed = creature_type
        self.build()

    def place(self, creature_type: str, cell: tuple[int, int]) -> bool:
        """Place a creature of ``creature_type`` on ``cell``; say why not. Return success."""
        assert self.model is not None
        if self.say(self.model.place(creature_type, cell)):
            return False
        placed = self.model.creatures[-1]
        self.selected = placed.key
        name = self.model.name_of(placed)
        self.say(self.app.t("setup.placed", name=name, x=cell[0], y=cell[1]), bad=False)
        self.build()
        return True

    def commit(self, key: str, box: TextInput) -> bool:
        """Set the chosen creature's value ``key`` from its text field; say why not.

        Return whether the value was taken.
        """
        if self.model is None or self.selected is None:
            return False
        refused = self.model.set_value(self.selected, key, box.text)
        if self.say(refused):
            return False
        self.clear()
        self.build()
        return True

    def commit_all(self) -> bool:
        """Set every value whose field differs from the creature's (before leaving it).

        Return whether every one was taken.
        """
        if self.model is None or self.panel is None or self.selected is None:
            return True
        placed = self.model.creature(self.selected)
        if placed is None:
            return True
        taken = True
        for entry in self.model.fields(placed.key):
            box = self.panel.value_inputs.get(entry.key)
            if box is not None and box.text != self.model.value_text(placed, entry):
                taken = self.commit(entry.key, box) and taken
        return taken

    def next_side_of(self) -> None:
        assert self.model is not None
        placed = self.model.creature(self.selected or "")
        if placed is not None:
            keys = [s.key for s in self.model.sides]
            index = keys.index(placed.side) if placed.side in keys else -1
            self.model.set_side(placed.key, keys[(index + 1) % len(keys)])
            self.build()

    def remove_selected(self) -> None:
        if self.model is not None and self.selected is not None:
            self.model.remove(self.selected)
            self.selected = None
            self.build()

    def save(self) -> None:
        assert self.model is not None
        if not self.commit_all():
            return  # a value was refused: its reason stays on screen
        if not self.say(self.model.save(self.file_name.text)):
            saved = self.model.saved
            self.say(self.app.t("setup.saved", file=saved.name if saved else ""), bad=False)
        self.build()

    def begin(self) -> None:
        """Begin the fight on the saved mission: the seats screen, then the battle."""
        if self.model is None or self.model.saved is None or self.model.changed:
            self.say(self.app.t("setup.begin_tip"))
            return
        self.app.nav.seats(read_mission(self.model.saved))

    def back(self) -> None:
        if self.model is not None and self.model.changed and not self._leave_warned:
            self._leave_warned = True
            self.say(self.app.t("setup.unsaved"))
            return
        if len(self.app.scenes) > 1:
            self.app.pop(self)
        else:
            self.app.nav.to_title()

    # --------------------------------------------------------------- input
    def update(self, dt: float) -> None:
        if self.app.t.language != self._language:  # switched in the settings
            self._language = self.app.t.language
            if self.model is not None:
                self.model.t = self.app.t
            self.build()
        if self.app.top is self and not self._typing():
            self.camera_control.pan_with_keys(dt)

    def _typing(self) -> bool:
        return self.panel is not None and any(box.focused for box in self.panel.inputs)

    def handle(self, event: pygame.event.Event) -> None:
        if self.panel is None:
            leave = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            if leave or event.type == pygame.MOUSEBUTTONDOWN:
                self.back()
            return
        if self.camera_control.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.panel.catalogue_rect.collidepoint(
            pygame.mouse.get_pos()
        ):
            self.scroll = max(0, self.scroll - event.y)
            self.build()
        elif event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
            self._key(event)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        assert self.panel is not None and self.model is not None
        focused = [box for box in self.panel.inputs if box.focused]
        for box in self.panel.inputs:
            if box.handle(event):
                return
        if any(not box.focused for box in focused):
            self.commit_all()  # a value field lost the focus: its value counts
        if event.button == 1:
            for button in self.panel.buttons:
                if button.contains(event.pos):
                    kind = button.data.get("type")
                    if isinstance(kind, str):  # a catalogue row: click or drag
                        self.press = ("type", kind, event.pos)
                    button.click(event.pos)
                    return
        if not self.camera.contains(event.pos):
            return
        cell = self.camera.screen_to_cell(event.pos)
        here = self.model.creature_at(cell)
        if event.button == 3:
            if here is not None:
                self.model.remove(here.key)
                self.selected = None if self.selected == here.key else self.selected
            else:
                self.armed = None
            self.build()
        elif event.button == 1 and here is not None:
            self.selected = here.key
            self.press = ("creature", here.key, event.pos)
            self.build()
        elif event.button == 1 and self.armed is not None:
            self.place(self.armed, cell)
        elif event.button == 1:
            self.selected = None
            self.build()

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        self.hover = self.camera.screen_to_cell(pos) if self.camera.contains(pos) else None
        if self.press is not None and not self.dragging:
            start = self.press[2]
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START_PX:
                self.dragging = True

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, dragged = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is None or not dragged or not self.camera.contains(pos):
            return
        assert self.model is not None
        kind, key, _start = press
        cell = self.camera.screen_to_cell(pos)
        if kind == "type":
            self.place(key, cell)
        elif not self.say(self.model.move(key, cell)):
            self.clear()
            self.build()

    def _key(self, event: pygame.event.Event) -> None:
        assert self.panel is not None
        for box in self.panel.inputs:
            if box.handle(event):
                return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove_selected()
        elif event.key == pygame.K_ESCAPE:
            if self.armed is not None:
                self.armed = None
                self.build()
            else:
                self.back()
        elif event.key == pygame.K_f and self.model is not None and self.map is not None:
            grid = self.model.grid
            fit_beside_rulers(self.camera, grid.width, grid.height, self.map.coordinate_strips)
        else:
            self.camera_control.zoom_key(event.key)

    # ------------------------------------------------------------- drawing
    def token_views(self) -> list[TokenView]:
        """Return the placed creatures as tokens (the chosen one selected)."""
        if self.model is None:
            return []
        views = []
        names = {placed.key: self.model.name_of(placed) for placed in self.model.creatures}
        labels = short_labels(names)  # the labels the battle will show
        for placed in self.model.creatures:
            side = self.model.side_of(placed.side)
            name = self.model.name_of(placed)
            views.append(
                TokenView(
                    key=placed.key,
                    name=name,
                    initials=labels[placed.key],
                    colour=parse_colour(side.colour) if side else theme.TEXT_DIM,
                    cell=placed.cell,
                    size=self.model.terms.footprint(placed.type),
                    facing="S",
                    meter=None,
                    marks=(),
                    stance="standing",
                    altitude=0,
                    life="ok",
                    selected=placed.key == self.selected,
                    art=self.model.terms.token_art(placed.type),  # the type's miniature, if any
                    image=str(placed.values.get("image", "")),
                )
            )
        ghost = self._ghost()
        if ghost is not None:
            views.append(ghost)
        return views

    def _ghost(self) -> TokenView | None:
        """Return the token a drag from the catalogue (or a click) would place under the mouse."""
        dragged = (
            self.press[1] if self.press and self.press[0] == "type" and self.dragging else None
        )
        creature_type = dragged or self.armed
        if self.model is None or creature_type is None or self.hover is None:
            return None
        if self.model.creature_at(self.hover) is not None:
            return None
        side = self.model.side_of(self.model.side)
        name = self.model.type_name(creature_type)
        return TokenView(
            key="",
            name=name,
            initials=short_label(name),
            colour=parse_colour(side.colour) if side else theme.TEXT_DIM,
            cell=self.hover,
            size=self.model.terms.footprint(creature_type),
            facing="S",
            meter=None,
            marks=(),
            stance="standing",
            altitude=0,
            life="ok",
            hidden=True,  # drawn faded: not placed yet
            art=self.model.terms.token_art(creature_type),
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.model is None or self.panel is None or self.map is None:
            self._draw_errors(surface)
            return
        cam = self.camera
        viewport = pygame.Rect(cam.viewport_x, cam.viewport_y, cam.viewport_w, cam.viewport_h)
        previous = surface.get_clip()
        surface.set_clip(viewport)
        self.map.draw(surface, cam)
        self.tokens.draw(surface, cam, self.token_views())
        self._draw_hover(surface)
        self.map.draw_coordinates(surface, cam)
        surface.set_clip(previous)
        self._draw_panel(surface)
        self._draw_status(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """Outline the field under the mouse while placing or dragging."""
        if self.hover is None or (self.armed is None and not self.dragging):
            return
        x, y = self.camera.cell_to_screen(self.hover)
        size = self.camera.cell_px
        pygame.draw.rect(surface, theme.ACCENT, (x, y, size, size), 2)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assert self.panel is not None
        fonts = self.app.fonts
        draw_panel_parts(surface, fonts, self.panel)
        mouse = pygame.mouse.get_pos()
        for button in self.panel.buttons:
            button.draw(surface, fonts, mouse)
        draw_colour_marks(surface, self.panel)
        for box in self.panel.inputs:
            box.draw(surface, fonts)
        tips = [b.tooltip for b in self.panel.buttons if b.tooltip and b.contains(mouse)]
        tips += [text for rect, text in self.panel.hints if rect.collidepoint(mouse)]
        if tips:
            draw_tooltip(surface, fonts, tips[0], mouse, size=16)

    def _draw_status(self, surface: pygame.Surface) -> None:
        width, height = self._size
        rect = pygame.Rect(0, height - STATUS_H, width - PANEL_W, STATUS_H)
        pygame.draw.rect(surface, theme.PANEL, rect)
        text = self.notice or self.app.t("setup.hint")
        colour = theme.TEXT_BAD if self.notice and self.notice_bad else theme.TEXT
        if not self.notice:
            colour = theme.TEXT_DIM
        lines = wrap(self.app.fonts, text, rect.width - 20, 16)[:2]
        y = rect.y + (4 if len(lines) > 1 else 13)
        for line in lines:
            draw_text(surface, self.app.fonts, line, (10, y), size=16, colour=colour)
            y += 19

    def _draw_errors(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        y = 40
        draw_text(
            surface,
            fonts,
            self.app.t("setup.cannot_open"),
            (40, y),
            size=26,
            colour=theme.TEXT_BAD,
            bold=True,
        )
        y += 40
        for problem in self.errors:
            for part in wrap(fonts, problem, self._size[0] - 80, 18):
                draw_text(surface, fonts, part, (40, y), size=18, colour=theme.TEXT_BAD)
                y += 22
