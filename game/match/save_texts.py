"""The texts of save errors and save warnings in every language, in one table.

``game.match.saves`` names a template and its values (``said("empty")``) and gets the
message per language, as the loaders do with ``game.match.problem_texts``. German and
English of one template name the same placeholders (a test checks this). English stays
what ``str()`` of a save error reads; the screen asks for the player's language.

A warning for the player (a changed mission, a skipped autosave) is a :class:`SaveNote`:
a ``str`` holding the English text that also knows itself in German, so lists of plain
warnings keep working and the screen can still show them in one language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from game.match.problem_texts import LANGUAGES, Templates, Texts, fill
from game.match.record import ReplayError

#: Save texts: template key -> language -> template text.
SAVE_TEMPLATES: Final[Templates] = {
    # --- names and folders
    "bad_name": {
        "en": "a save name is a plain file name (letters, digits, space, '._-')",
        "de": "der Name eines Spielstands ist ein einfacher Dateiname "
        "(Buchstaben, Ziffern, Leerzeichen, '._-')",
    },
    "outside_folder": {
        "en": "a save must lie directly inside {base}",
        "de": "ein Spielstand muss direkt im Ordner {base} liegen",
    },
    "would_be_too_large": {
        "en": "the save would be {size} bytes; at most {limit}",
        "de": "der Spielstand wäre {size} Bytes groß; erlaubt sind höchstens {limit}",
    },
    # --- reading the file
    "file_not_found": {"en": "file not found", "de": "die Datei gibt es nicht"},
    "not_regular": {"en": "not a regular file", "de": "keine gewöhnliche Datei"},
    "file_too_large": {
        "en": "the file is {size} bytes; a save has at most {limit}",
        "de": "die Datei ist {size} Bytes groß; ein Spielstand hat höchstens {limit}",
    },
    "file_grew": {
        "en": "the file is larger than {limit} bytes",
        "de": "die Datei ist größer als {limit} Bytes",
    },
    "unreadable": {
        "en": "cannot read the file: {detail}",
        "de": "die Datei lässt sich nicht lesen: {detail}",
    },
    "empty": {
        "en": "the file is empty (an interrupted save?)",
        "de": "die Datei ist leer (unterbrochenes Speichern?)",
    },
    "not_utf8": {
        "en": "not UTF-8 text at byte {byte}: corrupted",
        "de": "kein UTF-8-Text bei Byte {byte}: beschädigt",
    },
    "corrupted_json": {"en": "corrupted JSON", "de": "beschädigtes JSON"},
    "truncated": {
        "en": "the file ends too early (truncated)",
        "de": "die Datei endet zu früh (unterbrochenes Speichern?)",
    },
    "because": {"en": "{why}: {detail}", "de": "{why}: {detail}"},
    "at_line": {
        "en": "line {line} column {column}",
        "de": "Zeile {line}, Spalte {column}",
    },
    # --- a save in lines (game.match.save_lines)
    "lines_table": {
        "en": "expected the table of the save's lines: parts (at, count) and sha256",
        "de": "erwartet: die Tabelle der Zeilen des Spielstands: parts (at, count) und sha256",
    },
    "lines_damaged": {
        "en": "the lines after the first do not match their checksum: damaged or cut off",
        "de": "die Zeilen nach der ersten passen nicht zu ihrer Prüfsumme: "
        "beschädigt oder abgeschnitten",
    },
    "lines_count": {
        "en": "the file's lines do not match the counts of its parts ({count})",
        "de": "die Zeilen der Datei passen nicht zur Anzahl ihrer Teile ({count})",
    },
    "lines_place": {
        "en": "no place for a part at {at} in the first line",
        "de": "kein Platz für einen Teil bei {at} in der ersten Zeile",
    },
    "on_line": {"en": "line {line}: {detail}", "de": "Zeile {line}: {detail}"},
    # --- the document's fields
    "top_object": {
        "en": "expected an object at the top level",
        "de": "erwartet: ein Objekt auf der obersten Ebene",
    },
    "unknown_keys": {
        "en": "unknown keys {unknown}; expected {allowed}",
        "de": "unbekannte Schlüssel {unknown}; erwartet: {allowed}",
    },
    "missing": {"en": "missing", "de": "fehlt"},
    "not_a_save": {
        "en": "expected {expected!r}, found {found} (not a Kampfkarte save)",
        "de": "erwartet: {expected!r}, gefunden: {found} (kein Spielstand von Kampfkarte)",
    },
    "wrong_version": {
        "en": "expected {expected}, found {found}{newer}",
        "de": "erwartet: {expected}, gefunden: {found}{newer}",
    },
    "newer_program": {
        "en": " (saved by a newer Kampfkarte)",
        "de": " (von einer neueren Kampfkarte gespeichert)",
    },
    "mission_object": {
        "en": "expected an object with path, sha256",
        "de": "erwartet: ein Objekt mit path, sha256",
    },
    "ruleset_object": {
        "en": "expected an object with key, version",
        "de": "erwartet: ein Objekt mit key, version",
    },
    "exact_keys": {
        "en": "expected exactly the keys {keys}, found {found}",
        "de": "erwartet: genau die Schlüssel {keys}, gefunden: {found}",
    },
    "mission_path": {
        "en": "expected a file path of 1..{limit} characters, found {found}",
        "de": "erwartet: ein Dateipfad mit 1..{limit} Zeichen, gefunden: {found}",
    },
    "path_bytes": {
        "en": "expected the file name's bytes in base64 (1..{limit} bytes), found {found}",
        "de": "erwartet: die Bytes des Dateinamens in Base64 (1..{limit} Bytes), gefunden: {found}",
    },
    "path_nul": {
        "en": "a path has no NUL character",
        "de": "ein Pfad enthält kein NUL-Zeichen",
    },
    "sha256": {
        "en": "expected 64 lowercase hex digits, found {found}",
        "de": "erwartet: 64 kleine Hexadezimalziffern, gefunden: {found}",
    },
    "seed": {
        "en": "expected a whole number 0..2^63-1, found {found}",
        "de": "erwartet: eine ganze Zahl 0..2^63-1, gefunden: {found}",
    },
    "program": {
        "en": "expected the program's version as text, found {found}",
        "de": "erwartet: die Version des Programms als Text, gefunden: {found}",
    },
    "ruleset_key": {
        "en": "expected a ruleset key such as {example!r}, found {found}",
        "de": "erwartet: der Schlüssel eines Regelwerks wie {example!r}, gefunden: {found}",
    },
    "rules_version": {
        "en": "expected the rules version as text, found {found}",
        "de": "erwartet: die Version der Regeln als Text, gefunden: {found}",
    },
    "unknown_ruleset": {
        "en": "the save plays the ruleset {key!r}, which this program does not have; "
        "known rulesets: {known}",
        "de": "der Spielstand spielt nach dem Regelwerk {key!r}, das dieses Programm nicht "
        "kennt; bekannte Regelwerke: {known}",
    },
    "commands_list": {
        "en": "expected a list of commands",
        "de": "erwartet: eine Liste von Befehlen",
    },
    "too_many_commands": {
        "en": "{count} commands; at most {limit}",
        "de": "{count} Befehle; höchstens {limit}",
    },
    "invalid_command": {"en": "invalid command: {error}", "de": "ungültiger Befehl: {error}"},
    "snapshot_object": {
        "en": "expected the state as an object",
        "de": "erwartet: der Spielzustand als Objekt",
    },
    "not_finite": {"en": "expected a finite number", "de": "erwartet: eine endliche Zahl"},
    # --- replaying
    "ruleset_changed": {
        "en": "the save plays {saved!r}, but its mission {mission} now plays {now!r}",
        "de": "der Spielstand spielt nach {saved!r}, seine Mission {mission} aber jetzt "
        "nach {now!r}",
    },
    "mission_changed": {
        "en": "{path}: the mission {mission} has changed since this save (saved sha256 "
        "{saved}..., now {now}...); the commands replayed to the saved state, so the save "
        "was loaded",
        "de": "{path}: die Mission {mission} wurde seit diesem Spielstand geändert "
        "(gespeichert sha256 {saved}..., jetzt {now}...); die Befehle führen beim "
        "Nachspielen zum gespeicherten Stand, daher wurde der Spielstand geladen",
    },
    "mission_changed_note": {
        "en": " (the mission {mission} has changed since this save)",
        "de": " (die Mission {mission} wurde seit diesem Spielstand geändert)",
    },
    "rules_note": {
        "en": " (the save was written{program} with {saved} of the {key} rules; this "
        "program plays version {version}: the rules have changed since)",
        "de": " (der Spielstand wurde{program} mit {saved} der Regeln {key} geschrieben; "
        "dieses Programm spielt Version {version}: die Regeln haben sich seitdem geändert)",
    },
    "rules_version_of": {"en": "version {version}", "de": "Version {version}"},
    "rules_version_unknown": {
        "en": "an unrecorded version",
        "de": "einer nicht vermerkten Version",
    },
    "by_program": {"en": " by Kampfkarte {program}", "de": " von Kampfkarte {program}"},
    "replay_refused": {
        "en": "command {index} ({kind} by {actor!r}) is refused on replay: {reason}{note}",
        "de": "Befehl {index} ({kind} von {actor!r}) wird beim Nachspielen abgelehnt: "
        "{reason}{note}",
    },
    "replay_error": {
        "en": "{error}{note}",
        "de": "die Befehle lassen sich nicht nachspielen: {error}{note}",
    },
    "replay_failed": {
        "en": "replaying failed: {name}: {error}{note}",
        "de": "Nachspielen fehlgeschlagen: {name}: {error}{note}",
    },
    "snapshot_differs": {
        "en": "the replayed state differs from the saved snapshot{note}; the save is "
        "corrupted or was written by a different version of the rules",
        "de": "der nachgespielte Stand weicht vom gespeicherten ab{note}; der Spielstand "
        "ist beschädigt oder wurde mit einer anderen Version der Regeln geschrieben",
    },
    "cannot_open_mission": {
        "en": "cannot open the mission {mission}: {error}",
        "de": "die Mission {mission} lässt sich nicht öffnen: {error}",
    },
    # --- the newest save that loads
    "mission_found": {
        "en": "{path}: the mission {mission} is gone; the same mission (by its hash) "
        "was found at {found} and is played from there",
        "de": "{path}: die Mission {mission} gibt es dort nicht mehr; dieselbe Mission "
        "(nach ihrer Prüfsumme) liegt unter {found} und wird von dort gespielt",
    },
    "seats_object": {
        "en": "expected an object (who plays which side)",
        "de": "erwartet: ein Objekt (wer welche Seite spielt)",
    },
    "seats_ignored": {
        "en": "{path}: the seats are not used ({why}); every side is seated as at a new game",
        "de": "{path}: die Sitzplätze werden nicht übernommen ({why}); jede Seite wird "
        "wie bei einem neuen Spiel besetzt",
    },
    "seats_unknown_side": {
        "en": "the match has no side {side}",
        "de": "das Gefecht hat keine Seite {side}",
    },
    "seats_side_twice": {
        "en": "the side {side} has two seats",
        "de": "die Seite {side} hat zwei Sitzplätze",
    },
    "seats_side_free": {
        "en": "nobody plays the side {side}",
        "de": "niemand spielt die Seite {side}",
    },
    "seats_malformed": {
        "en": "not a list of players",
        "de": "keine Liste von Spielern",
    },
    "no_autosave_here": {
        "en": "there is no autosave in this folder",
        "de": "in diesem Ordner gibt es keine automatische Sicherung",
    },
    "skipped": {
        "en": "Skipped a {what} that does not load: {problem}",
        "de": "Übersprungen ({what} lässt sich nicht laden): {problem}",
    },
    "nothing_to_load": {"en": "there is no {what} to load", "de": "es gibt {what} zum Laden"},
    "none_loads": {
        "en": "no {what} loads: {problems}",
        "de": "{what} lässt sich laden: {problems}",
    },
    "autosave_failed": {
        "en": "autosave failed: {error}",
        "de": "automatisches Speichern fehlgeschlagen: {error}",
    },
    # --- what the JSON reader found (game.match.datafiles)
    "json_constant": {
        "en": "{name} is not a number JSON allows",
        "de": "{name} ist keine Zahl, die JSON erlaubt",
    },
    "json_key_twice": {
        "en": "the key {key} appears twice in one object",
        "de": "der Schlüssel {key} steht zweimal in einem Objekt",
    },
    "json_too_deep": {
        "en": "lists or objects nest too deeply",
        "de": "Listen oder Objekte sind zu tief verschachtelt",
    },
    "json_long_number": {
        "en": "a number with too many digits",
        "de": "eine Zahl mit zu vielen Ziffern",
    },
    # --- JSON paths of a differing snapshot (game.match.record.first_difference)
    "path_missing": {"en": "{where} (missing)", "de": "{where} (fehlt)"},
    "path_unexpected": {"en": "{where} (unexpected)", "de": "{where} (unerwartet)"},
    "path_length": {
        "en": "{where} (length {saved} != {now})",
        "de": "{where} (Länge {saved} != {now})",
    },
}

#: The kinds of file ``load_newest`` looks through, in the cases the messages need.
_WHAT: Final[Mapping[str, Mapping[str, Texts]]] = {
    "save": {
        "a": {"en": "save", "de": "ein Spielstand"},
        "none_acc": {"en": "save", "de": "keinen Spielstand"},
        "none_nom": {"en": "save", "de": "kein Spielstand"},
    },
    "autosave": {
        "a": {"en": "autosave", "de": "eine automatische Sicherung"},
        "none_acc": {"en": "autosave", "de": "keine automatische Sicherung"},
        "none_nom": {"en": "autosave", "de": "keine automatische Sicherung"},
    },
}

#: The json module's syntax messages in German (others stay as json says them).
JSON_SYNTAX_DE: Final[Mapping[str, str]] = {
    "Expecting value": "erwartet: ein Wert",
    "Expecting ',' delimiter": "erwartet: ','",
    "Expecting ':' delimiter": "erwartet: ':'",
    "Expecting property name enclosed in double quotes": (
        "erwartet: ein Schlüssel in doppelten Anführungszeichen"
    ),
    "Unterminated string starting at": "nicht beendeter Text",
    "Invalid control character at": "unerlaubtes Steuerzeichen",
    "Invalid \\uXXXX escape": "ungültiges \\uXXXX-Zeichen",
    "Invalid \\escape": "ungültiges \\-Zeichen",
    "Extra data": "weitere Daten nach dem Ende",
    "Illegal trailing comma before end of object": "ein Komma vor dem Ende des Objekts",
    "Illegal trailing comma before end of array": "ein Komma vor dem Ende der Liste",
}

_KEY_TWICE = re.compile(r"^the key (.*) appears twice in one object$")
_PATH_NOTE = re.compile(r"^(.*) \((missing|unexpected|length (\d+) != (\d+))\)$")
#: How a ruleset says a key of a saved state is missing (``Ruleset.snapshot_problem``).
_MISSING = "missing"


def said(template: str, /, **values: object) -> dict[str, str]:
    """Return the save ``template`` in every language, filled with ``values``."""
    return fill(SAVE_TEMPLATES, template, **values)


def what_of(what: str, form: str) -> Texts:
    """Return how a kind of save ("save", "autosave") reads in ``form`` in every language."""
    known = _WHAT.get(what)
    if known is None:
        return {"en": what, "de": _WHAT["save"][form]["de"]}
    return known[form]


def json_syntax_de(message: str) -> str:
    """Return the json module's ``message`` in German where its start is known, else as is."""
    for english, german in JSON_SYNTAX_DE.items():
        if message.startswith(english):
            return german + message[len(english) :]
    return message


def json_problem(
    message: str, *, syntax: bool, constant: str | None, too_deep: bool
) -> dict[str, str]:
    """Return what the strict JSON reader refused, in every language."""
    if syntax:
        return {"en": message, "de": json_syntax_de(message)}
    if constant is not None:
        return said("json_constant", name=constant)
    if too_deep:
        return {"en": message, "de": said("json_too_deep")["de"]}
    twice = _KEY_TWICE.match(message)
    if twice:
        return said("json_key_twice", key=twice.group(1))
    if "integer string conversion" in message:
        return {"en": message, "de": said("json_long_number")["de"]}
    return {"en": message, "de": message}


def where_texts(where: str) -> dict[str, str]:
    """Return a JSON path with first_difference's note ("(missing)") in every language."""
    note = _PATH_NOTE.match(where)
    if note is None:
        return {"en": where, "de": where}
    path, kind = note.group(1), note.group(2)
    if kind == "missing":
        return said("path_missing", where=path)
    if kind == "unexpected":
        return said("path_unexpected", where=path)
    return said("path_length", where=path, saved=note.group(3), now=note.group(4))


def snapshot_problem_texts(message: str) -> dict[str, str]:
    """Return a ruleset's word on a malformed saved state in every language."""
    if message == _MISSING:
        return said("missing")
    return {"en": message, "de": message}


def newer_program(version: object, ours: int) -> dict[str, str]:
    """Return " (saved by a newer Kampfkarte)" for a version above ``ours``, else nothing."""
    if type(version) is int and version > ours:
        return said("newer_program")
    return {"en": "", "de": ""}


def replay_texts(error: ReplayError, note: Texts) -> dict[str, str]:
    """Return why the commands did not replay, in every language (the refusal's own too)."""
    command = error.command
    if error.rejected is None or command is None:
        return said("replay_error", error=str(error), note=note)
    return said(
        "replay_refused",
        index=error.index,
        kind=command.kind,
        actor=command.actor,
        reason=texts_of(error.rejected),
        note=note,
    )


def opening_texts(error: Exception) -> dict[str, str]:
    """Return why a mission did not open, in every language (a loader's problems too)."""
    texts = texts_of(error)
    texts["en"] = str(error)  # English stays exactly what the error says
    return texts


def text_in(message: object, language: str) -> str:
    """Return ``message`` in ``language``: its ``text(language)`` when it has one, else str."""
    text = getattr(message, "text", None)
    if callable(text):
        return str(text(language))
    render = getattr(message, "render", None)  # a loader's MissionError: its problem lines
    if callable(render):
        return str(render(language))
    texts = getattr(message, "texts", None)  # a CommandError
    if isinstance(texts, Mapping) and texts.get(language):
        return str(texts[language])
    return str(message)


def texts_of(message: object) -> dict[str, str]:
    """Return ``message`` (an error, a note, a text) in every language."""
    return {language: text_in(message, language) for language in LANGUAGES}


class SaveNote(str):
    """A warning for the player: the English text (as a str) that knows its German too."""

    texts: Mapping[str, str]

    def __new__(cls, texts: Texts | str) -> SaveNote:
        # A plain str too: copy and pickle rebuild a str subclass from its value.
        texts = {"en": texts} if isinstance(texts, str) else texts
        note = super().__new__(cls, texts["en"])
        note.texts = dict(texts)
        return note

    def text(self, language: str) -> str:
        """Return the warning in ``language`` (English where it has no such text)."""
        return self.texts.get(language) or str(self)


def autosave_failed(error: object) -> SaveNote:
    """Return the warning that the autosave failed because of ``error``."""
    return SaveNote(said("autosave_failed", error=texts_of(error)))
