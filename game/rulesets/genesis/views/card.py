"""Genesis's fighter card.

The values AT, PA, AW (G-ATPA-1/2), the rolled INI (G-INI-ROUND-2; none for a ranged
fighter outside melee, G-INI-RANGED-2), WS (G-DMG-WS) and AD; the GW of this KR (its
shares, G-GW-2/ODD), the declared numbers and what is left of them (G-PHASE-DECL-1) —
another side's numbers only once they are open to every side (``disclosure``); the LE
with the 15 % limit and the death limit, moved by a self-control X (G-LE-UNC,
G-LE-DEATH, G-LE-SB-1/2, ``rules.damage.limits``); the armour by slot and the total RS
without the helmet (G-ARMOR-HELMET, ``resolution.total_rs``); the weapons; the states.
"""

from __future__ import annotations

from game.match.views import Badge, Card, CardPart, Entry, Line, Texts, Tone, Value
from game.rulesets.genesis import plans
from game.rulesets.genesis.catalogue import GenesisWeapon, WeaponKind
from game.rulesets.genesis.engine import DECLARE, GenesisGame
from game.rulesets.genesis.resolution import total_rs
from game.rulesets.genesis.rules import damage
from game.rulesets.genesis.rules.gear import ArmorSlot
from game.rulesets.genesis.views.disclosure import shown
from game.rulesets.genesis.views.pieces import is_passive, meter
from game.rulesets.genesis.views.texts import (
    fighter_name,
    item_name,
    number,
    numbers,
    say,
    says,
    side_name,
    slot_name,
)


def card(game: GenesisGame, key: str, t: Texts) -> Card | None:
    """Return the card of fighter ``key`` (None: no such fighter)."""
    me = game.fighters.get(key)
    if me is None:
        return None
    kind = game.kind(key)
    ini = _ini_text(game, key)
    summary = f"AT {kind.at} · PA {kind.pa} · AW {kind.aw} · INI {ini}"
    alert = ""
    if me.life == "unconscious":
        alert = say(t, "state.unconscious")
    elif me.life == "fatally_wounded":
        alert = say(t, "state.fatally")
    return Card(
        key=key,
        title=fighter_name(game, key),
        side=me.side,
        subtitle=f"{side_name(game, me.side)} · {says(t.language, kind.name, kind.english)}",
        meter=meter(game, key, t.language),
        alert=alert,
        summary=summary,
        sections=(
            _values(game, key, t),
            _gw(game, key, t),
            _life(game, key, t),
            _armour(game, key, t),
            _weapons(game, key, t),
            CardPart(
                say(t, "card.state"),
                badges=state_badges(game, key, t),
                empty=say(t, "card.no_state"),
            ),
        ),
    )


def _ini_text(game: GenesisGame, key: str) -> str:
    return str(game.fighters[key].ini) if key in game.ini_order else "—"


def _bonus_tip(game: GenesisGame, key: str, what: str, t: Texts) -> str:
    """Return the weapon's and shield's bonus on ``what`` ("AT" / "PA") as item data."""
    lines = []
    weapon = plans.weapon_in_hand(game, key)
    if weapon is not None:
        n = weapon.at_bonus if what == "AT" else weapon.pa_bonus
        if n:
            lines.append(
                say(t, "card.bonus_tip", item=item_name(game, weapon.key, t), what=what, n=n)
            )
    if what == "PA":
        for piece in game.catalogue.armour_of(game.kind(key)):
            if piece.pa_bonus:
                name = item_name(game, piece.key, t)
                lines.append(say(t, "card.bonus_tip", item=name, what=what, n=piece.pa_bonus))
    return "\n".join(lines)


def _values(game: GenesisGame, key: str, t: Texts) -> CardPart:
    kind = game.kind(key)
    seen = shown(game, key)

    def tip(base: str, extra: str) -> str:
        return f"{base}\n{extra}" if extra else base

    ini_tip = (
        say(t, "chip.timeless_tip")
        if key in game.timeless
        else say(t, "card.ini_tip", base=kind.ini)
    )
    fields = int(kind.gs * 2)
    return CardPart(
        say(t, "card.values"),
        values=(
            Value(
                "AT",
                str(kind.at),
                tooltip=tip(say(t, "card.at_tip"), _bonus_tip(game, key, "AT", t)),
                key="card:at",
            ),
            Value(
                "PA",
                str(kind.pa),
                tooltip=tip(say(t, "card.pa_tip"), _bonus_tip(game, key, "PA", t)),
                key="card:pa",
            ),
            Value("AW", str(kind.aw), tooltip=say(t, "card.aw_tip"), key="card:aw"),
            Value("INI", _ini_text(game, key), tooltip=ini_tip, key="card:ini"),
            Value(
                "WS", str(kind.ws), tooltip=say(t, "card.ws_tip", three=3 * kind.ws), key="card:ws"
            ),
            Value(
                "AD",
                f"{seen.ad}/{kind.ad}",
                Tone.BAD if seen.ad <= 0 else Tone.NORMAL,
                say(t, "card.ad_tip", n=seen.ad, max=kind.ad),
                "card:ad",
            ),
            Value("GS", number(kind.gs, t), tooltip=say(t, "card.gs_tip", n=fields), key="card:gs"),
        ),
    )


def share_text(game: GenesisGame, key: str, t: Texts) -> str:
    """Return the GW this KR allows ("2 oder 3")."""
    return say(t, "card.or").join(number(s, t) for s in plans.shares_now(game, key))


def _gw(game: GenesisGame, key: str, t: Texts) -> CardPart:
    kind, me = game.kind(key), game.fighters[key]
    seen = shown(game, key)
    values = [
        Value(
            say(t, "card.share"),
            share_text(game, key, t),
            tooltip=say(t, "card.share_tip"),
            key="card:share",
        )
    ]
    if seen.declared is not None:
        made = seen.declared
        values.append(
            Value(
                say(t, "card.declared"),
                numbers(made.attacks, made.defences, t),
                key="card:declared",
            )
        )
        if game.phase != DECLARE:
            left = numbers(me.attacks_left, me.defences_left, t)
            tone = Tone.DIM if me.attacks_left + me.defences_left < 0.5 else Tone.NORMAL
            values.append(Value(say(t, "card.left"), left, tone, key="card:left"))
    elif seen.secret:
        values.append(
            Value(
                say(t, "card.declared"),
                say(t, "card.secret"),
                Tone.DIM,
                say(t, "card.secret_tip"),
                "card:declared",
            )
        )
    elif game.phase == DECLARE and me.life == "fighting" and not game.over:
        values.append(
            Value(say(t, "card.declared"), say(t, "card.not_yet"), Tone.DIM, key="card:declared")
        )
    return CardPart(say(t, "card.gw", gw=number(kind.gw, t)), values=tuple(values))


def _life(game: GenesisGame, key: str, t: Texts) -> CardPart:
    kind, me = game.kind(key), game.fighters[key]
    x = me.self_control_x or 0
    bounds = damage.limits(kind.le, x)
    extra = f"− X {x}" if x else ""
    values = (
        Value(
            "LE", f"{me.le}/{kind.le}", Tone.HURT if me.le < kind.le else Tone.NORMAL, key="card:le"
        ),
        Value(
            say(t, "card.unconscious_below"),
            number(bounds.unconscious_below, t),
            Tone.BAD if me.le < bounds.unconscious_below else Tone.DIM,
            say(t, "card.unconscious_tip", extra=extra).strip(),
            "card:le_unconscious",
        ),
        Value(
            say(t, "card.death_below"),
            number(bounds.death_below, t),
            Tone.BAD if me.le < bounds.death_below else Tone.DIM,
            say(t, "card.death_tip", extra=extra).strip(),
            "card:le_death",
        ),
    )
    if me.self_control_x is not None:
        line = say(t, "card.self_control", x=me.self_control_x)
    else:
        line = say(t, "card.self_control_open", n=kind.self_control)
    entry = Entry((Line(line, tone=Tone.DIM),), key="card:self_control")
    return CardPart(say(t, "card.life"), values=values, entries=(entry,))


def _armour(game: GenesisGame, key: str, t: Texts) -> CardPart:
    rs = total_rs(game, key)
    entries = []
    for piece in game.catalogue.armour_of(game.kind(key)):
        slot, name = slot_name(piece.slot, t), item_name(game, piece.key, t)
        if piece.slot is ArmorSlot.SHIELD:
            text = say(
                t, "card.armour_shield", slot=slot, name=name, rs=piece.rs, pa=piece.pa_bonus
            )
        else:
            text = say(t, "card.armour_piece", slot=slot, name=name, rs=piece.rs)
        lines = [Line(text)]
        if piece.slot is ArmorSlot.HELMET:
            lines.append(Line(say(t, "card.helmet_note"), indent=True, tone=Tone.DIM))
        entries.append(
            Entry(
                tuple(lines),
                "\n".join(line.text for line in lines),
                f"card:armour:{piece.slot.value}",
            )
        )
    if entries:
        entries.append(
            Entry((Line(say(t, "card.total_rs", rs=rs), bold=True),), key="card:armour:total")
        )
    return CardPart(
        say(t, "card.armour", rs=rs), entries=tuple(entries), empty=say(t, "card.no_armour")
    )


def weapon_lines(weapon: GenesisWeapon, t: Texts) -> list[str]:
    """Return a weapon's data in words: TP, AT/PA bonus, reach or ranges, reload."""
    out = [say(t, "card.tp", tp=weapon.tp_text())]
    if weapon.at_bonus:
        out.append(say(t, "card.at_bonus", n=weapon.at_bonus))
    if weapon.pa_bonus:
        out.append(say(t, "card.pa_bonus", n=weapon.pa_bonus))
    if weapon.kind is WeaponKind.MELEE:
        out.append(say(t, "card.reach", n=weapon.reach))
    elif weapon.kind is WeaponKind.MISSILE:
        out.append(say(t, "card.ranges", c=weapon.combat_range, m=weapon.max_range))
    elif weapon.range_base:
        out.append(say(t, "card.range_base", n=weapon.range_base))
    if weapon.reload_kr:
        out.append(say(t, "card.reload", n=weapon.reload_kr))
    return out


def _weapons(game: GenesisGame, key: str, t: Texts) -> CardPart:
    me = game.fighters[key]
    entries = []
    for weapon in game.catalogue.weapons_of(game.kind(key)):
        if weapon.key in me.gone:
            continue
        held = weapon.key == me.weapon
        where = say(t, "card.in_hand" if held else "card.carried")
        lines = (
            Line(
                f"{item_name(game, weapon.key, t)} ({where})",
                bold=held,
                tone=Tone.NORMAL if held else Tone.DIM,
            ),
            Line(
                " · ".join(weapon_lines(weapon, t)),
                indent=True,
                tone=Tone.NORMAL if held else Tone.DIM,
            ),
        )
        entries.append(
            Entry(lines, "\n".join(line.text for line in lines), f"card:weapon:{weapon.key}")
        )
    return CardPart(say(t, "card.weapons"), entries=tuple(entries), empty=say(t, "card.unarmed"))


def state_badges(game: GenesisGame, key: str, t: Texts) -> tuple[Badge, ...]:
    """Return the badges of the fighter's open states, each explained."""
    me = game.fighters[key]
    if me.life == "unconscious":
        return (Badge(say(t, "state.unconscious"), Tone.BAD, key="card:state:unconscious"),)
    if me.life == "fatally_wounded":
        return (Badge(say(t, "state.fatally"), Tone.BAD, key="card:state:fatally"),)
    out = []
    if key in game.timeless and game.kr == 1:
        out.append(
            Badge(
                say(t, "state.timeless"),
                Tone.DIM,
                say(t, "chip.timeless_tip"),
                "card:state:timeless",
            )
        )
    if is_passive(game, key):
        out.append(
            Badge(
                say(t, "state.passive"), Tone.BAD, say(t, "state.passive_tip"), "card:state:passive"
            )
        )
    if me.reload_left > 0:
        out.append(
            Badge(
                say(t, "state.reload", n=me.reload_left),
                Tone.NORMAL,
                say(t, "state.reload_tip"),
                "card:state:reload",
            )
        )
    if shown(game, key).swapping:
        tip = say(t, "state.swap_tip", item=item_name(game, me.swap_to, t))
        out.append(Badge(say(t, "state.swap", n=me.swap_left), Tone.NORMAL, tip, "card:state:swap"))
    if me.bonus_tokens > 0:
        out.append(
            Badge(
                say(t, "state.tokens", n=me.bonus_tokens),
                Tone.GOOD,
                say(t, "state.tokens_tip"),
                "card:state:tokens",
            )
        )
    if not plans.in_fight(game, key):
        joins = game.kind(key).joins_kr
        out.append(
            Badge(
                say(t, "state.joins", kr=joins),
                Tone.DIM,
                say(t, "state.joins_tip", kr=joins),
                "card:state:joins",
            )
        )
    if me.released and me.passive_kr != game.kr:
        out.append(
            Badge(
                say(t, "state.released"),
                Tone.NORMAL,
                say(t, "state.released_tip"),
                "card:state:released",
            )
        )
    return tuple(out)
