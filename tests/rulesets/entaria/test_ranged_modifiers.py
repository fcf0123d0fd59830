"""Ranged attack modifiers as the book gives them: Störung counts once, the crit's SAF, optics.

Dice are scripted after the initiative roll: the d20s of each check in order (two with
one Vorteil or Nachteil), then the d6s of damage or total.
"""

from __future__ import annotations

import pytest

from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OPEN = """
............
............
............
............
............
............
"""

DISTRACTED = (Condition.DISTRACTED,)


def rolls(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "roll"]


# --------------------------------------------------------------------- Störung
def _shot(conditions: tuple[Condition, ...], *, neighbour: bool) -> Event:
    """Ron shoots his laser pistol at p2 four fields away (Nah: no band edge)."""
    creatures = [
        hero("ron", (0, 2), conditions=conditions),
        foe("p2", (4, 2)),
        foe("p1", (0, 3) if neighbour else (11, 5)),
    ]
    # Nachteil keeps 2: 2 + 8 misses Ausweichen 12, so no damage dice follow
    battle = make_battle(OPEN, creatures, first="ron", dice=[15, 2])
    return rolls(battle.apply(Attack("ron", "p2", "laserpistole")))[0]


@pytest.mark.rule("E-OPEN-1", "E-DISTURB-1", "E-OPEN-17", "D-2")
def test_abgelenkt_shooter_next_to_an_enemy_has_one_nachteil_in_a_ranged_attack() -> None:
    """Störung gives Abgelenkt; held Abgelenkt + Störung is one Nachteil, two dice.

    "Befindet sich ein oder mehrere Gegner, in Nahkampfreichweite um den Charakter und der
    Charakter möchte einen Fernkampf durchführen, erhält er den Zustand Abgelenkt."
    """
    both = _shot(DISTRACTED, neighbour=True)
    assert both.data["edge"] == -1 and both.data["dice"] == [15, 2] and both.data["kept"] == 2
    assert "Störung des Fernkampfs: Abgelenkt (already held: counts once)" in both.data["reasons"]
    # each source alone gives the same one Nachteil
    disturbed = _shot((), neighbour=True)
    assert disturbed.data["edge"] == -1 and disturbed.data["dice"] == [15, 2]
    assert "Störung des Fernkampfs: Abgelenkt" in disturbed.data["reasons"]
    held = _shot(DISTRACTED, neighbour=False)
    assert held.data["edge"] == -1 and held.data["dice"] == [15, 2]


@pytest.mark.rule("E-OPEN-1", "E-DISTURB-1", "E-OPEN-16", "E-OPEN-17")
def test_a_condition_implying_abgelenkt_and_stoerung_count_once() -> None:
    """Vergiftet implies Abgelenkt (E-COND-VERGIFTET): Störung adds no second Nachteil."""
    shot = _shot((Condition.POISONED,), neighbour=True)
    assert shot.data["edge"] == -1 and len(shot.data["dice"]) == 2


@pytest.mark.rule("E-OPEN-1", "E-DISTURB-1", "E-OPEN-16", "E-OPEN-17")
def test_abgelenkt_thrower_next_to_an_enemy_has_one_nachteil_on_a_throw_at_a_field() -> None:
    """A throw at a field is a ranged attack (E-OPEN-16): Abgelenkt + Störung = 2 dice."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (0, 2), equipment=("handgranate",), conditions=DISTRACTED),
            foe("p1", (1, 2)),
        ],
        first="ron",
        dice=[15, 5, 1, 1],  # Nachteil: keep 5 (13 < 15); scatter forward 1 field
    )
    roll = rolls(battle.apply(ThrowAtField("ron", "handgranate", (6, 2))))[0]
    assert roll.data["edge"] == -1 and roll.data["dice"] == [15, 5]
    assert roll.data["success"] is False


@pytest.mark.rule("E-OPEN-1", "E-DISTURB-1", "E-OPEN-17", "E-AREAFIRE-3")
def test_abgelenkt_shooter_next_to_an_enemy_has_one_nachteil_in_area_fire() -> None:
    """Likron's shotgun BEM shot vs ZW 15 at fields three away (Nah): one Nachteil, 2 dice."""
    battle = make_battle(
        OPEN,
        [
            hero(
                "likron",
                (0, 3),
                type_="likron",
                equipment=("schrotgewehr",),
                conditions=DISTRACTED,
            ),
            foe("d1", (3, 2), type_="akuanischer_drogendealer"),
            foe("near", (0, 4), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=[15, 2],  # Nachteil: keep 2, 2 + 6 < 15: nothing is hit
    )
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 2), (3, 3))))
    roll = rolls(events)[0]
    assert roll.data["edge"] == -1 and roll.data["dice"] == [15, 2]
    assert roll.data["success"] is False


# ----------------------------------------------------------------- crit and SAF
@pytest.mark.rule("D-12", "E-CRIT-HIT-3", "E-CRIT-SAF-STICH", "E-OPEN-32")
def test_a_crit_that_armour_soaks_to_zero_still_brings_blutend() -> None:
    """D-12: "Bei einem kritischen Treffer, gilt zusätzlich ein Schadensarteffekt".

    The punk's pistol (SW 2, Stich) against Kampfpanzerung (PAZ 6): 2 + 1 - 6 -> 0,
    doubled 0; the natural 20 still makes the soldier Blutend.
    """
    battle = make_battle(
        OPEN,
        [
            hero("punk", (0, 2), type_="akuanischer_strassenpunk", held=("pistole",)),
            foe("musa", (3, 2), type_="musa_elitesoldat"),
        ],
        first="punk",
        dice=[20, 1],
    )
    events = battle.apply(Attack("punk", "musa", "pistole"))
    damage = next(e for e in events if e.kind == "damage")
    assert damage.data["final"] == 0
    musa = battle.state.creatures["musa"]
    assert musa.lp == 16
    assert Condition.BLEEDING in musa.conditions


@pytest.mark.rule("D-12", "E-CRIT-HIT-3", "E-CRIT-SAF-WUCHT")
def test_a_melee_crit_that_armour_soaks_to_zero_still_knocks_prone() -> None:
    """The punk's club (SW 1, Wucht) on Kampfpanzerung: 0 damage, the crit's Liegend holds."""
    battle = make_battle(
        OPEN,
        [
            hero("punk", (0, 2), type_="akuanischer_strassenpunk", held=("knueppel",)),
            foe("musa", (1, 2), type_="musa_elitesoldat"),
        ],
        first="punk",
        dice=[20, 1],
    )
    events = battle.apply(Attack("punk", "musa", "knueppel"))
    assert next(e for e in events if e.kind == "damage").data["final"] == 0
    assert Condition.PRONE in battle.state.creatures["musa"].conditions


@pytest.mark.rule("D-12", "E-OPEN-30", "E-AREAFIRE-9")
def test_critical_area_fire_brings_the_saf_to_a_failed_save_even_without_damage() -> None:
    """E-OPEN-30 (i): the SAF hits each creature that fails its save; D-12: damage or not."""
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 3), type_="likron", equipment=("schrotgewehr",)),
            foe("musa", (3, 3), type_="musa_elitesoldat"),
        ],
        first="likron",
        # natural 20; total (3 + d6 1) x 1 x2 = 8, one field takes at most SW 3 (D-6);
        # the Reflexe save d20 2 fails: 3 - PAZ 6 -> 0
        dice=[20, 1, 2],
    )
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3),)))
    hurt = [e for e in events if e.kind == "damage"]
    assert hurt and all(e.data["final"] == 0 for e in hurt)
    assert Condition.BLEEDING in battle.state.creatures["musa"].conditions
