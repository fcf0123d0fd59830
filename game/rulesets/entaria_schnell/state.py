"""The set-up a quick-rules match starts from and the changing state of one creature."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.board.grid import BattleGrid, Cell
from game.rulesets.entaria.catalogue import CreatureType
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, SideSetup
from game.rulesets.entaria_schnell.rules.actions import DEFAULT_MOVES, MoveParams
from game.rulesets.entaria_schnell.rules.initiative import InitiativeResult
from game.rulesets.entaria_schnell.rules.zones import ZoneMap


@dataclass(frozen=True)
class QuickSetup:
    """Everything a quick-rules match needs besides the catalogue and the seed.

    ``battle`` is ENTARIA's set-up of the mission (sides, creatures, grid); ``zones``
    the zones over its grid (D-14); ``moves`` the zones Gehen and Laufen cross
    (Q-MOVE-1); ``zone_metres`` a zone's length for the Extra band's 1 km (None: open).
    """

    battle: BattleSetup
    zones: ZoneMap
    moves: MoveParams = DEFAULT_MOVES
    zone_metres: float | None = None

    @property
    def title(self) -> str:
        return self.battle.title

    @property
    def grid(self) -> BattleGrid:
        return self.battle.grid

    @property
    def sides(self) -> tuple[SideSetup, ...]:
        """Return the mission's sides (what the screen seats and names)."""
        return self.battle.sides

    @property
    def creatures(self) -> tuple[CreatureSetup, ...]:
        """Return the creatures at the start (ENTARIA's set-up of each)."""
        return self.battle.creatures

    def side_name(self, key: str) -> str:
        """Return a side's name (its key when the mission names no such side)."""
        return next((s.name for s in self.battle.sides if s.key == key), key)


@dataclass
class QuickCreature:
    """What changes of one creature during a quick-rules fight.

    ``kind`` is its type with the mission's own values; ``loaded`` is whether each
    magazine weapon is loaded (Q-CRIT-FAIL-2 empties one); ``thrown`` the thrown weapons
    already gone; ``saves`` the SAF conditions an end-of-turn save can end, by damage
    type (Q-OPEN-11); ``defeated`` an enemy at 0 LP, Besiegt (Q-DEFEAT-1).
    """

    key: str
    name: str
    kind: CreatureType
    side: str
    cell: Cell
    lp: int
    equipment: tuple[str, ...]
    held: ConditionSet = field(default_factory=ConditionSet)
    initiative: InitiativeResult | None = None
    loaded: dict[str, bool] = field(default_factory=dict)
    thrown: list[str] = field(default_factory=list)
    saves: dict[str, str] = field(default_factory=dict)
    defeated: bool = False
    outcome: str = ""
    wehrlos_for_repeat: bool = False

    @property
    def is_character(self) -> bool:
        return self.kind.is_character

    def to_dict(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return {
            "key": self.key,
            "type": self.kind.key,
            "side": self.side,
            "cell": list(self.cell),
            "lp": self.lp,
            "held": {c.value: n for c, n in sorted(self.held.items(), key=lambda i: i[0].value)},
            "initiative": None if self.initiative is None else self.initiative.roll.total,
            "failed": bool(self.initiative and self.initiative.failed),
            "loaded": dict(sorted(self.loaded.items())),
            "thrown": list(self.thrown),
            "saves": dict(sorted(self.saves.items())),
            "defeated": self.defeated,
            "outcome": self.outcome,
        }
