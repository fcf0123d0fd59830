"""Genesis ranged engagements, aimed shots, clusters and reloading: G- rule IDs."""

from __future__ import annotations

from game.rulesets.genesis.rules import reload, shooting
from game.rulesets.genesis.rules.shooting import MissileWeapon

BOW = MissileWeapon(max_range_m=120)

# A shooter S (side 0) next to enemy E1; E1 also fights S's ally A, who fights E2;
# F (side 1) flees and stands alone.
POSITIONS = {"S": (0, 0), "E1": (1, 0), "A": (2, 0), "E2": (3, 0), "F": (0, 3)}
SIDES = {"S": 0, "E1": 1, "A": 0, "E2": 1, "F": 1}


def test_g_range_dist_1_combat_range_as_a_rule_40_m() -> None:
    """G-RANGE-DIST-1: a missile weapon has a combat range (40 m as a rule) and a maximum."""
    assert BOW.combat_range_m == 40
    assert BOW.max_range_m == 120


def test_g_range_max_no_shot_beyond_maximum_range() -> None:
    """G-RANGE-MAX (G-OPEN-13): 120 m is possible, 121 m is not."""
    assert shooting.shot_possible(120, BOW)
    assert not shooting.shot_possible(121, BOW)


def test_g_range_engage_1_engagement_if_in_fight_or_aware() -> None:
    """G-RANGE-ENGAGE-1: a target in the fight or aware of the shooter makes an engagement."""
    assert shooting.is_engagement(target_in_fight=True, target_aware=False)
    assert shooting.is_engagement(target_in_fight=False, target_aware=True)
    assert not shooting.is_engagement(target_in_fight=False, target_aware=False)


def test_g_range_engage_2_no_headshot_in_an_engagement() -> None:
    """G-RANGE-ENGAGE-2: no special shot at a combatant in the engagement."""
    assert not shooting.aimed_shot_allowed(True, False, False, in_engagement=True)
    assert shooting.aimed_shot_allowed(True, False, False, in_engagement=False)


def test_g_range_aimed_1_must_be_announced() -> None:
    """G-RANGE-AIMED-1: an unannounced aimed shot is not allowed."""
    assert not shooting.aimed_shot_allowed(False, False, True, in_engagement=False)


def test_g_range_aimed_2_unaware_victim_or_object() -> None:
    """G-RANGE-AIMED-2: only at an unaware victim or at an object."""
    assert not shooting.aimed_shot_allowed(True, True, False, in_engagement=False)
    assert shooting.aimed_shot_allowed(True, True, True, in_engagement=True)


def test_g_range_aimed_3_aimed_part_size_counts() -> None:
    """G-RANGE-AIMED-3 (G-RANGE-E3): still, unaware target's head at 20 m -> AT -40."""
    assert shooting.aimed_shot_modifier(20, BOW, "head", "still") == -40
    assert shooting.aimed_shot_modifier(50, BOW, "egg", "still") == -60 + 20 - 10


def test_g_range_melee_3_cluster_need_not_be_adjacent() -> None:
    """G-RANGE-MELEE-3 (G-OPEN-10): S and E2 are one cluster though 3 m apart; F is in none."""
    clusters = shooting.fight_clusters(POSITIONS, SIDES)
    assert clusters == [{"S", "E1", "A", "E2"}]
    assert shooting.same_cluster("S", "E2", clusters)
    assert not shooting.shot_defence_halved("S", "E2", 3.0, clusters)


def test_g_range_melee_2_fleeing_target_defends_halved() -> None:
    """G-RANGE-MELEE-2 (G-RANGE-E1): a fleeing target at 3 m outside the cluster: halved."""
    clusters = shooting.fight_clusters(POSITIONS, SIDES)
    assert not shooting.same_cluster("S", "F", clusters)
    assert shooting.shot_defence_halved("S", "F", 3.0, clusters)
    assert shooting.shot_defence_halved("S", "E2", 7.0, clusters)


def test_g_reload_1_next_shot_after_the_reload_time() -> None:
    """G-RELOAD-1: with 3 s reload the next shot is ready after 3 s, not 2 s."""
    assert not reload.can_fire(2, 3)
    assert reload.can_fire(3, 3)


def test_g_reload_2_two_table_lookup() -> None:
    """G-RELOAD-2 (G-OPEN-3): GW bonus -> melee GW -> reload seconds via the given tables."""
    combat_table = {1.0: 3.0, 2.0: 4.0}
    shooter_table = {3.0: 6.0, 4.0: 4.0}
    assert reload.reload_seconds(2.0, combat_table, shooter_table) == 4.0
    assert reload.reload_seconds(1.0, combat_table, shooter_table) == 6.0


def test_g_reload_3_non_shooters_halve_the_gw_bonus() -> None:
    """G-RELOAD-3: a non-shooter without Quick reload halves its GW bonus."""
    assert reload.reload_gw_bonus(2.0, shooter=False, quick_reload=False) == 1.0
    assert reload.reload_gw_bonus(2.0, shooter=False, quick_reload=True) == 2.0
    assert reload.reload_gw_bonus(2.0, shooter=True, quick_reload=False) == 2.0


def test_g_reload_melee_1_melee_interrupts_without_abort() -> None:
    """G-RELOAD-MELEE-1: 2 s done, a melee KR passes, 2 s more -> 4 s, not 2 or 6."""
    progress = reload.advance_reload(0, 2, busy_in_melee=False)
    progress = reload.advance_reload(progress, 2, busy_in_melee=True)
    progress = reload.advance_reload(progress, 2, busy_in_melee=False)
    assert progress == 4


def test_g_reload_melee_2_dodging_freezes_progress() -> None:
    """G-RELOAD-MELEE-2: while dodging hits the progress stands still, not reset to 0."""
    assert reload.advance_reload(1.5, 2, busy_in_melee=True) == 1.5
