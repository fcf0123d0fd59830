"""Handlers of the close-combat actions: Waffenloser Kampf and the melee full actions.

Waffenloser Kampf with its six options (E-ACT-HH-WAFFENLOS-*), the grapple and how it
ends (Umklammerung lösen as FH, breaking free as HH), the Betäuben save, and the full
actions Mehrfachangriff, Rundumschlag, Gezielter Angriff, Sturmangriff and
Zurückdrängen (E-ACT-VH-*). Every handler validates the whole command first and only
then spends the action and rolls; the rules come from ``game.rulesets.entaria.rules``.

Decisions taken here (see the module report):
- A grapple is two effects, ``grappling`` on the attacker and ``grappled`` on the
  target, each naming the other as source; the grapple's conditions are removed when
  it ends unless another grapple or a timed effect still explains them (E-OPEN-19).
  A turn-start hook ends grapples whose grappler can no longer act or hold on.
- The Betäuben save (BETAEUBEN-3) is rolled by a turn-start hook, because the engine
  gives a Handlungsunfähig creature no turn; a success wakes the creature, which has
  then spent its turn on the save (Handlungsunfähig until its next turn).
- Gezielter Angriff: every such attack has Umgehung (E-ACT-VH-GEZIELT-2); Umgehung
  is read as "worn armour and Blockadehaltung do not count", cover still does.
- Breaking free is the catalogue's own action ``Action.BREAK_GRAPPLE`` (an HH,
  UMKLAMMERN-4): doing it twice in a turn makes Wehrlos (E-ACT-6), an unarmed attack
  after it does not.
- Mehrfachangriff and Rundumschlag (E-ACT-VH-MEHRFACH, E-ACT-VH-RUNDUM) are checked
  as a whole before anything is rolled, then each attack is planned again just before
  its roll: a target that an earlier attack of the same action killed, put out of the
  fight, pushed or hurled (zero-G) out of reach or sight is skipped with an event
  (``attack_skipped``), as are the rest after a critical failure (E-CRIT-FAIL-2).
- Hands (``hand_checks.hands_problem``): each weapon of an action needs its
  hands (two when WG > KG), bare hands a free one, out of what the other held things,
  the reins (E-MOUNT-9) and holding on as a passenger (E-MOUNT-4) leave.
- Riders and passengers do not charge or drag by themselves (they move with their
  mount); a mount with passengers charges and drags at half BEW (E-MOUNT-4). A mount
  hit by a Sturmangriff or brought down by Zu Fall bringen shakes everyone on it
  (E-MOUNT-8, ``riding.shake_riders``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell, distance
from game.board.movement import path_cost
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.basic_actions import (
    MOVE_ACTIONS,
    climb_refusal,
    enemy_reach,
    leave_reach,
    move_allowance,
    movement_profile,
    path_refusal,
    terrain_along,
    walked_path_cost,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    AttackPlan,
    held_weapon,
    hit,
    plan_attack,
    resolve_attack,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of, hands_problem
from game.rulesets.entaria.riding import shake_riders
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import HAZARD_ESCAPE_SAVE, Action
from game.rulesets.entaria.rules.checks import Crit, impulse_gain
from game.rulesets.entaria.rules.condition_changes import moved_faster_than_walking, reveal
from game.rulesets.entaria.rules.condition_effects import can_wield_melee_weapon
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.damage import body_zone, nonlethal_allowed
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.hands import hands_needed
from game.rulesets.entaria.rules.movement import (
    Halving,
    charge_path,
    disengage_required,
    movement_allowance,
    push_back_destinations,
    push_landing,
    push_path,
)
from game.rulesets.entaria.rules.reach import (
    in_melee_reach,
    melee_reach_cells,
    sweep_targets_allowed,
)
from game.rulesets.entaria.rules.terms import (
    Attribute,
    Condition,
    DamageType,
    SaveValue,
    german,
    say,
)
from game.rulesets.entaria.rules.unarmed import (
    GRAPPLE_ESCAPE_ACTION,
    GRAPPLE_ESCAPE_SAVE,
    SHOVE_MAX_FIELDS,
    UnarmedOption,
    knock_out_recovery,
    knock_out_rounds,
    unarmed_option_allowed,
    unarmed_rule,
)
from game.rulesets.entaria.seats import passenger_halvings, seated_move_problem
from game.rulesets.entaria.state import CreatureState, Effect

#: Effect on the grappler; ``source`` is the grappled creature (E-ACT-HH-WAFFENLOS-UMKLAMMERN-1).
GRAPPLING = "grappling"
#: Effect on the grappled creature; ``source`` is the grappler.
GRAPPLED = "grappled"
#: ``Effect.source`` of Betäuben's timed Bewusstlos (E-ACT-HH-WAFFENLOS-BETAEUBEN-2).
KNOCK_OUT_SOURCE = "knock_out"
#: ``Effect.source`` of the Handlungsunfähig a successful Betäuben save leaves for the turn.
KNOCK_OUT_SAVE_SOURCE = "knock_out_save"

_GRAPPLER_CONDITIONS = (Condition.DEFENSELESS, Condition.DISTRACTED)  # UMKLAMMERN-2
_GRAPPLED_CONDITIONS = (Condition.DEFENSELESS, Condition.DISTRACTED, Condition.IMMOBILIZED)


# ------------------------------------------------------------------------ commands
@dataclass(frozen=True)
class UnarmedAttack(Command):
    """Waffenloser Kampf with one option (E-ACT-HH-WAFFENLOS, E-OPEN-19).

    ``option``: an UnarmedOption value (damage, trip, shove, disarm, grapple, knock_out).
    ``nonlethal`` only with damage (E-NONLETHAL-1); ``fields`` 1 or 2 for a shove
    (E-OPEN-18: the attacker chooses); ``item`` the held item a disarm knocks away
    (default: the first one the target holds).
    """

    kind: ClassVar[str] = "unarmed_attack"
    target: str
    option: str
    nonlethal: bool = False
    fields: int = SHOVE_MAX_FIELDS
    item: str | None = None


@dataclass(frozen=True)
class BreakGrapple(Command):
    """The grappled creature's HH: Stärke vs the grappler's Körper (UMKLAMMERN-4)."""

    kind: ClassVar[str] = "break_grapple"
    grappler: str | None = None


@dataclass(frozen=True)
class ReleaseGrapple(Command):
    """The grappler lets go as an FH (E-ACT-HH-WAFFENLOS-UMKLAMMERN-5, E-ACT-FH-1)."""

    kind: ClassVar[str] = "release_grapple"
    target: str | None = None


@dataclass(frozen=True)
class DragGrappled(Command):
    """Move and take the grappled creature along, at half movement (UMKLAMMERN-3).

    ``action`` is WALK, RUN or DISENGAGE as for Move; the grappled creature ends on
    the field of the path just before the grappler's last one.
    """

    kind: ClassVar[str] = "drag_grappled"
    action: str
    path: tuple[Cell, ...]
    target: str | None = None


@dataclass(frozen=True)
class MultiAttack(Command):
    """Mehrfachangriff: one attack per held weapon, each with Nachteil (E-ACT-VH-MEHRFACH).

    ``attacks`` lists (weapon key, target key) pairs; each weapon at most once.
    """

    kind: ClassVar[str] = "multi_attack"
    attacks: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SweepAttack(Command):
    """Rundumschlag: up to 4 enemies in reach, one melee weapon, Nachteil each."""

    kind: ClassVar[str] = "sweep_attack"
    weapon: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class AimedAttack(Command):
    """Gezielter Angriff: Nachteil; a hit rolls the body zone and has Umgehung."""

    kind: ClassVar[str] = "aimed_attack"
    target: str
    weapon: str  # weapon key or "unarmed"


@dataclass(frozen=True)
class Charge(Command):
    """Sturmangriff: up to 2 x BEW straight at one enemy, then a melee attack."""

    kind: ClassVar[str] = "charge"
    target: str
    weapon: str  # melee weapon key or "unarmed"
    nonlethal: bool = False


@dataclass(frozen=True)
class PushBack(Command):
    """Zurückdrängen: a melee attack without damage plus Stärke vs Körper; push 1 field."""

    kind: ClassVar[str] = "push_back"
    target: str
    weapon: str  # a held melee weapon
    destination: Cell


# ------------------------------------------------------------------------- helpers
def _event(kind: str, de: str, en: str, actor: str | None, **data: object) -> Event:
    return Event(kind, de, en, actor, dict(data))


def _keys(creatures: Iterable[CreatureState]) -> set[str]:
    return {c.key for c in creatures}


def _has_free_hand(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature has a hand free (E-ACT-HH-WAFFENLOS, E-MOUNT-4/9)."""
    return free_hands_of(battle, creature) >= hands_needed(Action.UNARMED_ATTACK)


def _check_hands(battle: Battle, creature: CreatureState, weapons: list[WeaponType | None]) -> None:
    """Reject unless the creature has the hands to use these weapons together."""
    if problem := hands_problem(battle, creature, weapons):
        raise CommandRejected(problem)


def _check_not_seated(creature: CreatureState) -> None:
    """Reject a move of one's own by a rider or passenger (E-MOUNT-4, E-MOUNT-10)."""
    if problem := seated_move_problem(creature):
        raise CommandRejected(problem)


def _enemy_target(battle: Battle, attacker: CreatureState, key: str) -> CreatureState:
    target = battle.creature(key)
    if target.side == attacker.side:
        raise CommandRejected(
            say(
                f"{target.name} is no enemy of {attacker.name}",
                f"{target.name} ist kein Gegner von {attacker.name}",
            )
        )
    return target


def _check_wield(battle: Battle, attacker: CreatureState, weapon: WeaponType | None) -> None:
    """Reject a melee weapon too big to use while prone (E-COND-LIEGEND-3)."""
    if weapon is None:
        return
    kind = battle.creature_type(attacker)
    if not can_wield_melee_weapon(
        attacker.conditions, weapon_size=weapon.weapon_size, size_category=kind.size_category
    ):
        raise CommandRejected(
            say(
                f"{weapon.name} is too big to use while prone (E-COND-LIEGEND-3)",
                f"{weapon.name} ist zu groß, um sie im Liegen zu benutzen (E-COND-LIEGEND-3)",
            )
        )


def _melee_weapon(battle: Battle, attacker: CreatureState, key: str) -> WeaponType:
    weapon = held_weapon(battle, attacker, key)
    if weapon is None or not weapon.melee:
        raise CommandRejected(
            say(
                "this action needs a melee weapon in hand (E-MELEE-1)",
                "diese Handlung braucht eine Nahkampfwaffe in der Hand (E-MELEE-1)",
            )
        )
    return weapon


def _check_nonlethal(weapon: WeaponType | None, *, melee: bool) -> None:
    damage_type = weapon.damage_type if weapon else DamageType.BLUDGEONING
    if not nonlethal_allowed(damage_type, unarmed=weapon is None, melee=melee, ranged=not melee):
        raise CommandRejected(
            say(
                "non-lethal needs an unarmed attack or a bludgeoning melee weapon (E-NONLETHAL-1)",
                "nicht-tödlicher Schaden braucht einen waffenlosen Angriff oder "
                "eine Nahkampfwaffe mit Wuchtschaden (E-NONLETHAL-1)",
            )
        )


def _occupied(battle: Battle) -> list[Cell]:
    return [c.cell for c in battle.state.creatures.values() if Condition.DEAD not in c.conditions]


def _can_act(battle: Battle, creature: CreatureState) -> bool:
    return battle._can_take_turn(creature)


def _forced_move(
    battle: Battle, target: CreatureState, start: Cell, path: list[Cell], rule: str
) -> list[Event]:
    """Move a pushed creature along ``path``; a dangerous last field allows an escape.

    E-OPEN-18: on a successful Reflexe save vs ZW 15 the target stays on the last safe
    field of the path (or its start). A creature that cannot act makes no save. What a
    dangerous field does is the game master's (the source names lava, chasms, fire).
    """
    events: list[Event] = []
    escaped = False
    save = HAZARD_ESCAPE_SAVE
    if path and battle.grid.is_hazard(path[-1]) and _can_act(battle, target):
        assert save.attribute is not None and isinstance(save.against, int)
        roll, event = battle.check(
            target,
            save.attribute,
            save.against,
            edge=save.edge,
            what_de="Rettungswurf Reflexe gegen das gefährliche Feld",
            what_en="Reflexes save against the dangerous field",
        )
        event.data["rule"] = rule
        events.append(event)
        escaped = bool(roll.success)
    landing = push_landing(battle.grid, start, path, escaped=escaped)
    target.cell = landing
    events.append(
        _event(
            "push",
            f"{target.name} wird nach {list(landing)} gestoßen",
            f"{target.name} is pushed to {list(landing)}",
            target.key,
            path=[list(c) for c in path],
            landing=list(landing),
            escaped=escaped,
            rule=rule,
        )
    )
    if battle.grid.is_hazard(landing):
        events.append(
            _event(
                "gm_question",
                f"{target.name} landet auf einem gefährlichen Feld (Spielleitung: Folgen)",
                f"{target.name} lands on a dangerous field (GM rules on the consequences)",
                target.key,
                cell=list(landing),
                rule=rule,
            )
        )
    entered = path[: path.index(landing) + 1] if landing in path else []
    if entered:
        for hook in battle.table.enter:
            events += hook(battle, target, entered)
    return events


# ---------------------------------------------------------------------- the grapple
def grapples(battle: Battle) -> list[tuple[CreatureState, CreatureState]]:
    """Return every grapple as (grappler, grappled), in roster order."""
    pairs = []
    for creature in battle.state.creatures.values():
        for effect in creature.effects:
            if effect.name == GRAPPLING and effect.source in battle.state.creatures:
                pairs.append((creature, battle.state.creatures[effect.source]))
    return pairs


def grappled_by(battle: Battle, creature: CreatureState) -> list[CreatureState]:
    """Return the creatures that hold ``creature`` in a grapple."""
    return [g for g, t in grapples(battle) if t.key == creature.key]


def grappling(battle: Battle, creature: CreatureState) -> list[CreatureState]:
    """Return the creatures ``creature`` holds in a grapple."""
    return [t for g, t in grapples(battle) if g.key == creature.key]


def _grapple_conditions(creature: CreatureState) -> set[Condition]:
    """Return the conditions the creature's remaining grapples give (UMKLAMMERN-2)."""
    wanted: set[Condition] = set()
    for effect in creature.effects:
        if effect.name == GRAPPLING:
            wanted.update(_GRAPPLER_CONDITIONS)
        elif effect.name == GRAPPLED:
            wanted.update(_GRAPPLED_CONDITIONS)
    return wanted


def _explained_elsewhere(creature: CreatureState, condition: Condition) -> bool:
    """Return whether a timed effect other than a grapple holds ``condition``."""
    for effect in creature.effects:
        if effect.condition is condition:
            return True
        if condition is Condition.DEFENSELESS and effect.name == "DEFENSELESS_REPEAT":
            return True
    return False


def _start_grapple(battle: Battle, grappler: CreatureState, target: CreatureState) -> list[Event]:
    round_ = battle.state.round
    grappler.effects.append(
        Effect(GRAPPLING, DurationKind.UNTIL_RELEASED, source=target.key, started_round=round_)
    )
    target.effects.append(
        Effect(GRAPPLED, DurationKind.UNTIL_RELEASED, source=grappler.key, started_round=round_)
    )
    events = [
        _event(
            "grapple",
            f"{grappler.name} umklammert {target.name}",
            f"{grappler.name} grapples {target.name}",
            grappler.key,
            target=target.key,
            rule="E-ACT-HH-WAFFENLOS-UMKLAMMERN-1",
        )
    ]
    events += _assert_grapple_conditions(battle, grappler)
    events += _assert_grapple_conditions(battle, target)
    return events


def _assert_grapple_conditions(battle: Battle, creature: CreatureState) -> list[Event]:
    events: list[Event] = []
    for condition in sorted(_grapple_conditions(creature), key=lambda c: c.name):
        if condition not in creature.conditions:
            events += battle.add_condition(creature, condition)
    return events


def end_grapple(
    battle: Battle, grappler: CreatureState, target: CreatureState, *, why_de: str, why_en: str
) -> list[Event]:
    """End one grapple and take away the conditions only it explained (E-OPEN-19)."""
    grappler.effects = [
        e for e in grappler.effects if not (e.name == GRAPPLING and e.source == target.key)
    ]
    target.effects = [
        e for e in target.effects if not (e.name == GRAPPLED and e.source == grappler.key)
    ]
    events = [
        _event(
            "grapple_end",
            f"Die Umklammerung von {target.name} durch {grappler.name} endet ({why_de})",
            f"{grappler.name}'s grapple on {target.name} ends ({why_en})",
            grappler.key,
            target=target.key,
            rule="E-OPEN-19",
        )
    ]
    for creature, given in ((grappler, _GRAPPLER_CONDITIONS), (target, _GRAPPLED_CONDITIONS)):
        still = _grapple_conditions(creature)
        for condition in given:
            if condition in still or _explained_elsewhere(creature, condition):
                continue
            events += battle.remove_condition(creature, condition)
    return events


def grapple_upkeep(battle: Battle, creature: CreatureState) -> list[Event]:
    """End grapples that cannot go on; give back grapple conditions a timer took away.

    A grapple ends when the grappler cannot act (Handlungsunfähig, Bewusstlos, dead),
    the target is dead, or the two no longer stand within the grappler's reach.
    """
    events: list[Event] = []
    for grappler, target in grapples(battle):
        kind = battle.creature_type(grappler)
        holds = (
            _can_act(battle, grappler)
            and Condition.DEAD not in target.conditions
            and in_melee_reach(
                grappler.cell,
                target.cell,
                attacker_side=kind.size_fields,
                target_side=battle.creature_type(target).size_fields,
                reach=kind.reach,
            )
        )
        if not holds:
            events += end_grapple(
                battle,
                grappler,
                target,
                why_de="kann nicht mehr festhalten",
                why_en="can no longer hold on",
            )
    if Condition.DEAD not in creature.conditions:
        events += _assert_grapple_conditions(battle, creature)
    return events


# ----------------------------------------------------------------- the Betäuben save
def _knock_out_effect(creature: CreatureState) -> Effect | None:
    for effect in creature.effects:
        if effect.condition is Condition.UNCONSCIOUS and effect.source == KNOCK_OUT_SOURCE:
            return effect
    return None


def knock_out_save(battle: Battle, creature: CreatureState) -> list[Event]:
    """Roll the VH save of a knocked-out creature at the start of its turn (BETAEUBEN-3).

    E-OPEN-19: the save is an exception to Handlungsunfähig and takes the whole turn.
    The engine skips Handlungsunfähig creatures, so the save is rolled here for it;
    a success ends Bewusstlos and leaves the creature Handlungsunfähig until the start
    of its next turn (its turn went into the save). Only Bewusstlos from Betäuben at
    LP >= 1 can be shaken off this way. The roll takes no condition modifiers: the
    Liegend that Bewusstlos itself implies would otherwise always give Nachteil.
    """
    effect = _knock_out_effect(creature)
    if effect is None:
        return []
    if Condition.UNCONSCIOUS not in creature.conditions or creature.lp < 1:
        return []
    if battle.held_conditions(creature) & {Condition.DYING, Condition.STABLE_COMA, Condition.DEAD}:
        return []
    constitution = battle.creature_type(creature).attribute(Attribute.CONSTITUTION)
    roll = knock_out_recovery(constitution, battle.roller)
    gained = impulse_gain(roll, rolled_by_player_character=creature.is_character)
    battle.state.impulse_pool += gained
    de, en = describe_roll(roll, 0)
    data = roll_data(roll, edge=0, modifier=0)
    data.update(
        {
            "attribute": Attribute.CONSTITUTION.name,
            "value": constitution,
            "impulse": gained,
            "rule": "E-ACT-HH-WAFFENLOS-BETAEUBEN-3",
        }
    )
    events = [
        Event(
            "roll",
            f"{creature.name}: Rettungswurf Konstitution gegen Bewusstlos (Volle Handlung) {de}",
            f"{creature.name}: Constitution save against unconsciousness (full action) {en}",
            creature.key,
            data,
        )
    ]
    if not roll.success:
        return events
    events += battle.remove_condition(creature, Condition.UNCONSCIOUS)
    events += battle.add_condition(
        creature,
        Condition.INCAPACITATED,
        effect=Effect(
            Condition.INCAPACITATED.name,
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
            source=KNOCK_OUT_SAVE_SOURCE,
            started_round=battle.state.round,
        ),
    )
    return events


# ----------------------------------------------------------------- Waffenloser Kampf
def _option(name: str) -> UnarmedOption:
    try:
        return UnarmedOption(name)
    except ValueError:
        names = ", ".join(o.value for o in UnarmedOption)
        raise CommandRejected(
            say(
                f"unknown unarmed option {name!r}; expected one of {names}",
                f"unbekannte Option des Waffenlosen Kampfs {name!r}; erwartet eine von {names}",
            )
        ) from None


def handle_unarmed_attack(battle: Battle, command: UnarmedAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    option = _option(command.option)
    rule = unarmed_rule(option)
    battle.can_spend(attacker, Action.UNARMED_ATTACK)
    if not _has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand for unarmed combat (E-ACT-HH-WAFFENLOS)",
                f"{attacker.name} braucht für den Waffenlosen Kampf eine freie Hand "
                "(E-ACT-HH-WAFFENLOS)",
            )
        )
    plan = plan_attack(battle, attacker, target, None, melee=True)
    if not unarmed_option_allowed(
        option,
        attacker_size=battle.creature_type(attacker).size_category,
        target_size=battle.creature_type(target).size_category,
    ):
        raise CommandRejected(
            say(
                f"{rule.english} needs a target of at most {attacker.name}'s size category "
                f"({rule.rule_ids[0]})",
                f"{rule.german} braucht ein Ziel höchstens der Größenkategorie von "
                f"{attacker.name} ({rule.rule_ids[0]})",
            )
        )
    if command.nonlethal and option is not UnarmedOption.DAMAGE:
        raise CommandRejected(
            say(
                "only the damage option deals damage (E-OPEN-19, E-NONLETHAL-1)",
                "nur die Schadensoption richtet Schaden an (E-OPEN-19, E-NONLETHAL-1)",
            )
        )
    shove: list[Cell] = []
    if option is UnarmedOption.SHOVE:
        if not 1 <= command.fields <= SHOVE_MAX_FIELDS:
            raise CommandRejected(
                say(
                    f"a shove moves the target 1 to {SHOVE_MAX_FIELDS} fields (E-OPEN-18)",
                    f"ein Schubsen bewegt das Ziel 1 bis {SHOVE_MAX_FIELDS} Felder (E-OPEN-18)",
                )
            )
        shove = push_path(
            battle.grid, attacker.cell, target.cell, command.fields, occupied=_occupied(battle)
        )
    item = command.item
    if option is UnarmedOption.DISARM:
        if item is None:
            if not target.held:
                raise CommandRejected(
                    say(
                        f"{target.name} holds nothing to knock away",
                        f"{target.name} hält nichts, das weggeschlagen werden kann",
                    )
                )
            item = target.held[0]
        elif item not in target.held:
            raise CommandRejected(
                say(f"{target.name} does not hold {item!r}", f"{target.name} hält {item!r} nicht")
            )
    if option is UnarmedOption.GRAPPLE and target.key in _keys(grappling(battle, attacker)):
        raise CommandRejected(
            say(
                f"{attacker.name} already grapples {target.name}",
                f"{attacker.name} umklammert {target.name} bereits",
            )
        )
    if option is UnarmedOption.KNOCK_OUT and Condition.UNCONSCIOUS in battle.held_conditions(
        target
    ):
        raise CommandRejected(
            say(f"{target.name} is already unconscious", f"{target.name} ist bereits bewusstlos")
        )
    # valid: now change the state
    events = battle.spend(attacker, Action.UNARMED_ATTACK)
    roll, attack_events = resolve_attack(
        battle,
        plan,
        edge=rule.edge,
        nonlethal=command.nonlethal,
        deal_damage=rule.deals_damage,
        what_de=f"Waffenloser Kampf ({rule.german}) gegen {target.name}",
        what_en=f"unarmed combat ({rule.english.lower()}) against {target.name}",
    )
    events += attack_events
    if not roll.success or rule.deals_damage:
        return events
    if option is UnarmedOption.TRIP:
        events += _knock_down(battle, target, "E-ACT-HH-WAFFENLOS-ZUFALL")
        events += shake_riders(battle, target, "zu Fall gebracht", "brought down")
    elif option is UnarmedOption.SHOVE:
        events += _forced_move(battle, target, target.cell, shove, "E-ACT-HH-WAFFENLOS-SCHUBSEN")
    elif option is UnarmedOption.DISARM:
        assert item is not None
        target.held.remove(item)
        battle.state.ground_items.setdefault(target.cell, []).append(item)
        events.append(
            _event(
                "disarm",
                f"{attacker.name} schlägt {target.name} {item} aus der Hand",
                f"{attacker.name} knocks {item} out of {target.name}'s hand",
                attacker.key,
                target=target.key,
                item=item,
                cell=list(target.cell),
                rule="E-ACT-HH-WAFFENLOS-ENTWAFFNEN",
            )
        )
    elif option is UnarmedOption.GRAPPLE:
        events += _start_grapple(battle, attacker, target)
    elif option is UnarmedOption.KNOCK_OUT:
        events += _knock_out(battle, attacker, target)
    return events


def _knock_down(battle: Battle, target: CreatureState, rule: str) -> list[Event]:
    events = [
        _event(
            "knocked_down",
            f"{target.name} wird zu Boden geworfen",
            f"{target.name} is thrown to the ground",
            target.key,
            rule=rule,
        )
    ]
    return events + battle.knock_prone(target)


def _knock_out(battle: Battle, attacker: CreatureState, target: CreatureState) -> list[Event]:
    """Roll Stärke vs the target's Körper; success: Bewusstlos for 1w6 rounds (BETAEUBEN-2)."""
    roll, event = battle.check(
        attacker,
        Attribute.STRENGTH,
        battle.save_value(target, SaveValue.BODY),
        what_de=f"Betäuben: Stärke gegen Körper von {target.name}",
        what_en=f"knock out: Strength against {target.name}'s Body",
    )
    event.data["rule"] = "E-ACT-HH-WAFFENLOS-BETAEUBEN-2"
    events = [event]
    if not roll.success:
        return events
    rounds = knock_out_rounds(battle.roller)
    effect = Effect(
        Condition.UNCONSCIOUS.name,
        DurationKind.ROUNDS,
        source=KNOCK_OUT_SOURCE,
        until_round=battle.state.round + rounds,
        value=rounds,
        started_round=battle.state.round,
    )
    events.append(
        _event(
            "knock_out",
            f"{target.name} ist für {rounds} Runde(n) bewusstlos (w6 [{rounds}])",
            f"{target.name} is unconscious for {rounds} round(s) (d6 [{rounds}])",
            attacker.key,
            target=target.key,
            rounds=rounds,
            rule="E-ACT-HH-WAFFENLOS-BETAEUBEN-2",
        )
    )
    events += battle.add_condition(target, Condition.UNCONSCIOUS, effect=effect)
    return events


def handle_break_grapple(battle: Battle, command: BreakGrapple) -> list[Event]:
    creature = battle.creature(command.actor)
    holders = grappled_by(battle, creature)
    if not holders:
        raise CommandRejected(
            say(f"{creature.name} is not grappled", f"{creature.name} ist nicht umklammert")
        )
    grappler = _chosen(holders, command.grappler, battle, say("break free from", "Losreißen"))
    battle.can_spend(creature, GRAPPLE_ESCAPE_ACTION)
    # valid: now change the state
    events = battle.spend(creature, GRAPPLE_ESCAPE_ACTION)
    save = GRAPPLE_ESCAPE_SAVE
    assert save.attribute is not None and isinstance(save.against, SaveValue)
    roll, event = battle.check(
        creature,
        save.attribute,
        battle.save_value(grappler, save.against),
        what_de=f"Rettungswurf Stärke gegen Körper von {grappler.name} (losreißen)",
        what_en=f"Strength save against {grappler.name}'s Body (break free)",
    )
    event.data["rule"] = "E-ACT-HH-WAFFENLOS-UMKLAMMERN-4"
    events.append(event)
    if roll.success:
        events += end_grapple(
            battle, grappler, creature, why_de="losgerissen", why_en="broken free"
        )
    return events


def handle_release_grapple(battle: Battle, command: ReleaseGrapple) -> list[Event]:
    grappler = battle.creature(command.actor)
    held = grappling(battle, grappler)
    if not held:
        raise CommandRejected(
            say(f"{grappler.name} grapples no one", f"{grappler.name} umklammert niemanden")
        )
    target = _chosen(held, command.target, battle, say("let go of", "Loslassen"))
    battle.can_spend(grappler, Action.RELEASE_GRAPPLE)
    events = battle.spend(grappler, Action.RELEASE_GRAPPLE)
    events += end_grapple(battle, grappler, target, why_de="losgelassen", why_en="let go")
    return events


def _chosen(held: list[CreatureState], key: str | None, battle: Battle, what: str) -> CreatureState:
    if key is None:
        if len(held) > 1:
            raise CommandRejected(
                say(f"name the creature to {what}", f"nenne das Wesen zum {german(what)}")
            )
        return held[0]
    creature = battle.creature(key)
    if creature.key not in _keys(held):
        raise CommandRejected(
            say(
                f"{creature.name} is not in that grapple",
                f"{creature.name} ist nicht in dieser Umklammerung",
            )
        )
    return creature


def handle_drag_grappled(battle: Battle, command: DragGrappled) -> list[Event]:
    grappler = battle.creature(command.actor)
    held = grappling(battle, grappler)
    if not held:
        raise CommandRejected(
            say(f"{grappler.name} grapples no one", f"{grappler.name} umklammert niemanden")
        )
    target = _chosen(held, command.target, battle, say("drag", "Ziehen"))
    _check_not_seated(grappler)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    battle.can_spend(grappler, action)
    path = list(command.path)
    cost = walked_path_cost(battle, grappler, path)
    behind = path[-2]
    if battle.state.creature_at(behind) not in (None, grappler, target):
        raise CommandRejected(
            say(
                f"the field behind, {list(behind)}, is taken",
                f"das Feld dahinter, {list(behind)}, ist besetzt",
            )
        )
    kind = battle.creature_type(grappler)
    # the dragged creature comes along: leaving its reach is no leaving (it follows)
    zones = []
    for enemy in battle.enemies_of(grappler):
        if enemy.key == target.key or not _can_act(battle, enemy):
            continue
        enemy_kind = battle.creature_type(enemy)
        zones.append(
            melee_reach_cells(enemy.cell, side=enemy_kind.size_fields, reach=enemy_kind.reach)
        )
    needs_save = disengage_required(action, path, zones, move_types=kind.move_types.keys())
    halvings = [Halving.DRAGGING, *passenger_halvings(battle, grappler)]
    halvings += [Halving.LEAVING_REACH] if needs_save else []
    allowance = movement_allowance(
        kind.movement,
        action,
        conditions=battle.held_conditions(grappler),
        overload_level=grappler.conditions.count(Condition.OVERLOADED),
        exhaustion_level=grappler.conditions.count(Condition.EXHAUSTED),
        halvings=halvings,
    )
    if cost > allowance:
        raise CommandRejected(
            say(
                f"the path costs {cost} fields; dragging allows {allowance} "
                "(E-ACT-HH-WAFFENLOS-UMKLAMMERN-3)",
                f"der Weg kostet {cost} Felder; das Ziehen erlaubt {allowance} "
                "(E-ACT-HH-WAFFENLOS-UMKLAMMERN-3)",
            )
        )
    # valid: now change the state
    events = battle.spend(grappler, action)
    if needs_save:
        passed, rolled = leave_reach(battle, grappler, running=action is Action.RUN)
        events += rolled
        if not passed:
            return events
    stop, terrain_events = terrain_along(battle, grappler, path)
    events += terrain_events
    grappler.cell = path[stop]
    if stop > 0 and battle.state.creature_at(path[stop - 1]) in (None, target):
        target.cell = path[stop - 1]
    events.append(
        _event(
            "move",
            f"{grappler.name} zieht {target.name} mit nach {list(grappler.cell)}",
            f"{grappler.name} drags {target.name} to {list(grappler.cell)}",
            grappler.key,
            path=[list(c) for c in path[: stop + 1]],
            action=action.name,
            target=target.key,
            target_cell=list(target.cell),
            rule="E-ACT-HH-WAFFENLOS-UMKLAMMERN-3",
        )
    )
    for hook in battle.table.enter:
        events += hook(battle, grappler, path[1 : stop + 1])
        if stop > 0:
            events += hook(battle, target, [target.cell])
    return events


# ------------------------------------------------------------------ Mehrfachangriff
@dataclass(frozen=True)
class _Strike:
    """One attack of a Mehrfachangriff or Rundumschlag, as declared and first checked."""

    target: CreatureState
    weapon: WeaponType | None
    melee: bool
    was_in_fight: bool


def _skipped(attacker: CreatureState, target: CreatureState, de: str, en: str) -> Event:
    return _event(
        "attack_skipped",
        f"Angriff auf {target.name} entfällt: {de}",
        f"the attack on {target.name} lapses: {en}",
        attacker.key,
        target=target.key,
    )


def _replan(
    battle: Battle, attacker: CreatureState, strike: _Strike
) -> tuple[AttackPlan | None, Event | None]:
    """Plan one attack just before its roll, or say why it lapses.

    An earlier attack of the same action may have killed the target, put it out of the
    fight, or pushed or hurled it (zero-G, E-ZEROG-3) out of reach or sight.
    """
    target = strike.target
    if Condition.DEAD in target.conditions:
        return None, _skipped(attacker, target, "bereits tot", "already dead")
    if strike.was_in_fight and target.out_of_fight:
        return None, _skipped(attacker, target, "nicht mehr kampffähig", "no longer in the fight")
    try:
        plan = plan_attack(battle, attacker, target, strike.weapon, melee=strike.melee)
    except CommandRejected as why:  # the engine's reasons are English
        return None, _skipped(attacker, target, "nicht mehr erreichbar", why.reason)
    return plan, None


def _attacks_in_turn(
    battle: Battle, attacker: CreatureState, strikes: Iterable[_Strike], *, edge: int
) -> list[Event]:
    """Resolve the attacks of one action in order, each planned just before its roll.

    A critical failure ends the rest (E-CRIT-FAIL-2); a target gone since the action
    was declared is skipped (E-ACT-VH-MEHRFACH, E-ACT-VH-RUNDUM).
    """
    events: list[Event] = []
    for strike in strikes:
        if battle.state.budget.forfeited or not _can_act(battle, attacker):
            events.append(
                _event(
                    "attack_skipped",
                    f"{attacker.name}s weitere Angriffe entfallen",
                    f"{attacker.name}'s remaining attacks lapse",
                    attacker.key,
                )
            )
            break
        plan, skipped = _replan(battle, attacker, strike)
        if plan is None:
            assert skipped is not None
            events.append(skipped)
            continue
        _, attack_events = resolve_attack(battle, plan, edge=edge)
        events += attack_events
        weapon = plan.weapon
        if weapon is not None and weapon.thrown and not plan.melee:
            attacker.held.remove(weapon.key)
            battle.state.ground_items.setdefault(plan.target.cell, []).append(weapon.key)
    return events


def _strike(plan: AttackPlan) -> _Strike:
    return _Strike(plan.target, plan.weapon, plan.melee, not plan.target.out_of_fight)


def handle_multi_attack(battle: Battle, command: MultiAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    battle.can_spend(attacker, Action.MULTI_ATTACK)
    if len(command.attacks) < 2:
        raise CommandRejected(
            say(
                "a multi-attack uses at least two weapons (E-ACT-VH-MEHRFACH)",
                "ein Mehrfachangriff nutzt mindestens zwei Waffen (E-ACT-VH-MEHRFACH)",
            )
        )
    keys = [weapon for weapon, _ in command.attacks]
    if len(set(keys)) != len(keys):
        raise CommandRejected(
            say(
                "each weapon attacks once in a multi-attack (E-ACT-VH-MEHRFACH)",
                "jede Waffe greift im Mehrfachangriff einmal an (E-ACT-VH-MEHRFACH)",
            )
        )
    if UNARMED in keys:
        raise CommandRejected(
            say(
                "a multi-attack is made with several weapons (E-ACT-VH-MEHRFACH)",
                "ein Mehrfachangriff wird mit mehreren Waffen ausgeführt (E-ACT-VH-MEHRFACH)",
            )
        )
    strikes = []
    weapons: list[WeaponType | None] = []
    for key, target_key in command.attacks:
        weapon = held_weapon(battle, attacker, key)
        plan = plan_attack(battle, attacker, battle.creature(target_key), weapon)
        if plan.melee:
            _check_wield(battle, attacker, weapon)
        strikes.append(_strike(plan))
        weapons.append(weapon)
    _check_hands(battle, attacker, weapons)  # "at the same time": all in hand together
    edge = -1  # E-ACT-VH-MEHRFACH: every attack roll with Nachteil
    events = battle.spend(attacker, Action.MULTI_ATTACK)
    events += _attacks_in_turn(battle, attacker, strikes, edge=edge)
    return events


# --------------------------------------------------------------------- Rundumschlag
def handle_sweep_attack(battle: Battle, command: SweepAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    battle.can_spend(attacker, Action.SWEEP_ATTACK)
    if len(set(command.targets)) != len(command.targets):
        raise CommandRejected(
            say(
                "each enemy is attacked once in a sweep attack (E-ACT-VH-RUNDUM)",
                "jeder Gegner wird im Rundumschlag einmal angegriffen (E-ACT-VH-RUNDUM)",
            )
        )
    if not sweep_targets_allowed(len(command.targets)):
        raise CommandRejected(
            say(
                "a sweep attack strikes 1 to 4 enemies (E-ACT-VH-RUNDUM)",
                "ein Rundumschlag trifft 1 bis 4 Gegner (E-ACT-VH-RUNDUM)",
            )
        )
    weapon = _melee_weapon(battle, attacker, command.weapon)
    _check_wield(battle, attacker, weapon)
    strikes = [
        _strike(
            plan_attack(battle, attacker, _enemy_target(battle, attacker, key), weapon, melee=True)
        )
        for key in command.targets
    ]
    _check_hands(battle, attacker, [weapon])
    events = battle.spend(attacker, Action.SWEEP_ATTACK)
    events += _attacks_in_turn(battle, attacker, strikes, edge=-1)  # E-ACT-VH-RUNDUM: Nachteil
    return events


# ----------------------------------------------------------------- Gezielter Angriff
def handle_aimed_attack(battle: Battle, command: AimedAttack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    battle.can_spend(attacker, Action.AIMED_ATTACK)
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is None and not _has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand to attack unarmed",
                f"{attacker.name} braucht eine freie Hand für einen waffenlosen Angriff",
            )
        )
    if weapon is not None and weapon.is_area:
        raise CommandRejected(
            say(
                f"{weapon.name} deals area damage: no aimed attack with it (E-ACT-VH-GEZIELT-3)",
                f"{weapon.name} richtet Flächenschaden an: kein Gezielter Angriff "
                "damit (E-ACT-VH-GEZIELT-3)",
            )
        )
    plan = plan_attack(battle, attacker, target, weapon)
    if plan.melee:
        _check_wield(battle, attacker, weapon)
    _check_hands(battle, attacker, [weapon])
    events = battle.spend(attacker, Action.AIMED_ATTACK)
    roll, attack_events = resolve_attack(
        battle,
        plan,
        edge=-1,  # E-ACT-VH-GEZIELT-1: Nachteil
        deal_damage=False,
        what_de=f"Gezielter Angriff auf {target.name}",
        what_en=f"aimed attack on {target.name}",
    )
    events += attack_events
    if weapon is not None and weapon.thrown and not plan.melee:
        attacker.held.remove(weapon.key)
        battle.state.ground_items.setdefault(target.cell, []).append(weapon.key)
    if not roll.success:
        return events
    zone = body_zone(roll.kept)  # E-OPEN-21 reading A: the kept attack die
    events.append(
        _event(
            "body_zone",
            f"Getroffene Körperzone: {zone.value} (w20 [{roll.kept}])",
            f"Body zone hit: {zone.name.lower().replace('_', ' ')} (d20 [{roll.kept}])",
            attacker.key,
            zone=zone.name,
            die=roll.kept,
            target=target.key,
            rule="E-ACT-VH-GEZIELT-2",
        )
    )
    events += hit(
        battle,
        attacker,
        target,
        weapon,
        melee=plan.melee,
        cover=plan.cover,
        crit=roll.crit is Crit.SUCCESS,
        bypass=True,
    )
    return events


# ---------------------------------------------------------------------- Sturmangriff
@dataclass(frozen=True)
class ChargePlan:
    """A Sturmangriff the Charge handler accepts: its straight path and the save it needs."""

    attacker: CreatureState
    target: CreatureState
    weapon: WeaponType | None
    path: list[Cell]
    cost: int  # the path's movement cost
    needs_save: bool


def validate_charge(battle: Battle, command: Charge, *, check_budget: bool = True) -> ChargePlan:
    """Return the Charge as the handler would carry it out, or raise CommandRejected.

    Changes nothing; the handler and the screen's previews share it (E-ACT-VH-STURM).
    ``check_budget=False`` leaves out whether the attacker may spend the action now: a
    preview for a creature whose turn it is not.
    """
    attacker = battle.creature(command.actor)
    target = _enemy_target(battle, attacker, command.target)
    if check_budget:
        battle.can_spend(attacker, Action.CHARGE)
    _check_not_seated(attacker)
    weapon = held_weapon(battle, attacker, command.weapon)
    if weapon is not None and not weapon.melee:
        raise CommandRejected(
            say(
                f"{weapon.name} is no melee weapon (E-MELEE-1)",
                f"{weapon.name} ist keine Nahkampfwaffe (E-MELEE-1)",
            )
        )
    if weapon is None and not _has_free_hand(battle, attacker):
        raise CommandRejected(
            say(
                f"{attacker.name} needs a free hand to attack unarmed",
                f"{attacker.name} braucht eine freie Hand für einen waffenlosen Angriff",
            )
        )
    _check_wield(battle, attacker, weapon)
    _check_hands(battle, attacker, [weapon])
    if command.nonlethal:
        _check_nonlethal(weapon, melee=True)
    reaches = enemy_reach(battle, attacker)
    if any(attacker.cell in zone for zone in reaches):
        raise CommandRejected(
            say(
                f"{attacker.name} stands within an enemy's melee reach: no charge (E-ACT-VH-STURM)",
                f"{attacker.name} steht in der Nahkampfreichweite eines Gegners: "
                "kein Sturmangriff (E-ACT-VH-STURM)",
            )
        )
    kind = battle.creature_type(attacker)
    able = [
        e.cell for e in battle.enemies_of(attacker) if e.key != target.key and _can_act(battle, e)
    ]
    allies = [c.cell for c in battle.allies_of(attacker)]
    profile = movement_profile(battle, attacker)
    allowance = charge_allowance(battle, attacker, halved=False)
    path = charge_path(
        battle.grid,
        attacker.cell,
        target.cell,
        kind.movement,
        enemies=able,
        allies=allies,
        allowance=allowance,
        reach=max(kind.reach, weapon.reach if weapon else 1),
        cost_model=profile,
    )
    if path is None:
        raise CommandRejected(
            say(
                f"no straight charge of at most {allowance} fields reaches {target.name} "
                "(E-OPEN-20)",
                f"kein gerader Sturmangriff von höchstens {allowance} Feldern erreicht "
                f"{target.name} (E-OPEN-20)",
            )
        )
    enemies = [c.cell for c in battle.enemies_of(attacker)]
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError as error:
        raise CommandRejected(path_refusal(error)) from None
    if battle.state.creature_at(path[-1]) not in (None, attacker):
        raise CommandRejected(
            say(
                "a charge cannot end on another creature's field (E-OBST-2)",
                "ein Sturmangriff kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
            )
        )
    if (refused := climb_refusal(battle, attacker, path)) is not None:
        raise CommandRejected(refused)
    needs_save = disengage_required(Action.CHARGE, path, reaches, move_types=kind.move_types.keys())
    if needs_save:
        halved = charge_allowance(battle, attacker, halved=True)
        if cost > halved:
            raise CommandRejected(
                say(
                    f"the charge leaves an enemy's reach, which halves it to {halved} fields "
                    "(D-10)",
                    "der Sturmangriff verlässt die Reichweite eines Gegners, das halbiert "
                    f"ihn auf {halved} Felder (D-10)",
                )
            )
    # the attack from the end of the path must be possible: plan it on a copy
    plan_attack(battle, dataclasses.replace(attacker, cell=path[-1]), target, weapon, melee=True)
    return ChargePlan(attacker, target, weapon, path, cost, needs_save)


def handle_charge(battle: Battle, command: Charge) -> list[Event]:
    charge = validate_charge(battle, command)
    attacker, target, weapon, path = charge.attacker, charge.target, charge.weapon, charge.path
    needs_save = charge.needs_save
    kind = battle.creature_type(attacker)
    # valid: now change the state
    events = battle.spend(attacker, Action.CHARGE)
    if needs_save:
        passed, rolled = leave_reach(battle, attacker, running=False)
        events += rolled
        if not passed:
            return events
    stop, terrain_events = terrain_along(battle, attacker, path)
    events += terrain_events
    start = attacker.cell
    attacker.cell = path[stop]
    if Condition.UNDETECTED in attacker.conditions and moved_faster_than_walking(
        distance(start, attacker.cell), kind.movement
    ):
        attacker.conditions = reveal(attacker.conditions, ConspicuousAct.FAST_MOVEMENT)
    events.append(
        _event(
            "move",
            f"{attacker.name} stürmt nach {list(attacker.cell)}",
            f"{attacker.name} charges to {list(attacker.cell)}",
            attacker.key,
            path=[list(c) for c in path[: stop + 1]],
            action=Action.CHARGE.name,
            rule="E-ACT-VH-STURM",
        )
    )
    for hook in battle.table.enter:
        events += hook(battle, attacker, path[1 : stop + 1])
    if (
        stop != len(path) - 1
        or not _can_act(battle, attacker)
        or Condition.DEAD in target.conditions
        or battle.state.budget.forfeited
    ):
        events.append(
            _event(
                "attack_skipped",
                f"{attacker.name} kommt nicht zum Angriff",
                f"{attacker.name} does not get to attack",
                attacker.key,
            )
        )
        return events
    try:
        plan = plan_attack(battle, attacker, target, weapon, melee=True)
    except CommandRejected as why:
        events.append(
            _event(
                "attack_skipped",
                f"{attacker.name} kommt nicht zum Angriff: {why.de}",
                f"{attacker.name} does not get to attack: {why.reason}",
                attacker.key,
            )
        )
        return events
    roll, attack_events = resolve_attack(battle, plan, nonlethal=command.nonlethal)
    events += attack_events
    if roll.success:
        events += shake_riders(battle, target, "im Sturm getroffen", "hit by a charge")
    return events


def charge_allowance(battle: Battle, creature: CreatureState, *, halved: bool) -> int:
    """Return a charge's fields: 2 x BEW, halved for leaving reach and for passengers."""
    if not passenger_halvings(battle, creature):
        return move_allowance(battle, creature, Action.CHARGE, halved=halved)
    kind = battle.creature_type(creature)
    return movement_allowance(
        kind.movement,
        Action.CHARGE,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=passenger_halvings(battle, creature)
        + ((Halving.LEAVING_REACH,) if halved else ()),
    )


# --------------------------------------------------------------------- Zurückdrängen
def handle_push_back(battle: Battle, command: PushBack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    battle.can_spend(attacker, Action.PUSH_BACK)
    weapon = _melee_weapon(battle, attacker, command.weapon)
    _check_wield(battle, attacker, weapon)
    plan = plan_attack(battle, attacker, target, weapon, melee=True)
    _check_hands(battle, attacker, [weapon])
    destination = (int(command.destination[0]), int(command.destination[1]))
    allowed = push_back_destinations(
        battle.grid, attacker.cell, target.cell, occupied=_occupied(battle)
    )
    if destination not in allowed:
        raise CommandRejected(
            say(
                f"{target.name} cannot be pushed to {list(destination)}: a free neighbouring "
                f"field is needed (E-ACT-VH-ZURUECK-2)",
                f"{target.name} kann nicht nach {list(destination)} gedrängt werden: "
                "ein freies Nachbarfeld ist nötig (E-ACT-VH-ZURUECK-2)",
            )
        )
    events = battle.spend(attacker, Action.PUSH_BACK)
    roll, attack_events = resolve_attack(
        battle,
        plan,
        deal_damage=False,  # E-ACT-VH-ZURUECK-1: Nahkampf without damage
        what_de=f"Zurückdrängen: Angriff auf {target.name}",
        what_en=f"push back: attack on {target.name}",
    )
    events += attack_events
    if not roll.success:
        return events
    strength, event = battle.check(
        attacker,
        Attribute.STRENGTH,
        battle.save_value(target, SaveValue.BODY),
        what_de=f"Zurückdrängen: Stärke gegen Körper von {target.name}",
        what_en=f"push back: Strength against {target.name}'s Body",
    )
    event.data["rule"] = "E-ACT-VH-ZURUECK-1"
    events.append(event)
    if strength.success:
        events += _forced_move(battle, target, target.cell, [destination], "E-ACT-VH-ZURUECK-3")
    return events


# ------------------------------------------------------------- availability checks
def _enemies_in_reach(battle: Battle, creature: CreatureState, reach: int) -> list[CreatureState]:
    kind = battle.creature_type(creature)
    return [
        e
        for e in battle.enemies_of(creature)
        if in_melee_reach(
            creature.cell,
            e.cell,
            attacker_side=kind.size_fields,
            target_side=battle.creature_type(e).size_fields,
            reach=max(kind.reach, reach),
        )
    ]


def _held_melee(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    return [
        battle.catalogue.weapons[k]
        for k in creature.held
        if k in battle.catalogue.weapons and battle.catalogue.weapons[k].melee
    ]


def can_unarmed_attack(battle: Battle, creature: CreatureState) -> str:
    if not _has_free_hand(battle, creature):
        return say("no free hand", "keine freie Hand")
    return (
        ""
        if _enemies_in_reach(battle, creature, 1)
        else say("no enemy within melee reach", "kein Gegner in Nahkampfreichweite")
    )


def can_multi_attack(battle: Battle, creature: CreatureState) -> str:
    weapons = {k for k in creature.held if k in battle.catalogue.weapons}
    if len(weapons) < 2:
        return say("needs two weapons in hand", "braucht zwei Waffen in der Hand")
    return "" if battle.enemies_of(creature) else say("no enemy left", "kein Gegner mehr übrig")


def can_sweep_attack(battle: Battle, creature: CreatureState) -> str:
    weapons = _held_melee(battle, creature)
    if not weapons:
        return say("no melee weapon in hand", "keine Nahkampfwaffe in der Hand")
    reach = max(w.reach for w in weapons)
    return (
        ""
        if _enemies_in_reach(battle, creature, reach)
        else say("no enemy within melee reach", "kein Gegner in Nahkampfreichweite")
    )


def can_aimed_attack(battle: Battle, creature: CreatureState) -> str:
    if not battle.enemies_of(creature):
        return say("no enemy left", "kein Gegner mehr übrig")
    usable = _has_free_hand(battle, creature) or any(
        not battle.catalogue.weapons[k].is_area
        for k in creature.held
        if k in battle.catalogue.weapons
    )
    return (
        ""
        if usable
        else say(
            "no weapon without area damage and no free hand",
            "keine Waffe ohne Flächenschaden und keine freie Hand",
        )
    )


def can_charge(battle: Battle, creature: CreatureState) -> str:
    if not battle.enemies_of(creature):
        return say("no enemy left", "kein Gegner mehr übrig")
    if any(creature.cell in zone for zone in enemy_reach(battle, creature)):
        return say("within an enemy's melee reach", "in der Nahkampfreichweite eines Gegners")
    if not (_held_melee(battle, creature) or _has_free_hand(battle, creature)):
        return say(
            "no melee weapon in hand and no free hand",
            "keine Nahkampfwaffe in der Hand und keine freie Hand",
        )
    return ""


def can_release_grapple(battle: Battle, creature: CreatureState) -> str:
    return "" if grappling(battle, creature) else say("grapples no one", "umklammert niemanden")


def can_break_free(battle: Battle, creature: CreatureState) -> str:
    return "" if grappled_by(battle, creature) else say("not grappled", "ist nicht umklammert")


__all__ = [
    "GRAPPLED",
    "GRAPPLING",
    "KNOCK_OUT_SOURCE",
    "AimedAttack",
    "BreakGrapple",
    "Charge",
    "DragGrappled",
    "MultiAttack",
    "PushBack",
    "ReleaseGrapple",
    "SweepAttack",
    "UnarmedAttack",
    "end_grapple",
    "grappled_by",
    "grapples",
    "grappling",
]
