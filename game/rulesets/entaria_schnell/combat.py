"""Resolve a planned attack on a live quick-rules game: roll, damage, SAF, riders, defeat.

The rules are the package's pure functions (``rules.attacks``, ``rules.saf``,
``rules.defeat``, ``rules.movement``); this module applies what they decide to the
creatures and writes the events the log and the screen read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria_schnell.attack_plan import (
    AttackPlan,
    creature_armour,
    target_affinity,
)
from game.rulesets.entaria_schnell.rules.attacks import (
    AttackKind,
    AttackResult,
    attack_impulse,
    quick_damage,
    resolve_attack,
)
from game.rulesets.entaria_schnell.rules.defeat import enemy_lp_after, is_defeated
from game.rulesets.entaria_schnell.rules.movement import forced_move_zones
from game.rulesets.entaria_schnell.rules.saf import (
    SafRider,
    disfigured_body_part,
    second_target_candidates,
    second_target_damage,
)
from game.rulesets.entaria_schnell.rules.throws import creatures_in_zones, throw_at_zone

if TYPE_CHECKING:
    from game.rulesets.entaria_schnell.engine import QuickGame


def resolve(game: QuickGame, plan: AttackPlan) -> AttackResult | None:
    """Roll the planned attack and apply what it does (Q-ATK-4, Q-DMG-*, Q-CRIT-*)."""
    if plan.area:
        resolve_zone_throw(game, plan)
        return None
    me, them = game.creatures[plan.attacker], game.creatures[plan.target]
    affinity = target_affinity(them, plan.quick)
    result = resolve_attack(
        plan.attack_value,
        plan.quick,
        plan.defense,
        plan.armour,
        game.roller,
        edge=plan.edge,
        affinity=affinity,
        player_character=me.is_character,
        failed_initiative=bool(me.initiative and me.initiative.failed),
    )
    game.impulse += result.impulse
    if plan.kind is AttackKind.THROW and plan.weapon:
        me.thrown.append(plan.weapon)
    if result.magazine_empty:
        me.loaded[plan.weapon] = False
    lost = result.damage.final if result.damage is not None else 0
    game.emit("attack", me.key, *_attack_lines(game, plan, result), _attack_data(plan, result))
    if result.hit:
        _wound(game, plan.attacker, plan.target, lost)
    if result.saf is not None:
        _apply_saf(game, plan, result, lost)
    return result


def _attack_lines(game: QuickGame, plan: AttackPlan, result: AttackResult) -> tuple[str, str]:
    me, them = game.creatures[plan.attacker].name, game.creatures[plan.target].name
    kept, value, defense = result.roll.kept, plan.attack_value, plan.defense
    sums = f"W20 {kept} + {value} = {result.roll.total} gegen V {defense}"
    sums_en = f"d20 {kept} + {value} = {result.roll.total} vs D {defense}"
    if not result.hit:
        extra_de = " – Patzer, Magazin leer" if result.magazine_empty else ""
        extra_en = " – fumble, magazine empty" if result.magazine_empty else ""
        if result.roll.is_critical_failure and not result.magazine_empty:
            extra_de, extra_en = " – Patzer", " – fumble"
        return (
            f"{me} verfehlt {them} ({sums}){extra_de}",
            f"{me} misses {them} ({sums_en}){extra_en}",
        )
    damage = result.damage
    assert damage is not None
    crit_de = "Kritischer Treffer! " if result.critical else ""
    crit_en = "Critical hit! " if result.critical else ""
    return (
        f"{crit_de}{me} trifft {them} ({sums}): {damage.final} Schaden",
        f"{crit_en}{me} hits {them} ({sums_en}): {damage.final} damage",
    )


def _attack_data(plan: AttackPlan, result: AttackResult) -> dict[str, Any]:
    damage = result.damage
    return {
        "target": plan.target,
        "weapon": plan.weapon,
        "kind": plan.kind.name,
        "band": plan.band.name if plan.band is not None else None,
        "cover": int(plan.cover),
        "dice": list(result.roll.dice),
        "kept": result.roll.kept,
        "total": result.roll.total,
        "value": plan.attack_value,
        "defense": plan.defense,
        "armour": plan.armour,
        "edge": plan.edge,
        "hit": result.hit,
        "critical": result.critical,
        "fumble": result.roll.is_critical_failure,
        "magazine_empty": result.magazine_empty,
        "sw": plan.quick.sw,
        "die": damage.die if damage else None,
        "damage": damage.final if damage else 0,
        "impulse": result.impulse,
    }


def _wound(game: QuickGame, attacker: str, target: str, lost: int) -> None:
    """Take LP: an enemy stops at 0 and is Besiegt, a character follows E-LP (Q-DEFEAT-1)."""
    them = game.creatures[target]
    if them.is_character:
        them.lp -= lost
        if them.lp <= 0:
            game.emit(
                "down",
                target,
                f"{them.name} geht zu Boden ({them.lp} LP)",
                f"{them.name} goes down ({them.lp} LP)",
                {"lp": them.lp},
            )
        return
    them.lp = enemy_lp_after(them.lp, lost)
    if not is_defeated(them.lp) or them.defeated:
        return
    them.defeated = True
    game.emit("defeated", target, f"{them.name} ist besiegt", f"{them.name} is defeated", {})
    by = game.creatures[attacker]
    if by.is_character and by.side != them.side:
        game.outcomes.append((attacker, target))  # the character decides (Q-DEFEAT-2)


def _apply_saf(game: QuickGame, plan: AttackPlan, result: AttackResult, lost: int) -> None:
    """Give the SAF's condition and fire its rider (Q-CRIT-HIT-3, Q-SAF-1, Q-OPEN-12)."""
    saf = result.saf
    assert saf is not None
    them = game.creatures[plan.target]
    if saf.condition is not None and game.standing(plan.target):
        game.give(plan.target, saf.condition, saf.damage_type)
        game.emit(
            "saf",
            plan.target,
            f"{them.name} erleidet den Zustand {saf.condition.value}",
            f"{them.name} suffers the condition {saf.condition.name.lower().replace('_', ' ')}",
            {"condition": saf.condition.value, "damage_type": saf.damage_type.value},
        )
    rider = result.rider
    if rider is SafRider.SECOND_TARGET:
        _second_target(game, plan, result.rolled)
    elif rider is SafRider.FORCED_MOVEMENT and game.standing(plan.target):
        _push(game, plan)
    elif rider is SafRider.DISFIGURED:
        part = disfigured_body_part(game.roller)
        game.emit(
            "disfigured",
            plan.target,
            f"{them.name}: {part.value} entstellt",
            f"{them.name}: {part.name.lower().replace('_', ' ')} disfigured",
            {"part": part.name},
        )
    elif rider is SafRider.UNCONSCIOUS:
        game.emit(
            "rider",
            plan.target,
            f"{them.name} verliert das Bewusstsein",
            f"{them.name} falls unconscious",
            {"condition": Condition.UNCONSCIOUS.value},
        )


def _second_target(game: QuickGame, plan: AttackPlan, rolled: int) -> None:
    """Hit one more creature in the target's zone: an enemy of the attacker first."""
    zone_of = {k: game.zone_of(k) for k in game.creatures if game.standing(k)}
    zone_of.setdefault(plan.target, game.zone_of(plan.target))
    zone_of.setdefault(plan.attacker, game.zone_of(plan.attacker))
    candidates = second_target_candidates(zone_of, plan.target, plan.attacker)
    side = game.creatures[plan.attacker].side
    ordered = sorted(candidates, key=lambda k: game.creatures[k].side == side)
    if not ordered:
        return
    second = ordered[0]
    other = game.creatures[second]
    affinity: Affinity = target_affinity(other, plan.quick)
    lost = second_target_damage(rolled, creature_armour(game.catalogue, other), affinity)
    game.emit(
        "second_target",
        second,
        f"Der Stich trifft auch {other.name}: {lost} Schaden",
        f"The thrust also hits {other.name}: {lost} damage",
        {"damage": lost, "attacker": plan.attacker},
    )
    _wound(game, plan.attacker, second, lost)


def _push(game: QuickGame, plan: AttackPlan) -> None:
    """Push the target into a neighbouring zone, away from the attacker (Q-OPEN-12 (iii))."""
    here, attacker_zone = game.zone_of(plan.target), game.zone_of(plan.attacker)
    for zone in sorted(forced_move_zones(game.walk_graph, here, attacker_zone)):
        cell = game.landing(plan.target, zone)
        if cell is None:
            continue
        them = game.creatures[plan.target]
        them.cell = cell
        name = game.zones.names[zone]
        game.emit(
            "pushed",
            plan.target,
            f"{them.name} wird in die Zone {name} gestoßen",
            f"{them.name} is pushed into zone {name}",
            {"zone": zone, "cell": list(cell)},
        )
        return


def resolve_zone_throw(game: QuickGame, plan: AttackPlan) -> None:
    """Throw an area weapon at the target's zone: ZW 15, one zone of scatter on a miss;
    every creature in the zone it lands in takes 1d6 + SW - Panzerung (Q-OPEN-17)."""
    me = game.creatures[plan.attacker]
    throw = throw_at_zone(
        game.zones,
        game.walk_graph,
        game.zone_of(plan.attacker),
        game.zone_of(plan.target),
        plan.attack_value,
        game.roller,
        edge=plan.edge,
    )
    me.thrown.append(plan.weapon)
    game.impulse += attack_impulse(
        throw.roll,
        player_character=me.is_character,
        failed_initiative=bool(me.initiative and me.initiative.failed),
    )
    name = game.zones.names[throw.landing]
    kept, total = throw.roll.kept, throw.roll.total
    game.emit(
        "zone_throw",
        me.key,
        f"{me.name} wirft nach {name} (W20 {kept} → {total} gegen ZW {plan.defense})"
        + ("" if throw.hit else " – daneben"),
        f"{me.name} throws into {name} (d20 {kept} → {total} vs TN {plan.defense})"
        + ("" if throw.hit else " – off target"),
        {
            "target": plan.target,
            "weapon": plan.weapon,
            "dice": list(throw.roll.dice),
            "kept": kept,
            "total": total,
            "value": plan.attack_value,
            "defense": plan.defense,
            "edge": plan.edge,
            "hit": throw.hit,
            "scatter": throw.direction_roll,
            "zone": throw.landing,
        },
    )
    zone_of = {k: game.zone_of(k) for k in game.creatures if game.standing(k)}
    for key in creatures_in_zones(zone_of, {throw.landing}):
        victim = game.creatures[key]
        armour = creature_armour(game.catalogue, victim)
        damage = quick_damage(
            plan.quick.sw, game.roller, armour=armour, affinity=target_affinity(victim, plan.quick)
        )
        game.emit(
            "area_damage",
            key,
            f"{victim.name} verliert {damage.final} LP (W6 {damage.die})",
            f"{victim.name} loses {damage.final} LP (d6 {damage.die})",
            {"damage": damage.final, "die": damage.die, "attacker": plan.attacker},
        )
        _wound(game, plan.attacker, key, damage.final)
