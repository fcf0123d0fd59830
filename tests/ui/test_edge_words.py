"""The screen counts Vorteil and Nachteil as the log does: one reads "Nachteil", from two
on "Nachteil ×2" (D-2; the roll texts since issue 10, the dice log and the map marks)."""

from __future__ import annotations

import pytest

from game.match.events import Event
from game.rulesets.entaria.views.log import log_text
from game.ui.locale import Translator
from game.ui.overlays import edge_text


@pytest.mark.rule("D-2")
@pytest.mark.parametrize(
    ("language", "one", "two"),
    [("de", "Nachteil", "Nachteil ×2"), ("en", "disadvantage", "disadvantage ×2")],
)
def test_d_2_the_map_marks_name_a_single_edge_without_a_count(
    language: str, one: str, two: str
) -> None:
    t = Translator(language)
    assert edge_text(-1, t) == one
    assert edge_text(-2, t) == two
    assert edge_text(1, t) == ("Vorteil" if language == "de" else "advantage")
    assert edge_text(0, t) == "±0"


@pytest.mark.rule("D-2")
def test_d_2_the_dice_log_chip_of_a_single_nachteil_reads_nachteil() -> None:
    """Likron's initiative under Beschwerlich: one Nachteil; the chip says "Nachteil"."""
    roll = {"dice": [18, 5], "kept": 5, "total": 13, "edge": -1, "modifier": 0}
    event = Event("initiative", "Likron würfelt Initiative", "Likron rolls", "likron", roll)
    text = log_text(event, Translator("de"))
    assert text.roll is not None
    labels = [label for label, _ in text.roll.chips]
    assert labels[0] == "Nachteil"
    twice = log_text(Event("roll", "x", "x", "likron", {**roll, "edge": -2}), Translator("en"))
    assert twice.roll is not None and twice.roll.chips[0][0] == "Disadvantage x2"
