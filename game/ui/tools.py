"""What a click on the map means right now: select, move, attack, throw, template, area fire.

Contract with the scene: ``Tool.handle(event) -> bool`` (consumed), ``Tool.draw_under``
(overlays under the tokens), ``Tool.draw_over`` (paths, labels over the tokens),
``Tool.cancel()``, ``Tool.name``; ``begin_action(scene, action) -> Tool | None`` picks the
tool for an action of the action bar (None: the action was sent as a command at once or
is not available; the reason is shown in the HUD).

Every answer comes from ``game.battle.queries`` (through ``overlays_rules.layers_of``,
cached per change of the match) and from ``Battle.legal_actions``; every change is a
command sent with ``scene.send``. The tools compute no rule.

The default tool (``Tool``, "select"):
- left click on a creature selects it; Shift + left click always only selects;
- when the selected creature is the current one and the viewer controls it, the Gehen
  overlay shows; hovering a field shows path and cost; a left click on a reachable
  field walks there (Move WALK);
- a left click on a visible enemy attacks it when an attack is possible: with the
  weapon chosen for the creature (E cycles the held weapons) if that one can, else
  the first held weapon that can, else bare hands; the hover label says which weapon
  and what the attack would get. When no attack is possible the click only selects;
- right click (without dragging) puts the selection back on the current creature (or
  clears it); M opens the measuring template; the game master changes the cover of
  the hovered enemy with C or a right-click menu (GmCoverOverride, D-9).
Other tools: right click or Esc leaves them.

Decisions (where the brief left a choice):
- Attacks from the action bar: Nahkampf, Fernkampf, Wurfangriff at a creature, Gezielter
  Angriff, Distanzschuss, Waffenloser Kampf (option from a menu first), Rundumschlag
  (click up to ACTIONS' max_targets enemies, Enter), Mehrfachangriff (one click per held
  weapon, in hand order; it fires when every weapon has a target, Enter earlier) and
  Zurückdrängen (target, then the field). The weapon bar at the bottom of the map (or E)
  picks the weapon; a Bereichsfeuer weapon offers area fire (BEM_SHOT) from there.
- Area fire in two steps (D-6): the player chooses the area (AreaFireRoll: the engine
  rolls the check and the total), then paints the rolled total onto the declared fields
  (PlaceAreaFire). While a rolled total waits, the select tool goes straight back to
  painting it (a scene opened after a load or an undo too); Esc cannot take the roll
  back (the end of the turn places the engine's suggestion). The chosen fields are
  declared in the order they were chosen, the order that suggestion fills them in.
- Generic actions: a UseAction asks for a creature when the catalogue's RollSpec rolls
  against a creature's Rettungswert or a precondition names a target (plus Helfen,
  Gegner studieren, Stabilisieren, Wiederbeleben); Erste Hilfe, Stehlen and Verbergen
  take one optionally (Enter: none). A ZW the game master sets (RollSpec.against None)
  is picked from a menu; Abwarten's event and Rufen's words from short preset menus.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.battle import queries
from game.battle.commands import Attack, ChangePosition, Command, GmCoverOverride, Move
from game.battle.melee_actions import (
    AimedAttack,
    BreakGrapple,
    Charge,
    MultiAttack,
    PushBack,
    ReleaseGrapple,
    SweepAttack,
    UnarmedAttack,
)
from game.battle.ranged_actions import (
    AreaFireRoll,
    LongShot,
    PlaceAreaFire,
    Reload,
    ThrowAtField,
    placement_of,
)
from game.battle.situation_actions import Dismount, Mount, MountCommand
from game.battle.state import CreatureState, Pending, Stance
from game.battle.support_actions import DropItem, Interact, Shout, UseAction
from game.content.catalogue import WeaponType
from game.rules.actions import ACTIONS, Action, UnarmedOption
from game.rules.areas import AreaFireAction
from game.rules.grid import Cell, Cover, distance
from game.rules.ranges import range_band
from game.rules.templates import AreaShape
from game.rules.terms import ArmorCategory, SaveValue, in_language
from game.ui import overlays, theme
from game.ui.hud_base import MenuItem, Popup
from game.ui.overlays import FieldShading
from game.ui.overlays_rules import (
    UNARMED,
    AreaFireResult,
    Slot,
    ThrowResult,
    area_fire_lines,
    band_name,
    draw_standing_over,
    draw_standing_under,
    layers_of,
    mark_lines,
    says,
    shape_of,
    token_side,
    viewer_enemies,
    weapon_name,
)
from game.ui.text import text_cache
from game.ui.tooltip import draw_tooltip
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

MOVE_NAMES = {Action.WALK: "WALK", Action.RUN: "RUN", Action.DISENGAGE: "DISENGAGE"}
COVER_CYCLE = (Cover.NONE, Cover.PARTIAL, Cover.FULL)
TEMPLATE_SHAPES = (AreaShape.BEAM, AreaShape.CONE, AreaShape.ROUND)
MAX_TEMPLATE = 60  # the longest template the screen offers (fields)


# ======================================================================= menu
#: The tools' choices are the HUD's pop-up menu (``hud_base.Popup``), drawn in the map.
PopupMenu = Popup


# ======================================================================= base
class Tool:
    """The default tool ("select"); every other tool derives from it."""

    name = "select"

    def __init__(self, scene: BattleScene) -> None:
        self.scene = scene
        self.layers = layers_of(scene)
        self.mouse: tuple[int, int] | None = None
        self.menu: PopupMenu | None = None
        self.buttons: list[Button] = []

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
        return current if scene.controls(current) else None

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

    def resume_placement(self) -> Tool | None:
        """The select tool: enter the placement of a rolled area fire that waits (D-6).

        A scene opened (load, undo) or a tool left while the current creature's rolled
        total waits brings the player straight back to painting it.
        """
        if type(self) is not Tool:
            return None
        pending = placement_waiting(self.scene)
        if pending is None:
            return None
        tool = AreaFireTool.placing(self.scene, pending)
        self.scene.tool = tool
        return tool

    # --------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        if (placing := self.resume_placement()) is not None:
            return placing.handle(event)
        if self.menu is not None:
            consumed = self.menu.handle(event)
            if self.menu is not None and self.menu.closed:
                self.menu = None
            if consumed:
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
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
            return self.left_click(self.scene.camera.screen_to_cell(event.pos), event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
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
        return False

    def key(self, event: pygame.event.Event) -> bool:
        return self.select_key(event)

    # ------------------------------------------------------- the select tool
    def walk_options(self) -> queries.MoveOptions | None:
        """Return the Gehen overlay of the selected creature, when it is shown."""
        creature = self.scene.selected_creature
        actor = self.current_actor()
        if creature is None or actor is None or creature.key != actor.key:
            return None
        options = self.layers.moves(self.scene, creature.key, Action.WALK)
        return options if options.allowed else None

    def attack_choice(self, target: CreatureState) -> tuple[str, queries.TargetMark] | None:
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
            if mark is not None and mark.attackable:
                return key, mark
        return None

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        scene = self.scene
        creature = scene.creature_at(cell)
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
        if options is not None and options.cost_of(cell) != 0:
            path = options.path_to(cell)
            if path is not None and len(path) > 1:
                self.send(Move(options.key, "WALK", tuple(path)))
                return True
        return False

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        scene = self.scene
        creature = scene.creature_at(cell)
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
        selected = self.scene.selected_creature
        if selected is None or not self.scene.show_sight:
            return False
        return creature in viewer_enemies(self.scene, selected)

    def open_cover_menu(self, target: CreatureState) -> None:
        attacker = self.scene.selected_creature
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
        attacker = self.scene.selected_creature
        target = self.scene.creature_at(cell) if cell is not None else None
        if attacker is None or target is None or not self.cover_target(target):
            return False
        weapon = self.layers.weapon_for(self.scene, attacker, lambda w: True)
        mark = self.layers.marks(self.scene, attacker.key, weapon).get(target.key)
        now = mark.cover if mark is not None and mark.cover is not None else Cover.NONE
        nxt = COVER_CYCLE[(COVER_CYCLE.index(now) + 1) % len(COVER_CYCLE)]
        self.send_cover(attacker, target, nxt)
        return True

    def cycle_weapon(self, want: Callable[[WeaponType], bool] = lambda w: True) -> bool:
        creature = self.scene.selected_creature
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

    def select_key(self, event: pygame.event.Event) -> bool:
        """Keys of the default tool: M template, C cover (game master), E weapon."""
        if event.key == pygame.K_m:
            self.scene.tool = TemplateTool(self.scene)
            return True
        if event.key == pygame.K_c and self.is_gm():
            return self.cycle_cover()
        if event.key == pygame.K_e:
            return self.cycle_weapon()
        return False

    # ------------------------------------------------------------- drawing
    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw overlays that belong under the tokens."""
        if (placing := self.resume_placement()) is not None:
            placing.draw_under(surface)
            return
        draw_standing_under(self.scene, surface, ranges=self.scene.show_ranges)
        self.draw_own_under(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw paths, labels and cursors over the tokens."""
        draw_standing_over(
            self.scene, surface, ranges=self.scene.show_ranges, sight=self.shows_sight()
        )
        self.draw_own_over(surface)
        self.draw_controls(surface)

    def shows_sight(self) -> bool:
        return bool(self.scene.show_sight)

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
        creature = self.scene.creature_at(cell)
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
                lines = [self.t("tools.click_attacks"), *mark_lines(self.scene, mark, key)]
                self.tooltip(surface, lines)
            return
        options = self.walk_options()
        if options is not None:
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


# ================================================================ move overlay
def draw_move_options(tool: Tool, surface: pygame.Surface, options: queries.MoveOptions) -> None:
    """Shade the reachable fields by cost, mark the save fields, dot difficult ground."""
    scene = tool.scene

    def build() -> FieldShading:
        mask = options.cost_mask
        allowance = max(1, options.allowance)
        reach = mask > 0
        near = reach & (mask <= max(1, allowance // 3))
        mid = reach & ~near & (mask <= max(1, (2 * allowance) // 3))
        far = reach & ~near & ~mid
        save = overlays.cells_mask(options.needs_save, mask.shape)
        zone = overlays.cells_mask(options.disengage, mask.shape)
        return FieldShading(
            [
                (near & ~save, overlays.REACH_NEAR, "fill"),
                (mid & ~save, overlays.REACH_MID, "fill"),
                (far & ~save, overlays.REACH_FAR, "fill"),
                (save, overlays.SAVE_FIELD, "fill"),
                (zone & reach, overlays.DISENGAGE_EDGE, "edge"),
                (reach & options.difficult, overlays.DIFFICULT_DOTS, "dots"),
            ],
            mask.shape,
        )

    key = ("moves", options.key, options.action, id(options))
    tool.layers.shading(scene, key, build).draw(surface, scene.camera)
    numbers = tool.layers.get(
        scene,
        ("move-numbers", id(options)),
        lambda: overlays.NumberLayer(
            {c: v for c, v in options.costs.items() if v > 0}, (235, 240, 255)
        ),
    )
    numbers.draw(surface, scene.camera, scene.app.fonts)


def draw_move_hover(
    tool: Tool, surface: pygame.Surface, options: queries.MoveOptions, cell: Cell
) -> None:
    """Draw the path to the hovered field and what it costs (or why it is out of reach)."""
    scene = tool.scene
    t = tool.t
    action_name = says(scene, ACTIONS[options.action].german, ACTIONS[options.action].english)
    if options.crawling:
        action_name = t("tools.crawling", action=action_name)
    cost = options.cost_of(cell)
    if cost is None or cost == 0:  # out of reach, or the mover's own field
        if tool.in_map(cell) and cost is None:
            tool.tooltip(surface, [action_name, t("tools.unreachable")], theme.TEXT_DIM)
        return
    path = options.path_to(cell)
    if path is None:
        return
    colour = (255, 170, 70) if cell in options.needs_save else theme.PATH
    overlays.draw_path(surface, scene.camera, path, colour)
    allowance = options.halved_allowance if cell in options.needs_save else options.allowance
    lines = [action_name, t("tools.move_cost", cost=cost, allowance=allowance)]
    if cell in options.needs_save:
        lines.append(t("tools.needs_save"))
    tool.tooltip(surface, lines, colour)


# ================================================================ movement tool
class MoveTool(Tool):
    """Gehen, Laufen, Lösen (crawling while Liegend) and Sturmangriff at a target."""

    name = "move"

    def __init__(
        self,
        scene: BattleScene,
        actor: CreatureState,
        action: Action,
        *,
        mover: CreatureState | None = None,
        order: str | None = None,
    ) -> None:
        super().__init__(scene)
        self.actor = actor
        self.mover = mover or actor  # a mount moved on its rider's command
        self.action = action
        self.order = order  # MountCommand order (WALK/RUN/DISENGAGE), None for the actor
        self.weapon = self.charge_weapon() if action is Action.CHARGE else None

    def charge_weapon(self) -> str:
        weapons = self.battle.catalogue.weapons
        for key in self.actor.held:
            if key in weapons and weapons[key].melee:
                return key
        return UNARMED

    def options(self) -> queries.MoveOptions:
        return self.layers.moves(self.scene, self.mover.key, self.action, self.weapon)

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        options = self.options()
        if self.action is Action.CHARGE:
            target = self.scene.creature_at(cell)
            if target is not None and target.key in options.charges:
                assert self.weapon is not None
                self.send(Charge(self.actor.key, target.key, self.weapon))
            elif target is not None:
                self.message(self.t("tools.no_charge", name=target.name), bad=True)
            return True
        path = options.path_to(cell)
        if path is None or len(path) < 2:
            if self.in_map(cell):
                self.message(self.t("tools.unreachable"), bad=True)
            return True
        if self.order is not None:
            self.send(MountCommand(self.actor.key, self.order, tuple(path)))
        else:
            self.send(Move(self.actor.key, MOVE_NAMES[self.action], tuple(path)))
        return True

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw_own_under(self, surface: pygame.Surface) -> None:
        options = self.options()
        draw_move_options(self, surface, options)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        options = self.options()
        camera = self.scene.camera
        if not options.allowed:
            reason = in_language(options.reason, self.t.language)
            self.prompt(surface, [self.title(), self.t("tools.not_allowed", reason=reason)])
            return
        cell = self.hover_cell()
        if self.action is Action.CHARGE:
            for key in options.charges:
                target = self.battle.state.creatures.get(key)
                visible = self.scene.visible_keys()
                if target is not None and (visible is None or key in visible):
                    overlays.draw_reticle(
                        surface,
                        camera,
                        target.cell,
                        overlays.CHARGE_TARGET,
                        token_side(self.scene, target),
                    )
            target = self.scene.creature_at(cell) if cell is not None else None
            if target is not None and target.key in options.charges:
                path = list(options.charges[target.key])
                overlays.draw_path(surface, camera, path, overlays.CHARGE_TARGET)
                cost = options.cost_of(path[-1])
                self.tooltip(
                    surface,
                    [
                        self.title(),
                        target.name,
                        self.t("tools.move_cost", cost=cost, allowance=options.allowance),
                    ],
                )
            else:
                self.prompt(surface, [self.title(), self.t("tools.pick_charge")])
            return
        if cell is not None:
            draw_move_hover(self, surface, options, cell)

    def title(self) -> str:
        rule = ACTIONS[self.action]
        return says(self.scene, rule.german, rule.english)

    def prompt(self, surface: pygame.Surface, lines: Sequence[str]) -> None:
        self.tooltip(surface, lines)


# ================================================================ attack tool
def _attack_weapons(battle: Any, actor: CreatureState, action: Action) -> list[str]:
    """Return the held weapons offered for ``action`` (catalogue data; the engine decides)."""
    weapons = battle.catalogue.weapons
    held = [weapons[k] for k in actor.held if k in weapons]
    if action is Action.MELEE_ATTACK or action in (Action.SWEEP_ATTACK, Action.PUSH_BACK):
        keys = [w.key for w in held if w.melee]
        return keys or ([UNARMED] if action is Action.MELEE_ATTACK else [])
    if action is Action.RANGED_ATTACK:
        return [w.key for w in held if w.ranged]
    if action is Action.THROW_ATTACK:
        return [w.key for w in held if w.thrown]
    if action is Action.LONG_SHOT:
        from game.rules.terms import WeaponAttribute

        return [w.key for w in held if w.ranged and w.has(WeaponAttribute.SCOPE)]
    if action is Action.AIMED_ATTACK:
        return [w.key for w in held if not w.is_area] + [UNARMED]
    if action is Action.UNARMED_ATTACK:
        return [UNARMED]
    return [w.key for w in held]


class AttackTool(Tool):
    """Attack a creature: targets marked with band, cover and net edge (target_marks)."""

    name = "attack"

    def __init__(
        self,
        scene: BattleScene,
        actor: CreatureState,
        action: Action,
        weapons: Sequence[str],
        *,
        option: UnarmedOption | None = None,
    ) -> None:
        super().__init__(scene)
        self.actor = actor
        self.action = action
        self.weapons = list(weapons)
        chosen = self.layers.weapons.get(actor.key)
        self.index = self.weapons.index(chosen) if chosen in self.weapons else 0
        self.option = option
        self.targets: list[str] = []  # Rundumschlag / Mehrfachangriff
        self.push_target: str | None = None
        self.max_targets = ACTIONS[action].max_targets or 1
        self._build_buttons()

    @property
    def weapon(self) -> str:
        return self.weapons[self.index]

    def weapon_data(self) -> WeaponType | None:
        return None if self.weapon == UNARMED else self.battle.catalogue.weapons.get(self.weapon)

    def _build_buttons(self) -> None:
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        y = camera.viewport_y + camera.viewport_h - 40
        x = camera.viewport_x + 10
        self.buttons = []
        for i, key in enumerate(self.weapons):
            label = weapon_name(self.scene, key)
            width = fonts.get(18).size(label)[0] + 24
            self.buttons.append(
                Button(
                    pygame.Rect(x, y, width, 30),
                    label,
                    self._chooser(i),
                    selected=i == self.index,
                    size=18,
                )
            )
            x += width + 6
        weapon = self.weapon_data()
        if self.action is Action.RANGED_ATTACK and weapon is not None and weapon.bem is not None:
            label = self.t("tools.area_fire_button")
            width = fonts.get(18).size(label)[0] + 24
            self.buttons.append(
                Button(pygame.Rect(x, y, width, 30), label, self._to_area_fire, size=18)
            )
            x += width + 6
        if self.action in (Action.SWEEP_ATTACK, Action.MULTI_ATTACK):
            label = self.t("tools.confirm")
            width = fonts.get(18).size(label)[0] + 24
            self.buttons.append(
                Button(
                    pygame.Rect(x, y, width, 30),
                    label,
                    self.confirm,
                    enabled=bool(self.targets),
                    size=18,
                )
            )

    def _chooser(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            self.index = index
            if self.weapon != UNARMED:
                self.layers.weapons[self.actor.key] = self.weapon
            self._maybe_throw_tool()
            self._build_buttons()

        return choose

    def _maybe_throw_tool(self) -> None:
        weapon = self.weapon_data()
        if self.action is Action.THROW_ATTACK and weapon is not None and weapon.targets_field:
            self.scene.tool = ThrowTool(self.scene, self.actor, weapon.key)

    def _to_area_fire(self) -> None:
        self.scene.tool = AreaFireTool(self.scene, self.actor, self.weapon, AreaFireAction.BEM_SHOT)

    def marks(self) -> dict[str, queries.TargetMark]:
        return self.layers.marks(self.scene, self.actor.key, self.weapon)

    def shows_sight(self) -> bool:
        return False  # the tool draws its own, richer marks

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_e and len(self.weapons) > 1:
            self._chooser((self.index + 1) % len(self.weapons))()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return False

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        if self.push_target is not None:
            self.push_target = None
            return True
        self.leave()
        return True

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        actor = self.actor
        if self.action is Action.PUSH_BACK and self.push_target is not None:
            if self.in_map(cell):
                self.send(PushBack(actor.key, self.push_target, self.weapon, cell))
            return True
        target = self.scene.creature_at(cell)
        if target is None or target.key == actor.key:
            return True
        if self.action is Action.SWEEP_ATTACK:
            if target.key in self.targets:
                self.targets.remove(target.key)
            elif len(self.targets) < self.max_targets:
                self.targets.append(target.key)
            self._build_buttons()
            return True
        if self.action is Action.MULTI_ATTACK:
            self.targets.append(target.key)
            if len(self.targets) >= len(self.weapons):
                self.confirm()
            else:
                self.index = len(self.targets)
                self._build_buttons()
            return True
        if self.action is Action.PUSH_BACK:
            self.push_target = target.key
            return True
        self.send(self.command_for(target.key))
        return True

    def command_for(self, target: str) -> Command:
        key = self.actor.key
        if self.action is Action.AIMED_ATTACK:
            return AimedAttack(key, target, self.weapon)
        if self.action is Action.LONG_SHOT:
            return LongShot(key, self.weapon, target)
        if self.action is Action.UNARMED_ATTACK:
            option = self.option or UnarmedOption.DAMAGE
            return UnarmedAttack(key, target, option.value)
        return Attack(key, target, self.weapon)

    def confirm(self) -> None:
        if not self.targets:
            return
        if self.action is Action.SWEEP_ATTACK:
            self.send(SweepAttack(self.actor.key, self.weapon, tuple(self.targets)))
        elif self.action is Action.MULTI_ATTACK:
            pairs = tuple(zip(self.weapons, self.targets, strict=False))
            self.send(MultiAttack(self.actor.key, pairs))

    # ---------------------------------------------------------------- drawing
    def draw_under(self, surface: pygame.Surface) -> None:
        weapon = self.weapon_data()
        ranged = weapon is not None and weapon.ranged
        if ranged and weapon is not None:
            self.layers.weapons.setdefault(self.actor.key, weapon.key)
        draw_standing_under(self.scene, surface, ranges=self.scene.show_ranges or ranged)

    def draw_over(self, surface: pygame.Surface) -> None:
        weapon = self.weapon_data()
        ranged = weapon is not None and weapon.ranged
        draw_standing_over(
            self.scene, surface, ranges=self.scene.show_ranges or ranged, sight=False
        )
        self.draw_targets(surface)
        self.draw_controls(surface)

    def draw_targets(self, surface: pygame.Surface) -> None:
        scene = self.scene
        camera = scene.camera
        fonts = scene.app.fonts
        marks = self.marks()
        visible = scene.visible_keys()
        hover = self.hover_cell()
        hovered = scene.creature_at(hover) if hover is not None else None
        enemies = {e.key for e in self.battle.enemies_of(self.actor)}
        for key, mark in marks.items():
            if visible is not None and key not in visible:
                continue
            target = self.battle.state.creatures[key]
            if key not in enemies and target is not hovered and key not in self.targets:
                continue  # allies are marked only under the mouse
            side = token_side(scene, target)
            picked = key in self.targets or key == self.push_target
            colour = (255, 70, 60) if mark.attackable else (120, 120, 128)
            if picked:
                colour = (255, 230, 60)
            overlays.draw_reticle(surface, camera, target.cell, colour, side)
            x, y = camera.cell_to_screen(target.cell)
            size = camera.cell_px * side
            cover = "NOSIGHT" if not mark.sight or mark.cover is None else mark.cover.name
            overlays.draw_cover_badge(
                surface,
                (x + size - 4, y + 4),
                max(5, camera.cell_px // 6),
                cover,
                override=mark.override is not None,
            )
            if camera.cell_px >= 22:
                text = mark.band.german if (mark.band is not None and not mark.melee) else ""
                if mark.attackable:
                    text = f"{text} {overlays.edge_text(mark.edge, self.t)}".strip()
                else:
                    text = "x"
                image = overlays.label_surface(fonts, text, size=14, colour=colour)
                surface.blit(image, image.get_rect(midtop=(x + size // 2, y + size)))
        lines = [self.title()]
        if self.action is Action.PUSH_BACK and self.push_target is not None:
            lines.append(self.t("tools.pick_push_field"))
        elif hovered is not None and hovered.key in marks:
            lines += mark_lines(scene, marks[hovered.key], None)
        else:
            lines.append(self.t("tools.pick_target"))
        if self.action is Action.SWEEP_ATTACK:
            lines.append(self.t("tools.sweep_count", n=len(self.targets), max=self.max_targets))
        if self.action is Action.MULTI_ATTACK and self.index < len(self.weapons):
            lines.append(self.t("tools.multi_next", weapon=weapon_name(scene, self.weapon)))
        self.tooltip(surface, lines)

    def title(self) -> str:
        rule = ACTIONS[self.action]
        name = says(self.scene, rule.german, rule.english)
        if self.option is not None:
            name += f" ({self.t(f'tools.unarmed_option.{self.option.name}')})"
        return f"{name}: {weapon_name(self.scene, self.weapon)}"


# ================================================================ throw tool
class ThrowTool(Tool):
    """Wurfangriff at a field; a miss leaves the scatter diagram on screen (D-7)."""

    name = "throw"

    def __init__(self, scene: BattleScene, actor: CreatureState, weapon: str) -> None:
        super().__init__(scene)
        self.actor = actor
        self.weapon = weapon
        self.layers.weapons[actor.key] = weapon
        self._impact = Slot()
        self._impact_shade = Slot()

    def weapon_data(self) -> WeaponType:
        weapon: WeaponType = self.battle.catalogue.weapons[self.weapon]
        return weapon

    def preview(self, cell: Cell) -> queries.TemplatePreview | None:
        weapon = self.weapon_data()
        if weapon.area_shape is None or weapon.area_size is None or not self.in_map(cell):
            return None
        shape, size, origin = weapon.area_shape, weapon.area_size, self.actor.cell
        return self._impact.get(
            self.scene,
            (self.weapon, cell, origin),
            lambda: queries.template_cells(self.battle, shape, cell, 0.0, size, impact_from=origin),
        )

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        if not self.in_map(cell):
            return True
        return self.throw_at(cell)

    def throw_at(self, cell: Cell) -> bool:
        """Throw at ``cell``; keep the result (and the scatter diagram of a miss) on screen."""
        scene = self.scene
        actor = self.actor
        thrower = actor.cell
        diagram = queries.scatter_diagram(self.battle, actor.key, cell)
        outcome = scene.send(ThrowAtField(actor.key, self.weapon, cell))
        if not outcome.ok:
            return True
        result = ThrowResult(thrower=thrower, intended=cell, landing=cell, hit=True)
        for event in outcome.events:
            if event.kind == "scatter":
                data = event.data
                result.hit = False
                result.diagram = diagram
                result.direction_roll = int(data["direction_roll"])
                result.distance_roll = int(data["distance_roll"])
                result.landing = (int(data["landing"][0]), int(data["landing"][1]))
                step = (int(data["step"][0]), int(data["step"][1]))
                result.path = queries.scatter_path(
                    scene.session.battle, cell, step, result.distance_roll
                )
            elif event.kind == "area" and "fields" in event.data:
                result.area = [(int(x), int(y)) for x, y in event.data["fields"]]
                landing = event.data.get("landing")
                if landing is not None:
                    result.landing = (int(landing[0]), int(landing[1]))
        layers_of(scene).sticky = result
        return True

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        draw_standing_under(self.scene, surface, ranges=True)
        cell = self.hover_cell()
        preview = self.preview(cell) if cell is not None else None
        if preview is not None:
            shading = self._impact_shade.get(
                self.scene,
                (self.weapon, preview.origin),
                lambda: FieldShading(
                    [(preview.mask, theme.TEMPLATE_FIELD, "fill")], preview.mask.shape
                ),
            )
            shading.draw(surface, self.scene.camera)

    def draw_over(self, surface: pygame.Surface) -> None:
        draw_standing_over(self.scene, surface, ranges=True, sight=False)
        cell = self.hover_cell()
        weapon = self.weapon_data()
        title = _title(self.scene, Action.THROW_ATTACK)
        lines = [f"{title}: {weapon_name(self.scene, self.weapon)}"]
        if cell is not None and self.in_map(cell):
            camera = self.scene.camera
            overlays.outline_cell(surface, camera, cell, (255, 220, 80), 2)
            overlays.draw_arrow(
                surface,
                camera.cell_centre(self.actor.cell),
                camera.cell_centre(cell),
                (255, 220, 80),
                2,
            )
            rings = self.layers.rings(self.scene, self.actor.key, weapon.key)
            band = int(rings.band_index[cell[1], cell[0]])
            ring = next((r for r in rings.bands if int(r.band) == band), None)
            if ring is not None:
                state = (
                    overlays.edge_text(ring.edge, self.t)
                    if ring.usable
                    else self.t("tools.band_unusable")
                )
                lines.append(f"{band_name(self.scene, ring.band)}: {state}")
            preview = self.preview(cell)
            if preview is not None:
                lines += self.inside(preview)
        else:
            lines.append(self.t("tools.pick_field"))
        self.tooltip(surface, lines)
        self.draw_controls(surface)

    def inside(self, preview: queries.TemplatePreview) -> list[str]:
        visible = self.scene.visible_keys()
        names = [
            self.battle.state.creatures[k].name
            for k in preview.creatures
            if visible is None or k in visible
        ]
        if not names:
            return [self.t("tools.template.nobody")]
        return [self.t("tools.template.inside"), *(f"· {n}" for n in names)]


# ================================================================ template tool
class TemplateTool(Tool):
    """Beam, 90° cone or circle following the mouse; Shift snaps to 45° (D-8).

    Measuring (M) or a spell's area (UseAction with shape, length and angle). A spell
    can also target a creature or a field: Q cycles "target", beam, cone, circle.
    """

    name = "template"

    def __init__(
        self,
        scene: BattleScene,
        *,
        action: Action | None = None,
        actor: CreatureState | None = None,
    ) -> None:
        super().__init__(scene)
        self.action = action
        self.actor = actor
        self.shapes: list[AreaShape | None] = list(TEMPLATE_SHAPES)
        if action is not None:
            self.shapes.insert(0, None)  # a spell without a template: a target or nothing
        self.shape_index = 0
        self.lengths = {AreaShape.BEAM: 6, AreaShape.CONE: 4, AreaShape.ROUND: 2}
        selected = scene.selected_creature
        self.origin: Cell | None = actor.cell if actor else (selected.cell if selected else None)
        self.aim: tuple[float, float] | None = None  # the pointer in field units
        self.snap = False
        self._preview = Slot()
        self._shade = Slot()

    @property
    def shape(self) -> AreaShape | None:
        return self.shapes[self.shape_index]

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.mouse is not None:
            self.aim = self.scene.camera.screen_to_point(self.mouse)

    def angle(self) -> float:
        if self.origin is None or self.aim is None:
            return 0.0
        dx = self.aim[0] - (self.origin[0] + 0.5)
        dy = self.aim[1] - (self.origin[1] + 0.5)
        return math.degrees(math.atan2(dy, dx)) % 360.0 if (dx or dy) else 0.0

    def centre(self) -> Cell | None:
        """Return the field the template is laid from: the circle's centre or the origin."""
        if self.shape is AreaShape.ROUND:
            if self.aim is None:
                return self.origin
            return (math.floor(self.aim[0]), math.floor(self.aim[1]))
        return self.origin

    def preview(self) -> queries.TemplatePreview | None:
        shape = self.shape
        centre = self.centre()
        if shape is None or centre is None:
            return None
        snap = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self.snap
        angle = 0.0 if shape is AreaShape.ROUND else round(self.angle(), 1)
        length = self.lengths[shape]
        return self._preview.get(
            self.scene,
            (shape, centre, angle, length, snap),
            lambda: queries.template_cells(self.battle, shape, centre, angle, length, snap45=snap),
        )

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_q:
            self.shape_index = (self.shape_index + 1) % len(self.shapes)
            return True
        shape = self.shape
        if shape is not None and event.key in (
            pygame.K_RIGHTBRACKET,
            pygame.K_PERIOD,
            pygame.K_PAGEUP,
        ):
            self.lengths[shape] = min(MAX_TEMPLATE, self.lengths[shape] + 1)
            return True
        if shape is not None and event.key in (
            pygame.K_LEFTBRACKET,
            pygame.K_COMMA,
            pygame.K_PAGEDOWN,
        ):
            self.lengths[shape] = max(1, self.lengths[shape] - 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.action is not None:
            self.cast()
            return True
        return False

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        if self.action is None:
            if self.origin is None or self.scene.selected_creature is None:
                self.origin = cell if self.in_map(cell) else self.origin
            return True
        if self.shape is None:
            creature = self.scene.creature_at(cell)
            if creature is not None:
                self.send(UseAction(self.actor_key(), self.action.name, target=creature.key))
            elif self.in_map(cell):
                self.send(UseAction(self.actor_key(), self.action.name, cell=cell))
            return True
        self.cast()
        return True

    def actor_key(self) -> str | None:
        return self.actor.key if self.actor is not None else None

    def cast(self) -> None:
        assert self.action is not None
        shape = self.shape
        if shape is None:
            self.send(UseAction(self.actor_key(), self.action.name))
            return
        preview = self.preview()
        if preview is None:
            return
        self.send(
            UseAction(
                self.actor_key(),
                self.action.name,
                cell=preview.origin,
                shape=shape.value,
                length=int(self.lengths[shape]),
                angle=round(preview.angle_deg) % 360,
            )
        )

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def draw_own_under(self, surface: pygame.Surface) -> None:
        preview = self.preview()
        if preview is None:
            return
        shading = self._shade.get(
            self.scene,
            (preview.shape, preview.origin, preview.angle_deg, preview.length),
            lambda: FieldShading(
                [
                    (preview.mask, theme.TEMPLATE_FIELD, "fill"),
                    (preview.mask, (255, 210, 60, 180), "edge"),
                ],
                preview.mask.shape,
            ),
        )
        shading.draw(surface, self.scene.camera)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        scene = self.scene
        camera = scene.camera
        t = self.t
        shape = self.shape
        lines: list[str] = []
        if self.action is not None:
            rule = ACTIONS[self.action]
            lines.append(says(scene, rule.german, rule.english))
        if shape is None:
            lines.append(t("tools.template.target_mode"))
            self.tooltip(surface, lines)
            return
        preview = self.preview()
        lines.append(t(f"tools.template.{shape.name}", n=self.lengths[shape]))
        if preview is None:
            lines.append(t("tools.template.pick_origin"))
            self.tooltip(surface, lines)
            return
        if shape is not AreaShape.ROUND and self.origin is not None:
            start = camera.cell_centre(self.origin)
            rad = math.radians(preview.angle_deg)
            px = self.lengths[shape] * camera.cell_px
            end = (int(start[0] + math.cos(rad) * px), int(start[1] + math.sin(rad) * px))
            overlays.draw_arrow(surface, start, end, (255, 210, 60), 2)
            lines.append(t("tools.template.angle", angle=round(preview.angle_deg)))
        cell = self.hover_cell()
        if self.origin is not None and cell is not None:
            fields = distance(self.origin, cell)
            band = range_band(fields)
            lines.append(t("tools.template.distance", n=fields, band=band_name(scene, band)))
        visible = scene.visible_keys()
        names = [
            self.battle.state.creatures[k].name
            for k in preview.creatures
            if visible is None or k in visible
        ]
        lines.append(t("tools.template.fields", n=len(preview.cells)))
        if names:
            lines.append(t("tools.template.inside"))
            lines += [f"· {n}" for n in names]
        else:
            lines.append(t("tools.template.nobody"))
        lines.append(t("tools.template.keys"))
        offset = 16
        if shape is AreaShape.ROUND:  # beside the circle, not over it
            offset = int((self.lengths[shape] + 0.5) * camera.cell_px) + 8
        self.tooltip(surface, lines, (255, 210, 60), offset=offset)


# ================================================================ area fire tool
#: Paint of a waiting placement kept while the tool is left and entered again (Esc, a
#: game master's pick), per scene, keyed on the placement it belongs to.
_KEPT: weakref.WeakKeyDictionary[Any, tuple[tuple[Any, ...], dict[Cell, int]]] = (
    weakref.WeakKeyDictionary()
)
AREA_PHASE = "area"  # choose the fields, then AreaFireRoll
PLACE_PHASE = "place"  # the engine waits with the rolled total: paint it, PlaceAreaFire
MAX_PAINT = 99  # the most a field can be painted (D-6 allows SW; more shows the violation)


def placement_waiting(scene: BattleScene) -> Pending | None:
    """Return the current creature's rolled area fire when the viewer must place it (D-6)."""
    battle = scene.session.battle
    if not battle.state.order or scene.session.over or not battle.state.pending:
        return None
    current = battle.current
    if not scene.controls(current):
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
    click -1, drag paints +1 per field, on the declared fields only; the total, what is
    left, SW per field and every D-6 violation show live; the button or Enter sends
    PlaceAreaFire only when the preview is valid; V takes the suggestion EndTurn would
    place, Backspace clears. The roll cannot be taken back: Esc says so.
    """

    name = "area_fire"

    def __init__(
        self, scene: BattleScene, actor: CreatureState, weapon: str, mode: AreaFireAction
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
        self._preview: tuple[Any, queries.AreaFirePreview] | None = None
        self._revision = scene.session.revision
        self._big: tuple[Any, pygame.Surface] | None = None
        self.shown_problems: list[str] = []  # the D-6 violations drawn in the last frame
        pending = placement_of(self.battle, actor.key)
        if pending is not None:
            self._enter_placement(pending)
        self._build_buttons()

    @classmethod
    def placing(cls, scene: BattleScene, pending: Pending) -> AreaFireTool:
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
        tip = "" if preview.valid else self.t("tools.area.fix_first")
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
    def declared(self) -> dict[Cell, int]:
        """Return what the preview checks: the chosen fields in order, or the painting."""
        if self.phase == PLACE_PHASE:
            return dict(self.painted)
        return {cell: 1 for cell in self.chosen}

    def preview(self) -> queries.AreaFirePreview:
        declared = self.declared()
        scene = self.scene
        key = (
            scene.session.revision,
            id(scene.session.battle),
            self.phase,
            tuple(declared.items()),
        )
        if self._preview is None or self._preview[0] != key:
            preview = queries.area_fire_preview(
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
        self.paint(cell, 1)
        return True

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.dragging and self.mouse is not None and self.scene.camera.contains(self.mouse):
            cell = self.scene.camera.screen_to_cell(self.mouse)
            if cell not in self.dragged:
                self.dragged.add(cell)
                self.paint(cell, 1)

    def left_release(self, event: pygame.event.Event) -> bool:
        self.dragging = False
        self.dragged = set()
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
        shown = bool(problems) and (self.phase == PLACE_PHASE or bool(self.chosen))
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

    def draw_order(self, surface: pygame.Surface, preview: queries.AreaFirePreview) -> None:
        """Phase "area": number the chosen fields (the order the end of a turn fills)."""
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        for index, cell in enumerate(self.chosen, 1):
            good = bool(preview.paintable[cell[1], cell[0]])
            colour = (255, 255, 255) if good else (255, 120, 255)
            overlays.cell_text(surface, camera, fonts, cell, str(index), colour, scale=0.34)

    def draw_values(self, surface: pygame.Surface, preview: queries.AreaFirePreview) -> None:
        """Phase "place": each field's value, its SW limit, and the total big on top."""
        camera = self.scene.camera
        fonts = self.scene.app.fonts
        for cell, value in self.painted.items():
            colour = (255, 255, 255) if value <= preview.sw else (255, 120, 255)
            overlays.cell_text(
                surface, camera, fonts, cell, str(value), colour, plate=(0, 0, 0, 120)
            )
        limit = f"≤{preview.sw}"
        for cell in preview.declared:
            if preview.paintable[cell[1], cell[0]]:
                over = self.painted.get(cell, 0) > preview.sw
                colour = (255, 120, 255) if over else (255, 230, 170)
                overlays.cell_text(
                    surface, camera, fonts, cell, limit, colour, scale=0.24, corner="bottomright"
                )
        self.draw_total(surface, preview)

    def draw_total(self, surface: pygame.Surface, preview: queries.AreaFirePreview) -> None:
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

    def _total_image(self, preview: queries.AreaFirePreview) -> pygame.Surface:
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

    def formula(self, preview: queries.AreaFirePreview) -> str:
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

    def title(self, preview: queries.AreaFirePreview) -> str:
        rule = ACTIONS[self.mode.action]
        return self.t(
            "tools.area.title",
            action=says(self.scene, rule.german, rule.english),
            weapon=weapon_name(self.scene, self.weapon),
            sw=preview.sw,
        )

    def area_lines(self, preview: queries.AreaFirePreview) -> list[str]:
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
        lines.append(t("tools.area.keys_area"))
        return lines

    def place_lines(self, preview: queries.AreaFirePreview) -> list[str]:
        t = self.t
        return [
            self.title(preview),
            t("tools.area.step_place"),
            t(
                "tools.area.placed_of",
                placed=preview.placed,
                total=preview.total or 0,
                n=preview.remaining or 0,
            ),
            t("tools.area.per_field", sw=preview.sw, fields=len(preview.declared)),
            t("tools.area.keys_place"),
        ]


# ================================================================ target tool
class TargetTool(Tool):
    """Ask for a creature and/or a field, then send the command the factory builds.

    ``wants``: "creature", "field" or "either"; ``optional``: Enter sends with none.
    """

    name = "target"

    def __init__(
        self,
        scene: BattleScene,
        title: str,
        prompt: str,
        build: Callable[[str | None, Cell | None], Command],
        *,
        wants: str = "creature",
        optional: bool = False,
    ) -> None:
        super().__init__(scene)
        self.title = title
        self.prompt_text = prompt
        self.build = build
        self.wants = wants
        self.optional = optional

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        creature = self.scene.creature_at(cell)
        if self.wants in ("creature", "either") and creature is not None:
            self.send(self.build(creature.key, None))
        elif self.wants in ("field", "either") and self.in_map(cell):
            self.send(self.build(None, cell))
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if self.optional and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send(self.build(None, None))
            return True
        return False

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def draw_own_over(self, surface: pygame.Surface) -> None:
        cell = self.hover_cell()
        camera = self.scene.camera
        if cell is not None and self.in_map(cell):
            creature = self.scene.creature_at(cell)
            if creature is not None and self.wants != "field":
                overlays.draw_reticle(
                    surface, camera, creature.cell, (255, 220, 80), token_side(self.scene, creature)
                )
            elif self.wants != "creature":
                overlays.outline_cell(surface, camera, cell, (255, 220, 80), 2)
        lines = [self.title, self.prompt_text]
        if self.optional:
            lines.append(self.t("tools.enter_without_target"))
        self.tooltip(surface, lines)


class MenuTool(Tool):
    """A choice from a short list (stance, item, shout ...) before the command."""

    name = "menu"

    def __init__(self, scene: BattleScene, title: str, items: Sequence[MenuItem]) -> None:
        super().__init__(scene)
        actor = scene.selected_creature
        anchor = (
            scene.camera.cell_centre(actor.cell)
            if actor is not None
            else (scene.camera.viewport_x + 40, scene.camera.viewport_y + 40)
        )
        self.menu = PopupMenu(title, items, (anchor[0] + 20, anchor[1] - 10))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.menu is None:
            return False
        consumed = self.menu.handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.menu is not None and self.menu.closed and self.scene.tool is self:
            self.leave()
        return consumed or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


# ============================================================== begin_action
def begin_action(scene: BattleScene, action: Action) -> Tool | None:
    """Return the tool for ``action`` (None when it needs none or is not available)."""
    layers = layers_of(scene)
    battle = scene.session.battle
    if not battle.state.order or scene.session.over:
        return None
    actor = battle.current
    t = scene.app.t
    if not scene.controls(actor):
        scene.hud.message(t("tools.not_yours", name=actor.name), bad=True)
        return None
    legal = layers.legal(scene, actor.key).get(action)
    if legal is not None and not legal.allowed:
        rule = ACTIONS[action]
        reason = in_language(legal.reason, scene.app.t.language)
        scene.hud.message(f"{says(scene, rule.german, rule.english)}: {reason}", bad=True)
        return None
    scene.select(actor.key)
    builder = _BUILDERS.get(action, _use_action)
    return builder(scene, actor, action)


Builder = Callable[["BattleScene", CreatureState, Action], Tool | None]


def _title(scene: BattleScene, action: Action) -> str:
    rule = ACTIONS[action]
    return says(scene, rule.german, rule.english)


def _send_now(scene: BattleScene, command: Command) -> None:
    scene.send(command)


def _sender(scene: BattleScene, command: Command) -> Callable[[], None]:
    """Return a menu callback that sends ``command``."""
    return lambda: _send_now(scene, command)


def _move(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    return MoveTool(scene, actor, action)


def _attack(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    weapons = _attack_weapons(scene.session.battle, actor, action)
    if not weapons:
        scene.hud.message(scene.app.t("tools.no_weapon", action=_title(scene, action)), bad=True)
        return None
    catalogue = scene.session.battle.catalogue.weapons
    first = layers_of(scene).weapons.get(actor.key)
    key = first if first in weapons else weapons[0]
    if action is Action.THROW_ATTACK and key in catalogue and catalogue[key].targets_field:
        return ThrowTool(scene, actor, key)
    return AttackTool(scene, actor, action, weapons)


def _unarmed(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t

    def pick(option: UnarmedOption) -> Callable[[], None]:
        def run() -> None:
            scene.tool = AttackTool(scene, actor, action, [UNARMED], option=option)

        return run

    items = [MenuItem(t(f"tools.unarmed_option.{o.name}"), pick(o)) for o in UnarmedOption]
    return MenuTool(scene, _title(scene, action), items)


def _area_fire(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    mode = AreaFireAction.AUTO_FIRE if action is Action.AUTO_FIRE else AreaFireAction.COVERING_FIRE
    weapons = scene.session.battle.catalogue.weapons
    keys = [k for k in actor.held if k in weapons and weapons[k].bem is not None]
    if not keys:
        scene.hud.message(scene.app.t("tools.no_weapon", action=_title(scene, action)), bad=True)
        return None
    return AreaFireTool(scene, actor, keys[0], mode)


def _spell(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    return TemplateTool(scene, action=action, actor=actor)


def _change_position(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        MenuItem(
            t(f"tools.stance.{s.name}"),
            _sender(scene, ChangePosition(actor.key, s.value)),
            s is not actor.stance,
        )
        for s in Stance
    ]
    return MenuTool(scene, _title(scene, action), items)


def _interact(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    battle = scene.session.battle
    catalogue = battle.catalogue
    t = scene.app.t
    key = actor.key
    items: list[MenuItem] = []

    def name(item: str) -> str:
        for table in (catalogue.weapons, catalogue.armour, catalogue.items):
            if item in table:
                entry = table[item]
                return says(scene, entry.name, getattr(entry, "english", entry.name))
        return item

    for item in actor.held:
        weapon = catalogue.weapons.get(item)
        if weapon is not None and weapon.has_magazine:
            items.append(
                MenuItem(
                    t("tools.interact.reload", item=name(item)),
                    _sender(scene, Reload(key, item)),
                )
            )
    for item in actor.carried:
        items.append(
            MenuItem(
                t("tools.interact.draw", item=name(item)),
                _sender(scene, Interact(key, "draw", item=item)),
            )
        )
    for item in actor.held:
        items.append(
            MenuItem(
                t("tools.interact.holster", item=name(item)),
                _sender(scene, Interact(key, "holster", item=item)),
            )
        )
    for ground in queries.reachable_ground_items(battle, key):
        items.append(
            MenuItem(
                t("tools.interact.pick_up", item=name(ground.item)),
                _sender(scene, Interact(key, "pick_up", item=ground.item, cell=ground.cell)),
            )
        )
    for item in [*actor.held, *actor.carried]:
        if item in catalogue.items:
            items.append(
                MenuItem(
                    t("tools.interact.use", item=name(item)),
                    _sender(scene, Interact(key, "use", item=item)),
                )
            )
    for what in ("open_door", "close_door", "break_door"):

        def door(w: str = what) -> None:
            scene.tool = TargetTool(
                scene,
                t(f"tools.interact.{w}"),
                t("tools.pick_door"),
                lambda _k, cell: Interact(key, w, cell=cell),
                wants="field",
            )

        items.append(MenuItem(t(f"tools.interact.{what}"), door))
    return MenuTool(scene, _title(scene, action), items)


def _drop(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    items = [
        MenuItem(_item_name(scene, item), _sender(scene, DropItem(actor.key, item)))
        for item in actor.held
    ]
    return MenuTool(scene, _title(scene, action), items)


def _item_name(scene: BattleScene, item: str) -> str:
    catalogue = scene.session.battle.catalogue
    for table in (catalogue.weapons, catalogue.armour, catalogue.items):
        if item in table:
            entry = table[item]
            return says(scene, entry.name, getattr(entry, "english", entry.name))
    return item


SHOUTS = ("cover", "advance", "retreat", "fire", "help")


def _shout(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        MenuItem(
            t(f"tools.shout.{s}"),
            _sender(scene, Shout(actor.key, t(f"tools.shout.{s}"))),
        )
        for s in SHOUTS
    ]
    return MenuTool(scene, _title(scene, action), items)


READY_TRIGGERS = ("enemy_in_reach", "enemy_in_sight", "enemy_attacks", "door_opens")


def _ready(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        MenuItem(
            t(f"tools.ready.{r}"),
            _sender(scene, UseAction(actor.key, action.name, note=t(f"tools.ready.{r}"))),
        )
        for r in READY_TRIGGERS
    ]
    return MenuTool(scene, _title(scene, action), items)


def _armour(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    battle = scene.session.battle
    armour = battle.catalogue.armour
    if action is Action.DON_ARMOR:
        keys = [*actor.held, *battle.state.ground_items.get(actor.cell, [])]
    else:
        keys = list(actor.carried)
    keys = [k for k in keys if k in armour and armour[k].category is ArmorCategory.WORN]
    items = [
        MenuItem(
            _item_name(scene, k),
            _sender(scene, UseAction(actor.key, action.name, item=k)),
        )
        for k in keys
    ]
    return MenuTool(scene, _title(scene, action), items)


ZW_CHOICES = (5, 10, 12, 15, 18, 20, 25, 30)


def _with_zw(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    """The game master sets the ZW of a mechanism (RollSpec.against None)."""
    t = scene.app.t
    items = [
        MenuItem(f"ZW {zw}", _sender(scene, UseAction(actor.key, action.name, zw=zw)))
        for zw in ZW_CHOICES
    ]
    return MenuTool(scene, t("tools.zw_title", action=_title(scene, action)), items)


#: Actions whose command names a creature though the catalogue's RollSpec does not say so.
_TARGET_REQUIRED = frozenset({Action.HELP, Action.STUDY_ENEMY, Action.STABILIZE, Action.REVIVE})
_TARGET_OPTIONAL = frozenset({Action.FIRST_AID, Action.STEAL, Action.HIDE})


def _use_action(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    """Generic UseAction: ask for a creature when the command needs one, else send at once."""
    rule = ACTIONS[action]
    t = scene.app.t
    roll = rule.roll
    if roll is not None and roll.against is None:
        return _with_zw(scene, actor, action)
    needs_target = (
        action in _TARGET_REQUIRED
        or (
            roll is not None
            and isinstance(roll.against, SaveValue)
            and action not in _TARGET_OPTIONAL
        )
        or any(p.name.startswith("TARGET_") for p in rule.preconditions)
    )
    if needs_target or action in _TARGET_OPTIONAL:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_creature"),
            lambda key, _cell: UseAction(actor.key, action.name, target=key),
            wants="creature",
            optional=not needs_target or action in _TARGET_OPTIONAL,
        )
    scene.send(UseAction(actor.key, action.name))
    return None


def _mount(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    if action is Action.MOUNT:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_creature"),
            lambda key, _c: Mount(actor.key, key or ""),
        )
    if action is Action.DISMOUNT:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_field"),
            lambda _k, cell: Dismount(actor.key, cell or actor.cell),
            wants="field",
        )
    from game.battle.situation_actions import mount_of

    mount = mount_of(scene.session.battle, actor)
    if mount is None:
        return None

    def move(order: str, move_action: Action) -> Callable[[], None]:
        def run() -> None:
            scene.tool = MoveTool(scene, actor, move_action, mover=mount, order=order)

        return run

    def melee() -> None:
        scene.tool = TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_target"),
            lambda key, _c: MountCommand(actor.key, "MELEE", target=key or ""),
        )

    items = [MenuItem(_title(scene, a), move(n, a)) for a, n in MOVE_NAMES.items()]
    items.append(MenuItem(_title(scene, Action.MELEE_ATTACK), melee))
    return MenuTool(scene, _title(scene, action), items)


def _now(make: Callable[[CreatureState], Command]) -> Builder:
    def build(scene: BattleScene, actor: CreatureState, action: Action) -> Tool | None:
        scene.send(make(actor))
        return None

    return build


_BUILDERS: dict[Action, Builder] = {
    Action.WALK: _move,
    Action.RUN: _move,
    Action.DISENGAGE: _move,
    Action.CHARGE: _move,
    Action.MELEE_ATTACK: _attack,
    Action.RANGED_ATTACK: _attack,
    Action.THROW_ATTACK: _attack,
    Action.AIMED_ATTACK: _attack,
    Action.LONG_SHOT: _attack,
    Action.SWEEP_ATTACK: _attack,
    Action.MULTI_ATTACK: _attack,
    Action.PUSH_BACK: _attack,
    Action.UNARMED_ATTACK: _unarmed,
    Action.AUTO_FIRE: _area_fire,
    Action.COVERING_FIRE: _area_fire,
    Action.CAST_INSTANT_SPELL: _spell,
    Action.CAST_LONG_SPELL: _spell,
    Action.CHANGE_POSITION: _change_position,
    Action.INTERACT: _interact,
    Action.DROP_ITEM: _drop,
    Action.SHOUT_COMMAND: _shout,
    Action.READY: _ready,
    Action.DON_ARMOR: _armour,
    Action.DOFF_ARMOR: _armour,
    Action.MOUNT: _mount,
    Action.DISMOUNT: _mount,
    Action.MOUNT_COMMAND: _mount,
    Action.BREAK_GRAPPLE: _now(lambda actor: BreakGrapple(actor.key)),
    Action.RELEASE_GRAPPLE: _now(lambda actor: ReleaseGrapple(actor.key)),
}


# ================================================================ benchmark
def overlay_bench_setup(scene: BattleScene) -> Tool:
    """Switch on the movement overlay, the range bands and a template (``bench ui``).

    Selects the current creature (falling back to any creature holding a ranged
    weapon), turns on range bands and threat zones, and installs a TemplateTool that
    also draws the creature's Gehen overlay, with a cone aimed 6 fields east. Returns
    the tool (``scene.tool``).
    """
    battle = scene.session.battle
    weapons = battle.catalogue.weapons
    creatures = list(battle.state.creatures.values())
    pick = battle.current if battle.state.order else (creatures[0] if creatures else None)
    if pick is not None and not any(k in weapons and weapons[k].ranged for k in pick.held):
        pick = next(
            (c for c in creatures if any(k in weapons and weapons[k].ranged for k in c.held)), pick
        )
    if pick is not None:
        scene.select(pick.key)
    scene.show_ranges = True
    scene.show_threats = True
    tool = BenchTool(scene)
    if pick is not None:
        tool.origin = pick.cell
        tool.aim = (pick.cell[0] + 6.5, pick.cell[1] + 2.5)
        tool.shape_index = tool.shapes.index(AreaShape.CONE)
    scene.tool = tool
    return tool


class BenchTool(TemplateTool):
    """A template plus the selected creature's Gehen overlay (for the benchmark)."""

    name = "bench"

    def draw_own_under(self, surface: pygame.Surface) -> None:
        creature = self.scene.selected_creature
        if creature is not None:
            options = self.layers.moves(self.scene, creature.key, Action.WALK)
            draw_move_options(self, surface, options)
        super().draw_own_under(surface)

    def on_motion(self, event: pygame.event.Event) -> None:
        """The benchmark's template stays where it was aimed."""


__all__ = [
    "AreaFireTool",
    "AttackTool",
    "BenchTool",
    "MenuTool",
    "MoveTool",
    "PopupMenu",
    "TargetTool",
    "TemplateTool",
    "ThrowTool",
    "Tool",
    "begin_action",
    "overlay_bench_setup",
]
