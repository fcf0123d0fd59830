"""Genesis' texts for problems in the catalogue file, in German and English.

One table of templates with {placeholders}; :func:`genesis_say` fills one in every
language (``game.match.problem_texts.fill``).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

__all__ = ["GENESIS_TEMPLATES", "genesis_say"]

#: Template key -> language -> template text (same placeholders in each language).
GENESIS_TEMPLATES: Final[Templates] = {
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
        "en": "{key!r} is also a key in [{owner}]; expected keys unique across weapons and armour",
        "de": "{key!r} ist auch ein Schlüssel in [{owner}]; erwartet: Schlüssel, die über "
        "Waffen und Rüstungen eindeutig sind",
    },
    "name_twice": {
        "en": "the name {name!r} is also used by [{section}.{other}]; expected a name of its own",
        "de": "der Name {name!r} gehört schon zu [{section}.{other}]; erwartet: ein eigener Name",
    },
    "book_and_sample": {
        "en": "an entry is either the seed's (book = true) or a sample (sample = true); "
        "expected at most one of them",
        "de": "ein Eintrag ist entweder aus den Regeln (book = true) oder ein Beispiel "
        "(sample = true); erwartet: höchstens eines von beiden",
    },
    "bad_tp": {
        "en": 'expected TP as dice, e.g. "1W" (= 1W6), "1W6+4" or "2W6-1" (1 to 10 '
        "dice of 2 to 100 sides, plus -50 to 50), found {found}",
        "de": 'erwartet: TP als Würfel, z. B. "1W" (= 1W6), "1W6+4" oder "2W6-1" (1 bis '
        "10 Würfel mit 2 bis 100 Seiten, dazu -50 bis 50), gefunden: {found}",
    },
    "gw_half_steps": {
        "en": "expected GW in steps of 0.5 (e.g. 7.5), found {found}",
        "de": "erwartet: GW in Schritten von 0,5 (z. B. 7,5), gefunden: {found}",
    },
    "missile_ranges": {
        "en": "a missile weapon needs combat_range of at least 1 m and max_range of at least "
        "combat_range, found {combat} and {most}",
        "de": "eine Schusswaffe braucht combat_range von mindestens 1 m und max_range von "
        "mindestens combat_range, gefunden: {combat} und {most}",
    },
    "not_for_kind": {
        "en": "{key} does not apply to a weapon of kind {kind!r}; expected it left out ({why})",
        "de": "{key} gilt nicht für eine Waffe der Art {kind!r}; erwartet: weglassen ({why})",
    },
    "why_ranges": {
        "en": "only missile weapons have combat and maximum range; thrown things reach "
        "range_base + KK + talent",
        "de": "nur Schusswaffen haben Gefechts- und Maximalreichweite; Geworfenes reicht "
        "range_base + KK + Talent",
    },
    "why_range_base": {
        "en": "only thrown objects and throwing weapons have a range base",
        "de": "nur Wurfgegenstände und Wurfwaffen haben eine Reichweitebasis",
    },
    "why_reach": {
        "en": "only melee weapons have a reach in fields",
        "de": "nur Nahkampfwaffen haben eine Reichweite in Feldern",
    },
    "why_reload": {
        "en": "only missile weapons are reloaded",
        "de": "nur Schusswaffen werden nachgeladen",
    },
    "pa_bonus_not_shield": {
        "en": "only a shield adds PA; expected pa_bonus = 0 for the slot {slot!r}",
        "de": "nur ein Schild gibt PA; erwartet: pa_bonus = 0 für den Platz {slot!r}",
    },
    "unknown_weapon": {
        "en": "unknown weapon {item!r}{hint}; expected a key of [weapons]",
        "de": "die Waffe {item!r} ist unbekannt{hint}; erwartet: ein Schlüssel aus [weapons]",
    },
    "unknown_armour": {
        "en": "unknown armour piece {item!r}{hint}; expected a key of [armour]",
        "de": "das Rüstungsteil {item!r} ist unbekannt{hint}; erwartet: ein Schlüssel aus [armour]",
    },
    "weapons_needed": {
        "en": "expected at least one weapon key (the first is the weapon in hand)",
        "de": "erwartet: mindestens ein Waffenschlüssel (der erste ist die Waffe in der Hand)",
    },
    "slot_twice": {
        "en": "the slot {slot!r} is taken by both {first!r} and {second!r}; expected at most "
        "one armour piece per slot",
        "de": "der Platz {slot!r} ist von {first!r} und {second!r} belegt; erwartet: höchstens "
        "ein Rüstungsteil je Platz",
    },
    "shooter_without_missile": {
        "en": "a shooter (shooter = true) needs a missile weapon among its weapons; expected "
        "one of kind 'missile'",
        "de": "ein Schütze (shooter = true) braucht eine Schusswaffe unter seinen Waffen; "
        "erwartet: eine Waffe der Art 'missile'",
    },
}


def genesis_say(template: str, /, **values: object) -> dict[str, str]:
    """Return Genesis' ``template`` in every language, filled with ``values``."""
    return fill(GENESIS_TEMPLATES, template, **values)
