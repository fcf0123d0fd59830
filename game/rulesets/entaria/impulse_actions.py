"""Handlers of Impuls: the players' ``SpendImpulse`` and the game master's ``GmSpendImpulse``.

Decisions taken here (reported with the rule IDs they touch):

- Impuls: the reroll (effect REROLL, ``roll`` = a number from ``Battle.rerollable_rolls``)
  recomputes the last command with that roll's dice replaced (``game.rulesets.entaria.reroll``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    Perform,
    _event,
    _give_condition,
    _set_effect,
    _target,
)
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import IMPULSE_COVER, IMPULSE_ENV, Battle, CommandRejected
from game.rulesets.entaria.reroll import prepare_reroll
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.impulse import (
    ImpulseEffect,
    ImpulsePool,
    can_spend_now,
    effect_duration,
    gm_spend,
    target_conditions,
)
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget
from game.rulesets.entaria.state import CreatureState, Effect


# --------------------------------------------------------------------- commands
@dataclass(frozen=True)
class SpendImpulse(Command):
    """Spend the group's Impuls on one effect for ``actor`` (E-IMP-4/5, ImpulseEffect name)."""

    kind: ClassVar[str] = "spend_impulse"
    effect: str
    target: str | None = None
    cell: Cell | None = None  # LOESEN: the field to step to
    roll: int | None = None  # REROLL: the roll's number (Battle.rerollable_rolls)


@dataclass(frozen=True)
class GmSpendImpulse(Command):
    """The game master buys an effect for his creature; the group's pool gains the cost."""

    kind: ClassVar[str] = "gm_impulse"
    creature: str
    effect: str
    target: str | None = None
    cell: Cell | None = None
    roll: int | None = None  # REROLL: the roll's number (Battle.rerollable_rolls)


# ----------------------------------------------------------------------- Impuls
def _impulse_effect(name: str) -> ImpulseEffect:
    try:
        return ImpulseEffect[name.upper()]
    except KeyError:
        raise CommandRejected(
            say(
                f"unknown Impulse effect {name!r}; expected one of "
                f"{[e.name for e in ImpulseEffect]}",
                f"unbekannter Impuls-Effekt {name!r}; erwartet einen von "
                f"{[e.name for e in ImpulseEffect]}",
            )
        ) from None


def _lasting(effect: ImpulseEffect) -> DurationKind:
    duration = effect_duration(effect)
    if duration is None:  # pragma: no cover - the table gives every timed effect one
        raise ValueError(f"{effect.name} has no duration")
    return duration.kind


def _prepare_impulse(
    battle: Battle,
    creature: CreatureState,
    effect: ImpulseEffect,
    target_key: str | None,
    cell: Cell | None,
    spender: str,
    roll: int | None = None,
) -> Perform:
    """Validate one Impuls effect for ``creature``; return what applies it."""
    if effect is ImpulseEffect.REROLL:  # any roll of the last command (E-IMP-EFF-REROLL)
        return prepare_reroll(battle, roll, by_gm=spender == "gm", cost=effect.cost)
    if effect in (ImpulseEffect.TALENT, ImpulseEffect.TALENTPOINT):
        return _ask_for_talent(creature, effect)
    if effect in (ImpulseEffect.COVER, ImpulseEffect.ENV):
        return _protect(battle, creature, effect, spender)
    if effect is ImpulseEffect.HALF:
        return _extra_half(battle, creature)
    if effect is ImpulseEffect.LOESEN:
        return _loesen(battle, creature, cell)
    # IRRITATE, DISTRACT: one creature in line of sight
    return _hamper(battle, creature, effect, target_key, spender)


def _ask_for_talent(creature: CreatureState, effect: ImpulseEffect) -> Perform:
    """A talent effect or point: the game master says what it does (E-IMP-EFF-TALENT)."""

    def ask() -> list[Event]:
        what = "Talent-Effekt" if effect is ImpulseEffect.TALENT else "ein Talentpunkt"
        what_en = "talent effect" if effect is ImpulseEffect.TALENT else "one talent point"
        return [
            _event(
                "gm_question",
                f"{creature.name}: Impuls für {what}. Spielleitung: Was geschieht?",
                f"{creature.name}: Impulse for {what_en}. Game master: what happens?",
                creature.key,
                rule=[effect.rule_id],
                roll=None,
            )
        ]

    return ask


def _protect(
    battle: Battle, creature: CreatureState, effect: ImpulseEffect, spender: str
) -> Perform:
    """Teildeckung bought, or the environment ignored, for a while (E-IMP-EFF-COVER/ENV)."""
    name = IMPULSE_COVER if effect is ImpulseEffect.COVER else IMPULSE_ENV
    lasting = _lasting(effect)
    round_ = battle.state.round

    def protect() -> list[Event]:
        _set_effect(creature, Effect(name, lasting, source=spender, started_round=round_))
        return []

    return protect


def _extra_half(battle: Battle, creature: CreatureState) -> Perform:
    """An extra half action, bought in the creature's own turn (E-IMP-EFF-HALF)."""
    if creature.key != battle.state.current_key:
        raise CommandRejected(
            say(
                "an extra half action is bought in the creature's own turn",
                "eine zusätzliche Halbe Handlung wird im eigenen Zug des Wesens gekauft",
            )
        )
    try:
        budget = battle.state.budget.with_extra_half()
    except ActionNotAllowed as error:
        raise CommandRejected(error.reason) from None

    def extra() -> list[Event]:
        battle.state.budget = budget
        return []

    return extra


def _loesen(battle: Battle, creature: CreatureState, cell: Cell | None) -> Perform:
    """Lösen to a neighbouring field outside the budget (E-IMP-EFF-LOESEN)."""
    if cell is None:
        raise CommandRejected(
            say(
                "name the field to step to (cell) (E-IMP-EFF-LOESEN)",
                "nenne das Feld, auf das gelöst wird (cell) (E-IMP-EFF-LOESEN)",
            )
        )
    if not battle._can_take_turn(creature):
        raise CommandRejected(
            say(f"{creature.name} cannot act", f"{creature.name} kann nicht handeln")
        )
    move = Move(creature.key, Action.DISENGAGE.name, (creature.cell, cell))

    def step() -> list[Event]:
        # Lösen outside the budget: the move handler runs on a fresh budget.
        saved = battle.state.budget
        battle.state.budget = TurnBudget()
        try:
            return battle.table.handlers[Move](battle, move)
        finally:
            battle.state.budget = saved

    return step


def _hamper(
    battle: Battle,
    creature: CreatureState,
    effect: ImpulseEffect,
    target_key: str | None,
    spender: str,
) -> Perform:
    """Irritieren or Ablenken of one creature in line of sight (E-IMP-EFF-IRRITATE/DISTRACT)."""
    target = _target(battle, target_key)
    if Condition.DEAD in target.conditions:
        raise CommandRejected(say(f"{target.name} is dead", f"{target.name} ist tot"))
    if not line_of_sight(battle.grid, creature.cell, target.cell):
        raise CommandRejected(
            say(
                f"{target.name} is not in line of sight ({effect.rule_id})",
                f"{target.name} ist nicht in Sichtlinie ({effect.rule_id})",
            )
        )
    lasting = _lasting(effect)
    round_ = battle.state.round

    def hamper() -> list[Event]:
        events: list[Event] = []
        for condition, n in target_conditions(effect).items():
            timed = Effect(condition.name, lasting, source=spender, value=n, started_round=round_)
            events += _give_condition(battle, target, condition, n, timed)
        return events

    return hamper


#: Each effect as the rulebook and the Impuls menu name it: German, English (the log
#: shows these, never the enum's name).
EFFECT_NAMES: dict[ImpulseEffect, tuple[str, str]] = {
    ImpulseEffect.TALENT: ("Talent-Effekt", "talent effect"),
    ImpulseEffect.REROLL: ("Wurf wiederholen", "reroll"),
    ImpulseEffect.COVER: ("Teildeckung", "partial cover"),
    ImpulseEffect.LOESEN: ("Sofort Lösen", "disengage now"),
    ImpulseEffect.ENV: ("Umgebung ignorieren", "ignore surroundings"),
    ImpulseEffect.IRRITATE: ("Zweimal Irritiert", "irritated twice"),
    ImpulseEffect.DISTRACT: ("Abgelenkt", "distracted"),
    ImpulseEffect.HALF: ("Zusätzliche HH", "extra half action"),
    ImpulseEffect.TALENTPOINT: ("Talentpunkt", "talent point"),
}


def _impulse_event(
    creature: CreatureState, effect: ImpulseEffect, pool: int, *, by_gm: bool
) -> Event:
    who_de = "Die Spielleitung setzt" if by_gm else f"{creature.name} setzt"
    who_en = "The game master spends" if by_gm else f"{creature.name} spends"
    name_de, name_en = EFFECT_NAMES[effect]
    return _event(
        "impulse",
        f"{who_de} {effect.cost} Impuls ein ({name_de}) für {creature.name}; Pool: {pool}",
        f"{who_en} {effect.cost} Impulse ({name_en}) for {creature.name}; pool: {pool}",
        creature.key,
        rule=effect.rule_id,
        effect=effect.name,
        cost=effect.cost,
        pool=pool,
        by_gm=by_gm,
    )


def handle_spend_impulse(battle: Battle, command: SpendImpulse) -> list[Event]:
    creature = battle.creature(command.actor)
    effect = _impulse_effect(command.effect)
    side = battle.sides.get(creature.side)
    if side is None or side.controller != "player":
        raise CommandRejected(
            say(
                "the group's Impulse is the players' (the GM uses gm_impulse)",
                "der Impuls der Gruppe gehört den Spielern (die Spielleitung nutzt gm_impulse)",
            )
        )
    if not battle._can_take_turn(creature):
        raise CommandRejected(
            say(
                f"{creature.name} cannot act (E-IMP-4)",
                f"{creature.name} kann nicht handeln (E-IMP-4)",
            )
        )
    own_turn = creature.key == battle.state.current_key
    if not can_spend_now(effect, own_turn=own_turn):
        raise CommandRejected(
            say(
                "Impulse is spent in the creature's own turn (E-IMP-4)",
                "Impuls wird im eigenen Zug des Wesens eingesetzt (E-IMP-4)",
            )
        )
    pool = ImpulsePool(battle.state.impulse_pool)
    if not pool.can_afford(effect):
        raise CommandRejected(
            say(
                f"{EFFECT_NAMES[effect][1]} costs {effect.cost} Impulse, "
                f"the pool holds {pool.points} (E-IMP-5)",
                f"{EFFECT_NAMES[effect][0]} kostet {effect.cost} Impuls, "
                f"der Vorrat hat {pool.points} (E-IMP-5)",
            )
        )
    perform = _prepare_impulse(
        battle, creature, effect, command.target, command.cell, creature.key, command.roll
    )
    events = perform()  # may still reject (Lösen's move) before anything changed
    # spend from the pool as it is now: Impuls won during the effect (a crit) is kept
    battle.state.impulse_pool = ImpulsePool(battle.state.impulse_pool).spend(effect).points
    return [_impulse_event(creature, effect, battle.state.impulse_pool, by_gm=False), *events]


def handle_gm_spend_impulse(battle: Battle, command: GmSpendImpulse) -> list[Event]:
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    creature = battle.creature(command.creature)
    effect = _impulse_effect(command.effect)
    side = battle.sides.get(creature.side)
    if side is not None and side.controller == "player":
        raise CommandRejected(
            say(
                "the game master spends Impulse for his own creatures (E-IMP-GM-1)",
                "die Spielleitung setzt Impuls für ihre eigenen Wesen ein (E-IMP-GM-1)",
            )
        )
    perform = _prepare_impulse(
        battle, creature, effect, command.target, command.cell, "gm", command.roll
    )
    events = perform()
    battle.state.impulse_pool = gm_spend(effect, ImpulsePool(battle.state.impulse_pool)).points
    return [_impulse_event(creature, effect, battle.state.impulse_pool, by_gm=True), *events]
