"""A save's snapshot (issue 13, "Long fights"): its JSON codec and games that take none.

``snapshot_codec`` keeps tuples and int-keyed dicts through JSON and refuses what it
never writes, naming the JSON path; a ruleset whose game is not ``Snapshotting`` writes
no ``resume`` and its saves load by replaying, as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from game.match.checkpoints import Snapshotting
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.match.snapshot_codec import (
    MAX_DEPTH,
    SnapshotError,
    Unencodable,
    array_data,
    array_of,
    decode,
    encode,
)
from game.match.snapshot_load import resume_document
from game.rulesets import RULESETS
from tests.match.test_toy_ruleset import HASH, toy_match
from tests.match.toy_ruleset import TOY, Declare, ToySetup


def test_plain_values_with_tuples_and_int_keys_come_back_exactly() -> None:
    value = {"a": (1, (2, "x")), "b": [None, True, 1.5], "c": {3: (4,), 5: {}}}
    through_json = json.loads(json.dumps(encode(value)))
    back = decode(through_json)
    assert back == value
    assert type(back["a"]) is tuple and type(back["c"]) is dict and 3 in back["c"]


@pytest.mark.parametrize("value", [{1, 2}, float("nan"), {"k": object()}, {(1, 2): 3}])
def test_values_json_cannot_hold_are_refused_when_writing(value: object) -> None:
    with pytest.raises(Unencodable):
        encode(value)


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"~t": 3}, "$.~t"),
        ({"~t": [], "x": 1}, "$"),
        ({"~d": [[1]]}, "$.~d[0]"),
        ({"~d": [["k", 1]]}, "$.~d[0]"),
        ({"a": {"b": [1, {"~t": "no"}]}}, "$.a.b[1].~t"),
    ],
)
def test_what_encode_never_writes_is_refused_with_its_path(raw: object, where: str) -> None:
    with pytest.raises(SnapshotError) as refused:
        decode(raw)
    assert refused.value.where == where and refused.value.reason


def test_nesting_beyond_the_limit_is_refused_without_recursion_trouble() -> None:
    nested: object = 0
    for _ in range(MAX_DEPTH + 5):
        nested = [nested]
    with pytest.raises(SnapshotError, match="nested deeper"):
        decode(nested)


def test_arrays_must_keep_dtype_shape_and_bool_bytes() -> None:
    like = np.zeros((2, 3), dtype=np.bool_)
    data = array_data(np.ones((2, 3), dtype=np.bool_))
    assert array_of(data, like, "$.a").all()
    with pytest.raises(SnapshotError, match="expected"):
        array_of({**data, "shape": [3, 2]}, like, "$.a")
    with pytest.raises(SnapshotError, match="0 and 1"):
        array_of(array_data(np.full((2, 3), 7, dtype=np.int8)) | {"dtype": "|b1"}, like, "$.a")
    with pytest.raises(SnapshotError, match="base64"):
        array_of({**data, "bytes": "!!!!"}, like, "$.a")


def test_a_game_without_snapshots_writes_none_and_loads_by_replaying(tmp_path: Path) -> None:
    match = toy_match()
    match.apply(Declare("anna", 3))
    assert not isinstance(match.battle, Snapshotting)
    assert resume_document(match) is None
    path = write_save(match, tmp_path, "toy", MissionRef("toy.toml", HASH))
    assert "resume" not in json.loads(path.read_text(encoding="utf-8"))
    opened = OpenedMission(ToySetup(), {}, HASH, TOY)
    loaded = load_save(path, lambda _: opened, {**RULESETS, TOY.key: TOY}, verify_later=True)
    assert loaded.verifier is None and loaded.match.replayed == 1
