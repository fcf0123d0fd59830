"""The scatter line speaks the log's language: the German line names the diagram's
direction in German, the English one in English (E-SCATTER-5; issue 10 playtest found
"Fehlwurf w20 [2] (forward)" in the German log)."""

from __future__ import annotations

import pytest

from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OPEN = "\n".join(["." * 12] * 6)


@pytest.mark.rule("E-SCATTER-5", "E-SCATTER-DIR-B", "E-SCATTER-DIR-F", "EX-SCATTER-1")
@pytest.mark.parametrize(
    ("d20", "german", "english"),
    [(12, "entgegen der Flugrichtung", "back"), (2, "in Flugrichtung", "forward")],
)
def test_e_scatter_5_the_german_scatter_line_names_the_direction_in_german(
    d20: int, german: str, english: str
) -> None:
    """ "Er wird eine 12 gewürfelt, was somit entgegen der eigentlichen Flugrichtung liegt"."""
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2), equipment=("handgranate",)), foe("p1", (11, 5))],
        first="ron",
        dice=[6, d20, 2, 1, 1],  # 6 + 8 = 14 < 15: miss; scatter d20, d6 2; damage d6
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    (line,) = [e for e in events if e.kind == "scatter"]
    assert f"Fehlwurf w20: {d20} ({german}), w6: 2" in line.de
    assert f"scatter d20: {d20} ({english}), d6: 2" in line.en


@pytest.mark.rule("E-AREA-1", "E-AREA-2")
def test_the_blast_line_reads_around_not_round_in_english() -> None:
    """ "hits 21 fields round [5, 2]" read like the log's "Round 2"; it says "around"."""
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2), equipment=("handgranate",)), foe("p1", (11, 5))],
        first="ron",
        dice=[15, 1],  # 15 + 8 = 23: hit
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    (area,) = [e for e in events if e.kind == "area"]
    assert " fields around [5, 2]" in area.en and " Felder um [5, 2]" in area.de
