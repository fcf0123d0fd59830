"""The texts of the mission loaders' problems in every language, in one table.

The loaders (native TOML, Universal VTT, Tiled) name a template and its values:
``mission_say("unknown_terrain", name="lava")`` returns the message per language, which
``Problem``/``problem_of`` and the checkers take. German uses the rulebook's words
(Feld, Wand, Tür, Wesen, Seite, Aufstellungszone). Fields are written "[x, y]".
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill
from game.missions.hardened_texts import HARDENED_TEMPLATES
from game.missions.import_texts import IMPORT_TEMPLATES

#: Template key -> language -> template text (same placeholders in each language).
_NATIVE_TEMPLATES: Final[Templates] = {
    # --- the TOML checker of mission files (game.missions.toml_checker)
    "table_expected": {
        "en": "{name}: found {found}; expected a table",
        "de": "{name}: gefunden: {found}; erwartet: eine Tabelle",
    },
    "unknown_key_in": {
        "en": "unknown key {key!r} in {name}{hint}; expected one of {allowed}",
        "de": "der Schlüssel {key!r} in {name} ist unbekannt{hint}; erwartet: einer von {allowed}",
    },
    "missing_key_in": {
        "en": "missing key {key!r} in {name}; expected {key} = ...",
        "de": "der Schlüssel {key!r} fehlt in {name}; erwartet: {key} = ...",
    },
    "string_expected": {
        "en": "{key}: found {found}; expected a string",
        "de": "{key}: gefunden: {found}; erwartet: ein Text",
    },
    "empty_text": {
        "en": "{key} is empty; expected some text",
        "de": "{key} ist leer; erwartet: ein Text",
    },
    "text_too_long": {
        "en": "{key} has {count} characters; expected at most {limit}",
        "de": "{key} hat {count} Zeichen; erwartet: höchstens {limit}",
    },
    "bad_identifier": {
        "en": "{key}: found {text!r}; expected a key of letters, digits, '_' and '-' "
        "(no spaces), like 'pirate_1'",
        "de": "{key}: gefunden: {text!r}; erwartet: ein Schlüssel aus Buchstaben, Ziffern, "
        "'_' und '-' (ohne Leerzeichen), etwa 'pirat_1'",
    },
    "integer_expected": {
        "en": "{key}: found {found}; expected an integer",
        "de": "{key}: gefunden: {found}; erwartet: eine ganze Zahl",
    },
    "integer_range": {
        "en": "{key} is {value}; expected an integer from {low} to {high}",
        "de": "{key} ist {value}; erwartet: eine ganze Zahl von {low} bis {high}",
    },
    "boolean_expected": {
        "en": "{key}: found {found}; expected true or false",
        "de": "{key}: gefunden: {found}; erwartet: true oder false",
    },
    "found_expected": {
        "en": "{key}: found {found}; expected {expected}",
        "de": "{key}: gefunden: {found}; erwartet: {expected}",
    },
    "strings_expected": {
        "en": "{key}: found {found}; expected an array of strings",
        "de": "{key}: gefunden: {found}; erwartet: eine Liste von Texten",
    },
    "too_many_entries": {
        "en": "{key} has {count} entries; expected at most {limit}",
        "de": "{key} hat {count} Einträge; erwartet: höchstens {limit}",
    },
    "tables_expected": {
        "en": "{key}: found {found}; expected [[{key}]] tables",
        "de": "{key}: gefunden: {found}; erwartet: [[{key}]]-Tabellen",
    },
    # --- what int_list expects
    "a_field": {"en": "a field [x, y], like [3, 5]", "de": "ein Feld [x, y], etwa [3, 5]"},
    "a_players_pair": {
        "en": "[min, max] players, like [2, 4]",
        "de": "[min, max] Spieler, etwa [2, 4]",
    },
    # --- [mission]
    "mission_invalid": {"en": "the mission is invalid", "de": "die Mission ist ungültig"},
    "bad_language": {
        "en": "{key}: found language {language!r}; expected a two-letter language code "
        "such as 'de' or 'en'",
        "de": "{key}: gefunden: Sprache {language!r}; erwartet: ein Sprachkürzel aus zwei "
        "Buchstaben wie 'de' oder 'en'",
    },
    "bad_description": {
        "en": "mission.description: found {found}; expected a string or a table of "
        'languages (de = "...", en = "...")',
        "de": "mission.description: gefunden: {found}; erwartet: ein Text oder eine Tabelle "
        'der Sprachen (de = "...", en = "...")',
    },
    "bad_players": {
        "en": "mission.players is [{low}, {high}]; expected [min, max] with 1 <= min <= max <= 99",
        "de": "mission.players ist [{low}, {high}]; erwartet: [min, max] mit 1 <= min <= max <= 99",
    },
    "unknown_ruleset": {
        "en": "unknown ruleset {key!r}{hint}; expected one of {listed}",
        "de": "das Regelwerk {key!r} ist unbekannt{hint}; erwartet: eines von {listed}",
    },
    # --- [map] and [legend] (game.missions.toml_map)
    "height_rows_disagree": {
        "en": "map.height is {height} but map.rows has {count} rows; expected them to agree",
        "de": "map.height ist {height}, aber map.rows hat {count} Zeilen; erwartet: gleich viele",
    },
    "rows_too_wide": {
        "en": "the rows are {width} fields wide; expected at most {limit}",
        "de": "die Zeilen sind {width} Felder breit; erwartet: höchstens {limit}",
    },
    "row_length": {
        "en": "row {number} (y={y}) has {count} fields; expected {first} like row 1 (all rows "
        "must have the same length)",
        "de": "Zeile {number} (y={y}) hat {count} Felder; erwartet: {first} wie Zeile 1 (alle "
        "Zeilen müssen gleich lang sein)",
    },
    "width_rows_disagree": {
        "en": "map.width is {width} but the rows are {first} fields wide; expected them to agree",
        "de": "map.width ist {width}, aber die Zeilen sind {first} Felder breit; erwartet: "
        "gleich breit",
    },
    "rows_kind": {
        "en": "map.rows: found {found}; expected a multi-line string of map characters "
        "(rows = '''...''') or an array of strings",
        "de": "map.rows: gefunden: {found}; erwartet: ein mehrzeiliger Text aus Kartenzeichen "
        "(rows = '''...''') oder eine Liste von Texten",
    },
    "no_rows": {
        "en": "map.rows has no rows; expected at least one row",
        "de": "map.rows hat keine Zeilen; erwartet: mindestens eine Zeile",
    },
    "too_many_rows": {
        "en": "map.rows has {count} rows; expected at most {limit}",
        "de": "map.rows hat {count} Zeilen; erwartet: höchstens {limit}",
    },
    "a_pixel_offset": {
        "en": "[x, y] in pixels, like [0, 0]",
        "de": "[x, y] in Pixeln, etwa [0, 0]",
    },
    "offset_range": {
        "en": "{key}.offset is {pair}; expected pixels from -{limit} to {limit}",
        "de": "{key}.offset ist {pair}; erwartet: Pixel von -{limit} bis {limit}",
    },
    "background_missing": {
        "en": "background image {relative!r} not found in the mission's folder ({folder}); "
        "expected a PNG or JPEG file there",
        "de": "das Hintergrundbild {relative!r} fehlt im Ordner der Mission ({folder}); "
        "erwartet: dort eine PNG- oder JPEG-Datei",
    },
    "background_problem": {
        "en": "background image {relative!r}: {problem}",
        "de": "Hintergrundbild {relative!r}: {problem}",
    },
    "legend_not_table": {
        "en": "[legend]: found {found}; expected a table",
        "de": "[legend]: gefunden: {found}; erwartet: eine Tabelle",
    },
    "legend_too_big": {
        "en": "[legend] has {count} entries; expected at most {limit}",
        "de": "[legend] hat {count} Einträge; erwartet: höchstens {limit}",
    },
    "legend_key": {
        "en": 'legend key {char!r}: expected exactly one visible character (no spaces), like "M"',
        "de": "Legendenschlüssel {char!r}: erwartet: genau ein sichtbares Zeichen (kein "
        'Leerzeichen), etwa "M"',
    },
    "other_character": {
        "en": "a character other than {chars!r}",
        "de": "ein anderes Zeichen als {chars!r}",
    },
    "default_redefined": {
        "en": "legend key {char!r} is a default legend character ({meaning}) and cannot be "
        "redefined; expected {others}",
        "de": "der Legendenschlüssel {char!r} ist ein Standardzeichen ({meaning}) und lässt "
        "sich nicht umdeuten; erwartet: {others}",
    },
    "default_keeps_meaning": {
        "en": "legend key {char!r} is a default legend character ({meaning}) and keeps its "
        'meaning; expected only a material added to it, {{ terrain = "{own}", material = '
        '"..." }}, or {others}',
        "de": "der Legendenschlüssel {char!r} ist ein Standardzeichen ({meaning}) und behält "
        'seine Bedeutung; erwartet: nur ein Material dazu, {{ terrain = "{own}", material = '
        '"..." }}, oder {others}',
    },
    "legend_entry": {"en": "legend entry {char!r}", "de": "Legendeneintrag {char!r}"},
    "terrain_and_door": {
        "en": 'legend entry {char!r} has terrain and door; expected either terrain = "..." '
        '(with material = "..." for furniture) or door = "..."',
        "de": "der Legendeneintrag {char!r} hat terrain und door; erwartet: entweder "
        'terrain = "..." (mit material = "..." für Möbel) oder door = "..."',
    },
    "entry_says_nothing": {
        "en": 'legend entry {char!r} says nothing; expected terrain = "...", material = "..." '
        'or door = "closed"/"open"',
        "de": 'der Legendeneintrag {char!r} sagt nichts; erwartet: terrain = "...", '
        'material = "..." oder door = "closed"/"open"',
    },
    "door_state": {
        "en": "{key}.door: found {door!r}; expected 'closed' or 'open'",
        "de": "{key}.door: gefunden: {door!r}; erwartet: 'closed' oder 'open'",
    },
    "terrain_only": {
        "en": '{key}.{name} applies to terrain entries only; expected it beside terrain = "..."',
        "de": '{key}.{name} gilt nur für Geländeeinträge; erwartet: neben terrain = "..."',
    },
    "default_character_expected": {
        "en": "expected a default character {chars!r}",
        "de": "erwartet: ein Standardzeichen {chars!r}",
    },
    "or_legend_character": {
        "en": " or one of [legend] {chars!r}",
        "de": " oder eines aus [legend] {chars!r}",
    },
    "times_in_all": {"en": "; {count} times in all", "de": "; insgesamt {count}-mal"},
    "not_indented": {
        "en": " (rows must not be indented)",
        "de": " (Zeilen dürfen nicht eingerückt sein)",
    },
    "unknown_map_character": {
        "en": "unknown map character {char!r} at x={x}, y={y}{times}{hint}; {expected}",
        "de": "das Kartenzeichen {char!r} auf Feld [{x}, {y}] ist unbekannt{times}{hint}; "
        "{expected}",
    },
    # --- [[sides]], [[creatures]], [[map.edges]] (toml_parties, toml_creatures, toml_edges)
    "side_key_twice": {
        "en": "side key {key!r} is used twice; expected unique keys",
        "de": "der Seitenschlüssel {key!r} kommt zweimal vor; erwartet: eindeutige Schlüssel",
    },
    "bad_colour": {
        "en": '{key}.colour: found {colour!r}; expected "#rrggbb", like "#c83232"',
        "de": '{key}.colour: gefunden: {colour!r}; erwartet: "#rrggbb", etwa "#c83232"',
    },
    "bad_controller": {
        "en": "{key}.controller: found {found}; expected 'player' or 'gm'",
        "de": "{key}.controller: gefunden: {found}; erwartet: 'player' oder 'gm'",
    },
    "deployment_kind": {
        "en": "{key}: found {found}; expected an array of rectangles [x0, y0, x1, y1] and "
        "fields [x, y]",
        "de": "{key}: gefunden: {found}; erwartet: eine Liste von Rechtecken [x0, y0, x1, y1] "
        "und Feldern [x, y]",
    },
    "a_rectangle_or_field": {
        "en": "a rectangle [x0, y0, x1, y1] or a field [x, y]",
        "de": "ein Rechteck [x0, y0, x1, y1] oder ein Feld [x, y]",
    },
    "bad_rectangle": {
        "en": "{key} is {numbers}; expected a rectangle [x0, y0, x1, y1] with x0 <= x1 and "
        "y0 <= y1",
        "de": "{key} ist {numbers}; erwartet: ein Rechteck [x0, y0, x1, y1] mit x0 <= x1 und "
        "y0 <= y1",
    },
    "zone_outside": {
        "en": "{key} reaches outside the {width}x{height} map; expected 0 <= x <= {max_x} and "
        "0 <= y <= {max_y}",
        "de": "{key} reicht über die {width}x{height}-Karte hinaus; erwartet: 0 <= x <= {max_x} "
        "und 0 <= y <= {max_y}",
    },
    "creature_key_twice": {
        "en": "creature key {key!r} is used twice; expected unique keys",
        "de": "der Wesensschlüssel {key!r} kommt zweimal vor; erwartet: eindeutige Schlüssel",
    },
    "none_declared": {"en": "none declared", "de": "keine angelegt"},
    "side_not_declared": {
        "en": "side {side!r} is not declared; expected a key of [[sides]] ({declared})",
        "de": "die Seite {side!r} ist nicht angelegt; erwartet: ein Schlüssel aus [[sides]] "
        "({declared})",
    },
    "bad_facing": {
        "en": "{key}.facing: found {found}; expected one of {allowed}",
        "de": "{key}.facing: gefunden: {found}; erwartet: eine von {allowed}",
    },
    "companion_unknown": {
        "en": "companion_of names {name!r}, which is not a creature of this mission; expected "
        "the key of another [[creatures]] entry",
        "de": "companion_of nennt {name!r}, aber kein Wesen dieser Mission heißt so; erwartet: "
        "der Schlüssel eines anderen [[creatures]]-Eintrags",
    },
    "companion_self": {
        "en": "creature {key!r} cannot be its own companion; expected the key of another creature",
        "de": "das Wesen {key!r} kann nicht sein eigener Begleiter sein; erwartet: der "
        "Schlüssel eines anderen Wesens",
    },
    "companion_before_alone": {
        "en": 'companion_before needs companion_of; expected companion_of = "<controller key>" too',
        "de": "companion_before braucht companion_of; erwartet: auch companion_of = "
        '"<Schlüssel des Führers>"',
    },
    "big_creature": {
        "en": " (a {size}x{size} creature from its top-left field)",
        "de": " (ein {size}x{size}-Wesen ab seinem Feld oben links)",
    },
    "creature_outside": {
        "en": "{key} is [{x}, {y}]{extent}, outside the {width}x{height} map; expected "
        "0 <= x <= {max_x} and 0 <= y <= {max_y}",
        "de": "{key} ist [{x}, {y}]{extent}, außerhalb der {width}x{height}-Karte; erwartet: "
        "0 <= x <= {max_x} und 0 <= y <= {max_y}",
    },
    "condition_twice": {
        "en": "condition {name!r} is listed twice",
        "de": "der Zustand {name!r} steht zweimal in der Liste",
    },
    "edge_twice": {
        "en": "the edge between {a} and {b} is already given by {first}; expected each edge once",
        "de": "die Kante zwischen {a} und {b} steht schon in {first}; erwartet: jede Kante einmal",
    },
    "edge_kind": {
        "en": "found {found}{hint}; expected one of {allowed}",
        "de": "gefunden: {found}{hint}; erwartet: eines von {allowed}",
    },
    "edge_open_wall": {
        "en": 'true on a wall (kind = "wall" or no kind); expected open = true only with '
        'kind = "door"',
        "de": 'true an einer Wand (kind = "wall" oder ohne kind); erwartet: open = true nur '
        'mit kind = "door"',
    },
    "field_outside": {
        "en": "field {shown} is outside the {width}x{height} map; expected x from 0 to {max_x} "
        "and y from 0 to {max_y}",
        "de": "das Feld {shown} liegt außerhalb der {width}x{height}-Karte; erwartet: x von 0 "
        "bis {max_x} und y von 0 bis {max_y}",
    },
    "fields_outside": {
        "en": "fields {shown} are outside the {width}x{height} map; expected x from 0 to "
        "{max_x} and y from 0 to {max_y}",
        "de": "die Felder {shown} liegen außerhalb der {width}x{height}-Karte; erwartet: x von "
        "0 bis {max_x} und y von 0 bis {max_y}",
    },
    "two_fields": {
        "en": "found {found}; expected two fields [[x1, y1], [x2, y2]]",
        "de": "gefunden: {found}; erwartet: zwei Felder [[x1, y1], [x2, y2]]",
    },
    "no_shared_edge": {
        "en": "fields {a} and {b} share no edge; expected orthogonal neighbours (one step left, "
        "right, up or down)",
        "de": "die Felder {a} und {b} haben keine gemeinsame Kante; erwartet: Nachbarn in "
        "gerader Linie (ein Schritt nach links, rechts, oben oder unten)",
    },
    # --- the file (game.missions.loader, game.missions.paths)
    "unknown_file_type": {
        "en": "unknown mission file type {suffix!r}; expected {expected}",
        "de": "unbekannte Art von Missionsdatei {suffix!r}; erwartet: {expected}",
    },
    "no_suffix": {"en": "(none)", "de": "(keine)"},
    "path_not_string": {
        "en": "referenced path {shown} is not a string; expected a file name",
        "de": "der Pfad {shown} ist kein Text; erwartet: ein Dateiname",
    },
    "path_empty": {
        "en": "referenced path {shown} is empty; expected a file name",
        "de": "der Pfad {shown} ist leer; erwartet: ein Dateiname",
    },
    "path_nul": {
        "en": "referenced path {shown} contains a NUL character",
        "de": "der Pfad {shown} enthält ein NUL-Zeichen",
    },
    "path_absolute": {
        "en": "referenced path {shown} is absolute; expected a path relative to the "
        "mission's folder",
        "de": "der Pfad {shown} ist absolut; erwartet: ein Pfad relativ zum Ordner der Mission",
    },
    "path_dotdot": {
        "en": "referenced path {shown} contains '..'; expected a path inside the mission's folder",
        "de": "der Pfad {shown} enthält '..'; erwartet: ein Pfad im Ordner der Mission",
    },
    "path_no_file": {
        "en": "referenced path {shown} names no file; expected a file name",
        "de": "der Pfad {shown} nennt keine Datei; erwartet: ein Dateiname",
    },
    "path_unresolved": {
        "en": "referenced path {relative!r} cannot be resolved: {detail}",
        "de": "der Pfad {relative!r} lässt sich nicht auflösen: {detail}",
    },
    "path_outside": {
        "en": "referenced path {relative!r} leads outside the mission's folder (to {real}); "
        "expected a file inside it (symbolic links out are not followed)",
        "de": "der Pfad {relative!r} führt aus dem Ordner der Mission hinaus (nach {real}); "
        "erwartet: eine Datei darin (symbolischen Links nach draußen wird nicht gefolgt)",
    },
    "file_not_found": {"en": "file not found: {path}", "de": "Datei nicht gefunden: {path}"},
    "not_a_regular_file": {
        "en": "{path} is not a regular file",
        "de": "{path} ist keine gewöhnliche Datei",
    },
    "file_too_big": {
        "en": "file is {size} bytes; expected at most {limit} bytes ({human})",
        "de": "die Datei hat {size} Bytes; erwartet: höchstens {limit} Bytes ({human})",
    },
    "file_larger_than": {
        "en": "file is larger than {limit} bytes ({human}); expected less",
        "de": "die Datei ist größer als {limit} Bytes ({human}); erwartet: weniger",
    },
    "cannot_read": {
        "en": "cannot read {path}: {detail}",
        "de": "{path} kann nicht gelesen werden: {detail}",
    },
    "not_utf8": {
        "en": "byte 0x{byte} is not valid UTF-8; expected a UTF-8 {what} file (save it "
        "with the encoding UTF-8)",
        "de": "das Byte 0x{byte} ist kein gültiges UTF-8; erwartet: eine {what}-Datei in "
        "UTF-8 (mit der Kodierung UTF-8 speichern)",
    },
    # --- the grid (game.missions.grid)
    "rows_mismatch": {
        "en": "the rows do not match the map's width and height",
        "de": "die Zeilen passen nicht zu Breite und Höhe der Karte",
    },
    "unknown_material": {
        "en": "unknown wall material {name!r}",
        "de": "das Wandmaterial {name!r} ist unbekannt",
    },
    "unknown_terrain": {
        "en": "unknown terrain kind {name!r}",
        "de": "die Geländeart {name!r} ist unbekannt",
    },
    "unknown_condition": {
        "en": "unknown condition {name!r}",
        "de": "der Zustand {name!r} ist unbekannt",
    },
    "unknown_character": {
        "en": "unknown map character {char!r} at x={x}, y={y}",
        "de": "das Kartenzeichen {char!r} auf Feld [{x}, {y}] ist unbekannt",
    },
    # --- playability warnings (game.missions.playability)
    "no_creature_placed": {
        "en": "the mission places no creature: it previews and prints, but no battle can "
        "begin until [[creatures]] (TOML) or objects of class 'creature' (Tiled) place some",
        "de": "die Mission stellt kein Wesen auf: sie lässt sich ansehen und drucken, aber "
        "kein Kampf beginnt, bis [[creatures]] (TOML) oder Objekte der Klasse 'creature' "
        "(Tiled) Wesen aufstellen",
    },
    "creature_label": {
        "en": "creature {key!r} at {field}",
        "de": "Wesen {key!r} auf Feld {field}",
    },
    "shares_field": {
        "en": "{label} shares field {field} with creature {other!r}; expected one creature "
        "per field",
        "de": "{label} teilt das Feld {field} mit dem Wesen {other!r}; erwartet: ein Wesen je Feld",
    },
    "on_foreign_deployment": {
        "en": "{label} of side {side!r} stands on the deployment zone of side {other!r}",
        "de": "{label} der Seite {side!r} steht in der Aufstellungszone der Seite {other!r}",
    },
    "companion_other_side": {
        "en": "companion {key!r} is on side {side!r} but its controller {master!r} is on "
        "side {master_side!r}",
        "de": "der Begleiter {key!r} gehört zur Seite {side!r}, sein Führer {master!r} aber "
        "zur Seite {master_side!r}",
    },
    "stands_in_wall": {
        "en": "{label} stands in a wall; it cannot move from there",
        "de": "{label} steht in einer Wand; es kann sich von dort nicht bewegen",
    },
    "stands_in_door": {
        "en": "{label} stands in a closed door; it cannot move from there",
        "de": "{label} steht in einer geschlossenen Tür; es kann sich von dort nicht bewegen",
    },
    "stands_on_hazard": {
        "en": "{label} stands on a hazard field",
        "de": "{label} steht auf einem Gefahrenfeld",
    },
    "side_empty": {
        "en": "side {side!r} has neither creatures nor a deployment zone",
        "de": "die Seite {side!r} hat weder Wesen noch eine Aufstellungszone",
    },
    "deployment_unusable": {
        "en": "the deployment zone of side {side!r} has no usable field: all {count} lie "
        "in walls, closed doors or hazards",
        "de": "die Aufstellungszone der Seite {side!r} hat kein nutzbares Feld: alle {count} "
        "liegen in Wänden, geschlossenen Türen oder Gefahren",
    },
    "no_sides": {
        "en": "the mission declares no sides",
        "de": "die Mission nennt keine Seiten",
    },
    "sides_apart": {
        "en": "side {a!r} cannot reach side {b!r} on foot (even with every door open): "
        "their deployment zones and creatures lie in separate areas",
        "de": "die Seite {a!r} kann die Seite {b!r} zu Fuß nicht erreichen (auch mit allen "
        "Türen offen): ihre Aufstellungszonen und Wesen liegen in getrennten Bereichen",
    },
    "legend_unused": {
        "en": "legend character {char!r} is never used on the map",
        "de": "das Zeichen {char!r} der Legende kommt auf der Karte nicht vor",
    },
}


#: Every mission loader's templates: native TOML, files and paths, imports, hardening.
MISSION_TEMPLATES: Final[Templates] = {
    **_NATIVE_TEMPLATES,
    **IMPORT_TEMPLATES,
    **HARDENED_TEMPLATES,
}


def mission_say(template: str, /, **values: object) -> dict[str, str]:
    """Return the mission template ``template`` in every language, filled with ``values``."""
    return fill(MISSION_TEMPLATES, template, **values)
