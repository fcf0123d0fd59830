"""The quick rules' scenario files run green in the scenario runner (game/scenarios).

The files (``scenarios/schnell-*.toml`` beside this module, the format of
tests/scenarios/README.md) are runnable with ``kampfkarte scenario FILE``. They lie here,
not in tests/scenarios, because tests/test_scenarios.py keeps a table of every file's
rule IDs there (SCENARIO_RULES) that the quick rules' files are not part of yet.

Block initiative (Q-INIT-1/2/4/5/6/7/10), a crit's doubled SW (Q-CRIT-HIT-2), a natural 1
emptying the magazine (Q-CRIT-FAIL-2), the same-zone Nachteil (Q-RANGED-2) and full cover
(Q-COVER-2/3).
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
    "schnell-block-initiative.toml": (
        "Q-INIT-1", "Q-INIT-2", "Q-INIT-4", "Q-INIT-5", "Q-INIT-6", "Q-INIT-7", "Q-INIT-10",
        "Q-OPEN-1",
    ),
    "schnell-crit-doubles-sw.toml": (
        "Q-CRIT-HIT-1", "Q-CRIT-HIT-2", "Q-CRIT-HIT-3", "Q-CRIT-HIT-4", "Q-COVER-1", "Q-OPEN-10",
        "Q-CRIT-SAF-FEUER-1", "Q-CRIT-SAF-FEUER-2",
    ),
    "schnell-fumble-empties-magazine.toml": (
        "Q-CRIT-FAIL-1", "Q-CRIT-FAIL-2", "Q-CRIT-FAIL-3", "Q-ACT-1",
    ),
    "schnell-full-cover.toml": ("Q-COVER-2", "Q-COVER-3", "Q-OPEN-9", "Q-INIT-7", "Q-INIT-8"),
    "schnell-same-zone-nachteil.toml": ("Q-RANGED-2", "Q-OPEN-8", "Q-RANGE-NAH", "Q-OPEN-6"),
}  # fmt: skip


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("schnell-*.toml"))


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.name)
@pytest.mark.parametrize("language", ["en", "de"])
def test_quick_scenario_holds(path: Path, language: str) -> None:
    """Each quick-rules scenario runs with every expectation ok (exit 0), in de and en."""
    out, err = io.StringIO(), io.StringIO()
    code = run_scenario_file(path, out, err, log=True, language=language)
    text = out.getvalue()
    assert code == 0, text + err.getvalue()
    lines = text.splitlines()
    bad = ("FAIL", "FEHLER", "not checked", "nicht geprüft")
    assert not [line for line in lines if line.startswith(bad)]
    assert "entaria-schnell" in text.splitlines()[0]


def test_the_five_scenarios_of_the_issue_are_there() -> None:
    """Block initiative, crit SW, fumble magazine, same-zone Nachteil, full cover."""
    assert {p.name for p in scenario_files()} == set(SCENARIO_RULES)


def test_the_rule_table_here_matches_the_scenario_files() -> None:
    """SCENARIO_RULES repeats each file's [scenario] rules, and each names the quick ruleset."""
    found = {}
    for path in scenario_files():
        data = tomllib.loads(path.read_text("utf-8"))
        assert data["scenario"]["ruleset"] == "entaria-schnell"
        assert data["mission"]["ruleset"] == "entaria-schnell"
        found[path.name] = tuple(data["scenario"]["rules"])
    assert found == SCENARIO_RULES
