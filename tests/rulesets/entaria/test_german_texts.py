"""Every refusal and every reason the screen shows has a German text (terms.Text).

``CommandRejected`` keeps its English message (``str(error)``) and carries the German
(``error.de``, ``error.text(language)``); ``legal_actions`` reasons, the ACTION_CHECKS /
ACTION_GUARDS functions, the budget (E-ACT-2) and the Impuls reroll's verdict are Texts.
The fuzz of tests/rulesets/entaria/test_fuzz.py drives random legal and illegal commands through
the bundled missions and collects what the engine says.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.match.record import Match
from game.rulesets.entaria.command_table import ACTION_CHECKS, ACTION_GUARDS
from game.rulesets.entaria.commands import EndTurn, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.terms import Text, german, say
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle
from tests.rulesets.entaria.test_fuzz import MISSIONS, Fuzzer, setup_of

MATCHES = 10
COMMANDS_PER_MATCH = 40
BATTLE_DIR = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "entaria"
#: Words that give away an English sentence left in a German text.
ENGLISH = re.compile(r"\b(the|is|not|cannot|needs|has|no|only|already|with|without)\b")


@dataclass
class Said:
    """What the engine said during the fuzz: refusals and reasons (English -> German)."""

    refusals: dict[str, str] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    bad_refusals: list[str] = field(default_factory=list)
    bad_reasons: list[str] = field(default_factory=list)

    def refusal(self, error: CommandRejected, where: str) -> None:
        if not isinstance(error.reason, Text):
            self.bad_refusals.append(f"{where}: no German: {error.reason!r}")
            return
        self.refusals[str(error)] = error.de
        self.bad_refusals += _problems(str(error), error.de, where)

    def reason(self, reason: str, where: str) -> None:
        if not reason:
            return
        if not isinstance(reason, Text):
            self.bad_reasons.append(f"{where}: no German: {reason!r}")
            return
        self.reasons[str(reason)] = reason.de
        self.bad_reasons += _problems(str(reason), reason.de, where)


def _problems(english: str, german_text: str, where: str) -> list[str]:
    if not german_text or german_text == english:
        return [f"{where}: German equals English: {english!r}"]
    if ENGLISH.search(_without_values(german_text)):
        return [f"{where}: English left in the German: {german_text!r}"]
    return []


def _without_values(text: str) -> str:
    """Drop quoted keys and parenthesised technical parts (rule IDs, command hints)."""
    text = re.sub(r"'[^']*'", "", text)
    return re.sub(r"\([^)]*\)", "", text)


def _reasons_now(battle: Battle, said: Said, where: str) -> None:
    """Collect every reason the screen could show in this state."""
    for legal in battle.legal_actions():
        said.reason(legal.reason, f"{where} legal {legal.action.name}")
    for creature in battle.state.creatures.values():
        for action, check in ACTION_CHECKS.items():
            said.reason(check(battle, creature), f"{where} check {action.name} {creature.key}")
        for guard in ACTION_GUARDS:
            said.reason(guard(battle, creature), f"{where} guard {creature.key}")
    said.reason(battle.legal_reroll(None).reason, f"{where} reroll gm")
    for key in battle.state.creatures:
        said.reason(battle.legal_reroll(key).reason, f"{where} reroll {key}")


def _fuzz(index: int, said: Said) -> None:
    rng = random.Random(4711 * 1_000_003 + index)
    mission = MISSIONS[index % len(MISSIONS)]
    seed = rng.randrange(2**31)
    match = Match(ENTARIA, setup_of(mission), CATALOGUE, seed)
    fuzzer = Fuzzer(rng)
    attempts = 0
    while len(match.commands) < COMMANDS_PER_MATCH and attempts < COMMANDS_PER_MATCH * 5:
        attempts += 1
        battle = match.battle
        if battle.state.over:
            break
        where = f"{mission.name} seed {seed} step {attempts}"
        if attempts % 4 == 1:
            _reasons_now(battle, said, where)
        command = fuzzer.command(battle)
        try:
            match.apply(command)
        except CommandRejected as error:
            said.refusal(error, f"{where} {command}")


@pytest.fixture(scope="module")
def said() -> Said:
    said = Said()
    for index in range(MATCHES):
        _fuzz(index, said)
    return said


@pytest.mark.rule("E-ACT-2", "D-6", "D-10")
def test_every_refusal_of_the_fuzz_has_a_german_text(said: Said) -> None:
    """Each CommandRejected carries a German text that differs from the English."""
    assert len(said.refusals) >= 40  # the fuzz refuses many different things
    assert not said.bad_refusals, "\n".join(sorted(set(said.bad_refusals))[:20])


@pytest.mark.rule("E-ACT-2", "E-ACT-FH-2", "E-IMP-EFF-REROLL")
def test_every_reason_of_legal_actions_and_checks_has_german(said: Said) -> None:
    """ACTION_CHECKS, ACTION_GUARDS, the budget and the reroll verdict give German reasons."""
    assert len(said.reasons) >= 20
    assert not said.bad_reasons, "\n".join(sorted(set(said.bad_reasons))[:20])


def test_command_rejected_keeps_english_and_carries_german() -> None:
    error = CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    assert str(error) == "the fight is over"
    assert error.reason == "the fight is over"
    assert error.de == "der Kampf ist vorbei"
    assert error.text("de") == "der Kampf ist vorbei"
    assert error.text("en") == "the fight is over"
    assert german(str(error)) == "der Kampf ist vorbei"  # str(error) keeps the Text
    assert f"refused: {error}" == "refused: the fight is over"
    plain = CommandRejected("no German given")
    assert plain.de == "no German given"
    assert plain.text("de") == "no German given"


@pytest.mark.rule("E-ACT-2", "E-OBST-1", "D-10")
def test_refusals_of_a_small_fight_read_german() -> None:
    """Out of turn, an illegal step and a spent budget: German with the same values."""
    battle = make_battle(
        "......\n......\n......", [hero("ron", (0, 0)), foe("p", (5, 2))], first="ron"
    )
    with pytest.raises(CommandRejected) as out_of_turn:
        battle.apply(EndTurn("p"))
    assert str(out_of_turn.value) == "it is Ron's turn, not 'p''s"
    assert out_of_turn.value.de == "Ron ist am Zug, nicht 'p'"
    with pytest.raises(CommandRejected) as jump:
        battle.apply(Move("ron", "WALK", ((0, 0), (2, 0))))
    assert str(jump.value) == "step (0, 0) -> (2, 0) does not go to a neighbouring field"
    assert jump.value.de == "Schritt (0, 0) -> (2, 0) führt nicht auf ein Nachbarfeld"
    battle.apply(Move("ron", "RUN", ((0, 0), (1, 0))))
    with pytest.raises(CommandRejected) as spent:
        battle.apply(Move("ron", "WALK", ((1, 0), (2, 0))))
    assert german(spent.value.reason) == spent.value.de
    assert "Halbe Handlung" in spent.value.de
    name = battle.creature("p").name
    reasons = {legal.action.name: legal.reason for legal in battle.legal_actions("p")}
    assert reasons["WALK"] == f"it is not {name}'s turn"
    assert german(reasons["WALK"]) == f"{name} ist nicht am Zug"


def test_no_bare_english_refusal_is_left_in_the_battle_modules() -> None:
    """Every CommandRejected(...) in game/battle passes a say(...) or a reason it got.

    The screen's queries are a package of their own (their refusals come through the
    handlers they call), so this scan of the engine's modules does not see them.
    """
    bare = []
    assert len(list(BATTLE_DIR.glob("*_actions.py"))) >= 5  # the scan below sees the engine
    for path in sorted(BATTLE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call) and getattr(node.func, "id", "") == "CommandRejected"
            ):
                continue
            if node.args and isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp)):
                bare.append(f"{path.name}:{node.lineno}")
    assert not bare, bare
