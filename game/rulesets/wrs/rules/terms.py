"""The closed vocabularies of the WRS rules (glossary of wrs.md).

Enums only: each member's value is its German word; ``english`` gives the English one.
What each term *does* lives in the module that owns the rule.
"""

from __future__ import annotations

from enum import Enum


class Attribute(Enum):
    """The two attributes tested by a Vergleichsprobe (W-INIT-1, W-ATK-2)."""

    BODY = "Körper"
    MIND = "Geist"


class Skill(Enum):
    """The non-weapon skills the combat text names (W-ARMOR-5, W-ARMOR-MOD-1, W-HEAL)."""

    REPAIR_ARMOR_SHIELDS = "Rüstungen/Schilde reparieren"
    BULLETPROOF_VESTS = "Rüstungen/kugelsichere Westen"
    MEDICINE_FIRST_AID = "Heilkunde/Erste Hilfe"
    MEDICINE = "Heilkunde"
    BOTANY = "Botanik"


class WeaponCategory(Enum):
    """The weapon categories of the bonus list (W-BONUS-*); one skill each."""

    MELEE_SHARP_SMALL = "Nahkampf/scharf/klein"
    MELEE_BLUNT_SMALL = "Nahkampf/stumpf/klein"
    THROWN_SMALL = "Wurf/klein"
    THROWN_LARGE = "Wurf/groß"
    MELEE_SHARP_ONE_HANDED = "Nahkampf/scharf/einhändig"
    MELEE_BLUNT_ONE_HANDED = "Nahkampf/stumpf/einhändig"
    MELEE_SHARP_TWO_HANDED = "Nahkampf/scharf/zweihändig"
    MELEE_BLUNT_TWO_HANDED = "Nahkampf/stumpf/zweihändig"
    POLE_SHARP = "Nahkampf/Stäbe und Stangen/scharf"
    POLE_BLUNT = "Nahkampf/Stäbe und Stangen/stumpf"
    BOW = "Schuss/Pfeile und Bögen"
    CROSSBOW = "Schuss/Bolzen und Armbrüste"
    SINGLE_LOADER = "Schuss/Einzellader"
    REPEATER = "Schuss/Repetier"
    AUTOMATIC = "Schuss/Halb- und Vollautomatik"
    UNARMED = "waffenlos"


class ShieldCategory(Enum):
    """The two shield categories (W-BONUS-SHIELD-SMALL, W-BONUS-SHIELD-LARGE)."""

    SMALL = "Schild, klein"
    LARGE = "Schild, groß"


class FireMode(Enum):
    """How many shots one attack action fires (W-FIRE-*)."""

    SINGLE = "Einzelschuss"
    REPEATING = "Repetier"
    SEMI_AUTO = "Halbautomatik"
    FULL_AUTO = "Vollautomatik"


class ArmourMaterial(Enum):
    """The three columns of the armour table (W-ARMOR-TABLE)."""

    LEATHER = "Leder"
    CHAIN = "Kette"
    PLATE = "Platte"


class ArmourKind(Enum):
    """What a piece of armour is; modern kinds score like a material (W-ARMOR-MOD)."""

    LEATHER = "Lederrüstung"
    CHAIN = "Kettenrüstung"
    PLATE = "Plattenrüstung"
    BULLETPROOF_VEST = "kugelsichere Weste"
    PLASTIC_PROTECTOR = "Kunststoffprotektor"


class BodyPart(Enum):
    """The eleven rows of the armour table (W-ARMOR-TABLE)."""

    HEAD = "Kopf"
    UPPER_ARM_LEFT = "Oberarm links"
    UPPER_ARM_RIGHT = "Oberarm rechts"
    FOREARM_LEFT = "Unterarm links"
    FOREARM_RIGHT = "Unterarm rechts"
    THIGH_LEFT = "Oberschenkel links"
    THIGH_RIGHT = "Oberschenkel rechts"
    LOWER_LEG_LEFT = "Unterschenkel links"
    LOWER_LEG_RIGHT = "Unterschenkel rechts"
    HANDS = "Hände"
    TORSO = "Torso"


class WoundState(Enum):
    """What the wound count means against LP a/b/c (W-WOUND-1..4)."""

    FINE = "unverletzt"
    DOWN = "am Boden"
    UNCONSCIOUS = "bewusstlos"
    DEAD = "tot"


class ActionType(Enum):
    """The actions of a turn: the listed examples plus Zielen, Verteidigungsposition,
    Bereitschaft (W-ACT-*, W-OPEN-11)."""

    DRAW_WEAPON = "Eine Waffe ziehen"
    MOVE = "1–3 Schritte laufen"
    ATTACK = "Einen Angriff ausführen"
    DRAW_BOW_AND_SHOOT = "Einen Bogen spannen und schießen"
    LOOK_AROUND = "Sich umsehen"
    SPEAK_AETHER_SECTION = "Einen Abschnitt einer Aetherformel sprechen"
    TURN_360 = "Eine 360°-Drehung vollführen"
    AIM = "Zielen"
    DEFENSIVE_STANCE = "Verteidigungsposition"
    READY = "Bereitschaft"
    OTHER = "Andere Handlung"


#: Term -> English word; every member of every enum above has one entry.
_ENGLISH: dict[Enum, str] = {
    Attribute.BODY: "Body",
    Attribute.MIND: "Mind",
    Skill.REPAIR_ARMOR_SHIELDS: "Armour/shield repair",
    Skill.BULLETPROOF_VESTS: "Armour/bulletproof vests",
    Skill.MEDICINE_FIRST_AID: "Medicine/First aid",
    Skill.MEDICINE: "Medicine",
    Skill.BOTANY: "Botany",
    WeaponCategory.MELEE_SHARP_SMALL: "melee/sharp/small",
    WeaponCategory.MELEE_BLUNT_SMALL: "melee/blunt/small",
    WeaponCategory.THROWN_SMALL: "thrown/small",
    WeaponCategory.THROWN_LARGE: "thrown/large",
    WeaponCategory.MELEE_SHARP_ONE_HANDED: "melee/sharp/one-handed",
    WeaponCategory.MELEE_BLUNT_ONE_HANDED: "melee/blunt/one-handed",
    WeaponCategory.MELEE_SHARP_TWO_HANDED: "melee/sharp/two-handed",
    WeaponCategory.MELEE_BLUNT_TWO_HANDED: "melee/blunt/two-handed",
    WeaponCategory.POLE_SHARP: "melee/staves and poles/sharp",
    WeaponCategory.POLE_BLUNT: "melee/staves and poles/blunt",
    WeaponCategory.BOW: "ranged/arrows and bows",
    WeaponCategory.CROSSBOW: "ranged/bolts and crossbows",
    WeaponCategory.SINGLE_LOADER: "ranged/single-loader",
    WeaponCategory.REPEATER: "ranged/repeating",
    WeaponCategory.AUTOMATIC: "ranged/semi- and fully automatic",
    WeaponCategory.UNARMED: "unarmed",
    ShieldCategory.SMALL: "shield, small",
    ShieldCategory.LARGE: "shield, large",
    FireMode.SINGLE: "single shot",
    FireMode.REPEATING: "repeating",
    FireMode.SEMI_AUTO: "semi-automatic",
    FireMode.FULL_AUTO: "fully automatic",
    ArmourMaterial.LEATHER: "leather",
    ArmourMaterial.CHAIN: "chain",
    ArmourMaterial.PLATE: "plate",
    ArmourKind.LEATHER: "leather armour",
    ArmourKind.CHAIN: "chain armour",
    ArmourKind.PLATE: "plate armour",
    ArmourKind.BULLETPROOF_VEST: "bulletproof vest",
    ArmourKind.PLASTIC_PROTECTOR: "plastic protector",
    BodyPart.HEAD: "head",
    BodyPart.UPPER_ARM_LEFT: "upper arm left",
    BodyPart.UPPER_ARM_RIGHT: "upper arm right",
    BodyPart.FOREARM_LEFT: "forearm left",
    BodyPart.FOREARM_RIGHT: "forearm right",
    BodyPart.THIGH_LEFT: "thigh left",
    BodyPart.THIGH_RIGHT: "thigh right",
    BodyPart.LOWER_LEG_LEFT: "lower leg left",
    BodyPart.LOWER_LEG_RIGHT: "lower leg right",
    BodyPart.HANDS: "hands",
    BodyPart.TORSO: "torso",
    WoundState.FINE: "unhurt",
    WoundState.DOWN: "down",
    WoundState.UNCONSCIOUS: "unconscious",
    WoundState.DEAD: "dead",
    ActionType.DRAW_WEAPON: "Draw a weapon",
    ActionType.MOVE: "Move 1–3 steps",
    ActionType.ATTACK: "Carry out an attack",
    ActionType.DRAW_BOW_AND_SHOOT: "Draw a bow and shoot",
    ActionType.LOOK_AROUND: "Look around",
    ActionType.SPEAK_AETHER_SECTION: "Speak one section of an aether formula",
    ActionType.TURN_360: "Perform a 360° turn",
    ActionType.AIM: "Aim",
    ActionType.DEFENSIVE_STANCE: "Defensive position",
    ActionType.READY: "Readiness",
    ActionType.OTHER: "Other action",
}

#: Every enum of this module (for completeness checks).
TERM_ENUMS: tuple[type[Enum], ...] = (
    Attribute,
    Skill,
    WeaponCategory,
    ShieldCategory,
    FireMode,
    ArmourMaterial,
    ArmourKind,
    BodyPart,
    WoundState,
    ActionType,
)


def english(term: Enum) -> str:
    """Return the English word of a WRS term."""
    return _ENGLISH[term]


def in_language(term: Enum, language: str) -> str:
    """Return the word of ``term`` for the screen: German for "de", else English."""
    return str(term.value) if language == "de" else english(term)
