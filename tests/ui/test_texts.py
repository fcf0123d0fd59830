"""Every screen text the code asks for by a fixed key exists in German and in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ui.locale import LANGUAGES, texts

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
#: t("a.b.c"), self.t("a.b"), app.t("a.b", name=...) with a literal key (f-strings excluded).
KEY = re.compile(r"""\bt\(\s*"([a-z_]+(?:\.[a-z_0-9]+)+)"[,)]""")


def literal_keys() -> set[str]:
    keys: set[str] = set()
    for path in UI.rglob("*.py"):
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_the_scan_finds_the_keys() -> None:
    keys = literal_keys()
    assert "battle.undone" in keys and len(keys) > 100


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_literal_key_has_a_text(language: str) -> None:
    missing = sorted(literal_keys() - set(texts(language)))
    assert missing == []
