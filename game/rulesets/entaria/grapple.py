"""The grapple: Umklammern's effects, breaking free, letting go and dragging (UMKLAMMERN-*).

Decisions taken here (also in the tests):

- A grapple is two effects, ``grappling`` on the attacker and ``grappled`` on the
  target, each naming the other as source; the grapple's conditions are removed when
  it ends unless another grapple or a timed effect still explains them (E-OPEN-19).
  A turn-start hook ends grapples whose grappler can no longer act or hold on.
- Breaking free is the catalogue's own action ``Action.BREAK_GRAPPLE`` (an HH,
  UMKLAMMERN-4): doing it twice in a turn makes Wehrlos (E-ACT-6), an unarmed attack
  after it does not. Letting go is an FH (UMKLAMMERN-5).
- Dragging moves the grappler at half movement and the grappled creature onto the field
  behind him (UMKLAMMERN-3); leaving the dragged creature's own reach is no leaving
  (it follows). A mount with passengers drags at half BEW again (E-MOUNT-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.creature_values import base_bew
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.melee_common import can_act_now, check_not_seated, keys_of
from game.rulesets.entaria.moving import (
    MOVE_ACTIONS,
    count_movement,
    leave_reach,
    terrain_along,
    walked_path_cost,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.movement import Halving, disengage_required, movement_allowance
from game.rulesets.entaria.rules.reach import in_melee_reach, melee_reach_cells
from game.rulesets.entaria.rules.terms import Condition, SaveValue, german, say
from game.rulesets.entaria.rules.unarmed import GRAPPLE_ESCAPE_ACTION, GRAPPLE_ESCAPE_SAVE
from game.rulesets.entaria.seats import passenger_halvings
from game.rulesets.entaria.state import CreatureState, Effect

#: Effect on the grappler; ``source`` is the grappled creature (E-ACT-HH-WAFFENLOS-UMKLAMMERN-1).
GRAPPLING = "grappling"


#: Effect on the grappled creature; ``source`` is the grappler.
GRAPPLED = "grappled"


_GRAPPLER_CONDITIONS = (Condition.DEFENSELESS, Condition.DISTRACTED)  # UMKLAMMERN-2


_GRAPPLED_CONDITIONS = (Condition.DEFENSELESS, Condition.DISTRACTED, Condition.IMMOBILIZED)


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


def start_grapple(battle: Battle, grappler: CreatureState, target: CreatureState) -> list[Event]:
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
            can_act_now(battle, grappler)
            and Condition.DEAD not in target.conditions
            and in_melee_reach(
                grappler.cell,
                target.cell,
                attacker_side=kind.size_fields,
                target_side=battle.creature_type(target).size_fields,
                reach=kind.reach,
                grid=battle.grid,
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
    if creature.key not in keys_of(held):
        raise CommandRejected(
            say(
                f"{creature.name} is not in that grapple",
                f"{creature.name} ist nicht in dieser Umklammerung",
            )
        )
    return creature


def _dragging(battle: Battle, command: DragGrappled) -> tuple[CreatureState, CreatureState, Action]:
    """Return the grappler, the creature he drags and the move; reject who cannot drag."""
    grappler = battle.creature(command.actor)
    held = grappling(battle, grappler)
    if not held:
        raise CommandRejected(
            say(f"{grappler.name} grapples no one", f"{grappler.name} umklammert niemanden")
        )
    target = _chosen(held, command.target, battle, say("drag", "Ziehen"))
    check_not_seated(grappler)
    action = MOVE_ACTIONS.get(command.action)
    if action is None:
        raise CommandRejected(
            say(
                f"unknown move {command.action!r}; expected WALK, RUN or DISENGAGE",
                f"unbekannte Bewegung {command.action!r}; erwartet WALK, RUN oder DISENGAGE",
            )
        )
    battle.can_spend(grappler, action)
    return grappler, target, action


def handle_drag_grappled(battle: Battle, command: DragGrappled) -> list[Event]:
    grappler, target, action = _dragging(battle, command)
    path = list(command.path)
    cost = walked_path_cost(battle, grappler, path)
    behind = path[-2]
    if battle.state.creature_at(behind, besides={grappler.key, target.key}) is not None:
        raise CommandRejected(
            say(
                f"the field behind, {list(behind)}, is taken",
                f"das Feld dahinter, {list(behind)}, ist besetzt",
            )
        )
    needs_save = _drag_leaves_reach(battle, grappler, target, action, path)
    allowance = _drag_allowance(battle, grappler, action, halved=needs_save)
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
    if stop > 0 and battle.state.creature_at(path[stop - 1], besides={target.key}) is None:
        target.cell = path[stop - 1]
    # the grappler's own fields count toward its round (E-OPEN-39); the dragged one's do not
    revealed = count_movement(battle, grappler, stop, faster=action is Action.RUN)
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
    events += revealed
    for hook in battle.table.enter:
        events += hook(battle, grappler, path[1 : stop + 1])
        if stop > 0:
            events += hook(battle, target, [target.cell])
    return events


def _drag_leaves_reach(
    battle: Battle,
    grappler: CreatureState,
    target: CreatureState,
    action: Action,
    path: list[Cell],
) -> bool:
    """Return whether dragging along ``path`` leaves an enemy's reach (D-10).

    The dragged creature comes along: leaving its reach is no leaving (it follows).
    """
    zones = []
    for enemy in battle.enemies_of(grappler):
        if enemy.key == target.key or not can_act_now(battle, enemy):
            continue
        enemy_kind = battle.creature_type(enemy)
        zones.append(
            melee_reach_cells(
                enemy.cell,
                side=enemy_kind.size_fields,
                reach=enemy_kind.reach,
                grid=battle.grid,
            )
        )
    move_types = battle.creature_type(grappler).move_types.keys()
    return disengage_required(action, path, zones, move_types=move_types)


def _drag_allowance(
    battle: Battle, grappler: CreatureState, action: Action, *, halved: bool
) -> int:
    """Return the fields a drag allows: half BEW, halved again for passengers and reach."""
    halvings = [Halving.DRAGGING, *passenger_halvings(battle, grappler)]
    halvings += [Halving.LEAVING_REACH] if halved else []
    return movement_allowance(
        base_bew(battle, grappler),  # with armour's BEW change (E-ARMOR-2)
        action,
        conditions=battle.held_conditions(grappler),
        overload_level=grappler.conditions.count(Condition.OVERLOADED),
        exhaustion_level=grappler.conditions.count(Condition.EXHAUSTED),
        halvings=halvings,
    )


def can_release_grapple(battle: Battle, creature: CreatureState) -> str:
    return "" if grappling(battle, creature) else say("grapples no one", "umklammert niemanden")


def can_break_free(battle: Battle, creature: CreatureState) -> str:
    return "" if grappled_by(battle, creature) else say("not grappled", "ist nicht umklammert")
