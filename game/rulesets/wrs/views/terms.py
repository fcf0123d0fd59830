"""WRS's words on the screen, German and English: one table of templates, names, numbers.

The views answer in the screen's language (``Texts.language``); the words are the
rulebook's (``rules/terms.py`` and the German seed), never a rule ID. The engine's
refusals are English with rule IDs; ``reason`` tells them in player words.

Events carry creature keys only and ``Views.log_text`` gets no game: the views remember
each game's names (``remember``) whenever they read it, and the log reads them back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from game.match.views import Texts
from game.rulesets.wrs.rules.terms import WoundState, in_language

#: Template key -> (German, English); the same {placeholders} in both.
TEXTS: Mapping[str, tuple[str, str]] = {
    # card
    "card.fighter": ("Kämpfer", "fighter"),
    "card.values": ("Attribute", "Attributes"),
    "card.koerper": ("Körper", "Body"),
    "card.geist": ("Geist", "Mind"),
    "card.defence": ("Verteidigung (PW)", "Defence (PW)"),
    "card.defence_tip": (
        "Probenwert der Verteidigungsprobe: Körper {base} {bonus}",
        "Test value of the defence test: Body {base} {bonus}",
    ),
    "card.actions": ("Aktionen {n}/2", "Actions {n}/2"),
    "card.life": ("Lebenspunkte {a}/{b}/{c}", "Life points {a}/{b}/{c}"),
    "card.wounds": ("Wunden", "Wounds"),
    "card.wounds_label": ("Wunden {n}/{c}", "Wounds {n}/{c}"),
    "card.down_at": ("zu Boden ab", "down from"),
    "card.unconscious_at": ("bewusstlos ab", "unconscious from"),
    "card.dead_at": ("tot ab", "dead from"),
    "card.threshold_tip": ("ab {n} Wunden: {state}", "from {n} wounds: {state}"),
    "card.armour": ("Rüstung", "Armour"),
    "card.armour_points": ("Rüstungspunkte {rp} von {max}", "Armour points {rp} of {max}"),
    "card.armour_destroyed": (
        "Rüstung zerstört: kein Schutz mehr",
        "Armour destroyed: no protection left",
    ),
    "card.armour_piece": ("{name}: {rp} Rüstungspunkte", "{name}: {rp} armour points"),
    "card.armour_no_skill": (
        "{name}: 0 Rüstungspunkte (Rüstungsfähigkeit fehlt)",
        "{name}: 0 armour points (armour skill missing)",
    ),
    "card.no_armour": ("keine Rüstung", "no armour"),
    "card.weapons": ("Waffen und Schilde", "Weapons and shields"),
    "card.no_weapons": ("waffenlos", "unarmed"),
    "card.drawn": ("gezogen", "drawn"),
    "card.carried": ("getragen", "carried"),
    "card.bonus": ("Bonus A {a:+d} / V {d:+d}", "bonus A {a:+d} / D {d:+d}"),
    "card.no_skill": ("ohne Fähigkeit: kein Bonus", "without the skill: no bonus"),
    "card.modes": ("Feuermodi: {modes}", "fire modes: {modes}"),
    "card.skills": ("Fähigkeiten", "Skills"),
    "card.no_skills": ("keine", "none"),
    "card.state": ("Zustand", "State"),
    "card.no_state": ("nichts Besonderes", "nothing special"),
    # states and markers
    "mark.aim": ("Zielen", "Aiming"),
    "mark.aim_tip": (
        "+25 auf den Angriff der folgenden Aktion",
        "+25 on the attack of the following action",
    ),
    "mark.defensive": ("Verteidigungsposition", "Defensive position"),
    "mark.defensive_tip": (
        "+25 auf alle Verteidigungsproben bis zur nächsten Aktion",
        "+25 on every defence test until the next action",
    ),
    "mark.ready": ("Bereitschaft", "Readiness"),
    "mark.ready_on": ("Bereitschaft auf {name}", "Readiness on {name}"),
    "mark.ready_fields": ("Bereitschaft auf {n} Felder", "Readiness on {n} fields"),
    "mark.ready_tip": (
        "handelt sofort, wenn das Ereignis eintritt, auch außer der Reihe",
        "acts at once when the event happens, even out of turn",
    ),
    # turn order
    "round": ("Runde {n}", "Round {n}"),
    "chip.tip": (
        "{name} ({side})\nKörper {k} · Geist {g}\nWunden {w} · Lebenspunkte {a}/{b}/{c}\n"
        "Rüstungspunkte {rp}",
        "{name} ({side})\nBody {k} · Mind {g}\nWounds {w} · life points {a}/{b}/{c}\n"
        "Armour points {rp}",
    ),
    "chip.surprise": ("überrascht: handelt in Runde 1 nicht", "surprised: does not act in round 1"),
    # actions
    "group.action": ("Aktion {n}", "Action {n}"),
    "group.action_tip": (
        "Aktion {n} von 2 in diesem Zug; noch {left} frei",
        "Action {n} of 2 this turn; {left} left",
    ),
    "group.other": ("Aktion {n}", "Action {n}"),
    "group.spent_tip": ("Aktion {n}: verbraucht", "Action {n}: spent"),
    "group.next_tip": ("Aktion {n}: folgt danach", "Action {n}: comes next"),
    "group.reaction": ("Reaktion", "Reaction"),
    "group.reaction_tip": (
        "Bereitschaft: eine Aktion sofort, außer der Reihe; danach endet die Bereitschaft",
        "Readiness: one action at once, out of turn; then the readiness ends",
    ),
    "offer.step": ("Schritt", "Step"),
    "offer.step_tip": ("1–3 Schritte laufen (1 Aktion)", "Move 1–3 steps (1 action)"),
    "offer.step_prompt": ("Zielfeld wählen (bis 3 Schritte)", "Pick a field (up to 3 steps)"),
    "offer.attack": ("Angriff", "Attack"),
    "offer.attack_tip": (
        "Einen Angriff ausführen (1 Aktion): Vergleichsprobe auf Körper",
        "Carry out an attack (1 action): comparison test on Body",
    ),
    "offer.attack_menu": ("Angriff womit?", "Attack with what?"),
    "offer.attack_prompt": ("Gegner wählen", "Pick an enemy"),
    "offer.unarmed": ("waffenlos", "unarmed"),
    "offer.dual": ("{a} und {b} zugleich", "{a} and {b} at once"),
    "offer.dual_tip": (
        "Beide Einhandwaffen zugleich: −25, der Bonus nur einer Waffe, 2 Treffer bei Sieg",
        "Both one-handed weapons at once: −25, one weapon's bonus, 2 hits on a win",
    ),
    "offer.shots": ("{mode}, {n} Schuss", "{mode}, {n} shots"),
    "offer.shots_tip": (
        "{mode}: {n} Schuss, Malus {malus}; jeder Schuss trifft, wenn die Probe gewonnen wird",
        "{mode}: {n} shots, malus {malus}; every shot hits when the test is won",
    ),
    "offer.aim": ("Zielen", "Aim"),
    "offer.aim_tip": (
        "+25 auf den Angriff der folgenden Aktion, auch im nächsten Zug (1 Aktion)",
        "+25 on the attack of the following action, also next turn (1 action)",
    ),
    "offer.defend": ("Verteidigungsposition", "Defensive position"),
    "offer.defend_tip": (
        "Nur mit der letzten freien Aktion: +25 auf alle Verteidigungsproben bis zur "
        "nächsten Aktion",
        "Only with the last free action: +25 on every defence test until the next action",
    ),
    "offer.ready": ("Bereitschaft", "Readiness"),
    "offer.ready_tip": (
        "Beide Aktionen: sofort handeln, wenn das gewählte Ereignis eintritt",
        "Both actions: act at once when the chosen event happens",
    ),
    "offer.ready_menu": ("Bereitschaft worauf?", "Readiness on what?"),
    "offer.ready_creature": ("auf eine Kreatur", "on a creature"),
    "offer.ready_creature_prompt": (
        "Kreatur wählen, die im Visier bleibt",
        "Pick the creature to keep in sight",
    ),
    "offer.ready_fields": ("auf Felder", "on fields"),
    "offer.ready_fields_prompt": (
        "Felder malen, Eingabe bestätigt",
        "Paint the fields, Enter confirms",
    ),
    "offer.draw": ("Ziehen", "Draw"),
    "offer.draw_tip": (
        "Eine Waffe oder einen Schild ziehen (1 Aktion); zwei Hände: das zuerst Gezogene "
        "wird weggesteckt",
        "Draw a weapon or shield (1 action); two hands: the first drawn is put away",
    ),
    "offer.draw_menu": ("Was ziehen?", "Draw what?"),
    "offer.turn": ("360°-Drehung", "360° turn"),
    "offer.turn_tip": ("Eine 360°-Drehung vollführen (1 Aktion)", "Perform a 360° turn (1 action)"),
    "offer.turn_menu": ("Blickrichtung danach", "Facing afterwards"),
    "offer.door": ("Tür", "Door"),
    "offer.door_tip": (
        "Eine Tür neben der Figur öffnen oder schließen: eine Aktion",
        "Open or close a door next to the figure: one action",
    ),
    "offer.door_open": ("Tür öffnen", "Open the door"),
    "offer.door_close": ("Tür schließen", "Close the door"),
    "offer.door_prompt": ("Tür wählen (neben der Figur)", "Pick a door (next to the figure)"),
    "log.door_open": ("{name} öffnet eine Tür", "{name} opens a door"),
    "log.door_close": ("{name} schließt eine Tür", "{name} closes a door"),
    "offer.other": ("Andere Handlung", "Other action"),
    "offer.other_tip": (
        "Aufheben, Nachladen … (die Spielleitung sagt, was geschieht): 1 Aktion",
        "Pick up, reload … (the game master says what happens): 1 action",
    ),
    "offer.pass": ("Passen", "Pass"),
    "offer.pass_tip": (
        "Nicht reagieren; die Bereitschaft endet",
        "Do not react; the readiness ends",
    ),
    "offer.end_turn": ("Zug beenden", "End turn"),
    "offer.end_turn_tip": (
        "Übrige Aktionen verfallen",
        "The actions left are lost",
    ),
    # refusals (player words)
    "no.actions": ("keine Aktion mehr übrig", "no action left"),
    "no.both_actions": ("braucht beide Aktionen des Zuges", "needs both actions of the turn"),
    "no.last_action": (
        "nur mit der letzten freien Aktion",
        "only with the last free action",
    ),
    "no.nothing_to_draw": ("nichts mehr zu ziehen", "nothing left to draw"),
    "no.field": ("kein Feld gewählt", "no field picked"),
    "no.fields": ("keine Felder gewählt", "no fields picked"),
    "no.creature": ("keine Kreatur gewählt", "no creature picked"),
    "no.same_field": ("dort steht {name} schon", "{name} already stands there"),
    "no.reach": (
        "nicht in 1 bis 3 Schritten erreichbar",
        "not reachable in 1 to 3 steps",
    ),
    "no.enemy": ("{name} ist kein Gegner", "{name} is no enemy"),
    "no.dead": ("{name} ist tot", "{name} is dead"),
    "no.adjacent": (
        "Nahkampf nur gegen ein angrenzendes Feld; {name} steht {n} Felder entfernt",
        "melee reaches adjacent fields only; {name} is {n} fields away",
    ),
    "no.sight": ("keine Sichtlinie zu {name}", "no line of sight to {name}"),
    "no.refused": ("{action}: {reason}", "{action}: {reason}"),
    "no.reaction_only": (
        "in der Reaktion nur ein Angriff oder Passen",
        "a reaction is one attack or passing",
    ),
    # odds
    "odds.chance": ("Trefferchance {chance}", "Hit chance {chance}"),
    "odds.pw": ("PW {a} gegen {d}", "PW {a} against {d}"),
    "odds.helpless": (
        "{name} wehrt sich nicht: der Angriff trifft",
        "{name} does not defend: the attack hits",
    ),
    "odds.hits": (
        "{n} Treffer bei Sieg, im Mittel {mean}",
        "{n} hits on a win, {mean} on average",
    ),
    "odds.one_hit": ("1 Treffer bei Sieg, im Mittel {mean}", "1 hit on a win, {mean} on average"),
    "odds.tie": ("Gleichstand: der Verteidiger gewinnt", "a tie goes to the defender"),
    "odds.pick": ("Gegner wählen: die Trefferchance folgt", "Pick an enemy to see the hit chance"),
    # log
    "log.initiative": ("Initiative: {order}", "Initiative: {order}"),
    "log.round1": ("Runde 1 (Überraschung): {order}", "Round 1 (surprise): {order}"),
    "log.round": ("Runde {n}", "Round {n}"),
    "log.step": ("{name} läuft {n} Schritt(e) nach {cell}", "{name} walks {n} step(s) to {cell}"),
    "log.attack": ("{name} greift {target} an: {result}", "{name} attacks {target}: {result}"),
    "log.hit": ("{n} Treffer", "{n} hits"),
    "log.one_hit": ("1 Treffer", "1 hit"),
    "log.parried": ("abgewehrt", "fended off"),
    "log.helpless": ("{target} wehrt sich nicht", "{target} does not defend"),
    "log.after": (
        "{target}: Rüstungspunkte {rp}, Wunden {w}",
        "{target}: armour points {rp}, wounds {w}",
    ),
    "log.aim": ("{name} zielt", "{name} aims"),
    "log.defend": ("{name} geht in Verteidigungsposition", "{name} takes a defensive position"),
    "log.ready": ("{name} geht in Bereitschaft", "{name} gets ready"),
    "log.draw": ("{name} zieht {item}", "{name} draws {item}"),
    "log.turn360": ("{name} dreht sich", "{name} turns around"),
    "log.turn": ("{name} ist am Zug", "{name}'s turn"),
    "log.host_action": ("{name}: andere Handlung {note}", "{name}: other action {note}"),
    "log.pass": ("{name} lässt es geschehen", "{name} lets it pass"),
    "log.end_turn": ("{name} beendet den Zug", "{name} ends the turn"),
    "log.over": ("Der Kampf ist vorbei: {winner}", "The fight is over: {winner}"),
    "log.nobody": ("niemand steht mehr", "nobody is left standing"),
    "log.attacker": ("Angreifer", "Attacker"),
    "log.defender": ("Verteidiger", "Defender"),
    "log.pw": ("PW {n}", "PW {n}"),
    "log.roll": ("W100 {n}", "d100 {n}"),
    "log.margin": ("Ergebnis {n:+d}", "margin {n:+d}"),
    "log.modifier": ("Modifikator {n:+d}", "modifier {n:+d}"),
    "log.won": ("Treffer", "hit"),
    "log.lost": ("abgewehrt", "fended off"),
    "log.tip_side": (
        "{who}: W100 {roll} gegen PW {pw} (Modifikator {mod:+d}) → Ergebnis {margin:+d}",
        "{who}: d100 {roll} against PW {pw} (modifier {mod:+d}) → margin {margin:+d}",
    ),
    "log.tip_rule": (
        "Das höhere Ergebnis gewinnt, Gleichstand der Verteidiger",
        "The higher margin wins, a tie the defender",
    ),
    "log.rules": ("Regeln: {ids}", "Rules: {ids}"),
    "result.heading": ("Wunden", "Wounds"),
}

#: The words of the wound states that take a fighter out of the fight, by token look.
LIFE: Mapping[WoundState, str] = {
    WoundState.FINE: "ok",
    WoundState.DOWN: "ok",
    WoundState.UNCONSCIOUS: "unconscious",
    WoundState.DEAD: "dead",
}

_IDS = re.compile(r"\s*\((?:[WD]-[A-Z0-9-]+(?:,\s*)?)+\)")


def says(language: str, de: str, en: str) -> str:
    """Return the German or the English text, as ``language`` is (German without English)."""
    return en if language == "en" and en else de


def say(t: Texts | str, key: str, **values: Any) -> str:
    """Return the template ``key`` in the screen's language with ``values`` filled in."""
    language = t if isinstance(t, str) else t.language
    de, en = TEXTS[key]
    return says(language, de, en).format(**values)


def word(term: Any, t: Texts | str) -> str:
    """Return a WRS term (an enum of ``rules/terms``) in the screen's language."""
    return in_language(term, t if isinstance(t, str) else t.language)


def number(value: Fraction | int | float, t: Texts | str) -> str:
    """Return a number of armour points: "3,5" in German, "3.5" in English."""
    value = Fraction(value).limit_denominator(100)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    language = t if isinstance(t, str) else t.language
    return text.replace(".", ",") if language == "de" else text


def strip_ids(text: str) -> str:
    """Return ``text`` without rule IDs in brackets ("(W-ROUND-3)")."""
    return _IDS.sub("", text).strip()


# ----------------------------------------------------------------- names
#: Per creature key, the name last read from a game (``remember``); the log has no game.
_NAMES: dict[str, str] = {}
#: Per side key, the name last read from a game.
_SIDES: dict[str, str] = {}
#: Catalogue items by key: (German, English) names, read with the names.
_ITEMS: dict[str, tuple[str, str]] = {}


def fighter_name(game: Any, key: str) -> str:
    """Return the name of fighter ``key``: the mission's, else the catalogue's."""
    setup = game.setup
    name_of = getattr(setup, "name_of", None)
    if name_of is not None:
        named = str(name_of(key))
        if named != key:
            return named
    state = game.fighters.get(key)
    if state is None:
        return key
    kind = game.catalogue.fighters.get(state.fighter)
    return kind.name if kind is not None else key


def side_name(game: Any, side: str) -> str:
    """Return the name of ``side`` (the key when the set-up names none)."""
    named = getattr(game.setup, "side_name", None)
    return str(named(side)) if named is not None else side


def item_name(game: Any, key: str, t: Texts | str) -> str:
    """Return a weapon's, shield's or armour piece's name in the screen's language."""
    if key == "unarmed":
        return say(t, "offer.unarmed")
    language = t if isinstance(t, str) else t.language
    cat = game.catalogue
    item = cat.weapons.get(key) or cat.shields.get(key) or cat.armour.get(key)
    if item is None:
        return key
    return says(language, item.name, item.english)


def remember(game: Any) -> None:
    """Keep the names of ``game``'s fighters and items for the log's lines."""
    for key, state in game.fighters.items():
        _NAMES[key] = fighter_name(game, key)
        _SIDES[state.side] = side_name(game, state.side)
    cat = game.catalogue
    for table in (cat.weapons, cat.shields, cat.armour):
        for key, item in table.items():
            _ITEMS[key] = (item.name, item.english)


def known_name(key: object) -> str:
    """Return the remembered name of creature ``key`` (the key itself if unknown)."""
    return _NAMES.get(str(key), str(key)) if key is not None else ""


def known_item(key: object, language: str) -> str:
    """Return the remembered name of catalogue item ``key`` in ``language``."""
    names = _ITEMS.get(str(key))
    return says(language, *names) if names else str(key)


def known_side(key: object) -> str:
    """Return the remembered name of side ``key`` (the key itself if unknown)."""
    return _SIDES.get(str(key), str(key))
