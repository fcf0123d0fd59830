"""The log line of an attack on an object speaks like an attack on a creature (E-OBJ-2)."""

from __future__ import annotations

import pytest

from game.rulesets.entaria.object_attacks import AttackObject
from tests.rulesets.entaria.helpers import foe, hero
from tests.rulesets.entaria.test_object_attacks import object_battle

ROOM = """
......
..W...
......
"""


@pytest.mark.rule("E-OBJ-2", "E-OBJ-GLASSCHEIBE")
@pytest.mark.parametrize(
    ("weapon", "de", "en"),
    [
        ("unarmed", "ron: Waffenloser Angriff auf Glasscheibe", "unarmed attack on the glass pane"),
        ("laserpistole", "ron: Angriff mit Laserpistole auf Glasscheibe", "with laser pistol on"),
    ],
)
def test_an_attack_on_a_pane_names_the_weapon_or_bare_hands(weapon: str, de: str, en: str) -> None:
    """E-OBJ-2: bare hands read "Waffenloser Angriff auf ...", as at a creature; no rule IDs."""
    battle = object_battle(ROOM, [hero("ron", (1, 1), held=()), foe("p1", (5, 2))], [2, 2, 2])
    if weapon != "unarmed":
        battle.state.creatures["ron"].held.append(weapon)
    roll = next(
        e for e in battle.apply(AttackObject("ron", weapon, cell=(2, 1))) if e.kind == "roll"
    )
    assert roll.de.lower().startswith(de.lower()) and en in roll.en
    assert "E-" not in roll.de and "E-" not in roll.en
