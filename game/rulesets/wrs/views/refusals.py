"""The engine's refusals told in player words, German or English, without rule IDs.

``WrsGame`` refuses in English with the rule's ID in brackets ("2 action(s) needed, 1
left (W-ROUND-3)"); the screen shows ``reason``: each known refusal by its own
template, names for creature and item keys (``terms.remember``), anything else with its
rule IDs taken out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from game.match.views import ActionGroup, Texts
from game.rulesets.wrs.views.terms import known_item, known_name, says, strip_ids

Tell = Callable[[re.Match[str], str], str]


def _name(match: re.Match[str], group: str) -> str:
    return known_name(match.group(group))


def _fixed(de: str, en: str) -> Tell:
    return lambda _match, language: says(language, de, en)


def _actions(match: re.Match[str], language: str) -> str:
    need, left = match.group("need"), match.group("left")
    if language == "de":
        return f"braucht {need} Aktion(en), {left} übrig"
    return f"needs {need} action(s), {left} left"


def _decides(match: re.Match[str], language: str) -> str:
    who = _name(match, "who")
    return f"jetzt entscheidet {who}" if language == "de" else f"{who} decides now"


def _enemy(match: re.Match[str], language: str) -> str:
    who = _name(match, "who")
    return f"{who} ist kein Gegner" if language == "de" else f"{who} is no enemy"


def _dead(match: re.Match[str], language: str) -> str:
    who = _name(match, "who")
    return f"{who} ist tot" if language == "de" else f"{who} is dead"


def _sight(match: re.Match[str], language: str) -> str:
    who = _name(match, "who")
    return f"keine Sichtlinie zu {who}" if language == "de" else f"no line of sight to {who}"


def _adjacent(match: re.Match[str], language: str) -> str:
    who, n = _name(match, "who"), match.group("n")
    if language == "de":
        return f"Nahkampf nur gegen ein angrenzendes Feld; {who} steht {n} Felder entfernt"
    return f"melee reaches adjacent fields only; {who} is {n} fields away"


def _move(match: re.Match[str], language: str) -> str:
    n = match.group("n")
    if language == "de":
        return f"ein Lauf geht 1 bis 3 Schritte weit, nicht {n}"
    return f"a move covers 1 to 3 steps, not {n}"


def _item(de: str, en: str) -> Tell:
    def tell(match: re.Match[str], language: str) -> str:
        return says(language, de, en).format(item=known_item(match.group("item"), language))

    return tell


def _shots(match: re.Match[str], language: str) -> str:
    most, shots = match.group("most"), match.group("shots")
    if language == "de":
        return f"dieser Feuermodus schießt 1 bis {most} Schuss je Aktion, nicht {shots}"
    return f"this fire mode fires 1 to {most} shots per action, not {shots}"


#: The engine's refusals (``engine.Rejected``), each with how it is told.
KNOWN: tuple[tuple[re.Pattern[str], Tell], ...] = (
    (re.compile(r"the fight is over"), _fixed("der Kampf ist vorbei", "the fight is over")),
    (re.compile(r"(?P<who>\S+) decides now, not \S+"), _decides),
    (
        re.compile(r"a readiness reaction is one attack or passing"),
        _fixed(
            "in der Reaktion nur ein Angriff oder Passen",
            "a reaction is one attack or passing",
        ),
    ),
    (re.compile(r"nothing to pass"), _fixed("nichts zu passen", "nothing to pass")),
    (re.compile(r"(?P<need>\d+) action\(s\) needed, (?P<left>\d+) left"), _actions),
    (re.compile(r"a move covers 1 to 3 fields, not (?P<n>\d+)"), _move),
    (
        re.compile(r"\(.*\) is not next to \(.*\)"),
        _fixed("der Weg springt über ein Feld", "the path skips a field"),
    ),
    (
        re.compile(r"\(.*\) cannot be entered"),
        _fixed(
            "ein Feld des Weges ist versperrt (Wand, Tür oder besetzt)",
            "a field on the way is blocked (wall, door or taken)",
        ),
    ),
    (re.compile(r"(?P<who>\S+) is no enemy"), _enemy),
    (re.compile(r"(?P<who>\S+) is dead"), _dead),
    (re.compile(r"no line of sight to (?P<who>\S+)"), _sight),
    (re.compile(r"melee reaches adjacent fields only, (?P<who>\S+) is (?P<n>\d+) away"), _adjacent),
    (
        re.compile(r"(?P<item>\S+) has no .*"),
        _item("{item} hat diesen Feuermodus nicht", "{item} has no such fire mode"),
    ),
    (re.compile(r"unknown fire mode"), _fixed("unbekannter Feuermodus", "unknown fire mode")),
    (re.compile(r"\w+ fires 1 to (?P<most>\d+) shots per action, not (?P<shots>\d+)"), _shots),
    (
        re.compile(r"a simultaneous attack needs two one-handed weapons"),
        _fixed(
            "ein Angriff mit beiden Waffen zugleich braucht zwei Einhandwaffen",
            "an attack with both weapons at once needs two one-handed weapons",
        ),
    ),
    (
        re.compile(r"(?P<item>\S+) is not a drawn weapon"),
        _item("{item} ist nicht gezogen", "{item} is not drawn"),
    ),
    (
        re.compile(r"the defensive position takes the last free action"),
        _fixed(
            "die Verteidigungsposition braucht die letzte freie Aktion",
            "the defensive position needs the last free action",
        ),
    ),
    (
        re.compile(r"readiness needs a trigger"),
        _fixed(
            "Bereitschaft braucht ein Ereignis: eine Kreatur oder Felder",
            "readiness needs an event: a creature or fields",
        ),
    ),
    (re.compile(r"unknown creature"), _fixed("unbekannte Kreatur", "unknown creature")),
    (
        re.compile(r"(?P<item>\S+) is worn, not drawn"),
        _item("{item} wird getragen, nicht gezogen", "{item} is worn, not drawn"),
    ),
    (
        re.compile(r"(?P<item>\S+) cannot be drawn"),
        _item("{item} kann nicht gezogen werden", "{item} cannot be drawn"),
    ),
    (re.compile(r"unknown facing"), _fixed("unbekannte Blickrichtung", "unknown facing")),
    (
        re.compile(r"no door next to"),
        _fixed("dort ist keine Tür neben der Figur", "there is no door next to the figure"),
    ),
    (
        re.compile(r"the door is open already"),
        _fixed("die Tür ist schon offen", "the door is open"),
    ),
    (
        re.compile(r"the door is closed already"),
        _fixed("die Tür ist schon zu", "the door is closed"),
    ),
    (
        re.compile(r"someone stands in the doorway"),
        _fixed("jemand steht in der Tür", "someone stands in the doorway"),
    ),
    (re.compile(r"is off the map"), _fixed("außerhalb der Karte", "off the map")),
)


def reason(text: str, t: Texts | str) -> str:
    """Return an engine refusal in the screen's language, without rule IDs."""
    language = t if isinstance(t, str) else t.language
    for pattern, tell in KNOWN:
        match = pattern.search(text)
        if match is not None:
            return tell(match, language)
    return strip_ids(text)


def told_for_viewer(
    groups: tuple[ActionGroup, ...], visible: Collection[str] | None
) -> tuple[ActionGroup, ...]:
    """Return ``groups`` as given: WRS's offers name no creature the viewer cannot see
    (a creature is only named once the player picked it on the map)."""
    return groups
