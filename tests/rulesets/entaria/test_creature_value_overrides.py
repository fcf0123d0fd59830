"""A mission's own attributes and saves for one creature: the match uses them (issue 13).

``[[creatures]] values`` replaces the type's values for that creature only: every check
it makes (E-CORE-ROLL-1) adds its own attribute, every check against it meets its own
Rettungswert (E-CORE-SAVE-1), its card shows them, copies and undo keep them, and a
save of the match replays on them (the save records the mission's SHA-256).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.record import Match
from game.match.saves import SaveError, load_save, write_save
from game.missions.setup import prepare_match
from game.missions.simulate import mission_ref, open_mission, prepared_mission
from game.missions.toml_format import loads_mission
from game.rulesets import RULESETS
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.policy import simulate
from game.rulesets.entaria.queries.cards import creature_card
from game.rulesets.entaria.rules.terms import Attribute, SaveValue
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import CreatureSetup
from game.rulesets.entaria.value_overrides import own_type
from tests.missions.test_creature_values_key import mission
from tests.rulesets.entaria.helpers import CATALOGUE

OWN = "values = { melee = 17, constitution = -4, dodge = 25, mind = 6 }"


def battle_of(text: str, seed: int = 3) -> Battle:
    prepared = prepare_match(loads_mission(text, "m.toml"), path_label="m.toml")
    return new_battle(prepared.setup, prepared.catalogue, seed)


def test_the_match_gives_the_creature_its_own_values_and_keeps_the_rest() -> None:
    battle = battle_of(mission(OWN))
    lara = battle.creature("lara")
    kind = battle.creature_type(lara)
    book = CATALOGUE.creatures["lara"]
    assert kind.attribute(Attribute.MELEE) == 17 != book.attribute(Attribute.MELEE)
    assert kind.attribute(Attribute.CONSTITUTION) == -4
    assert kind.save(SaveValue.DODGE) == 25 and kind.save(SaveValue.MIND) == 6
    for attribute in set(Attribute) - {Attribute.MELEE, Attribute.CONSTITUTION}:
        assert kind.attribute(attribute) == book.attribute(attribute)
    assert kind.save(SaveValue.BODY) == book.save(SaveValue.BODY)
    assert kind.life_points == book.life_points and kind.equipment == book.equipment
    pirate = battle.creature("pirat")  # no values: the catalogue's type itself
    assert battle.creature_type(pirate) is CATALOGUE.creatures["dretop_pirat"]
    assert CATALOGUE.creatures["lara"].attribute(Attribute.MELEE) == book.attribute(
        Attribute.MELEE
    )  # the catalogue is not changed


def test_a_check_adds_the_creatures_own_attribute() -> None:
    """E-CORE-ROLL-1: d20 + EW (the attribute) + WM against the ZW; EW is the mission's."""
    own = battle_of(mission(OWN))
    listed = battle_of(mission(""))
    for battle, value in (
        (own, 17),
        (listed, CATALOGUE.creatures["lara"].attribute(Attribute.MELEE)),
    ):
        lara = battle.creature("lara")
        assert battle.check_terms(lara, Attribute.MELEE, 15).value == value
        roll, _event = battle.check(lara, Attribute.MELEE, 15)
        assert roll.total == roll.kept + value


def test_a_check_against_the_creature_meets_its_own_save() -> None:
    """E-CORE-SAVE-1: the Rettungswert is the ZW of checks against it (Ausweichen: E-ARMOR-2)."""
    battle = battle_of(mission(OWN))
    lara = battle.creature("lara")
    assert battle.save_value(lara, SaveValue.DODGE) == 25  # Lara wears no armour
    assert battle.save_value(lara, SaveValue.MIND) == 6


def test_the_card_shows_the_own_values() -> None:
    card = creature_card(battle_of(mission(OWN)), "lara")
    assert card.attributes[Attribute.MELEE] == 17
    assert card.attributes[Attribute.CONSTITUTION] == -4
    assert card.base_saves[SaveValue.DODGE] == 25 and card.saves[SaveValue.DODGE] == 25


def test_own_values_and_own_lp_together() -> None:
    """D-5: a creature set up with 1 LP is fine (not unconscious); its values are its own."""
    battle = battle_of(mission(f"lp = 1\n{OWN}"))
    lara = battle.creature("lara")
    assert lara.lp == 1 and not lara.conditions
    assert battle.creature_type(lara).attribute(Attribute.MELEE) == 17


def test_copies_and_undo_keep_the_own_values() -> None:
    battle = battle_of(mission(OWN))
    twin = clone_battle(battle)
    assert twin.own_types is battle.own_types  # shared, never changed
    assert twin.creature_type(twin.creature("lara")).attribute(Attribute.MELEE) == 17
    prepared = prepare_match(loads_mission(mission(OWN), "m.toml"), path_label="m.toml")
    match = Match(ENTARIA, prepared.setup, prepared.catalogue, seed=5)
    simulate(match.battle, max_rounds=2, apply=match.apply)
    assert match.commands
    match.undo()
    lara = match.battle.creature("lara")
    assert match.battle.creature_type(lara).attribute(Attribute.MELEE) == 17


def test_a_hand_built_setup_with_an_unknown_value_name_is_refused() -> None:
    with pytest.raises(ValueError, match="nahkampf"):
        own_type(CATALOGUE.creatures["lara"], [("nahkampf", 7)])
    setup = prepare_match(loads_mission(mission(""), "m.toml"), path_label="m.toml").setup
    bad = CreatureSetup("x", "lara", "a", (2, 0), values=(("nahkampf", 7),))
    with pytest.raises(ValueError, match="nahkampf"):
        new_battle(type(setup)(setup.title, setup.grid, setup.sides, (bad,)), CATALOGUE, 1)


def test_a_save_replays_on_the_missions_own_values(tmp_path: Path) -> None:
    """The values are in the mission file, whose SHA-256 the save records."""
    path = tmp_path / "eigene.toml"
    path.write_text(mission(OWN), encoding="utf-8")
    prepared = prepared_mission(str(path))
    match = Match(ENTARIA, prepared.setup, prepared.catalogue, seed=11)
    simulate(match.battle, max_rounds=3, apply=match.apply)
    assert match.commands
    saved = write_save(match, tmp_path, "eigene", mission_ref(path))
    loaded = load_save(saved, open_mission, RULESETS)
    assert loaded.warnings == []
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()
    lara = loaded.match.battle.creature("lara")
    assert loaded.match.battle.creature_type(lara).attribute(Attribute.MELEE) == 17
    # other values: the mission's hash differs, so the save is never taken silently
    path.write_text(mission(OWN.replace("dodge = 25", "dodge = 5")), encoding="utf-8")
    try:
        changed = load_save(saved, open_mission, RULESETS)
    except SaveError as refused:
        assert "eigene.toml has changed" in str(refused)
    else:
        assert changed.warnings  # "the mission has changed since"
