"""Genesis's initiative strip and end result.

The strip's label names the KR, its kind — 1st or 2nd INI-KR (G-INI-ROUND-1,
G-INI-OPEN-1), AKR or BKR (G-KR-ALPHA, G-KR-BETA) — and the phase (Ansage, Attacken,
Abwehr, G-PHASE-1). The chips follow the current order: while declaring, who declared
and who still declares (G-INI-ROUND-5, G-INI-OPEN-2, G-KR-ADV); while striking, the
strikers' queue; while defending, the fighters with open hits; then the rest by INI.
A chip's badges never show another side's numbers before they are open (``disclosure``).
"""

from __future__ import annotations

from game.match.views import Badge, Chip, Result, Standing, Texts, Tone, TurnOrder
from game.rulesets.genesis.engine import DECLARE, DEFEND, STRIKE, GenesisGame
from game.rulesets.genesis.views.card import state_badges
from game.rulesets.genesis.views.disclosure import shown
from game.rulesets.genesis.views.pieces import LIFE
from game.rulesets.genesis.views.texts import (
    fighter_name,
    number,
    numbers,
    round_kind_name,
    say,
    side_name,
)


def strip_label(game: GenesisGame, t: Texts) -> str:
    """Return "KR 3 · AKR · Ansage" (or "KR 7 · vorbei")."""
    if game.over:
        return say(t, "strip.over", kr=game.kr)
    kind = round_kind_name(game.round_kind(), t)
    return say(t, "strip", kr=game.kr, kind=kind, phase=say(t, f"phase.{game.phase}"))


def chip_order(game: GenesisGame) -> list[str]:
    """Return the fighters in the order the strip shows them."""
    first: list[str] = []
    if game.phase == DECLARE and not game.over:
        first = [*game.declared_order, *game.queue]
    elif game.phase == STRIKE:
        first = list(game.queue)
    elif game.phase == DEFEND:
        first = list(dict.fromkeys(h.target for h in game.open_hits()))
    rest = [*game.ini_order, *game.fighters]
    return list(dict.fromkeys([*first, *rest]))


def turn_order(game: GenesisGame, t: Texts) -> TurnOrder:
    """Return the strip: the label and a chip per fighter."""
    return TurnOrder(strip_label(game, t), tuple(_chip(game, key, t) for key in chip_order(game)))


def _phase_badges(game: GenesisGame, key: str, t: Texts) -> list[Badge]:
    me = game.fighters[key]
    out: list[Badge] = []
    if game.over or me.life != "fighting":
        return out
    if game.phase == DECLARE:
        seen = shown(game, key)
        if game.queue and game.queue[0] == key:
            out.append(Badge(say(t, "chip.declaring"), Tone.ACCENT, key="chip:declaring"))
        elif key in game.queue:
            out.append(Badge(say(t, "chip.waiting"), Tone.DIM, key="chip:waiting"))
        elif seen.declared is not None:
            made = seen.declared
            out.append(
                Badge(numbers(made.attacks, made.defences, t), Tone.NORMAL, key="chip:declared")
            )
        elif seen.secret:
            out.append(
                Badge(say(t, "chip.declared"), Tone.DIM, say(t, "chip.secret_tip"), "chip:secret")
            )
    elif game.phase == STRIKE:
        if game.queue and game.queue[0] == key:
            out.append(Badge(say(t, "chip.striking"), Tone.ACCENT, key="chip:striking"))
        if me.attacks_left >= 0.5:
            n = number(me.attacks_left, t)
            out.append(
                Badge(say(t, "chip.attacks_left", n=n), Tone.NORMAL, key="chip:attacks_left")
            )
    elif game.phase == DEFEND:
        hits = [h for h in game.open_hits() if h.target == key]
        if hits:
            out.append(Badge(say(t, "chip.hit", n=len(hits)), Tone.BAD, key="chip:hits"))
    return out


def _chip(game: GenesisGame, key: str, t: Texts) -> Chip:
    me, kind = game.fighters[key], game.kind(key)
    timeless = key not in game.ini_order  # rolled no INI: a shooter outside melee, a joiner
    badges = [] if timeless else [Badge(say(t, "chip.ini", n=me.ini), Tone.DIM, key="chip:ini")]
    badges += _phase_badges(game, key, t)
    badges += list(state_badges(game, key, t))
    tip = say(
        t,
        "chip.tip",
        name=fighter_name(game, key),
        side=side_name(game, me.side),
        le=me.le,
        max=kind.le,
        ini="—" if timeless else me.ini,
        at=kind.at,
        pa=kind.pa,
        aw=kind.aw,
    )
    if me.side == game.ini_winner:
        tip += "\n" + say(t, "chip.winner_tip", side=side_name(game, me.side))
    return Chip(key, tuple(badges), tip)


def result(game: GenesisGame, t: Texts) -> Result:
    """Return the winner, the KRs fought and every fighter's LE and state."""
    rows = []
    for key, me in game.fighters.items():
        states = [
            b.label
            for b in state_badges(game, key, t)
            if b.tone is not Tone.BAD or me.life == "fighting"
        ]
        rows.append(
            Standing(
                name=fighter_name(game, key),
                side=me.side,
                value=f"{me.le}/{game.kind(key).le}",
                life=LIFE.get(me.life, "ok"),
                state=", ".join(states),
            )
        )
    return Result(game.winner, game.kr, say(t, "result.heading"), tuple(rows))
