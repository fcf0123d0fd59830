"""The one bounded reader, strict JSON parser and atomic writer (game.match.datafiles)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.match.datafiles import (
    JsonTooLarge,
    ReadReason,
    ReadRefused,
    StrictJsonError,
    loads_strict_json,
    read_bounded,
    read_strict_json,
    write_bytes_atomic,
    write_json_atomic,
)


def test_read_bounded_says_why_it_did_not_read(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"12345")
    assert read_bounded(path, 5) == b"12345"
    assert read_bounded(path, 5, head=2) == b"12"
    cases = [(path, 4, ReadReason.TOO_LARGE), (tmp_path, 4, ReadReason.NOT_REGULAR)]
    cases.append((tmp_path / "none", 4, ReadReason.MISSING))
    for target, limit, reason in cases:
        with pytest.raises(ReadRefused) as caught:
            read_bounded(target, limit)
        assert caught.value.reason is reason
        assert caught.value.limit == limit
    with pytest.raises(ReadRefused) as caught:
        read_bounded(path, 4)
    assert caught.value.size == 5
    assert isinstance(caught.value, OSError)  # callers that catch OSError catch it too


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ('{"a": NaN}', "NaN"),
        ("[Infinity]", "Infinity"),
        ("[-Infinity]", "-Infinity"),
    ],
)
def test_strict_json_refuses_non_numbers(text: str, what: str) -> None:
    with pytest.raises(StrictJsonError) as caught:
        loads_strict_json(text)
    assert caught.value.constant == what and not caught.value.syntax
    assert str(caught.value) == f"{what} is not a number JSON allows"


def test_strict_json_refuses_a_key_twice_and_says_where_syntax_breaks() -> None:
    with pytest.raises(StrictJsonError, match="the key 'a' appears twice in one object"):
        loads_strict_json('{"a": 1, "b": {"a": 2, "a": 3}}')
    assert loads_strict_json('{"a": 1, "b": {"a": 2}}') == {"a": 1, "b": {"a": 2}}
    with pytest.raises(StrictJsonError) as caught:
        loads_strict_json('{\n  "a": [1,\n  ')
    error = caught.value
    assert error.syntax and error.truncated and error.line == 3
    with pytest.raises(StrictJsonError) as caught:
        loads_strict_json("{]")
    assert caught.value.syntax and not caught.value.truncated
    assert (caught.value.line, caught.value.column) == (1, 2)


def test_strict_json_refuses_too_deep_nesting() -> None:
    with pytest.raises(StrictJsonError) as caught:
        loads_strict_json("[" * 100_000 + "]" * 100_000)
    assert caught.value.too_deep


def test_read_strict_json_reads_a_bounded_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes('{"name": "Süd"}'.encode())
    assert read_strict_json(path, 100) == {"name": "Süd"}
    with pytest.raises(ReadRefused):
        read_strict_json(path, 5)
    path.write_bytes(b'{"name": "\xe9"}')
    with pytest.raises(StrictJsonError, match="not UTF-8 text at byte 10"):
        read_strict_json(path, 100)


def test_atomic_write_keeps_permissions_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    write_bytes_atomic(path, b"one")
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    path.chmod(0o600)
    write_bytes_atomic(path, b"two")
    assert path.read_bytes() == b"two"
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_interrupted_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")

    def crash(src: object, dst: object) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk pulled out"):
        write_json_atomic(path, {"new": True})
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_write_json_atomic_is_compact_creates_folders_and_has_a_limit(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "doc.json"
    write_json_atomic(path, {"a": [1, 2], "ä": "ö"})
    assert path.read_text(encoding="utf-8") == '{"a":[1,2],"ä":"ö"}'
    with pytest.raises(JsonTooLarge) as caught:
        write_json_atomic(path, {"a": "x" * 100}, max_bytes=50)
    assert caught.value.size > 50 and caught.value.limit == 50
    assert read_strict_json(path, 100) == {"a": [1, 2], "ä": "ö"}
    with pytest.raises(ValueError):
        write_json_atomic(path, {"a": float("nan")})
