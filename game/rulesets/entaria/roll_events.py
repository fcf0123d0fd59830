"""How an ENTARIA roll is recorded in an event and told in the log."""

from __future__ import annotations

from typing import Any

from game.match.notation import dice_text
from game.rulesets.entaria.rules.checks import Roll


def roll_data(
    roll: Roll,
    *,
    edge: int,
    modifier: int,
    reasons: tuple[str, ...] = (),
    causes: tuple[tuple[str, str], ...] = (),
) -> dict[str, Any]:
    """Return the JSON-ready record of a roll: dice, kept die, edge, WM, target, result.

    ``reasons``: the details with rule IDs (the game master's details view); ``causes``:
    the same for players, (German, English) in the rulebook's words, kept only when given.
    """
    data: dict[str, Any] = {
        "dice": list(roll.dice),
        "kept": roll.kept,
        "total": roll.total,
        "target": roll.target,
        "success": roll.success,
        "crit": roll.crit.value if roll.crit else None,
        "edge": edge,
        "modifier": modifier,
        "reasons": list(reasons),
    }
    if causes:
        data["causes"] = [[de, en] for de, en in causes]
    return data


def describe_roll(
    roll: Roll, edge: int, *, target_de: str = "", target_en: str = ""
) -> tuple[str, str]:
    """Return a short German and English account of a roll's dice and result.

    ``target_de`` / ``target_en`` name what the target value is ("Ausweichen 12 (...)")
    instead of the bare "ZW 12".
    """
    if not roll.dice:
        return "automatisch misslungen", "fails automatically"
    # "Nachteil", "Nachteil x2": a single edge needs no count (D-2)
    times = f" x{abs(edge)}" if abs(edge) > 1 else ""
    de_edge = "" if edge == 0 else (f" (Vorteil{times})" if edge > 0 else f" (Nachteil{times})")
    en_edge = (
        "" if edge == 0 else (f" (advantage{times})" if edge > 0 else f" (disadvantage{times})")
    )
    target = "" if roll.target is None else f" gegen {target_de or f'ZW {roll.target}'}"
    target_en = "" if roll.target is None else f" vs {target_en or roll.target}"
    crit_de = {"success": " - kritischer Erfolg!", "failure": " - kritischer Fehler!"}
    crit_en = {"success": " - critical success!", "failure": " - critical failure!"}
    crit = roll.crit.value if roll.crit else ""
    verdict_de = "" if roll.success is None else (" Erfolg" if roll.success else " Misserfolg")
    verdict_en = "" if roll.success is None else (" success" if roll.success else " failure")
    colon = ":" if roll.success is not None else ""
    crit_text_de, crit_text_en = crit_de.get(crit, ""), crit_en.get(crit, "")
    # the dice without square brackets: "[14, 14]" would read as a field
    thrown_de, thrown_en = dice_text(20, roll.dice, "de"), dice_text(20, roll.dice, "en")
    de = f"{thrown_de}{de_edge} -> {roll.total}{target}{colon}{verdict_de}{crit_text_de}"
    en = f"{thrown_en}{en_edge} -> {roll.total}{target_en}{colon}{verdict_en}{crit_text_en}"
    return de, en


def armour_initiative_causes(*, cumbersome: bool, modifier: int) -> tuple[str, str]:
    """Return what worn armour does to an initiative roll, as " (…)" in German and English.

    Beschwerlich gives the roll Nachteil, armour's Initiative a WM (E-ARMOR-2); two empty
    strings when the armour does neither.
    """
    causes = [("Beschwerlich: Nachteil", "cumbersome: disadvantage")] if cumbersome else []
    if modifier:
        causes.append((f"Panzerung: WM {modifier:+d}", f"armour: {modifier:+d}"))
    if not causes:
        return "", ""
    return (
        " (" + "; ".join(de for de, _ in causes) + ")",
        " (" + "; ".join(en for _, en in causes) + ")",
    )
