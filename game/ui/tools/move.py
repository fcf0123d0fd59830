"""The movement tool: Gehen, Laufen, Lösen and Sturmangriff.

A click on a field (or, for Sturmangriff, an enemy) moves there. Dragging the mover's
token and releasing it does what a click on the release field does; a press on the
mover's own field waits for its release (a drag, or a click that says it stays).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.mount_commands import MountCommand
from game.rulesets.entaria.queries.movement import MoveOptions
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.ui import overlays
from game.ui.overlays_rules import (
    UNARMED,
    creature_at,
    says,
    token_side,
)
from game.ui.tools.base import Tool
from game.ui.tools.move_overlay import (
    draw_drop_target,
    draw_move_hover,
    draw_move_options,
    start_field_text,
    unreachable_text,
)

if TYPE_CHECKING:
    from game.ui.host import MapHost

MOVE_NAMES = {Action.WALK: "WALK", Action.RUN: "RUN", Action.DISENGAGE: "DISENGAGE"}


class MoveTool(Tool):
    """Gehen, Laufen, Lösen (crawling while Liegend) and Sturmangriff at a target."""

    name = "move"

    def __init__(
        self,
        scene: MapHost,
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

    def options(self) -> MoveOptions:
        return self.layers.moves(self.scene, self.mover.key, self.action, self.weapon)

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        if self.on_mover(cell):
            return True  # a drag of the token may begin: its release decides
        return self.move_to(cell)

    def on_mover(self, cell: Cell) -> bool:
        """Return whether ``cell`` is under the mover's token (a drag starts there)."""
        piece = self.scene.piece_at(cell)
        return piece is not None and piece.key == self.mover.key

    def left_release(self, event: pygame.event.Event) -> bool:
        """A drag of the mover's token moves as a click on its end field would."""
        press = self.take_press(event.pos)
        if press is None or press.token != self.mover.key:
            return False  # the press already did what a click does
        end = press.end if press.dragged else press.start
        if end is None:
            return False  # released off the map: the drag is dropped
        if self.on_mover(end):
            self.message(start_field_text(self, self.options()))
            return True
        return self.move_to(end)

    def move_to(self, cell: Cell) -> bool:
        """Move to ``cell`` (or charge the enemy there); say why not."""
        options = self.options()
        if self.action is Action.CHARGE:
            target = creature_at(self.scene, cell)
            if target is not None and target.key in options.charges:
                assert self.weapon is not None
                self.send(Charge(self.actor.key, target.key, self.weapon))
            elif target is not None:
                self.message(self.t("tools.no_charge", name=target.name), bad=True)
            return True
        path = options.path_to(cell)
        if path is None or len(path) < 2:
            if self.in_map(cell):
                self.message(unreachable_text(self, options, cell), bad=True)
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
            target = creature_at(self.scene, cell) if cell is not None else None
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
            if self.dragged_token() == self.mover.key and not self.on_mover(cell):
                draw_drop_target(self, surface, options, cell)
            draw_move_hover(self, surface, options, cell)

    def title(self) -> str:
        rule = ACTIONS[self.action]
        return says(self.scene, rule.german, rule.english)

    def prompt(self, surface: pygame.Surface, lines: Sequence[str]) -> None:
        self.tooltip(surface, lines)
