"""How fast the built-in opponent plays on screen: quick to watch, and skippable.

The opponent takes its next step as soon as the animations of the last one are done;
only between two of its creatures (and before its first) it waits ``BETWEEN_CREATURES``
so the eye can find the next one. The skip key ends the watching: the animations stop
at once and the remaining steps run without any, a few per frame so the window stays
alive, until a human has to decide.
"""

from __future__ import annotations

import pygame

BETWEEN_CREATURES = 0.1  # seconds between two of the opponent's creatures
SKIP_STEPS_PER_FRAME = 8  # steps run in one frame while skipping
#: The key that skips the opponent's turn. Space ends a human's turn and Esc opens the
#: menu; Tab does nothing else on the battle screen.
SKIP_KEY = pygame.K_TAB


class OpponentPace:
    """When the battle scene lets the built-in opponent take its next step."""

    def __init__(self) -> None:
        self.skipping = False
        self._wait = BETWEEN_CREATURES

    def skip(self) -> None:
        """Skip the rest of the opponent's turn (until a human decides)."""
        self.skipping = True

    def steps(self, dt: float, busy: bool) -> int:
        """Return how many steps the opponent takes this frame (``busy``: animations run)."""
        if self.skipping:
            return SKIP_STEPS_PER_FRAME
        if busy:
            return 0  # the pause starts when the animations are done
        self._wait -= max(0.0, dt)
        return 1 if self._wait <= 1e-9 else 0

    def stepped(self, passed_turn: bool) -> None:
        """Note a step: the next one follows at once, after a short pause for a new creature."""
        self._wait = BETWEEN_CREATURES if passed_turn else 0.0

    def idle(self) -> None:
        """A human decides (or the screen is covered): skipping ends, the next turn pauses."""
        self.skipping = False
        self._wait = BETWEEN_CREATURES
