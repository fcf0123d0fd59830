"""The closed vocabularies of the ENTARIA rules (glossary, section 32 of entaria.md).

Enums only: what each term *does* lives in the module that owns the rule.
"""

from __future__ import annotations

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
