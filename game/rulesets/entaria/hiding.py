"""Verbergen, Stehlen's observers, Search and hidden items (Unentdeckt).

Decisions taken here (reported with the rule IDs they touch):

- Verbergen (E-ACT-VH-VERBERGEN-1..3, E-OPEN-50): hides the creature itself, another
  creature within melee reach (``target``) or an item (``item``, on the own or a
  neighbouring field ``cell``, or held and laid there). Observers are the hider's enemies
  still in the fight that the subject is not yet hidden from; neither the hider nor the
  subject's field may be in their line of sight, and the subject's field must be a
  suitable hiding place (``hiding_places.suitable_hiding_place``). One Geschick roll is compared
  with each observer's Rettungswert Geist; enemies out of the fight (not dead) do not
  observe and are compared with ZW 15, and with no enemy at all the roll is against
  ZW 15 and hides from every other side. The subject is Unentdeckt toward those the
  roll beat (``CreatureState.hidden_from``; ``Battle.hidden_from``/``is_hidden_from``);
  hiding again adds to them. An item's ``HiddenItem`` record keeps it off
  ``Battle.visible_ground_items`` for those it is hidden from. Verbergen itself is not
  conspicuous.
- Unentdeckt ends (E-COND-UNENTDECKT-3..5): toward one searcher that finds it with
  ``Search`` (an HH, E-OPEN-39: Untersuchen taken as a half action; Intelligenz vs ZW 15,
  needs sight; finds every creature and item hidden from the searcher in its line of
  sight; ``legal_actions`` rates Untersuchen as the VH, so ``search_problem`` tells
  whether a Search fits now); toward an observer that notices a Stehlen
  (E-ACT-VH-STEHLEN-1, E-OPEN-50);
  toward everyone on a conspicuous act (attack, magic, moving more than BEW in a round,
  interacting, shouting: the handlers call ``condition_changes.reveal``, and after every command
  the per-observer record of a creature that lost Unentdeckt is cleared). Coming into
  sight does not end it (EX-HIDE-1: Ron circles the crates and still attacks unforeseen).
  A hidden item is found by a successful ``Search`` in sight, or by entering its field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.board.grid import Cell, distance
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    _busy_reason,
    _check_budget,
    _event,
    _not_busy,
    _talent_names,
    _within_reach,
    not_busy_check,
)
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import _item_name
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, compare_with_each
from game.rulesets.entaria.rules.condition_rolls import RollContext
from game.rulesets.entaria.rules.conditions import CONDITIONS
from game.rulesets.entaria.rules.hiding_places import observers_seeing, suitable_hiding_place
from game.rulesets.entaria.rules.reach import reach_unwalled
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue, say
from game.rulesets.entaria.state import CreatureState, HiddenItem


# --------------------------------------------------------------------- commands
@dataclass(frozen=True)
class Search(Command):
    """Look for what is hidden from ``actor``: an HH, Intelligenz vs ZW 15.

    E-COND-UNENTDECKT-3, E-OPEN-39 (an active HH; spent as Untersuchen taken as a half
    action, E-ACT-VH-UNTERSUCHEN): on success the searcher finds every creature
    Unentdeckt toward it and every item hidden from it in its line of sight.
    """

    kind: ClassVar[str] = "search"


# - Verbergen and finding (E-ACT-VH-VERBERGEN-*, E-COND-UNENTDECKT-*, E-OPEN-50)
@dataclass(frozen=True)
class _Hiding:
    """What one Verbergen hides: a creature (the hider or another) or one item on a field."""

    creature: CreatureState | None
    cell: Cell
    item: str | None = None
    from_hand: bool = False

    def name(self, battle: Battle) -> tuple[str, str]:
        if self.creature is not None:
            return self.creature.name, self.creature.name
        assert self.item is not None
        return _item_name(battle, self.item)


def _living_others(battle: Battle, side: str) -> set[str]:
    return {
        c.key
        for c in battle.state.creatures.values()
        if c.side != side and Condition.DEAD not in c.conditions
    }


def set_hidden(battle: Battle, creature: CreatureState, keys: set[str]) -> list[Event]:
    """Make ``creature`` Unentdeckt toward ``keys`` (E-ACT-VH-VERBERGEN-2, E-OPEN-50).

    A record that covers every living creature of another side is kept empty: hidden from
    every other side, the reading ``Battle.hidden_from`` gives a record-less Unentdeckt.
    """
    creature.hidden_from = set() if _living_others(battle, creature.side) <= keys else set(keys)
    if Condition.UNDETECTED in creature.conditions:
        return []
    return battle.add_condition(creature, Condition.UNDETECTED)


def lose_hidden_toward(
    battle: Battle, creature: CreatureState, finders: set[str], *, rule: str
) -> list[Event]:
    """End Unentdeckt toward ``finders`` only (E-COND-UNENTDECKT-4); the last one ends it."""
    hidden = battle.hidden_from(creature)
    found = hidden & finders
    if not found:
        return []
    names = ", ".join(battle.state.creatures[k].name for k in sorted(found))
    events = [
        _event(
            "found",
            f"{names} entdeckt {creature.name}",
            f"{names} detects {creature.name}",
            creature.key,
            rule=rule,
            found_by=sorted(found),
        )
    ]
    rest = {
        key
        for key in hidden - found
        if Condition.DEAD not in battle.state.creatures[key].conditions
    }
    if rest:
        creature.hidden_from = rest
        return events
    creature.hidden_from = set()
    return events + battle.remove_condition(creature, Condition.UNDETECTED)


def _hide_targets(
    battle: Battle, hider: CreatureState, subject: _Hiding
) -> tuple[list[CreatureState], list[CreatureState]]:
    """Return (observers, others): the enemies the subject is not yet hidden from.

    Observers are in the fight and compared with their Geist; the others are out of it
    (not dead), do not observe and are compared with ZW 15 (E-OPEN-50).
    """
    already = battle.hidden_from(subject.creature) if subject.creature else frozenset()
    subject_key = subject.creature.key if subject.creature else None
    enemies = [e for e in battle.enemies_of(hider) if e.key != subject_key and e.key not in already]
    return [e for e in enemies if not e.out_of_fight], [e for e in enemies if e.out_of_fight]


def _hide_problem(battle: Battle, hider: CreatureState, subject: _Hiding) -> str:
    """Return why the subject cannot be hidden here, or "" (E-ACT-VH-VERBERGEN-1/3)."""
    observers, _ = _hide_targets(battle, hider, subject)
    at = {e.key: e.cell for e in observers}
    names = {e.key: e.name for e in observers}
    seeing = observers_seeing(battle.grid, hider.cell, at)
    if seeing:
        return say(
            f"{names[seeing[0]]} can see {hider.name} (E-ACT-VH-VERBERGEN-1)",
            f"{names[seeing[0]]} kann {hider.name} sehen (E-ACT-VH-VERBERGEN-1)",
        )
    if subject.cell != hider.cell:
        seeing = observers_seeing(battle.grid, subject.cell, at)
        if seeing:
            return say(
                f"{names[seeing[0]]} can see field {list(subject.cell)} (E-ACT-VH-VERBERGEN-3)",
                f"{names[seeing[0]]} kann Feld {list(subject.cell)} sehen (E-ACT-VH-VERBERGEN-3)",
            )
    if not suitable_hiding_place(battle.grid, subject.cell):
        return say(
            "nothing to hide behind here: no cover or wall nearby (E-ACT-VH-VERBERGEN-1)",
            "hier gibt es nichts, hinter dem man sich verbergen kann: keine "
            "Deckung oder Wand in der Nähe (E-ACT-VH-VERBERGEN-1)",
        )
    return ""


def _hide_subject(battle: Battle, hider: CreatureState, command: UseAction) -> _Hiding:
    """Return what the command hides; reject what cannot be hidden (E-ACT-VH-VERBERGEN-3)."""
    if command.target is not None and command.item is not None:
        raise CommandRejected(
            say(
                "Verbergen hides one thing: a creature (target) or an item",
                "Verbergen verbirgt eine Sache: ein Wesen (target) oder einen Gegenstand",
            )
        )
    if command.item is not None:
        return _hide_item_subject(battle, hider, command.item, command.cell)
    if command.cell is not None:
        raise CommandRejected(
            say(
                "a field (cell) is given only with an item to hide",
                "ein Feld (cell) wird nur mit einem zu verbergenden Gegenstand angegeben",
            )
        )
    other = hider if command.target is None else battle.creature(command.target)
    if Condition.DEAD in other.conditions:
        raise CommandRejected(say(f"{other.name} is dead", f"{other.name} ist tot"))
    if other is not hider and not _within_reach(battle, hider, other):
        raise CommandRejected(
            say(
                f"{other.name} is not within melee reach (E-ACT-VH-VERBERGEN-3)",
                f"{other.name} ist nicht in Nahkampfreichweite (E-ACT-VH-VERBERGEN-3)",
            )
        )
    subject = _Hiding(other, other.cell)
    observers, others = _hide_targets(battle, hider, subject)
    if Condition.UNDETECTED in other.conditions and not observers and not others:
        raise CommandRejected(
            say(
                f"{other.name} is already Unentdeckt toward every enemy",
                f"{other.name} ist bereits vor jedem Gegner Unentdeckt",
            )
        )
    return subject


def _hide_item_subject(
    battle: Battle, hider: CreatureState, item: str, cell: Cell | None
) -> _Hiding:
    cell = cell if cell is not None else hider.cell
    if not battle.grid.in_bounds(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map",
                f"Feld {list(cell)} liegt außerhalb der Karte",
            )
        )
    if distance(hider.cell, cell) > 1:
        raise CommandRejected(
            say(
                "the item must lie on the own or a neighbouring field",
                "der Gegenstand muss auf dem eigenen oder einem Nachbarfeld liegen",
            )
        )
    if cell != hider.cell and not reach_unwalled(battle.grid, hider.cell, cell):
        raise CommandRejected(
            say(
                f"a wall stands between {hider.name} and field {list(cell)}",
                f"zwischen {hider.name} und Feld {list(cell)} steht eine Wand",
            )
        )
    on_ground = battle.state.ground_items.get(cell, []).count(item)
    known = battle.visible_ground_items(hider).get(cell, []).count(item)
    records = sum(1 for h in battle.state.hidden_items if h.cell == cell and h.item == item)
    lying = known > 0 and records < on_ground  # one there that is hidden from nobody yet
    from_hand = not lying and item in hider.held
    if known == 0 and not from_hand:
        raise CommandRejected(
            say(
                f"there is no {item!r} on field {list(cell)} nor in hand",
                f"auf Feld {list(cell)} liegt kein {item!r}, und in der Hand ist auch keins",
            )
        )
    if not lying and not from_hand:
        raise CommandRejected(
            say(
                f"every {item!r} on field {list(cell)} is already hidden",
                f"jedes {item!r} auf Feld {list(cell)} ist bereits verborgen",
            )
        )
    if from_hand and battle.grid.is_wall(cell):
        raise CommandRejected(
            say(f"field {list(cell)} is a wall", f"Feld {list(cell)} ist eine Wand")
        )
    return _Hiding(None, cell, item, from_hand)


def resolve_hide(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Verbergen: one Geschick roll against each observer's Geist -> Unentdeckt toward them."""
    subject = _hide_subject(battle, creature, command)
    problem = _hide_problem(battle, creature, subject)
    if problem:
        raise CommandRejected(problem)
    observers, others = _hide_targets(battle, creature, subject)
    # The talent Schatten makes Verbergen a half action (EX-HIDE-1, E-ACT-5).
    as_type = ActionType.HALF if "Schatten" in _talent_names(battle, creature) else None
    _check_budget(battle, action, as_type)
    # valid: now change the state
    events = battle.spend(creature, action, as_type)
    spec = ACTIONS[action].roll
    assert spec is not None
    roll, event = battle.check(
        creature,
        spec.attribute_for(ranged=False),
        None if observers else STANDARD_TARGET,
        what_de="Verbergen",
        what_en="hide",
    )
    event.data["rule"] = "E-ACT-VH-VERBERGEN-2"
    events.append(event)
    targets = {o.key: battle.save_value(o, SaveValue.MIND) for o in observers}
    targets.update({o.key: STANDARD_TARGET for o in others})
    outcomes = compare_with_each(roll, targets)
    beaten = {key for key, ok in outcomes.items() if ok}
    success = bool(beaten) if targets else bool(roll.success)
    if not targets and success:  # no enemy to compare with (ZW 15): every other side
        beaten = {c.key for c in battle.state.creatures.values() if c.side != creature.side}
    noticed = [battle.state.creatures[k].name for k, ok in outcomes.items() if not ok]
    names = subject.name(battle)
    hidden_from, events_hidden = _hide_away(battle, creature, subject, beaten, success=success)
    events.append(
        _hide_event(
            creature,
            subject,
            names,
            noticed,
            outcomes=outcomes,
            targets=targets,
            success=success,
            hidden_from=hidden_from,
        )
    )
    return events + events_hidden


def _hide_away(
    battle: Battle, creature: CreatureState, subject: _Hiding, beaten: set[str], *, success: bool
) -> tuple[list[str], list[Event]]:
    """Hide the subject from those the roll beat; return whom it is hidden from, and events.

    An item laid down from the hand goes onto its field first; a creature hiding again
    adds to whom it hides from.
    """
    if subject.from_hand:
        assert subject.item is not None
        creature.held.remove(subject.item)
        battle.state.ground_items.setdefault(subject.cell, []).append(subject.item)
    if success and subject.creature is not None:
        keys = set(battle.hidden_from(subject.creature)) | beaten
        events = set_hidden(battle, subject.creature, keys)
        return sorted(battle.hidden_from(subject.creature)), events
    if success and beaten:
        assert subject.item is not None
        battle.state.hidden_items.append(
            HiddenItem(subject.cell, subject.item, set(beaten), by=creature.key)
        )
        return sorted(beaten), []
    return [], []


def _hide_event(
    creature: CreatureState,
    subject: _Hiding,
    names: tuple[str, str],
    noticed: list[str],
    *,
    outcomes: dict[str, bool],
    targets: dict[str, int],
    success: bool,
    hidden_from: list[str],
) -> Event:
    """Return the log line of a Verbergen: who hid what, noticed by whom (E-OPEN-50)."""
    name_de, name_en = names
    verb_de = "verbirgt sich" if subject.creature is creature else f"verbirgt {name_de}"
    verb_en = "hides" if subject.creature is creature else f"hides {name_en}"
    seen_de = " - bemerkt von " + ", ".join(noticed) if noticed else ""
    seen_en = " - noticed by " + ", ".join(noticed) if noticed else ""
    if not success:
        seen_de = seen_de or " - misslungen (ZW 15)"
        seen_en = seen_en or " - failed (target 15)"
    done_de = " erfolgreich" if success and not noticed else ""
    done_en = " successfully" if success and not noticed else ""
    return _event(
        "hide",
        f"{creature.name} {verb_de}{done_de}{seen_de}",
        f"{creature.name} {verb_en}{done_en}{seen_en}",
        creature.key,
        rule="E-OPEN-50",
        subject=subject.creature.key if subject.creature else None,
        item=subject.item,
        cell=list(subject.cell),
        observers=outcomes,
        targets=targets,
        success=success,
        hidden_from=hidden_from,
    )


def search_problem(battle: Battle, creature: CreatureState) -> str:
    """Return why ``creature`` cannot search now, or "" (the ``Search`` command)."""
    allowed, reason = battle.state.budget.can_spend(Action.INVESTIGATE, as_type=ActionType.HALF)
    if not allowed:
        return reason
    return _busy_reason(battle, creature)


def handle_search(battle: Battle, command: Search) -> list[Event]:
    """Search: Intelligenz vs ZW 15; finds what is hidden from the searcher in its sight."""
    searcher = battle.creature(command.actor)
    _not_busy(battle, searcher)
    _check_budget(battle, Action.INVESTIGATE, ActionType.HALF)
    # valid: now change the state
    events = battle.spend(searcher, Action.INVESTIGATE, ActionType.HALF)
    detection = CONDITIONS[Condition.UNDETECTED].detection
    assert detection is not None
    roll, event = battle.check(
        searcher,
        Attribute.INTELLIGENCE,
        detection.target,
        context=RollContext(attribute=Attribute.INTELLIGENCE, needs_sight=True),
        what_de="Suche nach Verborgenem",
        what_en="search for the hidden",
    )
    event.data["rule"] = "E-COND-UNENTDECKT-3"
    events.append(event)
    found: list[str] = []
    items: list[list[Any]] = []
    if roll.success:
        for key in battle.state.order:
            other = battle.state.creatures[key]
            if battle.is_hidden_from(other, searcher) and line_of_sight(
                battle.grid, searcher.cell, other.cell
            ):
                found.append(other.key)
                events += lose_hidden_toward(
                    battle, other, {searcher.key}, rule="E-COND-UNENTDECKT-4"
                )
        for record in battle.state.hidden_items:
            if searcher.key in record.hidden_from and line_of_sight(
                battle.grid, searcher.cell, record.cell
            ):
                items.append([list(record.cell), record.item])
                events += _find_item(battle, searcher, record, rule="E-ACT-VH-UNTERSUCHEN")
        _prune_hidden_items(battle)
    events.append(
        _event(
            "search",
            f"{searcher.name} sucht: "
            + (f"{len(found) + len(items)} gefunden" if found or items else "nichts gefunden"),
            f"{searcher.name} searches: "
            + (f"{len(found) + len(items)} found" if found or items else "nothing found"),
            searcher.key,
            rule="E-OPEN-39",
            success=bool(roll.success),
            found=found,
            items=items,
        )
    )
    return events


def _find_item(
    battle: Battle, finder: CreatureState, record: HiddenItem, *, rule: str
) -> list[Event]:
    """The item of ``record`` is no longer hidden from ``finder`` (found, not taken)."""
    record.hidden_from.discard(finder.key)
    de, en = _item_name(battle, record.item)
    return [
        _event(
            "found_item",
            f"{finder.name} entdeckt {de} auf {list(record.cell)}",
            f"{finder.name} finds {en} on {list(record.cell)}",
            finder.key,
            rule=rule,
            item=record.item,
            cell=list(record.cell),
        )
    ]


def _prune_hidden_items(battle: Battle) -> None:
    """Drop records hidden from nobody, and those whose item no longer lies there."""
    kept: list[HiddenItem] = []
    counted: dict[tuple[Cell, str], int] = {}
    for record in battle.state.hidden_items:
        if not record.hidden_from:
            continue
        where = (record.cell, record.item)
        counted[where] = counted.get(where, 0) + 1
        if counted[where] <= battle.state.ground_items.get(record.cell, []).count(record.item):
            kept.append(record)
    if len(kept) != len(battle.state.hidden_items):
        battle.state.hidden_items = kept


def find_items_on_enter(battle: Battle, creature: CreatureState, cells: list[Cell]) -> list[Event]:
    """Entering the field of a hidden item finds it (E-ACT-VH-VERBERGEN-3, a decision)."""
    entered = set(cells)
    events: list[Event] = []
    for record in battle.state.hidden_items:
        if record.cell in entered and creature.key in record.hidden_from:
            events += _find_item(battle, creature, record, rule="E-ACT-VH-VERBERGEN-3")
    if events:
        _prune_hidden_items(battle)
    return events


def sync_hiding(battle: Battle) -> list[Event]:
    """After every command: a creature that lost Unentdeckt (a conspicuous act, the game
    master) forgets whom it was hidden from (E-COND-UNENTDECKT-5); hidden items follow the
    ground (picked up: no longer hidden)."""
    for creature in battle.state.creatures.values():
        if creature.hidden_from and Condition.UNDETECTED not in creature.conditions:
            creature.hidden_from = set()
    _prune_hidden_items(battle)
    return []


# ------------------------------------------------- Stehlen (E-ACT-VH-STEHLEN-*)
def observers_for_steal(
    battle: Battle, actor: CreatureState, target: CreatureState | None
) -> list[CreatureState]:
    """Return the affected person and every enemy watching (E-ACT-VH-STEHLEN-1, E-OPEN-50)."""
    chosen = [target] if target is not None else []
    for enemy in battle.enemies_of(actor):
        if enemy in chosen or enemy.out_of_fight:
            continue
        if line_of_sight(battle.grid, enemy.cell, actor.cell):
            chosen.append(enemy)
    return chosen


def can_hide(battle: Battle, c: CreatureState) -> str:
    subject = _Hiding(c, c.cell)
    if Condition.UNDETECTED in c.conditions and not any(_hide_targets(battle, c, subject)):
        return say("already Unentdeckt toward every enemy", "bereits vor jedem Gegner Unentdeckt")
    return not_busy_check(battle, c) or _hide_problem(battle, c, subject)
