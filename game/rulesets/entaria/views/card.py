"""ENTARIA's creature card and turn order: values, LP, armour, weapons, items, conditions.

The card is built from ``queries.creature_card``; each condition badge explains itself
in a tooltip (German and English name, what the condition does, its rules).
"""

from __future__ import annotations

from game.match.views import (
    Badge,
    Card,
    CardPart,
    Chip,
    Entry,
    Line,
    Meter,
    Texts,
    Tone,
    TurnOrder,
    Value,
)
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.cards import (
    ArmourCard,
    CreatureCard,
    WeaponCard,
    creature_card,
)
from game.rulesets.entaria.rules.terms import Attribute, SaveValue
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views.terms import (
    BAD_CONDITIONS,
    LIFE_CONDITIONS,
    attribute_name,
    condition_name,
    damage_type_name,
    life_word,
    save_name,
    says,
    short_condition,
)


def card(battle: Battle, key: str, t: Texts) -> Card | None:
    """Return the card of creature ``key`` (None: no such creature)."""
    if key not in battle.state.creatures:
        return None
    return _card(creature_card(battle, key), t)


def _card(card: CreatureCard, t: Texts) -> Card:
    kind = t("hud.card.character" if card.is_character else "hud.card.enemy")
    bew = t("hud.card.bew", n=card.movement)
    if card.movement != card.base_movement:  # the worn armour changes it (E-ARMOR-2)
        bew = t("hud.card.bew_armour", n=card.movement, base=card.base_movement)
    parts = [
        bew,
        t("hud.card.ini", n=card.initiative),
        t(f"hud.stance.{card.stance.name}"),
    ]
    if card.altitude:
        parts.append(t("hud.card.altitude", n=card.altitude))
    if card.move_types:
        parts.append(" ".join(f"{k} {v}" for k, v in card.move_types.items()))
    sections = [_attributes(card, t), _saves(card, t), _armour(card, t)]
    if card.weapons:
        sections.append(
            CardPart(t("hud.card.weapons"), entries=tuple(_weapon(w, t) for w in card.weapons))
        )
    if card.items:
        sections.append(
            CardPart(t("hud.card.items"), entries=(Entry((Line(", ".join(card.items)),)),))
        )
    sections.append(_conditions(card, t))
    return Card(
        key=card.key,
        title=card.name,
        side=card.side,
        subtitle=f"{card.side_name} · {card.type_name} · {kind}",
        meter=Meter(card.lp, card.max_lp, label=t("hud.card.lp", lp=card.lp, max=card.max_lp)),
        alert=_alert(card, t),
        summary=" · ".join(parts),
        sections=tuple(sections),
    )


def _alert(card: CreatureCard, t: Texts) -> str:
    if not card.out_of_fight:
        return ""
    held = {c.condition for c in card.conditions}
    for condition in LIFE_CONDITIONS:
        if condition in held:
            word = next(c for c in card.conditions if c.condition is condition)
            return says(t.language, word.german, word.english)
    return ""


def _attributes(card: CreatureCard, t: Texts) -> CardPart:
    values = tuple(
        Value(attribute_name(a, t), str(card.attributes.get(a, 0))) for a in list(Attribute)
    )
    return CardPart(t("hud.card.attributes"), values=values)


def _saves(card: CreatureCard, t: Texts) -> CardPart:
    values = []
    for save in SaveValue:
        value, base = card.saves[save], card.base_saves[save]
        name = save_name(save, t)
        tone = Tone.NORMAL if value == base else Tone.GOOD if value > base else Tone.BAD
        tip = t("hud.card.save_tip", name=name, value=value, base=base)
        if save is SaveValue.DODGE and card.armour_dodge:  # E-ARMOR-2
            armour = f"{card.armour_dodge:+d}"
            tip = t("hud.card.save_tip_armour", name=name, value=value, base=base, armour=armour)
        values.append(Value(name, str(value), tone, tip, f"card:save:{save.name}"))
    return CardPart(t("hud.card.saves"), values=tuple(values))


def _armour(card: CreatureCard, t: Texts) -> CardPart:
    lines = [Line(t("hud.card.armour_total", n=card.armour))]
    lines += [
        Line(_armour_piece(piece, t), indent=True, tone=Tone.DIM) for piece in card.armour_pieces
    ]
    return CardPart(t("hud.card.armour"), entries=tuple(Entry((line,)) for line in lines))


def _armour_piece(piece: ArmourCard, t: Texts) -> str:
    """Return "Plattenpanzerweste: PAZ 4, BEW -1, Ausweichen -2": PAZ and side effects."""
    name = says(t.language, piece.name, piece.english)
    effects = []
    if piece.movement:
        effects.append(t("hud.card.bew", n=f"{piece.movement:+d}"))
    if piece.initiative:
        effects.append(t("hud.card.ini", n=f"{piece.initiative:+d}"))
    if piece.dodge:
        effects.append(f"{save_name(SaveValue.DODGE, t)} {piece.dodge:+d}")
    if piece.cumbersome:
        effects.append(t("hud.card.armour_cumbersome"))
    if not effects:
        return t("hud.card.armour_piece", name=name, paz=piece.paz)
    text = t("hud.card.armour_effects", name=name, paz=piece.paz, effects=", ".join(effects))
    if not piece.counts:  # a shield that is not raised (Schildeinsatz)
        text += " " + t("hud.card.armour_lowered")
    return text


def _weapon(weapon: WeaponCard, t: Texts) -> Entry:
    lang = t.language
    name = says(lang, weapon.name, weapon.english)
    where = t("hud.card.in_hand" if weapon.held else "hud.card.carried")
    tone = Tone.NORMAL if weapon.held else Tone.DIM
    sw = t("hud.card.sw", n=weapon.sw, type=damage_type_name(weapon.damage_type, t))
    details = [sw]
    if weapon.magazine is not None:
        size = weapon.magazine_size if weapon.magazine_size is not None else "?"
        details.append(t("hud.card.magazine", n=weapon.magazine, size=size))
    if weapon.bem:  # "m,a": the damage multiplier and the rounds it uses (E-AREAFIRE-2)
        multiplier, _, rounds = weapon.bem.partition(",")
        details.append(t("hud.card.bem", bem=weapon.bem, m=multiplier, rounds=rounds))
    lines = (
        Line(f"{name} ({where})", tone=tone, bold=weapon.held),
        Line(" · ".join(details), indent=True, tone=tone),
    )
    return Entry(lines, _weapon_tip(weapon, t), f"card:weapon:{weapon.key}")


def _weapon_tip(weapon: WeaponCard, t: Texts) -> str:
    lang = t.language
    bands = ", ".join(says(lang, b.german, t(f"hud.band.{b.name}")) for b in weapon.bands)
    lines = [says(lang, weapon.name, weapon.english)]
    lines.append(t("hud.card.sw", n=weapon.sw, type=damage_type_name(weapon.damage_type, t)))
    if weapon.melee:
        lines.append(t("hud.card.melee", reach=weapon.reach))
    if bands:
        lines.append(t("hud.card.bands", bands=bands))
    if weapon.thrown:
        lines.append(t("hud.card.thrown"))
    if weapon.attributes:
        english = weapon.attributes_en or weapon.attributes
        lines.append(", ".join(weapon.attributes if lang == "de" else english))
    return "\n".join(lines)


def _conditions(card: CreatureCard, t: Texts) -> CardPart:
    lang = t.language
    badges = []
    for entry in card.conditions:
        name = says(lang, entry.german, entry.english)
        label = name + (f" {entry.count}" if entry.count > 1 else "")
        tone = Tone.BAD if entry.condition in BAD_CONDITIONS else Tone.NORMAL
        if entry.implied:
            tone = Tone.DIM
        explanation = says(lang, entry.explanation_de, entry.explanation_en)
        implied = "\n" + t("hud.card.implied") if entry.implied else ""
        tip = f"{name}{implied}\n{explanation}"  # one language; rule IDs are not for players
        badges.append(Badge(label, tone, tip, f"card:condition:{entry.condition.name}"))
    return CardPart(
        t("hud.card.conditions"), badges=tuple(badges), empty=t("hud.card.no_conditions")
    )


# ------------------------------------------------------------- turn order
def turn_order(battle: Battle, t: Texts) -> TurnOrder:
    """Return the round and every creature in initiative order with its chip."""
    creatures = battle.state.creatures
    chips = tuple(
        _chip(battle, creatures[key], t) for key in battle.state.order if key in creatures
    )
    return TurnOrder(t("hud.round", n=battle.state.round), chips)


def _chip(battle: Battle, creature: CreatureState, t: Texts) -> Chip:
    shown = sorted(creature.conditions, key=lambda c: c.name)
    badges = tuple(
        Badge(short_condition(c, t), Tone.BAD if c in BAD_CONDITIONS else Tone.NORMAL)
        for c in shown
    )
    side = battle.sides.get(creature.side)
    lines = [
        t(
            "hud.initiative.tip",
            name=creature.name,
            side=side.name if side else creature.side,
            ini=creature.initiative,
            lp=creature.lp,
            max=creature.max_lp,
        )
    ]
    life = life_word(battle.held_conditions(creature), t)
    if life:
        lines.append(life)
    # the conditions line always stands, so "none" is said rather than left to guess
    names = ", ".join(condition_name(c, t) for c in shown) or t("hud.card.no_conditions")
    lines.append(t("hud.initiative.conditions", names=names))
    return Chip(creature.key, badges, "\n".join(lines))
