"""Forced movement and Zurückdrängen (E-ACT-VH-ZURUECK-*, E-OPEN-18).

A pushed creature that would land on a dangerous field may save Reflexe vs ZW 15 and
stay on the last safe field (E-OPEN-18); what the dangerous field does is the game
master's. Zurückdrängen is a melee attack without damage, then Stärke vs Körper: a
success pushes the target one field, to a free neighbouring field the attacker chooses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.combat import plan_attack, resolve_attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.melee_common import (
    can_act_now,
    check_hands,
    check_wield,
    melee_weapon,
)
from game.rulesets.entaria.occupancy import occupied_cells
from game.rulesets.entaria.rules.actions import HAZARD_ESCAPE_SAVE, Action
from game.rulesets.entaria.rules.movement import push_back_destinations, push_landing
from game.rulesets.entaria.rules.terms import Attribute, SaveValue, say
from game.rulesets.entaria.state import CreatureState


def forced_move(
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
    if path and battle.grid.is_hazard(path[-1]) and can_act_now(battle, target):
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


@dataclass(frozen=True)
class PushBack(Command):
    """Zurückdrängen: a melee attack without damage plus Stärke vs Körper; push 1 field."""

    kind: ClassVar[str] = "push_back"
    target: str
    weapon: str  # a held melee weapon
    destination: Cell


def handle_push_back(battle: Battle, command: PushBack) -> list[Event]:
    attacker = battle.creature(command.actor)
    target = battle.creature(command.target)
    battle.can_spend(attacker, Action.PUSH_BACK)
    weapon = melee_weapon(battle, attacker, command.weapon)
    check_wield(battle, attacker, weapon)
    plan = plan_attack(battle, attacker, target, weapon, melee=True)
    check_hands(battle, attacker, [weapon])
    destination = (int(command.destination[0]), int(command.destination[1]))
    allowed = push_back_destinations(
        battle.grid, attacker.cell, target.cell, occupied=occupied_cells(battle)
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
        events += forced_move(battle, target, target.cell, [destination], "E-ACT-VH-ZURUECK-3")
    return events
