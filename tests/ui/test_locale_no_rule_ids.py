"""Issue 12 point 7: no screen text of the locale files carries a rule or decision ID."""

from __future__ import annotations

import re
from pathlib import Path

import game

LOCALE = Path(game.__file__).parent.parent / "assets" / "locale"
RULE_ID = re.compile(r"\b[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*\b|\bD-\d+\b")


def test_no_locale_text_names_a_rule_id() -> None:
    files = sorted(LOCALE.glob("*/*.toml"))
    assert len(files) >= 4
    found = [
        f"{path.relative_to(LOCALE)}:{number}"
        for path in files
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if not line.lstrip().startswith("#") and RULE_ID.search(line)
    ]
    assert found == []
