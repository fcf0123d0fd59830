"""The fields one origin sees: an exact shadowcasting sweep over fields and edges (D-9, D-13).

The sweep answers ``sight.line_of_sight`` for every field at once. It runs once per
quadrant: a *primary* axis (depth ``d`` away from the origin) and a *secondary* one
(offset ``k``); the quadrant holds the fields with ``|k| <= d``, and the centre line
to field (d, k) has the slope ``k/d``. Everything that can block such a line blocks
an open interval of slopes, for every field deeper than some depth ``d``:

- a run of blocking fields ``k0..k1`` at depth ``d`` (seams inside the run block):
  ``((2*k0 - 1) / 2d, (2*k1 + 1) / 2d)``;
- a run of blocking edges ``j0..j1`` across the primary axis, on the grid line
  ``d + 1/2``: ``((2*j0 - 1) / (2d + 1), (2*j1 + 1) / (2d + 1))``;
- a blocking edge along the primary axis in column ``d``, on the grid line ``j - 1/2``:
  the open interval between ``(2*j - 1) / (2d + 1)`` and ``(2*j - 1) / (2d - 1)``.

The ends of an interval stay visible. Where two edge intervals meet, the common end
is the slope through a grid corner; whether that corner closes the way is the corner
rule of ``edge_sight`` (``corner_shadows``), applied to the mask afterwards. A field
interval never ends where an edge interval does (odd/even against odd/odd fractions).
All slopes are exact integer fractions; floats only order them for bisect, which is
exact for these small denominators (module docstring of ``sight``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

BoolGrid = npt.NDArray[np.bool_]
#: (low_n, low_d, high_n, high_d): the open interval of slopes one blocker hides.
Cut = tuple[int, int, int, int]
#: (low_n, low_d, high_n, high_d, since): closed slopes visible from depth ``since`` on.
Visible = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Lines:
    """The set flags of a (lines, positions) array, line by line.

    ``offsets[start[n]:start[n + 1]]`` are the sorted positions (minus the origin's
    secondary coordinate) of the flags on line ``n``.
    """

    offsets: list[int]
    start: list[int]

    @classmethod
    def of(cls, flags: BoolGrid, centre: int) -> Lines:
        """Return the flags of ``flags`` (lines × positions) relative to ``centre``."""
        lines, positions = np.divmod(np.flatnonzero(flags), flags.shape[1])
        start: list[int] = np.searchsorted(lines, np.arange(flags.shape[0] + 1)).tolist()
        return cls((positions - centre).tolist(), start)


@dataclass(frozen=True)
class Quadrant:
    """What one quadrant's sweep reads.

    ``fields``: blocking fields per map line along the primary axis (depth ``d`` is
    map line ``origin_line + sign * d``). ``across``: blocking edges across the
    primary axis per grid line (grid line ``n`` lies before map line ``n``), ``along``:
    blocking edges along it per map line (position ``j``: the grid line ``j - 1/2``);
    both None on maps without edge walls.
    """

    fields: Lines
    across: Lines | None
    along: Lines | None
    origin_line: int
    sign: int


def sweep_quadrant(quadrant: Quadrant, target: BoolGrid, centre: int) -> None:
    """Mark the visible fields of one quadrant in ``target``.

    Row ``d`` of ``target`` is depth ``d`` from the origin (row 0); a field at column
    ``centre + k`` has slope ``k/d``. The visible part of the slope range [-1, 1] is a
    sorted list of disjoint closed intervals. After each depth the blockers hiding the
    deeper fields cut their open intervals out of the visible ones they touch; an
    interval nothing touches costs nothing per depth. Each interval remembers the
    depths it held for, and all fields are painted from those spans in one step.
    """
    max_depth = target.shape[0] - 1
    if max_depth < 1:
        return
    visible: list[Visible] = [(-1, 1, 1, 1, 1)]
    lows = [-1.0]
    highs = [1.0]
    spans: list[tuple[int, int, int, int, int, int]] = []
    for depth in range(max_depth):
        cuts = _cuts(quadrant, depth, visible[0], visible[-1])
        if not cuts:
            continue
        touched: dict[int, list[Cut]] = {}
        for cut in cuts:
            # The open cut (a, b) meets the closed [l, h] when a < h and b > l.
            first = bisect_right(highs, cut[0] / cut[1])
            last = bisect_left(lows, cut[2] / cut[3])
            for index in range(first, last):
                touched.setdefault(index, []).append(cut)
        if not touched:
            continue
        visible = _cut_visible(visible, touched, depth, spans)
        if not visible:
            break
        lows = [v[0] / v[1] for v in visible]
        highs = [v[2] / v[3] for v in visible]
    spans.extend((ln, ld, hn, hd, since, max_depth) for ln, ld, hn, hd, since in visible)
    paint_spans(target, centre, target.shape[1], spans)


def _cut_visible(
    visible: list[Visible],
    touched: dict[int, list[Cut]],
    depth: int,
    spans: list[tuple[int, int, int, int, int, int]],
) -> list[Visible]:
    """Return ``visible`` with the cuts taken out of the intervals they touch.

    A touched interval ends its span at ``depth``; what is left of it is visible
    from ``depth + 1`` on. The cuts of one interval come sorted by their low end.
    """
    kept: list[Visible] = []
    done = 0
    for index in sorted(touched):
        kept.extend(visible[done:index])
        done = index + 1
        ln, ld, hn, hd, since = visible[index]
        spans.append((ln, ld, hn, hd, since, depth))
        cn, cd = ln, ld  # the lowest slope still visible
        for an, ad, bn, bd in touched[index]:
            if an * cd >= cn * ad:  # the cut starts at or after it: keep [c, a]
                kept.append((cn, cd, an, ad, depth + 1))
            if bn * cd > cn * bd:
                cn, cd = bn, bd
        if cn * hd <= hn * cd:
            kept.append((cn, cd, hn, hd, depth + 1))
    kept.extend(visible[done:])
    return kept


def _cuts(quadrant: Quadrant, depth: int, low: Visible, high: Visible) -> list[Cut]:
    """Return the cuts of the blockers that hide what lies deeper than ``depth``.

    Only blockers that can meet the visible range [low, high] are read. The cuts
    come sorted by their low ends.
    """
    ln, ld, hn, hd = low[0], low[1], high[2], high[3]
    line = quadrant.origin_line + quadrant.sign * depth
    cuts: list[Cut] = []
    sources = 0
    if depth:
        fields = quadrant.fields
        start, stop = fields.start[line], fields.start[line + 1]
        if start < stop:
            two_d = 2 * depth
            # One more position on each side, so that a seam at the edge is merged.
            i = bisect_left(fields.offsets, (two_d * ln - ld) // (2 * ld), start, stop)
            j = bisect_right(fields.offsets, -((-(two_d * hn + hd)) // (2 * hd)), start, stop)
            _runs(fields.offsets, i, j, two_d, cuts)
            sources += len(cuts) > 0
    across, along = quadrant.across, quadrant.along
    if across is not None:
        grid_line = quadrant.origin_line + depth + 1 if quadrant.sign > 0 else line
        start, stop = across.start[grid_line], across.start[grid_line + 1]
        if start < stop:
            q = 2 * depth + 1
            before = len(cuts)
            i = bisect_left(across.offsets, (q * ln - ld) // (2 * ld) - 1, start, stop)
            j = bisect_right(across.offsets, -((-(q * hn + hd)) // (2 * hd)) + 1, start, stop)
            _runs(across.offsets, i, j, q, cuts)
            sources += len(cuts) > before
    if along is not None and depth:
        start, stop = along.start[line], along.start[line + 1]
        if start < stop:
            before = len(cuts)
            _along_cuts(along.offsets, start, stop, depth, (ln, ld, hn, hd), cuts)
            sources += len(cuts) > before
    if sources > 1:
        cuts.sort(key=lambda cut: cut[0] / cut[1])
    return cuts


def _runs(offsets: list[int], i: int, j: int, denominator: int, cuts: list[Cut]) -> None:
    """Append the cut of every run of consecutive offsets in ``offsets[i:j]``."""
    while i < j:
        k0 = k1 = offsets[i]
        i += 1
        while i < j and offsets[i] == k1 + 1:
            k1 += 1
            i += 1
        cuts.append((2 * k0 - 1, denominator, 2 * k1 + 1, denominator))


def _along_cuts(
    offsets: list[int],
    start: int,
    stop: int,
    depth: int,
    bounds: tuple[int, int, int, int],
    cuts: list[Cut],
) -> None:
    """Append the cuts of the edges along the primary axis in column ``depth``.

    The edge on grid line ``j - 1/2`` (``v = 2j - 1``) hides the slopes between
    ``v / (2d + 1)`` and ``v / (2d - 1)``; both ends grow with ``j``, so the edges that
    can meet the visible range (ln/ld, hn/hd) are one run of positions.
    """
    ln, ld, hn, hd = bounds
    wide, narrow = 2 * depth + 1, 2 * depth - 1
    # The high end v/narrow (v > 0) or v/wide (v < 0) must exceed ln/ld: v > t.
    m = narrow if ln >= 0 else wide
    j_min = (ln * m + ld) // (2 * ld) + 1
    # The low end v/wide (v > 0) or v/narrow (v < 0) must stay below hn/hd: v < t'.
    m = wide if hn > 0 else narrow
    j_max = -((-(hn * m + hd)) // (2 * hd)) - 1
    i = bisect_left(offsets, j_min, start, stop)
    j = bisect_right(offsets, j_max, start, stop)
    for position in offsets[i:j]:
        v = 2 * position - 1
        cuts.append((v, wide, v, narrow) if v > 0 else (v, narrow, v, wide))


def paint_spans(
    target: BoolGrid,
    centre: int,
    columns: int,
    spans: list[tuple[int, int, int, int, int, int]],
) -> None:
    """Mark the fields of visible slope intervals [ln/ld, hn/hd] over their depths."""
    table = np.array(spans, dtype=np.int64).reshape(-1, 6)
    table = table[table[:, 5] >= table[:, 4]]
    if not table.size:
        return
    depth = int(table[:, 5].max()) + 1  # nothing deeper is visible
    lengths = table[:, 5] - table[:, 4] + 1
    owner = np.repeat(np.arange(len(table)), lengths)
    firsts = np.cumsum(lengths) - lengths
    rows = table[owner, 4] + np.arange(int(lengths.sum())) - firsts[owner]
    low_n, low_d, high_n, high_d = (table[owner, n] for n in range(4))
    lo = np.maximum(-((-low_n * rows) // low_d), -centre)  # ceil, clipped to the map
    hi = np.minimum((high_n * rows) // high_d, columns - 1 - centre)  # floor, clipped
    keep = lo <= hi
    rows, lo, hi = rows[keep], lo[keep] + centre, hi[keep] + centre
    # The ranges of one row are disjoint, so a +1/-1 difference array and a running
    # sum paint them all at once.
    marks = np.zeros((depth, columns + 1), dtype=np.int8)
    marks[rows, lo] = 1
    marks[rows, hi + 1] -= 1
    target[:depth] |= np.cumsum(marks, axis=1, dtype=np.int8)[:, :columns] > 0
