"""The content catalogue: the shipped data, the book's values in it, every error path, fuzz."""

from __future__ import annotations

import dataclasses
import importlib.resources
import json
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.board.grid import DEFAULT_LEGEND, BattleGrid, Cover, Terrain
from game.board.templates import AreaShape, circle_cells
from game.match.problems import MissionError, Problem
from game.rulesets.entaria.catalogue import Catalogue, FrozenMap
from game.rulesets.entaria.catalogue_loader import (
    CATALOGUE_FILES,
    load_catalogue,
    load_catalogue_from,
)
from game.rulesets.entaria.rules.areas import area_fire_total, distribution_errors
from game.rulesets.entaria.rules.armour import (
    armour_side_effects,
    doff_armor_rounds,
    don_armor_rounds,
    effective_armour,
)
from game.rulesets.entaria.rules.damage import damage_roll
from game.rulesets.entaria.rules.initiative import (
    character_entry,
    enemy_entry,
    initiative_order,
    roll_initiative,
)
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.terms import (
    ArmorCategory,
    Attribute,
    DamageType,
    MoveType,
    SaveValue,
    WeaponAttribute,
)
from game.rulesets.entaria.rules.terrain import DIFFICULT_BY_DEFAULT

DATA = importlib.resources.files("game.rulesets.entaria.data")
SHIPPED: Mapping[str, str] = {
    name: DATA.joinpath(name).read_text(encoding="utf-8") for name in CATALOGUE_FILES
}
WEAPONS_PATH = "game/rulesets/entaria/data/weapons.toml"
CREATURES_PATH = "game/rulesets/entaria/data/creatures.toml"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def problems_of(texts: Mapping[str, str]) -> list[Problem]:
    """Load ``texts`` (other files from the package) and return the problems raised."""
    with pytest.raises(MissionError) as info:
        load_catalogue_from(texts)
    return info.value.problems


def only(problems: list[Problem], key: str) -> Problem:
    """Return the one problem at ``key``; fail when there are others too."""
    assert [p.key for p in problems] == [key], "\n".join(map(str, problems))
    return problems[0]


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line of the last line of ``text`` that starts with ``needle``."""
    lines = text.split("\n")
    return max(number for number, line in enumerate(lines, start=1) if line.startswith(needle))


VALID_WEAPON = """name = "Testwaffe"
sw = 2
damage_type = "Stich"
wg = 1
ranges = ["Nah"]
"""

VALID_ENEMY = """name = "Testwesen"
initiative = 10
attributes = { constitution = 1, strength = 1, dexterity = 1, reflexes = 1, intelligence = 1, \
charisma = 1, ranged = 1, melee = 1 }
saves = { dodge = 10, body = 10, mind = 10 }
lp = 5
bew = 4
size_fields = 1
kg = 3
"""

VALID_ARMOUR = """name = "Testpanzer"
paz = 2
category = "Getragene Panzerung"
"""

VALID_TERRAIN = """name = "Testgelände"
char = "T"
"""


def with_entry(file: str, body: str, key: str = "test") -> dict[str, str]:
    """Return the shipped ``file`` plus one entry [<kind>.<key>] with ``body``."""
    kind = file.removesuffix(".toml")
    return {file: f"{SHIPPED[file]}\n[{kind}.{key}]\n{body}"}


def loads_entry(file: str, body: str, key: str = "test") -> Catalogue:
    """Load the catalogue with one extra entry; it must be valid."""
    return load_catalogue_from(with_entry(file, body, key))


# ============================================================================ shipped data


def test_shipped_catalogue_loads_without_problems(cat: Catalogue) -> None:
    """The five data files load, with no errors and no warnings, and are cached."""
    assert cat.warnings == ()
    assert load_catalogue() is cat
    assert len(cat.weapons) >= 15 and len(cat.armour) >= 8 and len(cat.items) >= 2
    assert len(cat.creatures) >= 10 and len(cat.terrain) >= 15
    for kind in ("weapons", "armour", "items", "creatures", "terrain"):
        for key, entry in getattr(cat, kind).items():
            assert entry.key == key


def test_load_from_shipped_texts_equals_package_catalogue(cat: Catalogue) -> None:
    """Feeding the shipped texts gives equal entries; entries are hashable values."""
    again = load_catalogue_from(SHIPPED, fill_from_package=False)
    assert dict(again.creatures) == dict(cat.creatures)
    assert dict(again.weapons) == dict(cat.weapons)
    assert len({*cat.creatures.values(), *again.creatures.values()}) == len(cat.creatures)


def test_the_cast_of_the_rulebook_is_there(cat: Catalogue) -> None:
    """Likron, Ron, Elro-Sa, Valina, Lara and the four enemy groups of the examples."""
    for key in ("likron", "ron", "elro_sa", "valina", "lara"):
        assert cat.creatures[key].is_character
    for key in (
        "akuanischer_strassenpunk",
        "musa_elitesoldat",
        "dretop_pirat",
        "traa_gardist",
        "akuanischer_drogendealer",
    ):
        assert not cat.creatures[key].is_character
    for key in (
        "lasergewehr",
        "schrotgewehr",
        "maschinenpistole",
        "laserpistole",
        "taserpistole",
        "knueppel",
        "handgranate",
        "monofilament_klinge",
        "laserkanone",
    ):
        assert key in cat.weapons
    assert {"plattenpanzerweste", "alpha_anzug"} <= set(cat.armour)
    assert "medkit" in cat.items


@pytest.mark.rule("E-INIT-3", "E-INIT-5")
def test_ex_init_1_street_punks_have_fixed_initiative_15(cat: Catalogue) -> None:
    """EX-INIT-1, E-INIT-3: enemies do not roll; the punks' [15] is printed in the data."""
    punk = cat.creatures["akuanischer_strassenpunk"]
    assert punk.initiative == 15 and punk.base_initiative is None
    assert punk.tie_base == 15  # E-OPEN-6: the bracket value is the base for ties
    assert "knueppel" in punk.equipment  # the punk who hits Likron with a club


@pytest.mark.rule("E-INIT-2", "E-INIT-6", "E-CORE-DIS-1", "E-INIT-4")
def test_ex_init_1_likron_rolls_19_and_acts_before_the_punks(cat: Catalogue) -> None:
    """EX-INIT-1: base 8 (Reflexe 4 + Kampftaktik 2), the plate vest is Beschwerlich."""
    likron = cat.creatures["likron"]
    punk = cat.creatures["akuanischer_strassenpunk"]
    assert likron.base_initiative == 8 and likron.initiative is None
    assert likron.attribute(Attribute.REFLEXES) == 4
    assert "Kampftaktik 2" in likron.talents
    assert "plattenpanzerweste" in likron.equipment
    assert cat.cumbersome(likron.equipment)
    roll = roll_initiative(
        likron.base_initiative,
        ScriptedRoller([11, 18]),
        cumbersome=cat.cumbersome(likron.equipment),
    )
    assert roll.total == 19
    assert punk.initiative is not None
    entries = [
        enemy_entry("punk 1", punk.initiative, 0),
        enemy_entry("punk 2", punk.initiative, 1),
        character_entry("likron", roll, likron.base_initiative, 2),
    ]
    assert initiative_order(entries) == ["likron", "punk 1", "punk 2"]


@pytest.mark.rule("E-INIT-1", "E-INIT-3", "E-INIT-6")
def test_ex_init_2_alpha_suit_and_musa_soldiers_at_20(cat: Catalogue) -> None:
    """EX-INIT-2: the Alpha-Anzug gives Nachteil (3 and 19 -> 11); the soldiers' 20 leads."""
    likron = cat.creatures["likron"]
    soldier = cat.creatures["musa_elitesoldat"]
    assert soldier.initiative == 20 and not soldier.is_character
    suit = ("alpha_anzug", "laserkanone")  # the mission puts him in the suit
    assert cat.cumbersome(suit)
    assert likron.base_initiative is not None and soldier.initiative is not None
    roll = roll_initiative(likron.base_initiative, ScriptedRoller([3, 19]), cumbersome=True)
    assert roll.total == 11
    entries = [
        character_entry("likron", roll, likron.base_initiative, 0),
        enemy_entry("soldier 1", soldier.initiative, 1),
        enemy_entry("soldier 2", soldier.initiative, 2),
    ]
    assert initiative_order(entries) == ["soldier 1", "soldier 2", "likron"]


@pytest.mark.rule("E-INIT-6", "E-ARMOR-2")
def test_plate_vest_and_alpha_suit_are_cumbersome(cat: Catalogue) -> None:
    """E-INIT-6: Plattenpanzerweste and Alpha-Anzug are Beschwerlich (from the book)."""
    for key in ("plattenpanzerweste", "alpha_anzug"):
        armour = cat.armour[key]
        assert armour.cumbersome
        assert "cumbersome" in armour.from_book
    assert not cat.cumbersome(["panzerjacke", "medkit", "lasergewehr"])
    assert not cat.cumbersome([])


@pytest.mark.rule("E-DMG-2", "E-DMGTYPE-1", "E-ARMOR-1")
def test_ex_dmg_1_laser_rifle_sw_5_takes_the_dealer_to_3_lp(cat: Catalogue) -> None:
    """EX-DMG-1: Lasergewehr SW 5, d6 = 3, no armour -> 8 damage; the dealer's 11 LP -> 3."""
    rifle = cat.weapons["lasergewehr"]
    dealer = cat.creatures["akuanischer_drogendealer"]
    assert rifle.damage_value == 5 and "sw" in rifle.from_book
    assert isinstance(rifle.damage_type, DamageType)
    assert rifle.ranged and not rifle.melee
    assert dealer.life_points == 11 and cat.armour_pieces(dealer.equipment) == ()
    armour = effective_armour(cat.armour_pieces(dealer.equipment))
    damage = damage_roll(rifle.damage_value, ScriptedRoller([3]), armour=armour)
    assert damage.final == 8
    assert dealer.life_points - damage.final == 3


@pytest.mark.rule("E-AREAFIRE-2", "E-AREAFIRE-4", "E-AREAFIRE-7", "E-AREAFIRE-8")
def test_ex_areafire_1_shotgun_wg_4_sw_3_bem_1_1(cat: Catalogue) -> None:
    """EX-AREAFIRE-1: Schrotgewehr WG 4, SW 3, BEM 1,1; d6 2 -> total 5, at most 3 a field."""
    shotgun = cat.weapons["schrotgewehr"]
    assert (shotgun.weapon_size, shotgun.damage_value) == (4, 3)
    assert (shotgun.bem_multiplier, shotgun.bem_ammo) == (1, 1)
    assert shotgun.bem is not None and (shotgun.bem.multiplier, shotgun.bem.ammo) == (1, 1)
    assert {"wg", "sw", "bem"} <= shotgun.from_book
    die, total = area_fire_total(shotgun.damage_value, shotgun.bem.multiplier, ScriptedRoller([2]))
    assert (die, total) == (2, 5)
    assert distribution_errors({(1, 0): 3, (2, 0): 2}, sw=shotgun.damage_value, total=total) == []
    assert distribution_errors({(1, 0): 4, (2, 0): 1}, sw=shotgun.damage_value, total=total)


@pytest.mark.rule("E-AREAFIRE-2", "E-AREAFIRE-4", "E-ACT-VH-DAUERFEUER-1")
def test_ex_areafire_2_submachine_gun_sw_3_bem_2_10_auto_fire(cat: Catalogue) -> None:
    """EX-AREAFIRE-2: Maschinenpistole SW 3, BEM 2,10, Dauerfeuer; d6 4 -> total 14."""
    smg = cat.weapons["maschinenpistole"]
    assert smg.damage_value == 3 and (smg.bem_multiplier, smg.bem_ammo) == (2, 10)
    assert smg.has(WeaponAttribute.AUTO_FIRE)
    assert smg.bem is not None
    assert area_fire_total(smg.damage_value, smg.bem.multiplier, ScriptedRoller([4])) == (4, 14)
    spread = {(x, 0): v for x, v in enumerate([3, 3, 3, 3, 2], start=1)}
    assert distribution_errors(spread, sw=3, total=14) == []


@pytest.mark.rule("E-ACT-VH-MEHRFACH", "E-RANGED-1")
def test_ex_multi_1_ron_carries_laser_and_taser_pistol(cat: Catalogue) -> None:
    """EX-MULTI-1: Ron fires his laser pistol and his taser pistol at once: two ranged weapons."""
    ron = cat.creatures["ron"]
    ranged = [w.key for w in cat.weapons_in(ron.equipment) if w.ranged]
    assert {"laserpistole", "taserpistole"} <= set(ranged)


@pytest.mark.rule("E-ACT-VH-VERBERGEN-2", "E-MELEE-1", "E-UNFORESEEN-2")
def test_ex_hide_1_ron_has_schatten_and_a_monofilament_blade(cat: Catalogue) -> None:
    """EX-HIDE-1: the talent Schatten and a melee blade; the Traa guard has a Geist save."""
    ron = cat.creatures["ron"]
    assert "Schatten" in ron.talents
    blade = cat.weapons["monofilament_klinge"]
    assert blade.melee and not blade.ranged and blade.key in ron.equipment
    guard = cat.creatures["traa_gardist"]
    assert 5 <= guard.save(SaveValue.MIND) <= 30


@pytest.mark.rule("E-THROW-2", "E-AREA-ROUND", "E-SCATTER-1")
def test_ex_scatter_1_ron_and_lara_throw_hand_grenades(cat: Catalogue) -> None:
    """EX-SCATTER-1: Ron Fernkampf 8, Lara 4; a grenade is thrown at a field, explodes round."""
    ron, lara = cat.creatures["ron"], cat.creatures["lara"]
    assert ron.attribute(Attribute.RANGED) == 8 and lara.attribute(Attribute.RANGED) == 4
    grenade = cat.weapons["handgranate"]
    assert grenade.key in ron.equipment and grenade.key in lara.equipment
    assert grenade.thrown and grenade.targets_field and grenade.area_shape is AreaShape.ROUND
    assert grenade.area_size is not None
    assert len(circle_cells((0, 0), grenade.area_size)) == 21  # radius 2 (sample), E-OPEN-26
    assert not grenade.has_magazine  # E-OPEN-30 (iv): nothing to shoot empty


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1", "E-ACT-LH-WIEDERBELEBEN-1", "E-ACT-LH-ERSTEHILFE")
def test_ex_stab_1_and_ex_revive_1_valina_and_lara_carry_medkits(cat: Catalogue) -> None:
    """EX-STAB-1: Likron has Konstitution 8; Valina (and Lara, EX-REVIVE-1) need a Medkit."""
    assert cat.creatures["likron"].attribute(Attribute.CONSTITUTION) == 8
    for key in ("valina", "lara"):
        items = cat.items_in(cat.creatures[key].equipment)
        assert any(item.medkit for item in items)
    assert cat.items["medkit"].medkit


@pytest.mark.rule("E-ACT-LH-NANO")
def test_nano_healbots_are_an_item(cat: Catalogue) -> None:
    """E-ACT-LH-NANO: NanoHeilbots exist as an item flag."""
    assert cat.items["nanoheilbots"].nano_healbots and not cat.items["nanoheilbots"].medkit


@pytest.mark.rule("E-ACT-HH-FERNKAMPF", "E-ACT-HH-ZAUBER")
def test_ex_act_1_the_raid_on_the_pirates(cat: Catalogue) -> None:
    """EX-ACT-1: Likron's laser cannon is a ranged weapon; Elro-Sa casts instant spells."""
    likron = cat.creatures["likron"]
    cannon = cat.weapons["laserkanone"]
    assert cannon.key in likron.equipment and cannon.ranged
    assert set(cat.creatures["elro_sa"].spells) == {"Machtschrei", "Resonanzfrequenz"}
    pirate = cat.creatures["dretop_pirat"]
    assert pirate.initiative is not None and any(w.ranged for w in cat.weapons_in(pirate.equipment))


@pytest.mark.rule("E-NONLETHAL-1", "E-ACT-HH-NAHKAMPF")
def test_the_club_is_a_bludgeoning_melee_weapon(cat: Catalogue) -> None:
    """E-NONLETHAL-1: a Knüppel deals Wucht, so its hits can be non-lethal."""
    club = cat.weapons["knueppel"]
    assert club.melee and club.damage_type is DamageType.BLUDGEONING and not club.ranged


@pytest.mark.rule("E-IMPROV-1")
def test_improvised_weapon_values_exist(cat: Catalogue) -> None:
    """E-IMPROV-1: improvised values for melee (rifle as club) and thrown (thrown pistol)."""
    improvised = [w for w in cat.weapons.values() if w.improvised]
    assert any(w.melee for w in improvised) and any(w.thrown for w in improvised)


@pytest.mark.rule("E-REACH-2", "E-REACH-3")
def test_reach_is_one_field_except_with_distanz(cat: Catalogue) -> None:
    """E-REACH-3: only Distanz weapons reach farther; creatures default to 1 field."""
    for weapon in cat.weapons.values():
        assert (weapon.reach > 1) == weapon.has(WeaponAttribute.REACH)
    assert cat.weapons["vibrospeer"].reach == 2
    assert all(creature.reach >= 1 for creature in cat.creatures.values())


@pytest.mark.rule("E-RANGE-2", "E-RANGE-1")
def test_weapons_list_their_range_bands(cat: Catalogue) -> None:
    """E-RANGE-2: a target outside the listed bands cannot be hit; melee-only lists none."""
    rifle = cat.weapons["lasergewehr"]
    assert rifle.fires_at(range_band(10)) and rifle.fires_at(RangeBand.LONG)
    assert not rifle.fires_at(RangeBand.EXTREME) and not rifle.fires_at(range_band(0))
    for weapon in cat.weapons.values():
        assert list(weapon.range_bands) == sorted(set(weapon.range_bands))
        assert weapon.melee or weapon.range_bands
        if weapon.thrown or weapon.bem is not None:
            assert weapon.range_bands
    assert cat.weapons["monofilament_klinge"].range_bands == ()


@pytest.mark.rule("E-SIZE-1", "E-SIZE-2", "E-OBJ-WAFFE-WG4", "E-OBJ-WAFFE-WG0")
def test_sizes_and_weapon_objects(cat: Catalogue) -> None:
    """E-SIZE-1/2: footprints and KG per creature, WG per weapon (0..7, the object table)."""
    for creature in cat.creatures.values():
        assert creature.size_fields >= 1 and 0 <= creature.size_category <= 10
    for weapon in cat.weapons.values():
        assert 0 <= weapon.weapon_size <= 7
    shotgun = cat.weapons["schrotgewehr"].object_material
    assert (shotgun.pak, shotgun.kep) == (4, 8)
    grenade = cat.weapons["handgranate"].object_material
    assert (grenade.pak, grenade.kep) == (0, 4)


@pytest.mark.rule("E-DMGTYPE-1", "E-DMGTYPE-2")
def test_every_weapon_states_a_damage_type(cat: Catalogue) -> None:
    """E-DMGTYPE-1: every damage source states one of the 11 types."""
    assert all(isinstance(w.damage_type, DamageType) for w in cat.weapons.values())
    assert cat.weapons["taserpistole"].damage_type is DamageType.ENERGY


@pytest.mark.rule("E-ACT-VH-GEZIELT-3", "E-UNDERWATER-5", "E-AREAFIRE-1")
def test_area_weapons_are_flagged(cat: Catalogue) -> None:
    """E-ACT-VH-GEZIELT-3: Bereichsfeuer and Flächenschaden weapons are marked as area weapons."""
    for key in ("schrotgewehr", "maschinenpistole", "handgranate", "flammenwerfer"):
        assert cat.weapons[key].is_area
    for key in ("lasergewehr", "laserpistole", "knueppel"):
        assert not cat.weapons[key].is_area
    assert cat.weapons["flammenwerfer"].area_shape is AreaShape.CONE


@pytest.mark.rule("E-CRIT-FAIL-3")
def test_only_fired_weapons_have_a_magazine(cat: Catalogue) -> None:
    """E-CRIT-FAIL-3: a magazine only on ranged weapons that are not thrown (E-OPEN-30 (iv))."""
    for weapon in cat.weapons.values():
        if weapon.has_magazine:
            assert weapon.ranged and not weapon.thrown
    assert cat.weapons["lasergewehr"].has_magazine and not cat.weapons["knueppel"].has_magazine


@pytest.mark.rule("E-ACT-VH-DISTANZ-1", "E-ZEROG-2", "E-UNDERWATER-6")
def test_scope_zero_g_and_underwater_weapons(cat: Catalogue) -> None:
    """Weapon attributes used by the rules: Bildvergrößerer, Null-G, Unterwasser."""
    assert cat.weapons["scharfschuetzengewehr"].has_scope  # a fitted optic now (issue 10)
    assert cat.weapons["harpunengewehr"].has(WeaponAttribute.UNDERWATER)
    zero_g = [w for w in cat.weapons.values() if w.has(WeaponAttribute.ZERO_G)]
    assert zero_g and all(w.ranged for w in zero_g)


@pytest.mark.rule("E-ARMOR-CAT-WORN", "E-ARMOR-CAT-COVER", "E-ARMOR-CAT-DERMAL")
@pytest.mark.rule("E-ARMOR-CAT-FORCEFIELD", "E-ARMOR-STACK-1", "E-ARMOR-STACK-2", "E-ARMOR-2")
def test_armour_categories_and_stacking(cat: Catalogue) -> None:
    """Section 17: every category has an entry; same category keeps the highest, others add."""
    assert {a.category for a in cat.armour.values()} == set(ArmorCategory)
    worn = cat.armour_pieces(["panzerjacke", "panzerweste"])
    assert effective_armour(worn) == 3
    mixed = cat.armour_pieces(["panzerweste", "subdermale_panzerung"])
    assert effective_armour(mixed) == 3 + 2
    suit = cat.armour["alpha_anzug"]
    effects = armour_side_effects(cat.armour_pieces(["alpha_anzug"]))
    assert (effects.movement, effects.dodge) == (suit.movement, suit.dodge) == (-1, -2)


@pytest.mark.rule("E-ACT-HH-SCHILD", "E-ACT-LH-PANZERUNG-1", "E-ACT-LH-PANZERUNG-2")
def test_shield_and_space_suit(cat: Catalogue) -> None:
    """A shield is cover armour; donning takes PAZ rounds, a space suit 2."""
    shield = cat.armour["ballistischer_schild"]
    assert shield.shield and shield.category is ArmorCategory.COVER
    suit = cat.armour["raumanzug"]
    assert suit.space_suit and don_armor_rounds(suit.armor_value, space_suit=True) == 2
    vest = cat.armour["plattenpanzerweste"]
    assert don_armor_rounds(vest.armor_value) == vest.armor_value
    assert doff_armor_rounds(vest.armor_value) == 2


@pytest.mark.rule("E-CORE-ATTR-1", "E-CORE-SAVE-1", "E-CORE-ZW-1", "E-MOVETYPE-1")
def test_every_creature_has_eight_attributes_and_three_saves(cat: Catalogue) -> None:
    """E-CORE-ATTR-1, E-CORE-SAVE-1: all eight attributes, three Rettungswerte in 5..30."""
    for creature in cat.creatures.values():
        assert set(creature.attributes) == set(Attribute)
        assert set(creature.saves) == set(SaveValue)
        assert all(5 <= value <= 30 for value in creature.saves.values())
        assert creature.life_points >= 1 and creature.movement >= 0
        assert isinstance(creature.attributes, FrozenMap)


@pytest.mark.rule("E-INIT-2", "E-INIT-3", "E-INIT-7")
def test_characters_roll_enemies_are_fixed_companions_are_c(cat: Catalogue) -> None:
    """Characters carry a base initiative, enemies a fixed value, "C" creatures neither."""
    for creature in cat.creatures.values():
        if creature.is_character:
            assert creature.base_initiative is not None and creature.initiative is None
        elif creature.companion:
            assert creature.initiative is None and creature.base_initiative is None
        else:
            assert creature.initiative is not None and creature.base_initiative is None
    assert cat.creatures["beschworene_kreatur"].companion


@pytest.mark.rule("E-MOVETYPE-FS", "E-RES-1", "E-RES-2", "E-RES-4", "E-LP-ENEMY-1")
def test_move_types_affinities_and_simplified_enemies(cat: Catalogue) -> None:
    """Movement types by letter; resistances, immunities and sensitivities are disjoint."""
    summoned = cat.creatures["beschworene_kreatur"]
    assert summoned.move_types == {MoveType.HOVER: 6}
    assert summoned.resistances == {DamageType.COLD}
    assert summoned.immunities == {DamageType.POISON, DamageType.MENTAL}
    assert summoned.sensitivities == {DamageType.ENERGY}
    for creature in cat.creatures.values():
        assert not creature.resistances & creature.immunities
        assert not creature.immunities & creature.sensitivities
        assert not creature.resistances & creature.sensitivities
        assert not (creature.simplified and creature.is_character)


def test_equipment_references_resolve(cat: Catalogue) -> None:
    """Every equipment key of every creature is a weapon, armour or item."""
    for creature in cat.creatures.values():
        for key in creature.equipment:
            assert cat.equipment(key).key == key
    with pytest.raises(KeyError):
        cat.equipment("lichtschwert")
    assert not set(cat.weapons) & set(cat.armour) | set(cat.weapons) & set(cat.items)


def test_book_values_and_sample_values_are_marked(cat: Catalogue) -> None:
    """Values from the book are listed per entry; entries with invented values say sample."""
    assert cat.weapons["lasergewehr"].from_book == {"sw"}
    assert cat.weapons["lasergewehr"].sample_values
    assert cat.creatures["akuanischer_strassenpunk"].from_book == {"initiative"}
    likron = cat.creatures["likron"]
    assert {"base_initiative", "attributes.constitution", "attributes.reflexes"} <= likron.from_book
    # The combat chapter prints no stat block: every creature carries invented values.
    assert all(creature.sample_values for creature in cat.creatures.values())
    # Items that only name a rule carry no invented value.
    assert not cat.items["medkit"].sample_values


# ============================================================================ terrain


@pytest.mark.rule("E-TERRAIN-RUBBLE", "E-TERRAIN-CLIMB-2", "E-TERRAIN-WATER-2", "E-UNDERWATER-1")
def test_terrain_kinds_cover_every_code_and_difficult_defaults(cat: Catalogue) -> None:
    """Every terrain code has a kind; RUBBLE, WATER and CLIMB are always difficult (E-OPEN-42)."""
    assert {kind.terrain for kind in cat.terrain.values()} == set(Terrain)
    for kind in cat.terrain.values():
        if kind.terrain in DIFFICULT_BY_DEFAULT:
            assert kind.difficult
        assert 5 <= kind.target <= 30
    assert cat.terrain["mud"].target == 15 and not cat.terrain["mud"].difficult
    assert cat.terrain["ice"].terrain is Terrain.MUD


@pytest.mark.rule(
    "E-TERRAIN-MUD",
    "E-TERRAIN-SLOPE",
    "E-TERRAIN-NARROW",
    "E-TERRAIN-CROWD",
    "E-TERRAIN-SHARDS",
    "E-TERRAIN-STROBE",
    "E-TERRAIN-CLIMB-1",
    "E-TERRAIN-WATER-1",
)
def test_the_books_terrain_types_have_kinds(cat: Catalogue) -> None:
    """Section 12.1: each named ground type is a kind with the matching terrain code."""
    expected = {
        "mud": Terrain.MUD,
        "slope": Terrain.SLOPE,
        "narrow": Terrain.NARROW,
        "crowd": Terrain.CROWD,
        "glass_shards": Terrain.SHARDS,
        "barbed_wire": Terrain.SHARDS,
        "strobe": Terrain.STROBE,
        "climb": Terrain.CLIMB,
        "water": Terrain.WATER,
        "rubble": Terrain.RUBBLE,
    }
    for key, terrain in expected.items():
        assert cat.terrain[key].terrain is terrain


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-SCHUBSEN", "E-ACT-VH-ZURUECK-3", "E-COVER-3", "E-COVER-4")
def test_hazards_cover_and_smoke(cat: Catalogue) -> None:
    """Lava, abyss, campfire, plasma vent are hazards; crates Teildeckung, smoke Volldeckung."""
    hazards = {key for key, kind in cat.terrain.items() if kind.hazard}
    assert hazards == {"lava", "abyss", "campfire", "plasma_vent"}
    assert cat.terrain["lava"].difficult and not cat.terrain["abyss"].difficult
    assert (
        cat.terrain["low_obstacle"].cover is Cover.PARTIAL and cat.terrain["low_obstacle"].difficult
    )
    assert cat.terrain["smoke"].cover is Cover.FULL and cat.terrain["smoke"].smoke


def test_terrain_characters_agree_with_the_default_legend(cat: Catalogue) -> None:
    """DESIGN.md's legend: the kinds on ". : ~ = %" mean what the default legend means."""
    by_char = cat.terrain_by_char()
    assert len(by_char) == len(cat.terrain)
    for char, field in DEFAULT_LEGEND.items():
        if field.wall or field.door:
            assert char not in by_char
        else:
            assert by_char[char].field_kind() == field


@pytest.mark.rule("E-TERRAIN-DIFF-1")
def test_terrain_kinds_build_a_battle_grid(cat: Catalogue) -> None:
    """E-TERRAIN-DIFF-1: difficult kinds cost 2 per field on a grid built from the kinds."""
    legend = {char: kind.field_kind() for char, kind in cat.terrain_by_char().items()}
    grid = BattleGrid.from_ascii(".:L=%,A#", legend)
    assert grid.step_cost((0, 0)) == 1 and grid.step_cost((1, 0)) == 2
    assert grid.hazard[0, 2] and grid.hazard[0, 6] and not grid.hazard[0, 0]
    assert grid.cover[0, 3] == Cover.PARTIAL and grid.cover[0, 4] == Cover.FULL
    assert grid.smoke[0, 4] and grid.terrain[0, 5] == Terrain.MUD and grid.is_wall((7, 0))
    assert cat.terrain["mud"].field_kind(difficult=True).difficult
    assert cat.terrain["mud"].field_kind().terrain_target == cat.terrain["mud"].target == 15
    assert cat.terrain["mud"].field_kind(target=12).terrain_target == 12  # a map's zw


@pytest.mark.rule("E-SIZE-1")
def test_footprint_side_of_a_creature_type(cat: Catalogue) -> None:
    """E-SIZE-1: the side of the square a type occupies; an unknown type takes one field."""
    giant = dataclasses.replace(cat.creatures["likron"], key="giant", size_fields=3)
    bigger = dataclasses.replace(cat, creatures={**cat.creatures, "giant": giant})
    assert bigger.footprint_side("giant") == 3
    assert bigger.footprint_side("likron") == cat.creatures["likron"].size_fields == 1
    assert bigger.footprint_side("no_such_type") == 1


# ============================================================================ error paths


def test_extra_valid_entries_load() -> None:
    """The base entries the error tests break are valid as written."""
    assert loads_entry("weapons.toml", VALID_WEAPON).weapons["test"].damage_value == 2
    assert loads_entry("creatures.toml", VALID_ENEMY).creatures["test"].initiative == 10
    assert loads_entry("armour.toml", VALID_ARMOUR).armour["test"].armor_value == 2
    assert loads_entry("terrain.toml", VALID_TERRAIN).terrain["test"].sample_char == "T"


def test_wrong_type_names_file_line_key_found_and_expected() -> None:
    """A text where a number belongs: file, line, key path, found vs expected."""
    texts = with_entry("weapons.toml", VALID_WEAPON.replace("sw = 2", 'sw = "5"'))
    problem = only(problems_of(texts), "weapons.test.sw")
    assert problem.path == WEAPONS_PATH
    assert problem.line == line_of(texts["weapons.toml"], 'sw = "5"')
    assert problem.message == "expected a whole number from 0 to 50, found the text '5'"
    assert str(problem).startswith(f"{WEAPONS_PATH}:{problem.line} [weapons.test.sw]: error:")


def test_a_boolean_is_not_a_number() -> None:
    """TOML true is no whole number, although Python's bool is an int."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON.replace("sw = 2", "sw = true"))),
        "weapons.test.sw",
    )
    assert "found the boolean true" in problem.message


@pytest.mark.rule("E-SIZE-2", "E-OBJ-WAFFE-WG7")
def test_weapon_size_out_of_range() -> None:
    """E-SIZE-2: WG runs 0..7 like the object table (E-OBJ-WAFFE-WG0..WG7)."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON.replace("wg = 1", "wg = 8"))),
        "weapons.test.wg",
    )
    assert problem.message == "expected a whole number from 0 to 7, found the whole number 8"


@pytest.mark.rule("E-CORE-ZW-1")
def test_save_and_terrain_target_out_of_range() -> None:
    """E-CORE-ZW-1: Rettungswerte and terrain ZW lie in 5..30."""
    body = VALID_ENEMY.replace("dodge = 10", "dodge = 3")
    problem = only(problems_of(with_entry("creatures.toml", body)), "creatures.test.saves.dodge")
    assert "from 5 to 30, found the whole number 3" in problem.message
    problem = only(
        problems_of(with_entry("terrain.toml", VALID_TERRAIN + "target = 31\n")),
        "terrain.test.target",
    )
    assert "from 5 to 30" in problem.message


@pytest.mark.rule("E-DMGTYPE-2")
def test_unknown_damage_type_lists_the_eleven_names() -> None:
    """E-DMGTYPE-2: an unknown type names the 11 allowed ones."""
    body = VALID_WEAPON.replace('"Stich"', '"Laser"')
    problem = only(problems_of(with_entry("weapons.toml", body)), "weapons.test.damage_type")
    assert problem.message.startswith("unknown damage type 'Laser'; expected one of: Stich, Hieb,")
    for damage in DamageType:
        assert damage.value in problem.message


@pytest.mark.rule("E-RANGE-1")
def test_unknown_range_band_and_attribute_with_suggestion() -> None:
    """Unknown names in lists point at the list item and suggest a close match."""
    body = VALID_WEAPON.replace('["Nah"]', '["Nah", "Fern"]') + 'attributes = ["Dauerfeur"]\n'
    problems = problems_of(with_entry("weapons.toml", body))
    assert [p.key for p in problems] == ["weapons.test.ranges[1]", "weapons.test.attributes[0]"]
    assert "Kernschuss, Nah, Mittel, Weit, Extrem" in problems[0].message
    assert "(did you mean 'Dauerfeuer'?)" in problems[1].message
    texts = with_entry("weapons.toml", body)
    assert problems[0].line == line_of(texts["weapons.toml"], "ranges = ")


@pytest.mark.rule("E-ARMOR-CAT-WORN")
def test_unknown_armour_category() -> None:
    """The four categories are the only ones."""
    body = VALID_ARMOUR.replace("Getragene Panzerung", "Schwere Panzerung")
    problem = only(problems_of(with_entry("armour.toml", body)), "armour.test.category")
    assert "Getragene Panzerung, Deckungspanzerung, Dermale Panzerung" in problem.message


def test_unknown_equipment_reference() -> None:
    """A creature's equipment must name an existing weapon, armour or item."""
    body = VALID_ENEMY + 'equipment = ["medkit", "laserpistol"]\n'
    texts = with_entry("creatures.toml", body)
    problem = only(problems_of(texts), "creatures.test.equipment[1]")
    assert problem.path == CREATURES_PATH
    assert problem.line == line_of(texts["creatures.toml"], "equipment = ")
    assert problem.message == (
        "unknown equipment 'laserpistol' (did you mean 'laserpistole'?): "
        "no weapon, armour or item has that key"
    )


def test_unknown_key_lists_the_allowed_keys() -> None:
    """A typo in a key is an error naming the key and every allowed key."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + "swx = 3\n")), "weapons.test.swx"
    )
    assert problem.message.startswith("unknown key 'swx' (did you mean 'sw'?); allowed keys: name,")
    assert "damage_type" in problem.message and "area_shape" in problem.message
    problems = problems_of(
        with_entry("creatures.toml", VALID_ENEMY.replace("mind = 10", "mnd = 10"))
    )
    assert [p.key for p in problems] == ["creatures.test.saves.mind", "creatures.test.saves.mnd"]
    assert problems[0].message == "missing key 'mind': expected a whole number from 5 to 30"
    assert "(did you mean 'mind'?); allowed keys: dodge, body, mind" in problems[1].message


def test_missing_key_says_what_is_expected() -> None:
    """A required key that is missing: what it should hold."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON.replace("sw = 2\n", ""))),
        "weapons.test.sw",
    )
    assert problem.message == "missing key 'sw': expected a whole number from 0 to 50"


def test_toml_syntax_error_has_line_and_column() -> None:
    """A syntax error: file, line and column from tomllib, and the offending line."""
    text = SHIPPED["weapons.toml"] + "\n[weapons.kaputt]\nsw = \n"
    problems = problems_of({"weapons.toml": text})
    assert len(problems) == 1
    problem = problems[0]
    assert problem.path == WEAPONS_PATH
    assert problem.line == line_of(text, "sw = ") and problem.column == 6
    assert problem.message.startswith("TOML syntax error: Invalid value")
    assert str(problem).startswith(f"{WEAPONS_PATH}:{problem.line}:6: error:")


def test_syntax_error_does_not_cascade_into_unknown_references() -> None:
    """A broken weapons file does not make every creature's weapons look unknown."""
    problems = problems_of({"weapons.toml": "[weapons\n"})
    assert [p.path for p in problems] == [WEAPONS_PATH]


def test_every_problem_of_several_files_is_reported() -> None:
    """Problems are collected across entries and files, not only the first."""
    texts = {
        **with_entry("weapons.toml", VALID_WEAPON.replace("wg = 1", "wg = -1")),
        **with_entry("creatures.toml", VALID_ENEMY.replace("lp = 5", "lp = 0")),
        **with_entry("terrain.toml", VALID_TERRAIN.replace('"T"', '"#"')),
    }
    keys = {p.key for p in problems_of(texts)}
    assert keys == {"weapons.test.wg", "creatures.test.lp", "terrain.test.char"}


def test_duplicate_equipment_key_across_files() -> None:
    """Equipment keys are one namespace: a weapon may not share its key with an item."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON, key="medkit")), "items.medkit"
    )
    assert "also a key in weapons.toml" in problem.message


def test_book_must_name_keys_the_entry_sets() -> None:
    """``book`` lists keys whose values come from the book; a key not set is an error."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + 'book = ["sw", "bem"]\n')),
        "weapons.test.book[1]",
    )
    assert "'bem'" in problem.message


@pytest.mark.rule("E-ACT-VH-DAUERFEUER-1", "E-AREAFIRE-2", "E-ACT-VH-DECKUNGSFEUER-1")
def test_auto_fire_needs_a_bem_and_a_bem_needs_an_attribute() -> None:
    """Dauerfeuer/Bereichsfeuer and a BEM come together."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + 'attributes = ["Dauerfeuer"]\n')),
        "weapons.test.bem",
    )
    assert "Dauerfeuer needs a BEM" in problem.message
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + 'bem = "2,10"\n')),
        "weapons.test.attributes",
    )
    assert '"Bereichsfeuer" (area fire) or "Dauerfeuer"' in problem.message
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + 'bem = "2;10"\n')),
        "weapons.test.bem",
    )
    assert problem.message == 'expected a BEM written "m,a" like "2,10", found \'2;10\''


@pytest.mark.rule("E-REACH-3")
def test_reach_needs_distanz_and_distanz_needs_reach() -> None:
    """E-REACH-3: a longer reach comes with the attribute Distanz on a melee weapon."""
    melee = 'name = "Stab"\nsw = 1\ndamage_type = "Wucht"\nwg = 3\nmelee = true\n'
    problem = only(
        problems_of(with_entry("weapons.toml", melee + "reach = 2\n")), "weapons.test.reach"
    )
    assert "Distanz" in problem.message
    problem = only(
        problems_of(with_entry("weapons.toml", melee + 'attributes = ["Distanz"]\n')),
        "weapons.test.reach",
    )
    assert "at least 2" in problem.message
    assert loads_entry("weapons.toml", melee + 'attributes = ["Distanz"]\nreach = 3\n')


@pytest.mark.rule("E-RANGE-2", "E-MELEE-1", "E-THROW-1")
def test_a_weapon_must_be_usable_and_thrown_weapons_need_bands() -> None:
    """Neither melee nor ranged is no weapon; a thrown weapon needs its range bands."""
    body = VALID_WEAPON.replace('ranges = ["Nah"]\n', "")
    problem = only(problems_of(with_entry("weapons.toml", body)), "weapons.test")
    assert "neither melee" in problem.message
    problem = only(
        problems_of(with_entry("weapons.toml", body + "melee = true\nthrown = true\n")),
        "weapons.test.ranges",
    )
    assert "needs the range bands" in problem.message  # i12: the rulebook's words, no rule ID


@pytest.mark.rule("E-CRIT-FAIL-3", "E-AREA-1")
def test_magazine_and_area_consistency() -> None:
    """No magazine on thrown weapons; area_shape and area_size come together."""
    thrown = VALID_WEAPON + "thrown = true\n"
    problem = only(
        problems_of(with_entry("weapons.toml", thrown + "magazine = 3\n")), "weapons.test.magazine"
    )
    assert "magazine" in problem.message
    problem = only(
        problems_of(with_entry("weapons.toml", thrown + 'area_shape = "Rund"\n')),
        "weapons.test.area_size",
    )
    assert "together" in problem.message
    assert loads_entry("weapons.toml", thrown + 'area_shape = "cone"\narea_size = 1.5\n')


def test_schild_is_not_a_weapon_attribute() -> None:
    """Schild belongs to cover armour (E-ACT-HH-SCHILD)."""
    problem = only(
        problems_of(with_entry("weapons.toml", VALID_WEAPON + 'attributes = ["Schild"]\n')),
        "weapons.test.attributes",
    )
    assert "cover armour" in problem.message


@pytest.mark.rule("E-ACT-HH-SCHILD", "E-ACT-LH-PANZERUNG-2")
def test_shield_needs_cover_armour_and_space_suit_worn_armour() -> None:
    """A shield is Deckungspanzerung; a space suit is Getragene Panzerung."""
    problem = only(
        problems_of(with_entry("armour.toml", VALID_ARMOUR + "shield = true\n")),
        "armour.test.shield",
    )
    assert "Deckungspanzerung" in problem.message
    body = VALID_ARMOUR.replace("Getragene Panzerung", "Deckung") + "space_suit = true\n"
    problem = only(problems_of(with_entry("armour.toml", body)), "armour.test.space_suit")
    assert "Getragene Panzerung" in problem.message


@pytest.mark.rule("E-INIT-2", "E-INIT-3", "E-INIT-7", "E-LP-ENEMY-1")
def test_initiative_consistency() -> None:
    """Characters need a base, enemies a fixed value or "C"; only enemies are simplified."""
    character = VALID_ENEMY.replace("initiative = 10", "character = true")
    problem = only(problems_of(with_entry("creatures.toml", character)), "creatures.test")
    assert "base_initiative" in problem.message
    problem = only(
        problems_of(
            with_entry("creatures.toml", character + "base_initiative = 5\nsimplified = true\n")
        ),
        "creatures.test.simplified",
    )
    assert problem.message == "only enemies can be simplified"  # i12: no rule ID
    enemy = VALID_ENEMY.replace("initiative = 10\n", "")
    problem = only(problems_of(with_entry("creatures.toml", enemy)), "creatures.test")
    assert "fixed initiative" in problem.message
    problem = only(
        problems_of(with_entry("creatures.toml", VALID_ENEMY + "base_initiative = 3\n")),
        "creatures.test.base_initiative",
    )
    assert "fixed" in problem.message
    problem = only(
        problems_of(with_entry("creatures.toml", VALID_ENEMY.replace("= 10\n", '= "X"\n', 1))),
        "creatures.test.initiative",
    )
    assert (
        problem.message
        == "expected a whole number from 0 to 99 or \"C\", found 'X'"  # i12: no rule ID
    )
    companion = loads_entry("creatures.toml", VALID_ENEMY.replace("= 10\n", '= "c"\n', 1))
    assert companion.creatures["test"].companion


@pytest.mark.rule("E-RES-2", "E-MOVETYPE-S")
def test_affinities_disjoint_and_move_type_letters() -> None:
    """A type cannot be both resisted and immune; move types use the book's letters."""
    body = VALID_ENEMY + 'resistances = ["Feuer"]\nimmunities = ["Feuerschaden"]\n'
    problem = only(problems_of(with_entry("creatures.toml", body)), "creatures.test.immunities")
    assert "Feuer is in both resistances and immunities" in problem.message
    problem = only(
        problems_of(with_entry("creatures.toml", VALID_ENEMY + "move_types = { X = 4 }\n")),
        "creatures.test.move_types.X",
    )
    assert "allowed keys: S, K, W, F, FG, FS, FV" in problem.message
    swimmer = loads_entry("creatures.toml", VALID_ENEMY + "move_types = { S = 4, K = 2 }\n")
    assert swimmer.creatures["test"].move_types == {MoveType.SWIM: 4, MoveType.CLIMB: 2}


@pytest.mark.rule("E-TERRAIN-RUBBLE")
def test_terrain_consistency() -> None:
    """Rubble is always difficult; walls/doors' characters and the default legend are kept."""
    problem = only(
        problems_of(
            with_entry("terrain.toml", VALID_TERRAIN + 'terrain = "RUBBLE"\ndifficult = false\n')
        ),
        "terrain.test.difficult",
    )
    assert "always difficult" in problem.message
    problem = only(
        problems_of(with_entry("terrain.toml", VALID_TERRAIN.replace('"T"', '":"'))),
        "terrain.test.char",
    )
    assert "default legend" in problem.message
    problem = only(
        problems_of(with_entry("terrain.toml", VALID_TERRAIN.replace('"T"', '"L"'))),
        "terrain.test.char",
    )
    assert "already the character of lava" in problem.message
    problem = only(
        problems_of(with_entry("terrain.toml", VALID_TERRAIN.replace('"T"', '"TT"'))),
        "terrain.test.char",
    )
    assert "1 to 1 characters" in problem.message


def test_bad_entry_keys_tables_and_files() -> None:
    """Entry ids are snake_case, entries are tables, files hold their own table."""
    problems = problems_of({"weapons.toml": SHIPPED["weapons.toml"] + "\n[weapons]\nLaser = 5\n"})
    assert [p.key for p in problems] == ["weapons.Laser"]
    assert "snake_case" in problems[0].message
    problems = problems_of({"items.toml": '[items]\nmedkit = "Medkit"\n'})
    assert problems[0].message.startswith("expected a table [items.medkit]")
    problems = problems_of({"armour": "[armor.weste]\npaz = 1\n"})
    assert [p.key for p in problems][:2] == ["armour", "armor"]
    assert "did you mean 'armour'?" in problems[1].message
    problems = problems_of({"waffen.toml": ""})
    assert problems[0].path == "game/rulesets/entaria/data/waffen.toml"
    assert "unknown catalogue file" in problems[0].message


@pytest.mark.rule("E-ARMOR-STACK-1")
def test_two_armours_of_one_category_warn() -> None:
    """E-ARMOR-STACK-1: two worn armours load with a warning that only one counts."""
    body = VALID_ENEMY + 'equipment = ["panzerjacke", "panzerweste"]\n'
    loaded = loads_entry("creatures.toml", body)
    assert [w.key for w in loaded.warnings] == ["creatures.test.equipment"]
    assert loaded.warnings[0].warning and "only the higher PAZ counts" in loaded.warnings[0].message


def test_names_accept_aliases_and_case() -> None:
    """German with -schaden, the source's typo, English names, any case."""
    for written, expected in (
        ("Stichschaden", DamageType.PIERCING),
        ("Stahlungsschaden", DamageType.RADIATION),
        ("energy", DamageType.ENERGY),
        ("KÄLTE", DamageType.COLD),
    ):
        body = VALID_WEAPON.replace('"Stich"', json.dumps(written))
        assert loads_entry("weapons.toml", body).weapons["test"].damage_type is expected


def test_hostile_texts_give_clean_problems() -> None:
    """Deep nesting, huge numbers, huge files and a byte-order mark never escape as crashes."""
    for text in ("a = " + "[" * 5000 + "]" * 5000, "a = 1" + "1" * 5000, "x" * (6 * 1024 * 1024)):
        problems = problems_of({"items.toml": text})
        assert len(problems) == 1 and problems[0].path == "game/rulesets/entaria/data/items.toml"
    bom = load_catalogue_from({"items.toml": "\ufeff" + SHIPPED["items.toml"]})
    assert "medkit" in bom.items


def test_missing_files_count_as_empty_without_the_package() -> None:
    """``fill_from_package=False``: absent files are missing tables, references are checked."""
    problems = problems_of_strict({"creatures.toml": SHIPPED["creatures.toml"]})
    assert any(p.message.startswith("unknown equipment 'laserkanone'") for p in problems)


def problems_of_strict(texts: Mapping[str, str]) -> list[Problem]:
    with pytest.raises(MissionError) as info:
        load_catalogue_from(texts, fill_from_package=False)
    return info.value.problems


# ============================================================================ fuzz

_SCALAR = st.one_of(
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["Stich", "Nah", "Mittel", "Rund", "Dauerfeuer", "2,10", "C", "medkit"]),
)
_VALUE = st.one_of(_SCALAR, st.lists(_SCALAR, max_size=4))
_WEAPON_KEYS = [
    "name",
    "english",
    "sw",
    "damage_type",
    "wg",
    "ranges",
    "melee",
    "reach",
    "bem",
    "magazine",
    "attributes",
    "thrown",
    "area_shape",
    "area_size",
    "improvised",
    "sample",
    "book",
    "source",
    "notes",
    "bogus",
]
_CREATURE_KEYS = [
    "name",
    "lp",
    "bew",
    "kg",
    "size_fields",
    "nsb",
    "reach",
    "initiative",
    "base_initiative",
    "character",
    "simplified",
    "equipment",
    "resistances",
    "talents",
    "sample",
    "book",
]


def _render(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_render(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def _load_or_mission_error(texts: Mapping[str, str]) -> Catalogue | None:
    try:
        return load_catalogue_from(texts)
    except MissionError as exc:
        assert exc.problems and all(isinstance(p, Problem) for p in exc.problems)
        return None


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(CATALOGUE_FILES),
    text=st.one_of(
        st.text(max_size=300),
        st.text(alphabet='[]{}=".,#\n abcsw_12-tfrue', max_size=200),
    ),
)
def test_fuzz_random_text_raises_only_mission_error(name: str, text: str) -> None:
    """Random text in any file: a Catalogue or a MissionError, nothing else."""
    _load_or_mission_error({name: text})


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(CATALOGUE_FILES), data=st.data())
def test_fuzz_mutations_of_shipped_files_raise_only_mission_error(
    name: str, data: st.DataObject
) -> None:
    """Random edits of a valid file (characters, lines, values): only MissionError."""
    text = SHIPPED[name]
    for _ in range(data.draw(st.integers(1, 3))):
        lines = text.split("\n")
        op = data.draw(st.sampled_from(["delete", "insert", "drop_line", "dup_line", "value"]))
        pos = data.draw(st.integers(0, max(0, len(text) - 1)))
        row = data.draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            text = text[:pos] + text[pos + 1 :]
        elif op == "insert":
            text = text[:pos] + data.draw(st.text(min_size=1, max_size=3)) + text[pos:]
        elif op == "drop_line":
            text = "\n".join(lines[:row] + lines[row + 1 :])
        elif op == "dup_line":
            text = "\n".join(lines[: row + 1] + lines[row:])
        elif "=" in lines[row] and not lines[row].lstrip().startswith("#"):
            key = lines[row].split("=", 1)[0]
            lines[row] = f"{key}= {_render(data.draw(_VALUE))}"
            text = "\n".join(lines)
    _load_or_mission_error({name: text})


_BASE_WEAPON: dict[str, object] = {
    "name": "Fuzz",
    "sw": 2,
    "damage_type": "Stich",
    "wg": 1,
    "ranges": ["Nah"],
}
_BASE_ENEMY: dict[str, object] = {"name": "Fuzz", "initiative": 10, "lp": 5, "bew": 4}
_BASE_ENEMY.update({"size_fields": 1, "kg": 3})
_SMALL_INT = st.integers(-3, 60)


@settings(max_examples=100, deadline=None)
@given(
    overrides=st.dictionaries(
        st.sampled_from(_WEAPON_KEYS), st.one_of(_VALUE, _SMALL_INT), max_size=5
    ),
    dropped=st.sets(st.sampled_from(sorted(_BASE_WEAPON)), max_size=2),
)
def test_fuzz_weapon_entries_of_random_values(
    overrides: dict[str, object], dropped: set[str]
) -> None:
    """A valid weapon with random keys changed or dropped: consistent, or a clean failure."""
    entry = {k: v for k, v in {**_BASE_WEAPON, **overrides}.items() if k not in dropped}
    body = "".join(f"{key} = {_render(value)}\n" for key, value in entry.items())
    loaded = _load_or_mission_error(with_entry("weapons.toml", body, key="fuzz"))
    if loaded is not None:
        weapon = loaded.weapons["fuzz"]
        assert 0 <= weapon.damage_value <= 50 and 0 <= weapon.weapon_size <= 7
        assert weapon.melee or weapon.range_bands
        assert (weapon.bem is not None) == bool(
            weapon.attributes & {WeaponAttribute.AUTO_FIRE, WeaponAttribute.AREA_FIRE}
        )
        assert (weapon.reach > 1) == weapon.has(WeaponAttribute.REACH)


@settings(max_examples=100, deadline=None)
@given(
    overrides=st.dictionaries(
        st.sampled_from(_CREATURE_KEYS), st.one_of(_VALUE, _SMALL_INT), max_size=5
    ),
    attributes=st.dictionaries(
        st.sampled_from([a.name.lower() for a in Attribute] + ["luck"]),
        st.one_of(_SCALAR, _SMALL_INT),
        max_size=2,
    ),
    saves=st.dictionaries(st.sampled_from(["dodge", "body", "mind"]), _SMALL_INT, max_size=3),
)
def test_fuzz_creature_entries_of_random_values(
    overrides: dict[str, object], attributes: dict[str, object], saves: dict[str, object]
) -> None:
    """A valid enemy with random values in its keys, attributes and saves."""
    entry = {**_BASE_ENEMY, **overrides}
    entry["attributes"] = {**{a.name.lower(): 1 for a in Attribute}, **attributes}
    entry["saves"] = {"dodge": 10, "body": 10, "mind": 10, **saves}
    body = "".join(f"{key} = {_render(value)}\n" for key, value in entry.items())
    loaded = _load_or_mission_error(with_entry("creatures.toml", body, key="fuzz"))
    if loaded is not None:
        creature = loaded.creatures["fuzz"]
        assert set(creature.attributes) == set(Attribute) and creature.life_points >= 1
        assert all(5 <= value <= 30 for value in creature.saves.values())
        assert creature.is_character == (creature.base_initiative is not None)
        assert not creature.is_character or creature.initiative is None
