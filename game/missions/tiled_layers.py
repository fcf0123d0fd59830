"""Tile layer data: CSV, base64 (plain, zlib, gzip) and JSON arrays to global tile ids."""

from __future__ import annotations

import base64
import binascii
import zlib

import numpy as np
import numpy.typing as npt

from game.match.problems import describe
from game.missions.tiled_model import Problems, Where
from game.missions.tiled_values import json_where


def decode_base64_layer(
    problems: Problems, where: Where, text: str, compression: str, count: int
) -> npt.NDArray[np.uint32] | None:
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        problems.add(where, "layer data is not valid base64")
        return None
    expected = count * 4
    if compression == "zstd":
        problems.add(
            where,
            "layer data is zstd-compressed; expected CSV, uncompressed base64, zlib or gzip "
            "(change the layer format in Tiled's map properties)",
        )
        return None
    if compression in ("zlib", "gzip"):
        wbits = 15 if compression == "zlib" else 31
        try:
            inflater = zlib.decompressobj(wbits)
            out = inflater.decompress(raw, expected + 1)
            if len(out) <= expected:
                out += inflater.flush()
        except zlib.error as exc:
            problems.add(where, f"layer data cannot be {compression}-decompressed: {exc}")
            return None
        if len(out) > expected or not inflater.eof:
            problems.add(
                where,
                f"layer data decompresses to more than {expected} bytes or is cut short; "
                f"expected exactly {count} tiles",
            )
            return None
        raw = out
    elif compression:
        problems.add(
            where,
            f"unknown compression {compression[:20]!r}; expected none, 'zlib' or 'gzip'",
        )
        return None
    if len(raw) != expected:
        problems.add(
            where,
            f"layer data holds {len(raw)} bytes ({len(raw) / 4:g} tiles); expected {count} "
            f"tiles ({expected} bytes)",
        )
        return None
    return np.frombuffer(raw, dtype="<u4").astype(np.uint32)


def csv_layer(
    problems: Problems, where: Where, text: str, count: int
) -> npt.NDArray[np.uint32] | None:
    items = [item.strip() for item in text.split(",")]
    if items and items[-1] == "":
        items.pop()  # Tiled ends some CSV data with a line break only; be lenient
    if len(items) != count:
        problems.add(where, f"layer data holds {len(items)} tiles; expected {count}")
        return None
    values: list[int] = []
    for i, item in enumerate(items):
        if not (item.isascii() and item.isdigit()) or len(item) > 10 or int(item) > 0xFFFFFFFF:
            problems.add(
                where,
                f"tile {i} of the CSV data is {item[:20]!r}; expected a global tile id "
                "(a whole number from 0 to 4294967295)",
            )
            return None
        values.append(int(item))
    return np.array(values, dtype=np.uint32)


def gid_list(
    problems: Problems, where: Where, values: list[object], count: int
) -> npt.NDArray[np.uint32] | None:
    if len(values) != count:
        problems.add(where, f"layer data holds {len(values)} tiles; expected {count}")
        return None
    for i, value in enumerate(values):
        if type(value) is not int or not 0 <= value <= 0xFFFFFFFF:
            problems.add(
                json_where(where, f"[{i}]"),
                f"found {describe(value, json=True)}; expected a global tile id (0..4294967295)",
            )
            return None
    return np.array(values, dtype=np.uint32)
