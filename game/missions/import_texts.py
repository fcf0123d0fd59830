"""The texts of the import loaders' problems (JSON, Tiled, Universal VTT, images), de and en.

Part of the mission loaders' one table (``game.missions.loader_texts.MISSION_TEMPLATES``
merges it); kept apart so that neither file grows too long.
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates

#: Template key -> language -> template text (same placeholders in each language).
IMPORT_TEMPLATES: Final[Templates] = {
    # --- JSON files (game.missions.json_reading: Universal VTT, Tiled .tmj)
    "json_too_deep_levels": {
        "en": "JSON is nested {depth} levels deep; expected at most {limit}",
        "de": "das JSON ist {depth} Ebenen tief verschachtelt; erwartet: höchstens {limit}",
    },
    "json_too_deep": {
        "en": "JSON is nested too deeply; expected at most {limit}",
        "de": "das JSON ist zu tief verschachtelt; erwartet: höchstens {limit}",
    },
    "json_invalid": {"en": "not valid JSON: {detail}", "de": "kein gültiges JSON: {detail}"},
    "json_constant": {
        "en": "JSON contains {constant}; expected finite numbers",
        "de": "das JSON enthält {constant}; erwartet: endliche Zahlen",
    },
    "json_found_expected": {
        "en": "found {found}; expected {expected}",
        "de": "gefunden: {found}; erwartet: {expected}",
    },
    "json_missing_key": {"en": "missing key {name!r}", "de": "der Schlüssel {name!r} fehlt"},
    "an_object": {"en": "an object", "de": "ein Objekt"},
    "a_list": {"en": "a list", "de": "eine Liste"},
    "a_number": {"en": "a number", "de": "eine Zahl"},
    "a_number_from": {
        "en": "a number from {low} to {high}",
        "de": "eine Zahl von {low} bis {high}",
    },
    "a_whole_number_from": {
        "en": "a whole number from {low} to {high}",
        "de": "eine ganze Zahl von {low} bis {high}",
    },
    "a_string": {"en": "a string", "de": "ein Text"},
    "true_or_false": {"en": "true or false", "de": "true oder false"},
    # --- Tiled maps (game.missions.tiled*)
    "xml_not_well_formed": {
        "en": "not well-formed XML: {detail}",
        "de": "kein wohlgeformtes XML: {detail}",
    },
    "xml_forbidden": {
        "en": "{detail}; expected a plain Tiled file",
        "de": "{detail}; erwartet: eine einfache Tiled-Datei",
    },
    "xml_no_root": {"en": "the XML has no root element", "de": "das XML hat kein Wurzelelement"},
    "xml_declaration": {
        "en": "found {marker}: internal declarations (a [...] part in <!DOCTYPE>) and entities "
        "are not allowed; expected a plain Tiled file (a plain <!DOCTYPE map SYSTEM ...> line "
        "is fine; open and save the map in a current Tiled to drop the rest)",
        "de": "gefunden: {marker}: interne Deklarationen (ein Teil [...] in <!DOCTYPE>) und "
        "Entities sind nicht erlaubt; erwartet: eine einfache Tiled-Datei (eine einfache "
        "Zeile <!DOCTYPE map SYSTEM ...> ist in Ordnung; die Karte in einem aktuellen Tiled "
        "öffnen und speichern entfernt den Rest)",
    },
    "tiled_unknown_suffix": {
        "en": "unknown suffix {suffix!r}; expected .tmx, .tmj or .json",
        "de": "unbekannte Dateiendung {suffix!r}; erwartet: .tmx, .tmj oder .json",
    },
    "map_unreadable": {"en": "the map cannot be read", "de": "die Karte kann nicht gelesen werden"},
    "tiled_not_a_map": {
        "en": "found type {found}; expected 'map' (is this a tileset?)",
        "de": "gefunden: Typ {found}; erwartet: 'map' (ist das ein Tileset?)",
    },
    "tiled_infinite": {
        "en": "layer data is in chunks (an infinite map); expected plain data",
        "de": "die Ebene ist in Stücken gespeichert (eine unendliche Karte); erwartet: "
        "einfache Daten",
    },
    # --- Tiled values, layers, tilesets, walls, terrain (game.missions.tiled_*)
    "missing_attribute": {
        "en": "missing attribute {name!r}; expected a whole number",
        "de": "das Attribut {name!r} fehlt; erwartet: eine ganze Zahl",
    },
    "attribute_not_whole": {
        "en": "attribute {name}={text!r}; expected a whole number",
        "de": "Attribut {name}={text!r}; erwartet: eine ganze Zahl",
    },
    "attribute_range": {
        "en": "attribute {name}={value}; expected a number from {low} to {high}",
        "de": "Attribut {name}={value}; erwartet: eine Zahl von {low} bis {high}",
    },
    "attribute_not_number": {
        "en": "attribute {name}={text!r}; expected a number",
        "de": "Attribut {name}={text!r}; erwartet: eine Zahl",
    },
    "attribute_not_finite": {
        "en": "attribute {name}={text!r}; expected a finite number",
        "de": "Attribut {name}={text!r}; erwartet: eine endliche Zahl",
    },
    "property_without_name": {
        "en": 'property without a name; expected name="..."',
        "de": 'Eigenschaft ohne Namen; erwartet: name="..."',
    },
    "property_bad_value": {
        "en": "property {name!r} of type {kind!r} has value {raw!r}",
        "de": "die Eigenschaft {name!r} vom Typ {kind!r} hat den Wert {raw!r}",
    },
    "property_not_string": {
        "en": "property {name!r} is {shown}; expected a string",
        "de": "die Eigenschaft {name!r} ist {shown}; erwartet: ein Text",
    },
    "map_property_long": {
        "en": "map property {name!r} is {count} characters; at most 200",
        "de": "die Karteneigenschaft {name!r} hat {count} Zeichen; höchstens 200",
    },
    "orientation": {
        "en": "map orientation is {found!r}; expected 'orthogonal' (isometric, staggered and "
        "hexagonal maps are not supported)",
        "de": "die Kartenausrichtung ist {found!r}; erwartet: 'orthogonal' (isometrische, "
        "versetzte und sechseckige Karten werden nicht unterstützt)",
    },
    "infinite_map": {
        "en": "the map is infinite; expected a fixed-size map (uncheck 'Infinite' in Tiled's "
        "map properties)",
        "de": "die Karte ist unendlich; erwartet: eine Karte fester Größe (in Tileds "
        "Karteneigenschaften 'Infinite' abwählen)",
    },
    "too_many": {"en": "more than {limit} {what}", "de": "mehr als {limit} {what}"},
    "tilesets": {"en": "tilesets", "de": "Tilesets"},
    "tile_layers": {"en": "tile layers", "de": "Kachelebenen"},
    "objects": {"en": "objects", "de": "Objekte"},
    "layer_size": {
        "en": "layer is {width}x{height} tiles; expected the map's {map_width}x{map_height}",
        "de": "die Ebene hat {width}x{height} Kacheln; erwartet: die {map_width}x{map_height} "
        "der Karte",
    },
    "layer_no_data": {
        "en": "layer has no <data>; expected its tiles",
        "de": "die Ebene hat kein <data>; erwartet: ihre Kacheln",
    },
    "layer_tile_count": {
        "en": "layer data holds {count} {what}; expected {expected}",
        "de": "die Ebene enthält {count} {what}; erwartet: {expected}",
    },
    "layer_encoding": {
        "en": "layer encoding {encoding!r}; expected 'csv', 'base64' or none",
        "de": "Kodierung der Ebene {encoding!r}; erwartet: 'csv', 'base64' oder keine",
    },
    "layer_encoding_json": {
        "en": "found {found}; expected 'csv' or 'base64'",
        "de": "gefunden: {found}; erwartet: 'csv' oder 'base64'",
    },
    "too_many_points": {
        "en": "more than {limit} points; expected fewer",
        "de": "mehr als {limit} Punkte; erwartet: weniger",
    },
    "points_at_most": {
        "en": "{count} points; expected at most {limit}",
        "de": "{count} Punkte; erwartet: höchstens {limit}",
    },
    "layer_not_base64": {
        "en": "layer data is not valid base64",
        "de": "die Daten der Ebene sind kein gültiges Base64",
    },
    "layer_zstd": {
        "en": "layer data is zstd-compressed; expected CSV, uncompressed base64, zlib or gzip "
        "(change the layer format in Tiled's map properties)",
        "de": "die Daten der Ebene sind mit zstd gepackt; erwartet: CSV, ungepacktes Base64, "
        "zlib oder gzip (das Ebenenformat in Tileds Karteneigenschaften ändern)",
    },
    "layer_decompress": {
        "en": "layer data cannot be {compression}-decompressed: {detail}",
        "de": "die Daten der Ebene lassen sich nicht mit {compression} entpacken: {detail}",
    },
    "layer_too_long": {
        "en": "layer data decompresses to more than {size} bytes or is cut short; expected "
        "exactly {count} tiles",
        "de": "die Daten der Ebene entpacken zu mehr als {size} Bytes oder sind abgeschnitten; "
        "erwartet: genau {count} Kacheln",
    },
    "unknown_compression": {
        "en": "unknown compression {name!r}; expected none, 'zlib' or 'gzip'",
        "de": "unbekannte Kompression {name!r}; erwartet: keine, 'zlib' oder 'gzip'",
    },
    "layer_bytes": {
        "en": "layer data holds {size} bytes ({tiles} tiles); expected {count} tiles "
        "({expected} bytes)",
        "de": "die Daten der Ebene haben {size} Bytes ({tiles} Kacheln); erwartet: {count} "
        "Kacheln ({expected} Bytes)",
    },
    "csv_tile": {
        "en": "tile {index} of the CSV data is {item!r}; expected a global tile id (a whole "
        "number from 0 to 4294967295)",
        "de": "Kachel {index} der CSV-Daten ist {item!r}; erwartet: eine globale Kachel-ID "
        "(eine ganze Zahl von 0 bis 4294967295)",
    },
    "json_tile": {
        "en": "found {found}; expected a global tile id (0..4294967295)",
        "de": "gefunden: {found}; erwartet: eine globale Kachel-ID (0..4294967295)",
    },
    "tiles": {"en": "tiles", "de": "Kacheln"},
    "tile_elements": {"en": "<tile>s", "de": "<tile>-Elemente"},
    "image_without_source": {
        "en": 'image without a source; expected source="<file>"',
        "de": 'Bild ohne Quelle; erwartet: source="<Datei>"',
    },
    "tileset_without_folder": {
        "en": "external tileset {source!r} cannot be read without a folder",
        "de": "das externe Tileset {source!r} lässt sich ohne Ordner nicht lesen",
    },
    "tileset_suffix": {
        "en": "external tileset {source!r}: expected a .tsx, .tsj or .json file",
        "de": "externes Tileset {source!r}: erwartet: eine .tsx-, .tsj- oder .json-Datei",
    },
    "uses_template": {
        "en": "object uses a template; expected a plain object (detach the template in Tiled)",
        "de": "das Objekt nutzt eine Vorlage; erwartet: ein einfaches Objekt (die Vorlage in "
        "Tiled lösen)",
    },
    "too_many_edges": {
        "en": "wall and door objects on grid lines give more than {limit} edges; expected at "
        "most {limit}",
        "de": "Wand- und Türobjekte auf Rasterlinien ergeben mehr als {limit} Kanten; "
        "erwartet: höchstens {limit}",
    },
    "open_not_bool": {
        "en": "property 'open' is {value!r}; expected a bool (true/false)",
        "de": "die Eigenschaft 'open' ist {value!r}; erwartet: ein bool (true/false)",
    },
    "wall_shape": {
        "en": "{kind} object is {article} {shape}; expected a rectangle, polyline, polygon or "
        "point",
        "de": "das Objekt {kind} ist {article} {shape}; erwartet: ein Rechteck, eine "
        "Polylinie, ein Polygon oder ein Punkt",
    },
    "rotated_rectangle": {
        "en": "rectangle is rotated by {angle}°; expected no rotation (draw a polygon or "
        "polyline instead)",
        "de": "das Rechteck ist um {angle}° gedreht; erwartet: keine Drehung (stattdessen ein "
        "Polygon oder eine Polylinie zeichnen)",
    },
    "wall_work": {
        "en": "wall and door objects take more than {limit} field steps; expected shorter "
        "walls inside the map",
        "de": "Wand- und Türobjekte brauchen mehr als {limit} Feldschritte; erwartet: kürzere "
        "Wände innerhalb der Karte",
    },
    "firstgid_overlap": {
        "en": "tileset {after!r} starts at firstgid {firstgid}, inside the ids of tileset "
        "{before!r} (from {start}); expected separate id ranges",
        "de": "das Tileset {after!r} beginnt bei firstgid {firstgid}, mitten in den IDs des "
        "Tilesets {before!r} (ab {start}); erwartet: getrennte ID-Bereiche",
    },
    "terrain_unknown": {
        "en": "{label}: terrain {value!r} is neither a legend character ({chars}) nor a "
        "terrain key of the catalogue ({known})",
        "de": "{label}: das Gelände {value!r} ist weder ein Zeichen der Legende ({chars}) noch "
        "eine Geländeart des Katalogs ({known})",
    },
    "terrain_kinds_full": {
        "en": "too many terrain kinds; no legend character left for {value!r}",
        "de": "zu viele Geländearten; kein Zeichen der Legende frei für {value!r}",
    },
    "gid_unknown": {
        "en": "layer {layer!r}: tile at x={x}, y={y} has global id {gid}, which no tileset "
        "holds; expected an id of {ranges}",
        "de": "Ebene {layer!r}: die Kachel auf Feld [{x}, {y}] hat die globale ID {gid}, die "
        "kein Tileset enthält; erwartet: eine ID aus {ranges}",
    },
    "gid_more": {
        "en": "layer {layer!r}: {count} more global ids no tileset holds",
        "de": "Ebene {layer!r}: {count} weitere globale IDs, die kein Tileset enthält",
    },
    "missing_terrain": {
        "en": "missing property 'terrain'; expected a terrain",
        "de": "die Eigenschaft 'terrain' fehlt; erwartet: ein Gelände",
    },
    "area_work": {
        "en": "terrain objects take more than {limit} field tests; expected fewer or simpler "
        "shapes",
        "de": "Geländeobjekte brauchen mehr als {limit} Feldprüfungen; erwartet: weniger oder "
        "einfachere Formen",
    },
    "area_shape": {
        "en": "terrain object is a {shape}{rotated}; expected an unrotated rectangle with an "
        "area, a polygon or a point",
        "de": "das Geländeobjekt ist eine Form {shape}{rotated}; erwartet: ein ungedrehtes "
        "Rechteck mit Fläche, ein Polygon oder ein Punkt",
    },
    "rotated_by": {"en": " rotated by {angle}°", "de": ", gedreht um {angle}°"},
    # --- Tiled objects: sides, deployment zones, creatures (game.missions.tiled_objects)
    "count_at_most": {
        "en": "{count} {what}; expected at most {limit}",
        "de": "{count} {what}; erwartet: höchstens {limit}",
    },
    "sides": {"en": "sides", "de": "Seiten"},
    "creatures": {"en": "creatures", "de": "Wesen"},
    "missing_side": {
        "en": "missing property 'side'; expected the side's key",
        "de": "die Eigenschaft 'side' fehlt; erwartet: der Schlüssel der Seite",
    },
    "bad_side_key": {
        "en": "property 'side' is {side!r}; expected a key of letters, digits, '_' and '-' "
        "(no spaces), like 'pirates'",
        "de": "die Eigenschaft 'side' ist {side!r}; erwartet: ein Schlüssel aus Buchstaben, "
        "Ziffern, '_' und '-' (ohne Leerzeichen), etwa 'piraten'",
    },
    "creature_pixel_outside": {
        "en": "creature at pixel ({x}, {y}) is on field [{fx}, {fy}], outside the "
        "{width}x{height} map",
        "de": "das Wesen bei Pixel ({x}, {y}) steht auf Feld [{fx}, {fy}], außerhalb der "
        "{width}x{height}-Karte",
    },
    "deployment_shape": {
        "en": "deployment object is a {shape}; expected a rectangle",
        "de": "das Aufstellungsobjekt ist eine Form {shape}; erwartet: ein Rechteck",
    },
    "deployment_rotated": {
        "en": "deployment rectangle is rotated by {angle}°; expected no rotation",
        "de": "das Aufstellungsrechteck ist um {angle}° gedreht; erwartet: keine Drehung",
    },
    "deployment_size": {
        "en": "deployment rectangle is {width}x{height} pixels; expected a positive width and "
        "height",
        "de": "das Aufstellungsrechteck hat {width}x{height} Pixel; erwartet: positive Breite "
        "und Höhe",
    },
    "deployment_pixel_outside": {
        "en": "deployment rectangle at pixel ({x}, {y}) lies outside the {width}x{height} map",
        "de": "das Aufstellungsrechteck bei Pixel ({x}, {y}) liegt außerhalb der "
        "{width}x{height}-Karte",
    },
    "bad_controller_property": {
        "en": "property 'controller' is {raw!r}; expected 'player' or 'gm'",
        "de": "die Eigenschaft 'controller' ist {raw!r}; erwartet: 'player' oder 'gm'",
    },
    "two_controllers": {
        "en": "side {side!r} has controller {here!r} here and {there!r} on another deployment "
        "object; expected one",
        "de": "die Seite {side!r} hat hier den controller {here!r} und auf einem anderen "
        "Aufstellungsobjekt {there!r}; erwartet: einen",
    },
    "missing_creature_type": {
        "en": "missing property 'creature_type'; expected a creature key",
        "de": "die Eigenschaft 'creature_type' fehlt; erwartet: der Schlüssel einer Wesensart",
    },
    "bad_creature_type": {
        "en": "property 'creature_type' is {kind!r}; expected a creature key of the catalogue "
        "({known})",
        "de": "die Eigenschaft 'creature_type' ist {kind!r}; erwartet: eine Wesensart des "
        "Katalogs ({known})",
    },
    "name_too_long": {
        "en": "name has {count} characters; expected at most 200",
        "de": "der Name hat {count} Zeichen; erwartet: höchstens 200",
    },
    "bad_facing_property": {
        "en": "property 'facing' is {raw!r}; expected one of {allowed}",
        "de": "die Eigenschaft 'facing' ist {raw!r}; erwartet: eine von {allowed}",
    },
    # --- Universal VTT (game.missions.uvtt)
    "uvtt_point_outside": {
        "en": "point ({x}, {y}) lies more than {limit} fields outside the {width}x{height} "
        "map; expected grid units near the map",
        "de": "der Punkt ({x}, {y}) liegt mehr als {limit} Felder außerhalb der "
        "{width}x{height}-Karte; erwartet: Rastereinheiten nahe der Karte",
    },
    "uvtt_map_size": {
        "en": "found map size {size!r}; expected more than 0 and at most {limit} fields",
        "de": "gefunden: Kartengröße {size!r}; erwartet: mehr als 0 und höchstens {limit} Felder",
    },
    "uvtt_origin_far": {
        "en": "map origin is implausibly far away",
        "de": "der Kartenursprung liegt unplausibel weit weg",
    },
    "uvtt_two_points": {
        "en": "found {found}; expected two points",
        "de": "gefunden: {found}; erwartet: zwei Punkte",
    },
    "uvtt_not_base64": {
        "en": "image is not valid base64; expected a base64-encoded PNG",
        "de": "das Bild ist kein gültiges Base64; erwartet: ein PNG in Base64",
    },
    "uvtt_resolution": {
        "en": "resolution is unusable",
        "de": "die Auflösung (resolution) ist unbrauchbar",
    },
    "uvtt_pixels_per_grid": {
        "en": "missing key 'pixels_per_grid'; expected the image's pixels per field",
        "de": "der Schlüssel 'pixels_per_grid' fehlt; erwartet: die Pixel des Bildes je Feld",
    },
    "without_folder": {
        "en": "cannot be read without the map's folder",
        "de": "lässt sich ohne den Ordner der Karte nicht lesen",
    },
    "uvtt_too_many_edges": {
        "en": "walls and portals on grid lines give more than {limit} edges; expected at most "
        "{limit}",
        "de": "Wände und Portale auf Rasterlinien ergeben mehr als {limit} Kanten; erwartet: "
        "höchstens {limit}",
    },
    "uvtt_wall_work": {
        "en": "walls and portals cross {work} fields in total; expected at most {limit}",
        "de": "Wände und Portale queren zusammen {work} Felder; erwartet: höchstens {limit}",
    },
    # --- images (game.missions.paths, game.missions.pictures)
    "image_is_kind": {
        "en": "image is a {kind}; expected a {expected}",
        "de": "das Bild ist ein {kind}; erwartet: ein {expected}",
    },
    "image_not_format": {
        "en": "image is {what} (or its header is damaged); expected a {expected}",
        "de": "das Bild ist {what} (oder sein Kopf ist beschädigt); erwartet: ein {expected}",
    },
    "image_neither": {"en": "neither PNG nor JPEG", "de": "weder PNG noch JPEG"},
    "image_not_a": {"en": "not a {expected}", "de": "kein {expected}"},
    "image_too_small": {
        "en": "image is {width}x{height} pixels; expected at least 1x1",
        "de": "das Bild hat {width}x{height} Pixel; erwartet: mindestens 1x1",
    },
    "image_too_large": {
        "en": "image is {width}x{height} pixels; expected at most {limit}x{limit}",
        "de": "das Bild hat {width}x{height} Pixel; erwartet: höchstens {limit}x{limit}",
    },
    "picture_too_small": {
        "en": "picture is {width}x{height} pixels; expected at least 1x1",
        "de": "das Bild hat {width}x{height} Pixel; erwartet: mindestens 1x1",
    },
    "picture_too_large": {
        "en": "picture is {width}x{height} pixels ({pixels} in all); expected at most "
        "{limit} pixels",
        "de": "das Bild hat {width}x{height} Pixel ({pixels} insgesamt); erwartet: "
        "höchstens {limit} Pixel",
    },
    "picture_unknown": {
        "en": "picture is not a PNG, JPEG or WebP picture; expected a PNG, JPEG or WebP",
        "de": "das Bild ist kein PNG-, JPEG- oder WebP-Bild; erwartet: PNG, JPEG oder WebP",
    },
    "picture_damaged": {
        "en": "picture is a damaged {kind} picture; expected a PNG, JPEG or WebP",
        "de": "das Bild ist ein beschädigtes {kind}-Bild; erwartet: PNG, JPEG oder WebP",
    },
    "picture_undecodable": {
        "en": "{kind} picture cannot be decoded ({detail})",
        "de": "das {kind}-Bild lässt sich nicht lesen ({detail})",
    },
}
