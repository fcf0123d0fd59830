"""The game master's fog by hand (issue 12, "Ping": GmFog): reveal fields to a side, hide
them, give them back to sight; the fog computation, undo, saves, refusals and the log.

Given a wall between a hero and a pirate, the GM's command, the side's FogView.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.grid import BattleGrid
from game.match.commands import CommandRejected
from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.rulesets import RULESETS
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import GmFog
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.fog import FogCache, fog_of_war
from game.rulesets.entaria.queries.log import log_for
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.state import BattleState
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

# Ron at [1, 1] cannot see behind the wall column x = 4; the pirate stands at [6, 1].
WALLED = """
....#...
....#...
....#...
"""
BEHIND = (6, 1)


def walled() -> Battle:
    return make_battle(WALLED, [hero("ron", (1, 1)), foe("p1", BEHIND)], first="ron")


def view(battle: Battle, side: str = "heroes"):
    return fog_of_war(battle, side, FogCache())


def setup() -> BattleSetup:
    return BattleSetup(
        "Wall", BattleGrid.from_ascii(WALLED), SIDES, (hero("ron", (1, 1)), foe("p1", BEHIND))
    )


@pytest.mark.rule("D-9", "I12")
def test_gm_fog_reveal_shows_the_field_and_the_enemy_on_it() -> None:
    battle = walled()
    before = view(battle)
    assert not before.visible[1, 6] and "p1" not in before.creatures
    battle.apply(GmFog(None, (BEHIND, (5, 1)), True, ("heroes",)))
    after = view(battle)
    assert after.visible[1, 6] and after.visible[1, 5] and "p1" in after.creatures
    assert not after.visible[0, 6]  # only the painted fields


@pytest.mark.rule("D-9", "I12")
def test_gm_fog_for_one_side_leaves_the_other_alone() -> None:
    battle = walled()
    battle.apply(GmFog(None, ((1, 1),), False, ("foes",)))
    assert view(battle, "heroes").visible[1, 1]  # the heroes' own sight is untouched
    assert "ron" not in view(battle, "foes").creatures


@pytest.mark.rule("D-9", "I12")
def test_gm_fog_hide_takes_a_seen_field_and_its_enemy_away() -> None:
    battle = make_battle(WALLED, [hero("ron", (1, 1)), foe("p1", (3, 1))], first="ron")
    assert "p1" in view(battle).creatures
    battle.apply(GmFog(None, ((3, 1),), False))  # every side
    hidden = view(battle)
    assert not hidden.visible[1, 3] and "p1" not in hidden.creatures
    assert "ron" in hidden.creatures  # one's own creatures are always shown
    battle.apply(GmFog(None, ((3, 1),), None))  # back to what Ron sees
    assert "p1" in view(battle).creatures and battle.state.fog_marks == {}


@pytest.mark.rule("D-9", "I12")
def test_gm_fog_hide_after_reveal_covers_the_field_again() -> None:
    battle = walled()
    battle.apply(GmFog(None, (BEHIND,), True, ("heroes",)))
    battle.apply(GmFog(None, (BEHIND,), False, ("heroes",)))
    assert not view(battle).visible[1, 6] and "p1" not in view(battle).creatures


@pytest.mark.rule("E-COND-UNENTDECKT-4", "I12")
def test_a_revealed_field_does_not_find_a_hidden_creature() -> None:
    from game.rulesets.entaria.rules.terms import Condition

    battle = make_battle(
        WALLED,
        [hero("ron", (1, 1)), foe("p1", BEHIND, conditions=(Condition.INVISIBLE,))],
        first="ron",
    )
    battle.apply(GmFog(None, (BEHIND,), True))
    assert view(battle).visible[1, 6] and "p1" not in view(battle).creatures


@pytest.mark.rule("I12")
def test_gm_fog_undo_restores_the_fog() -> None:
    match = Match(ENTARIA, setup(), CATALOGUE, seed=4)
    before = match.battle.state.to_dict()
    match.apply(GmFog(None, (BEHIND,), True, ("heroes",)))
    assert "p1" in fog_of_war(match.battle, "heroes").creatures
    match.undo()
    assert "p1" not in fog_of_war(match.battle, "heroes").creatures
    assert match.battle.state.to_dict() == before  # no fog_marks key written when empty
    match.redo()
    assert "p1" in fog_of_war(match.battle, "heroes").creatures


@pytest.mark.rule("I12")
def test_gm_fog_survives_a_save_and_load(tmp_path: Path) -> None:
    match = Match(ENTARIA, setup(), CATALOGUE, seed=4)
    match.apply(GmFog(None, (BEHIND, (5, 2)), True, ("heroes",)))
    match.apply(GmFog(None, ((1, 1),), False, ("foes",)))
    ref = MissionRef("maps/wall.toml", "ab" * 32)
    path = write_save(match, tmp_path, "nebel", ref)

    def opened(_path: str) -> OpenedMission:
        return OpenedMission(setup(), CATALOGUE, "ab" * 32, ENTARIA)

    loaded = load_save(path, opened, RULESETS).match
    assert loaded.commands == match.commands
    assert loaded.battle.state.fog_marks == {
        "heroes": {BEHIND: True, (5, 2): True},
        "foes": {(1, 1): False},
    }
    assert "p1" in fog_of_war(loaded.battle, "heroes").creatures
    state = BattleState.from_dict(match.battle.state.to_dict())
    assert state.fog_marks == match.battle.state.fog_marks


@pytest.mark.rule("I12")
def test_gm_fog_round_trips_as_a_command() -> None:
    for reveal in (True, False, None):
        command = GmFog(None, ((1, 2), (3, 4)), reveal, ("heroes",))
        assert COMMANDS.from_dict(command.to_dict()) == command


@pytest.mark.rule("I12")
def test_an_old_state_without_fog_marks_loads() -> None:
    data = walled().state.to_dict()
    assert "fog_marks" not in data
    assert BattleState.from_dict(data).fog_marks == {}


@pytest.mark.rule("I12")
def test_a_creature_cannot_send_gm_fog() -> None:
    battle = walled()
    with pytest.raises(CommandRejected) as refused:
        battle.apply(GmFog("ron", (BEHIND,), True, ("heroes",)))
    assert "Spielleitung" in refused.value.text("de")
    assert battle.state.fog_marks == {} and not battle.record


@pytest.mark.rule("I12")
@pytest.mark.parametrize(
    "command",
    [
        GmFog(None, (), True),
        GmFog(None, ((99, 0),), True),
        GmFog(None, ((1, 1),), True, ("nobody",)),
    ],
)
def test_a_bad_gm_fog_is_refused_and_changes_nothing(command: GmFog) -> None:
    battle = walled()
    with pytest.raises(CommandRejected):
        battle.apply(command)
    assert battle.state.fog_marks == {} and not battle.record


@pytest.mark.rule("I12")
def test_gm_fog_is_in_every_sides_log() -> None:
    battle = walled()
    battle.apply(GmFog(None, (BEHIND, (5, 1)), True, ("heroes",)))
    for side in ("heroes", "foes"):
        lines = [event for event in log_for(battle, [side]) if event.kind == "gm"]
        assert lines, side
    event = battle.log[-1]
    # the line every side reads names no field (i12 H12c point 8); the details do
    assert event.de == "Spielleitung: ändert den Nebel"
    assert event.en == "Game master: changes the fog"
    details = event.data["details_de"]
    assert details.startswith("Spielleitung: deckt 2 Felder für Helden auf ([6, 1], [5, 1])")
    assert event.data["details_en"] == "Game master: reveals 2 fields to Helden ([6, 1], [5, 1])"
    battle.apply(GmFog(None, ((1, 1),), False))
    assert "vor allen Seiten" in battle.log[-1].data["details_de"]
