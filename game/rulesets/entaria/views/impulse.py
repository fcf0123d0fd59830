"""ENTARIA's Impuls panel: the group's pool, the menu of effects it buys, the rolls to reroll.

An effect is spent by the creature whose turn it is (when the viewer plays it); a
reroll may be bought in anyone's turn by one of the viewer's player characters. Effects
that need a creature in sight or a field ask for a click on the map first. The engine
decides whether an effect is allowed; the game master's own purchases use the same
menu with ``GmSpendImpulse`` (``effect_offers``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.grid import Cell
from game.match.commands import Command
from game.match.notation import dice_text
from game.match.views import Needs, Offer, OfferRow, PanelView, Pick, Texts, Viewer
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.rules.impulse import ImpulseEffect
from game.rulesets.entaria.views.terms import reason, says

MAX_REROLL_ROWS = 4
PANEL = "impulse"

#: Builds the command for an effect once its target, field or roll is known.
CommandFor = Callable[[ImpulseEffect, str | None, Cell | None, int | None], Command]


def effect_name(effect: ImpulseEffect, t: Texts) -> str:
    return t(f"hud.impulse.effect.{effect.name}")


def effect_offers(
    battle: Battle, t: Texts, command_for: CommandFor, pool: int | None, spender: str | None
) -> tuple[Offer, ...]:
    """Return the menu of Impuls effects (``pool`` None: the GM, who pays nothing).

    ``spender`` is who pays for a reroll (None: the GM); the engine says whether one may.
    """
    offers = []
    for effect in ImpulseEffect:
        affordable = pool is None or pool >= effect.cost
        tip = t(f"hud.impulse.tip.{effect.name}")
        if not affordable:
            tip = t("hud.impulse.too_dear", cost=effect.cost, pool=pool) + "\n" + tip
        elif effect is ImpulseEffect.REROLL:
            verdict = battle.legal_reroll(spender)
            affordable = verdict.allowed
            if not verdict.allowed:
                tip = reason(verdict.reason, t) + "\n" + tip
        offers.append(_effect_offer(battle, t, effect, command_for, spender, affordable, tip))
    return tuple(offers)


def _effect_offer(
    battle: Battle,
    t: Texts,
    effect: ImpulseEffect,
    command_for: CommandFor,
    spender: str | None,
    enabled: bool,
    tip: str,
) -> Offer:
    name = effect_name(effect, t)
    key = f"impulse:{effect.name}"
    label = t("hud.impulse.item", cost=effect.cost, name=name)
    if effect is ImpulseEffect.REROLL:
        return Offer(
            key,
            label,
            enabled,
            reason=reason(battle.legal_reroll(spender).reason, t),
            tooltip=tip,
            needs=Needs.CHOICE,
            choices=reroll_offers(battle, t, command_for, spender),
            prompts=(t("hud.impulse.reroll_title"),),
        )
    prompts: tuple[str, ...] = ()
    needs = Needs.NOTHING
    if effect.needs_target_in_sight:
        needs, prompts = Needs.CREATURE, (t("hud.impulse.pick_target", effect=name),)
    elif effect.disengage_fields:
        needs, prompts = Needs.FIELD, (t("hud.impulse.pick_field", effect=name),)

    def make(pick: Pick) -> Command:
        return command_for(effect, pick.creature, pick.cell, None)

    return Offer(key, label, enabled, tooltip=tip, needs=needs, make=make, prompts=prompts)


def reroll_offers(
    battle: Battle, t: Texts, command_for: CommandFor, spender: str | None
) -> tuple[Offer, ...]:
    """Return one menu item per roll of the last command the engine offers for a reroll."""
    verdict = battle.legal_reroll(spender)
    offers = []
    for option in verdict.rolls:
        text = says(t.language, option.de, option.en)
        dice = dice_text(6 if option.kind == "damage" else 20, option.dice, t.language)
        command = command_for(ImpulseEffect.REROLL, None, None, option.index)
        offers.append(
            Offer(
                f"reroll:{option.index}",
                t("hud.impulse.reroll", what=f"{dice} · {text}"),
                verdict.allowed,
                tooltip=text if verdict.allowed else f"{reason(verdict.reason, t)}\n{text}",
                make=_constant(command),
            )
        )
    return tuple(offers)


def _constant(command: Command) -> Callable[[Pick], Command]:
    return lambda _pick: command


# ------------------------------------------------------------------ the panel
def spender(battle: Battle, viewer: Viewer) -> str | None:
    """Return who would spend: the creature whose turn it is, when the viewer plays it."""
    if battle.state.over or not battle.state.order or not viewer.decides:
        return None
    return battle.state.current_key


def reroll_spender(battle: Battle, viewer: Viewer) -> str | None:
    """Return who pays for a reroll: the current character if it may, else one of the
    viewer's player characters that may (a reroll may be bought in anyone's turn)."""
    if battle.state.over:
        return None
    candidates = [
        c.key
        for c in battle.state.creatures.values()
        if battle.sides.get(c.side) is not None
        and battle.sides[c.side].controller == "player"
        and (viewer.sides is None or c.side in viewer.sides or viewer.game_master)
    ]
    current = battle.state.current_key if battle.state.order else None
    if current in candidates:
        candidates.remove(current)
        candidates.insert(0, current)
    for key in candidates:
        if battle.legal_reroll(key).allowed:
            return key
    return candidates[0] if candidates else None


def impulse_panel(battle: Battle, viewer: Viewer, t: Texts) -> PanelView:
    """Return the Impuls panel for ``viewer``."""
    pool = battle.state.impulse_pool
    actor = spender(battle, viewer)
    payer = reroll_spender(battle, viewer)

    def command_for(
        effect: ImpulseEffect, target: str | None, cell: Cell | None, roll: int | None
    ) -> Command:
        who = payer if effect is ImpulseEffect.REROLL else actor
        return SpendImpulse(who, effect.name, target=target, cell=cell, roll=roll)

    creatures = battle.state.creatures
    name = creatures[actor].name if actor else ""
    spend = Offer(
        "impulse:menu",
        t("hud.impulse.spend"),
        actor is not None,
        reason=t("hud.impulse.no_spender"),
        tooltip=t("hud.impulse.spend_tip", name=name) if actor else t("hud.impulse.no_spender"),
        needs=Needs.CHOICE,
        choices=effect_offers(battle, t, command_for, pool, payer),
        prompts=(t("hud.impulse.menu", pool=pool),),
    )
    rows = [
        OfferRow((spend,), t("hud.impulse.pool", n=pool), t("hud.impulse.pool_tip"), "impulse:pool")
    ]
    verdict = battle.legal_reroll(payer)
    who = creatures[payer].name if payer else ""
    why = reason(verdict.reason, t)
    for option in list(verdict.rolls)[:MAX_REROLL_ROWS]:
        text = says(t.language, option.de, option.en)
        dice = dice_text(6 if option.kind == "damage" else 20, option.dice, t.language)
        tip = t("hud.impulse.reroll_tip", name=who) + "\n" + text
        command = command_for(ImpulseEffect.REROLL, None, None, option.index)
        reroll = Offer(
            f"impulse:reroll:{option.index}",
            t("hud.impulse.reroll", what=f"{dice} · {text}"),
            verdict.allowed,
            reason=why,
            tooltip=tip if verdict.allowed else f"{why}\n{tip}",
            make=_constant(command),
        )
        rows.append(OfferRow((reroll,)))
    return PanelView(PANEL, t("hud.impulse.title", n=pool), tuple(rows))
