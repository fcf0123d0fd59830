"""The special situations' checks before a command runs and of the legal actions.

Riders and passengers move with their mounts, passengers halve a mount's BEW
(E-MOUNT-4, E-MOUNT-10); a weapon needs its hands and a reload two (``hand_checks``).
"""

from __future__ import annotations

from game.board.movement import path_cost
from game.match.commands import Command
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import UNARMED
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.creature_values import base_bew
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.hand_checks import hands_problem, reload_problem
from game.rulesets.entaria.moving import MOVE_ACTIONS, enemy_reach, movement_profile
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.actions import ACTIONS
from game.rulesets.entaria.rules.movement import Halving, disengage_required, movement_allowance
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.seats import is_passenger, passenger_halvings, seated_move_problem
from game.rulesets.entaria.state import CreatureState


def seated_move_check(battle: Battle, creature: CreatureState) -> str:
    """Riders and passengers do not walk, run or charge by themselves (E-MOUNT-4, -10)."""
    return seated_move_problem(creature)


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
    enemies, allies = blockers(battle, creature)  # the dead too (E-OPEN-44)
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
        base_bew(battle, creature),
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
    """A reload takes two hands (``hands.RELOAD_HANDS``, a command guard)."""
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
