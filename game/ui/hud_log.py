"""The dice log: every roll with its dice, the kept die and the chips the ruleset's views
give it (modifiers, total, target, result), in the screen's language.

Built from the match's event log (so undo takes rolls back out), each entry as
``Views.log_text`` says; newest at the bottom, scrolled with the wheel. Questions the
engine puts to the game master stand out and carry an "OK": it sends the views' answer
command, so an answered question stays answered in the record (undo, save and load).
An entry a GM command wrote starts with "[SL]" ("[GM]") and a red edge, in every
viewer's log (the session's GM spans: marked on the screen, not in the rules).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.events import Event
from game.match.notation import die_in_sum
from game.match.views import LogKind, RollText, Tone
from game.ui import theme
from game.ui.hud_base import QUESTION_BG, TONE_COLOURS, Section
from game.ui.popup import Hotspot, MenuItem
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

ENTRY_CACHE_LIMIT = 4000
#: The newest entries the log builds at first; scrolling to the oldest built one builds
#: this many more. A long fight's first frame draws no more than a short one's.
LOG_WINDOW = 150
DIE_FACE = (64, 68, 80)
KEPT_FACE = (236, 204, 96)
#: The colour of an entry's text by its kind.
KIND_TONES = {
    LogKind.QUESTION: Tone.ACCENT,
    LogKind.DAMAGE: Tone.HURT,
    LogKind.ROLL: Tone.NORMAL,
    LogKind.ANSWER: Tone.DIM,
    LogKind.OTHER: Tone.DIM,
}


@dataclass
class Entry:
    key: Hashable
    surface: pygame.Surface
    spots: list[Hotspot]
    plain: str  # the entry as plain text (tests, copy)
    #: Where a line or the dice begin (pixels from the top): the top of the panel may
    #: cut the entry there and no line shows in half (issue 12).
    breaks: tuple[int, ...] = ()


class LogSection(Section):
    """The sidebar's dice log."""

    max_share = 1.0
    name = "log"

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self.show_all = False
        self._open: tuple[Hashable, frozenset[int]] | None = None
        self._entries: tuple[Hashable, list[Entry]] | None = None
        self._entry_cache: dict[Hashable, Entry] = {}
        self._total = 0
        self.window = LOG_WINDOW  # how many of the newest entries are built
        self._older = False  # older entries than the built ones exist

    # ------------------------------------------------------------ the entries
    def title(self) -> str:
        open_questions = self.open_questions()
        if open_questions:
            return self.hud.t("hud.log.title_questions", n=open_questions)
        return self.hud.t("hud.log.title")

    def open_questions(self) -> int:
        open_ = self.open_indices()
        if not open_:
            return 0
        scene = self.hud.scene
        if scene.sees_all or scene.viewer is None:
            return len(open_)
        return sum(1 for index, _ in self.visible_log() if index in open_)

    def open_indices(self) -> frozenset[int]:
        """Return the log indices of the questions the game master has not answered."""
        hud = self.hud
        game = hud.game
        key = (hud.session.revision, id(game), len(game.log))
        if self._open is None or self._open[0] != key:
            self._open = (key, hud.views.open_questions(game))
        return self._open[1]

    def visible_log(self) -> list[tuple[int, Event]]:
        """Return (index, event) of the log the viewer may read (fog of war: their sides')."""
        hud = self.hud
        scene = hud.scene
        viewer = scene.viewer
        if scene.sees_all or viewer is None:
            return list(enumerate(hud.game.log))
        return hud.views.log_for(hud.game, viewer.sides)

    def newest_first(self) -> Iterator[tuple[int, Event]]:
        """Yield (index, event) of the log the viewer may read, the newest first.

        Seeing everything, only the entries asked for are read (a long log that is
        decoded on demand stays undecoded further back).
        """
        hud = self.hud
        scene = hud.scene
        if scene.sees_all or scene.viewer is None:
            log = hud.game.log
            for index in range(len(log) - 1, -1, -1):
                yield index, log[index]
            return
        yield from reversed(hud.views.log_for(hud.game, scene.viewer.sides))

    def body_key(self) -> Hashable:
        return (self.show_all, self.hud.session.revision)

    def entries(self, width: int) -> list[Entry]:
        """Return the log's entries, oldest first (cached per change)."""
        hud = self.hud
        views = hud.views
        key = (
            hud.session.revision,
            id(hud.game),
            len(hud.game.log),
            self.show_all,
            hud.language,
            width,
            hud.gm_active,
            hud.scene.sees_all,
            tuple(hud.scene.viewer.sides) if hud.scene.viewer else (),
            self.window,
        )
        if self._entries is not None and self._entries[0] == key:
            return self._entries[1]
        entries: list[Entry] = []
        open_ = self.open_indices()
        replaced = views.replaced_rolls(hud.game)  # rolls an Impuls reroll took back
        self._older = False
        for index, event in self.newest_first():
            # a GM command's line shows in the dice view too: everybody must see it
            hidden = views.log_kind(event) is LogKind.OTHER
            if not self.show_all and hidden and not hud.session.is_gm_entry(index):
                continue
            if len(entries) >= self.window:
                self._older = True
                break
            entries.append(self._entry(index, event, width, index in open_, index in replaced))
        entries.reverse()
        if len(self._entry_cache) > ENTRY_CACHE_LIMIT:
            self._entry_cache.clear()
        total = sum(e.surface.get_height() for e in entries)
        if self.scroll > 0 and self._entries is not None and self._entries[1]:
            # a reader scrolled up keeps the place: only what came in below moves it
            newest = self._entries[1][-1].key
            keys = [e.key for e in entries]
            if newest in keys:
                below = entries[keys.index(newest) + 1 :]
                self.scroll += sum(e.surface.get_height() for e in below)
            else:
                self.scroll += max(0, total - self._total)
        self._total = total
        self._entries = (key, entries)
        return entries

    def follow(self) -> None:
        """New events arrived (the entries rebuild on the next draw)."""
        self.invalidate()

    def lines(self) -> list[str]:
        """Return the entries as plain text (what the log says, for tests and tooltips)."""
        width = self.rect.width or 300
        return [entry.plain for entry in self.entries(width)]

    def dismiss(self, index: int) -> None:
        """Answer the question at log ``index`` (the engine records the answer)."""
        hud = self.hud
        hud.scene.send(hud.views.answer(hud.game, index))
        self.invalidate()

    def open_details(self, index: int) -> None:
        """Open the game master's details of log entry ``index`` (its roll and rule IDs)."""
        hud = self.hud
        lines = hud.views.log_details(hud.game, index, hud.app.t)
        rows = [
            MenuItem(part, None, plain=True)  # text, not buttons: a line does nothing
            for line in lines
            for part in hud.text.wrap(line, hud.fs_small, 300)
        ]
        rows.append(MenuItem(hud.t("hud.details.close"), None))
        hud.open_menu(hud.t("hud.details.title"), rows)

    def toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.scroll = 0
        self.window = LOG_WINDOW

    def scroll_by(self, steps: int) -> None:
        self.scroll = max(0, self.scroll + steps * 40)
        if steps > 0 and self._older and self.scroll >= self._total - max(1, self.rect.height):
            self.window += LOG_WINDOW  # the oldest built entry shows: build older ones

    def state_key(self) -> Hashable:
        return (self.collapsed, self.scroll, self.body_key(), len(self.hud.game.log))

    # ---------------------------------------------------------------- drawing
    def header_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        label = hud.t("hud.log.rolls_only" if self.show_all else "hud.log.all")
        width = hud.text.width(label, hud.fs_small) + 16
        button = pygame.Rect(rect.right - width - 6, rect.y + 3, width, rect.height - 6)
        draw_button(surface, hud.text, button, label, size=hud.fs_small)
        tip = hud.t("hud.log.rolls_only_tip" if self.show_all else "hud.log.all_tip")
        return [Hotspot(button, "log:filter", self.toggle_all, tip)]

    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        entries = self.entries(rect.width)
        total = sum(e.surface.get_height() for e in entries)
        self.scroll = max(0, min(self.scroll, total - rect.height))
        spots: list[Hotspot] = []
        previous = surface.get_clip()
        surface.set_clip(rect)
        y = rect.bottom + self.scroll
        drawn = 0
        for entry in reversed(entries):
            height = entry.surface.get_height()
            y -= height
            if y >= rect.bottom:
                continue
            if y + height <= rect.y:
                break
            top = 0
            if y < rect.y:  # the top line is never shown cut in half (issue 12)
                top = next((b for b in entry.breaks if b >= rect.y - y), height)
                if top >= height and drawn:
                    break
                top = top if top < height else 0  # taller than the panel: shown cut
            drawn += 1
            surface.blit(entry.surface, (rect.x, y + top), pygame.Rect(0, top, rect.width, height))
            for spot in entry.spots:
                moved = spot.moved(rect.x, y)
                if rect.contains(moved.rect):
                    spots.append(moved)
                elif spot.on_click is None and rect.colliderect(moved.rect):
                    moved.rect = moved.rect.clip(rect)  # a tooltip still shows in part
                    spots.append(moved)
        surface.set_clip(previous)
        if not entries:
            self.hud.text.draw(
                surface,
                self.hud.t("hud.log.empty"),
                (rect.x + 10, rect.y + 8),
                self.hud.fs_small,
                theme.TEXT_DIM,
            )
        if total > rect.height:
            bar_h = max(12, rect.height * rect.height // total)
            from_top = total - rect.height - self.scroll
            bar_y = rect.y + (rect.height - bar_h) * from_top // max(1, total - rect.height)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (rect.right - 4, bar_y, 3, bar_h))
        return spots

    def _entry(
        self, index: int, event: Event, width: int, is_open: bool, replaced: bool = False
    ) -> Entry:
        hud = self.hud
        open_question = is_open and hud.views.log_kind(event) is LogKind.QUESTION
        answerable = open_question and (hud.gm_active or not hud.has_gm_seat)
        gm = hud.session.is_gm_entry(index)  # a GM command wrote it: marked for everyone
        key: Hashable = (index, event.kind, event.de, hud.language, width)
        key = (key, open_question, answerable, hud.compact, hud.large, gm, replaced)
        key = (key, hud.gm_active)  # the GM's entries open their details on a click
        entry = self._entry_cache.get(key)
        if entry is None:
            writer = _EntryWriter(hud, index, event, width, open_question, self)
            writer.answerable = answerable
            writer.gm = gm
            writer.replaced = replaced
            entry = writer.build(key)
            self._entry_cache[key] = entry
        return entry


class _EntryWriter:
    """Draws one entry of the log."""

    def __init__(
        self,
        hud: HudContext,
        index: int,
        event: Event,
        width: int,
        open_question: bool,
        log: LogSection,
    ) -> None:
        self.hud = hud
        self.index = index
        self.event = event
        self.width = width
        self.open_question = open_question
        self.log = log
        self.size = hud.fs_small
        self.line = hud.app.fonts.get(self.size).get_linesize()
        self.answerable = open_question  # the OK is the GM's (when the table has a GM seat)
        self.gm = False  # written by a GM command: the line starts with the mark
        self.replaced = False  # a reroll replaced this roll: struck and grey, never live

    def t(self, key: str, **values: object) -> str:
        return self.hud.t(key, **values)

    def build(self, key: Hashable) -> Entry:
        hud = self.hud
        entry = hud.views.log_text(self.event, hud.app.t)
        text = f"{self.t('hud.gm.mark')} {entry.line}" if self.gm else entry.line
        if self.replaced:
            text = f"{self.t('hud.log.replaced')} {text}"
        lines = hud.text.wrap(text, self.size, self.width - 16)
        roll, die = entry.roll, entry.die
        box = 18 if not hud.compact else 16
        height = 4 + len(lines) * self.line
        if roll is not None:
            height += self._dice_rows(roll, box) * (box + 4) + 2
        elif die is not None:
            height += box + 6
        if self.answerable:
            height += 28
        height += 4
        surface = pygame.Surface((self.width, height))
        surface.fill(theme.PANEL)
        if entry.kind is LogKind.QUESTION:
            pygame.draw.rect(
                surface, QUESTION_BG, (2, 1, self.width - 6, height - 2), border_radius=4
            )
            if self.open_question:
                pygame.draw.rect(
                    surface, theme.ACCENT, (2, 1, self.width - 6, height - 2), 1, border_radius=4
                )
        colour = TONE_COLOURS[KIND_TONES[entry.kind]]
        if self.replaced:
            colour = theme.TEXT_DIM
        if self.gm:
            pygame.draw.rect(surface, theme.TEXT_BAD, (2, 2, 3, height - 4))
        y = 4
        for line in lines:
            hud.text.draw(surface, line, (8, y), self.size, colour)
            if self.replaced:  # struck through: the reroll's roll is the one that counts
                middle = y + self.line // 2
                right = 8 + hud.text.width(line, self.size)
                pygame.draw.line(surface, colour, (8, middle), (right, middle), 1)
            y += self.line
        spots: list[Hotspot] = []
        plain = text
        tip = ""
        if roll is not None:
            y = self._dice(surface, y + 1, roll, box)
            plain += " " + roll.plain
            tip = roll.tooltip
        elif die is not None:
            self._die_box(surface, pygame.Rect(8, y + 2, box, box), die, True)
            plain += " " + die_in_sum(6, die, self.hud.language)
            y += box + 6
        if self.answerable:
            button = pygame.Rect(self.width - 70, height - 28, 60, 24)
            draw_button(surface, hud.text, button, self.t("hud.log.ok"), size=self.size)
            spots.append(
                Hotspot(
                    button,
                    f"log:ok:{self.index}",
                    lambda: self.log.dismiss(self.index),
                    self.t("hud.log.ok_tip"),
                )
            )
        pygame.draw.line(surface, (48, 52, 60), (6, height - 1), (self.width - 6, height - 1))
        if self.replaced:
            tip = self.t("hud.log.replaced_tip") + ("\n" + tip if tip else "")
        details = None
        if hud.gm_active and hud.views.log_details(hud.game, self.index, hud.app.t):
            details = partial(self.log.open_details, self.index)
            tip = (tip + "\n" if tip else "") + self.t("hud.log.details_tip")
        if tip:
            whole = pygame.Rect(0, 0, self.width, height)
            spots.append(Hotspot(whole, f"log:roll:{self.index}", details, tip))
        breaks = tuple(4 + i * self.line for i in range(len(lines)))
        return Entry(key, surface, spots, plain, (*breaks, 4 + len(lines) * self.line))

    # ------------------------------------------------------------- the dice
    def _dice_rows(self, roll: RollText, box: int) -> int:
        x = 8 + len(roll.dice) * (box + 3) + 4
        rows = 1
        for label, _ in roll.chips:
            w = self.hud.text.width(label, self.size) + 8
            if x + w > self.width - 8:
                rows += 1
                x = 8
            x += w
        return rows

    def _die_box(self, surface: pygame.Surface, rect: pygame.Rect, value: int, kept: bool) -> None:
        kept = kept and not self.replaced  # a replaced roll keeps no die
        pygame.draw.rect(surface, KEPT_FACE if kept else DIE_FACE, rect, border_radius=3)
        colour = (20, 20, 20) if kept else theme.TEXT_DIM
        self.hud.text.draw(
            surface, str(value), rect.center, self.size, colour, bold=kept, anchor="center"
        )

    def _dice(self, surface: pygame.Surface, y: int, roll: RollText, box: int) -> int:
        x = 8
        for index, value in enumerate(roll.dice):
            self._die_box(surface, pygame.Rect(x, y, box, box), value, index == roll.kept)
            x += box + 3
        x += 4
        for label, tone in roll.chips:
            w = self.hud.text.width(label, self.size) + 8
            if x + w > self.width - 8:
                y += box + 4
                x = 8
            colour = theme.TEXT_DIM if self.replaced else TONE_COLOURS[tone]
            self.hud.text.draw(
                surface, label, (x, y + box // 2), self.size, colour, anchor="midleft"
            )
            x += w
        return y + box + 4
