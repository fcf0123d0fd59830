"""Genesis' scenario files run green in the scenario runner (game/scenarios).

The files (``scenarios/genesis-*.toml`` beside this module, the format of
tests/scenarios/README.md) are the seed's own worked examples, runnable with
``kampfkarte scenario FILE``: 23 SP on WS 20 cost 26 LE (G-DMG-E1), AT 85 as a half
action is 43 (G-GW-E1), one dodge roll of 25 against AW 64 (G-SHOT-E1) and the per-cent
layers 50 -> 55 -> 66 -> 99 (G-PCT-E1).
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from game.scenarios.runner import run_scenario_file

SCENARIOS = Path(__file__).resolve().parent / "scenarios"

#: Each file's ``[scenario] rules``, repeated for ../shared/tools/rule_coverage.py (it
#: reads .py files only); a test keeps the two the same.
SCENARIO_RULES: dict[str, tuple[str, ...]] = {
    "genesis-half-attack.toml": (
        "G-GW-E1", "G-GW-5", "G-GW-6", "G-GW-ODD-3", "G-PHASE-DECL-1", "G-PHASE-DECL-2",
        "G-ATPA-1",
    ),
    "genesis-single-dodge.toml": (
        "G-SHOT-E1", "G-SHOT-1", "G-SHOT-AW-1", "G-SHOT-DIR-1", "G-SHOT-DIR-2", "G-SHOT-DIR-3",
        "G-RANGE-DEF-1", "G-RANGE-DEF-2", "G-RANGE-MELEE-1", "G-RANGE-MELEE-3", "G-ATPA-4",
        "G-THROW-3", "G-INI-ROUND-6", "G-OPEN-12",
    ),
    "genesis-tp-layers.toml": (
        "G-PCT-E1", "G-PCT-1", "G-PCT-2", "G-BONUS-PASSIVE-1", "G-BONUS-ENH-1",
        "G-BONUS-ACTIVE-1", "G-DMG-WS3", "G-LE-DEATH", "G-OPEN-17",
    ),
    "genesis-ws-doubling.toml": (
        "G-DMG-E1", "G-DMG-1", "G-DMG-2", "G-DMG-3", "G-DMG-WS", "G-ARMOR-HELMET", "G-ATPA-1",
        "G-INI-ROUND-4",
    ),
}  # fmt: skip


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("genesis-*.toml"))


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.name)
@pytest.mark.parametrize("language", ["en", "de"])
def test_genesis_scenario_holds(path: Path, language: str) -> None:
    """Each Genesis scenario runs with every expectation ok (exit 0), in de and en."""
    out, err = io.StringIO(), io.StringIO()
    code = run_scenario_file(path, out, err, log=True, language=language)
    text = out.getvalue()
    assert code == 0, text + err.getvalue()
    bad = ("FAIL", "FEHLER", "not checked", "nicht geprüft")
    assert not [line for line in text.splitlines() if line.startswith(bad)]
    assert "genesis" in text.splitlines()[0]


def test_the_four_examples_of_the_issue_are_there() -> None:
    """23 SP -> 26 LE, AT 85 -> 43, AW 64 / roll 25, 50 -> 55 -> 66 -> 99."""
    assert {p.name for p in scenario_files()} == set(SCENARIO_RULES)


def test_the_rule_table_here_matches_the_scenario_files() -> None:
    """SCENARIO_RULES repeats each file's [scenario] rules, and each names Genesis."""
    found = {}
    for path in scenario_files():
        data = tomllib.loads(path.read_text("utf-8"))
        assert data["scenario"]["ruleset"] == "genesis"
        assert data["mission"]["ruleset"] == "genesis"
        found[path.name] = tuple(data["scenario"]["rules"])
    assert found == SCENARIO_RULES
