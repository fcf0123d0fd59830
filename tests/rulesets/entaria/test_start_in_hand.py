"""What a creature has in hand when the fight begins (issue 10): ``CreatureSetup.held``.

Nothing is drawn unless the set-up says so; drawing is Interagieren, one HH
(E-ACT-HH-INTERAGIEREN: "draw it from a holster"), so draw and shoot fill one turn
(EX-ACT-1). The built-in opponent draws when it has nothing to attack with.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.grid import BattleGrid
from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, SaveError, load_save, write_save
from game.missions.loader import demo_mission_path
from game.missions.simulate import open_mission
from game.rulesets import RULESETS
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack, ChangePosition, EndTurn
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy import candidates, choose_command, play_step
from game.rulesets.entaria.policy_targets import weapon_to_draw
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition, german
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, make_battle

ROOM = """
..........
..........
..........
"""


def ron(cell: tuple[int, int] = (0, 1), **kw: object) -> CreatureSetup:
    """Ron of the players' side as a mission would place him: only what ``kw`` says."""
    return CreatureSetup(key="ron", type="ron", side="heroes", cell=cell, **kw)  # type: ignore[arg-type]


def pirate(key: str, cell: tuple[int, int], **kw: object) -> CreatureSetup:
    """A Dretop pirate of the GM's side (laser pistol and Panzerjacke), only ``kw`` set."""
    return CreatureSetup(key=key, type="dretop_pirat", side="foes", cell=cell, **kw)  # type: ignore[arg-type]


def test_nothing_is_drawn_unless_the_setup_says_so() -> None:
    """E-ACT-HH-INTERAGIEREN: without ``held`` the whole equipment is carried, none in hand."""
    battle = make_battle(ROOM, [ron(), pirate("p", (6, 1))])
    for key in ("ron", "p"):
        creature = battle.state.creatures[key]
        kind = CATALOGUE.creatures[creature.type_key]
        assert creature.held == []
        assert creature.carried == list(kind.equipment)


def test_exactly_the_listed_things_are_in_hand_the_rest_carried() -> None:
    """E-ACT-HH-INTERAGIEREN: ``held`` comes out of the equipment, once per listed key."""
    equipment = ("handgranate", "handgranate", "laserpistole", "taserpistole")
    battle = make_battle(
        ROOM,
        [ron(equipment=equipment, held=("taserpistole", "handgranate")), pirate("p", (6, 1))],
    )
    creature = battle.state.creatures["ron"]
    assert creature.held == ["taserpistole", "handgranate"]
    assert creature.carried == ["handgranate", "laserpistole"]
    # a drawn gun starts loaded like a carried one
    assert creature.magazines["taserpistole"] == CATALOGUE.weapons["taserpistole"].magazine


def test_a_setup_that_holds_what_it_lacks_is_refused() -> None:
    """E-ACT-HH-INTERAGIEREN: one can only hold what one has (a set-up built by hand)."""
    with pytest.raises(ValueError, match="lasergewehr"):
        make_battle(ROOM, [ron(held=("lasergewehr",)), pirate("p", (6, 1))])
    with pytest.raises(ValueError, match="laserpistole"):
        make_battle(ROOM, [ron(held=("laserpistole", "laserpistole")), pirate("p", (6, 1))])


def test_a_shot_without_a_drawn_weapon_is_refused_with_the_reason() -> None:
    """E-ACT-HH-INTERAGIEREN, E-RANGED-1: the holstered pistol must be drawn first."""
    battle = make_battle(ROOM, [ron(), pirate("p", (4, 1))], first="ron", dice=[15, 3])
    with pytest.raises(CommandRejected) as refused:
        battle.apply(Attack("ron", "p", "laserpistole"))
    assert "draw it first" in str(refused.value)
    assert "Interagieren" in german(str(refused.value))
    assert battle.state.budget.halves_left == 2  # the refusal spent nothing


def test_draw_costs_one_half_action_so_draw_and_shoot_fill_one_turn() -> None:
    """E-ACT-HH-INTERAGIEREN, E-ACT-2, E-ACT-6, EX-ACT-1: draw (HH) + Fernkampf (HH), two
    different actions, not Wehrlos. "Die anderen beiden Piraten ziehen auch ihre Waffen,
    können diese aber auch nutzen."
    """
    battle = make_battle(ROOM, [ron(), pirate("p", (4, 1))], first="p", dice=[15, 3])
    events = battle.apply(Interact("p", "draw", item="laserpistole"))
    assert [e.kind for e in events if e.kind == "draw"] == ["draw"]
    pirate_state = battle.state.creatures["p"]
    assert pirate_state.held == ["laserpistole"] and "laserpistole" not in pirate_state.carried
    assert battle.state.budget.halves_left == 1
    assert tuple(battle.state.budget.actions) == (Action.INTERACT,)
    events = battle.apply(Attack("p", "ron", "laserpistole"))
    assert any(e.kind == "damage" for e in events)
    assert battle.state.budget.halves_left == 0
    assert Condition.DEFENSELESS not in battle.state.creatures["p"].conditions


def test_a_lying_pirate_stands_up_and_draws_and_cannot_shoot_too() -> None:
    """E-ACT-HH-POSITION, E-ACT-HH-INTERAGIEREN, EX-ACT-1: stand up (HH) + draw (HH) is the
    whole turn. "Diese stehen mit der Halben Handlung Positionswechsel auf und ziehen mit
    einer Halben Handlung ihre Waffen."
    """
    battle = make_battle(
        ROOM, [ron(), pirate("p", (4, 1), conditions=(Condition.PRONE,))], first="p", dice=[15]
    )
    battle.apply(ChangePosition("p", "standing"))
    battle.apply(Interact("p", "draw", item="laserpistole"))
    with pytest.raises(CommandRejected):
        battle.apply(Attack("p", "ron", "laserpistole"))


def _demo() -> Battle:
    opened = open_mission(str(demo_mission_path()))
    return new_battle(opened.setup, opened.catalogue, 7)


def test_the_demo_pirates_start_with_nothing_in_hand_and_likron_readied() -> None:
    """EX-ACT-1 (maps/dretop-versteck.toml): the pirates and Ron have not drawn; Likron
    "trägt seit dem Eindringen in die Basis seine Laser Kanone im Anschlag".
    """
    battle = _demo()
    pirates = [c for c in battle.state.creatures.values() if c.side == "piraten"]
    assert len(pirates) == 5
    for creature in pirates:
        assert creature.held == [], creature.key
        assert "laserpistole" in creature.carried
    assert battle.state.creatures["ron"].held == []
    assert battle.state.creatures["likron"].held == ["laserkanone"]


def test_the_demo_pirates_draw_in_round_1() -> None:
    """EX-ACT-1 with the built-in opponent: each pirate draws in round 1 (standing up
    first, when lying); none shoots before drawing. "Diese stehen mit der Halben Handlung
    Positionswechsel auf und ziehen mit einer Halben Handlung ihre Waffen. Die anderen
    beiden Piraten ziehen auch ihre Waffen, können diese aber auch nutzen."
    """
    battle = _demo()
    first: dict[str, list[str]] = {}
    while battle.state.round == 1 and not battle.state.over:
        command, events = play_step(battle)
        if isinstance(command, EndTurn) or command.actor is None:
            continue
        actor = battle.state.creatures[command.actor]
        if actor.side == "piraten":
            first.setdefault(actor.key, []).extend(e.kind for e in events)
    assert first, "the pirates acted in round 1"
    for key, kinds in first.items():
        assert "draw" in kinds, (key, kinds)
        if "roll" in kinds:  # a shot, if any, comes after the draw
            assert kinds.index("draw") < kinds.index("roll"), (key, kinds)


def test_the_opponent_draws_its_gun_when_nothing_is_in_hand() -> None:
    """E-ACT-HH-INTERAGIEREN: a pirate with nothing in hand and an enemy in sight draws its
    laser pistol first (one HH), then shoots with the other (EX-ACT-1).
    """
    battle = make_battle(ROOM, [ron(), pirate("p", (5, 1))], first="p", dice=[15, 3] * 4)
    assert choose_command(battle) == Interact("p", "draw", item="laserpistole")
    battle.apply(Interact("p", "draw", item="laserpistole"))
    assert choose_command(battle) == Attack("p", "ron", "laserpistole")


def test_the_opponent_draws_a_melee_weapon_with_an_enemy_in_reach() -> None:
    """E-ACT-HH-INTERAGIEREN, E-RANGE-KERN: next to an enemy the punk draws the Knüppel,
    not the pistol (a shot at one field has Nachteil); at range the pistol.
    """
    punk = CreatureSetup("punk", "akuanischer_strassenpunk", "foes", (2, 1))
    near = make_battle(ROOM, [ron((1, 1)), punk], first="punk")
    drawn = weapon_to_draw(near, near.state.creatures["punk"])
    assert drawn is not None and drawn.key == "knueppel"
    far = make_battle(ROOM, [ron((9, 1)), punk], first="punk")
    drawn = weapon_to_draw(far, far.state.creatures["punk"])
    assert drawn is not None and drawn.key == "pistole"


def test_the_opponent_does_not_draw_twice_or_with_a_weapon_in_hand() -> None:
    """E-ACT-6: a second Interagieren in the turn would make Wehrlos; a held gun needs none."""
    battle = make_battle(ROOM, [ron(), pirate("p", (5, 1))], first="p", dice=[15, 3] * 4)
    battle.apply(Interact("p", "draw", item="laserpistole"))
    assert not any(isinstance(c, Interact) and c.what == "draw" for c in candidates(battle))
    armed = make_battle(
        ROOM, [ron(), pirate("p", (5, 1), held=("laserpistole",))], first="p", dice=[15, 3]
    )
    assert weapon_to_draw(armed, armed.state.creatures["p"]) is None


def test_an_old_save_with_the_first_weapon_drawn_is_refused_with_a_reason(
    tmp_path: Path,
) -> None:
    """Saves record the mission, not the set-up: a match begun with the first weapon drawn
    (before ``held``) replayed on the mission as it now reads (nothing drawn) is refused
    with a SaveError naming the commands, not a traceback (the documented decision).
    """

    def setup(held: tuple[str, ...]) -> BattleSetup:
        creatures = (ron(held=held), pirate("p", (4, 1), held=("laserpistole",)))
        return BattleSetup("Alt", BattleGrid.from_ascii(ROOM), SIDES, creatures)

    old = Match(ENTARIA, setup(("laserpistole",)), CATALOGUE, seed=3)
    while old.battle.state.current_key != "ron":
        old.apply(EndTurn(old.battle.state.current_key))
    old.apply(Attack("ron", "p", "laserpistole"))
    path = write_save(old, tmp_path, "alt", MissionRef("maps/alt.toml", "ab" * 32))

    def open_now(_: str) -> OpenedMission:
        return OpenedMission(setup(()), CATALOGUE, "ab" * 32, ENTARIA)

    with pytest.raises(SaveError) as refused:
        load_save(path, open_now, RULESETS)
    assert "$.commands" in str(refused.value) and "draw it first" in str(refused.value)
