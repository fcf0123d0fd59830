"""How WRS reads the rule-specific words of a mission file.

WRS has no terrain table of its own: the legend's terrain kinds and wall materials are a
small set with the keys other bundled missions use, each only what the board needs
(walls block steps and sight, panes block steps, not sight; W-OPEN-8: cover and
difficult ground have no WRS effect, one step is one field, D-15). Creature types are
the catalogue's fighters, equipment its weapons, shields and armour; a character can
start with up to two weapons or shields drawn. WRS characters start without
conditions: their state follows from their wounds (W-WOUND-1..4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from game.board.grid import FieldKind
from game.match.mission_ruleset import Message
from game.match.plain_terrain import MATERIALS, TERRAIN, MapWord
from game.match.problems import suggested
from game.rulesets.wrs.catalogue import WrsCatalogue
from game.rulesets.wrs.mission_texts import mission_say

__all__ = ["HANDS", "MATERIALS", "TERRAIN", "MapWord", "WrsMissionTerms"]

#: The things a character holds at once: two hands, one thing each (the engine's rule).
HANDS = 2


#: The one start condition WRS knows: the creature's side is surprised (W-SURP-2).
SURPRISED = "SURPRISED"
SURPRISED_NAMES = frozenset({"überrascht", "ueberrascht", "surprised"})

_TERRAIN = {word.key: word for word in TERRAIN}
_MATERIALS = {word.key: word for word in MATERIALS}


def _quoted_list(items: Sequence[str]) -> str:
    return ", ".join(repr(i) for i in items)


@dataclass(frozen=True)
class WrsMissionTerms:
    """WRS's MissionTerms (``game.match.mission_ruleset``) against one catalogue."""

    catalogue: WrsCatalogue

    @property
    def terrain_kinds(self) -> Sequence[str]:
        return tuple(_TERRAIN)

    @property
    def creature_types(self) -> Sequence[str]:
        return tuple(sorted(self.catalogue.fighters))

    @cached_property
    def _equipment(self) -> frozenset[str]:
        cat = self.catalogue
        return frozenset(cat.weapons) | frozenset(cat.shields) | frozenset(cat.armour)

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
        """Check ``held`` as what the character has drawn (W-ACT-1: drawing is an action).

        Each key must be in its equipment, be a weapon or shield (armour is worn), be
        held once, and two hands hold at most two things.
        """
        kind = self.catalogue.fighters.get(creature_type)
        if kind is None:
            return []  # the unknown type is reported on its own
        own = list(kind.equipment if equipment is None else equipment)
        whose = mission_say("its_type_equipment" if equipment is None else "its_equipment")
        problems: list[tuple[int | None, Message]] = []
        seen: Counter[str] = Counter()
        for index, key in enumerate(held):
            seen[key] += 1
            if key not in own:
                listed = _quoted_list(own) if own else "-"
                message = mission_say("held_not_owned", key=key, whose=whose, listed=listed)
                problems.append((index, message))
            elif seen[key] > 1:
                problems.append((index, mission_say("held_twice", key=key)))
            elif key in self.catalogue.armour:
                problems.append((index, mission_say("held_armour", key=key)))
        if len(held) > HANDS:
            problems.append((None, mission_say("held_too_many", count=len(held))))
        return problems

    def condition_key(self, name: str) -> str | None:
        """Return "SURPRISED" for Überrascht (W-SURP-2), else None: a WRS character's
        state follows from its wounds (W-WOUND-1..4)."""
        return SURPRISED if name.strip().casefold() in SURPRISED_NAMES else None

    def condition_problem(self, name: str) -> Message:
        return mission_say("no_conditions", name=name)

    def creature_name(self, key: str) -> str:
        kind = self.catalogue.fighters.get(key)
        return key if kind is None else kind.name

    def footprint(self, key: str) -> int:
        """Return 1: every WRS character stands on one field."""
        return 1

    def token_art(self, key: str) -> str:
        """Return "": WRS fighters name no token art (their initials are drawn)."""
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
        field (WRS itself checks no terrain)."""
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
