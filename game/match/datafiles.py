"""Files from outside as data: one bounded reader, one strict JSON parser, one atomic writer.

Every file the program reads or writes (saves, settings, missions, maps, printed PDFs)
goes through these few functions, so each safety rule lives in one place:

- ``read_bounded``: the size is checked before reading, and the read stops one byte
  past the limit in case the file grows meanwhile.
- ``loads_strict_json``: JSON as the standard says it, no more: ``NaN``/``Infinity``
  and a key that appears twice in one object are refused.
- ``write_bytes_atomic`` / ``write_json_atomic``: a temporary file beside the target,
  flushed and fsynced, then ``os.replace`` and an fsync of the folder, so an
  interrupted write leaves the old file as it was and no temporary file behind.

Errors carry what went wrong as data (``ReadRefused.reason``, ``StrictJsonError.line``);
each caller words them for its own reader (a save's JSON path, a mission's problem list).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
from enum import Enum
from pathlib import Path
from typing import Any

__all__ = [
    "JsonTooLarge",
    "ReadReason",
    "ReadRefused",
    "StrictJsonError",
    "dumps_compact_json",
    "loads_strict_json",
    "read_bounded",
    "read_strict_json",
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


def read_bounded(path: Path | str, max_bytes: int, *, head: int | None = None) -> bytes:
    """Return the bytes of ``path``; raise ReadRefused when missing or over ``max_bytes``.

    With ``head``, return only the first ``head`` bytes (an image header); the size
    limit still applies to the whole file.
    """
    p = Path(path)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise ReadRefused(p, ReadReason.MISSING, limit=max_bytes) from None
    except OSError as error:
        raise ReadRefused(
            p, ReadReason.UNREADABLE, limit=max_bytes, detail=str(error.strerror or error)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise ReadRefused(p, ReadReason.NOT_REGULAR, limit=max_bytes)
    if info.st_size > max_bytes:
        raise ReadRefused(p, ReadReason.TOO_LARGE, limit=max_bytes, size=info.st_size)
    wanted = max_bytes + 1 if head is None else min(head, max_bytes + 1)
    try:
        with p.open("rb") as handle:
            data = handle.read(wanted)
    except OSError as error:
        raise ReadRefused(
            p, ReadReason.UNREADABLE, limit=max_bytes, detail=str(error.strerror or error)
        ) from None
    if len(data) > max_bytes:
        raise ReadRefused(p, ReadReason.GREW, limit=max_bytes, size=len(data))
    return data


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


def loads_strict_json(text: str) -> Any:
    """Return the JSON value in ``text``; raise StrictJsonError for anything else.

    Refused besides malformed text: ``NaN``, ``Infinity``, ``-Infinity`` and a key
    that appears twice in one object (which ``json`` would silently overwrite).
    """
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicates)
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


def read_strict_json(path: Path | str, max_bytes: int) -> Any:
    """Return the JSON value in the UTF-8 file ``path`` of at most ``max_bytes``.

    Raise ReadRefused (an OSError) or StrictJsonError (a ValueError).
    """
    data = read_bounded(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StrictJsonError(f"not UTF-8 text at byte {error.start}") from None
    return loads_strict_json(text)


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


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, then os.replace.

    An interrupted write leaves the old file as it was and no temporary file behind.
    The new file keeps the old file's permissions, or gets the usual ones for a new
    file (0o666 less the umask). The folder must exist.
    """
    target = Path(path)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)


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
