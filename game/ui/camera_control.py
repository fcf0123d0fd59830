"""Moving the camera with mouse and keys, the same way in the battle and the preview.

Right or middle drag pans, the wheel zooms at the cursor, WASD/arrows pan while held,
+/- zoom around the viewport's centre. Buttons listed in ``drag_buttons`` start a drag;
a press without movement is not swallowed (a right click still reaches the tools).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.camera import Camera

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_s: (0, 1),
}
PAN_SPEED = 900.0  # screen pixels per second with a pan key held
ZOOM_STEP = 1.15
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class CameraControl:
    """Turn input into camera moves for one scene."""

    def __init__(self, camera: Camera, drag_buttons: tuple[int, ...] = (2, 3)) -> None:
        self.camera = camera
        self.drag_buttons = drag_buttons
        self._drag_from: tuple[int, int] | None = None
        self._dragged = False

    def pan_with_keys(self, dt: float) -> None:
        """Pan while WASD/arrow keys are held (not with Ctrl/Alt: those are shortcuts)."""
        if pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return
        keys = pygame.key.get_pressed()
        dx = dy = 0
        for key, (kx, ky) in PAN_KEYS.items():
            if keys[key]:
                dx += kx
                dy += ky
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def zoom_key(self, key: int) -> bool:
        """Zoom for +/-; return whether the key was one of them."""
        if key in ZOOM_IN_KEYS:
            self.camera.set_zoom(self.camera.zoom * ZOOM_STEP)
            return True
        if key in ZOOM_OUT_KEYS:
            self.camera.set_zoom(self.camera.zoom / ZOOM_STEP)
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Move the camera for a mouse event; return whether the event is used up.

        A drag's release is used up (it was a pan, not a click); the press is not.
        """
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in self.drag_buttons:
            if self.camera.contains(event.pos):
                self._drag_from = event.pos
                self._dragged = False
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button in self.drag_buttons:
            dragged = self._dragged and self._drag_from is not None
            self._drag_from = None
            self._dragged = False
            return dragged
        if event.type == pygame.MOUSEMOTION and self._drag_from is not None:
            dx = event.pos[0] - self._drag_from[0]
            dy = event.pos[1] - self._drag_from[1]
            if dx or dy:
                self.camera.pan(-dx, -dy)
                self._drag_from = event.pos
                self._dragged = True
            return False
        if event.type == pygame.MOUSEWHEEL and event.y:
            # wheel events carry no position: zoom where the pointer is
            pos = pygame.mouse.get_pos()
            if self.camera.contains(pos):
                self.camera.zoom_at(pos, ZOOM_STEP**event.y)
                return True
        return False


#: The screen rectangles of the top and left coordinate rulers for a camera.
Strips = Callable[[Camera], tuple[pygame.Rect, pygame.Rect]]


def fit_beside_rulers(camera: Camera, width: int, height: int, strips: Strips) -> None:
    """Fit the map of ``width`` x ``height`` fields into the view clear of the rulers.

    The rulers' size depends on the zoom (their font grows with the fields), so fit
    once with the rulers at the present zoom and again if they grow at the new one.
    """
    inset = (0, 0)
    for _ in range(3):
        top, left = strips(camera)
        wanted = (max(inset[0], left.width), max(inset[1], top.height))
        if wanted == inset:
            return
        inset = wanted
        camera.fit(width, height, inset=inset)
