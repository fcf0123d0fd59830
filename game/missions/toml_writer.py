"""Writing a native mission file: the canonical layout of ``maps/README.md``.

A small writer of our own (no dependency) that produces the same layout every time,
so that a round trip load -> dumps -> load gives an equal Mission and diffs stay small.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from game.board.grid import Cell
from game.match.datafiles import write_bytes_atomic
from game.missions.model import CreaturePlacement, LegendEntry, Mission, Side

_BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")


def dumps_mission(mission: Mission) -> str:
    """Return the mission as TOML text in the canonical layout of ``maps/README.md``."""
    out: list[str] = ["# Kampfkarte mission -- format: maps/README.md", ""]
    out += _mission_table(mission)
    out += _map_tables(mission)
    out += _edge_tables(mission)
    for side in mission.sides:
        out += _side_table(side)
    for creature in mission.creatures:
        out += _creature_table(creature)
    out += _zone_tables(mission)
    out += _closing_tables(mission)
    return "\n".join(out) + "\n"


def _mission_table(mission: Mission) -> list[str]:
    """Return ``[mission]`` and its description table."""
    out = ["[mission]", f"title = {_string(mission.title)}"]
    out.append(f"ruleset = {_string(mission.ruleset)}")
    if mission.author:
        out.append(f"author = {_string(mission.author)}")
    if mission.players is not None:
        out.append(f"players = [{mission.players[0]}, {mission.players[1]}]")
    if mission.description:
        out += ["", "[mission.description]"]
        out += [f"{_key(lang)} = {_string(text)}" for lang, text in mission.description.items()]
    return out


def _map_tables(mission: Mission) -> list[str]:
    """Return ``[map]``, its background and the legend, each after a blank line."""
    out = ["", "[map]", f"width = {mission.width}", f"height = {mission.height}"]
    out.append(f"rows = {_rows(mission.rows)}")
    if mission.background is not None:
        bg = mission.background
        out += [
            "",
            "[map.background]",
            f"path = {_string(bg.path)}",
            f"pixels_per_field = {bg.pixels_per_field}",
            f"offset = [{bg.offset[0]}, {bg.offset[1]}]",
        ]
    if mission.legend:
        out += ["", "[legend]"]
        for char, entry in mission.legend.items():
            out.append(f"{_string(char)} = {_legend_entry(entry)}")
    return out


def _side_table(side: Side) -> list[str]:
    """Return one ``[[sides]]`` table, its deployment zone as few rectangles."""
    out = [
        "",
        "[[sides]]",
        f"key = {_string(side.key)}",
        f"name = {_string(side.name)}",
        f"colour = {_string(side.colour)}",
        f"controller = {_string(side.controller.value)}",
    ]
    zones = _rectangles(side.deployment)
    if zones:
        out.append("deployment = [")
        out += [f"  [{', '.join(str(n) for n in zone)}]," for zone in zones]
        out.append("]")
    return out


def _creature_table(creature: CreaturePlacement) -> list[str]:
    """Return one ``[[creatures]]`` table; optional keys only when they differ from the default."""
    out = [
        "",
        "[[creatures]]",
        f"key = {_string(creature.key)}",
        f"type = {_string(creature.type)}",
        f"name = {_string(creature.name)}",
        f"side = {_string(creature.side)}",
        f"at = [{creature.cell[0]}, {creature.cell[1]}]",
        f"facing = {_string(creature.facing.value)}",
    ]
    if creature.life_points is not None:
        out.append(f"lp = {creature.life_points}")
    if creature.equipment is not None:
        out.append(f"equipment = {_string_array(creature.equipment)}")
    if creature.held:
        out.append(f"held = {_string_array(creature.held)}")
    if creature.conditions:
        out.append(f"conditions = {_string_array(creature.conditions)}")
    if creature.companion_of is not None:
        out.append(f"companion_of = {_string(creature.companion_of)}")
    if creature.companion_before:
        out.append("companion_before = true")
    if creature.hidden:
        out.append("hidden = true")
    if creature.image:
        out.append(f"image = {_string(creature.image)}")
    if creature.values:
        pairs = ", ".join(f"{_key(name)} = {number}" for name, number in creature.values)
        out.append(f"values = {{ {pairs} }}")
    return out


def _edge_tables(mission: Mission) -> list[str]:
    """Return one ``[[map.edges]]`` table per edge wall or edge door (D-13)."""
    out: list[str] = []
    for edge in mission.edges:
        out += ["", "[[map.edges]]", f"between = [{list(edge.a)}, {list(edge.b)}]"]
        if edge.kind == "door":
            out.append('kind = "door"')
            if edge.open:
                out.append("open = true")
    return out


def _zone_tables(mission: Mission) -> list[str]:
    """Return ``[zones]`` and its ``[[zones.areas]]`` when the mission declares zones (D-14)."""
    zones = mission.zones
    if zones is None:
        return []
    out = ["", "[zones]"]
    if zones.size is not None:
        out.append(f"size = {zones.size}")
    if zones.walk is not None:
        out.append(f"walk = {zones.walk}")
    if zones.run is not None:
        out.append(f"run = {zones.run}")
    if zones.metres is not None:
        metres = zones.metres
        out.append(f"metres = {int(metres) if metres.is_integer() else repr(metres)}")
    for area in zones.areas:
        out += ["", "[[zones.areas]]", f"name = {_string(area.name)}"]
        out.append(f"rect = [{area.x}, {area.y}, {area.width}, {area.height}]")
    return out


def _closing_tables(mission: Mission) -> list[str]:
    """Return ``[environment]`` and ``[notes]`` when the mission has them."""
    out: list[str] = []
    if mission.weightless or mission.underwater:
        out += ["", "[environment]"]
        if mission.weightless:
            out.append("weightless = true")
        if mission.underwater:
            out.append("underwater = true")
    if mission.gm_notes:
        out += ["", "[notes]", f"gm = {_string(mission.gm_notes)}"]
    return out


def _key(text: str) -> str:
    return text if _BARE_KEY_RE.match(text) else _string(text)


def _escape(text: str, *, multiline: bool) -> str:
    parts: list[str] = []
    for char in text:
        code = ord(char)
        if char == "\\":
            parts.append("\\\\")
        elif char == '"':
            parts.append('\\"')
        elif char == "\n" and multiline:
            parts.append("\n")
        elif char == "\t":
            parts.append("\\t" if not multiline else "\t")
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:  # lone surrogates cannot be written in UTF-8
            parts.append("\\ufffd")
        else:
            parts.append(char)
    return "".join(parts)


def _string(text: str) -> str:
    if "\n" in text:
        return '"""\n' + _escape(text, multiline=True) + '"""'
    return '"' + _escape(text, multiline=False) + '"'


def _string_array(items: Iterable[str]) -> str:
    return "[" + ", ".join(_string(i) for i in items) + "]"


def _rows(rows: Sequence[str]) -> str:
    """Return the rows as a literal block, or as an array where a literal cannot hold them."""

    def plain(row: str) -> bool:
        return (
            bool(row)
            and row.strip() == row
            and "'''" not in row
            and all(0x20 <= ord(c) != 0x7F and not 0xD800 <= ord(c) <= 0xDFFF for c in row)
        )

    if all(plain(row) for row in rows):
        return "'''\n" + "\n".join(rows) + "\n'''"
    return "[\n" + "".join(f"  {_string(row)},\n" for row in rows) + "]"


def _legend_entry(entry: LegendEntry) -> str:
    items: list[str] = []
    if entry.terrain is not None:
        items.append(f"terrain = {_string(entry.terrain)}")
    if entry.material is not None:
        items.append(f"material = {_string(entry.material)}")
    if entry.door is not None:
        items.append(f"door = {_string(entry.door)}")
    if entry.difficult is not None:
        items.append(f"difficult = {'true' if entry.difficult else 'false'}")
    if entry.target is not None:
        items.append(f"zw = {entry.target}")
    return "{ " + ", ".join(items) + " }"


def _rectangles(cells: Iterable[Cell]) -> list[tuple[int, ...]]:
    """Return few rectangles [x0, y0, x1, y1] (single fields as [x, y]) covering ``cells``."""
    todo = set(cells)
    zones: list[tuple[int, ...]] = []
    for cell in sorted(todo, key=lambda c: (c[1], c[0])):
        if cell not in todo:
            continue
        x0, y0 = cell
        x1 = x0
        while (x1 + 1, y0) in todo:
            x1 += 1
        y1 = y0
        while all((x, y1 + 1) in todo for x in range(x0, x1 + 1)):
            y1 += 1
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                todo.discard((x, y))
        zones.append((x0, y0) if (x0, y0) == (x1, y1) else (x0, y0, x1, y1))
    return zones


def save_mission(mission: Mission, path: Path | str) -> None:
    """Write the mission as TOML to ``path`` atomically (temp file beside it + os.replace).

    An interrupted write leaves the old file as it was. The new file gets the old
    file's permissions, or the usual ones (0o666 less the umask) for a new file.
    """
    write_bytes_atomic(path, dumps_mission(mission).encode("utf-8"))
