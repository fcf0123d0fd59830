"""Area fire in two steps (the screen paints it): given / commands / expected end state.

AreaFireRoll declares the area, spends the action and the rounds and rolls the check
(E-AREAFIRE-3) and the total (E-AREAFIRE-4); PlaceAreaFire then places the total by D-6.
The dice are scripted after the initiative roll: the d20s of each check in order (two
with Nachteil), then the d6 of the total, then the d20 of each Reflexe save.
Also here: the set-up fixes of the engine (Liegend, the mission's hidden placement) and
the intended field in the scatter event of a throw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.match.commands import Command
from game.match.events import Event
from game.match.record import Match, replay
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.rulesets import RULESETS
from game.rulesets.entaria.area_fire import (
    AREA_FIRE_PLACEMENT,
    AreaFire,
    AreaFireRoll,
    placement_of,
)
from game.rulesets.entaria.area_fire_placement import (
    PlaceAreaFire,
    placement_errors,
    suggested_placement,
)
from game.rulesets.entaria.area_fire_zones import AREA_FIRE, COVERING_FIRE
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import Attack, ChangePosition, EndTurn, GmSetLifePoints, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.state import Stance
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

OPEN = "\n".join(["." * 12] * 6)
SHOTGUN_FIELDS = ((3, 2), (3, 3), (3, 4))
# Likron (Fernkampf 6) with the shotgun: SW 3, BEM 1,1, 8 rounds. The dealers: LP 11,
# Reflexe 3, no armour.


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def lp(battle: Battle, key: str) -> int:
    return battle.state.creatures[key].lp


def shotgun(dice: list[int]) -> Battle:
    """Likron at (0, 3) with the shotgun; dealers d1 (3, 2), d2 (3, 3), d3 (3, 4)."""
    creatures = [hero("likron", (0, 3), type_="likron", equipment=("schrotgewehr",))]
    creatures += [
        foe(key, cell, type_="akuanischer_drogendealer")
        for key, cell in (("d1", (3, 2)), ("d2", (3, 3)), ("d3", (3, 4)))
    ]
    return make_battle(OPEN, creatures, first="likron", dice=dice)


def smg(dice: list[int]) -> Battle:
    """Likron at (0, 2) with the submachine gun (SW 3, BEM 2,10); dealer d1 at (4, 4)."""
    return make_battle(
        OPEN,
        [
            hero("likron", (0, 2), type_="likron", equipment=("maschinenpistole",)),
            foe("d1", (4, 4), type_="akuanischer_drogendealer"),
        ],
        first="likron",
        dice=dice,
    )


def assert_refused(battle: Battle, command: Command, *words: str) -> str:
    """The command is refused naming ``words`` and changes nothing."""
    before = battle.state.to_dict()
    record = len(battle.record)
    with pytest.raises(CommandRejected) as refused:
        battle.apply(command)
    for word in words:
        assert word in refused.value.reason
    assert battle.state.to_dict() == before
    assert len(battle.record) == record
    return refused.value.reason


# ------------------------------------------------------------- roll, then place
@pytest.mark.rule(
    "D-6", "E-AREAFIRE-3", "E-AREAFIRE-4", "E-AREAFIRE-9", "E-ACT-HH-FERNKAMPF", "EX-AREAFIRE-1"
)
def test_roll_then_place_deals_what_the_one_shot_area_fire_deals() -> None:
    """Given the shotgun and d20 9 (15 vs ZW 15), d6 2: total (3 + 2) x 1 = 5.
    Commands: AreaFireRoll on three fields, PlaceAreaFire [3, 2].
    Expected: d1 fails its save (3), d2 passes (half of 2 = 1): the state the one-shot
    AreaFire reaches with the same dice."""
    battle = shotgun([9, 2, 2, 15])
    events = battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))

    rolled = kinds(events, "area_fire")[0].data
    assert rolled["step"] == "rolled" and rolled["total"] == 5 and rolled["die"] == 2
    assert "fields" not in rolled  # nothing is placed yet
    assert [p.kind for p in battle.state.pending] == [AREA_FIRE_PLACEMENT]
    waiting = battle.state.pending[0]
    assert waiting.actor == "likron"
    assert waiting.data["total"] == 5 and waiting.data["placeable"] == 5
    assert waiting.data["fields"] == [[3, 2], [3, 3], [3, 4]]
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 7  # E-AREAFIRE-2
    assert (lp(battle, "d1"), lp(battle, "d2"), lp(battle, "d3")) == (11, 11, 11)

    events = battle.apply(PlaceAreaFire("likron", ((3, 2, 3), (3, 3, 2))))

    placed = kinds(events, "area_fire")[0]
    assert placed.data["fields"] == [[3, 2, 3], [3, 3, 2]] and placed.data["lost"] == 0
    assert placed.de and placed.en and placed.de != placed.en
    assert (lp(battle, "d1"), lp(battle, "d2"), lp(battle, "d3")) == (11 - 3, 11 - 1, 11)
    assert battle.state.pending == []  # an HH's fire acts only now (E-OPEN-25)

    one_shot = shotgun([9, 2, 2, 15])
    one_shot.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    assert battle.state.to_dict() == one_shot.state.to_dict()


@pytest.mark.rule(
    "D-6",
    "E-ACT-VH-DAUERFEUER-1",
    "E-ACT-VH-DAUERFEUER-2",
    "E-AREAFIRE-6",
    "E-AREAFIRE-8",
    "E-OPEN-25",
)
def test_auto_fire_placed_by_the_player_keeps_the_players_fields_until_the_next_turn() -> None:
    """Given Dauerfeuer (Nachteil: 12, 9 keep 9 -> 15), d6 4: total (3 + 4) x 2 = 14.
    Command: the player puts 3 on the dealer's field (4, 4), not where the order would.
    Expected: the dealer fails its save and takes 3; the Dauerfeuer zone keeps exactly
    the player's values."""
    battle = smg([12, 9, 4, 2])
    fields = ((4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5))
    events = battle.apply(AreaFireRoll("likron", "maschinenpistole", "AUTO_FIRE", fields))
    roll = kinds(events, "roll")[0]
    assert roll.data["edge"] == -1 and roll.data["kept"] == 9
    assert placement_of(battle, "likron") is not None

    values = ((4, 5, 2), (4, 4, 3), (4, 3, 3), (4, 2, 3), (4, 1, 3))
    battle.apply(PlaceAreaFire("likron", values))

    assert lp(battle, "d1") == 11 - 3
    assert [p.kind for p in battle.state.pending] == [AREA_FIRE]
    assert battle.state.pending[0].data["fields"] == [list(v) for v in values]
    assert battle.state.creatures["likron"].magazines["maschinenpistole"] == 30 - 10


@pytest.mark.rule(
    "E-ACT-VH-DECKUNGSFEUER-1", "E-ACT-VH-DECKUNGSFEUER-2", "E-ACT-VH-DECKUNGSFEUER-5"
)
def test_covering_fire_roll_makes_the_shooter_defenceless_and_the_placement_the_zone() -> None:
    """Given Deckungsfeuer (Nachteil 15, 15; d6 1: total 8, 20 rounds).
    Expected: Wehrlos and 20 rounds at the roll; the placed fields become the zone."""
    battle = smg([15, 15, 1])
    battle.apply(AreaFireRoll("likron", "maschinenpistole", "COVERING_FIRE", ((5, 2), (5, 3))))
    likron = battle.state.creatures["likron"]
    assert Condition.DEFENSELESS in likron.conditions
    assert likron.magazines["maschinenpistole"] == 30 - 20
    assert placement_of(battle, "likron") is not None
    assert placement_of(battle, "likron").data["placeable"] == 6  # type: ignore[union-attr]

    events = battle.apply(PlaceAreaFire("likron", ((5, 2, 3), (5, 3, 3))))

    assert kinds(events, "area_fire")[0].data["lost"] == 8 - 6  # E-OPEN-24 (iv)
    assert [p.kind for p in battle.state.pending] == [COVERING_FIRE]


@pytest.mark.rule("E-AREAFIRE-3", "E-AREAFIRE-2")
def test_a_missed_roll_ends_it_like_the_one_shot_with_the_rounds_spent() -> None:
    """Given d20 2 (8 < 15). Expected: a miss, no placement waits, one round gone."""
    battle = shotgun([2])
    events = battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    assert kinds(events, "miss") and not kinds(events, "area_fire")
    assert battle.state.pending == []
    assert battle.state.creatures["likron"].magazines["schrotgewehr"] == 7
    assert_refused(battle, PlaceAreaFire("likron", ((3, 2, 3),)), "no rolled area fire")


@pytest.mark.rule("E-OPEN-30")
def test_a_critical_roll_doubles_the_total_and_gives_the_saf_when_placed() -> None:
    """Given a natural 20 and d6 2: (3 + 2) x 1 x 2 = 10, 9 fit on three fields.
    The saves in the creatures' order: d1 20 (half), d2 3 (fails: 3 and the shotgun's
    SAF, Blutend), d3 20 (half)."""
    battle = shotgun([20, 2, 20, 3, 20])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    waiting = placement_of(battle, "likron")
    assert waiting is not None and waiting.data["total"] == 10 and waiting.data["critical"]
    assert waiting.data["placeable"] == 9  # three fields of SW 3

    battle.apply(PlaceAreaFire("likron", ((3, 3, 3), (3, 2, 3), (3, 4, 3))))

    assert (lp(battle, "d1"), lp(battle, "d2"), lp(battle, "d3")) == (11 - 1, 11 - 3, 11 - 1)
    assert Condition.BLEEDING in battle.state.creatures["d2"].conditions
    assert Condition.BLEEDING not in battle.state.creatures["d1"].conditions


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize(
    ("values", "words"),
    [
        (((3, 2, 4), (3, 3, 1)), ("more than the weapon's damage of 3",)),  # E-AREAFIRE-8
        (((3, 2, 3), (3, 3, 2), (3, 4, 0)), ("at least 1",)),  # E-AREAFIRE-7
        (((3, 2, 3),), ("exactly 5 must be placed",)),  # E-OPEN-24 (iv)
        (((3, 2, 3), (3, 4, 2)), ("not joined by an edge",)),  # E-AREAFIRE-6
        (((3, 2, 3), (4, 2, 2)), ("outside the area declared",)),  # D-6
        ((), ("at least one field",)),  # E-AREAFIRE-5
    ],
)
@pytest.mark.rule(
    "D-6", "E-AREAFIRE-5", "E-AREAFIRE-6", "E-AREAFIRE-7", "E-AREAFIRE-8", "E-OPEN-24"
)
def test_an_invalid_placement_is_refused_naming_the_broken_rule_and_changes_nothing(
    values: tuple[tuple[int, int, int], ...], words: tuple[str, ...]
) -> None:
    """Given a rolled total of 5 on three declared fields (SW 3).
    Expected: each broken D-6 rule is named, the state stays, the fire still waits."""
    battle = shotgun([9, 2, 2, 15])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    assert_refused(battle, PlaceAreaFire("likron", values), "(D-6)", *words)
    assert placement_of(battle, "likron") is not None
    battle.apply(PlaceAreaFire("likron", ((3, 2, 3), (3, 3, 2))))  # a valid one still goes


@pytest.mark.rule("D-6")
def test_malformed_placements_are_refused_and_change_nothing() -> None:
    """A field placed twice, or a triple that is not [x, y, value]."""
    battle = shotgun([9, 2, 2, 15])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    assert_refused(battle, PlaceAreaFire("likron", ((3, 2, 3), (3, 2, 2))), "placed twice")
    bad: Any = ((3, 2),)
    assert_refused(battle, PlaceAreaFire("likron", bad), "[x, y, value]")


@pytest.mark.rule("E-OPEN-24")
def test_the_placement_errors_name_the_shooters_own_field() -> None:
    """The placement check is the one the screen asks: the own field is never hit."""
    battle = shotgun([9, 2])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    waiting = placement_of(battle, "likron")
    assert waiting is not None
    assert placement_errors(battle, waiting, {(3, 2): 3, (3, 3): 2}) == []
    errors = placement_errors(battle, waiting, {(0, 3): 3, (1, 3): 2})
    assert any("shooter's own field" in e for e in errors)


@pytest.mark.rule("D-6", "E-ACT-2")
def test_while_the_fire_waits_every_other_command_is_refused_with_the_reason() -> None:
    """Given a rolled total waiting. Expected: moving, attacking, another area fire, a
    reload, a change of position are refused asking to place the fire; legal_actions says
    so for every action; the game master still may act."""
    battle = shotgun([9, 2, 2, 15])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    for command in (
        Move("likron", "WALK", ((0, 3), (1, 3))),
        Attack("likron", "d1", "schrotgewehr"),
        AreaFire("likron", "schrotgewehr", "BEM_SHOT", ((3, 2),)),
        AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", ((3, 2),)),
        Reload("likron", "schrotgewehr"),
        ChangePosition("likron", "prone"),
    ):
        assert_refused(battle, command, "place the rolled area fire")
    legal = battle.legal_actions()
    assert legal and not any(a.allowed for a in legal)
    budget = battle.state.budget  # what the budget alone refuses keeps its own reason
    assert all(
        "place the rolled area fire" in a.reason for a in legal if budget.can_spend(a.action)[0]
    )
    assert sum("place the rolled area fire" in a.reason for a in legal) >= 10

    battle.apply(GmSetLifePoints(None, "d3", 10))  # the game master is not held up
    battle.apply(PlaceAreaFire("likron", ((3, 2, 3), (3, 3, 2))))
    assert any(a.allowed for a in battle.legal_actions())  # free again


@pytest.mark.rule("D-6", "E-ROUND-5")
def test_end_turn_places_the_suggestion_as_the_one_shot_would() -> None:
    """Given a rolled total of 5. Command: EndTurn.
    Expected: the declared fields filled in order ([3, 2]), the saves rolled, the turn
    passed: the same state as the one-shot AreaFire followed by EndTurn."""
    battle = shotgun([9, 2, 2, 15])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    waiting = placement_of(battle, "likron")
    assert waiting is not None
    assert suggested_placement(battle, waiting) == {(3, 2): 3, (3, 3): 2}

    events = battle.apply(EndTurn("likron"))

    placed = kinds(events, "area_fire")[0].data
    assert placed["auto"] is True and placed["fields"] == [[3, 2, 3], [3, 3, 2]]
    assert events.index(kinds(events, "area_fire")[0]) < events.index(kinds(events, "turn")[0])
    assert battle.state.current_key != "likron" and battle.state.pending == []
    one_shot = shotgun([9, 2, 2, 15])
    one_shot.apply(AreaFire("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    one_shot.apply(EndTurn("likron"))
    assert battle.state.to_dict() == one_shot.state.to_dict()


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-AREAFIRE-4")
def test_the_waiting_total_can_be_rerolled_with_impuls() -> None:
    """Given a total of 5 (d6 2) waiting. Command: an Impuls reroll of the d6 (fresh 6).
    Expected: the placement now waits with (3 + 6) x 1 = 9, still before placing."""
    battle = shotgun([9, 2])
    battle.state.impulse_pool = 2
    battle.rerolls.fresh_dice = lambda key: ScriptedRoller([6])
    battle.apply(AreaFireRoll("likron", "schrotgewehr", "BEM_SHOT", SHOTGUN_FIELDS))
    assert [o.dice for o in battle.rerollable_rolls()] == [(9,), (2,)]

    battle.apply(SpendImpulse("likron", "REROLL", roll=1))

    waiting = placement_of(battle, "likron")
    assert waiting is not None and waiting.data["total"] == 9
    assert battle.state.impulse_pool == 1


# ------------------------------------------------------- record, replay, undo
def open_setup() -> BattleSetup:
    """Likron (first with seed 11) with the submachine gun; two dealers in the fire."""
    creatures = (
        hero("likron", (0, 3), type_="likron", equipment=("maschinenpistole",)),
        foe("d1", (4, 2), type_="akuanischer_drogendealer"),
        foe("d2", (4, 3), type_="akuanischer_drogendealer"),
    )
    return BattleSetup("Placement", BattleGrid.from_ascii(OPEN), SIDES, creatures)


FIELDS = ((4, 1), (4, 2), (4, 3), (4, 4), (4, 5))
VALUES = ((4, 2, 3), (4, 3, 3), (4, 1, 3), (4, 4, 3), (4, 5, 2))


def rolled_match() -> Match:
    """Seed 11: Likron acts first and the Dauerfeuer hits: total 14 waits."""
    match = Match(ENTARIA, open_setup(), CATALOGUE, seed=11)
    assert match.battle.state.current_key == "likron"
    match.apply(AreaFireRoll("likron", "maschinenpistole", "AUTO_FIRE", FIELDS))
    waiting = placement_of(match.battle, "likron")
    assert waiting is not None and waiting.data["total"] == 14
    return match


@pytest.mark.rule("D-6")
def test_both_commands_serialise_and_the_record_replays_to_the_identical_state() -> None:
    match = rolled_match()
    match.apply(PlaceAreaFire("likron", VALUES))
    match.apply(EndTurn("likron"))
    for command in match.commands:
        assert COMMANDS.from_dict(command.to_dict()) == command
    again = replay(ENTARIA, open_setup(), CATALOGUE, 11, match.commands)
    assert again.state.to_dict() == match.battle.state.to_dict()
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in match.battle.log]


@pytest.mark.rule("D-6")
def test_undo_and_redo_of_the_roll_and_the_placement() -> None:
    """Undo the placement: the total waits again; undo the roll: nothing was fired."""
    fresh = Match(ENTARIA, open_setup(), CATALOGUE, seed=11).battle.state.to_dict()
    match = rolled_match()
    waiting = match.battle.state.to_dict()
    match.apply(PlaceAreaFire("likron", VALUES))
    placed = match.battle.state.to_dict()

    match.undo()
    assert match.battle.state.to_dict() == waiting
    match.undo()
    assert match.battle.state.to_dict() == fresh
    assert placement_of(match.battle) is None
    match.redo()
    assert match.battle.state.to_dict() == waiting
    match.redo()
    assert match.battle.state.to_dict() == placed


@pytest.mark.rule("D-6")
def test_a_save_with_the_fire_waiting_loads_and_goes_on_identically(tmp_path: Path) -> None:
    match = rolled_match()
    saved = write_save(match, tmp_path, "waiting", MissionRef("placement.toml", "0" * 64))
    loaded = load_save(
        saved, lambda _: OpenedMission(open_setup(), CATALOGUE, "0" * 64, ENTARIA), RULESETS
    )
    assert placement_of(loaded.match.battle, "likron") is not None
    for target in (match, loaded.match):
        target.apply(PlaceAreaFire("likron", VALUES))
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()


# ----------------------------------------------------------- set-up and scatter
def one(creature: CreatureSetup) -> Battle:
    return make_battle(OPEN, [hero("ron", (0, 0)), creature], first="ron")


@pytest.mark.rule("E-COND-LIEGEND-1")
def test_a_creature_set_up_liegend_lies_prone() -> None:
    """Given a mission creature with the condition Liegend. Expected: stance prone."""
    battle = one(foe("p1", (5, 5), conditions=(Condition.PRONE,)))
    pirate = battle.state.creatures["p1"]
    assert Condition.PRONE in pirate.conditions and pirate.stance is Stance.PRONE
    assert battle.state.creatures["ron"].stance is Stance.STANDING


@pytest.mark.rule("E-COND-UNENTDECKT-1", "E-COND-UNENTDECKT-4")
def test_a_hidden_placement_starts_unentdeckt_toward_every_other_side() -> None:
    """Given the mission's hidden flag. Expected: Unentdeckt with no per-observer record,
    so hidden from every creature of the other side and from that side as a whole."""
    battle = one(foe("p1", (5, 5), hidden=True))
    pirate = battle.state.creatures["p1"]
    assert Condition.UNDETECTED in pirate.conditions and pirate.hidden_from == set()
    assert battle.hidden_from(pirate) == frozenset({"ron"})
    assert battle.is_hidden_from_side(pirate, "heroes")
    assert Condition.UNDETECTED not in battle.state.creatures["ron"].conditions
    again = replay(ENTARIA, battle.setup, CATALOGUE, battle.seed, [])
    assert Condition.UNDETECTED in again.state.creatures["p1"].conditions


@pytest.mark.rule("D-7", "E-SCATTER-1")
def test_the_scatter_event_names_the_intended_field() -> None:
    """A missed grenade at (5, 2): the scatter event carries target, landing, step, rolls."""
    battle = make_battle(
        OPEN,
        [hero("ron", (0, 2), equipment=("handgranate",)), foe("p1", (10, 5))],
        first="ron",
        dice=[6, 12, 2, 1],  # 6 + 8 = 14 < 15: miss; d20 12 (back), d6 2
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    data = kinds(events, "scatter")[0].data
    assert data["target"] == [5, 2] and data["landing"] == [3, 2] and data["step"] == [-1, 0]
    assert (data["direction_roll"], data["distance_roll"]) == (12, 2)
