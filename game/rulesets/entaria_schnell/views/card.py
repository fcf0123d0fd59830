"""The quick rules' creature card, turn-order strip and end result.

The card: LP, V (Ausweichen, Q-ATK-4), Panzerung (Q-DMG-2), Nahkampf and Fernkampf
(Q-ATK-3), the zone the creature stands in (Q-MOVE-*), its initiative block (Q-INIT-2),
its conditions, its weapons with SW and magazine (Q-CRIT-FAIL-2), and the group's Impuls
(E-IMP-3, Q-CRIT-HIT-4, Q-CRIT-FAIL-3), also shown in a panel of its own. The strip lists
the round's turns block by block (Q-INIT-2).
"""

from __future__ import annotations

from game.match.views import (
    Badge,
    Card,
    CardPart,
    Chip,
    Entry,
    Line,
    OfferRow,
    PanelView,
    Result,
    Standing,
    Texts,
    Tone,
    TurnOrder,
    Value,
)
from game.rulesets.entaria.rules.terms import Attribute, SaveValue
from game.rulesets.entaria.views.terms import BAD_CONDITIONS
from game.rulesets.entaria_schnell.attack_plan import creature_armour, in_full_cover
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.defeat import DefeatOutcome
from game.rulesets.entaria_schnell.state import QuickCreature
from game.rulesets.entaria_schnell.views.pieces import life, meter
from game.rulesets.entaria_schnell.views.terms import (
    block_name,
    condition_name,
    creature_name,
    item_name,
    short_condition,
    side_name,
    tr,
    zone_name,
)


def card(game: QuickGame, key: str, t: Texts) -> Card | None:
    """Return the card of creature ``key`` (None: no such creature)."""
    creature = game.creatures.get(key)
    if creature is None:
        return None
    kind = creature.kind
    zone = zone_name(game, game.zone_of(key))
    role = tr(t, "Charakter", "character") if creature.is_character else tr(t, "Gegner", "enemy")
    summary = " · ".join(
        [
            f"{tr(t, 'Zone', 'zone')} {zone}",
            f"V {kind.save(SaveValue.DODGE)}",
            f"{tr(t, 'Panzerung', 'armour')} {creature_armour(game.catalogue, creature)}",
        ]
    )
    return Card(
        key=key,
        title=creature.name,
        side=creature.side,
        subtitle=f"{side_name(game, creature.side)} · {role}",
        meter=meter(creature),
        alert=alert(game, creature, t),
        summary=summary,
        sections=(
            _values(game, creature, zone, t),
            _conditions(creature, t),
            _weapons(game, creature, t),
        ),
    )


#: What became of a Besiegt enemy, as the card and the end screen say it (Q-DEFEAT-2).
_DECIDED = {
    DefeatOutcome.KILLED.name: ("getötet", "killed"),
    DefeatOutcome.CONVINCED.name: ("überzeugt", "convinced"),
    DefeatOutcome.INTERROGATED.name: ("befragt", "interrogated"),
    DefeatOutcome.STUNNED.name: ("betäubt", "stunned"),
}


def alert(game: QuickGame, creature: QuickCreature, t: Texts) -> str:
    """Return the red line under the meter: Besiegt (and its outcome), down, else ""."""
    if creature.defeated:
        text = tr(t, "Besiegt", "defeated")
        if creature.outcome:
            de, en = _DECIDED[creature.outcome]
            text += ", " + tr(t, de, en)
        return text
    state = life(creature)
    if state == "dead":
        return tr(t, "Tot", "dead")
    if state == "dying":
        return tr(t, "Sterbend", "dying")
    if state == "unconscious":
        return tr(t, "Bewusstlos", "unconscious")
    return ""


def _values(game: QuickGame, creature: QuickCreature, zone: str, t: Texts) -> CardPart:
    kind = creature.kind
    lp = Tone.HURT if creature.lp < kind.life_points else Tone.NORMAL
    values = [
        Value("LP", f"{creature.lp}/{kind.life_points}", lp, key="card:lp"),
        Value(
            "V",
            str(kind.save(SaveValue.DODGE)),
            tooltip=tr(t, "Verteidigung: Ausweichen", "defence: dodge"),
            key="card:v",
        ),
        Value(
            tr(t, "Panzerung", "Armour"),
            str(creature_armour(game.catalogue, creature)),
            key="card:armour",
        ),
        Value(tr(t, "Nahkampf", "Melee"), str(kind.attribute(Attribute.MELEE)), key="card:melee"),
        Value(
            tr(t, "Fernkampf", "Ranged"), str(kind.attribute(Attribute.RANGED)), key="card:ranged"
        ),
    ]
    if creature.is_character:  # the pool is the player group's (Q-CRIT-HIT-4)
        values.append(Value(tr(t, "Impuls", "Impulse"), str(game.impulse), key="card:impulse"))
    # zone names and the block are long: whole lines, not the two-column grid
    where = Entry(
        (
            Line(tr(t, f"Zone: {zone}", f"Zone: {zone}"), tone=Tone.ACCENT),
            Line(
                tr(t, "Initiative: ", "Initiative: ")
                + block_name(game.order.block_of(creature.key), t)
            ),
        ),
        tooltip=_initiative_tip(creature, t),
        key="card:block",
    )
    return CardPart(tr(t, "Werte", "Values"), values=tuple(values), entries=(where,))


def _initiative_tip(creature: QuickCreature, t: Texts) -> str:
    result = creature.initiative
    if result is None:
        return tr(t, "Gegner würfeln keine Initiative", "enemies roll no initiative")
    roll = result.roll
    made = tr(t, "geschafft", "made") if roll.success else tr(t, "misslungen", "failed")
    return tr(
        t,
        f"Initiative {roll.total} gegen {roll.target}: {made}",
        f"initiative {roll.total} against {roll.target}: {made}",
    )


def _conditions(creature: QuickCreature, t: Texts) -> CardPart:
    badges = []
    for condition, count in sorted(creature.held.items(), key=lambda i: i[0].value):
        name = condition_name(condition, t)
        label = f"{name} {count}" if count > 1 else name
        tone = Tone.BAD if condition in BAD_CONDITIONS else Tone.NORMAL
        badges.append(Badge(label, tone, name, f"condition:{condition.name}"))
    if in_full_cover(creature):
        tip = tr(t, "Schemenhaft und Bewegungslos", "obscured and immobilised")
        badges.insert(0, Badge(tr(t, "Volldeckung", "full cover"), Tone.GOOD, tip, "cover"))
    if creature.defeated:
        badges.insert(0, Badge(tr(t, "Besiegt", "defeated"), Tone.BAD, key="condition:DEFEATED"))
    return CardPart(
        tr(t, "Zustände", "Conditions"),
        badges=tuple(badges),
        empty=tr(t, "keine", "none"),
    )


def _weapons(game: QuickGame, creature: QuickCreature, t: Texts) -> CardPart:
    entries = []
    for weapon in game.catalogue.weapons_in(creature.equipment):
        name = item_name(game, weapon.key, t)
        detail = [f"SW {weapon.damage_value}"]
        if weapon.melee:
            detail.append(tr(t, "Nahkampf", "melee"))
        if weapon.range_bands or weapon.thrown:
            detail.append(
                tr(t, "Wurfwaffe", "thrown") if weapon.thrown else tr(t, "Fernkampf", "ranged")
            )
        tone = Tone.NORMAL
        if weapon.magazine is not None:
            loaded = creature.loaded.get(weapon.key, True)
            detail.append(
                tr(t, "Magazin voll", "magazine loaded")
                if loaded
                else tr(t, "Magazin leer", "magazine empty")
            )
            tone = Tone.NORMAL if loaded else Tone.BAD
        if weapon.key in creature.thrown:
            detail.append(tr(t, "geworfen", "thrown away"))
            tone = Tone.DIM
        lines = (Line(name, bold=True, tone=tone), Line(" · ".join(detail), indent=True, tone=tone))
        entries.append(
            Entry(lines, "\n".join(line.text for line in lines), f"card:weapon:{weapon.key}")
        )
    return CardPart(
        tr(t, "Waffen", "Weapons"),
        entries=tuple(entries),
        empty=tr(t, "keine Waffen (waffenlos)", "no weapons (unarmed)"),
    )


# ------------------------------------------------------------------ strip
def turn_order(game: QuickGame, t: Texts) -> TurnOrder:
    """Return the round and the turns in block order: vor den Gegnern, Gegner, nach den
    Gegnern (Q-INIT-2); who acted this round is dimmed, who is on turn marked."""
    chips = []
    waiting = set(game.remaining)
    candidates = set(game.order_candidates()) if game.current is None else set()
    for raw in game.order.turns:
        key = str(raw)
        creature = game.creatures.get(key)
        if creature is None:
            continue
        block = block_name(game.order.block_of(key), t)
        badges = [Badge(block, Tone.DIM, key=f"block:{key}")]
        if key == game.current:
            badges.insert(0, Badge(tr(t, "am Zug", "on turn"), Tone.ACCENT, key=f"turn:{key}"))
        elif key in candidates:
            badges.insert(0, Badge(tr(t, "wählbar", "may act next"), Tone.GOOD, key=f"pick:{key}"))
        elif not game.standing(key):
            badges.insert(0, Badge(tr(t, "Besiegt", "defeated"), Tone.BAD, key=f"out:{key}"))
        elif key not in waiting:
            badges.append(Badge(tr(t, "gehandelt", "has acted"), Tone.DIM, key=f"done:{key}"))
        for condition, _count in creature.held.items():
            if condition in BAD_CONDITIONS:
                badges.append(Badge(short_condition(condition, t), Tone.BAD))
        tip = f"{creature_name(game, key)} · {block}"
        chips.append(Chip(key, tuple(badges), tip))
    return TurnOrder(tr(t, f"Runde {game.round}", f"Round {game.round}"), tuple(chips))


# ------------------------------------------------------------------ result
def result(game: QuickGame, t: Texts) -> Result:
    """Return how the fight stands: the winning side, the rounds and every creature's LP."""
    rows = []
    for creature in game.creatures.values():
        conditions = ", ".join(condition_name(c, t) for c, _n in creature.held.items())
        state = alert(game, creature, t)
        rows.append(
            Standing(
                name=creature.name,
                side=creature.side,
                value=f"{creature.lp}/{creature.kind.life_points}",
                life=life(creature),
                state=", ".join(part for part in (state, conditions) if part),
            )
        )
    return Result(game.winner, game.round, "LP", tuple(rows))


#: The key of the sidebar's Impuls panel.
IMPULSE_PANEL = "impulse"


def impulse_panel(game: QuickGame, t: Texts) -> PanelView:
    """Return the Impuls panel: the group's pool, which the quick rules only count
    (E-IMP-3, Q-CRIT-HIT-4, Q-CRIT-FAIL-3); nothing is bought from it on this screen."""
    text = tr(t, f"Impuls der Gruppe: {game.impulse}", f"the group's impulse: {game.impulse}")
    tip = tr(
        t,
        "Gewonnen durch kritische Würfe: eine 20 bei der Initiative, kritische Treffer, Patzer",
        "gained by critical rolls: a natural 20 at initiative, critical hits, fumbles",
    )
    row = OfferRow(text=text, tooltip=tip, key="impulse:pool")
    return PanelView(IMPULSE_PANEL, tr(t, "Impuls", "Impulse"), (row,))
