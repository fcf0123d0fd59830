"""The base every tool derives from, with the select tool's clicks and drawing, helpers.

What the default tool ("select", ``select.SelectTool``) does on the map is written
here, so that every tool shares it:
- left click on a creature selects it; Shift + left click always only selects;
- when the selected creature is the current one and the viewer controls it, the Gehen
  overlay shows; hovering a field shows path and cost; a left click on a reachable
  field walks there (Move WALK). Dragging that creature's token and releasing it on a
  field walks there as the click would (the same command and refusals); released on
  its own field or out of reach it stays and the HUD says why. A press that moves less
  than ``DRAG_SLOP`` pixels is a click;
- a left click on a visible enemy attacks it when an attack is possible: with the
  weapon chosen for the creature (E cycles the held weapons) if that one can, else
  the first held weapon that can, else bare hands; the hover label says which weapon
  and what the attack would get. When no attack is possible the click only selects;
- right click (without dragging) puts the selection back on the current creature (or
  clears it); the game master changes the cover of the hovered enemy with C or a
  right-click menu (GmCoverOverride, D-9). The keys (M, C, E) are the select tool's.

A tool sees the battle screen only as a ``game.ui.host.MapHost``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.board.grid import Cell, Cover
from game.match.commands import Command
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.commands import Attack, GmCoverOverride, Move
from game.rulesets.entaria.queries.movement import MoveOptions
from game.rulesets.entaria.queries.targets import TargetMark
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views import RANGES, SIGHT
from game.ui import overlays, theme
from game.ui.overlays_rules import (
    UNARMED,
    creature_at,
    layers_of,
    says,
    selected_creature,
    token_side,
    viewer_enemies,
    weapon_name,
)
from game.ui.overlays_standing import draw_standing_over, draw_standing_under, mark_lines
from game.ui.popup import MenuItem, Popup
from game.ui.text import text_cache
from game.ui.tools.attack_offer import plain_attack_odds, refused
from game.ui.tools.move_overlay import (
    draw_drop_target,
    draw_move_hover,
    draw_move_options,
    start_field_text,
    unreachable_text,
)
from game.ui.tooltip import draw_tooltip
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.host import MapHost

COVER_CYCLE = (Cover.NONE, Cover.PARTIAL, Cover.FULL)
#: A left press that moves less than this many pixels before its release is a click:
#: a hand on a mouse jitters a little.
DRAG_SLOP = 6


class Press(NamedTuple):
    """A left press on the map that was released: where it began and ended."""

    start: Cell
    end: Cell | None  # None: released off the map
    token: str | None  # the creature whose token was under the press (before it acted)
    dragged: bool  # moved DRAG_SLOP pixels or more between press and release


# ======================================================================= menu
#: The tools' choices are the HUD's pop-up menu (``popup.Popup``), drawn in the map.
PopupMenu = Popup


# ======================================================================= base
class Tool:
    """The default tool ("select"); every other tool derives from it."""

    name = "select"

    def __init__(self, scene: MapHost) -> None:
        self.scene = scene
        self.layers = layers_of(scene)
        self.mouse: tuple[int, int] | None = None
        self.menu: PopupMenu | None = None
        self.buttons: list[Button] = []
        #: the left press on the map: where, on which field, on whose token
        self.press_at: tuple[tuple[int, int], Cell, str | None] | None = None
        self.press_far = False  # it moved DRAG_SLOP pixels or more

    @property
    def comes_back(self) -> bool:
        """Return whether leaving the tool brings it straight back (here: never)."""
        return False

    # ------------------------------------------------------------ shortcuts
    @property
    def battle(self) -> Any:
        return self.scene.session.battle

    @property
    def t(self) -> Any:
        return self.scene.app.t

    def message(self, text: str, bad: bool = False) -> None:
        self.scene.hud.message(text, bad=bad)

    def current_actor(self) -> CreatureState | None:
        """Return the current creature when the viewer may give it orders."""
        scene = self.scene
        if not self.battle.state.order or scene.session.over:
            return None
        current = self.battle.current
        return current if scene.controls(current.key) else None

    def send(self, command: Command) -> bool:
        """Send ``command``; return whether the engine accepted it."""
        return bool(self.scene.send(command).ok)

    def hover_cell(self) -> Cell | None:
        if self.mouse is None or not self.scene.camera.contains(self.mouse):
            return None
        return self.scene.camera.screen_to_cell(self.mouse)

    def in_map(self, cell: Cell | None) -> bool:
        return cell is not None and bool(self.battle.grid.in_bounds(cell))

    def leave(self) -> None:
        """Go back to the default tool."""
        self.scene.cancel_tool()

    # --------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        if self.menu is not None:
            consumed = self.menu.handle(event)
            if self.menu is not None and self.menu.closed:
                self.menu = None
            if consumed:
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._track_press(event.pos)
            self.on_motion(event)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for button in self.buttons:
                if button.click(event.pos):
                    return True
            if not self.scene.camera.contains(event.pos):
                return False
            self.layers.sticky = None  # kept results stay until the next click
            cell = self.scene.camera.screen_to_cell(event.pos)
            piece = self.scene.piece_at(cell)
            self.press_at = (event.pos, cell, piece.key if piece is not None else None)
            self.press_far = False
            return self.left_click(cell, event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._track_press(event.pos)
            return self.left_release(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            # the scene consumes the button-up of a drag (panning): this is a plain click
            if not self.scene.camera.contains(event.pos):
                return False
            self.mouse = event.pos
            had = self.layers.sticky is not None
            self.layers.sticky = None
            return self.right_click(self.scene.camera.screen_to_cell(event.pos), had)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def on_motion(self, event: pygame.event.Event) -> None:
        """The mouse moved (``self.mouse`` is set)."""

    def left_release(self, event: pygame.event.Event) -> bool:
        """The left button went up: a token dragged onto a field walks there."""
        press = self.take_press(event.pos)
        if press is None or not press.dragged or press.end is None:
            return False
        return self.drop(press)

    def _track_press(self, pos: tuple[int, int]) -> None:
        if self.press_at is not None and not self.press_far:
            (x, y), _, _ = self.press_at
            self.press_far = max(abs(pos[0] - x), abs(pos[1] - y)) >= DRAG_SLOP

    def dragged_token(self) -> str | None:
        """Return whose token the held left button drags (None: no drag under way)."""
        press = self.press_at
        return press[2] if press is not None and self.press_far else None

    def take_press(self, pos: tuple[int, int]) -> Press | None:
        """Return the left press the release at ``pos`` ends (None: it began off the map)."""
        press, self.press_at = self.press_at, None
        if press is None:
            return None
        camera = self.scene.camera
        end = camera.screen_to_cell(pos) if camera.contains(pos) else None
        return Press(press[1], end, press[2], self.press_far)

    def key(self, event: pygame.event.Event) -> bool:
        """A key the tool may use; return whether it was used."""
        return False

    # ------------------------------------------------------- the select tool
    def walk_options(self) -> MoveOptions | None:
        """Return the Gehen overlay of the selected creature, when it is shown."""
        creature = selected_creature(self.scene)
        actor = self.current_actor()
        if creature is None or actor is None or creature.key != actor.key:
            return None
        options = self.layers.moves(self.scene, creature.key, Action.WALK)
        return options if options.allowed else None

    def attack_choice(self, target: CreatureState) -> tuple[str, TargetMark] | None:
        """Return the weapon a click on ``target`` attacks with, and its mark (or None)."""
        actor = self.current_actor()
        scene = self.scene
        if actor is None or scene.selected != actor.key or target.key == actor.key:
            return None
        if target not in self.battle.enemies_of(actor):
            return None
        chosen = self.layers.weapons.get(actor.key)
        keys = [k for k in actor.held if k in self.battle.catalogue.weapons]
        order = ([chosen] if chosen in keys else []) + [k for k in keys if k != chosen]
        order.append(UNARMED)
        for key in order:
            mark = self.layers.marks(scene, actor.key, key).get(target.key)
            if mark is None or not mark.attackable:
                continue
            if not refused(scene, Attack(actor.key, target.key, key)):  # the engine's dry run
                return key, mark
        return None

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        scene = self.scene
        creature = creature_at(scene, cell)
        if creature is not None and not (pygame.key.get_mods() & pygame.KMOD_SHIFT):
            choice = self.attack_choice(creature)
            if choice is not None:
                actor = self.current_actor()
                assert actor is not None
                self.send(Attack(actor.key, creature.key, choice[0]))
                return True
        if creature is not None:
            scene.select(creature.key)
            return True
        options = self.walk_options()
        return options is not None and self.walk_to(options, cell, say_why=False)

    def walk_to(self, options: MoveOptions, cell: Cell, *, say_why: bool) -> bool:
        """Walk the shown path to ``cell`` (Move WALK); else say why when ``say_why``."""
        cost = options.cost_of(cell)
        path = options.path_to(cell) if cost else None
        if path is not None and len(path) > 1:
            self.send(Move(options.key, "WALK", tuple(path)))
            return True
        if say_why and cost == 0:
            self.message(start_field_text(self, options))
        elif say_why:
            self.message(unreachable_text(self, options, cell), bad=True)
        return False

    def drop(self, press: Press) -> bool:
        """A drag ended on a field: the current creature's token dragged walks there.

        A drag that began off that token did what its press did (select, walk, attack).
        """
        if self.name != "select" or press.end is None:
            return False
        creatures = self.battle.state.creatures
        mover = creatures.get(press.token) if press.token is not None else None
        actor = self.current_actor()
        if mover is None or actor is None or mover.key != actor.key:
            if mover is not None and actor is not None and self.scene.controls(mover.key):
                self.message(
                    says(
                        self.scene,
                        f"{mover.name} ist nicht am Zug",
                        f"It is not {mover.name}'s turn",
                    ),
                    bad=True,
                )
            return False
        options = self.layers.moves(self.scene, actor.key, Action.WALK)
        if not options.allowed:
            reason = in_language(options.reason, self.t.language)
            self.message(self.t("tools.not_allowed", reason=reason), bad=True)
            return True
        self.walk_to(options, press.end, say_why=True)
        return True

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        scene = self.scene
        creature = creature_at(scene, cell)
        if self.is_gm() and creature is not None and self.cover_target(creature):
            self.open_cover_menu(creature)
            return True
        if had_sticky:
            return True
        actor = self.current_actor()
        scene.select(actor.key if actor is not None and scene.selected != actor.key else None)
        return True

    def is_gm(self) -> bool:
        from game.ui.session import Role

        viewer = self.scene.viewer
        return viewer is not None and viewer.role is Role.GM

    def cover_target(self, creature: CreatureState) -> bool:
        """Return whether ``creature`` carries a sight mark of the selected creature."""
        selected = selected_creature(self.scene)
        if selected is None or not self.scene.overlay_shown(SIGHT):
            return False
        return creature in viewer_enemies(self.scene, selected)

    def open_cover_menu(self, target: CreatureState) -> None:
        attacker = selected_creature(self.scene)
        assert attacker is not None

        def ruling(cover: Cover) -> Callable[[], None]:
            return lambda: self.send_cover(attacker, target, cover)

        items = [MenuItem(self.t(f"tools.cover.{c.name}"), ruling(c)) for c in COVER_CYCLE]
        title = self.t("tools.gm_cover_title", name=target.name)
        self.menu = PopupMenu(title, items, self.mouse or (0, 0))

    def send_cover(self, attacker: CreatureState, target: CreatureState, cover: Cover) -> None:
        self.send(GmCoverOverride(None, attacker.key, target.key, cover.name))

    def cycle_cover(self) -> bool:
        cell = self.hover_cell()
        attacker = selected_creature(self.scene)
        target = creature_at(self.scene, cell) if cell is not None else None
        if attacker is None or target is None or not self.cover_target(target):
            return False
        weapon = self.layers.weapon_for(self.scene, attacker, lambda w: True)
        mark = self.layers.marks(self.scene, attacker.key, weapon).get(target.key)
        now = mark.cover if mark is not None and mark.cover is not None else Cover.NONE
        nxt = COVER_CYCLE[(COVER_CYCLE.index(now) + 1) % len(COVER_CYCLE)]
        self.send_cover(attacker, target, nxt)
        return True

    def cycle_weapon(self, want: Callable[[WeaponType], bool] = lambda w: True) -> bool:
        creature = selected_creature(self.scene)
        if creature is None:
            return False
        weapons = self.battle.catalogue.weapons
        keys = [k for k in creature.held if k in weapons and want(weapons[k])]
        if not keys:
            return False
        now = self.layers.weapon_for(self.scene, creature, want)
        index = keys.index(now) if now in keys else -1
        self.layers.weapons[creature.key] = keys[(index + 1) % len(keys)]
        self.message(
            self.t(
                "tools.weapon_chosen",
                weapon=weapon_name(self.scene, self.layers.weapons[creature.key]),
            )
        )
        return True

    # ------------------------------------------------------------- drawing
    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw overlays that belong under the tokens."""
        draw_standing_under(self.scene, surface, ranges=self.scene.overlay_shown(RANGES))
        self.draw_own_under(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw paths, labels and cursors over the tokens."""
        draw_standing_over(
            self.scene, surface, ranges=self.scene.overlay_shown(RANGES), sight=self.shows_sight()
        )
        self.draw_own_over(surface)
        self.draw_controls(surface)

    def shows_sight(self) -> bool:
        return self.scene.overlay_shown(SIGHT)

    def draw_controls(self, surface: pygame.Surface) -> None:
        mouse = self.mouse or (-1, -1)
        for button in self.buttons:
            button.draw(surface, self.scene.app.fonts, mouse)
        if self.menu is not None:
            self.menu.draw(surface, self.mouse, text_cache(self.scene.app.fonts))

    def draw_own_under(self, surface: pygame.Surface) -> None:
        options = self.walk_options() if self.name == "select" else None
        if options is not None:
            draw_move_options(self, surface, options)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        if self.name != "select":
            return
        cell = self.hover_cell()
        if cell is None:
            return
        creature = creature_at(self.scene, cell)
        if creature is not None:
            choice = self.attack_choice(creature)
            if choice is not None:
                key, mark = choice
                actor = self.current_actor()
                if actor is not None:
                    overlays.draw_reticle(
                        surface,
                        self.scene.camera,
                        creature.cell,
                        (255, 70, 60),
                        token_side(self.scene, creature),
                    )
                lines = [self.t("tools.click_attacks")]
                if actor is not None and (
                    odds := plain_attack_odds(self.scene, actor.key, mark, key)
                ):
                    lines += odds.lines  # the chance first: it is what is asked (issue 12)
                lines += mark_lines(self.scene, mark, key)
                self.tooltip(surface, lines)
            return
        options = self.walk_options()
        if options is not None:
            if self.dragged_token() == options.key:
                draw_drop_target(self, surface, options, cell)
            draw_move_hover(self, surface, options, cell)

    def tooltip(
        self,
        surface: pygame.Surface,
        lines: Sequence[str] | str,
        border: theme.Colour = theme.ACCENT,
        *,
        offset: int = 16,
    ) -> None:
        """Draw a text box beside the mouse (``offset`` pixels away), kept in the viewport."""
        if self.mouse is not None:
            draw_tooltip(
                surface, self.scene.app.fonts, lines, self.mouse, border=border, offset=offset
            )

    def cancel(self) -> None:
        """Leave the tool (Esc or another action)."""
        self.menu = None


def _title(scene: MapHost, action: Action) -> str:
    """Return the name of ``action`` in the screen's language (tools and menus share it)."""
    rule = ACTIONS[action]
    return says(scene, rule.german, rule.english)
