"""Files from outside as data: one bounded reader, one strict JSON parser, one atomic writer.

Every file the program reads or writes (saves, settings, missions, maps, printed PDFs)
goes through these few functions, so each safety rule lives in one place:

- ``read_bounded`` (``open_regular``): only a regular file is read (a FIFO or a link
  to a device is refused, never waited on), its size is checked on the open file
  before reading, and the read stops one byte past the limit in case it grows.
- ``loads_strict_json``: JSON as the standard says it, no more: ``NaN``/``Infinity``,
  a key that appears twice in one object, and nesting deeper than ``MAX_JSON_DEPTH``
  (checked in one pass before parsing, so the parser never recurses deeply) are refused.
- ``write_bytes_atomic`` / ``write_json_atomic``: a temporary file beside the target,
  flushed and fsynced, then ``os.replace`` and an fsync of the folder, so an
  interrupted write leaves the old file as it was; a temporary file a kill left
  behind is deleted by ``remove_stale_temporaries`` at the next start.

Errors carry what went wrong as data (``ReadRefused.reason``, ``StrictJsonError.line``);
each caller words them for its own reader (a save's JSON path, a mission's problem list).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "JSON_SCAN_CHUNK",
    "MAX_JSON_DEPTH",
    "JsonTooLarge",
    "ReadReason",
    "ReadRefused",
    "StrictJsonError",
    "dumps_compact_json",
    "json_depth",
    "loads_strict_json",
    "open_regular",
    "read_bounded",
    "read_strict_json",
    "remove_stale_temporaries",
    "scan_chunk",
    "write_bytes_atomic",
    "write_json_atomic",
]


# ---------------------------------------------------------------------- reading
class ReadReason(Enum):
    """Why a file was not read."""

    MISSING = "missing"
    NOT_REGULAR = "not a regular file"
    TOO_LARGE = "too large"  # its size, checked before reading, is over the limit
    GREW = "grew"  # it grew past the limit while it was read
    UNREADABLE = "unreadable"  # the system refused (permissions, I/O error)


class ReadRefused(OSError):
    """A file ``read_bounded`` did not read: ``reason``, its ``size``, the ``limit``."""

    def __init__(
        self,
        path: Path,
        reason: ReadReason,
        *,
        limit: int,
        size: int | None = None,
        detail: str = "",
    ) -> None:
        self.path = path
        self.reason = reason
        self.limit = limit
        self.size = size
        self.detail = detail  # the system's reason for UNREADABLE
        super().__init__(f"{path}: {reason.value}" + (f": {detail}" if detail else ""))


#: Flags for opening a file to read: never wait on a FIFO or a terminal, never inherit.
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


@contextlib.contextmanager
def open_regular(path: Path | str, max_bytes: int) -> Iterator[BinaryIO]:
    """Open ``path`` to read if it is a regular file of at most ``max_bytes``.

    The file is opened without waiting (a FIFO or a device in its place never blocks)
    and the open file itself is checked (``fstat``), so what is read is what was
    checked. Raise ReadRefused otherwise.
    """
    p = Path(path)
    try:
        descriptor = os.open(p, _READ_FLAGS)
    except FileNotFoundError:
        raise ReadRefused(p, ReadReason.MISSING, limit=max_bytes) from None
    except OSError as error:
        raise _unreadable(p, max_bytes, error) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise ReadRefused(p, ReadReason.NOT_REGULAR, limit=max_bytes)
        if info.st_size > max_bytes:
            raise ReadRefused(p, ReadReason.TOO_LARGE, limit=max_bytes, size=info.st_size)
        stream = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with stream:
        yield stream


def _unreadable(path: Path, max_bytes: int, error: OSError) -> ReadRefused:
    detail = str(error.strerror or error)
    return ReadRefused(path, ReadReason.UNREADABLE, limit=max_bytes, detail=detail)


def read_bounded(path: Path | str, max_bytes: int, *, head: int | None = None) -> bytes:
    """Return the bytes of ``path``; raise ReadRefused when missing or over ``max_bytes``.

    Only a regular file is read (:func:`open_regular`), and never more than
    ``max_bytes + 1`` bytes. With ``head``, return only the first ``head`` bytes (an
    image header); the size limit still applies to the whole file.
    """
    p = Path(path)
    wanted = max_bytes + 1 if head is None else min(head, max_bytes + 1)
    with open_regular(p, max_bytes) as stream:
        try:
            data = _read_up_to(stream, wanted, os.fstat(stream.fileno()).st_size + 1)
        except OSError as error:
            raise _unreadable(p, max_bytes, error) from None
    if len(data) > max_bytes:
        raise ReadRefused(p, ReadReason.GREW, limit=max_bytes, size=len(data))
    return data


def _read_up_to(stream: BinaryIO, wanted: int, expected: int = 1 << 22) -> bytes:
    """Return up to ``wanted`` bytes of ``stream`` (fewer only at its end).

    The first read asks for ``expected`` bytes (the file's size and one more: a file
    read whole at once), the next ones for pieces of 4 MiB (a file that grows).
    """
    parts: list[bytes] = []
    left = wanted
    piece = max(1, expected)
    while left > 0:
        chunk = stream.read(min(left, piece))
        piece = 1 << 22
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


# ---------------------------------------------------------------------- JSON
class StrictJsonError(ValueError):
    """Text ``loads_strict_json`` refused.

    ``syntax`` is True for malformed JSON; then ``line``/``column`` (1-based) and
    ``pos`` say where, ``truncated`` whether the text simply ends too early, and the
    message is the parser's. Otherwise the message says what is not allowed (a
    ``NaN``, a key twice, nesting too deep, a number too long).
    """

    def __init__(
        self,
        message: str,
        *,
        syntax: bool = False,
        line: int | None = None,
        column: int | None = None,
        pos: int | None = None,
        truncated: bool = False,
        constant: str | None = None,
        too_deep: bool = False,
        depth: int | None = None,
        max_depth: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.syntax = syntax
        self.line = line
        self.column = column
        self.pos = pos
        self.truncated = truncated
        self.constant = constant  # "NaN", "Infinity" or "-Infinity"
        self.too_deep = too_deep
        self.depth = depth  # how deep the text nests, when that was the reason
        self.max_depth = max_depth


#: Deepest nesting of arrays and objects a data file may have (a save nests about ten).
MAX_JSON_DEPTH = 64
#: Bytes of JSON text :func:`json_depth` scans at a time (bounds its memory).
JSON_SCAN_CHUNK = 64 * 1024

_BACKSLASH, _QUOTE = ord("\\"), ord('"')
_BACKSLASH_BYTE = b"\\"
_OPEN_ARRAY, _CLOSE_ARRAY, _OPEN_OBJECT, _CLOSE_OBJECT = (ord(c) for c in "[]{}")


def json_depth(text: str | bytes) -> int:
    """Return the deepest nesting of arrays and objects in JSON text (strings skipped).

    One pass over the text in pieces of :data:`JSON_SCAN_CHUNK` (work and memory grow
    linearly with the text, whatever it holds): a backslash escapes the next byte, an
    unescaped quote opens or closes a string, brackets count outside strings only. An
    unterminated string runs to the end. Text is scanned as UTF-8 piece by piece (the
    bytes of ``"\\[]{}`` never occur inside another character's encoding).
    """
    scan = _DepthScan()
    for start in range(0, len(text), JSON_SCAN_CHUNK):
        piece = text[start : start + JSON_SCAN_CHUNK]
        if isinstance(piece, str):
            piece = piece.encode("utf-8", "surrogatepass")
        scan_chunk(scan, piece)
    return scan.deepest


@dataclass
class _DepthScan:
    """What one piece of JSON text leaves for the next: the state at its end."""

    in_string: bool = False
    escaped: bool = False  # the piece ended in an odd run of backslashes
    depth: int = 0
    deepest: int = 0


def scan_chunk(scan: _DepthScan, chunk: bytes) -> None:
    """Scan one piece of JSON text, continuing ``scan``'s state (vectorised, linear)."""
    raw = np.frombuffer(chunk, dtype=np.uint8)
    if raw.size == 0:
        return
    if not scan.escaped and _BACKSLASH_BYTE not in chunk:
        # no escapes in this piece: a quote always opens or closes a string
        quote = raw == _QUOTE
        quotes = np.cumsum(quote, dtype=np.int64)
        outside = (((quotes + int(scan.in_string)) & 1) == 0) & ~quote
        _count_levels(scan, raw, outside)
        scan.in_string = bool((int(quotes[-1]) + int(scan.in_string)) & 1)
        return
    index = np.arange(raw.size, dtype=np.int64)
    slash = raw == _BACKSLASH
    # the run of backslashes ending at each byte (0 for other bytes), runs carried over
    last_other = np.maximum.accumulate(np.where(slash, -1, index))
    run = index - last_other
    run[last_other < 0] += int(scan.escaped)  # only the parity of the carried run counts
    escaped = np.empty(raw.size, dtype=bool)
    escaped[0] = scan.escaped
    escaped[1:] = (run[:-1] & 1) == 1
    quote = (raw == _QUOTE) & ~escaped
    quotes = np.cumsum(quote, dtype=np.int64)
    inside = ((quotes - quote + int(scan.in_string)) & 1) == 1  # in a string before the byte
    outside = ~inside & ~quote & ~escaped
    _count_levels(scan, raw, outside)
    scan.in_string = bool((int(quotes[-1]) + int(scan.in_string)) & 1)
    scan.escaped = bool(run[-1] & 1)


def _count_levels(scan: _DepthScan, raw: NDArray[np.uint8], outside: NDArray[np.bool_]) -> None:
    """Follow the nesting of the brackets outside strings; keep the deepest level."""
    steps = (outside & ((raw == _OPEN_ARRAY) | (raw == _OPEN_OBJECT))).astype(np.int64)
    steps -= outside & ((raw == _CLOSE_ARRAY) | (raw == _CLOSE_OBJECT))
    levels = np.cumsum(steps) + scan.depth
    scan.deepest = max(scan.deepest, int(levels.max()))
    scan.depth = int(levels[-1])


class _Constant(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _Constant(name)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def loads_strict_json(text: str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Return the JSON value in ``text``; raise StrictJsonError for anything else.

    Refused besides malformed text: nesting deeper than ``max_depth`` (checked before
    parsing, so the parser never recurses deeply), ``NaN``, ``Infinity``,
    ``-Infinity`` and a key that appears twice in one object (which ``json`` would
    silently overwrite). A lone surrogate escape (``"\\ud800"``) reads as U+FFFD, so
    no text from a file can break the output that shows it.
    """
    # Nesting never exceeds the number of brackets: a short item (one line of a save
    # in lines) with few of them skips the scan.
    few_brackets = text.count("[") + text.count("{") <= max_depth
    depth = 0 if len(text) <= JSON_SCAN_CHUNK and few_brackets else json_depth(text)
    if depth > max_depth:
        message = f"nested {depth} levels deep; at most {max_depth}"
        raise StrictJsonError(message, too_deep=True, depth=depth, max_depth=max_depth)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        # An unterminated string runs to the end of the text: also a cut-off file.
        truncated = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated")
        raise StrictJsonError(
            error.msg,
            syntax=True,
            line=error.lineno,
            column=error.colno,
            pos=error.pos,
            truncated=truncated,
        ) from None
    except _Constant as error:
        name = str(error.args[0])
        raise StrictJsonError(f"{name} is not a number JSON allows", constant=name) from None
    except RecursionError as error:
        raise StrictJsonError(str(error), too_deep=True) from None
    except ValueError as error:  # a key twice; integers with too many digits
        raise StrictJsonError(str(error)) from None
    return _without_surrogates(value) if _SURROGATE_ESCAPE.search(text) else value


#: A ``\uD800``-``\uDFFF`` escape: the only way JSON text read as UTF-8 gets a surrogate.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def without_surrogates(text: str) -> str:
    """Return ``text`` with every surrogate (a non-UTF-8 file name's byte) as U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def _without_surrogates(value: Any) -> Any:
    """Return ``value`` with every lone surrogate in its strings (keys too) as U+FFFD.

    ``json`` joins a proper pair into one character, so what is left is text no
    encoder can write (a screen's font, a strict terminal): it becomes the
    replacement character. The nesting is bounded, so the recursion is too.
    """
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in value.items()}
    return value


def read_strict_json(path: Path | str, max_bytes: int, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Return the JSON value in the UTF-8 file ``path`` of at most ``max_bytes``.

    Raise ReadRefused (an OSError) or StrictJsonError (a ValueError).
    """
    data = read_bounded(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StrictJsonError(f"not UTF-8 text at byte {error.start}") from None
    return loads_strict_json(text, max_depth=max_depth)


def dumps_compact_json(document: Any) -> bytes:
    """Return ``document`` as compact UTF-8 JSON (no NaN: ValueError)."""
    text = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8")


# ---------------------------------------------------------------------- writing
class JsonTooLarge(ValueError):
    """A document ``write_json_atomic`` did not write: ``size`` bytes, over ``limit``."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"the document would be {size} bytes; at most {limit}")
        self.size = size
        self.limit = limit


_TOKEN_BYTES = 8
#: The temporary files ``write_bytes_atomic`` makes: ``.<name>.<16 hex digits>.tmp``.
_TEMPORARY = re.compile(rf"^\.(?P<name>.+)\.[0-9a-f]{{{2 * _TOKEN_BYTES}}}\.tmp$")


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, then os.replace.

    An interrupted write leaves the old file as it was and no temporary file behind.
    The new file keeps the old file's permissions if that was a regular file (not a
    link, not a device), else it gets the usual ones for a new file (0o666 less the
    umask). The folder must exist.
    """
    target = Path(path)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(_TOKEN_BYTES)}.tmp")
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _keep_mode(temp, target)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)


def _keep_mode(temp: Path, target: Path) -> None:
    """Give ``temp`` the mode of ``target`` if that is a regular file (``os.lstat``).

    A link is not followed: a link to ``/dev/zero`` (0o666) must not make the new file
    writable for everyone.
    """
    try:
        old = os.lstat(target)
    except OSError:
        return
    if stat.S_ISREG(old.st_mode):
        os.chmod(temp, stat.S_IMODE(old.st_mode))


def write_json_atomic(path: Path | str, document: Any, *, max_bytes: int | None = None) -> None:
    """Write ``document`` as compact JSON to ``path`` atomically (folders are created).

    With ``max_bytes``, a larger document is not written: JsonTooLarge.
    """
    data = dumps_compact_json(document)
    if max_bytes is not None and len(data) > max_bytes:
        raise JsonTooLarge(len(data), max_bytes)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(target, data)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); a no-op where folders cannot be opened."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def remove_stale_temporaries(folder: Path | str, before: float) -> list[Path]:
    """Delete what interrupted writes left in ``folder``; return the files deleted.

    Only this module's temporary files (``.<name>.<16 hex digits>.tmp``, regular
    files, not links) directly in ``folder`` and last changed before ``before`` (a
    time as ``time.time()`` gives it, e.g. the session's start) are deleted: a write
    under way now is never touched. Nothing else in the folder is looked at.
    """
    base = Path(folder)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(base))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMPORARY.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime >= before:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(base / entry.name)
    return removed
