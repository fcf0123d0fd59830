"""Shared by the WRS mission tests: WRS known to the missions layer, the bundled mission.

Until WRS stands in ``game.rulesets.RULESETS`` the fixture ``wrs_known`` adds it to the
missions layer's table for one test; the bundled mission is skipped while it is absent.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.missions import ruleset_choice
from game.missions.loader import bundled_maps_dir
from game.rulesets.wrs.ruleset import WRS

#: The bundled WRS mission (``maps/wrs-lagerhalle.toml``).
BUNDLED = bundled_maps_dir() / "wrs-lagerhalle.toml"


@pytest.fixture
def wrs_known(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Let the missions layer know the ruleset ``wrs`` during the test."""
    if WRS.key not in ruleset_choice.RULESETS:
        monkeypatch.setattr(ruleset_choice, "RULESETS", {**ruleset_choice.RULESETS, WRS.key: WRS})
    yield


def bundled_path() -> Path:
    """Return the bundled WRS mission; skip the test while it is not bundled yet."""
    if not BUNDLED.is_file():
        pytest.skip("maps/wrs-lagerhalle.toml is not bundled yet (WRS not registered)")
    return BUNDLED
