"""The Genesis catalogue: the bundled file loads, its book values are the seed's (D-17),
and bad catalogue texts give readable errors naming file, line and key, in both languages."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from game.match.problems import MissionError, Problem
from game.rulesets.genesis.catalogue import (
    ArmorSlot,
    GenesisArmour,
    GenesisFighter,
    GenesisWeapon,
    WeaponKind,
)
from game.rulesets.genesis.catalogue_loader import (
    load_catalogue,
    load_catalogue_file,
    load_catalogue_from,
)
from game.rulesets.genesis.catalogue_readers import parse_tp
from game.rulesets.genesis.rules.checks import round_half_up

PATH = "game/rulesets/genesis/data/catalogue.toml"
BUNDLED = files("game.rulesets.genesis.data").joinpath("catalogue.toml").read_text(encoding="utf-8")
CAT = load_catalogue()


# ------------------------------------------------------------------ the bundled file
def test_bundled_catalogue_loads_with_enough_for_two_missions() -> None:
    """D-17: the bundled catalogue loads; it has melee, missile, thrown and throwing weapons,
    armour for the slots and at least six fighters, shooters among them."""
    kinds = {w.kind for w in CAT.weapons.values()}
    assert kinds == set(WeaponKind)
    assert {a.slot for a in CAT.armour.values()} >= {
        ArmorSlot.MAIN,
        ArmorSlot.UNDER,
        ArmorSlot.SHIELD,
        ArmorSlot.PLATING,
        ArmorSlot.HELMET,
    }
    assert len(CAT.fighters) >= 6
    assert sum(f.shooter for f in CAT.fighters.values()) >= 2
    assert load_catalogue() is CAT  # loaded once


def test_every_entry_is_book_or_sample() -> None:
    """D-17: every entry is marked book (the seed's) or sample, never both."""
    entries: list[GenesisWeapon | GenesisArmour | GenesisFighter] = [
        *CAT.weapons.values(),
        *CAT.armour.values(),
        *CAT.fighters.values(),
    ]
    for entry in entries:
        assert entry.book != entry.sample, entry.key
    book = {e.key for e in entries if e.book}
    assert book == {"stein", "enterhaken", "stuhl", "hedda", "runenklinge", "runenkaempfer"}


def test_fighters_gear_exists_and_first_weapon_is_in_hand() -> None:
    """Every fighter's weapons and armour are catalogue entries, one armour piece per slot
    (G-ARMOR-SLOTS), GW in steps of 0.5 (G-GW-5), shooters carry a missile weapon."""
    for fighter in CAT.fighters.values():
        assert fighter.weapons and all(k in CAT.weapons for k in fighter.weapons)
        assert all(k in CAT.armour for k in fighter.armour)
        slots = [a.slot for a in CAT.armour_of(fighter)]
        assert len(slots) == len(set(slots)), fighter.key
        assert fighter.gw * 2 == int(fighter.gw * 2)
        if fighter.shooter:
            assert any(w.kind is WeaponKind.MISSILE for w in CAT.weapons_of(fighter))


def test_book_stone_g_throw_stone() -> None:
    """G-THROW-STONE: AT bonus +10, range base 25 m, TP 1W (= 1W6, G-OPEN-6), shock 1."""
    stone = CAT.weapons["stein"]
    assert stone.book and stone.kind is WeaponKind.THROWN
    assert (stone.at_bonus, stone.range_base, stone.shock) == (10, 25, 1)
    assert (stone.dice, stone.sides, stone.plus, stone.extra_d6) == (1, 6, 0, 0)
    assert not stone.halved_range
    assert stone.tp_text() == "1W6"


def test_book_grappling_hook_g_throw_hook() -> None:
    """G-THROW-HOOK: AT bonus -20 (30 harder than the stone), range base 10 m, halved final
    range; TP and shock damage as the stone."""
    hook, stone = CAT.weapons["enterhaken"], CAT.weapons["stein"]
    assert hook.book and hook.kind is WeaponKind.THROWN
    assert hook.at_bonus == -20 and stone.at_bonus - hook.at_bonus == 30
    assert (hook.range_base, hook.halved_range) == (10, True)
    assert (hook.dice, hook.sides, hook.plus, hook.shock) == (
        stone.dice,
        stone.sides,
        stone.plus,
        stone.shock,
    )


def test_book_chair_g_throw_chair() -> None:
    """G-THROW-CHAIR: AT bonus -30, range base 0 m with halved final range, TP bonus 1W6
    (extra_d6 = 1) on the stone's TP (G-THROW-OTHER)."""
    chair = CAT.weapons["stuhl"]
    assert chair.book and chair.kind is WeaponKind.THROWN
    assert (chair.at_bonus, chair.range_base, chair.halved_range) == (-30, 0, True)
    assert chair.extra_d6 == 1
    assert chair.tp_text() == "1W6+1W6"


def test_book_fighter_g_gw_e1_g_shot_e1_g_dmg_e1() -> None:
    """G-GW-E1 (AT 85, half AT 43), G-SHOT-E1 (AW 64, AW/2 = 32), G-DMG-E1 (WS 20: 23 SP
    cost 26 LE) and G-GW-5 (GW 7.5) are the book fighter's values."""
    hedda = CAT.fighters["hedda"]
    assert hedda.book
    assert hedda.at == 85 and round_half_up(hedda.at / 2) == 43
    assert hedda.aw == 64 and hedda.aw // 2 == 32
    assert hedda.ws == 20 and 23 + max(0, 23 - hedda.ws) == 26
    assert hedda.gw == 7.5


def test_missile_weapons_have_combat_range_about_40_m() -> None:
    """G-RANGE-DIST-1: a missile weapon's combat range is about 40 m, its maximum larger;
    the crossbow reloads for a KR, the bow not (G-RELOAD-1, stored per G-OPEN-3)."""
    bow, crossbow = CAT.weapons["kurzbogen"], CAT.weapons["armbrust"]
    for weapon in (bow, crossbow):
        assert weapon.kind is WeaponKind.MISSILE and weapon.sample
        assert weapon.combat_range == 40 and weapon.max_range > weapon.combat_range
    assert (bow.reload_kr, crossbow.reload_kr) == (0, 1)
    assert CAT.weapons["speer"].reach == 2  # G-SURROUND-2: a reach weapon
    assert CAT.armour["holzschild"].pa_bonus == 10 and CAT.armour["holzschild"].rs == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1W", (1, 6, 0)),
        ("1W6", (1, 6, 0)),
        ("1W6+4", (1, 6, 4)),
        ("2W20-1", (2, 20, -1)),
        (" 3 w 6 + 2 ", (3, 6, 2)),
        ("W6", None),
        ("0W6", None),
        ("1W1", None),
        ("1W6+", None),
        ("zwei", None),
    ],
)
def test_tp_as_the_rulebook_writes_them(text: str, expected: tuple[int, int, int] | None) -> None:
    """G-OPEN-6: "1W" is a d6; TP are dice expressions."""
    assert parse_tp(text) == expected


def test_load_catalogue_file_reads_a_file_and_names_it(tmp_path: Path) -> None:
    """A catalogue file is read bounded; its problems name the file."""
    good = tmp_path / "genesis.toml"
    good.write_text(BUNDLED, encoding="utf-8")
    assert set(load_catalogue_file(good).fighters) == set(CAT.fighters)
    with pytest.raises(MissionError) as caught:
        load_catalogue_file(tmp_path / "missing.toml")
    assert caught.value.problems[0].path.endswith("missing.toml")
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("name = 'Söldner'".encode("latin-1"))
    with pytest.raises(MissionError) as caught:
        load_catalogue_file(bad, label="mein.toml")
    assert caught.value.problems[0].path == "mein.toml"
    assert "UTF-8" in caught.value.problems[0].message


# ------------------------------------------------------------------ bad texts
def _problems(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        load_catalogue_from(text)
    problems = caught.value.problems
    for problem in problems:
        assert problem.path == PATH
        assert problem.text("de") and problem.text("en")
    return problems


def _changed(old: str, new: str) -> str:
    assert BUNDLED.count(old) == 1, old
    return BUNDLED.replace(old, new)


def _one(text: str, key: str) -> Problem:
    problems = _problems(text)
    found = [p for p in problems if p.key == key]
    assert found, [str(p) for p in problems]
    assert found[0].line is not None
    return found[0]


def test_syntax_error_names_line() -> None:
    problems = _problems(BUNDLED + "\n[weapons.kaputt\n")
    assert problems[0].line is not None


def test_unknown_key_names_it_and_suggests() -> None:
    text = _changed('english = "short bow"', 'english = "short bow"\nrenge_base = 3')
    problem = _one(text, "weapons.kurzbogen.renge_base")
    assert "range_base" in problem.message and "unbekannt" in problem.text("de")


def test_out_of_range_at_names_the_key() -> None:
    """The d100 scale: AT 185 is refused."""
    text = _changed("at = 85", "at = 185")
    problem = _one(text, "fighters.hedda.at")
    assert "1 to 100" in problem.message and "185" in problem.message


def test_missing_required_value_names_the_key() -> None:
    text = _changed("ws = 20\n", "")
    problem = _one(text, "fighters.hedda.ws")
    assert "ws" in problem.message


def test_gw_must_go_in_half_steps() -> None:
    """G-GW-5: GW 7.5 is fine, GW 7.3 is not."""
    text = _changed("gw = 7.5", "gw = 7.3")
    problem = _one(text, "fighters.hedda.gw")
    assert "0.5" in problem.message and "0,5" in problem.text("de")


def test_bad_tp_names_the_key() -> None:
    text = _changed('tp = "3W10+8"', 'tp = "3D10+8"')
    problem = _one(text, "weapons.armbrust.tp")
    assert "3D10+8" in problem.message and "1W6+4" in problem.message


def test_unknown_weapon_kind_names_the_key() -> None:
    text = _changed('kind = "throwing"\ntp = "2W10+5"', 'kind = "werfen"\ntp = "2W10+5"')
    problem = _one(text, "weapons.wurfaexte.kind")
    assert "werfen" in problem.message


def test_unknown_slot_and_weight_name_their_keys() -> None:
    text = _changed('slot = "plating"', 'slot = "plate"')
    _one(text, "armour.stahlplattierung.slot")
    text = _changed(
        'weight = "semi_light"\nsample = true\n\n[weapons.kurzschwert]',
        ('weight = "halbleicht"\nsample = true\n\n[weapons.kurzschwert]'),
    )
    problem = _one(text, "weapons.knueppel.weight")
    assert "semi_light" in problem.message


def test_missile_weapon_needs_its_ranges() -> None:
    """G-RANGE-DIST-1: a missile weapon has a combat range and a larger maximum range."""
    text = _changed("max_range = 200", "max_range = 20")
    problem = _one(text, "weapons.armbrust.max_range")
    assert "combat_range" in problem.message


def test_values_a_kind_has_no_use_for_are_refused() -> None:
    """Only missile weapons reload (G-RELOAD-1); only thrown things have a range base."""
    text = _changed("range_base = 25\nshock = 1", "range_base = 25\nreload_kr = 2\nshock = 1")
    _one(text, "weapons.stein.reload_kr")
    text = _changed("reach = 2", "reach = 2\nrange_base = 5")
    _one(text, "weapons.speer.range_base")


def test_only_a_shield_adds_pa() -> None:
    """G-ARMOR-SHIELD-2: a PA bonus on a helmet is refused."""
    text = _changed('slot = "helmet"\nrs = 3', 'slot = "helmet"\nrs = 3\npa_bonus = 5')
    problem = _one(text, "armour.eisenhelm.pa_bonus")
    assert "shield" in problem.message


def test_book_and_sample_at_once_is_refused() -> None:
    """D-17: an entry is the seed's or a sample."""
    text = _changed(
        'halved_range = true\nshock = 1\nbook = true\nnotes = "G-THROW-HOOK',
        ('halved_range = true\nshock = 1\nbook = true\nsample = true\nnotes = "G-THROW-HOOK'),
    )
    _one(text, "weapons.enterhaken.sample")


def test_unknown_weapon_of_a_fighter_names_its_index() -> None:
    text = _changed('weapons = ["kurzbogen", "dolch"]', 'weapons = ["kurzbogn", "dolch"]')
    problem = _one(text, "fighters.ilka.weapons[0]")
    assert "kurzbogen" in problem.message  # the suggestion


def test_unknown_armour_of_a_fighter_names_its_index() -> None:
    text = _changed(
        'armour = ["lederruestung"]\nsample = true\n\n[fighters.wegelagerer]',
        ('armour = ["lederruestung", "drachenhaut"]\nsample = true\n\n[fighters.wegelagerer]'),
    )
    _one(text, "fighters.ilka.armour[1]")


def test_two_armour_pieces_in_one_slot_are_refused() -> None:
    """G-ARMOR-SLOTS: one piece per slot; a second main armour is named."""
    text = _changed(
        'armour = ["kettenhemd", "eisenhelm"]',
        ('armour = ["kettenhemd", "eisenhelm", "lederruestung"]'),
    )
    problem = _one(text, "fighters.hedda.armour[2]")
    assert "main" in problem.message and "kettenhemd" in problem.message


def test_a_fighter_needs_a_weapon() -> None:
    text = _changed('weapons = ["wurfaexte", "streitaxt"]', "weapons = []")
    _one(text, "fighters.wegelagerer.weapons")


def test_a_shooter_needs_a_missile_weapon() -> None:
    text = _changed('weapons = ["kurzbogen", "dolch"]', 'weapons = ["dolch"]')
    _one(text, "fighters.ilka.shooter")


def test_a_key_in_weapons_and_armour_is_refused() -> None:
    """A mission's equipment names both in one list: a shared key would be ambiguous."""
    text = BUNDLED + '\n[armour.dolch]\nname = "Dolchscheide"\nslot = "plating"\nrs = 1\n'
    _one(text, "armour.dolch")


def test_a_name_twice_is_refused() -> None:
    text = _changed('name = "Wegelagerer"', 'name = "Raufbold"')
    _one(text, "fighters.wegelagerer.name")


def test_a_missing_section_is_named() -> None:
    start = BUNDLED.index("[armour.lederruestung]")
    end = BUNDLED.index("# Fighters: mercenaries")
    text = BUNDLED[:start] + BUNDLED[end:]
    problems = _problems(text)
    assert any(p.key == "armour" for p in problems), [str(p) for p in problems]


def test_a_broken_weapon_is_reported_once() -> None:
    """A weapon with a bad value is named at its key; the fighters carrying it are not told
    that they name an unknown weapon too."""
    text = _changed('tp = "3W10+8"', 'tp = "sechs"')
    problems = _problems(text)
    assert [p.key for p in problems] == ["weapons.armbrust.tp"], [str(p) for p in problems]
