"""The GM panel: set LP, add and remove conditions, move any token, open and close doors,
rule the cover of the next attack, spend the GM's Impuls, end the fight.

Every button sends one of the engine's GM commands (basic_actions, support_actions)
for the creature on the card. Who sees the panel is decided in hud.py (module doc).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

import pygame

from game.board.grid import Cell, Cover
from game.match.commands import Command
from game.rulesets.entaria import queries
from game.rulesets.entaria.commands import (
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmMoveToken,
    GmSetLifePoints,
)
from game.rulesets.entaria.rules.impulse import ImpulseEffect
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.support_actions import GmSpendImpulse
from game.ui import theme
from game.ui.hud_base import Hotspot, MenuItem, Section
from game.ui.hud_impulse import effect_items
from game.ui.hud_text import condition_name
from game.ui.hud_tools import MoveToken, PickCell
from game.ui.widgets import draw_button

LP_STEPS = (-5, -1, 1, 5)
COVERS = (Cover.NONE, Cover.PARTIAL, Cover.FULL)


class GmSection(Section):
    """The sidebar's GM panel."""

    max_share = 0.45
    name = "gm"

    @property
    def shown(self) -> bool:
        return self.hud.gm_active or not self.hud.has_gm_seat

    def title(self) -> str:
        return self.hud.t("hud.gm.title")

    def subject(self) -> CreatureState | None:
        key = self.hud.card.subject()
        return self.hud.battle.state.creatures.get(key) if key else None

    def body_key(self) -> Hashable:
        return (self.hud.card.subject(), self.hud.gm_active)

    def row_h(self) -> int:
        return 26 if self.hud.compact else 30

    def body_height(self, width: int) -> int:
        if not self.hud.gm_active:
            return 30
        return 8 + 5 * self.row_h()

    def header_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        if hud.has_gm_seat:
            return []
        label = hud.t("hud.gm.mode_button_on" if hud.gm_mode else "hud.gm.mode_button_off")
        width = hud.text.width(label, hud.fs_small) + 16
        button = pygame.Rect(rect.right - width - 6, rect.y + 3, width, rect.height - 6)
        draw_button(surface, hud.text, button, label, size=hud.fs_small, selected=hud.gm_mode)
        return [Hotspot(button, "gm:mode", hud.toggle_gm_mode, hud.t("hud.gm.mode_tip"))]

    # ------------------------------------------------------------ commands
    def send(self, command: Command) -> None:
        self.hud.scene.send(command)

    def set_lp(self, creature: CreatureState, step: int) -> None:
        self.send(GmSetLifePoints(None, creature.key, creature.lp + step))

    def add_menu(self, creature: CreatureState) -> None:
        hud = self.hud
        items = [
            MenuItem(
                condition_name(c, hud.language),
                partial(self.send, GmCondition(None, creature.key, c.name, 1)),
                key=f"gm:add:{c.name}",
            )
            for c in sorted(Condition, key=lambda c: condition_name(c, hud.language))
        ]
        hud.open_menu(hud.t("hud.gm.add_title", name=creature.name), items, columns=3)

    def remove_menu(self, creature: CreatureState) -> None:
        hud = self.hud
        items = [
            MenuItem(
                condition_name(c, hud.language),
                partial(self.send, GmCondition(None, creature.key, c.name, 0)),
                key=f"gm:remove:{c.name}",
            )
            for c in sorted(creature.conditions, key=lambda c: c.name)
        ]
        hud.open_menu(hud.t("hud.gm.remove_title", name=creature.name), items)

    def move_tool(self) -> None:
        hud = self.hud
        prompts = (hud.t("hud.gm.move_pick"), hud.t("hud.gm.move_to"))
        hud.start_tool(
            MoveToken(hud.scene, prompts, lambda c, cell: self.send(GmMoveToken(None, c.key, cell)))
        )

    def door_tool(self) -> None:
        hud = self.hud
        hud.start_tool(PickCell(hud.scene, hud.t("hud.gm.door_pick"), self._door))

    def _door(self, cell: Cell) -> None:
        grid = self.hud.battle.grid
        if not grid.is_door(cell):
            self.hud.message(self.hud.t("hud.gm.no_door"), bad=True)
            return
        self.send(GmDoor(None, cell, not grid.is_door_open(cell)))

    def impulse_menu(self, creature: CreatureState) -> None:
        hud = self.hud

        def command_for(
            effect: ImpulseEffect, target: str | None, cell: Cell | None, roll: int | None
        ) -> Command:
            return GmSpendImpulse(
                None, creature.key, effect.name, target=target, cell=cell, roll=roll
            )

        items = effect_items(hud, command_for, None, None)
        hud.open_menu(hud.t("hud.gm.impulse_title", name=creature.name), items)

    def end_menu(self) -> None:
        hud = self.hud
        items = [
            MenuItem(side.name, partial(self.send, GmEndFight(None, key)), key=f"gm:end:{key}")
            for key, side in hud.battle.sides.items()
        ]
        items.append(
            MenuItem(
                hud.t("hud.gm.no_winner"),
                lambda: self.send(GmEndFight(None, None)),
                key="gm:end:none",
            )
        )
        hud.open_menu(hud.t("hud.gm.end_title"), items)

    # ---------------------------------------------------------------- drawing
    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        t = hud.t
        if not hud.gm_active:
            hud.text.draw(
                surface,
                t("hud.gm.off"),
                (10, rect.y + 6),
                hud.fs_small,
                theme.TEXT_DIM,
                width=rect.width - 20,
            )
            return []
        creature = self.subject()
        row = self.row_h()
        size = hud.fs_small
        spots: list[Hotspot] = []
        y = rect.y + 4
        need = t("hud.gm.need_creature")

        def button(
            key: str, box: pygame.Rect, label: str, action: object, tip: str, enabled: bool = True
        ) -> None:
            draw_button(surface, hud.text, box, label, size=size, enabled=enabled)
            spots.append(
                Hotspot(
                    box,
                    key,
                    action if callable(action) else None,
                    tip,
                    enabled,
                    tip if not enabled else "",
                )
            )

        # LP
        lp_label = t("hud.gm.lp", lp=creature.lp) if creature else t("hud.gm.lp_none")
        hud.text.draw(
            surface, lp_label, (10, y + row // 2 - 2), size, theme.TEXT, anchor="midleft", width=70
        )
        x = 82
        step_w = max(34, (rect.width - x - 10) // len(LP_STEPS) - 4)
        for step in LP_STEPS:
            box = pygame.Rect(x, y, step_w, row - 4)
            button(
                f"gm:lp:{step:+d}",
                box,
                f"{step:+d}",
                (lambda s=step: self.set_lp(creature, s)) if creature else None,
                t("hud.gm.lp_tip", step=f"{step:+d}") if creature else need,
                creature is not None,
            )
            x += step_w + 4
        y += row
        half = (rect.width - 24) // 2
        left = pygame.Rect(10, y, half, row - 4)
        right = pygame.Rect(14 + half, y, half, row - 4)
        button(
            "gm:add",
            left,
            t("hud.gm.add"),
            (lambda: self.add_menu(creature)) if creature else None,
            t("hud.gm.add_tip") if creature else need,
            creature is not None,
        )
        can_remove = creature is not None and bool(creature.conditions)
        button(
            "gm:remove",
            right,
            t("hud.gm.remove"),
            (lambda: self.remove_menu(creature)) if creature else None,
            t("hud.gm.remove_tip") if creature else need,
            can_remove,
        )
        y += row
        left = left.move(0, row)
        right = right.move(0, row)
        button("gm:move", left, t("hud.gm.move"), self.move_tool, t("hud.gm.move_tip"))
        button("gm:door", right, t("hud.gm.door"), self.door_tool, t("hud.gm.door_tip"))
        y += row
        spots += self._cover_row(surface, rect, y, creature)
        y += row
        left = left.move(0, 2 * row)
        right = right.move(0, 2 * row)
        button(
            "gm:impulse",
            left,
            t("hud.gm.impulse"),
            (lambda: self.impulse_menu(creature)) if creature else None,
            t("hud.gm.impulse_tip") if creature else need,
            creature is not None,
        )
        over = hud.session.over
        button("gm:end", right, t("hud.gm.end"), self.end_menu, t("hud.gm.end_tip"), not over)
        return spots

    def _cover_row(
        self, surface: pygame.Surface, rect: pygame.Rect, y: int, creature: CreatureState | None
    ) -> list[Hotspot]:
        """The cover of the next attack of the current creature at the card's creature (D-9)."""
        hud = self.hud
        t = hud.t
        row = self.row_h()
        size = hud.fs_small
        battle = hud.battle
        attacker = battle.current if battle.state.order else None
        usable = creature is not None and attacker is not None and attacker.key != creature.key
        hud.text.draw(
            surface,
            t("hud.gm.cover"),
            (10, y + row // 2 - 2),
            size,
            theme.TEXT,
            anchor="midleft",
            width=70,
        )
        override = None
        if usable and attacker is not None and creature is not None:
            override = queries.cover_override(battle, attacker.key, creature.key)
        spots = []
        x = 82
        width = max(40, (rect.width - x - 10) // len(COVERS) - 4)
        for cover in COVERS:
            box = pygame.Rect(x, y, width, row - 4)
            draw_button(
                surface,
                hud.text,
                box,
                t(f"hud.cover.{cover.name}"),
                size=size,
                enabled=usable,
                selected=override is not None and override.name == cover.name,
            )
            if usable and attacker is not None and creature is not None:
                tip = t(
                    "hud.gm.cover_tip",
                    attacker=attacker.name,
                    target=creature.name,
                    cover=t(f"hud.cover.{cover.name}"),
                )
                command = GmCoverOverride(None, attacker.key, creature.key, cover.name)
                spots.append(
                    Hotspot(box, f"gm:cover:{cover.name}", partial(self.send, command), tip)
                )
            else:
                tip = t("hud.gm.cover_need")
                spots.append(Hotspot(box, f"gm:cover:{cover.name}", None, tip, False, tip))
            x += width + 4
        return spots
