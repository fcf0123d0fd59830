"""The battle screen: the map with its tokens and overlays, the HUD around it.

The scene owns the camera, the selection, the switched-on overlays and the active tool;
every change of the fight goes through ``send`` (a command to the match via the session).
It asks the ruleset's views (``session.views``) for everything rule-specific — what the
viewer sees under the fog of war, the command that ends a turn, the overlays the map
offers and their keys, the events said over the map, a refusal in the screen's language —
and computes no rule.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import pygame

from game.board.grid import Cell
from game.match.commands import Command, CommandRejected
from game.match.events import Event
from game.match.save_texts import text_in
from game.match.views import Fog, Piece, ZoneLayout
from game.ui import overlays, theme, tooltip, undo_guard
from game.ui.anim import Animator
from game.ui.app import App, Scene
from game.ui.camera import Camera
from game.ui.camera_control import CameraControl, fit_beside_rulers
from game.ui.feedback import Feedback
from game.ui.host import MapTool
from game.ui.hud import Hud
from game.ui.map_kits import kit_for
from game.ui.map_view import MapRenderer
from game.ui.opponent_pace import BETWEEN_CREATURES
from game.ui.overlays_results import KeptResults
from game.ui.pings import Pings
from game.ui.save_check_pace import SaveCheckPace
from game.ui.session import GameSession, Outcome, Player, Role
from game.ui.theme import Colour, parse_colour
from game.ui.tokens import TokenRenderer, TokenView, token_views
from game.ui.turn_flow import TurnFlow
from game.ui.zone_layer import ZoneLayer

AI_DELAY = BETWEEN_CREATURES  # the opponent's pause between two of its creatures (tests step by it)
END_WAIT = 2.0  # longest wait for the last effects before the end screen shows


class BattleScene(Scene):
    """A match on screen."""

    #: The map (or the background round it) and the HUD's panels paint the whole window.
    covers_screen = True

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.camera = Camera()
        self.colours = self._side_colours()
        battle = session.battle
        self.map = MapRenderer.for_mission(battle.grid, app.fonts, session.mission_path)
        self.tokens = TokenRenderer(app.fonts, mission_dir=session.mission_path.parent)
        self.zones = ZoneLayer(app.fonts)  # the ruleset's zones over the fields (D-14)
        self._zone_cache: tuple[tuple[int, int], ZoneLayout | None] | None = None
        self.animator = Animator(app.settings.animations)
        self.hud = Hud(self)
        self.kit = kit_for(session.ruleset.key)
        self.tool: MapTool = self.kit.select(self)
        self.selected: str | None = None
        self.hover_cell: Cell | None = None
        #: The ruleset's overlays the player switched on, by key (``Views.overlays``).
        self.shown_overlays = {o.key for o in session.views.overlays(app.t) if o.shown}
        self.viewer: Player | None = None  # whose eyes the screen shows (hot-seat)
        self.camera_control = CameraControl(self.camera)
        self._escaped = False  # the last key was an Esc that left a tool
        self.check_pace = SaveCheckPace()  # a loaded save's check, an undo waiting for it
        self._fitted = False
        #: The view and the camera's pose of the last fit (None: moved since, issue 12).
        self._fit_pose: tuple[tuple[int, ...], tuple[float, ...]] | None = None
        #: Seconds since the fight ended while its last effects still run (None: not ended).
        self._end_wait: float | None = None
        self._fog_cache: tuple[object, Fog | None] | None = None
        self._pieces: tuple[object, Mapping[str, Piece]] | None = None
        self._tokens_cache: tuple[object, object, object, list[TokenView]] | None = None
        #: The kept results (a throw's scatter, an area fire's saves) follow the match.
        self.results = KeptResults()
        self.feedback = Feedback(self)  # tracers, damage numbers, sounds
        self.turn_flow = TurnFlow(self)  # banners, the camera following the turn
        self.pings = Pings(self)  # fields pointed at (Alt+click)
        self._turn_of = session.views.on_turn(session.battle)  # whose turn the screen shows
        self.viewer = self._viewer_for_turn()
        session.note_viewer(self.viewer)
        self.selected = self._default_selection()
        for warning in session.warnings:
            self.hud.message(text_in(warning, app.t.language), bad=True)

    # ------------------------------------------------------------ the people
    def _side_colours(self) -> dict[str, Colour]:
        colours: dict[str, Colour] = {}
        used: set[Colour] = set()
        for index, side in enumerate(self.session.match.setup.sides):
            player = self.session.player_of_side(side.key)
            text = player.colour if player else side.colour
            colour = parse_colour(text, theme.SIDE_COLOURS[index % len(theme.SIDE_COLOURS)])
            if colour in used:
                colour = theme.SIDE_COLOURS[index % len(theme.SIDE_COLOURS)]
            used.add(colour)
            colours[side.key] = colour
        return colours

    def _viewer_for_turn(self) -> Player | None:
        """Return whose eyes the screen shows now (hot-seat).

        A human's or the GM's creature: that player. The built-in opponent's turn keeps
        the view of the last person at the screen; at the very start that is the game
        master if one sits at the table, else the first human player.
        """
        player = self.session.current_player
        if player is not None and player.role is not Role.AI:
            return player
        if self.viewer is not None:
            return self.viewer
        return self.session.gm or next(iter(self.session.humans()), None)

    @property
    def fog_enabled(self) -> bool:
        return bool(self.app.settings.fog_of_war)

    @property
    def sees_all(self) -> bool:
        """Return whether the screen shows everything (no fog, the GM, or nobody human)."""
        if not self.fog_enabled or self.session.over:
            return True
        return self.viewer is None or self.viewer.role is Role.GM

    def controls(self, key: str) -> bool:
        """Return whether the viewer may give orders to the creature ``key`` right now."""
        session = self.session
        if session.over or session.ai_to_move:
            return False
        if self.viewer is not None and self.viewer.role is Role.GM:
            return True
        piece = self.pieces().get(key)
        player = session.player_of_side(piece.side) if piece is not None else None
        return player is not None and player is self.viewer

    def pieces(self) -> Mapping[str, Piece]:
        """Return every creature's piece by key (the views', cached per change)."""
        session = self.session
        key = (session.revision, id(session.battle))
        if self._pieces is None or self._pieces[0] != key:
            self._pieces = (key, session.views.pieces(session.battle))
        return self._pieces[1]

    def fog(self) -> Fog | None:
        """Return what the viewer sees (None: everything is visible), cached per change."""
        if self.sees_all or self.viewer is None:
            return None
        key = (self.session.revision, id(self.session.battle), tuple(self.viewer.sides))
        if self._fog_cache is not None and self._fog_cache[0] == key:
            return self._fog_cache[1]
        view = self.session.views.fog(self.session.battle, self.viewer.sides)
        self._fog_cache = (key, view)
        return view

    def visible_keys(self) -> set[str] | None:
        """Return the keys of the creatures the viewer sees (None: all)."""
        view = self.fog()
        if view is None:
            return None
        return set(view.creatures)

    def overlay_shown(self, key: str) -> bool:
        """Return whether the ruleset's overlay ``key`` is switched on."""
        return key in self.shown_overlays

    def show_overlay(self, key: str, shown: bool = True) -> None:
        """Switch the ruleset's overlay ``key`` on or off."""
        if shown:
            self.shown_overlays.add(key)
        else:
            self.shown_overlays.discard(key)

    def zone_layout(self) -> ZoneLayout | None:
        """Return the views' zones of the match (asked once per change of the match)."""
        session = self.session
        stamp = (session.revision, id(session.battle))
        if self._zone_cache is None or self._zone_cache[0] != stamp:
            self._zone_cache = (stamp, session.views.zone_layout(session.battle))
        return self._zone_cache[1]

    def token_list(self) -> list[TokenView]:
        """Return the tokens to draw, kept while the match, selection and view are the same.

        The same list object comes back while nothing changed: the token renderer and
        the animator then skip their per-token work.
        """
        fog = self.fog()
        key = (self.session.revision, self.selected, id(self.colours))
        cached = self._tokens_cache
        if (
            cached is not None
            and cached[0] == key
            and cached[1] is self.session.battle
            and cached[2] is fog
        ):
            return cached[3]
        views = token_views(
            self.session.views,
            self.session.battle,
            self.colours,
            visible=self.visible_keys(),
            selected=self.selected,
        )
        self._tokens_cache = (key, self.session.battle, fog, views)
        return views

    # ------------------------------------------------------------- selection
    def _default_selection(self) -> str | None:
        session = self.session
        key = session.views.on_turn(session.battle)
        if key is None:
            return None
        if self.sees_all or self.controls(key):
            return key
        return None

    def piece_at(self, cell: Cell) -> Piece | None:
        """Return the creature the viewer sees on ``cell`` (multi-field footprints too)."""
        visible = self.visible_keys()
        for piece in self.pieces().values():
            if visible is not None and piece.key not in visible:
                continue
            x, y = piece.cell
            if x <= cell[0] < x + piece.size and y <= cell[1] < y + piece.size:
                return piece
        return None

    def select(self, key: str | None) -> None:
        self.selected = key

    def start_action(self, action: Hashable) -> None:
        """Pick the tool for an action of the action bar (the views' ``Offer.action``)."""
        self.tool.cancel()
        tool = self.kit.begin(self, action)
        self.tool = tool or self.kit.select(self)

    def cancel_tool(self) -> None:
        self.tool.cancel()
        self.tool = self.kit.select(self)

    @property
    def help_sections(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Return the help overlay's sections for this screen's map tools."""
        return self.kit.help_sections

    def standing_under(self, surface: pygame.Surface) -> None:
        """Draw what the ruleset's map tools keep on the map under the tokens."""
        self.kit.standing_under(self, surface)

    # --------------------------------------------------------------- changes
    def send(self, command: Command) -> Outcome:
        """Send a command to the engine; show the refusal or the events."""
        with self.session.one_write():  # the command and its handover: one autosave
            try:
                outcome = self.session.apply(command)
            except CommandRejected as error:  # pragma: no cover - the session catches it
                outcome = Outcome([], str(error))
            if not outcome.ok:
                self.hud.message(self.session.views.refusal(outcome.rejected, self.app.t), bad=True)
                return outcome
            self.check_pace.waiting = None  # a waiting undo was of what came before this
            self._after_change(outcome.events)
        return outcome

    def undo(self, confirmed: bool = False) -> None:
        # hot-seat: only one's own commands since the handover (undo_guard.py)
        if not confirmed and undo_guard.held(self):
            return
        if self._wait_for_check("undo", confirmed):
            return
        before = (self.viewer, self.session.views.on_turn(self.session.battle))
        with self.session.one_write():
            if not self.session.undo():
                return
            self.hud.board.clear()  # the undone commands' notices are no longer true
            self.hud.message(self.app.t("battle.undone"))
            self.animator.clear()  # the flash of an undone hit is no longer true
            self.feedback.clear()
            self._after_change([])
        self._select_after_step(*before)

    def redo(self, confirmed: bool = False) -> None:
        if not confirmed and undo_guard.held(self, redo=True):
            return
        if self._wait_for_check("redo", confirmed):
            return
        before = (self.viewer, self.session.views.on_turn(self.session.battle))
        with self.session.one_write():
            if not self.session.redo():
                return
            self.hud.board.clear()  # the redone command's own notices follow
            self.hud.message(self.app.t("battle.redone"))
            self._after_change(self.session.last_events)
            self.feedback.clear()  # a redo floats nothing: its damage was shown once (issue 12)
        self._select_after_step(*before)

    def _select_after_step(self, viewer: Player | None, turn: str | None) -> None:
        """Make the selection valid for the seat at the screen after an undo or redo."""
        self.selected = undo_guard.selection_after_step(
            self.selected,
            viewer_changed=self.viewer is not viewer,
            turn_changed=self.session.views.on_turn(self.session.battle) != turn,
            visible=self.visible_keys(),
            default=self._default_selection(),
        )

    def _after_change(self, events: Sequence[Event]) -> None:
        battle = self.session.battle
        self.map.set_grid(battle.grid)
        seen = self._seen(events)
        self.animator.from_events(seen)
        self.feedback.events(seen)
        self.hud.events_added(events)
        views = self.session.views
        for event in seen:  # what changes a player's plans is said on the map, not only logged
            notice = views.notice(event, self.app.t)
            if notice:
                self.hud.message(notice, bad=True)
        if self.selected not in self.pieces():
            self.selected = None
        previous = self.viewer
        self.viewer = self._viewer_for_turn()
        self.session.note_viewer(self.viewer)
        if self.tool.name != "select" and events:
            self.cancel_tool()
        self._follow_turn(views.passes_turn(events))
        self.turn_flow.after_change(events, views.passes_turn(events))
        if self.session.over:
            self._end_wait = 0.0  # the end screen waits until the last fall was seen
            return
        if previous is not None and self.viewer is not previous:
            self._handover()
        if events and self.session.last_events and views.passes_turn(events):
            self.selected = self._default_selection()

    def _follow_turn(self, passed: bool) -> None:
        """A new turn (or another creature on turn) starts clean: no old results, no lit action."""
        turn = self.session.views.on_turn(self.session.battle)
        if passed or turn != self._turn_of:
            self._turn_of = turn
            self.results.drop(self)
            self.hud.active_action = None
            self.hud.actions.turn_changed()
        self.results.follow(self)

    def _seen(self, events: Sequence[Event]) -> Sequence[Event]:
        """Return the events of the last command the viewer may see (no hidden moves)."""
        viewer = self.viewer
        if self.sees_all or viewer is None or not events:
            return events
        battle = self.session.battle
        first = len(battle.log) - len(events)
        return [
            event
            for index, event in self.session.views.log_for(battle, viewer.sides)
            if index >= first
        ]

    def _handover(self) -> None:
        """Hide the map until the next player is at the screen (hot-seat)."""
        if self.viewer is None or len(self.session.humans()) < 2:
            return
        self.turn_flow.handover()
        self.hud.board.clear()  # the last person's messages are not the next one's
        if self.hud.gm_mode:  # SL-Modus was one person's deliberate act, not the next one's
            self.hud.gm_mode = False
            self.hud.relayout()
            self.hud.message(self.app.t("hud.gm.off_at_handover"))
        if self.fog_enabled:
            self.app.nav.handover(self)
        else:
            self.hud.message(self.app.t("battle.turn_of", name=self.viewer.name))

    def _show_end_when_seen(self, dt: float) -> None:
        """Show the end screen once the last shot's effects ran (at most END_WAIT s)."""
        if self._end_wait is None:
            return
        self._end_wait += dt
        effects_running = self.animator.busy or self.feedback.busy
        if effects_running and self._end_wait < END_WAIT:
            return
        self._end_wait = None
        self.app.nav.show_end(self)

    def request_close(self) -> bool:
        """Closing the window: the autosave already holds every command, so just quit."""
        return False

    # ------------------------------------------------------------ Scene API
    def resized(self, size: tuple[int, int]) -> None:
        viewport = self.hud.layout(size)
        self.camera.set_viewport(viewport.x, viewport.y, viewport.width, viewport.height)
        if not self._fitted:
            self._fit()
            self._fitted = True

    def _fit(self) -> None:
        """Fit the whole map into the view; column 0 and row 0 stay clear of the rulers."""
        grid = self.session.battle.grid
        fit_beside_rulers(self.camera, grid.width, grid.height, self.map.coordinate_strips)
        self._fit_pose = (self._view(), (self.camera.zoom, self.camera.x, self.camera.y))

    def _view(self) -> tuple[int, ...]:
        c = self.camera
        return (c.viewport_x, c.viewport_y, c.viewport_w, c.viewport_h)

    def _keep_fit(self) -> None:
        """The map area changed (SL-Modus strip, window size) while the map showed the
        fit: fit again. Once the player zoomed or panned, the view stays theirs."""
        if self._fit_pose is None or self._fit_pose[0] == self._view():
            return
        if self._fit_pose[1] == (self.camera.zoom, self.camera.x, self.camera.y):
            self._fit()
        else:
            self._fit_pose = None

    def update(self, dt: float) -> None:
        self._keep_fit()
        self.animator.enabled = self.app.settings.animations
        self.animator.update(dt)
        self.feedback.update(dt)
        self.turn_flow.update(dt)
        self.pings.update(dt)
        if self.app.top is self:
            self.camera_control.pan_with_keys(dt)
        self._check_save()
        self._opponent_steps(dt)
        self._show_end_when_seen(dt)

    def _check_save(self) -> None:
        """Verify a loaded save's snapshot a share of each frame; say it when the replay won."""
        line, step = self.check_pace.frame(self.session)
        if line is not None:
            self.hud.message(self.app.t(line[0], **line[1]), bad=True)
        if step is not None:
            (self.undo if step[0] == "undo" else self.redo)(confirmed=step[1])

    def _wait_for_check(self, step: str, confirmed: bool) -> bool:
        """Return whether ``step`` (undo, redo) waits for a loaded save's check under way."""
        held, first = self.check_pace.hold(self.session, step, confirmed)
        if first:
            self.hud.message(self.app.t("battle.waits_for_check"))
        return held

    def _opponent_steps(self, dt: float) -> None:
        """Let the built-in opponent act at the turn flow's pace (skipped: unanimated)."""
        pace = self.turn_flow.pace
        if not self.session.ai_to_move:
            pace.idle()
            return
        if self.app.top is not self or self.check_pace.waiting:
            return  # a menu or the handover covers the map, or an undo waits: wait
        if pace.skipping:
            self.animator.enabled = False  # stops what runs; nothing new starts this frame
            self.feedback.clear()
        for _ in range(pace.steps(dt, self.animator.busy)):
            with self.session.one_write():
                outcome = self.session.ai_step()
                if not outcome.ok:
                    break
                self._after_change(outcome.events)
            pace.stepped(self.session.views.passes_turn(outcome.events))
            if pace.skipping:
                self.feedback.clear()
            if not self.session.ai_to_move or self.app.top is not self:
                break

    def handle(self, event: pygame.event.Event) -> None:
        if self.turn_flow.handle(event) or self.hud.handle(event) or self.pings.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self.camera_control.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_cell = (
                self.camera.screen_to_cell(event.pos) if self.camera.contains(event.pos) else None
            )
        self.tool.handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key != pygame.K_ESCAPE:
            self._escaped = False
        if event.key == pygame.K_ESCAPE:
            # A tool that comes straight back when left (a result waits to be placed)
            # cannot be taken back by Esc, so there a second Esc opens the menu.
            if self.tool.name != "select" and not (self.tool.comes_back and self._escaped):
                self._escaped = True
                self.cancel_tool()
            else:
                self.app.nav.pause(self)
            return True
        if ctrl and event.key == pygame.K_z:
            self.undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if ctrl and event.key == pygame.K_s:
            self.app.nav.save(self)
            return True
        if event.key == pygame.K_F1:
            self.app.nav.help(self.help_sections)
            return True
        if ctrl:
            return False
        if event.key == pygame.K_SPACE:
            self.end_turn()
            return True
        if event.key == pygame.K_f:
            self._fit()
            return True
        if event.key == pygame.K_t:
            self.camera.true_size(self.app.settings.dpi)
            return True
        overlay = self._overlay_of_key(event.key)
        if overlay is not None:
            self.show_overlay(overlay, not self.overlay_shown(overlay))
            return True
        return self.camera_control.zoom_key(event.key)

    def _overlay_of_key(self, key: int) -> str | None:
        """Return the ruleset's overlay whose hotkey ``key`` is (None: no overlay's)."""
        name = pygame.key.name(key).casefold()
        for offer in self.session.views.overlays(self.app.t):
            if offer.hotkey.casefold() == name:
                return offer.key
        return None

    def end_turn(self) -> None:
        """End the turn of the creature on turn when the viewer controls it."""
        session = self.session
        key = session.views.on_turn(session.battle)
        if key is None or not self.controls(key):
            return
        command = session.views.end_turn(session.battle)
        if command is not None:
            self.send(command)

    def draw(self, surface: pygame.Surface) -> None:
        self._keep_fit()  # a relayout since the last frame (a menu may cover the updates)
        tooltip.hold()  # tooltips go above the HUD's notices and banners (issue 12)
        viewport = pygame.Rect(
            self.camera.viewport_x,
            self.camera.viewport_y,
            self.camera.viewport_w,
            self.camera.viewport_h,
        )
        previous_clip = surface.get_clip()
        surface.set_clip(viewport)
        grid = self.session.battle.grid
        left, top = self.camera.cell_to_screen((0, 0))
        right, bottom = self.camera.cell_to_screen((grid.width, grid.height))
        if not pygame.Rect(left, top, right - left, bottom - top).contains(viewport):
            surface.fill(theme.BACKGROUND, viewport)  # the map does not fill the view
        self.map.draw(surface, self.camera)
        self.zones.draw(surface, self.camera, self.zone_layout())
        self._follow_turn(False)  # a change made outside ``send`` (a HUD reroll) is caught here
        self.tool.draw_under(surface)
        self.draw_fog(surface)
        self.tokens.draw(surface, self.camera, self.token_list(), self.animator.positions())
        self.map.draw_door_marks(surface, self.camera, self.tokens.drawn.values())
        self.animator.draw(surface, self.camera)
        self.feedback.draw(surface, self.camera)
        self.pings.draw(surface, self.camera)
        self.tool.draw_over(surface)
        self.feedback.draw_texts(surface, self.camera)  # over the marks: texts stay readable
        self.map.draw_coordinates(surface, self.camera)  # last: opaque over every layer
        surface.set_clip(previous_clip)
        self.hud.draw(surface)
        self.turn_flow.draw(surface)
        tooltip.release(surface)

    def draw_fog(self, surface: pygame.Surface) -> None:
        """Dim the fields the viewer cannot see."""
        view = self.fog()
        if view is not None:
            overlays.draw_fog(surface, self.camera, view)
