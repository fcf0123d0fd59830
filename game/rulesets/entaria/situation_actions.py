"""Handlers of the special situations: mounts, flight, zero-G, underwater and the duel.

Every rule comes from ``game.rulesets.entaria.rules`` (situations, movement, ranges, damage,
actions); this module validates a command completely, then spends the action and changes the
state. Hooks: a turn-start hook (flight, mounts), an enter hook (fields entered by any
movement) and functions the attack code calls (``after_hit``, ``situation_attack_edge``,
``underwater_rejection``).

Decisions where the rules leave room (also in the tests):

- Mounted combat (E-MOUNT-*, E-OPEN-47). Riding is two effects, ``riding`` on the rider
  and ``ridden`` on the mount, each naming the other as source. The rider stands on the
  mount's anchor field (two creatures on one field) and moves with it. A mount is a
  creature that is not a player character (the catalogue has no "can carry" flag; the
  GM keeps unfit creatures from being mounted, E-MOUNT-2), at least one KG larger
  (E-OPEN-47), willing or trained (E-MOUNT-3): of the rider's side, or bound to him
  (``companion_of``). Bound (Dressur, E-MOUNT-11) means ``companion_of`` names the
  rider. A ridden mount
  has no turn of its own while its rider can act; the rider commands it as his FH
  (Gehen, Laufen, Lösen; Nahkampf when bound), and it acts at once with its own BEW,
  saves and weapons (E-OPEN-47). Aufsitzen and Absteigen are VH (E-MOUNT-5); a mount
  that ran (Laufen, until the start of the next turn of whoever made it run) asks
  Geschick vs ZW 15 (E-MOUNT-6, Nachteil without Reiten, E-MOUNT-1). A mount moved by
  force (pushed, dragged, hurled) asks its rider Reflexe vs ZW 15 or he is thrown off:
  he stays on the field the mount left, SW 3 Wucht, Liegend (E-MOUNT-8). When the mount
  gets Liegend, the rider gets it too and stays seated (E-MOUNT-7). A rider moved off
  his mount (pushed, GM) no longer rides.
- Passengers (E-MOUNT-4). ``Mount(passenger=True)`` boards as a passenger (VH, with the
  check of E-MOUNT-6 like mounting): effects ``passenger`` on him and
  ``carries_passenger`` on the mount. Seats: one per size category the mount is larger
  than the largest creature on it, the rider included (``actions.mount_seats``: a KG 5
  horse carries two humans of KG 3). Every passenger is at least one KG smaller
  (E-MOUNT-2) and the mount willing or trained (E-MOUNT-3). A passenger holds on with
  one hand (one hand fewer, needs a free one to board), sits on the mount's field,
  moves only with it, does not command it, and falls, is thrown off and attacks from
  it like the rider (E-MOUNT-1, -7, -8, -13). While it carries passengers a mount's
  BEW is halved (``movement.Halving.PASSENGERS``) unless its catalogue entry says
  ``built_for_passengers``; a command guard checks that. A mount with
  passengers but no rider acts on its own turn.
- Reins (E-MOUNT-9): a rider takes them when he mounts (``Mount.reins``, default true;
  it needs a free hand) and may let go (FH, like dropping an item) or take them again
  (HH Interagieren) with ``Reins``. Holding them costs a hand; commands work without
  them too (E-MOUNT-10 names sounds, words and legs), so they bring nothing else.
- E-MOUNT-8 besides forced movement: a mount hit by a Sturmangriff or brought down by
  Zu Fall bringen shakes everyone on it (Reflexe vs ZW 15); who fails is thrown onto
  the nearest free field next to the mount (SW 3 Wucht, Liegend), or, with no free
  field, stays on with the damage. Everyone thrown off a moved mount lands on the
  field it left, or the nearest free field to it.
- Hands (E-ACT-HH-WAFFENLOS, E-MOUNT-4, E-MOUNT-9, ``actions.weapon_hands`` etc.):
  the minimum enforced is at the use of things in hand. Holding a thing takes one hand;
  using a weapon needs its hands (two when WG > KG) out of what the other held things,
  the reins and holding on leave; Waffenloser Kampf needs one such free hand, a reload
  two (weapon and magazine). Taking the reins and holding on as a passenger need a free
  hand. Command guards check that for Attack and Reload; drawing or picking up
  stays as it is (holding too much only makes things unusable until one is put away).
- Flight (E-MOVETYPE-F/FG/FS/FV, E-OPEN-43). ``Fly`` is a Gehen, Laufen or Lösen in
  the air: a path (possibly just the start field) and the altitude at its end; the
  fields flown plus the height changed cost the flying value's allowance. A pure glider
  cannot climb and loses 1 height as its first flight of a round starts. Fields moved
  in a turn are counted from every movement; an F or FV flyer still in the air that
  flew less than floor(value / 2) falls when its turn is over (resolved as the next turn
  starts): altitude 0, Liegend, and the game master rules on the damage (E-OPEN-42).
  A Liegend flyer cannot fly; a flyer that fails the leaving-reach save falls.
  Melee reach and sight ignore altitude (a map has no third dimension).
- Zero-G (E-ZEROG-*, E-OPEN-46): every hit with Wuchtschaden in weightlessness asks
  the target for Reflexe vs ZW 15 (Vorteil with Null-G); on a failure it is hurled 5
  fields in a 1w8 direction as forced movement (no leaving-reach save). The ranged
  penalty of E-ZEROG-1 is the adventure chapter's: no mechanical penalty here.
- Underwater (E-UNDERWATER-*, E-OPEN-45 A): melee Nachteil except Stich (unarmed
  counts as Wucht); ranged weapons keep only the bands ``ranges.underwater_bands``
  leaves, with Nachteil at Mittel unless built for water (Unterwasser); weapons with
  Flächenschaden or Bereichsfeuer and every area fire are refused. Water as difficult
  terrain (E-UNDERWATER-1) is the map's: water fields are marked as such.
- Duel (E-DUEL-*, E-OPEN-48): a game-master command outside the round. Both roll
  Reflexe (``actions.duel_order``, ties rerolled), the faster fires once, the other
  then fires if he still can; ranged weapons with WG <= KG only; no budget is spent
  (a critical failure empties the magazine but forfeits nobody's turn).
- Impuls reroll (E-IMP-EFF-REROLL): not implemented here (see the report).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import (
    DIRECTIONS_8,
    Cell,
    Cover,
    distance,
    footprint_cells,
    footprint_distance,
)
from game.board.movement import path_cost
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.basic_actions import (
    MOVE_ACTIONS,
    enemy_reach,
    movement_profile,
    path_refusal,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    UNARMED,
    AttackPlan,
    armour_of,
    held_weapon,
    plan_attack,
    resolve_attack,
)
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.engine import Battle, CommandRejected, check_guards
from game.rulesets.entaria.ranged_actions import Reload
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.attacks import duel_order, duel_second_shot, weapon_allowed_in_duel
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, impulse_gain
from game.rulesets.entaria.rules.condition_changes import moved_faster_than_walking, reveal
from game.rulesets.entaria.rules.condition_rolls import RollContext, roll_modifiers
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.damage import (
    HAZARDS,
    Hazard,
    combine_affinities,
    hazard_damage,
    zero_g_direction,
    zero_g_save_required,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.hands import (
    HOLDING_HANDS,
    RELOAD_HANDS,
    can_use_held,
    free_hands,
    hands_needed,
    weapon_hands,
)
from game.rulesets.entaria.rules.mounts import (
    may_board,
    mount_command_allowed,
    mount_seats,
    passengers_halve_movement,
)
from game.rulesets.entaria.rules.movement import (
    Halving,
    disengage_required,
    movement_allowance,
    resolve_disengage,
)
from game.rulesets.entaria.rules.ranges import (
    RangeBand,
    underwater_bands,
    underwater_edge,
    weapon_usable_underwater,
)
from game.rulesets.entaria.rules.situations import (
    RIDING_TALENT,
    ZERO_G_TALENT,
    can_carry_rider,
    can_gain_height,
    falls_after_turn,
    fly_value,
    glides_only,
    has_talent,
    hurl_path,
    may_be_ridden,
    rider_edge,
    riders_fall_with_mount,
    underwater_melee_edge,
    zero_g_save_edge,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType, WeaponAttribute, say
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.state import CreatureState, Effect

#: Effect names of this module (state.Effect.name).
RIDING = "riding"  # on the rider, source = mount; value 1 while the mount lies (E-MOUNT-7)
RIDDEN = "ridden"  # on the mount, source = rider
PASSENGER = "passenger"  # on a passenger, source = mount; value as RIDING (E-MOUNT-4)
CARRIES = "carries_passenger"  # on the mount, source = passenger (one per passenger)
REINS = "reins"  # on the rider while he holds the reins, source = mount (E-MOUNT-9)
#: The effects that seat a creature on a mount.
_SEATS = (RIDING, PASSENGER)
MOUNT_RUNNING = "mount_running"  # on a mount that ran; source = whose next turn ends it
FLIGHT_TURN = "flight_turn"  # on a flyer in its turn: value = fields flown, uses = glided

#: Mount commands by name (E-MOUNT-10, E-MOUNT-11).
MOUNT_ORDERS: dict[str, Action] = {
    "WALK": Action.WALK,
    "RUN": Action.RUN,
    "DISENGAGE": Action.DISENGAGE,
    "MELEE": Action.MELEE_ATTACK,
}

#: The highest altitude a Fly command accepts (fields); the allowance limits it anyway.
MAX_ALTITUDE = 100

# Mounts moving on their rider's command right now (not forced movement, E-MOUNT-8).
_COMMANDED: set[str] = set()


# ------------------------------------------------------------------ commands
@dataclass(frozen=True)
class Mount(Command):
    """Aufsitzen: get on an adjacent mount (VH, E-MOUNT-5).

    ``passenger``: board as a passenger, holding on with one hand (E-MOUNT-4);
    otherwise as its rider, taking the reins with a free hand when ``reins`` (E-MOUNT-9;
    ignored for a passenger).
    """

    kind: ClassVar[str] = "mount"
    mount: str
    passenger: bool = False
    reins: bool = True


@dataclass(frozen=True)
class Reins(Command):
    """The rider takes the reins (HH Interagieren) or lets go of them (FH), E-MOUNT-9."""

    kind: ClassVar[str] = "reins"
    hold: bool


@dataclass(frozen=True)
class Dismount(Command):
    """Absteigen onto a free field next to the mount (VH, E-MOUNT-5)."""

    kind: ClassVar[str] = "dismount"
    cell: Cell


@dataclass(frozen=True)
class MountCommand(Command):
    """A rider's command to his mount as FH (E-MOUNT-10, E-MOUNT-11, E-OPEN-47).

    ``command`` is WALK, RUN or DISENGAGE with the mount's ``path`` (a flying mount:
    with the ``altitude`` at its end, as ``Fly``), or MELEE at ``target`` with the
    mount's ``weapon`` (empty: its first held melee weapon, else unarmed).
    """

    kind: ClassVar[str] = "mount_command"
    command: str
    path: tuple[Cell, ...] = ()
    target: str = ""
    weapon: str = ""
    altitude: int | None = None


@dataclass(frozen=True)
class Fly(Command):
    """Gehen, Laufen or Lösen in the air along ``path``, ending at ``altitude`` (E-MOVETYPE-F).

    ``path`` starts on the creature's field; a path of only that field changes height.
    """

    kind: ClassVar[str] = "fly"
    action: str  # WALK, RUN, DISENGAGE
    path: tuple[Cell, ...]
    altitude: int


@dataclass(frozen=True)
class Duel(Command):
    """A ranged duel between ``a`` and ``b``, outside the round (E-DUEL-1..5); GM command."""

    kind: ClassVar[str] = "gm_duel"
    a: str
    b: str
    weapon_a: str
    weapon_b: str


# ------------------------------------------------------------------ helpers
def _event(kind: str, de: str, en: str, actor: str | None, **data: object) -> Event:
    return Event(kind, de, en, actor, dict(data))


def _effect(creature: CreatureState, name: str) -> Effect | None:
    return next((e for e in creature.effects if e.name == name), None)


def _talent(battle: Battle, creature: CreatureState, name: str) -> bool:
    return has_talent(battle.creature_type(creature).talents, name)


def _seat(creature: CreatureState) -> Effect | None:
    """Return the effect that seats ``creature`` on a mount (rider or passenger), or None."""
    return next((e for e in creature.effects if e.name in _SEATS), None)


def mount_of(battle: Battle, rider: CreatureState) -> CreatureState | None:
    """Return the creature ``rider`` rides or sits on as a passenger, or None."""
    riding = _seat(rider)
    if riding is None or riding.source is None:
        return None
    return battle.state.creatures.get(riding.source)


def passengers_of(battle: Battle, mount: CreatureState) -> list[CreatureState]:
    """Return the passengers ``mount`` carries, in the order they boarded (E-MOUNT-4)."""
    keys = [e.source for e in mount.effects if e.name == CARRIES and e.source]
    return [battle.state.creatures[k] for k in keys if k in battle.state.creatures]


def aboard(battle: Battle, mount: CreatureState) -> list[CreatureState]:
    """Return everyone on ``mount``: its rider first, then its passengers."""
    rider = rider_of(battle, mount)
    return ([rider] if rider is not None else []) + passengers_of(battle, mount)


def is_passenger(creature: CreatureState) -> bool:
    """Return whether ``creature`` sits on a mount as a passenger (E-MOUNT-4)."""
    return _effect(creature, PASSENGER) is not None


def holds_reins(creature: CreatureState) -> bool:
    """Return whether ``creature`` holds a mount's reins (E-MOUNT-9)."""
    return _effect(creature, REINS) is not None


def passenger_halvings(battle: Battle, creature: CreatureState) -> tuple[Halving, ...]:
    """Return the halving passengers give a mount's movement (E-MOUNT-4), if any."""
    built = battle.creature_type(creature).built_for_passengers
    if passengers_halve_movement(len(passengers_of(battle, creature)), built_for_passengers=built):
        return (Halving.PASSENGERS,)
    return ()


# ------------------------------------------------------------------ hands
def item_hands(battle: Battle, creature: CreatureState, key: str) -> int:
    """Return the hands using a held thing takes: a weapon's by WG and KG, anything else one."""
    weapon = battle.catalogue.weapons.get(key)
    if weapon is None:
        return HOLDING_HANDS
    return weapon_hands(weapon.weapon_size, battle.creature_type(creature).size_category)


def _others_held(battle: Battle, creature: CreatureState, used: list[str]) -> list[int]:
    """Return the hands what the creature only holds besides ``used`` takes (one each)."""
    left = list(creature.held)
    for key in used:
        if key in left:
            left.remove(key)
    return [HOLDING_HANDS for _ in left]


def free_hands_of(battle: Battle, creature: CreatureState) -> int:
    """Return the creature's hands that hold nothing and are not on reins or holding on."""
    return free_hands(
        battle.creature_type(creature).hands,
        _others_held(battle, creature, []),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    )


def _hands_why(creature: CreatureState) -> tuple[str, str]:
    """Return what keeps the creature's hands busy, in English and German."""
    reasons: list[tuple[str, str]] = []
    if holds_reins(creature):
        reasons.append(("the reins take one (E-MOUNT-9)", "die Zügel belegen eine (E-MOUNT-9)"))
    if is_passenger(creature):
        reasons.append(
            ("holding on takes one (E-MOUNT-4)", "das Festhalten belegt eine (E-MOUNT-4)")
        )
    if creature.held:
        held = ", ".join(creature.held)
        reasons.append(("in hand: " + held, "in der Hand: " + held))
    return "; ".join(en for en, _ in reasons), "; ".join(de for _, de in reasons)


def hands_problem(battle: Battle, creature: CreatureState, weapons: list[WeaponType | None]) -> str:
    """Return why ``creature`` cannot use these held weapons together (None: unarmed), or "".

    Each weapon needs ``actions.weapon_hands``, bare hands one free hand
    (E-ACT-HH-WAFFENLOS), out of what the other held things, the reins (E-MOUNT-9) and
    holding on (E-MOUNT-4) leave.
    """
    used = [w.key for w in weapons if w is not None]
    kind = battle.creature_type(creature)
    needed = sum(item_hands(battle, creature, key) for key in used)
    needed += hands_needed(Action.UNARMED_ATTACK) * sum(1 for w in weapons if w is None)
    if can_use_held(
        needed,
        kind.hands,
        _others_held(battle, creature, used),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    ):
        return ""
    what = ", ".join(w.name if w is not None else "bloße Hände" for w in weapons)
    why, why_de = _hands_why(creature)
    return say(
        f"{creature.name} needs {needed} free hand(s) for {what} but has {kind.hands}"
        + (f" ({why})" if why else ""),
        f"{creature.name} braucht {needed} freie Hand/Hände für {what}, hat aber {kind.hands}"
        + (f" ({why_de})" if why_de else ""),
    )


def reload_problem(battle: Battle, creature: CreatureState, weapon: WeaponType) -> str:
    """Return why ``creature`` cannot reload ``weapon`` with its hands now, or "".

    A reload takes two hands, the weapon's and one for the magazine
    (``actions.RELOAD_HANDS``), out of what the other held things, the reins and
    holding on leave.
    """
    kind = battle.creature_type(creature)
    if can_use_held(
        RELOAD_HANDS,
        kind.hands,
        _others_held(battle, creature, [weapon.key]),
        holding_reins=holds_reins(creature),
        holding_on=is_passenger(creature),
    ):
        return ""
    why, why_de = _hands_why(creature)
    return say(
        f"{creature.name} needs {RELOAD_HANDS} free hands to reload" + (f" ({why})" if why else ""),
        f"{creature.name} braucht zum Nachladen {RELOAD_HANDS} freie Hände"
        + (f" ({why_de})" if why_de else ""),
    )


def rider_of(battle: Battle, mount: CreatureState) -> CreatureState | None:
    """Return the creature riding ``mount``, or None."""
    ridden = _effect(mount, RIDDEN)
    if ridden is None or ridden.source is None:
        return None
    return battle.state.creatures.get(ridden.source)


def _on_mount(battle: Battle, rider: CreatureState, mount: CreatureState) -> bool:
    side = battle.creature_type(mount).size_fields
    return rider.cell in footprint_cells(mount.cell, side)


def _is_running(mount: CreatureState) -> bool:
    return any(e.name == MOUNT_RUNNING for e in mount.effects)


def _hazard(battle: Battle, creature: CreatureState, hazard: Hazard) -> list[Event]:
    """Deal a fall's damage like any damage (E-DMG-1) and give its condition."""
    kind = battle.creature_type(creature)
    affinity = combine_affinities(
        hazard.damage_type in kind.resistances,
        hazard.damage_type in kind.sensitivities,
        hazard.damage_type in kind.immunities,
    )
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    damage = hazard_damage(hazard, battle.roller, armour=armour, affinity=affinity)
    events = [
        _event(
            "damage",
            f"Sturz: SW {hazard.sw} + w6 [{damage.die}] - Panzerung {armour} -> {damage.final}",
            f"Fall: SW {hazard.sw} + d6 [{damage.die}] - armour {armour} -> {damage.final}",
            creature.key,
            die=damage.die,
            final=damage.final,
            target=creature.key,
            damage_type=hazard.damage_type.name,
            rule=hazard.rule_id,
        )
    ]
    events += battle.lose_life_points(creature, damage.final)
    if hazard.condition is Condition.PRONE and Condition.DEAD not in creature.conditions:
        events += battle.knock_prone(creature)
    return events


def _end_riding(battle: Battle, rider: CreatureState, why_de: str, why_en: str) -> list[Event]:
    """Take a rider or passenger off his mount (the seat, the reins and the mount's side)."""
    seat = _seat(rider)
    mount_key = seat.source if seat is not None else None
    rider.effects = [e for e in rider.effects if e.name not in (*_SEATS, REINS)]
    mount = battle.state.creatures.get(mount_key or "")
    if mount is not None:
        mount.effects = [
            e for e in mount.effects if not (e.name in (RIDDEN, CARRIES) and e.source == rider.key)
        ]
    return [
        _event(
            "dismounted",
            f"{rider.name} sitzt nicht mehr auf{why_de}",
            f"{rider.name} is no longer mounted{why_en}",
            rider.key,
            mount=mount_key,
        )
    ]


def sync_riders(battle: Battle) -> list[Event]:
    """Keep riders on their mounts: Liegend with a falling mount (E-MOUNT-7), height, state.

    A rider whose mount died or who is no longer on the mount's field no longer rides.
    """
    events: list[Event] = []
    for rider in list(battle.state.creatures.values()):
        riding = _seat(rider)
        if riding is None:
            continue
        mount = mount_of(battle, rider)
        if (
            mount is None
            or Condition.DEAD in mount.conditions
            or Condition.DEAD in rider.conditions
            or not _on_mount(battle, rider, mount)
        ):
            events += _end_riding(battle, rider, "", "")
            continue
        rider.altitude = mount.altitude
        lying = riders_fall_with_mount(battle.held_conditions(mount))
        if lying and not riding.value:
            events.append(
                _event(
                    "mount_fell",
                    f"{mount.name} liegt - {rider.name} stürzt mit",
                    f"{mount.name} is down - {rider.name} falls with it",
                    rider.key,
                    rule="E-MOUNT-7",
                )
            )
            events += battle.knock_prone(rider)
        riding.value = 1 if lying else 0
    return events


def _mount_problem(
    battle: Battle,
    rider: CreatureState,
    mount: CreatureState,
    *,
    passenger: bool = False,
    reins: bool = False,
) -> str:
    """Return why ``rider`` cannot get on ``mount`` now (as its rider or a passenger), or ""."""
    if mount.key == rider.key:
        return say("a creature cannot ride itself", "ein Wesen kann nicht auf sich selbst reiten")
    if _seat(rider) is not None:
        return say(f"{rider.name} already rides", f"{rider.name} reitet bereits")
    if _effect(rider, RIDDEN) is not None or _effect(rider, CARRIES) is not None:
        return say(f"{rider.name} carries a rider", f"{rider.name} trägt einen Reiter")
    if not passenger and _effect(mount, RIDDEN) is not None:
        return say(
            f"{mount.name} already carries a rider: board as a passenger (E-MOUNT-4)",
            f"{mount.name} trägt bereits einen Reiter: steig als Passagier auf (E-MOUNT-4)",
        )
    if _seat(mount) is not None:
        return say(
            f"{mount.name} rides another creature", f"{mount.name} reitet auf einem anderen Wesen"
        )
    if mount.out_of_fight or not battle._can_take_turn(mount):
        return say(
            f"{mount.name} cannot carry anyone now", f"{mount.name} kann jetzt niemanden tragen"
        )
    if mount.is_character:
        return say(
            f"{mount.name} is a player character, not a mount (E-MOUNT-2)",
            f"{mount.name} ist ein Spielercharakter, kein Reittier (E-MOUNT-2)",
        )
    trained = mount.companion_of == rider.key
    if not may_be_ridden(willing=mount.side == rider.side, trained=trained):
        return say(
            f"{mount.name} is not willing to be ridden (E-MOUNT-3)",
            f"{mount.name} lässt sich nicht reiten (E-MOUNT-3)",
        )
    mount_kind, rider_kind = battle.creature_type(mount), battle.creature_type(rider)
    if not can_carry_rider(mount_kind.size_category, rider_kind.size_category):
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) must be at least one size larger "
            f"than {rider.name} (KG {rider_kind.size_category}) (E-MOUNT-2)",
            f"{mount.name} (KG {mount_kind.size_category}) muss mindestens eine "
            f"Größe größer sein als {rider.name} (KG {rider_kind.size_category}) "
            "(E-MOUNT-2)",
        )
    if rider_kind.size_fields > mount_kind.size_fields:
        return say(
            f"{rider.name} does not fit on {mount.name}",
            f"{rider.name} passt nicht auf {mount.name}",
        )
    sizes = [battle.creature_type(c).size_category for c in aboard(battle, mount)]
    if not may_board(mount_kind.size_category, sizes, rider_kind.size_category):
        seats = mount_seats(mount_kind.size_category, max([*sizes, rider_kind.size_category]))
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) has no seat left: it carries "
            f"{seats} creature(s) of that size (E-MOUNT-4)",
            f"{mount.name} (KG {mount_kind.size_category}) hat keinen Platz "
            f"mehr: es trägt {seats} Wesen dieser Größe (E-MOUNT-4)",
        )
    if (passenger or reins) and free_hands_of(battle, rider) < 1:
        what = "hold on (E-MOUNT-4)" if passenger else "take the reins (E-MOUNT-9)"
        what_de = (
            "sich festzuhalten (E-MOUNT-4)" if passenger else "die Zügel zu nehmen (E-MOUNT-9)"
        )
        return say(
            f"{rider.name} needs a free hand to {what}",
            f"{rider.name} braucht eine freie Hand, um {what_de}",
        )
    if mount.altitude != rider.altitude:
        return say(
            f"{mount.name} flies at another height", f"{mount.name} fliegt in einer anderen Höhe"
        )
    gap = footprint_distance(
        rider.cell,
        mount.cell,
        side_a=rider_kind.size_fields,
        side_b=mount_kind.size_fields,
    )
    if gap != 1:
        return say(
            f"{mount.name} is not next to {rider.name}",
            f"{mount.name} ist nicht neben {rider.name}",
        )
    return ""


def _mount_check(
    battle: Battle, rider: CreatureState, mount: CreatureState, what_de: str, what_en: str
) -> tuple[bool, list[Event]]:
    """Roll Geschick vs ZW 15 when the mount ran (E-MOUNT-6); return (fell, events)."""
    if not _is_running(mount):
        return False, []
    edge = rider_edge(has_riding_talent=_talent(battle, rider, RIDING_TALENT))
    roll, event = battle.check(
        rider,
        Attribute.DEXTERITY,
        STANDARD_TARGET,
        edge=edge,
        what_de=f"{what_de} vom laufenden Reittier",
        what_en=f"{what_en} a running mount",
    )
    event.data["rule"] = "E-MOUNT-6"
    events = [event]
    if roll.success:
        return False, events
    return True, events + _hazard(battle, rider, HAZARDS["mount_fall"])


# ------------------------------------------------------------------ mounting
def handle_mount(battle: Battle, command: Mount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = battle.creature(command.mount)
    passenger = bool(command.passenger)
    reins = bool(command.reins) and not passenger
    problem = _mount_problem(battle, rider, mount, passenger=passenger, reins=reins)
    if problem:
        raise CommandRejected(problem)
    battle.can_spend(rider, Action.MOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.MOUNT)
    fell, rolled = _mount_check(battle, rider, mount, "Aufsitzen", "mounting")
    events += rolled
    if fell:
        return events
    round_ = battle.state.round
    rider.cell = mount.cell
    rider.altitude = mount.altitude
    seat, carried = (PASSENGER, CARRIES) if passenger else (RIDING, RIDDEN)
    rider.effects.append(
        Effect(seat, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
    )
    mount.effects.append(
        Effect(carried, DurationKind.UNTIL_RELEASED, source=rider.key, started_round=round_)
    )
    if reins:
        rider.effects.append(
            Effect(REINS, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
        )
    if passenger:
        events.append(
            _event(
                "mounted",
                f"{rider.name} steigt als Passagier auf {mount.name} auf und hält sich fest",
                f"{rider.name} boards {mount.name} as a passenger and holds on",
                rider.key,
                mount=mount.key,
                passenger=True,
                rule="E-MOUNT-4",
            )
        )
    else:
        events.append(
            _event(
                "mounted",
                f"{rider.name} sitzt auf {mount.name} auf"
                + (" und nimmt die Zügel" if reins else ""),
                f"{rider.name} mounts {mount.name}" + (" and takes the reins" if reins else ""),
                rider.key,
                mount=mount.key,
                reins=reins,
                rule="E-MOUNT-5",
            )
        )
    return events + sync_riders(battle)


def handle_reins(battle: Battle, command: Reins) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None or _effect(rider, RIDING) is None:
        raise CommandRejected(
            say(
                f"{rider.name} is no rider: only the rider holds the reins",
                f"{rider.name} ist kein Reiter: nur der Reiter hält die Zügel",
            )
        )
    if bool(command.hold) == holds_reins(rider):
        state = "holds" if command.hold else "does not hold"
        state_de = "hält die Zügel bereits" if command.hold else "hält die Zügel ohnehin nicht"
        raise CommandRejected(
            say(f"{rider.name} already {state} the reins", f"{rider.name} {state_de}")
        )
    if command.hold:
        if free_hands_of(battle, rider) < 1:
            raise CommandRejected(
                say(
                    f"{rider.name} needs a free hand to take the reins (E-MOUNT-9)",
                    f"{rider.name} braucht eine freie Hand, um die Zügel zu nehmen (E-MOUNT-9)",
                )
            )
        battle.can_spend(rider, Action.INTERACT)
        # valid: now change the state
        events = battle.spend(rider, Action.INTERACT)
        rider.effects.append(
            Effect(
                REINS,
                DurationKind.UNTIL_RELEASED,
                source=mount.key,
                started_round=battle.state.round,
            )
        )
        events.append(
            _event(
                "reins",
                f"{rider.name} nimmt die Zügel von {mount.name}",
                f"{rider.name} takes {mount.name}'s reins",
                rider.key,
                hold=True,
                rule="E-MOUNT-9",
            )
        )
        return events
    battle.can_spend(rider, Action.DROP_ITEM)
    # valid: now change the state
    events = battle.spend(rider, Action.DROP_ITEM)
    rider.effects = [e for e in rider.effects if e.name != REINS]
    events.append(
        _event(
            "reins",
            f"{rider.name} lässt die Zügel los",
            f"{rider.name} lets go of the reins",
            rider.key,
            hold=False,
            rule="E-MOUNT-9",
        )
    )
    return events


def handle_dismount(battle: Battle, command: Dismount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None:
        raise CommandRejected(say(f"{rider.name} does not ride", f"{rider.name} reitet nicht"))
    cell = (int(command.cell[0]), int(command.cell[1]))
    grid = battle.grid
    if not grid.in_bounds(cell) or grid.is_wall(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map or a wall",
                f"Feld {list(cell)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    other = battle.state.creature_at(cell)
    if other is not None and other.key not in (rider.key, mount.key):
        raise CommandRejected(
            say(
                f"field {list(cell)} is taken by {other.name}",
                f"Feld {list(cell)} ist von {other.name} besetzt",
            )
        )
    mount_side = battle.creature_type(mount).size_fields
    if footprint_distance(cell, mount.cell, side_b=mount_side) != 1:
        raise CommandRejected(
            say(
                f"field {list(cell)} is not next to {mount.name}",
                f"Feld {list(cell)} liegt nicht neben {mount.name}",
            )
        )
    if mount.altitude > 0:
        raise CommandRejected(
            say(
                f"{mount.name} is in the air: land first",
                f"{mount.name} ist in der Luft: erst landen",
            )
        )
    battle.can_spend(rider, Action.DISMOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.DISMOUNT)
    events += _end_riding(battle, rider, "", "")
    rider.cell = cell
    rider.altitude = 0
    events.append(
        _event(
            "dismount",
            f"{rider.name} steigt nach {list(cell)} ab",
            f"{rider.name} dismounts to {list(cell)}",
            rider.key,
            mount=mount.key,
            rule="E-MOUNT-5",
        )
    )
    _, rolled = _mount_check(battle, rider, mount, "Absteigen", "dismounting from")
    return events + rolled


def _mount_weapon(battle: Battle, mount: CreatureState, key: str) -> WeaponType | None:
    if key:
        return held_weapon(battle, mount, key)
    for held in mount.held:
        weapon = battle.catalogue.weapons.get(held)
        if weapon is not None and weapon.melee:
            return weapon
    return None


def handle_mount_command(battle: Battle, command: MountCommand) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None:
        raise CommandRejected(
            say(
                f"{rider.name} does not ride (E-MOUNT-10)",
                f"{rider.name} reitet nicht (E-MOUNT-10)",
            )
        )
    if _effect(rider, RIDING) is None:
        raise CommandRejected(
            say(
                f"{rider.name} is a passenger: only the rider commands (E-MOUNT-10)",
                f"{rider.name} ist Passagier: nur der Reiter gibt Befehle (E-MOUNT-10)",
            )
        )
    order = MOUNT_ORDERS.get(command.command)
    if order is None:
        raise CommandRejected(
            say(
                f"unknown mount command {command.command!r}; expected WALK, RUN, DISENGAGE or "
                "MELEE",
                f"unbekannter Befehl an das Reittier {command.command!r}; erwartet "
                "WALK, RUN, DISENGAGE oder MELEE",
            )
        )
    bound = mount.companion_of == rider.key
    if not mount_command_allowed(order, bound=bound):
        raise CommandRejected(
            say(
                f"only a mount bound to {rider.name} attacks on command (E-MOUNT-11)",
                f"nur ein an {rider.name} gebundenes Reittier greift auf Befehl an (E-MOUNT-11)",
            )
        )
    battle.can_spend(rider, Action.MOUNT_COMMAND)
    if not battle._can_take_turn(mount):
        raise CommandRejected(say(f"{mount.name} cannot act", f"{mount.name} kann nicht handeln"))
    if order is Action.MELEE_ATTACK:
        target = battle.creature(command.target)
        weapon = _mount_weapon(battle, mount, command.weapon)
        plan = plan_attack(battle, mount, target, weapon, melee=True)
        if weapon is not None and (problem := hands_problem(battle, mount, [weapon])):
            raise CommandRejected(problem)
        return _as_mount(
            battle, rider, mount, lambda: resolve_attack(battle, plan)[1], Action.MELEE_ATTACK
        )
    move: Command = Move(mount.key, command.command, tuple(command.path))
    if command.altitude is not None:
        move = Fly(mount.key, command.command, tuple(command.path), command.altitude)
    handler = battle.table.handlers[type(move)]

    def mount_moves() -> list[Event]:
        check_guards(battle, move)  # e.g. passengers halve the mount's BEW (E-MOUNT-4)
        return handler(battle, move)

    events = _as_mount(battle, rider, mount, mount_moves, order)
    if order is Action.RUN:
        mount.effects.append(
            Effect(
                MOUNT_RUNNING,
                DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND,
                source=rider.key,
                started_round=battle.state.round,
            )
        )
    return events


def _as_mount(
    battle: Battle,
    rider: CreatureState,
    mount: CreatureState,
    act: Callable[[], list[Event]],
    order: Action,
) -> list[Event]:
    """Let the mount act on its own budget within the rider's turn; then spend the FH.

    ``act`` validates before it changes anything, so a refusal leaves the state as it
    was; the rider's budget is restored whatever happens (E-OPEN-47).
    """
    saved = battle.state.budget
    battle.state.budget = TurnBudget()
    _COMMANDED.add(mount.key)
    try:
        acted = act()
    finally:
        _COMMANDED.discard(mount.key)
        battle.state.budget = saved
    events = [
        _event(
            "mount_command",
            f"{rider.name} befiehlt {mount.name}: {order.name}",
            f"{rider.name} commands {mount.name}: {order.name}",
            rider.key,
            mount=mount.key,
            command=order.name,
            rule="E-MOUNT-10",
        )
    ]
    events += battle.spend(rider, Action.MOUNT_COMMAND)
    return events + acted + sync_riders(battle)


# ------------------------------------------------------------------ flight
def _flight_turn(battle: Battle, creature: CreatureState) -> Effect:
    track = _effect(creature, FLIGHT_TURN)
    if track is None:
        track = Effect(
            FLIGHT_TURN, DurationKind.UNTIL_BROKEN, started_round=battle.state.round, uses=0
        )
        creature.effects.append(track)
    return track


def _glide_loss(battle: Battle, creature: CreatureState, track: Effect) -> list[Event]:
    """A pure glider loses 1 height as its first flight of the round starts (E-MOVETYPE-FG)."""
    move_types = battle.creature_type(creature).move_types
    if track.uses or creature.altitude <= 0 or not glides_only(move_types.keys()):
        return []
    track.uses = 1
    creature.altitude -= 1
    return [
        _event(
            "altitude",
            f"{creature.name} gleitet eine Höhenstufe tiefer ({creature.altitude})",
            f"{creature.name} glides one field lower ({creature.altitude})",
            creature.key,
            altitude=creature.altitude,
            rule="E-MOVETYPE-FG",
        )
    ]


def _fall(battle: Battle, creature: CreatureState, rule: str) -> list[Event]:
    """Fall to the ground: height 0, Liegend; the game master rules on the damage."""
    height = creature.altitude
    creature.altitude = 0
    events = [
        _event(
            "fall",
            f"{creature.name} stürzt aus {height} Feldern Höhe ab",
            f"{creature.name} falls from a height of {height} fields",
            creature.key,
            height=height,
            rule=rule,
        ),
        _event(
            "gm_question",
            f"{creature.name} ist abgestürzt: Sturzschaden bestimmt die Spielleitung",
            f"{creature.name} fell: the game master rules on the damage",
            creature.key,
            rule="E-OPEN-42",
        ),
    ]
    return events + battle.knock_prone(creature)


def _end_of_flight_turn(battle: Battle, creature: CreatureState, track: Effect) -> list[Event]:
    """Resolve a flyer's turn: too little flight and it falls (E-MOVETYPE-F, E-OPEN-43)."""
    creature.effects.remove(track)
    move_types = battle.creature_type(creature).move_types
    if creature.altitude <= 0 or Condition.DEAD in creature.conditions:
        return []
    if not falls_after_turn(move_types, track.value):
        return []
    return _fall(battle, creature, "E-MOVETYPE-F")


def handle_fly(battle: Battle, command: Fly) -> list[Event]:
    creature = battle.creature(command.actor)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    kind = battle.creature_type(creature)
    value = fly_value(kind.move_types)
    if value is None:
        raise CommandRejected(
            say(
                f"{creature.name} cannot fly (E-MOVETYPE-F)",
                f"{creature.name} kann nicht fliegen (E-MOVETYPE-F)",
            )
        )
    if _seat(creature) is not None:
        raise CommandRejected(
            say(
                f"{creature.name} rides: the mount does the flying (E-MOUNT-10)",
                f"{creature.name} reitet: das Reittier fliegt (E-MOUNT-10)",
            )
        )
    profile = movement_profile(battle, creature)
    if not profile.flying:
        raise CommandRejected(
            say(
                f"{creature.name} lies on the ground and cannot fly",
                f"{creature.name} liegt am Boden und kann nicht fliegen",
            )
        )
    battle.can_spend(creature, action)
    if not 0 <= command.altitude <= MAX_ALTITUDE:
        raise CommandRejected(
            say(
                f"an altitude lies between 0 and {MAX_ALTITUDE} fields",
                f"eine Flughöhe liegt zwischen 0 und {MAX_ALTITUDE} Feldern",
            )
        )
    track = _effect(creature, FLIGHT_TURN)
    glide = glides_only(kind.move_types.keys()) and creature.altitude > 0
    start = creature.altitude - (1 if glide and not (track and track.uses) else 0)
    if command.altitude > start and not can_gain_height(kind.move_types.keys()):
        raise CommandRejected(
            say(
                f"{creature.name} glides and cannot gain height (E-MOVETYPE-FG)",
                f"{creature.name} gleitet und kann nicht an Höhe gewinnen (E-MOVETYPE-FG)",
            )
        )
    if creature.altitude == 0 and command.altitude == 0:
        raise CommandRejected(
            say(
                "a flight leaves the ground: give an altitude above 0 (or walk)",
                "ein Flug verlässt den Boden: gib eine Höhe über 0 an (oder gehe)",
            )
        )
    path = list(command.path)
    if not path or path[0] != creature.cell:
        raise CommandRejected(
            say("a path starts on the creature's field", "ein Weg beginnt auf dem Feld des Wesens")
        )
    cost = 0
    needs_save = False
    if len(path) > 1:
        enemies = [c.cell for c in battle.enemies_of(creature)]
        allies = [c.cell for c in battle.allies_of(creature)]
        try:
            cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
        except ValueError as error:
            raise CommandRejected(path_refusal(error)) from None
        other = battle.state.creature_at(path[-1])
        if other is not None and other is not creature:
            raise CommandRejected(
                say(
                    "a flight cannot end on another creature's field (E-OBST-2)",
                    "ein Flug kann nicht auf dem Feld eines anderen Wesens enden (E-OBST-2)",
                )
            )
        needs_save = disengage_required(
            action,
            path,
            enemy_reach(battle, creature),
            move_types=kind.move_types.keys(),
            side=kind.size_fields,
        )
    climb = abs(command.altitude - start)
    if cost + climb == 0:
        raise CommandRejected(say("the flight goes nowhere", "der Flug führt nirgendwohin"))
    allowance = movement_allowance(
        value,
        action,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=((Halving.LEAVING_REACH,) if needs_save else ())
        + passenger_halvings(battle, creature),
    )
    if cost + climb > allowance:
        raise CommandRejected(
            say(
                f"the flight costs {cost} fields and {climb} of height, {command.action} allows "
                f"{allowance} (flying value {value})",
                f"der Flug kostet {cost} Felder und {climb} Höhe, {ACTIONS[action].german} "
                f"erlaubt {allowance} (Flugwert {value})",
            )
        )
    # valid: now change the state
    events = battle.spend(creature, action)
    track = _flight_turn(battle, creature)
    events += _glide_loss(battle, creature, track)
    if needs_save:
        roll = resolve_disengage(
            kind.attribute(Attribute.DEXTERITY), battle.roller, running=action is Action.RUN
        )
        de, en = describe_roll(roll, -1 if action is Action.RUN else 0)
        events.append(
            _event(
                "roll",
                f"{creature.name} löst sich aus der Nahkampfreichweite: {de}",
                f"{creature.name} leaves melee reach: {en}",
                creature.key,
                rule="D-10",
                success=roll.success,
            )
        )
        if not roll.success:
            return events + _fall(battle, creature, "E-ACT-HH-GEHEN-3")
    start_cell = creature.cell
    creature.cell = path[-1]
    creature.altitude = command.altitude
    track.value += climb
    if Condition.UNDETECTED in creature.conditions and moved_faster_than_walking(
        distance(start_cell, creature.cell) if action is not Action.RUN else value + 1, value
    ):
        creature.conditions = reveal(creature.conditions, ConspicuousAct.FAST_MOVEMENT)
    events.append(
        _event(
            "move",
            f"{creature.name} fliegt nach {list(creature.cell)}, Höhe {creature.altitude}",
            f"{creature.name} flies to {list(creature.cell)}, altitude {creature.altitude}",
            creature.key,
            path=[list(c) for c in path],
            action=action.name,
            altitude=creature.altitude,
        )
    )
    if len(path) > 1:
        for hook in battle.table.enter:
            events += hook(battle, creature, path[1:])
    return events


# ------------------------------------------------------------------ zero-G
def after_hit(
    battle: Battle, attacker: CreatureState, target: CreatureState, damage_type: DamageType
) -> list[Event]:
    """Ask the zero-G save of a creature hit with Wuchtschaden; hurl it on a failure.

    E-ZEROG-3, E-ZEROG-4, E-OPEN-46: Reflexe vs ZW 15, Vorteil with the talent Null-G;
    a failure hurls it 5 fields in a 1w8 direction (forced movement). ``combat.hit``
    calls this after the damage.
    """
    weightless = battle.setup.environment.weightless
    if not zero_g_save_required(damage_type, weightless=weightless):
        return []
    if Condition.DEAD in target.conditions:
        return []
    edge = zero_g_save_edge(has_zero_g_talent=_talent(battle, target, ZERO_G_TALENT))
    roll, event = battle.check(
        target,
        Attribute.REFLEXES,
        STANDARD_TARGET,
        edge=edge,
        what_de="Rettungswurf gegen das Wegschleudern (Null-G)",
        what_en="save against being hurled (zero-G)",
    )
    event.data["rule"] = "E-ZEROG-3"
    events = [event]
    if roll.success:
        return events
    step = zero_g_direction(battle.roller)
    seated_on = mount_of(battle, target)
    together = {c.key for c in aboard(battle, target)}  # those on it move with it
    if seated_on is not None:  # a rider or passenger hurled off leaves his mount behind
        together |= {seated_on.key, *(c.key for c in aboard(battle, seated_on))}
    occupied = [
        cell
        for other in battle.state.creatures.values()
        if other.key != target.key
        and other.key not in together
        and Condition.DEAD not in other.conditions
        for cell in footprint_cells(other.cell, battle.creature_type(other).size_fields)
    ]
    side = battle.creature_type(target).size_fields
    path = hurl_path(battle.grid, target.cell, step, occupied=occupied, side=side)
    if path:
        target.cell = path[-1]
    events.append(
        _event(
            "hurled",
            f"{target.name} wird nach {list(target.cell)} geschleudert",
            f"{target.name} is hurled to {list(target.cell)}",
            target.key,
            direction=list(step),
            path=[list(c) for c in path],
            rule="E-OPEN-46",
        )
    )
    if path and any(battle.grid.is_hazard(c) for c in footprint_cells(target.cell, side)):
        events.append(
            _event(
                "gm_question",
                f"{target.name} landet auf einem gefährlichen Feld (Spielleitung: Folgen)",
                f"{target.name} lands on a dangerous field (GM rules on the consequences)",
                target.key,
                cell=list(target.cell),
            )
        )
    if path:
        for hook in battle.table.enter:
            events += hook(battle, target, path)
    return events


# ------------------------------------------------------------------ underwater
def underwater_allows(weapon: WeaponType | None) -> bool:
    """Return whether a weapon may be used underwater: no Flächenschaden, no Bereichsfeuer.

    E-UNDERWATER-5; bare hands always may.
    """
    if weapon is None:
        return True
    return weapon_usable_underwater(weapon.attributes, area_damage=weapon.area_shape is not None)


def underwater_rejection(
    battle: Battle,
    weapon: WeaponType | None,
    band: RangeBand | None = None,
    *,
    area_fire: bool = False,
) -> str:
    """Return why this weapon (at ``band``, or as area fire) cannot be used here, or "".

    Only under water: area weapons and area fire are refused (E-UNDERWATER-5), and a
    ranged weapon keeps only the bands ``ranges.underwater_bands`` leaves
    (E-UNDERWATER-3, E-OPEN-45 A).
    """
    if not battle.setup.environment.underwater:
        return ""
    if area_fire:
        return say(
            "no area fire under water (E-UNDERWATER-5)",
            "kein Bereichsfeuer unter Wasser (E-UNDERWATER-5)",
        )
    if weapon is None:
        return ""
    if not underwater_allows(weapon):
        return say(
            f"{weapon.name} cannot be used under water (E-UNDERWATER-5)",
            f"{weapon.name} kann unter Wasser nicht benutzt werden (E-UNDERWATER-5)",
        )
    if band is not None and band not in underwater_bands(weapon.range_bands):
        return say(
            f"{weapon.name} does not reach that far under water (E-UNDERWATER-3)",
            f"{weapon.name} reicht unter Wasser nicht so weit (E-UNDERWATER-3)",
        )
    return ""


def underwater_attack_edge(
    battle: Battle, weapon: WeaponType | None, band: RangeBand | None, melee: bool
) -> int:
    """Return the edge water gives an attack (E-UNDERWATER-2, -4, -6); 0 on dry land."""
    if not battle.setup.environment.underwater:
        return 0
    if melee:
        return underwater_melee_edge(weapon.damage_type if weapon else DamageType.BLUDGEONING)
    if band is None:
        return 0
    built = weapon is not None and weapon.has(WeaponAttribute.UNDERWATER)
    return underwater_edge(band, built)


def rider_attack_edge(battle: Battle, attacker: CreatureState, melee: bool) -> int:
    """Return the edge of an attack from a mount (E-MOUNT-1, E-MOUNT-13); 0 when not riding.

    A passenger attacks from the mount too and gets the same edge.
    """
    if _seat(attacker) is None:
        return 0
    return rider_edge(
        has_riding_talent=_talent(battle, attacker, RIDING_TALENT), ranged_attack=not melee
    )


def situation_attack_edge(battle: Battle, plan: AttackPlan) -> tuple[int, tuple[str, ...]]:
    """Return the edge and its reasons that water and riding give ``plan``'s attack.

    ``combat.resolve_attack`` adds them to the roll.
    """
    reasons: list[str] = []
    water = underwater_attack_edge(battle, plan.weapon, plan.band, plan.melee)
    if water:
        reasons.append("unter Wasser")
    riding = rider_attack_edge(battle, plan.attacker, plan.melee)
    if riding:
        reasons.append("vom Reittier")
    return water + riding, tuple(reasons)


# ------------------------------------------------------------------ the duel
def _duel_weapon(battle: Battle, creature: CreatureState, key: str) -> WeaponType:
    weapon = held_weapon(battle, creature, key)
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                f"{creature.name} needs a ranged weapon in hand for a duel",
                f"{creature.name} braucht für ein Duell eine Fernkampfwaffe in der Hand",
            )
        )
    size = battle.creature_type(creature).size_category
    if not weapon_allowed_in_duel(weapon.weapon_size, size):
        raise CommandRejected(
            say(
                f"{weapon.name} (WG {weapon.weapon_size}) is too big for a duel: "
                f"at most KG {size} (E-DUEL-2)",
                f"{weapon.name} (WG {weapon.weapon_size}) ist zu groß für ein Duell: "
                f"höchstens KG {size} (E-DUEL-2)",
            )
        )
    return weapon


def _duel_reflexes(battle: Battle, creature: CreatureState) -> tuple[int, int]:
    """Return the Reflexe value with the conditions' WM folded in, and their edge."""
    mods = roll_modifiers(creature.conditions, RollContext(attribute=Attribute.REFLEXES))
    value = battle.creature_type(creature).attribute(Attribute.REFLEXES)
    return value + mods.modifier, mods.edge


def handle_duel(battle: Battle, command: Duel) -> list[Event]:
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    a, b = battle.creature(command.a), battle.creature(command.b)
    if a.key == b.key:
        raise CommandRejected(say("a duel needs two parties", "ein Duell braucht zwei Beteiligte"))
    if a.side == b.side:
        raise CommandRejected(
            say(
                f"{a.name} and {b.name} are on the same side",
                f"{a.name} und {b.name} stehen auf derselben Seite",
            )
        )
    for party in (a, b):
        if not battle._can_take_turn(party):
            raise CommandRejected(
                say(
                    f"{party.name} cannot take part in a duel",
                    f"{party.name} kann nicht an einem Duell teilnehmen",
                )
            )
    weapons = {a.key: _duel_weapon(battle, a, command.weapon_a)}
    weapons[b.key] = _duel_weapon(battle, b, command.weapon_b)
    plan_attack(battle, a, b, weapons[a.key], melee=False)  # sight, range, loaded (E-DUEL-3)
    plan_attack(battle, b, a, weapons[b.key], melee=False)
    # valid: now change the state (no budget is spent: outside the round, E-DUEL-1)
    events = [
        _event(
            "duel",
            f"Duell: {a.name} gegen {b.name}",
            f"Duel: {a.name} against {b.name}",
            None,
            a=a.key,
            b=b.key,
            rule="E-DUEL-1",
        )
    ]
    value_a, edge_a = _duel_reflexes(battle, a)
    value_b, edge_b = _duel_reflexes(battle, b)
    order = duel_order(value_a, value_b, battle.roller, edge_a=edge_a, edge_b=edge_b)
    for roll_a, roll_b in order.rolls:
        for party, roll, edge in ((a, roll_a, edge_a), (b, roll_b, edge_b)):
            gained = impulse_gain(roll, rolled_by_player_character=party.is_character)
            battle.state.impulse_pool += gained
            de, en = describe_roll(roll, edge)
            data = roll_data(roll, edge=edge, modifier=0)
            data.update({"attribute": Attribute.REFLEXES.name, "impulse": gained})
            data["rule"] = "E-DUEL-3"
            events.append(
                Event(
                    "roll",
                    f"{party.name}: Reflexe {de}",
                    f"{party.name}: reflexes {en}",
                    party.key,
                    data,
                )
            )
    first, second = (a, b) if order.first == "a" else (b, a)
    events.append(
        _event(
            "duel_order",
            f"{first.name} zieht schneller",
            f"{first.name} draws faster",
            first.key,
            first=first.key,
            rule="E-DUEL-3",
        )
    )
    saved = battle.state.budget
    try:
        events += _duel_shot(battle, first, second, weapons[first.key])
        able = duel_second_shot(
            incapacitated=not battle._can_take_turn(second),
            dead=Condition.DEAD in second.conditions,
        )
        if able:
            events += _duel_shot(battle, second, first, weapons[second.key])
        else:
            events.append(
                _event(
                    "duel_no_shot",
                    f"{second.name} kann nicht mehr schießen",
                    f"{second.name} can no longer fire",
                    second.key,
                    rule="E-OPEN-48",
                )
            )
    finally:
        battle.state.budget = saved  # a critical failure forfeits nobody's turn (E-DUEL-1)
    events.append(
        _event("duel_over", "Das Duell ist vorbei", "The duel is over", None, rule="E-DUEL-5")
    )
    return events


def _duel_shot(
    battle: Battle, shooter: CreatureState, target: CreatureState, weapon: WeaponType
) -> list[Event]:
    try:
        plan = plan_attack(battle, shooter, target, weapon, melee=False)
    except CommandRejected as error:  # e.g. hurled out of sight by the first shot
        return [
            _event(
                "duel_no_shot",
                f"{shooter.name} kann nicht schießen: {error.de}",
                f"{shooter.name} cannot fire: {error.reason}",
                shooter.key,
                rule="E-DUEL-4",
            )
        ]
    _, events = resolve_attack(battle, plan)
    return events


# ------------------------------------------------------------------ hooks
def situation_on_enter(battle: Battle, creature: CreatureState, cells: list[Cell]) -> list[Event]:
    """Count flown fields, note running mounts, carry riders along (E-MOUNT-8)."""
    events: list[Event] = []
    track = _effect(creature, FLIGHT_TURN)
    if track is not None and cells:
        events += _glide_loss(battle, creature, track)
        track.value += len(cells)
    current = creature.key == battle.state.current_key
    if (
        current
        and not creature.is_character
        and Action.RUN in battle.state.budget.actions
        and not _is_running(creature)
    ):
        creature.effects.append(
            Effect(
                MOUNT_RUNNING,
                DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND,
                source=creature.key,
                started_round=battle.state.round,
            )
        )
    riders = [c for c in aboard(battle, creature) if c.cell != creature.cell]
    if riders and cells:
        events += _carry_aboard(battle, creature, riders, cells)
    return events + sync_riders(battle)


def _stays_on(battle: Battle, rider: CreatureState) -> tuple[bool, Event]:
    """Roll Reflexe vs ZW 15 to stay on a mount that is strongly moved (E-MOUNT-8)."""
    edge = rider_edge(has_riding_talent=_talent(battle, rider, RIDING_TALENT))
    roll, event = battle.check(
        rider,
        Attribute.REFLEXES,
        STANDARD_TARGET,
        edge=edge,
        what_de="hält sich auf dem Reittier",
        what_en="stays on the mount",
    )
    event.data["rule"] = "E-MOUNT-8"
    return bool(roll.success), event


def _free_for(
    battle: Battle, creature: CreatureState, anchor: Cell, ignore: frozenset[str]
) -> bool:
    """Return whether ``creature`` can be put down with its anchor on ``anchor``.

    ``ignore``: creatures about to be moved away (others thrown off after it).
    """
    body = set(footprint_cells(anchor, battle.creature_type(creature).size_fields))
    if any(not battle.grid.in_bounds(c) or battle.grid.is_wall(c) for c in body):
        return False
    for other in battle.state.creatures.values():
        if other.key == creature.key or other.key in ignore or Condition.DEAD in other.conditions:
            continue
        if not body.isdisjoint(
            footprint_cells(other.cell, battle.creature_type(other).size_fields)
        ):
            return False
    return True


def _landing(
    battle: Battle, creature: CreatureState, near: list[Cell], ignore: frozenset[str]
) -> Cell | None:
    """Return where a creature thrown off lands: the first free field of ``near``, else
    the free field next to them nearest to where it sits (ties: row, then column)."""
    for cell in near:
        if _free_for(battle, creature, cell, ignore):
            return cell
    around = {
        (x + dx, y + dy) for x, y in near for dx, dy in DIRECTIONS_8 if (x + dx, y + dy) not in near
    }
    for cell in sorted(around, key=lambda c: (distance(c, creature.cell), c[1], c[0])):
        if _free_for(battle, creature, cell, ignore):
            return cell
    return None


def _throw_off(
    battle: Battle, rider: CreatureState, near: list[Cell], ignore: frozenset[str] = frozenset()
) -> list[Event]:
    """Throw ``rider`` off his mount onto a free field of or next to ``near`` (E-MOUNT-8).

    SW 3 Wucht and Liegend either way; with no free field he clings on, still seated.
    """
    cell = _landing(battle, rider, near, ignore)
    events: list[Event] = []
    if cell is None:
        events.append(
            _event(
                "thrown_off",
                f"{rider.name} findet keinen Platz zum Abwerfen und bleibt oben",
                f"{rider.name} finds no room to be thrown to and stays on",
                rider.key,
                rule="E-MOUNT-8",
            )
        )
    else:
        events += _end_riding(battle, rider, " (abgeworfen)", " (thrown off)")
        moved = cell != rider.cell
        rider.cell = cell
        rider.altitude = 0
        if moved:
            for hook in battle.table.enter:
                if hook is not situation_on_enter:
                    events += hook(battle, rider, [cell])
    return events + _hazard(battle, rider, HAZARDS["thrown_off_mount"])


def _carry_aboard(
    battle: Battle, mount: CreatureState, riders: list[CreatureState], cells: list[Cell]
) -> list[Event]:
    """Move rider and passengers with their mount; a forced move may throw them off.

    E-MOUNT-8: each rolls Reflexe vs ZW 15 when the mount was moved by force (not on
    its rider's command, not in its own turn). Those who hold on move first; who fails
    lands on the field the mount left, or the nearest free field to it.
    """
    events: list[Event] = []
    thrown: list[CreatureState] = []
    forced = mount.key not in _COMMANDED and mount.key != battle.state.current_key
    for rider in riders:
        if forced:
            held_on, event = _stays_on(battle, rider)
            events.append(event)
            if not held_on:
                thrown.append(rider)
                continue
        left = rider.cell
        rider.cell = mount.cell
        rider.altitude = mount.altitude
        if left != rider.cell:
            for hook in battle.table.enter:
                if hook is not situation_on_enter:
                    events += hook(battle, rider, cells)
    for index, rider in enumerate(thrown):
        later = frozenset(r.key for r in thrown[index + 1 :])  # they leave the field too
        events += _throw_off(battle, rider, [rider.cell], later)
    return events


def shake_riders(battle: Battle, mount: CreatureState, why_de: str, why_en: str) -> list[Event]:
    """Ask everyone on ``mount`` to stay on after a charge or a fall (E-MOUNT-8).

    Called when a Sturmangriff hits the mount or Zu Fall bringen brings it down; who
    fails lands on the nearest free field next to the mount (SW 3 Wucht, Liegend).
    """
    riders = aboard(battle, mount)
    if not riders:
        return []
    events = [
        _event(
            "mount_shaken",
            f"{mount.name} wird {why_de}: wer aufsitzt, muss sich halten",
            f"{mount.name} is {why_en}: everyone on it must hold on",
            mount.key,
            rule="E-MOUNT-8",
        )
    ]
    body = footprint_cells(mount.cell, battle.creature_type(mount).size_fields)
    for rider in riders:
        held_on, event = _stays_on(battle, rider)
        events.append(event)
        if not held_on:
            events += _throw_off(battle, rider, list(body))
    return events + sync_riders(battle)


def situation_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """End the last flyer's turn, end runs, keep ridden mounts on command (E-OPEN-47)."""
    events: list[Event] = []
    for holder in battle.state.creatures.values():
        track = _effect(holder, FLIGHT_TURN)
        if track is not None:  # its turn is over: did it fly far enough?
            events += _end_of_flight_turn(battle, holder, track)
        holder.effects = [
            e for e in holder.effects if not (e.name == MOUNT_RUNNING and e.source == creature.key)
        ]
    events += sync_riders(battle)
    rider = rider_of(battle, creature)
    commanded = rider is not None and battle._can_take_turn(rider)
    # A ridden mount flies on its rider's commands, so its flight counts in his turn;
    # a passenger's turn is none of the mount's.
    flyer = None
    if not (commanded or is_passenger(creature)):
        flyer = mount_of(battle, creature) or creature
    if (
        flyer is not None
        and flyer.altitude > 0
        and fly_value(battle.creature_type(flyer).move_types) is not None
    ):
        _flight_turn(battle, flyer)
    if rider is not None and commanded:
        battle.state.budget = battle.state.budget.forfeit()
        events.append(
            _event(
                "mount_waits",
                f"{creature.name} handelt nur auf Befehl von {rider.name}",
                f"{creature.name} acts only on {rider.name}'s commands",
                creature.key,
                rule="E-OPEN-47",
            )
        )
    return events


def follow_mount(battle: Battle, creature: CreatureState) -> list[Event]:
    """Carry a mount's rider and passengers to where the mount was put (a GM move: no
    E-MOUNT-8 check)."""
    for rider in aboard(battle, creature):
        rider.cell = creature.cell
        rider.altitude = creature.altitude
    return sync_riders(battle)


def seated_move_problem(creature: CreatureState) -> str:
    """Return why a creature on a mount cannot move by itself, or "" (E-MOUNT-4, -10)."""
    if _effect(creature, RIDING) is not None:
        return say(
            "a rider moves by commanding his mount (E-MOUNT-10)",
            "ein Reiter bewegt sich, indem er sein Reittier lenkt (E-MOUNT-10)",
        )
    if is_passenger(creature):
        return say(
            "a passenger moves with the mount; dismount first (E-MOUNT-4, E-MOUNT-5)",
            "ein Passagier bewegt sich mit dem Reittier; erst absteigen (E-MOUNT-4, E-MOUNT-5)",
        )
    return ""


def seated_move_check(battle: Battle, creature: CreatureState) -> str:
    """Riders and passengers do not walk, run or charge by themselves (E-MOUNT-4, -10)."""
    return seated_move_problem(creature)


# ------------------------------------------------------------- command guards
def passenger_move_guard(battle: Battle, command: Command) -> str:
    """No walking off as a passenger; passengers halve the mount's BEW (a command guard).

    E-MOUNT-4: a mount carrying passengers (and not built for them) moves at half BEW.
    Checked before the Move handler, which validates everything else.
    """
    if not isinstance(command, Move):
        return ""
    creature = battle.creature(command.actor)
    if is_passenger(creature):
        return seated_move_problem(creature)
    halvings = passenger_halvings(battle, creature)
    action = MOVE_ACTIONS.get(command.action)
    path = list(command.path)
    if not (halvings and action is not None and len(path) >= 2 and path[0] == creature.cell):
        return ""
    enemies = [c.cell for c in battle.enemies_of(creature)]
    allies = [c.cell for c in battle.allies_of(creature)]
    profile = movement_profile(battle, creature)
    try:
        cost = path_cost(battle.grid, path, enemies=enemies, allies=allies, cost_model=profile)
    except ValueError:
        return ""  # the Move handler says why
    kind = battle.creature_type(creature)
    needs_save = disengage_required(
        action, path, enemy_reach(battle, creature), move_types=kind.move_types.keys()
    )
    allowance = movement_allowance(
        kind.movement,
        action,
        conditions=battle.held_conditions(creature),
        overload_level=creature.conditions.count(Condition.OVERLOADED),
        exhaustion_level=creature.conditions.count(Condition.EXHAUSTED),
        halvings=halvings + ((Halving.LEAVING_REACH,) if needs_save else ()),
    )
    if cost > allowance:
        return say(
            f"the path costs {cost} fields; carrying passengers, {command.action} "
            f"allows {creature.name} {allowance} (half BEW, E-MOUNT-4)",
            f"der Weg kostet {cost} Felder; mit Passagieren erlaubt {ACTIONS[action].german} "
            f"{creature.name} nur {allowance} (halbe BEW, E-MOUNT-4)",
        )
    return ""


def attack_hands_guard(battle: Battle, command: Command) -> str:
    """A weapon needs its hands, bare hands a free one (a command guard)."""
    if not isinstance(command, Attack):
        return ""
    attacker = battle.creature(command.actor)
    weapon: WeaponType | None = None
    usable = command.weapon == UNARMED
    if command.weapon in attacker.held and command.weapon in battle.catalogue.weapons:
        weapon, usable = battle.catalogue.weapons[command.weapon], True
    return hands_problem(battle, attacker, [weapon]) if usable else ""


def reload_hands_guard(battle: Battle, command: Command) -> str:
    """A reload takes two hands (``actions.RELOAD_HANDS``, a command guard)."""
    if not isinstance(command, Reload):
        return ""
    creature = battle.creature(command.actor)
    weapon = battle.catalogue.weapons.get(str(command.weapon))
    if (
        weapon is not None
        and weapon.key in creature.held
        and weapon.magazine is not None
        and creature.magazines.get(weapon.key, 0) < weapon.magazine  # else: "full"
    ):
        return reload_problem(battle, creature, weapon)
    return ""


def can_mount(battle: Battle, creature: CreatureState) -> str:
    near = [
        other
        for other in battle.state.creatures.values()
        if other.key != creature.key
        and (other.companion_of == creature.key or other.side == creature.side)
        and not other.is_character
    ]
    for other in near:
        if not _mount_problem(battle, creature, other):
            return ""
        if not _mount_problem(battle, creature, other, passenger=True):
            return ""
    return say(
        "no mount next to it that would carry it (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
        "kein Reittier daneben, das es tragen würde (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
    )


def can_dismount(battle: Battle, creature: CreatureState) -> str:
    return "" if _seat(creature) is not None else say("not mounted", "ist nicht aufgesessen")


def can_command_mount(battle: Battle, creature: CreatureState) -> str:
    if _effect(creature, RIDING) is not None:
        return ""
    return (
        say(
            "a passenger does not command the mount",
            "ein Passagier gibt dem Reittier keine Befehle",
        )
        if is_passenger(creature)
        else say("not mounted", "ist nicht aufgesessen")
    )
