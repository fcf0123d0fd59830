"""The set-up a Genesis match starts from, and what changes of a fighter during it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.board.grid import BattleGrid, Cell
from game.rulesets.genesis.catalogue import GenesisFighter


@dataclass(frozen=True)
class FighterSetup:
    """One fighter at the start: a catalogue fighter, its side, field and facing.

    ``own``: the fighter's own values (a mission's) in place of the catalogue's.
    ``name``: the name the mission gives it ("" : the catalogue fighter's name)."""

    key: str
    fighter: str
    side: str
    cell: Cell
    facing: str = "S"
    own: GenesisFighter | None = None
    name: str = ""


@dataclass(frozen=True)
class GenesisSetup:
    """Everything a Genesis match needs besides the catalogue and the seed."""

    title: str
    grid: BattleGrid
    fighters: tuple[FighterSetup, ...]


@dataclass(frozen=True)
class Declaration:
    """What a fighter announced for this KR: numbers of AT and PA/AW, a move, a leave."""

    attacks: float = 0.0
    defences: float = 0.0
    shift: bool = False
    path: tuple[Cell, ...] = ()
    leave: bool = False
    swap_to: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the declaration as plain JSON data."""
        return {
            "attacks": self.attacks,
            "defences": self.defences,
            "shift": self.shift,
            "path": [list(c) for c in self.path],
            "leave": self.leave,
            "swap_to": self.swap_to,
        }


@dataclass
class FighterState:
    """What changes of a fighter: field, facing, LE, AD, weapon, this KR's GW and states."""

    key: str
    fighter: str
    side: str
    cell: Cell
    facing: str
    le: int
    ad: int
    weapon: str
    ini: int = 0
    #: The result of its one Selbstbeherrschung test (None: not made yet; G-OPEN-7).
    self_control_x: int | None = None
    life: str = "fighting"
    #: This pair of KRs' shares of GW (first KR, second KR), set in KR 1 and each AKR.
    shares: tuple[float, float] = (0.0, 0.0)
    declared: Declaration | None = None
    attacks_left: float = 0.0
    defences_left: float = 0.0
    attacked_in_kr1: bool = False
    passive_in_kr1: bool = False
    #: The KR this fighter is passive in (leaving the fight, G-LEAVE-2); 0: none.
    passive_kr: int = 0
    #: Free to walk away from an adjacent enemy (declared the leave a KR before).
    released: bool = False
    #: KRs until the weapon change is done (G-SWAP) and until the next shot (G-RELOAD).
    swap_left: int = 0
    swap_to: str = ""
    reload_left: int = 0
    #: The KR of the last shot with a missile weapon (its reload begins after it).
    fired_kr: int = 0
    #: Fields moved in the last KR (the target's motion for a shot, G-OPEN-13).
    moved: int = 0
    moved_now: int = 0
    #: +20 tokens for one action each (surplus attacks, G-SURPLUS-2) and their last KR.
    bonus_tokens: int = 0
    bonus_until_kr: int = 0
    #: The last KR of a +20 % run speed (a surplus AT, G-SURPLUS-3); 0: none.
    speed_until_kr: int = 0
    dodged_this_kr: bool = False
    #: Throwing weapons of the drawn set still in hand (G-TWPN-2/4).
    set_left: int = 0
    #: Thrown objects no longer carried (a thrown stone or chair leaves the hand).
    gone: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the state as plain JSON data."""
        return {
            "key": self.key,
            "fighter": self.fighter,
            "side": self.side,
            "cell": list(self.cell),
            "facing": self.facing,
            "le": self.le,
            "ad": self.ad,
            "weapon": self.weapon,
            "ini": self.ini,
            "self_control_x": self.self_control_x,
            "life": self.life,
            "shares": list(self.shares),
            "declared": self.declared.to_dict() if self.declared else None,
            "attacks_left": self.attacks_left,
            "defences_left": self.defences_left,
            "attacked_in_kr1": self.attacked_in_kr1,
            "passive_in_kr1": self.passive_in_kr1,
            "passive_kr": self.passive_kr,
            "released": self.released,
            "swap_left": self.swap_left,
            "swap_to": self.swap_to,
            "reload_left": self.reload_left,
            "fired_kr": self.fired_kr,
            "moved": self.moved,
            "bonus_tokens": self.bonus_tokens,
            "bonus_until_kr": self.bonus_until_kr,
            "speed_until_kr": self.speed_until_kr,
            "gone": list(self.gone),
            "set_left": self.set_left,
        }
