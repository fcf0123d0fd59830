"""How held conditions fold into rolls: counted edges, WM, automatic failures.

*Edges are counted* (D-2): each distinct Nachteil-granting condition of the closure is
-1, each Vorteil +1 (E-OPEN-1); ``RollModifiers.edge`` is the sum. A check that needs a
lost sense fails without a roll (E-OPEN-31). Rettungswerte (Ausweichen and the others)
take the conditions' WM too.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll, automatic_failure, success_roll
from game.rulesets.entaria.rules.conditions import EVASIVE_MOVE_BONUS, HELP_BONUS_DIE, Faculty
from game.rulesets.entaria.rules.held_conditions import Held, as_condition_set, closure, held_rules
from game.rulesets.entaria.rules.terms import BODY_ATTRIBUTES, Attribute, Condition, SaveValue

__all__ = [
    "RollContext",
    "RollModifiers",
    "attacker_modifiers",
    "dodge_value",
    "roll_check",
    "roll_help_bonus",
    "roll_modifiers",
    "save_value",
]


@dataclass(frozen=True)
class RollContext:
    """What kind of roll a creature makes, as far as its conditions care.

    Saving throws are checks and take every modifier. ``needs_sight`` None means "attacks
    need sight, other checks do not" (E-COND-BLIND-2). ``target_is_condition_source`` is
    the Wütend test; ``source_in_sight`` the Entsetzt/Panisch/Verängstigt one.
    ``unforeseen``, ``studied_target`` and ``help_bonus`` are the attacker's situational
    Vorteil (E-UNFORESEEN-2, E-ACT-VH-STUDIEREN) and the rolled 1w6 of Helfen.
    """

    attribute: Attribute | None = None
    is_attack: bool = False
    is_melee: bool = False
    needs_sight: bool | None = None
    needs_speech: bool = False
    needs_hearing: bool = False
    target_is_condition_source: bool = False
    source_in_sight: bool = True
    unforeseen: bool = False
    studied_target: bool = False
    help_bonus: int = 0

    def __post_init__(self) -> None:
        if not self.is_attack and (self.is_melee or self.unforeseen or self.studied_target):
            raise ValueError("is_melee, unforeseen and studied_target describe attacks only")
        if not 0 <= self.help_bonus <= HELP_BONUS_DIE:
            raise ValueError(f"Helfen adds one w6 (0 for none), got {self.help_bonus}")

    @property
    def faculties(self) -> frozenset[Faculty]:
        """Return the faculties the roll depends on."""
        sight = self.is_attack if self.needs_sight is None else self.needs_sight
        needed = {Faculty.SIGHT} if sight else set()
        if self.needs_speech:
            needed.add(Faculty.SPEECH)
        if self.needs_hearing:
            needed.add(Faculty.HEARING)
        return frozenset(needed)

    @property
    def uses_body(self) -> bool:
        """Return whether the check uses the body (E-OPEN-37: body attributes, attacks)."""
        return self.is_attack or self.attribute in BODY_ATTRIBUTES


@dataclass(frozen=True)
class RollModifiers:
    """The folded result: counted edge (D-2), summed WM, and whether no roll is made.

    ``reasons`` are the log's details (English, with rule IDs); ``causes`` the same for a
    player, as (German, English) pairs in the rulebook's words without rule IDs.
    """

    edge: int = 0
    modifier: int = 0
    automatic_failure: bool = False
    reasons: tuple[str, ...] = ()
    causes: tuple[tuple[str, str], ...] = ()

    def __add__(self, other: RollModifiers) -> RollModifiers:
        return RollModifiers(
            edge=self.edge + other.edge,
            modifier=self.modifier + other.modifier,
            automatic_failure=self.automatic_failure or other.automatic_failure,
            reasons=self.reasons + other.reasons,
            causes=self.causes + other.causes,
        )

    def causes_text(self) -> tuple[str, str]:
        """Return the causes as " (…)" in German and English, or two empty strings."""
        if not self.causes:
            return "", ""
        return (
            " (" + "; ".join(de for de, _ in self.causes) + ")",
            " (" + "; ".join(en for _, en in self.causes) + ")",
        )


def _edge_text(n: int) -> str:
    return "Vorteil" if n > 0 else "Nachteil"


def _edge_cause(n: int) -> tuple[str, str]:
    """Return "Nachteil" / "disadvantage" (x2 and more counted) for an edge n != 0."""
    times = f" x{abs(n)}" if abs(n) > 1 else ""
    if n > 0:
        return f"Vorteil{times}", f"advantage{times}"
    return f"Nachteil{times}", f"disadvantage{times}"


def _name_en(condition: Condition) -> str:
    return condition.name.lower().replace("_", " ")


def roll_modifiers(held: Held, roll: RollContext) -> RollModifiers:
    """Return what the roller's own conditions (and situation) do to its check.

    Each distinct Nachteil-granting condition of the closure counts once (E-OPEN-1,
    E-CORE-ADVDIS-1); Irritiert adds -1 per instance and Erschöpft -1 per level as WM.
    A check that needs a lost faculty fails automatically, without a roll (E-OPEN-31).
    """
    counts = as_condition_set(held)
    effective = closure(counts, source_in_sight=roll.source_in_sight)
    edge = modifier = 0
    reasons: list[str] = []
    causes: list[tuple[str, str]] = []
    failed = False
    for rule in held_rules(effective):
        name, name_en = rule.german, _name_en(rule.condition)
        parts: list[tuple[int, str]] = [(rule.own_roll_edge, "all checks")]
        if roll.uses_body:
            parts.append((rule.body_checks_edge, "checks that use the body"))
        if roll.is_attack and roll.is_melee:
            parts.append((rule.melee_attack_edge, "melee attacks"))
        if roll.is_attack and not roll.target_is_condition_source:
            parts.append((rule.non_source_attack_edge, "attacks at others than the source"))
        rule_edge = 0
        for n, what in parts:
            if n:
                rule_edge += n
                reasons.append(f"{name}: {_edge_text(n)} on {what}")
        if rule_edge:
            edge += rule_edge
            de, en = _edge_cause(rule_edge)
            causes.append((f"{name}: {de}", f"{name_en}: {en}"))
        if rule.modifier_per_level:
            level = counts.count(rule.condition)
            wm = rule.modifier_per_level * level
            if wm:
                modifier += wm
                reasons.append(f"{name} x{level}: WM {wm:+d}")
                causes.append((f"{name} x{level}: WM {wm:+d}", f"{name_en} x{level}: {wm:+d}"))
        lost = rule.lost_faculties & roll.faculties
        if lost:
            failed = True
            senses = ", ".join(sorted(f.value for f in lost))
            reasons.append(f"{name}: fails automatically, needs {senses} (E-OPEN-31)")
            causes.append((f"{name}: misslingt automatisch", f"{name_en}: fails automatically"))
    if roll.is_attack and (roll.unforeseen or Condition.UNDETECTED in effective):
        edge += 1
        reasons.append("unforeseen attack: Vorteil (E-UNFORESEEN-2)")
        causes.append(("unvorhergesehener Angriff: Vorteil", "unforeseen attack: advantage"))
    if roll.studied_target:
        edge += 1
        reasons.append("studied enemy: Vorteil on the first attack (E-ACT-VH-STUDIEREN)")
        causes.append(("studierter Gegner: Vorteil", "studied enemy: advantage"))
    if roll.help_bonus:
        modifier += roll.help_bonus
        reasons.append(f"Helfen: WM +{roll.help_bonus} (E-ACT-VH-HELFEN)")
        causes.append((f"Helfen: WM +{roll.help_bonus}", f"help: +{roll.help_bonus}"))
    return RollModifiers(edge, modifier, failed, tuple(reasons), tuple(causes))


def attacker_modifiers(target_held: Held) -> RollModifiers:
    """Return what the target's conditions give the attacker's roll.

    Wehrlos: Vorteil (E-COND-WEHRLOS); Schemenhaft: Nachteil (E-COND-SCHEMENHAFT).
    Each counts once, however it is reached (Betäubt and Liegend give one Wehrlos).
    """
    effective = closure(target_held)
    edge = 0
    reasons: list[str] = []
    causes: list[tuple[str, str]] = []
    for rule in held_rules(effective):
        if rule.attackers_edge:
            edge += rule.attackers_edge
            text = _edge_text(rule.attackers_edge)
            reasons.append(f"target {rule.german}: {text} for attackers")
            de, en = _edge_cause(rule.attackers_edge)
            causes.append((f"Ziel {rule.german}: {de}", f"target {_name_en(rule.condition)}: {en}"))
    return RollModifiers(edge=edge, reasons=tuple(reasons), causes=tuple(causes))


def roll_check(
    value: int,
    target: int | None,
    roller: Roller,
    modifiers: RollModifiers,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a check with folded modifiers; an automatic failure rolls no die (E-OPEN-31)."""
    if modifiers.automatic_failure:
        return automatic_failure(target)
    return success_roll(
        value, target, roller, edge=modifiers.edge + edge, modifier=modifiers.modifier + modifier
    )


def roll_help_bonus(roller: Roller) -> int:
    """Roll the 1w6 of Helfen when the helped check is made (E-ACT-VH-HELFEN, E-OPEN-22)."""
    return roller.roll(HELP_BONUS_DIE)


def save_value(base: int, held: Held, which: SaveValue) -> int:
    """Return a Rettungswert: Erschöpft -1 per level, and Geschützt +10 on Ausweichen."""
    counts = as_condition_set(held)
    value = base
    for rule in held_rules(closure(counts)):
        value += rule.save_value_per_level * counts.count(rule.condition)
        if which is SaveValue.DODGE:
            value += rule.dodge_modifier
    return value


def dodge_value(base: int, held: Held, *, evasive_move: bool = False, cover_bonus: int = 0) -> int:
    """Return Ausweichen: Geschützt +10, Ausweichbewegung +5, cover, Erschöpft -1/level."""
    bonus = (EVASIVE_MOVE_BONUS if evasive_move else 0) + cover_bonus
    return save_value(base, held, SaveValue.DODGE) + bonus
