"""WRS's texts for problems in mission files, in German and English.

One table of templates with {placeholders}; :func:`mission_say` fills one in every
language (``game.match.problem_texts.fill``). German uses the rule text's words
(Charakter, Waffe, Schild, Rüstung, Wunden, Rüstungspunkte).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

__all__ = ["MISSION_TEMPLATES", "mission_say"]

#: Template key -> language -> template text (same placeholders in each language).
MISSION_TEMPLATES: Final[Templates] = {
    # --- the mission's words (mission_terms)
    "unknown_terrain": {
        "en": "unknown terrain kind {key!r}{hint}; expected one of {listed}",
        "de": "die Geländeart {key!r} ist unbekannt{hint}; erwartet: eine von {listed}",
    },
    "unknown_material": {
        "en": "unknown wall material {key!r}{hint}; expected one of {listed}",
        "de": "das Wandmaterial {key!r} ist unbekannt{hint}; erwartet: eines von {listed}",
    },
    "unknown_fighter": {
        "en": "unknown character {key!r}{hint}; expected a fighter of the WRS catalogue: {listed}",
        "de": "der Charakter {key!r} ist unbekannt{hint}; erwartet: ein Kämpfer aus dem "
        "WRS-Katalog: {listed}",
    },
    "unknown_equipment": {
        "en": "unknown equipment {key!r}{hint}; expected a weapon, shield or armour of the "
        "WRS catalogue",
        "de": "die Ausrüstung {key!r} ist unbekannt{hint}; erwartet: eine Waffe, ein Schild "
        "oder eine Rüstung aus dem WRS-Katalog",
    },
    "no_conditions": {
        "en": "unknown condition {name!r}: a WRS character starts only as 'Überrascht' "
        "(surprised) or without a condition; its state follows from its wounds",
        "de": "der Zustand {name!r} ist unbekannt: ein WRS-Charakter beginnt nur als "
        "'Überrascht' oder ohne Zustand; sein Zustand folgt aus seinen Wunden",
    },
    "held_not_owned": {
        "en": "{key!r} is not in {whose} ({listed}); expected something the character carries",
        "de": "{key!r} gehört nicht zu {whose} ({listed}); erwartet: etwas, das der Charakter "
        "trägt",
    },
    "held_twice": {
        "en": "{key!r} is held twice; expected each thing at most once",
        "de": "{key!r} ist doppelt in der Hand; erwartet: jedes Teil höchstens einmal",
    },
    "held_armour": {
        "en": "{key!r} is armour, worn, not held; expected a weapon or a shield",
        "de": "{key!r} ist eine Rüstung, sie wird getragen, nicht gehalten; erwartet: eine "
        "Waffe oder ein Schild",
    },
    "held_too_many": {
        "en": "{count} things held; a character has two hands, expected at most 2",
        "de": "{count} Teile in der Hand; ein Charakter hat zwei Hände, erwartet: höchstens 2",
    },
    "its_type_equipment": {"en": "the fighter's equipment", "de": "der Ausrüstung des Kämpfers"},
    "its_equipment": {"en": "its equipment", "de": "seiner Ausrüstung"},
    # --- the set-up (mission_setup)
    "no_lp": {
        "en": "WRS characters have three life points, LP a/b/c, not one 'lp'; remove 'lp' "
        "or give values.lp_a, values.lp_b and values.lp_c",
        "de": "WRS-Charaktere haben drei Lebenspunktwerte, LP a/b/c, nicht ein 'lp'; 'lp' "
        "entfernen oder values.lp_a, values.lp_b und values.lp_c angeben",
    },
    "no_companions": {
        "en": "WRS has no companions; remove {key!r}",
        "de": "WRS kennt keine Begleiter; {key!r} entfernen",
    },
    "no_hiding": {
        "en": "WRS has no hidden characters; remove 'hidden'",
        "de": "WRS kennt keine versteckten Charaktere; 'hidden' entfernen",
    },
    "no_environment": {
        "en": "WRS has no rules for {what}; remove it from [environment]",
        "de": "WRS hat keine Regeln für {what}; aus [environment] entfernen",
    },
    "weightless": {"en": "zero gravity", "de": "Schwerelosigkeit"},
    "underwater": {"en": "fighting under water", "de": "Kampf unter Wasser"},
    "field_blocked": {
        "en": "the field ({x}, {y}) is a wall or a closed door; expected a field a "
        "character can stand on",
        "de": "das Feld ({x}, {y}) ist eine Wand oder eine geschlossene Tür; erwartet: ein "
        "Feld, auf dem ein Charakter stehen kann",
    },
    "field_taken": {
        "en": "the field ({x}, {y}) is taken by {other!r}; expected one character per field",
        "de": "auf dem Feld ({x}, {y}) steht schon {other!r}; erwartet: ein Charakter je Feld",
    },
}


def mission_say(template: str, /, **values: object) -> dict[str, str]:
    """Return WRS's mission ``template`` in every language, filled with ``values``."""
    return fill(MISSION_TEMPLATES, template, **values)
