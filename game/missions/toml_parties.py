"""The fighters of a native mission file: ``[[sides]]`` with deployment, ``[[creatures]]``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from game.board.grid import Cell
from game.match.problems import describe, suggestion
from game.missions.model import Controller, CreaturePlacement, Facing, Side
from game.missions.toml_checker import TomlChecker, quoted_list
from game.missions.toml_schema import (
    COLOUR_RE,
    CREATURE_KEYS,
    DEFAULT_COLOURS,
    MAX_CREATURES,
    MAX_DEPLOYMENT_ENTRIES,
    MAX_LP,
    MAX_SIDES,
    MIN_LP,
    SIDE_KEYS,
)
from game.rulesets.entaria.rules.terms import Condition

if TYPE_CHECKING:
    from game.rulesets.entaria.catalogue import Catalogue


class PartySections(TomlChecker):
    """Reads ``[[sides]]`` and ``[[creatures]]``."""

    catalogue: Catalogue

    def sides(self, value: object, width: int | None, height: int | None) -> dict[str, Side]:
        sides: dict[str, Side] = {}
        for i, raw in enumerate(self.array_of_tables(value, "sides", MAX_SIDES)):
            key = f"sides[{i}]"
            before = len(self.problems)
            section = self.table(
                raw, key, SIDE_KEYS, ("key", "name", "controller"), shown=f"[[sides]] #{i + 1}"
            )
            if section is None:
                continue
            side_key = self.present(section, "key", self.identifier, f"{key}.key")
            if side_key is not None and side_key in sides:
                self.error(
                    f"{key}.key", f"side key {side_key!r} is used twice; expected unique keys"
                )
            name = self.present(section, "name", self.string, f"{key}.name")
            colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            if "colour" in section:
                raw_colour = self.string(section["colour"], f"{key}.colour")
                if raw_colour is not None and not COLOUR_RE.match(raw_colour):
                    self.error(
                        f"{key}.colour",
                        f'{key}.colour: found {raw_colour!r}; expected "#rrggbb", like "#c83232"',
                    )
                elif raw_colour is not None:
                    colour = raw_colour.lower()
            controller = None
            raw_controller = section.get("controller", "gm")
            if raw_controller in ("player", "gm"):
                controller = Controller(raw_controller)
            else:
                self.error(
                    f"{key}.controller",
                    f"{key}.controller: found {describe(raw_controller)}; expected "
                    "'player' or 'gm'",
                )
            cells = self.deployment(section.get("deployment", []), key, width, height)
            if len(self.problems) == before and side_key and name and controller:
                sides[side_key] = Side(side_key, name, colour, controller, cells)
            elif side_key:
                # Keep the key known so creatures do not report it as undeclared.
                sides.setdefault(side_key, Side(side_key, "?", colour, Controller.GM))
        return sides

    def deployment(
        self, value: object, key: str, width: int | None, height: int | None
    ) -> tuple[Cell, ...]:
        where = f"{key}.deployment"
        if not isinstance(value, list):
            self.error(
                where,
                f"{where}: found {describe(value)}; expected an array of rectangles "
                "[x0, y0, x1, y1] and fields [x, y]",
            )
            return ()
        if len(value) > MAX_DEPLOYMENT_ENTRIES:
            self.error(
                where,
                f"{where} has {len(value)} entries; expected at most {MAX_DEPLOYMENT_ENTRIES}",
            )
            return ()
        zone = None if width is None or height is None else np.zeros((height, width), bool)
        for j, item in enumerate(value):
            item_key = f"{where}[{j}]"
            numbers = self.int_list(
                item, item_key, (2, 4), "a rectangle [x0, y0, x1, y1] or a field [x, y]"
            )
            if numbers is None:
                continue
            if len(numbers) == 2:
                numbers = numbers * 2
            x0, y0, x1, y1 = numbers
            if x0 > x1 or y0 > y1:
                self.error(
                    item_key,
                    f"{item_key} is {numbers}; expected a rectangle [x0, y0, x1, y1] with "
                    "x0 <= x1 and y0 <= y1",
                )
                continue
            if zone is None or width is None or height is None:
                continue
            if min(x0, y0) < 0 or x1 >= width or y1 >= height:
                self.error(
                    item_key,
                    f"{item_key} reaches outside the {width}x{height} map; expected "
                    f"0 <= x <= {width - 1} and 0 <= y <= {height - 1}",
                )
                continue
            zone[y0 : y1 + 1, x0 : x1 + 1] = True
        if zone is None:
            return ()
        ys, xs = np.nonzero(zone)  # row-major: sorted by (y, x)
        return tuple(zip(xs.tolist(), ys.tolist(), strict=True))

    def creatures(
        self, value: object, sides: Mapping[str, Side], width: int | None, height: int | None
    ) -> list[CreaturePlacement]:
        placed: list[CreaturePlacement] = []
        raw_list = self.array_of_tables(value, "creatures", MAX_CREATURES)
        keys: dict[str, int] = {}
        for i, raw in enumerate(raw_list):
            if isinstance(raw, dict) and isinstance(raw.get("key"), str):
                keys.setdefault(raw["key"], i)
        equipment_keys = (
            set(self.catalogue.weapons) | set(self.catalogue.armour) | set(self.catalogue.items)
        )
        seen: set[str] = set()
        for i, raw in enumerate(raw_list):
            key = f"creatures[{i}]"
            before = len(self.problems)
            section = self.table(
                raw,
                key,
                CREATURE_KEYS,
                ("key", "type", "side", "at"),
                shown=f"[[creatures]] #{i + 1}",
            )
            if section is None:
                continue
            creature_key = self.present(section, "key", self.identifier, f"{key}.key")
            if creature_key is not None:
                if creature_key in seen:
                    self.error(
                        f"{key}.key",
                        f"creature key {creature_key!r} is used twice; expected unique keys",
                    )
                seen.add(creature_key)
            kind = self.present(section, "type", self.string, f"{key}.type")
            creature_type = None
            if kind is not None:
                creature_type = self.catalogue.creatures.get(kind)
                if creature_type is None:
                    self.error(
                        f"{key}.type",
                        f"unknown creature type {kind!r}"
                        f"{suggestion(kind, self.catalogue.creatures)}; expected a creature "
                        f"key of the catalogue: {quoted_list(sorted(self.catalogue.creatures))}",
                    )
            name: str | None = None
            if "name" in section:
                name = self.string(section["name"], f"{key}.name")
            elif creature_type is not None:
                name = str(creature_type.name)
            side = self.present(section, "side", self.string, f"{key}.side")
            if side is not None and side not in sides:
                declared = quoted_list(sides) if sides else "none declared"
                self.error(
                    f"{key}.side",
                    f"side {side!r} is not declared; expected a key of [[sides]] ({declared})",
                )
            cell = None
            if "at" in section:
                size = self.catalogue.footprint_side(kind) if kind is not None else 1
                cell = self.position(section["at"], f"{key}.at", size, width, height)
            facing = Facing.S
            if "facing" in section:
                raw_facing = section["facing"]
                if isinstance(raw_facing, str) and raw_facing.upper() in Facing.__members__:
                    facing = Facing[raw_facing.upper()]
                else:
                    self.error(
                        f"{key}.facing",
                        f"{key}.facing: found {describe(raw_facing)}; expected one of "
                        f"{quoted_list(f.value for f in Facing)}",
                    )
            lp = None
            if "lp" in section:
                lp = self.integer(section["lp"], f"{key}.lp", MIN_LP, MAX_LP)
            equipment = None
            if "equipment" in section:
                equipment = self.string_list(section["equipment"], f"{key}.equipment")
                for j, item in enumerate(equipment or []):
                    if item not in equipment_keys:
                        self.error(
                            f"{key}.equipment[{j}]",
                            f"unknown equipment {item!r}{suggestion(item, equipment_keys)}; "
                            "expected a weapon, armour or item key of the catalogue",
                        )
            conditions: list[str] = []
            if "conditions" in section:
                conditions = self.string_list(section["conditions"], f"{key}.conditions") or []
                self.check_conditions(conditions, f"{key}.conditions")
            companion_of = None
            if "companion_of" in section:
                companion_of = self.string(section["companion_of"], f"{key}.companion_of")
                if companion_of is not None and companion_of not in keys:
                    self.error(
                        f"{key}.companion_of",
                        f"companion_of names {companion_of!r}, which is not a creature of "
                        "this mission; expected the key of another [[creatures]] entry",
                    )
                elif companion_of is not None and companion_of == creature_key:
                    self.error(
                        f"{key}.companion_of",
                        f"creature {creature_key!r} cannot be its own companion; expected "
                        "the key of another creature",
                    )
            companion_before = False
            if "companion_before" in section:
                companion_before = bool(
                    self.boolean(section["companion_before"], f"{key}.companion_before")
                )
                if companion_before and companion_of is None:
                    self.error(
                        f"{key}.companion_before",
                        "companion_before needs companion_of; expected companion_of = "
                        '"<controller key>" too',
                    )
            hidden = False
            if "hidden" in section:
                hidden = bool(self.boolean(section["hidden"], f"{key}.hidden"))
            if len(self.problems) != before:
                continue
            if not (creature_key and kind and name and side and cell is not None):
                continue  # cannot happen without a problem above
            placed.append(
                CreaturePlacement(
                    key=creature_key,
                    type=kind,
                    name=name,
                    side=side,
                    cell=cell,
                    facing=facing,
                    life_points=lp,
                    equipment=tuple(equipment) if equipment is not None else None,
                    conditions=tuple(conditions),
                    companion_of=companion_of,
                    companion_before=companion_before,
                    hidden=hidden,
                )
            )
        return placed

    def position(
        self, value: object, key: str, size: int, width: int | None, height: int | None
    ) -> Cell | None:
        pair = self.int_list(value, key, (2,), "a field [x, y], like [3, 5]")
        if pair is None:
            return None
        if width is None or height is None:
            return (pair[0], pair[1])
        x, y = pair
        if x < 0 or y < 0 or x + size > width or y + size > height:
            extent = f" (a {size}x{size} creature from its top-left field)" if size > 1 else ""
            self.error(
                key,
                f"{key} is [{x}, {y}]{extent}, outside the {width}x{height} map; expected "
                f"0 <= x <= {width - size} and 0 <= y <= {height - size}",
            )
            return None
        return (x, y)

    def check_conditions(self, conditions: list[str], key: str) -> None:
        names = {c.name.lower() for c in Condition} | {c.value.lower() for c in Condition}
        seen: set[str] = set()
        for j, text in enumerate(conditions):
            canonical = _condition(text)
            if text.lower() not in names or canonical is None:
                self.error(
                    f"{key}[{j}]",
                    f"unknown condition {text!r}{suggestion(text, [c.value for c in Condition])}; "
                    "expected a condition of section 16, e.g. 'Liegend', 'Unentdeckt'",
                )
            elif canonical in seen:
                self.error(f"{key}[{j}]", f"condition {text!r} is listed twice")
            else:
                seen.add(canonical)


def _condition(text: str) -> str | None:
    lowered = text.lower()
    for condition in Condition:
        if lowered in (condition.name.lower(), condition.value.lower()):
            return condition.name
    return None
