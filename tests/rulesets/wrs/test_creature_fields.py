"""WRS's answer to the set-up screen (issue 14): a fighter's editable values and checks.

The seed gives no fighters, so a group enters its own; the values are checked as the
catalogue checks its fighters (same bounds, same texts), so a fighter set up on a map
never holds what the catalogue would refuse.
"""

from __future__ import annotations

import pytest

from game.match.ruleset import CreatureField, ValueKind
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.catalogue_readers import LP_HIGH, NAME_MAX_LEN
from game.rulesets.wrs.creature_fields import (
    LP_KEYS,
    SKILL_KEYS,
    VALUE_NAMES,
    creature_fields,
    creature_value_problem,
    own_fighter,
    own_fighter_problems,
)
from game.rulesets.wrs.rules import armour
from game.rulesets.wrs.rules.terms import ArmourKind, ShieldCategory, WeaponCategory
from game.rulesets.wrs.rules.wounds import LifePoints
from game.ui.locale import Translator

CATALOGUE = load_catalogue()
GEAR = {*CATALOGUE.weapons, *CATALOGUE.shields, *CATALOGUE.armour}


def fields_of(fighter: str, language: str = "de") -> dict[str, CreatureField]:
    return {f.key: f for f in creature_fields(CATALOGUE, fighter, Translator(language))}


def problem(key: str, value: object, fighter: str = "gerold") -> dict[str, str] | None:
    found = creature_value_problem(CATALOGUE, fighter, key, value)
    return None if found is None else dict(found)


# ------------------------------------------------------------------ the fields
@pytest.mark.parametrize("language", ["de", "en"])
def test_every_fighter_names_its_fields_with_the_types_values(language: str) -> None:
    """Name, equipment, picture, Körper, Geist, LP a/b/c, then skills; defaults are the
    catalogue fighter's values (W-WOUND-1, W-BONUS-1, W-ARMOR-1)."""
    t = Translator(language)
    for key, kind in CATALOGUE.fighters.items():
        fields = {f.key: f for f in creature_fields(CATALOGUE, key, t)}
        head = ["name", "equipment", "image", "values.koerper", "values.geist"]
        assert list(fields)[:8] == [*head, *(f"values.{k}" for k in LP_KEYS)]
        assert fields["name"].kind is ValueKind.TEXT and fields["name"].default == kind.name
        assert fields["name"].max_length == NAME_MAX_LEN
        assert fields["equipment"].kind is ValueKind.NAMES
        assert fields["equipment"].default == kind.equipment
        assert set(fields["equipment"].choices) == GEAR  # weapons, shields and armour
        assert fields["image"].kind is ValueKind.PICTURE and fields["image"].default == ""
        assert fields["values.koerper"].default == kind.koerper
        assert fields["values.geist"].default == kind.geist
        life = kind.life_points
        lp = [fields[f"values.{k}"].default for k in LP_KEYS]
        assert lp == [life.down_at, life.unconscious_at, life.dead_at]
        for entry in fields.values():
            assert entry.label and not entry.label.startswith("setup.")  # texts exist
            if entry.kind is ValueKind.NUMBER:
                assert isinstance(entry.default, int), entry.key
                assert entry.low <= entry.default <= entry.high, entry.key
                assert entry.hint, entry.key


@pytest.mark.rule("W-BONUS-1", "W-ARMOR-1", "W-OPEN-9")
def test_the_skill_fields_are_the_types_skills_and_those_its_equipment_needs() -> None:
    """Ulf wears leather without the skill: its field shows 0; his bow skill shows 1."""
    fields = fields_of("ulf")
    skills = {k: f.default for k, f in fields.items() if k.startswith("values.skill_")}
    assert skills == {
        "values.skill_melee_sharp_small": 1,
        "values.skill_bow": 1,
        "values.skill_shield_small": 1,
        "values.skill_armour_leather": 0,
    }
    assert all((fields[k].low, fields[k].high) == (0, 1) for k in skills)
    for key, kind in CATALOGUE.fighters.items():
        mastered = {*kind.weapon_skills, *kind.shield_skills, *kind.armour_skills}
        shown = {SKILL_KEYS[k.removeprefix("values.")] for k in fields_of(key) if "skill_" in k}
        assert mastered <= shown, key


def test_labels_and_hints_are_in_the_screens_language() -> None:
    """German shows the rulebook's words, English its own; the same keys in both."""
    de, en = fields_of("mira", "de"), fields_of("mira", "en")
    assert list(de) == list(en)
    assert (de["values.koerper"].label, en["values.koerper"].label) == ("Körper", "Body")
    assert (de["values.geist"].label, en["values.geist"].label) == ("Geist", "Mind")
    assert de["name"].label == "Name" and de["equipment"].label == "Ausrüstung"
    assert en["equipment"].label == "Equipment"
    assert "zu Boden" in de["values.lp_a"].hint and "down" in en["values.lp_a"].hint
    assert "bewusstlos" in de["values.lp_b"].hint and "unconscious" in en["values.lp_b"].hint
    assert "stirbt" in de["values.lp_c"].hint and "dies" in en["values.lp_c"].hint
    vest = "values.skill_armour_bulletproof_vest"
    assert "kugelsichere Weste" in de[vest].hint and "bulletproof vest" in en[vest].hint
    assert "Schuss/Halb- und Vollautomatik" in de["values.skill_automatic"].hint
    for entry in [*de.values(), *en.values()]:
        assert "W-" not in entry.label + entry.hint  # no rule IDs in player text
    assert de["values.koerper"].hint != en["values.koerper"].hint


def test_every_value_name_is_a_mission_identifier() -> None:
    """``values`` names are keys a mission file can hold (at most 64, a-z 0-9 _)."""
    assert len(VALUE_NAMES) == len(set(VALUE_NAMES)) == 5 + 16 + 2 + 5
    assert all(n.isascii() and n.replace("_", "").isalnum() and len(n) <= 64 for n in VALUE_NAMES)


# ------------------------------------------------------------------ one value
@pytest.mark.parametrize(
    ("key", "value", "english"),
    [
        ("values.koerper", 0, "from 1 to 100"),
        ("values.koerper", 101, "from 1 to 100"),
        ("values.geist", -5, "from 1 to 100"),
        ("values.geist", "viel", "whole number"),
        ("values.lp_a", 0, f"from 1 to {LP_HIGH}"),
        ("values.lp_c", LP_HIGH + 1, f"from 1 to {LP_HIGH}"),
        ("values.skill_bow", 2, "from 0 to 1"),
        ("values.skill_armour_plate", -1, "from 0 to 1"),
        ("values.koerper", 1.5, "whole number"),
        ("name", "", "1 to 100 characters"),
        ("name", "x" * (NAME_MAX_LEN + 1), "1 to 100 characters"),
        ("equipment", ["x" * 65], "1 to 64 characters"),
        ("equipment", "dolch", "list"),
        ("values.kraft", 3, "unknown key"),
        ("lp", 3, "unknown key"),  # WRS has LP a/b/c, not one LP value
    ],
)
def test_a_value_out_of_the_catalogues_bounds_is_refused_in_both_languages(
    key: str, value: object, english: str
) -> None:
    """Bounds as the catalogue loader checks them (catalogue_readers): a clear text."""
    found = problem(key, value)
    assert found is not None and english in found["en"], found
    assert found["de"] and found["de"] != found["en"]


@pytest.mark.rule("W-ARMOR-2")
@pytest.mark.parametrize(
    ("equipment", "english", "german"),
    [
        (["dolch", "laserschwert"], "unknown equipment 'laserschwert'", "unbekannt"),
        (["dolch", "dolhc"], "did you mean 'dolch'?", "vielleicht 'dolch'?"),
        (["dolch", "dolch"], "listed twice", "zweimal"),
        (["plattenruestung", "stahlhelm"], "'Kopf' is covered by both", "bedeckt"),
        (["gerold"], "unknown equipment 'gerold'", "unbekannt"),  # a fighter is no gear
    ],
)
def test_unknown_or_clashing_equipment_is_refused(
    equipment: list[str], english: str, german: str
) -> None:
    """Only keys of the WRS weapons, shields and armour, each once, no body part under
    two pieces (the armour points are summed per body part before play)."""
    found = problem("equipment", equipment)
    assert found is not None and english in found["en"], found
    assert german in found["de"], found


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("values.koerper", 1),
        ("values.koerper", 100),
        ("values.geist", 37),
        ("values.lp_a", 1),
        ("values.lp_c", LP_HIGH),
        ("values.skill_bow", 0),
        ("values.skill_shield_large", 1),
        ("name", "Käpt'n Bo"),
        ("image", "bo.png"),
        ("equipment", []),
        ("equipment", ["sturmgewehr", "einsatzschild", "kettenhemd", "protektoren"]),
    ],
)
def test_a_value_the_catalogue_accepts_is_taken(key: str, value: object) -> None:
    assert problem(key, value) is None


def test_an_unknown_fighter_type_is_refused_and_has_no_fields() -> None:
    found = problem("values.koerper", 50, fighter="gerlod")
    assert found is not None and "gerlod" in found["en"] and "gerold" in found["en"]
    assert creature_fields(CATALOGUE, "gerlod", Translator("de")) == ()


# ------------------------------------------------------------------ all values at once
@pytest.mark.rule("W-WOUND-1", "W-WOUND-2", "W-WOUND-3", "W-WOUND-4")
def test_lp_out_of_order_is_refused_with_all_values_and_the_types_for_the_rest() -> None:
    """LP a <= b <= c (down, unconscious, dead): gerold has 3/4/10; a = 5 alone breaks it."""
    found = own_fighter_problems(CATALOGUE, "gerold", [("lp_a", 5)])
    assert [key for key, _ in found] == ["values"]
    assert "5/4/10" in found[0][1]["en"] and "zu Boden" in found[0][1]["de"]
    assert own_fighter_problems(CATALOGUE, "gerold", [("lp_a", 5), ("lp_b", 6)]) == []
    bad = own_fighter_problems(CATALOGUE, "gerold", [("koerper", 0)], ["dolch", "nix"])
    assert [key for key, _ in bad] == ["values.koerper", "equipment[1]"]


@pytest.mark.rule("W-WOUND-1", "W-BONUS-1", "W-ARMOR-1", "W-ARMOR-2")
def test_own_values_replace_the_types_and_the_rest_stays() -> None:
    """The 3/4/10 of the text on a fighter of 2/4/9; skills on and off; own equipment;
    full plate with its skill is 18 armour points, without it 0."""
    hanna = CATALOGUE.fighters["hanna"]
    values = [
        ("koerper", 70),
        ("lp_a", 3),
        ("lp_c", 10),
        ("skill_bow", 1),
        ("skill_repeater", 0),
        ("skill_armour_plate", 1),
    ]
    own = own_fighter(hanna, values, ["langbogen", "plattenruestung"])
    assert (own.koerper, own.geist) == (70, hanna.geist)
    assert own.life_points == LifePoints(3, 4, 10)
    assert WeaponCategory.BOW in own.weapon_skills
    assert WeaponCategory.REPEATER not in own.weapon_skills
    assert WeaponCategory.SINGLE_LOADER in own.weapon_skills  # not given: the type's
    assert ArmourKind.PLATE in own.armour_skills and ArmourKind.LEATHER in own.armour_skills
    assert own.shield_skills == frozenset()
    assert own.equipment == ("langbogen", "plattenruestung")
    pieces = [p.rule_piece() for p in CATALOGUE.armour_of(own)]
    assert armour.armour_pool(pieces, own.armour_skills) == 18
    assert armour.armour_pool(pieces, hanna.armour_skills) == 0
    assert own_fighter(hanna, []) == hanna  # no values: the type as it stands
    ulf = own_fighter(CATALOGUE.fighters["ulf"], [("skill_shield_small", 0)])
    assert ShieldCategory.SMALL not in ulf.shield_skills
    with pytest.raises(ValueError, match="kraft"):
        own_fighter(hanna, [("kraft", 3)])


def test_the_ruleset_answers_the_set_up_screen_with_these_functions() -> None:
    """Once WRS is a SetupRuleset, its two methods give what this module gives."""
    from game.match.ruleset import SetupRuleset
    from game.rulesets.wrs.ruleset import WRS

    if not isinstance(WRS, SetupRuleset):
        pytest.skip("WrsRuleset does not delegate to creature_fields yet")
    t = Translator("en")
    assert WRS.creature_fields(CATALOGUE, "konrad", t) == creature_fields(CATALOGUE, "konrad", t)
    assert WRS.creature_value_problem(CATALOGUE, "konrad", "values.geist", 0) == problem(
        "values.geist", 0, "konrad"
    )
