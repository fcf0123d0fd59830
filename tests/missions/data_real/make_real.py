"""Write the small real-shaped maps of the hardened loader tests (issue 13).

Run ``python -m tests.missions.data_real.make_real`` from the repository to rewrite them.

Each file mirrors a shape the survey of 272 third-party maps found (issue 13):
Tiled projects with tilesets in a sibling folder, old Tiled's DOCTYPE line, Tiled JSON
saved as ``.json`` (1.10 and before 1.2), a Dungeondraft export with a WebP picture, an
image collection whose tile ids exceed ``tilecount``, an isometric map, a map naming
one tileset 99 times, and a file that is no mission. Pictures are a few pixels.
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

from tests.missions.data.make_samples import tiny_png

DATA = Path(__file__).resolve().parent

#: A 8x6 lossy WebP (written by Pillow 13, quality 50): red.
WEBP_8X6 = base64.b64decode(
    "UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoIAAYAAsBMJaACdLoAA5gA/u2QP4hd7G2//PTP62/j/xkAAAA="
)

_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="16" tileheight="16"
 tilecount="2" columns="2">
 <image source="{image}" width="32" height="16"/>
 <tile id="1">
  <properties>
   <property name="terrain" value="#"/>
  </properties>
 </tile>
</tileset>
"""

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" renderorder="right-down"
 width="4" height="3" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2"
 nextobjectid="1">
{tilesets} <layer id="1" name="Boden" width="4" height="3">
  <data encoding="csv">
{rows}
</data>
 </layer>
</map>
"""

_ROWS = "2,2,2,2,\n2,1,1,2,\n2,2,2,2"  # a wall ring around two floor fields


def _tmx(tilesets: str, rows: str = _ROWS, orientation: str = "orthogonal") -> str:
    return _TMX.format(tilesets=tilesets, rows=rows, orientation=orientation)


def _ref(source: str, firstgid: int = 1) -> str:
    return f' <tileset firstgid="{firstgid}" source="{source}"/>\n'


def _tiles_png() -> bytes:
    """Return the 32x16 tileset picture: a light floor tile, a dark wall tile."""
    return tiny_png(32, 16, lambda x, _y: 210 if x < 16 else 50)


def _write(relative: str, content: str | bytes) -> None:
    target = DATA / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        target.write_text(content, encoding="utf-8")
    else:
        target.write_bytes(content)


def _projects() -> None:
    """A Tiled project (``.tiled-project``) with maps/ and tilesets/ side by side, and the
    same layout without a project file (readable with ``--assets``)."""
    project = {"automappingRulesFile": "", "commands": [], "folders": ["."], "propertyTypes": []}
    _write("project/dungeon.tiled-project", json.dumps(project, indent=4) + "\n")
    _write("project/tilesets/dungeon.tsx", _TSX.format(name="dungeon", image="dungeon.png"))
    _write("project/tilesets/dungeon.png", _tiles_png())
    _write("project/maps/keller.tmx", _tmx(_ref("../tilesets/dungeon.tsx")))
    # leaving the project folder is still refused
    _write("project/maps/escape.tmx", _tmx(_ref("../../loose/shared/stone.tsx")))
    _write("loose/shared/stone.tsx", _TSX.format(name="stone", image="stone.png"))
    _write("loose/shared/stone.png", _tiles_png())
    _write("loose/maps/hof.tmx", _tmx(_ref("../shared/stone.tsx")))


def _old_tiled() -> None:
    """Tiled 0.x: the DOCTYPE line, an embedded tileset, base64-free CSV."""
    embedded = (
        ' <tileset firstgid="1" name="alt" tilewidth="16" tileheight="16" tilecount="2"'
        ' columns="2">\n  <image source="alt.png" width="32" height="16"/>\n'
        '  <tile id="1">\n   <properties>\n    <property name="terrain" value="#"/>\n'
        "   </properties>\n  </tile>\n </tileset>\n"
    )
    text = _tmx(embedded).replace(
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n',
    )
    _write("old_doctype/alt.tmx", text)
    _write("old_doctype/alt.png", _tiles_png())


def _json_maps() -> None:
    """Tiled JSON maps saved as ``.json``: Tiled 1.10, and Tiled 1.1 (before 1.2)."""
    data = [2, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2]
    layer = {"data": data, "height": 3, "name": "Boden", "opacity": 1, "type": "tilelayer"}
    layer |= {"visible": True, "width": 4, "x": 0, "y": 0}
    new_tileset = {
        "columns": 2,
        "firstgid": 1,
        "image": "tiles.png",
        "imageheight": 16,
        "imagewidth": 32,
        "margin": 0,
        "name": "tiles",
        "spacing": 0,
        "tilecount": 2,
        "tileheight": 16,
        "tiles": [{"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "#"}]}],
        "tilewidth": 16,
    }
    modern = {
        "compressionlevel": -1,
        "height": 3,
        "infinite": False,
        "layers": [{**layer, "id": 1}],
        "nextlayerid": 2,
        "nextobjectid": 1,
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "tiledversion": "1.10.2",
        "tileheight": 16,
        "tilesets": [new_tileset],
        "tilewidth": 16,
        "type": "map",
        "version": "1.10",
        "width": 4,
    }
    old_tileset = {k: v for k, v in new_tileset.items() if k != "tiles"}
    old_tileset["tileproperties"] = {"1": {"terrain": "#"}}
    old_tileset["tilepropertytypes"] = {"1": {"terrain": "string"}}
    old = {
        "height": 3,
        "layers": [layer],
        "nextobjectid": 1,
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "tileheight": 16,
        "tilesets": [old_tileset],
        "tilewidth": 16,
        "version": 1,
        "width": 4,
    }
    _write("json_maps/modern.json", json.dumps(modern, indent=1) + "\n")
    _write("json_maps/tiled_1_1.json", json.dumps(old, indent=1) + "\n")
    _write("json_maps/tiles.png", _tiles_png())


def _webp_export() -> None:
    """A Dungeondraft export (format 0.3) whose picture is WebP."""
    document = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 4, "y": 3},
            "pixels_per_grid": 2,
        },
        "line_of_sight": [[{"x": 0, "y": 1}, {"x": 4, "y": 1}]],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": {"x": 2, "y": 1},
                "bounds": [{"x": 1.5, "y": 1}, {"x": 2.5, "y": 1}],
                "rotation": 0,
                "closed": True,
                "freestanding": False,
            }
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(WEBP_8X6).decode(),
    }
    _write("webp_room.dd2vtt", json.dumps(document, indent="\t") + "\n")


def _sparse_collection() -> None:
    """An image collection of two tiles whose ids are 0 and 5 (tiles 1-4 were removed)."""
    tsx = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" tiledversion="1.10.2" name="sammlung" tilewidth="16"'
        ' tileheight="16" tilecount="2" columns="0">\n'
        ' <grid orientation="orthogonal" width="1" height="1"/>\n'
        ' <tile id="0">\n  <image source="boden.png" width="16" height="16"/>\n </tile>\n'
        ' <tile id="5">\n  <properties>\n   <property name="terrain" value="#"/>\n'
        '  </properties>\n  <image source="wand.png" width="16" height="16"/>\n </tile>\n'
        "</tileset>\n"
    )
    _write("collection/sammlung.tsx", tsx)
    _write("collection/boden.png", tiny_png(16, 16, lambda _x, _y: 210))
    _write("collection/wand.png", tiny_png(16, 16, lambda _x, _y: 50))
    _write("collection/raum.tmx", _tmx(_ref("sammlung.tsx"), rows="6,6,6,6,\n6,1,1,6,\n6,6,6,6"))


def _others() -> None:
    """An isometric map (still refused), 99 references to one tileset, a non-mission."""
    _write("isometric/iso.tmx", _tmx(_ref("iso.tsx"), orientation="isometric"))
    _write("isometric/iso.tsx", _TSX.format(name="iso", image="iso.png"))
    refs = "".join(_ref("one.tsx", 1 + 2 * k) for k in range(99))
    _write("many_refs/many.tmx", _tmx(refs))
    _write("many_refs/one.tsx", _TSX.format(name="one", image="one.png"))
    _write("many_refs/one.png", _tiles_png())
    passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    _write("not_a_mission/accounts.toml", passwd)


def main() -> None:
    """Write every file of this folder (except this script and README.md)."""
    os.chdir(DATA)
    _projects()
    _old_tiled()
    _json_maps()
    _webp_export()
    _sparse_collection()
    _others()


if __name__ == "__main__":
    main()
