"""Golden logs: ``kampfkarte simulate`` of every bundled mission, seeds 1-10, de and en.

Recorded before the ruleset seam was built (issue 9) from the CLI's output; the logs
must stay byte-identical while code moves. A deliberate rule change re-records them:
``python tests/golden/record.py`` (and says so in its commit).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.missions.simulate import run_simulate

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
MISSIONS = ("dretop-versteck", "gefahrenzone", "musa-lager", "strassenkampf")
CASES = [(m, s, lang) for m in MISSIONS for s in range(1, 11) for lang in ("de", "en")]


def simulated_log(mission: str, seed: int, language: str) -> str:
    """Return what ``kampfkarte simulate maps/MISSION.toml --seed N --language L`` prints."""
    out = io.StringIO()
    code = run_simulate(f"maps/{mission}.toml", seed, out=out, language=language, err=io.StringIO())
    assert code == 0
    return out.getvalue()


def test_every_golden_log_is_there() -> None:
    """80 recorded logs, none empty (so the comparison below compares something)."""
    files = sorted(GOLDEN.glob("*.log"))
    assert len(files) == len(CASES)
    assert all(f.stat().st_size > 1000 for f in files)


@pytest.mark.parametrize(("mission", "seed", "language"), CASES)
def test_simulate_matches_the_golden_log(
    mission: str, seed: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole simulated fight prints exactly the recorded log."""
    monkeypatch.chdir(ROOT)
    expected = (GOLDEN / f"{mission}-s{seed}-{language}.log").read_text(encoding="utf-8")
    assert simulated_log(mission, seed, language) == expected
