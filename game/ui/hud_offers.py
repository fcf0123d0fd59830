"""Pressing an offer of the ruleset's views: send its command, or first ask for what it
needs — a creature or a field clicked on the map, fields painted on it (``paint_fields``),
a choice from a menu.

The views build the commands (``Offer.make``); a string instead of a command is a
refusal the HUD says. A command sent from a pick ends the pick.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from game.board.grid import Cell
from game.match.views import Needs, Offer, Pick
from game.ui.hud_tools import PickCell, PickCreature, PickCreatureThenCell
from game.ui.paint_fields import PaintFields
from game.ui.popup import MenuItem

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

#: The widest label of a menu (longer ones end in an ellipsis).
MENU_LABEL_PX = 420


def press(hud: HudContext, offer: Offer) -> None:
    """Do what ``offer`` needs, then send its command."""
    needs = offer.needs
    prompts = offer.prompts or (offer.label,)
    if needs is Needs.TOOL:
        hud.start_action(offer)
    elif needs is Needs.CHOICE:
        if offer.choices:
            hud.open_menu(prompts[0], menu_items(hud, offer.choices), offer.columns)
        else:
            hud.message(offer.reason, bad=True)
    elif needs is Needs.CREATURE:
        hud.start_tool(
            PickCreature(hud.scene, prompts[0], lambda key: send(hud, offer, Pick(creature=key)))
        )
    elif needs is Needs.FIELD:
        hud.start_tool(
            PickCell(hud.scene, prompts[0], lambda cell: send(hud, offer, Pick(cell=cell)))
        )
    elif needs is Needs.FIELDS:
        hud.start_tool(
            PaintFields(hud.scene, prompts[0], lambda cells: send(hud, offer, Pick(cells=cells)))
        )
    elif needs is Needs.CREATURE_FIELD:
        second = prompts[1] if len(prompts) > 1 else prompts[0]

        def chosen(key: str, cell: Cell) -> None:
            send(hud, offer, Pick(key, cell))

        hud.start_tool(PickCreatureThenCell(hud.scene, (prompts[0], second), chosen))
    else:
        send(hud, offer, Pick())


def send(hud: HudContext, offer: Offer, pick: Pick) -> None:
    """Send the offer's command for ``pick``; a pick tool ends when it is accepted."""
    if offer.make is None:
        return
    made = offer.make(pick)
    if isinstance(made, str):
        hud.message(made, bad=True)
        return
    outcome = hud.scene.send(made)
    if outcome.ok and hud.scene.tool.name != "select":
        hud.scene.cancel_tool()


def menu_items(hud: HudContext, offers: Sequence[Offer]) -> list[MenuItem]:
    """Return the menu of ``offers`` (a click presses the offer)."""
    return [
        MenuItem(
            hud.text.fit(offer.label, hud.fs_small, MENU_LABEL_PX),
            partial(press, hud, offer),
            offer.enabled,
            offer.tooltip,
            offer.key,
        )
        for offer in offers
    ]
