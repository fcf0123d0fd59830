"""The creatures of a native mission file: ``[[creatures]]``.

The format's keys are checked here (``image``: a picture in the mission's folder for the
creature's token, ``creature_images``; ``values``: a table of whole numbers by name);
what the rule-specific names mean (the creature type, its footprint and name, equipment,
what it holds at the start, start conditions) the mission's ruleset says through its
``MissionTerms``; the value names and their bounds it checks when the match is set up.
The names are kept as the file gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.board.grid import Cell
from game.match.mission_ruleset import MissionTerms
from game.match.problems import MissionError, described
from game.missions.creature_images import image_problems, texts_of
from game.missions.loader_texts import mission_say
from game.missions.model import CreaturePlacement, Facing, Side
from game.missions.paths import relative_parts
from game.missions.toml_checker import TomlChecker, quoted_list
from game.missions.toml_schema import (
    CREATURE_KEYS,
    MAX_CREATURES,
    MAX_LP,
    MAX_VALUE,
    MAX_VALUE_NAME,
    MAX_VALUES,
    MIN_LP,
    MIN_VALUE,
)


class CreatureSection(TomlChecker):
    """Reads ``[[creatures]]``: each creature's type, side, field and overrides."""

    #: How the mission's ruleset reads creature types, equipment and conditions.
    terms: MissionTerms

    def creatures(
        self, value: object, sides: Mapping[str, Side], width: int | None, height: int | None
    ) -> list[CreaturePlacement]:
        placed: list[CreaturePlacement] = []
        raw_list = self.array_of_tables(value, "creatures", MAX_CREATURES)
        keys: dict[str, int] = {}
        for i, raw in enumerate(raw_list):
            if isinstance(raw, dict) and isinstance(raw.get("key"), str):
                keys.setdefault(raw["key"], i)
        seen: set[str] = set()
        for i, raw in enumerate(raw_list):
            key = f"creatures[{i}]"
            section = self.table(
                raw,
                key,
                CREATURE_KEYS,
                ("key", "type", "side", "at"),
                shown=f"[[creatures]] #{i + 1}",
            )
            if section is not None:
                creature = self.creature(section, key, sides, keys, seen, (width, height))
                if creature is not None:
                    placed.append(creature)
        return placed

    def creature(
        self,
        section: dict[str, Any],
        key: str,
        sides: Mapping[str, Side],
        keys: Mapping[str, int],
        seen: set[str],
        size: tuple[int | None, int | None],
    ) -> CreaturePlacement | None:
        """Return one creature, or None after recording what is wrong with it."""
        before = len(self.problems)
        creature_key = self.unique_key(section, key, seen)
        kind, name = self.kind_and_name(section, key)
        side = self.declared_side(section, key, sides)
        cell = None
        if "at" in section:
            fields = self.terms.footprint(kind) if kind is not None else 1
            cell = self.position(section["at"], f"{key}.at", fields, *size)
        facing = self.facing(section, key)
        lp = None
        if "lp" in section:
            lp = self.integer(section["lp"], f"{key}.lp", MIN_LP, MAX_LP)
        equipment = self.equipment(section, key)
        held = self.held(section, key, kind, equipment)
        conditions: list[str] = []
        if "conditions" in section:
            conditions = self.string_list(section["conditions"], f"{key}.conditions") or []
            self.check_conditions(conditions, f"{key}.conditions")
        companion_of, companion_before = self.companion(section, key, creature_key, keys)
        hidden = False
        if "hidden" in section:
            hidden = bool(self.boolean(section["hidden"], f"{key}.hidden"))
        image = self.image(section, key)
        values = self.values(section, key)
        if len(self.problems) != before:
            return None
        if not (creature_key and kind and name and side and cell is not None):
            return None  # cannot happen without a problem above
        return CreaturePlacement(
            key=creature_key,
            type=kind,
            name=name,
            side=side,
            cell=cell,
            facing=facing,
            life_points=lp,
            equipment=tuple(equipment) if equipment is not None else None,
            held=tuple(held),
            conditions=tuple(conditions),
            companion_of=companion_of,
            companion_before=companion_before,
            hidden=hidden,
            image=image,
            values=values,
        )

    def values(self, section: dict[str, Any], key: str) -> tuple[tuple[str, int], ...]:
        """Return the creature's own values, (name, whole number) in the file's order.

        A table of at most ``MAX_VALUES`` entries, each name a key of at most
        ``MAX_VALUE_NAME`` characters, each value a whole number in ``MIN_VALUE..MAX_VALUE``;
        which names the ruleset knows, and their bounds, it checks at the match's set-up.
        """
        if "values" not in section:
            return ()
        where = f"{key}.values"
        table = section["values"]
        if not isinstance(table, dict):
            self.error(where, mission_say("table_expected", name=where, found=described(table)))
            return ()
        if len(table) > MAX_VALUES:
            count = len(table)
            self.error(
                where, mission_say("too_many_entries", key=where, count=count, limit=MAX_VALUES)
            )
            return ()
        found: list[tuple[str, int]] = []
        for name, raw in table.items():
            if len(name) > MAX_VALUE_NAME:
                self.error(
                    where,
                    mission_say("text_too_long", key=where, count=len(name), limit=MAX_VALUE_NAME),
                )
            elif self.identifier(name, where) is not None:
                number = self.integer(raw, f"{where}.{name}", MIN_VALUE, MAX_VALUE)
                if number is not None:
                    found.append((name, number))
        return tuple(found)

    def image(self, section: dict[str, Any], key: str) -> str:
        """Return the creature's own picture ("": none); a path that could leave the
        mission's folder is an error (the file itself: ``check_creature_images``)."""
        if "image" not in section:
            return ""
        path = self.string(section["image"], f"{key}.image", limit=1000)
        if path is None:
            return ""
        try:
            relative_parts(path, path_label=self.label)
        except MissionError as exc:
            for problem in exc.problems:
                texts = texts_of(problem)
                self.error(f"{key}.image", {k: f"{key}.image: {v}" for k, v in texts.items()})
            return ""
        return path

    def check_creature_images(self, base_dir: Path, creatures: Sequence[CreaturePlacement]) -> None:
        """Record every creature picture that is missing, outside the folder or unusable,
        and the one that makes the mission's pictures too many or too large; each
        different picture is checked once (a thousand orks may share one)."""
        images = [creature.image for creature in creatures if creature.image]
        problems = image_problems(base_dir, images, path_label=self.label)
        for index, creature in enumerate(creatures):
            key = f"creatures[{index}].image"
            problem = problems.get(creature.image) if creature.image else None
            if problem is not None:
                self.error(key, {lang: f"{key}: {text}" for lang, text in problem.items()})

    def unique_key(self, section: dict[str, Any], key: str, seen: set[str]) -> str | None:
        """Return the creature's key, recording it in ``seen``; a key used twice is an error."""
        creature_key = self.present(section, "key", self.identifier, f"{key}.key")
        if creature_key is not None:
            if creature_key in seen:
                self.error(
                    f"{key}.key",
                    mission_say("creature_key_twice", key=creature_key),
                )
            seen.add(creature_key)
        return creature_key

    def declared_side(
        self, section: dict[str, Any], key: str, sides: Mapping[str, Side]
    ) -> str | None:
        """Return the creature's side; a side ``[[sides]]`` does not declare is an error."""
        side = self.present(section, "side", self.string, f"{key}.side")
        if side is not None and side not in sides:
            declared = quoted_list(sides) if sides else mission_say("none_declared")
            self.error(
                f"{key}.side",
                mission_say("side_not_declared", side=side, declared=declared),
            )
        return side

    def kind_and_name(self, section: dict[str, Any], key: str) -> tuple[str | None, str | None]:
        """Return the creature's type and name (default: the name of its type)."""
        kind = self.present(section, "type", self.string, f"{key}.type")
        known = False
        if kind is not None:
            problem = self.terms.creature_problem(kind)
            if problem is not None:
                self.error(f"{key}.type", problem)
            known = problem is None
        name: str | None = None
        if "name" in section:
            name = self.string(section["name"], f"{key}.name")
        elif kind is not None and known:
            name = self.terms.creature_name(kind)
        return kind, name

    def facing(self, section: dict[str, Any], key: str) -> Facing:
        raw = section.get("facing")
        if raw is None:
            return Facing.S
        if isinstance(raw, str) and raw.upper() in Facing.__members__:
            return Facing[raw.upper()]
        self.error(
            f"{key}.facing",
            mission_say(
                "bad_facing",
                key=key,
                found=described(raw),
                allowed=quoted_list(f.value for f in Facing),
            ),
        )
        return Facing.S

    def equipment(self, section: dict[str, Any], key: str) -> list[str] | None:
        if "equipment" not in section:
            return None
        equipment = self.string_list(section["equipment"], f"{key}.equipment")
        for j, item in enumerate(equipment or []):
            problem = self.terms.equipment_problem(item)
            if problem is not None:
                self.error(f"{key}.equipment[{j}]", problem)
        return equipment

    def held(
        self,
        section: dict[str, Any],
        key: str,
        kind: str | None,
        equipment: list[str] | None,
    ) -> list[str]:
        """Return what the creature holds at the start (default: nothing drawn).

        Each key must be a known equipment key; whether the creature has it and can hold
        it all at once the ruleset says (``MissionTerms.held_problems``), against the
        creature's ``equipment`` or, when the file gives none, its type's.
        """
        if "held" not in section:
            return []
        held = self.string_list(section["held"], f"{key}.held")
        if held is None:
            return []
        unknown = False
        for j, item in enumerate(held):
            problem = self.terms.equipment_problem(item)
            if problem is not None:
                self.error(f"{key}.held[{j}]", problem)
                unknown = True
        if unknown or kind is None or self.terms.creature_problem(kind) is not None:
            return held  # the unknown names are reported; the rest cannot be judged
        if equipment is not None and any(
            self.terms.equipment_problem(item) is not None for item in equipment
        ):
            return held
        for index, problem in self.terms.held_problems(kind, equipment, held):
            self.error(f"{key}.held" if index is None else f"{key}.held[{index}]", problem)
        return held

    def companion(
        self,
        section: dict[str, Any],
        key: str,
        creature_key: str | None,
        keys: Mapping[str, int],
    ) -> tuple[str | None, bool]:
        """Return (companion_of, companion_before) of a "C" companion."""
        companion_of = None
        if "companion_of" in section:
            companion_of = self.string(section["companion_of"], f"{key}.companion_of")
            if companion_of is not None and companion_of not in keys:
                self.error(
                    f"{key}.companion_of",
                    mission_say("companion_unknown", name=companion_of),
                )
            elif companion_of is not None and companion_of == creature_key:
                self.error(
                    f"{key}.companion_of",
                    mission_say("companion_self", key=creature_key),
                )
        companion_before = False
        if "companion_before" in section:
            companion_before = bool(
                self.boolean(section["companion_before"], f"{key}.companion_before")
            )
            if companion_before and companion_of is None:
                self.error(
                    f"{key}.companion_before",
                    mission_say("companion_before_alone"),
                )
        return companion_of, companion_before

    def position(
        self, value: object, key: str, size: int, width: int | None, height: int | None
    ) -> Cell | None:
        pair = self.int_list(value, key, (2,), mission_say("a_field"))
        if pair is None:
            return None
        if width is None or height is None:
            return (pair[0], pair[1])
        x, y = pair
        if x < 0 or y < 0 or x + size > width or y + size > height:
            extent = mission_say("big_creature", size=size) if size > 1 else ""
            message = mission_say(
                "creature_outside",
                key=key,
                x=x,
                y=y,
                extent=extent,
                width=width,
                height=height,
                max_x=width - size,
                max_y=height - size,
            )
            self.error(key, message)
            return None
        return (x, y)

    def check_conditions(self, conditions: list[str], key: str) -> None:
        seen: set[str] = set()
        for j, text in enumerate(conditions):
            canonical = self.terms.condition_key(text)
            if canonical is None:
                self.error(f"{key}[{j}]", self.terms.condition_problem(text))
            elif canonical in seen:
                self.error(f"{key}[{j}]", mission_say("condition_twice", name=text))
            else:
                seen.add(canonical)
