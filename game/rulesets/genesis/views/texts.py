"""Genesis's words on the screen, German and English: one table of templates.

The views answer in the screen's language (``Texts.language``) with the rulebook's words
(KR, AKR/BKR, AT, PA, AW, GW, LE, WS, RS, AD, Ansage, Shiften), never a rule ID; the
templates are here, as WRS keeps its own (``wrs/views/terms.py``), so no locale file of
the screen is needed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.match.views import Texts
from game.rulesets.genesis.rules.gear import ArmorSlot
from game.rulesets.genesis.rules.rounds import RoundKind
from game.rulesets.genesis.views.texts_card import CARD_TEXTS

#: Template key -> (German, English); the same {placeholders} in both.
TEXTS: Mapping[str, tuple[str, str]] = {
    **CARD_TEXTS,
    # the strip
    "strip": ("KR {kr} · {kind} · {phase}", "KR {kr} · {kind} · {phase}"),
    "strip.over": ("KR {kr} · vorbei", "KR {kr} · over"),
    "kind.ini_1": ("1. INI-KR", "1st INI-KR"),
    "kind.ini_2": ("2. INI-KR", "2nd INI-KR"),
    "kind.alpha": ("AKR", "AKR"),
    "kind.beta": ("BKR", "BKR"),
    "phase.declare": ("Ansage", "Declaration"),
    "phase.strike": ("Attacken", "Attacks"),
    "phase.defend": ("Abwehr", "Defence"),
    "phase.surplus": ("Überzählige AT", "Surplus AT"),
    "chip.tip": (
        "{name} ({side})\nLE {le}/{max} · INI {ini}\nAT {at} · PA {pa} · AW {aw}",
        "{name} ({side})\nLE {le}/{max} · INI {ini}\nAT {at} · PA {pa} · AW {aw}",
    ),
    "chip.ini": ("INI {n}", "INI {n}"),
    "chip.timeless": ("Zeit steht still", "time stands still"),
    "chip.timeless_tip": (
        "Fernkämpfer außerhalb des Nahkampfs: keine INI, in der 1. INI-KR steht die Zeit still",
        "Ranged fighter outside melee: no INI, time stands still in the 1st INI-KR",
    ),
    "chip.declaring": ("sagt an", "declaring"),
    "chip.waiting": ("wartet", "waiting"),
    "chip.declared": ("angesagt", "declared"),
    "chip.secret_tip": (
        "hat angesagt; die Zahlen bleiben bis zum Ende der Ansage geheim",
        "has declared; the numbers stay secret until the declaration is over",
    ),
    "chip.striking": ("schlägt zu", "striking"),
    "chip.attacks_left": ("{n} AT übrig", "{n} AT left"),
    "chip.hit": ("{n} Treffer offen", "{n} hits open"),
    "chip.winner_tip": (
        "Seite {side} hat die Gruppen-INI gewonnen: ihre AT-Runde ist die AKR",
        "Side {side} won the group initiative: its AT round is the AKR",
    ),
    # declaration
    "group.declare": ("Ansage", "Declaration"),
    "group.declare_tip": (
        "{name} sagt an, wie viele AT und PA/AW diese KR ({kind}) kommen: {shares} GW",
        "{name} declares how many AT and PA/AW this KR ({kind}) holds: {shares} GW",
    ),
    "group.declare_shift": (
        "Diese KR ist eine PA-Runde: wer angreift, shiftet (2W6 AD)",
        "This KR is a PA round: whoever attacks shifts (2d6 AD)",
    ),
    "group.declare_secret": (
        "Die Ansage bleibt vor den Seiten geheim, die schon angesagt haben",
        "The declaration stays hidden from the sides that have declared already",
    ),
    "group.declared_own": ("Schon angesagt: {list}", "Declared already: {list}"),
    "group.move": ("Ansage + Bewegung", "Declaration + move"),
    "group.move_tip": (
        "Dieselben Ansagen mit einer Bewegung: Zielfeld wählen, höchstens {n} Felder",
        "The same declarations with a move: pick a field, at most {n} fields",
    ),
    "group.other": ("Sonstiges", "Other"),
    "group.other_tip": (
        "Kampf verlassen, Waffe wechseln: beides ohne Attacke",
        "Leave the fight, change weapon: both without an attack",
    ),
    "offer.split": ("{at} AT · {pa} PA/AW", "{at} AT · {pa} PA/AW"),
    "offer.split_of": (" ({share} von {gw} GW)", " ({share} of {gw} GW)"),
    "offer.shift": (" · shiftet: 2W6 AD", " · shifts: 2d6 AD"),
    "offer.split_tip": (
        "{at} Attacken und {pa} Paraden/Ausweichen in dieser KR",
        "{at} attacks and {pa} parries/dodges this KR",
    ),
    "offer.pair_tip": (
        "Die übrigen {rest} GW kommen in die nächste KR",
        "The other {rest} GW go into the next KR",
    ),
    "offer.half_tip": ("Halbe Aktion: mit dem halben Wert", "Half action: at half the value"),
    "offer.shift_tip": (
        "Angreifen in der PA-Runde heißt Shiften: einmal 2W6 AD",
        "Attacking in the PA round means shifting: 2d6 AD once",
    ),
    "offer.move_prompt": (
        "Zielfeld wählen (höchstens {n} Felder)",
        "Pick a field (at most {n} fields)",
    ),
    "offer.leave": ("Kampf verlassen", "Leave the fight"),
    "offer.leave_tip": (
        "Diese KR passiv (PA/AW erlaubt), danach darf er sich lösen",
        "Passive this KR (PA/AW allowed), then free to move away",
    ),
    "offer.leave_menu": (
        "Kampf verlassen mit wie viel PA/AW?",
        "Leave the fight with how many PA/AW?",
    ),
    "offer.defences": ("0 AT · {pa} PA/AW", "0 AT · {pa} PA/AW"),
    "offer.swap": ("Waffe wechseln: {item}", "Change weapon: {item}"),
    "offer.redraw": ("Neuen Satz ziehen: {item}", "Draw a new set: {item}"),
    "group.surplus": ("Überzählige AT", "Surplus AT"),
    "group.surplus_tip": (
        "Eine zurückgehaltene AT wird zur Kampfmotivation: eine der drei Möglichkeiten",
        "A withheld AT becomes a combat motivation: one of the three options",
    ),
    "offer.surplus_bonus": ("+20 auf eine Aktion", "+20 on one action"),
    "offer.surplus_bonus_tip": (
        "+20 auf eine AT, PA oder AW, innerhalb der nächsten 2 KR",
        "+20 on one AT, PA or AW within the next 2 KR",
    ),
    "offer.surplus_speed": ("+20 % Lauf-GS", "+20 % run speed"),
    "offer.surplus_speed_tip": (
        "Für die nächsten 10 Sekunden (5 KR) 20 % schneller laufen",
        "Run 20 % faster for the next 10 seconds (5 KR)",
    ),
    "offer.surplus_ad": ("+{ad} AD", "+{ad} AD"),
    "offer.surplus_ad_tip": (
        "AD nach der Gewichtsklasse der AT (leicht 1 bis schwer 4)",
        "AD by the weight of the AT (light 1 to heavy 4)",
    ),
    "offer.swap_tip": (
        "Ein Waffenwechsel dauert 2 KR, solange keine Attacke",
        "A weapon change takes 2 KR, no attack meanwhile",
    ),
    "offer.swap_menu": ("Waffenwechsel mit wie viel PA/AW?", "Weapon change with how many PA/AW?"),
    # strikes
    "group.strike": ("Attacken: noch {n} AT", "Attacks: {n} AT left"),
    "group.strike_tip": (
        "{name} schlägt die angesagten Attacken; jede wird sofort gewürfelt",
        "{name} strikes the declared attacks; each is rolled at once",
    ),
    "offer.attack": ("Angriff", "Attack"),
    "offer.attack_tip": (
        "Eine AT mit {item}: W100 gleich oder unter dem AT-Wert",
        "One AT with {item}: d100 at or below the AT value",
    ),
    "offer.attack_prompt": ("Gegner wählen", "Pick an enemy"),
    "offer.attack_on": ("{name} · {chance}", "{name} · {chance}"),
    "offer.penalty": ("Angriff erschwert", "Harder attack"),
    "offer.penalty_tip": (
        "AT erschwert um X: die PA oder AW dagegen ist um dasselbe X erschwert",
        "AT harder by X: the PA or AW against it is harder by the same X",
    ),
    "offer.penalty_menu": ("Um wie viel erschweren?", "Harder by how much?"),
    "offer.penalty_n": ("erschwert um {n}", "harder by {n}"),
    "offer.mega": ("Megaschlag", "Mega strike"),
    "offer.mega_tip": ("TP +{n} %, einmal je KR", "TP +{n} %, once per KR"),
    "offer.end_strikes": ("Angriffe beenden", "End attacks"),
    "offer.end_strikes_tip": ("Die übrigen {n} AT verfallen", "The {n} AT left are lost"),
    "offer.auto": ("Automatisch verteidigen", "Defend automatically"),
    "offer.auto_tip": (
        "Die Abwehr dieser Seite wählt die eingebaute Regel: gefährlichste Treffer zuerst, "
        "jeweils die beste Abwehr",
        "This side's defences are chosen by the built-in rule: the most dangerous hits first, "
        "each with the best defence",
    ),
    # defence
    "group.hit": ("{attacker} → {target}", "{attacker} → {target}"),
    "group.hit_tip": (
        "{attacker} trifft {target} mit {item}: W100 {roll} gegen AT {value}",
        "{attacker} hits {target} with {item}: d100 {roll} against AT {value}",
    ),
    "group.hit_penalty": (
        "erschwert um {n}: jede Abwehr auch",
        "harder by {n}: so is every defence",
    ),
    "group.hit_ranged": ("Fernkampf", "ranged"),
    "group.hit_order": (
        "Die Reihenfolge, in der die Treffer beantwortet werden, ist die Reihenfolge der Abwehr",
        "The order in which the hits are answered is the order of the defence",
    ),
    "offer.pa": ("PA · {chance}", "PA · {chance}"),
    "offer.aw": ("AW · {chance}", "AW · {chance}"),
    "offer.ally": ("PA durch {name} · {chance}", "PA by {name} · {chance}"),
    "offer.none": ("keine Abwehr", "no defence"),
    "offer.pa_tip": ("Parade: W100 gleich oder unter {value}", "Parry: d100 at or below {value}"),
    "offer.aw_tip": (
        "Ausweichen: W100 gleich oder unter {value}",
        "Dodge: d100 at or below {value}",
    ),
    "offer.ally_tip": (
        "{name} pariert für den Verbündeten, erschwert um 30: W100 gleich oder unter {value}",
        "{name} parries for the ally, harder by 30: d100 at or below {value}",
    ),
    "offer.none_tip": ("Der Treffer geht durch", "The hit gets through"),
    "offer.reused": (
        "AW · Wurf {roll} gilt: {verdict}",
        "AW · roll {roll} counts: {verdict}",
    ),
    "offer.reused_tip": (
        "Derselbe Ausweichwurf gilt gegen alle Geschosse aus dieser Richtung (kostet nichts)",
        "The same dodge roll counts against every projectile from this direction (free)",
    ),
    "verdict.avoided": ("abgewehrt", "fended off"),
    "verdict.failed": ("misslungen", "failed"),
    # odds
    "odds.chance": ("Trefferchance {chance}", "Hit chance {chance}"),
    "odds.value": ("AT {value}", "AT {value}"),
    "odds.base": ("AT-Wert {n}", "AT value {n}"),
    "odds.mod": ("{what} {n:+d}", "{what} {n:+d}"),
    "odds.penalty": ("erschwert um {n}", "harder by {n}"),
    "odds.half": ("halbe Aktion: halber Wert", "half action: half the value"),
    "odds.pick": ("Gegner wählen: die Trefferchance folgt", "Pick an enemy to see the hit chance"),
    "mod.Waffe": ("Waffe", "weapon"),
    "mod.Entfernung/Größe/Bewegung": ("Entfernung/Größe/Bewegung", "distance/size/motion"),
    "mod.Überzählige AT": ("überzählige AT", "surplus attack"),
    # refusals
    "no.refused": ("{action}: {reason}", "{action}: {reason}"),
    "no.field": ("kein Feld gewählt", "no field picked"),
    "no.creature": ("keine Kreatur gewählt", "no creature picked"),
    "no.here": ("dort steht er schon", "it stands there already"),
    "no.taken": ("dort steht schon {name}", "{name} stands there already"),
    "no.path": ("kein Weg dorthin", "no way there"),
    "no.swapping": ("wechselt schon die Waffe", "is changing weapon already"),
    # log
    "log.hit": ("Treffer", "hit"),
    "log.miss": ("verfehlt", "miss"),
    "log.avoided": ("abgewehrt", "fended off"),
    "log.failed": ("misslungen", "failed"),
    "log.made": ("geschafft", "made"),
    "log.reused": ("derselbe Wurf", "same roll"),
    "log.roll": ("W100 {roll} gegen {test} {value}", "d100 {roll} against {test} {value}"),
    "log.tp": ("TP {tp} ({dice})", "TP {tp} ({dice})"),
    "log.damage": (
        "{tp} TP − {rs} RS = {sp} SP → {loss} LE",
        "{tp} TP − {rs} RS = {sp} SP → {loss} LE",
    ),
    "log.rules": ("Regeln: {ids}", "Rules: {ids}"),
    "log.ini_line": ("{name}: INI {n}", "{name}: INI {n}"),
    "test.AT": ("AT", "AT"),
    "test.pa": ("PA", "PA"),
    "test.aw": ("AW", "AW"),
    "test.ally": ("PA für Verbündeten", "parry for an ally"),
    "test.SB": ("Selbstbeherrschung", "self-control"),
    "result.heading": ("LE", "LE"),
}

_EMPTY_BRACKETS = re.compile(r"\s*\(\s*[,\s]*\)")


def says(language: str, de: str, en: str) -> str:
    """Return the German or the English text, as ``language`` is."""
    return en if language == "en" and en else de


def lang(t: Texts | str) -> str:
    """Return the language code of ``t``."""
    return t if isinstance(t, str) else t.language


def say(t: Texts | str, key: str, **values: Any) -> str:
    """Return the template ``key`` in the screen's language with ``values`` filled in."""
    de, en = TEXTS[key]
    return says(lang(t), de, en).format(**values)


def strip_ids(text: str) -> str:
    """Return ``text`` without rule IDs ("(G-GW-2)", ", G-RANGE-MAX")."""
    text = re.sub(r",\s*[GD]-[A-Z0-9-]+", "", text)
    text = re.sub(r"\s*\((?:[GD]-[A-Z0-9-]+(?:,\s*)?)+\)", "", text)
    return _EMPTY_BRACKETS.sub("", text).strip()


def number(value: float, t: Texts | str) -> str:
    """Return a count of actions or a limit: "2", "2,5" in German, "2.5" in English."""
    text = f"{value:g}" if float(value) != int(value) else str(int(value))
    return text.replace(".", ",") if lang(t) == "de" else text


def chance_text(percent: int) -> str:
    """Return a chance in per cent: "65 %"."""
    return f"{max(0, min(100, int(percent)))} %"


def round_kind_name(kind: RoundKind, t: Texts | str) -> str:
    """Return "1. INI-KR", "2. INI-KR", "AKR" or "BKR"."""
    return say(t, f"kind.{kind.value}")


def slot_name(slot: ArmorSlot, t: Texts | str) -> str:
    """Return an armour slot's name ("Hauptrüstung")."""
    return say(t, f"slot.{slot.value}")


def item_name(game: Any, key: str, t: Texts | str) -> str:
    """Return a weapon's or armour piece's name in the screen's language ("": waffenlos)."""
    item = game.catalogue.weapons.get(key) or game.catalogue.armour.get(key)
    if item is None:
        return key if key else says(lang(t), "waffenlos", "bare hands")
    return says(lang(t), item.name, item.english)


def fighter_name(game: Any, key: str | None) -> str:
    """Return the name the table calls fighter ``key`` ("" for none)."""
    if key is None:
        return ""
    return str(game.name_of(key)) if key in game.fighters else key


def side_name(game: Any, side: str) -> str:
    """Return the name of ``side`` (its key when the set-up names none)."""
    named = getattr(game.setup, "side_name", None)
    return str(named(side)) if callable(named) else side


def numbers(attacks: float, defences: float, t: Texts | str) -> str:
    """Return "2 AT · 1 PA/AW"."""
    return say(t, "card.numbers", at=number(attacks, t), pa=number(defences, t))
