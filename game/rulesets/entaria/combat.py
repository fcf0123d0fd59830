"""Resolving one attack roll and its damage: shared by every attacking action.

The rules module answers each step (range band, cover, disturbance, the attacker's
and the target's conditions, armour, damage, SAF); this module strings the steps
together in the order of sections 7, 8 and 13 and records an event for each.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.board.grid import Cell, Cover, distance
from game.board.sight import cover as compute_cover
from game.board.sight import line_of_sight
from game.match.events import Event
from game.rulesets.entaria.attack_situation import (
    AttackPlan,
    AttackTerms,
    attack_terms,
    disturbance,
    ranged_disturbance,
    situation_attack_edge,
    situation_edge,
    situation_modifiers,
    water_and_mount,
)
from game.rulesets.entaria.attack_texts import edge_cause
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import (
    BLOCKING_STANCE,
    IMPULSE_COVER,
    IMPULSE_ENV,
    SHIELD_RAISED,
    STUDIED_ENEMY,
    Battle,
    CommandRejected,
)
from game.rulesets.entaria.rules.armour import effective_armour
from game.rulesets.entaria.rules.checks import Crit, Roll
from game.rulesets.entaria.rules.condition_changes import reveal
from game.rulesets.entaria.rules.condition_rolls import (
    RollModifiers,
)
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.criticals import saf_applies, saf_for, saf_insanity_check
from game.rulesets.entaria.rules.damage import Affinity, combine_affinities, damage_roll
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState, Effect, cover_key
from game.rulesets.entaria.underwater import underwater_rejection
from game.rulesets.entaria.zero_g import after_hit

# the situation's edges live in attack_situation; callers keep importing them from here
__all__ = [
    "UNARMED",
    "AttackPlan",
    "AttackTerms",
    "affinity_of",
    "apply_saf",
    "armour_of",
    "attack_terms",
    "attack_words",
    "critical_failure",
    "damage_terms",
    "disturbance",
    "held_weapon",
    "hit",
    "plan_attack",
    "proposed_cover",
    "ranged_disturbance",
    "resolve_attack",
    "revealed",
    "situation_attack_edge",
    "situation_edge",
    "situation_modifiers",
    "water_and_mount",
]

UNARMED = "unarmed"


def held_weapon(battle: Battle, creature: CreatureState, key: str) -> WeaponType | None:
    """Return the weapon ``key`` the creature holds (None for unarmed); reject otherwise."""
    if key == UNARMED:
        return None
    if key not in creature.held:
        raise CommandRejected(
            say(
                f"{creature.name} does not hold {key!r} (draw it first: Interact)",
                f"{creature.name} hält {key!r} nicht in der Hand (erst ziehen: Interagieren)",
            )
        )
    return battle.weapon(key)


def plan_attack(
    battle: Battle,
    attacker: CreatureState,
    target: CreatureState,
    weapon: WeaponType | None,
    *,
    melee: bool | None = None,
) -> AttackPlan:
    """Check that ``attacker`` can attack ``target`` with ``weapon``; reject with a reason."""
    if target.key == attacker.key:
        raise CommandRejected(
            say("a creature cannot attack itself", "ein Wesen kann sich nicht selbst angreifen")
        )
    if Condition.DEAD in target.conditions:
        raise CommandRejected(say(f"{target.name} is dead", f"{target.name} ist tot"))
    held = battle.held_conditions(target)
    # Unentdeckt holds per observer: only those it is hidden from cannot target it.
    if Condition.INVISIBLE in held or battle.is_hidden_from(target, attacker):
        raise CommandRejected(
            say(
                f"{target.name} cannot be targeted directly (E-COND-UNENTDECKT-2)",
                f"{target.name} kann nicht direkt als Ziel gewählt werden (E-COND-UNENTDECKT-2)",
            )
        )
    if melee is None:
        melee = (
            weapon is None
            or (weapon.melee and not weapon.ranged)
            or (
                weapon.melee
                and in_melee_reach(attacker.cell, target.cell, reach=weapon.reach, grid=battle.grid)
            )
        )
    if melee:
        return _plan_melee(battle, attacker, target, weapon)
    return _plan_ranged(battle, attacker, target, weapon)


def _plan_melee(
    battle: Battle, attacker: CreatureState, target: CreatureState, weapon: WeaponType | None
) -> AttackPlan:
    """A melee attack needs a melee weapon (or bare hands) and the target in reach."""
    kind = battle.creature_type(attacker)
    if weapon is not None and not weapon.melee:
        raise CommandRejected(
            say(
                f"{weapon.english} is no melee weapon (E-MELEE-1)",
                f"{weapon.name} ist keine Nahkampfwaffe (E-MELEE-1)",
            )
        )
    reach = max(kind.reach, weapon.reach if weapon else 1)
    side_a, side_b = kind.size_fields, battle.creature_type(target).size_fields
    a, b = attacker.cell, target.cell
    if not in_melee_reach(
        a, b, attacker_side=side_a, target_side=side_b, reach=reach, grid=battle.grid
    ):
        if in_melee_reach(a, b, attacker_side=side_a, target_side=side_b, reach=reach):
            raise CommandRejected(
                say(
                    f"{target.name} is not within melee reach: a wall stands between",
                    f"{target.name} ist nicht in Nahkampfreichweite: eine Wand steht dazwischen",
                )
            )
        raise CommandRejected(
            say(
                f"{target.name} is not within melee reach (E-MELEE-2)",
                f"{target.name} ist nicht in Nahkampfreichweite (E-MELEE-2)",
            )
        )
    return AttackPlan(attacker, target, weapon, True, None, Cover.NONE)


def _plan_ranged(
    battle: Battle, attacker: CreatureState, target: CreatureState, weapon: WeaponType | None
) -> AttackPlan:
    """A ranged attack needs a loaded ranged weapon, sight and a band it fires at."""
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                "a ranged attack needs a ranged weapon (E-RANGED-1)",
                "ein Fernkampfangriff braucht eine Fernkampfwaffe (E-RANGED-1)",
            )
        )
    if not line_of_sight(battle.grid, attacker.cell, target.cell):
        raise CommandRejected(
            say(f"{target.name} is not in line of sight", f"{target.name} ist nicht in Sichtlinie")
        )
    band = range_band(distance(attacker.cell, target.cell))
    if not weapon.fires_at(band):
        raise CommandRejected(
            say(
                f"{weapon.english} cannot fire at that range (E-RANGE-2)",
                f"{weapon.name} kann auf diese Reichweite nicht feuern (E-RANGE-2)",
            )
        )
    if reason := underwater_rejection(battle, weapon, band):
        raise CommandRejected(reason)
    if weapon.has_magazine and attacker.magazines.get(weapon.key, 0) <= 0:
        raise CommandRejected(
            say(
                f"{weapon.english} is empty: reload (Interact)",
                f"{weapon.name} ist leer: nachladen (Interagieren)",
            )
        )
    level, _ = proposed_cover(battle, attacker, target)
    return AttackPlan(attacker, target, weapon, False, band, level or Cover.NONE)


def proposed_cover(
    battle: Battle,
    attacker: CreatureState,
    target: CreatureState,
    creatures: Iterable[Cell] | None = None,
) -> tuple[Cover | None, Cover | None]:
    """Return (cover with the GM's override, cover before it); (None, None) without sight.

    ``creatures``: the fields of the living creatures (default: all of them); the line's
    end fields never count (E-OPEN-15). Impuls cover and ignoring the environment apply
    (E-IMP-EFF-COVER, E-IMP-EFF-ENV), then the GM's ruling for the pair (D-9).
    """
    if creatures is None:
        creatures = [
            c.cell
            for c in battle.state.creatures.values()
            if c.key not in (attacker.key, target.key) and Condition.DEAD not in c.conditions
        ]
    level = compute_cover(battle.grid, attacker.cell, target.cell, creatures=creatures)
    if level is None:
        return None, None
    if battle.has_effect(target, IMPULSE_COVER):
        level = max(level, Cover.PARTIAL)  # E-IMP-EFF-COVER
    if battle.has_effect(attacker, IMPULSE_ENV) and level is Cover.PARTIAL:
        level = Cover.NONE  # E-IMP-EFF-ENV: partial cover is ignored
    override = battle.state.cover_overrides.get(cover_key(attacker.key, target.key))
    return (Cover[override] if override is not None else level), level


def revealed(attacker: CreatureState) -> list[Event]:
    """End the attacker's Unentdeckt toward everyone: attacking is conspicuous."""
    attacker.conditions = reveal(attacker.conditions, ConspicuousAct.ATTACK)
    return [
        Event(
            "revealed",
            f"{attacker.name} ist nicht mehr unentdeckt",
            f"{attacker.name} is no longer undetected",
            attacker.key,
            {"rule": "E-COND-UNENTDECKT-5"},
        )
    ]


def resolve_attack(
    battle: Battle,
    plan: AttackPlan,
    *,
    edge: int = 0,
    edge_why: tuple[str, str] = ("Handlung", "action"),
    nonlethal: bool = False,
    what_de: str = "",
    what_en: str = "",
    deal_damage: bool = True,
) -> tuple[Roll, list[Event]]:
    """Roll the attack of ``plan`` (plus ``edge``) and, on a hit, its damage.

    ``edge_why``: what gives ``edge``, in German and English ("Mehrfachangriff"), so the
    roll names it ("Mehrfachangriff: Nachteil").
    """
    attacker, target, weapon = plan.attacker, plan.target, plan.weapon
    edge_mods = RollModifiers()
    if edge:
        edge_mods = RollModifiers(edge=edge, causes=(edge_cause(edge, *edge_why),))
    roll, events, unforeseen = _roll_attack(
        battle, plan, edge_mods, what_de=what_de, what_en=what_en
    )
    if unforeseen:
        events += revealed(attacker)
    if not plan.melee and weapon is not None and weapon.has_magazine:
        attacker.magazines[weapon.key] = max(0, attacker.magazines.get(weapon.key, 0) - 1)
    if roll.crit is Crit.FAILURE:
        events += critical_failure(battle, attacker, weapon, ranged=not plan.melee)
        return roll, events
    if not roll.success:
        events.append(
            Event(
                "miss",
                f"{attacker.name} verfehlt {target.name}",
                f"{attacker.name} misses {target.name}",
                attacker.key,
            )
        )
        return roll, events
    if deal_damage:
        events += hit(
            battle,
            attacker,
            target,
            weapon,
            melee=plan.melee,
            cover=plan.cover,
            crit=roll.crit is Crit.SUCCESS,
            nonlethal=nonlethal,
        )
    return roll, events


def attack_words(weapon: WeaponType | None, target: str) -> tuple[str, str]:
    """Return "Angriff mit <weapon> auf <target>" in German and English."""
    if weapon is None:
        return f"Waffenloser Angriff auf {target}", f"unarmed attack on {target}"
    return f"Angriff mit {weapon.name} auf {target}", f"attack with {weapon.english} on {target}"


def _roll_attack(
    battle: Battle, plan: AttackPlan, action: RollModifiers, *, what_de: str, what_en: str
) -> tuple[Roll, list[Event], bool]:
    """Roll the attack against the target's Ausweichen with everything the situation adds.

    ``action``: the edge the attacking action gives, with its words. Return the roll, its
    events and whether it came unforeseen (E-UNFORESEEN-1). The GM's cover ruling and a
    Gegner studieren are used up by this attack. The roll's text names the Ausweichen's
    parts (armour, E-ARMOR-2; cover, E-COVER-3/4) and every edge and WM (``attack_terms``).
    """
    attacker, target, weapon = plan.attacker, plan.target, plan.weapon
    events: list[Event] = []
    # Unforeseen only when the target has not found the attacker (E-UNFORESEEN-1); a
    # target that sees him gives no Vorteil, and the attack reveals him all the same
    # (E-COND-UNENTDECKT-5), so before the roll his own Unentdeckt grants nothing.
    unforeseen = battle.is_hidden_from(attacker, target)
    if Condition.UNDETECTED in attacker.conditions and not unforeseen:
        events += revealed(attacker)
    disturbed = RollModifiers() if plan.melee else ranged_disturbance(battle, attacker)
    # the GM's cover ruling holds for the next attack of this pair, ranged or not (D-9)
    battle.state.cover_overrides.pop(cover_key(attacker.key, target.key), None)
    terms = attack_terms(
        battle,
        plan,
        action,
        unforeseen=unforeseen,
        disturbed=disturbed,
        studied=_use_up_study(attacker, target),
    )
    target_de, target_en = terms.dodge.texts()
    roll, event = battle.check(
        attacker,
        terms.attribute,
        terms.dodge.value,
        context=terms.context,
        extra=terms.extra,
        held=terms.held,  # the conditions attack_terms counted (E-COND-UNENTDECKT-5)
        what_de=what_de or attack_words(weapon, target.name)[0],
        what_en=what_en or attack_words(weapon, target.name)[1],
        target_de=target_de,
        target_en=target_en,
    )
    event.data.update(
        {
            "defender": target.key,  # "target" stays the roll's ZW
            "weapon": weapon.key if weapon else UNARMED,
            "cover": plan.cover.name,
            "band": plan.band.name if plan.band else None,
        }
    )
    events.append(event)
    return roll, events, unforeseen


def _use_up_study(attacker: CreatureState, target: CreatureState) -> bool:
    """Return whether ``attacker`` studied ``target``; the first attack uses it up.

    E-ACT-VH-STUDIEREN: ``STUDIED_ENEMY`` on the studied enemy, ``source`` the studier.
    """
    studied = next(
        (e for e in target.effects if e.name == STUDIED_ENEMY and e.source == attacker.key), None
    )
    if studied is None:
        return False
    target.effects.remove(studied)
    return True


def critical_failure(
    battle: Battle, attacker: CreatureState, weapon: WeaponType | None, *, ranged: bool
) -> list[Event]:
    """Forfeit the rest of the turn; a ranged weapon's magazine is shot empty (E-CRIT-FAIL-*)."""
    battle.state.budget = battle.state.budget.forfeit()
    events = [
        Event(
            "crit_fail",
            f"{attacker.name}: kritischer Fehler - der Rest der Runde verfällt",
            f"{attacker.name}: critical failure - the rest of the round is lost",
            attacker.key,
        )
    ]
    if ranged and weapon is not None and weapon.has_magazine:
        attacker.magazines[weapon.key] = 0
        events.append(
            Event(
                "magazine_empty",
                f"Das Magazin von {weapon.name} ist leer geschossen",
                f"{weapon.english}'s magazine is shot empty",
                attacker.key,
            )
        )
    return events


def affinity_of(battle: Battle, target: CreatureState, weapon: WeaponType | None) -> Affinity:
    if weapon is None:
        from game.rulesets.entaria.rules.terms import DamageType

        damage_type = DamageType.BLUDGEONING
    else:
        damage_type = weapon.damage_type
    kind = battle.creature_type(target)
    return combine_affinities(
        damage_type in kind.resistances,
        damage_type in kind.sensitivities,
        damage_type in kind.immunities,
    )


def armour_of(
    battle: Battle, creature: CreatureState, *, cover: Cover, melee: bool, bypass: bool = False
) -> int:
    """Return the Panzerung against a hit; Umgehung leaves worn armour and Blockade out."""
    if bypass:
        return effective_armour((), cover=cover)
    raised = battle.has_effect(creature, SHIELD_RAISED)
    armour = battle.catalogue.armour
    pieces = battle.catalogue.armour_pieces(
        [k for k in creature.carried if k in armour and (raised or not armour[k].shield)]
    )
    situational = 2 if melee and battle.has_effect(creature, BLOCKING_STANCE) else 0
    return effective_armour(pieces, cover=cover, situational=situational)


def damage_terms(
    battle: Battle,
    attacker: CreatureState,
    target: CreatureState,
    weapon: WeaponType | None,
    *,
    melee: bool,
    cover: Cover = Cover.NONE,
    bypass: bool = False,
    sw_override: int | None = None,
) -> tuple[int, int, int, Affinity]:
    """Return a hit's (SW, bonus, armour, affinity): what ``hit`` and the screen's chance ask.

    The NSB counts in melee only (E-DMG-3); armour with cover (D-4, ``armour_of``).
    """
    kind = battle.creature_type(attacker)
    sw = sw_override if sw_override is not None else (weapon.damage_value if weapon else 0)
    bonus = kind.melee_damage_bonus if melee else 0
    armour = armour_of(battle, target, cover=cover, melee=melee, bypass=bypass)
    return sw, bonus, armour, affinity_of(battle, target, weapon)


def hit(
    battle: Battle,
    attacker: CreatureState,
    target: CreatureState,
    weapon: WeaponType | None,
    *,
    melee: bool,
    cover: Cover = Cover.NONE,
    crit: bool = False,
    nonlethal: bool = False,
    sw_override: int | None = None,
    bypass: bool = False,
) -> list[Event]:
    """Roll and apply the damage of a hit (D-4, E-DMG-*), then the SAF of a crit.

    ``bypass``: the attack has Umgehung (E-ACT-VH-GEZIELT-2): worn armour and
    Blockadehaltung do not count, cover still does.
    """
    from game.rulesets.entaria.rules.terms import DamageType

    sw, bonus, armour, affinity = damage_terms(
        battle,
        attacker,
        target,
        weapon,
        melee=melee,
        cover=cover,
        bypass=bypass,
        sw_override=sw_override,
    )
    damage = damage_roll(
        sw, battle.roller, bonus=bonus, armour=armour, crit=crit, affinity=affinity
    )
    damage_type = weapon.damage_type if weapon else DamageType.BLUDGEONING
    events = [
        Event(
            "damage",
            f"Schaden: SW {sw} + w6 ({damage.die}) + {bonus} - Panzerung {armour} = {damage.raw}"
            + (" x2 (kritisch)" if crit else "")
            + f" -> {damage.final}",
            f"Damage: weapon {sw} + d6 ({damage.die}) + {bonus} - armour {armour} = {damage.raw}"
            + (" x2 (critical)" if crit else "")
            + f" -> {damage.final}",
            attacker.key,
            {
                "die": damage.die,
                "raw": damage.raw,
                "final": damage.final,
                "target": target.key,
                "damage_type": damage_type.name,
                "bypass": bypass,
            },
        )
    ]
    events += battle.lose_life_points(target, damage.final, nonlethal=nonlethal)
    if crit:
        events += apply_saf(battle, target, damage_type, damage.final, affinity)
    events += after_hit(battle, attacker, target, damage_type)
    return events


def apply_saf(
    battle: Battle, target: CreatureState, damage_type: object, final: int, affinity: Affinity
) -> list[Event]:
    """Give the damage-type effect of a critical hit (section 18.1, D-12, E-OPEN-32).

    Every critical hit brings it, also one that armour soaks to 0 (D-12); ``final``
    only decides Mental's insanity check (10+ damage, E-CRIT-SAF-MENTAL-2).
    """
    from game.rulesets.entaria.rules.terms import DamageType

    assert isinstance(damage_type, DamageType)
    effect = saf_for(damage_type)
    if Condition.DEAD in target.conditions:
        return []
    if not saf_applies(immune_to_type=affinity is Affinity.IMMUNE, immune_to_condition=False):
        return []
    events: list[Event] = []
    if effect.condition is not None:
        timed = None
        if effect.save_attribute is not None and effect.save_target is not None:
            timed = Effect(
                effect.condition.name,
                DurationKind.SAVE_AT_END_OF_OWN_TURN,
                save=effect.save_attribute,
                target=effect.save_target,
                started_round=battle.state.round,
            )
        events += battle.add_condition(target, effect.condition, effect=timed)
    if saf_insanity_check(effect, final):
        events.append(
            Event(
                "gm_question",
                f"{target.name} muss eine Wahnsinnsprobe ablegen",
                f"{target.name} must make an insanity check",
                target.key,
            )
        )
    if effect.limb_rots or effect.destroys_equipment_on_zone:
        events.append(
            Event(
                "gm_question",
                f"SAF {damage_type.value}: {effect.ends_how} (Spielleitung entscheidet die Folgen)",
                f"SAF {damage_type.name.lower()}: the GM rules on the consequences",
                target.key,
            )
        )
    return events
