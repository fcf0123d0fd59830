"""What the screen marks on other creatures: sight, cover, band, reach and the attack's edge.

Each attack is planned with ``combat.plan_attack`` as the Attack command plans it, so a
mark cannot disagree with what the command will do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.board.grid import Cell, Cover, distance
from game.rulesets.entaria.attack_situation import attack_terms
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    AttackPlan,
    plan_attack,
    proposed_cover,
    ranged_disturbance,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.queries.common import side_of
from game.rulesets.entaria.rules.condition_rolls import (
    RollModifiers,
    roll_modifiers,
)
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState, cover_key

__all__ = ["TargetMark", "cover_override", "target_marks"]


@dataclass(frozen=True)
class TargetMark:
    """What the screen marks on another creature for the selected one.

    ``sight``: line of sight (D-9). ``cover``: the cover a ranged attack would get, as
    ``combat.plan_attack`` proposes it, the GM's override included (D-9, E-COVER-*);
    None without sight. ``computed_cover`` is the map's proposal before the override.
    ``attackable``/``reason``: whether ``combat.plan_attack`` accepts an attack with
    the weapon now, else its rejection. ``edge``: the counted Vorteil/Nachteil the attack
    roll would get (D-2), None when it cannot be made; ``reasons`` name the sources.
    """

    key: str
    sight: bool
    cover: Cover | None
    computed_cover: Cover | None
    override: Cover | None
    band: RangeBand | None
    distance: int
    in_melee_reach: bool
    attackable: bool
    reason: str
    melee: bool | None
    edge: int | None
    automatic_failure: bool
    reasons: tuple[str, ...]


def _attack_edge(
    battle: Battle, plan: AttackPlan, disturbed: RollModifiers
) -> tuple[int, bool, tuple[str, ...]]:
    """Return the edge, automatic failure and reasons ``combat.resolve_attack`` would use.

    The same assembly the roll asks (``attack_situation.attack_terms``: range band, cover,
    Störung, water, riding, optics, the target's conditions toward the attacker) plus the
    attacker's own conditions that ``Battle.check`` folds in.
    """
    terms = attack_terms(battle, plan, disturbed=disturbed)
    own = roll_modifiers(terms.held, terms.context)
    reasons = (*terms.extra.reasons, *own.reasons)
    return terms.extra.edge + own.edge, own.automatic_failure, reasons


def cover_override(battle: Battle, attacker_key: str, target_key: str) -> Cover | None:
    """Return the GM's cover ruling for the next attack of the pair, or None (D-9).

    The ruling holds until that attacker's next attack on that target is made (then
    ``combat.resolve_attack`` drops it). Unknown keys have no ruling.
    """
    value = battle.state.cover_overrides.get(cover_key(attacker_key, target_key))
    return None if value is None else Cover[value]


def _planned(
    battle: Battle,
    attacker: CreatureState,
    target: CreatureState,
    weapon: WeaponType | None,
    disturbed: Callable[[], RollModifiers],
) -> tuple[AttackPlan | None, str, int | None, bool, tuple[str, ...]]:
    """Return the attack's plan, why it is refused ("" when not), and the roll's edge,
    automatic failure and reasons (None, False, () when it cannot be made).
    """
    plan: AttackPlan | None = None
    try:
        if weapon is not None and weapon.targets_field:
            raise CommandRejected(
                say(
                    f"{weapon.english} is thrown at a field (E-THROW-2)",
                    f"{weapon.name} wird auf ein Feld geworfen (E-THROW-2)",
                )
            )
        plan = plan_attack(battle, attacker, target, weapon)
        edge, failure, reasons = _attack_edge(battle, plan, disturbed())
    except CommandRejected as error:
        return plan, error.reason, None, False, ()
    return plan, "", edge, failure, reasons


def _mark_cover(
    battle: Battle,
    plan: AttackPlan | None,
    attacker: CreatureState,
    target: CreatureState,
    override: Cover | None,
    occupied: frozenset[Cell],
) -> tuple[bool, Cover | None, Cover | None]:
    """Return (sight, cover, computed cover): a ranged plan's own answer, else the map's."""
    if plan is not None and not plan.melee and override is None:
        return True, plan.cover, plan.cover  # plan_attack's own answer
    cover, computed = proposed_cover(battle, attacker, target, occupied)
    return computed is not None, cover, computed


def target_marks(
    battle: Battle,
    key: str,
    weapon_key: str | None = None,
    *,
    only: Iterable[str] | None = None,
) -> dict[str, TargetMark]:
    """Return a mark for every other living creature: sight, cover, band, reach, edge.

    ``weapon_key`` is the weapon the attack would use (``"unarmed"`` for bare hands);
    default the first weapon in hand, else unarmed. The attack is planned with
    ``combat.plan_attack`` exactly as the Attack command plans it. The marks ignore who
    may see whom: the screen filters them with ``fog_of_war``, or passes the keys it
    shows as ``only`` (cheaper on a crowded map).
    """
    attacker = battle.creature(key)
    if weapon_key is None:
        weapon_key = attacker.held[0] if attacker.held else UNARMED
    weapon = None if weapon_key == UNARMED else battle.weapon(weapon_key)
    kind = battle.creature_type(attacker)
    reach = max(kind.reach, weapon.reach if weapon is not None and weapon.melee else 1)
    marks: dict[str, TargetMark] = {}
    living = [c for c in battle.state.creatures.values() if Condition.DEAD not in c.conditions]
    occupied = frozenset(c.cell for c in living)
    wanted = None if only is None else frozenset(only)
    memo: list[RollModifiers] = []

    def disturbed() -> RollModifiers:
        if not memo:  # Störung of the attacker, asked once and only when an attack is planned
            memo.append(ranged_disturbance(battle, attacker))
        return memo[0]

    for target in living:
        if target.key == attacker.key or (wanted is not None and target.key not in wanted):
            continue
        fields = distance(attacker.cell, target.cell)
        override = cover_override(battle, attacker.key, target.key)
        in_reach = in_melee_reach(
            attacker.cell,
            target.cell,
            attacker_side=kind.size_fields,
            target_side=side_of(battle, target),
            reach=reach,
            grid=battle.grid,
        )
        plan, why, edge, failure, reasons = _planned(battle, attacker, target, weapon, disturbed)
        melee = None if plan is None else plan.melee
        sight, cover, computed = _mark_cover(battle, plan, attacker, target, override, occupied)
        marks[target.key] = TargetMark(
            key=target.key,
            sight=sight,
            cover=cover,
            computed_cover=computed,
            override=override,
            band=range_band(fields),
            distance=fields,
            in_melee_reach=in_reach,
            attackable=not why,
            reason=why,
            melee=melee,
            edge=edge,
            automatic_failure=failure,
            reasons=reasons,
        )
    return marks
