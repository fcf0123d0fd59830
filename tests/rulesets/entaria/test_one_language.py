"""One language at a time (issue 12, point 7): every log line and refusal a player reads.

Simulated fights of the bundled missions, the scenarios of tests/scenarios and an Impuls
reroll are rendered in German and in English; each text must name no rule or decision ID
(those stay in the event's data and ``CommandRejected.rules`` for the game master), hold
none of a short list of words of the other language, and write fields as "[x, y]".
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.match.events import Event
from game.missions.simulate import prepared_mission
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.terms import in_language, rule_ids, say, without_rule_ids
from game.scenarios.runner import run_scenario_file

ROOT = Path(__file__).resolve().parents[3]
MISSIONS = ("dretop-versteck", "gefahrenzone", "musa-lager", "strassenkampf")
SEEDS = (1, 2, 3)
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))

#: The IDs of the rules (E-..., and the Q-/W-/G- families) and of the decisions (D-n).
RULE_ID = re.compile(r"\b[EQWG]-[A-Z]+(-[A-Z0-9]+)*\b|\bD-\d+\b")
#: A field written the other way, "(13, 16)" or "[13,16]": the log writes "[13, 16]".
OTHER_FIELD = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\[-?\d+,-?\d+\]")
#: English words that must not stand in a German text (names aside).
ENGLISH = frozenset(
    [
        "the",
        "and",
        "with",
        "field",
        "fields",
        "hits",
        "misses",
        "lands",
        "round",
        "turn",
        "forward",
        "left",
        "right",
        "back",
        "cannot",
        "reroll",
        "scatter",
        "seed",
        "damage",
        "armour",
        "attack",
        "walks",
        "dead",
        "dying",
        "prone",
    ]
)
#: German words that must not stand in an English text (names aside).
GERMAN = frozenset(
    [
        "und",
        "mit",
        "gegen",
        "Feld",
        "Felder",
        "Runde",
        "Treffer",
        "verfehlt",
        "landet",
        "trifft",
        "Fehlwurf",
        "Erfolg",
        "Misserfolg",
        "Schaden",
        "Panzerung",
        "nicht",
        "kann",
        "Zug",
        "Wurf",
        "Spielleitung",
        "Vorrat",
        "geht",
    ]
)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def _names(battle: Battle) -> list[str]:
    """Return the proper names of the match, longest first (they may hold any word)."""
    names = {c.name for c in battle.state.creatures.values()}
    names |= {side.name for side in battle.sides.values()}  # the mission's, e.g. "Ron und Lara"
    catalogue = battle.catalogue
    for table in (catalogue.weapons, catalogue.armour, catalogue.items):
        names |= {item.name for item in table.values()}
    return sorted(names, key=len, reverse=True)


def _without_names(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, " ")
    return text


def language_problems(text: str, language: str, names: list[str]) -> list[str]:
    """Return what is wrong with ``text`` as a ``language`` text for players."""
    problems = []
    if RULE_ID.search(text):
        problems.append(f"rule ID {RULE_ID.search(text).group(0)!r}")  # type: ignore[union-attr]
    if OTHER_FIELD.search(text):
        problems.append(f"field written {OTHER_FIELD.search(text).group(0)!r}")  # type: ignore[union-attr]
    foreign = ENGLISH if language == "de" else GERMAN
    words = set(WORD.findall(_without_names(text, names)))
    if language == "de":
        words = {w.lower() for w in words}
    if bad := sorted(words & foreign):
        problems.append(f"foreign words {bad}")
    return problems


def _simulated(mission: str, seed: int) -> tuple[list[Event], list[str], list[str]]:
    """Return the events, the refusal reasons met on the way and the names of one fight."""
    prepared = prepared_mission(ROOT / "maps" / f"{mission}.toml")
    battle = prepared.ruleset.new_game(prepared.setup, prepared.catalogue, seed)
    events: list[Event] = list(battle.log)
    reasons: list[str] = []

    def seen(new: list[Event]) -> None:
        events.extend(new)
        if not battle.state.over:
            reasons.extend(a.reason for a in battle.legal_actions() if a.reason)

    prepared.ruleset.play_out(battle, max_rounds=30, on_events=seen)
    return events, reasons, _names(battle)


def _fights() -> Iterator[tuple[str, list[Event], list[str], list[str]]]:
    for mission in MISSIONS:
        for seed in SEEDS:
            events, reasons, names = _simulated(mission, seed)
            yield f"{mission} seed {seed}", events, reasons, names


@pytest.fixture(scope="module")
def fights() -> list[tuple[str, list[Event], list[str], list[str]]]:
    return list(_fights())


@pytest.mark.parametrize("language", ["de", "en"])
def test_issue12_every_logged_event_speaks_one_language_without_ids(
    fights: list[tuple[str, list[Event], list[str], list[str]]], language: str
) -> None:
    """Every event of twelve fights: no rule ID, no word of the other language, "[x, y]"."""
    wrong = []
    kinds = set()
    for where, events, _, names in fights:
        for event in events:
            kinds.add(event.kind)
            text = event.text(language)
            wrong += [
                f"{where}: {event.kind}: {text!r}: {p}"
                for p in language_problems(text, language, names)
            ]
    assert len(kinds) > 15  # the fights show many kinds of event, not just moves
    assert not wrong, "\n".join(wrong[:30])


@pytest.mark.parametrize("language", ["de", "en"])
def test_issue12_refusals_met_in_fights_read_without_ids(
    fights: list[tuple[str, list[Event], list[str], list[str]]], language: str
) -> None:
    """The reasons of greyed actions, as the screen and the CLI show them (``in_language``)."""
    wrong = []
    count = 0
    for where, _, reasons, names in fights:
        for reason in set(reasons):
            count += 1
            text = in_language(reason, language)
            wrong += [f"{where}: {text!r}: {p}" for p in language_problems(text, language, names)]
    assert count > 20
    assert not wrong, "\n".join(sorted(set(wrong))[:40])


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.name)
def test_issue12_scenario_logs_speak_one_language(scenario: Path, language: str) -> None:
    """``kampfkarte scenario --log``: every event line (not the tester's header)."""
    out = io.StringIO()
    run_scenario_file(scenario, out, io.StringIO(), log=True, language=language)
    # the event lines of --log, without the "[kind]" the tester reads
    lines = [
        line.split("] ", 1)[1] for line in out.getvalue().splitlines() if line.startswith("    [")
    ]
    assert lines
    wrong = [f"{line!r}: {p}" for line in lines for p in language_problems(line, language, [])]
    assert not wrong, "\n".join(wrong[:30])


def test_issue12_refusals_in_fights_do_carry_ids_for_the_details(
    fights: list[tuple[str, list[Event], list[str], list[str]]],
) -> None:
    """The raw reasons keep their IDs (the game master's details), so the test above bites."""
    reasons = [r for _, _, found, _ in fights for r in found]
    assert any(rule_ids(r) for r in reasons)


def test_issue12_a_refusal_shows_no_ids_and_lists_them_for_details() -> None:
    """``CommandRejected.text`` is the player's; ``rules`` and ``str`` keep the IDs."""
    error = CommandRejected(
        say(
            "Messer is thrown at a field (E-THROW-2): use ThrowAtField (D-6, E-OPEN-16)",
            "Messer wird auf ein Feld geworfen (E-THROW-2): nutze ThrowAtField (D-6, E-OPEN-16)",
        )
    )
    assert error.text("en") == "Messer is thrown at a field: use ThrowAtField"
    assert error.text("de") == "Messer wird auf ein Feld geworfen: nutze ThrowAtField"
    assert error.rules == ("E-THROW-2", "D-6", "E-OPEN-16")
    assert "(E-THROW-2)" in str(error)


def test_issue12_without_rule_ids_keeps_other_brackets_and_fields() -> None:
    """Only IDs go: "(HH)", "[3, 4]" and "(Nachteil)" stay, as does a text with none."""
    assert without_rule_ids("zieht Laserpistole (HH) auf [3, 4] (E-OPEN-16)") == (
        "zieht Laserpistole (HH) auf [3, 4]"
    )
    assert without_rule_ids("w20 [1, 12] (Nachteil)") == "w20 [1, 12] (Nachteil)"
    assert without_rule_ids("siehe E-THROW-1 und D-7") == "siehe und"


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_issue12_impulse_and_reroll_lines_use_the_rulebook_words() -> None:
    """E-IMP-EFF-REROLL: the log says "Wurf wiederholen"/"reroll", never "(REROLL)"."""
    from game.rulesets.entaria.commands import Attack
    from game.rulesets.entaria.impulse_actions import SpendImpulse
    from tests.rulesets.entaria.test_impulse_reroll import PISTOL, duel

    battle = duel(first="ron", dice=[2, 4], pool=2, fresh={1: [19]})
    battle.apply(Attack("ron", "p1", PISTOL))
    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    impulse = next(e for e in events if e.kind == "impulse")
    assert "(Wurf wiederholen)" in impulse.de and "Pool: 1" in impulse.de  # the rulebook's word
    assert "(reroll)" in impulse.en
    assert impulse.data["effect"] == "REROLL" and impulse.data["rule"] == "E-IMP-EFF-REROLL"
    names = _names(battle)
    for event in events:
        for language in ("de", "en"):
            assert not language_problems(event.text(language), language, names), event


#: Names that stand in either language: catalogue items and the rulebook's action names.
_NAMES_IN_SOURCE = ("NanoHeilbots", "Panzerung an-/ausziehen")
#: A command's class name (ThrowAtField, PlaceAreaFire): code, not words for players.
_CLASS_NAME = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]+\b")
#: The names of conditions a German word would give in an English text.
_GERMAN_CONDITIONS = frozenset({"Sterbend", "Liegend", "Wehrlos", "Bewusstlos", "Blutend"})


def _literal(node: object) -> str | None:
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # an f-string: its fixed parts
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def _source_texts() -> Iterator[tuple[str, str, str]]:
    """Yield (where, language, text) of every ``say(en, de)`` and ``Event(kind, de, en)``."""
    import ast

    package = ROOT / "game" / "rulesets" / "entaria"
    for path in sorted(package.rglob("*.py")):
        if "views" in path.parts or path.name == "dry_runs.py":  # U4's
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "say" and len(node.args) >= 2:
                pair = (("en", node.args[0]), ("de", node.args[1]))
            elif name == "Event" and len(node.args) >= 3:
                pair = (("de", node.args[1]), ("en", node.args[2]))
            else:
                continue
            for language, arg in pair:
                text = _literal(arg)
                if text:
                    yield f"{path.name}:{node.lineno}", language, text


def test_issue12_source_texts_name_no_command_classes_nor_german_conditions_in_english() -> None:
    """Every literal text of the rules: no "use ThrowAtField", no "is not Sterbend"."""
    wrong = []
    count = 0
    for where, language, text in _source_texts():
        count += 1
        for name in _NAMES_IN_SOURCE:
            text = text.replace(name, " ")
        if found := _CLASS_NAME.findall(text):
            wrong.append(f"{where} {language}: {found}")
        words = set(WORD.findall(text))
        if language == "en" and (found := sorted(words & _GERMAN_CONDITIONS)):
            wrong.append(f"{where} en: {found}")
    assert count > 300  # the scan reads the texts, not nothing
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", ["de", "en"])
def test_issue12_every_condition_explanation_reads_without_ids(language: str) -> None:
    """The creature card's explanation of each condition; its IDs stay in ``rule_ids``."""
    from game.rulesets.entaria.queries.cards import explain_condition
    from game.rulesets.entaria.rules.conditions import CONDITIONS

    wrong = []
    for condition, rule in CONDITIONS.items():
        de, en = explain_condition(rule)
        text = de if language == "de" else en
        assert text, condition
        wrong += [f"{condition.name}: {text!r}: {p}" for p in language_problems(text, language, [])]
    assert not wrong, "\n".join(wrong)
    assert all(rule.rule_ids for rule in CONDITIONS.values())
