"""The flow of turns on screen: round and handover banners, the camera following the turn,
and the pace of the built-in opponent (quick to watch, Tab skips it).

The battle scene calls ``after_change`` after every change, ``handover`` when the
screen passes to another person, and ``handle``/``update``/``draw`` each frame. Its
opponent block asks ``pace`` (``OpponentPace``) how many steps to take in a frame.
The round and the creature on turn come from the ruleset's views; the names and the
fog from the scene, so nothing here knows a ruleset. Each turn and handover banner says
who is to act: the seat's person ("Anna ist am Zug"), else the side ("Am Zug: Piraten",
a plural name needs no verb to agree).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.match.events import Event
from game.ui import theme
from game.ui.camera_glide import CameraGlide, needs_follow
from game.ui.host import BattleHost, HostApp
from game.ui.opponent_pace import SKIP_KEY, OpponentPace
from game.ui.session import Role
from game.ui.text import text_cache
from game.ui.theme import parse_colour
from game.ui.turn_banner import BannerStrip

if TYPE_CHECKING:
    from game.ui.settings import Settings

#: The large banner of a new round joins a handover posted with it ("Runde 3 · Anna …").
JOIN_SECONDS = 0.1


class _FlowApp(HostApp, Protocol):
    @property
    def settings(self) -> Settings: ...


class FlowHost(BattleHost, Protocol):
    """The battle screen as the turn flow sees it: a host whose program has settings."""

    @property
    def app(self) -> _FlowApp: ...


def side_names(scene: FlowHost) -> set[str]:
    """Return the names of the mission's sides (a seat named so is a side, not a person)."""
    return {side.name for side in scene.session.match.setup.sides}


def acting_seat(scene: FlowHost, side: str) -> tuple[str, bool]:
    """Return who acts for ``side``: the seat's person name (True), else the side's name.

    A seat of the built-in opponent, a seat that keeps its side's name and a side without
    a seat (the game master's) are named by the side (False): "Am Zug: Piraten".
    """
    session = scene.session
    player = session.player_of_side(side)
    names = {s.key: s.name for s in session.match.setup.sides}
    if player is not None and player.role is not Role.AI and player.name not in names.values():
        return player.name, True
    return names.get(side, player.name if player is not None else side), False


class TurnFlow:
    """Banners at a new round, a new turn and a handover; the camera that follows the turn."""

    def __init__(self, scene: FlowHost) -> None:
        self.scene = scene
        self.banners = BannerStrip()
        self.glide = CameraGlide(scene.camera)
        self.pace = OpponentPace()
        session = scene.session
        self._round = session.views.current_round(session.battle)
        self._turn = session.views.on_turn(session.battle)
        self._hint: tuple[str, pygame.Surface] | None = None
        self.hint_shown = ""  # the opponent's hint drawn last frame ("": none)

    # ------------------------------------------------------------- changes
    def after_change(self, events: Sequence[Event], passed_turn: bool) -> None:
        """React to a change of the match: a banner for a new round or turn, the camera."""
        session = self.scene.session
        battle = session.battle
        round_now = session.views.current_round(battle)
        turn = session.views.on_turn(battle)
        new_round = round_now != self._round
        new_turn = turn != self._turn
        self._round, self._turn = round_now, turn
        if session.over:
            self.banners.clear()
            self.glide.cancel()
            return
        if not events:
            return  # an undo takes a change back; it starts nothing
        t = self.scene.app.t
        if passed_turn and new_round and round_now is not None:
            # the ruleset's own name of the round ("Runde 3", Genesis' "KR 3 · AKR · Ansage")
            label = session.views.turn_order(battle, t).label or t("turnflow.round", n=round_now)
            self.banners.show(label, theme.ACCENT, big=True)
        if turn is not None and (new_turn or passed_turn):
            self._turn_begins(turn)

    def _turn_begins(self, key: str) -> None:
        """Say whose turn begins (small) and bring the creature into view if need be."""
        scene = self.scene
        piece = scene.pieces().get(key)
        if piece is None:
            return
        visible = scene.visible_keys()
        seen = visible is None or key in visible
        t = scene.app.t
        # while skipping, the opponent's own turns pass unsaid; a human's is said again
        if not (self.pace.skipping and scene.session.ai_to_move):
            if seen:
                colour = scene.colours.get(piece.side, theme.ACCENT)
                who, person = acting_seat(scene, piece.side)
                kind = "turnflow.turn_by" if person else "turnflow.turn_by_side"
                self.banners.show(t(kind, who=who, name=piece.name), colour, big=False)
            else:  # a hidden creature is not named, nor shown where it stands
                self.banners.show(t("turnflow.turn_hidden"), theme.TEXT_DIM, big=False)
        if not seen or not scene.app.settings.camera_follow:
            return
        grid = scene.session.battle.grid
        board = (grid.width, grid.height)
        if needs_follow(scene.camera, piece.cell, piece.size, board=board):
            half = piece.size / 2
            self.glide.towards(piece.cell[0] + half, piece.cell[1] + half)

    def handover(self) -> None:
        """The screen passes to another person: say who takes over."""
        viewer = self.scene.viewer
        if viewer is None:
            return
        colour = parse_colour(viewer.colour, theme.ACCENT)
        person = viewer.name not in side_names(self.scene)
        kind = "turnflow.to_act" if person else "turnflow.to_act_side"
        text = self.scene.app.t(kind, who=viewer.name)
        big = self.banners.big
        if big is not None and big.age <= JOIN_SECONDS:  # the round began with this handover
            text = f"{big.text} · {text}"
        self.banners.show(text, colour, big=True)

    # --------------------------------------------------------------- frame
    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when ``event`` was this part's (the key that skips the opponent)."""
        if event.type != pygame.KEYDOWN or event.key != SKIP_KEY:
            return False
        if getattr(event, "mod", 0) & (pygame.KMOD_ALT | pygame.KMOD_CTRL):
            return False  # Alt+Tab switches windows, it skips nothing
        session = self.scene.session
        if session.over or not session.ai_to_move:
            return False
        self.pace.skip()
        return True

    def update(self, dt: float) -> None:
        """Advance banners and the camera by ``dt`` seconds."""
        self.banners.update(dt)
        self.glide.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the banners over the map, and the opponent's hint at the map's bottom."""
        scene = self.scene
        camera = scene.camera
        view = pygame.Rect(
            camera.viewport_x, camera.viewport_y, camera.viewport_w, camera.viewport_h
        )
        if self.banners.showing:
            ruler = scene.map.coordinate_strips(camera)[0]
            area = pygame.Rect(view.x, ruler.bottom, view.width, max(1, view.bottom - ruler.bottom))
            self.banners.draw(surface, scene.app.fonts, area)
        else:
            self.banners.drawn = []
        session = scene.session
        self.hint_shown = ""
        if session.ai_to_move and not session.over:
            hint = self._hint_image()
            self.hint_shown = self._hint[0] if self._hint else ""
            surface.blit(hint, hint.get_rect(midbottom=(view.centerx, view.bottom - 6)))

    def _hint_image(self) -> pygame.Surface:
        """Return the opponent's hint, rendered once per text."""
        t = self.scene.app.t
        text = t("turnflow.skipping") if self.pace.skipping else t("turnflow.opponent")
        if self._hint is not None and self._hint[0] == text:
            return self._hint[1]
        words = text_cache(self.scene.app.fonts).render(text, 16, theme.ACCENT, True)
        image = pygame.Surface((words.get_width() + 20, words.get_height() + 8), pygame.SRCALPHA)
        rect = image.get_rect()
        pygame.draw.rect(image, (20, 22, 26, 230), rect, border_radius=5)
        pygame.draw.rect(image, (*theme.ACCENT, 255), rect, 1, border_radius=5)
        image.blit(words, (10, 4))
        self._hint = (text, image)
        return image
