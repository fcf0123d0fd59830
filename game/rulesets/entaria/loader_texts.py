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
    "unknown_condition_plain": {
        "en": "unknown condition {name!r}",
        "de": "der Zustand {name!r} ist unbekannt",
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
    # --- the catalogue's entries (catalogue_readers); rule IDs stay in the code's comments
    "book_not_set": {
        "en": "'book' names {dotted!r}, which this entry does not set; list only keys whose "
        "values the entry gives from the rulebook",
        "de": "'book' nennt {dotted!r}, das dieser Eintrag nicht setzt; nur Schlüssel nennen, "
        "deren Werte der Eintrag aus dem Regelbuch übernimmt",
    },
    "bad_bem": {
        "en": 'expected a BEM written "m,a" like "2,10", found {text!r}',
        "de": 'erwartet: ein BEM in der Form "m,a" wie "2,10", gefunden: {text!r}',
    },
    "neither_melee_nor_ranged": {
        "en": "the weapon is neither melee (melee = true) nor ranged (ranges = [...])",
        "de": "die Waffe ist weder Nahkampf (melee = true) noch Fernkampf (ranges = [...])",
    },
    "thrown_needs_ranges": {
        "en": "a thrown weapon needs the range bands it can be thrown at",
        "de": "eine Wurfwaffe braucht die Reichweiten, auf die sie geworfen werden kann",
    },
    "area_fire_needs_ranged": {
        "en": "area fire needs a ranged weapon with range bands",
        "de": "Bereichsfeuer braucht eine Fernkampfwaffe mit Reichweiten",
    },
    "needs_bem": {
        "en": '{names} needs a BEM (bem = "m,a")',
        "de": '{names} braucht ein BEM (bem = "m,a")',
    },
    "bem_needs_attribute": {
        "en": 'a weapon with a BEM lays area fire: give it the attribute "Bereichsfeuer" '
        '(area fire) or "Dauerfeuer" (automatic fire)',
        "de": "eine Waffe mit BEM legt Bereichsfeuer: Bereichsfeuer oder Dauerfeuer angeben",
    },
    "reach_needs_distanz": {
        "en": "reach {reach} needs a melee weapon with the attribute Distanz",
        "de": "Reichweite {reach} braucht eine Nahkampfwaffe mit der Eigenschaft Distanz",
    },
    "distanz_needs_reach": {
        "en": "a weapon with Distanz needs its reach in fields, at least 2",
        "de": "eine Waffe mit Distanz braucht ihre Reichweite in Feldern, mindestens 2",
    },
    "magazine_ranged_only": {
        "en": "only ranged weapons that are not thrown have a magazine",
        "de": "nur Fernkampfwaffen, die nicht geworfen werden, haben ein Magazin",
    },
    "area_together": {
        "en": "give area_shape and area_size together",
        "de": "area_shape und area_size zusammen angeben",
    },
    "zero_g_ranged": {
        "en": "{name} belongs to ranged weapons",
        "de": "{name} gehört zu Fernkampfwaffen",
    },
    "optics_ranged": {
        "en": "aiming optics (Smartlink, Laservisier, Bildvergrößerer) belong to ranged weapons "
        "that are not thrown",
        "de": "Zieloptiken (Smartlink, Laservisier, Bildvergrößerer) gehören zu "
        "Fernkampfwaffen, die nicht geworfen werden",
    },
    "optic_twice": {
        "en": "optic {optic!r} is listed twice",
        "de": "die Optik {optic!r} steht zweimal in der Liste",
    },
    "schild_is_armour": {
        "en": "Schild belongs to cover armour: armour.toml, shield = true",
        "de": "Schild gehört zur Deckungspanzerung: armour.toml, shield = true",
    },
    "shield_category": {
        "en": 'a shield is Deckungspanzerung: set category = "Deckungspanzerung"',
        "de": 'ein Schild ist Deckungspanzerung: category = "Deckungspanzerung" setzen',
    },
    "space_suit_worn": {
        "en": "a space suit is Getragene Panzerung",
        "de": "ein Raumanzug ist Getragene Panzerung",
    },
    "wm_needs_optic": {
        "en": 'only an aiming optic gives a WM on ranged attacks: set optic = "Smartlink", '
        '"Laservisier" or "Bildvergrößerer"',
        "de": 'nur eine Zieloptik gibt einen WM auf Fernkampfangriffe: optic = "Smartlink", '
        '"Laservisier" oder "Bildvergrößerer" setzen',
    },
    "bad_initiative": {
        "en": 'expected a whole number from 0 to 99 or "C", found {value!r}',
        "de": 'erwartet: eine ganze Zahl von 0 bis 99 oder "C", gefunden: {value!r}',
    },
    "unknown_token": {"en": "unknown token art: {problem}", "de": "unbekannte Figur: {problem}"},
    "character_needs_base": {
        "en": "a character rolls initiative: give base_initiative",
        "de": "ein Charakter würfelt Initiative: base_initiative angeben",
    },
    "character_not_fixed": {
        "en": "a character rolls initiative; give base_initiative instead",
        "de": "ein Charakter würfelt Initiative; stattdessen base_initiative angeben",
    },
    "only_enemies_simplified": {
        "en": "only enemies can be simplified",
        "de": "nur Gegner können vereinfacht sein",
    },
    "character_no_mount": {
        "en": "a player character is no mount; only a mount can be built for passengers",
        "de": "ein Spielercharakter ist kein Reittier; nur ein Reittier kann für Passagiere "
        "gebaut sein",
    },
    "enemy_fixed_initiative": {
        "en": 'an enemy has a fixed initiative: give initiative = 15 or "C"',
        "de": 'ein Gegner hat eine feste Initiative: initiative = 15 oder "C" angeben',
    },
    "enemy_no_base": {
        "en": "an enemy's initiative is fixed; its bracket value is also its base",
        "de": "die Initiative eines Gegners ist fest; ihr Klammerwert ist auch ihre Basis",
    },
    "damage_in_both": {
        "en": "{damage} is in both {first} and {second}",
        "de": "{damage} steht in {first} und in {second}",
    },
    "talent_twice": {
        "en": "talent {talent!r} is listed twice",
        "de": "das Talent {talent!r} steht zweimal in der Liste",
    },
    "always_difficult": {
        "en": "{name} is always difficult terrain",
        "de": "{name} ist immer schwieriges Gelände",
    },
    "bad_terrain_char": {
        "en": "expected one printable character other than #, + and / (walls, doors), found "
        "{char!r}",
        "de": "erwartet: ein druckbares Zeichen außer #, + und / (Wände, Türen), gefunden: "
        "{char!r}",
    },
    "char_means_default": {
        "en": "{char!r} already means {default} in the default legend (DESIGN.md); this kind "
        "is {kind}: pick another character",
        "de": "{char!r} bedeutet in der Standardlegende schon {default} (DESIGN.md); diese Art "
        "ist {kind}: ein anderes Zeichen wählen",
    },
    "one_table_per_entry": {
        "en": "one table [{kind}.<id>] per entry",
        "de": "eine Tabelle [{kind}.<id>] je Eintrag",
    },
}


def entaria_say(template: str, /, **values: object) -> dict[str, str]:
    """Return ENTARIA's ``template`` in every language, filled with ``values``."""
    return fill(ENTARIA_TEMPLATES, template, **values)
