"""What a seat sees under ENTARIA's fog of war, and what is said over the map.

A seat may play several sides: it sees what any of them sees (the fields and the
creatures of ``queries.fog.fog_of_war`` joined). Critical failures, emptied magazines
and Wehrlos change what a player can do, so the screen says them over the map as well
as in the log.
"""

from __future__ import annotations

from collections.abc import Collection

from game.match.events import Event
from game.match.views import Texts
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.fog import FogView, fog_of_war

#: Events said over the map as well as in the log.
NOTABLE_EVENTS = frozenset({"crit_fail", "magazine_empty", "defenceless"})


def fog_for_sides(battle: Battle, sides: Collection[str]) -> FogView | None:
    """Return the joined FogView of ``sides`` (one side's own view; None: no side)."""
    wanted = list(sides)
    views = [fog_of_war(battle, side) for side in wanted]
    if not views:
        return None
    if len(views) == 1:
        return views[0]
    visible = views[0].visible.copy()
    creatures: set[str] = set()
    for view in views:
        visible |= view.visible
        creatures |= view.creatures
    return FogView("+".join(wanted), visible, frozenset(creatures))


def notice(event: Event, t: Texts) -> str:
    """Return the line said over the map of ``event`` ("" for an event only logged)."""
    return event.text(t.language) if event.kind in NOTABLE_EVENTS else ""
