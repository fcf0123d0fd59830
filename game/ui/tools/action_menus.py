"""The action bar's generic actions: menus and target prompts before the command."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.board.grid import Cell, distance
from game.match.commands import Command
from game.rulesets.entaria.commands import ChangePosition, UseAction
from game.rulesets.entaria.edge_doors import edge_doors_of, has_edge_doors
from game.rulesets.entaria.interact_actions import DropItem, Interact, Shout
from game.rulesets.entaria.mount_actions import Dismount, Mount
from game.rulesets.entaria.mount_commands import MountCommand
from game.rulesets.entaria.queries.dry_runs import reachable_ground_items, refusal
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import ArmorCategory, SaveValue, in_language, say
from game.rulesets.entaria.state import CreatureState, Stance
from game.ui.overlays_rules import (
    says,
)
from game.ui.popup import MenuItem
from game.ui.tools.base import Tool, _title
from game.ui.tools.move import MOVE_NAMES, MoveTool
from game.ui.tools.targets import MenuTool, TargetTool

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle
    from game.ui.host import MapHost


def _send_now(scene: MapHost, command: Command) -> None:
    scene.send(command)


def _sender(scene: MapHost, command: Command) -> Callable[[], None]:
    """Return a menu callback that sends ``command``."""
    return lambda: _send_now(scene, command)


def _checked(scene: MapHost, label: str, command: Command) -> MenuItem:
    """Return a menu row that sends ``command``, greyed with the engine's reason if refused.

    A dry run on a copy of the match (``queries.refusal``, about a millisecond on the
    demo): menus are built once when they open.
    """
    reason = refusal(scene.session.battle, command)
    tip = in_language(reason, scene.app.t.language) if reason else ""
    return MenuItem(label, _sender(scene, command), not reason, tip)


def _change_position(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        _checked(scene, t(f"tools.stance.{s.name}"), ChangePosition(actor.key, s.value))
        for s in Stance
    ]
    return MenuTool(scene, _title(scene, action), items)


def _door_command(battle: Battle, key: str, what: str, cell: Cell | None) -> Interact:
    """Return the door interaction the player means by clicking ``cell``.

    A door field names itself; another field names the door on a field edge (D-13) between
    it and the actor's footprint ("the field across the door").
    """
    grid = battle.grid
    if cell is not None and grid.in_bounds(cell) and not grid.is_door(cell):
        for _near, far in edge_doors_of(battle, battle.creature(key)):
            if far == cell:
                return Interact(key, what, edge_to=cell)
    return Interact(key, what, cell=cell)


def _door_item(scene: MapHost, actor: CreatureState, what: str) -> MenuItem | None:
    """Return the row of a door interaction: offered when the engine takes it at some door.

    The doors next to the actor are tried, door fields and doors on the edges of its
    fields (D-13; the engine decides which it reaches); with none accepted the row is
    greyed with the reason for the nearest door. No door on the map: no row.
    """
    battle = scene.session.battle
    t = scene.app.t
    doors: list[Cell] = [(int(x), int(y)) for y, x in zip(*battle.grid.door.nonzero(), strict=True)]
    edges = edge_doors_of(battle, actor)
    if not doors and not has_edge_doors(battle.grid):
        return None
    doors.sort(key=lambda cell: (distance(actor.cell, cell), cell[1], cell[0]))
    near = [cell for cell in doors if distance(actor.cell, cell) <= 1]
    tried = [Interact(actor.key, what, cell=cell) for cell in near]
    tried += [Interact(actor.key, what, edge_to=far) for _near, far in edges]
    if not tried:  # no door in reach: the reason for the nearest door field
        tried = [Interact(actor.key, what, cell=cell) for cell in doors[:1]]
    reasons = [refusal(battle, command) for command in tried]
    if not reasons:  # only edge doors on the map, none at the actor's fields
        reasons = [
            say(
                "no door on the edge of the own fields",
                "am Rand der eigenen Felder ist keine Tür",
            )
        ]
    enabled = any(not reason for reason in reasons)
    key = actor.key
    prompt = t("tools.pick_door")
    if edges:
        prompt = says(
            scene,
            "Tür anklicken (auf einer Feldkante: das Feld dahinter)",
            "Click a door (on a field edge: the field across it)",
        )

    def door() -> None:
        scene.tool = TargetTool(
            scene,
            t(f"tools.interact.{what}"),
            prompt,
            lambda _k, cell: _door_command(scene.session.battle, key, what, cell),
            wants="field",
        )

    tip = "" if enabled else in_language(reasons[0], t.language)
    return MenuItem(t(f"tools.interact.{what}"), door, enabled, tip)


def _interact(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    battle = scene.session.battle
    catalogue = battle.catalogue
    t = scene.app.t
    key = actor.key
    items: list[MenuItem] = []

    def name(item: str) -> str:
        for table in (catalogue.weapons, catalogue.armour, catalogue.items):
            if item in table:
                entry = table[item]
                return says(scene, entry.name, getattr(entry, "english", entry.name))
        return item

    for item in actor.held:
        weapon = catalogue.weapons.get(item)
        if weapon is not None and weapon.has_magazine:
            label = t("tools.interact.reload", item=name(item))
            items.append(_checked(scene, label, Reload(key, item)))
    for item in actor.carried:
        label = t("tools.interact.draw", item=name(item))
        items.append(_checked(scene, label, Interact(key, "draw", item=item)))
    for item in actor.held:
        label = t("tools.interact.holster", item=name(item))
        items.append(_checked(scene, label, Interact(key, "holster", item=item)))
    for ground in reachable_ground_items(battle, key):
        label = t("tools.interact.pick_up", item=name(ground.item))
        command = Interact(key, "pick_up", item=ground.item, cell=ground.cell)
        items.append(_checked(scene, label, command))
    for item in [*actor.held, *actor.carried]:
        if item in catalogue.items:
            label = t("tools.interact.use", item=name(item))
            items.append(_checked(scene, label, Interact(key, "use", item=item)))
    for what in ("open_door", "close_door", "break_door"):
        row = _door_item(scene, actor, what)
        if row is not None:
            items.append(row)
    return MenuTool(scene, _title(scene, action), items)


def _drop(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    items = [
        _checked(scene, _item_name(scene, item), DropItem(actor.key, item)) for item in actor.held
    ]
    return MenuTool(scene, _title(scene, action), items)


def _item_name(scene: MapHost, item: str) -> str:
    catalogue = scene.session.battle.catalogue
    for table in (catalogue.weapons, catalogue.armour, catalogue.items):
        if item in table:
            entry = table[item]
            return says(scene, entry.name, getattr(entry, "english", entry.name))
    return item


SHOUTS = ("cover", "advance", "retreat", "fire", "help")


def _shout(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        MenuItem(
            t(f"tools.shout.{s}"),
            _sender(scene, Shout(actor.key, t(f"tools.shout.{s}"))),
        )
        for s in SHOUTS
    ]
    return MenuTool(scene, _title(scene, action), items)


READY_TRIGGERS = ("enemy_in_reach", "enemy_in_sight", "enemy_attacks", "door_opens")


def _ready(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    items = [
        MenuItem(
            t(f"tools.ready.{r}"),
            _sender(scene, UseAction(actor.key, action.name, note=t(f"tools.ready.{r}"))),
        )
        for r in READY_TRIGGERS
    ]
    return MenuTool(scene, _title(scene, action), items)


def _armour(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    battle = scene.session.battle
    armour = battle.catalogue.armour
    if action is Action.DON_ARMOR:
        keys = [*actor.held, *battle.state.ground_items.get(actor.cell, [])]
    else:
        keys = list(actor.carried)
    keys = [k for k in keys if k in armour and armour[k].category is ArmorCategory.WORN]
    items = [
        MenuItem(
            _item_name(scene, k),
            _sender(scene, UseAction(actor.key, action.name, item=k)),
        )
        for k in keys
    ]
    return MenuTool(scene, _title(scene, action), items)


ZW_CHOICES = (5, 10, 12, 15, 18, 20, 25, 30)


def _with_zw(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    """The game master sets the ZW of a mechanism (RollSpec.against None)."""
    t = scene.app.t
    items = [
        MenuItem(f"ZW {zw}", _sender(scene, UseAction(actor.key, action.name, zw=zw)))
        for zw in ZW_CHOICES
    ]
    return MenuTool(scene, t("tools.zw_title", action=_title(scene, action)), items)


#: Actions whose command names a creature though the catalogue's RollSpec does not say so.
_TARGET_REQUIRED = frozenset({Action.HELP, Action.STUDY_ENEMY, Action.STABILIZE, Action.REVIVE})
_TARGET_OPTIONAL = frozenset({Action.FIRST_AID, Action.STEAL, Action.HIDE})


def _use_action(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    """Generic UseAction: ask for a creature when the command needs one, else send at once."""
    rule = ACTIONS[action]
    t = scene.app.t
    roll = rule.roll
    if roll is not None and roll.against is None:
        return _with_zw(scene, actor, action)
    needs_target = (
        action in _TARGET_REQUIRED
        or (
            roll is not None
            and isinstance(roll.against, SaveValue)
            and action not in _TARGET_OPTIONAL
        )
        or any(p.name.startswith("TARGET_") for p in rule.preconditions)
    )
    if needs_target or action in _TARGET_OPTIONAL:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_creature"),
            lambda key, _cell: UseAction(actor.key, action.name, target=key),
            wants="creature",
            optional=not needs_target or action in _TARGET_OPTIONAL,
        )
    scene.send(UseAction(actor.key, action.name))
    return None


def _mount(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t
    if action is Action.MOUNT:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_creature"),
            lambda key, _c: Mount(actor.key, key or ""),
        )
    if action is Action.DISMOUNT:
        return TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_field"),
            lambda _k, cell: Dismount(actor.key, cell or actor.cell),
            wants="field",
        )
    from game.rulesets.entaria.seats import mount_of

    mount = mount_of(scene.session.battle, actor)
    if mount is None:
        return None

    def move(order: str, move_action: Action) -> Callable[[], None]:
        def run() -> None:
            scene.tool = MoveTool(scene, actor, move_action, mover=mount, order=order)

        return run

    def melee() -> None:
        scene.tool = TargetTool(
            scene,
            _title(scene, action),
            t("tools.pick_target"),
            lambda key, _c: MountCommand(actor.key, "MELEE", target=key or ""),
        )

    items = [MenuItem(_title(scene, a), move(n, a)) for a, n in MOVE_NAMES.items()]
    items.append(MenuItem(_title(scene, Action.MELEE_ATTACK), melee))
    return MenuTool(scene, _title(scene, action), items)
