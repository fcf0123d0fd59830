"""WRS views: fog of war by the board's line of sight, notices and the map's effects."""

from __future__ import annotations

from game.match.effects import DamageNumber, Fell, Miss, Sound, Tracer
from game.match.events import Event
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from tests.rulesets.wrs.test_views_support import DE, EN, build, duel

WALL = tuple((4, y) for y in range(8))


def _behind_wall() -> WrsGame:
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (7, 1))
    return build(a, b, walls=WALL)


def test_d9_w_open_8_fog_hides_a_fighter_behind_a_wall() -> None:
    """D-9, W-OPEN-8: a wall across the map: side a sees its own half and not Ulf."""
    game = _behind_wall()
    fog = VIEWS.fog(game, ["a"])
    assert fog is not None
    assert fog.creatures == frozenset({"g"})
    assert fog.visible[1, 1] and fog.visible[1, 3]
    assert not fog.visible[1, 7]
    both = VIEWS.fog(game, ["a", "b"])
    assert both is not None and both.creatures == frozenset({"g", "u"})
    assert VIEWS.fog(game, []) is None


def test_d9_fog_shows_an_enemy_in_the_open() -> None:
    """D-9: without the wall side a sees Ulf."""
    fog = VIEWS.fog(duel(), ["a"])
    assert fog is not None and fog.creatures == frozenset({"g", "u"})


def test_w_open_10_an_unconscious_fighter_sees_nothing() -> None:
    """W-OPEN-10: bewusstlos, a fighter gives its side no sight; it is still shown."""
    a = FighterSetup("g", "gerold", "a", (1, 1))
    b = FighterSetup("u", "ulf", "b", (5, 5))
    game = build(a, b)
    game.fighters["g"].wounds = 4
    fog = VIEWS.fog(game, ["a"])
    assert fog is not None
    assert not fog.visible.any() and fog.creatures == frozenset({"g"})


def test_w_atk_3_effects_tracer_hits_and_fall() -> None:
    """W-ATK-3, W-HIT-1, W-WOUND-4: a ranged hit draws a tracer and floats the hits;
    a kill falls; a fended-off attack is a miss."""
    a = FighterSetup("m", "mira", "b", (1, 1), drawn=("sturmgewehr",))
    b = FighterSetup("u", "ulf", "a", (5, 1))
    game = build(a, b, rolls=(1, 100, 100, 1))
    game.fighters["u"].wounds = 7
    events = game.apply(c.Attack("m", "u", "sturmgewehr", "Halbautomatik", 2))
    shown = VIEWS.effects(game, events)
    assert Tracer((1, 1), (5, 1), True) in shown
    assert DamageNumber((5, 1), 2) in shown
    assert Fell((5, 1), "dead", "feedback.dead") in shown
    assert Sound("shot") in shown and Sound("hit") in shown


def test_w_atk_4_effects_miss_in_melee() -> None:
    """W-ATK-4: a melee attack fended off shows a miss and no tracer."""
    game = duel((100, 1))
    shown = VIEWS.effects(game, game.apply(c.Attack("g", "u", "kurzschwert")))
    assert Miss((2, 1)) in shown
    assert not any(isinstance(e, Tracer) for e in shown)


def test_w_round_2_the_end_of_the_fight_is_said_over_the_map() -> None:
    """W-ROUND-2: the end of the fight is said; ordinary events only logged."""
    over = Event("over", "Der Kampf ist vorbei", "The fight is over", None, {"winner": "a"})
    assert VIEWS.notice(over, DE) == "Der Kampf ist vorbei"
    assert VIEWS.notice(over, EN) == "The fight is over"
    assert VIEWS.notice(Event("aim", "g zielt", "g aims", "g"), DE) == ""
