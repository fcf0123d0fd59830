"""The action bar along the bottom: the ruleset's action groups as tabs (ENTARIA: HH / VH /
LH / FH with the turn's remaining budget), the offers of the chosen group (greyed with
the engine's reason when not allowed), and the Undo, Redo and End-turn buttons.

The offers' hotkeys (1-9 and 0) start them, Tab switches the group. Only a viewer who
may answer the open decision gets the actions; everyone else reads whose turn it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.views import ActionGroup, Offer
from game.ui import theme, undo_guard
from game.ui.hud_base import Panel
from game.ui.hud_offers import press
from game.ui.popup import Hotspot
from game.ui.session import Role
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

NUMBER_KEYS = {
    **{getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)},
    pygame.K_0: 9,
    **{getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)},
    pygame.K_KP0: 9,
}
HOTKEY_LABELS = "1234567890"
ARROWS_W = 26  # the arrows that page the offers


class ActionBar(Panel):
    """The open decision's actions by group, undo/redo and end turn."""

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self.group: str | None = None  # the key of the group shown (None: the first)
        self.page = 0
        self.pages = 1
        self._groups: tuple[Hashable, tuple[ActionGroup, ...]] | None = None
        #: the offers' tooltips with the ruleset's odds, per change and selected target
        self._tips: tuple[Hashable, dict[str, str]] = ((), {})

    # ------------------------------------------------------------- queries
    def controlled(self) -> bool:
        """Return whether the viewer may answer the open decision."""
        session = self.hud.session
        return session.may_decide(self.hud.scene.viewer)

    def groups(self) -> tuple[ActionGroup, ...]:
        """Return the ruleset's action groups of the open decision (cached per change)."""
        hud = self.hud
        session = hud.session
        visible = hud.visible_keys()
        seen = None if visible is None else frozenset(visible)
        key = (session.revision, id(session.battle), hud.language, seen)
        if self._groups is None or self._groups[0] != key:
            groups = hud.views.action_groups(hud.game, hud.app.t)
            # the ruleset may name in a refusal what this viewer sees (ENTARIA: the enemy
            # behind a wall), never what the fog hides
            groups = hud.views.told_for_viewer(hud.game, groups, seen, hud.app.t)
            self._groups = (key, groups)
        return self._groups[1]

    def odds_target(self) -> str | None:
        """Return the creature selected on the map when it is not the one acting and the
        viewer sees it: the offers' tooltips name their chances against it."""
        hud = self.hud
        selected = hud.scene.selected
        if selected is None or selected == hud.views.on_turn(hud.game):
            return None
        visible = hud.visible_keys()
        return selected if visible is None or selected in visible else None

    def tooltip(self, offer: Offer) -> str:
        """Return the offer's tooltip with the ruleset's odds added (cached per change)."""
        hud = self.hud
        target = self.odds_target()
        key = (hud.session.revision, id(hud.session.battle), hud.language, target)
        if self._tips[0] != key:
            self._tips = (key, {})
        tips = self._tips[1]
        if offer.key not in tips:
            lines = hud.views.offer_odds(hud.game, offer, target, hud.app.t)
            tips[offer.key] = "\n".join([offer.tooltip, *lines]) if lines else offer.tooltip
        return tips[offer.key]

    def shown(self) -> ActionGroup | None:
        """Return the group whose offers the bar shows."""
        groups = self.groups()
        for group in groups:
            if group.key == self.group:
                return group
        # none chosen: the first one with something left (a spent first action stays left)
        return next((g for g in groups if g.available), groups[0] if groups else None)

    def state_key(self) -> Hashable:
        scene = self.hud.scene
        return (
            self.group,
            self.page,
            self.controlled(),
            scene.tool.name,
            id(scene.tool),
            self.hud.active_action,
            self.odds_target(),  # the offers' tooltips name their chances against it
        )

    # ------------------------------------------------------------- actions
    def set_group(self, group: str | None) -> None:
        self.group = group
        self.page = 0

    def turn_changed(self) -> None:
        self.set_group(None)

    def key(self, event: pygame.event.Event) -> bool:
        """Hotkeys start offers, Tab switches the group; return whether used."""
        if event.key == pygame.K_TAB and self.controlled():
            groups = self.groups()
            shown = self.shown()
            if groups and shown is not None:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.set_group(groups[(groups.index(shown) + step) % len(groups)].key)
            return True
        index = NUMBER_KEYS.get(event.key)
        if index is None or not self.controlled():
            return False
        shown = self.shown()
        hotkey = HOTKEY_LABELS[index]
        offer = next((o for o in shown.offers if o.hotkey == hotkey), None) if shown else None
        if offer is None:
            return True
        if offer.enabled:
            press(self.hud, offer)
        else:
            self.hud.message(offer.reason, bad=True)
        return True

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
        """Draw End turn, Undo and Redo at the right end; return their hotspots."""
        hud = self.hud
        t = hud.t
        width, height = self.rect.size
        scene = hud.scene
        end_w = 120 if hud.compact else 140
        small_w = 92 if hud.compact else 108
        pad = 6
        end = pygame.Rect(width - end_w - pad, pad, end_w, height - 2 * pad)
        half = (height - 2 * pad - 4) // 2
        undo = pygame.Rect(end.x - small_w - pad, pad, small_w, half)
        redo = pygame.Rect(undo.x, undo.bottom + 4, small_w, half)
        # hot-seat: greyed, and says why, past one's own commands since the handover
        # and while the opponent acts or (fogged) another seat decides: greyed with why
        fogged = not scene.sees_all
        undo_ok, undo_tip, undo_no = undo_guard.button(hud.session, scene.viewer, t, fogged=fogged)
        redo_ok, redo_tip, redo_no = undo_guard.button(
            hud.session, scene.viewer, t, redo=True, fogged=fogged
        )
        return [
            self._end_turn_button(surface, end),
            self._small_button(
                surface,
                Hotspot(undo, "actions:undo", scene.undo, undo_tip, undo_ok, undo_no),
                t("hud.actions.undo"),
            ),
            self._small_button(
                surface,
                Hotspot(redo, "actions:redo", scene.redo, redo_tip, redo_ok, redo_no),
                t("hud.actions.redo"),
            ),
        ]

    def _end_turn_button(self, surface: pygame.Surface, rect: pygame.Rect) -> Hotspot:
        """Draw the End turn button (green when the viewer may end it); return its hotspot."""
        hud = self.hud
        t = hud.t
        controlled = self.controlled()
        # a decision that is not a turn (a declaration, a defence, an order) has nothing
        # to end: the button is grey then, and says so
        endable = hud.views.end_turn(hud.game) is not None
        can_end = controlled and endable
        draw_button(
            surface,
            hud.text,
            rect,
            t("hud.actions.end_turn"),
            size=hud.fs,
            enabled=can_end,
            colour=(70, 92, 70) if can_end else None,
        )
        hud.text.draw(
            surface,
            t("hud.actions.space"),
            (rect.centerx, rect.bottom - 4),
            13,
            theme.TEXT_DIM,
            anchor="midbottom",
        )
        return Hotspot(
            rect,
            "actions:end_turn",
            hud.scene.end_turn,
            t("hud.actions.end_turn_tip"),
            can_end,
            t(
                "hud.actions.end_turn_no"
                if not controlled or endable
                else "hud.actions.end_turn_none"
            ),
        )

    def _small_button(self, surface: pygame.Surface, spot: Hotspot, label: str) -> Hotspot:
        """Draw the button of ``spot`` (Undo, Redo) with ``label``; return the spot."""
        hud = self.hud
        draw_button(surface, hud.text, spot.rect, label, size=hud.fs_small, enabled=spot.enabled)
        return spot

    def deciding(self) -> tuple[str, str]:
        """Return the name of who decides (a creature, else the seat) and the seat's side."""
        hud = self.hud
        decision = hud.session.decision
        if decision is None:
            return "", ""
        piece = hud.pieces().get(decision.creature) if decision.creature else None
        side = decision.side or ""
        if piece is not None:
            return piece.name, side
        names = {s.key: s.name for s in hud.session.match.setup.sides}
        return names.get(side, side), side

    def _whose_turn(self, surface: pygame.Surface, right: int) -> list[Hotspot]:
        hud = self.hud
        session = hud.session
        name, side = self.deciding()
        player = session.current_player
        seat = player.name if player is not None else side
        if player is not None and player.role is Role.AI:
            line = hud.t("hud.actions.turn_ai", name=name, seat=seat)
        else:
            line = hud.t("hud.actions.turn_of", name=name, seat=seat)
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
        spots = []
        tab_w = 70 if hud.compact else 84
        tab_h = 22 if hud.compact else 24
        groups = self.groups()
        shown = self.shown()
        for i, group in enumerate(groups):
            rect = pygame.Rect(8 + i * (tab_w + 4), 5, tab_w, tab_h)
            selected = group is shown
            draw_button(
                surface,
                hud.text,
                rect,
                group.label,
                size=hud.fs_small,
                selected=selected,
                colour=(62, 70, 88) if selected else None,
                enabled=group.available or selected,
            )
            key = group.key
            spots.append(Hotspot(rect, f"tab:{key}", partial(self.set_group, key), group.tooltip))
        x = 8 + len(groups) * (tab_w + 4) + 6
        hud.text.draw(
            surface,
            hud.t("hud.actions.acting", name=self.deciding()[0]),
            (x, 5 + tab_h // 2),
            hud.fs_small,
            theme.TEXT_DIM,
            anchor="midleft",
            width=400,
        )
        return spots

    def _buttons(self, surface: pygame.Surface, right: int) -> list[Hotspot]:
        """Draw the shown group's offers in rows, page by page, and the arrows to page."""
        hud = self.hud
        tab_h = 22 if hud.compact else 24
        top = 5 + tab_h + 5
        row_h = 26 if hud.compact else 28
        rows = max(1, (self.rect.height - top - 4) // (row_h + 4))
        shown = self.shown()
        offers = shown.offers if shown is not None else ()
        # arrows to page: stacked beside two rows, side by side beside one
        limit = right - (ARROWS_W + 4 if rows > 1 else 2 * ARROWS_W + 6)
        placed, self.pages = self._place(offers, limit, rows)
        self.page = min(self.page, self.pages - 1)
        spots = self._offer_buttons(surface, placed, top, row_h)
        if self.pages > 1:
            spots += self._page_arrows(surface, right, top, row_h, rows)
        return spots

    def _place(
        self, offers: Sequence[Offer], limit: int, rows: int
    ) -> tuple[list[tuple[int, int, int, Offer]], int]:
        """Lay ``offers`` out in ``rows`` rows up to x = ``limit``, page by page.

        Return each offer's (page, x, row, offer) and the number of pages.
        """
        placed: list[tuple[int, int, int, Offer]] = []
        page = row = 0
        x = 8
        for offer in offers:
            w = self._button_width(offer)
            if x + w > limit and x > 8:
                row += 1
                x = 8
                if row >= rows:
                    page += 1
                    row = 0
            placed.append((page, x, row, offer))
            x += w + 4
        return placed, page + 1

    def _offer_buttons(
        self,
        surface: pygame.Surface,
        placed: list[tuple[int, int, int, Offer]],
        top: int,
        row_h: int,
    ) -> list[Hotspot]:
        """Draw the offers of the page shown (the running action's lit); return their spots."""
        hud = self.hud
        spots: list[Hotspot] = []
        tool_on = hud.scene.tool.name != "select"
        for page_no, bx, brow, offer in placed:
            if page_no != self.page:
                continue
            rect = pygame.Rect(bx, top + brow * (row_h + 4), self._button_width(offer), row_h)
            active = offer.action is not None and offer.action == hud.active_action
            draw_button(
                surface,
                hud.text,
                rect,
                self._button_label(offer),
                size=hud.fs_small,
                enabled=offer.enabled,
                selected=offer.selected or (active and tool_on),
            )
            spots.append(
                Hotspot(
                    rect,
                    offer.key,
                    partial(press, hud, offer),
                    self.tooltip(offer),
                    offer.enabled,
                    offer.reason,
                )
            )
        return spots

    def _page_arrows(
        self, surface: pygame.Surface, right: int, top: int, row_h: int, rows: int
    ) -> list[Hotspot]:
        """Draw the arrows that page the offers (left of ``right``); return their spots."""
        hud = self.hud
        size = hud.fs_small
        up = pygame.Rect(right - ARROWS_W, top, ARROWS_W, row_h)
        down = pygame.Rect(right - ARROWS_W, top + row_h + 4, ARROWS_W, row_h)
        if rows == 1:
            up.x = right - 2 * ARROWS_W - 2
            down.topleft = (right - ARROWS_W, top)
        draw_button(surface, hud.text, up, "<", size=size, enabled=self.page > 0)
        draw_button(surface, hud.text, down, ">", size=size, enabled=self.page < self.pages - 1)
        tip = hud.t("hud.actions.page", n=self.page + 1, of=self.pages)
        return [
            Hotspot(up, "actions:page_back", self._page_back, tip, self.page > 0),
            Hotspot(down, "actions:page_on", self._page_on, tip, self.page < self.pages - 1),
        ]

    def _button_width(self, offer: Offer) -> int:
        hud = self.hud
        return max(64, min(190, hud.text.width(self._button_label(offer), hud.fs_small) + 16))

    def _page_back(self) -> None:
        self.page = max(0, self.page - 1)

    def _page_on(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)

    @staticmethod
    def _button_label(offer: Offer) -> str:
        return f"{offer.hotkey} {offer.label}" if offer.hotkey else offer.label
