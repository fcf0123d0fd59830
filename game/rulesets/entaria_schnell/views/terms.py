"""The quick rules' words on the screen, German (the rulebook's) and English.

Conditions, attributes and refusals are ENTARIA's (``game.rulesets.entaria.views.terms``);
the words of the quick rules themselves (Zone, Impuls, the blocks, the bands) stand here.
"""

from __future__ import annotations

import re

from game.match.views import Texts
from game.rulesets.entaria.views.terms import condition_name, reason, says, short_condition
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.initiative import InitGroup
from game.rulesets.entaria_schnell.rules.ranges import ZoneRangeBand

__all__ = [
    "band_name",
    "block_name",
    "condition_name",
    "creature_name",
    "item_name",
    "reason",
    "short_condition",
    "side_name",
    "told",
    "tr",
    "zone_name",
]


def told(game: QuickGame, refusal: str, t: Texts) -> str:
    """Return an engine refusal in the screen's language with the creatures' and weapons'
    names for their keys ("punk_dach ist außer Reichweite" → "Punk auf dem Dach …")."""
    text = reason(refusal, t)
    keys = [*game.creatures, *game.catalogue.weapons]
    for key in sorted(keys, key=len, reverse=True):
        if key in text:
            name = game.creatures[key].name if key in game.creatures else item_name(game, key, t)
            text = re.sub(rf"(?<![\w]){re.escape(key)}(?![\w])", name.replace("\\", "\\\\"), text)
    return text


def tr(t: Texts, de: str, en: str) -> str:
    """Return the German or the English text as the screen's language is."""
    return says(t.language, de, en)


def creature_name(game: QuickGame, key: str | None) -> str:
    """Return a creature's name ("" for none, the key for one unknown)."""
    if key is None:
        return ""
    creature = game.creatures.get(key)
    return creature.name if creature is not None else key


def side_name(game: QuickGame, side: str) -> str:
    """Return the mission's name of a side (its key when it has none)."""
    for found in game.setup.battle.sides:
        if found.key == side:
            return found.name or side
    return side


def zone_name(game: QuickGame, zone: int) -> str:
    """Return a zone's name ("A3")."""
    names = game.zones.names
    return names[zone] if 0 <= zone < len(names) else str(zone)


def item_name(game: QuickGame, key: str, t: Texts) -> str:
    """Return a catalogue item's name in the screen's language ("" : waffenlos)."""
    if not key:
        return tr(t, "waffenlos", "unarmed")
    weapon = game.catalogue.weapons.get(key)
    if weapon is not None:
        return weapon.english if t.language == "en" and weapon.english else weapon.name
    item = game.catalogue.items.get(key) or game.catalogue.armour.get(key)
    if item is None:
        return key
    return item.english if t.language == "en" and item.english else item.name


def band_name(band: ZoneRangeBand | None, t: Texts) -> str:
    """Return a range band's name: Nah, Mittel, Weit, Extra (Q-RANGE-*)."""
    if band is None:
        return tr(t, "außer Reichweite", "out of range")
    return band.german if t.language == "de" else band.english


def block_name(block: InitGroup | None, t: Texts) -> str:
    """Return the initiative block: vor den Gegnern, Gegner, nach den Gegnern (Q-INIT-2)."""
    if block is InitGroup.BEFORE_ENEMIES:
        return tr(t, "vor den Gegnern", "before the enemies")
    if block is InitGroup.AFTER_ENEMIES:
        return tr(t, "nach den Gegnern", "after the enemies")
    return tr(t, "Gegner", "enemies")
