"""Undo against the built-in opponent takes back the person's move and the answers to it.

Given the demo mission with a person against the built-in opponent, after the person's
command and the opponent's turn an undo leaves the person to decide, before their own
command — not the opponent's last command, which it would play again at once.
"""

from __future__ import annotations

from pathlib import Path

from game.missions.loader import demo_mission_path
from game.ui.session import GameSession


def test_issue13_undo_after_the_opponents_turn_takes_back_the_persons_move(
    tmp_path: Path,
) -> None:
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3, autosave_enabled=False)
    assert session.humans() and not all(p in session.humans() for p in session.players)
    for _ in range(200):  # the person plays until the opponent has answered once
        while session.ai_to_move:
            assert session.ai_step().ok
        before = session.match.command_count
        assert session.apply(session.ruleset.policy_command(session.battle)).ok
        if session.ai_to_move:
            break
    answered = 0
    while session.ai_to_move:
        assert session.ai_step().ok
        answered += 1
    assert answered >= 1 and not session.ai_to_move
    assert session.undo()
    assert session.match.command_count == before and not session.ai_to_move
    assert session.match.can_redo
