"""``kampfkarte bench ui --edges``: the battle screen's timings on the edge-wall map (D-13)."""

from __future__ import annotations

from typing import Any

import pytest

from game import cli
from game.cli import build_parser, main


def test_bench_parses_edges_and_defaults_to_without() -> None:
    parser = build_parser()
    assert parser.parse_args(["bench", "ui", "--edges"]).edges is True
    assert parser.parse_args(["bench", "ui"]).edges is False


def test_bench_help_names_the_edges_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--edges" in out and "walls and doors on field" in " ".join(out.split())


@pytest.mark.parametrize("argv", [["bench", "ui", "--edges"], ["bench", "ui"]])
def test_bench_ui_passes_edges_through(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    seen: dict[str, Any] = {}

    def fake(**kwargs: Any) -> int:
        seen.update(kwargs)
        return 0

    import game.ui.bench

    monkeypatch.setattr(game.ui.bench, "run_ui_bench", fake)
    assert main([*argv, "--frames", "3"]) == 0
    assert seen["edges"] is ("--edges" in argv) and seen["frames"] == 3


@pytest.mark.parametrize("suite", ["rules", "engine"])
def test_edges_with_another_suite_is_a_usage_error(
    suite: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", suite, "--edges"]) == cli.EXIT_USAGE
    assert "--edges is for bench ui only" in capsys.readouterr().err


def test_bench_ui_with_edges_renders_frames(capsys: pytest.CaptureFixture[str]) -> None:
    """A real (short) run on the edge-wall map: the figures are printed."""
    assert main(["bench", "ui", "--edges", "--frames", "2"]) == 0
    assert "ms" in capsys.readouterr().out
