"""Genesis' texts for problems in mission files, in German and English.

One table of templates with {placeholders}; :func:`mission_say` fills one in every
language (``game.match.problem_texts.fill``). German uses the rule text's words
(Kämpfer, Waffe, Rüstungsteil, Lebensenergie).
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
        "en": "unknown fighter {key!r}{hint}; expected a fighter of the Genesis catalogue: "
        "{listed}",
        "de": "der Kämpfer {key!r} ist unbekannt{hint}; erwartet: ein Kämpfer aus dem "
        "Genesis-Katalog: {listed}",
    },
    "unknown_equipment": {
        "en": "unknown equipment {key!r}{hint}; expected a weapon or armour piece of the "
        "Genesis catalogue",
        "de": "die Ausrüstung {key!r} ist unbekannt{hint}; erwartet: eine Waffe oder ein "
        "Rüstungsteil aus dem Genesis-Katalog",
    },
    "no_conditions": {
        "en": "unknown condition {name!r}: a Genesis fighter starts without a condition; its "
        "state follows from its LE",
        "de": "der Zustand {name!r} ist unbekannt: ein Genesis-Kämpfer beginnt ohne Zustand; "
        "sein Zustand folgt aus seiner LE",
    },
    "held_not_owned": {
        "en": "{key!r} is not in {whose} ({listed}); expected a weapon the fighter carries",
        "de": "{key!r} gehört nicht zu {whose} ({listed}); erwartet: eine Waffe, die der "
        "Kämpfer trägt",
    },
    "held_armour": {
        "en": "{key!r} is armour, worn, not held (a shield counts in its slot); expected a weapon",
        "de": "{key!r} ist ein Rüstungsteil, es wird getragen, nicht gehalten (ein Schild "
        "zählt in seinem Platz); erwartet: eine Waffe",
    },
    "held_too_many": {
        "en": "{count} things held; a Genesis fighter has one weapon in hand (a change takes "
        "2 KR), expected at most 1",
        "de": "{count} Teile in der Hand; ein Genesis-Kämpfer hat eine Waffe in der Hand "
        "(ein Wechsel dauert 2 KR), erwartet: höchstens 1",
    },
    "its_type_equipment": {"en": "the fighter's equipment", "de": "der Ausrüstung des Kämpfers"},
    "its_equipment": {"en": "its equipment", "de": "seiner Ausrüstung"},
    # --- the set-up (mission_setup)
    "no_lp": {
        "en": "Genesis fighters have Lebensenergie (LE), not 'lp'; remove 'lp' or give values.le",
        "de": "Genesis-Kämpfer haben Lebensenergie (LE), nicht 'lp'; 'lp' entfernen oder "
        "values.le angeben",
    },
    "no_companions": {
        "en": "Genesis has no companions; remove {key!r}",
        "de": "Genesis kennt keine Begleiter; {key!r} entfernen",
    },
    "no_hiding": {
        "en": "Genesis has no hidden fighters; remove 'hidden'",
        "de": "Genesis kennt keine versteckten Kämpfer; 'hidden' entfernen",
    },
    "no_environment": {
        "en": "Genesis has no rules for {what}; remove it from [environment]",
        "de": "Genesis hat keine Regeln für {what}; aus [environment] entfernen",
    },
    "weightless": {"en": "zero gravity", "de": "Schwerelosigkeit"},
    "underwater": {"en": "fighting under water", "de": "Kampf unter Wasser"},
    "field_blocked": {
        "en": "the field ({x}, {y}) is a wall or a closed door; expected a field a fighter "
        "can stand on",
        "de": "das Feld ({x}, {y}) ist eine Wand oder eine geschlossene Tür; erwartet: ein "
        "Feld, auf dem ein Kämpfer stehen kann",
    },
    "field_taken": {
        "en": "the field ({x}, {y}) is taken by {other!r}; expected one fighter per field",
        "de": "auf dem Feld ({x}, {y}) steht schon {other!r}; erwartet: ein Kämpfer je Feld",
    },
}


def mission_say(template: str, /, **values: object) -> dict[str, str]:
    """Return Genesis' mission ``template`` in every language, filled with ``values``."""
    return fill(MISSION_TEMPLATES, template, **values)
