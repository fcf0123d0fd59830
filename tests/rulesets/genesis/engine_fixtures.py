"""A small Genesis catalogue and set-ups for the engine tests (values chosen for the tests)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.board.dice import Roller, ScriptedRoller
from game.board.grid import BattleGrid, Cell
from game.rulesets.genesis.catalogue import (
    ArmorSlot,
    GenesisArmour,
    GenesisCatalogue,
    GenesisFighter,
    GenesisWeapon,
    WeaponKind,
)
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.state import FighterSetup, GenesisSetup

SWORD = GenesisWeapon("schwert", "Schwert", "Sword", WeaponKind.MELEE, 1, 6, 4)
AXE = GenesisWeapon("axt", "Axt", "Axe", WeaponKind.MELEE, 2, 6, 6, weight="heavy")
BOW = GenesisWeapon(
    "bogen", "Bogen", "Bow", WeaponKind.MISSILE, 1, 6, 3, combat_range=40, max_range=120,
    reload_kr=1,
)  # fmt: skip
STONE = GenesisWeapon(
    "stein", "Stein", "Stone", WeaponKind.THROWN, 1, 6, 0, at_bonus=10, range_base=25, shock=1
)
FIXED = GenesisWeapon("fest", "Fest", "Fixed", WeaponKind.MELEE, 1, 1, 0)
AXES = GenesisWeapon(
    "wurfaxt", "Wurfäxte", "Throwing axes", WeaponKind.THROWING, 1, 6, 3, range_base=10
)
LEATHER = GenesisArmour("leder", "Leder", "Leather", ArmorSlot.MAIN, 3)
HELMET = GenesisArmour("helm", "Helm", "Helmet", ArmorSlot.HELMET, 2)
SHIELD = GenesisArmour("schild", "Schild", "Shield", ArmorSlot.SHIELD, 1, pa_bonus=10)

FIGHTER = GenesisFighter(
    "kaempfer", "Kämpfer", "Fighter", at=70, pa=50, aw=40, ini=50, gw=4, le=60, ws=20, ad=30,
    self_control=40, weapons=("schwert",), armour=("leder",),
)  # fmt: skip
ARCHER = GenesisFighter(
    "schuetze", "Schütze", "Archer", at=65, pa=30, aw=64, ini=55, gw=4, le=40, ws=12, ad=25,
    shooter=True, weapons=("bogen",), armour=(),
)  # fmt: skip


def catalogue(*fighters: GenesisFighter) -> GenesisCatalogue:
    """Return a catalogue of the test weapons and armour and ``fighters``."""
    weapons = {w.key: w for w in (SWORD, AXE, BOW, STONE, FIXED, AXES)}
    armour = {a.key: a for a in (LEATHER, HELMET, SHIELD)}
    table = {f.key: f for f in (FIGHTER, ARCHER, *fighters)}
    return GenesisCatalogue(
        MappingProxyType(weapons), MappingProxyType(armour), MappingProxyType(table)
    )


def fighter(key: str, **values: object) -> GenesisFighter:
    """Return the test fighter under ``key`` with ``values`` changed."""
    return replace(FIGHTER, key=key, name=key.capitalize(), english=key.capitalize(), **values)  # type: ignore[arg-type]


def game(
    placements: list[tuple[str, GenesisFighter, str, Cell]],
    dice: list[int] | Roller,
    *,
    size: tuple[int, int] = (20, 12),
    facing: str = "S",
) -> GenesisGame:
    """Return a game of fighters (key, values, side, field) with scripted dice."""
    setup = GenesisSetup(
        "test",
        BattleGrid.open(*size),
        tuple(FighterSetup(k, f.key, s, c, facing=facing, own=f) for k, f, s, c in placements),
    )
    roller = dice if not isinstance(dice, list) else ScriptedRoller(dice)
    return GenesisGame(setup, catalogue(), roller)
