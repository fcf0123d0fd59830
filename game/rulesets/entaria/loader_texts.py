"""ENTARIA's texts for problems in mission and catalogue files, in German and English.

One table of templates with {placeholders}; :func:`entaria_say` fills one in every
language (``game.match.problem_texts.fill``). German uses the rulebook's words
(Geländeart, Wesen, Waffe, Panzerung, Gegenstand, Zustand, Deckungspanzerung).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

#: Template key -> language -> template text (same placeholders in each language).
ENTARIA_TEMPLATES: Final[Templates] = {
    # --- the mission's words (mission_terms)
    "unknown_terrain": {
        "en": "unknown terrain kind {key!r}{hint}; expected one of {listed}",
        "de": "die Geländeart {key!r} ist unbekannt{hint}; erwartet: eine von {listed}",
    },
    "unknown_material": {
        "en": "unknown wall material {key!r}{hint}; expected one of {listed}",
        "de": "das Wandmaterial {key!r} ist unbekannt{hint}; erwartet: eines von {listed}",
    },
    "unknown_creature": {
        "en": "unknown creature type {key!r}{hint}; expected a creature key of the "
        "catalogue: {listed}",
        "de": "die Wesensart {key!r} ist unbekannt{hint}; erwartet: ein Wesen aus dem "
        "Katalog: {listed}",
    },
    "unknown_equipment": {
        "en": "unknown equipment {key!r}{hint}; expected a weapon, armour or item key of "
        "the catalogue",
        "de": "die Ausrüstung {key!r} ist unbekannt{hint}; erwartet: eine Waffe, Panzerung "
        "oder ein Gegenstand aus dem Katalog",
    },
    "held_armour": {
        "en": "{key!r} is armour of the category {category!r} ({name}), not a thing held in "
        "a hand; expected a weapon, an item or Deckungspanzerung (a shield)",
        "de": "{key!r} ist Panzerung der Kategorie {category!r} ({name}), nichts für die "
        "Hand; erwartet: eine Waffe, ein Gegenstand oder Deckungspanzerung (ein Schild)",
    },
    "held_too_many": {
        "en": "held lists {count} things, but a {kind} has {hands} hand(s) and each thing "
        "in hand takes {per}; expected at most {most}",
        "de": "held nennt {count} Dinge, aber {kind} hat {hands} Hand/Hände und jedes Ding "
        "in der Hand braucht {per}; erwartet: höchstens {most}",
    },
    "held_too_often": {
        "en": "{key!r} is held more often than {whose} lists it ({count}x); expected each "
        "held thing once per entry of the equipment",
        "de": "{key!r} wird öfter gehalten, als {whose} es nennt ({count}x); erwartet: jedes "
        "gehaltene Ding einmal je Eintrag der Ausrüstung",
    },
    "held_not_owned": {
        "en": "{key!r} is not in {whose} ({listed}); expected a key of the creature's "
        "equipment (add it to equipment, or hold something it has)",
        "de": "{key!r} ist nicht in {whose} ({listed}); erwartet: ein Schlüssel aus der "
        "Ausrüstung des Wesens (in equipment aufnehmen oder etwas halten, das es hat)",
    },
    "its_type_equipment": {"en": "its type's equipment", "de": "die Ausrüstung seiner Art"},
    "its_equipment": {"en": "its equipment", "de": "seine Ausrüstung"},
    "nothing": {"en": "nothing", "de": "nichts"},
    "unknown_condition": {
        "en": "unknown condition {name!r}{hint}; expected a condition of section 16, e.g. "
        "'Liegend', 'Unentdeckt'",
        "de": "der Zustand {name!r} ist unbekannt{hint}; erwartet: ein Zustand aus "
        "Abschnitt 16, etwa 'Liegend', 'Unentdeckt'",
    },
    # --- the catalogue file (catalogue_loader)
    "unknown_catalogue_equipment": {
        "en": "unknown equipment {item!r}{hint}: no weapon, armour or item has that key",
        "de": "die Ausrüstung {item!r} ist unbekannt{hint}: keine Waffe, Panzerung und kein "
        "Gegenstand hat diesen Schlüssel",
    },
    "unknown_catalogue_file": {
        "en": "unknown catalogue file {name!r}{hint}; expected one of: {expected}",
        "de": "die Katalogdatei {name!r} ist unbekannt{hint}; erwartet: eine von {expected}",
    },
    "cannot_read_catalogue": {
        "en": "cannot read the catalogue file: {detail}",
        "de": "die Katalogdatei kann nicht gelesen werden: {detail}",
    },
    "catalogue_not_utf8": {
        "en": "expected UTF-8 text; byte {index} is not UTF-8",
        "de": "erwartet: Text in UTF-8; das Byte {index} ist kein UTF-8",
    },
    "bad_entry_id": {
        "en": "expected a snake_case id (a-z, 0-9, _; at most 64), found {key!r}",
        "de": "erwartet: ein Schlüssel in snake_case (a-z, 0-9, _; höchstens 64), gefunden: "
        "{key!r}",
    },
    "entry_not_table": {
        "en": "expected a table [{kind}.{key}], found {found}",
        "de": "erwartet: eine Tabelle [{kind}.{key}], gefunden: {found}",
    },
    "key_not_unique": {
        "en": "{key!r} is also a key in {owner}.toml; equipment keys must be unique across "
        "weapons, armour and items",
        "de": "{key!r} ist auch ein Schlüssel in {owner}.toml; Schlüssel der Ausrüstung "
        "müssen über Waffen, Panzerung und Gegenstände hinweg eindeutig sein",
    },
    "armour_stacks": {
        "en": "{first} and {second} are both {category}: only the higher PAZ counts",
        "de": "{first} und {second} sind beide {category}: nur der höhere PAZ zählt",
    },
    "char_taken": {
        "en": "{char!r} is already the character of {other}",
        "de": "{char!r} ist schon das Zeichen von {other}",
    },
    "unknown_optic": {
        "en": "unknown optic {key!r}{hint}: expected the key of an item in items.toml with "
        "optic = {kinds}",
        "de": "die Optik {key!r} ist unbekannt{hint}: erwartet: der Schlüssel eines "
        "Gegenstands in items.toml mit optic = {kinds}",
    },
    "not_an_optic": {
        "en": "{key!r} is no aiming optic: expected an item in items.toml with optic = {kinds}",
        "de": "{key!r} ist keine Zieloptik: erwartet: ein Gegenstand in items.toml mit "
        "optic = {kinds}",
    },
    "one_table_per_entry": {
        "en": "one table [{kind}.<id>] per entry",
        "de": "eine Tabelle [{kind}.<id>] je Eintrag",
    },
}


def entaria_say(template: str, /, **values: object) -> dict[str, str]:
    """Return ENTARIA's ``template`` in every language, filled with ``values``."""
    return fill(ENTARIA_TEMPLATES, template, **values)
