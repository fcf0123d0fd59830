"""The quick rules' dice log: the events' own lines, the d20 of each roll as chips.

An ``attack`` carries its d20s (two with Vorteil/Nachteil, one kept), the total, the
attack value and the V it had to reach (Q-ATK-4), the edge and the damage; a
``saf_save`` its dice and target; ``initiative`` each character's roll (Q-INIT-1). The
rule IDs stand only in the game master's details (``log_details``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from game.match.events import Event
from game.match.views import LogKind, LogText, RollText, Texts, Tone
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.views.fog import fog_for_sides
from game.rulesets.entaria_schnell.views.terms import creature_name, tr

#: The rules each kind of event stands on (the details view only).
KIND_RULES: Mapping[str, tuple[str, ...]] = {
    "initiative": ("Q-INIT-1", "Q-INIT-2", "Q-INIT-4"),
    "round": ("Q-INIT-3",),
    "turn": ("Q-ACT-1", "Q-INIT-2"),
    "skip": ("Q-ACT-2",),
    "move": ("Q-MOVE-1", "Q-MOVE-2", "Q-MOVE-3"),
    "attack": ("Q-ATK-1", "Q-ATK-3", "Q-ATK-4", "Q-DMG-1", "Q-DMG-2", "Q-CRIT-HIT-1"),
    "down": ("Q-DEFEAT-1",),
    "defeated": ("Q-DEFEAT-1",),
    "outcome": ("Q-DEFEAT-2", "Q-OPEN-14"),
    "saf": ("Q-CRIT-HIT-3", "Q-SAF-1"),
    "saf_save": ("Q-OPEN-11",),
    "second_target": ("Q-CRIT-SAF-STICH-2", "Q-OPEN-12"),
    "pushed": ("Q-CRIT-SAF-WUCHT-2", "Q-OPEN-12"),
    "disfigured": ("Q-CRIT-SAF-FEUER-2",),
    "rider": ("Q-OPEN-12",),
    "cover": ("Q-COVER-2",),
    "uncover": ("Q-COVER-2", "Q-OPEN-9"),
    "stand": ("Q-ACT-1",),
    "reload": ("Q-CRIT-FAIL-2",),
    "wehrlos": ("Q-OPEN-16",),
    "zone_throw": ("Q-OPEN-17", "Q-RANGE-1"),
    "area_damage": ("Q-OPEN-17", "Q-DMG-1", "Q-DMG-2"),
    "over": ("Q-DEFEAT-1",),
}

#: Event data keys that name a creature the event happens to, besides its actor.
_NAMED_KEYS = ("target", "attacker")

_DAMAGE_KINDS = frozenset({"down", "defeated", "second_target", "area_damage"})


def has_dice(event: Event) -> bool:
    """Return whether ``event`` carries rolled dice."""
    dice = event.data.get("dice")
    return isinstance(dice, list) and bool(dice)


def log_kind(event: Event) -> LogKind:
    """Return what kind of dice-log entry ``event`` is."""
    if has_dice(event):
        return LogKind.ROLL
    if event.kind in _DAMAGE_KINDS:
        return LogKind.DAMAGE
    if event.kind == "initiative":
        return LogKind.ROLL
    return LogKind.OTHER


def roll_text(event: Event, t: Texts) -> RollText:
    """Return a roll as the log shows it: the d20s (the kept one marked), total, target."""
    data = event.data
    dice = tuple(int(d) for d in data.get("dice") or ())
    kept_value = data.get("kept")
    kept = (
        dice.index(int(kept_value)) if isinstance(kept_value, int) and kept_value in dice else None
    )
    if len(dice) < 2:
        kept = None
    chips: list[tuple[str, Tone]] = []
    tip: list[str] = []
    if event.kind in ("attack", "zone_throw"):
        value, defense, total = data.get("value"), data.get("defense"), data.get("total")
        against = "V" if event.kind == "attack" else tr(t, "ZW", "TN")
        chips.append((f"+{value}", Tone.NORMAL))
        chips.append((f"= {total}", Tone.NORMAL))
        chips.append((f"{against} {defense}", Tone.DIM))
        hit = bool(data.get("hit"))
        if data.get("critical"):
            chips.append((tr(t, "kritisch", "critical"), Tone.GOOD))
        elif data.get("fumble"):
            chips.append((tr(t, "Patzer", "fumble"), Tone.BAD))
        chips.append(
            (
                tr(t, "Treffer", "hit") if hit else tr(t, "verfehlt", "miss"),
                Tone.GOOD if hit else Tone.BAD,
            )
        )
        if hit and event.kind == "attack":
            chips.append(
                (
                    tr(t, f"{data.get('damage', 0)} Schaden", f"{data.get('damage', 0)} damage"),
                    Tone.HURT,
                )
            )
        edge = int(data.get("edge") or 0)
        tip.append(
            tr(
                t,
                f"W20 {kept_value} + {value} = {total} gegen {against} {defense}",
                f"d20 {kept_value} + {value} = {total} against {against} {defense}",
            )
        )
        if edge:
            tip.append(
                tr(
                    t,
                    "Vorteil" if edge > 0 else "Nachteil",
                    "advantage" if edge > 0 else "disadvantage",
                )
            )
        if hit and event.kind == "attack":
            die, sw, armour = data.get("die"), data.get("sw"), data.get("armour")
            lost = data.get("damage")
            tip.append(
                tr(
                    t,
                    f"Schaden: W6 {die}, SW {sw}, Panzerung {armour} → {lost}",
                    f"damage: d6 {die}, SW {sw}, armour {armour} → {lost}",
                )
            )
    else:
        total, target = data.get("total"), data.get("target")
        chips.append((f"= {total}", Tone.NORMAL))
        if target is not None:
            chips.append((tr(t, f"Ziel {target}", f"target {target}"), Tone.DIM))
        won = data.get("won")
        if isinstance(won, bool):
            chips.append(
                (
                    tr(t, "geschafft", "made") if won else tr(t, "misslungen", "failed"),
                    Tone.GOOD if won else Tone.BAD,
                )
            )
        tip.append(tr(t, f"Würfe {list(dice)}, Summe {total}", f"dice {list(dice)}, total {total}"))
    plain = " ".join(text for text, _ in chips)
    return RollText(dice, kept, tuple(chips), "\n".join(tip), plain)


def log_text(event: Event, t: Texts) -> LogText:
    """Return the dice log's entry of ``event``: its own line in the screen's language."""
    kind = log_kind(event)
    line = event.text(t.language)
    if has_dice(event):
        return LogText(kind, line, roll=roll_text(event, t))
    die = event.data.get("die")
    if event.kind == "area_damage" and isinstance(die, int):
        return LogText(kind, line, die=die)
    return LogText(kind, line)


def log_details(game: QuickGame, index: int, t: Texts) -> tuple[str, ...]:
    """Return the game master's details of entry ``index``: its line, the dice and the
    rule IDs it stands on."""
    if not 0 <= index < len(game.log):
        return ()
    event = game.log[index]
    lines = [event.text(t.language)]
    data: Mapping[str, Any] = event.data
    if has_dice(event):
        lines += roll_text(event, t).tooltip.split("\n")
    if event.kind == "initiative":
        totals = data.get("totals") or {}
        rolls = data.get("rolls") or {}
        for key, total in totals.items():
            lines.append(f"{creature_name(game, key)}: W20 {rolls.get(key)} → {total}")
    ids = KIND_RULES.get(event.kind, ())
    lines.append(tr(t, "Regeln: ", "rules: ") + (", ".join(ids) if ids else "-"))
    return tuple(line for line in lines if line)


def _named(game: QuickGame, event: Event) -> set[str]:
    found: set[str] = set()
    for key in _NAMED_KEYS:
        value = event.data.get(key)
        if isinstance(value, str) and value in game.creatures:
            found.add(value)
    return found


def log_for(game: QuickGame, sides: Collection[str]) -> list[tuple[int, Event]]:
    """Return (index, event) of the log the players of ``sides`` may read (fog of war):
    events without an actor, of their own creatures, of creatures they are shown, or
    naming one of theirs."""
    fog = fog_for_sides(game, sides)
    shown = fog.creatures if fog is not None else frozenset()
    mine = {k for k, cr in game.creatures.items() if cr.side in sides}
    out = []
    for index, event in enumerate(game.log):
        actor = event.actor
        named = _named(game, event)
        if actor is None:
            visible = named <= shown
        else:
            visible = actor in mine or actor in shown or bool(named & mine)
        if visible:
            out.append((index, event))
    return out
