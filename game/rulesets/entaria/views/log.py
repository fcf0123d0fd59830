"""ENTARIA's dice log: each roll with its dice, kept die, edge, modifiers, target and result.

A roll event carries its record in its data (or under "roll"): the dice thrown, the die
kept (D-2), the edge, the modifier (WM) and its reasons, the total, the target (ZW) and
the result with its crit (D-3). Damage events show their d6. Questions the engine puts
to the game master stand out; the GM answers them with ``GmAnswer``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from game.match.commands import Command
from game.match.events import Event
from game.match.notation import dice_text, die_in_sum
from game.match.views import LogKind, LogText, RollText, Texts, Tone
from game.rulesets.entaria.commands import GmAnswer
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.gm_actions import FOG_DETAILS_DE, FOG_DETAILS_EN
from game.rulesets.entaria.queries.log import log_entries_for
from game.rulesets.entaria.reroll_ledger import DAMAGE_EVENTS
from game.rulesets.entaria.rules.terms import Attribute, rule_ids
from game.rulesets.entaria.views.terms import attribute_name, says


def roll_of(event: Event) -> Mapping[str, Any] | None:
    """Return the roll record an event carries (its data, or its "roll" entry), or None."""
    data = event.data
    if isinstance(data.get("dice"), list):
        return data
    nested = data.get("roll")
    if isinstance(nested, Mapping) and isinstance(nested.get("dice"), list):
        return nested
    return None


def log_kind(event: Event) -> LogKind:
    """Return what kind of dice-log entry ``event`` is."""
    if event.kind == "gm_question":
        return LogKind.QUESTION
    if event.kind == "damage":
        return LogKind.DAMAGE
    if roll_of(event) is not None:
        return LogKind.ROLL
    if event.kind == "gm_answer":
        return LogKind.ANSWER
    return LogKind.OTHER


def log_text(event: Event, t: Texts) -> LogText:
    """Return the dice log's entry of ``event`` in the screen's language."""
    kind = log_kind(event)
    roll = roll_of(event)
    line = event.text(t.language)
    if roll is not None and roll.get("dice"):
        return LogText(kind, line, roll=_roll_text(roll, t))
    die = event.data.get("die") if event.kind == "damage" else None
    if isinstance(die, int):
        return LogText(kind, line, die=die)
    return LogText(kind, line)


def _roll_text(roll: Mapping[str, Any], t: Texts) -> RollText:
    dice = tuple(int(d) for d in roll["dice"])
    kept_value = roll.get("kept")
    kept = next((i for i, value in enumerate(dice) if value == kept_value), None)
    chips = _chips(roll, t)
    shown = dice_text(20, dice, t.language)  # no brackets: "[14, 14]" would read as a field
    words = " ".join(label for label, _ in chips)
    plain = f"{shown} {t('hud.log.kept', n=roll.get('kept'))} {words}"
    return RollText(dice, kept, chips, _tooltip(roll, t), plain)


def _chips(roll: Mapping[str, Any], t: Texts) -> tuple[tuple[str, Tone], ...]:
    chips: list[tuple[str, Tone]] = []
    edge = int(roll.get("edge") or 0)
    if edge:
        key = "hud.log.advantage" if edge > 0 else "hud.log.disadvantage"
        key += "_one" if abs(edge) == 1 else ""  # "Nachteil", counted from two on (D-2)
        chips.append((t(key, n=abs(edge)), Tone.NORMAL))
    modifier = int(roll.get("modifier") or 0)
    if modifier:
        chips.append((t("hud.log.modifier", wm=f"{modifier:+d}"), Tone.NORMAL))
    chips.append((t("hud.log.total", n=roll.get("total")), Tone.NORMAL))
    if roll.get("target") is not None:
        chips.append((t("hud.log.target", zw=roll["target"]), Tone.DIM))
    verdict = _verdict(roll, t)
    if verdict:
        chips.append((verdict, Tone.GOOD if roll.get("success") else Tone.BAD))
    return tuple(chips)


def _verdict(roll: Mapping[str, Any], t: Texts) -> str:
    crit = roll.get("crit")
    if crit == "success":
        return t("hud.log.crit_success")
    if crit == "failure":
        return t("hud.log.crit_failure")
    success = roll.get("success")
    if success is None:
        return ""
    return t("hud.log.success" if success else "hud.log.failure")


def _tooltip(roll: Mapping[str, Any], t: Texts) -> str:
    lines = [
        t(
            "hud.log.tip_dice",
            dice=", ".join(str(d) for d in roll["dice"]),
            kept=roll.get("kept"),
        )
    ]
    if roll.get("attribute"):
        name = str(roll["attribute"])
        if name in Attribute.__members__:
            name = attribute_name(Attribute[name], t)
        lines.append(t("hud.log.tip_value", attribute=name, value=roll.get("value", "?")))
    edge = int(roll.get("edge") or 0)
    lines.append(t("hud.log.tip_edge", n=f"{edge:+d}"))
    lines.append(t("hud.log.tip_modifier", wm=f"{int(roll.get('modifier') or 0):+d}"))
    # the players' causes in the screen's language; the rule-ID reasons are the GM's details
    causes = [says(t.language, str(c[0]), str(c[1])) for c in roll.get("causes") or []]
    if causes:
        lines.append(t("hud.log.tip_reasons", reasons="; ".join(causes)))
    target = roll.get("target")
    lines.append(
        t("hud.log.tip_result", total=roll.get("total"), target="-" if target is None else target)
    )
    verdict = _verdict(roll, t)
    if verdict:
        lines.append(verdict)
    if roll.get("impulse"):
        lines.append(t("hud.log.tip_impulse", n=roll["impulse"]))
    return "\n".join(lines)


#: The rules and decisions every event of a kind stands on (the GM's details view adds
#: the event's own rule and the IDs its reasons name).
KIND_RULES: dict[str, tuple[str, ...]] = {
    "roll": ("E-CORE-ROLL-1", "E-CORE-ROLL-2", "D-3"),
    "damage": ("E-DMG-1", "E-DMG-2", "D-4"),
    "lp": ("E-LP-1", "D-5"),
    "life_state": ("E-LP-3", "D-5"),
    "initiative": ("E-INIT-2", "D-11"),
    "order": ("D-11",),
    "scatter": ("D-7",),
    "area_fire": ("D-6",),
    "move": ("D-10",),
}
#: The range bands' rules, by the band an attack roll records.
BAND_RULES = {
    "POINT_BLANK": "E-RANGE-KERN",
    "NEAR": "E-RANGE-NAH",
    "MEDIUM": "E-RANGE-MITTEL",
    "LONG": "E-RANGE-WEIT",
    "EXTREME": "E-RANGE-EXTREM",
}
#: How far back from a reroll its replaced roll may lie (the last command's events).
REROLL_LOOKBACK = 400


def _dice_reported(event: Event, kind: object) -> tuple[int, ...] | None:
    """Return the dice ``event`` reports as a roll of ``kind`` ("check" or "damage")."""
    if kind == "damage":
        die = event.data.get("die")
        return (die,) if event.kind in DAMAGE_EVENTS and type(die) is int else None
    roll = roll_of(event)
    return tuple(int(d) for d in roll["dice"]) if roll is not None else None


def replaced_rolls(battle: Battle) -> frozenset[int]:
    """Return the log indices of the rolls an Impuls reroll replaced (E-IMP-EFF-REROLL).

    A "reroll" event names the dice before; the replaced roll is the nearest earlier
    entry of that kind with those dice not already replaced (a second reroll of the
    same roll replaces the first reroll's result).
    """
    log = battle.log
    replaced: set[int] = set()
    for index, event in enumerate(log):
        if event.kind != "reroll":
            continue
        before = tuple(event.data.get("before") or ())
        kind = event.data.get("kind")
        for earlier in range(index - 1, max(-1, index - REROLL_LOOKBACK), -1):
            if earlier not in replaced and _dice_reported(log[earlier], kind) == before:
                replaced.add(earlier)
                break
    return frozenset(replaced)


def log_details(battle: Battle, index: int, t: Texts) -> tuple[str, ...]:
    """Return the game master's details of log entry ``index``: what it says, the roll
    with its modifiers and the engine's reasons, and the rule IDs it used."""
    if not 0 <= index < len(battle.log):
        return ()
    event = battle.log[index]
    lines = [event.text(t.language)]
    details = event.data.get(FOG_DETAILS_DE if t.language == "de" else FOG_DETAILS_EN)
    if isinstance(details, str):  # a GM fog line: which fields, for which sides
        lines.append(details)
    roll = roll_of(event)
    reasons = [str(r) for r in (roll or {}).get("reasons") or []]
    if roll is not None and roll.get("dice"):
        lines += _tooltip(roll, t).split("\n")
        if reasons:
            lines.append(t("hud.details.reasons", reasons="; ".join(reasons)))
    elif isinstance(event.data.get("die"), int):
        lines.append(t("hud.details.die", die=die_in_sum(6, event.data["die"], t.language)))
    found = [str(event.data["rule"])] if event.data.get("rule") else []
    found += KIND_RULES.get(event.kind, ())
    if roll is not None and roll.get("edge"):
        found.append("D-2")  # Vorteil and Nachteil counted
    if roll is not None and roll.get("crit"):
        found.append("E-CORE-CRIT-1" if roll["crit"] == "failure" else "E-CORE-CRIT-2")
    if str(event.data.get("band")) in BAND_RULES:
        found.append(BAND_RULES[str(event.data["band"])])
    for text in [*reasons, event.en]:
        found += rule_ids(text)
    ids = list(dict.fromkeys(found))
    lines.append(t("hud.details.rules", ids=", ".join(ids) if ids else "-"))
    return tuple(line for line in lines if line)


def log_for(battle: Battle, sides: Collection[str]) -> list[tuple[int, Event]]:
    """Return (index, event) of the log the players of ``sides`` may read (fog of war)."""
    return [(entry.index, entry.event) for entry in log_entries_for(battle, sides)]


def open_questions(battle: Battle) -> frozenset[int]:
    """Return the log indices of the questions to the game master not yet answered."""
    return frozenset(battle.open_gm_questions())


def answer(index: int) -> Command:
    """Return the game master's answer to the question at log ``index``."""
    return GmAnswer(None, index)
