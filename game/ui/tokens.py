"""Miniatures on the map: what a token shows (TokenView) and how it is drawn.

STUB: the render helper replaces the drawing; the TokenView fields and the
``token_views``/``TokenRenderer.draw`` signatures are the contract the scene uses.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.battle.engine import Battle
from game.rules.conditions import closure
from game.rules.grid import Cell
from game.rules.terms import Condition
from game.ui.camera import Camera
from game.ui.theme import Colour, Fonts


@dataclass(frozen=True)
class TokenView:
    """Everything a token shows, taken from the battle state (no rules computed here)."""

    key: str
    name: str
    initials: str
    colour: Colour
    cell: Cell
    size: int  # side of the square footprint in fields
    facing: str  # "N", "NE", ... "NW"
    lp: int
    max_lp: int
    conditions: tuple[Condition, ...]
    stance: str  # "standing" | "kneeling" | "prone"
    altitude: int
    life: str  # "ok" | "unconscious" | "dying" | "dead"
    selected: bool = False
    current: bool = False
    hidden: bool = False  # Unentdeckt toward someone: drawn faded for its own side


def initials_of(name: str) -> str:
    """Return up to two capital letters for a name ("Elro-Sa" -> "ES")."""
    parts = [p for p in name.replace("-", " ").split() if p]
    if not parts:
        return "?"
    if len(parts) == 1:
        return parts[0][:2].capitalize()
    return (parts[0][0] + parts[1][0]).upper()


def life_of(conditions: Collection[Condition]) -> str:
    held = set(conditions)
    if Condition.DEAD in held:
        return "dead"
    if Condition.DYING in held:
        return "dying"
    if Condition.UNCONSCIOUS in held:
        return "unconscious"
    return "ok"


def token_views(
    battle: Battle,
    colours: Mapping[str, Colour],
    *,
    visible: Collection[str] | None = None,
    selected: str | None = None,
) -> list[TokenView]:
    """Return the tokens to draw (``visible``: the keys the viewer may see; None = all)."""
    current = battle.current.key if battle.state.order else None
    views = []
    for creature in battle.state.creatures.values():
        if visible is not None and creature.key not in visible:
            continue
        held = closure(creature.conditions)
        kind = battle.creature_type(creature)
        views.append(
            TokenView(
                key=creature.key,
                name=creature.name,
                initials=initials_of(creature.name),
                colour=colours.get(creature.side, (128, 128, 128)),
                cell=creature.cell,
                size=kind.size_fields,
                facing=creature.facing,
                lp=creature.lp,
                max_lp=creature.max_lp,
                conditions=tuple(sorted(creature.conditions, key=lambda c: c.name)),
                stance=creature.stance.value,
                altitude=creature.altitude,
                life=life_of(held),
                selected=creature.key == selected,
                current=creature.key == current,
                hidden=bool(creature.hidden or Condition.UNDETECTED in held),
            )
        )
    return views


class TokenRenderer:
    """Draw tokens (cached per look and size)."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        tokens: Sequence[TokenView],
        positions: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        """Draw ``tokens``; ``positions`` overrides a token's place (animations, fields)."""
        size = camera.cell_px
        for token in tokens:
            fx, fy = (positions or {}).get(token.key, token.cell)
            x, y = camera.point_to_screen(fx, fy)
            radius = size * token.size // 2 - 2
            centre = (x + size * token.size // 2, y + size * token.size // 2)
            pygame.draw.circle(surface, token.colour, centre, max(2, radius))
