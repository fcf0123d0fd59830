"""The hit chance in words for the screen: "Trefferchance 65 % · Schaden 2–7 (Ø 4,5)".

The figures are ``queries.chances``' (exact, from the dice); this module only rounds and
writes them in the screen's language: a decimal comma in German, per cent rounded to a
whole number ("<1 %" and ">99 %" where rounding would say 0 or 100 of a chance that is
neither).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from game.board.grid import Cell
from game.match.views import Odds, Texts
from game.rulesets.entaria.combat import UNARMED
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.chances import (
    ATTACK_ACTIONS,
    CheckTerms,
    FireHit,
    KnownTerms,
    RollChance,
    SaveChance,
    area_fire_check_chance,
    area_fire_saves,
    attack_chance,
    blast_damage,
    known_attack_terms,
    leave_reach_save_chance,
    throw_chance,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.chances import DamageRange
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views.terms import attribute_name, says

__all__ = [
    "area_check_odds",
    "area_fire_odds",
    "attack_lines",
    "attack_odds",
    "attack_weapons",
    "blast_text",
    "chance_text",
    "check_line",
    "damage_text",
    "known_line",
    "leave_reach_line",
    "leave_reach_odds",
    "mean_text",
    "offer_chance",
    "roll_text",
    "save_line",
    "throw_lines",
    "throw_odds",
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
    """Return the hover lines of an attack: the chance and damage, then the roll's terms
    (every edge and WM counted, the action's own too) and the crit."""
    if chance.terms.automatic_failure:
        return [f"{t('chances.hit', chance=chance_text(Fraction(0)))} ({t('chances.fails')})"]
    first = t("chances.hit", chance=chance_text(chance.chance))
    if chance.damage is not None:
        first += SEPARATOR + damage_text(chance.damage, t)
    crit = t("chances.crit", chance=chance_text(chance.crit))
    return [first, roll_text(chance.terms, t) + SEPARATOR + crit]


def check_line(chance: RollChance, t: Texts) -> str:
    """Return "Trefferchance 45 % · kritisch 5 %" for a check with no damage of its own."""
    if chance.terms.automatic_failure:
        return f"{t('chances.hit', chance=chance_text(Fraction(0)))} ({t('chances.fails')})"
    hit = t("chances.hit", chance=chance_text(chance.chance))
    return hit + SEPARATOR + t("chances.crit", chance=chance_text(chance.crit))


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


def attack_weapons(battle: Battle, actor: CreatureState, action: Action) -> list[str]:
    """Return the held weapons offered for ``action`` (catalogue data; the engine decides).

    ``"unarmed"`` stands for bare hands. The attack tool offers these, and an offer's
    tooltip names the chance of the first.
    """
    weapons = battle.catalogue.weapons
    held = [weapons[k] for k in actor.held if k in weapons]
    if action is Action.MELEE_ATTACK or action in (Action.SWEEP_ATTACK, Action.PUSH_BACK):
        keys = [w.key for w in held if w.melee]
        return keys or ([UNARMED] if action is Action.MELEE_ATTACK else [])
    if action is Action.RANGED_ATTACK:
        return [w.key for w in held if w.ranged]
    if action is Action.THROW_ATTACK:
        return [w.key for w in held if w.thrown]
    if action is Action.LONG_SHOT:
        return [w.key for w in held if w.ranged and w.has_scope]
    if action is Action.AIMED_ATTACK:
        return [w.key for w in held if not w.is_area] + [UNARMED]
    if action is Action.UNARMED_ATTACK:
        return [UNARMED]
    return [w.key for w in held]


def _weapon_words(battle: Battle, key: str, t: Texts) -> str:
    if key == UNARMED:
        return says(t.language, "waffenlos", "unarmed")
    weapon = battle.weapon(key)
    return says(t.language, weapon.name, weapon.english)


def known_line(known: KnownTerms, weapon: str, t: Texts) -> str:
    """Return the attacker's side of the roll: "Laserpistole: Fernkampf 8, Nachteil · SW 3"."""
    parts = [
        t("chances.known_roll", attribute=attribute_name(known.attribute, t), value=known.value)
    ]
    if known.edge:
        word = t("chances.edge_up" if known.edge > 0 else "chances.edge_down")
        n = abs(known.edge)
        parts.append(word if n == 1 else t("chances.edge_times", word=word, n=n))
    if known.modifier:
        parts.append(t("chances.modifier", modifier=f"{known.modifier:+d}"))
    damage = t("chances.known_damage", sw=known.sw + known.bonus)
    return f"{weapon}: {', '.join(parts)}{SEPARATOR}{damage}"


def offer_chance(battle: Battle, action: Action, target: str | None, t: Texts) -> list[str]:
    """Return an attack offer's tooltip lines: its chance against ``target`` when it can be
    made there, else what is known before a target is chosen (the attacker's value, edge
    and the weapon's SW). Nothing for an action that is no attack on a creature.
    """
    if action not in ATTACK_ACTIONS or not battle.state.order:
        return []
    actor = battle.current
    weapons = attack_weapons(battle, actor, action)
    if not weapons:
        return []
    weapon = weapons[0]
    words = _weapon_words(battle, weapon, t)
    if target is not None and target != actor.key and target in battle.state.creatures:
        odds = attack_chance(battle, actor.key, target, weapon, action=action)
        if odds is not None:
            name = battle.state.creatures[target].name
            return [t("chances.against", name=name, weapon=words), *attack_lines(odds, t)]
    known = known_attack_terms(battle, actor.key, weapon, action)
    if known is None:
        return []
    return [known_line(known, words, t), t("chances.pick_target")]


def leave_reach_line(save: SaveChance, t: Texts) -> str:
    """Return "Rettungswurf Geschick 70 % · misslingt er: Liegend auf dem Startfeld" (D-10)."""
    name = attribute_name(save.terms.attribute, t)
    return t("chances.leave_save", attribute=name, chance=chance_text(save.chance))


def covered_line(hit: FireHit, name: str, t: Texts) -> str:
    """Return "Pirat: Deckungsfeuer ohne Rettungswurf · Schaden 6" (E-OPEN-23)."""
    return t("chancefix.covered", name=name, damage=hit.damage.maximum)


# --- The map tools' hovers: asked through the views (``EntariaViews``) -----------------


def attack_odds(
    battle: Battle,
    actor: str,
    target: str,
    weapon: str,
    action: Action,
    option: UnarmedOption | None,
    melee: bool | None,
    t: Texts,
) -> Odds | None:
    """Return an attack's chance on ``target`` (short and its hover lines); None: none."""
    odds = attack_chance(battle, actor, target, weapon, action=action, option=option, melee=melee)
    if odds is None:
        return None
    return Odds(chance_text(odds.chance), tuple(attack_lines(odds, t)))


def throw_odds(battle: Battle, actor: str, weapon: str, cell: Cell, t: Texts) -> tuple[str, ...]:
    """Return a throw's hover lines at ``cell``; nothing where the engine refuses it."""
    odds = throw_chance(battle, actor, weapon, cell)
    return () if odds is None else tuple(throw_lines(odds, t))


def blast_text(battle: Battle, actor: str, weapon: str, creature: str, t: Texts) -> str:
    """Return what the thrown weapon's blast does to ``creature`` (E-AREA-2), in words."""
    return damage_text(blast_damage(battle, actor, weapon, creature), t)


def area_fire_odds(
    battle: Battle,
    actor: str,
    weapon: str,
    mode: AreaFireAction,
    allocation: Mapping[Cell, int],
    t: Texts,
) -> tuple[tuple[str, str], ...]:
    """Return (creature, line) for each creature the painted fire hits (D-6, E-OPEN-23)."""
    rows = []
    for odds in area_fire_saves(battle, actor, weapon, allocation, mode):
        name = battle.state.creatures[odds.creature].name
        if isinstance(odds, FireHit):
            rows.append((odds.creature, covered_line(odds, name, t)))
        else:
            rows.append((odds.creature, save_line(odds, name, t)))
    return tuple(rows)


def area_check_odds(
    battle: Battle,
    actor: str,
    weapon: str,
    mode: AreaFireAction,
    fields: Sequence[Cell],
    t: Texts,
) -> tuple[str, ...]:
    """Return the area fire's check on ``fields`` (E-AREAFIRE-3); nothing beyond range."""
    odds = area_fire_check_chance(battle, actor, weapon, mode, fields)
    return () if odds is None else (check_line(odds, t),)


def leave_reach_odds(battle: Battle, actor: str, *, running: bool, t: Texts) -> tuple[str, ...]:
    """Return the Geschick save a path out of melee reach asks (D-10)."""
    return (leave_reach_line(leave_reach_save_chance(battle, actor, running=running), t),)
