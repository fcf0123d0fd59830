"""WRS's fighter card, turn order and end result.

The card: Körper and Geist with the defence PW (W-ATK-2, W-BONUS-*), the actions left
(W-ROUND-3), the wounds against LP a/b/c (W-WOUND-1..4), the armour points left of the
pool and each piece's share (W-ARMOR-1/2/5, W-OPEN-9), weapons and shields with their
bonus only where the skill is mastered (W-BONUS-1), the skills, and the state
(Zielen, Verteidigungsposition, Bereitschaft, am Boden).
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
    Result,
    Standing,
    Texts,
    Tone,
    TurnOrder,
    Value,
)
from game.rulesets.wrs.catalogue import Fighter
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules import armour as armour_rules
from game.rulesets.wrs.rules.attacks import (
    ATTACK_BONUS,
    DEFENCE_BONUS,
    SHIELD_BONUS,
    defence_modifier,
)
from game.rulesets.wrs.rules.terms import WoundState
from game.rulesets.wrs.state import FighterState
from game.rulesets.wrs.views.pieces import markers, meter
from game.rulesets.wrs.views.queries import defence
from game.rulesets.wrs.views.terms import (
    LIFE,
    fighter_name,
    number,
    remember,
    say,
    side_name,
    word,
)

_OUT = (WoundState.DEAD, WoundState.UNCONSCIOUS, WoundState.DOWN)


def card(game: WrsGame, key: str, t: Texts) -> Card | None:
    """Return the card of fighter ``key`` (None: no such fighter)."""
    state = game.fighters.get(key)
    if state is None:
        return None
    remember(game)
    kind = game.kind(key)
    wound = game.state_of(key)
    summary = " · ".join(
        [
            f"{say(t, 'card.koerper')} {kind.koerper}",
            f"{say(t, 'card.geist')} {kind.geist}",
            say(t, "card.actions", n=state.actions_left),
        ]
    )
    base = meter(game, state, t.language)
    return Card(
        key=key,
        title=fighter_name(game, key),
        side=state.side,
        subtitle=f"{side_name(game, state.side)} · {say(t, 'card.fighter')}",
        meter=Meter(base.value, base.maximum, pips=True, label=base.label),
        alert=word(wound, t) if wound in _OUT else "",
        summary=summary,
        sections=(
            _values(game, state, kind, t),
            _life(state, kind, wound, t),
            _armour(game, state, kind, t),
            _weapons(game, state, kind, t),
            _skills(kind, t),
            _state(game, state, t),
        ),
    )


def _values(game: WrsGame, state: FighterState, kind: Fighter, t: Texts) -> CardPart:
    bonus = defence_modifier(defence(game, state.key))
    tip = say(t, "card.defence_tip", base=kind.koerper, bonus=f"{bonus:+d}")
    return CardPart(
        say(t, "card.values"),
        values=(
            Value(say(t, "card.koerper"), str(kind.koerper), key="card:koerper"),
            Value(say(t, "card.geist"), str(kind.geist), key="card:geist"),
            Value(
                say(t, "card.defence"),
                str(kind.koerper + bonus),
                Tone.GOOD if bonus > 0 else Tone.NORMAL,
                tip,
                "card:defence",
            ),
        ),
    )


def _life(state: FighterState, kind: Fighter, wound: WoundState, t: Texts) -> CardPart:
    life = kind.life_points
    rows = (
        ("card.down_at", life.down_at, WoundState.DOWN),
        ("card.unconscious_at", life.unconscious_at, WoundState.UNCONSCIOUS),
        ("card.dead_at", life.dead_at, WoundState.DEAD),
    )
    values = [
        Value(
            say(t, "card.wounds"),
            f"{state.wounds}",
            Tone.HURT if state.wounds else Tone.NORMAL,
            key="card:wounds",
        )
    ]
    for text, at, reached in rows:
        tone = Tone.BAD if state.wounds >= at else Tone.DIM
        tip = say(t, "card.threshold_tip", n=at, state=word(reached, t))
        values.append(Value(say(t, text), str(at), tone, tip, f"card:lp:{reached.name}"))
    heading = say(t, "card.life", a=life.down_at, b=life.unconscious_at, c=life.dead_at)
    return CardPart(heading, values=tuple(values))


def _armour(game: WrsGame, state: FighterState, kind: Fighter, t: Texts) -> CardPart:
    pieces = game.catalogue.armour_of(kind)
    pool = armour_rules.armour_pool([p.rule_piece() for p in pieces], kind.armour_skills)
    lines = [
        Line(
            say(t, "card.armour_points", rp=number(state.armour, t), max=number(pool, t)),
            bold=True,
            tone=Tone.NORMAL if state.armour > 0 else Tone.BAD,
        )
    ]
    if state.armour <= 0 and pool > 0:
        lines.append(Line(say(t, "card.armour_destroyed"), tone=Tone.BAD))
    for piece in pieces:
        name = word_item(piece.name, piece.english, t)
        if piece.kind in kind.armour_skills:
            points = armour_rules.piece_points(piece.rule_piece())
            text = say(t, "card.armour_piece", name=name, rp=number(points, t))
            lines.append(Line(text, indent=True, tone=Tone.DIM))
        else:
            lines.append(Line(say(t, "card.armour_no_skill", name=name), True, Tone.BAD))
    return CardPart(
        say(t, "card.armour"),
        entries=tuple(Entry((line,), key=f"card:armour:{i}") for i, line in enumerate(lines)),
        empty=say(t, "card.no_armour"),
    )


def word_item(de: str, en: str, t: Texts) -> str:
    """Return a catalogue item's name in the screen's language."""
    return en if t.language == "en" and en else de


def _weapons(game: WrsGame, state: FighterState, kind: Fighter, t: Texts) -> CardPart:
    cat = game.catalogue
    entries = []
    for key in kind.equipment:
        weapon, shield = cat.weapons.get(key), cat.shields.get(key)
        if weapon is None and shield is None:
            continue
        drawn = key in state.drawn
        where = say(t, "card.drawn" if drawn else "card.carried")
        tone = Tone.NORMAL if drawn else Tone.DIM
        if weapon is not None:
            name = word_item(weapon.name, weapon.english, t)
            skilled = weapon.category in kind.weapon_skills
            a = ATTACK_BONUS.get(weapon.category, 0) if skilled else 0
            d = DEFENCE_BONUS.get(weapon.category, 0) if skilled else 0
            detail = [word(weapon.category, t), say(t, "card.bonus", a=a, d=d)]
            if weapon.fire_modes:
                modes = ", ".join(word(m, t) for m in weapon.fire_modes)
                detail.append(say(t, "card.modes", modes=modes))
        else:
            assert shield is not None
            name = word_item(shield.name, shield.english, t)
            skilled = shield.category in kind.shield_skills
            d = SHIELD_BONUS[shield.category] if skilled else 0
            detail = [word(shield.category, t), say(t, "card.bonus", a=0, d=d)]
        if not skilled:
            detail.append(say(t, "card.no_skill"))
        lines = (
            Line(f"{name} ({where})", tone=tone, bold=drawn),
            Line(" · ".join(detail), indent=True, tone=tone),
        )
        entries.append(Entry(lines, "\n".join(line.text for line in lines), f"card:item:{key}"))
    return CardPart(say(t, "card.weapons"), entries=tuple(entries), empty=say(t, "card.no_weapons"))


def _skills(kind: Fighter, t: Texts) -> CardPart:
    names = [word(s, t) for s in sorted(kind.weapon_skills, key=lambda s: s.name)]
    names += [word(s, t) for s in sorted(kind.shield_skills, key=lambda s: s.name)]
    names += [word(s, t) for s in sorted(kind.armour_skills, key=lambda s: s.name)]
    badges = tuple(Badge(name, key=f"card:skill:{i}") for i, name in enumerate(names))
    return CardPart(say(t, "card.skills"), badges=badges, empty=say(t, "card.no_skills"))


def state_badges(game: WrsGame, state: FighterState, t: Texts) -> tuple[Badge, ...]:
    """Return the badges of the fighter's markers and wound state, each explained."""
    badges = []
    for key in markers(game, state):
        if key == "down":
            badges.append(Badge(word(WoundState.DOWN, t), Tone.BAD, key="card:state:down"))
            continue
        label = say(t, f"mark.{key}")
        if key == "ready" and state.ready_target:
            label = say(t, "mark.ready_on", name=fighter_name(game, state.ready_target))
        elif key == "ready" and state.ready_cells:
            label = say(t, "mark.ready_fields", n=len(state.ready_cells))
        badges.append(Badge(label, Tone.GOOD, say(t, f"mark.{key}_tip"), f"card:state:{key}"))
    wound = game.state_of(state.key)
    if wound in (WoundState.UNCONSCIOUS, WoundState.DEAD):
        badges.append(Badge(word(wound, t), Tone.BAD, key=f"card:state:{wound.name.lower()}"))
    return tuple(badges)


def _state(game: WrsGame, state: FighterState, t: Texts) -> CardPart:
    badges = state_badges(game, state, t)
    return CardPart(say(t, "card.state"), badges=badges, empty=say(t, "card.no_state"))


# ------------------------------------------------------------- turn order
def turn_order(game: WrsGame, t: Texts) -> TurnOrder:
    """Return the round and the fighters in the order of this round (W-INIT-3, W-SURP-2)."""
    remember(game)
    order = game.round_order()
    keys = [*order, *(k for k in game.order if k not in order)]
    return TurnOrder(say(t, "round", n=game.round), tuple(_chip(game, k, t) for k in keys))


def _chip(game: WrsGame, key: str, t: Texts) -> Chip:
    state = game.fighters[key]
    kind = game.kind(key)
    life = kind.life_points
    tip = say(
        t,
        "chip.tip",
        name=fighter_name(game, key),
        side=side_name(game, state.side),
        k=kind.koerper,
        g=kind.geist,
        w=state.wounds,
        a=life.down_at,
        b=life.unconscious_at,
        c=life.dead_at,
        rp=number(state.armour, t),
    )
    if game.round == 1 and key not in game.first_order:
        tip += "\n" + say(t, "chip.surprise")
    return Chip(key, state_badges(game, state, t), tip)


# ------------------------------------------------------------- the end
def result(game: WrsGame, t: Texts) -> Result:
    """Return the winner, the rounds and every fighter's wounds of c and state."""
    rows = []
    for key, state in game.fighters.items():
        wound = game.state_of(key)
        dead_at = game.kind(key).life_points.dead_at
        others = [b.label for b in state_badges(game, state, t) if b.tone is not Tone.BAD]
        if wound is WoundState.DOWN:
            others.insert(0, word(wound, t))
        rows.append(
            Standing(
                name=fighter_name(game, key),
                side=state.side,
                value=f"{state.wounds}/{dead_at}",
                life=LIFE[wound],
                state=", ".join(others),
            )
        )
    return Result(game.winner, game.round, say(t, "result.heading"), tuple(rows))
