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
rule of ``edge_sight`` (``corner_shadows``), applied to the mask afterwards. (The
sweep itself drops such a single slope [s, s] where it sees its corner closed, and
ends the diagonals, which no edge cuts, at their closed corners: that saves work and
changes no answer.) A field interval never ends where an edge interval does
(odd/even against odd/odd fractions).
All slopes are exact integer fractions; floats only order them for bisect, which is
exact for these small denominators (module docstring of ``sight``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil, floor
from typing import Any

import numpy as np
import numpy.typing as npt

BoolGrid = npt.NDArray[np.bool_]
#: (low, high, low_n, low_d, high_n, high_d): the open interval of slopes one blocker
#: hides, as floats (to order and compare) and as exact fractions.
Cut = tuple[float, float, int, int, int, int]
#: (low_n, low_d, high_n, high_d, since): closed slopes visible from depth ``since`` on.
Visible = tuple[int, int, int, int, int]
#: (low_n, low_d, high_n, high_d, since, until): slopes visible from depth since to until.
Span = tuple[int, int, int, int, int, int]


#: Room for float rounding in the bounds on blocker positions (slopes here are
#: fractions with denominators of at most a few thousand, so distinct ones differ far more).
_EPS = 1e-9


@dataclass(frozen=True)
class Lines:
    """The set flags of a (lines, positions) array, line by line.

    ``positions[start[n]:start[n + 1]]`` are the sorted positions of the flags on
    line ``n``.
    """

    positions: list[int]
    start: list[int]

    @classmethod
    def of(cls, flags: BoolGrid) -> Lines:
        """Return the flags of ``flags`` (lines × positions)."""
        lines, positions = np.divmod(np.flatnonzero(flags), flags.shape[1])
        start: list[int] = np.searchsorted(lines, np.arange(flags.shape[0] + 1)).tolist()
        return cls(positions.tolist(), start)


@dataclass(frozen=True)
class EdgeLines:
    """The blocking edges along and across the lines of one sweep, line by line.

    Positions are stored doubled, so that the slopes of the cuts are plain fractions
    once the doubled centre is subtracted. ``along``: per line ``2 * p - 1`` for the
    edges along it on the grid line ``p - 1/2``. ``runs_low`` and ``runs_high``: per
    line the runs of consecutive edges across, ``2 * j0 - 1`` and ``2 * j1 + 1`` for the
    run ``j0..j1``, sorted (line ``n``'s runs are ``runs_start[n]:runs_start[n + 1]``).
    A wall across the sweep is one run, read once.
    """

    along: list[int]
    along_start: list[int]
    runs_low: list[int]
    runs_high: list[int]
    runs_start: list[int]

    @classmethod
    def pair(cls, along: BoolGrid, across: BoolGrid) -> tuple[EdgeLines, EdgeLines]:
        """Return the edges of the sweeps going + and going - (lists shared).

        ``along``: lines × positions. ``across``: one line more; going +, line ``n`` is
        crossed on ``across[n + 1]`` after it, going -, on ``across[n]``.
        """
        width = along.shape[1]
        flat = np.flatnonzero(along)
        along_start = np.searchsorted(flat, np.arange(0, (along.shape[0] + 1) * width, width))
        cells = np.ascontiguousarray(across)
        size = cells.shape[1]
        first = cells.copy()  # a run starts where the edge before it is open
        first[:, 1:] &= ~cells[:, :-1]
        last = cells.copy()  # and ends where the next one is
        last[:, :-1] &= ~cells[:, 1:]
        starts, ends = np.flatnonzero(first), np.flatnonzero(last)
        run_start = np.searchsorted(starts, np.arange(0, (cells.shape[0] + 1) * size, size))
        lists = (
            ((flat % width) * 2 - 1).tolist(),
            along_start.tolist(),
            ((starts % size) * 2 - 1).tolist(),
            ((ends % size) * 2 + 1).tolist(),
        )
        runs = run_start.tolist()
        return cls(*lists, runs[1:]), cls(*lists, runs[:-1])


_NO_INDICES: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class Quadrant:
    """What one quadrant's sweep reads.

    ``fields``: blocking fields per map line along the primary axis (depth ``d`` is
    map line ``origin_line + sign * d``). ``edges`` (:class:`EdgeLines`): per map line
    the blocking edges along it (position ``p``: the grid line ``p - 1/2``) and across
    the primary axis on the grid line the sweep crosses after it; None on maps
    without edge walls. ``centre``: the origin's position on the
    secondary axis (offset ``k`` is position ``centre + k``). ``corners``: whether the
    grid corner (grid line ``n``, position ``p - 1/2``) closes a line of positive
    slope, and one of negative slope, indexed ``[n, p]``; None without edge walls.
    """

    fields: Lines
    edges: EdgeLines | None
    origin_line: int
    sign: int
    centre: int
    corners: tuple[BoolGrid, BoolGrid] | None = None


def sweep_quadrant(quadrant: Quadrant, max_depth: int) -> list[Span]:
    """Return the visible slopes of one quadrant, as spans for :func:`paint`.

    Depths run from the origin (0) to ``max_depth``; a field at offset ``k`` and depth
    ``d`` has slope ``k/d``. The visible part of the slope range [-1, 1] is a
    sorted list of disjoint closed intervals. After each depth the blockers hiding the
    deeper fields cut their open intervals out of the visible ones they touch; an
    interval nothing touches costs nothing per depth. Each interval remembers the
    depths it held for: a span (ln, ld, hn, hd, since, until).
    """
    if max_depth < 1:
        return []
    centre, sign, corners = quadrant.centre, quadrant.sign, quadrant.corners
    shift = 1 if sign > 0 else 0  # the grid line after map line n: n + 1 going +, n going -
    # Maps without edge walls read only fields (the lean _cuts).
    edges = quadrant.edges
    cuts: Callable[[Any, int, int, list[float], list[float]], dict[int, list[Cut]]] = (
        _cuts if edges is None else _edge_cuts
    )
    lists = (
        (quadrant.fields, centre) if edges is None else _edge_lists(quadrant.fields, edges, centre)
    )
    visible: list[Visible] = [(-1, 1, 1, 1, 1)]
    lows = [-1.0]
    highs = [1.0]
    spans: list[Span] = []
    line = quadrant.origin_line - sign
    for depth in range(max_depth):
        line += sign
        if (
            corners is not None
            and (highs[0] == -1.0 or lows[-1] == 1.0)
            and _end_diagonals(visible, corners, line + shift, centre, depth, spans)
        ):
            if not visible:
                break
            lows = [v[0] / v[1] for v in visible]
            highs = [v[2] / v[3] for v in visible]
        touched = cuts(lists, line, depth, lows, highs)
        if not touched:
            continue
        near = None if corners is None else (*corners, line + shift - sign, line + shift, centre)
        visible, lows, highs = _cut_visible(visible, (lows, highs), touched, depth, spans, near)
        if not visible:
            break
    spans.extend((ln, ld, hn, hd, since, max_depth) for ln, ld, hn, hd, since in visible)
    return spans


def _end_diagonals(
    visible: list[Visible],
    corners: tuple[BoolGrid, BoolGrid],
    grid_line: int,
    centre: int,
    depth: int,
    spans: list[Span],
) -> bool:
    """End the single slopes [1, 1] and [-1, -1] at a closed corner after ``depth``.

    The diagonals cross grid lines only at corners, so no edge cuts them; the closed
    corner that ends one (and that ``corner_shadows`` applies) ends it here, so that it
    does not hold the window of blockers read open to the map's end. Return whether
    ``visible`` changed.
    """
    positive, negative = corners
    changed = False
    top = centre + depth + 1  # the corner at offset +(d + 1/2)
    last = visible[-1]
    if last[0] == last[1] and top < positive.shape[1] and positive.item(grid_line, top):
        spans.append((*last, depth))
        del visible[-1]
        changed = True
    bottom = centre - depth  # the corner at offset -(d + 1/2)
    first = visible[0] if visible else None
    if first and first[2] == -first[3] and bottom > 0 and negative.item(grid_line, bottom):
        spans.append((*first, depth))
        del visible[0]
        changed = True
    return changed


def _cuts(
    lists: tuple[Lines, int],
    line: int,
    depth: int,
    lows: list[float],
    highs: list[float],
) -> dict[int, list[Cut]]:
    """Return the cuts of the blocking fields that hide what lies deeper than ``depth``.

    The answer maps the index of each visible interval (ends ``lows``, ``highs``) a cut
    touches to its cuts, sorted by their low ends. ``lists``: the fields and the centre
    of :func:`sweep_quadrant`. Only blockers whose cut can meet the visible slopes
    [low, high] are read: the bounds on their positions are exact but for a margin
    against rounding (_EPS; distinct slopes differ far more), plus one position on
    either side, so that a run at the border is merged.
    """
    fields, centre = lists
    touched: dict[int, list[Cut]] = {}
    start = fields.start
    if start[line] < start[line + 1] and depth:
        _field_cuts(fields, line, depth, centre, (lows, highs, touched))
    return touched


def _field_cuts(
    fields: Lines,
    line: int,
    depth: int,
    centre: int,
    into: tuple[list[float], list[float], dict[int, list[Cut]]],
) -> bool:
    """Add the cuts of the blocking fields of ``line`` (depth >= 1); return whether any came."""
    lows, highs, _ = into
    f0, f1 = fields.start[line], fields.start[line + 1]
    positions = fields.positions  # k > low*d - 1/2 and k < high*d + 1/2
    first = centre + floor(lows[0] * depth - 0.5 - _EPS)
    last = centre + ceil(highs[-1] * depth + 0.5 + _EPS)
    i = bisect_left(positions, first, f0, f1)
    if i == f1 or positions[i] > last:
        return False
    _runs(positions, i, bisect_right(positions, last, i, f1), centre, 2 * depth, into)
    return True


#: For _edge_cuts: the fields, the centre, and the lists of ``EdgeLines`` (runs_low,
#: runs_high, runs_start, along, along_start).
_EdgeLists = tuple[Lines, int, list[int], list[int], list[int], list[int], list[int]]


def _edge_lists(fields: Lines, edges: EdgeLines, centre: int) -> _EdgeLists:
    """Return what :func:`_edge_cuts` reads, unpacked once per quadrant."""
    return (
        fields,
        centre,
        edges.runs_low,
        edges.runs_high,
        edges.runs_start,
        edges.along,
        edges.along_start,
    )


def _edge_cuts(
    lists: _EdgeLists,
    line: int,
    depth: int,
    lows: list[float],
    highs: list[float],
) -> dict[int, list[Cut]]:
    """Return :func:`_cuts` for a map with edge walls: fields, runs across, edges along.

    A run across ``j0..j1`` hides ``(m0 / wide, m1 / wide)``, ``wide = 2d + 1``,
    ``m0 = 2 * (j0 - centre) - 1``, ``m1 = 2 * (j1 - centre) + 1``; an edge along on the
    grid line ``j - 1/2`` (``v = 2 * (j - centre) - 1``) hides the slopes between
    ``v / (2d + 1)`` and ``v / (2d - 1)``. Edges along the origin's own line hide nothing.
    Each kind comes in order of its low ends; where kinds meet, the cuts are sorted.
    """
    fields, centre, run_lows, run_highs, run_start, along, along_start = lists
    touched: dict[int, list[Cut]] = {}
    kinds = 0
    if fields.positions and depth and fields.start[line] < fields.start[line + 1]:
        kinds = _field_cuts(fields, line, depth, centre, (lows, highs, touched))
    low, high, count = lows[0], highs[-1], len(lows)
    wide, twice = 2 * depth + 1, 2 * centre
    # A cut meets [low, high] when its low end is below high and its high end above low:
    # for runs m0 < high * wide and m1 > low * wide (as integers, a little wider).
    bottom, top = floor(low * wide - _EPS) + twice, ceil(high * wide + _EPS) + twice
    r0, r1 = run_start[line], run_start[line + 1]
    if r0 < r1:
        i = bisect_left(run_highs, bottom, r0, r1)
        j = bisect_right(run_lows, top, i, r1)
        kinds += i < j
        for n in range(i, j):
            an, bn = run_lows[n] - twice, run_highs[n] - twice
            a, b = an / wide, bn / wide
            # The open cut (a, b) meets the closed [l, h] when a < h and b > l: the
            # intervals from the first with h > a on, while l < b.
            index = bisect_right(highs, a)
            if index < count and lows[index] < b:
                cut = (a, b, an, wide, bn, wide)
                while index < count and lows[index] < b:
                    touched.setdefault(index, []).append(cut)
                    index += 1
    a0, a1 = along_start[line], along_start[line + 1]
    if depth and a0 < a1:
        # For edges along: v > low * (2d + 1) (low < 0) or low * (2d - 1), and v below
        # high times 2d + 1 (high > 0) or 2d - 1.
        narrow = wide - 2
        if low > 0:
            bottom = floor(low * narrow - _EPS) + twice
        if high < 0:
            top = ceil(high * narrow + _EPS) + twice
        i = bisect_left(along, bottom, a0, a1)
        j = bisect_right(along, top, i, a1)
        kinds += i < j
        for n in range(i, j):
            v = along[n] - twice
            a, b, ad, bd = (
                (v / wide, v / narrow, wide, narrow)
                if v > 0
                else (v / narrow, v / wide, narrow, wide)
            )
            index = bisect_right(highs, a)
            if index < count and lows[index] < b:
                cut = (a, b, v, ad, v, bd)
                while index < count and lows[index] < b:
                    touched.setdefault(index, []).append(cut)
                    index += 1
    if kinds > 1:
        for cuts in touched.values():
            if len(cuts) > 1:
                cuts.sort()
    return touched


def _cut_visible(
    visible: list[Visible],
    bounds: tuple[list[float], list[float]],
    touched: dict[int, list[Cut]],
    depth: int,
    spans: list[Span],
    corners: _Corners | None = None,
) -> tuple[list[Visible], list[float], list[float]]:
    """Return ``visible`` with the cuts taken out of the intervals they touch.

    ``bounds``: the low and high ends of ``visible`` as floats; the answer has them
    too (the lists are changed in place). A touched interval ends its span at
    ``depth``; what is left of it is visible from ``depth + 1`` on. The cuts of one
    interval come sorted by their low end.

    Where two edge cuts meet, a single slope [s, s] is left; when its line passes a
    closed corner on a grid line next to ``depth`` (``corners``; the joints of a wall
    and the corners of a room), it is hidden from there on and is not kept. That
    changes nothing (``corner_shadows`` hides it too) but the work: a long wall along
    the sweep would leave one such slope per joint.
    """
    lows, highs = bounds
    # Replace each touched interval by what is left of it, from the last one back, so
    # that the indices of the ones still to do stay put; the rest is not copied.
    later = depth + 1
    for index in sorted(touched, reverse=True) if len(touched) > 1 else touched:
        ln, ld, hn, hd, since = visible[index]
        spans.append((ln, ld, hn, hd, since, depth))
        pieces: list[Visible] = []
        piece_lows: list[float] = []
        piece_highs: list[float] = []
        # The float ends order exactly (module docstring), so they are compared here.
        cn, cd, low = ln, ld, lows[index]  # the lowest slope still visible
        for a, b, an, ad, bn, bd in touched[index]:
            if a >= low and (  # the cut starts at or after it: keep [c, a]
                low != a or corners is None or not _corner_on(cn, cd, corners, depth)
            ):
                pieces.append((cn, cd, an, ad, later))
                piece_lows.append(low)
                piece_highs.append(a)
            if b > low:
                cn, cd, low = bn, bd, b
        high = highs[index]
        if low <= high and (
            low != high or corners is None or not _corner_on(cn, cd, corners, depth)
        ):
            pieces.append((cn, cd, hn, hd, later))
            piece_lows.append(low)
            piece_highs.append(high)
        visible[index : index + 1] = pieces
        lows[index : index + 1] = piece_lows
        highs[index : index + 1] = piece_highs
    return visible, lows, highs


#: For _cut_visible: the corner flags of a quadrant (positive slope, negative slope),
#: the grid lines before and after the current depth, and the centre.
_Corners = tuple[BoolGrid, BoolGrid, int, int, int]


def _corner_on(num: int, den: int, corners: _Corners, depth: int) -> bool:
    """Return whether the line of slope num/den passes a closed corner at depth d +- 1/2."""
    positive, negative, before, after, centre = corners
    flags = positive if num > 0 else negative
    for grid_line, halves in ((before, 2 * depth - 1), (after, 2 * depth + 1)):
        twice, rest = divmod(num * halves, den)  # the corner's offset, in halves
        if rest or not twice & 1:
            continue
        position = centre + (twice + 1) // 2
        if 0 < position < flags.shape[1] and flags.item(grid_line, position):
            return True
    return False


def _runs(
    positions: list[int],
    i: int,
    j: int,
    centre: int,
    denominator: int,
    into: tuple[list[float], list[float], dict[int, list[Cut]]],
) -> None:
    """Add the cut of every run of consecutive positions in ``positions[i:j]``.

    A run of offsets ``k0..k1`` hides ``((2*k0 - 1) / denominator, (2*k1 + 1) / denominator)``;
    ``into``: the visible ends and the touched intervals of :func:`_cuts`.
    """
    lows, highs, touched = into
    count = len(lows)
    while i < j:
        k0 = k1 = positions[i]
        i += 1
        while i < j and positions[i] == k1 + 1:
            k1 += 1
            i += 1
        an, bn = 2 * (k0 - centre) - 1, 2 * (k1 - centre) + 1
        a, b = an / denominator, bn / denominator
        index = bisect_right(highs, a)  # as in _cuts
        if index < count and lows[index] < b:
            cut = (a, b, an, denominator, bn, denominator)
            while index < count and lows[index] < b:
                touched.setdefault(index, []).append(cut)
                index += 1


def paint(
    out: BoolGrid,
    swept: list[tuple[Quadrant, bool, list[Span]]],
    singles: bool = False,
) -> npt.NDArray[np.int64]:
    """Mark in ``out`` the fields of the spans of all quadrants at once.

    ``swept``: each quadrant, whether its lines are map columns (else map rows), and
    its spans. A span marks, at each of its depths ``r``, the offsets from
    ``ceil(low * r)`` to ``floor(high * r)``, clipped to the map. Those are computed in
    floats: ``n * r`` is exact, and one division cannot carry a quotient across an
    integer, as the denominators are far below 2**26. Return the flat indices of the
    fields of single slopes other than the diagonals when ``singles`` is set (the ones
    closed corners can hide, ``edge_sight.corner_shadows``), else none.
    """
    height, width = out.shape
    tables = [np.array(spans, dtype=np.int64).reshape(-1, 6) for _, _, spans in swept]
    # Per span: its quadrant's origin line, sign, centre, last position, index step.
    figures = [
        (q.origin_line, q.sign, q.centre, height - 1, width)
        if columns
        else (q.origin_line, q.sign, q.centre, width - 1, 1)
        for q, columns, _ in swept
    ]
    meta = np.repeat(np.array(figures, dtype=np.int64), [len(t) for t in tables], axis=0)
    table = np.concatenate(tables)
    keep = table[:, 5] >= table[:, 4]
    table, meta = table[keep].T, meta[keep].T
    lengths = table[5] - table[4] + 1
    rows_count = int(lengths.sum())
    firsts = np.cumsum(lengths) - lengths
    rows = np.arange(rows_count) + np.repeat(table[4] - firsts, lengths)
    low_n, low_d, high_n, high_d = (np.repeat(table[n], lengths) for n in range(4))
    origin_line, sign, centre, top, step = (np.repeat(meta[n], lengths) for n in range(5))
    lo = np.maximum(np.ceil(low_n * rows / low_d).astype(np.int64), -centre) + centre
    hi = np.minimum(np.floor(high_n * rows / high_d).astype(np.int64), top - centre) + centre
    widths = np.maximum(hi - lo + 1, 0)
    total = int(widths.sum())
    if not total:
        return _NO_INDICES
    line = origin_line + sign * rows
    # The flat index of (line, lo): a line is a column (x) or a row (y) of the map.
    base = np.where(step == 1, line * width + lo, lo * width + line)
    starts = np.cumsum(widths) - widths
    offsets = np.arange(total) - np.repeat(starts, widths)
    flat = np.repeat(base, widths) + offsets * np.repeat(step, widths)
    out.reshape(-1)[flat] = True
    if not singles:
        return _NO_INDICES
    # A single slope marks at most one field per depth: the one at the line's base. The
    # diagonals (slope 1 or -1) are left out: corner_shadows walks them anyway.
    single = (low_n * high_d == high_n * low_d) & (np.abs(low_n) != low_d) & (widths > 0)
    return np.asarray(base[single], dtype=np.int64)
