"""A critical hit on an object reads as one on a creature: the damage after the PAK,
then doubled ("= 6 x2 (kritisch) = 12"), not "- PAK 5 x2", which reads as a doubled PAK
(E-CRIT-HIT-2: "Damage is determined normally, and then the final damage is doubled")."""

from __future__ import annotations

import pytest

from game.rulesets.entaria.object_attacks import AttackObject
from tests.rulesets.entaria.helpers import foe, hero
from tests.rulesets.entaria.test_object_attacks import WALLS, object_battle


@pytest.mark.rule("E-CRIT-HIT-2", "E-OBJ-STEINWAND")
def test_e_crit_hit_2_the_object_damage_line_doubles_after_the_pak() -> None:
    """Stone wall (PAK 5, KEP 20); a natural 20, SW 4 + w6 [6] + 1 - 5 = 6, x2 = 12."""
    battle = object_battle(
        WALLS,
        [hero("ron", (2, 1), held=("monofilament_klinge",)), foe("p", (9, 2), held=())],
        dice=[20, 6],
    )
    events = battle.apply(AttackObject("ron", "monofilament_klinge", cell=(3, 1)))
    (line,) = [e for e in events if e.kind == "object_damage"]
    assert "SW 4 + w6 (6) + 1 - PAK 5 = 6 x2 (kritisch) = 12 (KEP 20 -> 8/20)" in line.de
    english = "damage 4 + d6 (6) + 1 - armour 5 = 6 x2 (critical) = 12 (structure 20 -> 8/20)"
    assert english in line.en
