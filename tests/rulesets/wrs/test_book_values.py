"""The catalogue's seed rows agree with the pure rules, which keep the book numbers.

The rules modules (attacks.py, armour.py, wounds.py) are the one source of the seed's
numbers; catalogue.toml repeats them so that the file reads as the seed's tables, and
these tests fail as soon as a row there says something else (D-17).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.wrs.catalogue import BOOK_FIRE_MODES, WrsCatalogue
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.rules import armour, attacks, wounds
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    ArmourMaterial,
    BodyPart,
    ShieldCategory,
    WeaponCategory,
    english,
)


@pytest.fixture(scope="module")
def catalogue() -> WrsCatalogue:
    return load_catalogue()


@pytest.mark.rule("W-BONUS-1", "W-BONUS-2", "W-OPEN-6")
@pytest.mark.parametrize("category", list(WeaponCategory), ids=lambda c: c.name)
def test_weapon_bonus_rows_agree_with_the_rules(
    catalogue: WrsCatalogue, category: WeaponCategory
) -> None:
    """W-BONUS-*: attack and defence bonus of each category; unlisted is +0 (W-OPEN-6)."""
    row = catalogue.categories[category]
    assert row.attack == attacks.ATTACK_BONUS.get(category, 0)
    assert row.defence == attacks.DEFENCE_BONUS.get(category, 0)
    assert row.book is (category in attacks.ATTACK_BONUS)


@pytest.mark.rule("W-BONUS-SHIELD-SMALL", "W-BONUS-SHIELD-LARGE")
@pytest.mark.parametrize("category", list(ShieldCategory), ids=lambda c: c.name)
def test_shield_rows_agree_with_the_rules(
    catalogue: WrsCatalogue, category: ShieldCategory
) -> None:
    """W-BONUS-SHIELD-SMALL/LARGE: +15 and +20 on defence, from attacks.SHIELD_BONUS."""
    row = catalogue.shield_bonuses[category]
    assert row.book and row.defence == attacks.SHIELD_BONUS[category]


@pytest.mark.rule("W-FIRE-REP", "W-FIRE-SEMI", "W-FIRE-AUTO")
def test_fire_mode_rows_agree_with_the_rules(catalogue: WrsCatalogue) -> None:
    """W-FIRE-REP/SEMI/AUTO: shots per action and malus, from attacks.MAX_SHOTS/FIRE_MALUS."""
    assert set(catalogue.fire_modes) == set(BOOK_FIRE_MODES)
    for mode in BOOK_FIRE_MODES:
        row = catalogue.fire_modes[mode]
        assert row.book, mode
        assert row.max_shots == attacks.MAX_SHOTS[mode], mode
        assert row.malus == attacks.FIRE_MALUS[mode], mode


@pytest.mark.rule("W-ARMOR-TABLE")
@pytest.mark.parametrize("part", list(BodyPart), ids=lambda p: p.name)
def test_armour_table_rows_agree_with_the_rules(catalogue: WrsCatalogue, part: BodyPart) -> None:
    """W-ARMOR-TABLE: each body part's points per column, from armour.table_points."""
    row = catalogue.armour_table[part]
    assert row.book
    for material in ArmourMaterial:
        assert Fraction(row.points(material)) == armour.table_points(part, material), material


@pytest.mark.rule("W-ARMOR-TABLE", "W-ARMOR-MOD-2", "W-ARMOR-MOD-3")
@pytest.mark.parametrize("kind", list(ArmourKind), ids=lambda k: k.name)
def test_armour_kind_columns_agree_with_the_rules(
    catalogue: WrsCatalogue, kind: ArmourKind
) -> None:
    """W-ARMOR-MOD-2/3: vests score like plate, protectors like chain (armour.SCORES_AS)."""
    row = catalogue.armour_kinds[kind]
    assert row.book and row.column is armour.SCORES_AS[kind]


@pytest.mark.rule("W-ARMOR-TABLE", "W-ARMOR-E1")
def test_sample_pieces_score_what_the_rules_score(catalogue: WrsCatalogue) -> None:
    """W-ARMOR-E1: the catalogue's sum per piece is the armour rules' piece_points."""
    for piece in catalogue.armour.values():
        expected = armour.piece_points(piece.rule_piece())
        assert Fraction(catalogue.piece_points(piece)) == expected, piece.key


@pytest.mark.rule("W-WOUND-E1")
def test_life_points_example_agrees_with_the_rules(catalogue: WrsCatalogue) -> None:
    """W-WOUND-E1: LP 3/4/10, from wounds.EXAMPLE_LIFE_POINTS."""
    assert catalogue.life_points_example == wounds.EXAMPLE_LIFE_POINTS
    assert wounds.parse_life_points("3/4/10") == wounds.EXAMPLE_LIFE_POINTS


@pytest.mark.rule("W-BONUS-1", "W-ARMOR-TABLE", "W-FIRE-REP")
def test_seed_rows_are_named_by_their_terms(catalogue: WrsCatalogue) -> None:
    """Seed rows carry their term's German and English names (one source: terms.py)."""
    rows = [
        *catalogue.categories.items(),
        *catalogue.shield_bonuses.items(),
        *catalogue.fire_modes.items(),
        *catalogue.armour_table.items(),
        *catalogue.armour_kinds.items(),
    ]
    for term, row in rows:
        assert (row.name, row.english) == (term.value, english(term)), term
