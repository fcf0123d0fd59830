"""Genesis KR phases: pre-KR actions, declaration, execution order and the defender's queue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller
from game.rulesets.genesis.rules.checks import half_value
from game.rulesets.genesis.rules.states import veil_value

METZLER_PENALTY = 15


class Phase(Enum):
    """The steps of one KR, in order; post-action abilities follow a completed action."""

    PRE_DECLARE = "pre_declare"
    PRE_EXECUTE = "pre_execute"
    DECLARE = "declare"
    EXECUTE = "execute"
    POST_ACTION = "post_action"


KR_PHASES = (Phase.PRE_DECLARE, Phase.PRE_EXECUTE, Phase.DECLARE, Phase.EXECUTE)


def next_phase(phase: Phase) -> Phase | None:
    """Return the phase after ``phase`` within one KR, or None after the execution."""
    if phase is Phase.POST_ACTION:
        return Phase.EXECUTE
    index = KR_PHASES.index(phase)
    return KR_PHASES[index + 1] if index + 1 < len(KR_PHASES) else None


@dataclass(frozen=True)
class PreAction:
    """A pre-KR special action, e.g. a blinding effect: it takes no time and no GW."""

    actor: str
    name: str
    targets: tuple[str, ...] = ()
    grants_avoidance: bool = False

    @property
    def gw_cost(self) -> float:
        """Return the GW the action uses: none, it takes no time."""
        return 0.0


def declaration_sides(disadvantaged: int) -> tuple[int, int]:
    """Return the two sides in declaration order: the declaration-disadvantaged side first."""
    return (disadvantaged, 1 - disadvantaged)


def pick_pre_actions(wanted: Mapping[str, Sequence[PreAction]]) -> dict[str, PreAction]:
    """Return one pre-KR action per combatant: its first choice, even if it has several."""
    return {name: options[0] for name, options in wanted.items() if options}


def pre_execute(
    declared: Mapping[str, PreAction], side_of: Mapping[str, int], disadvantaged: int
) -> list[PreAction]:
    """Return the declared pre-KR actions in execution order (declaration order of the sides)."""
    order = declaration_sides(disadvantaged)
    return sorted(declared.values(), key=lambda a: order.index(side_of[a.actor]))


def avoidance_actions(actions: Sequence[PreAction], combatant: str) -> int:
    """Return the extra avoidance actions of ``combatant``: one per granting pre-KR effect."""
    return sum(1 for a in actions if a.grants_avoidance and combatant in a.targets)


def avoidance_dodge_value(aw: int) -> int:
    """Return the value of an extra avoidance dodge: a half dodge, outside the KR's GW."""
    return half_value(aw)


@dataclass(frozen=True)
class Declaration:
    """What is declared for a KR: only the number of ATs and PA/AW, not how they are made."""

    attacks: float
    defences: float


def declare(attacks: float, defences: float, kr_share: float) -> Declaration:
    """Return a declaration; the counts must be whole or half actions within the KR's GW share."""
    for count in (attacks, defences):
        if count < 0 or (count * 2) % 1:
            raise ValueError(f"{count} is not a whole or half number of actions")
    if attacks + defences > kr_share:
        raise ValueError(f"{attacks} + {defences} exceed the KR share of {kr_share} GW")
    return Declaration(attacks, defences)


class ActionKind(Enum):
    """The two kinds of declared action in the execution."""

    ATTACK = "attack"
    DEFENCE = "defence"


def execution_order(actions: Sequence[tuple[str, ActionKind]]) -> list[tuple[str, ActionKind]]:
    """Return the execution order: all attacks first, then the defences (stable otherwise)."""
    return sorted(actions, key=lambda a: a[1] is not ActionKind.ATTACK)


def order_incoming(successful: Sequence[str], chosen: Sequence[str]) -> list[str]:
    """Return the defender's own order of the successful actions on it; it must list each once."""
    if sorted(successful) != sorted(chosen):
        raise ValueError("the defender must order exactly the successful actions on it")
    return list(chosen)


def may_still_affect(hit_index: int, defence_index: int) -> bool:
    """Return whether a defence used at queue step ``defence_index`` can reach a hit.

    A hit let through earlier in the defender's order is settled and cannot be reached.
    """
    return hit_index >= defence_index


def work_through(ordered: Sequence[str], avoided: Mapping[str, bool]) -> list[str]:
    """Return the hits the defender lets through, in its order; each is tried exactly once."""
    return [hit for hit in ordered if not avoided.get(hit, False)]


def veil_batch(roller: Roller, hits: Sequence[str], value: int, intuitive: bool) -> list[str]:
    """Roll a veil effect once per hit for a batch of hits; return the hits it did not negate.

    A veil negates a hit on a d20 roll at or below its capped value (G-OPEN-16).
    """
    capped = veil_value(value, intuitive)
    return [hit for hit in hits if roller.roll(20) > capped]


def metzler_penalty(completed_successful_attack: bool) -> int:
    """Return the PA penalty Metzler sets after a completed successful AT (rest of the combat)."""
    return METZLER_PENALTY if completed_successful_attack else 0
