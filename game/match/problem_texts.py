"""The texts of problems in every language: templates with {placeholders}, in one table.

A loader names a template and its values (``say("expected_found", expected=..., found=...)``)
and gets the message in each language, ready for :func:`game.match.problems.problem`. A
value may itself be texts per language (a fragment such as "a whole number from 1 to 60"),
which is filled in per language before the template is. Templates use ``{name}`` and
``{name!r}`` only; German and English of one template name the same placeholders (a test
checks this).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: A message in each language: "de" and "en" -> text.
Texts = Mapping[str, str]
#: A table of templates: template key -> language -> template text.
Templates = Mapping[str, Mapping[str, str]]

LANGUAGES: Final = ("de", "en")

#: The generic TOML checker's (game.match.tomlcheck) and the problem list's texts.
TEMPLATES: Final[Templates] = {
    # --- values found and expected
    "expected_found": {
        "en": "expected {expected}, found {found}",
        "de": "erwartet: {expected}, gefunden: {found}",
    },
    "key_found_expected": {
        "en": "{key}: found {found}; expected {expected}",
        "de": "{key}: gefunden: {found}; erwartet: {expected}",
    },
    "missing_key": {
        "en": "missing key {name!r}: expected {expected}",
        "de": "der Schlüssel {name!r} fehlt: erwartet: {expected}",
    },
    "unknown_key": {
        "en": "unknown key {name!r}{hint}; allowed keys: {allowed}",
        "de": "der Schlüssel {name!r} ist unbekannt{hint}; erlaubte Schlüssel: {allowed}",
    },
    "unknown_choice": {
        "en": "unknown {what} {value!r}{hint}; expected one of: {allowed}",
        "de": "{what} {value!r} ist unbekannt{hint}; erwartet: eines von {allowed}",
    },
    "listed_twice": {"en": "{name} is listed twice", "de": "{name} steht zweimal in der Liste"},
    "did_you_mean": {"en": " (did you mean {word!r}?)", "de": " (vielleicht {word!r}?)"},
    # --- what is expected
    "a_value": {"en": "a value", "de": "ein Wert"},
    "a_text": {
        "en": "a text of 1 to {max_len} characters",
        "de": "ein Text mit 1 bis {max_len} Zeichen",
    },
    "a_whole_number": {
        "en": "a whole number from {low} to {high}",
        "de": "eine ganze Zahl von {low} bis {high}",
    },
    "a_number": {"en": "a number from {low} to {high}", "de": "eine Zahl von {low} bis {high}"},
    "true_or_false": {"en": "true or false", "de": "true oder false"},
    "a_choice": {"en": "a {what} ({allowed})", "de": "{what} ({allowed})"},
    "a_list": {"en": "a list [...]", "de": "eine Liste [...]"},
    "a_table": {"en": "a table {{...}}", "de": "eine Tabelle {{...}}"},
    # --- what was found (game.match.problems.described)
    "found_nothing": {"en": "nothing", "de": "nichts"},
    "found_null": {"en": "null", "de": "null"},
    "found_boolean": {"en": "the boolean {value}", "de": "der Wahrheitswert {value}"},
    "found_long_integer": {
        "en": "a whole number of about {digits} digits",
        "de": "eine ganze Zahl mit etwa {digits} Ziffern",
    },
    "found_integer": {"en": "the whole number {value}", "de": "die ganze Zahl {value}"},
    "found_number": {"en": "the number {value}", "de": "die Zahl {value}"},
    "found_text": {"en": "the text {value!r}", "de": "der Text {value!r}"},
    "found_list": {"en": "the list {value}", "de": "die Liste {value}"},
    "found_long_list": {
        "en": "a list of {count} values",
        "de": "eine Liste mit {count} Werten",
    },
    "found_one_list": {"en": "a list of 1 value", "de": "eine Liste mit 1 Wert"},
    "found_object": {"en": "an object", "de": "ein Objekt"},
    "found_table": {"en": "a table", "de": "eine Tabelle"},
    "found_date": {"en": "the date/time {value}", "de": "das Datum/die Uhrzeit {value}"},
    "found_other": {"en": "a {value}", "de": "ein Wert vom Typ {value}"},
    # --- commands read from a file (game.match.commands)
    "cmd_expected_found": {
        "en": "{where}: expected {expected}, found {found}",
        "de": "{where}: erwartet: {expected}, gefunden: {found}",
    },
    "cmd_unexpected_null": {"en": "{where}: unexpected null", "de": "{where}: unerwartet null"},
    "cmd_a_list": {"en": "a list", "de": "eine Liste"},
    "cmd_values": {"en": "{count} values", "de": "{count} Werte"},
    "cmd_a_whole_number": {"en": "a whole number", "de": "eine ganze Zahl"},
    "cmd_text": {"en": "text", "de": "ein Text"},
    "cmd_a_number": {"en": "a number", "de": "eine Zahl"},
    "cmd_not_object": {
        "en": "a command is an object, found {found}",
        "de": "ein Befehl ist ein Objekt, gefunden: {found}",
    },
    "cmd_unknown_kind": {
        "en": "unknown command kind {kind!r}; expected one of {kinds}",
        "de": "die Befehlsart {kind!r} ist unbekannt; erwartet: eine von {kinds}",
    },
    "cmd_unknown_fields": {
        "en": "{kind}: unknown fields {fields}; expected {names}",
        "de": "{kind}: unbekannte Felder {fields}; erwartet: {names}",
    },
    "cmd_missing_field": {
        "en": "{kind}: missing field {name!r}",
        "de": "{kind}: das Feld {name!r} fehlt",
    },
    # --- reading the file
    "file_too_long": {
        "en": "the file has {count} characters; at most {limit} are read",
        "de": "die Datei hat {count} Zeichen; gelesen werden höchstens {limit}",
    },
    "toml_syntax": {"en": "TOML syntax error: {error}", "de": "TOML-Syntaxfehler: {error}"},
    "toml_too_deep": {
        "en": "TOML syntax error: arrays or tables nest too deeply",
        "de": "TOML-Syntaxfehler: Listen oder Tabellen sind zu tief verschachtelt",
    },
    "toml_long_number": {
        "en": "TOML syntax error: a number of {digits} digits; expected at most {limit} digits",
        "de": "TOML-Syntaxfehler: eine Zahl mit {digits} Ziffern; erwartet: höchstens {limit}",
    },
    "at_end_of_file": {"en": "{message} at the end of the file", "de": "{message} am Dateiende"},
    "line_reads": {"en": " (the line reads: {shown})", "de": " (die Zeile lautet: {shown})"},
    "more_not_shown": {
        "en": "{count} more problem(s) not shown",
        "de": "{count} weitere(s) Problem(e) nicht gezeigt",
    },
}

#: tomllib's most common syntax messages in German (others stay as tomllib says them).
TOML_SYNTAX_DE: Final[Mapping[str, str]] = {
    "Invalid value": "ungültiger Wert",
    "Invalid statement": "ungültige Anweisung",
    "Invalid initial character for a key part": "ungültiges erstes Zeichen eines Schlüssels",
    "Expected '=' after a key in a key/value pair": "erwartet: '=' nach einem Schlüssel",
    "Expected newline or end of document after a statement": (
        "erwartet: Zeilenende oder Dateiende nach einer Anweisung"
    ),
    "Cannot overwrite a value": "ein Wert kann nicht überschrieben werden",
    "Cannot declare": "kann nicht erneut angelegt werden:",
    "Unclosed array": "nicht geschlossene Liste",
    "Unclosed inline table": "nicht geschlossene Tabelle",
    "Unterminated string": "nicht beendeter Text",
    "Illegal character": "unerlaubtes Zeichen",
    "Expected ']' at the end of a table declaration": "erwartet: ']' am Ende eines Tabellenkopfs",
    "Expected ']]' at the end of an array declaration": (
        "erwartet: ']]' am Ende eines Listenkopfs"
    ),
    "Unclosed array or inline table": "nicht geschlossene Liste oder Tabelle",
}


def toml_syntax_de(error: str) -> str:
    """Return tomllib's message ``error`` in German where its start is known, else as is."""
    for english, german in TOML_SYNTAX_DE.items():
        if error.startswith(english):
            return german + error[len(english) :]
    return error


def both(en: str, de: str) -> dict[str, str]:
    """Return the texts of a message given in English and German."""
    return {"en": en, "de": de}


def fill(templates: Templates, template: str, /, **values: object) -> dict[str, str]:
    """Return ``template`` of ``templates`` in every language, filled with ``values``.

    A value that is texts per language is taken in the template's language; any other
    value is used as it is (``{x!r}`` quotes it).
    """
    entry = templates[template]
    filled: dict[str, str] = {}
    for language in LANGUAGES:
        local = {name: _local(value, language) for name, value in values.items()}
        filled[language] = entry[language].format(**local)
    return filled


def say(template: str, /, **values: object) -> dict[str, str]:
    """Return the generic ``template`` in every language, filled with ``values``."""
    return fill(TEMPLATES, template, **values)


def joined(*parts: Texts | str) -> dict[str, str]:
    """Return the texts that join ``parts`` (texts or plain strings) per language."""
    return {language: "".join(str(_local(p, language)) for p in parts) for language in LANGUAGES}


def _local(value: object, language: str) -> object:
    if isinstance(value, Mapping) and "en" in value:
        text = value.get(language, value["en"])
        return str(text)
    return value
