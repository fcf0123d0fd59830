"""The screen's questions: given a small match, the answer the overlay draws.

Each answer is also checked against the engine: a field the movement overlay offers
is a Move the engine accepts, a cover mark is plan_attack's cover, a predicted edge
is the edge of the attack roll that follows.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.board.dice import RandomRoller
from game.board.grid import BattleGrid, Cover, FieldKind, Terrain
from game.board.movement import find_path, path_cost, reachable
from game.board.templates import AreaShape
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFire, AreaFireRoll, placement_of
from game.rulesets.entaria.area_fire_placement import (
    PlaceAreaFire,
    placement_errors,
    suggested_placement,
)
from game.rulesets.entaria.catalogue import FrozenMap
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.combat import plan_attack
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import (
    Attack,
    EndTurn,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmMoveToken,
    GmSetLifePoints,
    Move,
    UseAction,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.moving import move_allowance
from game.rulesets.entaria.queries.area_fire import area_fire_preview, deckungsfeuer_zones
from game.rulesets.entaria.queries.cards import creature_card
from game.rulesets.entaria.queries.dry_runs import GroundItem, reachable_ground_items
from game.rulesets.entaria.queries.fog import FogCache, fog_of_war
from game.rulesets.entaria.queries.log import log_entries_for, log_for
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.queries.ranges import range_rings
from game.rulesets.entaria.queries.reach import threat_zones
from game.rulesets.entaria.queries.scatter import scatter_diagram, scatter_path
from game.rulesets.entaria.queries.targets import cover_override, target_marks
from game.rulesets.entaria.queries.templates import template_cells
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.impact import area_of_impact
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.scatter import ScatterDir
from game.rulesets.entaria.rules.terms import Condition, SaveValue, german
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment
from game.rulesets.entaria.state import BattleState, HiddenItem
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

OPEN = "\n".join(["." * 10] * 7)
WIDE = "\n".join(["." * 30] * 3)


def accepted(battle: Battle, command: object) -> bool:
    """Return whether the engine applies ``command``; the state is restored either way."""
    snapshot = battle.state.to_dict()  # shares nothing with the live state
    roller = battle.roller
    battle.roller = RandomRoller(7)
    try:
        battle.apply(command)  # type: ignore[arg-type]
        return True
    except CommandRejected:
        return False
    finally:
        battle.state = BattleState.from_dict(snapshot)
        battle.roller = roller


# ==================================================================== movement
@pytest.mark.rule("E-ACT-HH-GEHEN-1", "D-10", "E-MOVE-1")
def test_walking_in_the_open_offers_exactly_the_rules_reachable_fields() -> None:
    """Ron (BEW 6) alone: the costs are movement.reachable with budget 6, no save anywhere."""
    battle = make_battle(OPEN, [hero("ron", (1, 3)), foe("p1", (9, 0))], first="ron")
    options = movement_options(battle, "ron", Action.WALK)
    assert options.allowed and options.reason == ""
    assert options.allowance == 6 and options.halved_allowance == 3
    expected = reachable(battle.grid, (1, 3), 6, enemies=[(9, 0)])
    assert dict(options.costs) == expected
    assert options.needs_save == frozenset()
    assert options.cost_mask[3, 7] == 6 and options.cost_mask[0, 9] == -1  # enemy field
    assert options.path_to((7, 3)) == [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3)]
    assert options.path_to((8, 3)) is None and options.cost_of((8, 3)) is None


@pytest.mark.rule("E-ACT-VH-LAUFEN-1", "E-ACT-HH-LOESEN")
def test_running_triples_and_disengaging_allows_one_field() -> None:
    """Laufen 3 x BEW = 18; Lösen 1 field."""
    battle = make_battle(WIDE, [hero("ron", (0, 1)), foe("p1", (29, 0))], first="ron")
    run = movement_options(battle, "ron", Action.RUN)
    assert run.allowance == 18 and run.cost_of((18, 1)) == 18 and run.cost_of((19, 1)) is None
    loosen = movement_options(battle, "ron", Action.DISENGAGE)
    assert loosen.allowance == 1
    assert set(loosen.costs) == {(0, 1), (0, 0), (1, 0), (1, 1), (0, 2), (1, 2)}


@pytest.mark.rule("E-TERRAIN-DIFF-1", "D-10", "E-MOVETYPE-S")
def test_difficult_ground_costs_two_and_is_marked_for_the_mover() -> None:
    """Rubble ':' costs 2 to enter; the mask marks it."""
    grid = """
.:.......
.:.......
.:.......
"""
    battle = make_battle(grid, [hero("ron", (0, 1)), foe("p1", (8, 0))], first="ron")
    options = movement_options(battle, "ron", Action.WALK)
    assert options.cost_of((1, 1)) == 2 and options.cost_of((2, 1)) == 3
    assert options.difficult[1, 1] and not options.difficult[1, 0]
    assert not options.crawling


@pytest.mark.rule("E-COND-LIEGEND-2", "E-OPEN-38", "E-COND-LIEGEND-1")
def test_a_prone_creature_crawls_at_two_per_field() -> None:
    """Liegend: Gehen becomes crawling, every field costs 2 (BEW 6 -> 3 fields)."""
    battle = make_battle(
        OPEN,
        [hero("ron", (1, 3), conditions=(Condition.PRONE,)), foe("p1", (9, 0))],
        first="ron",
    )
    options = movement_options(battle, "ron", Action.WALK)
    assert options.crawling
    assert options.cost_of((4, 3)) == 6 and options.cost_of((5, 3)) is None


@pytest.mark.rule("E-OBST-1", "E-OBST-2", "D-10")
def test_allies_are_passed_but_not_ended_on_and_enemies_block() -> None:
    """A corridor: the ally on (2,1) is passed, not ended on; the enemy on (6,1) blocks."""
    grid = """
#########
.........
#########
"""
    battle = make_battle(
        grid,
        [hero("ron", (0, 1)), hero("val", (2, 1), type_="valina"), foe("p1", (6, 1))],
        first="ron",
    )
    options = movement_options(battle, "ron", Action.RUN)
    assert (2, 1) not in options.costs and options.cost_of((3, 1)) == 3
    assert (6, 1) not in options.costs and (7, 1) not in options.costs
    assert options.path_to((3, 1)) == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert accepted(battle, Move("ron", "RUN", tuple(options.path_to((3, 1)) or ())))


@pytest.mark.rule("D-10", "E-ACT-HH-GEHEN-2", "E-OPEN-12", "E-OPEN-11")
def test_an_engaged_walker_moves_freely_inside_the_reach_and_halved_out_of_it() -> None:
    """Ron next to a pirate: inside its reach no save; out of it the save and 3 fields."""
    battle = make_battle(OPEN, [hero("ron", (4, 3)), foe("p1", (5, 3))], first="ron")
    options = movement_options(battle, "ron", Action.WALK)
    reach = {(x, y) for x in (4, 5, 6) for y in (2, 3, 4)} - {(5, 3)}
    assert options.disengage == frozenset(reach)
    assert options.halved_allowance == 3
    assert options.cost_of((6, 3)) == 2 and (6, 3) not in options.needs_save  # round the pirate
    assert options.cost_of((1, 3)) == 3 and (1, 3) in options.needs_save
    assert options.cost_of((0, 3)) is None  # 4 fields out of reach: more than halved
    assert all(cell not in reach for cell in options.needs_save)


@pytest.mark.rule("D-10", "E-OPEN-11", "E-ACT-VH-LAUFEN-2")
def test_passing_an_enemys_reach_in_a_corridor_asks_the_save_only_beyond_it() -> None:
    """A pirate in a niche: entering its reach is free, leaving it costs the save (halved)."""
    grid = """
####.####
.........
#########
"""
    battle = make_battle(grid, [hero("ron", (0, 1)), foe("p1", (4, 0))], first="ron")
    walk = movement_options(battle, "ron", Action.WALK)
    assert walk.cost_of((5, 1)) == 5 and (5, 1) not in walk.needs_save
    assert walk.cost_of((6, 1)) is None  # leaves the reach: halved to 3, but costs 6
    run = movement_options(battle, "ron", Action.RUN)
    assert run.cost_of((8, 1)) == 8 and (8, 1) in run.needs_save  # 8 <= 18 // 2


@pytest.mark.rule("D-10", "E-ACT-HH-GEHEN-2", "E-ACT-HH-GEHEN-3", "E-OBST-2")
@pytest.mark.parametrize("action", ["WALK", "RUN", "DISENGAGE"])
def test_every_offered_field_is_a_move_the_engine_accepts(action: str) -> None:
    """For each offered field the Move with path_to is applied; the others are refused."""
    grid = """
..........
....=.....
..#.......
..#.::....
..........
"""
    battle = make_battle(
        grid,
        [
            hero("ron", (4, 2)),
            hero("val", (3, 3), type_="valina"),
            foe("p1", (5, 2)),
            foe("p2", (7, 4)),
        ],
        first="ron",
    )
    options = movement_options(battle, "ron", Action[action])
    assert options.allowed and bool(options.needs_save) == (action != "DISENGAGE")
    enemies = [(5, 2), (7, 4)]
    for cell, cost in options.costs.items():
        if cell == (4, 2):
            continue
        path = options.path_to(cell)
        assert path is not None and path[0] == (4, 2) and path[-1] == cell
        assert path_cost(battle.grid, path, enemies=enemies, allies=[(3, 3)]) == cost
        assert accepted(battle, Move("ron", action, tuple(path))), cell
    for cell in reachable(battle.grid, (4, 2), 18, enemies=enemies, allies=[(3, 3)]):
        if cell in options.costs:
            continue
        path = find_path(battle.grid, (4, 2), cell, enemies=enemies, allies=[(3, 3)])
        assert path is not None
        assert not accepted(battle, Move("ron", action, tuple(path))), cell


def test_a_creature_out_of_turn_gets_its_fields_but_not_the_permission() -> None:
    """legal_actions' reason is passed through: the overlay greys it."""
    battle = make_battle(OPEN, [hero("ron", (1, 3)), foe("p1", (8, 3))], first="ron")
    options = movement_options(battle, "p1", Action.WALK)
    assert not options.allowed and "turn" in options.reason
    assert options.costs
    with pytest.raises(ValueError):
        movement_options(battle, "ron", Action.MELEE_ATTACK)


@pytest.mark.rule("E-ACT-VH-STURM", "E-OPEN-20")
def test_charge_offers_the_straight_path_the_engine_takes() -> None:
    """Sturmangriff (2 x BEW) straight at the pirate, ending next to it; accepted."""
    battle = make_battle(OPEN, [hero("ron", (0, 3)), foe("p1", (6, 3))], first="ron")
    options = movement_options(battle, "ron", Action.CHARGE)
    assert options.allowed and options.allowance == 12
    path = options.charges["p1"]
    assert path == ((0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3))
    assert options.path_to((5, 3)) == list(path) and options.cost_of((5, 3)) == 5
    assert accepted(battle, Charge("ron", "p1", "unarmed"))


@pytest.mark.rule("E-ACT-VH-STURM")
def test_no_charge_from_within_an_enemys_reach() -> None:
    battle = make_battle(OPEN, [hero("ron", (4, 3)), foe("p1", (5, 3))], first="ron")
    options = movement_options(battle, "ron", Action.CHARGE)
    assert not options.allowed and "reach" in options.reason
    assert options.charges == {} and dict(options.costs) == {(4, 3): 0}


# ==================================================================== threat zones
@pytest.mark.rule("E-REACH-2", "E-REACH-3", "E-OPEN-17", "E-MELEE-2")
def test_threat_zones_show_weapon_reach_and_only_acting_enemies() -> None:
    """A Vibrospeer (Distanz) reaches 2 fields; a stunned pirate threatens nothing."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (3, 3), equipment=("vibrospeer",)),
            foe("p1", (7, 3)),
            foe("p2", (0, 0), conditions=(Condition.STUNNED,)),
        ],
        first="ron",
    )
    zones = threat_zones(battle, "ron")
    assert zones.own_reach == 2 and int(zones.own.sum()) == 25 - 1
    assert zones.own[1, 5] and not zones.own[3, 3]
    assert set(zones.enemies) == {"p1"}
    assert int(zones.enemies["p1"].sum()) == 8 and zones.union[2, 8]
    assert not zones.union[1, 1]


# ==================================================================== range rings
@pytest.mark.rule(
    "E-RANGE-1",
    "E-RANGE-2",
    "E-RANGE-KERN",
    "E-RANGE-NAH",
    "E-RANGE-MITTEL",
    "E-RANGE-WEIT",
    "E-RANGE-EXTREM",
    "D-1",
)
def test_range_rings_give_each_band_its_distances_use_and_edge() -> None:
    """Laser rifle (Nah, Mittel, Weit): Kernschuss unusable, Weit Nachteil, band per field."""
    battle = make_battle(
        WIDE, [hero("ron", (0, 1), equipment=("lasergewehr",)), foe("p1", (29, 0))], first="ron"
    )
    rings = range_rings(battle, "ron", "lasergewehr")
    by_band = {ring.band: ring for ring in rings.bands}
    assert [(r.low, r.high) for r in rings.bands] == [
        (1, 1),
        (2, 4),
        (5, 20),
        (21, 100),
        (101, 1000),
    ]
    assert not by_band[RangeBand.POINT_BLANK].usable and by_band[RangeBand.POINT_BLANK].reason
    assert by_band[RangeBand.NEAR].usable and by_band[RangeBand.NEAR].edge == 0
    assert by_band[RangeBand.LONG].usable and by_band[RangeBand.LONG].edge == -1
    assert by_band[RangeBand.EXTREME].edge == -2 and not by_band[RangeBand.EXTREME].usable
    assert by_band[RangeBand.POINT_BLANK].edge == -1
    row = rings.band_index[1].tolist()
    assert row[:6] == [0, 1, 2, 2, 2, 3] and row[20] == 3 and row[21] == 4
    assert rings.band_index[0, 1] == 1  # diagonal neighbour: 1 field (D-1)
    usable = rings.usable_mask()
    assert not usable[1, 1] and usable[1, 2] and usable[1, 29]


@pytest.mark.rule("E-UNDERWATER-3", "E-UNDERWATER-4", "E-UNDERWATER-6")
def test_under_water_the_bands_shrink_and_mittel_gives_nachteil() -> None:
    """Laser rifle keeps Nah and Mittel (Mittel: Nachteil); the harpoon gun has no Nachteil."""
    setup = BattleSetup(
        "Wasser",
        BattleGrid.from_ascii(WIDE),
        SIDES,
        (hero("ron", (0, 1), equipment=("lasergewehr", "harpunengewehr")), foe("p1", (29, 0))),
        environment=Environment(underwater=True),
    )
    battle = new_battle(setup, CATALOGUE, 1)
    rifle = {r.band: r for r in range_rings(battle, "ron", "lasergewehr").bands}
    assert rifle[RangeBand.NEAR].usable and rifle[RangeBand.MEDIUM].usable
    assert not rifle[RangeBand.LONG].usable and "under water" in rifle[RangeBand.LONG].reason
    assert rifle[RangeBand.MEDIUM].edge == -1
    harpoon = {r.band: r for r in range_rings(battle, "ron", "harpunengewehr").bands}
    assert harpoon[RangeBand.NEAR].usable and not harpoon[RangeBand.MEDIUM].usable
    assert harpoon[RangeBand.MEDIUM].edge == 0


# ==================================================================== target marks
MARKS = """
..........
...#......
....=.....
.....%....
..........
"""


@pytest.mark.rule("D-9", "E-COVER-1", "E-COVER-2", "E-COVER-3", "E-COVER-4", "E-OPEN-15")
def test_target_marks_show_sight_and_cover_as_plan_attack_proposes_it() -> None:
    """Low obstacle: Teildeckung; smoke: Volldeckung and Nachteil; wall: no sight."""
    battle = make_battle(
        MARKS,
        [
            hero("ron", (2, 2)),
            foe("open", (2, 4)),
            foe("low", (6, 2)),
            foe("smoke", (8, 4)),
            foe("wall", (4, 0)),
            foe("behind", (9, 2)),  # behind "low": a creature gives Teildeckung
        ],
        first="ron",
    )
    marks = target_marks(battle, "ron")
    assert set(marks) == {"open", "low", "smoke", "wall", "behind"}
    assert marks["open"].cover is Cover.NONE and marks["open"].band is RangeBand.NEAR
    assert marks["low"].cover is Cover.PARTIAL
    assert marks["behind"].cover is Cover.PARTIAL
    assert marks["smoke"].cover is Cover.FULL and marks["smoke"].edge == -1
    assert not marks["wall"].sight and marks["wall"].cover is None
    assert not marks["wall"].attackable and "line of sight" in marks["wall"].reason
    ron = battle.state.creatures["ron"]
    weapon = battle.weapon("laserpistole")
    for key, mark in marks.items():
        if mark.attackable:
            plan = plan_attack(battle, ron, battle.state.creatures[key], weapon)
            assert plan.cover is mark.cover and plan.band is mark.band


@pytest.mark.rule("D-9")
def test_the_gms_cover_ruling_shows_until_the_attack_is_made() -> None:
    battle = make_battle(MARKS, [hero("ron", (2, 2)), foe("p1", (2, 4))], first="ron")
    battle.apply(GmCoverOverride(None, "ron", "p1", "FULL"))
    mark = target_marks(battle, "ron")["p1"]
    assert mark.cover is Cover.FULL and mark.computed_cover is Cover.NONE
    assert mark.override is Cover.FULL and mark.edge == -1


@pytest.mark.rule("E-DISTURB-1", "E-COND-WEHRLOS", "E-COND-LIEGEND-1", "D-2")
def test_the_predicted_edge_is_the_edge_of_the_attack_roll() -> None:
    """Störung (-1) and a prone target (Wehrlos, +1 for attackers); then Kernschuss (-1)."""
    battle = make_battle(
        OPEN,
        [
            hero("ron", (1, 3)),
            foe("near", (2, 3)),  # in reach: disturbs every ranged attack of Ron
            foe("prone", (6, 3), conditions=(Condition.PRONE,)),
        ],
        first="ron",
        dice=[3, 3, 3, 3, 3, 3],
    )
    marks = target_marks(battle, "ron", "laserpistole")
    assert marks["prone"].edge == -1 + 1 and not marks["prone"].melee
    assert marks["near"].edge == -1 - 1 and marks["near"].band is RangeBand.POINT_BLANK
    assert marks["near"].in_melee_reach
    events = battle.apply(Attack("ron", "prone", "laserpistole"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["edge"] == marks["prone"].edge


@pytest.mark.rule("E-UNFORESEEN-2", "E-COND-UNENTDECKT-5", "D-2")
def test_an_unforeseen_attack_is_predicted_with_vorteil() -> None:
    """Ron is Unentdeckt toward the pirates: his shot gets Vorteil, as the roll shows."""
    battle = make_battle(
        OPEN,
        [hero("ron", (1, 3), conditions=(Condition.UNDETECTED,)), foe("p1", (5, 3))],
        first="ron",
        dice=[2, 2, 2, 2],
    )
    marks = target_marks(battle, "ron", "laserpistole", only=["p1"])
    assert set(marks) == {"p1"} and marks["p1"].edge == 1
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["edge"] == marks["p1"].edge and len(roll.data["dice"]) == 2


@pytest.mark.rule("E-COND-UNENTDECKT-2", "E-MELEE-2")
def test_unseen_targets_cannot_be_attacked_and_melee_is_planned_in_reach() -> None:
    battle = make_battle(
        OPEN,
        [
            hero("ron", (1, 3)),
            foe("near", (2, 3)),
            foe("ghost", (6, 3), conditions=(Condition.UNDETECTED,)),
        ],
        first="ron",
    )
    marks = target_marks(battle, "ron", "unarmed")
    assert marks["near"].attackable and marks["near"].melee and marks["near"].edge == 0
    assert not marks["ghost"].attackable and "E-COND-UNENTDECKT-2" in marks["ghost"].reason
    assert not target_marks(battle, "ron", "unarmed")["ghost"].in_melee_reach


# ==================================================================== templates
@pytest.mark.rule("D-8", "E-AREA-ROUND", "E-AREA-GRID-3")
def test_a_circle_of_radius_one_is_the_3x3_block_clipped_to_the_map() -> None:
    battle = make_battle(
        OPEN, [hero("ron", (0, 0)), foe("p1", (1, 1)), foe("p2", (5, 5))], first="ron"
    )
    inside = template_cells(battle, AreaShape.ROUND, (5, 3), 0, 1)
    assert len(inside.cells) == 9 and inside.mask[4, 6] and inside.creatures == ()
    corner = template_cells(battle, "round", (0, 0), 0, 1)
    assert corner.cells == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert corner.creatures == ("ron", "p1")


@pytest.mark.rule("D-8", "E-AREA-CONE", "E-AREA-BEAM")
def test_cone_and_beam_follow_the_angle_and_snap_to_45_degrees() -> None:
    battle = make_battle(OPEN, [hero("ron", (0, 3)), foe("p1", (3, 3))], first="ron")
    beam = template_cells(battle, AreaShape.BEAM, (0, 3), 0.0, 3)
    assert beam.cells == {(1, 3), (2, 3), (3, 3)} and beam.creatures == ("p1",)
    tilted = template_cells(battle, AreaShape.BEAM, (0, 3), 3.0, 3)
    assert (3, 4) in tilted.cells and (0, 3) not in tilted.cells  # any angle (D-8)
    snapped = template_cells(battle, AreaShape.BEAM, (0, 3), 40.0, 3, snap45=True)
    assert snapped.angle_deg == 45.0
    assert snapped.cells == {(0, 4), (1, 3), (1, 4), (1, 5), (2, 4), (2, 5)}
    cone = template_cells(battle, AreaShape.CONE, (0, 3), 0.0, 2)
    assert cone.cells == {(x, y) for x in (1, 2) for y in (2, 3, 4)} and cone.creatures == ()


@pytest.mark.rule("E-AREA-2", "E-THROW-2")
def test_the_impact_preview_is_the_area_the_grenade_hurts() -> None:
    grid = """
.........
.....#...
.........
"""
    battle = make_battle(grid, [hero("ron", (0, 1)), foe("p1", (6, 1))], first="ron")
    preview = template_cells(battle, AreaShape.ROUND, (4, 1), 0, 2, impact_from=(0, 1))
    expected = area_of_impact(battle.grid, AreaShape.ROUND, 2, (0, 1), (4, 1))
    assert preview.cells == frozenset(expected) and (5, 1) not in preview.cells
    assert "p1" not in preview.creatures  # behind the wall


# ==================================================================== scatter
@pytest.mark.rule(
    "D-7",
    "E-SCATTER-4",
    "E-SCATTER-5",
    "E-SCATTER-DIR-F",
    "E-SCATTER-DIR-FR",
    "E-SCATTER-DIR-R",
    "E-SCATTER-DIR-BR",
    "E-SCATTER-DIR-B",
    "E-SCATTER-DIR-BL",
    "E-SCATTER-DIR-L",
    "E-SCATTER-DIR-FL",
)
def test_the_scatter_diagram_is_turned_to_the_flight_with_its_d20_ranges() -> None:
    """Throwing east: ahead (1,0) is 1-4, right (0,1) 9-10, back (-1,0) 12-13."""
    battle = make_battle(OPEN, [hero("ron", (0, 3)), foe("p1", (9, 0))], first="ron")
    diagram = scatter_diagram(battle, "ron", (5, 3))
    assert diagram.flight_step == (1, 0)
    table = {c.direction: (c.offset, c.label) for c in diagram.cells}
    assert table == {
        ScatterDir.FORWARD: ((1, 0), "1-4"),
        ScatterDir.FORWARD_RIGHT: ((1, 1), "5-8"),
        ScatterDir.RIGHT: ((0, 1), "9-10"),
        ScatterDir.BACK_RIGHT: ((-1, 1), "11"),
        ScatterDir.BACK: ((-1, 0), "12-13"),
        ScatterDir.BACK_LEFT: ((-1, -1), "14"),
        ScatterDir.LEFT: ((0, -1), "15-16"),
        ScatterDir.FORWARD_LEFT: ((1, -1), "17-20"),
    }
    assert diagram.cell_for(11).cell == (4, 4)
    diagonal = scatter_diagram(battle, "ron", (3, 0))  # north-east
    assert diagonal.flight_step == (1, -1) and diagonal.cell_for(1).offset == (1, -1)


@pytest.mark.rule("E-OPEN-27", "D-7")
def test_own_field_points_north_and_the_path_stops_before_a_wall() -> None:
    grid = """
.........
.........
......#..
"""
    battle = make_battle(grid, [hero("ron", (0, 2)), foe("p1", (8, 0))], first="ron")
    assert scatter_diagram(battle, "ron", (0, 2)).flight_step == (0, -1)
    path = scatter_path(battle, (3, 2), (1, 0), 5)
    assert path.cells == ((3, 2), (4, 2), (5, 2)) and path.landing == (5, 2) and path.stopped
    free = scatter_path(battle, (3, 1), (1, -1), 1)
    assert free.cells == ((3, 1), (4, 0)) and not free.stopped


@pytest.mark.rule("D-7", "E-THROW-2", "E-SCATTER-1")
def test_the_scatter_path_ends_where_the_engine_lands_the_grenade() -> None:
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 3), equipment=("handgranate",)), foe("p1", (9, 0))],
        first="ron",
        dice=[6, 12, 2, 1, 1, 1],  # miss; scatter d20 12 (back), d6 2; damage
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 3)))
    data = next(e for e in events if e.kind == "scatter").data
    path = scatter_path(battle, (5, 3), tuple(data["step"]), data["distance_roll"])
    assert list(path.landing) == data["landing"] and path.cells == ((5, 3), (4, 3), (3, 3))
    cell = scatter_diagram(battle, "ron", (5, 3)).cell_for(data["direction_roll"])
    assert list(cell.offset) == data["step"]


# ==================================================================== area fire
def area_battle(dice: list[int] | None = None) -> Battle:
    grid = """
........
........
...#....
........
........
"""
    return make_battle(
        grid,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (5, 2), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=dice,
    )


@pytest.mark.rule("D-6", "E-AREAFIRE-4", "E-AREAFIRE-7", "E-AREAFIRE-8", "E-OPEN-30")
def test_area_fire_preview_bounds_the_total_and_marks_a_good_painting_valid() -> None:
    """MP (SW 3, BEM 2,10): total (3 + 1..6) x 2 = 8..18, 36 on a natural 20."""
    battle = area_battle()
    painting = {(2, 0): 3, (2, 1): 3, (3, 1): 2}
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", painting)
    assert (preview.min_total, preview.max_total, preview.max_total_crit) == (8, 18, 36)
    assert preview.sw == 3 and preview.ammo == 10 and preview.total is None
    assert preview.placed == 8 and preview.remaining_at_max == 10 and preview.remaining is None
    assert preview.errors == () and preview.reason == "" and preview.valid
    assert preview.mode is AreaFireAction.AUTO_FIRE
    assert preview.band is RangeBand.NEAR and preview.check_edge == -1  # Dauerfeuer
    assert dict(preview.fill_at_max) == {(2, 0): 3, (2, 1): 3, (3, 1): 3}
    assert preview.paintable[0, 2] and not preview.paintable[2, 0]  # own field
    assert not preview.paintable[2, 3] and not preview.paintable[2, 5]  # wall, its shadow
    fields = tuple(painting)
    assert accepted(battle, AreaFire("likron", "maschinenpistole", "AUTO_FIRE", fields))


@pytest.mark.rule("D-6", "E-AREAFIRE-6", "E-AREAFIRE-8", "E-OPEN-24")
def test_area_fire_preview_names_every_violation_as_it_is_painted() -> None:
    battle = area_battle()
    painting = {(0, 2): 1, (2, 0): 4, (5, 4): 1, (5, 2): 1}
    preview = area_fire_preview(
        battle, "likron", "maschinenpistole", AreaFireAction.AUTO_FIRE, painting
    )
    text = " ".join(preview.errors)
    assert "more than the weapon's damage of 3" in text
    assert "not joined by an edge" in text
    assert "shooter's own field" in text
    assert "not in the shooter's line of sight" in text  # (5, 2) behind the wall
    assert not preview.valid and preview.reason
    empty = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", {})
    assert not empty.valid and empty.check_edge is None


def test_area_fire_preview_passes_on_the_engines_refusal() -> None:
    """A weapon without Dauerfeuer, or not the actor's turn: the reason says why."""
    battle = area_battle()
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "BEM_SHOT", {(2, 0): 1})
    assert "area fire" in preview.reason and not preview.valid
    assert "Bereichsfeuer" in german(preview.reason)  # English in English (i12 H12c)


def rolled_area_battle() -> Battle:
    """Likron's Dauerfeuer rolled on (2, 0), (2, 1), (3, 1), (4, 1): Nachteil 12, 9 keep
    9 (15 vs ZW 15), d6 4: total (3 + 4) x 2 = 14, 12 fit on four fields (SW 3)."""
    battle = area_battle([12, 9, 4, 2, 2])
    fields = ((2, 0), (2, 1), (3, 1), (4, 1))
    battle.apply(AreaFireRoll("likron", "maschinenpistole", "AUTO_FIRE", fields))
    assert placement_of(battle, "likron") is not None
    return battle


@pytest.mark.rule("D-6", "E-AREAFIRE-4", "E-OPEN-24")
def test_area_fire_preview_of_a_rolled_fire_counts_against_the_placeable_total() -> None:
    """D-6: once rolled, the total to place is the pending's placeable (14 cut to 4 x 3)."""
    battle = rolled_area_battle()
    painting = {(2, 0): 3, (2, 1): 3, (3, 1): 3, (4, 1): 3}
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", painting)
    assert preview.placing and preview.rolled == 14 and preview.total == 12
    assert preview.placed == 12 and preview.remaining == 0 and preview.sw == 3
    assert preview.reason == "" and preview.errors == () and preview.valid
    assert preview.check_edge is None and preview.declared == ((2, 0), (2, 1), (3, 1), (4, 1))
    assert dict(preview.fill_at_max) == {(2, 0): 3, (2, 1): 3, (3, 1): 3, (4, 1): 3}
    pending = placement_of(battle, "likron")
    assert pending is not None
    assert dict(preview.fill_at_max) == suggested_placement(battle, pending)
    assert accepted(
        battle, PlaceAreaFire("likron", tuple((x, y, v) for (x, y), v in painting.items()))
    )


@pytest.mark.rule("D-6", "E-AREAFIRE-6", "E-AREAFIRE-7", "E-AREAFIRE-8")
def test_area_fire_preview_of_a_rolled_fire_names_what_place_area_fire_refuses() -> None:
    """D-6: the errors are placement_errors; short, too much, outside the declared area."""
    battle = rolled_area_battle()
    pending = placement_of(battle, "likron")
    assert pending is not None
    short = {(2, 0): 3, (2, 1): 2}
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", short)
    assert preview.remaining == 7 and not preview.valid and preview.reason == ""
    assert list(preview.errors) == placement_errors(battle, pending, short)
    assert any("exactly 12 must be placed" in e for e in preview.errors)
    wrong = {(2, 0): 4, (2, 1): 3, (3, 1): 3, (3, 2): 2}
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", wrong)
    text = " ".join(preview.errors)
    assert "more than the weapon's damage of 3" in text
    assert "outside the area declared" in text and "[3, 2]" in text
    assert list(preview.errors) == placement_errors(battle, pending, wrong)
    values = tuple((x, y, v) for (x, y), v in wrong.items())
    assert not accepted(battle, PlaceAreaFire("likron", values))


@pytest.mark.rule("D-6", "E-AREAFIRE-5")
def test_area_fire_preview_of_a_rolled_fire_paints_only_the_declared_fields() -> None:
    """D-6: only the declared fields can still be painted, whatever the caller asks."""
    battle = rolled_area_battle()
    preview = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", {})
    cells = {(int(x), int(y)) for y, x in zip(*np.nonzero(preview.paintable), strict=True)}
    assert cells == {(2, 0), (2, 1), (3, 1), (4, 1)}
    assert not preview.paintable.flags.writeable
    assert preview.mode is AreaFireAction.AUTO_FIRE and preview.weapon_key == "maschinenpistole"
    other = area_fire_preview(battle, "likron", "maschinenpistole", "BEM_SHOT", {})
    assert other.placing and other.mode is AreaFireAction.AUTO_FIRE  # the rolled fire's mode
    # Nothing waits any more once it is placed: the choice of an area is back.
    battle.apply(PlaceAreaFire("likron", ((2, 0, 3), (2, 1, 3), (3, 1, 3), (4, 1, 3))))
    after = area_fire_preview(battle, "likron", "maschinenpistole", "AUTO_FIRE", {(2, 0): 1})
    assert not after.placing and after.total is None and after.reason


# ==================================================================== zones
@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-3", "E-OPEN-25")
def test_covering_fire_zones_list_their_fields_and_shooter_until_the_next_turn() -> None:
    battle = make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("p1", (8, 6)),
        ],
        first="likron",
        dice=[15, 15, 4],
    )
    assert deckungsfeuer_zones(battle) == []
    fields = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5))
    battle.apply(AreaFire("likron", "maschinenpistole", "COVERING_FIRE", fields))
    (zone,) = deckungsfeuer_zones(battle)
    assert zone.shooter == "likron" and zone.covering and zone.side == "heroes"
    assert zone.cells == frozenset(fields[:5])
    assert [zone.values[c] for c in fields[:5]] == [3, 3, 3, 3, 2]


# ==================================================================== fog of war
FOG = """
..........
....#.....
....#.....
....#.....
..........
"""


@pytest.mark.rule("D-9", "E-COND-UNENTDECKT-1", "E-COND-UNSICHTBAR-1")
def test_fog_shows_what_the_side_sees_and_hides_the_undetected() -> None:
    battle = make_battle(
        FOG,
        [
            hero("ron", (2, 2)),
            foe("seen", (2, 4)),
            foe("behind", (6, 2)),
            foe("ghost", (1, 2), conditions=(Condition.UNDETECTED,)),
            foe("invisible", (3, 0), conditions=(Condition.INVISIBLE,)),
        ],
        first="ron",
    )
    view = fog_of_war(battle, "heroes", FogCache())
    assert view.creatures == {"ron", "seen"}
    assert view.visible[2, 2] and not view.visible[2, 6] and view.visible[4, 4]
    foes = fog_of_war(battle, "foes", FogCache())
    assert "ron" in foes.creatures and {"seen", "behind", "ghost", "invisible"} <= foes.creatures


@pytest.mark.rule("E-COND-UNENTDECKT-4", "E-COND-UNENTDECKT-1")
def test_an_undetected_creature_found_by_one_member_is_shown_to_the_side() -> None:
    """Unentdeckt per observer: Valina found the ghost, Ron did not; the side sees it."""
    battle = make_battle(
        FOG,
        [
            hero("ron", (2, 2)),
            hero("val", (0, 0), type_="valina"),
            foe("ghost", (1, 3), conditions=(Condition.UNDETECTED,)),
        ],
        first="ron",
    )
    if not hasattr(battle, "is_hidden_from_side"):
        pytest.skip("the engine keeps Unentdeckt for all observers alike")
    assert "ghost" not in fog_of_war(battle, "heroes", FogCache()).creatures
    battle.state.creatures["ghost"].hidden_from = {"ron"}
    assert "ghost" in fog_of_war(battle, "heroes", FogCache()).creatures


@pytest.mark.rule("E-COND-BLIND-1", "E-COND-BEWUSSTLOS-1")
def test_a_blind_side_sees_no_field_but_its_own_creatures() -> None:
    battle = make_battle(
        OPEN,
        [hero("ron", (2, 2), conditions=(Condition.BLINDED,)), foe("p1", (5, 2))],
        first="ron",
    )
    view = fog_of_war(battle, "heroes", FogCache())
    assert not view.visible.any() and view.creatures == {"ron"}


def test_the_fog_cache_recomputes_only_after_a_change() -> None:
    battle = make_battle(FOG, [hero("ron", (2, 2)), foe("behind", (6, 2))], first="ron")
    cache = FogCache()
    first = cache.view(battle, "heroes")
    assert cache.view(battle, "heroes") is first
    battle.apply(Move("ron", "WALK", ((2, 2), (3, 3), (4, 4), (5, 3))))
    moved = cache.view(battle, "heroes")
    assert moved is not first and "behind" in moved.creatures
    with pytest.raises(ValueError):
        fog_of_war(battle, "nobody")


@pytest.mark.rule("D-9")
def test_an_opened_door_changes_the_fog() -> None:
    grid = """
.....
..+..
.....
"""
    battle = make_battle(grid, [hero("ron", (2, 0)), foe("p1", (2, 2))], first="ron")
    cache = FogCache()
    assert "p1" not in cache.view(battle, "heroes").creatures
    battle.apply(GmDoor(None, (2, 1), True))
    assert "p1" in cache.view(battle, "heroes").creatures


# ==================================================================== creature card
@pytest.mark.rule("E-COND-LIEGEND-1", "E-COND-WEHRLOS", "E-COND-ERSCHOEPFT-2", "E-ACT-2")
def test_the_card_lists_values_weapons_conditions_and_the_budget() -> None:
    battle = make_battle(
        OPEN,
        [hero("ron", (1, 3)), foe("p1", (8, 3))],
        first="ron",
        dice=[10, 3],
    )
    battle.apply(GmCondition(None, "ron", "PRONE"))
    battle.apply(GmCondition(None, "ron", "EXHAUSTED", 2))
    battle.apply(Attack("ron", "p1", "laserpistole"))
    card = creature_card(battle, "ron")
    assert (card.name, card.lp, card.max_lp, card.movement) == ("Ron", 18, 18, 6)
    assert card.base_saves[SaveValue.DODGE] == 15 and card.saves[SaveValue.DODGE] == 13
    pistol = next(w for w in card.weapons if w.key == "laserpistole")
    assert pistol.held and pistol.magazine == 14 and pistol.magazine_size == 15
    assert any(not w.held for w in card.weapons)
    by_condition = {c.condition: c for c in card.conditions}
    prone = by_condition[Condition.PRONE]
    assert prone.german == "Liegend" and prone.english == "Prone" and not prone.implied
    assert "kriecht" in prone.explanation_de and "crawls" in prone.explanation_en
    assert by_condition[Condition.DEFENSELESS].implied
    assert "attackers have advantage" in by_condition[Condition.DEFENSELESS].explanation_en
    assert by_condition[Condition.EXHAUSTED].count == 2
    assert card.stance.value == "prone" and card.current
    assert card.budget is not None and card.budget.halves_left == 1
    assert card.budget.taken == (Action.RANGED_ATTACK,) and not card.budget.full
    assert card.armour == 0 and creature_card(battle, "p1").armour == 2
    assert creature_card(battle, "p1").budget is None


def test_queries_change_nothing() -> None:
    """Every query leaves the state as it was (compared through the saved form)."""
    battle = make_battle(
        OPEN,
        [hero("ron", (2, 3), equipment=("handgranate", "laserpistole")), foe("p1", (7, 3))],
        first="ron",
    )
    before = battle.state.to_dict()
    movement_options(battle, "ron", Action.WALK)
    assert movement_options(battle, "ron", Action.CHARGE).charges  # the handler was asked
    threat_zones(battle, "ron")
    range_rings(battle, "ron", "handgranate")
    target_marks(battle, "ron")
    template_cells(battle, AreaShape.CONE, (4, 3), 0, 3)
    scatter_diagram(battle, "ron", (8, 3))
    area_fire_preview(battle, "ron", "laserpistole", "BEM_SHOT", {(6, 3): 1})
    fog_of_war(battle, "heroes", FogCache())
    deckungsfeuer_zones(battle)
    creature_card(battle, "ron")
    log_for(battle, ["heroes"])
    battle.state.ground_items[(2, 3)] = ["laserpistole"]
    before = battle.state.to_dict()
    assert reachable_ground_items(battle, "ron")
    cover_override(battle, "ron", "p1")
    assert battle.state.to_dict() == before
    assert np.array_equal(battle.grid.blocks_movement, battle.setup.grid.blocks_movement)
    assert move_allowance(battle, battle.state.creatures["ron"], Action.WALK, halved=False) == 6
    battle.apply(EndTurn("ron"))


@pytest.mark.rule("D-10", "E-OPEN-11", "E-OBST-1", "E-OBST-2", "E-TERRAIN-DIFF-1")
@pytest.mark.parametrize("seed", range(12))
def test_random_maps_offer_exactly_the_moves_the_engine_accepts(seed: int) -> None:
    """Walls, rubble, two allies and three pirates at random: offered <=> accepted."""
    rng = np.random.default_rng(seed)
    rows = ["".join(rng.choice(list(".....:#"), size=10).tolist()) for _ in range(8)]
    free = [(x, y) for y in range(8) for x in range(10) if rows[y][x] != "#"]
    ron, *others = (free[int(i)] for i in rng.choice(len(free), size=6, replace=False))
    allies, foes = others[:2], others[2:]
    creatures = [hero("ron", ron)]
    creatures += [hero(f"a{i}", cell, type_="valina") for i, cell in enumerate(allies)]
    creatures += [foe(f"p{i}", cell) for i, cell in enumerate(foes)]
    battle = make_battle("\n".join(rows), creatures, first="ron")
    for action in ("WALK", "RUN"):
        options = movement_options(battle, "ron", Action[action])
        for cell, cost in options.costs.items():
            path = options.path_to(cell)
            assert path is not None and path_cost(battle.grid, path, enemies=foes) == cost
            assert cell == ron or accepted(battle, Move("ron", action, tuple(path))), cell
        for cell in reachable(battle.grid, ron, 18, enemies=foes, allies=allies):
            if cell in options.costs:
                continue
            path = find_path(battle.grid, ron, cell, enemies=foes, allies=allies)
            assert path is not None
            assert not accepted(battle, Move("ron", action, tuple(path))), (action, cell)


#: "^": a climbing surface (Kletteroberfläche), which the DESIGN.md legend lacks.
CLIMB_LEGEND = {"^": FieldKind(difficult=True, terrain=Terrain.CLIMB)}
#: What Ron holds: two items, a two-handed rifle (one hand to hold it), nothing.
HANDS = {
    "two_items": ("laserpistole", "kampfmesser"),
    "rifle": ("lasergewehr",),
    "empty": (),
}


@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-TERRAIN-CLIMB-2", "D-10", "E-OBST-1", "E-OBST-2")
@pytest.mark.parametrize("held", sorted(HANDS))
@pytest.mark.parametrize("seed", range(6))
def test_climbing_maps_offer_exactly_the_moves_the_engine_accepts(seed: int, held: str) -> None:
    """Climbing fields, walls, rubble, an ally and pirates at random: offered <=> accepted.

    With anything in hand Ron lacks the two free hands a climbing surface needs: no
    offered path enters one, and no path over one is accepted; with empty hands every
    climbing field within the halved allowance is offered.
    """
    rng = np.random.default_rng(100 + seed)
    rows = ["".join(rng.choice(list("....^^:#"), size=10).tolist()) for _ in range(8)]
    grid = BattleGrid.from_ascii("\n".join(rows), legend=CLIMB_LEGEND)
    free = [(x, y) for y in range(8) for x in range(10) if rows[y][x] != "#"]
    ron, ally, *foes = (free[int(i)] for i in rng.choice(len(free), size=4, replace=False))
    creatures = (
        hero("ron", ron, equipment=HANDS[held]),
        hero("a0", ally, type_="valina"),
        *(foe(f"p{i}", cell) for i, cell in enumerate(foes)),
    )
    battle = new_battle(BattleSetup("Klettern", grid, SIDES, creatures), CATALOGUE, seed)
    creature = battle.state.creatures["ron"]
    creature.held = list(HANDS[held])
    creature.carried = []
    battle.state.order = ["ron", *(k for k in battle.state.order if k != "ron")]
    battle.state.turn_index = 0
    battle._start_turn()
    climbing = {(x, y) for y in range(8) for x in range(10) if rows[y][x] == "^"} - {ron}
    walled = [*foes, *climbing] if HANDS[held] else list(foes)
    for action in ("WALK", "RUN"):
        options = movement_options(battle, "ron", Action[action])
        for cell, cost in options.costs.items():
            path = options.path_to(cell)
            assert path is not None and path_cost(battle.grid, path, enemies=foes) == cost
            assert not (HANDS[held] and climbing & set(path[1:])), (action, cell)
            assert cell == ron or accepted(battle, Move("ron", action, tuple(path))), cell
        if not HANDS[held]:  # free hands: every climbing field in the halved reach is offered
            near = reachable(
                battle.grid, ron, options.halved_allowance, enemies=foes, allies=[ally]
            )
            assert climbing & set(near) <= set(options.costs)
        for cell in reachable(battle.grid, ron, 18, enemies=foes, allies=[ally]):
            if cell in options.costs:
                continue
            for blocked in (foes, walled):  # the plain cheapest path and the hands-free one
                path = find_path(battle.grid, ron, cell, enemies=blocked, allies=[ally])
                if path is not None:
                    assert not accepted(battle, Move("ron", action, tuple(path))), (action, cell)


# ==================================================================== the log under fog
HIDE_MAP = """
.........
.........
...###...
.........
"""


def _indices(battle: Battle, sides: list[str]) -> set[int]:
    return {entry.index for entry in log_entries_for(battle, sides)}


def _index_of(battle: Battle, kind: str, actor: str) -> int:
    return next(i for i, e in enumerate(battle.log) if e.kind == kind and e.actor == actor)


def _play_until(battle: Battle, key: str, *, shooter: str | None = None) -> None:
    """End turns until it is ``key``'s; ``shooter`` shoots Ron once on its turn first."""
    while battle.state.current_key != key:
        current = battle.state.current_key
        if current == shooter:
            battle.apply(Attack(current, "ron", "laserpistole"))
            shooter = None
        battle.apply(EndTurn(current))


@pytest.mark.rule(
    "E-ACT-VH-VERBERGEN-2", "E-COND-UNENTDECKT-1", "E-COND-UNENTDECKT-4", "E-OPEN-50", "D-9"
)
def test_a_hidden_pirates_verbergen_roll_and_move_stay_out_of_the_heroes_log() -> None:
    """Behind the crates the pirate hides (4 + 15 beats Ron's Geist 13), then walks into
    the open still Unentdeckt: its roll, its hiding and its move are in the pirates' log
    only. The other pirate, in Ron's sight, shoots him: that the heroes see."""
    battle = make_battle(
        HIDE_MAP,
        [hero("ron", (4, 0)), foe("p", (4, 3)), foe("p2", (8, 0))],
        first="p",
        dice=[15] + [4] * 12,
    )
    battle.apply(UseAction("p", "HIDE"))
    battle.apply(EndTurn("p"))
    _play_until(battle, "p", shooter="p2")
    battle.apply(Move("p", "WALK", ((4, 3), (5, 3), (6, 3), (7, 3))))
    assert battle.is_hidden_from_side("p", "heroes")
    assert "p" not in fog_of_war(battle, "heroes").creatures
    hide_roll = next(
        i
        for i, e in enumerate(battle.log)
        if e.kind == "roll" and e.actor == "p" and e.data.get("rule") == "E-ACT-VH-VERBERGEN-2"
    )
    secret = {hide_roll, _index_of(battle, "hide", "p"), _index_of(battle, "move", "p")}
    shot = next(
        i
        for i, e in enumerate(battle.log)
        if e.kind == "roll" and e.actor == "p2" and e.data.get("defender") == "ron"
    )
    heroes, foes = _indices(battle, ["heroes"]), _indices(battle, ["foes"])
    assert secret.isdisjoint(heroes)
    assert secret <= foes
    assert shot in heroes and shot in foes
    assert _index_of(battle, "turn", "ron") in heroes
    both = log_for(battle, ["heroes", "foes"])
    assert all(any(e is battle.log[i] for e in both) for i in secret | {shot})
    entries = log_entries_for(battle, ["heroes"])
    assert all(battle.log[e.index] is e.event for e in entries)


@pytest.mark.rule("E-ACT-VH-VERBERGEN-2", "E-OPEN-50")
def test_a_verbergen_the_heroes_noticed_is_in_their_log() -> None:
    """The pirate's roll (4 + 2) does not beat Ron's Geist 13: Ron noticed the attempt."""
    battle = make_battle(HIDE_MAP, [hero("ron", (4, 0)), foe("p", (4, 3))], first="p", dice=[2])
    battle.apply(UseAction("p", "HIDE"))
    hide = _index_of(battle, "hide", "p")
    assert battle.log[hide].data["observers"] == {"ron": False}
    shown = _indices(battle, ["heroes"])
    assert hide in shown and hide - 1 in shown and battle.log[hide - 1].kind == "roll"


@pytest.mark.rule("E-COND-UNENTDECKT-4", "D-9")
def test_gm_events_and_the_order_say_whom_they_are_about() -> None:
    """Given Ron and an Unentdeckt pirate in the dark corner; when the GM places, lays down
    and wounds the pirate, rules cover and places Ron: each GM event names its creature,
    the order names the initiative order; the heroes' log leaves out those about the
    pirate, the pirates' log has them all."""
    battle = make_battle(
        HIDE_MAP,
        [hero("ron", (4, 0)), foe("ghost", (0, 3), conditions=(Condition.UNDETECTED,))],
        first="ron",
    )
    order = next(e for e in battle.log if e.kind == "order")
    assert sorted(order.data["order"]) == ["ghost", "ron"]  # make_battle rotates it later
    start = len(battle.log)
    battle.apply(GmMoveToken(None, "ghost", (1, 3)))
    battle.apply(GmCondition(None, "ghost", "PRONE"))
    battle.apply(GmSetLifePoints(None, "ghost", 10))
    battle.apply(GmCoverOverride(None, "ron", "ghost", "PARTIAL"))
    battle.apply(GmMoveToken(None, "ron", (5, 0)))
    gm = [i for i in range(start, len(battle.log)) if battle.log[i].kind == "gm"]
    about = [battle.log[i].data.get("creature") or battle.log[i].data["target"] for i in gm]
    assert about == ["ghost", "ghost", "ghost", "ghost", "ron"]
    assert battle.log[gm[3]].data["attacker"] == "ron"
    heroes, foes = _indices(battle, ["heroes"]), _indices(battle, ["foes"])
    assert [i in heroes for i in gm] == [False, False, False, False, True]
    assert set(gm) <= foes


@pytest.mark.rule("E-COND-UNENTDECKT-1", "E-COND-UNENTDECKT-4")
def test_the_log_names_no_creature_the_side_cannot_see() -> None:
    """Unseen creatures' initiative and the order listing them stay hidden; a GM ruling on
    one, too. A hit on Ron from out of sight and the creature that found Ron are shown."""
    battle = make_battle(
        HIDE_MAP,
        [hero("ron", (4, 0)), foe("ghost", (0, 3), conditions=(Condition.UNDETECTED,))],
        first="ron",
    )
    assert fog_of_war(battle, "heroes").visible[3, 0]  # in sight, yet Unentdeckt
    heroes = _indices(battle, ["heroes"])
    order = next(i for i, e in enumerate(battle.log) if e.kind == "order")
    initiative = _index_of(battle, "initiative", "ghost")
    assert order not in heroes and initiative not in heroes
    assert {order, initiative} <= _indices(battle, ["foes"])
    assert _index_of(battle, "initiative", "ron") in heroes
    battle.log.append(Event("gm", "Spielleitung", "GM", None, {"creature": "ghost"}))
    battle.log.append(Event("damage", "Schaden", "damage", "ghost", {"target": "ron"}))
    battle.log.append(Event("lp", "LP", "LP", "ghost", {"before": 9, "after": 7}))
    battle.log.append(Event("found", "entdeckt", "found", "ghost", {"found_by": ["ron"]}))
    battle.log.append(Event("round", "Runde 2", "Round 2", None, {"round": 2}))
    shown = [battle.log[i].kind for i in sorted(_indices(battle, ["heroes"])) if i > initiative]
    assert shown[-3:] == ["damage", "found", "round"] and "gm" not in shown
    assert [e.kind for e in log_for(battle, [])] == ["round"]  # no side: only what names none
    with pytest.raises(ValueError):
        log_for(battle, ["nobody"])


# ==================================================================== ground items
@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-ACT-VH-VERBERGEN-3")
def test_ground_items_in_reach_are_the_ones_pick_up_accepts() -> None:
    """Own and neighbouring fields only, what Verbergen hid from Ron left out."""
    battle = make_battle(OPEN, [hero("ron", (2, 2)), foe("p1", (8, 5))], first="ron")
    state = battle.state
    state.ground_items = {
        (2, 2): ["laserpistole"],
        (1, 1): ["taserpistole", "taserpistole"],
        (3, 3): ["handgranate"],
        (4, 2): ["lasergewehr"],  # two fields away
    }
    state.hidden_items = [HiddenItem((3, 3), "handgranate", {"ron"}, by="p1")]
    state.creatures["ron"].held = []
    items = reachable_ground_items(battle, "ron")
    assert set(items) == {
        GroundItem((2, 2), "laserpistole", 1),
        GroundItem((1, 1), "taserpistole", 2),
    }
    lying = {cell: list(kinds) for cell, kinds in state.ground_items.items()}
    for cell, kinds in lying.items():  # accepted() restores a new state each time
        for item in kinds:
            offered = any(g.cell == cell and g.item == item for g in items)
            command = Interact("ron", "pick_up", item=item, cell=cell)
            assert offered == accepted(battle, command), (cell, item)
    assert battle.state.ground_items == lying
    battle.state.creatures["ron"].held = ["laserpistole", "monofilament_klinge"]
    assert reachable_ground_items(battle, "ron") == []  # no free hand


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-SIZE-1")
def test_a_large_creature_is_offered_exactly_what_the_engine_lets_it_pick_up() -> None:
    """A 2x2 creature: every field round its footprint, offered <=> the engine accepts."""
    giant = dataclasses.replace(CATALOGUE.creatures["ron"], key="riese", size_fields=2)
    catalogue = dataclasses.replace(
        CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, "riese": giant})
    )
    setup = BattleSetup(
        "Test",
        BattleGrid.from_ascii(OPEN),
        SIDES,
        (
            CreatureSetup("big", "riese", "heroes", (3, 2)),
            CreatureSetup("p1", "dretop_pirat", "foes", (9, 6)),
        ),
    )
    battle = new_battle(setup, catalogue, 1)
    while battle.state.current_key != "big":
        battle.apply(EndTurn(battle.state.current_key))
    battle.state.creatures["big"].held = []
    battle.state.ground_items = {
        (x, y): ["monofilament_klinge"]
        for x in range(1, 7)
        for y in range(0, 6)
        if (x, y) != (9, 6)
    }
    offered = {g.cell for g in reachable_ground_items(battle, "big")}
    assert offered
    for cell in list(battle.state.ground_items):  # accepted() restores a new state each time
        command = Interact("big", "pick_up", item="monofilament_klinge", cell=cell)
        assert (cell in offered) == accepted(battle, command), cell


# ==================================================================== GM cover ruling
@pytest.mark.rule("D-9")
def test_cover_override_is_the_gms_ruling_for_the_pair_until_the_attack() -> None:
    battle = make_battle(MARKS, [hero("ron", (2, 2)), foe("p1", (2, 4))], first="ron", dice=[3])
    assert cover_override(battle, "ron", "p1") is None
    battle.apply(GmCoverOverride(None, "ron", "p1", "PARTIAL"))
    assert cover_override(battle, "ron", "p1") is Cover.PARTIAL
    assert cover_override(battle, "p1", "ron") is None  # the ruling is for one direction
    assert target_marks(battle, "ron")["p1"].override is Cover.PARTIAL
    battle.apply(Attack("ron", "p1", "laserpistole"))
    assert cover_override(battle, "ron", "p1") is None
