"""Surprise as a mission flag (W-SURP-2): a creature that starts Überrascht marks its side
as surprised; the other side acts alone in round 1."""

from __future__ import annotations

import pytest

from game.board.dice import RandomRoller
from game.rulesets.wrs.ruleset import WRS
from tests.rulesets.wrs.mission_support import wrs_known
from tests.rulesets.wrs.test_mission_setup import CAT, mission_text, problems_of, setup_of

pytestmark = pytest.mark.usefixtures(wrs_known.__name__)


@pytest.mark.parametrize("word", ["Überrascht", "surprised", "SURPRISED"])
def test_w_surp_2_a_surprised_creature_lets_the_other_side_act_alone_in_round_1(
    word: str,
) -> None:
    setup = setup_of(mission_text(mira=f'conditions = ["{word}"]'))
    assert setup.surprisers == ("a",)
    game = WRS.new_game(setup, CAT, 3, roller=RandomRoller(3))
    assert game.first_order == ["gerold"]  # only the surprising side's fighter in round 1


def test_w_surp_2_no_surprised_creature_means_no_surprise() -> None:
    assert setup_of(mission_text()).surprisers == ()


def test_w_wound_1_other_start_conditions_are_named_at_their_index() -> None:
    found = problems_of(mission_text(mira='conditions = ["Überrascht", "Liegend"]'))
    assert [key for key, _ in found] == ["creatures[1].conditions[1]"], found
