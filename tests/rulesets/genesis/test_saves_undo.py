"""Genesis matches in the match machinery: saves replay, undo crosses checkpoints, the
headless simulate and the engine bench run on the bundled missions."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.missions.simulate import prepared_mission, run_simulate
from game.rulesets import RULESETS
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.ruleset import GENESIS

MAPS = Path(__file__).resolve().parents[3] / "maps"
HASH = "cd" * 32


def match(name: str = "genesis-taverne", seed: int = 5) -> Match:
    prepared = prepared_mission(MAPS / f"{name}.toml")
    return Match(GENESIS, prepared.setup, prepared.catalogue, seed=seed)


def play(m: Match, steps: int) -> None:
    for _ in range(steps):
        if m.battle.over:
            return
        m.apply(choose_command(m.battle))


@pytest.mark.parametrize("name", ["genesis-taverne", "genesis-hohlweg"])
def test_a_save_loads_to_the_same_genesis_match_and_plays_on(tmp_path: Path, name: str) -> None:
    """A save in the middle of a KR (declarations, strikes or defences open) replays."""
    m = match(name)
    play(m, 37)
    path = write_save(m, tmp_path, "genesis", MissionRef(str(MAPS / f"{name}.toml"), HASH))
    prepared = prepared_mission(MAPS / f"{name}.toml")

    def opener(_path: str) -> OpenedMission:
        return OpenedMission(prepared.setup, prepared.catalogue, HASH, GENESIS)

    loaded = load_save(path, opener, RULESETS)
    assert loaded.match.battle.snapshot() == m.battle.snapshot()
    for _ in range(20):
        if m.battle.over:
            break
        command = choose_command(m.battle)
        m.apply(command)
        loaded.match.apply(command)
    assert loaded.match.battle.snapshot() == m.battle.snapshot()


def test_undo_takes_back_one_command_across_checkpoints() -> None:
    """Undo restores the state before each command, also a DEFENCE answer or a KR change."""
    m = match(seed=8)
    snapshots = []
    for _ in range(60):
        if m.battle.over:
            break
        snapshots.append(m.battle.snapshot())
        m.apply(choose_command(m.battle))
    for expected in reversed(snapshots[-30:]):
        m.undo()
        assert m.battle.snapshot() == expected
    assert m.replayed < 30  # replayed from a checkpoint, not from the start


@pytest.mark.parametrize("name", ["genesis-taverne", "genesis-hohlweg"])
@pytest.mark.parametrize("seed", range(1, 11))
def test_simulate_ends_the_bundled_missions_for_seeds_1_to_10(name: str, seed: int) -> None:
    """``kampfkarte simulate`` plays both missions to their end, seeds 1-10."""
    out = io.StringIO()
    assert run_simulate(MAPS / f"{name}.toml", seed, rounds=200, quiet=True, out=out) == 0
    text = out.getvalue()
    assert "Der Kampf ist nach" in text and "Sieger:" in text, text
