"""Issue 12 (sounds): a stored volume is kept within its range; without a mixer, silence."""

from __future__ import annotations

import pygame
import pytest

from game.ui.settings import MAX_VOLUME, MIN_VOLUME, Settings
from game.ui.sounds import Sounds


@pytest.mark.parametrize("stored", [0, 5, 101, 5000, 99_999])
def test_i12_a_volume_out_of_range_reads_as_the_default(stored: int) -> None:
    assert Settings.from_dict({"volume": stored}).volume == Settings.volume


@pytest.mark.parametrize("stored", [MIN_VOLUME, 55, MAX_VOLUME])
def test_i12_a_volume_in_range_is_kept(stored: int) -> None:
    assert Settings.from_dict({"volume": stored}).volume == stored


class _MissingMixer:
    """What pygame offers in place of a mixer module it was built without."""

    def __getattr__(self, name: str) -> object:
        raise NotImplementedError("mixer module not available")


def test_i12_sounds_stay_silent_when_pygame_has_no_mixer() -> None:
    sounds = Sounds(Settings(sounds=True), mixer=_MissingMixer())  # type: ignore[arg-type]
    assert not sounds.play("turn")  # silent, no exception
    assert not sounds.play("hit")
    assert pygame.get_init() is not None
