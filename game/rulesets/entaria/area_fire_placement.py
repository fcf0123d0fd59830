"""Bereichsfeuer in two steps, for the screen: roll first, place the total afterwards (D-6).

AreaFireRoll does all that AreaFire does but the filling and keeps the total in a
Pending AREA_FIRE_PLACEMENT; PlaceAreaFire then places exactly min(total, SW x declared
fields) on declared fields (``distribution_errors``, from the field the shooter fired
from). Until then every other command of the match is refused (the game master's and
Impuls rerolls aside); EndTurn first places the suggestion, which is what the one-shot
AreaFire would have placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.area_fire import (
    AREA_FIRE_PLACEMENT,
    AreaFireRoll,
    lay_area_fire,
    placement_block,
    placement_of,
    roll_area_fire,
    total_text,
    validate_area_fire,
)
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.ranged_common import (
    d6_refusal,
    field_list,
    is_field,
    range_test,
    sight_test,
)
from game.rulesets.entaria.reroll_ledger import is_reroll
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    distribution_errors,
    suggest_distribution,
)
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.state import CreatureState, Pending


@dataclass(frozen=True)
class PlaceAreaFire(Command):
    """Bereichsfeuer, step 2: place the rolled total as (x, y, value) triples (D-6)."""

    kind: ClassVar[str] = "place_area_fire"
    values: tuple[tuple[int, int, int], ...]


def handle_area_fire_roll(battle: Battle, command: AreaFireRoll) -> list[Event]:
    plan = validate_area_fire(battle, command)
    # valid: now change the state
    events, rolled = roll_area_fire(battle, plan)
    if rolled is None:
        return events
    weapon, shooter = plan.weapon, plan.shooter
    sw = weapon.damage_value
    placeable = min(rolled.total, sw * len(plan.fields))  # the rest is lost (E-OPEN-24 (iv))
    de, en = total_text(weapon, rolled)
    events.append(
        Event(
            "area_fire",
            f"{de}: auf die {len(plan.fields)} gewählten Felder verteilen, höchstens "
            f"{sw} je Feld"
            + (f" ({rolled.total - placeable} verfallen)" if placeable < rolled.total else ""),
            f"{en}: place it on the {len(plan.fields)} chosen fields, at most {sw} each"
            + (f" ({rolled.total - placeable} lost)" if placeable < rolled.total else ""),
            shooter.key,
            {
                "rule": "D-6",
                "step": "rolled",
                "die": rolled.die,
                "total": rolled.total,
                "placeable": placeable,
                "sw": sw,
                "declared": field_list(plan.fields),
            },
        )
    )
    battle.state.pending.append(
        Pending(
            AREA_FIRE_PLACEMENT,
            shooter.key,
            {
                "weapon": weapon.key,
                "mode": plan.mode.name,
                "die": rolled.die,
                "total": rolled.total,
                "critical": rolled.critical,
                "sw": sw,
                "placeable": placeable,
                "from": list(shooter.cell),
                "fields": field_list(plan.fields),
            },
        )
    )
    return events


def placement_errors(battle: Battle, pending: Pending, allocation: Mapping[Cell, int]) -> list[str]:
    """Return what is wrong with placing ``allocation`` for the waiting area fire (D-6).

    The count rules of ``areas.distribution_errors`` with the total that fits the
    declared fields (E-OPEN-24 (iv)), and every field among the declared ones, in sight
    and range of the field the shooter fired from, never that field (E-AREAFIRE-5..8).
    """
    declared = {(int(x), int(y)) for x, y in pending.data["fields"]}
    origin = (int(pending.data["from"][0]), int(pending.data["from"][1]))
    weapon = battle.weapon(str(pending.data["weapon"]))
    errors = distribution_errors(
        allocation,
        sw=int(pending.data["sw"]),
        total=int(pending.data["placeable"]),
        shooter=origin,
        visible=sight_test(battle, origin),
        in_range=range_test(weapon, origin),
        grid=battle.grid,
    )
    outside = sorted(cell for cell in allocation if is_field(cell) and cell not in declared)
    if outside:
        shown = ", ".join(f"[{x}, {y}]" for x, y in outside[:6])
        more = f" and {len(outside) - 6} more" if len(outside) > 6 else ""
        more_de = f" und {len(outside) - 6} weitere" if len(outside) > 6 else ""
        errors.append(
            say(
                f"Field(s) {shown}{more} are outside the area declared for this fire.",
                f"Feld(er) {shown}{more_de} liegen außerhalb der für dieses Feuer "
                "benannten Fläche.",
            )
        )
    return errors


def _lay_placement(
    battle: Battle, pending: Pending, allocation: dict[Cell, int], *, auto: bool
) -> list[Event]:
    """Remove the waiting placement and lay ``allocation`` as the area fire (D-6)."""
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    shooter = battle.state.creatures[pending.actor]
    weapon = battle.weapon(str(pending.data["weapon"]))
    total = int(pending.data["total"])
    de, en = ("Vorschlag", "suggested") if auto else ("gesetzt", "placed")
    return lay_area_fire(
        battle,
        shooter,
        weapon,
        AreaFireAction[str(pending.data["mode"])],
        allocation,
        total=total,
        critical=bool(pending.data["critical"]),
        texts=(f"Bereichsfeuer ({de}): Gesamtschaden {total}", f"Area fire ({en}): total {total}"),
        extra={"step": "placed", "auto": auto},
    )


def handle_place_area_fire(battle: Battle, command: PlaceAreaFire) -> list[Event]:
    shooter = battle.creature(command.actor)
    pending = placement_of(battle, shooter.key)
    if pending is None:
        raise CommandRejected(
            say(
                f"{shooter.name} has no rolled area fire to place: roll one first",
                f"{shooter.name} hat kein gewürfeltes Bereichsfeuer zu verteilen: erst würfeln",
            )
        )
    allocation: dict[Cell, int] = {}
    for triple in command.values:
        if len(triple) != 3 or not all(type(v) is int for v in triple):
            raise CommandRejected(
                say(
                    f"{list(triple)} is not a field and a value [x, y, value]",
                    f"{list(triple)} ist kein Feld mit Wert [x, y, Wert]",
                )
            )
        x, y, value = triple
        if (x, y) in allocation:
            raise CommandRejected(
                say(f"field [{x}, {y}] is placed twice", f"Feld [{x}, {y}] ist doppelt belegt")
            )
        allocation[(x, y)] = value
    errors = placement_errors(battle, pending, allocation)
    if errors:
        raise CommandRejected(d6_refusal(errors))
    # valid: now change the state
    return _lay_placement(battle, pending, allocation, auto=False)


def suggested_placement(battle: Battle, pending: Pending) -> dict[Cell, int]:
    """Return the placement EndTurn lays: the declared fields filled in order (D-6).

    ``areas.suggest_distribution`` over the declared fields still in sight and range,
    so it is what the one-shot AreaFire would have placed.
    """
    origin = (int(pending.data["from"][0]), int(pending.data["from"][1]))
    weapon = battle.weapon(str(pending.data["weapon"]))
    sight, reach = sight_test(battle, origin), range_test(weapon, origin)
    usable = [
        (int(x), int(y))
        for x, y in pending.data["fields"]
        if (int(x), int(y)) != origin and sight((int(x), int(y))) and reach((int(x), int(y)))
    ]
    if not usable:
        return {}
    return suggest_distribution(
        int(pending.data["total"]), int(pending.data["sw"]), usable, grid=battle.grid
    )


def placement_command_guard(battle: Battle, command: Command) -> str:
    """Refuse every command but the placement while an area fire waits (a command guard).

    Exempt: PlaceAreaFire and EndTurn (which places the fire as suggested), the game
    master's commands and Impuls rerolls (a reroll of the check or the total recomputes it).
    """
    if isinstance(command, (PlaceAreaFire, EndTurn)):
        return ""
    if command.kind.startswith("gm_") or is_reroll(command):
        return ""
    return placement_block(battle)


def placement_action_guard(battle: Battle, creature: CreatureState) -> str:
    """No action while an area fire waits for its placement (an action guard)."""
    return placement_block(battle)


def place_before_end_turn(battle: Battle, creature: CreatureState) -> list[Event]:
    """Ending the turn places a waiting area fire as suggested (D-6, an end-turn hook)."""
    pending = placement_of(battle, creature.key)
    if pending is None:
        return []
    return _lay_placement(battle, pending, suggested_placement(battle, pending), auto=True)
