"""What the set-up screen edits: a map's sides and the creatures placed on it (issue 13).

No pygame here. Every change is checked where it is made and refused with a reason in
the screen's language (``Refusal``): a field outside the map, in a wall or a closed door
or taken by another creature; a value the ruleset's catalogue would refuse
(``SetupRuleset.creature_value_problem``); a picture that is no usable token. The
ruleset says which values a creature has (``SetupRuleset.creature_fields``); this
module names none of them beyond the native mission's ``[[creatures]]`` keys.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.board.grid import Cell, footprint_cells
from game.match.mission_ruleset import MissionTerms
from game.match.problems import MissionError, problem_of
from game.match.ruleset import CreatureField, SetupRuleset, ValueKind
from game.match.views import Texts
from game.missions.creature_images import image_problems
from game.missions.grid import build_grid
from game.missions.loader import load_any
from game.missions.mission_writer import SavedMission, mission_file_name, save_setup
from game.missions.model import Controller, CreaturePlacement, LoadedMission, Mission, Side
from game.missions.ruleset_choice import mission_ruleset
from game.missions.toml_schema import MAX_CREATURES, MAX_SHORT_TEXT
from game.ui import theme

#: Why a change was refused, in the screen's language; None: it was made.
Refusal = str | None

#: The most sides a set-up gives a map: one per side colour of the theme.
MAX_SETUP_SIDES = len(theme.SIDE_COLOURS)
#: A field ``values.<name>`` is one entry of the creature's ``[[creatures]] values`` table.
VALUES_PREFIX = "values."


def hex_colour(colour: tuple[int, int, int]) -> str:
    """Return ``(r, g, b)`` as the mission format's ``#rrggbb``."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


SIDE_HEX = tuple(hex_colour(c) for c in theme.SIDE_COLOURS)


@dataclass
class PlacedCreature:
    """A creature on the set-up's map: its type, side, field and the values set for it."""

    key: str
    type: str
    side: str
    cell: Cell
    values: dict[str, Any] = field(default_factory=dict)  # by CreatureField.key
    origin: CreaturePlacement | None = None  # as the mission placed it (facing, held, ...)


class SetupModel:
    """A map being set up: load it, place and edit creatures and sides, save a mission."""

    def __init__(self, path: Path | str, t: Texts) -> None:
        """Load ``path``; raise MissionError when it does not load or has no set-up rules."""
        self.path = Path(path)
        self.t = t
        label = str(self.path)
        self.loaded: LoadedMission = load_any(self.path)
        mission = self.loaded.mission
        ruleset = mission_ruleset(mission.ruleset, path_label=label)
        if not isinstance(ruleset, SetupRuleset):
            texts = {"de": t("setup.no_setup_rules"), "en": t("setup.no_setup_rules")}
            raise MissionError([problem_of(label, texts, key="mission.ruleset")])
        self.ruleset: SetupRuleset = ruleset
        self.catalogue = ruleset.load_catalogue()
        self.terms: MissionTerms = ruleset.mission_terms(self.catalogue)
        self.grid = build_grid(mission, self.catalogue, path_label=label)
        self.sides: list[Side] = list(mission.sides) or self._default_sides()
        self.side = self.sides[0].key
        self.creatures: list[PlacedCreature] = [
            PlacedCreature(c.key, c.type, c.side, c.cell, self._values_of(c), c)
            for c in mission.creatures
        ]
        self.saved: Path | None = None
        self.changed = False
        self._type_names: dict[tuple[str, str], str] = {}

    # ----------------------------------------------------------------- sides
    def _default_sides(self) -> list[Side]:
        return [
            Side("side1", self.t("setup.side_players"), SIDE_HEX[0], Controller.PLAYER),
            Side("side2", self.t("setup.side_enemies"), SIDE_HEX[1], Controller.GM),
        ]

    def side_of(self, key: str) -> Side | None:
        return next((s for s in self.sides if s.key == key), None)

    def add_side(self) -> Refusal:
        """Add a side with the first free colour and choose it."""
        if len(self.sides) >= MAX_SETUP_SIDES:
            return self.t("setup.too_many_sides", n=MAX_SETUP_SIDES)
        used = {s.key for s in self.sides}
        number = next(n for n in range(1, MAX_SETUP_SIDES + 2) if f"side{n}" not in used)
        taken = {s.colour for s in self.sides}
        colour = next((c for c in SIDE_HEX if c not in taken), SIDE_HEX[0])
        name = self.t("setup.side_name", n=len(self.sides) + 1)
        self.sides.append(Side(f"side{number}", name, colour, Controller.GM))
        self.side = f"side{number}"
        self.changed = True
        return None

    def _replace_side(self, key: str, **changes: Any) -> None:
        self.sides = [dataclasses.replace(s, **changes) if s.key == key else s for s in self.sides]
        self.changed = True

    def rename_side(self, key: str, name: str) -> Refusal:
        name = " ".join(name.split())
        if not name or len(name) > MAX_SHORT_TEXT:
            return self.t("setup.bad_side_name", n=MAX_SHORT_TEXT)
        self._replace_side(key, name=name)
        return None

    def set_colour(self, key: str, colour: str) -> Refusal:
        if colour not in SIDE_HEX:
            return self.t("setup.bad_colour")
        self._replace_side(key, colour=colour)
        return None

    def toggle_controller(self, key: str) -> None:
        side = self.side_of(key)
        if side is not None:
            flipped = Controller.GM if side.controller is Controller.PLAYER else Controller.PLAYER
            self._replace_side(key, controller=flipped)

    # ------------------------------------------------------------- creatures
    def types(self) -> list[tuple[str, str]]:
        """Return the catalogue's creature types as (key, name on screen), by name."""
        named = [(key, self.type_name(key)) for key in self.terms.creature_types]
        return sorted(named, key=lambda pair: pair[1].casefold())

    def type_name(self, creature_type: str) -> str:
        """Return the name a new creature of ``creature_type`` gets, in the screen's language."""
        cached = self._type_names.get((creature_type, self.t.language))
        if cached is None:
            fields = self.ruleset.creature_fields(self.catalogue, creature_type, self.t)
            named = next((f.default for f in fields if f.key == "name"), None)
            cached = str(named) if named else self.terms.creature_name(creature_type)
            self._type_names[(creature_type, self.t.language)] = cached
        return cached

    def creature(self, key: str) -> PlacedCreature | None:
        return next((c for c in self.creatures if c.key == key), None)

    def creature_at(self, cell: Cell) -> PlacedCreature | None:
        for placed in reversed(self.creatures):
            if cell in footprint_cells(placed.cell, self.terms.footprint(placed.type)):
                return placed
        return None

    def field_problem(self, creature_type: str, cell: Cell, moving: str = "") -> Refusal:
        """Return why a creature of ``creature_type`` cannot stand on ``cell`` (None: it can)."""
        for spot in footprint_cells(cell, self.terms.footprint(creature_type)):
            if not self.grid.in_bounds(spot):
                return self.t("setup.outside", x=cell[0], y=cell[1])
            if self.grid.is_wall(spot):
                return self.t("setup.impassable", x=spot[0], y=spot[1])
            other = self.creature_at(spot)
            if other is not None and other.key != moving:
                return self.t("setup.occupied", x=spot[0], y=spot[1], name=self.name_of(other))
        return None

    def place(self, creature_type: str, cell: Cell) -> Refusal:
        """Place a creature of ``creature_type`` of the chosen side on ``cell``."""
        if creature_type not in self.terms.creature_types:
            return self.t("setup.unknown_type", type=creature_type)
        if len(self.creatures) >= MAX_CREATURES:
            return self.t("setup.too_many_creatures", n=MAX_CREATURES)
        refused = self.field_problem(creature_type, cell)
        if refused is not None:
            return refused
        keys = {c.key for c in self.creatures}
        number = next(n for n in range(1, len(keys) + 2) if f"{creature_type}-{n}" not in keys)
        placed = PlacedCreature(f"{creature_type}-{number}", creature_type, self.side, cell)
        same = sum(1 for c in self.creatures if c.type == creature_type)
        if same:
            placed.values["name"] = f"{self.type_name(creature_type)} {same + 1}"
        self.creatures.append(placed)
        self.changed = True
        return None

    def move(self, key: str, cell: Cell) -> Refusal:
        placed = self.creature(key)
        if placed is None:
            return None
        refused = self.field_problem(placed.type, cell, moving=key)
        if refused is None:
            placed.cell = cell
            self.changed = True
        return refused

    def remove(self, key: str) -> None:
        before = len(self.creatures)
        self.creatures = [c for c in self.creatures if c.key != key]
        self.changed = self.changed or len(self.creatures) != before

    def set_side(self, key: str, side: str) -> None:
        placed = self.creature(key)
        if placed is not None and self.side_of(side) is not None:
            placed.side = side
            self.changed = True

    # ---------------------------------------------------------------- values
    def fields(self, key: str) -> tuple[CreatureField, ...]:
        placed = self.creature(key)
        if placed is None:
            return ()
        return self.ruleset.creature_fields(self.catalogue, placed.type, self.t)

    def value(self, placed: PlacedCreature, entry: CreatureField) -> Any:
        return placed.values.get(entry.key, entry.default)

    def name_of(self, placed: PlacedCreature) -> str:
        return str(placed.values.get("name") or self.type_name(placed.type))

    def value_text(self, placed: PlacedCreature, entry: CreatureField) -> str:
        """Return the value as the screen's text field shows it."""
        value = self.value(placed, entry)
        if entry.kind is ValueKind.NAMES:
            return ", ".join(value)
        return str(value)

    def set_value(self, key: str, field_key: str, text: str) -> Refusal:
        """Set a creature's value from the text typed for it; refuse it with the reason."""
        placed = self.creature(key)
        entry = next((f for f in self.fields(key) if f.key == field_key), None)
        if placed is None or entry is None or entry.kind is ValueKind.SHOWN:
            return self.t("setup.not_editable")
        value = _parsed(entry, text)
        if entry.kind is ValueKind.PICTURE and value == "":
            placed.values.pop(field_key, None)
            self.changed = True
            return None
        checked = list(value) if isinstance(value, tuple) else value
        problem = self.ruleset.creature_value_problem(
            self.catalogue, placed.type, field_key, checked
        )
        if problem is None and entry.kind is ValueKind.PICTURE:
            found = image_problems(self.loaded.base_dir, [str(value)], path_label=str(self.path))
            problem = found.get(str(value))
        if problem is not None:
            reason = problem.get(self.t.language) or problem.get("en", "")
            return self.t("setup.refused_value", what=entry.label, why=reason)
        if field_key.startswith(VALUES_PREFIX) and value == entry.default:
            placed.values.pop(field_key, None)  # the type's value counts again
        else:
            placed.values[field_key] = value
        self.changed = True
        return None

    def _values_of(self, placement: CreaturePlacement) -> dict[str, Any]:
        values: dict[str, Any] = {"name": placement.name}
        if placement.life_points is not None:
            values["lp"] = placement.life_points
        if placement.equipment is not None:
            values["equipment"] = placement.equipment
        if placement.image:
            values["image"] = placement.image
        for name, number in placement.values:
            values[VALUES_PREFIX + name] = number
        return values

    def own_values(self, placed: PlacedCreature) -> tuple[tuple[str, int], ...]:
        """Return the creature's ``values`` entries: in the ruleset's field order, then
        any others the mission gave."""
        order = [f.key for f in self.fields(placed.key) if f.key.startswith(VALUES_PREFIX)]
        given = [k for k in placed.values if k.startswith(VALUES_PREFIX)]
        keys = [k for k in order if k in placed.values] + [k for k in given if k not in order]
        return tuple((k.removeprefix(VALUES_PREFIX), int(placed.values[k])) for k in keys)

    # ------------------------------------------------------------------ save
    def mission(self) -> Mission:
        """Return the mission as set up: the map, the sides, the creatures and their values."""
        placements = []
        for placed in self.creatures:
            values = placed.values
            equipment = values.get("equipment")
            origin = placed.origin or CreaturePlacement(
                placed.key, placed.type, "", placed.side, placed.cell
            )
            placements.append(  # what the screen does not edit stays as the mission had it
                dataclasses.replace(
                    origin,
                    name=self.name_of(placed),
                    side=placed.side,
                    cell=placed.cell,
                    life_points=values.get("lp"),
                    equipment=tuple(equipment) if equipment is not None else None,
                    image=str(values.get("image", "")),
                    values=self.own_values(placed),
                )
            )
        return dataclasses.replace(
            self.loaded.mission, sides=tuple(self.sides), creatures=tuple(placements)
        )

    def default_file_name(self) -> str:
        return f"{self.path.stem}-{self.t('setup.file_suffix')}.toml"

    def save(self, name: str) -> Refusal:
        """Save the mission as ``name`` in the map's folder; refuse with the reason."""
        if not self.creatures:
            return self.t("setup.nothing_placed")
        file_name = mission_file_name(name)
        if not isinstance(file_name, str):
            return file_name[self.t.language] if self.t.language in file_name else file_name["en"]
        out = self.path.parent / file_name
        if out.resolve() == self.path.resolve():
            return self.t("setup.same_as_map")
        again = self.saved is not None and self.saved.resolve() == out.resolve()
        try:
            written: SavedMission = save_setup(
                self.loaded, self.mission(), out, catalogue=self.catalogue, overwrite=again
            )
        except MissionError as error:
            return "; ".join(p.text(self.t.language) for p in error.problems[:3])
        self.saved = written.path
        self.changed = False
        return None


def _parsed(entry: CreatureField, text: str) -> Any:
    """Return the value ``text`` means for ``entry`` (the text itself when it is no number)."""
    text = text.strip()
    if entry.kind is ValueKind.NUMBER:
        try:
            return int(text)
        except ValueError:
            return text
    if entry.kind is ValueKind.NAMES:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    return " ".join(text.split()) if entry.kind is ValueKind.TEXT else text
