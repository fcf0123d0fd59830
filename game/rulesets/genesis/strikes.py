"""One declared AT struck: the d100 rolled against its value (G-ATPA-1), the AT spent, and
what a strike changes besides — a Megaschlag used (G-BONUS-ACTIVE-3), the face turned to
the target, a missile's reload begun (G-RELOAD-1), a thrown object gone from the hand
(G-THROW-4), one weapon of the throwing set used (G-TWPN-2), a melee attacker counted
(G-SURROUND-1). A hit waits for its defender's answer (``answers``).
"""

from __future__ import annotations

from typing import Protocol

from game.board.dice import Roller
from game.match.events import Event
from game.rulesets.genesis.catalogue import WeaponKind
from game.rulesets.genesis.geometry import facing_toward
from game.rulesets.genesis.plans import Hit, StrikePlan, Table, weapon_in_hand
from game.rulesets.genesis.rules import checks


class StrikeTable(Table, Protocol):
    """What a strike reads and changes of a live game."""

    roller: Roller
    hits: list[Hit]
    next_hit: int

    def name_of(self, key: str) -> str: ...


def strike(table: StrikeTable, plan: StrikePlan, penalty: int, mega: bool) -> Event:
    """Strike the AT ``plan`` describes (allowed: no refusal); return its event."""
    key, target = plan.attacker, plan.target
    me = table.fighters[key]
    weapon = weapon_in_hand(table, key)
    result = checks.roll_test(table.roller, plan.value)
    me.attacks_left -= 0.5 if plan.half else 1.0
    if me.bonus_tokens > 0:
        me.bonus_tokens -= 1
    if mega:
        table.megas.add(key)
    me.facing = facing_toward(me.cell, table.fighters[target].cell)
    if plan.ranged and weapon is not None:
        if weapon.kind is WeaponKind.MISSILE:
            me.reload_left = weapon.reload_kr
            me.fired_kr = table.kr  # the reload begins after the KR of the shot
        if weapon.kind is WeaponKind.THROWN:
            table.throws[key] = table.throws.get(key, 0) + 1
            # the thrown object has left the hand: bare hands until a weapon change
            me.gone.append(weapon.key)
            me.weapon = ""
        if weapon.kind is WeaponKind.THROWING:
            me.set_left -= 1
    else:
        table.melee_attackers.setdefault(target, set()).add(key)
    hit_id = 0
    if result.success:
        hit_id = table.next_hit
        table.next_hit += 1
        table.hits.append(
            Hit(
                hit_id, key, target, plan.weapon, plan.value, result.roll, penalty,
                plan.ranged, plan.halved, plan.quadrant, plan.distance, mega,
            )
        )  # fmt: skip
    verdict_de, verdict_en = ("trifft", "hits") if result.success else ("verfehlt", "misses")
    half_de, half_en = (" (halbe Aktion)", " (half action)") if plan.half else ("", "")
    name, aim = table.name_of(key), table.name_of(target)
    return Event(
        "strike",
        f"{name} greift {aim} an: W100 {result.roll} gegen AT {plan.value}{half_de} — {verdict_de}",
        f"{name} attacks {aim}: d100 {result.roll} against AT {plan.value}{half_en} — {verdict_en}",
        key,
        {
            "kr": table.kr,
            "target": target,
            "roll": result.roll,
            "value": plan.value,
            "test": "AT",
            "success": result.success,
            "penalty": penalty,
            "half": plan.half,
            "mega": mega,
            "modifiers": [list(m) for m in plan.modifiers],
            "hit": hit_id,
        },
    )
