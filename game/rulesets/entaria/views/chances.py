"""The hit chance in words for the screen: "Trefferchance 65 % · Schaden 2–7 (Ø 4,5)".

The figures are ``queries.chances``' (exact, from the dice); this module only rounds and
writes them in the screen's language: a decimal comma in German, per cent rounded to a
whole number ("<1 %" and ">99 %" where rounding would say 0 or 100 of a chance that is
neither).
"""

from __future__ import annotations

from fractions import Fraction

from game.match.views import Texts
from game.rulesets.entaria.queries.chances import CheckTerms, RollChance, SaveChance
from game.rulesets.entaria.rules.chances import DamageRange
from game.rulesets.entaria.views.terms import attribute_name

__all__ = [
    "attack_lines",
    "chance_text",
    "damage_text",
    "mean_text",
    "roll_text",
    "save_line",
    "throw_lines",
]

SEPARATOR = " · "


def chance_text(chance: Fraction) -> str:
    """Return a chance in whole per cent, "<1 %" / ">99 %" near the ends that it is not."""
    if chance <= 0:
        return "0 %"
    if chance >= 1:
        return "100 %"
    percent = int(chance * 100 + Fraction(1, 2))  # half up: 12.5 % reads 13 %
    if percent < 1:
        return "<1 %"
    if percent > 99:
        return ">99 %"
    return f"{percent} %"


def mean_text(mean: Fraction, t: Texts) -> str:
    """Return a mean with one decimal (none when whole), a comma in German."""
    if mean.denominator == 1:
        return str(mean.numerator)
    tenths = int(mean * 10 + Fraction(1, 2))
    text = f"{tenths // 10}.{tenths % 10}"
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", ",") if t.language == "de" else text


def damage_text(damage: DamageRange | None, t: Texts, *, key: str = "chances.damage") -> str:
    """Return "Schaden 2–7 (Ø 4,5)", "Schaden 5 (Ø 5)" for one value, or "kein Schaden"."""
    if damage is None or damage.maximum == 0:
        return t("chances.no_damage")
    return t(key, low=damage.minimum, high=damage.maximum, mean=mean_text(damage.mean, t))


def roll_text(terms: CheckTerms, t: Texts) -> str:
    """Return the roll's terms: "Fernkampf 8 gegen 12, Nachteil, WM -1, Helfen +w6"."""
    name = attribute_name(terms.attribute, t)
    parts = [t("chances.roll", attribute=name, value=terms.value, target=terms.target)]
    if terms.edge:
        word = t("chances.edge_up" if terms.edge > 0 else "chances.edge_down")
        n = abs(terms.edge)
        parts.append(word if n == 1 else t("chances.edge_times", word=word, n=n))
    if terms.modifier:
        parts.append(t("chances.modifier", modifier=f"{terms.modifier:+d}"))
    if terms.help_die:
        parts.append(t("chances.help"))
    return ", ".join(parts)


def attack_lines(chance: RollChance, t: Texts) -> list[str]:
    """Return the hover lines of an attack: the chance and damage, then the crit."""
    if chance.terms.automatic_failure:
        return [f"{t('chances.hit', chance=chance_text(Fraction(0)))} ({t('chances.fails')})"]
    first = t("chances.hit", chance=chance_text(chance.chance))
    if chance.damage is not None:
        first += SEPARATOR + damage_text(chance.damage, t)
    return [first, t("chances.crit", chance=chance_text(chance.crit))]


def throw_lines(chance: RollChance, t: Texts) -> list[str]:
    """Return the hover lines of a throw at a field: landing there, and the blast's damage."""
    first = t("chances.throw", chance=chance_text(chance.chance))
    if chance.damage is None:
        return [first]
    return [first, damage_text(chance.damage, t, key="chances.throw_damage")]


def save_line(save: SaveChance, name: str, t: Texts) -> str:
    """Return "Pirat: Rettungswurf Reflexe 45 % · Schaden 1–4 (Ø 2,3)" (D-6)."""
    line = t("chances.save", name=name, chance=chance_text(save.chance))
    return line + SEPARATOR + damage_text(save.damage, t)
