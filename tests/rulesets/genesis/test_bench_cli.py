"""``kampfkarte bench engine --mission NAME`` measures the engine of that mission's ruleset."""

from __future__ import annotations

import pytest

from game.cli import main


def test_bench_engine_on_a_genesis_mission_prints_its_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "engine", "--mission", "genesis-taverne", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "kampfkarte bench engine, Genesis" in out
    assert "whole simulated match: Rauferei im Goldenen Krug" in out
    # issue 13: undo and load of long fights (fighters with 40 times their LE)
    assert "undo after 2000 commands" in out
    assert "load a save of 2000 commands (snapshot, applies 0)" in out


def test_mission_is_for_bench_engine_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--mission", "genesis-taverne"]) == 2
    assert "--mission is for bench engine only" in capsys.readouterr().err


def test_an_unknown_mission_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--mission", "no-such-mission"]) != 0
    assert "no-such-mission" in capsys.readouterr().err
