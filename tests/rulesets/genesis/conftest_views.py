"""Hand-built Genesis set-ups for the views' tests (no tests of its own).

A small catalogue made here (not the bundled one): a sword fighter with leather, helmet
and shield, a spear fighter, an archer; an open floor of 12 x 8 fields; a roller that
hands out scripted values first (the INI d100s in set-up order), then seeded random ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from game.board.dice import RandomRoller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command
from game.match.events import Event
from game.match.views import ActionGroup, Offer, Pick
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
from game.ui.locale import Translator

DE, EN = Translator("de"), Translator("en")

WEAPONS = {
    "schwert": GenesisWeapon(
        "schwert", "Schwert", "Sword", WeaponKind.MELEE, 1, 6, 4, pa_bonus=5, sample=True
    ),
    "speer": GenesisWeapon(
        "speer", "Speer", "Spear", WeaponKind.MELEE, 1, 6, 3, at_bonus=5, reach=2, sample=True
    ),
    "bogen": GenesisWeapon(
        "bogen",
        "Bogen",
        "Bow",
        WeaponKind.MISSILE,
        1,
        6,
        3,
        combat_range=40,
        max_range=120,
        reload_kr=1,
        sample=True,
    ),
}
ARMOUR = {
    "leder": GenesisArmour("leder", "Lederrüstung", "Leather armour", ArmorSlot.MAIN, 3),
    "helm": GenesisArmour("helm", "Helm", "Helmet", ArmorSlot.HELMET, 2),
    "schild": GenesisArmour("schild", "Holzschild", "Wooden shield", ArmorSlot.SHIELD, 1, 10),
}
FIGHTERS = {
    "kaempfer": GenesisFighter(
        "kaempfer", "Kämpfer", "Fighter", 70, 55, 45, 50, 5, 50, 15, 30,
        self_control=40, weapons=("schwert", "speer"), armour=("leder", "helm", "schild"),
    ),
    "speerträger": GenesisFighter(
        "speerträger", "Speerträger", "Spearman", 65, 50, 40, 45, 4, 40, 12, 25,
        self_control=30, weapons=("speer",), armour=("leder",),
    ),
    "schuetze": GenesisFighter(
        "schuetze", "Schütze", "Archer", 65, 40, 50, 55, 4, 40, 12, 25,
        shooter=True, weapons=("bogen",), armour=("leder",),
    ),
}  # fmt: skip
CAT = GenesisCatalogue(
    MappingProxyType(WEAPONS), MappingProxyType(ARMOUR), MappingProxyType(FIGHTERS)
)


class Dice:
    """Scripted values first, then seeded random ones."""

    def __init__(self, values: tuple[int, ...] = (), seed: int = 7) -> None:
        self.values = list(values)
        self.random = RandomRoller(seed)

    def roll(self, sides: int) -> int:
        if self.values:
            value = self.values.pop(0)
            assert 1 <= value <= sides, (value, sides)
            return value
        return self.random.roll(sides)


def build(*fighters: FighterSetup, rolls: tuple[int, ...] = (), seed: int = 7) -> GenesisGame:
    """Return a Genesis game of ``fighters`` on an open 12 x 8 floor."""
    setup = GenesisSetup("views", BattleGrid.open(12, 8), fighters)
    return GenesisGame(setup, CAT, Dice(rolls, seed))


def duel(rolls: tuple[int, ...] = (10, 30), seed: int = 7) -> GenesisGame:
    """Alrik (side A, INI 50 − 10 = 40) beside Bosper (side B, INI 50 − 30 = 20)."""
    return build(
        FighterSetup("alrik", "kaempfer", "A", (2, 2), name="Alrik"),
        FighterSetup("bosper", "kaempfer", "B", (3, 2), name="Bosper"),
        rolls=rolls,
        seed=seed,
    )


def all_offers(offers: tuple[Offer, ...]) -> Iterator[Offer]:
    """Yield every offer and every choice under it, depth first."""
    for offer in offers:
        yield offer
        yield from all_offers(offer.choices)


def offer(groups: tuple[ActionGroup, ...], key: str) -> Offer:
    """Return the offer ``key`` of ``groups`` (choices included)."""
    for group in groups:
        for found in all_offers(group.offers):
            if found.key == key:
                return found
    raise KeyError(key)


def group(groups: tuple[ActionGroup, ...], key: str) -> ActionGroup:
    """Return the group ``key``."""
    return next(g for g in groups if g.key == key)


def press(game: GenesisGame, offer_: Offer, pick: Pick | None = None) -> list[Event]:
    """Press ``offer_`` with ``pick`` and apply the command it makes (it must make one)."""
    assert offer_.enabled, (offer_.key, offer_.reason)
    assert offer_.make is not None, offer_.key
    made = offer_.make(pick or Pick())
    assert isinstance(made, Command), (offer_.key, made)
    return game.apply(made)


def cells_near(game: GenesisGame, key: str) -> list[Cell]:
    """Return the free fields next to fighter ``key``."""
    x, y = game.fighters[key].cell
    taken = {s.cell for s in game.fighters.values()}
    return [
        (x + dx, y + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (x + dx, y + dy) not in taken and game.grid.in_bounds((x + dx, y + dy))
    ]


def team(rolls: tuple[int, ...] = (10, 20, 30, 40), seed: int = 7) -> GenesisGame:
    """Two against two, each pair side by side, A beside B: INI 40, 30 (A), 20, 10 (B)."""
    return build(
        FighterSetup("a1", "kaempfer", "A", (2, 2), name="Alrik"),
        FighterSetup("a2", "kaempfer", "A", (2, 3), name="Answin"),
        FighterSetup("b1", "kaempfer", "B", (3, 2), name="Bosper"),
        FighterSetup("b2", "kaempfer", "B", (3, 3), name="Brin"),
        rolls=rolls,
        seed=seed,
    )


def idle(game: GenesisGame, kr: int) -> None:
    """Declare only PA/AW (the largest share) through the views until KR ``kr`` begins."""
    from game.rulesets.genesis.views import VIEWS

    while game.kr < kr and not game.over:
        groups = VIEWS.action_groups(game, DE)
        choices = [
            o
            for o in group(groups, "declare").offers
            if o.enabled and o.key.startswith("declare:") and o.key.split(":")[2] == "0"
        ]
        choices.sort(key=lambda o: -float(o.key.split(":")[3]))
        press(game, choices[0])


def declare(game: GenesisGame, attacks: float, defences: float) -> list[Event]:
    """Press the declaration offer of ``attacks`` AT and ``defences`` PA/AW."""
    from game.rulesets.genesis.views import VIEWS

    groups = VIEWS.action_groups(game, DE)
    wanted = [
        o
        for o in group(groups, "declare").offers
        if o.key.startswith("declare:")
        and float(o.key.split(":")[2]) == attacks
        and float(o.key.split(":")[3]) == defences
    ]
    assert wanted, (attacks, defences)
    return press(game, wanted[0])
