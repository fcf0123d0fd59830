"""WRS's texts for problems in the catalogue file, in German and English.

One table of templates with {placeholders}; :func:`wrs_say` fills one in every language
(``game.match.problem_texts.fill``).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

__all__ = ["WRS_TEMPLATES", "wrs_say"]

#: Template key -> language -> template text (same placeholders in each language).
WRS_TEMPLATES: Final[Templates] = {
    "cannot_read_catalogue": {
        "en": "cannot read the catalogue: {detail}",
        "de": "der Katalog kann nicht gelesen werden: {detail}",
    },
    "catalogue_not_utf8": {
        "en": "the catalogue is not UTF-8 text (byte {index}); expected a UTF-8 TOML file",
        "de": "der Katalog ist kein UTF-8-Text (Byte {index}); erwartet: eine TOML-Datei in UTF-8",
    },
    "one_table": {
        "en": "a table [{section}.<key>] per entry",
        "de": "eine Tabelle [{section}.<Schlüssel>] je Eintrag",
    },
    "unknown_row": {
        "en": "unknown entry {key!r} in [{section}]{hint}; expected one of {allowed}",
        "de": "der Eintrag {key!r} in [{section}] ist unbekannt{hint}; erwartet: einer von "
        "{allowed}",
    },
    "missing_row": {
        "en": "missing entry [{section}.{key}]; expected every row of the seed's table",
        "de": "der Eintrag [{section}.{key}] fehlt; erwartet: jede Zeile der Tabelle aus den "
        "Regeln",
    },
    "bad_entry_id": {
        "en": "expected a snake_case key (a-z, 0-9, _; at most 64), found {key!r}",
        "de": "erwartet: ein Schlüssel in snake_case (a-z, 0-9, _; höchstens 64), gefunden: "
        "{key!r}",
    },
    "entry_not_table": {
        "en": "expected a table [{section}.{key}], found {found}",
        "de": "erwartet: eine Tabelle [{section}.{key}], gefunden: {found}",
    },
    "key_not_unique": {
        "en": "{key!r} is also a key in [{owner}]; expected keys unique across weapons, "
        "shields and armour",
        "de": "{key!r} ist auch ein Schlüssel in [{owner}]; erwartet: Schlüssel, die über "
        "Waffen, Schilde und Rüstungen eindeutig sind",
    },
    "name_twice": {
        "en": "the name {name!r} is also used by [{section}.{other}]; expected a name of its own",
        "de": "der Name {name!r} gehört schon zu [{section}.{other}]; erwartet: ein eigener Name",
    },
    "unknown_equipment": {
        "en": "unknown equipment {item!r}{hint}; expected a key of [weapons], [shields] or "
        "[armour]",
        "de": "die Ausrüstung {item!r} ist unbekannt{hint}; erwartet: ein Schlüssel aus "
        "[weapons], [shields] oder [armour]",
    },
    "unknown_skill": {
        "en": "unknown skill {skill!r}{hint}; expected a weapon category, schild_klein, "
        "schild_gross or an armour kind",
        "de": "die Fähigkeit {skill!r} ist unbekannt{hint}; erwartet: eine Waffenkategorie, "
        "schild_klein, schild_gross oder eine Rüstungsart",
    },
    "lp_shape": {
        "en": "expected three whole numbers [a, b, c] from 1 to {high} (down, unconscious, "
        "dead), found {found}",
        "de": "erwartet: drei ganze Zahlen [a, b, c] von 1 bis {high} (zu Boden, bewusstlos, "
        "tot), gefunden: {found}",
    },
    "lp_order": {
        "en": "expected a <= b <= c (down, unconscious, dead), found {a}/{b}/{c}",
        "de": "erwartet: a <= b <= c (zu Boden, bewusstlos, tot), gefunden: {a}/{b}/{c}",
    },
    "fire_mode_misfit": {
        "en": "the fire mode {mode!r} does not fit the category {category!r}; expected {expected}",
        "de": "die Feuerart {mode!r} passt nicht zur Kategorie {category!r}; erwartet: {expected}",
    },
    "fire_modes_needed": {
        "en": "a weapon of the category {category!r} needs fire_modes; expected {expected}",
        "de": "eine Waffe der Kategorie {category!r} braucht fire_modes; erwartet: {expected}",
    },
    "no_fire_modes": {"en": "no fire_modes", "de": "keine fire_modes"},
    "part_twice": {
        "en": "the body part {part!r} is covered by both {first!r} and {second!r}; expected "
        "each body part covered once",
        "de": "das Körperteil {part!r} wird von {first!r} und {second!r} bedeckt; erwartet: "
        "jedes Körperteil nur einmal",
    },
    "parts_needed": {
        "en": "expected at least one body part of the armour table",
        "de": "erwartet: mindestens ein Körperteil der Rüstungstabelle",
    },
}


def wrs_say(template: str, /, **values: object) -> dict[str, str]:
    """Return WRS's ``template`` in every language, filled with ``values``."""
    return fill(WRS_TEMPLATES, template, **values)
