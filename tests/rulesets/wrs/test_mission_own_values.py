"""A WRS mission's creature brings its own values and equipment (issue 14, the set-up screen).

The mission's ``values`` (Körper, Geist, LP a/b/c, skills) and ``equipment`` replace the
catalogue fighter's (``creature_fields.own_fighter``); the engine reads them for tests,
armour points and wounds; bad values are refused at ``creatures[i].values.<name>``.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.board.dice import ScriptedRoller
from game.match.problems import MissionError
from game.missions.model import Mission
from game.missions.setup import prepare_match
from game.missions.toml_format import loads_mission
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.mission_setup import WrsMissionSetup, wrs_setup
from game.rulesets.wrs.rules.chances import hit_chance
from game.rulesets.wrs.rules.terms import ArmourKind, WoundState
from game.rulesets.wrs.rules.wounds import LifePoints
from game.rulesets.wrs.ruleset import WRS
from game.rulesets.wrs.views.chances import attack_chance
from game.rulesets.wrs.views.pieces import piece
from game.rulesets.wrs.views.queries import AttackPlan
from tests.rulesets.wrs.mission_support import wrs_known

CAT = load_catalogue()
pytestmark = pytest.mark.usefixtures(wrs_known.__name__)

MISSION = """\
[mission]
title = "Eigene Werte"
ruleset = "wrs"

[map]
width = 8
height = 3
rows = '''
........
........
........
'''

[[sides]]
key = "a"
name = "Stadtwache"
controller = "player"

[[sides]]
key = "b"
name = "Söldner"
controller = "player"

[[creatures]]
key = "gerold"
type = "gerold"
side = "a"
at = [4, 1]
GEROLD

[[creatures]]
key = "mira"
type = "mira"
side = "b"
at = [1, 1]
held = ["sturmgewehr"]
MIRA
"""


def mission_text(gerold: str = "", mira: str = "") -> str:
    """Return the test mission with extra lines for Gerold and Mira."""
    return MISSION.replace("GEROLD", gerold).replace("MIRA", mira)


def loaded(text: str) -> Mission:
    return loads_mission(text, "eigen.toml")


def setup_of(text: str) -> WrsMissionSetup:
    setup = prepare_match(loaded(text), path_label="eigen.toml").setup
    assert isinstance(setup, WrsMissionSetup)
    return setup


def problems_of(text: str) -> list[tuple[str | None, str]]:
    """Return (key, English message) of every error loading and setting up ``text``."""
    try:
        prepare_match(loaded(text), path_label="eigen.toml")
    except MissionError as error:
        return [(p.key, p.message) for p in error.problems]
    return []


def game_of(text: str, rolls: list[int] | None = None) -> WrsGame:
    """Return a new game of ``text``; scripted dice if given (initiative in the
    mission's order: Gerold's Geist d100, then Mira's)."""
    roller = ScriptedRoller(rolls) if rolls is not None else None
    return WRS.new_game(setup_of(text), CAT, 3, roller=roller)


OWN = (
    "values = { koerper = 80, geist = 70, lp_a = 5, lp_b = 6, lp_c = 12, "
    "skill_armour_chain = 0 }\n"
    'equipment = ["kurzschwert", "kettenhemd"]'
)


def test_own_koerper_geist_lp_skills_and_equipment_are_the_fighters() -> None:
    """W-WOUND-1..4, W-ARMOR-1: the engine's fighter has the mission's values, not the
    catalogue's; without the chain skill the Kettenhemd gives no armour points."""
    game = game_of(mission_text(gerold=OWN))
    kind = game.kind("gerold")
    assert (kind.koerper, kind.geist) == (80, 70)
    assert kind.life_points == LifePoints(5, 6, 12)
    assert kind.equipment == ("kurzschwert", "kettenhemd")
    assert ArmourKind.CHAIN not in kind.armour_skills
    assert game.fighters["gerold"].armour == 0
    assert game.kind("mira") is CAT.fighters["mira"]  # no own values: the catalogue's
    book = CAT.fighters["gerold"]
    assert (book.koerper, book.life_points) == (55, LifePoints(3, 4, 10))  # unchanged


def test_own_equipment_gives_its_armour_points() -> None:
    """W-ARMOR-TABLE, W-ARMOR-2: own equipment (the full chain set) is summed: 12."""
    game = game_of(mission_text(gerold='equipment = ["kurzschwert", "kettenruestung"]'))
    assert game.fighters["gerold"].armour == 12
    assert game.kind("gerold").koerper == CAT.fighters["gerold"].koerper


def test_own_koerper_changes_the_hit_chance() -> None:
    """W-ATK-2, D-15: the defender's own Körper enters the comparison and its chance."""
    plan = AttackPlan("sturmgewehr")
    book = attack_chance(game_of(mission_text()), "mira", "gerold", plan)
    own_game = game_of(mission_text(gerold="values = { koerper = 80 }"))
    own = attack_chance(own_game, "mira", "gerold", plan)
    assert book is not None and own is not None and own < book
    assert own == hit_chance(50 + 15, 80)  # Mira's PW with the automatic bonus


def test_own_skill_drops_the_weapon_bonus_in_the_engine() -> None:
    """W-BONUS-AUTOMATIC, W-ATK-2: without her own automatic skill Mira attacks with PW 50."""
    rolls = [90, 1, 10, 60]  # initiative: Gerold -45, Mira 59; then Mira's and Gerold's d100
    game = game_of(mission_text(mira="values = { skill_automatic = 0 }"), rolls)
    assert game.current == "mira"
    (event,) = [
        e
        for e in game.apply(c.Attack(actor="mira", target="gerold", weapon="sturmgewehr"))
        if e.kind == "attack"
    ]
    assert event.data["modifier"] == 0 and event.data["attacker_pw"] == 50
    chance = attack_chance(game, "mira", "gerold", AttackPlan("sturmgewehr"))
    assert chance == hit_chance(50, 55)


def test_own_lp_decide_the_wound_state() -> None:
    """W-WOUND-2: with own LP a = 1 the first wound fells the fighter."""
    game = game_of(
        mission_text(gerold='values = { lp_a = 1 }\nequipment = ["kurzschwert"]'), [90, 1, 1, 100]
    )
    game.apply(c.Attack(actor="mira", target="gerold", weapon="sturmgewehr"))
    assert game.fighters["gerold"].wounds == 1
    assert game.state_of("gerold") is WoundState.DOWN


def test_own_values_survive_checkpoint_resume_and_snapshot() -> None:
    """Undo and saves: a resumed game still reads the own values; the snapshot is data."""
    game = game_of(mission_text(gerold=OWN))
    point = game.checkpoint()
    again = game.resume(point)
    assert again.kind("gerold").koerper == 80 and again.fighters["gerold"].armour == 0
    assert again.snapshot() == game.snapshot()
    assert WRS.snapshot_problem(game.snapshot()) is None


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("values = { koerper = 0 }", "creatures[0].values.koerper"),
        ("values = { koerper = 101 }", "creatures[0].values.koerper"),
        ("values = { geist = -5 }", "creatures[0].values.geist"),
        ("values = { lp_c = 500 }", "creatures[0].values.lp_c"),
        ("values = { skill_bow = 2 }", "creatures[0].values.skill_bow"),
        ("values = { staerke = 3 }", "creatures[0].values.staerke"),
        ("values = { lp_a = 5, lp_b = 4 }", "creatures[0].values"),
        ('equipment = ["kettenhemd", "kettenruestung"]', "creatures[0].equipment[1]"),
    ],
)
def test_bad_own_values_are_refused_at_their_key(line: str, key: str) -> None:
    """W-WOUND-2..4 (LP a <= b <= c), the catalogue's bounds: the key is named."""
    found = problems_of(mission_text(gerold=line))
    assert found and {k for k, _ in found} == {key}, found


def test_lp_order_message_names_the_values() -> None:
    """W-WOUND-2..4: LP out of order says so with the three values."""
    ((_, message),) = problems_of(mission_text(gerold="values = { lp_b = 2 }"))
    assert "3" in message and "2" in message and "10" in message, message


def test_one_lp_is_refused_and_names_the_three_values() -> None:
    """W-WOUND-1: one ``lp`` is ENTARIA's; WRS asks for values.lp_a/b/c."""
    found = problems_of(mission_text(gerold="lp = 5"))
    assert [k for k, _ in found] == ["creatures[0].lp"]
    assert "values.lp_a" in found[0][1]


def test_held_is_checked_against_the_own_equipment() -> None:
    """W-ACT-1: what is drawn at the start comes out of the mission's own equipment."""
    mission = loaded(mission_text(gerold='equipment = ["kurzschwert"]'))
    grid = prepare_match(mission, path_label="eigen.toml").setup.grid
    gerold = dataclasses.replace(mission.creatures[0], held=("streitkolben",))
    bad = dataclasses.replace(mission, creatures=(gerold, mission.creatures[1]))
    with pytest.raises(MissionError) as caught:
        wrs_setup(bad, grid, CAT, path_label="eigen.toml")
    assert [p.key for p in caught.value.problems] == ["creatures[0].held[0]"]
    good = dataclasses.replace(gerold, held=("kurzschwert",))
    setup = wrs_setup(
        dataclasses.replace(mission, creatures=(good, mission.creatures[1])),
        grid,
        CAT,
        path_label="eigen.toml",
    )
    assert setup.fighters[0].drawn == ("kurzschwert",)
    assert setup.fighters[0].own is not None
    assert setup.fighters[0].own.equipment == ("kurzschwert",)


def test_the_mission_picture_is_the_tokens() -> None:
    """The creature's own picture reaches the set-up's ``images`` and the token."""
    mission = loaded(mission_text())
    grid = prepare_match(mission, path_label="eigen.toml").setup.grid
    mira = dataclasses.replace(mission.creatures[1], image="art/mira.png")
    setup = wrs_setup(
        dataclasses.replace(mission, creatures=(mission.creatures[0], mira)),
        grid,
        CAT,
        path_label="eigen.toml",
    )
    assert setup.images == (("mira", "art/mira.png"),)
    game = WRS.new_game(setup, CAT, 1)
    assert piece(game, game.fighters["mira"]).image == "art/mira.png"
    assert piece(game, game.fighters["gerold"]).image == ""


def test_own_values_play_to_the_end() -> None:
    """A match of own fighters runs under the built-in opponent to its end (W-ROUND-2)."""
    game = game_of(mission_text(gerold=OWN, mira="values = { koerper = 90, lp_c = 4 }"))
    for _ in range(2000):
        if game.over:
            break
        game.apply(WRS.policy_command(game))
    assert game.over and game.winner in {"a", "b"}
    if game.winner == "a":  # Mira fell at her LP a (3, the catalogue's)
        assert game.fighters["mira"].wounds >= 3
    else:  # Gerold fell at his own LP a of 5, not the catalogue's 3
        assert game.fighters["gerold"].wounds >= 5
