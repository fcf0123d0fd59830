"""The Impuls pool: its points, a menu of the effects it buys, and the rolls to reroll.

Choosing an effect sends ``SpendImpulse`` for the creature whose turn it is (the GM's
own purchases are in the GM panel); effects that need a creature in sight or a field
first ask for a click on the map. The engine decides whether the effect is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.rulesets.entaria.rules.impulse import ImpulseEffect
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.support_actions import SpendImpulse
from game.ui import theme
from game.ui.hud_base import Hotspot, MenuItem, Section
from game.ui.hud_text import says
from game.ui.hud_tools import PickCell, PickCreature
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud import Hud

MAX_REROLL_ROWS = 4

#: Builds the command for an effect once its target, field or roll is known.
CommandFor = Callable[[ImpulseEffect, str | None, Cell | None, int | None], Command]


def effect_name(hud: Hud, effect: ImpulseEffect) -> str:
    return hud.t(f"hud.impulse.effect.{effect.name}")


def effect_items(
    hud: Hud, command_for: CommandFor, pool: int | None, spender: str | None
) -> list[MenuItem]:
    """Return the menu of Impuls effects (``pool`` None: the GM, who pays nothing).

    ``spender`` is who pays for a reroll (None: the GM); the engine says whether one may.
    """
    items = []
    for effect in ImpulseEffect:
        affordable = pool is None or pool >= effect.cost
        tip = hud.t(f"hud.impulse.tip.{effect.name}") + f"\n{effect.rule_id}"
        if not affordable:
            tip = hud.t("hud.impulse.too_dear", cost=effect.cost, pool=pool) + "\n" + tip
        elif effect is ImpulseEffect.REROLL:
            verdict = hud.battle.legal_reroll(spender)
            affordable = verdict.allowed
            if not verdict.allowed:
                tip = in_language(verdict.reason, hud.language) + "\n" + tip
        items.append(
            MenuItem(
                hud.t("hud.impulse.item", cost=effect.cost, name=effect_name(hud, effect)),
                partial(spend, hud, effect, command_for, spender),
                affordable,
                tip,
                f"impulse:{effect.name}",
            )
        )
    return items


def reroll_items(hud: Hud, command_for: CommandFor, spender: str | None) -> list[MenuItem]:
    """Return one item per roll of the last command the engine offers for a reroll."""
    verdict = hud.battle.legal_reroll(spender)
    items = []
    for option in verdict.rolls:
        text = says(hud.language, option.de, option.en)
        dice = ", ".join(str(d) for d in option.dice)
        label = hud.t("hud.impulse.reroll", what=f"[{dice}] {text}")
        command = command_for(ImpulseEffect.REROLL, None, None, option.index)
        items.append(
            MenuItem(
                hud.text.fit(label, hud.fs_small, 420),
                partial(_send, hud, command),
                verdict.allowed,
                (
                    text
                    if verdict.allowed
                    else f"{in_language(verdict.reason, hud.language)}\n{text}"
                ),
                f"reroll:{option.index}",
            )
        )
    return items


def spend(hud: Hud, effect: ImpulseEffect, command_for: CommandFor, spender: str | None) -> None:
    """Send the effect, after asking for its target creature, field or roll where needed."""
    scene = hud.scene
    name = effect_name(hud, effect)
    if effect is ImpulseEffect.REROLL:
        items = reroll_items(hud, command_for, spender)
        if items:
            hud.open_menu(hud.t("hud.impulse.reroll_title"), items)
        else:
            hud.message(
                in_language(hud.battle.legal_reroll(spender).reason, hud.language), bad=True
            )
    elif effect.needs_target_in_sight:
        hud.start_tool(
            PickCreature(
                scene,
                hud.t("hud.impulse.pick_target", effect=name),
                lambda creature: _send(hud, command_for(effect, creature.key, None, None)),
            )
        )
    elif effect.disengage_fields:
        hud.start_tool(
            PickCell(
                scene,
                hud.t("hud.impulse.pick_field", effect=name),
                lambda cell: _send(hud, command_for(effect, None, cell, None)),
            )
        )
    else:
        _send(hud, command_for(effect, None, None, None))


def _send(hud: Hud, command: Command) -> None:
    outcome = hud.scene.send(command)
    if outcome.ok:
        hud.scene.cancel_tool()


class ImpulseSection(Section):
    """The sidebar's Impuls pool."""

    max_share = 0.3
    name = "impulse"

    def __init__(self, hud: Hud) -> None:
        super().__init__(hud)
        self._payer: tuple[Hashable, str | None] | None = None
        self._options: tuple[Hashable, list[Any]] | None = None

    def spender(self) -> str | None:
        """Return the key of the creature that would spend (the current one, if controlled)."""
        session = self.hud.session
        if session.over or not session.battle.state.order:
            return None
        current = session.current
        return current.key if self.hud.scene.controls(current) else None

    def reroll_spender(self) -> str | None:
        """Return who pays for a reroll: the current character if it may, else one of the
        viewer's player characters that may (a reroll may be bought in anyone's turn)."""
        hud = self.hud
        viewer = hud.scene.viewer
        key = (hud.session.revision, id(hud.battle), id(viewer), hud.gm_active)
        if self._payer is None or self._payer[0] != key:
            self._payer = (key, self._find_reroll_spender())
        return self._payer[1]

    def _find_reroll_spender(self) -> str | None:
        session = self.hud.session
        battle = session.battle
        if session.over:
            return None
        viewer = self.hud.scene.viewer
        candidates = [
            c.key
            for c in battle.state.creatures.values()
            if battle.sides.get(c.side) is not None
            and battle.sides[c.side].controller == "player"
            and (viewer is None or c.side in viewer.sides or self.hud.gm_active)
        ]
        current = battle.state.current_key if battle.state.order else None
        if current in candidates:
            candidates.remove(current)
            candidates.insert(0, current)
        for key in candidates:
            if battle.legal_reroll(key).allowed:
                return key
        return candidates[0] if candidates else None

    def title(self) -> str:
        return self.hud.t("hud.impulse.title", n=self.hud.battle.state.impulse_pool)

    def options(self) -> list[Any]:
        """Return the rolls of the last command the engine offers for a reroll (cached)."""
        hud = self.hud
        key = (hud.session.revision, id(hud.battle))
        if self._options is None or self._options[0] != key:
            self._options = (key, list(hud.battle.rerollable_rolls()))
        return self._options[1]

    def body_key(self) -> Hashable:
        return (self.spender(), self.reroll_spender())

    def body_height(self, width: int) -> int:
        row = 30 if not self.hud.compact else 26
        return 8 + row + len(self.options()[:MAX_REROLL_ROWS]) * row

    def command_for(
        self, effect: ImpulseEffect, target: str | None, cell: Cell | None, roll: int | None
    ) -> Command:
        actor = self.reroll_spender() if effect is ImpulseEffect.REROLL else self.spender()
        return SpendImpulse(actor, effect.name, target=target, cell=cell, roll=roll)

    def open_menu(self) -> None:
        hud = self.hud
        pool = hud.battle.state.impulse_pool
        items = effect_items(hud, self.command_for, pool, self.reroll_spender())
        hud.open_menu(hud.t("hud.impulse.menu", pool=pool), items)

    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        t = hud.t
        row = 30 if not hud.compact else 26
        pool = hud.battle.state.impulse_pool
        y = rect.y + 4
        pool_rect = hud.text.draw(
            surface,
            t("hud.impulse.pool", n=pool),
            (10, y + row // 2 - 2),
            hud.fs,
            theme.ACCENT,
            bold=True,
            anchor="midleft",
        )
        spots = [Hotspot(pool_rect.inflate(4, 4), "impulse:pool", None, t("hud.impulse.pool_tip"))]
        spender = self.spender()
        button = pygame.Rect(rect.right - 150, y, 140, row - 4)
        draw_button(
            surface,
            hud.text,
            button,
            t("hud.impulse.spend"),
            size=hud.fs_small,
            enabled=spender is not None,
        )
        name = hud.battle.state.creatures[spender].name if spender else ""
        spots.append(
            Hotspot(
                button,
                "impulse:menu",
                self.open_menu,
                t("hud.impulse.spend_tip", name=name) if spender else t("hud.impulse.no_spender"),
                spender is not None,
                t("hud.impulse.no_spender"),
            )
        )
        y += row
        payer = self.reroll_spender()
        verdict = hud.battle.legal_reroll(payer)
        for option in list(verdict.rolls)[:MAX_REROLL_ROWS]:
            text = says(hud.language, option.de, option.en)
            dice = ", ".join(str(d) for d in option.dice)
            box = pygame.Rect(10, y, rect.width - 20, row - 4)
            label = t("hud.impulse.reroll", what=f"[{dice}] {text}")
            draw_button(surface, hud.text, box, label, size=hud.fs_small, enabled=verdict.allowed)
            who = hud.battle.state.creatures[payer].name if payer else ""
            tip = t("hud.impulse.reroll_tip", name=who) + "\n" + text
            command = self.command_for(ImpulseEffect.REROLL, None, None, option.index)
            spots.append(
                Hotspot(
                    box,
                    f"impulse:reroll:{option.index}",
                    partial(_send, hud, command),
                    tip
                    if verdict.allowed
                    else f"{in_language(verdict.reason, hud.language)}\n{tip}",
                    verdict.allowed,
                    in_language(verdict.reason, hud.language),
                )
            )
            y += row
        return spots
