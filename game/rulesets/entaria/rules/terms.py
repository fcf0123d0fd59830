"""The closed vocabularies of the ENTARIA rules (glossary, section 32 of entaria.md).

Enums only: what each term *does* lives in the module that owns the rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import Enum


class Attribute(Enum):
    """The eight attributes (E-CORE-ATTR-1)."""

    CONSTITUTION = "Konstitution"
    STRENGTH = "Stärke"
    DEXTERITY = "Geschick"
    REFLEXES = "Reflexe"
    INTELLIGENCE = "Intelligenz"
    CHARISMA = "Charisma"
    RANGED = "Fernkampf"
    MELEE = "Nahkampf"


#: Attributes whose checks "use the body" (E-OPEN-37: Verletzt, Verkrampft).
BODY_ATTRIBUTES: frozenset[Attribute] = frozenset(
    {
        Attribute.CONSTITUTION,
        Attribute.STRENGTH,
        Attribute.DEXTERITY,
        Attribute.REFLEXES,
        Attribute.RANGED,
        Attribute.MELEE,
    }
)


class SaveValue(Enum):
    """The static Rettungswerte others roll against (E-CORE-SAVE-1)."""

    DODGE = "Ausweichen"
    BODY = "Körper"
    MIND = "Geist"


class DamageType(Enum):
    """The eleven damage types (E-DMGTYPE-2)."""

    PIERCING = "Stich"
    SLASHING = "Hieb"
    BLUDGEONING = "Wucht"
    POISON = "Gift"
    FIRE = "Feuer"
    COLD = "Kälte"
    RADIATION = "Strahlung"
    NECROTIC = "Nekro"
    MENTAL = "Mental"
    ENERGY = "Energie"
    CHEMICAL = "Chemie"


class Condition(Enum):
    """Every condition of section 16 (glossary 32.4)."""

    DISTRACTED = "Abgelenkt"
    STUNNED = "Betäubt"
    IMMOBILIZED = "Bewegungslos"
    UNCONSCIOUS = "Bewusstlos"
    BLINDED = "Blind"
    BLEEDING = "Blutend"
    BURNING = "Brennend"
    EXHAUSTED = "Erschöpft"
    HORRIFIED = "Entsetzt"
    FOCUSED = "Fokussiert"
    PARALYZED = "Gelähmt"
    PROTECTED = "Geschützt"
    INCAPACITATED = "Handlungsunfähig"
    IRRITATED = "Irritiert"
    CONCENTRATING = "Konzentriert"
    PRONE = "Liegend"
    PANICKED = "Panisch"
    OBSCURED = "Schemenhaft"
    IN_PAIN = "Schmerzerfüllt"
    STABLE_COMA = "Stabiles Koma"
    DYING = "Sterbend"
    MUTE = "Stumm"
    DEAF = "Taub"
    DEAD = "Tod"
    UNDETECTED = "Unentdeckt"
    INVISIBLE = "Unsichtbar"
    HYPOTHERMIC = "Unterkühlt"
    OVERLOADED = "Überlastet"
    SURPRISED = "Überrascht"
    FRIGHTENED = "Verängstigt"
    CORRODED = "Verätzt"
    POISONED = "Vergiftet"
    CRAMPED = "Verkrampft"
    WOUNDED = "Verletzt"
    IRRADIATED = "Verstrahlt"
    CONFUSED = "Verwirrt"
    DEFENSELESS = "Wehrlos"
    ENRAGED = "Wütend"


class ActionType(Enum):
    """The four action types (E-ACT-1)."""

    HALF = "HH"
    FULL = "VH"
    LONGER = "LH"
    FREE = "FH"


class MoveType(Enum):
    """Movement types beyond walking on firm ground (E-MOVETYPE-*)."""

    SWIM = "S"
    CLIMB = "K"
    WALL_CLIMB = "W"
    FLY = "F"
    GLIDE = "FG"
    HOVER = "FS"
    FLYBY = "FV"


class ArmorCategory(Enum):
    """Armour categories: the same category does not stack (E-ARMOR-STACK-1/2)."""

    WORN = "Getragene Panzerung"
    COVER = "Deckungspanzerung"
    DERMAL = "Dermale Panzerung"
    FORCE_FIELD = "Kraftfeld Panzerung"


class WeaponAttribute(Enum):
    """Equipment attributes the combat rules refer to (glossary 32.1)."""

    AUTO_FIRE = "Dauerfeuer"
    AREA_FIRE = "Bereichsfeuer"
    REACH = "Distanz"
    BYPASS = "Umgehung"
    SHIELD = "Schild"
    ZERO_G = "Null-G"
    CUMBERSOME = "Beschwerlich"
    SCOPE = "Bildvergrößerer"
    UNDERWATER = "Unterwasser"


#: The English of each equipment attribute, the rules file's terms (entaria.md 32.1, E-ACT-*).
WEAPON_ATTRIBUTE_ENGLISH: Mapping[WeaponAttribute, str] = {
    WeaponAttribute.AUTO_FIRE: "automatic fire",
    WeaponAttribute.AREA_FIRE: "area fire",
    WeaponAttribute.REACH: "reach",
    WeaponAttribute.BYPASS: "bypass",
    WeaponAttribute.SHIELD: "shield",
    WeaponAttribute.ZERO_G: "zero-G",
    WeaponAttribute.CUMBERSOME: "cumbersome",
    WeaponAttribute.SCOPE: "scope",
    WeaponAttribute.UNDERWATER: "underwater",
}


class Text(str):
    """An English text that carries its German version: refusals and reasons for the screen.

    ``str(text)``, equality and hashing are the English, so code and tests that match the
    English keep working; ``text.de`` is the German, ``text.text(language)`` either one.
    Building a new string from a Text (f-string, ``+``) keeps only the English: compose
    both versions with ``say``.
    """

    de: str

    def __new__(cls, en: str, de: str) -> Text:
        text = super().__new__(cls, en)
        text.de = de
        return text

    def __reduce__(self) -> tuple[type[Text], tuple[str, str]]:
        # copy, deepcopy and pickle rebuild the Text with its German
        return (Text, (str(self), self.de))

    def text(self, language: str) -> str:
        """Return the German for language "de", else the English."""
        return self.de if language == "de" else str(self)


def say(en: str, de: str) -> Text:
    """Return the English text ``en`` carrying its German version ``de``."""
    return Text(en, de)


def german(reason: str) -> str:
    """Return the German of ``reason`` when it carries one, else ``reason`` itself."""
    return reason.de if isinstance(reason, Text) else reason


#: One rule or decision ID: "E-ACT-VH-VERBERGEN-1", "E-OPEN-20", "Q-3", "D-6".
RULE_ID = re.compile(r"\b[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*\b|\bD-\d+\b")

#: A rule reference in brackets, " (E-ACT-VH-VERBERGEN-1)", " (E-MOUNT-2, E-MOUNT-3)",
#: " (D-6)", " (E-THROW-1, E-OPEN-16: ...)": the engine's reasons keep it (tests, the
#: game master's details), the player does not read it.
_RULE_IDS = re.compile(
    r"\s*\((?:(?:[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*|D-\d+)(?:,\s*|\s+|/\d+)?)+(?::[^()]*)?\)"
)
#: An ID left outside brackets ("... (E-THROW-2): use ...", "siehe E-OPEN-16").
_BARE_ID = re.compile(r",?\s*\b(?:[EQWG]-[A-Z]+(?:-[A-Z0-9]+)*|D-\d+)\b")


def without_rule_ids(text: str) -> str:
    """Return ``text`` without its rule and decision IDs (bracketed ones with their brackets)."""
    if not RULE_ID.search(text):
        return text  # most texts: no copy, no second pass
    return _BARE_ID.sub("", _RULE_IDS.sub("", text)).strip()


def rule_ids(reason: str) -> tuple[str, ...]:
    """Return the rule and decision IDs ``reason`` names, in order (a details view's list)."""
    return tuple(dict.fromkeys(m.group(0) for m in RULE_ID.finditer(str(reason))))


def in_language(reason: str, language: str) -> str:
    """Return ``reason`` for the screen in ``language`` (German for "de", else the
    English), without the rule IDs."""
    return without_rule_ids(german(reason) if language == "de" else str(reason))
