"""The Ansage (DECLARATION decision): the splits of this KR's GW into AT and PA/AW.

Each split of a share of this KR's GW (``plans.shares_now``: in the first KR of a pair
both splits of the GW over the two KRs, G-GW-ODD-1/4) into AT and PA/AW is one offer,
half actions only where the share is a half GW (G-GW-5); each is allowed or refused by
``plans.declaration_problem``, and says "shiftet: 2W6 AD" where attacking costs a shift
(``declare_rules(...).must_shift``, G-SHIFT-1). The same splits with a move ask for a
field (a path of ``game.board.movement.find_path`` within ``declare_rules(...).budget``,
G-OPEN-9); leaving the fight (G-LEAVE-1/2) and a weapon change (G-SWAP) are declared
without an attack.
"""

from __future__ import annotations

from game.board.grid import Cell
from game.board.movement import find_path
from game.match.commands import Command
from game.match.views import ActionGroup, Needs, Offer, Pick, Texts
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import plans
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.views.refusals import reason
from game.rulesets.genesis.views.texts import (
    fighter_name,
    item_name,
    number,
    numbers,
    round_kind_name,
    say,
)
from game.rulesets.genesis.views.util import const, gate

Split = tuple[float, float, float]  # share, attacks, defences


def splits(game: GenesisGame, key: str) -> list[Split]:
    """Return every split of this KR's shares into AT and PA/AW (half steps for half GW)."""
    out: list[Split] = []
    for share in plans.declare_rules(game, key).shares:
        step = 0.5 if share % 1 else 1.0
        attacks = 0.0
        while attacks <= share:
            out.append((share, attacks, share - attacks))
            attacks += step
    return out


def split_label(game: GenesisGame, key: str, split: Split, t: Texts) -> str:
    """Return "2 AT · 1 PA/AW", with the share when there are two, and the shift."""
    share, attacks, defences = split
    rules = plans.declare_rules(game, key)
    label = say(t, "offer.split", at=number(attacks, t), pa=number(defences, t))
    if len(rules.shares) > 1:
        label += say(t, "offer.split_of", share=number(share, t), gw=number(game.kind(key).gw, t))
    if rules.must_shift and attacks > 0:
        label += say(t, "offer.shift")
    return label


def _split_tip(game: GenesisGame, key: str, split: Split, t: Texts) -> str:
    share, attacks, defences = split
    rules = plans.declare_rules(game, key)
    lines = [say(t, "offer.split_tip", at=number(attacks, t), pa=number(defences, t))]
    if len(rules.shares) > 1:
        lines.append(say(t, "offer.pair_tip", rest=number(game.kind(key).gw - share, t)))
    if attacks % 1 or defences % 1:
        lines.append(say(t, "offer.half_tip"))
    if rules.must_shift and attacks > 0:
        lines.append(say(t, "offer.shift_tip"))
    return "\n".join(lines)


def _problem(game: GenesisGame, key: str, attacks: float, defences: float, t: Texts) -> str:
    problem = plans.declaration_problem(game, key, attacks, defences)
    return reason(problem, t) if problem else ""


def split_offer(game: GenesisGame, key: str, split: Split, t: Texts) -> Offer:
    """Return the offer of one split, allowed or with its refusal."""
    share, attacks, defences = split
    offer = Offer(
        key=f"declare:{number(share, 'en')}:{number(attacks, 'en')}:{number(defences, 'en')}",
        label=split_label(game, key, split, t),
        tooltip=_split_tip(game, key, split, t),
        make=const(c.Declare(key, attacks=attacks, defences=defences)),
    )
    return gate(offer, _problem(game, key, attacks, defences, t), t)


def engaged(game: GenesisGame, key: str) -> bool:
    """Return whether ``key`` stands in a fight cluster."""
    return game.clusters().get(key, -1) >= 0


def move_refusal(game: GenesisGame, key: str, t: Texts) -> str:
    """Return why ``key`` may not move this KR ("": it may)."""
    rules = plans.declare_rules(game, key)
    return reason(rules.move_refusal, t) if rules.move_refusal else ""


def make_path(game: GenesisGame, key: str, cell: Cell | None, t: Texts) -> tuple[Cell, ...] | str:
    """Return the path (without the start) to ``cell`` within this KR's budget, or why not."""
    if cell is None:
        return say(t, "no.field")
    cell = (int(cell[0]), int(cell[1]))
    me = game.fighters[key]
    if cell == me.cell:
        return say(t, "no.here")
    for other, state in game.fighters.items():
        if other != key and state.cell == cell:
            return say(t, "no.taken", name=fighter_name(game, other))
    foes = {f.cell for f in game.fighters.values() if f.side != me.side}
    friends = {f.cell for k, f in game.fighters.items() if f.side == me.side and k != key}
    path = find_path(game.grid, me.cell, cell, enemies=foes, allies=friends)
    if path is None:
        return say(t, "no.path")
    steps = tuple((int(x), int(y)) for x, y in path[1:])
    problem = plans.path_problem(game, key, steps)  # the budget, as the engine checks it
    return reason(problem, t) if problem else steps


def _move_offer(game: GenesisGame, key: str, split: Split, t: Texts) -> Offer:
    share, attacks, defences = split
    budget = plans.declare_rules(game, key).budget
    label = split_label(game, key, split, t)

    def make(pick: Pick) -> Command | str:
        path = make_path(game, key, pick.cell, t)
        if isinstance(path, str):
            return say(t, "no.refused", action=label, reason=path)
        return c.Declare(key, attacks=attacks, defences=defences, path=path)

    offer = Offer(
        key=f"move:{number(share, 'en')}:{number(attacks, 'en')}:{number(defences, 'en')}",
        label=label,
        tooltip=_split_tip(game, key, split, t),
        needs=Needs.FIELD,
        make=make,
        prompts=(say(t, "offer.move_prompt", n=budget),),
    )
    return gate(offer, move_refusal(game, key, t) or _problem(game, key, attacks, defences, t), t)


def _defence_choices(
    game: GenesisGame, key: str, name: str, t: Texts, **extra: object
) -> tuple[Offer, ...]:
    out = []
    for share in plans.declare_rules(game, key).shares:
        whole = float(share)
        command = c.Declare(key, attacks=0.0, defences=whole, **extra)  # type: ignore[arg-type]
        offer = Offer(
            key=f"{name}:{number(whole, 'en')}",
            label=say(t, "offer.defences", pa=number(whole, t)),
            make=const(command),
        )
        out.append(gate(offer, _problem(game, key, 0.0, whole, t), t))
    return tuple(out)


def _other_offers(game: GenesisGame, key: str, t: Texts) -> list[Offer]:
    me = game.fighters[key]
    out = []
    if engaged(game, key):
        out.append(
            Offer(
                key="declare:leave",
                label=say(t, "offer.leave"),
                tooltip=say(t, "offer.leave_tip"),
                needs=Needs.CHOICE,
                choices=_defence_choices(game, key, "leave", t, leave=True),
                prompts=(say(t, "offer.leave_menu"),),
            )
        )
    for weapon in game.kind(key).weapons:
        redraw = weapon == me.weapon and game.set_size(key, weapon) > 0 and me.set_left <= 0
        if (weapon == me.weapon and not redraw) or weapon in me.gone:
            continue
        offer = Offer(
            key=f"declare:swap:{weapon}",
            label=say(
                t, "offer.redraw" if redraw else "offer.swap", item=item_name(game, weapon, t)
            ),
            tooltip=say(t, "offer.swap_tip"),
            needs=Needs.CHOICE,
            choices=_defence_choices(game, key, f"swap:{weapon}", t, swap_to=weapon),
            prompts=(say(t, "offer.swap_menu"),),
        )
        out.append(gate(offer, say(t, "no.swapping") if me.swap_left > 0 else "", t))
    return out


def _own_declared(game: GenesisGame, key: str, t: Texts) -> str:
    """Return the line of the deciding side's declarations of this KR ("": none yet)."""
    side = game.fighters[key].side
    made = []
    for other in game.declared_order:
        state = game.fighters[other]
        if state.side == side and state.declared is not None:
            d = state.declared
            made.append(f"{fighter_name(game, other)} {numbers(d.attacks, d.defences, t)}")
    return say(t, "group.declared_own", list=", ".join(made)) if made else ""


def declaration_groups(game: GenesisGame, key: str, t: Texts) -> list[ActionGroup]:
    """Return the groups of ``key``'s declaration: splits, splits with a move, the rest."""
    rules = plans.declare_rules(game, key)
    shares = say(t, "card.or").join(number(s, t) for s in rules.shares)
    tips = [
        say(
            t,
            "group.declare_tip",
            name=fighter_name(game, key),
            kind=round_kind_name(game.round_kind(), t),
            shares=shares,
        )
    ]
    if rules.must_shift:
        tips.append(say(t, "group.declare_shift"))
    tips.append(say(t, "group.declare_secret"))
    own = _own_declared(game, key, t)
    if own:
        tips.append(own)
    all_splits = splits(game, key)
    groups = [
        ActionGroup(
            "declare",
            say(t, "group.declare"),
            "\n".join(tips),
            True,
            tuple(split_offer(game, key, s, t) for s in all_splits),
        ),
        ActionGroup(
            "move",
            say(t, "group.move"),
            say(t, "group.move_tip", n=rules.budget),
            not move_refusal(game, key, t),
            tuple(_move_offer(game, key, s, t) for s in all_splits),
        ),
    ]
    other = _other_offers(game, key, t)
    if other:
        groups.append(
            ActionGroup(
                "other", say(t, "group.other"), say(t, "group.other_tip"), True, tuple(other)
            )
        )
    return groups


__all__ = ["declaration_groups", "make_path", "split_offer", "splits"]
