"""``kampfkarte check`` says which ruleset a mission uses and checks its creatures against
that ruleset's catalogue; the missions layer asks the ruleset the mission names.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from game.match.mission_ruleset import MissionRuleset, MissionTerms
from game.missions import ruleset_choice
from game.missions.check import check_mission, run_check
from game.missions.loader import bundled_maps_dir
from game.missions.simulate import open_mission
from game.rulesets import RULESETS
from game.rulesets.entaria.mission_terms import EntariaMissionTerms
from game.rulesets.entaria.ruleset import ENTARIA
from tests.missions.test_rulesets import mission_text, without_ruleset


def test_check_says_which_ruleset_a_mission_uses(tmp_path: Path) -> None:
    named = tmp_path / "named.toml"
    named.write_text(mission_text(), encoding="utf-8")
    out = io.StringIO()
    assert run_check(named, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[2] == "Ruleset: entaria = ENTARIA (grid rules)"
    default = tmp_path / "default.toml"
    default.write_text(without_ruleset(), encoding="utf-8")
    out = io.StringIO()
    assert run_check(default, out) == 0
    assert "Ruleset: entaria = ENTARIA (grid rules); the default, the file names none" in (
        out.getvalue().splitlines()
    )


def test_check_of_every_bundled_mission_names_its_ruleset() -> None:
    for path in sorted(bundled_maps_dir().glob("*.toml")):
        out = io.StringIO()
        assert run_check(path, out) == 0, out.getvalue()
        assert re.search(
            r"(?m)^Ruleset: (entaria = ENTARIA \(grid rules\)|wrs = WRS \(combat rounds\)"
            r"|entaria-schnell = ENTARIA quick rules \(zones\)"
            r"|genesis = Genesis \(2-second combat rounds\))$",
            out.getvalue(),
        )


def test_check_of_an_unknown_ruleset_is_invalid_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "xyz.toml"
    path.write_text(mission_text("xyz"), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 1
    text = out.getvalue()
    assert f"{path}:3:1 [mission.ruleset]: error: unknown ruleset 'xyz'" in text
    assert text.rstrip().endswith(f"{path}: invalid (1 error)")


def test_check_validates_creatures_against_the_rulesets_catalogue(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text(mission_text().replace('"Liegend"', '"Schwebend"'), encoding="utf-8")
    report = check_mission(path)
    assert not report.valid
    (problem,) = report.errors
    assert problem.key == "creatures[1].conditions[0]"
    expected = EntariaMissionTerms(ENTARIA.load_catalogue()).condition_problem("Schwebend")
    assert not isinstance(expected, str)  # i12: the ruleset says it in German and English
    assert (problem.message, problem.text("de")) == (expected["en"], expected["de"])


# ----------------------------------------------------------------- dispatch
@dataclass(frozen=True)
class _OtherRules:
    """A second ruleset for the missions layer: ENTARIA's rules under another key and name,
    whose catalogue knows one creature less (so its own terms must be the ones asked)."""

    key: str = "andere"
    version: str = "1"

    def __getattr__(self, name: str) -> Any:
        return getattr(ENTARIA, name)

    def name(self, language: str) -> str:
        return "Andere Regeln" if language == "de" else "Other rules"

    def mission_terms(self, catalogue: Any) -> MissionTerms:
        creatures = {k: v for k, v in catalogue.creatures.items() if k != "dretop_pirat"}
        return EntariaMissionTerms(replace(catalogue, creatures=creatures))


def test_the_missions_layer_asks_the_ruleset_the_mission_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = _OtherRules()
    assert isinstance(other, MissionRuleset)
    monkeypatch.setattr(ruleset_choice, "RULESETS", {**RULESETS, other.key: other})
    path = tmp_path / "andere.toml"
    path.write_text(mission_text("andere"), encoding="utf-8")
    report = check_mission(path)
    (problem,) = report.errors
    assert (problem.key, problem.line) == ("creatures[1].type", 32)
    assert problem.message.startswith("unknown creature type 'dretop_pirat'")
    path.write_text(mission_text("andere").replace("dretop_pirat", "likron"), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 0, out.getvalue()
    assert "Ruleset: andere = Other rules" in out.getvalue().splitlines()
    assert open_mission(str(path)).ruleset is other
