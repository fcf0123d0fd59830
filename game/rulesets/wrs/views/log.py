"""WRS's dice log: each attack with both d100 rolls, both PWs and both margins.

An ``attack`` event carries the Vergleichsprobe (W-ATK-2, D-15): the attacker's and the
defender's PW and d100 roll and the margin (Ergebnis = PW − roll) of each; the higher
margin wins, a tie goes to the defender. Its line says the hits and what is left of
the target's armour points and wounds (W-ARMOR-3/4, W-HIT-3). Other events get their
line from the event's data in the screen's language, with the fighters' names. The
rule IDs stand only in the game master's details (``log_details``).

WRS puts no questions to the game master and has no rerolls.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction
from typing import Any

from game.match.events import Event
from game.match.views import LogKind, LogText, RollText, Texts, Tone
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.views.fog import fog_for_sides
from game.rulesets.wrs.views.terms import (
    TEXTS,
    known_item,
    known_name,
    known_side,
    number,
    remember,
    say,
)

#: Event data keys that name a creature the event happens to, besides its actor.
_NAMED_KEYS = ("target", "round1", "order")

#: The rules each kind of event stands on (the details view only).
KIND_RULES: Mapping[str, tuple[str, ...]] = {
    "initiative": ("W-INIT-1", "W-INIT-2", "W-INIT-3", "W-OPEN-2", "D-15"),
    "round": ("W-ROUND-1", "W-ROUND-2"),
    "step": ("W-ACT-MOVE", "D-15"),
    "attack": ("W-ATK-2", "W-ATK-3", "W-ATK-4", "W-HIT-1", "W-ARMOR-3", "W-ARMOR-4", "D-15"),
    "aim": ("W-ACT-AIM", "W-OPEN-5"),
    "defend": ("W-ACT-DEF-1", "W-ACT-DEF-2"),
    "ready": ("W-ACT-READY-1", "W-ACT-READY-2", "W-ACT-READY-3", "W-OPEN-4"),
    "draw": ("W-ACT-DRAW",),
    "turn360": ("W-ACT-TURN",),
    "host_action": ("W-OPEN-11",),
    "pass": ("W-ACT-READY-5",),
    "end_turn": ("W-ROUND-3",),
    "over": ("W-ROUND-2",),
}


def has_rolls(event: Event) -> bool:
    """Return whether ``event`` carries the two d100 rolls of a Vergleichsprobe."""
    data = event.data
    return isinstance(data.get("attacker_roll"), int) and isinstance(data.get("defender_roll"), int)


def log_kind(event: Event) -> LogKind:
    """Return what kind of dice-log entry ``event`` is."""
    if event.kind == "attack":
        if has_rolls(event):
            return LogKind.ROLL
        return LogKind.DAMAGE if event.data.get("hits") else LogKind.OTHER
    return LogKind.OTHER


def _names(keys: object) -> str:
    values = keys if isinstance(keys, list | tuple) else ()
    return ", ".join(known_name(k) for k in values)


def line_of(event: Event, language: str) -> str:
    """Return the log line of ``event`` in ``language``, with the fighters' names."""
    data, name = event.data, known_name(event.actor)
    kind = event.kind
    if kind == "initiative":
        line = say(language, "log.initiative", order=_names(data.get("order")))
        if list(data.get("round1") or []) != list(data.get("order") or []):
            line += "; " + say(language, "log.round1", order=_names(data.get("round1")))
        return line
    if kind == "round":
        return event.text(language)
    if kind == "step":
        path = data.get("path") or []
        cell = tuple(path[-1]) if path else "?"
        return say(language, "log.step", name=name, n=len(path), cell=cell)
    if kind == "attack":
        return _attack_line(event, language)
    if kind == "draw":
        item = known_item(_drawn_item(event), language)
        return say(language, "log.draw", name=name, item=item)
    if kind == "host_action":
        note = event.en.partition(": ")[2] if ": " in event.en else ""
        return say(language, "log.host_action", name=name, note=note).rstrip()
    if kind == "door":
        return say(language, "log.door_open" if data.get("open") else "log.door_close", name=name)
    if kind == "over":
        winner = data.get("winner")
        who = known_side(winner) if winner else say(language, "log.nobody")
        return say(language, "log.over", winner=who)
    template = f"log.{kind}"
    if template in TEXTS:
        return say(language, template, name=name)
    return event.text(language)


def _drawn_item(event: Event) -> str:
    """Return the item key the draw event names ("u draws dolch")."""
    return event.en.rsplit(" ", 1)[-1]


def _weapon_name(key: str, language: str) -> str:
    """Return the attack's weapon in ``language``; "unarmed" is no catalogue item but
    the attack menu's word ("waffenlos", W-OPEN-6), as ``terms.item_name`` says it."""
    if key == "unarmed":
        return say(language, "offer.unarmed")
    return known_item(key, language)


def _hits(hits: int, language: str) -> str:
    return say(language, "log.one_hit") if hits == 1 else say(language, "log.hit", n=hits)


def _attack_line(event: Event, language: str) -> str:
    data = event.data
    target = known_name(data.get("target"))
    hits = int(data.get("hits") or 0)
    if data.get("helpless"):
        result = say(language, "log.helpless", target=target)
        result += ", " + _hits(hits, language)
    elif hits:
        result = _hits(hits, language)
    else:
        result = say(language, "log.parried")
    name = known_name(event.actor)
    weapon = data.get("weapon")
    if isinstance(weapon, str) and weapon:  # named once the engine's event carries it
        name += f" ({_weapon_name(weapon, language)})"
    line = say(language, "log.attack", name=name, target=target, result=result)
    if hits:
        rp = number(Fraction(str(data.get("armour", "0"))), language)
        line += " — " + say(language, "log.after", target=target, rp=rp, w=data.get("wounds", 0))
    return line


def log_text(event: Event, t: Texts) -> LogText:
    """Return the dice log's entry of ``event`` in the screen's language."""
    kind = log_kind(event)
    line = line_of(event, t.language)
    if has_rolls(event):
        return LogText(kind, line, roll=roll_text(event.data, t))
    return LogText(kind, line)


def roll_text(data: Mapping[str, Any], t: Texts) -> RollText:
    """Return the Vergleichsprobe as the log shows it: both d100, PWs, margins, result."""
    a_roll, d_roll = int(data["attacker_roll"]), int(data["defender_roll"])
    a_pw, d_pw = int(data["attacker_pw"]), int(data["defender_pw"])
    a_margin = int(data.get("attacker_margin", a_pw - a_roll))
    d_margin = int(data.get("defender_margin", d_pw - d_roll))
    won = a_margin > d_margin
    attacker, defender = say(t, "log.attacker"), say(t, "log.defender")
    chips = (
        (f"{attacker} {say(t, 'log.pw', n=a_pw)}", Tone.NORMAL),
        (say(t, "log.margin", n=a_margin), Tone.GOOD if won else Tone.NORMAL),
        (f"{defender} {say(t, 'log.pw', n=d_pw)}", Tone.DIM),
        (say(t, "log.margin", n=d_margin), Tone.NORMAL if won else Tone.GOOD),
        (say(t, "log.won" if won else "log.lost"), Tone.GOOD if won else Tone.BAD),
    )
    tip = [
        say(
            t,
            "log.tip_side",
            who=attacker,
            roll=a_roll,
            pw=a_pw,
            mod=int(data.get("modifier") or 0),
            margin=a_margin,
        ),
        say(
            t,
            "log.tip_side",
            who=defender,
            roll=d_roll,
            pw=d_pw,
            mod=int(data.get("defence_modifier") or 0),
            margin=d_margin,
        ),
        say(t, "log.tip_rule"),
    ]
    plain = (
        f"{attacker}: {say(t, 'log.roll', n=a_roll)} / {say(t, 'log.pw', n=a_pw)} → "
        f"{say(t, 'log.margin', n=a_margin)}; {defender}: {say(t, 'log.roll', n=d_roll)} / "
        f"{say(t, 'log.pw', n=d_pw)} → {say(t, 'log.margin', n=d_margin)}"
    )
    return RollText((a_roll, d_roll), None, chips, "\n".join(tip), plain)


def log_details(game: WrsGame, index: int, t: Texts) -> tuple[str, ...]:
    """Return the game master's details of log entry ``index``: the line, both sides of
    the roll with their modifiers, and the rule IDs it stands on."""
    if not 0 <= index < len(game.log):
        return ()
    remember(game)
    event = game.log[index]
    lines = [line_of(event, t.language)]
    if has_rolls(event):
        lines += roll_text(event.data, t).tooltip.split("\n")
    ids = list(KIND_RULES.get(event.kind, ()))
    if event.kind == "attack":
        if event.data.get("helpless"):
            ids.append("W-OPEN-10")
        if int(event.data.get("hits") or 0) > 1:
            ids += ["W-FIRE-TEST", "W-BONUS-DUAL-3"]
    lines.append(say(t, "log.rules", ids=", ".join(ids) if ids else "-"))
    return tuple(line for line in lines if line)


def _named(game: WrsGame, event: Event) -> set[str]:
    found: set[str] = set()
    for key in _NAMED_KEYS:
        value = event.data.get(key)
        values = value if isinstance(value, list | tuple) else (value,)
        found.update(v for v in values if isinstance(v, str) and v in game.fighters)
    return found


def log_for(game: WrsGame, sides: Collection[str]) -> list[tuple[int, Event]]:
    """Return (index, event) of the log the players of ``sides`` may read (fog of war).

    An event is shown when its actor is of the sides, or has no actor and names only
    fighters the sides are shown, or its actor is shown to them now, or it names one of
    their fighters (the attack that hits them).
    """
    remember(game)
    fog = fog_for_sides(game, sides)
    shown = fog.creatures if fog is not None else frozenset()
    mine = {k for k, s in game.fighters.items() if s.side in sides}
    out = []
    for index, event in enumerate(game.log):
        named = _named(game, event)
        actor = event.actor
        if actor is None:
            visible = named <= shown
        else:
            visible = actor in mine or actor in shown or bool(named & mine)
        if visible:
            out.append((index, event))
    return out
