"""The error log keeps a record whose text holds a lone surrogate (issue 13 point 2)."""

from __future__ import annotations

from pathlib import Path

from game.ui.error_log import write_error


def test_a_lone_surrogate_is_written_escaped_not_dropped(tmp_path: Path) -> None:
    """Given an error naming a file whose name is no UTF-8, the log holds the record."""
    log = tmp_path / "errors.log"
    write_error(log, "cannot open map \udcff.toml")
    text = log.read_text(encoding="utf-8")
    assert "cannot open map \\udcff.toml" in text
