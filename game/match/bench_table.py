"""Timing and printing for the benches: the median and the longest of timed calls, a table.

Benches print figures, not verdicts; every bench times and prints the same way.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

#: (label, median ms, max ms, target or note)
Row = tuple[str, float, float, str]


def timed(fn: Callable[[], Any], repeats: int) -> tuple[float, float]:
    """Return the median and the longest of ``repeats`` timed calls in ms, after a warm-up."""
    if repeats < 1:
        raise ValueError(f"a timing needs at least one run, got repeats={repeats}")
    fn()  # warm-up: imports, caches
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(samples), max(samples)


def print_table(
    title: str, rows: Sequence[Row], out: TextIO, *, first: str = "operation", last: str = "target"
) -> None:
    """Print ``title`` and ``rows`` as a table (label, median, max, the last column)."""
    width = max(len(row[0]) for row in rows)
    print(title, file=out)
    print(f"{first:<{width}}  {'median':>8}  {'max':>8}  {last}", file=out)
    for label, median, worst, target in rows:
        print(f"{label:<{width}}  {median:8.3f}  {worst:8.3f}  {target}", file=out)
