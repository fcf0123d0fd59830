"""What a Genesis fighter may do now, asked in one place by the engine, the views and the
opponent: its declaration's limits, one strike's value, one hit's defences.

Each function reads the live game (``Table``) and changes nothing; the numbers come from
the pure rules in ``rules/``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from game.board.grid import BattleGrid, Cell
from game.board.movement import path_cost
from game.board.sight import line_of_sight
from game.rulesets.genesis.catalogue import (
    GenesisCatalogue,
    GenesisFighter,
    GenesisWeapon,
    WeaponKind,
)
from game.rulesets.genesis.geometry import FACING_DEG, angle_deg, chebyshev
from game.rulesets.genesis.rules import checks, gear, initiative, ranged, rounds
from game.rulesets.genesis.state import FighterState

#: Fighters who fight on (not unconscious, not fatally hit).
FIGHTING = "fighting"
#: AT/PA/AW bonus of one surplus-attack token (G-SURPLUS-2).
TOKEN_BONUS = 20


@dataclass(frozen=True)
class Hit:
    """One successful AT of this KR, waiting for (or given) the defender's answer."""

    id: int
    attacker: str
    target: str
    weapon: str
    value: int
    roll: int
    penalty: int
    ranged: bool
    halved: bool
    quadrant: str
    distance: float
    #: Struck as a Megaschlag (active TP bonus, G-BONUS-ACTIVE-3).
    mega: bool = False


class Table(Protocol):
    """What the plans read of a live Genesis game."""

    grid: BattleGrid
    catalogue: GenesisCatalogue
    fighters: dict[str, FighterState]
    kr: int
    ini_winner: str
    slowest: str
    timeless: frozenset[str]
    melee_attackers: dict[str, set[str]]
    throws: dict[str, int]
    #: (defender, quadrant) -> (roll, half action, token) of the dodge against projectiles.
    dodge_rolls: dict[tuple[str, str], tuple[int, bool, int]]
    megas: set[str]
    ini_order: list[str]
    sides: tuple[str, ...]

    def kind(self, key: str) -> GenesisFighter: ...

    def clusters(self) -> Mapping[str, int]: ...


# ----------------------------------------------------------------------- declaration
@dataclass(frozen=True)
class DeclareRules:
    """The limits of one fighter's declaration in this KR."""

    #: The GW it may use this KR (one per split of the two-KR pair, G-GW-ODD).
    shares: tuple[float, ...]
    attack_refusal: str
    must_shift: bool
    move_refusal: str
    budget: int
    passive: bool

    @property
    def may_attack(self) -> bool:
        """Return whether ATs may be declared."""
        return not self.attack_refusal


def pair_first(kr: int) -> bool:
    """Return whether KR ``kr`` opens a pair of KRs whose GW split is chosen now (G-GW-ODD-1/4)."""
    return kr % 2 == 1


def attack_round_side(table: Table) -> str:
    """Return the side whose regular attack round KR ``table.kr`` is (G-KR-ALPHA/BETA)."""
    return table.ini_winner if pair_first(table.kr) else ""


def in_attack_round(table: Table, side: str, kr: int = 0) -> bool:
    """Return whether this AKR/BKR (or KR ``kr``) is ``side``'s AT round (else its PA
    round, G-KR-AT/PA)."""
    kind = rounds.round_kind(kr or table.kr)
    if kind is rounds.RoundKind.ALPHA:
        return side == table.ini_winner
    return side != table.ini_winner


def in_fight(table: Table, key: str) -> bool:
    """Return whether ``key`` takes part in this KR: from the start, or from the KR it
    joins in (Kampfeinstieg: no INI, its side's schedule, G-JOIN-2/3)."""
    return table.kind(key).joins_kr <= table.kr


def joined_now(table: Table, key: str) -> bool:
    """Return whether ``key`` joins the fight in this very KR (a late joiner)."""
    return table.kind(key).joins_kr > 1 and table.kind(key).joins_kr == table.kr


def declaration_queue(table: Table) -> list[str]:
    """Return who declares this KR, in order: in KR 1 from the slowest up (it declares its
    PA/AW only, G-OPEN-22; G-INI-ROUND-5), in KR 2 from the fastest down (G-INI-OPEN-2),
    then side by side, the side without the Ansagevorteil first (G-KR-ADV/DISADV). The
    shooters for whom KR 1 did not count declare after the others (G-INI-RANGED-2)."""
    fighters = table.fighters
    fighting = [k for k in table.ini_order if fighters[k].life == FIGHTING]
    late = [
        k
        for k in fighters
        if (k in table.timeless or table.kind(k).joins_kr > 1)
        and fighters[k].life == FIGHTING
        and in_fight(table, k)
    ]
    if table.kr == 1:
        return list(reversed(fighting))
    everyone = fighting + late
    if table.kr == 2:
        return everyone
    first = [s for s in table.sides if not in_attack_round(table, s)]
    second = [s for s in table.sides if in_attack_round(table, s)]
    return [k for s in first + second for k in everyone if fighters[k].side == s]


def chooses_split(table: Table, key: str) -> bool:
    """Return whether ``key`` splits its GW now: in KR 1 and each AKR (G-GW-ODD-1/4), and
    in KR 2 a ranged fighter for whom KR 1 did not count (G-INI-RANGED-2)."""
    late = table.kr == 2 and key in table.timeless
    return pair_first(table.kr) or late or joined_now(table, key)  # G-JOIN-3


def shares_now(table: Table, key: str) -> tuple[float, ...]:
    """Return the GW totals ``key`` may declare this KR (G-GW-2/3/ODD, G-OPEN-4)."""
    me = table.fighters[key]
    if chooses_split(table, key):
        gw = table.kind(key).gw
        return tuple(sorted({rounds.gw_split(gw, True)[0], rounds.gw_split(gw, False)[0]}))
    return (me.shares[1],)


def declare_rules(table: Table, key: str) -> DeclareRules:
    """Return what ``key`` may declare this KR (G-INI-*, G-KR-*, G-SHIFT-*, G-STATE-*)."""
    me = table.fighters[key]
    kind = table.kind(key)
    clusters = table.clusters()
    engaged = clusters.get(key, -1) >= 0
    passive = (table.kr == 1 and key == table.slowest) or me.passive_kr == table.kr
    refusal = ""
    must_shift = False
    if passive:
        refusal = "passiv: keine Attacke (G-STATE-PASSIVE-AT)"
    elif me.swap_left > 0:
        refusal = "Waffenwechsel: keine Attacke (G-SWAP)"
    elif table.kr == 1:
        must_shift = False  # no shifting in the first INI-KR (G-INI-ROUND-7)
    elif kind.shooter and not engaged:
        must_shift = False  # ranged outside melee: no shift (G-OPEN-14)
    elif _holds_throwing_set(table, key):
        must_shift = False  # a drawn set is thrown over AT and PA round unshifted (G-TWPN-3)
    elif table.kr == 2:
        must_shift = me.attacked_in_kr1  # G-INI-OPEN-4
    elif joined_now(table, key):
        must_shift = False  # joining in its PA round it attacks unshifted (G-JOIN-4/6)
    elif _first_at_round_after_joining_in_pa(table, key):
        must_shift = True  # ... and pays the shift in its next AT round (G-JOIN-5)
    else:
        must_shift = not in_attack_round(table, me.side)  # G-KR-PA, G-SHIFT-1
    if not refusal and must_shift and me.ad <= 0:
        refusal = "keine AD zum Shiften (G-OPEN-5)"
    move_refusal = ""
    if passive:
        move_refusal = "passiv: keine Fortbewegung (G-STATE-PASSIVE-MOVE)"
    elif engaged and not me.released:
        move_refusal = "vom Gegner lösen: erst den Kampfausstieg ansagen (G-LEAVE-1, G-OPEN-9)"
    fast = 1.2 if me.speed_until_kr >= table.kr else 1.0  # a surplus AT's +20 % (G-SURPLUS-3)
    budget = int(kind.gs * 2 * fast)  # G-OPEN-9: floor(GS x 2) fields per KR
    return DeclareRules(shares_now(table, key), refusal, must_shift, move_refusal, budget, passive)


def _first_at_round_after_joining_in_pa(table: Table, key: str) -> bool:
    joined = table.kind(key).joins_kr
    if joined < 3 or table.kr != joined + 1:
        return False
    side = table.fighters[key].side
    pa_round_then = not in_attack_round(table, side, kr=joined)
    return pa_round_then and in_attack_round(table, side)


def _side_no(table: Table, side: str) -> int:
    return table.sides.index(side) if side in table.sides else -1


def may_reload(table: Table, key: str) -> bool:
    """Return whether ``key`` may go on reloading: not in melee after losing the INI
    (G-INI-RANGED-4, G-OPEN-14)."""
    me = table.fighters[key]
    engaged = table.clusters().get(key, -1) >= 0
    lost = initiative.lost_initiative(_side_no(table, me.side), _side_no(table, table.ini_winner))
    return initiative.may_reload_or_shoot(engaged, lost)


def _holds_throwing_set(table: Table, key: str) -> bool:
    weapon = table.catalogue.weapons.get(table.fighters[key].weapon)
    return weapon is not None and weapon.kind is WeaponKind.THROWING


def declaration_problem(table: Table, key: str, attacks: float, defences: float) -> str:
    """Return why ``attacks`` + ``defences`` cannot be ``key``'s declaration ("" : they can)."""
    rules = declare_rules(table, key)
    if not (math.isfinite(attacks) and math.isfinite(defences)):
        return "AT und PA/AW müssen Zahlen sein"
    for what, n in (("AT", attacks), ("PA/AW", defences)):
        if n < 0 or (n * 2) != int(n * 2):
            return f"{what}: {n} ist kein Vielfaches von 0,5"
    if attacks % 1 and defences % 1:
        return "nur eine halbe Aktion je KR (G-GW-5)"
    total = attacks + defences
    fitting = [s for s in rules.shares if total <= s]
    if not fitting:
        return f"{total:g} GW, höchstens {max(rules.shares):g} in dieser KR (G-GW-2)"
    if total % 1 and not min(fitting) % 1:
        return "eine halbe Aktion gibt es nur bei halben GW (G-GW-5)"
    if attacks > 0 and not rules.may_attack:
        return rules.attack_refusal
    return ""


def declaration_extras_problem(
    table: Table,
    key: str,
    attacks: float,
    path: tuple[Cell, ...],
    *,
    leave: bool = False,
    swap_to: str = "",
) -> str:
    """Return why ``key`` may not declare this move, leave or weapon change ("": it may)."""
    me = table.fighters[key]
    engaged = table.clusters().get(key, -1) >= 0
    if leave and not engaged:
        return "nicht im Kampf: nichts zu verlassen (G-LEAVE-1)"
    if leave and (attacks > 0 or path):
        return "wer den Kampf verlässt, bleibt diese KR passiv (G-LEAVE-2)"
    if swap_to:
        carried = [w for w in table.kind(key).weapons if w not in me.gone]
        throwing = table.catalogue.weapons.get(me.weapon)
        redraw = (
            swap_to == me.weapon and throwing is not None and throwing.kind is WeaponKind.THROWING
        )
        if redraw and me.set_left > 0:
            return "der Satz ist noch nicht verbraucht (G-TWPN-6)"
        if swap_to not in carried or (swap_to == me.weapon and not redraw):
            return f"{swap_to} ist keine andere mitgeführte Waffe"
        if attacks > 0:
            return "während des Waffenwechsels keine Attacke (G-SWAP)"
    return path_problem(table, key, path) if path else ""


def path_problem(table: Table, key: str, path: tuple[Cell, ...]) -> str:
    """Return why ``key`` may not walk ``path`` this KR ("": it may; G-OPEN-9, D-10)."""
    me = table.fighters[key]
    rules = declare_rules(table, key)
    if rules.move_refusal:
        return rules.move_refusal
    foes = {f.cell for f in table.fighters.values() if f.side != me.side}
    friends = {f.cell for k, f in table.fighters.items() if f.side == me.side and k != key}
    try:
        cost = path_cost(table.grid, (me.cell, *path), enemies=foes, allies=friends)
    except ValueError as error:
        return str(error)
    if cost > rules.budget:
        return f"{cost} Felder, höchstens {rules.budget} je KR (G-OPEN-9)"
    if path[-1] in {f.cell for k, f in table.fighters.items() if k != key}:
        return f"{path[-1]} ist besetzt"
    return ""


# ----------------------------------------------------------------------- strikes
@dataclass(frozen=True)
class StrikePlan:
    """One AT of ``attacker`` on ``target``: its value and why, or why it is not possible."""

    attacker: str
    target: str
    weapon: str
    value: int
    base: int
    modifiers: tuple[tuple[str, int], ...]
    half: bool
    ranged: bool
    distance: float
    halved: bool
    quadrant: str
    refusal: str = ""

    @property
    def chance(self) -> int:
        """Return the chance to hit in per cent (d100 <= value)."""
        return max(0, min(100, self.value))


def weapon_in_hand(table: Table, key: str) -> GenesisWeapon | None:
    """Return the weapon ``key`` holds (None: bare hands)."""
    return table.catalogue.weapons.get(table.fighters[key].weapon)


def reach_of(table: Table, key: str, weapon: GenesisWeapon | None) -> float:
    """Return how far ``key`` attacks with ``weapon`` in fields (melee) or metres."""
    kind = table.kind(key)
    if weapon is None or weapon.kind is WeaponKind.MELEE:
        return float(weapon.reach if weapon else 1)
    if weapon.kind is WeaponKind.MISSILE:
        return float(weapon.max_range)
    talent = kind.throwing_talent if weapon.kind is WeaponKind.THROWING else kind.wtw
    return float(
        gear.throw_range(
            weapon.range_base, kind.kk, talent, kind.throwing_specialist, weapon.halved_range
        )
    )


def combat_range_of(table: Table, key: str, weapon: GenesisWeapon) -> float:
    """Return the combat range: a missile weapon's own, a thrown one's whole range (G-THROW-3)."""
    if weapon.kind is WeaponKind.MISSILE:
        return float(weapon.combat_range)
    return reach_of(table, key, weapon)


def quadrant_of(table: Table, target: str, attacker: str) -> str:
    """Return the quadrant of ``target`` the attack comes from (G-SHOT-DIR-2, G-OPEN-11)."""
    t = table.fighters[target]
    a = table.fighters[attacker]
    if t.cell == a.cell:
        return ranged.Quadrant.FRONT.value
    return ranged.quadrant(FACING_DEG.get(t.facing, 270.0), angle_deg(t.cell, a.cell)).value


def motion_of(table: Table, key: str) -> str:
    """Return the target's motion class from its last KR's move (G-OPEN-13)."""
    moved = table.fighters[key].moved
    if moved == 0:
        return "still"
    return "moving" if moved <= int(table.kind(key).gs * 2) else "running"


def strike_plan(
    table: Table, attacker: str, target: str, penalty: int = 0, mega: bool = False
) -> StrikePlan:
    """Return the AT of ``attacker`` on ``target`` now, or why it cannot be struck."""
    me, kind = table.fighters[attacker], table.kind(attacker)
    weapon = weapon_in_hand(table, attacker)
    wkey = weapon.key if weapon else ""
    half = 0 < me.attacks_left < 1
    ranged_attack = weapon is not None and weapon.ranged

    def refuse(why: str) -> StrikePlan:
        return StrikePlan(
            attacker, target, wkey, 0, kind.at, (), half, ranged_attack, 0.0, True, "front", why
        )

    if target not in table.fighters:
        return refuse(f"{target} ist nicht im Kampf")
    them = table.fighters[target]
    if them.side == me.side:
        return refuse("kein Gegner")
    if not in_fight(table, target):
        return refuse("noch nicht im Kampf (G-JOIN-2)")
    if them.life != FIGHTING:
        return refuse("kampfunfähig")
    if me.attacks_left < 0.5:
        return refuse("keine AT mehr angesagt")
    if penalty < 0 or penalty > 100:
        return refuse("Erschwernis 0 bis 100 (G-ATPA-4)")
    if mega and not kind.megaschlag:
        return refuse("kann keinen Megaschlag")
    if mega and attacker in table.megas:
        return refuse("nur ein Megaschlag je KR (G-BONUS-ACTIVE-3)")
    if mega and ranged_attack:
        return refuse("im Schussgefecht keine Spezialaktionen (G-RANGE-ENGAGE-2)")
    if table.kr == 1:
        if target in table.timeless:
            return refuse("für Fernkämpfer steht die Zeit still (G-INI-RANGED-2)")
        # the order after the re-rolled ties decides, not the tied results (G-INI-ROUND-3)
        rank = {key: -i for i, key in enumerate(table.ini_order)}
        if not rounds.may_attack_in_ini1(rank.get(attacker, 0), rank.get(target, 0)):
            return refuse("höhere INI: in der 1. INI-KR nicht angreifbar (G-INI-ROUND-6)")
    distance = ranged.distance_m(me.cell, them.cell)
    mods: list[tuple[str, int]] = []
    if weapon is not None and weapon.at_bonus:
        mods.append(("Waffe", weapon.at_bonus))
    if weapon is not None and weapon.kind is WeaponKind.THROWN and kind.throwing_specialist:
        extra = gear.stone_at_bonus(True) - gear.stone_at_bonus(False)  # G-THROW-SPEC-1
        mods.append(("Wurfwaffenspezialist", extra))
    cluster = table.clusters()
    same_cluster = cluster.get(attacker, -1) >= 0 and cluster.get(attacker) == cluster.get(target)
    halved = False
    if ranged_attack:
        assert weapon is not None
        if distance > reach_of(table, attacker, weapon):
            return refuse(f"außer Reichweite ({distance:.0f} m, G-RANGE-MAX)")
        if not line_of_sight(table.grid, me.cell, them.cell):
            return refuse("keine Sichtlinie")
        if weapon.kind is WeaponKind.THROWING and me.set_left <= 0:
            return refuse("der Satz ist verbraucht: einen neuen ziehen (G-TWPN-6)")
        engaged = cluster.get(attacker, -1) >= 0
        if weapon.kind is WeaponKind.MISSILE and not initiative.may_reload_or_shoot(
            engaged,
            initiative.lost_initiative(_side_no(table, me.side), _side_no(table, table.ini_winner)),
        ):
            return refuse("im Nahkampf, Initiative verloren: kein Schuss (G-INI-RANGED-4)")
        if weapon.kind is WeaponKind.MISSILE and me.reload_left > 0:
            return refuse(f"lädt nach: noch {me.reload_left} KR (G-RELOAD-1)")
        thrown = table.throws.get(attacker, 0)
        if weapon.kind is WeaponKind.THROWN and thrown >= gear.stones_per_half_round(
            kind.throwing_specialist
        ):
            return refuse("nur ein Wurf je Halb-KR (G-THROW-4)")
        size = table.kind(target).size
        mod = ranged.range_modifier(
            distance, combat_range_of(table, attacker, weapon), size, motion_of(table, target)
        )
        if mod:
            mods.append(("Entfernung/Größe/Bewegung", mod))
        halved = ranged.defence_halved(distance, same_cluster)
    else:
        reach = weapon.reach if weapon else 1
        if chebyshev(me.cell, them.cell) > reach:
            return refuse("nicht in Reichweite")
        if not line_of_sight(table.grid, me.cell, them.cell):
            return refuse("eine Wand ist dazwischen")
        others = table.melee_attackers.get(target, set()) - {attacker}
        if not checks.attackers_allowed(len(others), reach > 1):
            return refuse("schon sechs Angreifer (G-SURROUND-1)")
    if me.bonus_tokens > 0:
        mods.append(("Überzählige AT", TOKEN_BONUS))
    base = kind.at
    value = checks.attack_value(base + sum(m for _, m in mods), penalty, half)
    return StrikePlan(
        attacker,
        target,
        wkey,
        value,
        base,
        tuple(mods),
        half,
        ranged_attack,
        distance,
        halved,
        quadrant_of(table, target, attacker),
    )


def strike_targets(table: Table, attacker: str) -> list[StrikePlan]:
    """Return the possible ATs of ``attacker`` now, best chance first."""
    plans = [
        strike_plan(table, attacker, key)
        for key, f in table.fighters.items()
        if f.side != table.fighters[attacker].side and f.life == FIGHTING and in_fight(table, key)
    ]
    return sorted((p for p in plans if not p.refusal), key=lambda p: (-p.value, p.target))
