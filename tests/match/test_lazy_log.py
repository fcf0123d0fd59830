"""A list decoded on demand (issue 13, "Long fights"): ``LazyLog`` behaves as the list.

A restored game's log keeps its raw JSON and decodes an entry when first read, so a load
does not cost more the longer the fight. These tests use plain strings as raw values and
count the decodes.
"""

from __future__ import annotations

import copy
import operator
import pickle
from typing import Any

import pytest

from game.match.lazy_log import LazyLog


class Counted:
    """A decode that counts its calls and refuses the raw value "bad"."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, index: int, raw: Any) -> str:
        if raw == "bad":
            raise ValueError(f"entry {index} does not read")
        self.calls.append(index)
        return str(raw).upper()


def make(raw: list[Any]) -> tuple[LazyLog[str], Counted]:
    decode = Counted()
    return LazyLog(raw, decode), decode


def test_issue13_nothing_is_decoded_until_read() -> None:
    """Given raw values, the log has their count and decodes none of them."""
    log, decode = make(["a", "b", "c"])
    assert len(log) == 3 and log.pending == 3 and decode.calls == []


def test_issue13_an_index_decodes_that_entry_once() -> None:
    """Reading an entry decodes it; reading again gives the same object, no new decode."""
    log, decode = make(["a", "b", "c"])
    first = log[1]
    assert first == "B" and log[1] is first and log[-2] is first
    assert log[-1] == "C" and log[0] == "A"
    assert decode.calls == [1, 2, 0] and log.pending == 0


def test_issue13_an_index_out_of_range_is_an_index_error() -> None:
    """As a list: an index beyond either end raises IndexError."""
    log, _ = make(["a"])
    log.append("X")
    for index in (2, -3, 10):
        with pytest.raises(IndexError):
            log[index]


def test_issue13_iteration_and_equality_as_the_list() -> None:
    """Iteration decodes in order; the log equals the list of its entries (both ways)."""
    log, decode = make(["a", "b"])
    log.append("Z")
    assert list(log) == ["A", "B", "Z"]
    plain = ["A", "B", "Z"]
    assert log == plain and plain.__eq__(log) is NotImplemented  # so ``plain == log`` asks the log
    assert plain == log
    assert log != ["A", "B"] and log != ["A", "B", "Y"] and log != "ABZ"
    assert list(log) == ["A", "B", "Z"] and decode.calls == [0, 1]  # a second pass: cached
    assert list(enumerate(log))[2] == (2, "Z")


def test_issue13_append_extend_and_add_in_place_decode_nothing() -> None:
    """What is added goes to the end; the raw entries stay undecoded."""
    log, decode = make(["a", "b"])
    log.append("C")
    log.extend(["D", "E"])
    log += ["F"]
    assert len(log) == 6 and log[-1] == "F" and log[2:] == ["C", "D", "E", "F"]
    assert decode.calls == []
    log.extend(log)  # itself: what it holds now, once
    assert len(log) == 12 and log[6:8] == ["A", "B"]


def test_issue13_a_prefix_slice_shares_the_decoded_entries() -> None:
    """``log[:n]`` (a checkpoint's resume) decodes nothing; an entry is decoded once for both."""
    log, decode = make(["a", "b", "c", "d"])
    head = log[:3]
    assert isinstance(head, LazyLog) and len(head) == 3 and decode.calls == []
    assert head[0] is log[0] and log[2] is head[2]
    assert decode.calls == [0, 2]
    head.append("N")  # the copies grow apart
    assert head == ["A", "B", "C", "N"] and log == ["A", "B", "C", "D"]
    assert decode.calls == [0, 2, 1, 3]


def test_issue13_slices_beyond_the_raw_part_and_with_steps() -> None:
    """Every slice a list takes gives the same entries."""
    log, _ = make(["a", "b", "c"])
    log.extend(["D", "E"])
    plain = ["A", "B", "C", "D", "E"]
    for part in (slice(None), slice(0, 4), slice(1, None), slice(-2, None), slice(None, None, 2)):
        assert log[part] == plain[part], part
    assert log[:0] == [] and log[4:1] == []
    assert list(log[::-1]) == plain[::-1]


def test_issue13_a_change_inside_decodes_first_then_acts_as_a_list() -> None:
    """Setting, deleting and inserting make the entries the log's own, as a list would."""
    log, decode = make(["a", "b", "c"])
    head = log[:2]
    log[1] = "x"
    assert log == ["A", "x", "C"] and head == ["A", "B"]
    del log[0]
    log.insert(0, "first")
    assert log == ["first", "x", "C"]
    log[1:] = ["y"]
    assert log == ["first", "y"] and len(log) == 2
    assert sorted(decode.calls) == [0, 1, 2]


def test_issue13_a_decode_error_reaches_the_reader() -> None:
    """A raw value that does not decode raises the decode's error when read, every time."""
    log, _ = make(["a", "bad"])
    assert log[0] == "A"
    for _ in range(2):
        with pytest.raises(ValueError, match="entry 1"):
            log[1]
    with pytest.raises(ValueError):
        list(log)


def test_issue13_raw_prefix_gives_the_undecoded_part_and_what_came_after() -> None:
    """The raw values (the given list, not copied when whole) and the added entries."""
    raw = ["a", "b", "c"]
    log, decode = make(raw)
    log.append("D")
    prefix, after = log.raw_prefix()
    assert prefix is raw and after == ["D"]
    head_raw, head_after = log[:2].raw_prefix()
    assert list(head_raw) == ["a", "b"] and head_after == []
    assert decode.calls == []


def test_issue13_a_deep_copy_is_independent() -> None:
    """A deep copy (no battle memo) holds the same entries and grows apart."""
    log, _ = make(["a", "b"])
    twin = copy.deepcopy(log)
    twin.append("C")
    assert twin == ["A", "B", "C"] and log == ["A", "B"]
    assert "2 entries" in repr(log)


def test_issue13_a_pickled_log_reads_as_the_original() -> None:
    """Pickling keeps the undecoded entries undecoded (with a decode that pickles)."""
    log = LazyLog(["a", "b"], _upper)
    assert log[0] == "A"
    again = pickle.loads(pickle.dumps(log))
    assert again.pending == 1 and again == ["A", "B"]


def _upper(index: int, raw: Any) -> str:
    return str(raw).upper()


def test_issue13_copies_and_concatenation_as_a_list() -> None:
    """``copy``, ``copy.copy``, ``+`` and ``list + log`` give new lists; nothing is shared."""
    log, _ = make(["a", "b"])
    log.append("C")
    for twin in (log.copy(), copy.copy(log), operator.add(log, [])):
        twin.append("D")
        assert twin == ["A", "B", "C", "D"] and len(log) == 3
    assert operator.add(log, ["E"]) == ["A", "B", "C", "E"]
    before = operator.add(["Z"], log)
    assert isinstance(before, list) and before == ["Z", "A", "B", "C"] and log == ["A", "B", "C"]
    assert log.pop() == "C" and log.index("B") == 1 and "A" in log and log.count("A") == 1
