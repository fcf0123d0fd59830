"""The camera gliding to a field: a short ease, dropped the moment the player moves it.

``CameraGlide.towards`` starts a glide that puts a point (field units) in the middle of
the viewport; ``update`` moves the camera a step each frame. Anything else that moves
the camera — a drag, the wheel, a pan key, F — is noticed as a position the glide did
not set, and the glide stops there: the player's hand always wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cell
from game.ui.camera import Camera

GLIDE_SECONDS = 0.45
#: A field this close to the viewport's edge (in fields) counts as "at the edge".
EDGE_FIELDS = 1.5


@dataclass
class _Leg:
    start: tuple[float, float]
    goal: tuple[float, float]
    elapsed: float = 0.0


def ease(t: float) -> float:
    """Return the ease-out of ``t`` (0..1): fast at first, settling gently."""
    t = max(0.0, min(1.0, t))
    return 1.0 - (1.0 - t) ** 3


def needs_follow(
    camera: Camera,
    cell: Cell,
    size: int = 1,
    *,
    board: tuple[int, int] | None = None,
    edge: float = EDGE_FIELDS,
) -> bool:
    """Return whether the footprint at ``cell`` is off screen or within ``edge`` of its edge.

    With ``board`` (the map's width and height in fields) an edge where the map itself
    ends on screen does not count: a creature at the map's border in a view that shows
    the whole map is in view. The margin is at most a quarter of the viewport.
    """
    px = camera.cell_px
    margin_x = min(edge * px, camera.viewport_w / 4)
    margin_y = min(edge * px, camera.viewport_h / 4)
    left = cell[0] * px - camera.x
    top = cell[1] * px - camera.y
    right = left + size * px
    bottom = top + size * px
    if right <= 0 or bottom <= 0 or left >= camera.viewport_w or top >= camera.viewport_h:
        return True  # off screen
    more = (True, True, True, True)  # is there map beyond the left, top, right, bottom edge?
    if board is not None:
        more = (
            camera.x > 0,
            camera.y > 0,
            board[0] * px - camera.x > camera.viewport_w,
            board[1] * px - camera.y > camera.viewport_h,
        )
    return (
        (more[0] and left < margin_x)
        or (more[1] and top < margin_y)
        or (more[2] and right > camera.viewport_w - margin_x)
        or (more[3] and bottom > camera.viewport_h - margin_y)
    )


class CameraGlide:
    """Glide ``camera`` to a point; stop when something else moves it."""

    def __init__(self, camera: Camera, seconds: float = GLIDE_SECONDS) -> None:
        self.camera = camera
        self.seconds = seconds
        self._leg: _Leg | None = None
        self._set: tuple[float, float, float] | None = None  # the camera as last placed

    @property
    def active(self) -> bool:
        return self._leg is not None

    def towards(self, fx: float, fy: float) -> None:
        """Start gliding so the point (field units) ends in the middle of the viewport."""
        camera = self.camera
        size = camera.cell_px
        goal = (fx * size - camera.viewport_w / 2, fy * size - camera.viewport_h / 2)
        self._leg = _Leg((camera.x, camera.y), goal)
        self._set = (camera.x, camera.y, camera.zoom)

    def cancel(self) -> None:
        self._leg = None
        self._set = None

    def update(self, dt: float) -> None:
        """Move the camera one frame along the glide (or notice the player moved it)."""
        leg = self._leg
        if leg is None:
            return
        camera = self.camera
        if self._set != (camera.x, camera.y, camera.zoom):
            self.cancel()  # panned, zoomed or fitted by hand: leave the camera there
            return
        leg.elapsed += max(0.0, dt)
        t = ease(leg.elapsed / self.seconds) if self.seconds > 0 else 1.0
        camera.x = leg.start[0] + (leg.goal[0] - leg.start[0]) * t
        camera.y = leg.start[1] + (leg.goal[1] - leg.start[1]) * t
        self._set = (camera.x, camera.y, camera.zoom)
        if leg.elapsed >= self.seconds:
            self.cancel()
