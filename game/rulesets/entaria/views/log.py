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
from game.match.views import LogKind, LogText, RollText, Texts, Tone
from game.rulesets.entaria.commands import GmAnswer
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.log import log_entries_for
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.views.terms import attribute_name


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
    shown = ", ".join(str(d) for d in roll["dice"])
    words = " ".join(label for label, _ in chips)
    plain = f"[{shown}] {t('hud.log.kept', n=roll.get('kept'))} {words}"
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
    reasons = roll.get("reasons") or []
    if reasons:
        lines.append(t("hud.log.tip_reasons", reasons="; ".join(str(r) for r in reasons)))
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


def log_for(battle: Battle, sides: Collection[str]) -> list[tuple[int, Event]]:
    """Return (index, event) of the log the players of ``sides`` may read (fog of war)."""
    return [(entry.index, entry.event) for entry in log_entries_for(battle, sides)]


def open_questions(battle: Battle) -> frozenset[int]:
    """Return the log indices of the questions to the game master not yet answered."""
    return frozenset(battle.open_gm_questions())


def answer(index: int) -> Command:
    """Return the game master's answer to the question at log ``index``."""
    return GmAnswer(None, index)
