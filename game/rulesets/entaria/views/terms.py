"""ENTARIA's words on the screen: attributes, saves, conditions and damage types by language.

German names come from the rules' enums (they are the rulebook's words); English names
live in ``assets/locale/en/hud.toml`` and reach the views through the screen's
translator (``Texts``).
"""

from __future__ import annotations

from collections.abc import Collection

from game.match.views import Texts
from game.rulesets.entaria.rules.terms import (
    Attribute,
    Condition,
    DamageType,
    SaveValue,
    in_language,
)

#: The conditions that take a creature out of the fight, the worst first.
LIFE_CONDITIONS = (Condition.DEAD, Condition.DYING, Condition.UNCONSCIOUS)
#: Conditions whose badge is drawn in red.
BAD_CONDITIONS = frozenset(
    {Condition.DYING, Condition.UNCONSCIOUS, Condition.DEAD, Condition.INCAPACITATED}
)


def says(language: str, de: str, en: str) -> str:
    """Return the German or the English text, as ``language`` is (German when no English)."""
    return en if language == "en" and en else de


def reason(text: str, t: Texts) -> str:
    """Return a refusal or reason of the engine in the screen's language, no rule IDs."""
    return in_language(text, t.language)


def condition_name(condition: Condition, t: Texts) -> str:
    """Return the condition's name (German: the rulebook's word)."""
    if t.language == "de":
        return condition.value
    return t(f"hud.condition.{condition.name}")


def short_condition(condition: Condition, t: Texts) -> str:
    """Return the condition's badge label (three or four letters)."""
    return t(f"hud.condition_short.{condition.name}")


def attribute_name(attribute: Attribute, t: Texts) -> str:
    if t.language == "de":
        return attribute.value
    return t(f"hud.attribute.{attribute.name}")


def save_name(save: SaveValue, t: Texts) -> str:
    if t.language == "de":
        return save.value
    return t(f"hud.save.{save.name}")


def life_word(held: Collection[Condition], t: Texts) -> str:
    """Return "Tot", "Sterbend" or "Bewusstlos" for a creature out of the fight, else ""."""
    for condition in LIFE_CONDITIONS:
        if condition in held:
            return condition_name(condition, t)
    return ""


def life_of(conditions: Collection[Condition]) -> str:
    """Return how a token looks: "dead", "dying", "unconscious" or "ok"."""
    held = set(conditions)
    if Condition.DEAD in held:
        return "dead"
    if Condition.DYING in held:
        return "dying"
    if Condition.UNCONSCIOUS in held:
        return "unconscious"
    return "ok"


def damage_type_name(german: str, t: Texts) -> str:
    """Return a damage type given by its German name in the screen's language."""
    if t.language == "de":
        return german
    try:
        kind = DamageType(german)
    except ValueError:
        return german
    return t(f"hud.damage.{kind.name}")
