"""The bundled WRS catalogue: it loads, its book values are the seed's, its samples cover
every category, shield, armour kind and fire mode (D-17)."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

import pytest

from game.rulesets.wrs.catalogue import FIRE_MODES_OF, WrsCatalogue
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.rules import armour as armour_rules
from game.rulesets.wrs.rules import attacks
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    ArmourMaterial,
    BodyPart,
    FireMode,
    ShieldCategory,
    WeaponCategory,
)
from game.rulesets.wrs.rules.wounds import WoundState, wound_state

W = WeaponCategory

#: The seed's bonus list, "Bonuspunkte für Waffen und Schilde": (attack, defence) (W-BONUS-*).
SEED_BONUSES = {
    W.MELEE_SHARP_SMALL: (5, 5),  # W-BONUS-MELEE-SHARP-SMALL
    W.THROWN_SMALL: (5, 0),  # W-BONUS-THROW-SMALL
    W.THROWN_LARGE: (5, 0),  # W-BONUS-THROW-LARGE
    W.MELEE_SHARP_ONE_HANDED: (10, 10),  # W-BONUS-MELEE-SHARP-1H
    W.MELEE_BLUNT_ONE_HANDED: (10, 10),  # W-BONUS-MELEE-BLUNT-1H
    W.MELEE_SHARP_TWO_HANDED: (15, 15),  # W-BONUS-MELEE-SHARP-2H
    W.MELEE_BLUNT_TWO_HANDED: (15, 15),  # W-BONUS-MELEE-BLUNT-2H
    W.POLE_SHARP: (15, 15),  # W-BONUS-POLE-SHARP
    W.POLE_BLUNT: (15, 15),  # W-BONUS-POLE-BLUNT
    W.BOW: (10, 0),  # W-BONUS-BOW
    W.CROSSBOW: (10, 0),  # W-BONUS-CROSSBOW
    W.SINGLE_LOADER: (15, 0),  # W-BONUS-SINGLE-LOADER
    W.REPEATER: (15, 0),  # W-BONUS-REPEATER
    W.AUTOMATIC: (15, 0),  # W-BONUS-AUTOMATIC
}
#: W-BONUS-SHIELD-SMALL, W-BONUS-SHIELD-LARGE.
SEED_SHIELDS = {ShieldCategory.SMALL: 15, ShieldCategory.LARGE: 20}
#: W-FIRE-REP, W-FIRE-SEMI, W-FIRE-AUTO: (most shots per action, malus).
SEED_FIRE = {FireMode.REPEATING: (1, 0), FireMode.SEMI_AUTO: (2, -15), FireMode.FULL_AUTO: (3, -25)}
#: W-ARMOR-TABLE: every row 0.5 / 1 / 1.5 but the torso 1 / 2 / 3.
SEED_ROW = (0.5, 1.0, 1.5)
SEED_TORSO = (1.0, 2.0, 3.0)


@pytest.fixture(scope="module")
def catalogue() -> WrsCatalogue:
    return load_catalogue()


def test_bundled_catalogue_loads_without_warnings(catalogue: WrsCatalogue) -> None:
    assert catalogue.warnings == ()
    assert len(catalogue.fighters) >= 6


def test_weapon_bonuses_are_the_seeds_and_marked_book(catalogue: WrsCatalogue) -> None:
    """W-BONUS-* table: each listed line as the seed gives it, marked book."""
    for category, (attack, defence) in SEED_BONUSES.items():
        line = catalogue.categories[category]
        assert (line.attack, line.defence) == (attack, defence), category
        assert line.book, category
        assert line.name == category.value
    unlisted = set(WeaponCategory) - set(SEED_BONUSES)
    assert unlisted == {W.MELEE_BLUNT_SMALL, W.UNARMED}
    for category in unlisted:  # W-OPEN-6 reading: +0, not book
        line = catalogue.categories[category]
        assert (line.attack, line.defence, line.book) == (0, 0, False)


def test_shield_bonuses_are_the_seeds(catalogue: WrsCatalogue) -> None:
    """W-BONUS-SHIELD-SMALL +15, W-BONUS-SHIELD-LARGE +20 (defence)."""
    for category, defence in SEED_SHIELDS.items():
        line = catalogue.shield_bonuses[category]
        assert (line.defence, line.book) == (defence, True)


def test_fire_modes_are_the_seeds(catalogue: WrsCatalogue) -> None:
    """W-FIRE-REP 1 shot, W-FIRE-SEMI up to 2 at -15, W-FIRE-AUTO up to 3 at -25."""
    assert set(catalogue.fire_modes) == set(SEED_FIRE)
    for mode, (shots, malus) in SEED_FIRE.items():
        rule = catalogue.fire_modes[mode]
        assert (rule.max_shots, rule.malus, rule.book) == (shots, malus, True)


def test_armour_table_is_the_seeds(catalogue: WrsCatalogue) -> None:
    """W-ARMOR-TABLE, row by row; the full sets sum to 6 / 12 / 18 (W-ARMOR-E1)."""
    assert set(catalogue.armour_table) == set(BodyPart)
    for part, row in catalogue.armour_table.items():
        expected = SEED_TORSO if part is BodyPart.TORSO else SEED_ROW
        assert (row.leather, row.chain, row.plate) == expected, part
        assert row.book and row.name == part.value
    totals = [sum(r.points(m) for r in catalogue.armour_table.values()) for m in ArmourMaterial]
    assert totals == [6, 12, 18]


def test_armour_kinds_score_as_the_seed_says(catalogue: WrsCatalogue) -> None:
    """W-ARMOR-MOD-2 vests as plate, W-ARMOR-MOD-3 protectors as chain."""
    columns = {kind: rule.column for kind, rule in catalogue.armour_kinds.items()}
    assert columns[ArmourKind.BULLETPROOF_VEST] is ArmourMaterial.PLATE
    assert columns[ArmourKind.PLASTIC_PROTECTOR] is ArmourMaterial.CHAIN
    assert all(rule.book for rule in catalogue.armour_kinds.values())


def test_life_points_example_is_the_seeds(catalogue: WrsCatalogue) -> None:
    """W-WOUND-E1: LP 3/4/10."""
    life = catalogue.life_points_example
    assert (life.down_at, life.unconscious_at, life.dead_at) == (3, 4, 10)
    assert wound_state(4, life) is WoundState.UNCONSCIOUS


def test_catalogue_agrees_with_the_pure_rules(catalogue: WrsCatalogue) -> None:
    """The rules' own tables (rules/attacks.py, rules/armour.py) hold the same numbers."""
    for category, line in catalogue.categories.items():
        assert attacks.ATTACK_BONUS.get(category, 0) == line.attack
        assert attacks.DEFENCE_BONUS.get(category, 0) == line.defence
    for shield, bonus in catalogue.shield_bonuses.items():
        assert attacks.SHIELD_BONUS[shield] == bonus.defence
    for mode, rule in catalogue.fire_modes.items():
        assert (attacks.MAX_SHOTS[mode], attacks.FIRE_MALUS[mode]) == (rule.max_shots, rule.malus)
    for part, row in catalogue.armour_table.items():
        for material in ArmourMaterial:
            assert armour_rules.table_points(part, material) == Fraction(row.points(material))
    for kind, rule in catalogue.armour_kinds.items():
        assert armour_rules.SCORES_AS[kind] is rule.column
    for piece in catalogue.armour.values():
        points = armour_rules.piece_points(piece.rule_piece())
        assert points == Fraction(catalogue.piece_points(piece))


def test_samples_are_marked_and_named_in_german(catalogue: WrsCatalogue) -> None:
    """D-17: the seed gives no gear and no fighters, so every one is a sample."""
    entries = [
        *catalogue.weapons.values(),
        *catalogue.shields.values(),
        *catalogue.armour.values(),
        *catalogue.fighters.values(),
    ]
    assert entries and all(entry.sample for entry in entries)
    assert any("ü" in e.name or "ä" in e.name for e in catalogue.weapons.values())


def test_fighters_cover_every_category_shield_armour_kind_and_fire_mode(
    catalogue: WrsCatalogue,
) -> None:
    """Issue 14 / D-17: every W-BONUS line, both shields, every armour kind (W-ARMOR-TABLE,
    W-ARMOR-MOD-2/3) and every fire mode (W-FIRE-*) can happen in a fight."""
    fighters = list(catalogue.fighters.values())
    weapons = {w for f in fighters for w in catalogue.weapons_of(f)}
    categories = {w.category for w in weapons}
    assert categories >= set(WeaponCategory) - {W.UNARMED}
    assert {s.category for f in fighters for s in catalogue.shields_of(f)} == set(ShieldCategory)
    assert {p.kind for f in fighters for p in catalogue.armour_of(f)} == set(ArmourKind)
    modes = {m for w in weapons for m in w.fire_modes}
    assert modes == {FireMode.REPEATING, FireMode.SEMI_AUTO, FireMode.FULL_AUTO}
    for weapon in weapons:
        assert set(weapon.fire_modes) <= set(FIRE_MODES_OF.get(weapon.category, ()))


def test_fighters_use_their_gear(catalogue: WrsCatalogue) -> None:
    """W-BONUS-1: each fighter masters most of its weapons; someone carries two
    one-handed weapons (W-BONUS-DUAL-1) and someone wears armour without the skill
    (W-ARMOR-1); the armour pool follows the rules (W-ARMOR-2)."""
    fighters = list(catalogue.fighters.values())
    assert len({f.name for f in fighters}) == len(fighters)
    dual = [
        f
        for f in fighters
        if sum(w.category in attacks.ONE_HANDED for w in catalogue.weapons_of(f)) >= 2
    ]
    assert dual
    unskilled = [
        f for f in fighters if any(p.kind not in f.armour_skills for p in catalogue.armour_of(f))
    ]
    assert unskilled
    for fighter in fighters:
        pieces = [p.rule_piece() for p in catalogue.armour_of(fighter)]
        pool = armour_rules.armour_pool(pieces, fighter.armour_skills)  # no overlap: no error
        assert pool >= 0
        for weapon in catalogue.weapons_of(fighter):
            assert weapon.category in fighter.weapon_skills or fighter in unskilled


def test_data_ships_in_the_wheel() -> None:
    """pyproject's package-data takes every *.toml of every package, data/ is a package."""
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["*"]
    assert "*.toml" in globs
    assert files("game.rulesets.wrs.data").joinpath("__init__.py").is_file()
    assert files("game.rulesets.wrs").joinpath("__init__.py").is_file()
