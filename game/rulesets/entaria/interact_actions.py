"""Handlers of Interagieren (draw, holster, swap, pick up, doors, use) and the free actions.

Interagieren (E-ACT-HH-INTERAGIEREN) is the ``Interact`` command; reloading is the
``Reload`` command (``reload``). Letting go of an item (``DropItem``) and shouting (``Shout``)
are free actions (E-ACT-FH-1).

Decisions taken here (reported with the rule IDs they touch):

- A door's KEP are the object record of ``object_state`` (battering it and shooting it
  share them, ``object_map.strike_object``); its material is the map's, else the one
  the first ``break_door`` names, else a thin duraplast wall (sample value). Battering
  is Interagieren: SW of the first melee weapon in hand (bare hands: 0) + w6 + NSB - PAK,
  no attack roll (E-OBJ-2, E-OBJ-5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

from game.board.grid import Cell, distance, footprint_cells, footprint_distance
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    Perform,
    _check_budget,
    _event,
    _not_busy,
    _reveal,
)
from game.rulesets.entaria.edge_doors import door_on_edge, refuse_edge_break
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of
from game.rulesets.entaria.object_map import (
    MapObject,
    field_material,
    is_door_broken,
    object_at,
    strike_object,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.condition_effects import can_speak
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.objects import MATERIALS, object_damage
from game.rulesets.entaria.rules.reach import reach_unwalled
from game.rulesets.entaria.rules.terms import ArmorCategory, say
from game.rulesets.entaria.state import CreatureState


# --------------------------------------------------------------------- commands
@dataclass(frozen=True)
class Interact(Command):
    """Interagieren (E-ACT-HH-INTERAGIEREN): one of ``INTERACTIONS`` (reload: ``reload``)."""

    kind: ClassVar[str] = "interact"
    what: str
    item: str | None = None
    cell: Cell | None = None
    other: str | None = None  # swap: the held item to holster
    material: str | None = None  # break_door: an objects.MATERIALS key
    # open_door / close_door of a door on a field edge (D-13): the field across the door;
    # ``cell`` may then name the own field the door borders
    edge_to: Cell | None = None


@dataclass(frozen=True)
class DropItem(Command):
    """Let go of a held item or weapon: it falls onto the own field (FH, E-ACT-FH-1)."""

    kind: ClassVar[str] = "drop_item"
    item: str


@dataclass(frozen=True)
class Shout(Command):
    """Shout or give a short command (FH, E-ACT-FH-1)."""

    kind: ClassVar[str] = "shout"
    text: str


INTERACTIONS = (
    "draw",
    "holster",
    "swap",
    "pick_up",
    "open_door",
    "close_door",
    "break_door",
    "use",
)


# ----------------------------------------------------------------- Interagieren
def _take_from_ground(battle: Battle, cell: Cell, key: str) -> None:
    items = battle.state.ground_items[cell]
    items.remove(key)
    if not items:
        del battle.state.ground_items[cell]


def _item_name(battle: Battle, key: str) -> tuple[str, str]:
    try:
        item = battle.catalogue.equipment(key)
    except KeyError:
        return key, key
    return item.name, item.english


def _adjacent_door(battle: Battle, creature: CreatureState, cell: Cell | None) -> Cell:
    if cell is None:
        raise CommandRejected(say("name the door's field (cell)", "nenne das Feld der Tür (cell)"))
    if not battle.grid.in_bounds(cell) or not battle.grid.is_door(cell):
        raise CommandRejected(
            say(f"there is no door on field {list(cell)}", f"auf Feld {list(cell)} ist keine Tür")
        )
    # a door across an edge wall, or diagonally past a corner one touches, is out of
    # reach: the one-step rule decides (D-13, D-10)
    if distance(creature.cell, cell) != 1 or not reach_unwalled(battle.grid, creature.cell, cell):
        raise CommandRejected(
            say(
                "the door must be on a neighbouring field",
                "die Tür muss auf einem Nachbarfeld sein",
            )
        )
    return cell


def handle_interact(battle: Battle, command: Interact) -> list[Event]:
    creature = battle.creature(command.actor)
    _not_busy(battle, creature)
    if command.what == "reload":
        raise CommandRejected(
            say("reloading is the reload command", "Nachladen ist der Befehl reload")
        )
    if command.what not in INTERACTIONS:
        raise CommandRejected(
            say(
                f"unknown interaction {command.what!r}; expected {INTERACTIONS}",
                f"unbekannte Interaktion {command.what!r}; erwartet {INTERACTIONS}",
            )
        )
    perform = _INTERACTIONS[command.what](battle, creature, command)
    _check_budget(battle, Action.INTERACT)
    # valid: now change the state
    events = battle.spend(creature, Action.INTERACT)
    return events + perform()


def _holdable(battle: Battle, key: str) -> None:
    if key in battle.catalogue.armour and (
        battle.catalogue.armour[key].category is ArmorCategory.WORN
    ):
        raise CommandRejected(
            say(
                "worn armour is put on and taken off with Panzerung an-/ausziehen "
                "(E-ACT-LH-PANZERUNG)",
                "Getragene Panzerung wird mit Panzerung an-/ausziehen an- und abgelegt "
                "(E-ACT-LH-PANZERUNG)",
            )
        )


def _draw(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} carries no {key!r}",
                f"{creature.name} trägt kein {key!r} bei sich",
            )
        )
    _holdable(battle, key)
    if free_hands_of(battle, creature) < 1:
        raise CommandRejected(
            say(f"{creature.name} has no free hand", f"{creature.name} hat keine Hand frei")
        )

    def perform() -> list[Event]:
        creature.carried.remove(key)
        creature.held.append(key)
        de, en = _item_name(battle, key)
        return [
            _event(
                "draw",
                f"{creature.name} zieht {de}",
                f"{creature.name} draws {en}",
                creature.key,
                item=key,
            )
        ]

    return perform


def _holster(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.held:
        raise CommandRejected(
            say(f"{creature.name} holds no {key!r}", f"{creature.name} hält kein {key!r}")
        )
    _holdable(battle, key)

    def perform() -> list[Event]:
        creature.held.remove(key)
        creature.carried.append(key)
        de, en = _item_name(battle, key)
        return [
            _event(
                "holster",
                f"{creature.name} steckt {de} weg",
                f"{creature.name} puts away {en}",
                creature.key,
                item=key,
            )
        ]

    return perform


def _swap(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key, other = command.item, command.other
    if key is None or key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} carries no {key!r}",
                f"{creature.name} trägt kein {key!r} bei sich",
            )
        )
    if other is None or other not in creature.held:
        raise CommandRejected(
            say(f"{creature.name} holds no {other!r}", f"{creature.name} hält kein {other!r}")
        )
    _holdable(battle, key)
    _holdable(battle, other)

    def perform() -> list[Event]:
        creature.held.remove(other)
        creature.carried.remove(key)
        creature.held.append(key)
        creature.carried.append(other)
        de, en = _item_name(battle, key)
        return [
            _event(
                "swap",
                f"{creature.name} wechselt zu {de}",
                f"{creature.name} swaps to {en}",
                creature.key,
                item=key,
                other=other,
            )
        ]

    return perform


def _within_hand_reach(battle: Battle, anchor: Cell, size: int, cell: Cell) -> bool:
    """Return whether ``cell`` is one of the footprint's fields or a neighbour it reaches.

    A neighbour counts only when a field of the footprint reaches it by the one-step
    rule: not across an edge wall nor diagonally past a corner one touches (D-13, D-10).
    A field off the map is left to the caller's own check.
    """
    gap = footprint_distance(anchor, cell, side_a=size)
    if gap == 0 or not battle.grid.in_bounds(cell):
        return gap <= 1
    if gap > 1:
        return False
    return any(
        reach_unwalled(battle.grid, own, cell)
        for own in footprint_cells(anchor, size)
        if max(abs(own[0] - cell[0]), abs(own[1] - cell[1])) == 1 and battle.grid.in_bounds(own)
    )


def _pick_up(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    cell = command.cell if command.cell is not None else creature.cell
    size = battle.creature_type(creature).size_fields
    if not _within_hand_reach(battle, creature.cell, size, cell):
        raise CommandRejected(
            say(
                "the item must lie on the own or a neighbouring field",
                "der Gegenstand muss auf dem eigenen oder einem Nachbarfeld liegen",
            )
        )
    if key is None or key not in battle.visible_ground_items(creature).get(cell, []):
        raise CommandRejected(
            say(
                f"there is no {key!r} on field {list(cell)}",
                f"auf Feld {list(cell)} liegt kein {key!r}",
            )
        )  # hidden: unknown
    if free_hands_of(battle, creature) < 1:
        raise CommandRejected(
            say(f"{creature.name} has no free hand", f"{creature.name} hat keine Hand frei")
        )

    def perform() -> list[Event]:
        _take_from_ground(battle, cell, key)
        creature.held.append(key)
        weapon = battle.catalogue.weapons.get(key)
        if weapon is not None and weapon.magazine and key not in creature.magazines:
            # Nobody counts a dropped weapon's rounds: it comes with a full magazine.
            creature.magazines[key] = int(weapon.magazine)
        de, en = _item_name(battle, key)
        events = [
            _event(
                "pick_up",
                f"{creature.name} hebt {de} auf",
                f"{creature.name} picks up {en}",
                creature.key,
                item=key,
                cell=list(cell),
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _set_door(battle: Battle, cell: Cell, is_open: bool) -> None:
    battle.grid.set_door_open(cell, is_open)
    if is_open:
        battle.state.open_doors.add(cell)
    else:
        battle.state.open_doors.discard(cell)


def _open_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    if command.edge_to is not None:
        return door_on_edge(battle, creature, command.edge_to, command.cell, True)
    cell = _adjacent_door(battle, creature, command.cell)
    if battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is already open", "die Tür ist schon offen"))

    def perform() -> list[Event]:
        _set_door(battle, cell, True)
        events = [
            _event(
                "door",
                f"{creature.name} öffnet die Tür bei {list(cell)}",
                f"{creature.name} opens the door at {list(cell)}",
                creature.key,
                cell=list(cell),
                open=True,
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _close_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    if command.edge_to is not None:
        return door_on_edge(battle, creature, command.edge_to, command.cell, False)
    cell = _adjacent_door(battle, creature, command.cell)
    if not battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is already closed", "die Tür ist schon geschlossen"))
    if is_door_broken(battle, cell):
        raise CommandRejected(
            say(
                "the door is broken and no longer closes (E-OBJ-5)",
                "die Tür ist aufgebrochen und schließt nicht mehr (E-OBJ-5)",
            )
        )
    if battle.state.creature_at(cell) is not None:
        raise CommandRejected(say("a creature stands in the doorway", "ein Wesen steht in der Tür"))

    def perform() -> list[Event]:
        _set_door(battle, cell, False)
        events = [
            _event(
                "door",
                f"{creature.name} schließt die Tür bei {list(cell)}",
                f"{creature.name} closes the door at {list(cell)}",
                creature.key,
                cell=list(cell),
                open=False,
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _named_door(battle: Battle, cell: Cell, named: str | None) -> MapObject:
    """Return the door on ``cell`` as an object, of the material named now if none was."""
    door = object_at(battle, cell)
    assert door is not None  # every door is an object
    if named is None:
        return door
    if named not in MATERIALS:
        raise CommandRejected(
            say(
                f"unknown material {named!r}; expected one of {sorted(MATERIALS)}",
                f"unbekanntes Material {named!r}; erwartet eines von {sorted(MATERIALS)}",
            )
        )
    known = cell in battle.setup.materials or door.damaged
    if known and named != field_material(battle, cell):
        raise CommandRejected(
            say(
                "the door's material was named before",
                "das Material der Tür wurde schon vorher benannt",
            )
        )
    material = MATERIALS[named]
    return door if known else replace(door, material=material, kep=material.kep)


def _break_door(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    """Batter a door: damage against its PAK; a third of its KEP left breaks it (E-OBJ-2/5)."""
    if command.edge_to is not None:
        raise refuse_edge_break()
    cell = _adjacent_door(battle, creature, command.cell)
    if battle.grid.is_door_open(cell):
        raise CommandRejected(say("the door is open", "die Tür ist offen"))
    door = _named_door(battle, cell, command.material)
    melee = [
        w for w in battle.catalogue.weapons_in(creature.held) if w.melee
    ]  # the first melee weapon in hand, else bare hands
    sw = melee[0].damage_value if melee else 0
    bonus = battle.creature_type(creature).melee_damage_bonus

    def perform() -> list[Event]:
        damage = object_damage(door.material, battle.roller, sw, bonus=bonus)
        events = strike_object(
            battle,
            creature.key,
            door,
            damage,
            formula_de=f"SW {sw} + w6 ({damage.die}) + {bonus} - PAK {door.pak}",
            formula_en=f"damage {sw} + d6 ({damage.die}) + {bonus} - armour {door.pak}",
            lead=(
                f"{creature.name} schlägt gegen die Tür bei {list(cell)}",
                f"{creature.name} batters the door at {list(cell)}",
            ),
        )
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def _use_item(battle: Battle, creature: CreatureState, command: Interact) -> Perform:
    key = command.item
    if key is None or key not in creature.held + creature.carried:
        raise CommandRejected(
            say(f"{creature.name} has no {key!r}", f"{creature.name} hat kein {key!r}")
        )

    def perform() -> list[Event]:
        de, en = _item_name(battle, key)
        events = _reveal(creature, ConspicuousAct.INTERACTION)
        events.append(
            _event(
                "gm_question",
                f"{creature.name} benutzt {de}. Spielleitung: Was geschieht?",
                f"{creature.name} uses {en}. Game master: what happens?",
                creature.key,
                rule=["E-ACT-HH-INTERAGIEREN"],
                action=Action.INTERACT.name,
                item=key,
                roll=None,
            )
        )
        return events

    return perform


_INTERACTIONS: dict[str, Callable[[Battle, CreatureState, Interact], Perform]] = {
    "draw": _draw,
    "holster": _holster,
    "swap": _swap,
    "pick_up": _pick_up,
    "open_door": _open_door,
    "close_door": _close_door,
    "break_door": _break_door,
    "use": _use_item,
}


# ----------------------------------------------------------------- free actions
def handle_drop_item(battle: Battle, command: DropItem) -> list[Event]:
    creature = battle.creature(command.actor)
    if command.item not in creature.held:
        raise CommandRejected(
            say(
                f"{creature.name} holds no {command.item!r}",
                f"{creature.name} hält kein {command.item!r}",
            )
        )
    _check_budget(battle, Action.DROP_ITEM)
    events = battle.spend(creature, Action.DROP_ITEM)
    creature.held.remove(command.item)
    battle.state.ground_items.setdefault(creature.cell, []).append(command.item)
    de, en = _item_name(battle, command.item)
    events.append(
        _event(
            "drop",
            f"{creature.name} lässt {de} fallen",
            f"{creature.name} drops {en}",
            creature.key,
            rule="E-ACT-FH-1",
            item=command.item,
        )
    )
    return events


def handle_shout(battle: Battle, command: Shout) -> list[Event]:
    creature = battle.creature(command.actor)
    text = command.text.strip()
    if not text:
        raise CommandRejected(say("what does the creature shout?", "was ruft das Wesen?"))
    if len(text) > 200:
        raise CommandRejected(
            say(
                "a free action is a short sentence (E-ACT-FH-1)",
                "eine Freie Handlung ist ein kurzer Satz (E-ACT-FH-1)",
            )
        )
    if not can_speak(creature.conditions):
        raise CommandRejected(
            say(f"{creature.name} cannot speak", f"{creature.name} kann nicht sprechen")
        )
    _check_budget(battle, Action.SHOUT_COMMAND)
    events = battle.spend(creature, Action.SHOUT_COMMAND)
    events.append(
        _event(
            "shout",
            f"{creature.name} ruft: »{text}«",
            f"{creature.name} shouts: “{text}”",
            creature.key,
            rule="E-ACT-FH-1",
            text=text,
        )
    )
    return events + _reveal(creature, ConspicuousAct.OBVIOUS)


def can_drop(battle: Battle, c: CreatureState) -> str:
    return "" if c.held else say("holds nothing", "hält nichts in der Hand")


def can_shout(battle: Battle, c: CreatureState) -> str:
    return "" if can_speak(c.conditions) else say("cannot speak", "kann nicht sprechen")
