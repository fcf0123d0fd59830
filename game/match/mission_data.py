"""What a mission gives a ruleset's set-up: its sides and creatures, as read-only data.

The missions layer's model (``game.missions.model``) has these attributes; a ruleset's
mission set-up reads them through these protocols and never imports the missions layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.board.grid import Cell


class Named(Protocol):
    """An enum member of the mission model (``Controller``, ``Facing``)."""

    @property
    def value(self) -> Any: ...


class SideData(Protocol):
    """A side as the mission gives it."""

    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def colour(self) -> str: ...
    @property
    def controller(self) -> Named: ...


class CreatureData(Protocol):
    """A creature as the mission places it (``life_points``: the LP at the start, if any)."""

    @property
    def key(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def cell(self) -> Cell: ...
    @property
    def facing(self) -> Named: ...
    @property
    def life_points(self) -> int | None: ...
    @property
    def equipment(self) -> tuple[str, ...] | None: ...
    @property
    def held(self) -> tuple[str, ...]: ...
    @property
    def conditions(self) -> tuple[str, ...]: ...
    @property
    def companion_of(self) -> str | None: ...
    @property
    def companion_before(self) -> bool: ...
    @property
    def hidden(self) -> bool: ...
    @property
    def image(self) -> str: ...
    @property
    def values(self) -> tuple[tuple[str, int], ...]: ...


class MissionData(Protocol):
    """A mission's title, sides and creatures (a ruleset's own protocol may ask more)."""

    @property
    def title(self) -> str: ...
    @property
    def sides(self) -> Sequence[SideData]: ...
    @property
    def creatures(self) -> Sequence[CreatureData]: ...
