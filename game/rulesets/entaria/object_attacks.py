"""Nahkampf, Fernkampf and thrown weapons at objects (section 30, E-OBJ-1..6, E-DMG-2).

``AttackObject`` attacks a door, a wall field or a pane whose material the map names
(``cell``), or a weapon in a creature's hand (``holder`` and ``item``). The damage goes
to the one record of ``object_state`` through ``object_map.strike_object``; blasts and
area fire reach objects through ``object_blasts``.

Decisions where the book is silent (issue 10):

- An unattended object is hit on Nahkampf or Fernkampf vs ZW 15, like a throw at a
  field (E-THROW-2, ``rules.objects.object_target``): the range band's edge, Störung,
  a fitted optic's WM (``rules.optics``), water and riding count as for a Fernkampf, the
  attacker's conditions through the one check roll; cover does not (the object is what
  covers). A held weapon is attacked as
  its holder is (reach, sight, band, the holder's Ausweichen with its cover and
  conditions), and its PAK stands in for armour.
- Damage SW + w6 (+ NSB in melee) - PAK (E-OBJ-2, E-DMG-2); a critical hit doubles it
  (E-CRIT-HIT-2, D-4). Objects have no damage-type effects (E-OBJ-3 leaves conditions
  of objects to the game master).
- Melee reaches an object within the weapon's reach of the attacker's fields; a ranged
  attack needs the object's field in sight (a wall field is seen when the line to it is
  clear) and in one of the weapon's bands. A thrown weapon without an area lands on the
  object's field when that is open afterwards, else on the open field next to it
  nearest the thrower.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell, distance, footprint_distance
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    attack_words,
    critical_failure,
    held_weapon,
    plan_attack,
    ranged_disturbance,
    resolve_attack,
    water_and_mount,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.engine_table import ActionCheck
from game.rulesets.entaria.hand_checks import hands_problem
from game.rulesets.entaria.object_map import (
    MapObject,
    held_object,
    object_at,
    object_fields,
    strike_object,
)
from game.rulesets.entaria.ranged_common import edge_reasons, reveal_shooter
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit
from game.rulesets.entaria.rules.condition_effects import can_wield_melee_weapon
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers
from game.rulesets.entaria.rules.objects import object_damage, object_target
from game.rulesets.entaria.rules.optics import optic_modifiers
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.reach import in_melee_reach, reach_unwalled
from game.rulesets.entaria.rules.terms import Attribute, say
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.underwater import underwater_rejection


@dataclass(frozen=True)
class AttackObject(Command):
    """Attack an object: the one on map field ``cell``, or ``holder``'s weapon ``item``."""

    kind: ClassVar[str] = "attack_object"
    weapon: str  # weapon key, or "unarmed"
    cell: Cell | None = None
    holder: str | None = None
    item: str | None = None


@dataclass(frozen=True)
class ObjectAttackPlan:
    """A validated attack on an object field: how, from where, with what edge."""

    attacker: CreatureState
    weapon: WeaponType | None
    target: MapObject
    melee: bool
    band: RangeBand | None
    action: Action


def _action(weapon: WeaponType | None, melee: bool) -> Action:
    if weapon is None:
        return Action.UNARMED_ATTACK  # bare hands, as Attack spends them
    if melee:
        return Action.MELEE_ATTACK
    return Action.THROW_ATTACK if weapon.thrown else Action.RANGED_ATTACK


def _weapon_of(battle: Battle, attacker: CreatureState, key: str) -> WeaponType | None:
    weapon = held_weapon(battle, attacker, key)
    if weapon is not None and weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.english} is thrown at a field (E-THROW-2): "
                "its blast hits the objects there",
                f"{weapon.name} wird auf ein Feld geworfen (E-THROW-2): "
                "ihre Explosion trifft die Objekte dort",
            )
        )
    if reason := hands_problem(battle, attacker, [weapon]):
        raise CommandRejected(reason)
    return weapon


def _check_melee_weapon(battle: Battle, attacker: CreatureState, weapon: WeaponType | None) -> None:
    kind = battle.creature_type(attacker)
    if weapon is not None and not can_wield_melee_weapon(
        attacker.conditions, weapon_size=weapon.weapon_size, size_category=kind.size_category
    ):
        raise CommandRejected(
            say(
                f"{weapon.english} is too big to use while prone (E-COND-LIEGEND-3)",
                f"{weapon.name} ist zu groß, um sie im Liegen zu benutzen (E-COND-LIEGEND-3)",
            )
        )


def plan_object_attack(battle: Battle, command: AttackObject) -> ObjectAttackPlan:
    """Check an attack on the object of a map field; reject with the reason."""
    attacker = battle.creature(command.actor)
    weapon = _weapon_of(battle, attacker, command.weapon)
    if command.cell is None:
        raise CommandRejected(
            say("name the object's field (cell)", "nenne das Feld des Objekts (cell)")
        )
    cell = (int(command.cell[0]), int(command.cell[1]))
    target = object_at(battle, cell)
    if target is None:
        raise CommandRejected(
            say(
                f"there is no object that can be attacked on field {list(cell)}",
                f"auf Feld {list(cell)} ist kein Objekt, das angegriffen werden kann",
            )
        )
    kind = battle.creature_type(attacker)
    reach = max(kind.reach, 1, weapon.reach if weapon is not None else 1)
    in_reach = _object_in_reach(battle, attacker.cell, kind.size_fields, cell, reach)
    melee = weapon is None or (weapon.melee and (not weapon.ranged or in_reach))
    band = None
    if melee:
        if weapon is not None and not weapon.melee:
            raise CommandRejected(
                say(
                    f"{weapon.english} is no melee weapon (E-MELEE-1)",
                    f"{weapon.name} ist keine Nahkampfwaffe (E-MELEE-1)",
                )
            )
        if not in_reach:
            raise CommandRejected(
                say(
                    "the object is not within melee reach (E-MELEE-2)",
                    "das Objekt ist nicht in Nahkampfreichweite (E-MELEE-2)",
                )
            )
        _check_melee_weapon(battle, attacker, weapon)
    else:
        band = _ranged_band(battle, attacker, weapon, cell)
    action = _action(weapon, melee)
    battle.can_spend(attacker, action)
    return ObjectAttackPlan(attacker, weapon, target, melee, band, action)


def _ranged_band(
    battle: Battle, attacker: CreatureState, weapon: WeaponType | None, cell: Cell
) -> RangeBand:
    """Return the band of a shot or throw at ``cell``; reject without sight, band or rounds."""
    assert weapon is not None
    if not line_of_sight(battle.grid, attacker.cell, cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is not in line of sight",
                f"Feld {list(cell)} ist nicht in Sichtlinie",
            )
        )
    band = range_band(distance(attacker.cell, cell))
    if not weapon.fires_at(band):
        raise CommandRejected(
            say(
                f"{weapon.english} cannot fire at that range (E-RANGE-2)",
                f"{weapon.name} kann auf diese Reichweite nicht feuern (E-RANGE-2)",
            )
        )
    assert band is not None
    if reason := underwater_rejection(battle, weapon, band):
        raise CommandRejected(reason)
    if weapon.has_magazine and attacker.magazines.get(weapon.key, 0) <= 0:
        raise CommandRejected(
            say(
                f"{weapon.english} is empty: reload (Interact)",
                f"{weapon.name} ist leer: nachladen (Interagieren)",
            )
        )
    return band


def object_attack_modifiers(battle: Battle, plan: ObjectAttackPlan) -> RollModifiers:
    """Return what the situation gives an attack on an object field, each part named.

    As for a Fernkampf at a creature: the range band (E-RANGE-*), Störung's Abgelenkt
    counted once with a held one (E-DISTURB-1, E-OPEN-1) and the fitted optics' WM (a
    single shot, so they take effect, E-ACT-VH-DAUERFEUER-2 aside) for a shot or throw;
    then water and riding. The attacker's conditions come with ``Battle.check``.
    """
    mods = RollModifiers()
    band = plan.band
    if not plan.melee and band is not None:
        disturbed = ranged_disturbance(battle, plan.attacker)
        mods = RollModifiers(edge=band.edge) + edge_reasons(band.edge, band.german, disturbed)
        if plan.weapon is not None:
            mods += optic_modifiers(plan.weapon.optics)
    return mods + water_and_mount(battle, plan.attacker, plan.weapon, band, plan.melee)


def handle_attack_object(battle: Battle, command: AttackObject) -> list[Event]:
    if command.holder is not None:
        return _attack_held_weapon(battle, command)
    plan = plan_object_attack(battle, command)
    attacker, weapon, target = plan.attacker, plan.weapon, plan.target
    # valid: now change the state
    events = battle.spend(attacker, plan.action)
    events += reveal_shooter(attacker)  # attacking is conspicuous (E-COND-UNENTDECKT-5)
    situation = object_attack_modifiers(battle, plan)
    attribute = Attribute.MELEE if plan.melee else Attribute.RANGED
    de, en = target.names(battle)
    assert target.cell is not None
    roll, event = battle.check(
        attacker,
        attribute,
        object_target(),
        context=RollContext(attribute=attribute, is_attack=True, is_melee=plan.melee),
        extra=situation,
        rule="E-OBJ-2",
        what_de=attack_words(weapon, de)[0],
        what_en=attack_words(weapon, f"the {en}")[1],
    )
    event.data.update(
        {
            "weapon": weapon.key if weapon else UNARMED,
            "object": target.material.key,
            "field": list(target.cell),
            "band": plan.band.name if plan.band else None,
        }
    )
    events.append(event)
    if not plan.melee and weapon is not None and weapon.has_magazine:
        attacker.magazines[weapon.key] = max(0, attacker.magazines.get(weapon.key, 0) - 1)
    if roll.crit is Crit.FAILURE:
        events += critical_failure(battle, attacker, weapon, ranged=not plan.melee)
    elif not roll.success:
        events.append(
            Event(
                "miss",
                f"{attacker.name} verfehlt {de}",
                f"{attacker.name} misses the {en}",
                attacker.key,
                {"field": list(target.cell)},
            )
        )
    else:
        events += _damage(battle, attacker, weapon, target, plan.melee, roll.crit is Crit.SUCCESS)
    if weapon is not None and weapon.thrown and not plan.melee:
        attacker.held.remove(weapon.key)
        landing = _landing(battle, attacker.cell, target.cell)
        battle.state.ground_items.setdefault(landing, []).append(weapon.key)
    return events


def _damage(
    battle: Battle,
    attacker: CreatureState,
    weapon: WeaponType | None,
    target: MapObject,
    melee: bool,
    crit: bool,
) -> list[Event]:
    """Roll SW + w6 (+ NSB in melee) - PAK, doubled on a crit, and strike the object."""
    sw = weapon.damage_value if weapon is not None else 0
    bonus = battle.creature_type(attacker).melee_damage_bonus if melee else 0
    damage = object_damage(target.material, battle.roller, sw, bonus=bonus, crit=crit)
    # "= 4 x2 (kritisch) = 8" as a creature's damage line: doubled after the PAK (E-CRIT-HIT-2)
    doubled_de = f" = {damage.raw} x2 (kritisch)" if crit else ""
    doubled_en = f" = {damage.raw} x2 (critical)" if crit else ""
    return strike_object(
        battle,
        attacker.key,
        target,
        damage,
        formula_de=f"SW {sw} + w6 ({damage.die}) + {bonus} - PAK {target.pak}{doubled_de}",
        formula_en=f"damage {sw} + d6 ({damage.die}) + {bonus} - armour {target.pak}{doubled_en}",
        rule="E-CRIT-HIT-2" if crit else "E-OBJ-2",
    )


def _landing(battle: Battle, thrower: Cell, cell: Cell) -> Cell:
    """Return where a thrown weapon that hit or missed an object comes to rest."""
    grid = battle.grid
    if not grid.is_wall(cell):
        return cell
    around = [
        (cell[0] + dx, cell[1] + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and grid.in_bounds((cell[0] + dx, cell[1] + dy))
    ]
    # it falls back off the wall, not through a wall on a field edge (D-13)
    open_fields = [c for c in around if not grid.is_wall(c) and reach_unwalled(grid, cell, c)]
    if not open_fields:
        return thrower
    return min(open_fields, key=lambda c: (distance(c, thrower), c[1], c[0]))


# ------------------------------------------------------------------ held weapons
def _attack_held_weapon(battle: Battle, command: AttackObject) -> list[Event]:
    """Attack the weapon in a creature's hand: as the holder is attacked, vs its Ausweichen."""
    attacker = battle.creature(command.actor)
    holder = battle.creature(command.holder)
    weapon = _weapon_of(battle, attacker, command.weapon)
    target = held_object(battle, holder, command.item or "")
    if target is None:
        raise CommandRejected(
            say(
                f"{holder.name} holds no weapon {command.item!r}",
                f"{holder.name} hält keine Waffe {command.item!r}",
            )
        )
    plan = plan_attack(battle, attacker, holder, weapon)
    if plan.melee:
        _check_melee_weapon(battle, attacker, weapon)
    action = _action(weapon, plan.melee)
    battle.can_spend(attacker, action)
    # valid: now change the state
    events = battle.spend(attacker, action)
    de, en = target.names(battle)
    roll, rolled = resolve_attack(
        battle,
        plan,
        deal_damage=False,
        what_de=attack_words(weapon, f"{de} von {holder.name}")[0],
        what_en=attack_words(weapon, f"{holder.name}'s {en}")[1],
    )
    events += rolled
    if roll.success:
        events += _damage(battle, attacker, weapon, target, plan.melee, roll.crit is Crit.SUCCESS)
    if weapon is not None and weapon.thrown and not plan.melee:
        attacker.held.remove(weapon.key)
        battle.state.ground_items.setdefault(holder.cell, []).append(weapon.key)
    return events


def _object_in_reach(battle: Battle, at: Cell, side: int, cell: Cell, reach: int) -> bool:
    """Return whether a creature at ``at`` strikes the object on ``cell`` (E-OBJ-2, D-13).

    Its own field, or within melee reach past the walls (``reach.in_melee_reach``).
    """
    if footprint_distance(at, cell, side_a=side) == 0:
        return True
    return in_melee_reach(at, cell, attacker_side=side, reach=reach, grid=battle.grid)


def object_in_reach(battle: Battle, creature: CreatureState) -> bool:
    """Return whether an object worth a blow lies within the melee reach of a weapon or a fist.

    A door that stands open and a destroyed object can still be struck by the command,
    but they do not light up Nahkampf: nobody batters an open door to get through it.
    """
    kind = battle.creature_type(creature)
    weapons = battle.catalogue.weapons
    reach = max([kind.reach, 1, *(weapons[k].reach for k in creature.held if k in weapons)])
    return any(
        found.cell is not None
        and not found.destroyed
        and not (found.door and battle.grid.is_door_open(found.cell))
        and _object_in_reach(battle, creature.cell, kind.size_fields, found.cell, reach)
        for found in object_fields(battle)
    )


def melee_check(enemy_check: ActionCheck) -> ActionCheck:
    """Return Nahkampf's availability: an enemy within reach (``enemy_check``) or an object."""

    def check(battle: Battle, creature: CreatureState) -> str:
        reason = enemy_check(battle, creature)
        if reason and object_in_reach(battle, creature):
            return ""
        return reason

    return check
