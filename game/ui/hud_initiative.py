"""The initiative tracker: a strip along the top with the round and every creature in order.

Each chip shows the side colour, the initials, the LP and condition badges; the creature
whose turn it is has a gold frame, the selected one a white frame. Creatures hidden from
the viewer are left out. A click selects the creature and centres the map on it.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState
from game.ui import theme
from game.ui.hud_base import BADGE_BAD, BADGE_BG, Hotspot, Panel, draw_badge
from game.ui.hud_text import condition_name, life_word, short_condition
from game.ui.tokens import initials_of

if TYPE_CHECKING:
    from game.ui.hud import Hud

MIN_CHIP = 46
MAX_CHIP = 150
TOGGLE_W = 28
#: Conditions whose badge is drawn in red.
BAD_BADGES = frozenset(
    {Condition.DYING, Condition.UNCONSCIOUS, Condition.DEAD, Condition.INCAPACITATED}
)


class InitiativeStrip(Panel):
    """Round, order and current creature."""

    def __init__(self, hud: Hud) -> None:
        super().__init__(hud)
        self.shift = 0  # chips scrolled by the wheel, relative to the automatic window

    def order(self) -> list[CreatureState]:
        """Return the creatures in initiative order that the viewer may see."""
        battle = self.hud.battle
        visible = self.hud.visible_keys()
        creatures = battle.state.creatures
        return [
            creatures[key]
            for key in battle.state.order
            if key in creatures and (visible is None or key in visible)
        ]

    def state_key(self) -> Hashable:
        visible = self.hud.visible_keys()
        return (
            self.hud.scene.selected,
            None if visible is None else frozenset(visible),
            self.shift,
            self.hud.sidebar_open,
        )

    def scroll_by(self, steps: int) -> None:
        self.shift -= steps

    def render(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        text = hud.text
        battle = hud.battle
        width, height = self.rect.size
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, height - 1), (width, height - 1))
        round_w = 84 if not hud.compact else 70
        text.draw(
            surface,
            hud.t("hud.round", n=battle.state.round),
            (round_w // 2, height // 2),
            hud.fs,
            theme.ACCENT,
            bold=True,
            anchor="center",
        )
        spots: list[Hotspot] = []
        toggle = pygame.Rect(width - TOGGLE_W, 4, TOGGLE_W - 4, height - 8)
        pygame.draw.rect(surface, theme.BUTTON, toggle, border_radius=4)
        text.draw(
            surface,
            ">>" if hud.sidebar_open else "<<",
            toggle.center,
            hud.fs_small,
            anchor="center",
        )
        spots.append(
            Hotspot(
                toggle,
                "initiative:sidebar",
                hud.toggle_sidebar,
                hud.t("hud.sidebar.hide" if hud.sidebar_open else "hud.sidebar.show"),
            )
        )
        order = self.order()
        if not order:
            return spots
        avail = width - round_w - TOGGLE_W - 8
        count = len(order)
        chip_w = max(MIN_CHIP, min(MAX_CHIP, avail // count))
        fits = max(1, avail // chip_w)
        current_key = battle.state.current_key if battle.state.order else None
        index = next((i for i, c in enumerate(order) if c.key == current_key), 0)
        start = 0
        if fits < count:
            start = max(0, min(count - fits, index - 1 + self.shift))
        x = round_w
        for creature in order[start : start + fits]:
            chip = pygame.Rect(x, 4, chip_w - 4, height - 8)
            self._chip(surface, chip, creature, creature.key == current_key)
            spots.append(
                Hotspot(
                    chip,
                    f"initiative:{creature.key}",
                    partial(self.pick, creature.key),
                    self._tooltip(creature),
                )
            )
            x += chip_w
        if start > 0 or start + fits < count:
            more = hud.t("hud.initiative.more", n=count - fits)
            text.draw(
                surface, more, (x + 2, height // 2), hud.fs_small, theme.TEXT_DIM, anchor="midleft"
            )
        return spots

    def _chip(
        self, surface: pygame.Surface, rect: pygame.Rect, creature: CreatureState, current: bool
    ) -> None:
        hud = self.hud
        text = hud.text
        held = hud.scene.session.battle.held_conditions(creature)
        dead = Condition.DEAD in held
        colour = hud.scene.colours.get(creature.side, (128, 128, 128))
        pygame.draw.rect(surface, (30, 33, 39), rect, border_radius=6)
        if current:
            pygame.draw.rect(surface, theme.CURRENT, rect, 3, border_radius=6)
        elif creature.key == hud.scene.selected:
            pygame.draw.rect(surface, theme.SELECTED, rect, 2, border_radius=6)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=6)
        radius = max(8, min(rect.height // 2 - 4, 20))
        centre = (rect.x + 4 + radius, rect.centery)
        face = (90, 90, 90) if dead else colour
        pygame.draw.circle(surface, face, centre, radius)
        pygame.draw.circle(surface, (15, 15, 15), centre, radius, 1)
        text.draw(
            surface,
            initials_of(creature.name),
            centre,
            max(12, radius),
            theme.TEXT,
            bold=True,
            anchor="center",
        )
        if dead:
            r = radius - 3
            cx, cy = centre
            pygame.draw.line(surface, theme.TEXT_BAD, (cx - r, cy - r), (cx + r, cy + r), 2)
            pygame.draw.line(surface, theme.TEXT_BAD, (cx - r, cy + r), (cx + r, cy - r), 2)
        left = centre[0] + radius + 4
        room = rect.right - left - 4
        shown = sorted(creature.conditions, key=lambda c: c.name)
        if room < 24:  # a narrow chip: the number of conditions on the circle
            if shown:
                draw_badge(surface, text, (rect.right - 16, rect.y + 1), str(len(shown)), 12)
            self._lp_bar(
                surface, pygame.Rect(rect.x + 4, rect.bottom - 5, rect.width - 8, 3), creature
            )
            return
        dim = theme.TEXT_DIM if dead else theme.TEXT
        text.draw(surface, creature.name, (left, rect.y + 3), hud.fs_small, dim, width=room)
        bar = pygame.Rect(left, rect.y + 3 + hud.fs_small - 2, room, 4)
        self._lp_bar(surface, bar, creature)
        if hud.compact:
            return
        x = left
        y = bar.bottom + 3
        for condition in shown:
            label = short_condition(condition, hud.language)
            bg = BADGE_BAD if condition in BAD_BADGES else BADGE_BG
            width = hud.text.width(label, 12) + 6
            if x + width > rect.right - 4:
                text.draw(surface, "+", (x, y), 13, theme.TEXT_DIM)
                break
            x = draw_badge(surface, text, (x, y), label, 12, bg).right + 2

    def _lp_bar(self, surface: pygame.Surface, bar: pygame.Rect, creature: CreatureState) -> None:
        pygame.draw.rect(surface, (60, 20, 20), bar)
        if creature.max_lp > 0 and creature.lp > 0:
            filled = bar.copy()
            filled.width = max(1, bar.width * min(creature.lp, creature.max_lp) // creature.max_lp)
            share = creature.lp / creature.max_lp
            colour = (
                theme.TEXT_GOOD
                if share > 0.5
                else (230, 190, 60)
                if share > 0.25
                else theme.TEXT_BAD
            )
            pygame.draw.rect(surface, colour, filled)

    def _tooltip(self, creature: CreatureState) -> str:
        hud = self.hud
        battle = hud.battle
        side = battle.sides.get(creature.side)
        lines = [
            hud.t(
                "hud.initiative.tip",
                name=creature.name,
                side=side.name if side else creature.side,
                ini=creature.initiative,
                lp=creature.lp,
                max=creature.max_lp,
            )
        ]
        life = life_word(hud.scene.session.battle.held_conditions(creature), hud.language)
        if life:
            lines.append(life)
        if creature.conditions:
            names = ", ".join(
                condition_name(c, hud.language)
                for c in sorted(creature.conditions, key=lambda c: c.name)
            )
            lines.append(hud.t("hud.initiative.conditions", names=names))
        lines.append(hud.t("hud.initiative.click"))
        return "\n".join(lines)

    def pick(self, key: str) -> None:
        """Select the creature and centre the map on it."""
        scene = self.hud.scene
        creature = scene.session.battle.state.creatures.get(key)
        if creature is None:
            return
        scene.select(key)
        side = scene.session.battle.creature_type(creature).size_fields
        scene.camera.centre_on(creature.cell[0] + side / 2, creature.cell[1] + side / 2)
