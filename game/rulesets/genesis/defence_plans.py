"""How a hit of this KR may be answered: PA, AW, a parry for an ally, or none, each with
its value and chance; and the built-in defender's answers. Read by the engine (``answers``),
the views' defence panel and the opponent; changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.genesis.catalogue import GenesisWeapon
from game.rulesets.genesis.geometry import chebyshev
from game.rulesets.genesis.plans import FIGHTING, TOKEN_BONUS, Hit, Table, in_fight, weapon_in_hand
from game.rulesets.genesis.rules import checks, gear, ranged


@dataclass(frozen=True)
class DefenceOption:
    """One way to answer a hit: PA, AW, a parry for an ally, or none; its value and chance."""

    hit: int
    how: str
    by: str
    value: int
    refusal: str = ""
    #: The dodge roll already made against projectiles from this quadrant (G-SHOT-AW-1).
    reused_roll: int = 0

    @property
    def chance(self) -> int:
        """Return the chance to fend the hit off in per cent."""
        if self.how == "none":
            return 0
        if self.reused_roll:
            return 100 if self.reused_roll <= self.value else 0
        return max(0, min(100, self.value))


def shield_of(table: Table, key: str) -> int:
    """Return the PA bonus of ``key``'s shield (-1: no shield)."""
    for piece in table.catalogue.armour_of(table.kind(key)):
        if piece.slot is gear.ArmorSlot.SHIELD:
            return piece.pa_bonus
    return -1


def parry_value(table: Table, key: str) -> int:
    """Return ``key``'s PA: its own + the weapon's PA bonus + the shield's (G-ARMOR-SHIELD-2)."""
    weapon = weapon_in_hand(table, key)
    shield = shield_of(table, key)
    return table.kind(key).pa + (weapon.pa_bonus if weapon else 0) + max(0, shield)


def defence_options(table: Table, hit: Hit) -> list[DefenceOption]:
    """Return every answer to ``hit``: allowed ones and refused ones with the reason."""
    target = table.fighters[hit.target]
    kind = table.kind(hit.target)
    out: list[DefenceOption] = []
    left = target.defences_left
    half = 0 < left < 1
    token = TOKEN_BONUS if target.bonus_tokens > 0 else 0
    no_left = "keine PA/AW mehr angesagt" if left < 0.5 else ""
    # parry
    shield = shield_of(table, hit.target)
    why = no_left
    if not why and hit.ranged and shield < 0:
        why = "gegen Fernkampf nur mit Schild (G-RANGE-ENGAGE-3)"
    raw = parry_value(table, hit.target) + token
    value = checks.defence_value(raw, hit.penalty, half=half)
    if hit.ranged:  # a shot is parried with the shield, not the weapon (G-RANGE-ENGAGE-3)
        raw = kind.pa + max(0, shield) + token
        value = ranged.ranged_defence_value(raw - hit.penalty, 0, hit.halved)
        value = checks.half_value(value) if half else value
    out.append(DefenceOption(hit.id, "pa", hit.target, value, why))
    # dodge: one roll for every projectile from one quadrant (G-SHOT-AW-1, G-SHOT-DIR-3)
    # a reused roll keeps the terms of the dodge it was rolled for (half action, token)
    dodge = table.dodge_rolls.get((hit.target, hit.quadrant)) if hit.ranged else None
    reused, d_half, d_token = dodge if dodge else (0, half, token)
    why = no_left if not reused else ""
    raw = kind.aw + d_token
    if hit.ranged:
        value = ranged.ranged_defence_value(raw - hit.penalty, 0, hit.halved)
        value = checks.half_value(value) if d_half else value
    else:
        value = checks.defence_value(raw, hit.penalty, half=half)
    out.append(DefenceOption(hit.id, "aw", hit.target, value, why, reused))
    # a parry for an ally next to it (G-ATPA-ALLY-1/2, G-OPEN-10)
    for key, f in sorted(table.fighters.items()):
        if key == hit.target or f.side != target.side or f.life != FIGHTING:
            continue
        if not in_fight(table, key):
            continue
        if chebyshev(f.cell, target.cell) != 1:
            continue
        why = ""
        if f.defences_left < 0.5:
            why = "keine PA/AW mehr angesagt"
        elif f.passive_kr == table.kr or (table.kr == 1 and key == table.slowest):
            why = "passiv: keine PA für Verbündete (G-STATE-PASSIVE-ALLY)"
        elif target.declared is not None and target.declared.attacks > 0:
            why = "der Verbündete greift an (G-ATPA-ALLY-2)"
        elif hit.ranged and shield_of(table, key) < 0:
            why = "gegen Fernkampf nur mit Schild (G-RANGE-ENGAGE-3)"
        ally_half = 0 < f.defences_left < 1
        ally_token = TOKEN_BONUS if f.bonus_tokens > 0 else 0
        value = checks.defence_value(
            parry_value(table, key) + ally_token, hit.penalty, True, ally_half
        )
        if hit.ranged and hit.halved:
            value = checks.half_value(value)
        out.append(DefenceOption(hit.id, "ally", key, value, why))
    out.append(DefenceOption(hit.id, "none", hit.target, 0))
    return out


def expected_tp(weapon: GenesisWeapon | None) -> float:
    """Return the mean TP of ``weapon`` (bare hands: 1W6)."""
    if weapon is None:
        return 3.5
    return weapon.dice * (weapon.sides + 1) / 2 + weapon.plus + 3.5 * weapon.extra_d6


def auto_answers(table: Table, hits: list[Hit]) -> list[tuple[int, str, str]]:
    """Return (hit, how, by) for ``hits`` of one side: the most dangerous first, each with
    its best allowed defence while PA/AW last (the built-in defender)."""
    spare = {k: f.defences_left for k, f in table.fighters.items()}
    used_quadrants: set[tuple[str, str]] = set(table.dodge_rolls)
    ordered = sorted(
        hits,
        key=lambda h: (-expected_tp(table.catalogue.weapons.get(h.weapon)), h.id),
    )
    answers: list[tuple[int, str, str]] = []
    for hit in ordered:
        best: DefenceOption | None = None
        for option in defence_options(table, hit):
            if option.how == "none" or option.refusal:
                continue
            free = (
                option.how == "aw" and (hit.target, hit.quadrant) in used_quadrants and hit.ranged
            )
            if not free and spare.get(option.by, 0) < 0.5:
                continue
            if best is None or option.chance > best.chance:
                best = option
        if best is None or best.chance <= 0:
            answers.append((hit.id, "none", hit.target))
            continue
        free = best.how == "aw" and (hit.target, hit.quadrant) in used_quadrants and hit.ranged
        if not free:
            spare[best.by] = spare.get(best.by, 0) - (0.5 if spare.get(best.by, 0) < 1 else 1)
        if best.how == "aw" and hit.ranged:
            used_quadrants.add((hit.target, hit.quadrant))
        answers.append((hit.id, best.how, best.by))
    return answers
