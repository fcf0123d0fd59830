"""Quick-rules matches in the match machinery: saves replay, undo, checkpoints (Q-ACT-1).

Given the bundled quick Straßenkampf, a match played by the opponent for some commands;
a save loads to the same snapshot and play goes on identically; undo takes back exactly
one command, also across checkpoints.
"""

from __future__ import annotations

from pathlib import Path

from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.missions.simulate import prepared_mission
from game.rulesets import RULESETS
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.ruleset import QUICK

MAP = Path(__file__).resolve().parents[3] / "maps" / "schnell-strassenkampf.toml"
HASH = "ab" * 32


def match(seed: int = 5) -> Match:
    prepared = prepared_mission(MAP)
    return Match(QUICK, prepared.setup, prepared.catalogue, seed=seed)


def play(m: Match, steps: int) -> None:
    for _ in range(steps):
        if m.battle.over:
            return
        m.apply(choose_command(m.battle))


def test_q_act_1_a_save_loads_to_the_same_quick_match_and_plays_on(tmp_path: Path) -> None:
    m = match()
    play(m, 30)
    path = write_save(m, tmp_path, "schnell", MissionRef(str(MAP), HASH))
    prepared = prepared_mission(MAP)

    def opener(_path: str) -> OpenedMission:
        return OpenedMission(prepared.setup, prepared.catalogue, HASH, QUICK)

    loaded = load_save(path, opener, RULESETS)
    assert loaded.match.battle.snapshot() == m.battle.snapshot()
    for _ in range(10):
        if m.battle.over:
            break
        command = choose_command(m.battle)
        m.apply(command)
        loaded.match.apply(command)
    assert loaded.match.battle.snapshot() == m.battle.snapshot()


def test_q_act_1_undo_takes_back_one_command_across_checkpoints() -> None:
    m = match(seed=8)
    snapshots = []
    for _ in range(45):
        if m.battle.over:
            break
        snapshots.append(m.battle.snapshot())
        m.apply(choose_command(m.battle))
    for expected in reversed(snapshots[-25:]):
        m.undo()
        assert m.battle.snapshot() == expected
    assert m.replayed < 15  # replayed from a checkpoint, not from the start


def test_e_imp_eff_half_five_impuls_buy_one_more_half_action() -> None:
    """E-IMP-EFF-HALF (the quick rules keep ENTARIA's Impuls, Q-CRIT-HIT-4): with 5 in the
    group's pool a character buys one more HH; with fewer it is refused and nothing changes."""
    m = match(seed=3)
    game = m.battle
    while game.current is None or not game.creatures[game.current].is_character:
        m.apply(choose_command(game))
        game = m.battle
    key = game.current
    assert key is not None
    failed = bool(game.creatures[key].initiative and game.creatures[key].initiative.failed)
    game.impulse = 4
    assert game.half_purchase_refusal(key)
    game.impulse = 5
    if failed:
        assert "Initiative" in game.half_purchase_refusal(key).de
        return
    before = game.turn.budget.halves_left
    game.apply(c.BuyHalfAction(actor=key))
    assert game.impulse == 0 and game.turn.budget.halves_left == before + 1
