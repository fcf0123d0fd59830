"""The mutable state of one match: one object holds everything a save needs.

Static definitions (creature types, weapons) stay in the content catalogue; the
state keeps only keys into it plus what changes during the fight.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.board.grid import Cell
from game.rulesets.entaria.object_state import (
    ObjectDamage,
    objects_from_dicts,
    objects_to_dicts,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.rules.turn_budget import TurnBudget


def copy_json(value: Any) -> Any:
    """Return a copy of JSON-like ``value`` whose lists and dicts share nothing with it.

    Cheaper than ``copy.deepcopy`` for the plain data of a snapshot: scalars are shared
    (they are immutable), lists and dicts are rebuilt.
    """
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, tuple):
        return tuple(copy_json(v) for v in value)
    return value


class Stance(Enum):
    """How a figure stands (Positionsänderung changes it)."""

    STANDING = "standing"
    KNEELING = "kneeling"
    PRONE = "prone"


@dataclass
class Effect:
    """A timed effect on a creature: a condition or a named bonus, with its end."""

    name: str  # a Condition name ("PRONE") or an effect key ("blocking_stance")
    kind: DurationKind
    source: str | None = None  # creature key that caused it
    until_round: int | None = None  # ROUNDS / DICE_ROUNDS: ends at the start of this round's turn
    save: Attribute | None = None  # SAVE_AT_END_OF_OWN_TURN
    target: int | None = None
    uses: int | None = None
    value: int = 0  # e.g. the rolled w6 of Helfen
    started_round: int = 0

    @property
    def condition(self) -> Condition | None:
        return Condition[self.name] if self.name in Condition.__members__ else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "source": self.source,
            "until_round": self.until_round,
            "save": self.save.name if self.save else None,
            "target": self.target,
            "uses": self.uses,
            "value": self.value,
            "started_round": self.started_round,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Effect:
        return cls(
            name=data["name"],
            kind=DurationKind(data["kind"]),
            source=data.get("source"),
            until_round=data.get("until_round"),
            save=Attribute[data["save"]] if data.get("save") else None,
            target=data.get("target"),
            uses=data.get("uses"),
            value=int(data.get("value", 0)),
            started_round=int(data.get("started_round", 0)),
        )


@dataclass
class CreatureState:
    """One creature in the fight."""

    key: str
    type_key: str
    name: str
    side: str
    cell: Cell
    facing: str
    lp: int
    max_lp: int
    conditions: ConditionSet = field(default_factory=ConditionSet)
    effects: list[Effect] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # weapon/item keys in hand
    carried: list[str] = field(default_factory=list)  # holstered, packed, worn armour
    magazines: dict[str, int] = field(default_factory=dict)  # weapon key -> rounds left
    stance: Stance = Stance.STANDING
    altitude: int = 0
    initiative: int = 0
    oriented: bool = False
    companion_of: str | None = None
    hidden: bool = False
    is_character: bool = False
    simplified: bool = False
    minutes_dead: float = 0.0
    # Unentdeckt per observer (E-COND-UNENTDECKT-4, E-OPEN-50): the keys of the creatures
    # it is hidden from; read only while Condition.UNDETECTED is held. Empty while it is
    # held (a game master's condition, an old save): hidden from every other side's
    # creature. Ask Battle.hidden_from / is_hidden_from rather than this field.
    hidden_from: set[str] = field(default_factory=set)

    @property
    def out_of_fight(self) -> bool:
        """Return whether the creature no longer takes part: unconscious, dying or dead."""
        from game.rulesets.entaria.rules.held_conditions import closure

        held = closure(self.conditions)
        return bool({Condition.DEAD, Condition.UNCONSCIOUS} & held)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "type_key": self.type_key,
            "name": self.name,
            "side": self.side,
            "cell": list(self.cell),
            "facing": self.facing,
            "lp": self.lp,
            "max_lp": self.max_lp,
            "conditions": {c.name: n for c, n in self.conditions.items()},
            "effects": [e.to_dict() for e in self.effects],
            "held": list(self.held),
            "carried": list(self.carried),
            "magazines": dict(self.magazines),
            "stance": self.stance.value,
            "altitude": self.altitude,
            "initiative": self.initiative,
            "oriented": self.oriented,
            "companion_of": self.companion_of,
            "hidden": self.hidden,
            "is_character": self.is_character,
            "simplified": self.simplified,
            "minutes_dead": self.minutes_dead,
        }
        if self.hidden_from:  # written only when set: older saves compare equal
            data["hidden_from"] = sorted(self.hidden_from)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CreatureState:
        return cls(
            key=data["key"],
            type_key=data["type_key"],
            name=data["name"],
            side=data["side"],
            cell=(int(data["cell"][0]), int(data["cell"][1])),
            facing=data["facing"],
            lp=int(data["lp"]),
            max_lp=int(data["max_lp"]),
            conditions=ConditionSet({Condition[k]: int(v) for k, v in data["conditions"].items()}),
            effects=[Effect.from_dict(e) for e in data["effects"]],
            held=list(data["held"]),
            carried=list(data["carried"]),
            magazines={k: int(v) for k, v in data["magazines"].items()},
            stance=Stance(data["stance"]),
            altitude=int(data["altitude"]),
            initiative=int(data["initiative"]),
            oriented=bool(data["oriented"]),
            companion_of=data.get("companion_of"),
            hidden=bool(data.get("hidden", False)),
            is_character=bool(data.get("is_character", False)),
            simplified=bool(data.get("simplified", False)),
            minutes_dead=float(data.get("minutes_dead", 0.0)),
            hidden_from={str(k) for k in data.get("hidden_from", [])},
        )


@dataclass
class Pending:
    """An action in progress across turns: LH, Distanzschuss, Abwarten, Deckungsfeuer."""

    kind: str  # "long_action", "long_shot", "ready", "covering_fire", "area_fire"
    actor: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        # a copy: the snapshot must not change when the action in progress does
        return {"kind": self.kind, "actor": self.actor, "data": copy_json(self.data)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pending:
        return cls(kind=data["kind"], actor=data["actor"], data=copy_json(data["data"]))


@dataclass
class HiddenItem:
    """One item on the ground hidden by Verbergen from some creatures (E-ACT-VH-VERBERGEN-3).

    It stands for one instance of ``item`` among ``BattleState.ground_items[cell]``; the
    creatures in ``hidden_from`` do not see it until they find it.
    """

    cell: Cell
    item: str
    hidden_from: set[str] = field(default_factory=set)
    by: str | None = None  # the creature that hid it

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": list(self.cell),
            "item": self.item,
            "hidden_from": sorted(self.hidden_from),
            "by": self.by,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HiddenItem:
        return cls(
            cell=(int(data["cell"][0]), int(data["cell"][1])),
            item=str(data["item"]),
            hidden_from={str(k) for k in data.get("hidden_from", [])},
            by=data.get("by"),
        )


def cover_key(attacker: str, target: str) -> str:
    """Return the key ``BattleState.cover_overrides`` files the GM's ruling for a pair under.

    The ruling is for one direction: ``attacker`` shooting at ``target`` (D-9).
    """
    return f"{attacker}|{target}"


@dataclass
class BattleState:
    """Everything that changes during a match."""

    creatures: dict[str, CreatureState]
    order: list[str]
    round: int = 1
    turn_index: int = 0
    budget: TurnBudget = field(default_factory=TurnBudget)
    impulse_pool: int = 0
    open_doors: set[Cell] = field(default_factory=set)
    # the edge doors (D-13) opened or closed in the match: (upper/left, lower/right) -> open
    edge_doors: dict[tuple[Cell, Cell], bool] = field(default_factory=dict)
    ground_items: dict[Cell, list[str]] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    cover_overrides: dict[str, str] = field(default_factory=dict)  # cover_key(...) -> Cover
    hidden_items: list[HiddenItem] = field(default_factory=list)  # Verbergen of objects
    objects: list[ObjectDamage] = field(default_factory=list)  # damaged objects (E-OBJ-*)
    # the game master's fog by hand (GmFog): side -> field -> revealed (True) or hidden
    fog_marks: dict[str, dict[Cell, bool]] = field(default_factory=dict)

    @property
    def current_key(self) -> str:
        return self.order[self.turn_index]

    def creature_at(self, cell: Cell, besides: Collection[str] = ()) -> CreatureState | None:
        """Return a creature standing on ``cell`` but those keyed ``besides``, or None.

        The dead count: every creature holds its field, whatever its condition (E-OPEN-44,
        D-10). A living one is returned before a body lying on the same field.
        """
        here = [c for c in self.creatures.values() if c.cell == cell and c.key not in besides]
        living = [c for c in here if Condition.DEAD not in c.conditions]
        return next(iter(living or here), None)

    def to_dict(self) -> dict[str, Any]:
        budget = self.budget
        data: dict[str, Any] = {
            "creatures": [c.to_dict() for c in self.creatures.values()],
            "order": list(self.order),
            "round": self.round,
            "turn_index": self.turn_index,
            "budget": {
                "spent": [[a.name, t.name] for a, t in budget.spent],
                "free_spent": [a.name for a in budget.free_spent],
                "extra_halves": budget.extra_halves,
                "readied": budget.readied.name if budget.readied else None,
                "incapacitated": budget.incapacitated,
                "forfeited": budget.forfeited,
                "passed": budget.passed,
            },
            "impulse_pool": self.impulse_pool,
            "open_doors": sorted([list(c) for c in self.open_doors]),
            "ground_items": [
                [list(c), list(items)] for c, items in sorted(self.ground_items.items())
            ],
            "pending": [p.to_dict() for p in self.pending],
            "over": self.over,
            "winner": self.winner,
            "cover_overrides": dict(sorted(self.cover_overrides.items())),
        }
        if self.hidden_items:  # written only when set: older saves compare equal
            data["hidden_items"] = [h.to_dict() for h in self.hidden_items]
        if self.objects:  # written only when set: older saves compare equal
            data["objects"] = objects_to_dicts(self.objects)
        if self.edge_doors:  # written only when set: older saves compare equal
            data["edge_doors"] = [
                [list(a), list(b), is_open] for (a, b), is_open in sorted(self.edge_doors.items())
            ]
        if any(self.fog_marks.values()):  # written only when set: older saves compare equal
            data["fog_marks"] = fog_marks_to_lists(self.fog_marks)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BattleState:
        from game.rulesets.entaria.rules.actions import Action
        from game.rulesets.entaria.rules.terms import ActionType

        b = data["budget"]
        budget = TurnBudget(
            spent=tuple((Action[a], ActionType[t]) for a, t in b["spent"]),
            free_spent=tuple(Action[a] for a in b["free_spent"]),
            extra_halves=int(b["extra_halves"]),
            readied=Action[b["readied"]] if b["readied"] else None,
            incapacitated=bool(b["incapacitated"]),
            forfeited=bool(b["forfeited"]),
            passed=bool(b["passed"]),
        )
        creatures = [CreatureState.from_dict(c) for c in data["creatures"]]
        return cls(
            creatures={c.key: c for c in creatures},
            order=list(data["order"]),
            round=int(data["round"]),
            turn_index=int(data["turn_index"]),
            budget=budget,
            impulse_pool=int(data["impulse_pool"]),
            open_doors={(int(c[0]), int(c[1])) for c in data["open_doors"]},
            ground_items={(int(c[0]), int(c[1])): list(items) for c, items in data["ground_items"]},
            pending=[Pending.from_dict(p) for p in data["pending"]],
            over=bool(data["over"]),
            winner=data.get("winner"),
            cover_overrides={str(k): str(v) for k, v in data.get("cover_overrides", {}).items()},
            hidden_items=[HiddenItem.from_dict(h) for h in data.get("hidden_items", [])],
            objects=objects_from_dicts(data.get("objects", [])),
            edge_doors={
                ((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))): bool(is_open)
                for a, b, is_open in data.get("edge_doors", [])
            },
            fog_marks=fog_marks_from_lists(data.get("fog_marks", [])),
        )


def fog_marks_to_lists(marks: dict[str, dict[Cell, bool]]) -> list[list[Any]]:
    """Return the GM's fog marks as a save writes them: [side, [[x, y, revealed], ...]]."""
    return [
        [side, [[x, y, shown] for (x, y), shown in sorted(cells.items())]]
        for side, cells in sorted(marks.items())
        if cells
    ]


def fog_marks_from_lists(data: list[Any]) -> dict[str, dict[Cell, bool]]:
    """Return the GM's fog marks from a save's lists (``fog_marks_to_lists``)."""
    return {
        str(side): {(int(x), int(y)): bool(shown) for x, y, shown in cells} for side, cells in data
    }
