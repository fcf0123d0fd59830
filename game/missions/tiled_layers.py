"""Tile layer data: CSV, base64 (plain, zlib, gzip) and JSON arrays to global tile ids."""

from __future__ import annotations

import base64
import binascii
import zlib

import numpy as np
import numpy.typing as npt

from game.match.problems import described
from game.missions.loader_texts import mission_say
from game.missions.tiled_model import Problems, Where
from game.missions.tiled_values import json_where


def decode_base64_layer(
    problems: Problems, where: Where, text: str, compression: str, count: int
) -> npt.NDArray[np.uint32] | None:
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        problems.add(where, mission_say("layer_not_base64"))
        return None
    expected = count * 4
    if compression == "zstd":
        problems.add(
            where,
            mission_say("layer_zstd"),
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
            message = mission_say("layer_decompress", compression=compression, detail=exc)
            problems.add(where, message)
            return None
        if len(out) > expected or not inflater.eof:
            problems.add(
                where,
                mission_say("layer_too_long", size=expected, count=count),
            )
            return None
        raw = out
    elif compression:
        problems.add(
            where,
            mission_say("unknown_compression", name=compression[:20]),
        )
        return None
    if len(raw) != expected:
        problems.add(
            where,
            mission_say(
                "layer_bytes",
                size=len(raw),
                tiles=f"{len(raw) / 4:g}",
                count=count,
                expected=expected,
            ),
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
        tiles = mission_say("tiles")
        message = mission_say("layer_tile_count", count=len(items), what=tiles, expected=count)
        problems.add(where, message)
        return None
    values: list[int] = []
    for i, item in enumerate(items):
        if not (item.isascii() and item.isdigit()) or len(item) > 10 or int(item) > 0xFFFFFFFF:
            problems.add(
                where,
                mission_say("csv_tile", index=i, item=item[:20]),
            )
            return None
        values.append(int(item))
    return np.array(values, dtype=np.uint32)


def gid_list(
    problems: Problems, where: Where, values: list[object], count: int
) -> npt.NDArray[np.uint32] | None:
    if len(values) != count:
        tiles = mission_say("tiles")
        message = mission_say("layer_tile_count", count=len(values), what=tiles, expected=count)
        problems.add(where, message)
        return None
    for i, value in enumerate(values):
        if type(value) is not int or not 0 <= value <= 0xFFFFFFFF:
            problems.add(
                json_where(where, f"[{i}]"),
                mission_say("json_tile", found=described(value, json=True)),
            )
            return None
    return np.array(values, dtype=np.uint32)
