"""``kampfkarte preview MISSION``: a mission read-only, for map authors beside their editor.

All map layers, the terrain legend, the sides' deployment zones, the creatures on
their start fields and a list of them. The file is polled once a second (mtime and
size, and the background image's) and reloaded when it changes. A file that does not
load shows its problems (file, line, message) in the window, beside the last version
that loaded; nothing is ever raised to the terminal.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pygame

from game.match.problems import MissionError, Problem
from game.missions.model import Controller
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.camera import Camera
from game.ui.camera_control import CameraControl, fit_beside_rulers
from game.ui.edge_looks import EDGE_NAMES, edge_swatch, field_edge_words
from game.ui.map_looks import field_codes, look_keys, look_name
from game.ui.map_tiles import FieldLayer
from game.ui.map_view import MapRenderer, background_for
from game.ui.scenes.preview_model import PreviewModel, load_preview
from game.ui.screen_font import screen_text
from game.ui.theme import Colour, Fonts
from game.ui.tokens import TokenRenderer
from game.ui.widgets import draw_text, wrap
from game.ui.zone_layer import ZoneLayer

POLL_SECONDS = 1.0
PANEL_W = 380
STATUS_H = 26
ZONE_ALPHA = 70
SWATCH = 22
_FORMAT_NAMES = {"toml": "TOML", "uvtt": "Universal VTT", "tiled": "Tiled"}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


class PreviewScene(Scene):
    """A mission file on screen, read-only, reloaded when it changes."""

    def __init__(self, app: App, path: Path | str) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.camera = Camera()
        self.tokens = TokenRenderer(app.fonts, mission_dir=self.path.parent)
        self.rule_zones = ZoneLayer(app.fonts)  # the ruleset's zones, borders and names (D-14)
        self.model: PreviewModel | None = None
        self.map: MapRenderer | None = None
        self.errors: list[Problem] = []
        self.reloads = 0
        self.reloaded_at = ""
        self.hover_cell: tuple[int, int] | None = None
        self._zones: FieldLayer | None = None
        self._zone_edges: list[tuple[Colour, tuple[int, int], tuple[int, int]]] = []
        self._poll = 0.0
        self._stamps: tuple[object, ...] = ()
        # in the read-only preview any button drags: clicks do nothing else there
        self.camera_control = CameraControl(self.camera, drag_buttons=(1, 2, 3))
        self._fitted = False
        self._laid_out = False  # the camera's viewport is set (resized ran)
        self._size = app.screen.get_size()
        self.reload()
        pygame.display.set_caption(screen_text(self.app.t("preview.caption", file=self.path.name)))

    # ------------------------------------------------------------- loading
    def _watch_stamps(self) -> tuple[object, ...]:
        stamps: list[object] = [_stamp(self.path)]
        if self.model is not None:
            background = self.model.mission.background
            if background is not None and not self.model.loaded.images:
                stamps.append(_stamp(self.model.loaded.base_dir / background.path))
        return tuple(stamps)

    def reload(self) -> bool:
        """Load the file again; return whether it loaded (else ``errors`` say why)."""
        try:
            model = load_preview(self.path)
        except MissionError as error:
            self.errors = list(error.problems)
        except (OSError, ValueError, RecursionError) as error:
            self.errors = [Problem(str(self.path), str(error) or type(error).__name__)]
        except Exception as error:  # an author's tool: a loader bug must not end the preview
            text = self.app.t("preview.unexpected", error=f"{type(error).__name__}: {error}")
            self.errors = [Problem(str(self.path), text)]
        else:
            self._accept(model)
            self.errors = []
            self.reloads += 1
            self.reloaded_at = time.strftime("%H:%M:%S")
        self._stamps = self._watch_stamps()
        return not self.errors

    def _accept(self, model: PreviewModel) -> None:
        first = self.model is None
        same_size = self.model is not None and self.model.grid.shape == model.grid.shape
        self.model = model
        renderer = MapRenderer(model.grid, self.app.fonts)
        image, ppf, offset = background_for(model.loaded)
        renderer.set_background(image, ppf, offset)
        self.map = renderer
        self._build_zones(model)
        if first or not same_size:
            self._fitted = False
            if self._laid_out:
                self._fit()

    def _build_zones(self, model: PreviewModel) -> None:
        height, width = model.grid.shape
        rgba = np.zeros((height, width, 4), dtype=np.uint8)
        edges: list[tuple[Colour, tuple[int, int], tuple[int, int]]] = []
        for side in model.mission.sides:
            colour = model.colours.get(side.key, (128, 128, 128))
            cells = {c for c in side.deployment if 0 <= c[0] < width and 0 <= c[1] < height}
            for x, y in cells:
                rgba[y, x] = (*colour, ZONE_ALPHA)
            for x, y in cells:  # the zone's outline: edges towards fields outside it
                if (x, y - 1) not in cells:
                    edges.append((colour, (x, y), (x + 1, y)))
                if (x, y + 1) not in cells:
                    edges.append((colour, (x, y + 1), (x + 1, y + 1)))
                if (x - 1, y) not in cells:
                    edges.append((colour, (x, y), (x, y + 1)))
                if (x + 1, y) not in cells:
                    edges.append((colour, (x + 1, y), (x + 1, y + 1)))
        self._zones = FieldLayer(rgba) if rgba[:, :, 3].any() else None
        self._zone_edges = edges

    def check_file(self) -> bool:
        """Reload when the file (or its background image) changed; return whether it did."""
        stamps = self._watch_stamps()
        if stamps == self._stamps:
            return False
        self.reload()
        return True

    # -------------------------------------------------------------- layout
    @property
    def panel(self) -> pygame.Rect:
        width, height = self._size
        return pygame.Rect(width - PANEL_W, 0, PANEL_W, height - STATUS_H)

    def _fit(self) -> None:
        if self.model is None:
            return
        grid = self.model.grid
        if self.map is not None:  # column 0 and row 0 must not hide under the rulers
            fit_beside_rulers(self.camera, grid.width, grid.height, self.map.coordinate_strips)
        else:
            self.camera.fit(grid.width, grid.height)
        self._fitted = True

    def resized(self, size: tuple[int, int]) -> None:
        self._size = size
        width, height = size
        self.camera.set_viewport(0, 0, width - PANEL_W, height - STATUS_H)
        self._laid_out = True
        if not self._fitted:
            self._fit()

    # --------------------------------------------------------------- input
    def update(self, dt: float) -> None:
        self._poll += dt
        if self._poll >= POLL_SECONDS:
            self._poll = 0.0
            self.check_file()
        if self.app.top is not self:
            return
        self.camera_control.pan_with_keys(dt)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.camera_control.handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover_cell = (
                self.camera.screen_to_cell(event.pos) if self.camera.contains(event.pos) else None
            )

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.app.pop(self)
        elif event.key == pygame.K_f:
            self._fit()
        elif event.key == pygame.K_t:
            self.camera.true_size(self.app.settings.dpi)
        elif self.camera_control.zoom_key(event.key):
            pass
        elif event.key in (pygame.K_r, pygame.K_F5):
            self.reload()

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        cam = self.camera
        viewport = pygame.Rect(cam.viewport_x, cam.viewport_y, cam.viewport_w, cam.viewport_h)
        previous = surface.get_clip()
        surface.set_clip(viewport)
        if self.map is not None and self.model is not None:
            self.map.draw(surface, cam)
            if self._zones is not None:
                self._zones.draw(surface, cam)
            self._draw_zone_edges(surface)
            self.rule_zones.draw(surface, cam, self.model.zones)
            self.tokens.draw(surface, cam, self.model.tokens)
            self.map.draw_door_marks(surface, cam, self.tokens.drawn.values())
            self.map.draw_coordinates(surface, cam)
        surface.set_clip(previous)
        if self.errors:
            self._draw_errors(surface, viewport)
        self._draw_panel(surface)
        self._draw_status(surface)

    def _draw_zone_edges(self, surface: pygame.Surface) -> None:
        width = max(2, self.camera.cell_px // 14)
        for colour, a, b in self._zone_edges:
            pygame.draw.line(
                surface,
                colour,
                self.camera.point_to_screen(*a),
                self.camera.point_to_screen(*b),
                width,
            )

    def error_lines(self) -> list[str]:
        """Return the error box's lines: a title, each problem (file:line:col: message), a hint."""
        if not self.errors:
            return []
        t = self.app.t
        lines = [t("preview.errors_title", n=len(self.errors))]
        lines += [problem.render(t.language) for problem in self.errors]
        lines.append(t("preview.errors_last_good" if self.model else "preview.errors_none_good"))
        return lines

    def _draw_errors(self, surface: pygame.Surface, viewport: pygame.Rect) -> None:
        fonts = self.app.fonts
        width = min(viewport.width - 40, 900)
        body: list[tuple[str, Colour, bool]] = []
        lines = self.error_lines()
        for index, line in enumerate(lines):
            colour = theme.ACCENT if index == 0 else theme.TEXT_BAD
            if index == len(lines) - 1:
                colour = theme.TEXT_DIM
            for part in wrap(fonts, line, width - 24, 18):
                body.append((part, colour, index == 0))
        line_h = fonts.get(18).get_linesize()
        shown = body[: max(1, (viewport.height - 60) // line_h)]
        box = pygame.Rect(0, 0, width, len(shown) * line_h + 20)
        if self.model is None:
            box.center = viewport.center  # nothing else to show: the errors in the middle
        else:
            box.midbottom = (viewport.centerx, viewport.bottom - 16)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((30, 12, 14, 235))
        surface.blit(panel, box)
        pygame.draw.rect(surface, theme.TEXT_BAD, box, 2, border_radius=4)
        y = box.y + 10
        for text, colour, bold in shown:
            draw_text(surface, fonts, text, (box.x + 12, y), size=18, colour=colour, bold=bold)
            y += line_h

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.panel
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
        x, y = rect.x + 14, rect.y + 12
        inner_w = rect.width - 28
        bottom = rect.bottom - 8
        model = self.model
        if model is None:
            draw_text(
                surface,
                self.app.fonts,
                self.path.name,
                (x, y),
                size=24,
                colour=theme.ACCENT,
                bold=True,
            )
            return
        y = self._draw_title(surface, model, x, y, inner_w)
        y = self._draw_legend(surface, model, x, y, bottom)
        if y + 40 < bottom:
            y = self._draw_sides(surface, model, x, y, inner_w, bottom)
        if y + 40 < bottom:
            y = self._draw_creatures(surface, model, x, y, inner_w, bottom)
        if model.warnings and y + 30 < bottom:
            self._draw_warnings(surface, model, x, y, inner_w, bottom)

    def _draw_title(
        self, surface: pygame.Surface, model: PreviewModel, x: int, y: int, inner_w: int
    ) -> int:
        """Draw the mission's title, file, size, format and author; return the y below."""
        fonts, t = self.app.fonts, self.app.t
        mission = model.mission
        for part in wrap(fonts, mission.title, inner_w, 26)[:2]:
            draw_text(surface, fonts, part, (x, y), size=26, colour=theme.ACCENT, bold=True)
            y += 26
        fmt = _FORMAT_NAMES.get(model.loaded.source_format, model.loaded.source_format)
        info = t("preview.size", w=mission.width, h=mission.height, format=fmt)
        draw_text(
            surface, fonts, f"{self.path.name} · {info}", (x, y + 2), size=17, colour=theme.TEXT_DIM
        )
        y += 22
        if mission.author:
            draw_text(
                surface,
                fonts,
                t("preview.author", author=mission.author),
                (x, y),
                size=17,
                colour=theme.TEXT_DIM,
            )
            y += 20
        return y + 8

    def _draw_legend(
        self, surface: pygame.Surface, model: PreviewModel, x: int, y: int, bottom: int
    ) -> int:
        """Draw a swatch and the name of every look on the map; return the y below."""
        fonts = self.app.fonts
        language = self.app.t.language
        y = self._heading(surface, self.app.t("preview.legend"), x, y)
        assert self.map is not None
        for item in model.legend:
            if y + SWATCH > bottom:
                break
            swatch = pygame.Surface((SWATCH, SWATCH))
            swatch.fill(theme.FLOOR)
            swatch.blit(self.map.sprite(item.code, SWATCH), (0, 0))
            surface.blit(swatch, (x, y))
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x, y, SWATCH, SWATCH), 1)
            draw_text(surface, fonts, item.name(language), (x + SWATCH + 8, y + 3), size=17)
            y += SWATCH + 4
        for kind in model.edge_legend:  # walls and doors on field edges (D-13)
            if y + SWATCH > bottom:
                break
            surface.blit(edge_swatch(kind, SWATCH), (x, y))
            pygame.draw.rect(surface, theme.PANEL_EDGE, (x, y, SWATCH, SWATCH), 1)
            german, english = EDGE_NAMES[kind]
            name = english if language == "en" else german
            draw_text(surface, fonts, name, (x + SWATCH + 8, y + 3), size=17)
            y += SWATCH + 4
        return y + 8

    def _draw_sides(
        self,
        surface: pygame.Surface,
        model: PreviewModel,
        x: int,
        y: int,
        inner_w: int,
        bottom: int,
    ) -> int:
        """Draw each side with its controller and deployment fields; return the y below."""
        fonts, t = self.app.fonts, self.app.t
        y = self._heading(surface, t("preview.sides"), x, y)
        for side in model.mission.sides:
            if y + 20 > bottom:
                break
            colour = model.colours.get(side.key, (128, 128, 128))
            pygame.draw.circle(surface, colour, (x + 8, y + 9), 7)
            controller = t(
                "preview.controller_gm"
                if side.controller is Controller.GM
                else "preview.controller_player"
            )
            key = "preview.side_line" if side.deployment else "preview.no_deployment"
            text = t(key, name=side.name, controller=controller, n=len(side.deployment))
            draw_text(surface, fonts, _fit(fonts, text, inner_w - 22, 17), (x + 22, y + 1), size=17)
            y += 21
        return y + 8

    def _draw_creatures(
        self,
        surface: pygame.Surface,
        model: PreviewModel,
        x: int,
        y: int,
        inner_w: int,
        bottom: int,
    ) -> int:
        """Draw the creatures that fit (the rest as a count); return the y below."""
        fonts, t = self.app.fonts, self.app.t
        language = self.app.t.language
        creatures = model.mission.creatures
        y = self._heading(surface, t("preview.creatures", n=len(creatures)), x, y)
        room = max(0, (bottom - y - (40 if model.warnings else 0)) // 20)
        listed = creatures if len(creatures) <= room else creatures[: max(0, room - 1)]
        for placement in listed:
            colour = model.colours.get(placement.side, (128, 128, 128))
            pygame.draw.circle(surface, colour, (x + 8, y + 9), 6)
            names = model.type_names.get(placement.type, (placement.type, placement.type))
            text = t(
                "preview.creature_line",
                name=placement.name,
                type=names[1] if language == "en" else names[0],
                x=placement.cell[0],
                y=placement.cell[1],
            )
            draw_text(surface, fonts, _fit(fonts, text, inner_w - 22, 16), (x + 22, y + 2), size=16)
            y += 20
        if len(listed) < len(creatures):
            draw_text(
                surface,
                fonts,
                t("preview.more", n=len(creatures) - len(listed)),
                (x + 22, y + 2),
                size=16,
                colour=theme.TEXT_DIM,
            )
            y += 20
        return y + 8

    def _draw_warnings(
        self,
        surface: pygame.Surface,
        model: PreviewModel,
        x: int,
        y: int,
        inner_w: int,
        bottom: int,
    ) -> None:
        """Draw the mission's warnings, as many lines as fit."""
        fonts = self.app.fonts
        y = self._heading(
            surface, self.app.t("preview.warnings", n=len(model.warnings)), x, y, theme.ACCENT
        )
        messages = model.warning_messages(self.app.t.language)
        for warning, message in zip(model.warnings, messages, strict=True):
            for part in wrap(fonts, _short_problem(warning, message), inner_w, 16):
                if y + 18 > bottom:
                    return
                draw_text(surface, fonts, part, (x, y), size=16, colour=theme.ACCENT)
                y += 18

    def _heading(
        self, surface: pygame.Surface, text: str, x: int, y: int, colour: Colour = theme.TEXT
    ) -> int:
        draw_text(surface, self.app.fonts, text, (x, y), size=20, colour=colour, bold=True)
        return y + 24

    def hover_text(self) -> str:
        """Return what the status line says about the field under the mouse."""
        if self.model is None or self.hover_cell is None:
            return ""
        x, y = self.hover_cell
        grid = self.model.grid
        if not grid.in_bounds((x, y)):
            return ""
        language = self.app.t.language
        code = int(field_codes(grid)[y, x]) if self.map is None else int(self.map.codes()[y, x])
        parts = [look_name(key, language) for key in look_keys(code)]
        parts.extend(field_edge_words(grid.edges, (x, y), language))
        for side in self.model.mission.sides:
            if (x, y) in side.deployment:
                parts.append(self.app.t("preview.zone", side=side.name))
        for token in self.model.tokens:
            if (
                token.cell[0] <= x < token.cell[0] + token.size
                and token.cell[1] <= y < token.cell[1] + token.size
            ):
                side_name = next(
                    (c.side for c in self.model.mission.creatures if c.key == token.key), ""
                )
                names = {s.key: s.name for s in self.model.mission.sides}
                parts.append(
                    self.app.t(
                        "preview.creature_here",
                        name=token.name,
                        side=names.get(side_name, side_name),
                    )
                )
        return self.app.t("preview.field", x=x, y=y, what=", ".join(parts))

    def _draw_status(self, surface: pygame.Surface) -> None:
        width, height = self._size
        rect = pygame.Rect(0, height - STATUS_H, width, STATUS_H)
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright)
        fonts, t = self.app.fonts, self.app.t
        hint = t("preview.hint")
        if self.reloaded_at:
            hint = f"{t('preview.reloaded', time=self.reloaded_at)} · {hint}"
        hint_w = fonts.get(16).size(hint)[0]
        draw_text(
            surface,
            fonts,
            hint,
            (rect.right - 10, rect.centery),
            size=16,
            colour=theme.TEXT_DIM,
            anchor="midright",
        )
        text = self.hover_text()
        if text:
            draw_text(
                surface,
                fonts,
                _fit(fonts, text, max(40, width - hint_w - 40), 17),
                (10, rect.centery),
                size=17,
                anchor="midleft",
            )


def _fit(fonts: Fonts, text: str, width: int, size: int) -> str:
    """Return ``text`` shortened with "…" to at most ``width`` pixels."""
    font = fonts.get(size)
    if font.size(text)[0] <= width:
        return text
    while len(text) > 1 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _short_problem(problem: Problem, message: str | None = None) -> str:
    """Return a problem without the (long) file path: line, column, key, message.

    ``message``: the text to show (the problem's in the UI's language; None: its own).
    """
    where = []
    if problem.line is not None:
        where.append(
            f"{problem.line}" + (f":{problem.column}" if problem.column is not None else "")
        )
    if problem.key:
        where.append(f"[{problem.key}]")
    prefix = " ".join(where)
    text = problem.message if message is None else message
    return f"{prefix}: {text}" if prefix else text
