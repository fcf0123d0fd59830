"""Everything around the map: initiative tracker, creature card, action bar, dice log,
the ruleset's extra panels, GM panel, undo/redo and end-turn buttons, messages.

Contract with the scene: ``Hud(scene)``, ``layout(size) -> pygame.Rect`` (the map
viewport), ``handle(event) -> bool`` (consumed), ``draw(surface)``,
``message(text, bad=False)``, ``events_added(events)``.

Layout: the initiative tracker is a strip along the top, the action bar (with undo, redo
and end turn) along the bottom, and a sidebar on the right holds the creature card, the
ruleset's extra panels (ENTARIA: the Impuls pool), the GM panel and the dice log; the map
gets the rest. Small windows get a compact layout, the sidebar's sections fold up, and the
whole sidebar can be hidden.

The HUD knows no rule: it draws what the ruleset's views say (``game.match.views``, asked
through ``session.views``) — the turn order, the card, the action groups with the
engine's reasons, the panels, the dice log's texts, the GM's commands — and sends the
commands those views build through ``scene.send``. It sees the battle screen only as a
``game.ui.host.BattleHost``; its parts see the HUD only as a
``game.ui.hud_context.HudContext``.

The GM panel (a decision of this module): it is shown to a viewer whose seat has the
role GM. When the table has no GM seat, the sidebar shows the panel's header with a
"GM mode" switch; switched on, the GM commands are open to whoever sits at the screen
(at a table without a GM seat one of the players leads the game). GM mode gives
commands, not sight: what the viewer sees still follows the fog of war.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.match.events import Event
from game.match.views import LogKind, Offer, Piece, Viewer, Views
from game.ui import theme
from game.ui.hud_actions import ActionBar
from game.ui.hud_base import Panel, Section
from game.ui.hud_card import CardSection
from game.ui.hud_gm import GmSection
from game.ui.hud_initiative import InitiativeStrip
from game.ui.hud_log import LogSection
from game.ui.hud_messages import MessageBoard
from game.ui.hud_panels import ExtraSection
from game.ui.hud_tools import HudTool
from game.ui.popup import HOVER_EDGE, Hotspot, MenuItem, Popup
from game.ui.session import Role
from game.ui.text import text_cache
from game.ui.tooltip import draw_tooltip

if TYPE_CHECKING:
    from game.ui.host import BattleHost, MapTool
    from game.ui.session import GameSession

COMPACT_WIDTH = 1100
COMPACT_HEIGHT = 700
LARGE_WIDTH = 1600
LARGE_HEIGHT = 960


class Hud:
    """The panels around the map and the messages over it."""

    def __init__(self, scene: BattleHost) -> None:
        self.scene = scene
        self.app = scene.app
        self.text = text_cache(scene.app.fonts)
        self.size = (0, 0)
        self.compact = False
        self.large = False
        self.sidebar_open = True
        self.gm_mode = False
        self.mouse: tuple[int, int] = (-1, -1)
        self.popup: Popup | None = None
        self.board = MessageBoard(self)
        self.notice = ""
        self.active_action: Hashable = None  # the last action started from the bar
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.sidebar = pygame.Rect(0, 0, 0, 0)
        self.initiative = InitiativeStrip(self)
        self.actions = ActionBar(self)
        self.card = CardSection(self)
        self.extras = [ExtraSection(self, key) for key in self.views.panel_keys()]
        self.gm = GmSection(self)
        self.log = LogSection(self)
        self._sidebar_key: Hashable = None

    # ------------------------------------------------------------ shortcuts
    @property
    def session(self) -> GameSession:
        return self.scene.session

    @property
    def game(self) -> Any:
        """Return the live game (the ruleset's own; only its views look inside)."""
        return self.scene.session.battle

    @property
    def views(self) -> Views:
        return self.scene.session.views

    def pieces(self) -> Mapping[str, Piece]:
        """Return every creature's piece by key (the scene's, cached per change)."""
        return self.scene.pieces()

    def viewer(self) -> Viewer:
        """Return who looks at the screen, as the ruleset's views are told."""
        player = self.scene.viewer
        return Viewer(
            tuple(player.sides) if player is not None else None,
            self.gm_active,
            self.session.may_decide(player),
        )

    @property
    def language(self) -> str:
        return self.app.t.language

    def t(self, key: str, **values: object) -> str:
        return self.app.t(key, **values)

    @property
    def fs(self) -> int:
        """The body text size."""
        return 16 if self.compact else 20 if self.large else 18

    @property
    def fs_small(self) -> int:
        return 14 if self.compact else 18 if self.large else 16

    @property
    def header_h(self) -> int:
        return 22 if self.compact else 28 if self.large else 26

    def base_key(self) -> Hashable:
        """Return what every panel's picture depends on."""
        session = self.scene.session
        viewer = self.scene.viewer
        return (
            session.revision,
            id(session.battle),
            self.language,
            self.compact,
            self.large,
            id(viewer) if viewer is not None else None,
            self.gm_active,
        )

    @property
    def panels(self) -> list[Panel]:
        return [self.initiative, self.actions, *self.sections]

    @property
    def sections(self) -> list[Section]:
        return [self.card, *self.extras, self.gm, self.log]

    # ---------------------------------------------------------------- the GM
    @property
    def has_gm_seat(self) -> bool:
        return self.scene.session.gm is not None

    @property
    def gm_active(self) -> bool:
        """Return whether the GM commands are open to the viewer (see the module doc)."""
        viewer = getattr(self.scene, "viewer", None)
        if viewer is not None and viewer.role is Role.GM:
            return True
        return not self.has_gm_seat and self.gm_mode

    def toggle_gm_mode(self) -> None:
        self.gm_mode = not self.gm_mode
        self.message(self.t("hud.gm.mode_on" if self.gm_mode else "hud.gm.mode_off"))
        self.relayout()

    def card_subject(self) -> str | None:
        """Return the creature the card shows (the GM's commands are for it)."""
        return self.card.subject()

    def visible_keys(self) -> set[str] | None:
        """Return the creatures the viewer may see (None: all)."""
        return self.scene.visible_keys()

    def sees(self, key: str) -> bool:
        visible = self.visible_keys()
        return visible is None or key in visible

    # ---------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        """Place the panels for a window of ``size``; return the map viewport."""
        width, height = size
        self.size = (width, height)
        self.compact = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        self.large = width >= LARGE_WIDTH and height >= LARGE_HEIGHT
        top_h = 42 if self.compact else 60 if self.large else 56
        bar_h = 68 if self.compact else 106 if self.large else 102
        side_w = 0
        if self.sidebar_open:
            side_w = max(240, min(400, int(width * 0.22)))
        self.initiative.rect = pygame.Rect(0, 0, width, top_h)
        self.actions.rect = pygame.Rect(0, height - bar_h, width, bar_h)
        self.sidebar = pygame.Rect(width - side_w, top_h, side_w, max(0, height - top_h - bar_h))
        strip = self.gm.banner_height()  # SL-Modus: its banner gets a strip, the map moves down
        map_h = max(1, height - top_h - bar_h - strip)
        self.viewport = pygame.Rect(0, top_h + strip, width - side_w, map_h)
        self._sidebar_key = None
        self.popup = None
        for panel in self.panels:
            panel.invalidate()
        self._layout_sidebar()
        return self.viewport.copy()

    def relayout(self) -> None:
        """Lay out again (a section folded, the sidebar hidden) and tell the scene."""
        if self.size == (0, 0):
            return
        viewport = self.layout(self.size)
        self.scene.camera.set_viewport(viewport.x, viewport.y, viewport.width, viewport.height)

    def toggle_sidebar(self) -> None:
        self.sidebar_open = not self.sidebar_open
        self.relayout()

    def _layout_sidebar(self) -> None:
        """Share the sidebar's height among its sections (the log takes what is left)."""
        rect = self.sidebar
        shown = [s for s in self.sections if s.shown]
        for section in self.sections:
            if section not in shown or rect.width == 0:
                section.rect = pygame.Rect(0, 0, 0, 0)
        if rect.width == 0 or not shown:
            return
        header = self.header_h
        wants: dict[Section, int] = {}
        for section in shown:
            if section.collapsed:
                wants[section] = header
            elif section is self.log:
                wants[section] = header + 3 * (self.fs + 4)
            else:
                body = section.body_height(rect.width)
                cap = int(rect.height * section.max_share)
                wants[section] = min(header + body, max(header + 40, cap))
        spare = rect.height - sum(wants.values())
        if spare < 0:  # too little room: shrink the card first, then the others
            for section in (self.card, self.gm, *self.extras):
                if section in wants and not section.collapsed and spare < 0:
                    give = min(-spare, wants[section] - header - 24)
                    if give > 0:
                        wants[section] -= give
                        spare += give
        if self.log in wants and not self.log.collapsed:
            wants[self.log] += max(0, spare)
        y = rect.y
        for section in shown:
            h = max(0, min(wants[section], rect.bottom - y))
            section.rect = pygame.Rect(rect.x, y, rect.width, h)
            y += h
        self._sidebar_key = self._sidebar_wants()

    def _sidebar_wants(self) -> Hashable:
        return (
            self.sidebar.size,
            tuple((s.shown, s.collapsed) for s in self.sections),
            self.card.body_height(self.sidebar.width) if self.sidebar.width else 0,
            *(e.body_height(self.sidebar.width) if self.sidebar.width else 0 for e in self.extras),
            self.gm.body_height(self.sidebar.width) if self.sidebar.width else 0,
        )

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        """React to an input event; return whether the HUD used it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP:
            return self.popup is not None and self.popup.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            if self.popup is not None and self.popup.handle(event):
                return True  # a long menu scrolls
            return self._wheel(event.y)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        if self.popup is not None:
            popup, self.popup = self.popup, None
            if popup.rect.collidepoint(pos) and button == 1:
                for spot in popup.spots:
                    if spot.rect.collidepoint(pos):
                        self._press(spot)
            return True  # a click outside the menu only closes it
        if self.viewport.collidepoint(pos):
            return False
        if button == 1:
            hit = self.spot_at(pos)
            if hit is not None:
                self._press(hit)
        return any(panel.rect.collidepoint(pos) for panel in self.panels if panel.visible)

    def _press(self, spot: Hotspot) -> None:
        if not spot.enabled:
            if spot.refusal:
                self.message(spot.refusal, bad=True)
            return
        if spot.on_click is not None:
            spot.on_click()

    def _wheel(self, dy: int) -> bool:
        pos = self.mouse
        if self.viewport.collidepoint(pos):
            return False
        for panel in self.panels:
            if panel.visible and panel.rect.collidepoint(pos):
                panel.scroll_by(dy)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if self.popup is not None and self.popup.key(event):  # Esc closes, arrows scroll
            if self.popup.closed:
                self.popup = None
            return True
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        return self.actions.key(event)

    def spot_at(self, pos: tuple[int, int]) -> Hotspot | None:
        """Return the hotspot under ``pos`` (the open menu first)."""
        if self.popup is not None:
            for spot in self.popup.spots:
                if spot.rect.collidepoint(pos):
                    return spot
            return None  # an open menu is on top: nothing under or beside it hovers
        if self.viewport.collidepoint(pos):
            return None
        for panel in self.panels:
            if panel.visible and panel.rect.collidepoint(pos):
                for spot in panel.hotspots():
                    if spot.rect.collidepoint(pos):
                        return spot
        return None

    def spots(self, prefix: str = "") -> list[Hotspot]:
        """Return every hotspot whose key starts with ``prefix`` (tests, the menus)."""
        found = [s for p in self.panels for s in p.hotspots() if s.key.startswith(prefix)]
        if self.popup is not None:
            found += [s for s in self.popup.spots if s.key.startswith(prefix)]
        return found

    def tooltip_at(self, pos: tuple[int, int]) -> str:
        spot = self.spot_at(pos)
        return spot.tooltip if spot is not None else ""

    @property
    def tooltip(self) -> str:
        """Return the tooltip under the mouse."""
        return self.tooltip_at(self.mouse)

    def open_menu(self, title: str, items: Sequence[MenuItem], columns: int = 1) -> None:
        """Open a pop-up menu at the mouse."""
        width, height = self.size
        popup = Popup(title, list(items), self.mouse, columns)
        popup.layout(self.text, pygame.Rect(0, 0, width, height), self.fs_small)
        self.popup = popup

    def close_menu(self) -> None:
        self.popup = None

    def start_tool(self, tool: MapTool) -> None:
        """Make one of the HUD's pick tools the scene's tool."""
        self.scene.cancel_tool()
        self.scene.tool = tool

    def start_action(self, offer: Offer) -> None:
        """Start an action of the action bar (the scene picks its tool)."""
        self.active_action = offer.action
        self.scene.start_action(offer.action)

    # -------------------------------------------------------------- contract
    def message(self, text: str, bad: bool = False) -> None:
        """Show ``text`` over the map for a few seconds (refusals in red)."""
        if text:
            self.notice = text
            self.board.add(text, bad)

    def message_key(self, key: str, bad: bool = False, **args: object) -> None:
        """Show the text of ``key`` over the map, in whatever language is chosen then."""
        self.notice = self.t(key, **args)
        self.board.add_key(key, bad, **args)

    def events_added(self, events: Sequence[Event]) -> None:
        """New events: the log follows them; questions to the GM get a notice."""
        self.log.follow()
        views = self.views
        if any(views.log_kind(event) is LogKind.QUESTION for event in events):
            self.message(self.t("hud.log.question_notice"))
        if views.passes_turn(events):
            self.actions.turn_changed()

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        if self._sidebar_key != self._sidebar_wants():
            self._layout_sidebar()
        for panel in self.panels:
            panel.draw(surface)
        self.gm.draw_banner(surface)  # SL-Modus on: everybody sees it
        if self.sidebar.width:
            pygame.draw.line(
                surface, theme.PANEL_EDGE, self.sidebar.topleft, self.sidebar.bottomleft, 1
            )
        tool = self.scene.tool
        if isinstance(tool, HudTool):
            self.board.draw_banner(surface, tool.prompt)
        self.board.draw(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        spot = self.spot_at(self.mouse)
        if spot is not None and spot.enabled and spot.on_click is not None:
            pygame.draw.rect(surface, HOVER_EDGE, spot.rect, 1, border_radius=4)
        if spot is not None and spot.tooltip:
            draw_tooltip(surface, self.app.fonts, spot.tooltip, self.mouse, size=self.fs_small)
