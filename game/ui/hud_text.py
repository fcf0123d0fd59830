"""Words for the HUD: the rules' terms in German and English, and condition explanations.

German names come from the rules' enums (they are the rulebook's words); English names
and every sentence live in game/assets/locale/<lang>/hud.toml. What a condition does is
the battle layer's (``queries.creature_card``), read off the rules' conditions table.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType, SaveValue
from game.ui.locale import Translator


@cache
def _t(language: str) -> Translator:
    return Translator(language)


def says(language: str, de: str, en: str) -> str:
    """Return the German or the English text, as ``language`` is (German when no English)."""
    return en if language == "en" and en else de


def condition_name(condition: Condition, language: str) -> str:
    """Return the condition's name (German: the rulebook's word)."""
    if language == "de":
        return condition.value
    return _t(language)(f"hud.condition.{condition.name}")


def short_condition(condition: Condition, language: str) -> str:
    """Return the condition's badge label (three or four letters)."""
    return _t(language)(f"hud.condition_short.{condition.name}")


def attribute_name(attribute: Attribute, language: str) -> str:
    if language == "de":
        return attribute.value
    return _t(language)(f"hud.attribute.{attribute.name}")


def save_name(save: SaveValue, language: str) -> str:
    if language == "de":
        return save.value
    return _t(language)(f"hud.save.{save.name}")


def life_word(held: Collection[Condition], language: str) -> str:
    """Return "Tot", "Sterbend" or "Bewusstlos" for a creature out of the fight, else ""."""
    for condition in (Condition.DEAD, Condition.DYING, Condition.UNCONSCIOUS):
        if condition in held:
            return condition_name(condition, language)
    return ""


def damage_type_name(german: str, language: str) -> str:
    """Return a damage type given by its German name in ``language``."""
    if language == "de":
        return german
    try:
        kind = DamageType(german)
    except ValueError:
        return german
    return _t(language)(f"hud.damage.{kind.name}")
