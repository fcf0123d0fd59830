"""Initiative and the round cycle (sections 4 and 5, D-11).

Characters roll d20 + base initiative once per combat (E-INIT-2); enemies carry a fixed
value in brackets, which also serves as their base for ties (E-INIT-3, E-OPEN-6). The
order is highest first; ties go to the higher base, then characters before enemies, then
roster order (D-11, which replaces the roll-off of E-OPEN-6). Companions "C" act directly
after, or if so marked before, their controller (E-INIT-7), chosen anew each round
(E-OPEN-7). Orientieren (+5, once per combat) and Unterkühlt (0 while it lasts) change the
effective value; the engine re-sorts at the start of the next round (E-OPEN-8).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll, success_roll
from game.rulesets.entaria.rules.condition_effects import initiative_override
from game.rulesets.entaria.rules.terms import Condition

__all__ = [
    "ORIENT_BONUS",
    "PREPARATION_STEPS",
    "ROUND_SECONDS",
    "InitiativeEntry",
    "PreparationStep",
    "Turn",
    "character_entry",
    "combat_ends",
    "companion_entry",
    "effective_initiative",
    "enemy_entry",
    "initiative_order",
    "roll_initiative",
    "rounds_in",
]

#: Orientieren raises initiative once per combat by +5 (E-INIT-8, E-ACT-HH-ORIENTIEREN).
ORIENT_BONUS = 5
#: A combat round lasts 6 seconds (E-ROUND-1).
ROUND_SECONDS = 6


class PreparationStep(Enum):
    """The steps of combat preparation, in order (E-ROUND-2, E-ROUND-3)."""

    SET_POSITIONS = "Position festlegen"
    INITIATIVE = "Initiative bestimmen"


#: Preparation: positions first, then initiative; combat rounds follow (E-ROUND-1).
PREPARATION_STEPS: tuple[PreparationStep, ...] = (
    PreparationStep.SET_POSITIONS,
    PreparationStep.INITIATIVE,
)


def rounds_in(seconds: int) -> int:
    """Return how many whole 6-second rounds fit in ``seconds`` (1 minute = 10 rounds)."""
    if seconds < 0:
        raise ValueError("a duration cannot be negative")
    return seconds // ROUND_SECONDS


def roll_initiative(
    base: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
    cumbersome: bool = False,
) -> Roll:
    """Roll a character's initiative: d20 + base + WM, an open roll (E-INIT-2).

    ``cumbersome`` armour (Beschwerlich) adds one Nachteil (E-INIT-6). The result holds
    for the whole combat (E-INIT-1).
    """
    return success_roll(base, None, roller, edge=edge - int(cumbersome), modifier=modifier)


def effective_initiative(value: int, *, oriented: bool = False, hypothermic: bool = False) -> int:
    """Return the initiative used for ordering.

    Orientieren adds +5 (E-INIT-8); Unterkühlt sets it to what its condition rule
    forces, 0, while it lasts (``condition_effects.initiative_override``), and the old value,
    Orientieren included, returns when it ends (E-INIT-9, E-OPEN-8).
    """
    forced = initiative_override({Condition.HYPOTHERMIC} if hypothermic else ())
    if forced is not None:
        return forced
    return value + (ORIENT_BONUS if oriented else 0)


@dataclass(frozen=True)
class InitiativeEntry:
    """One creature's place in the initiative order.

    ``initiative`` is the rolled total or the enemy's bracket value; a companion ("C",
    ``companion_of`` set) has none. ``base`` is the Grundwert Initiative used for ties.
    """

    id: Hashable
    initiative: int | None
    base: int
    is_character: bool
    roster_index: int
    companion_of: Hashable | None = None
    companion_before: bool = False
    oriented: bool = False
    hypothermic: bool = False

    def __post_init__(self) -> None:
        if self.companion_of is None and self.initiative is None:
            raise ValueError(f"{self.id!r}: only a companion ('C') has no initiative value")
        if self.companion_of is not None and self.initiative is not None:
            raise ValueError(f"{self.id!r}: a companion ('C') acts with its controller")
        if self.companion_of == self.id:
            raise ValueError(f"{self.id!r} cannot be its own controller")

    @property
    def effective(self) -> int | None:
        """Return the initiative used for ordering (None for a companion)."""
        if self.initiative is None:
            return None
        return effective_initiative(
            self.initiative, oriented=self.oriented, hypothermic=self.hypothermic
        )

    def orient(self) -> InitiativeEntry:
        """Return the entry after Orientieren; a second use adds nothing (E-OPEN-8)."""
        return replace(self, oriented=True)

    def with_hypothermia(self, hypothermic: bool) -> InitiativeEntry:
        """Return the entry with Unterkühlt gained (True) or ended (False) (E-INIT-9)."""
        return replace(self, hypothermic=hypothermic)


def character_entry(
    id: Hashable, roll: Roll | int, base: int, roster_index: int
) -> InitiativeEntry:
    """Return a player character's entry from its initiative roll (E-INIT-2)."""
    total = roll.total if isinstance(roll, Roll) else roll
    return InitiativeEntry(id, total, base, is_character=True, roster_index=roster_index)


def enemy_entry(id: Hashable, bracket: int, roster_index: int) -> InitiativeEntry:
    """Return an enemy's entry: the fixed [n] is its initiative and its base (E-INIT-3)."""
    return InitiativeEntry(id, bracket, bracket, is_character=False, roster_index=roster_index)


def companion_entry(
    id: Hashable,
    controller: Hashable,
    roster_index: int,
    *,
    before: bool = False,
    is_character: bool = False,
) -> InitiativeEntry:
    """Return the entry of a "C" creature bound to ``controller`` (E-INIT-7)."""
    return InitiativeEntry(
        id,
        None,
        0,
        is_character=is_character,
        roster_index=roster_index,
        companion_of=controller,
        companion_before=before,
    )


def initiative_order(
    entries: Iterable[InitiativeEntry],
    *,
    companions_before: Mapping[Hashable, bool] | None = None,
) -> list[Hashable]:
    """Return the ids in acting order (D-11, E-INIT-4, E-INIT-5, E-INIT-7).

    Highest effective initiative first; ties: higher base, characters before enemies,
    lower roster index. Each companion comes directly before or after its controller:
    ``companions_before`` (by companion id) overrides the entry's mark for this round
    (E-OPEN-7); several companions on one side of a controller keep roster order.
    Call it at the start of every round: changes take effect then (E-OPEN-8).
    """
    listed = list(entries)
    ids = [e.id for e in listed]
    if len(set(ids)) != len(ids):
        raise ValueError("initiative entries need distinct ids")
    by_id = {e.id: e for e in listed}
    choice = dict(companions_before or {})
    unknown = set(choice) - {e.id for e in listed if e.companion_of is not None}
    if unknown:
        raise ValueError(f"companions_before names no companion: {sorted(map(repr, unknown))}")

    leaders = [e for e in listed if e.companion_of is None]
    before: dict[Hashable, list[InitiativeEntry]] = {e.id: [] for e in leaders}
    after: dict[Hashable, list[InitiativeEntry]] = {e.id: [] for e in leaders}
    for e in listed:
        if e.companion_of is None:
            continue
        controller = by_id.get(e.companion_of)
        if controller is None:
            raise ValueError(f"companion {e.id!r}: controller {e.companion_of!r} is not listed")
        if controller.companion_of is not None:
            raise ValueError(f"companion {e.id!r}: its controller is itself a companion")
        side = before if choice.get(e.id, e.companion_before) else after
        side[controller.id].append(e)

    def tie_key(e: InitiativeEntry) -> tuple[int, int, bool, int]:
        assert e.effective is not None  # leaders always have a value
        return (-e.effective, -e.base, not e.is_character, e.roster_index)

    order: list[Hashable] = []
    for leader in sorted(leaders, key=tie_key):
        order += [c.id for c in sorted(before[leader.id], key=lambda c: c.roster_index)]
        order.append(leader.id)
        order += [c.id for c in sorted(after[leader.id], key=lambda c: c.roster_index)]
    return order


@dataclass(frozen=True)
class Turn:
    """Whose turn it is: a round number from 1 and an index into that round's order."""

    round: int = 1
    index: int = 0

    def next(self, order_length: int) -> Turn:
        """Return the next turn: the next creature, or a new round after the last (E-ROUND-5/6)."""
        if order_length < 1:
            raise ValueError("a round needs at least one creature")
        if self.index + 1 < order_length:
            return Turn(self.round, self.index + 1)
        return Turn(self.round + 1, 0)


def combat_ends(*, fighting_stopped: bool, a_side_fled: bool, enemies_in_sight: bool) -> bool:
    """Return whether the combat is over (E-ROUND-7)."""
    return fighting_stopped or a_side_fled or not enemies_in_sight
