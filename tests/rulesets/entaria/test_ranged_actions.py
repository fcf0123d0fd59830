"""Throws at fields, area fire, covering fire, long shot and reload: given / commands / state.

Every scenario scripts the dice after the initiative roll: the d20s of each check in
order (two with Vorteil or Nachteil), then the d6s of damage, scatter or total.
"""

from __future__ import annotations

import pytest

from game.board.dice import DiceExhausted
from game.board.templates import AreaShape
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.area_fire_zones import AREA_FIRE, COVERING_FIRE
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import Attack, EndTurn, GmMoveToken, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.long_shot import LONG_SHOT, LongShot
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.impact import area_of_impact
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle

OPEN = """
............
............
............
............
............
............
"""

WIDE = "\n".join(["." * 30] * 3)


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def advance_to(battle: Battle, key: str) -> list[Event]:
    """End turns until it is ``key``'s turn (at least one); return the events on the way."""
    events = battle.apply(EndTurn(battle.state.current_key))
    while battle.state.current_key != key:
        events += battle.apply(EndTurn(battle.state.current_key))
    return events


def lp(battle: Battle, key: str) -> int:
    return battle.state.creatures[key].lp


# ------------------------------------------------------------ throws at fields
@pytest.mark.rule("E-THROW-2", "E-ACT-HH-WURF", "E-AREA-2", "E-AREA-3", "E-AREA-ROUND")
def test_grenade_hits_its_field_and_hurts_everyone_in_the_radius() -> None:
    """Fernkampf 8 + d20 7 = 15 vs ZW 15 hits; SW 4 + d6 - armour to each creature, no save."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (0, 2), equipment=("handgranate",)),
            foe("p1", (5, 2)),  # Panzerjacke PAZ 2, LP 12
            foe("dealer", (6, 3), type_="akuanischer_drogendealer"),  # no armour, LP 11
            foe("far", (9, 2), type_="akuanischer_drogendealer"),
        ],
        first="ron",
        dice=[7, 3, 3],  # check; d6 for p1; d6 for the dealer -- and nothing for a save
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    roll = kinds(events, "roll")[0]
    assert roll.data["target"] == 15 and roll.data["success"] is True
    assert lp(battle, "p1") == 12 - (4 + 3 - 2)
    assert lp(battle, "dealer") == 11 - (4 + 3)
    assert lp(battle, "far") == 11  # 4 fields from the impact: outside radius 2
    assert "handgranate" not in battle.state.creatures["ron"].held  # used up
    assert battle.state.budget.spent[0][0] is Action.THROW_ATTACK
    with pytest.raises(DiceExhausted):  # no Reflexe save was rolled (E-AREA-3)
        battle.roller.roll(20)


@pytest.mark.rule("E-THROW-3", "E-SCATTER-1", "E-SCATTER-2", "E-SCATTER-3", "D-7")
def test_missed_grenade_scatters_from_the_target_field() -> None:
    """A miss rolls d20 (12: back toward the thrower) and d6 (2) from X = (5, 2)."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (0, 2), equipment=("handgranate",)),
            foe("p1", (8, 2)),  # 3 fields beyond the landing field (3, 2): outside
            foe("dealer", (3, 3), type_="akuanischer_drogendealer"),
        ],
        first="ron",
        dice=[6, 12, 2, 1],  # 6 + 8 = 14 < 15: miss; scatter d20 12, d6 2; damage d6 1
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    scatter = kinds(events, "scatter")[0]
    assert scatter.data["direction_roll"] == 12 and scatter.data["distance_roll"] == 2
    assert scatter.data["step"] == [-1, 0]
    assert scatter.data["landing"] == [3, 2]
    assert kinds(events, "area")[0].data["landing"] == [3, 2]
    assert lp(battle, "dealer") == 11 - (4 + 1)
    assert lp(battle, "p1") == 12


@pytest.mark.rule("EX-SCATTER-1", "E-OPEN-28", "E-SCATTER-DIR-B")
def test_lara_misses_and_the_grenade_lands_two_fields_in_front_of_her() -> None:
    """Lara (Fernkampf 4) misses X 4 fields away; d20 12, d6 2 -> she is in the blast."""
    battle = make_battle(
        OPEN,
        [hero("lara", (0, 2), type_="lara"), foe("p1", (10, 5))],
        first="lara",
        dice=[5, 12, 2, 3],  # 5 + 4 = 9: miss; back; 2 fields from X; her damage d6
    )
    events = battle.apply(ThrowAtField("lara", "handgranate", (4, 2)))
    assert kinds(events, "scatter")[0].data["landing"] == [2, 2]
    assert lp(battle, "lara") == 16 - (4 + 3)


@pytest.mark.rule("E-AREA-GRID-3", "E-AREA-2")
def test_walls_shield_fields_behind_them_from_the_blast() -> None:
    """The blast covers only map fields the landing field sees, never walls."""
    grid_map = """
........#...
........#...
........#...
............
"""
    battle = make_battle(
        grid_map,
        [
            hero("ron", (3, 1), equipment=("handgranate",)),
            foe("hidden", (9, 1), type_="akuanischer_drogendealer"),
            foe("open", (7, 3), type_="akuanischer_drogendealer"),
        ],
        first="ron",
        dice=[10, 6],  # 10 + 8 = 18: hit (7, 1); only "open" takes damage
    )
    grenade = CATALOGUE.weapons["handgranate"]
    assert grenade.area_shape is not None and grenade.area_size is not None
    area = area_of_impact(battle.grid, grenade.area_shape, grenade.area_size, (3, 1), (7, 1))
    assert (8, 1) not in area and (9, 1) not in area  # the wall and behind it
    assert (8, 3) in area and (7, 3) in area  # the gap below the wall
    battle.apply(ThrowAtField("ron", "handgranate", (7, 1)))
    assert lp(battle, "hidden") == 11
    assert lp(battle, "open") == 11 - (4 + 6)


@pytest.mark.rule("E-DISTURB-1", "E-OPEN-16", "E-OPEN-17")
def test_throw_at_a_field_next_to_an_enemy_is_disturbed() -> None:
    """An enemy in melee reach gives the throw Nachteil: d20s 15 and 5 keep 5 -> miss."""
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2), equipment=("handgranate",)), foe("p1", (1, 2))],
        first="ron",
        dice=[15, 5, 1, 1],  # Nachteil: keep 5 (13 < 15); scatter forward 1 field
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (6, 2)))
    roll = kinds(events, "roll")[0]
    assert roll.data["edge"] == -1 and roll.data["dice"] == [15, 5]
    assert roll.data["success"] is False
    assert kinds(events, "scatter")[0].data["landing"] == [7, 2]
    assert lp(battle, "p1") == 12


def test_critical_failure_on_a_throw_forfeits_the_turn_and_still_scatters() -> None:
    """E-OPEN-30: a natural 1 ends the turn; the grenade still comes down somewhere."""
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2), equipment=("handgranate", "laserpistole")), foe("p1", (11, 5))],
        first="ron",
        dice=[1, 1, 1],
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    assert kinds(events, "crit_fail")
    assert battle.state.budget.forfeited
    assert kinds(events, "scatter")[0].data["landing"] == [6, 2]


# ------------------------------------------------------------------ area fire
def shotgun_battle(dice: list[int], *targets: tuple[str, tuple[int, int]]) -> Battle:
    creatures = [hero("likron", (0, 3), type_="likron", equipment=("schrotgewehr",))]
    creatures += [foe(key, cell, type_="akuanischer_drogendealer") for key, cell in targets]
    return make_battle(OPEN, creatures, first="likron", dice=dice)


@pytest.mark.rule(
    "EX-AREAFIRE-1", "E-AREAFIRE-3", "E-AREAFIRE-4", "E-AREAFIRE-7", "E-AREAFIRE-8", "D-6"
)
def test_shotgun_area_fire_total_five_placed_three_and_two() -> None:
    """Fernkampf HH with BEM 1,1, no Nachteil: d20 9 + 6 = 15; d6 2 -> (3 + 2) x 1 = 5."""
    battle = shotgun_battle(
        [9, 2, 2, 15],  # check; total d6; save of d1 (fails), save of d2 (passes)
        ("d1", (3, 2)),
        ("d2", (3, 3)),
        ("d3", (3, 4)),
    )
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 2), (3, 3), (3, 4))))
    roll = kinds(events, "roll")[0]
    assert roll.data["target"] == 15 and roll.data["edge"] == 0 and roll.data["dice"] == [9]
    placed = kinds(events, "area_fire")[0].data
    assert placed["total"] == 5
    assert placed["fields"] == [[3, 2, 3], [3, 3, 2]]  # at most SW 3, at least 1
    assert lp(battle, "d1") == 11 - 3  # failed save: full
    assert lp(battle, "d2") == 11 - 1  # passed save: half of 2
    assert lp(battle, "d3") == 11  # its field got nothing
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 8 - 1
    assert battle.state.budget.spent[0][0] is Action.RANGED_ATTACK
    assert battle.state.pending == []  # an HH acts only when it resolves (E-OPEN-25)


@pytest.mark.rule(
    "EX-AREAFIRE-2",
    "E-ACT-VH-DAUERFEUER-1",
    "E-ACT-VH-DAUERFEUER-2",
    "E-AREAFIRE-2",
    "E-AREAFIRE-6",
    "E-AREAFIRE-9",
)
def test_submachine_gun_auto_fire_total_fourteen_on_five_fields() -> None:
    """Dauerfeuer: Nachteil (12, 9 keep 9 -> 15); d6 4 -> (3 + 4) x 2 = 14 = 3+3+3+3+2."""
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (4, 4), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=[12, 9, 4, 2],  # Nachteil check; total d6; d1's save fails
    )
    fields = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5))
    events = battle.apply(AreaFire("likron", "maschinenpistole", "AUTO_FIRE", fields))
    roll = kinds(events, "roll")[0]
    assert roll.data["edge"] == -1 and roll.data["kept"] == 9
    placed = kinds(events, "area_fire")[0].data
    assert placed["total"] == 14
    assert [v for _, _, v in placed["fields"]] == [3, 3, 3, 3, 2]
    assert lp(battle, "d1") == 11 - 2
    assert battle.state.creatures["likron"].magazines["maschinenpistole"] == 30 - 10
    assert [p.kind for p in battle.state.pending] == [AREA_FIRE]  # VH window (E-ACT-4)


@pytest.mark.rule("E-AREAFIRE-9", "E-OPEN-25", "E-ACT-4")
def test_auto_fire_fields_hurt_a_creature_entering_them_once_until_the_next_turn() -> None:
    """A creature walking into active Dauerfeuer saves once; the fields end at the next turn."""
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (6, 2), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=[15, 15, 6, 1],  # check; total (3 + 6) x 2 = 18; d1's one save (fails)
    )
    fields = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5))
    battle.apply(AreaFire("likron", "maschinenpistole", "AUTO_FIRE", fields))
    assert lp(battle, "d1") == 11
    advance_to(battle, "d1")
    battle.apply(Move("d1", "WALK", ((6, 2), (5, 2), (4, 2), (4, 3))))
    assert lp(battle, "d1") == 11 - 3  # highest field once (D-6), one save only
    advance_to(battle, "likron")  # Likron's next turn: the fields go
    assert battle.state.pending == []
    advance_to(battle, "d1")
    battle.apply(Move("d1", "WALK", ((4, 3), (4, 4))))
    assert lp(battle, "d1") == 11 - 3


def test_area_fire_places_no_more_than_the_declared_fields_hold() -> None:
    """E-OPEN-24 (iv): one field takes SW 3 of the total 5; the other 2 are lost."""
    battle = shotgun_battle([10, 2, 1], ("d1", (3, 3)))
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3),)))
    placed = kinds(events, "area_fire")[0].data
    assert placed["fields"] == [[3, 3, 3]] and placed["lost"] == 2
    assert lp(battle, "d1") == 11 - 3


@pytest.mark.rule("E-AREAFIRE-5", "E-OPEN-24")
def test_the_band_of_the_farthest_field_modifies_the_area_fire_check() -> None:
    """A field at Kernschuss among Nah fields: the farthest (Nah) counts, no Nachteil."""
    battle = shotgun_battle([10, 1])
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((1, 3), (2, 3))))
    assert kinds(events, "roll")[0].data["edge"] == 0
    battle2 = shotgun_battle([10, 10, 1])
    events2 = battle2.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((1, 3), (1, 2))))
    assert kinds(events2, "roll")[0].data["edge"] == -1  # all at Kernschuss: Nachteil


def test_area_fire_miss_spends_ammunition_and_places_nothing() -> None:
    """E-AREAFIRE-3/4: only a success places damage; the rounds are fired anyway."""
    battle = shotgun_battle([2], ("d1", (3, 3)))
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3),)))
    assert kinds(events, "miss") and not kinds(events, "area_fire")
    assert lp(battle, "d1") == 11
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 7


@pytest.mark.rule("E-OPEN-30")
def test_critical_area_fire_doubles_the_total_and_gives_the_saf_on_a_failed_save() -> None:
    """A natural 20: (3 + 2) x 1 x 2 = 10; the failed save takes SW 3 and Stich's Blutend."""
    battle = shotgun_battle([20, 2, 3], ("d1", (3, 3)))
    events = battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3), (3, 4))))
    assert kinds(events, "area_fire")[0].data["total"] == 10
    assert lp(battle, "d1") == 11 - 3
    assert Condition.BLEEDING in battle.state.creatures["d1"].conditions


def test_critical_failure_on_area_fire_empties_the_magazine() -> None:
    """E-CRIT-FAIL-3, E-OPEN-30 (iii)/(iv): a natural 1 forfeits the turn, magazine empty."""
    battle = shotgun_battle([1], ("d1", (3, 3)))
    battle.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 3),)))
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 0
    assert battle.state.budget.forfeited


# ---------------------------------------------------------------- covering fire
def covering_battle(dice: list[int]) -> Battle:
    return make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            hero("ron", (4, 1), equipment=()),  # an ally in the fire: saves normally
            foe("p1", (4, 2)),  # Panzerjacke PAZ 2, LP 12
            foe("p2", (7, 4)),
        ],
        first="likron",
        dice=dice,
    )


COVER_FIELDS = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5))


@pytest.mark.rule(
    "E-ACT-VH-DECKUNGSFEUER-1",
    "E-ACT-VH-DECKUNGSFEUER-2",
    "E-ACT-VH-DECKUNGSFEUER-4",
    "E-ACT-VH-DECKUNGSFEUER-5",
    "E-OPEN-23",
)
def test_covering_fire_hits_enemies_without_a_save_and_leaves_the_shooter_defenceless() -> None:
    """Nachteil check, total 14 on 3,3,3,3,2; p1 on a 3-field takes 3 - 2 = 1, no save."""
    battle = covering_battle([15, 15, 4, 2])  # check; total d6; Ron's save (fails)
    events = battle.apply(AreaFire("likron", "maschinenpistole", "COVERING_FIRE", COVER_FIELDS))
    assert kinds(events, "roll")[0].data["edge"] == -1
    assert lp(battle, "p1") == 12 - (3 - 2)
    assert lp(battle, "ron") == 18 - 3  # the ally rolled the normal area-fire save
    likron = battle.state.creatures["likron"]
    assert likron.magazines["maschinenpistole"] == 30 - 2 * 10
    assert Condition.DEFENSELESS in likron.conditions
    assert [p.kind for p in battle.state.pending] == [COVERING_FIRE]


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-3", "E-ACT-VH-DECKUNGSFEUER-4", "E-OPEN-23")
def test_enemy_entering_covering_fire_takes_each_field_once_until_the_shooters_turn() -> None:
    """p2 walks over two covered fields (3 and 2): 1 + 0 after armour; again: nothing."""
    battle = covering_battle([15, 15, 4, 20])
    battle.apply(AreaFire("likron", "maschinenpistole", "COVERING_FIRE", COVER_FIELDS))
    advance_to(battle, "p2")
    battle.apply(Move("p2", "WALK", ((7, 4), (6, 3), (5, 3), (4, 3), (4, 4), (5, 5))))
    assert lp(battle, "p2") == 12 - (3 - 2) - 0
    battle.apply(Move("p2", "WALK", ((5, 5), (4, 4), (5, 3))))  # (4, 4) again: no more
    assert lp(battle, "p2") == 12 - 1
    events = advance_to(battle, "likron")
    likron = battle.state.creatures["likron"]
    assert battle.state.pending == [] and Condition.DEFENSELESS not in likron.conditions
    assert kinds(events, "zone_ends")


@pytest.mark.parametrize(
    ("mode", "weapon", "reason"),
    [
        ("AUTO_FIRE", "schrotgewehr", "automatic fire"),  # E-ACT-VH-DAUERFEUER-1
        ("BEM_SHOT", "maschinenpistole", "area fire"),  # E-AREAFIRE-1
        ("SPRAY", "maschinenpistole", "unknown area fire"),
    ],
)
def test_area_fire_needs_the_right_weapon(mode: str, weapon: str, reason: str) -> None:
    """E-ACT-VH-DAUERFEUER-1, E-ACT-VH-DECKUNGSFEUER-1, E-AREAFIRE-1."""
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=(weapon,)),
            foe("p1", (10, 5)),
        ],
        first="likron",
    )
    with pytest.raises(CommandRejected, match=reason):
        battle.apply(AreaFire("likron", weapon, mode, ((3, 2),)))


def test_covering_fire_works_with_a_bereichsfeuer_weapon() -> None:
    """E-ACT-VH-DECKUNGSFEUER-1: Bereichsfeuer or Dauerfeuer; 2 rounds from the shotgun."""
    battle = shotgun_battle([15, 15, 1])
    battle.apply(AreaFire("likron", "schrotgewehr", "COVERING_FIRE", ((3, 3),)))
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 8 - 2


# ------------------------------------------------------------------ long shot
def sniper_battle(target_cell: tuple[int, int], dice: list[int] | None = None) -> Battle:
    grid = "\n".join(["." * 30] * 3 + ["#" * 3 + "." * 27])
    return make_battle(
        grid,
        [
            hero("ron", (0, 0), equipment=("scharfschuetzengewehr",)),
            foe("p1", target_cell, equipment=("panzerjacke",)),
        ],
        first="ron",
        dice=dice,
    )


@pytest.mark.rule("E-ACT-VH-DISTANZ-2", "E-ACT-VH-DISTANZ-3", "E-ACT-VH-DISTANZ-4", "E-OPEN-10")
def test_long_shot_fires_at_the_start_of_the_next_turn_with_vorteil_at_weit() -> None:
    """Declared in round 1 (no roll); fires in round 2: Weit Nachteil + Vorteil = edge 0."""
    battle = sniper_battle((25, 0), dice=[10, 4])  # 10 + 8 = 18 vs 12; d6 4
    events = battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    assert not kinds(events, "roll")
    ron = battle.state.creatures["ron"]
    assert Condition.FOCUSED in ron.conditions
    assert [p.kind for p in battle.state.pending] == [LONG_SHOT]
    events = advance_to(battle, "ron")
    roll = kinds(events, "roll")[0]
    assert roll.data["edge"] == 0 and roll.data["dice"] == [10] and roll.data["band"] == "LONG"
    assert lp(battle, "p1") == 12 - (6 + 4 - 2)
    assert Condition.FOCUSED not in ron.conditions and battle.state.pending == []
    assert ron.magazines["scharfschuetzengewehr"] == 4
    assert battle.state.current_key == "ron" and battle.state.budget.spent == ()  # on top


@pytest.mark.rule("E-ACT-VH-DISTANZ-3")
def test_long_shot_at_mittel_has_no_vorteil() -> None:
    battle = sniper_battle((10, 0), dice=[10, 4])
    battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    roll = kinds(advance_to(battle, "ron"), "roll")[0]
    assert roll.data["edge"] == 0 and roll.data["band"] == "MEDIUM"


@pytest.mark.rule("E-ACT-VH-DISTANZ-4", "E-COND-FOKUSSIERT-2", "E-OPEN-10")
def test_losing_lp_while_focused_cancels_the_long_shot() -> None:
    """p1 shoots Ron (Fokussiert -> Wehrlos: Vorteil); the LP loss ends the shot."""
    battle = make_battle(
        WIDE,
        [
            hero("ron", (0, 0), equipment=("scharfschuetzengewehr",)),
            foe("p1", (10, 0)),
        ],
        first="ron",
        dice=[19, 19, 2],  # p1's attack with Vorteil; damage d6
    )
    battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    battle.apply(EndTurn("ron"))
    events = battle.apply(Attack("p1", "ron", "laserpistole"))
    assert kinds(events, "interrupted")
    assert battle.state.pending == []
    assert Condition.FOCUSED not in battle.state.creatures["ron"].conditions
    events = advance_to(battle, "ron")  # nothing fires, no die is rolled
    assert not kinds(events, "roll") and not kinds(events, "long_shot_cancelled")


@pytest.mark.rule("E-OPEN-10")
def test_long_shot_checks_range_when_it_fires() -> None:
    """The target came next to Ron: Kernschuss, which the sniper rifle cannot fire at."""
    battle = sniper_battle((10, 0), dice=[])
    battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    battle.apply(EndTurn("ron"))
    battle.apply(GmMoveToken(None, "p1", (1, 1)))
    events = advance_to(battle, "ron")
    cancelled = kinds(events, "long_shot_cancelled")
    assert cancelled and "E-RANGE-2" in cancelled[0].en
    assert battle.state.pending == []
    assert battle.state.creatures["ron"].magazines["scharfschuetzengewehr"] == 5


@pytest.mark.rule("E-OPEN-10")
def test_long_shot_checks_line_of_sight_when_it_fires() -> None:
    """The target stepped behind a wall after the declaration: the shot is called off."""
    grid = "\n".join([".." * 15] * 2 + ["." * 10 + "#" + "." * 19] * 2)
    battle = make_battle(
        grid,
        [
            hero("ron", (0, 2), equipment=("scharfschuetzengewehr",)),
            foe("p1", (15, 0), equipment=("panzerjacke",)),
        ],
        first="ron",
        dice=[],
    )
    battle.apply(LongShot("ron", "scharfschuetzengewehr", "p1"))
    battle.apply(EndTurn("ron"))
    battle.apply(GmMoveToken(None, "p1", (15, 2)))
    cancelled = kinds(advance_to(battle, "ron"), "long_shot_cancelled")
    assert cancelled and "line of sight" in cancelled[0].en


@pytest.mark.rule("E-ACT-VH-DISTANZ-1")
def test_long_shot_needs_a_scope() -> None:
    battle = make_battle(
        WIDE,
        [hero("ron", (0, 0), equipment=("lasergewehr",)), foe("p1", (10, 0))],
        first="ron",
    )
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match="scope"):
        battle.apply(LongShot("ron", "lasergewehr", "p1"))
    assert battle.state.to_dict() == before
    reasons = {a.action: a.reason for a in battle.legal_actions()}
    assert "scope" in reasons[Action.LONG_SHOT]


# ------------------------------------------------------------------ reload
@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_reload_fills_the_magazine_of_a_held_weapon() -> None:
    battle = make_battle(
        OPEN, [hero("ron", (0, 0), equipment=("laserpistole",)), foe("p1", (9, 5))], first="ron"
    )
    ron = battle.state.creatures["ron"]
    ron.magazines["laserpistole"] = 2  # given: two shots left
    battle.apply(Reload("ron", "laserpistole"))
    assert ron.magazines["laserpistole"] == 15
    assert battle.state.budget.spent[0][0] is Action.INTERACT
    with pytest.raises(CommandRejected, match="fully loaded"):
        battle.apply(Reload("ron", "laserpistole"))


# ------------------------------------------------------------ rejections
def _given(current: str) -> Battle:
    grid = """
............
....#.......
....#.......
............
"""
    battle = make_battle(
        grid,
        [
            hero(
                "ron",
                (0, 2),
                equipment=("handgranate", "laserpistole", "kampfmesser", "maschinenpistole"),
            ),
            hero("lik", (0, 0), type_="likron", equipment=("maschinenpistole",)),
            foe("p1", (8, 2)),
        ],
        first=current,
        dice=[],
    )
    ron = battle.state.creatures["ron"]
    ron.held = ["handgranate", "laserpistole", "kampfmesser"]  # given: several in hand
    ron.carried = ["maschinenpistole"]
    return battle


REJECTED: list[tuple[str, str, Command]] = [
    ("ron", "does not hold", ThrowAtField("ron", "maschinenpistole", (5, 2))),
    ("ron", "outside the map or a wall", ThrowAtField("ron", "handgranate", (4, 2))),
    ("ron", "outside the map", ThrowAtField("ron", "handgranate", (20, 2))),
    ("ron", "that far or near", ThrowAtField("ron", "handgranate", (1, 2))),  # Kernschuss
    ("ron", "line of sight", ThrowAtField("ron", "handgranate", (6, 2))),
    ("ron", "thrown weapon", ThrowAtField("ron", "laserpistole", (2, 2))),
    ("ron", "no area", ThrowAtField("ron", "kampfmesser", (2, 2))),  # E-THROW-2
    ("ron", "does not hold", AreaFire("ron", "maschinenpistole", "AUTO_FIRE", ((2, 2),))),
    ("lik", "at least one field", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ())),
    ("lik", "once", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((2, 0), (2, 0)))),
    ("lik", "by an edge", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((2, 0), (3, 1)))),
    ("lik", "own field", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((0, 0), (1, 0)))),
    ("lik", "line of sight", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((5, 2),))),
    ("lik", "outside the map", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((25, 0),))),
    ("lik", "wall", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((4, 1),))),
    ("ron", "turn", AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((2, 0),))),
    ("ron", "scope", LongShot("ron", "laserpistole", "p1")),
    ("ron", "no creature", LongShot("ron", "laserpistole", "nobody")),
    ("ron", "no magazine", Reload("ron", "handgranate")),
    ("ron", "fully loaded", Reload("ron", "laserpistole")),
    ("ron", "does not hold", Reload("ron", "maschinenpistole")),
]


@pytest.mark.rule("E-AREAFIRE-5", "E-AREAFIRE-6", "D-6", "E-OPEN-24")
@pytest.mark.parametrize(("current", "reason", "command"), REJECTED)
def test_a_rejected_command_changes_nothing(current: str, reason: str, command: Command) -> None:
    """Handlers validate before they change anything: the state and record stay as given."""
    battle = _given(current)
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match=reason):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert battle.record == []


@pytest.mark.rule("E-RANGE-2", "D-6", "E-OPEN-24")
def test_area_fire_fields_must_be_within_the_weapons_range() -> None:
    """The submachine gun reaches Mittel (20 fields): a field 25 away is refused."""
    battle = make_battle(
        WIDE,
        [hero("lik", (0, 1), type_="likron", equipment=("maschinenpistole",)), foe("p1", (29, 2))],
        first="lik",
    )
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match="out of the weapon's range"):
        battle.apply(AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((20, 1), (25, 1))))
    assert battle.state.to_dict() == before


def test_not_enough_rounds_for_covering_fire_is_rejected() -> None:
    """E-ACT-VH-DECKUNGSFEUER-2: 2 x 10 rounds needed, 15 left: refused, nothing changes."""
    battle = make_battle(
        OPEN,
        [hero("lik", (0, 2), type_="likron", equipment=("maschinenpistole",)), foe("p1", (9, 5))],
        first="lik",
    )
    battle.state.creatures["lik"].magazines["maschinenpistole"] = 15
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match="uses 20 rounds"):
        battle.apply(AreaFire("lik", "maschinenpistole", "COVERING_FIRE", ((3, 2),)))
    assert battle.state.to_dict() == before
    reasons = {a.action: a.reason for a in battle.legal_actions()}
    assert "reload" in reasons[Action.COVERING_FIRE] and reasons[Action.AUTO_FIRE] == ""


def test_commands_round_trip_through_json() -> None:
    for command in (
        ThrowAtField("ron", "handgranate", (5, 2)),
        AreaFire("lik", "maschinenpistole", "AUTO_FIRE", ((2, 0), (2, 1))),
        LongShot("ron", "scharfschuetzengewehr", "p1"),
        Reload("ron", "laserpistole"),
    ):
        assert COMMANDS.from_dict(command.to_dict()) == command


def test_legal_actions_report_the_ranged_actions() -> None:
    """A held grenade allows Wurfangriff; Dauerfeuer needs a Dauerfeuer weapon."""
    battle = make_battle(
        OPEN, [hero("ron", (0, 2), equipment=("handgranate",)), foe("p1", (9, 5))], first="ron"
    )
    legal = {a.action: a for a in battle.legal_actions()}
    assert legal[Action.THROW_ATTACK].allowed
    reason = legal[Action.AUTO_FIRE].reason
    assert not legal[Action.AUTO_FIRE].allowed and "automatic fire" in reason


def test_a_match_with_pending_zones_saves_and_loads() -> None:
    """The state with a covering-fire zone survives to_dict/from_dict unchanged."""
    import json

    from game.rulesets.entaria.state import BattleState

    battle = covering_battle([15, 15, 4, 2])
    battle.apply(AreaFire("likron", "maschinenpistole", "COVERING_FIRE", COVER_FIELDS))
    data = json.loads(json.dumps(battle.state.to_dict()))
    assert BattleState.from_dict(data).to_dict() == data


@pytest.mark.rule("E-AREA-ROUND", "E-OPEN-26", "D-8")
def test_a_blast_is_clipped_to_the_map() -> None:
    """Radius 2 covers 21 fields in the open, 8 in a map corner."""
    battle = make_battle(OPEN, [hero("ron", (5, 5)), foe("p1", (11, 5))])
    assert len(area_of_impact(battle.grid, AreaShape.ROUND, 2, (5, 5), (5, 2))) == 21
    corner = area_of_impact(battle.grid, AreaShape.ROUND, 2, (5, 5), (0, 0))
    assert len(corner) == 8 and (2, 2) not in corner
