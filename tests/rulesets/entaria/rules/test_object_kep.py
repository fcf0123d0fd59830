"""KEP loss of objects lives in rules.objects, the engine asks it (E-OBJ-2, E-OBJ-4)."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.objects import (
    MATERIALS,
    ObjectState,
    is_destroyed,
    object_damage,
    take_kep,
)


def test_e_obj_4_an_object_ends_at_zero_kep_destroyed() -> None:
    """E-OBJ-4: more damage than KEP leaves 0 KEP, destroyed; states are values."""
    pane = ObjectState.fresh(MATERIALS["glass_pane"])  # PAK 2, KEP 2
    after = take_kep(pane, 9)
    assert (after.kep, pane.kep) == (0, 2)
    assert is_destroyed(after) and not is_destroyed(pane)
    with pytest.raises(ValueError):
        take_kep(pane, -1)


def test_e_obj_2_object_damage_takes_pak_as_armour_and_doubles_on_a_crit() -> None:
    """E-OBJ-2, E-CRIT-HIT-2: SW + w6 + bonus - PAK, doubled on a critical hit."""
    wall = MATERIALS["thin_duraplast_wall"]  # PAK 5
    assert object_damage(wall, ScriptedRoller([4]), 6, bonus=1).final == 6
    assert object_damage(wall, ScriptedRoller([4]), 6, bonus=1, crit=True).final == 12
    assert object_damage(wall, ScriptedRoller([1]), 2).final == 0
