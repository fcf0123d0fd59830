"""The parties of a native mission file: ``[[sides]]`` with their deployment zones."""

from __future__ import annotations

import numpy as np

from game.board.grid import Cell
from game.match.problems import described
from game.missions.loader_texts import mission_say
from game.missions.model import Controller, Side
from game.missions.toml_checker import TomlChecker
from game.missions.toml_schema import (
    COLOUR_RE,
    DEFAULT_COLOURS,
    MAX_DEPLOYMENT_ENTRIES,
    MAX_SIDES,
    SIDE_KEYS,
)


class PartySections(TomlChecker):
    """Reads ``[[sides]]``: key, name, colour, controller and deployment zone."""

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
                self.error(f"{key}.key", mission_say("side_key_twice", key=side_key))
            name = self.present(section, "name", self.string, f"{key}.name")
            colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            if "colour" in section:
                raw_colour = self.string(section["colour"], f"{key}.colour")
                if raw_colour is not None and not COLOUR_RE.match(raw_colour):
                    self.error(
                        f"{key}.colour",
                        mission_say("bad_colour", key=key, colour=raw_colour),
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
                    mission_say("bad_controller", key=key, found=described(raw_controller)),
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
                mission_say("deployment_kind", key=where, found=described(value)),
            )
            return ()
        if len(value) > MAX_DEPLOYMENT_ENTRIES:
            self.error(
                where,
                mission_say(
                    "too_many_entries", key=where, count=len(value), limit=MAX_DEPLOYMENT_ENTRIES
                ),
            )
            return ()
        zone = None if width is None or height is None else np.zeros((height, width), bool)
        for j, item in enumerate(value):
            item_key = f"{where}[{j}]"
            numbers = self.int_list(item, item_key, (2, 4), mission_say("a_rectangle_or_field"))
            if numbers is None:
                continue
            if len(numbers) == 2:
                numbers = numbers * 2
            x0, y0, x1, y1 = numbers
            if x0 > x1 or y0 > y1:
                self.error(
                    item_key,
                    mission_say("bad_rectangle", key=item_key, numbers=numbers),
                )
                continue
            if zone is None or width is None or height is None:
                continue
            if min(x0, y0) < 0 or x1 >= width or y1 >= height:
                self.error(
                    item_key,
                    mission_say(
                        "zone_outside",
                        key=item_key,
                        width=width,
                        height=height,
                        max_x=width - 1,
                        max_y=height - 1,
                    ),
                )
                continue
            zone[y0 : y1 + 1, x0 : x1 + 1] = True
        if zone is None:
            return ()
        ys, xs = np.nonzero(zone)  # row-major: sorted by (y, x)
        return tuple(zip(xs.tolist(), ys.tolist(), strict=True))
