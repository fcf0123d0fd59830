"""The texts of the hardened loaders (issue 13): load budgets, project folders, non-missions.

One table, every language; :func:`game.missions.loader_texts.mission_say` finds them.
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates

#: Template key -> language -> template text (same placeholders in each language).
HARDENED_TEMPLATES: Final[Templates] = {
    "load_budget": {
        "en": "reading this file takes the map's files over {limit} bytes ({human}) read "
        "together ({spent} bytes read before it); expected a map whose tilesets and images "
        "are smaller together",
        "de": "mit dieser Datei lesen die Dateien der Karte zusammen mehr als {limit} Bytes "
        "({human}) (vorher schon {spent} Bytes); erwartet: eine Karte, deren Tilesets und "
        "Bilder zusammen kleiner sind",
    },
    "load_parse_budget": {
        "en": "reading this file takes the map's XML and JSON files over {limit} bytes "
        "({human}) together ({spent} bytes before it); expected a map whose tileset files "
        "are smaller together",
        "de": "mit dieser Datei haben die XML- und JSON-Dateien der Karte zusammen mehr als "
        "{limit} Bytes ({human}) (vorher schon {spent} Bytes); erwartet: eine Karte, deren "
        "Tileset-Dateien zusammen kleiner sind",
    },
    "path_outside_project": {
        "en": "referenced path {relative!r} contains '..' and leads outside the map's folder "
        "(to {real}); expected a file inside the map's folder or its Tiled project folder "
        "(the folder above the map with a .tiled-project file), or the folder named with "
        "--assets DIR",
        "de": "der Pfad {relative!r} enthält '..' und führt aus dem Ordner der Karte hinaus "
        "(nach {real}); erwartet: eine Datei im Ordner der Karte oder in ihrem Tiled-"
        "Projektordner (dem Ordner über der Karte mit einer .tiled-project-Datei) oder in "
        "dem mit --assets ORDNER genannten Ordner",
    },
    "path_outside_roots": {
        "en": "referenced path {relative!r} leads outside the map's folder and its project "
        "folder (to {real}); expected a file inside them (symbolic links out are not followed)",
        "de": "der Pfad {relative!r} führt aus dem Ordner der Karte und ihrem Projektordner "
        "hinaus (nach {real}); erwartet: eine Datei darin (symbolischen Links nach draußen "
        "wird nicht gefolgt)",
    },
    "not_a_tiled_map": {
        "en": "this XML file is not a Tiled map; expected a .tmx file whose root element is <map>",
        "de": "diese XML-Datei ist keine Tiled-Karte; erwartet: eine .tmx-Datei mit dem "
        "Wurzelelement <map>",
    },
    "tileset_not_map": {
        "en": "this file is a Tiled tileset, not a map: its root element is <tileset>; "
        "expected <map> (open the .tmx map that uses it)",
        "de": "diese Datei ist ein Tiled-Tileset, keine Karte: ihr Wurzelelement ist "
        "<tileset>; erwartet: <map> (öffne die .tmx-Karte, die es verwendet)",
    },
    "not_a_tileset": {
        "en": "this XML file is not a Tiled tileset; expected a .tsx file whose root element "
        "is <tileset>",
        "de": "diese XML-Datei ist kein Tiled-Tileset; erwartet: eine .tsx-Datei mit dem "
        "Wurzelelement <tileset>",
    },
    "not_a_mission_toml": {
        "en": "this file is not a mission: it is no TOML ({error}); expected a mission file "
        "with [mission] and [map]",
        "de": "diese Datei ist keine Mission: sie ist kein TOML ({error}); erwartet: eine "
        "Missionsdatei mit [mission] und [map]",
    },
    "not_a_json_mission": {
        "en": "this file is not a mission: its top level is no JSON object; expected a "
        "Universal VTT or Tiled map",
        "de": "diese Datei ist keine Mission: ihre oberste Ebene ist kein JSON-Objekt; "
        "erwartet: eine Universal-VTT- oder Tiled-Karte",
    },
    "not_a_json_tileset": {
        "en": "this file is not a Tiled tileset: its top level is no JSON object",
        "de": "diese Datei ist kein Tiled-Tileset: ihre oberste Ebene ist kein JSON-Objekt",
    },
    "not_a_mission": {
        "en": "this file is not a mission: it has neither [mission] nor [map]; expected a "
        "mission file with both",
        "de": "diese Datei ist keine Mission: sie hat weder [mission] noch [map]; erwartet: "
        "eine Missionsdatei mit beiden",
    },
    "webp_not_decodable": {
        "en": "the WebP picture cannot be shown here: this pygame cannot decode WebP; the "
        "map's walls and doors are imported without background. Export the map again "
        "with PNG as the image format",
        "de": "das WebP-Bild kann hier nicht gezeigt werden: dieses pygame kann WebP nicht "
        "lesen; Wände und Türen der Karte werden ohne Hintergrund übernommen. Exportiere "
        "die Karte noch einmal mit PNG als Bildformat",
    },
}
