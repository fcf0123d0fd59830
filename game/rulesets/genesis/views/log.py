"""Genesis's dice log: each d100 against its value, the damage, the self-control test.

A ``strike`` carries its W100 against the AT value (G-ATPA-1), a ``defend`` its W100
against the PA/AW value (G-ATPA-2/3; a reused dodge roll says so, G-SHOT-AW-1), a
``self_control`` its W100 against the Selbstbeherrschung (G-LE-SB-1); a ``damage`` its
TP, RS, SP and LE lost (G-DMG-*). Declarations are shown only as the Ansagevorteil
allows (``disclosure``, G-KR-ADV/DISADV, G-PHASE-DECL-1), everything else as WRS does
under the fog of war. The rule IDs stand only in the game master's details.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from game.match.events import Event
from game.match.views import LogKind, LogText, RollText, Texts, Tone
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.views.disclosure import hidden_indices
from game.rulesets.genesis.views.fog import fog_for_sides
from game.rulesets.genesis.views.texts import TEXTS, fighter_name, say

#: The rules each kind of event stands on (the details view only).
KIND_RULES: Mapping[str, tuple[str, ...]] = {
    "initiative": ("G-INI-ROUND-2", "G-INI-ROUND-3", "G-INI-GROUP-2", "G-INI-GROUP-3"),
    "declare": ("G-PHASE-DECL-1", "G-PHASE-DECL-2", "G-KR-ADV", "G-KR-DISADV", "G-GW-2"),
    "move": ("G-OPEN-9",),
    "no_target": ("G-PHASE-EXEC-1",),
    "strike": ("G-ATPA-1", "G-ATPA-4", "G-GW-6", "G-PHASE-EXEC-1"),
    "end_strikes": ("G-STATE-WAIVE-1",),
    "defend": ("G-ATPA-2", "G-ATPA-3", "G-ATPA-ALLY-1", "G-PHASE-EXEC-2", "G-SHOT-AW-1"),
    "auto_defence": ("G-PHASE-EXEC-2",),
    "damage": ("G-DMG-1", "G-DMG-2", "G-DMG-WS", "G-DMG-WS3", "G-ARMOR-HELMET", "G-TIME-SIMUL"),
    "surplus": ("G-SURPLUS-1", "G-OPEN-20"),
    "surplus_choice": ("G-SURPLUS-2", "G-SURPLUS-3", "G-SURPLUS-4"),
    "self_control": ("G-LE-SB-1", "G-LE-SB-2"),
    "life": ("G-LE-UNC", "G-LE-DEATH"),
    "kr": ("G-TIME-KR", "G-KR-ALPHA", "G-KR-BETA"),
    "over": ("G-TIME-KR",),
}

_NAMED_KEYS = ("target", "attacker")
_DAMAGE_KINDS = frozenset({"damage", "life", "surplus", "surplus_choice"})


def has_roll(event: Event) -> bool:
    """Return whether ``event`` carries a d100 rolled against a value."""
    data = event.data
    roll = data.get("roll")
    return isinstance(roll, int) and roll > 0 and isinstance(data.get("value"), int)


def log_kind(event: Event) -> LogKind:
    """Return what kind of dice-log entry ``event`` is."""
    if has_roll(event) or event.kind == "initiative":
        return LogKind.ROLL
    if event.kind in _DAMAGE_KINDS:
        return LogKind.DAMAGE
    return LogKind.OTHER


def _test_name(event: Event, t: Texts) -> str:
    if event.kind == "strike":
        return "AT"
    if event.kind == "self_control":
        return say(t, "test.SB")
    how = str(event.data.get("how", ""))
    key = f"test.{how}"
    return say(t, key) if key in TEXTS else str(event.data.get("test", ""))


def roll_text(event: Event, t: Texts) -> RollText:
    """Return a d100 roll as the log shows it: the die, the value, the result."""
    data = event.data
    roll, value = int(data["roll"]), int(data["value"])
    test = _test_name(event, t)
    success = bool(data.get("success"))
    chips: list[tuple[str, Tone]] = [(f"{test} {value}", Tone.DIM)]
    if data.get("penalty"):
        chips.append((say(t, "odds.penalty", n=data["penalty"]), Tone.DIM))
    if data.get("reused"):
        chips.append((say(t, "log.reused"), Tone.DIM))
    if event.kind == "strike":
        verdict = say(t, "log.hit" if success else "log.miss")
    elif event.kind == "defend":
        verdict = say(t, "log.avoided" if success else "log.failed")
    else:
        verdict = say(t, "log.made" if success else "log.failed")
    chips.append((verdict, Tone.GOOD if success else Tone.BAD))
    tip = [say(t, "log.roll", roll=roll, test=test, value=value)]
    for what, n in data.get("modifiers") or ():
        tip.append(f"{what} {int(n):+d}")
    plain = " ".join(text for text, _ in chips)
    return RollText((roll,), None, tuple(chips), "\n".join(tip), plain)


def log_text(event: Event, t: Texts) -> LogText:
    """Return the dice log's entry of ``event``: its own line in the screen's language."""
    kind = log_kind(event)
    line = event.text(t.language)
    if has_roll(event):
        return LogText(kind, line, roll=roll_text(event, t))
    dice = event.data.get("dice")
    if event.kind == "damage" and isinstance(dice, list) and len(dice) == 1:
        return LogText(kind, line, die=int(dice[0]))
    return LogText(kind, line)


def log_details(game: GenesisGame, index: int, t: Texts) -> tuple[str, ...]:
    """Return the game master's details of entry ``index``: its line, the numbers and the
    rule IDs it stands on."""
    if not 0 <= index < len(game.log):
        return ()
    event = game.log[index]
    data: Mapping[str, Any] = event.data
    lines = [event.text(t.language)]
    if has_roll(event):
        lines += roll_text(event, t).tooltip.split("\n")
    if event.kind == "damage":
        dice = ", ".join(str(d) for d in data.get("dice") or ())
        lines.append(say(t, "log.tp", tp=data.get("tp"), dice=dice))
        lines.append(
            say(
                t,
                "log.damage",
                tp=data.get("tp"),
                rs=data.get("rs"),
                sp=data.get("sp"),
                loss=data.get("loss"),
            )
        )
    if event.kind == "initiative":
        for key, value in (data.get("results") or {}).items():
            lines.append(say(t, "log.ini_line", name=fighter_name(game, key), n=value))
    ids = KIND_RULES.get(event.kind, ())
    lines.append(say(t, "log.rules", ids=", ".join(ids) if ids else "-"))
    return tuple(line for line in lines if line)


def _named(game: GenesisGame, event: Event) -> set[str]:
    found: set[str] = set()
    for key in _NAMED_KEYS:
        value = event.data.get(key)
        if isinstance(value, str) and value in game.fighters:
            found.add(value)
    return found


def log_for(game: GenesisGame, sides: Collection[str] | None) -> list[tuple[int, Event]]:
    """Return (index, event) of the log the players of ``sides`` may read.

    The fog of war as WRS's (an event of their own fighters, of fighters they are shown,
    or naming one of theirs), and no declaration the Ansagevorteil hides from them.
    """
    wanted = tuple(sides or ())
    fog = fog_for_sides(game, wanted)
    shown = fog.creatures if fog is not None else frozenset()
    mine = {k for k, s in game.fighters.items() if s.side in wanted}
    hidden = hidden_indices(game, wanted)
    out = []
    for index, event in enumerate(game.log):
        if index in hidden:
            continue
        named = _named(game, event)
        actor = event.actor
        if actor is None or actor not in game.fighters:
            visible = named <= shown
        else:
            visible = actor in mine or actor in shown or bool(named & mine)
        if visible:
            out.append((index, event))
    return out
