"""What the ``kampfkarte`` command prints never fails on text that came from a file.

A file can hold what the terminal cannot show: a lone surrogate (``"\\ud800"`` in a
JSON title) or a file name that is not UTF-8 (Python keeps its bytes as surrogates).
Printing either to a strict UTF-8 stream raises ``UnicodeEncodeError``. At the start of
a command its standard output and error are set to write such characters as
backslash escapes instead (``\\udcff``), keeping the stream's encoding.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import TextIO

#: How a character the stream's encoding cannot hold is written.
ERRORS = "backslashreplace"


def safe_stream(stream: TextIO | None) -> None:
    """Make ``stream`` write unencodable characters as escapes (when it can be changed)."""
    if isinstance(stream, io.TextIOWrapper):
        # closed or detached: nothing will be printed anyway
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(errors=ERRORS)


def safe_output() -> None:
    """Make standard output and standard error safe for any text (see the module)."""
    safe_stream(sys.stdout)
    safe_stream(sys.stderr)
