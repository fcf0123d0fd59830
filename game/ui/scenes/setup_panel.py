"""The set-up screen's side panel: sides, catalogue, the chosen creature, saving (issue 13).

``SetupPanel`` lays out the widgets for the panel's rectangle and draws what is not a
widget (headings, the creature type's shown values). The scene owns the model and says
what a click does; the panel only places buttons and text fields that call it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.match.ruleset import CreatureField, ValueKind
from game.missions.toml_schema import MAX_SHORT_TEXT
from game.ui import theme
from game.ui.scenes.setup_model import SIDE_HEX, PlacedCreature, SetupModel
from game.ui.text_input import TextInput
from game.ui.theme import Fonts, parse_colour
from game.ui.widgets import Button, draw_text, wrap

PANEL_W = 420
ROW = 30
GAP = 6
HEADING = 26
BOTTOM_H = 2 * ROW + 3 * GAP + 40
CREATURE_H = 300
NUMBER_COLUMNS = 3  # whole-number values (LP, attributes, saves) side by side


@dataclass
class PanelActions:
    """What the panel's widgets call on the scene."""

    choose_side: Callable[[str], None]
    rename_side: Callable[[str, str], None]
    next_colour: Callable[[str], None]
    toggle_controller: Callable[[str], None]
    add_side: Callable[[], None]
    arm: Callable[[str], None]
    commit: Callable[[str, TextInput], object]
    next_side_of: Callable[[], None]
    remove: Callable[[], None]
    save: Callable[[], None]
    begin: Callable[[], None]
    back: Callable[[], None]


@dataclass
class SetupPanel:
    """The widgets of the panel for one layout; rebuilt when something they show changes."""

    rect: pygame.Rect
    buttons: list[Button] = field(default_factory=list)
    inputs: list[TextInput] = field(default_factory=list)
    value_inputs: dict[str, TextInput] = field(default_factory=dict)  # by CreatureField.key
    headings: list[tuple[str, tuple[int, int]]] = field(default_factory=list)
    shown: list[tuple[str, str, pygame.Rect]] = field(default_factory=list)
    type_rows: list[Button] = field(default_factory=list)
    hints: list[tuple[pygame.Rect, str]] = field(default_factory=list)  # tooltips of fields
    catalogue_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    visible_types: int = 1


def build_panel(
    model: SetupModel,
    rect: pygame.Rect,
    actions: PanelActions,
    *,
    armed: str | None,
    selected: str | None,
    scroll: int,
    file_name: TextInput,
    t: Callable[..., str],
) -> SetupPanel:
    """Return the panel's widgets for ``model`` in ``rect``."""
    panel = SetupPanel(rect)
    x, y, w = rect.x + 12, rect.y + 10, rect.width - 24
    panel.headings.append((t("setup.title"), (x, y)))
    y = _sides(panel, model, actions, x, y + 36, w, t)
    bottom_y = rect.bottom - BOTTOM_H
    creature_y = bottom_y - CREATURE_H
    panel.headings.append((t("setup.catalogue"), (x, y)))
    y += HEADING
    panel.catalogue_rect = pygame.Rect(x, y, w, max(ROW, creature_y - y - GAP))
    _catalogue(panel, model, actions, armed, scroll, t)
    _creature(panel, model, actions, selected, pygame.Rect(x, creature_y, w, CREATURE_H), t)
    _bottom(panel, model, actions, pygame.Rect(x, bottom_y, w, BOTTOM_H), file_name, t)
    return panel


def _sides(
    panel: SetupPanel,
    model: SetupModel,
    actions: PanelActions,
    x: int,
    y: int,
    w: int,
    t: Callable[..., str],
) -> int:
    """Place a row per side (choose, name, colour, controller) and "+ side"; return the y below."""
    panel.headings.append((t("setup.sides"), (x, y)))
    y += HEADING
    for side in model.sides:
        chosen = side.key == model.side
        choose = Button(
            pygame.Rect(x, y, ROW, ROW - 2),
            "",
            partial(actions.choose_side, side.key),
            selected=chosen,
            tooltip=t("setup.side_tip"),
        )
        choose.data["radio"] = chosen
        choose.data["side"] = side.key
        panel.buttons.append(choose)
        name = TextInput(
            pygame.Rect(x + ROW + GAP, y, w - 3 * ROW - 90, ROW - 2),
            side.name,
            max_length=MAX_SHORT_TEXT + 1,  # one too many is refused with a reason, not cut
            size=18,
            on_change=partial(actions.rename_side, side.key),
        )
        panel.inputs.append(name)
        colour = Button(
            pygame.Rect(name.rect.right + GAP, y, ROW + 8, ROW - 2),
            "",
            partial(actions.next_colour, side.key),
            tooltip=t("setup.colour_tip"),
        )
        colour.data["swatch"] = parse_colour(side.colour)
        panel.buttons.append(colour)
        who = (
            "setup.controller_player"
            if side.controller.value == "player"
            else "setup.controller_gm"
        )
        panel.buttons.append(
            Button(
                pygame.Rect(colour.rect.right + GAP, y, x + w - colour.rect.right - GAP, ROW - 2),
                t(who),
                partial(actions.toggle_controller, side.key),
                tooltip=t("setup.controller_tip"),
                size=17,
            )
        )
        y += ROW + 2
    if len(model.sides) < len(SIDE_HEX):
        panel.buttons.append(
            Button(pygame.Rect(x, y, 130, ROW - 4), t("setup.add_side"), actions.add_side, size=17)
        )
        y += ROW
    return y + GAP


def _catalogue(
    panel: SetupPanel,
    model: SetupModel,
    actions: PanelActions,
    armed: str | None,
    scroll: int,
    t: Callable[..., str],
) -> None:
    area = panel.catalogue_rect
    types = model.types()
    panel.visible_types = max(1, area.height // (ROW - 4))
    start = max(0, min(scroll, len(types) - panel.visible_types))
    for row, (key, name) in enumerate(types[start : start + panel.visible_types]):
        button = Button(
            pygame.Rect(area.x, area.y + row * (ROW - 4), area.width, ROW - 6),
            name,
            partial(actions.arm, key),
            selected=key == armed,
            tooltip=t("setup.catalogue_tip"),
            size=17,
        )
        button.data["type"] = key
        panel.type_rows.append(button)
        panel.buttons.append(button)


def _creature(
    panel: SetupPanel,
    model: SetupModel,
    actions: PanelActions,
    selected: str | None,
    area: pygame.Rect,
    t: Callable[..., str],
) -> None:
    """Place the chosen creature's value fields, its side and "remove"."""
    placed = model.creature(selected) if selected else None
    if placed is None:
        panel.headings.append((t("setup.creature"), area.topleft))
        panel.shown.append(("", t("setup.no_creature"), area.move(0, HEADING)))
        return
    type_name = model.type_name(placed.type)
    panel.headings.append((f"{t('setup.creature')}: {type_name}", area.topleft))
    y = area.y + HEADING
    numbers = []
    for entry in model.fields(placed.key):
        if entry.kind is ValueKind.SHOWN:
            panel.shown.append(
                (entry.label, str(entry.default), pygame.Rect(area.x, y, area.w, 38))
            )
            y += 40
        elif entry.kind is ValueKind.NUMBER:
            numbers.append(entry)  # laid out below, NUMBER_COLUMNS to a row
        else:
            y = _value_input(
                panel, model, actions, placed, entry, pygame.Rect(area.x, y, area.w, 0)
            )
    for index, entry in enumerate(numbers):
        column, row = index % NUMBER_COLUMNS, index // NUMBER_COLUMNS
        width = (area.w - (NUMBER_COLUMNS - 1) * GAP) // NUMBER_COLUMNS
        box = pygame.Rect(area.x + column * (width + GAP), y + row * (ROW + 2), width, 0)
        _value_input(panel, model, actions, placed, entry, box)
    y += -(-len(numbers) // NUMBER_COLUMNS) * (ROW + 2)
    for entry in model.fields(placed.key):
        hint = entry.hint
        if entry.choices:
            hint = t("setup.choices", names=", ".join(entry.choices))
        if hint and entry.key in panel.value_inputs:
            panel.hints.append((panel.value_inputs[entry.key].rect, hint))
    side = model.side_of(placed.side)
    side_button = Button(
        pygame.Rect(area.x, y + 2, area.w - 140, ROW - 2),
        t("setup.side_of", side=side.name if side else placed.side),
        actions.next_side_of,
        size=17,
    )
    side_button.data["stripe"] = parse_colour(side.colour) if side else theme.TEXT_DIM
    panel.buttons.append(side_button)
    remove = Button(
        pygame.Rect(area.right - 130, y + 2, 130, ROW - 2),
        t("setup.remove"),
        actions.remove,
        size=17,
    )
    remove.data["action"] = "remove"
    panel.buttons.append(remove)


def _value_input(
    panel: SetupPanel,
    model: SetupModel,
    actions: PanelActions,
    placed: PlacedCreature,
    entry: CreatureField,
    at: pygame.Rect,
) -> int:
    """Place one value's text field (label inside) at ``at`` (its width); return the y below."""
    longest = entry.max_length if entry.kind is not ValueKind.NUMBER else len(str(entry.high)) + 1
    box = TextInput(
        pygame.Rect(at.x, at.y, at.w, ROW - 2),
        model.value_text(placed, entry),
        max_length=(longest or 200) + 1,  # one too many is refused with a reason, not cut
        size=18,
        label=entry.label,
    )
    box.on_submit = partial(_submit, actions.commit, entry.key, box)
    panel.value_inputs[entry.key] = box
    panel.inputs.append(box)
    return at.y + ROW + 2


def _submit(
    commit: Callable[[str, TextInput], object], key: str, box: TextInput, _text: str
) -> None:
    """Enter in a value field: take its value."""
    commit(key, box)


def _bottom(
    panel: SetupPanel,
    model: SetupModel,
    actions: PanelActions,
    area: pygame.Rect,
    file_name: TextInput,
    t: Callable[..., str],
) -> None:
    """Place the file name, "save as mission", "begin the fight" and "back"."""
    y = area.y + 30
    file_name.rect = pygame.Rect(area.x, y, area.w - 200, ROW)
    file_name.label = t("setup.file_name")
    panel.inputs.append(file_name)
    save = Button(
        pygame.Rect(area.right - 194, y, 194, ROW), t("setup.save"), actions.save, size=17
    )
    save.data["action"] = "save"
    panel.buttons.append(save)
    y += ROW + GAP
    ready = model.saved is not None and not model.changed
    panel.buttons.append(
        Button(pygame.Rect(area.x, y, 120, ROW + 4), t("setup.back"), actions.back, size=18)
    )
    begin = Button(
        pygame.Rect(area.right - 220, y, 220, ROW + 4),
        t("setup.begin"),
        actions.begin,
        enabled=ready,
        tooltip="" if ready else t("setup.begin_tip"),
        size=18,
    )
    begin.data["action"] = "begin"
    panel.buttons.append(begin)


def draw_panel_parts(surface: pygame.Surface, fonts: Fonts, panel: SetupPanel) -> None:
    """Draw the panel's background, headings, colour dots and shown values."""
    pygame.draw.rect(surface, theme.PANEL, panel.rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, panel.rect.topleft, panel.rect.bottomleft)
    for index, (text, pos) in enumerate(panel.headings):
        size = 26 if index == 0 else 20
        draw_text(surface, fonts, text, pos, size=size, colour=theme.ACCENT, bold=True)
    for label, text, area in panel.shown:
        line = f"{label}: {text}" if label else text
        y = area.y
        for part in wrap(fonts, line, area.width, 15)[:3]:
            draw_text(surface, fonts, part, (area.x, y), size=15, colour=theme.TEXT_DIM)
            y += 16


def draw_colour_marks(surface: pygame.Surface, panel: SetupPanel) -> None:
    """Draw each side button's colour over its face."""
    for button in panel.buttons:
        if button.data.get("radio") is not None:
            centre = button.rect.center
            pygame.draw.circle(surface, theme.TEXT_DIM, centre, 8, 2)
            if button.data["radio"]:
                pygame.draw.circle(surface, theme.ACCENT, centre, 5)
        swatch, stripe = button.data.get("swatch"), button.data.get("stripe")
        if isinstance(swatch, tuple):
            inset = -12 if button.selected else -8
            pygame.draw.rect(surface, swatch, button.rect.inflate(inset, inset), border_radius=4)
        if isinstance(stripe, tuple):
            pygame.draw.rect(surface, stripe, (button.rect.x + 4, button.rect.y + 5, 6, 18))
