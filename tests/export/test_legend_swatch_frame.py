"""The legend's mark and edge swatches share one frame: square, outline, clip, tag (review fix)."""

from __future__ import annotations

from typing import Any

import pytest

from game.board.edges import EdgeKind
from game.export import legend


class _Recorder:
    """A stand-in canvas that records every call by name (and a path's rect as 'clip')."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args))
            return self if name == "beginPath" else None

        return record


FRAME_START = ["addLiteral", "saveState", "setFillGray", "setStrokeGray", "setLineWidth"]


def _frame_of(calls: list[tuple[str, tuple[Any, ...]]]) -> tuple[list[str], list[str]]:
    names = [name for name, _ in calls]
    clip = names.index("clipPath")
    return names[: clip + 1], names[-2:]


def test_swatch_frame_tags_fills_outlines_and_clips_the_block() -> None:
    c: Any = _Recorder()
    with legend._swatch_frame(c, "KKTest", 10.0, 20.0, 6.0):
        c.drawInside()
    names = [name for name, _ in c.calls]
    assert names[:5] == FRAME_START
    assert c.calls[0] == ("addLiteral", ("/KKTest BMC",))
    assert ("rect", (10.0, 20.0, 6.0, 6.0)) in c.calls
    assert names.index("clipPath") < names.index("drawInside") < names.index("restoreState")
    assert c.calls[-2:] == [("restoreState", ()), ("addLiteral", ("EMC",))]


def test_swatch_frame_closes_its_state_when_the_block_fails() -> None:
    c: Any = _Recorder()
    with pytest.raises(RuntimeError), legend._swatch_frame(c, "KKTest", 0.0, 0.0, 6.0):
        raise RuntimeError("drawing failed")
    assert c.calls[-2:] == [("restoreState", ()), ("addLiteral", ("EMC",))]


@pytest.mark.rule("D-13")
def test_mark_and_edge_swatches_draw_the_same_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(legend, "draw_mark", lambda c, *a: c.drawMark())
    monkeypatch.setattr(legend, "draw_code", lambda c, *a: c.drawCode())
    monkeypatch.setattr(legend, "draw_edge_swatch", lambda c, *a: c.drawEdge())
    mark_canvas: Any = _Recorder()
    mark: Any = type("FakeMark", (), {"key": "wall"})()
    legend._draw_mark_swatch(mark_canvas, mark, 1.0, 2.0, 6.0)
    edge_canvas: Any = _Recorder()
    legend._draw_edge_swatch(edge_canvas, EdgeKind.DOOR, 1.0, 2.0, 6.0)
    assert _frame_of(mark_canvas.calls) == _frame_of(edge_canvas.calls)
    assert mark_canvas.calls[0] == ("addLiteral", ("/KKSwatch_wall BMC",))
    assert edge_canvas.calls[0] == ("addLiteral", ("/KKEdgeSwatch_door BMC",))
    assert [n for n, _ in mark_canvas.calls if n.startswith("draw")] == ["drawMark", "drawCode"]
    assert [n for n, _ in edge_canvas.calls if n.startswith("draw")] == ["drawEdge"]
