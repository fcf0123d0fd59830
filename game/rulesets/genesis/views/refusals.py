"""The engine's and the plans' refusals in player words, German or English, no rule IDs.

``plans`` and ``GenesisGame`` refuse in German (some engine checks in English) with the
rule's ID in brackets ("passiv: keine Attacke (G-STATE-PASSIVE-AT)"); the screen shows
``reason``: each known refusal by its own words, fighter and item keys as names, anything
else with its rule IDs taken out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.match.views import Texts
from game.rulesets.genesis.views.texts import lang, says, strip_ids

Tell = Callable[[re.Match[str], str], str]


def _fixed(de: str, en: str) -> Tell:
    return lambda _match, language: says(language, de, en)


def _filled(de: str, en: str) -> Tell:
    def tell(match: re.Match[str], language: str) -> str:
        return says(language, de, en).format(**match.groupdict())

    return tell


#: Known refusals (a pattern of the German or English original) and their words.
KNOWN: tuple[tuple[re.Pattern[str], Tell], ...] = (
    (re.compile(r"the fight is over"), _fixed("der Kampf ist vorbei", "the fight is over")),
    (re.compile(r"passiv: keine Attacke"), _fixed("passiv: keine Attacke", "passive: no attack")),
    (
        re.compile(r"passiv: keine Fortbewegung"),
        _fixed("passiv: keine Bewegung", "passive: no movement"),
    ),
    (
        re.compile(r"passiv: keine PA für Verbündete"),
        _fixed("passiv: keine PA für Verbündete", "passive: no parry for an ally"),
    ),
    (
        re.compile(r"Waffenwechsel: keine Attacke|während des Waffenwechsels keine Attacke"),
        _fixed("Waffenwechsel: keine Attacke", "weapon change: no attack"),
    ),
    (
        re.compile(r"keine AD zum Shiften"),
        _fixed("keine AD zum Shiften", "no AD left to shift"),
    ),
    (
        re.compile(r"nur eine halbe Aktion je KR"),
        _fixed("nur eine halbe Aktion je KR", "only one half action per KR"),
    ),
    (
        re.compile(r"eine halbe Aktion gibt es nur bei halben GW"),
        _fixed("eine halbe Aktion gibt es nur bei halben GW", "half actions need a half GW"),
    ),
    (
        re.compile(r"(?P<total>[\d.,]+) GW, höchstens (?P<most>[\d.,]+) in dieser KR"),
        _filled("{total} GW, höchstens {most} in dieser KR", "{total} GW, at most {most} this KR"),
    ),
    (
        re.compile(r"(?P<what>AT|PA/AW): (?P<n>\S+) ist kein Vielfaches von 0,5"),
        _filled("{what}: {n} ist kein Vielfaches von 0,5", "{what}: {n} is no multiple of 0.5"),
    ),
    (re.compile(r"kein Gegner"), _fixed("kein Gegner", "no enemy")),
    (re.compile(r"kampfunfähig"), _fixed("kampfunfähig", "out of the fight")),
    (re.compile(r"ist nicht im Kampf"), _fixed("nicht im Kampf", "not in the fight")),
    (
        re.compile(r"keine AT mehr angesagt"),
        _fixed("keine AT mehr angesagt", "no declared AT left"),
    ),
    (
        re.compile(r"keine PA/AW mehr angesagt"),
        _fixed("keine PA/AW mehr angesagt", "no declared PA/AW left"),
    ),
    (
        re.compile(r"Erschwernis 0 bis 100"),
        _fixed("Erschwernis 0 bis 100", "a penalty of 0 to 100"),
    ),
    (re.compile(r"kann keinen Megaschlag"), _fixed("kann keinen Megaschlag", "has no mega strike")),
    (
        re.compile(r"nur ein Megaschlag je KR"),
        _fixed("nur ein Megaschlag je KR", "one mega strike per KR"),
    ),
    (
        re.compile(r"im Schussgefecht keine Spezialaktionen"),
        _fixed("im Schussgefecht keine Spezialaktionen", "no special actions in a ranged fight"),
    ),
    (
        re.compile(r"für Fernkämpfer steht die Zeit still"),
        _fixed("für Fernkämpfer steht die Zeit still", "time stands still for ranged fighters"),
    ),
    (
        re.compile(r"höhere INI: in der 1. INI-KR nicht angreifbar"),
        _fixed(
            "höhere INI: in der 1. INI-KR nicht angreifbar",
            "higher INI: cannot be attacked in the 1st INI-KR",
        ),
    ),
    (
        re.compile(r"außer Reichweite \((?P<m>\d+) m"),
        _filled("außer Reichweite ({m} m)", "out of range ({m} m)"),
    ),
    (re.compile(r"keine Sichtlinie"), _fixed("keine Sichtlinie", "no line of sight")),
    (
        re.compile(r"lädt nach: noch (?P<n>\d+) KR"),
        _filled("lädt nach: noch {n} KR", "reloading: {n} KR to go"),
    ),
    (
        re.compile(r"nur ein Wurf je Halb-KR"),
        _fixed("nur ein Wurf je halbe KR", "one throw per half KR"),
    ),
    (re.compile(r"nicht in Reichweite"), _fixed("nicht in Reichweite", "out of reach")),
    (
        re.compile(r"eine Wand ist dazwischen"),
        _fixed("eine Wand ist dazwischen", "a wall is in between"),
    ),
    (
        re.compile(r"schon sechs Angreifer"),
        _fixed("schon sechs Angreifer", "six attackers already"),
    ),
    (
        re.compile(r"gegen Fernkampf nur mit Schild"),
        _fixed("gegen Fernkampf nur mit Schild", "against ranged attacks only with a shield"),
    ),
    (
        re.compile(r"der Verbündete greift an"),
        _fixed("der Verbündete greift an", "the ally attacks"),
    ),
    (
        re.compile(r"nicht im Kampf: nichts zu verlassen"),
        _fixed("nicht im Kampf: nichts zu verlassen", "not in a fight: nothing to leave"),
    ),
    (
        re.compile(r"wer den Kampf verlässt, bleibt diese KR passiv"),
        _fixed(
            "wer den Kampf verlässt, bleibt diese KR passiv",
            "whoever leaves the fight stays passive this KR",
        ),
    ),
    (
        re.compile(r"noch nicht im Kampf"),
        _fixed("noch nicht im Kampf", "not in the fight yet"),
    ),
    (
        re.compile(r"der Satz ist verbraucht"),
        _fixed("der Satz ist verbraucht: einen neuen ziehen", "the set is used up: draw a new one"),
    ),
    (
        re.compile(r"der Satz ist noch nicht verbraucht"),
        _fixed("der Satz ist noch nicht verbraucht", "the set is not used up yet"),
    ),
    (
        re.compile(r"ist keine andere mitgeführte Waffe"),
        _fixed("keine andere mitgeführte Waffe", "no other carried weapon"),
    ),
    (
        re.compile(r"vom Gegner lösen"),
        _fixed(
            "im Kampf: erst den Kampfausstieg ansagen", "in the fight: declare leaving it first"
        ),
    ),
    (
        re.compile(r"(?P<cost>\d+) Felder, höchstens (?P<budget>\d+) je KR"),
        _filled(
            "{cost} Felder, höchstens {budget} je KR", "{cost} fields, at most {budget} per KR"
        ),
    ),
    (re.compile(r"ist besetzt"), _fixed("das Feld ist besetzt", "the field is taken")),
    (
        re.compile(r"declarations are over"),
        _fixed("die Ansage dieser KR ist vorbei", "the declarations of this KR are over"),
    ),
    (
        re.compile(r"no attacks are struck now"),
        _fixed("jetzt werden keine Attacken geschlagen", "no attacks are struck now"),
    ),
    (
        re.compile(r"are answered now"),
        _fixed(
            "jetzt werden die Treffer abgewehrt (PA, AW oder keine)",
            "the hits are answered now (PA, AW or none)",
        ),
    ),
    (
        re.compile(r"decides now"),
        _fixed("jemand anderes entscheidet jetzt", "someone else decides now"),
    ),
    (
        re.compile(r"defends now|decision, not"),
        _fixed("eine andere Seite entscheidet jetzt", "another side decides now"),
    ),
    (re.compile(r"no open attack"), _fixed("kein offener Treffer", "no open hit")),
    (re.compile(r"is no answer to attack"), _fixed("keine Antwort darauf", "no answer to that")),
    (
        re.compile(r"another side's fighter"),
        _fixed("der Treffer gilt einer anderen Seite", "that hit is on another side"),
    ),
    (
        re.compile(r"does not go to a neighbouring field"),
        _fixed("der Weg springt über ein Feld", "the path skips a field"),
    ),
    (
        re.compile(r"enters a wall|crosses a wall|cuts a corner|held by an enemy"),
        _fixed(
            "ein Feld des Weges ist versperrt (Wand, Tür oder Gegner)",
            "a field on the way is blocked (wall, door or enemy)",
        ),
    ),
)


def reason(text: str, t: Texts | str) -> str:
    """Return a refusal in the screen's language, without rule IDs."""
    language = lang(t)
    for pattern, tell in KNOWN:
        match = pattern.search(text)
        if match is not None:
            return tell(match, language)
    return strip_ids(text)
