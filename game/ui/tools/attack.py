"""The attack tool: a creature as target, marked with band, cover and net edge."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.match.views import Odds
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.draw_and_throw import DrawAndThrowAtCreature
from game.rulesets.entaria.full_attacks import AimedAttack, MultiAttack, SweepAttack
from game.rulesets.entaria.long_shot import LongShot
from game.rulesets.entaria.object_attacks import AttackObject
from game.rulesets.entaria.push_back import PushBack
from game.rulesets.entaria.queries.targets import TargetMark
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.unarmed_combat import UnarmedAttack
from game.rulesets.entaria.views import RANGES
from game.rulesets.entaria.views.actions import area_fire_offer
from game.rulesets.entaria.views.chances import attack_weapons
from game.ui import overlays
from game.ui.overlays_objects import object_lines, object_under
from game.ui.overlays_rules import (
    UNARMED,
    band_name,
    creature_at,
    layers_of,
    says,
    token_side,
    weapon_name,
)
from game.ui.overlays_standing import (
    badge_place,
    draw_standing_over,
    draw_standing_under,
    mark_lines,
    stands,
)
from game.ui.tools.area_fire import AreaFireTool
from game.ui.tools.attack_offer import refusal_text
from game.ui.tools.base import Tool
from game.ui.tools.throw import ThrowTool
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.host import MapHost


def _attack_weapons(battle: Any, actor: CreatureState, action: Action) -> list[str]:
    """Return the held weapons offered for ``action`` (the views' list, catalogue data)."""
    return attack_weapons(battle, actor, action)


#: The attacks that may aim at an object on a field (object_attacks.AttackObject).
_OBJECT_ACTIONS = frozenset(
    {Action.MELEE_ATTACK, Action.RANGED_ATTACK, Action.THROW_ATTACK, Action.UNARMED_ATTACK}
)


#: Actions whose targets are picked one by one before the command goes out.
_PICKED_FIRST = frozenset({Action.SWEEP_ATTACK, Action.MULTI_ATTACK, Action.PUSH_BACK})


class AttackTool(Tool):
    """Attack a creature, or the object on a field: targets marked with band, cover, edge."""

    name = "attack"

    def __init__(
        self,
        scene: MapHost,
        actor: CreatureState,
        action: Action,
        weapons: Sequence[str],
        *,
        option: UnarmedOption | None = None,
        from_belt: bool = False,
    ) -> None:
        super().__init__(scene)
        self.actor = actor
        self.action = action
        self.weapons = list(weapons)
        #: Wurfangriff with a weapon still on the belt: drawn first (E-OPEN-16)
        self.from_belt = from_belt and action is Action.THROW_ATTACK
        chosen = self.layers.weapons.get(actor.key)
        self.index = self.weapons.index(chosen) if chosen in self.weapons else 0
        self.option = option
        self.targets: list[str] = []  # Rundumschlag / Mehrfachangriff
        self.push_target: str | None = None
        self.max_targets = ACTIONS[action].max_targets or 1
        self.chips: list[pygame.Rect] = []  # where this frame's target chips went (tests)
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
            # greyed with the engine's reason when its handler would refuse it (a
            # submachine gun lays area fire only as VH -> Dauerfeuer, E-AREAFIRE-1)
            offer = area_fire_offer(
                self.battle, self.actor.key, weapon.key, AreaFireAction.BEM_SHOT, self.t
            )
            label = self.t("tools.area_fire_button")
            width = fonts.get(18).size(label)[0] + 24
            self.buttons.append(
                Button(
                    pygame.Rect(x, y, width, 30),
                    label,
                    self._to_area_fire,
                    enabled=offer.enabled,
                    tooltip=offer.tooltip,
                    size=18,
                    data={"key": offer.key, "reason": offer.reason},
                )
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

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if not button.enabled and button.contains(event.pos) and button.data:
                    # a greyed button says why when pressed, as the action bar does
                    self.mouse = event.pos
                    self.message(str(button.data.get("reason", "")), bad=True)
                    return True
        return super().handle(event)

    def refusal_of(self, target: str) -> str:
        """Return why the engine would refuse the click's command on ``target`` ("": none).

        Only a command the click sends at once is asked (the dry run of ``command_for``);
        targets picked first are checked when the command goes out.
        """
        if self.action in _PICKED_FIRST:
            return ""
        return refusal_text(self.scene, self.command_for(target))

    def marks(self) -> dict[str, TargetMark]:
        return self.layers.marks(self.scene, self.actor.key, self.weapon)

    def chance(self, target: str) -> Odds | None:
        """Return the views' hit chance of this attack on ``target``, once per change."""
        battle, key, weapon = self.battle, self.actor.key, self.weapon
        action, option, t = self.action, self.option, self.t
        melee = False if self.from_belt else None  # drawn and thrown: a ranged attack
        views = self.scene.session.views
        return self.layers.get(
            self.scene,
            ("chance", key, target, weapon, action, option, melee, t.language),
            lambda: views.attack_odds(battle, key, target, weapon, action, option, melee, t),
        )

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
        target = creature_at(self.scene, cell)
        if target is None and self.action in _OBJECT_ACTIONS and object_under(self.scene, cell):
            self.send(AttackObject(actor.key, self.weapon, cell=cell))  # a door, wall, pane
            return True
        if target is None or target.key == actor.key:
            return True
        weapon = self._weapon_in_hand(target)
        if weapon is not None and pygame.key.get_mods() & pygame.KMOD_ALT:
            # Alt: aim at the weapon in the target's hand, not at the target (E-OBJ-WAFFE-WG*)
            self.send(AttackObject(actor.key, self.weapon, holder=target.key, item=weapon))
            return True
        if self.action in _PICKED_FIRST and target.key not in self.targets:
            # a target picked for later is checked now, by the ruleset's mark, so a
            # creature across a wall is not picked silently (D-13)
            mark = self.marks().get(target.key)
            if mark is not None and not mark.attackable:
                reason = in_language(mark.reason, self.t.language)
                self.message(self.t("tools.cannot_attack", reason=reason), bad=True)
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
        command = self.command_for(target.key)
        if why := refusal_text(self.scene, command):  # never send what the engine refuses
            self.message(why, bad=True)
            return True
        self.send(command)
        return True

    def claims_alt_click(self, cell: Cell) -> bool:
        """Return whether Alt+click on ``cell`` is this tool's: aiming at the weapon in a
        creature's hand (a ping, game.ui.pings, takes every other Alt+click)."""
        target = creature_at(self.scene, cell)
        if target is None or target.key == self.actor.key:
            return False
        return self._weapon_in_hand(target) is not None

    def _weapon_in_hand(self, target: CreatureState) -> str | None:
        """Return the first weapon ``target`` holds, when this attack may aim at it."""
        if self.action not in _OBJECT_ACTIONS:
            return None
        weapons = self.battle.catalogue.weapons
        return next((key for key in target.held if key in weapons), None)

    def command_for(self, target: str) -> Command:
        key = self.actor.key
        if self.action is Action.AIMED_ATTACK:
            return AimedAttack(key, target, self.weapon)
        if self.action is Action.LONG_SHOT:
            return LongShot(key, self.weapon, target)
        if self.action is Action.UNARMED_ATTACK:
            option = self.option or UnarmedOption.DAMAGE
            return UnarmedAttack(key, target, option.value)
        if self.from_belt:
            return DrawAndThrowAtCreature(key, self.weapon, target)
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
        draw_standing_under(self.scene, surface, ranges=self.scene.overlay_shown(RANGES) or ranged)

    def draw_over(self, surface: pygame.Surface) -> None:
        weapon = self.weapon_data()
        ranged = weapon is not None and weapon.ranged
        draw_standing_over(
            self.scene, surface, ranges=self.scene.overlay_shown(RANGES) or ranged, sight=False
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
        hovered = creature_at(scene, hover) if hover is not None else None
        enemies = {e.key for e in self.battle.enemies_of(self.actor)}
        pieces = scene.pieces()
        bands = layers_of(scene).ring_labels  # drawn before: a chip keeps off them (issue 12)
        self.chips = []
        for key, mark in marks.items():
            if visible is not None and key not in visible:
                continue
            target = self.battle.state.creatures[key]
            if key not in enemies and target is not hovered and key not in self.targets:
                continue  # allies are marked only under the mouse
            side = token_side(scene, target)
            picked = key in self.targets or key == self.push_target
            offered = mark.attackable and not self.refusal_of(key)  # greyed when refused
            colour = (255, 70, 60) if offered else (120, 120, 128)
            if picked:
                colour = (255, 230, 60)
            overlays.draw_reticle(surface, camera, target.cell, colour, side)
            x, y = camera.cell_to_screen(target.cell)
            size = camera.cell_px * side
            if stands(pieces.get(key)):  # a fallen target takes no cover mark (issue 12)
                cover = "NOSIGHT" if not mark.sight or mark.cover is None else mark.cover.name
                centre, radius = badge_place(x, y, size, camera.cell_px)  # in its field
                overlays.draw_cover_badge(
                    surface,
                    centre,
                    radius,
                    cover,
                    override=mark.override is not None,
                )
            if camera.cell_px >= 22:
                ranged = mark.band is not None and not mark.melee
                text = band_name(scene, mark.band) if ranged else ""  # the screen's language
                if offered:
                    text = f"{text} {overlays.edge_text(mark.edge, self.t)}".strip()
                    if (odds := self.chance(key)) is not None:
                        text = f"{text} {odds.short}"
                else:
                    text = "x"
                image = overlays.label_surface(fonts, text, size=14, colour=colour)
                token = pygame.Rect(x, y, size, size)
                chip = chip_place(image.get_size(), token, [*bands, *self.chips])
                surface.blit(image, chip)
                self.chips.append(chip)
        lines = [self.title()]
        if self.from_belt:
            lines.append(self.t("tools.from_belt"))
        if self.action is Action.PUSH_BACK and self.push_target is not None:
            lines.append(self.t("tools.pick_push_field"))
        elif hovered is not None and hovered.key in marks:
            mark = marks[hovered.key]
            why = self.refusal_of(hovered.key) if mark.attackable else ""
            if why:
                lines.append(why)  # the engine's reason instead of an offer it refuses
            elif mark.attackable and (odds := self.chance(hovered.key)) is not None:
                lines += odds.lines  # the number first: it is what is asked
            lines += mark_lines(scene, mark, None)
            if (in_hand := self._weapon_in_hand(hovered)) is not None:
                lines.append(self.t("tools.object.aim_weapon", weapon=weapon_name(scene, in_hand)))
        elif self.action in _OBJECT_ACTIONS and (found := object_lines(scene, hover)):
            assert hover is not None
            overlays.draw_reticle(surface, camera, hover, (255, 170, 60), 1)
            lines += [*found, self.t("tools.object.attack", name=found[0])]
        else:
            lines.append(self.t("tools.pick_target"))
        if self.action is Action.SWEEP_ATTACK:
            lines.append(self.t("tools.sweep_count", n=len(self.targets), max=self.max_targets))
        if self.action is Action.MULTI_ATTACK and self.index < len(self.weapons):
            lines.append(self.t("tools.multi_next", weapon=weapon_name(scene, self.weapon)))
        button = self._hovered_button()
        self.tooltip(surface, button.tooltip.split("\n") if button is not None else lines)

    def _hovered_button(self) -> Button | None:
        """Return the weapon bar's button under the mouse that has a tooltip, or None."""
        mouse = self.mouse
        if mouse is None:
            return None
        return next((b for b in self.buttons if b.tooltip and b.contains(mouse)), None)

    def title(self) -> str:
        rule = ACTIONS[self.action]
        name = says(self.scene, rule.german, rule.english)
        if self.option is not None:
            name += f" ({self.t(f'tools.unarmed_option.{self.option.name}')})"
        return f"{name}: {weapon_name(self.scene, self.weapon)}"


def chip_place(
    size: tuple[int, int], token: pygame.Rect, avoid: Sequence[pygame.Rect]
) -> pygame.Rect:
    """Return where a target's chip goes: below its token, else above it, else beside
    the label in its way; below when nothing is clear."""
    below = pygame.Rect((0, 0), size)
    below.midtop = token.midbottom
    above = pygame.Rect((0, 0), size)
    above.midbottom = token.midtop
    spots = [below, above]
    for base in (below, above):
        hit = base.collidelist(avoid)
        if hit >= 0:
            other = avoid[hit]
            spots.append(base.move(other.right + 2 - base.left, 0))
            spots.append(base.move(other.left - 2 - base.right, 0))
    return next((spot for spot in spots if spot.collidelist(avoid) < 0), below)
