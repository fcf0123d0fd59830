"""The creature card: values, LP, armour, weapons, conditions with their explanations,
and what is left of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.board.grid import Cover
from game.rulesets.entaria.combat import armour_of
from game.rulesets.entaria.creature_values import armour_effects, base_bew, worn_armour
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.conditions import (
    CONDITIONS,
    ConditionRule,
    Faculty,
    LpLossReaction,
    MovementRestriction,
)
from game.rulesets.entaria.rules.held_conditions import closure
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue
from game.rulesets.entaria.state import CreatureState, Stance

__all__ = [
    "ArmourCard",
    "BudgetCard",
    "ConditionCard",
    "CreatureCard",
    "WeaponCard",
    "creature_card",
]


@dataclass(frozen=True)
class ArmourCard:
    """A piece of armour as the card lists it: PAZ and its side effects (E-ARMOR-2).

    ``counts``: its side effects count now (a shield's only while raised, like its PAZ).
    """

    key: str
    name: str
    english: str
    paz: int
    movement: int  # change to BEW
    initiative: int  # WM on initiative
    dodge: int  # change to Ausweichen
    cumbersome: bool  # Beschwerlich: Nachteil on initiative (E-INIT-6)
    shield: bool
    counts: bool


@dataclass(frozen=True)
class WeaponCard:
    """A weapon as the card lists it."""

    key: str
    name: str
    english: str
    held: bool
    sw: int
    damage_type: str
    bands: tuple[RangeBand, ...]
    melee: bool
    reach: int
    thrown: bool
    bem: str | None  # "m,a"
    magazine: int | None  # rounds left
    magazine_size: int | None
    attributes: tuple[str, ...]
    attributes_en: tuple[str, ...] = ()  # the same in English


@dataclass(frozen=True)
class ConditionCard:
    """A condition with its names and a short explanation built from its rule data."""

    condition: Condition
    german: str
    english: str
    count: int  # instances (Irritiert) or level (Erschöpft); 0 when only implied
    implied: bool  # held because another condition implies it
    explanation_de: str
    explanation_en: str
    rule_ids: tuple[str, ...]


@dataclass(frozen=True)
class BudgetCard:
    """What is left of the current creature's turn (E-ACT-2, E-ACT-FH-2)."""

    halves_left: int
    full: bool
    longer: bool
    free: bool
    taken: tuple[Action, ...]
    forfeited: bool


@dataclass(frozen=True)
class CreatureCard:
    """Everything the creature card shows."""

    key: str
    name: str
    type_key: str
    type_name: str
    side: str
    side_name: str
    is_character: bool
    attributes: Mapping[Attribute, int]
    saves: Mapping[SaveValue, int]  # with armour (Ausweichen) and conditions (Erschöpft, Geschützt)
    base_saves: Mapping[SaveValue, int]  # as the catalogue lists them
    lp: int
    max_lp: int
    movement: int  # BEW with the worn armour's change, before conditions (E-ARMOR-2)
    base_movement: int  # BEW as the catalogue lists it
    move_types: Mapping[str, int]
    armour: int  # Panzerung against a ranged hit without cover (D-4)
    armour_pieces: tuple[ArmourCard, ...]
    armour_dodge: int  # what the worn armour adds to Ausweichen (E-ARMOR-2)
    weapons: tuple[WeaponCard, ...]
    items: tuple[str, ...]
    conditions: tuple[ConditionCard, ...]
    stance: Stance
    altitude: int
    initiative: int
    out_of_fight: bool
    current: bool
    budget: BudgetCard | None


def _edge_words(n: int) -> tuple[str, str]:
    return ("Vorteil", "advantage") if n > 0 else ("Nachteil", "disadvantage")


_FACULTIES = {
    Faculty.SIGHT: ("Sicht", "sight"),
    Faculty.HEARING: ("Gehör", "hearing"),
    Faculty.SPEECH: ("Sprache", "speech"),
}
_MOVES = {
    MovementRestriction.AWAY_FROM_SOURCE: (
        "bewegt sich nur von der Quelle weg",
        "moves only away from the source",
    ),
    MovementRestriction.TOWARD_SOURCE: (
        "bewegt sich nur auf die Quelle zu",
        "moves only toward the source",
    ),
    MovementRestriction.RUN_AWAY_FROM_SOURCE: (
        "muss jede Runde vor der Quelle weglaufen",
        "must run away from the source every round",
    ),
}


#: Records one part of an explanation: (German, English).
Note = Callable[[str, str], None]


def _english(condition: Condition) -> str:
    return condition.name.replace("_", " ").capitalize()


def explain_condition(rule: ConditionRule) -> tuple[str, str]:
    """Return a short German and English explanation built from the condition's rule."""
    de: list[str] = []
    en: list[str] = []

    def say(german: str, english: str) -> None:
        de.append(german)
        en.append(english)

    for explain in (_explain_rolls, _explain_movement, _explain_life, _explain_rest):
        explain(rule, say)
    if not de:  # the IDs stay in the entry's rule_ids, for the game master's details
        name = rule.condition.value
        say(f"siehe Regelbuch, Zustand {name}", f"see the rulebook, condition {name}")
    return "; ".join(de), "; ".join(en)


def _explain_rolls(rule: ConditionRule, note: Note) -> None:
    """Note what the condition does to rolls, Rettungswerte and being targeted."""
    if not rule.can_act:
        note("kann nicht handeln", "cannot act")
    for n, what_de, what_en in (
        (rule.own_roll_edge, "allen Proben", "all checks"),
        (rule.body_checks_edge, "Körperproben und Angriffen", "body checks and attacks"),
        (rule.melee_attack_edge, "eigenen Nahkampfangriffen", "own melee attacks"),
        (
            rule.non_source_attack_edge,
            "Angriffen auf andere als die Quelle",
            "attacks on others than the source",
        ),
    ):
        if n:
            word_de, word_en = _edge_words(n)
            note(f"{word_de} bei {what_de}", f"{word_en} on {what_en}")
    if rule.modifier_per_level:
        m = rule.modifier_per_level
        note(f"WM {m:+d} je Stufe auf Proben", f"{m:+d} per level on checks")
    if rule.attackers_edge:
        word_de, word_en = _edge_words(rule.attackers_edge)
        note(f"Angreifer haben {word_de}", f"attackers have {word_en}")
    if rule.dodge_modifier:
        note(f"Ausweichen {rule.dodge_modifier:+d}", f"dodge {rule.dodge_modifier:+d}")
    if rule.save_value_per_level:
        v = rule.save_value_per_level
        note(f"Rettungswerte {v:+d} je Stufe", f"saves {v:+d} per level")
    if rule.untargetable:
        note("kann nicht direkt angegriffen werden", "cannot be targeted directly")


def _explain_movement(rule: ConditionRule, note: Note) -> None:
    """Note what the condition does to movement and the senses."""
    if rule.bew_zero:
        note("BEW 0", "movement 0")
    if rule.bew_halved:
        note("BEW halbiert", "movement halved")
    if rule.bew_per_level:
        note(f"BEW {rule.bew_per_level:+d} je Stufe", f"movement {rule.bew_per_level:+d} per level")
    if rule.movement is MovementRestriction.CRAWL:
        note(f"kriecht: {rule.crawl_cost} je Feld", f"crawls: {rule.crawl_cost} per field")
    elif rule.movement is not None:
        note(*_MOVES[rule.movement])
    if rule.lost_faculties:
        lost = [_FACULTIES[f] for f in Faculty if f in rule.lost_faculties]
        note(
            "verliert " + ", ".join(g for g, _ in lost),
            "loses " + ", ".join(e for _, e in lost),
        )


def _explain_life(rule: ConditionRule, note: Note) -> None:
    """Note what the condition does to life points and healing."""
    if rule.lp_loss_at_turn_start:
        n = rule.lp_loss_at_turn_start
        note(f"verliert {n} LP zu Beginn jedes Zuges", f"loses {n} LP at the start of each turn")
    if rule.lp_loss_per_hour:
        n = rule.lp_loss_per_hour
        note(f"verliert {n} LP pro Stunde", f"loses {n} LP per hour")
    if not rule.lp_regenerates:
        note("LP regenerieren nicht", "LP do not regenerate")
    if rule.healing_immune:
        note("kann nicht geheilt werden", "cannot be healed")


def _explain_rest(rule: ConditionRule, note: Note) -> None:
    """Note what it counts as, what it drops, and how it ends."""
    if rule.implies:
        implied = [c for c in Condition if c in rule.implies]
        note(
            "gilt als " + ", ".join(c.value for c in implied),
            "counts as " + ", ".join(_english(c).lower() for c in implied),
        )
    if rule.implies_while_source_in_sight:
        implied = [c for c in Condition if c in rule.implies_while_source_in_sight]
        note(
            ", ".join(c.value for c in implied) + ", solange die Quelle in Sicht ist",
            ", ".join(_english(c).lower() for c in implied) + " while the source is in sight",
        )
    if rule.drops_held_items:
        note("lässt alles Gehaltene fallen", "drops everything held")
    if rule.initiative_override is not None:
        n = rule.initiative_override
        note(f"Initiative {n}", f"initiative {n}")
    if rule.on_lp_loss is LpLossReaction.ENDS:
        note("endet bei LP-Verlust", "ends on losing LP")
    elif rule.on_lp_loss is LpLossReaction.SAVE_OR_ENDS:
        note(
            "bei LP-Verlust Reflexe vs ZW 10, sonst endet er",
            "on losing LP: Reflexes vs 10 or it ends",
        )
    if rule.detection is not None:
        t = rule.detection.target
        note(f"entdecken: ZW {t}", f"found on target {t}")
    if rule.removed_by_action:
        note(f"endet durch {rule.removed_by_action}", f"ends with {rule.removed_by_action}")
    if rule.voluntary_end:
        note("kann freiwillig beendet werden", "can be ended at will")


def _budget_card(battle: Battle) -> BudgetCard:
    budget = battle.state.budget

    def can(kind: ActionType) -> bool:
        return budget.can_spend(Action.WALK, as_type=kind)[0]

    return BudgetCard(
        halves_left=budget.halves_left,
        full=can(ActionType.FULL),
        longer=can(ActionType.LONGER),
        free=can(ActionType.FREE),
        taken=budget.actions,
        forfeited=budget.forfeited,
    )


def _weapon_cards(battle: Battle, creature: CreatureState) -> tuple[WeaponCard, ...]:
    """Return the card of each weapon in hand or carried, in that order."""
    catalogue = battle.catalogue
    weapons = []
    for weapon_key in [*creature.held, *creature.carried]:
        weapon = catalogue.weapons.get(weapon_key)
        if weapon is None:
            continue
        bem = weapon.bem
        weapons.append(
            WeaponCard(
                key=weapon.key,
                name=weapon.name,
                english=weapon.english,
                held=weapon_key in creature.held,
                sw=weapon.damage_value,
                damage_type=weapon.damage_type.value,
                bands=tuple(weapon.range_bands),
                melee=weapon.melee,
                reach=weapon.reach,
                thrown=weapon.thrown,
                bem=f"{bem.multiplier},{bem.ammo}" if bem is not None else None,
                magazine=creature.magazines.get(weapon.key) if weapon.has_magazine else None,
                magazine_size=weapon.magazine,
                attributes=weapon.attribute_names,  # fitted optics included
                attributes_en=weapon.attribute_names_en,
            )
        )
    return tuple(weapons)


def _condition_cards(creature: CreatureState) -> tuple[ConditionCard, ...]:
    """Return the card of each condition the creature has, implied ones included."""
    held = closure(creature.conditions)
    conditions = []
    for condition in Condition:
        if condition not in held:
            continue
        rule = CONDITIONS[condition]
        de, en = explain_condition(rule)
        conditions.append(
            ConditionCard(
                condition=condition,
                german=condition.value,
                english=_english(condition),
                count=creature.conditions.count(condition),
                implied=condition not in creature.conditions,
                explanation_de=de,
                explanation_en=en,
                rule_ids=rule.rule_ids,
            )
        )
    return tuple(conditions)


def creature_card(battle: Battle, key: str) -> CreatureCard:
    """Return what the creature card shows: values, LP, armour, weapons, conditions."""
    creature = battle.creature(key)
    kind = battle.creature_type(creature)
    catalogue = battle.catalogue
    counting = worn_armour(battle, creature)
    pieces = tuple(
        ArmourCard(
            key=a.key,
            name=a.name,
            english=a.english,
            paz=a.armor_value,
            movement=a.movement,
            initiative=a.initiative,
            dodge=a.dodge,
            cumbersome=a.cumbersome,
            shield=a.shield,
            counts=a in counting,
        )
        for a in catalogue.armour_in(creature.carried)
    )
    items = tuple(
        catalogue.items[k].name if k in catalogue.items else k
        for k in [*creature.held, *creature.carried]
        if k not in catalogue.weapons and k not in catalogue.armour
    )
    side = battle.sides.get(creature.side)
    current = creature.key == battle.state.current_key
    return CreatureCard(
        key=creature.key,
        name=creature.name,
        type_key=creature.type_key,
        type_name=kind.name,
        side=creature.side,
        side_name=side.name if side is not None else creature.side,
        is_character=creature.is_character,
        attributes=MappingProxyType(dict(kind.attributes)),
        saves=MappingProxyType({s: battle.save_value(creature, s) for s in SaveValue}),
        base_saves=MappingProxyType({s: kind.save(s) for s in SaveValue}),
        lp=creature.lp,
        max_lp=creature.max_lp,
        movement=base_bew(battle, creature),
        base_movement=kind.movement,
        move_types=MappingProxyType({t.value: v for t, v in kind.move_types.items()}),
        armour=armour_of(battle, creature, cover=Cover.NONE, melee=False),
        armour_pieces=pieces,
        armour_dodge=armour_effects(battle, creature).dodge,
        weapons=_weapon_cards(battle, creature),
        items=items,
        conditions=_condition_cards(creature),
        stance=creature.stance,
        altitude=creature.altitude,
        initiative=creature.initiative,
        out_of_fight=creature.out_of_fight,
        current=current,
        budget=_budget_card(battle) if current else None,
    )
