"""A mission names its ruleset (``[mission] ruleset``); the missions layer asks that ruleset.

Unknown keys are errors naming the file, line and key and listing the known rulesets;
imported maps play the default; simulate and ``open_mission`` play the ruleset the
mission names; the missions layer itself names no rule system (``test_check_ruleset``:
what ``kampfkarte check`` says of it).
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.missions.loader import load_any
from game.missions.simulate import open_mission, run_simulate
from game.missions.toml_format import dumps_mission, loads_mission
from game.rulesets import DEFAULT_RULESET, RULESETS

DATA = Path(__file__).resolve().parent / "data"
GAME = Path(__file__).resolve().parents[2] / "game"

MISSION = """\
[mission]
title = "Regelwerk"
ruleset = "{ruleset}"

[map]
width = 5
height = 3
rows = '''
#####
#...#
#####
'''

[[sides]]
key = "a"
name = "A"
controller = "player"

[[sides]]
key = "b"
name = "B"
controller = "gm"

[[creatures]]
key = "likron"
type = "likron"
side = "a"
at = [1, 1]

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [3, 1]
conditions = ["Liegend"]
"""


def mission_text(ruleset: str = "entaria") -> str:
    return MISSION.format(ruleset=ruleset)


def without_ruleset() -> str:
    return mission_text().replace('ruleset = "entaria"\n', "")


def test_a_mission_without_a_ruleset_plays_the_default() -> None:
    assert DEFAULT_RULESET == "entaria"
    assert loads_mission(without_ruleset()).ruleset == DEFAULT_RULESET
    assert loads_mission(mission_text("entaria")).ruleset == "entaria"


def test_the_ruleset_is_written_and_read_back() -> None:
    mission = loads_mission(without_ruleset())
    text = dumps_mission(mission)
    assert '\nruleset = "entaria"\n' in text
    assert loads_mission(text) == mission


def test_an_unknown_ruleset_names_file_line_key_and_the_known_ones() -> None:
    with pytest.raises(MissionError) as caught:
        loads_mission(mission_text("xyz"), "mission.toml")
    (problem,) = caught.value.problems
    assert problem.path == "mission.toml"
    assert (problem.line, problem.column) == (3, 1)
    assert problem.key == "mission.ruleset"
    known = ", ".join(repr(k) for k in sorted(RULESETS))
    assert problem.message == f"unknown ruleset 'xyz'; expected one of {known}"
    assert str(problem) == (
        f"mission.toml:3:1 [mission.ruleset]: error: unknown ruleset 'xyz'; expected one of {known}"
    )


def test_a_misspelt_ruleset_gets_a_suggestion() -> None:
    with pytest.raises(
        MissionError, match=r"unknown ruleset 'entria' \(did you mean 'entaria'\?\)"
    ):
        loads_mission(mission_text("entria"))


def test_a_ruleset_that_is_no_string_is_refused() -> None:
    text = mission_text().replace('ruleset = "entaria"', "ruleset = 3")
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "m.toml")
    (problem,) = caught.value.problems
    assert problem.key == "mission.ruleset" and "expected a string" in problem.message


def test_an_unknown_ruleset_does_not_judge_the_names_of_another() -> None:
    """Creature types an unknown ruleset might know are not reported as ENTARIA's mistakes;
    mistakes of the format itself still are."""
    text = mission_text("xyz").replace('type = "likron"', 'type = "xyz_soeldner"')
    text = text.replace('side = "b"', 'side = "c"')
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "m.toml")
    keys = [p.key for p in caught.value.problems]
    assert keys == ["mission.ruleset", "creatures[1].side"]


def test_the_readme_shows_what_the_loader_says_of_an_unknown_ruleset() -> None:
    from tests.missions.test_bundled_maps import README, readme_example

    text = readme_example().replace('ruleset = "entaria"', 'ruleset = "xyz"')
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "mission.toml")
    (problem,) = caught.value.problems
    assert str(problem) in README.read_text(encoding="utf-8")


def test_imported_maps_play_the_default_ruleset() -> None:
    for name in ("tavern.dd2vtt", "skirmish.tmx", "skirmish.tmj"):
        assert load_any(DATA / name).mission.ruleset == DEFAULT_RULESET, name


def test_simulate_refuses_an_unknown_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "xyz.toml"
    path.write_text(mission_text("xyz"), encoding="utf-8")
    err = io.StringIO()
    assert run_simulate(path, 1, out=io.StringIO(), err=err, language="en") == 1
    assert "unknown ruleset 'xyz'" in err.getvalue()


def test_open_mission_returns_the_ruleset_the_mission_names(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text(mission_text(), encoding="utf-8")
    opened = open_mission(str(path))
    assert opened.ruleset is RULESETS["entaria"]
    assert opened.setup.title == "Regelwerk"


# ----------------------------------------------------------------- layering
def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_the_missions_layer_imports_no_ruleset_package() -> None:
    """Only the table (``game.rulesets``) and the protocols of the match layer."""
    for path in sorted((GAME / "missions").glob("*.py")):
        for name in _imports(path):
            assert not name.startswith("game.rulesets."), f"{path.name} imports {name}"


#: ENTARIA's key, classes, rule IDs and words.
ENTARIA_TERMS = (
    r"(?i)entaria",
    r"\bCondition\b",
    r"\bMATERIALS\b",
    r"\bCatalogue\b",
    r"\bLiegend\b",
    r"\bBattleSetup\b",
    r"\bE-[A-Z]+-",
    r"\bImpuls",
    r"\bPAK\b",
)


@pytest.mark.parametrize("term", ENTARIA_TERMS)
def test_the_missions_layer_names_no_entaria_term(term: str) -> None:
    """ENTARIA's classes, rule IDs and words stay in its package (the format's keys,
    such as ``lp``, are the format's)."""
    for path in sorted((GAME / "missions").glob("*.py")):
        found = re.search(term, path.read_text(encoding="utf-8"))
        assert found is None, f"{path.name} names {found.group(0)!r}"
