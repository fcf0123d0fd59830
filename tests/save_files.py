"""Edit a save file in tests as a hand with a text editor would, in either layout.

A save of many commands is written in lines (``game.match.save_lines``): ``read_document``
gives its whole document (every part as a plain list) and where its parts were;
``write_document`` writes it back in the same layout with a checksum that fits, the way
a crafted file would be made.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.match.save_lines import JsonLines, head_line, lines_bytes, parts_of, placed_parts

Parts = list[tuple[str, ...]]


def read_document(path: Path) -> tuple[dict[str, Any], Parts]:
    """Return a save file's document and the places of its parts (none: one document)."""
    raw = path.read_bytes()
    first = head_line(raw)
    if first is not None:
        head = json.loads(first)
        if isinstance(head, dict) and head.get("version") == 2 and "lines" in head:
            document = placed_parts(head, raw)
            places = [at for at, _ in parts_of(document)]
            for at in places:
                holder = _holder(document, at)
                holder[at[-1]] = list(holder[at[-1]])
            return document, places
    return json.loads(raw), []


def write_document(path: Path, document: dict[str, Any], places: Parts) -> None:
    """Write ``document`` to ``path``: in lines at ``places``, else as one document."""
    if not places:
        path.write_text(json.dumps(document), encoding="utf-8")
        return
    for at in places:
        holder = _holder(document, at)
        if holder is not None and isinstance(holder.get(at[-1]), list):  # still there
            holder[at[-1]] = JsonLines(holder[at[-1]])
    path.write_bytes(lines_bytes(document))


def edit_save(
    path: Path, change: Callable[[dict[str, Any]], Any], target: Path | None = None
) -> Path:
    """Apply ``change`` to the save's document and write it (to ``target``); return the file."""
    document, places = read_document(path)
    change(document)
    written = target or path
    write_document(written, document, places)
    return written


def _holder(document: dict[str, Any], at: tuple[str, ...]) -> Any:
    holder: Any = document
    for key in at[:-1]:
        holder = holder.get(key) if isinstance(holder, dict) else None
    return holder
