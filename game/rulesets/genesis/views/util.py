"""Small helpers of the Genesis views' offers."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.match.commands import Command
from game.match.views import Make, Offer, Pick, Texts
from game.rulesets.genesis.views.texts import say

HOTKEYS = "1234567890"


def const(command: Command) -> Make:
    """Return a ``make`` that builds ``command`` whatever was picked."""

    def make(_pick: Pick) -> Command | str:
        return command

    return make


def gate(offer: Offer, why: str, t: Texts) -> Offer:
    """Return ``offer`` greyed with ``why``, and its choices with it ("": as it is)."""
    if not why:
        return offer
    refused = say(t, "no.refused", action=offer.label, reason=why)
    tip = f"{offer.tooltip}\n{why}" if offer.tooltip else why
    choices = tuple(gate(choice, why, t) for choice in offer.choices)
    return dataclasses.replace(offer, enabled=False, reason=refused, tooltip=tip, choices=choices)


def numbered(offers: Sequence[Offer]) -> tuple[Offer, ...]:
    """Give the offers the number keys 1-9, 0 in order."""
    return tuple(
        dataclasses.replace(offer, hotkey=HOTKEYS[i] if i < len(HOTKEYS) else "")
        for i, offer in enumerate(offers)
    )
