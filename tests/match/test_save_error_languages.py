"""Save errors speak one language at a time (issue 12 point 7, "i12").

``SaveError.text(language)`` gives file, where and what in that language; ``str()``
stays English; the warnings of a load (a changed mission, a skipped save) are English
strings that know their German.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
import string
from pathlib import Path

import pytest

from game.match.record import Match
from game.match.save_texts import (
    JSON_SYNTAX_DE,
    SAVE_TEMPLATES,
    SaveNote,
    autosave_failed,
    text_in,
    where_texts,
)
from game.match.saves import (
    MissionRef,
    SaveError,
    load_latest_autosave,
    load_newest,
    load_save,
    read_save,
    save_path,
    write_save,
)
from game.missions.loader import demo_mission_path
from game.missions.simulate import open_mission
from game.rulesets import RULESETS
from tests.match.test_toy_ruleset import HASH, WITH_TOY, opener, toy_match
from tests.match.toy_ruleset import Declare

RULE_ID = re.compile(r"(?<![A-Za-z])[EDQWG]-[A-Z0-9]")
#: Words of the English messages that must not show in a German one.
ENGLISH = re.compile(
    r"\b(the|file|is|empty|corrupted|truncated|expected|found|save|saves|line|column|not|"
    r"text|at|byte|missing|command|refused|replay|replayed|loads|skipped|autosave|mission "
    r"has|changed|since|failed|no)\b"
)


def _fields(template: str) -> list[tuple[str, str | None]]:
    found = {
        (name, conversion)
        for _, name, _, conversion in string.Formatter().parse(template)
        if name is not None
    }
    return sorted(found, key=lambda item: (item[0], item[1] or ""))


def _german_only(text: str, *paths: Path | str) -> None:
    """Assert ``text`` (with its file names taken out) has no English word in it."""
    for path in paths:
        text = text.replace(str(path), "")
    assert not ENGLISH.findall(text), text


def test_i12_every_save_template_has_de_and_en_with_the_same_placeholders() -> None:
    for key, texts in SAVE_TEMPLATES.items():
        assert set(texts) == {"de", "en"}, key
        assert texts["de"].strip() and texts["en"].strip(), key
        assert _fields(texts["de"]) == _fields(texts["en"]), key
        assert not any(RULE_ID.search(text) for text in texts.values()), key


def test_i12_the_json_syntax_table_knows_what_json_says() -> None:
    for source in ("", "{", '{"a" 1}', '{"a": 1,}', "[1 2]", "1 2", '"\\x"'):
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(source)
        assert any(caught.value.msg.startswith(english) for english in JSON_SYNTAX_DE), source


@pytest.mark.parametrize(
    ("content", "german", "english"),
    [
        (b"", "die Datei ist leer (unterbrochenes Speichern?)", "the file is empty"),
        (b"  \n", "die Datei ist leer", "the file is empty"),
        (b"\xff\xfe{", "kein UTF-8-Text bei Byte 0: beschädigt", "not UTF-8 text at byte 0"),
        (b'{"format": "kampf', "Zeile 1, Spalte 12: die Datei endet zu früh", "truncated"),
        (b'{"format": 1,}', "beschädigtes JSON: erwartet: ein Schlüssel", "corrupted JSON"),
        (b'{"a": 1, "a": 2}', "der Schlüssel 'a' steht zweimal", "appears twice"),
        (b'{"a": NaN}', "NaN ist keine Zahl", "NaN is not a number"),
        (b"[1]", "$: erwartet: ein Objekt auf der obersten Ebene", "top level"),
    ],
)
def test_i12_a_broken_save_reads_german_with_its_file_name(
    tmp_path: Path, content: bytes, german: str, english: str
) -> None:
    path = tmp_path / "kaputt.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        read_save(path, RULESETS)
    error = caught.value
    text = error.text("de")
    assert text.startswith(f"{path}: ") and german in text
    _german_only(text, path)
    assert str(error) == error.text("en") and english in str(error)
    assert german not in str(error)


def test_i12_str_of_a_save_error_stays_the_english_message(tmp_path: Path) -> None:
    path = tmp_path / "leer.json"
    path.write_bytes(b"")
    with pytest.raises(SaveError) as caught:
        read_save(path, RULESETS)
    assert str(caught.value) == f"{path}: the file is empty (an interrupted save?)"
    assert caught.value.message == "the file is empty (an interrupted save?)"
    assert caught.value.where == ""


def test_i12_a_missing_save_file_and_a_bad_name_read_german(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as missing:
        read_save(tmp_path / "weg.json", RULESETS)
    assert missing.value.text("de").endswith("die Datei gibt es nicht")
    with pytest.raises(SaveError) as named:
        save_path(tmp_path, "../draußen")
    assert "einfacher Dateiname" in named.value.text("de")
    assert "plain file name" in str(named.value)


def _document(**changes: object) -> bytes:
    base: dict[str, object] = {
        "format": "kampfkarte-save",
        "version": 1,
        "mission": {"path": "m.toml", "sha256": "a" * 64},
        "seed": 1,
        "commands": [],
        "snapshot": {},
    }
    base.update(changes)
    return json.dumps(base).encode()


@pytest.mark.parametrize(
    ("changes", "where", "german"),
    [
        ({"format": "x"}, "$.format", "(kein Spielstand von Kampfkarte)"),
        ({"version": 7}, "$.version", "(von einer neueren Kampfkarte gespeichert)"),
        ({"seed": -1}, "$.seed", "erwartet: eine ganze Zahl 0..2^63-1, gefunden: -1"),
        ({"commands": {}}, "$.commands", "erwartet: eine Liste von Befehlen"),
        ({"commands": [{"kind": "nope"}]}, "$.commands[0]", "die Befehlsart 'nope'"),
        ({}, "$.snapshot.creatures", "fehlt"),
    ],
)
def test_i12_a_wrong_field_reads_german_and_names_its_place(
    tmp_path: Path, changes: dict[str, object], where: str, german: str
) -> None:
    path = tmp_path / "feld.json"
    path.write_bytes(_document(**changes))
    with pytest.raises(SaveError) as caught:
        read_save(path, RULESETS)
    assert caught.value.where == where
    assert caught.value.text("de").startswith(f"{path}: {where}: ")
    assert german in caught.value.text("de")


def _demo_save(folder: Path, name: str, sha256: str | None = None) -> Path:
    mission = str(demo_mission_path())
    opened = open_mission(mission)
    match = Match(opened.ruleset, opened.setup, opened.catalogue, 5)
    return write_save(match, folder, name, MissionRef(mission, sha256 or opened.sha256))


def test_i12_a_command_the_replay_refuses_reads_german_with_the_rules_note(
    tmp_path: Path,
) -> None:
    path = _demo_save(tmp_path, "alt")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["commands"].insert(0, {"kind": "end_turn", "actor": "nobody"})
    document["ruleset"]["version"] = "0"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_save(path, open_mission, RULESETS)
    text = caught.value.text("de")
    assert "Befehl 0 (end_turn von 'nobody') wird beim Nachspielen abgelehnt" in text
    assert "mit Version 0 der Regeln" in text and "die Regeln haben sich seitdem geändert" in text
    assert "is refused on replay" in str(caught.value)
    assert "the rules have changed since" in str(caught.value)


def test_i12_a_changed_mission_warns_in_both_languages(tmp_path: Path) -> None:
    path = _demo_save(tmp_path, "slot", sha256="cd" * 32)
    loaded = load_save(path, open_mission, RULESETS)
    (warning,) = loaded.warnings
    assert isinstance(warning, SaveNote)
    assert "has changed since this save" in warning  # the str is English, as before
    assert "wurde seit diesem Spielstand geändert" in text_in(warning, "de")
    assert text_in(warning, "en") == str(warning)


def test_i12_a_differing_snapshot_names_its_place_in_german(tmp_path: Path) -> None:
    path = _demo_save(tmp_path, "slot")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["snapshot"]["creatures"][0]["extra"] = 1  # the replay has no such key
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_save(path, open_mission, RULESETS)
    assert caught.value.where.endswith(" (missing)")
    text = caught.value.text("de")
    assert "(fehlt): der nachgespielte Stand weicht vom gespeicherten ab" in text
    _german_only(text, path)


def test_i12_where_texts_translate_the_notes_of_a_json_path() -> None:
    assert where_texts("$.a (missing)")["de"] == "$.a (fehlt)"
    assert where_texts("$.a.b (unexpected)")["de"] == "$.a.b (unerwartet)"
    assert where_texts("$.c (length 2 != 3)")["de"] == "$.c (Länge 2 != 3)"
    assert where_texts("$.d (1 != 2)") == {"en": "$.d (1 != 2)", "de": "$.d (1 != 2)"}


def test_i12_no_save_that_loads_lists_every_attempt_in_german(tmp_path: Path) -> None:
    empty = tmp_path / "autosave-1.json"
    empty.write_bytes(b"")
    cut = tmp_path / "autosave-2.json"
    cut.write_bytes(b'{"format": "kampf')
    with pytest.raises(SaveError) as caught:
        load_latest_autosave(tmp_path, opener, WITH_TOY)
    text = caught.value.text("de")
    assert text.startswith(f"{tmp_path}: keine automatische Sicherung lässt sich laden: ")
    assert f"{empty}: die Datei ist leer" in text and f"{cut}: Zeile 1, Spalte 12" in text
    _german_only(text, empty, cut, tmp_path)
    assert str(caught.value).startswith(f"{tmp_path}: no autosave loads: ")


def test_i12_a_skipped_save_is_a_warning_in_both_languages(tmp_path: Path) -> None:
    broken = tmp_path / "neu.json"
    broken.write_bytes(b"\xff")
    match = toy_match()
    match.apply(Declare("anna", 2))
    good = write_save(match, tmp_path, "alt", MissionRef("toy.toml", HASH))
    loaded = load_newest([broken, good], opener, WITH_TOY)
    (warning,) = loaded.warnings
    assert warning.startswith("Skipped a save that does not load: ")
    german = text_in(warning, "de")
    assert german.startswith("Übersprungen (ein Spielstand lässt sich nicht laden): ")
    assert f"{broken}: kein UTF-8-Text" in german
    _german_only(german, broken)


def test_i12_nothing_to_load_reads_german() -> None:
    with pytest.raises(SaveError) as caught:
        load_newest([], opener, WITH_TOY)
    assert caught.value.text("de") == ": es gibt keinen Spielstand zum Laden"
    assert str(caught.value) == ": there is no save to load"


def test_i12_a_failed_autosave_warns_in_both_languages(tmp_path: Path) -> None:
    note = autosave_failed(OSError(28, "No space left on device"))
    assert note == "autosave failed: [Errno 28] No space left on device"
    assert note.text("de").startswith("automatisches Speichern fehlgeschlagen: ")
    refused = SaveError(tmp_path / "x.json", "", {"en": "too big", "de": "zu groß"})
    assert autosave_failed(refused).text("de").endswith("x.json: zu groß")


def test_i12_a_save_note_survives_a_copy_with_its_german() -> None:
    note = SaveNote({"en": "the mission changed", "de": "die Mission ist neu"})
    for copied in (copy.deepcopy(note), pickle.loads(pickle.dumps(note))):
        assert isinstance(copied, SaveNote) and copied == "the mission changed"
        assert copied.text("de") == "die Mission ist neu"
    assert SaveNote("only English").text("de") == "only English"
