"""Scenarios as data: every scenario of tests/scenarios runs green, and the runner itself.

``kampfkarte scenario FILE.toml`` (game.scenarios) reads a mission, dice, commands in their
save form and expectations; the format is tests/scenarios/README.md.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.cli import main
from game.scenarios.reader import MAX_SCENARIO_BYTES
from game.scenarios.split import statements, without
from game.scenarios.statepath import Index, Key, PathNotFound, PathSyntaxError, Select, parse_path

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
RULES_FILE = Path(__file__).resolve().parent.parent.parent / "shared" / "rules" / "entaria.md"

#: The rule IDs each scenario names in its ``[scenario] rules``, repeated here because
#: ../shared/tools/rule_coverage.py counts IDs in .py files only; a test below keeps the
#: two in step.
SCENARIO_RULES: dict[str, tuple[str, ...]] = {
    "ex-act-1.toml": (
        "EX-ACT-1", "E-ACT-2", "E-ACT-6", "E-ACT-HH-ZAUBER", "E-ACT-HH-POSITION",
        "E-ACT-HH-INTERAGIEREN", "E-ACT-HH-WURF", "E-COND-LIEGEND-1", "E-COND-LIEGEND-4",
        "E-COND-WEHRLOS", "E-COVER-3", "E-THROW-2", "E-LP-2", "E-LP-3", "E-COND-STERBEND-1",
        "E-INIT-2", "E-OPEN-9", "D-2", "D-11",
    ),
    "ex-areafire-1.toml": (
        "EX-AREAFIRE-1", "E-AREAFIRE-2", "E-AREAFIRE-3", "E-AREAFIRE-4", "E-AREAFIRE-6",
        "E-AREAFIRE-7", "E-AREAFIRE-8", "E-AREAFIRE-9", "D-6",
    ),
    "ex-areafire-2.toml": (
        "EX-AREAFIRE-2", "E-ACT-VH-DAUERFEUER-1", "E-ACT-VH-DAUERFEUER-2", "E-AREAFIRE-2",
        "E-AREAFIRE-3", "E-AREAFIRE-4", "E-AREAFIRE-6", "E-AREAFIRE-8", "E-AREAFIRE-9", "D-6",
    ),
    "door-shot-open.toml": ("E-OBJ-1", "E-OBJ-2", "E-OBJ-5", "E-ACT-6"),
    "edge-door.toml": ("D-13", "E-ACT-HH-INTERAGIEREN", "D-10"),
    "ex-dmg-1.toml": ("EX-DMG-1", "E-DMG-2", "E-DMG-3", "E-RANGED-4", "E-RANGED-5", "D-4"),
    "ex-hide-1.toml": (
        "EX-HIDE-1", "E-ACT-VH-VERBERGEN-1", "E-ACT-VH-VERBERGEN-2", "E-ACT-5", "E-ACT-6",
        "E-UNFORESEEN-2", "E-COND-UNENTDECKT-5",
    ),
    "ex-init-1.toml": (
        "EX-INIT-1", "E-INIT-1", "E-INIT-2", "E-INIT-3", "E-INIT-4", "E-INIT-6", "D-2", "D-11",
    ),
    "ex-init-2.toml": (
        "EX-INIT-2", "E-INIT-1", "E-INIT-3", "E-INIT-4", "E-INIT-6", "E-ROUND-6", "D-2", "D-11",
    ),
    "ex-multi-1.toml": ("EX-MULTI-1", "E-ACT-VH-MEHRFACH", "E-ACT-HH-INTERAGIEREN", "D-2"),
    "ex-revive-1.toml": (
        "EX-REVIVE-1", "E-ACT-LH-WIEDERBELEBEN-1", "E-ACT-LH-WIEDERBELEBEN-2",
        "E-ACT-LH-WIEDERBELEBEN-3", "E-ACT-LH-WIEDERBELEBEN-4", "E-ACT-LH-WIEDERBELEBEN-5",
        "E-OPEN-34", "E-OPEN-35",
    ),
    "ex-scatter-1.toml": (
        "EX-SCATTER-1", "E-THROW-2", "E-THROW-3", "E-SCATTER-1", "E-SCATTER-2", "E-SCATTER-3",
        "E-SCATTER-5", "E-SCATTER-DIR-B", "E-AREA-2", "E-AREA-ROUND", "E-OPEN-28", "D-7",
    ),
    "leaving-reach.toml": (
        "D-10", "E-ACT-HH-GEHEN-1", "E-ACT-HH-GEHEN-2", "E-ACT-HH-GEHEN-3", "E-OPEN-12",
    ),
    "ex-stab-1.toml": (
        "EX-STAB-1", "E-ACT-VH-STABILISIEREN-1", "E-ACT-VH-STABILISIEREN-2", "E-COND-STERBEND-1",
        "E-COND-STABILESKOMA-1", "E-LP-3", "E-OPEN-5", "E-OPEN-35",
    ),
    "wrs-ruestung-6.toml": (
        "W-ARMOR-E1", "W-ARMOR-TABLE", "W-ARMOR-1", "W-ARMOR-2", "W-ARMOR-3", "W-ARMOR-5",
        "W-HIT-1", "W-HIT-2", "W-HIT-3", "W-FIRE-AUTO", "W-FIRE-TEST", "W-BONUS-AUTOMATIC",
        "W-ATK-2", "W-ATK-3", "D-15",
    ),
    "wrs-ruestung-12.toml": (
        "W-ARMOR-E1", "W-ARMOR-TABLE", "W-ARMOR-1", "W-ARMOR-2", "W-ARMOR-3", "W-ARMOR-5",
        "W-HIT-1", "W-HIT-2", "W-HIT-3", "W-FIRE-AUTO", "W-FIRE-TEST", "W-BONUS-AUTOMATIC",
        "W-ATK-2", "W-ATK-3", "D-15",
    ),
    "wrs-ruestung-18.toml": (
        "W-ARMOR-E1", "W-ARMOR-TABLE", "W-ARMOR-1", "W-ARMOR-2", "W-ARMOR-3", "W-ARMOR-5",
        "W-HIT-1", "W-HIT-2", "W-HIT-3", "W-FIRE-AUTO", "W-FIRE-TEST", "W-BONUS-AUTOMATIC",
        "W-ATK-2", "W-ATK-3", "W-OPEN-9", "D-15",
    ),
    "wrs-wunden-3-4-10.toml": (
        "W-WOUND-E1", "W-WOUND-1", "W-WOUND-2", "W-WOUND-3", "W-WOUND-4", "W-HIT-1", "W-HIT-2",
        "W-HIT-3", "W-ARMOR-2", "W-ARMOR-3", "W-ARMOR-4", "W-ARMOR-5", "W-FIRE-TEST",
        "W-FIRE-SEMI", "W-FIRE-AUTO", "W-ROUND-2", "W-INIT-1", "W-INIT-2", "W-OPEN-10", "D-15",
    ),
}  # fmt: skip


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.toml"))


def runnable_scenarios() -> list[Path]:
    """Return the scenario files (the mission files they name have no [scenario] table)."""
    return [p for p in scenario_files() if "scenario" in tomllib.loads(p.read_text("utf-8"))]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``kampfkarte scenario ARGV`` (in English unless ARGV names a language)."""
    language = () if "--language" in argv else ("--language", "en")
    code = main(["scenario", *argv, *language])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------------- the suite
@pytest.mark.parametrize("path", runnable_scenarios(), ids=lambda p: p.name)
def test_scenario_holds(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each scenario file of the suite runs with every expectation ok (exit 0)."""
    code, out, err = run(capsys, str(path))
    assert code == 0, out + err
    assert "FAIL" not in out and "not checked" not in out
    assert out.splitlines()[-1].startswith("summary:")


def test_the_suite_has_every_worked_example() -> None:
    """Each EX example of rules/entaria.md has a scenario file (tests/scenarios/README.md)."""
    examples = {
        "EX-INIT-1", "EX-INIT-2", "EX-MULTI-1", "EX-STAB-1", "EX-HIDE-1", "EX-REVIVE-1",
        "EX-ACT-1", "EX-DMG-1", "EX-AREAFIRE-1", "EX-AREAFIRE-2", "EX-SCATTER-1",
    }  # fmt: skip
    named = {r for rules in SCENARIO_RULES.values() for r in rules if r.startswith("EX-")}
    assert examples <= named
    if RULES_FILE.is_file():  # the rules file lives beside the repository, not in it
        in_rules = set(re.findall(r"Example (EX-[A-Z0-9-]+)", RULES_FILE.read_text("utf-8")))
        assert in_rules == examples


def test_the_rule_table_here_matches_the_scenario_files() -> None:
    """SCENARIO_RULES repeats each file's [scenario] rules (for rule_coverage.py)."""
    found = {
        p.name: tuple(tomllib.loads(p.read_text("utf-8"))["scenario"].get("rules", ()))
        for p in runnable_scenarios()
    }
    assert found == SCENARIO_RULES


def test_the_cited_rule_ids_are_defined() -> None:
    """Every E- ID a scenario names is a rule of rules/entaria.md (no typos)."""
    if not RULES_FILE.is_file():
        pytest.skip("../shared/rules is not beside the repository")
    defined = set(re.findall(r"\*\*(E-[A-Z0-9ÄÖÜ-]+)\*\*", RULES_FILE.read_text("utf-8")))
    cited = {r for rules in SCENARIO_RULES.values() for r in rules}
    unknown = {r for r in cited if r.startswith("E-") and "-OPEN-" not in r} - defined
    assert not unknown


# ---------------------------------------------------------------------- the runner
BASE = (SCENARIOS / "ex-dmg-1.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_failing_expectation_exits_1_with_a_fail_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace("equals = 3\n", "equals = 4\n")
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "FAIL: expected creatures[key=dealer].lp = 4, got 3" in out
    assert out.splitlines()[-1] == "summary: 3 expectations, 2 ok, 1 failed"


def test_a_failing_event_expectation_shows_what_was_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace("final = 8, target", "final = 9, target")
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "FAIL: expected an event damage with" in out
    assert '"final": 8' in out  # what the damage event did say


def test_exhausted_dice_say_so_and_name_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace("  3,  # the damage die", "  # (no damage die)")
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    line = next(line for line in out.splitlines() if line.startswith("FAIL"))
    assert "command 1 (attack by likron) needs a d6" in line
    assert "dice ran out" in line
    assert "not checked: creatures[key=dealer].lp = 3" in out


def test_dice_left_over_are_a_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = BASE.replace("  3,  # the damage die", "  3, 5, 6,  # the damage die")
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "FAIL: expected all 5 dice used, got 2 left (5, 6 unrolled)" in out


def test_a_die_that_is_no_face_of_the_rolled_die_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace("  3,  # the damage die", "  17,  # the damage die")
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "rolls a d6, but die 3 of the scenario is 17" in out


def test_an_unexpected_refusal_stops_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace('target = "dealer"\nweapon', 'target = "nobody"\nweapon')
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "FAIL: expected command 1 (attack by likron) to be applied, got refused:" in out
    assert "not checked:" in out


def test_a_refusal_is_an_expectation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused = (
        '[[commands]]\nkind = "attack"\nactor = "likron"\ntarget = "dealer"\n'
        'weapon = "laserkanone"\nrefused = "{}"\n\n[[commands]]\n'
    )
    text = BASE.replace("[[commands]]\n", refused.format("does not hold"), 1)
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 0, out
    assert "ok command 1 (attack by likron) refused ('does not hold'):" in out
    wrong = BASE.replace("[[commands]]\n", refused.format("out of range"), 1)
    code, out, _ = run(capsys, str(write(tmp_path, wrong)))
    assert code == 1
    assert "to be refused with 'out of range', got refused:" in out
    applied = BASE.replace('weapon = "lasergewehr"\n', 'weapon = "lasergewehr"\nrefused = "x"\n')
    code, out, _ = run(capsys, str(write(tmp_path, applied)))
    assert code == 1
    assert "to be refused ('x'), got it applied" in out


def test_an_unknown_command_kind_is_a_malformed_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BASE.replace('kind = "attack"', 'kind = "atack"'))
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == ""
    line = BASE.splitlines().index('kind = "attack"') + 1
    assert f"{path}:{line} [commands[0].kind]: error: unknown command kind 'atack'" in err
    assert "did you mean 'attack'?" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("change", "where", "expected"),
    [
        (("[scenario]\n", "[scenario\n"), ":2:", "TOML syntax error"),
        (("dice = [", "dise = ["), "[scenario.dise]", "did you mean 'dice'?"),
        (("at = [6, 1]", "at = [6, 1]\nlp = 'x'"), "[creatures[1].lp]", "expected"),
        (('weapon = "lasergewehr"\n', "weapon = 5\n"), "[commands[0]]", "attack.weapon"),
        (('"creatures[key=dealer].lp"', '"creatures[key=dealer.lp"'), "[expect[1].path]", "']'"),
        (("equals = 3", "equals = 3\ncontains = 3"), "[expect[1]]", "exactly one test"),
        (("equals = 3", "equals = 3\ncommand = 7"), "[expect[1].command]", "number 0..1"),
        (('ruleset = "entaria"\n', 'ruleset = "xyz"\n'), "[scenario.ruleset]", "plays 'entaria'"),
        (('title = "EX-DMG-1"\n', 'title = "x"\nruleset = "xyz"\n'), "[mission.ruleset]", "'xyz'"),
    ],
)
def test_a_malformed_scenario_exits_2_naming_file_line_key_and_expectation(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: tuple[str, str],
    where: str,
    expected: str,
) -> None:
    text = BASE.replace("[scenario]\n", '[scenario]\nruleset = "entaria"\n', 1)
    assert change[0] in text
    path = write(tmp_path, text.replace(change[0], change[1], 1))
    code, _, err = run(capsys, str(path))
    assert code == 2
    first = err.splitlines()[0]
    assert first.startswith(str(path)) and where in first and expected in first, err
    assert "Traceback" not in err


def test_an_inline_mission_error_names_its_line_in_the_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace('type = "akuanischer_drogendealer"', 'type = "drogendealer"')
    path = write(tmp_path, text)
    code, _, err = run(capsys, str(path))
    assert code == 2
    line = text.splitlines().index('type = "drogendealer"   # 11 LP, no armour') + 1
    assert f"{path}:{line}" in err and "unknown creature type 'drogendealer'" in err


def test_a_mission_file_inside_the_folder_is_read_one_outside_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head, _, rest = BASE.partition("[mission]")
    mission_text = "[mission]" + rest.split("[[commands]]")[0]
    commands = "[[commands]]" + rest.split("[[commands]]", 1)[1]
    (tmp_path / "missions").mkdir()
    write(tmp_path / "missions", mission_text, "room.toml")
    with_file = head.replace("[scenario]\n", '[scenario]\nmission = "missions/room.toml"\n')
    code, out, err = run(capsys, str(write(tmp_path, with_file + commands)))
    assert code == 0, out + err
    assert "mission missions/room.toml" in out
    inner = tmp_path / "inner"
    inner.mkdir()
    outside = with_file.replace("missions/room.toml", "../missions/room.toml")
    code, _, err = run(capsys, str(write(inner, outside + commands)))
    assert code == 2 and "[scenario.mission]" in err and "'..'" in err
    both = with_file + mission_text + commands
    code, _, err = run(capsys, str(write(tmp_path, both, "both.toml")))
    assert code == 2 and "also has mission tables" in err


def test_an_over_large_file_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BASE + "#" * MAX_SCENARIO_BYTES)
    code, _, err = run(capsys, str(path))
    assert code == 2 and "expected at most" in err


def test_end_turns_until_a_turn_that_never_comes_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BASE.replace(
        "[[commands]]\n",
        '[[commands]]\nend_turns_until = { actor = "nobody", round = 2 }\n\n[[commands]]\n',
        1,
    )
    code, out, _ = run(capsys, str(write(tmp_path, text)))
    assert code == 1
    assert "nobody had no turn in round 2; it is round 3 now" in out


def test_commands_lists_each_kind_with_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--commands", "entaria")
    assert code == 0
    block = out.split("\nmove\n", 1)[1].split("\n\n", 1)[0]
    assert "    action: string" in block
    assert "    path: array of [integer, integer]" in block
    assert "\nattack\n" in out and "nonlethal: boolean = false" in out
    # 41 + draw_and_throw_at_field, draw_and_throw_at_creature (E-OPEN-16) + attack_object
    # + gm_fog (issue 12, the game master's fog by hand)
    assert out.startswith("entaria: 45 command kinds")
    assert "\ngm_fog\n" in out and "    reveal: boolean or null = true" in out


def test_commands_of_an_unknown_ruleset_and_no_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--commands", "xyz")
    assert code == 2 and "known rulesets: entaria" in err
    code, _, err = run(capsys)
    assert code == 2 and "--commands RULESET" in err


def test_log_lists_the_events_of_each_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(SCENARIOS / "ex-dmg-1.toml"), "--log", "--language", "en")
    assert code == 0
    assert "command 1 (attack by likron):" in out
    assert "    [lp] Akuanischer Drogendealer loses 8 LP (11 -> 3)" in out


# ---------------------------------------------------------------------- state paths
STATE = {
    "creatures": [{"key": "ron", "lp": 18, "cell": [1, 2]}, {"key": "p1", "lp": 12}],
    "order": ["ron", "p1"],
    "cover_overrides": {"ron|p1": "FULL"},
    "over": False,
}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("creatures[key=ron].lp", 18),
        ("$.creatures[0].lp", 18),
        ("$.creatures[-1].key", "p1"),
        ('creatures[key="p1"].lp', 12),
        ("creatures[lp=12].key", "p1"),
        ("creatures[key=ron].cell[1]", 2),
        ("order[1]", "p1"),
        ('cover_overrides["ron|p1"]', "FULL"),
        ("over", False),
    ],
)
def test_state_paths_resolve(text: str, value: object) -> None:
    assert parse_path(text).resolve(STATE) == value


def test_state_path_steps() -> None:
    assert parse_path("$.creatures[key=ron].cell[0]").steps == (
        Key("creatures"),
        Select("key", "ron"),
        Key("cell"),
        Index(0),
    )


@pytest.mark.parametrize("text", ["", "creatures[", "creatures[key=]", "a..b", "a[1", "$x", 5])
def test_malformed_state_paths_are_refused(text: object) -> None:
    with pytest.raises(PathSyntaxError):
        parse_path(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("creatures[key=bob].lp", "no element with key = bob (key values: ron, p1)"),
        ("creatures[key=ron].lpp", "no key 'lpp' (keys: cell, key, lp)"),
        ("order[5]", "has 2 elements"),
        ("over.x", "is the value false"),
    ],
)
def test_a_path_that_leads_nowhere_says_where_it_stops(text: str, says: str) -> None:
    with pytest.raises(PathNotFound, match=re.escape(says)):
        parse_path(text).resolve(STATE)


# ---------------------------------------------------------------------- the inline mission
def test_the_scenario_tables_are_blanked_for_the_mission_reader() -> None:
    """Lines keep their numbers; arrays over several lines and strings with brackets too."""
    text = (
        '[scenario]\ndice = [\n  1,\n  [2],\n]\nnote = """\n[map]\n"""\n'
        "[map]\nrows = '''\n[..]\n'''\n[[commands]]\npath = [\n[1, 1]]\n[[creatures]]\nkey = 'x'\n"
    )
    tomllib.loads(text)
    owners = [(s.first, s.last, s.owner) for s in statements(text)]
    assert owners[:3] == [(0, 0, "scenario"), (1, 4, "scenario"), (5, 7, "scenario")]
    kept = without(text, {"scenario", "commands"})
    assert kept.count("\n") == text.count("\n")
    assert tomllib.loads(kept) == {"map": {"rows": "[..]\n"}, "creatures": [{"key": "x"}]}
