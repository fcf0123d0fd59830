"""One answer to a successful AT: the PA, AW or ally's PA rolled (or none), and its event.

The defence is rolled on the d100 against the option's value (G-ATPA-2/3), uses one of
the declared PA/AW (a half one at half value), and a dodge against a projectile keeps
its roll for the other projectiles from that quadrant (G-SHOT-AW-1).
"""

from __future__ import annotations

from typing import Protocol

from game.board.dice import Roller
from game.match.events import Event
from game.rulesets.genesis import defence_plans, plans
from game.rulesets.genesis.plans import Hit, Table
from game.rulesets.genesis.rules import checks

LABELS = {
    "pa": ("PA", "parry"),
    "aw": ("AW", "dodge"),
    "ally": ("PA für Verbündeten", "parry for an ally"),
    "none": ("keine Abwehr", "no defence"),
}


class AnswerTable(Table, Protocol):
    """What an answer reads and changes of a live game."""

    roller: Roller
    answers: dict[int, tuple[str, str, bool]]
    answer_order: list[int]

    def name_of(self, key: str) -> str: ...


def answer_hit(table: AnswerTable, hit: Hit, how: str, by: str, *, automatic: bool) -> Event:
    """Roll ``by``'s answer ``how`` to ``hit`` (a refused one counts as none); return the event."""
    options = {(o.how, o.by): o for o in defence_plans.defence_options(table, hit)}
    option = options.get((how, by))
    if option is None or option.refusal:
        how, by = "none", hit.target
        option = options[("none", hit.target)]
    avoided, roll = False, 0
    if how != "none":
        defender = table.fighters[by]
        half_before = 0 < defender.defences_left < 1
        token_before = plans.TOKEN_BONUS if defender.bonus_tokens > 0 else 0
        if option.reused_roll:
            roll = option.reused_roll
        else:
            roll = checks.roll_test(table.roller, option.value).roll
            defender.defences_left -= 0.5 if 0 < defender.defences_left < 1 else 1.0
            if defender.bonus_tokens > 0:
                defender.bonus_tokens -= 1
        if how == "aw":
            defender.dodged_this_kr = True
            if hit.ranged:
                key = (hit.target, hit.quadrant)
                if key not in table.dodge_rolls:
                    table.dodge_rolls[key] = (roll, half_before, token_before)
        avoided = roll <= option.value
    table.answers[hit.id] = (how, by, avoided)
    table.answer_order.append(hit.id)
    label, label_en = LABELS[how]
    name, attacker = table.name_of(by), table.name_of(hit.attacker)
    if how == "none":
        de = f"{table.name_of(hit.target)}: keine Abwehr gegen {attacker}"
        en = f"{table.name_of(hit.target)}: no defence against {attacker}"
    else:
        verdict_de, verdict_en = (
            ("abgewehrt", "fended off") if avoided else ("misslungen", "failed")
        )
        de = f"{name}: {label} W100 {roll} gegen {option.value} — {verdict_de}"
        en = f"{name}: {label_en} d100 {roll} against {option.value} — {verdict_en}"
    data = {
        "kr": table.kr,
        "hit": hit.id,
        "how": how,
        "roll": roll,
        "value": option.value,
        "test": label,
        "success": avoided,
        "automatic": automatic,
        "target": hit.target,
        "reused": bool(option.reused_roll),
    }
    return Event("defend", de, en, by, data)
