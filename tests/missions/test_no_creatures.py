"""A mission without creatures: simulate says so instead of failing inside the engine."""

from __future__ import annotations

import io
from pathlib import Path

from game.missions.simulate import EXIT_INVALID, run_simulate

DESERT = Path(__file__).parent / "data" / "tiled" / "desert.tmx"


def test_simulate_refuses_a_map_without_creatures_in_the_chosen_language() -> None:
    """simulate on Tiled's desert example (no creature objects) exits 1 with the message."""
    out, err = io.StringIO(), io.StringIO()
    assert run_simulate(DESERT, seed=1, out=out, err=err, language="en") == EXIT_INVALID
    assert "This map has no creatures" in err.getvalue()
    assert "Traceback" not in err.getvalue() and out.getvalue() == ""
    err = io.StringIO()
    assert run_simulate(DESERT, seed=1, out=io.StringIO(), err=err, language="de") == 1
    assert "Diese Karte hat keine Wesen" in err.getvalue()
