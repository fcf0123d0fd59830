"""The error log: what went wrong in a frame, appended with ``logging`` to a rotating file.

The file (``errors.log`` in the log folder, ``game.match.places``) never grows without
bound: past ``MAX_LOG_BYTES`` it is renamed to ``errors.log.1`` (the older copies move
up to ``.3``, the oldest is dropped), so the log takes at most about 4 MB.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

MAX_LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(message)s"


class _QuietHandler(RotatingFileHandler):
    """A rotating file that says nothing on stderr when it cannot write (a read-only disk)."""

    def handleError(self, record: logging.LogRecord) -> None:
        """Drop the record: the error itself is already on stderr and on screen."""


def write_error(path: Path, text: str) -> None:
    """Append ``text`` to the error log ``path`` (rotated, bounded); raise OSError if unwritable.

    The file is opened for this one record and closed again, so no App keeps it open.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    # A lone surrogate (a file name that is no UTF-8) is escaped, not a lost record.
    handler = _QuietHandler(
        path,
        maxBytes=MAX_LOG_BYTES,
        backupCount=LOG_BACKUPS,
        encoding="utf-8",
        errors="backslashreplace",
    )
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logger = logging.Logger("kampfkarte.errors")  # not registered: no global logging state
    logger.propagate = False
    logger.addHandler(handler)
    try:
        logger.error(text)
    finally:
        logger.removeHandler(handler)
        handler.close()
