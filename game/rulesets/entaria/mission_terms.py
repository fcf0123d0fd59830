"""How ENTARIA reads the rule-specific words of a mission file.

The mission readers parse legend terrain and materials, creature types, equipment, what
is held at the start and start conditions as plain names; this is ENTARIA's answer to
what they mean: terrain kinds and creatures of the catalogue, wall materials of the
PAK/KEP table (``rules.objects``), the conditions of section 16 (``rules.terms.Condition``),
and whether a creature can start with those things in hand (``rules.hands``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from game.board.grid import FieldKind
from game.match.mission_ruleset import Message
from game.match.problems import suggested
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.loader_texts import entaria_say
from game.rulesets.entaria.rules.hands import HELD_ARMOUR, HOLDING_HANDS, can_hold_at_start
from game.rulesets.entaria.rules.objects import MATERIALS
from game.rulesets.entaria.rules.terms import Condition

_BY_GERMAN = {c.value.lower(): c for c in Condition}


def wall_materials() -> list[str]:
    """Return the material keys a legend may use for walls, panes, doors and furniture.

    Every one is a surface of the table whose PAK and KEP are per field (E-OBJ-6):
    furniture (terrain with a material) is one object per field, like a wall.
    """
    return [key for key, material in MATERIALS.items() if material.per_field]


def condition_named(name: str) -> Condition | None:
    """Return the condition a mission names, by German name or enum name."""
    return _BY_GERMAN.get(name.strip().lower()) or Condition.__members__.get(name.strip().upper())


def _quoted_list(items: Sequence[str]) -> str:
    return ", ".join(repr(i) for i in items)


@dataclass(frozen=True)
class EntariaMissionTerms:
    """ENTARIA's MissionTerms (``game.match.mission_ruleset``) against one catalogue."""

    catalogue: Catalogue

    @property
    def terrain_kinds(self) -> Sequence[str]:
        return tuple(self.catalogue.terrain)

    @property
    def creature_types(self) -> Sequence[str]:
        return tuple(sorted(self.catalogue.creatures))

    @cached_property
    def _walls(self) -> tuple[str, ...]:
        return tuple(wall_materials())

    @cached_property
    def _equipment(self) -> frozenset[str]:
        catalogue = self.catalogue
        return (
            frozenset(catalogue.weapons) | frozenset(catalogue.armour) | frozenset(catalogue.items)
        )

    def terrain_problem(self, key: str) -> Message | None:
        kinds = self.terrain_kinds
        if key in kinds:
            return None
        hint = suggested(key, kinds)
        return entaria_say("unknown_terrain", key=key, hint=hint, listed=_quoted_list(kinds))

    def material_problem(self, key: str) -> Message | None:
        if key in self._walls:
            return None
        hint, listed = suggested(key, self._walls), _quoted_list(self._walls)
        return entaria_say("unknown_material", key=key, hint=hint, listed=listed)

    def creature_problem(self, key: str) -> Message | None:
        if key in self.catalogue.creatures:
            return None
        hint = suggested(key, self.catalogue.creatures)
        listed = _quoted_list(self.creature_types)
        return entaria_say("unknown_creature", key=key, hint=hint, listed=listed)

    def equipment_problem(self, key: str) -> Message | None:
        if key in self._equipment:
            return None
        hint = suggested(key, sorted(self._equipment))
        return entaria_say("unknown_equipment", key=key, hint=hint)

    def held_problems(
        self, creature_type: str, equipment: Sequence[str] | None, held: Sequence[str]
    ) -> list[tuple[int | None, Message]]:
        """Check ``held`` as what the creature could have drawn (E-ACT-HH-INTERAGIEREN).

        Each key must be in its equipment (as often as it is listed there), be a thing for
        a hand (no worn armour, ``rules.hands.HELD_ARMOUR``), and all of them must fit its
        hands, one hand each (``rules.hands.can_hold_at_start``).
        """
        kind = self.catalogue.creatures.get(creature_type)
        if kind is None:
            return []  # the unknown type is reported on its own
        own = list(kind.equipment if equipment is None else equipment)
        whose = entaria_say("its_type_equipment" if equipment is None else "its_equipment")
        problems: list[tuple[int | None, Message]] = []
        left = Counter(own)
        for index, key in enumerate(held):
            if left[key] <= 0:
                problems.append((index, self._not_in_equipment(key, own, whose)))
                continue
            left[key] -= 1
            armour = self.catalogue.armour.get(key)
            if armour is not None and armour.category not in HELD_ARMOUR:
                message = entaria_say(
                    "held_armour", key=key, category=armour.category.value, name=armour.name
                )
                problems.append((index, message))
        if not can_hold_at_start(kind.hands, len(held)):
            message = entaria_say(
                "held_too_many",
                count=len(held),
                kind=kind.name,
                hands=kind.hands,
                per=HOLDING_HANDS,
                most=kind.hands // HOLDING_HANDS,
            )
            problems.append((None, message))
        return problems

    @staticmethod
    def _not_in_equipment(key: str, own: Sequence[str], whose: Message) -> Message:
        if key in own:
            return entaria_say("held_too_often", key=key, whose=whose, count=own.count(key))
        listed = _quoted_list(own) if own else entaria_say("nothing")
        return entaria_say("held_not_owned", key=key, whose=whose, listed=listed)

    def condition_key(self, name: str) -> str | None:
        lowered = name.lower()
        for condition in Condition:
            if lowered in (condition.name.lower(), condition.value.lower()):
                return condition.name
        return None

    def condition_problem(self, name: str) -> Message:
        hint = suggested(name, [c.value for c in Condition])
        return entaria_say("unknown_condition", name=name, hint=hint)

    def creature_name(self, key: str) -> str:
        kind = self.catalogue.creatures.get(key)
        return key if kind is None else str(kind.name)

    def footprint(self, key: str) -> int:
        return self.catalogue.footprint_side(key)

    def token_art(self, key: str) -> str:
        kind = self.catalogue.creatures.get(key)
        return "" if kind is None else str(kind.token)

    def terrain_char(self, key: str) -> str:
        kind = self.catalogue.terrain.get(key)
        return "" if kind is None else kind.sample_char

    def terrain_name(self, key: str) -> str:
        kind = self.catalogue.terrain.get(key)
        return key if kind is None else str(kind.german)

    def material_name(self, key: str) -> str:
        material = MATERIALS.get(key)
        return key if material is None else material.german

    def terrain_field(
        self, key: str, *, difficult: bool | None, target: int | None
    ) -> FieldKind | None:
        kind = self.catalogue.terrain.get(key)
        return None if kind is None else kind.field_kind(difficult=difficult, target=target)

    def wall_field(self, material: str) -> FieldKind | None:
        found = MATERIALS.get(material)
        if found is None or not found.per_field:
            return None
        return found.field_kind()
