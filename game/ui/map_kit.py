"""What a ruleset's battle screen gets for the map: its default tool, its action tools and
what always stands under the tokens (paired with rulesets in ``game.ui.map_kits``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.ui.host import MapHost, MapTool


@dataclass(frozen=True)
class MapKit:
    """The default tool, the tools of the action bar and what always stands on the map."""

    select: Callable[[MapHost], MapTool]
    begin: Callable[[MapHost, Hashable], MapTool | None]
    standing_under: Callable[[MapHost, pygame.Surface], None]
    #: The help overlay's sections for this battle screen (``scenes.help``).
    help_sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
