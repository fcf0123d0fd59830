"""The creature card: attributes, Rettungswerte, LP, armour, weapons, magazines, conditions.

Everything comes from ``game.rulesets.entaria.queries.creature_card``; the condition badges explain
themselves in a tooltip (German and English name, what the condition does, its rules).
The card shows the selected creature, else the one whose turn it is, and never a
creature hidden from the viewer.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.rulesets.entaria.queries import CreatureCard, WeaponCard, creature_card
from game.rulesets.entaria.rules.terms import Attribute, Condition, SaveValue
from game.ui import theme
from game.ui.hud_base import BADGE_BAD, BADGE_BG, Hotspot, ScrollSection, draw_badge
from game.ui.hud_initiative import BAD_BADGES
from game.ui.hud_text import attribute_name, damage_type_name, save_name, says

if TYPE_CHECKING:
    from game.ui.hud import Hud

MAX_CARD_HEIGHT = 1400
IMPLIED_BG = (52, 50, 62)


class CardSection(ScrollSection):
    """The sidebar's creature card."""

    max_share = 0.55
    name = "card"

    def __init__(self, hud: Hud) -> None:
        super().__init__(hud)
        self._card: tuple[Hashable, CreatureCard | None] | None = None

    def subject(self) -> str | None:
        """Return the key of the creature the card shows (None: nobody)."""
        scene = self.hud.scene
        battle = self.hud.battle
        key = getattr(scene, "selected", None)
        if key is None and battle.state.order:
            key = battle.state.current_key
        if key is None or key not in battle.state.creatures or not self.hud.sees(key):
            return None
        return key

    def card(self) -> CreatureCard | None:
        key = self.subject()
        cache_key = (self.hud.session.revision, id(self.hud.battle), key)
        if self._card is None or self._card[0] != cache_key:
            self._card = (cache_key, creature_card(self.hud.battle, key) if key else None)
        return self._card[1]

    def title(self) -> str:
        card = self.card()
        return card.name if card is not None else self.hud.t("hud.card.title")

    def body_key(self) -> Hashable:
        return self.subject()

    def render_content(self, width: int) -> tuple[pygame.Surface, list[Hotspot]]:
        card = self.card()
        surface = pygame.Surface((width, MAX_CARD_HEIGHT))
        surface.fill(theme.PANEL)
        if card is None:
            self.hud.text.draw(
                surface, self.hud.t("hud.card.none"), (10, 8), self.hud.fs_small, theme.TEXT_DIM
            )
            return surface.subsurface((0, 0, width, 32)).copy(), []
        writer = _CardWriter(self.hud, surface, width)
        writer.write(card)
        height = min(MAX_CARD_HEIGHT, writer.y + 6)
        return surface.subsurface((0, 0, width, height)).copy(), writer.spots


class _CardWriter:
    """Lays the card out top to bottom."""

    def __init__(self, hud: Hud, surface: pygame.Surface, width: int) -> None:
        self.hud = hud
        self.surface = surface
        self.width = width
        self.y = 6
        self.spots: list[Hotspot] = []
        self.size = hud.fs_small
        self.line = hud.app.fonts.get(self.size).get_linesize()

    def t(self, key: str, **values: object) -> str:
        return self.hud.t(key, **values)

    def text(
        self,
        text: str,
        x: int,
        colour: tuple[int, int, int] = theme.TEXT,
        *,
        bold: bool = False,
        width: int | None = None,
    ) -> pygame.Rect:
        return self.hud.text.draw(
            self.surface,
            text,
            (x, self.y),
            self.size,
            colour,
            bold=bold,
            width=width or self.width - x - 8,
        )

    def heading(self, key: str) -> None:
        self.y += 4
        self.text(self.t(key), 10, theme.ACCENT, bold=True)
        self.y += self.line

    def write(self, card: CreatureCard) -> None:
        hud = self.hud
        lang = hud.language
        colour = hud.scene.colours.get(card.side, (128, 128, 128))
        pygame.draw.circle(self.surface, colour, (16, self.y + self.line // 2), 6)
        kind = self.t("hud.card.character" if card.is_character else "hud.card.enemy")
        self.text(f"{card.side_name} · {card.type_name} · {kind}", 28, theme.TEXT_DIM)
        self.y += self.line + 2
        self._life(card)
        stance = self.t(f"hud.stance.{card.stance.name}")
        parts = [
            self.t("hud.card.bew", n=card.movement),
            self.t("hud.card.ini", n=card.initiative),
            stance,
        ]
        if card.altitude:
            parts.append(self.t("hud.card.altitude", n=card.altitude))
        if card.move_types:
            parts.append(" ".join(f"{k} {v}" for k, v in card.move_types.items()))
        self.text(" · ".join(parts), 10)
        self.y += self.line
        self.heading("hud.card.attributes")
        attrs = list(Attribute)
        col = (self.width - 20) // 2
        for i, attribute in enumerate(attrs):
            x = 10 + (i % 2) * col
            name = attribute_name(attribute, lang)
            self.hud.text.draw(
                self.surface, name, (x, self.y), self.size, theme.TEXT_DIM, width=col - 34
            )
            self.hud.text.draw(
                self.surface,
                str(card.attributes.get(attribute, 0)),
                (x + col - 12, self.y),
                self.size,
                theme.TEXT,
                anchor="topright",
            )
            if i % 2 == 1:
                self.y += self.line
        self.heading("hud.card.saves")
        for i, save in enumerate(SaveValue):
            x = 10 + (i % 2) * col
            value = card.saves[save]
            base = card.base_saves[save]
            name = save_name(save, lang)
            shade = (
                theme.TEXT if value == base else theme.TEXT_GOOD if value > base else theme.TEXT_BAD
            )
            rect = self.hud.text.draw(
                self.surface, name, (x, self.y), self.size, theme.TEXT_DIM, width=col - 34
            )
            self.hud.text.draw(
                self.surface,
                str(value),
                (x + col - 12, self.y),
                self.size,
                shade,
                anchor="topright",
            )
            tip = self.t("hud.card.save_tip", name=name, value=value, base=base)
            box = pygame.Rect(x - 2, self.y, col - 8, self.line)
            self.spots.append(Hotspot(box.union(rect), f"card:save:{save.name}", None, tip))
            if i % 2 == 1:
                self.y += self.line
        if len(SaveValue) % 2:
            self.y += self.line
        self._armour(card)
        self._weapons(card)
        if card.items:
            self.heading("hud.card.items")
            self.text(", ".join(card.items), 10)
            self.y += self.line
        self._conditions(card)

    def _life(self, card: CreatureCard) -> None:
        bar = pygame.Rect(10, self.y + 2, self.width - 110, 10)
        pygame.draw.rect(self.surface, (60, 20, 20), bar)
        if card.max_lp > 0 and card.lp > 0:
            share = min(1.0, card.lp / card.max_lp)
            fill = bar.copy()
            fill.width = max(1, int(bar.width * share))
            colour = (
                theme.TEXT_GOOD
                if share > 0.5
                else (230, 190, 60)
                if share > 0.25
                else theme.TEXT_BAD
            )
            pygame.draw.rect(self.surface, colour, fill)
        lp_text = self.t("hud.card.lp", lp=card.lp, max=card.max_lp)
        self.hud.text.draw(
            self.surface, lp_text, (bar.right + 8, self.y), self.size, theme.TEXT, bold=True
        )
        self.y += self.line + 2
        if card.out_of_fight:
            held = {c.condition for c in card.conditions}
            for condition in (Condition.DEAD, Condition.DYING, Condition.UNCONSCIOUS):
                if condition in held:
                    word = next(c for c in card.conditions if c.condition is condition)
                    name = says(self.hud.language, word.german, word.english)
                    self.text(name, 10, theme.TEXT_BAD, bold=True)
                    self.y += self.line
                    break

    def _armour(self, card: CreatureCard) -> None:
        self.heading("hud.card.armour")
        self.text(self.t("hud.card.armour_total", n=card.armour), 10)
        self.y += self.line
        for _key, name, paz in card.armour_pieces:
            self.text(self.t("hud.card.armour_piece", name=name, paz=paz), 18, theme.TEXT_DIM)
            self.y += self.line

    def _weapons(self, card: CreatureCard) -> None:
        if not card.weapons:
            return
        self.heading("hud.card.weapons")
        for weapon in card.weapons:
            top = self.y
            name = says(self.hud.language, weapon.name, weapon.english)
            where = self.t("hud.card.in_hand" if weapon.held else "hud.card.carried")
            colour = theme.TEXT if weapon.held else theme.TEXT_DIM
            self.text(f"{name} ({where})", 10, colour, bold=weapon.held)
            self.y += self.line
            details = [
                self.t(
                    "hud.card.sw",
                    n=weapon.sw,
                    type=damage_type_name(weapon.damage_type, self.hud.language),
                )
            ]
            if weapon.magazine is not None:
                size = weapon.magazine_size if weapon.magazine_size is not None else "?"
                details.append(self.t("hud.card.magazine", n=weapon.magazine, size=size))
            if weapon.bem:
                details.append(f"BEM {weapon.bem}")
            self.text(" · ".join(details), 18, colour)
            self.y += self.line
            rect = pygame.Rect(6, top, self.width - 12, self.y - top)
            self.spots.append(
                Hotspot(rect, f"card:weapon:{weapon.key}", None, self._weapon_tip(weapon))
            )

    def _sw(self, weapon: WeaponCard) -> str:
        kind = damage_type_name(weapon.damage_type, self.hud.language)
        return self.t("hud.card.sw", n=weapon.sw, type=kind)

    def _weapon_tip(self, weapon: WeaponCard) -> str:
        lang = self.hud.language
        bands = ", ".join(says(lang, b.german, self.t(f"hud.band.{b.name}")) for b in weapon.bands)
        lines = [says(lang, weapon.name, weapon.english)]
        lines.append(
            self.t(
                "hud.card.sw",
                n=weapon.sw,
                type=damage_type_name(weapon.damage_type, self.hud.language),
            )
        )
        if weapon.melee:
            lines.append(self.t("hud.card.melee", reach=weapon.reach))
        if bands:
            lines.append(self.t("hud.card.bands", bands=bands))
        if weapon.thrown:
            lines.append(self.t("hud.card.thrown"))
        if weapon.attributes:
            lines.append(", ".join(weapon.attributes))
        return "\n".join(lines)

    def _conditions(self, card: CreatureCard) -> None:
        self.heading("hud.card.conditions")
        if not card.conditions:
            self.text(self.t("hud.card.no_conditions"), 10, theme.TEXT_DIM)
            self.y += self.line
            return
        lang = self.hud.language
        x = 10
        size = self.size
        for entry in card.conditions:
            name = says(lang, entry.german, entry.english)
            label = name + (f" {entry.count}" if entry.count > 1 else "")
            width = self.hud.text.width(label, size) + 6
            if x + width > self.width - 8 and x > 10:
                x = 10
                self.y += self.line + 4
            bg = BADGE_BAD if entry.condition in BAD_BADGES else BADGE_BG
            if entry.implied:
                bg = IMPLIED_BG
            rect = draw_badge(self.surface, self.hud.text, (x, self.y), label, size, bg)
            explanation = says(lang, entry.explanation_de, entry.explanation_en)
            implied = "\n" + self.t("hud.card.implied") if entry.implied else ""
            ids = ", ".join(entry.rule_ids[:4]) + (" ..." if len(entry.rule_ids) > 4 else "")
            tip = f"{entry.german} / {entry.english}{implied}\n{explanation}\n{ids}"
            self.spots.append(Hotspot(rect, f"card:condition:{entry.condition.name}", None, tip))
            x = rect.right + 4
        self.y += self.line + 6
