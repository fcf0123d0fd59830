"""How Genesis reads the rule-specific words of a mission file.

Genesis has no terrain table of its own: the legend's terrain kinds and wall materials are
a small set with the keys other bundled missions use (WRS's), each only what the board
needs (walls block steps and sight, panes block steps, not sight); one field is 1 m
(D-16). Creature types are the catalogue's fighters, equipment its weapons and armour
pieces; a fighter has one weapon in hand, by default the first of its weapons, or the
one ``held`` names. Genesis fighters start without conditions: their state follows from
their LE (G-LE-UNC, G-LE-DEATH).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from game.board.grid import FieldKind
from game.match.mission_ruleset import Message
from game.match.plain_terrain import MATERIALS, TERRAIN, MapWord
from game.match.problems import suggested
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.creature_fields import equipment_of
from game.rulesets.genesis.mission_texts import mission_say

__all__ = ["HELD_MAX", "MATERIALS", "TERRAIN", "GenesisMissionTerms", "MapWord"]

#: The weapons a fighter holds at the start: one (the engine tracks one weapon in hand).
HELD_MAX = 1


_TERRAIN = {word.key: word for word in TERRAIN}
_MATERIALS = {word.key: word for word in MATERIALS}


def _quoted_list(items: Sequence[str]) -> str:
    return ", ".join(repr(i) for i in items)


@dataclass(frozen=True)
class GenesisMissionTerms:
    """Genesis' MissionTerms (``game.match.mission_ruleset``) against one catalogue."""

    catalogue: GenesisCatalogue

    @property
    def terrain_kinds(self) -> Sequence[str]:
        return tuple(_TERRAIN)

    @property
    def creature_types(self) -> Sequence[str]:
        return tuple(sorted(self.catalogue.fighters))

    @cached_property
    def _equipment(self) -> frozenset[str]:
        return frozenset(self.catalogue.weapons) | frozenset(self.catalogue.armour)

    def terrain_problem(self, key: str) -> Message | None:
        if key in _TERRAIN:
            return None
        kinds = self.terrain_kinds
        return mission_say(
            "unknown_terrain", key=key, hint=suggested(key, kinds), listed=_quoted_list(kinds)
        )

    def material_problem(self, key: str) -> Message | None:
        if key in _MATERIALS:
            return None
        listed = tuple(_MATERIALS)
        return mission_say(
            "unknown_material", key=key, hint=suggested(key, listed), listed=_quoted_list(listed)
        )

    def creature_problem(self, key: str) -> Message | None:
        if key in self.catalogue.fighters:
            return None
        hint = suggested(key, self.catalogue.fighters)
        return mission_say(
            "unknown_fighter", key=key, hint=hint, listed=_quoted_list(self.creature_types)
        )

    def equipment_problem(self, key: str) -> Message | None:
        if key in self._equipment:
            return None
        hint = suggested(key, sorted(self._equipment))
        return mission_say("unknown_equipment", key=key, hint=hint)

    def held_problems(
        self, creature_type: str, equipment: Sequence[str] | None, held: Sequence[str]
    ) -> list[tuple[int | None, Message]]:
        """Check ``held`` as the weapon in hand at the start (default: the first weapon).

        Each key must be in its equipment and be a weapon (armour, shields included, is
        worn), and a fighter holds one weapon (G-SWAP: a change takes 2 KR)."""
        kind = self.catalogue.fighters.get(creature_type)
        if kind is None:
            return []  # the unknown type is reported on its own
        own = list(equipment_of(kind) if equipment is None else equipment)
        whose = mission_say("its_type_equipment" if equipment is None else "its_equipment")
        problems: list[tuple[int | None, Message]] = []
        for index, key in enumerate(held):
            if key not in own:
                listed = _quoted_list(own) if own else "-"
                message = mission_say("held_not_owned", key=key, whose=whose, listed=listed)
                problems.append((index, message))
            elif key in self.catalogue.armour:
                problems.append((index, mission_say("held_armour", key=key)))
        if len(held) > HELD_MAX:
            problems.append((None, mission_say("held_too_many", count=len(held))))
        return problems

    def condition_key(self, name: str) -> str | None:
        """Return None: a Genesis fighter starts without conditions."""
        return None

    def condition_problem(self, name: str) -> Message:
        return mission_say("no_conditions", name=name)

    def creature_name(self, key: str) -> str:
        kind = self.catalogue.fighters.get(key)
        return key if kind is None else kind.name

    def footprint(self, key: str) -> int:
        """Return 1: every Genesis fighter stands on one field."""
        return 1

    def token_art(self, key: str) -> str:
        """Return "": Genesis fighters name no token art (their initials are drawn)."""
        return ""

    def terrain_char(self, key: str) -> str:
        word = _TERRAIN.get(key)
        return "" if word is None else word.char

    def terrain_name(self, key: str) -> str:
        word = _TERRAIN.get(key)
        return key if word is None else word.german

    def material_name(self, key: str) -> str:
        word = _MATERIALS.get(key)
        return key if word is None else word.german

    def terrain_field(
        self, key: str, *, difficult: bool | None, target: int | None
    ) -> FieldKind | None:
        """Return the field of ``key``; ``difficult`` overrides, ``target`` is kept on the
        field (Genesis itself checks no terrain)."""
        word = _TERRAIN.get(key)
        if word is None:
            return None
        field = word.field
        if difficult is not None:
            field = replace(field, difficult=difficult)
        if target is not None:
            field = replace(field, terrain_target=target)
        return field

    def wall_field(self, material: str) -> FieldKind | None:
        word = _MATERIALS.get(material)
        return None if word is None else word.field
