"""The action bar along the bottom: HH / VH / LH / FH tabs with the turn's remaining budget,
the actions of the chosen type (greyed with the engine's reason when not allowed),
and the Undo, Redo and End-turn buttons.

Number keys 1-9 and 0 start the first ten actions of the shown type, Tab switches the
type. Only a viewer who controls the current creature gets the actions; everyone else
reads whose turn it is.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rulesets.entaria.engine import LegalAction
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import ActionType, in_language
from game.ui import theme
from game.ui.hud_base import Hotspot, Panel
from game.ui.hud_text import says
from game.ui.session import Role
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud import Hud

GROUPS: tuple[ActionType, ...] = (
    ActionType.HALF,
    ActionType.FULL,
    ActionType.LONGER,
    ActionType.FREE,
)
NUMBER_KEYS = {
    **{getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)},
    pygame.K_0: 9,
    **{getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)},
    pygame.K_KP0: 9,
}
HOTKEY_LABELS = "1234567890"


def actions_of(group: ActionType) -> list[Action]:
    """Return the catalogue's actions of one type, in catalogue order."""
    return [action for action, rule in ACTIONS.items() if rule.action_type is group]


class ActionBar(Panel):
    """Actions of the current creature, its budget, undo/redo and end turn."""

    def __init__(self, hud: Hud) -> None:
        super().__init__(hud)
        self.group = ActionType.HALF
        self.page = 0
        self.pages = 1
        self._legal: tuple[Hashable, dict[Action, LegalAction]] | None = None

    # ------------------------------------------------------------- queries
    def controlled(self) -> bool:
        session = self.hud.session
        if session.over or not session.battle.state.order:
            return False
        return bool(self.hud.scene.controls(session.current))

    def legal(self) -> dict[Action, LegalAction]:
        """Return the engine's verdict on every action of the current creature (cached)."""
        session = self.hud.session
        key = (session.revision, id(session.battle))
        if self._legal is None or self._legal[0] != key:
            verdicts = {la.action: la for la in session.battle.legal_actions()}
            self._legal = (key, verdicts)
        return self._legal[1]

    def remaining(self, group: ActionType) -> int:
        """Return how many actions of ``group`` the turn's budget still allows."""
        budget = self.hud.battle.state.budget
        if group is ActionType.HALF:
            return int(budget.halves_left)
        probe = next(a for a in actions_of(group) if ACTIONS[a].enabled)
        return 1 if budget.can_spend(probe, as_type=group)[0] else 0

    def state_key(self) -> Hashable:
        scene = self.hud.scene
        return (
            self.group,
            self.page,
            self.controlled(),
            scene.tool.name,
            id(scene.tool),
            self.hud.active_action,
        )

    # ------------------------------------------------------------- actions
    def set_group(self, group: ActionType) -> None:
        self.group = group
        self.page = 0

    def turn_changed(self) -> None:
        self.set_group(ActionType.HALF)

    def start(self, action: Action) -> None:
        """Start an action of the bar (the scene picks its tool)."""
        self.hud.active_action = action
        self.hud.scene.start_action(action)

    def key(self, event: pygame.event.Event) -> bool:
        """Number keys start actions, Tab switches the type; return whether used."""
        if event.key == pygame.K_TAB and self.controlled():
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.set_group(GROUPS[(GROUPS.index(self.group) + step) % len(GROUPS)])
            return True
        index = NUMBER_KEYS.get(event.key)
        if index is None or not self.controlled():
            return False
        actions = actions_of(self.group)
        if index >= len(actions):
            return True
        verdict = self.legal().get(actions[index])
        if verdict is not None and verdict.allowed:
            self.start(actions[index])
        else:
            self.hud.message(self._refusal(actions[index], verdict), bad=True)
        return True

    def _refusal(self, action: Action, verdict: LegalAction | None) -> str:
        reason = in_language(verdict.reason, self.hud.language) if verdict is not None else ""
        return self.hud.t("hud.actions.refused", action=self.label(action), reason=reason)

    def label(self, action: Action) -> str:
        rule = ACTIONS[action]
        return says(self.hud.language, rule.german, rule.english)

    # --------------------------------------------------------------- drawing
    def render(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        width, height = self.rect.size
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, 0), (width, 0))
        spots = self._turn_buttons(surface)
        right = min(spot.rect.x for spot in spots) - 10
        if hud.session.over:
            hud.text.draw(
                surface,
                hud.t("hud.actions.over"),
                (12, height // 2),
                hud.fs,
                theme.ACCENT,
                bold=True,
                anchor="midleft",
                width=right - 12,
            )
            return spots
        if not self.controlled():
            spots += self._whose_turn(surface, right)
            return spots
        spots += self._tabs(surface)
        spots += self._buttons(surface, right)
        return spots

    def _turn_buttons(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        t = hud.t
        width, height = self.rect.size
        scene = hud.scene
        match = hud.session.match
        end_w = 120 if hud.compact else 140
        small_w = 92 if hud.compact else 108
        pad = 6
        end = pygame.Rect(width - end_w - pad, pad, end_w, height - 2 * pad)
        half = (height - 2 * pad - 4) // 2
        undo = pygame.Rect(end.x - small_w - pad, pad, small_w, half)
        redo = pygame.Rect(undo.x, undo.bottom + 4, small_w, half)
        can_end = self.controlled()
        draw_button(
            surface,
            hud.text,
            end,
            t("hud.actions.end_turn"),
            size=hud.fs,
            enabled=can_end,
            colour=(70, 92, 70) if can_end else None,
        )
        hud.text.draw(
            surface,
            t("hud.actions.space"),
            (end.centerx, end.bottom - 4),
            13,
            theme.TEXT_DIM,
            anchor="midbottom",
        )
        draw_button(
            surface,
            hud.text,
            undo,
            t("hud.actions.undo"),
            size=hud.fs_small,
            enabled=match.can_undo,
        )
        draw_button(
            surface,
            hud.text,
            redo,
            t("hud.actions.redo"),
            size=hud.fs_small,
            enabled=match.can_redo,
        )
        return [
            Hotspot(
                end,
                "actions:end_turn",
                scene.end_turn,
                t("hud.actions.end_turn_tip"),
                can_end,
                t("hud.actions.end_turn_no"),
            ),
            Hotspot(
                undo,
                "actions:undo",
                scene.undo,
                t("hud.actions.undo_tip"),
                match.can_undo,
                t("hud.actions.undo_no"),
            ),
            Hotspot(
                redo,
                "actions:redo",
                scene.redo,
                t("hud.actions.redo_tip"),
                match.can_redo,
                t("hud.actions.redo_no"),
            ),
        ]

    def _whose_turn(self, surface: pygame.Surface, right: int) -> list[Hotspot]:
        hud = self.hud
        session = hud.session
        current = session.current
        player = session.player_of(current)
        seat = player.name if player is not None else current.side
        if player is not None and player.role is Role.AI:
            line = hud.t("hud.actions.turn_ai", name=current.name, seat=seat)
        else:
            line = hud.t("hud.actions.turn_of", name=current.name, seat=seat)
        height = self.rect.height
        hud.text.draw(
            surface,
            line,
            (14, height // 2),
            hud.fs + 2,
            theme.ACCENT,
            bold=True,
            anchor="midleft",
            width=right - 14,
        )
        return []

    def _tabs(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        t = hud.t
        spots = []
        tab_w = 70 if hud.compact else 84
        tab_h = 22 if hud.compact else 24
        budget = hud.battle.state.budget
        spent = ", ".join(self.label(a) for a in budget.actions) or t("hud.actions.nothing_spent")
        for i, group in enumerate(GROUPS):
            rect = pygame.Rect(8 + i * (tab_w + 4), 5, tab_w, tab_h)
            left = self.remaining(group)
            selected = group is self.group
            draw_button(
                surface,
                hud.text,
                rect,
                f"{group.value} {left}",
                size=hud.fs_small,
                selected=selected,
                colour=(62, 70, 88) if selected else None,
                enabled=left > 0 or selected,
            )
            tip = t(
                "hud.actions.tab_tip",
                name=t(f"hud.type.{group.name}"),
                left=left,
                spent=spent,
            )
            spots.append(Hotspot(rect, f"tab:{group.name}", partial(self.set_group, group), tip))
        current = hud.session.current
        x = 8 + len(GROUPS) * (tab_w + 4) + 6
        hud.text.draw(
            surface,
            hud.t("hud.actions.acting", name=current.name),
            (x, 5 + tab_h // 2),
            hud.fs_small,
            theme.TEXT_DIM,
            anchor="midleft",
            width=400,
        )
        return spots

    def _buttons(self, surface: pygame.Surface, right: int) -> list[Hotspot]:
        hud = self.hud
        t = hud.t
        tab_h = 22 if hud.compact else 24
        top = 5 + tab_h + 5
        row_h = 26 if hud.compact else 28
        rows = max(1, (self.rect.height - top - 4) // (row_h + 4))
        size = hud.fs_small
        actions = actions_of(self.group)
        legal = self.legal()
        # Lay the buttons out in rows, page by page.
        arrows_w = 26
        # arrows to page: stacked beside two rows, side by side beside one
        limit = right - (arrows_w + 4 if rows > 1 else 2 * arrows_w + 6)
        placed: list[tuple[int, int, int, Action]] = []  # page, x, row, action
        page = row = 0
        x = 8
        for action in actions:
            number = actions.index(action)
            label = self._button_label(action, number)
            w = max(64, min(190, hud.text.width(label, size) + 16))
            if x + w > limit and x > 8:
                row += 1
                x = 8
                if row >= rows:
                    page += 1
                    row = 0
            placed.append((page, x, row, action))
            x += w + 4
        self.pages = page + 1
        self.page = min(self.page, self.pages - 1)
        spots: list[Hotspot] = []
        for page_no, bx, brow, action in placed:
            if page_no != self.page:
                continue
            number = actions.index(action)
            label = self._button_label(action, number)
            w = max(64, min(190, hud.text.width(label, size) + 16))
            rect = pygame.Rect(bx, top + brow * (row_h + 4), w, row_h)
            verdict = legal.get(action)
            allowed = verdict is not None and verdict.allowed
            draw_button(
                surface,
                hud.text,
                rect,
                label,
                size=size,
                enabled=allowed,
                selected=action == hud.active_action and hud.scene.tool.name != "select",
            )
            spots.append(
                Hotspot(
                    rect,
                    f"action:{action.name}",
                    partial(self.start, action),
                    self._tooltip(action, verdict),
                    allowed,
                    self._refusal(action, verdict),
                )
            )
        if self.pages > 1:
            up = pygame.Rect(right - arrows_w, top, arrows_w, row_h)
            down = pygame.Rect(right - arrows_w, top + row_h + 4, arrows_w, row_h)
            if rows == 1:
                up.x = right - 2 * arrows_w - 2
                down.topleft = (right - arrows_w, top)
            draw_button(surface, hud.text, up, "<", size=size, enabled=self.page > 0)
            draw_button(surface, hud.text, down, ">", size=size, enabled=self.page < self.pages - 1)
            spots.append(
                Hotspot(
                    up,
                    "actions:page_back",
                    self._page_back,
                    t("hud.actions.page", n=self.page + 1, of=self.pages),
                    self.page > 0,
                )
            )
            spots.append(
                Hotspot(
                    down,
                    "actions:page_on",
                    self._page_on,
                    t("hud.actions.page", n=self.page + 1, of=self.pages),
                    self.page < self.pages - 1,
                )
            )
        return spots

    def _page_back(self) -> None:
        self.page = max(0, self.page - 1)

    def _page_on(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)

    def _button_label(self, action: Action, number: int) -> str:
        key = HOTKEY_LABELS[number] + " " if number < len(HOTKEY_LABELS) else ""
        return key + self.label(action)

    def _tooltip(self, action: Action, verdict: LegalAction | None) -> str:
        hud = self.hud
        t = hud.t
        rule = ACTIONS[action]
        name = says(hud.language, rule.german, f"{rule.english} ({rule.german})")
        lines = [f"{name} - {t(f'hud.type.{rule.action_type.name}')}"]
        if rule.alternative_types:
            alts = ", ".join(t(f"hud.type.{a.name}") for a in rule.alternative_types)
            lines.append(t("hud.actions.also_as", types=alts))
        if verdict is not None and not verdict.allowed:
            reason = in_language(verdict.reason, self.hud.language)
            lines.append(t("hud.actions.not_allowed", reason=reason))
        elif hud.battle.state.budget.defenceless_after(action):
            lines.append(t("hud.actions.repeat_warning"))  # E-ACT-6, asked of the budget
        lines.append(", ".join(rule.rule_ids))
        return "\n".join(lines)
