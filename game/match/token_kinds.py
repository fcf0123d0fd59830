"""The kinds of token art a ruleset may name for a creature (the screen ships one SVG each).

A ruleset's catalogue names a creature type's token by one of these names; the screen
draws ``assets/tokens/<name>.svg`` (``game.ui.token_art``). A name the screen has no art
for falls back to the initials, so a ruleset never breaks the screen by naming one.
"""

from __future__ import annotations

#: Every token kind, with what it shows (for error messages and maps/README.md).
TOKEN_KINDS: dict[str, str] = {
    "figure": "a person of no particular kind (the default)",
    "soldier": "a soldier or fighter with a helmet and a rifle",
    "pirate": "a pirate, thug or outlaw with a hat, pistol and blade",
    "caster": "a caster in a robe with a staff",
    "beast": "a four-legged beast or animal",
    "robot": "a robot or drone",
    "monster": "a monster with horns and claws",
    "mount": "a mount such as a horse",
}

#: The token a creature type shows when its catalogue entry names none.
DEFAULT_TOKEN = "figure"


def token_problem(value: object) -> dict[str, str] | None:
    """Return what is wrong with a token name per language, or None when it is a TOKEN_KIND."""
    if isinstance(value, str) and value in TOKEN_KINDS:
        return None
    names = ", ".join(f'"{name}"' for name in TOKEN_KINDS)
    return {
        "en": f"found {value!r}; expected one of {names}",
        "de": f"gefunden: {value!r}; erwartet: eines von {names}",
    }
