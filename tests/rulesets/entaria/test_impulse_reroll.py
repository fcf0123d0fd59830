"""The Impuls reroll: given a match and its last command, the reroll, the expected state.

E-IMP-EFF-REROLL: one check or damage roll of the last command is rolled again for 1
Impuls (players' pool, also in the enemies' turns; or the game master, E-IMP-GM-1/2),
and the command is recomputed with the new dice. The scenarios script the dice of the
match (``dice``) and the fresh dice of each reroll by its place in the record (``fresh``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.match.commands import Command
from game.match.events import Event
from game.match.record import Match, first_difference, replay
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.rulesets import RULESETS
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import Attack, ChangePosition, EndTurn, GmCondition, GmEndFight
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import GmSpendImpulse, SpendImpulse
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.reroll import RerollOption, reroll_dice
from game.rulesets.entaria.reroll_ledger import is_reroll
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import ActionType
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import CreatureSetup
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle
from tests.rulesets.entaria.test_match import arena_setup

OPEN = "\n".join(["." * 12] * 6)
PISTOL = "laserpistole"  # SW 3; Ron hits with Fernkampf 8 + d20 against the pirate's ZW 12
# The pirate: LP 12, Panzerung 2, hits Ron (LP 18, no armour) with 5 + d20 against ZW 15.


def given(
    *creatures: CreatureSetup,
    first: str,
    dice: list[int],
    pool: int | None = None,
    fresh: dict[int, list[int]] | None = None,
) -> Battle:
    """Return a match where ``first`` acts, the dice are scripted and the pool is ``pool``.

    ``fresh[n]``: the new dice of the reroll that is command number ``n`` of the record.
    """
    battle = make_battle(OPEN, creatures, first=first, dice=dice)
    if pool is not None:
        battle.state.impulse_pool = pool
    scripted = dict(fresh or {})
    battle.rerolls.fresh_dice = lambda key: ScriptedRoller(scripted[key])
    return battle


def duel(**kw: object) -> Battle:
    """Ron at (0, 2) and a Dretop pirate three fields east, both with a laser pistol."""
    return given(hero("ron", (0, 2)), foe("p1", (3, 2)), **kw)  # type: ignore[arg-type]


def lp(battle: Battle, key: str) -> int:
    return battle.state.creatures[key].lp


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def rolls(events: list[Event]) -> list[list[int]]:
    return [e.data["dice"] for e in events if e.kind == "roll"]


def assert_refused(battle: Battle, command: Command, reason: str) -> None:
    """The command is refused with ``reason`` and changes nothing (dice included)."""
    state, record = battle.state.to_dict(), list(battle.record)
    roller = battle.roller
    left = roller.remaining if isinstance(roller, ScriptedRoller) else None
    options = battle.rerollable_rolls()
    with pytest.raises(CommandRejected, match=reason):
        battle.apply(command)
    assert battle.state.to_dict() == state
    assert battle.record == record
    assert battle.rerollable_rolls() == options
    if isinstance(roller, ScriptedRoller):
        assert battle.roller is roller and roller.remaining == left


# ------------------------------------------------------------------ outcomes
@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-5", "E-IMP-4")
def test_missed_shot_rerolled_into_a_hit_deals_damage() -> None:
    """Ron misses (d20 2: 10 < 12); the reroll shows 19 (27): hit, SW 3 + d6 4 - 2 = 5."""
    battle = duel(first="ron", dice=[2, 4], pool=2, fresh={1: [19]})
    pirate = battle.state.creatures["p1"]
    shots = battle.state.creatures["ron"].magazines[PISTOL]
    events = battle.apply(Attack("ron", "p1", PISTOL))
    assert kinds(events, "miss") and lp(battle, "p1") == 12
    assert [o.dice for o in battle.rerollable_rolls()] == [(2,)]

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert lp(battle, "p1") == 12 - 5
    assert pirate.lp == 7  # the creature objects stay the match's
    assert battle.state.impulse_pool == 1
    assert [e.kind for e in events[:3]] == ["impulse", "reroll", "roll"]
    reroll = kinds(events, "reroll")[0]
    assert reroll.data["before"] == [2] and reroll.data["after"] == [19]
    assert reroll.data["rule"] == "E-IMP-EFF-REROLL"
    assert rolls(events) == [[19]] and kinds(events, "damage")[0].data["die"] == 4
    # the attack is still the one half action Ron spent, not a second one
    assert battle.state.budget.spent == ((Action.RANGED_ATTACK, ActionType.HALF),)
    assert battle.state.creatures["ron"].magazines[PISTOL] == shots - 1  # one shot, not two
    assert [c.kind for c in battle.record] == ["attack", "spend_impulse"]
    # now the hit and its damage are the last command's rolls
    options = battle.rerollable_rolls()
    assert [(o.index, o.kind, o.dice, o.actor) for o in options] == [
        (0, "check", (19,), "ron"),
        (1, "damage", (4,), "ron"),
    ]
    assert options[0].success is True and options[0].result == 27 and options[1].result == 5
    assert "w20: 19" in options[0].de and "d20: 19" in options[0].en


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-GM-1", "E-IMP-GM-2")
def test_game_master_rerolls_a_hit_into_a_miss_and_the_damage_is_gone() -> None:
    """Ron hits (15: 23) for 5; the GM rerolls for his pirate: 2 misses, no damage."""
    battle = duel(first="ron", dice=[15, 4], pool=1, fresh={1: [2]})
    battle.apply(Attack("ron", "p1", PISTOL))
    assert lp(battle, "p1") == 7

    events = battle.apply(GmSpendImpulse(None, "p1", "REROLL", roll=0))

    assert lp(battle, "p1") == 12
    assert kinds(events, "miss") and not kinds(events, "damage")
    assert battle.state.impulse_pool == 2  # the group gains what the GM spends
    assert kinds(events, "impulse")[0].data["by_gm"] is True
    # the d6 the recomputed shot no longer rolls is the next die of the match's dice
    assert battle.roller.roll(6) == 4


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-4")
def test_players_reroll_an_enemy_hit_during_the_enemy_turn() -> None:
    """The pirate hits Ron (15: 20 vs 15) for 6; Ron pays 1 Impuls in the pirate's turn."""
    battle = duel(first="p1", dice=[15, 3], pool=1, fresh={1: [3]})
    battle.apply(Attack("p1", "ron", PISTOL))
    assert lp(battle, "ron") == 18 - 6
    # other Impuls effects stay in the spender's own turn (E-IMP-4)
    assert_refused(battle, SpendImpulse("ron", "COVER"), "turn")
    assert battle.legal_reroll("ron").allowed

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert lp(battle, "ron") == 18
    assert rolls(events) == [[3]] and kinds(events, "miss")
    assert battle.state.impulse_pool == 0
    assert battle.state.current_key == "p1"  # still the pirate's turn, its attack spent
    assert battle.state.budget.spent == ((Action.RANGED_ATTACK, ActionType.HALF),)


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-4")
def test_reroll_later_in_the_match_rebuilds_the_state_before_the_last_command() -> None:
    """Ron misses (2) and ends his turn; the pirate hits Ron (15) for 6; Ron rerolls it (4)."""
    battle = duel(first="ron", dice=[2, 15, 3], pool=1, fresh={3: [4]})
    battle.apply(Attack("ron", "p1", PISTOL))
    battle.apply(EndTurn("ron"))
    battle.apply(Attack("p1", "ron", PISTOL))
    assert lp(battle, "ron") == 12

    battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert lp(battle, "ron") == 18 and lp(battle, "p1") == 12
    assert battle.state.current_key == "p1" and battle.state.impulse_pool == 0


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_reroll_with_the_seeded_dice_of_a_match_set_up_by_hand() -> None:
    """No scripted dice: the pirate moves first by hand; the fresh die comes from the seed."""
    battle = make_battle(OPEN, [hero("ron", (0, 2)), foe("p1", (3, 2))], first="p1", seed=5)
    battle.apply(Attack("p1", "ron", PISTOL))
    fresh = reroll_dice(battle, 1).roll(20)

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    roll = kinds(events, "roll")[0]
    assert roll.data["dice"] == [fresh] and kinds(events, "reroll")[0].data["after"] == [fresh]
    damage = sum(e.data["final"] for e in kinds(events, "damage"))
    assert lp(battle, "ron") == 18 - damage and bool(damage) == roll.data["success"]


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_damage_roll_rerolled_keeps_the_attack_roll() -> None:
    """Ron hits (15) for SW 3 + 1 - 2 = 2; the damage roll rerolled shows 6: 7 damage."""
    battle = duel(first="ron", dice=[15, 1], pool=1, fresh={1: [6]})
    battle.apply(Attack("ron", "p1", PISTOL))
    assert lp(battle, "p1") == 10
    damage = next(o for o in battle.rerollable_rolls() if o.kind == "damage")

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=damage.index))

    assert lp(battle, "p1") == 12 - 7
    assert rolls(events) == [[15]]  # the attack keeps its die
    assert kinds(events, "damage")[0].data["final"] == 7
    assert battle.state.impulse_pool == 0


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-OPEN-5", "E-CORE-REPEAT-1", "E-CORE-DIS-1")
def test_reroll_keeps_the_rolls_own_edge_and_adds_no_nachteil() -> None:
    """Abgelenkt: Nachteil, d20 [15, 3] keeps 3 (miss). The reroll rolls two dice again
    ([18, 16] keeps 16: hit), no third die for repeating a failed check (E-OPEN-5 B)."""
    battle = duel(first="ron", dice=[15, 3, 4], pool=1, fresh={2: [18, 16]})
    battle.apply(GmCondition(None, "ron", "DISTRACTED"))
    battle.apply(Attack("ron", "p1", PISTOL))
    assert lp(battle, "p1") == 12

    events = battle.apply(SpendImpulse("ron", "REROLL"))  # the only roll: no number needed

    roll = kinds(events, "roll")[0]
    assert roll.data["dice"] == [18, 16] and roll.data["kept"] == 16 and roll.data["edge"] == -1
    assert lp(battle, "p1") == 12 - 5


# ------------------------------------------------------------------ again and again
@pytest.mark.rule("E-IMP-EFF-REROLL", "E-OPEN-5", "E-IMP-5")
def test_a_rerolled_roll_may_be_rerolled_again_for_one_more_impuls() -> None:
    """Miss (2), reroll: hit (19) for 5, rerolled again: miss (3). Two Impuls spent."""
    battle = duel(first="ron", dice=[2, 4], pool=2, fresh={1: [19], 2: [3]})
    battle.apply(Attack("ron", "p1", PISTOL))
    battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    assert lp(battle, "p1") == 7

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert kinds(events, "reroll")[0].data["before"] == [19]
    assert rolls(events) == [[3]] and lp(battle, "p1") == 12
    assert battle.state.impulse_pool == 0
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=0), "pool holds 0")


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_rerolling_an_earlier_roll_drops_the_reroll_of_a_later_one() -> None:
    """Hit (15), damage 1 rerolled to 6; then the attack rerolled (16, still a hit): its
    damage is the match's die 1 again, the reroll of the old damage roll is gone."""
    battle = duel(first="ron", dice=[15, 1], pool=0, fresh={1: [6], 2: [16]})
    battle.apply(Attack("ron", "p1", PISTOL))
    battle.apply(GmSpendImpulse(None, "p1", "REROLL", roll=1))
    assert lp(battle, "p1") == 12 - 7

    events = battle.apply(GmSpendImpulse(None, "p1", "REROLL", roll=0))

    assert rolls(events) == [[16]]
    assert kinds(events, "damage")[0].data["die"] == 1 and lp(battle, "p1") == 12 - 2
    assert battle.state.impulse_pool == 2  # +1 for each of the GM's two Impuls


@pytest.mark.rule("E-IMP-3", "E-OPEN-3", "E-IMP-EFF-REROLL", "E-CORE-CRIT-2")
def test_the_impuls_of_a_rerolled_crit_is_lost_with_the_crit() -> None:
    """Ron's 20 crits ((3 + 4 - 2) x 2 = 10) and wins the pool's only Impuls. Paying it to
    reroll that very roll is refused; the GM's reroll (15: a plain hit) takes it away."""
    battle = duel(first="ron", dice=[20, 4], pool=0, fresh={1: [15]})
    battle.apply(Attack("ron", "p1", PISTOL))
    assert lp(battle, "p1") == 2 and battle.state.impulse_pool == 1
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=0), "came from the crit")

    battle.apply(GmSpendImpulse(None, "p1", "REROLL", roll=0))

    assert lp(battle, "p1") == 12 - 5
    assert battle.state.impulse_pool == 0 + 1  # no crit Impuls; +1 for the GM's


# ------------------------------------------------------------------ refusals
@pytest.mark.rule("E-IMP-5", "E-IMP-EFF-REROLL")
def test_no_impuls_left_refuses_the_reroll_and_changes_nothing() -> None:
    battle = duel(first="ron", dice=[2, 4], pool=0, fresh={1: [19]})
    battle.apply(Attack("ron", "p1", PISTOL))
    legal = battle.legal_reroll("ron")
    assert not legal.allowed and "pool holds 0" in legal.reason and len(legal.rolls) == 1
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=0), "pool holds 0")
    assert lp(battle, "p1") == 12 and battle.state.impulse_pool == 0
    assert battle.legal_reroll().allowed  # the game master spends without a pool


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_nothing_to_reroll_before_any_roll_after_a_rollless_command_and_after_the_fight() -> None:
    battle = duel(first="ron", dice=[15, 4], pool=3)
    assert battle.rerollable_rolls() == []
    assert "nothing has been rolled" in battle.legal_reroll("ron").reason
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=0), "nothing to reroll")

    battle.apply(Attack("ron", "p1", PISTOL))
    assert len(battle.rerollable_rolls()) == 2
    battle.apply(ChangePosition("ron", "kneeling"))  # the last command rolls nothing
    assert battle.rerollable_rolls() == []
    reason = battle.legal_reroll("ron").reason  # no command kind for players (issue 12.7)
    assert "last command made no check" in reason and "change_position" not in reason
    assert_refused(battle, GmSpendImpulse(None, "p1", "REROLL", roll=0), "no check or damage")

    battle.apply(GmEndFight(None, "heroes"))
    assert battle.rerollable_rolls() == []
    assert battle.legal_reroll().reason == "the fight is over"
    assert_refused(battle, GmSpendImpulse(None, "p1", "REROLL", roll=0), "fight is over")


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-GM-1")
def test_the_roll_and_the_spender_must_fit() -> None:
    battle = duel(first="ron", dice=[15, 4], pool=3, fresh={1: [2]})
    battle.apply(Attack("ron", "p1", PISTOL))
    assert_refused(battle, SpendImpulse("ron", "REROLL"), "name the roll")
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=7), "has no roll 7")
    assert_refused(battle, SpendImpulse("p1", "REROLL", roll=0), "players'")
    assert_refused(battle, GmSpendImpulse(None, "ron", "REROLL", roll=0), "E-IMP-GM-1")
    assert not battle.legal_reroll("p1").allowed


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_a_match_changed_by_hand_is_refused_but_a_pool_set_by_hand_is_kept() -> None:
    """The reroll replays the last command; a state edited outside commands would be lost."""
    battle = duel(first="ron", dice=[15, 4], pool=1, fresh={1: [2]})
    battle.apply(Attack("ron", "p1", PISTOL))
    battle.state.creatures["p1"].lp = 3  # not a command
    assert_refused(battle, SpendImpulse("ron", "REROLL", roll=0), "changed outside its commands")

    battle.state.creatures["p1"].lp = 7
    battle.state.impulse_pool = 4  # by hand as well: carried over
    battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    assert lp(battle, "p1") == 12 and battle.state.impulse_pool == 3


def test_reroll_commands_are_data() -> None:
    """A reroll is a command of the record: to JSON and back; older saves lack ``roll``."""
    command = SpendImpulse("ron", "REROLL", roll=1)
    assert COMMANDS.from_dict(command.to_dict()) == command
    old = {"kind": "gm_impulse", "actor": None, "creature": "p1", "effect": "reroll"}
    assert COMMANDS.from_dict(old) == GmSpendImpulse(None, "p1", "reroll")
    assert is_reroll(command) and is_reroll(GmSpendImpulse(None, "p1", "reroll"))
    assert not is_reroll(SpendImpulse("ron", "COVER"))


def test_fresh_dice_come_from_the_seed_and_the_place_in_the_record() -> None:
    one, other = duel(first="ron", dice=[]), duel(first="ron", dice=[])
    one.rerolls.fresh_dice = other.rerolls.fresh_dice = None
    assert [reroll_dice(one, 5).roll(20) for _ in range(8)] == [
        reroll_dice(other, 5).roll(20) for _ in range(8)
    ]
    assert [reroll_dice(one, 5).roll(1000) for _ in range(3)] != [
        reroll_dice(one, 6).roll(1000) for _ in range(3)
    ]


# ------------------------------------------------------------------ the record
def play_to_a_roll(match: Match, limit: int = 60) -> list[RerollOption]:
    """Let the policy play until the last command made a rerollable roll; return them."""
    for _ in range(limit):
        options = match.battle.rerollable_rolls()
        if options:
            return options
        match.apply(choose_command(match.battle))
    raise AssertionError("the policy made no roll")


def rerolled_match(seed: int = 11) -> tuple[Match, dict[str, object]]:
    """Return a seeded arena match whose last command is a reroll; and the state before it."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=seed)
    options = play_to_a_roll(match)
    before = match.battle.state.to_dict()
    match.apply(GmSpendImpulse(None, "p1", "REROLL", roll=options[-1].index))
    return match, before


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_a_record_with_rerolls_replays_to_the_identical_match() -> None:
    """Mission + seed + commands (rerolls among them) give the same state, log and dice."""
    match, _ = rerolled_match()
    for _ in range(3):  # more play and more rerolls
        options = play_to_a_roll(match)
        match.apply(GmSpendImpulse(None, "p2", "REROLL", roll=options[0].index))
    again = replay(ENTARIA, arena_setup(), CATALOGUE, 11, match.commands)
    assert again.state.to_dict() == match.battle.state.to_dict()
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in match.battle.log]
    assert again.roller.roll(20) == match.battle.roller.roll(20)
    assert again.rerollable_rolls() == match.battle.rerollable_rolls()
    match.verify()


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_undo_of_a_reroll_gives_back_the_roll_and_redo_repeats_it() -> None:
    match, before = rerolled_match()
    after = match.battle.state.to_dict()
    options = match.battle.rerollable_rolls()

    undone = match.undo()

    assert is_reroll(undone)
    assert match.battle.state.to_dict() == before
    match.redo()
    assert match.battle.state.to_dict() == after
    assert match.battle.rerollable_rolls() == options


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_save_and_load_after_a_reroll_continue_identically(tmp_path: Path) -> None:
    match, _ = rerolled_match(seed=4)
    path = write_save(match, tmp_path, "nach dem Wurf", MissionRef("arena.toml", "ab" * 32))

    loaded = load_save(
        path, lambda _: OpenedMission(arena_setup(), CATALOGUE, "ab" * 32, ENTARIA), RULESETS
    ).match

    assert loaded.battle.state.to_dict() == match.battle.state.to_dict()
    assert loaded.battle.rerollable_rolls() == match.battle.rerollable_rolls()
    for _ in range(12):  # the same commands, a reroll of the same roll among them
        if match.battle.state.over:
            break
        options = match.battle.rerollable_rolls()
        if options:
            command: Command = GmSpendImpulse(None, "p1", "REROLL", roll=options[0].index)
        else:
            command = choose_command(match.battle)
        assert match.apply(command) == loaded.apply(command)
    assert loaded.battle.state.to_dict() == match.battle.state.to_dict()


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-4", "E-IMP-GM-1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_rerolls_in_random_fights_replay_exactly(seed: int) -> None:
    """Policy play with rerolls by either pool at random moments: a refused reroll changes
    nothing, and the record replays to the same state, log and dice."""
    rng = random.Random(seed)
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=seed)
    for _ in range(45):
        battle = match.battle
        if battle.state.over:
            break
        options = battle.rerollable_rolls()
        if options and rng.random() < 0.4:
            roll = rng.choice(options).index
            players = [k for k in ("ron", "likron") if battle.legal_reroll(k).allowed]
            command: Command = (
                SpendImpulse(rng.choice(players), "REROLL", roll=roll)
                if players and rng.random() < 0.5
                else GmSpendImpulse(None, rng.choice(["p1", "p2"]), "REROLL", roll=roll)
            )
            state = battle.state.to_dict()
            try:
                match.apply(command)
            except CommandRejected:
                assert battle.state.to_dict() == state
            continue
        match.apply(choose_command(battle))
    assert any(is_reroll(c) for c in match.commands)
    again = replay(ENTARIA, arena_setup(), CATALOGUE, seed, match.commands)
    assert first_difference(match.battle.state.to_dict(), again.state.to_dict()) is None
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in match.battle.log]
    assert again.roller.roll(1000) == match.battle.roller.roll(1000)


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-COND-ENTSETZT-1")
def test_a_reroll_replays_a_gm_answer_before_it_against_the_same_log() -> None:
    """The GM answers Entsetzt's question, then Ron misses (2) and rerolls (19): the reroll
    rebuilds the state from a checkpoint whose log holds the question, so the answer
    replays and the hit stands; the question stays answered. (Entsetzt makes the pirate
    Wehrlos: Ron shoots with Vorteil, two d20.)"""
    from game.rulesets.entaria.commands import GmAnswer, GmCondition

    battle = duel(first="ron", dice=[2, 1, 4], pool=2, fresh={3: [19, 1]})
    battle.apply(GmCondition(None, "p1", "HORRIFIED"))
    (question,) = battle.open_gm_questions()
    battle.apply(GmAnswer(None, question, "bestanden"))
    battle.apply(Attack("ron", "p1", PISTOL))
    assert lp(battle, "p1") == 12

    battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert lp(battle, "p1") == 12 - 5 and battle.open_gm_questions() == []
    assert [c.kind for c in battle.record] == [
        "gm_condition",
        "gm_answer",
        "attack",
        "spend_impulse",
    ]


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-ACT-6", "E-COND-ENTSETZT-1")
def test_a_gm_answer_after_the_attack_keeps_its_roll_rerollable() -> None:
    """Given Entsetzt's open question and Ron's missed shot (2, 1 with Vorteil), when the GM
    answers the older question, the attack's roll is still offered; the reroll (19) hits
    for SW 3 + d6 4 - 2 = 5 and the question stays answered."""
    from game.rulesets.entaria.commands import GmAnswer, GmCondition

    battle = duel(first="ron", dice=[2, 1, 4], pool=2, fresh={3: [19, 1]})
    battle.apply(GmCondition(None, "p1", "HORRIFIED"))
    (question,) = battle.open_gm_questions()
    battle.apply(Attack("ron", "p1", PISTOL))
    options = battle.rerollable_rolls()
    assert [o.dice for o in options] == [(2, 1)]

    battle.apply(GmAnswer(None, question, "bestanden"))

    assert battle.rerollable_rolls() == options
    assert battle.legal_reroll("ron").allowed
    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    assert kinds(events, "reroll")[0].data["after"] == [19, 1]
    assert lp(battle, "p1") == 12 - 5 and battle.open_gm_questions() == []
    assert battle.state.impulse_pool == 1
    assert [c.kind for c in battle.record] == [
        "gm_condition",
        "attack",
        "gm_answer",
        "spend_impulse",
    ]
    # the recomputed attack's rolls are the last ones again
    assert [(o.kind, o.dice) for o in battle.rerollable_rolls()] == [
        ("check", (19, 1)),
        ("damage", (4,)),
    ]


def answered_reroll_match(seed: int = 11) -> tuple[Match, dict[str, object]]:
    """Return an arena match: a question, a roll, the GM's answer, then a reroll of the roll."""
    from game.rulesets.entaria.commands import GmAnswer, GmCondition

    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=seed)
    match.apply(GmCondition(None, "p1", "HORRIFIED"))
    (question,) = match.battle.open_gm_questions()
    options = play_to_a_roll(match)
    match.apply(GmAnswer(None, question, "ok"))
    assert match.battle.rerollable_rolls() == options
    before = match.battle.state.to_dict()
    match.apply(GmSpendImpulse(None, "p1", "REROLL", roll=options[-1].index))
    assert [c.kind for c in match.commands[-2:]] == ["gm_answer", "gm_impulse"]
    return match, before


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-ACT-6")
def test_a_reroll_across_a_gm_answer_replays_undoes_and_loads_identically(
    tmp_path: Path,
) -> None:
    """Given roll, GmAnswer, reroll: replay gives the same match; undo/redo of the reroll
    and save/load continue identically (a second reroll of the same roll included)."""
    match, before = answered_reroll_match()
    after = match.battle.state.to_dict()
    options = match.battle.rerollable_rolls()
    again = replay(ENTARIA, arena_setup(), CATALOGUE, 11, match.commands)
    assert again.state.to_dict() == after
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in match.battle.log]
    assert again.rerollable_rolls() == options
    match.verify()

    assert is_reroll(match.undo())
    assert match.battle.state.to_dict() == before
    match.redo()
    assert match.battle.state.to_dict() == after
    assert match.battle.rerollable_rolls() == options

    path = write_save(match, tmp_path, "nach der Antwort", MissionRef("arena.toml", "ab" * 32))
    loaded = load_save(
        path, lambda _: OpenedMission(arena_setup(), CATALOGUE, "ab" * 32, ENTARIA), RULESETS
    ).match
    assert loaded.battle.state.to_dict() == after
    for _ in range(12):
        if match.battle.state.over:
            break
        options = match.battle.rerollable_rolls()
        if options:
            command: Command = GmSpendImpulse(None, "p2", "REROLL", roll=options[0].index)
        else:
            command = choose_command(match.battle)
        assert match.apply(command) == loaded.apply(command)
    assert loaded.battle.state.to_dict() == match.battle.state.to_dict()
    again = replay(ENTARIA, arena_setup(), CATALOGUE, 11, match.commands)
    assert first_difference(again.state.to_dict(), match.battle.state.to_dict()) is None
    assert again.roller.roll(1000) == match.battle.roller.roll(1000)


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_the_german_refusal_of_a_match_changed_by_hand_names_the_rule() -> None:
    """Given a match changed by hand after the shot, the German refusal names the rule."""
    from game.rulesets.entaria.rules.terms import german

    battle = duel(first="ron", dice=[2, 4], pool=2, fresh={1: [19]})
    battle.apply(Attack("ron", "p1", PISTOL))
    battle.state.creatures["p1"].lp = 3
    with pytest.raises(CommandRejected) as refused:
        battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    text = german(refused.value.reason)
    assert "(E-IMP-EFF-REROLL)" in text and "{RULE}" not in text
