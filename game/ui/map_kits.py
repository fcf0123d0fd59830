"""Which map tools a ruleset's battle screen gets: its own, or the views-driven ones.

A ruleset may bring map tools of its own (ENTARIA's walk, attack, throw, template and
area-fire tools in ``game.ui.tools``); every other ruleset is played through its views
alone (``views_select``: clicks select, the action bar and ``Views.map_click`` act). The
table is the only place that pairs a ruleset with its tools; nothing fills it on import.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.ui.map_kit import MapKit
from game.ui.tools.kit import ENTARIA_KIT
from game.ui.views_select import VIEWS_KIT

#: The rulesets (by key) whose battle screen has tools of its own.
KITS: Mapping[str, MapKit] = MappingProxyType({"entaria": ENTARIA_KIT})


def kit_for(ruleset_key: str) -> MapKit:
    """Return the map tools of the ruleset ``ruleset_key`` (the views-driven ones by default)."""
    return KITS.get(ruleset_key, VIEWS_KIT)
