"""Ranged attack modifiers as the book gives them: Störung counts once, the crit's SAF, optics.

Dice are scripted after the initiative roll: the d20s of each check in order (two with
one Vorteil or Nachteil), then the d6s of damage or total.
"""

from __future__ import annotations

import importlib.resources

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.match.events import Event
from game.match.problems import MissionError
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_loader import DATA_PACKAGE, load_catalogue_from
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.full_attacks import SweepAttack
from game.rulesets.entaria.long_shot import LongShot
from game.rulesets.entaria.queries.cards import creature_card
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.optics import LEGACY_SCOPE
from game.rulesets.entaria.rules.terms import Condition, WeaponAttribute, german
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import SIDES, foe, hero, make_battle

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
    assert "(Abgelenkt: Nachteil; Störung des Fernkampfs: schon abgelenkt" in both.de
    # each source alone gives the same one Nachteil
    disturbed = _shot((), neighbour=True)
    assert disturbed.data["edge"] == -1 and disturbed.data["dice"] == [15, 2]
    assert "Störung des Fernkampfs: Abgelenkt" in disturbed.data["reasons"]
    assert disturbed.de.endswith("(Störung des Fernkampfs: Abgelenkt)")
    assert disturbed.en.endswith("(disturbed ranged attack: distracted)")
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


@pytest.mark.rule("D-12", "E-CRIT-HIT-3", "E-ACT-VH-RUNDUM", "E-CRIT-SAF-WUCHT")
def test_a_sweep_crit_that_armour_soaks_to_zero_still_knocks_prone() -> None:
    """Rundumschlag: each attack's crit brings the SAF; the second soldier, missed, does not."""
    battle = make_battle(
        OPEN,
        [
            hero("punk", (1, 2), type_="akuanischer_strassenpunk", held=("knueppel",)),
            foe("m1", (0, 2), type_="musa_elitesoldat"),
            foe("m2", (2, 2), type_="musa_elitesoldat"),
        ],
        first="punk",
        dice=[20, 20, 1, 15, 2],  # m1: kept natural 20, d6 1 -> 0 damage; m2: keeps 2, a miss
    )
    events = battle.apply(SweepAttack("punk", "knueppel", ("m1", "m2")))
    assert [e.data["final"] for e in events if e.kind == "damage"] == [0]
    assert Condition.PRONE in battle.state.creatures["m1"].conditions
    assert Condition.PRONE not in battle.state.creatures["m2"].conditions


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


# ---------------------------------------------------------------------- optics
SHIPPED_WEAPONS = (
    importlib.resources.files(DATA_PACKAGE).joinpath("weapons.toml").read_text(encoding="utf-8")
)

#: A copy of the Maschinenpistole with a Laservisier (sample WM +1), a rifle of an old
#: catalogue with the attribute Zielfernrohr, and a rifle with no optic at all.
EXTRA_WEAPONS = """
[weapons.mp_laservisier]
name = "MP mit Laservisier"
sw = 3
bem = "2,10"
attributes = ["Dauerfeuer"]
optics = ["laservisier"]
damage_type = "Stich"
wg = 2
ranges = ["Kernschuss", "Nah", "Mittel"]
magazine = 30

[weapons.altes_gewehr]
name = "Altes Gewehr"
sw = 4
damage_type = "Stich"
wg = 4
ranges = ["Mittel", "Weit", "Extrem"]
magazine = 5
attributes = ["Zielfernrohr"]

[weapons.gewehr_ohne_optik]
name = "Gewehr ohne Optik"
sw = 4
damage_type = "Stich"
wg = 4
ranges = ["Mittel", "Weit", "Extrem"]
magazine = 5
"""


def optics_catalogue(extra: str = EXTRA_WEAPONS) -> Catalogue:
    return load_catalogue_from({"weapons.toml": SHIPPED_WEAPONS + extra})


def optics_battle(
    ascii_map: str, creatures: list[CreatureSetup], dice: list[int], first: str
) -> Battle:
    """Return a battle on the optics catalogue, ``first`` to act, dice scripted."""
    setup = BattleSetup("Optik", BattleGrid.from_ascii(ascii_map), SIDES, tuple(creatures))
    battle = new_battle(setup, optics_catalogue(), 1)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    return battle


WIDE = "\n".join(["." * 30] * 3)


@pytest.mark.rule("E-ACT-VH-DISTANZ-1")
def test_long_shot_is_refused_without_a_fitted_scope_and_allowed_with_one() -> None:
    """Distanzschuss: "Für diese Handlung nutzt der Charakter eine Fernkampfwaffe die einen
    Bildvergrößerer besitzen muss (auch Zielfernrohr genannt, siehe Ausrüstung)."
    """
    kit = ("scharfschuetzengewehr", "gewehr_ohne_optik")
    creatures = [hero("ron", (0, 0), equipment=kit, held=kit[1:]), foe("p1", (10, 0))]
    battle = optics_battle(WIDE, creatures, [], "ron")
    ron = battle.state.creatures["ron"]
    with pytest.raises(CommandRejected, match="scope"):
        battle.apply(LongShot("ron", "gewehr_ohne_optik", "p1"))
    reasons = {a.action: a.reason for a in battle.legal_actions()}
    assert "Bildvergrößerer" in german(reasons[Action.LONG_SHOT])
    ron.held = ["scharfschuetzengewehr"]  # its catalogue entry fits the item zielfernrohr
    assert battle.catalogue.weapons["scharfschuetzengewehr"].optics[0].key == "zielfernrohr"
    events = battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    assert any(e.kind == "long_shot" for e in events)


@pytest.mark.rule("E-ACT-VH-DISTANZ-1")
def test_the_creature_card_lists_a_weapons_fitted_optics() -> None:
    """The card's weapon attributes name the fitted optic by its catalogue name."""
    creatures = [hero("likron", (0, 3), type_="likron", equipment=("mp_laservisier",))]
    battle = optics_battle(OPEN, [*creatures, foe("d1", (9, 3))], [], "likron")
    card = creature_card(battle, "likron")
    mp = next(w for w in card.weapons if w.key == "mp_laservisier")
    assert mp.attributes == ("Dauerfeuer", "Laservisier")


@pytest.mark.rule("E-ACT-VH-DISTANZ-1")
def test_the_old_zielfernrohr_attribute_still_loads_as_a_fitted_scope() -> None:
    """An old catalogue's `attributes = ["Zielfernrohr"]` is read as a fitted scope."""
    catalogue = optics_catalogue()
    old = catalogue.weapons["altes_gewehr"]
    assert old.has_scope and old.optics == (LEGACY_SCOPE,)
    assert WeaponAttribute.SCOPE not in old.attributes
    assert catalogue.warnings == ()
    creatures = [
        hero("ron", (0, 0), equipment=("altes_gewehr",), held=("altes_gewehr",)),
        foe("p1", (10, 0)),
    ]
    battle = optics_battle(WIDE, creatures, [], "ron")
    assert any(e.kind == "long_shot" for e in battle.apply(LongShot("ron", "altes_gewehr", "p1")))


@pytest.mark.rule("E-ACT-VH-DAUERFEUER-2", "E-ACT-HH-FERNKAMPF")
def test_an_optics_wm_counts_in_fernkampf_but_not_in_dauerfeuer() -> None:
    """Dauerfeuer: "Beim Angriff erhält er Nachteil auf seinen Erfolgswurf und Zieloptiken
    wie Smartlink, Laservisier oder Bildvergrößerer haben keinen Effekt."

    The Laservisier's WM +1 is a sample value (the chapter gives none).
    """

    def likron_battle(dice: list[int]) -> Battle:
        creatures = [
            hero(
                "likron",
                (0, 3),
                type_="likron",
                equipment=("mp_laservisier",),
                held=("mp_laservisier",),
            ),
            foe("d1", (3, 3), type_="akuanischer_drogendealer"),
        ]
        return optics_battle(OPEN, creatures, dice, "likron")

    single = likron_battle([2])  # 2 + Fernkampf 6 + WM 1 = 9: a miss, no more dice
    shot = rolls(single.apply(Attack("likron", "d1", "mp_laservisier")))[0]
    assert shot.data["modifier"] == 1 and shot.data["total"] == 2 + 6 + 1
    assert "Laservisier: WM +1" in shot.data["reasons"] and "(Laservisier: WM +1)" in shot.de

    auto = likron_battle([2, 3])  # Dauerfeuer's Nachteil keeps 2: 2 + 6 = 8 < 15
    fire = AreaFire("likron", "mp_laservisier", "AUTO_FIRE", ((3, 2), (3, 3)))
    roll = rolls(auto.apply(fire))[0]
    assert roll.data["modifier"] == 0 and roll.data["total"] == 2 + 6
    assert roll.data["edge"] == -1
    assert any("Zieloptiken ohne Effekt" in reason for reason in roll.data["reasons"])


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-1", "E-ACT-VH-DAUERFEUER-2")
def test_covering_fire_ignores_an_optics_wm_like_dauerfeuer() -> None:
    """Deckungsfeuer is resolved like Dauerfeuer: the Laservisier's WM does not count."""
    creatures = [
        hero(
            "likron",
            (0, 3),
            type_="likron",
            equipment=("mp_laservisier",),
            held=("mp_laservisier",),
        ),
        foe("d1", (6, 0), type_="akuanischer_drogendealer"),
    ]
    battle = optics_battle(OPEN, creatures, [2, 3], "likron")
    roll = rolls(battle.apply(AreaFire("likron", "mp_laservisier", "COVERING_FIRE", ((3, 3),))))[0]
    assert roll.data["modifier"] == 0 and roll.data["total"] == 2 + 6


@pytest.mark.rule("E-ACT-VH-DISTANZ-1")
def test_optics_errors_name_the_file_the_key_and_what_is_expected() -> None:
    """An unknown optic, an item that is none, and an optic on a melee weapon are errors."""
    bad = """
[weapons.falsche_optik]
name = "Falsche Optik"
sw = 2
damage_type = "Stich"
wg = 1
ranges = ["Nah"]
optics = ["smartlnk", "medkit"]

[weapons.messer_mit_optik]
name = "Messer mit Optik"
sw = 1
damage_type = "Hieb"
wg = 1
melee = true
optics = ["zielfernrohr"]
"""
    with pytest.raises(MissionError) as info:
        optics_catalogue(bad)
    problems = {p.key: p for p in info.value.problems}
    unknown = problems["weapons.falsche_optik.optics[0]"]
    assert unknown.path.endswith("weapons.toml") and "smartlink" in unknown.message
    assert "no aiming optic" in problems["weapons.falsche_optik.optics[1]"].message
    assert "ranged weapons" in problems["weapons.messer_mit_optik.optics"].message
    assert len(problems) == 3
