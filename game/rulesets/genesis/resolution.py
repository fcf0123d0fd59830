"""The end of a KR: every hit that got through takes effect together (G-TIME-SIMUL).

Per hit TP are rolled, RS subtracted (SP, G-DMG-2), SP above WS counted twice (G-DMG-WS),
SP above 3 x WS knock out (G-DMG-WS3, D-16); a fighter's hits are applied in the order
it answered them (G-PHASE-EXEC-2), and an attacker's hits after the one that felled
the target are surplus, withheld for AD (G-SURPLUS-1/4, G-OPEN-20). Only then are the
LE limits read (G-LE-*), with one Selbstbeherrschung test per combat (G-OPEN-7).
"""

from __future__ import annotations

from typing import Protocol

from game.board.dice import Roller, roll_dice
from game.match.events import Event
from game.rulesets.genesis.catalogue import GenesisWeapon, WeaponKind
from game.rulesets.genesis.plans import Hit, Table
from game.rulesets.genesis.rules import bonuses, checks, damage, gear


class KrTable(Table, Protocol):
    """What the resolution reads and changes of a live game."""

    roller: Roller
    #: (attacker, weight class) of each surplus AT withheld this KR (G-SURPLUS-1).
    surplus: list[tuple[str, str]]

    def name_of(self, key: str) -> str: ...


def total_rs(table: Table, key: str) -> int:
    """Return the fighter's total RS: every armour slot but the helmet (G-ARMOR-HELMET)."""
    worn = {p.slot: p.rs for p in table.catalogue.armour_of(table.kind(key))}
    return gear.total_rs(worn)


def roll_tp(
    table: KrTable, attacker: str, weapon: GenesisWeapon | None, mega: bool = False
) -> tuple[int, tuple[int, ...]]:
    """Roll the TP of one hit of ``attacker`` with ``weapon`` (bare hands 1W6, G-OPEN-6);
    the per-cent bonuses compound passive -> enhancement -> active (G-PCT-1/2, G-OPEN-17)."""
    kind = table.kind(attacker)
    if weapon is None:
        dice = roll_dice(table.roller, 1, 6)
        raw, passive = sum(dice), 0
    else:
        dice = roll_dice(table.roller, weapon.dice, weapon.sides)
        dice += roll_dice(table.roller, weapon.extra_d6, 6) if weapon.extra_d6 else ()
        raw, passive = sum(dice) + weapon.plus, weapon.tp_percent
        if weapon.kind is WeaponKind.THROWN:  # thrown objects only; sets are weapons
            raw += gear.throw_tp_bonus(kind.wtw, kind.kk)  # G-THROW-TP
        if weapon.kind is WeaponKind.THROWN and kind.throwing_specialist:
            extra = roll_dice(table.roller, 1, 6)  # G-THROW-SPEC-2: +1W6 TP
            dice += extra
            raw += sum(extra)
    active = kind.megaschlag if mega else 0
    layers = [[float(passive)], [float(kind.enhancement_tp_percent)], [float(active)]]
    return bonuses.compound(raw, layers), dice


def resolve_hits(table: KrTable, through: list[Hit]) -> list[Event]:
    """Apply every hit of ``through`` (in the defenders' order); return the events."""
    events: list[Event] = []
    losses: dict[str, int] = {}
    knocked: set[str] = set()
    felled_by: dict[str, set[str]] = {}
    for hit in through:
        target = table.fighters[hit.target]
        kind = table.kind(hit.target)
        bounds = damage.limits(kind.le, target.self_control_x or 0)
        projected = target.le - losses.get(hit.target, 0)
        if hit.attacker in felled_by.get(hit.target, set()):
            weapon = table.catalogue.weapons.get(hit.weapon)
            table.surplus.append((hit.attacker, weapon.weight if weapon else "light"))
            events.append(
                _event(
                    "surplus",
                    hit.attacker,
                    f"{table.name_of(hit.attacker)} hält eine überzählige AT zurück",
                    f"{table.name_of(hit.attacker)} withholds a surplus AT",
                    {"hit": hit.id},
                    table.kr,
                )
            )
            continue
        weapon = table.catalogue.weapons.get(hit.weapon)
        tp, dice = roll_tp(table, hit.attacker, weapon, hit.mega)
        rs = total_rs(table, hit.target)
        sp = damage.net_damage(tp, rs)
        loss = damage.le_loss(sp, kind.ws)
        out = damage.knocked_out(sp, kind.ws)
        losses[hit.target] = losses.get(hit.target, 0) + loss
        if out:
            knocked.add(hit.target)
        events.append(
            _event(
                "damage",
                hit.target,
                f"{table.name_of(hit.target)} nimmt {tp} TP − {rs} RS = {sp} SP: {loss} LE"
                + (" — über 3 × WS: bewusstlos" if out else ""),
                f"{table.name_of(hit.target)} takes {tp} TP − {rs} RS = {sp} SP: {loss} LE"
                + (" — over 3 × WS: unconscious" if out else ""),
                {
                    "hit": hit.id,
                    "tp": tp,
                    "dice": list(dice),
                    "rs": rs,
                    "sp": sp,
                    "loss": loss,
                    "ws": kind.ws,
                    "knocked_out": out,
                    "attacker": hit.attacker,
                },
                table.kr,
            )
        )
        # the one Selbstbeherrschung test comes when the LE first falls below 15 %, so
        # whether this hit fells the target (and the next ones are surplus) is known now
        if target.self_control_x is None and projected - loss < bounds.unconscious_below:
            events.append(_self_control(table, hit.target))
        limit = damage.limits(kind.le, target.self_control_x or 0).unconscious_below
        if out or projected - loss < limit:
            felled_by.setdefault(hit.target, set()).add(hit.attacker)
    for key, loss in losses.items():
        events.extend(_apply_loss(table, key, loss, key in knocked))
    return events


def _self_control(table: KrTable, key: str) -> Event:
    """Roll ``key``'s one Selbstbeherrschung test of the fight (G-LE-SB-1/2, G-OPEN-7)."""
    me = table.fighters[key]
    kind = table.kind(key)
    result = checks.roll_test(table.roller, kind.self_control)
    me.self_control_x = damage.self_control_x(kind.self_control, result.roll)
    return _event(
        "self_control",
        key,
        f"{table.name_of(key)}: Selbstbeherrschung W100 {result.roll} "
        f"gegen {kind.self_control}"
        f" — X = {me.self_control_x}",
        f"{table.name_of(key)}: self-control d100 {result.roll} against {kind.self_control}"
        f" — X = {me.self_control_x}",
        {
            "roll": result.roll,
            "value": kind.self_control,
            "test": "SB",
            "success": result.success,
            "x": me.self_control_x,
        },
        table.kr,
    )


def _apply_loss(table: KrTable, key: str, loss: int, knocked: bool) -> list[Event]:
    me = table.fighters[key]
    kind = table.kind(key)
    me.le -= loss
    events: list[Event] = []
    state = damage.life_state(me.le, damage.limits(kind.le, me.self_control_x or 0))
    if knocked and state is damage.LifeState.FIGHTING:
        state = damage.LifeState.UNCONSCIOUS
    if state.value != me.life:
        me.life = state.value
        words = {
            damage.LifeState.UNCONSCIOUS: ("ist bewusstlos", "is unconscious"),
            damage.LifeState.FATALLY_WOUNDED: ("ist tödlich getroffen", "is fatally hit"),
            damage.LifeState.FIGHTING: ("kämpft", "fights"),
        }[state]
        events.append(
            _event(
                "life",
                key,
                f"{table.name_of(key)} {words[0]} (LE {me.le})",
                f"{table.name_of(key)} {words[1]} (LE {me.le})",
                {"life": state.value, "le": me.le},
                table.kr,
            )
        )
    return events


def _event(
    kind: str, actor: str | None, de: str, en: str, data: dict[str, object], kr: int
) -> Event:
    return Event(kind, de, en, actor, {"kr": kr, **data})


__all__ = ["resolve_hits", "roll_tp", "total_rs"]
