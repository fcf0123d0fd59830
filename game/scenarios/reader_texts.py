"""The texts of a scenario file's problems (``game.scenarios.reader``), in German and English.

One table of templates; :func:`reader_say` fills one in every language. What a value was
expected to be is a template too, for the generic "expected ..., found ..." message
(``game.match.problem_texts``).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

#: Template key -> language -> template text (same placeholders in each language).
READER_TEMPLATES: Final[Templates] = {
    # --- what was expected
    "a_scenario_table": {
        "en": "expected a table [scenario] (title, dice ...); {found}",
        "de": "erwartet: eine Tabelle [scenario] (title, dice ...); {found}",
    },
    "file_has_none": {"en": "the file has none", "de": "die Datei hat keine"},
    "found": {"en": "found {found}", "de": "gefunden: {found}"},
    "die_faces": {
        "en": "a list of die faces like [17, 4, 6]",
        "de": "eine Liste von Würfelseiten wie [17, 4, 6]",
    },
    "a_die_face": {
        "en": "a die face (a whole number >= 1)",
        "de": "eine Würfelseite (eine ganze Zahl >= 1)",
    },
    "a_file_name": {
        "en": "the mission's file name (text)",
        "de": "der Dateiname der Mission (Text)",
    },
    "command_tables": {"en": "[[commands]] tables", "de": "[[commands]]-Tabellen"},
    "a_command_table": {
        "en": "a command table {{kind = ..., actor = ...}}",
        "de": "eine Befehlstabelle {{kind = ..., actor = ...}}",
    },
    "a_reason_piece": {
        "en": "a piece of the refusal's reason (text)",
        "de": "ein Stück der Begründung der Ablehnung (Text)",
    },
    "a_short_name": {"en": "a short name (text)", "de": "ein kurzer Name (Text)"},
    "an_until_table": {
        "en": 'a table {{actor = "...", round = N}}',
        "de": 'eine Tabelle {{actor = "...", round = N}}',
    },
    "expect_tables": {"en": "[[expect]] tables", "de": "[[expect]]-Tabellen"},
    "an_expect_table": {"en": "an [[expect]] table", "de": "eine [[expect]]-Tabelle"},
    "a_step_ref": {
        "en": "a command's number 0..{steps} (0: the start of the fight) or its label",
        "de": "die Nummer eines Befehls 0..{steps} (0: der Beginn des Kampfes) oder sein Name",
    },
    "a_number": {"en": "a number", "de": "eine Zahl"},
    "true_or_false": {"en": "true or false", "de": "true oder false"},
    "event_fields": {
        "en": "a table of event fields {{...}}",
        "de": "eine Tabelle von Ereignisfeldern {{...}}",
    },
    "a_creature_key": {"en": "a creature's key (text)", "de": "der Schlüssel eines Wesens (Text)"},
    "a_decision": {
        "en": 'a table like {{creature = "ron", kind = "turn"}} or "none" (the fight is over)',
        "de": 'eine Tabelle wie {{creature = "ron", kind = "turn"}} oder "none" (der Kampf ist '
        "vorbei)",
    },
    "a_state_value": {
        "en": "a text, number, true/false, list or table",
        "de": "ein Text, eine Zahl, true/false, eine Liste oder Tabelle",
    },
    # --- whole messages
    "too_many": {
        "en": "{count} {what}; expected at most {limit}",
        "de": "{count} {what}; erwartet: höchstens {limit}",
    },
    "dice": {"en": "dice", "de": "Würfel"},
    "commands": {"en": "commands", "de": "Befehle"},
    "expectations": {"en": "expectations", "de": "Erwartungen"},
    "file_and_tables": {
        "en": "the scenario names a mission file and also has mission tables ({tables}); "
        "expected one of the two",
        "de": "das Szenario nennt eine Missionsdatei und hat auch Missionstabellen ({tables}); "
        "erwartet: eines von beiden",
    },
    "no_mission": {
        "en": 'no mission: expected [scenario] mission = "file.toml" or the mission\'s own '
        "tables ([mission], [map], [[sides]], [[creatures]]) in this file",
        "de": 'keine Mission: erwartet: [scenario] mission = "datei.toml" oder die Tabellen '
        "der Mission ([mission], [map], [[sides]], [[creatures]]) in dieser Datei",
    },
    "ruleset_differs": {
        "en": "the scenario names the ruleset {named!r}, its mission plays {played!r} "
        "([mission] ruleset, default {default!r}); expected the same one",
        "de": "das Szenario nennt das Regelwerk {named!r}, seine Mission spielt {played!r} "
        "([mission] ruleset, Vorgabe {default!r}); erwartet: dasselbe",
    },
    "label_taken": {
        "en": "the label {label!r} is already command {number}'s",
        "de": "der Name {label!r} gehört schon Befehl {number}",
    },
    "until_alone": {
        "en": "end_turns_until stands alone; found also {others} (write the command as its "
        "own entry)",
        "de": "end_turns_until steht allein; gefunden auch: {others} (den Befehl als eigenen "
        "Eintrag schreiben)",
    },
    "no_end_turn": {
        "en": "this ruleset has no end_turn command",
        "de": "dieses Regelwerk hat keinen Befehl end_turn",
    },
    "no_kind": {"en": "no kind", "de": "keine Art (kind)"},
    "unknown_kind": {
        "en": "unknown command kind {kind!r}",
        "de": "die Befehlsart {kind!r} ist unbekannt",
    },
    "bad_kind": {
        "en": "{shown}{hint}; expected one of the ruleset's {count} kinds (kampfkarte "
        "scenario --commands RULESET lists them with their fields)",
        "de": "{shown}{hint}; erwartet: eine der {count} Arten des Regelwerks (kampfkarte "
        "scenario --commands REGELWERK listet sie mit ihren Feldern)",
    },
    "one_expectation_kind": {
        "en": 'expected exactly one of path = "...", event = "...", decision = {{...}} or '
        "dice_left = N; found {found}",
        "de": 'erwartet: genau eines von path = "...", event = "...", decision = {{...}} oder '
        "dice_left = N; gefunden: {found}",
    },
    "none_of_them": {"en": "none of them", "de": "keines davon"},
    "none": {"en": "none", "de": "keine"},
    "no_such_label": {
        "en": "no command has the label {label!r}{hint}; labels: {known}",
        "de": "kein Befehl hat den Namen {label!r}{hint}; Namen: {known}",
    },
    "one_test": {
        "en": "expected exactly one test for the path ({tests}); found {found}",
        "de": "erwartet: genau ein Test für den Pfad ({tests}); gefunden: {found}",
    },
    "nests_too_deep": {
        "en": "the value nests more than {limit} levels deep",
        "de": "der Wert ist mehr als {limit} Ebenen tief verschachtelt",
    },
}


def reader_say(template: str, /, **values: object) -> dict[str, str]:
    """Return the reader's ``template`` in every language, filled with ``values``."""
    return fill(READER_TEMPLATES, template, **values)
