"""Words for the HUD: the German or the English of a text that carries both.

The rules' own words (conditions, attributes, damage types) are the ruleset's: its
views hand the screen finished texts in the chosen language.
"""

from __future__ import annotations


def says(language: str, de: str, en: str) -> str:
    """Return the German or the English text, as ``language`` is (German when no English)."""
    return en if language == "en" and en else de
