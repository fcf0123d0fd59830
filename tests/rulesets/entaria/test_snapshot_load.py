"""Loading an ENTARIA save from its snapshot (issue 13, "Long fights"): at once, and verified.

A save carries ``resume`` (the battle's ``snapshot_data`` and the log marks): the load
restores the match from it applying no command, then a ``Verifier`` replays the record,
which stays the truth. Compared are the serialised states the checkpoint tests compare
(state, log, record, grid, fog, dice, dice of each command, the rerollable rolls), after
the load, after playing on, after undo and an Impuls reroll (E-IMP-EFF-REROLL).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.match.checkpoints import SPACING
from game.match.record import Match
from game.match.save_reading import LoadedSave
from game.match.saves import MissionRef, OpenedMission, SaveError, load_save, write_save
from game.rulesets.entaria.impulse_actions import GmSpendImpulse
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_checkpoints import (
    assert_same,
    full_replay,
    gm_creature,
    play,
    serialised,
)
from tests.rulesets.entaria.test_fuzz import HASH, MISSIONS, setup_of

RULESETS = {ENTARIA.key: ENTARIA}


@pytest.fixture(scope="module", params=[0, 4])
def saved_match(request: pytest.FixtureRequest) -> Match:
    """A mixed record of 70 commands (GM, fog, rerolls; 4: edge walls and doors, D-13)."""
    index = int(request.param)
    rng = random.Random(21_000 + index)
    setup = setup_of(MISSIONS[index])
    match = Match(ENTARIA, setup, CATALOGUE, rng.randrange(2**31))
    play(match, rng, 70)
    return match


def save_of(match: Match, folder: Path) -> Path:
    return write_save(match, folder, "fight", MissionRef("fight.toml", HASH))


def load(path: Path, match: Match, *, later: bool = True) -> LoadedSave:
    opened = OpenedMission(match.setup, CATALOGUE, HASH, ENTARIA)
    return load_save(path, lambda _: opened, RULESETS, verify_later=later)


def edit(path: Path, change: Any) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")


def test_a_loaded_snapshot_equals_a_full_replay_and_applied_no_command(
    saved_match: Match, tmp_path: Path
) -> None:
    """The load restores the match with 0 commands applied; the state is the replay's."""
    loaded = load(save_of(saved_match, tmp_path), saved_match)
    assert loaded.verifier is not None and not loaded.verifier.done
    assert loaded.match.replayed == 0 and loaded.verifier.replayed == 0
    reference = full_replay(saved_match.setup, saved_match.seed, saved_match.commands)
    assert_same(loaded.match.battle, reference, "after the snapshot load")
    assert loaded.match.log_marks == saved_match.log_marks
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won
    assert loaded.verifier.replayed == len(saved_match.commands)


def test_play_on_undo_and_reroll_after_a_snapshot_load_match_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """Commands after the load play as on a full replay; undo and a reroll are exact too."""
    loaded = load(save_of(saved_match, tmp_path), saved_match)
    match = loaded.match
    match.undo()  # finishes the verification first, whose replay left the checkpoints
    assert loaded.verifier is not None and loaded.verifier.done
    assert match.replayed < SPACING
    assert_same(
        match.battle,
        full_replay(saved_match.setup, saved_match.seed, saved_match.commands[:-1]),
        "after undo",
    )
    play(match, random.Random(5), len(match.commands) + 20)
    assert_same(
        match.battle,
        full_replay(saved_match.setup, saved_match.seed, match.commands),
        "after playing on",
    )


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_an_impuls_reroll_right_after_a_snapshot_load_is_exact(
    saved_match: Match, tmp_path: Path
) -> None:
    """The reroll ledger comes from the snapshot: a reroll at once equals the replayed one."""
    match = Match(ENTARIA, saved_match.setup, CATALOGUE, saved_match.seed)
    play(match, random.Random(8), 25)
    rng = random.Random(9)
    while not (match.battle.legal_reroll(None).allowed and gm_creature(match.battle)):
        play(match, rng, len(match.commands) + 1)
    loaded = load(save_of(match, tmp_path), match)
    battle = loaded.match.battle
    assert battle.rerollable_rolls() == match.battle.rerollable_rolls()
    payer = gm_creature(battle)
    assert payer is not None
    reroll = GmSpendImpulse(None, payer, "REROLL", roll=battle.rerollable_rolls()[0].index)
    loaded.match.verifier = None  # the reroll on the snapshot itself, not on the replay
    loaded.match.apply(reroll)
    reference = full_replay(match.setup, match.seed, [*match.commands, reroll])
    assert_same(loaded.match.battle, reference, "after the reroll")


def test_the_verifier_steps_a_few_commands_at_a_time(saved_match: Match, tmp_path: Path) -> None:
    """The screen's slices: each step replays at most its count, then it is done."""
    loaded = load(save_of(saved_match, tmp_path), saved_match)
    verifier = loaded.verifier
    assert verifier is not None
    assert verifier.step(5) is False and verifier.replayed == 5
    while not verifier.step(7):
        assert verifier.replayed % 7 == 5
    assert verifier.replayed == len(saved_match.commands) and not verifier.replay_won


def test_a_tampered_log_in_the_snapshot_is_caught_and_the_replay_wins(
    saved_match: Match, tmp_path: Path
) -> None:
    """A snapshot whose log was changed loads, then verification switches to the replay."""
    path = save_of(saved_match, tmp_path)

    def tamper(document: dict[str, Any]) -> None:
        document["resume"]["game"]["log"][-1]["de"] = "gefälscht"

    edit(path, tamper)
    loaded = load(path, saved_match)
    assert loaded.match.battle.log[-1].de == "gefälscht"
    loaded.match.settle()
    assert loaded.verifier is not None and loaded.verifier.replay_won
    assert loaded.verifier.difference is not None and ".log[" in loaded.verifier.difference
    reference = full_replay(saved_match.setup, saved_match.seed, saved_match.commands)
    assert_same(loaded.match.battle, reference, "after the replay won")
    now = load(path, saved_match, later=False)  # the CLI: verified at once, with a note
    assert now.verifier.replay_won and any("differs" in w for w in now.warnings)


def test_a_tampered_state_in_snapshot_and_save_is_refused_as_today(
    saved_match: Match, tmp_path: Path
) -> None:
    """Both the save's state and the snapshot's say other LP: the replay refuses the save."""
    path = save_of(saved_match, tmp_path)

    def tamper(document: dict[str, Any]) -> None:
        document["snapshot"]["creatures"][0]["lp"] += 3
        document["resume"]["game"]["state"]["creatures"][0]["lp"] += 3

    edit(path, tamper)
    loaded = load(path, saved_match)
    assert loaded.match.battle.state.to_dict()["creatures"][0]["lp"] == (
        saved_match.battle.state.to_dict()["creatures"][0]["lp"] + 3
    )
    loaded.match.settle()
    assert loaded.verifier is not None and loaded.verifier.replay_won
    assert_same(
        loaded.match.battle,
        full_replay(saved_match.setup, saved_match.seed, saved_match.commands),
        "after the replay won",
    )
    with pytest.raises(SaveError, match=r"snapshot"):
        load(path, saved_match, later=False)


def test_a_save_without_snapshot_still_loads_by_replaying(
    saved_match: Match, tmp_path: Path
) -> None:
    path = save_of(saved_match, tmp_path)
    edit(path, lambda document: document.pop("resume"))
    loaded = load(path, saved_match)
    assert loaded.verifier is None
    assert loaded.match.replayed == len(saved_match.commands)
    assert_same(loaded.match.battle, saved_match.battle, "after the replay")


def _deep(document: dict[str, Any], match: Match) -> None:
    nested: Any = 1
    for _ in range(50):  # below the JSON reader's 64 levels, beyond the snapshot's 40
        nested = [nested]
    document["resume"]["game"]["log"][0]["data"]["deep"] = nested


def _huge(document: dict[str, Any], match: Match) -> None:
    wall = match.battle.grid.wall
    huge = {"dtype": wall.dtype.str, "shape": list(wall.shape), "bytes": "AAAA" * 200_000}
    document["resume"]["game"]["grid"]["layers"]["wall"] = huge


def _layer(document: dict[str, Any], match: Match) -> None:
    document["resume"]["game"]["grid"]["layers"]["nonsense"] = {}


def _types(document: dict[str, Any], match: Match) -> None:
    document["resume"]["game"]["draws"] = "many"


def _ledger(document: dict[str, Any], match: Match) -> None:
    document["resume"]["game"]["ledger"]["base"] = 10**9


def _dice(document: dict[str, Any], match: Match) -> None:
    document["resume"]["game"]["dice"] = {"~t": [3, {"~t": [-1] * 625}, None]}


def _marks(document: dict[str, Any], match: Match) -> None:
    document["resume"]["log_marks"].reverse()


def _state(document: dict[str, Any], match: Match) -> None:
    document["resume"]["game"]["state"]["creatures"][0]["conditions"] = {"~d": [[1, 2]]}


@pytest.mark.parametrize(
    ("hostile", "where"),
    [
        (_deep, "$.resume.game"),
        (_huge, ".grid.layers.wall.bytes"),
        (_layer, ".grid.layers"),
        (_types, ".draws"),
        (_ledger, ".ledger.base"),
        (_dice, ".dice"),
        (_marks, ".log_marks"),
        (_state, ".state"),
    ],
)
def test_a_hostile_snapshot_gives_a_readable_note_and_the_replay_loads(
    saved_match: Match, tmp_path: Path, hostile: Any, where: str
) -> None:
    """Deep, huge or wrongly typed snapshot data: a note naming where, then a full replay."""
    path = save_of(saved_match, tmp_path)
    edit(path, lambda document: hostile(document, saved_match))
    loaded = load(path, saved_match)
    assert loaded.verifier is None
    assert loaded.match.replayed == len(saved_match.commands)
    assert_same(loaded.match.battle, saved_match.battle, "after the fallback")
    notes = [w for w in loaded.warnings if "quick-load snapshot is not usable" in w]
    assert len(notes) == 1 and where in notes[0] and "Traceback" not in notes[0]
    assert "Schnellstart-Stand" in notes[0].text("de")  # type: ignore[attr-defined]


def test_a_changed_mission_replays_instead_of_using_the_snapshot(
    saved_match: Match, tmp_path: Path
) -> None:
    """The snapshot belongs to the mission as it was: a changed hash replays the record."""
    path = save_of(saved_match, tmp_path)
    opened = OpenedMission(saved_match.setup, CATALOGUE, "1" * 64, ENTARIA)
    loaded = load_save(path, lambda _: opened, RULESETS, verify_later=True)
    assert loaded.verifier is None and loaded.match.replayed == len(saved_match.commands)


def test_the_serialised_comparison_can_fail(saved_match: Match) -> None:
    """The helper the tests use tells two different matches apart."""
    shorter = full_replay(saved_match.setup, saved_match.seed, saved_match.commands[:-1])
    assert serialised(shorter) != serialised(saved_match.battle)
