"""Weightlessness (E-ZEROG-*, E-OPEN-46): a hit with Wuchtschaden may hurl the target.

Every hit with Wuchtschaden in weightlessness asks the target for Reflexe vs ZW 15
(Vorteil with the talent Null-G); on a failure it is hurled 5 fields in a 1w8 direction
as forced movement (no leaving-reach save). The ranged penalty of E-ZEROG-1 is the
adventure chapter's: no mechanical penalty here.
"""

from __future__ import annotations

from game.board.grid import footprint_cells
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.damage import zero_g_direction, zero_g_save_required
from game.rulesets.entaria.rules.situations import ZERO_G_TALENT, hurl_path, zero_g_save_edge
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType
from game.rulesets.entaria.seats import aboard, creature_has_talent, mount_of
from game.rulesets.entaria.state import CreatureState


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
    edge = zero_g_save_edge(has_zero_g_talent=creature_has_talent(battle, target, ZERO_G_TALENT))
    roll, event = battle.check(
        target,
        Attribute.REFLEXES,
        STANDARD_TARGET,
        edge=edge,
        what_de="Rettungswurf gegen das Wegschleudern (Null-G)",
        what_en="save against being hurled (zero-G)",
    )
    event.data["rule"] = "E-ZEROG-3"
    if roll.success:
        return [event]
    return [event, *_hurl(battle, target)]


def _hurl(battle: Battle, target: CreatureState) -> list[Event]:
    """Hurl ``target`` 5 fields in a 1w8 direction, its riders with it (E-OPEN-46)."""
    events: list[Event] = []
    step = zero_g_direction(battle.roller)
    seated_on = mount_of(battle, target)
    together = {c.key for c in aboard(battle, target)}  # those on it move with it
    if seated_on is not None:  # a rider or passenger hurled off leaves his mount behind
        together |= {seated_on.key, *(c.key for c in aboard(battle, seated_on))}
    occupied = [
        cell
        for other in battle.state.creatures.values()
        if other.key != target.key
        and other.key not in together  # the dead hold their fields too (E-OPEN-44)
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
