"""Events: everything that happened, as data, with a German and an English line.

The engine emits events; the log shows them; the screen animates them. A roll event
carries its dice, edge, modifiers and target so the table can follow every number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` for code, ``de``/``en`` for people."""

    kind: str
    de: str
    en: str
    actor: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def text(self, language: str = "de") -> str:
        """Return the line in ``language`` ("de" or "en")."""
        return self.en if language == "en" else self.de

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "de": self.de,
            "en": self.en,
            "data": self.data,
        }
