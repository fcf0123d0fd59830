"""Positionsänderung's log line speaks German in the German log (E-ACT-HH-POSITION;
issue 10 playtest found "Lara: standing" in German simulate logs)."""

from __future__ import annotations

import pytest

from game.rulesets.entaria.commands import ChangePosition
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OPEN = "\n".join(["." * 8] * 4)


@pytest.mark.rule("E-ACT-HH-POSITION")
def test_e_act_hh_position_the_stance_line_says_what_the_creature_does() -> None:
    """ "Positionsänderung": the character stands up, kneels or lies down."""
    battle = make_battle(OPEN, [hero("ron", (0, 1)), foe("p1", (7, 3))], first="ron", dice=[])
    (kneel,) = [e for e in battle.apply(ChangePosition("ron", "kneeling")) if e.kind == "stance"]
    assert (kneel.de, kneel.en) == ("Ron kniet sich hin", "Ron kneels down")
    (stand,) = [e for e in battle.apply(ChangePosition("ron", "standing")) if e.kind == "stance"]
    assert (stand.de, stand.en) == ("Ron steht auf", "Ron stands up")
    assert stand.data["stance"] == "standing"
