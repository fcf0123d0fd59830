"""Which tool an action of the action bar opens: ``begin_action`` and its table."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from game.match.commands import Command
from game.rulesets.entaria.draw_and_throw import ThrowFromBelt, draw_and_throw_problem
from game.rulesets.entaria.grapple import BreakGrapple, ReleaseGrapple
from game.rulesets.entaria.queries.dry_runs import area_fire_refusal
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.state import CreatureState
from game.ui.overlays_rules import (
    UNARMED,
    layers_of,
    says,
)
from game.ui.popup import MenuItem
from game.ui.tools.action_menus import (
    _armour,
    _change_position,
    _drop,
    _interact,
    _mount,
    _ready,
    _shout,
    _use_action,
)
from game.ui.tools.area_fire import AreaFireTool
from game.ui.tools.attack import AttackTool, _attack_weapons
from game.ui.tools.base import Tool, _title
from game.ui.tools.move import MoveTool
from game.ui.tools.targets import MenuTool
from game.ui.tools.template import TemplateTool
from game.ui.tools.throw import ThrowTool

if TYPE_CHECKING:
    from game.ui.host import MapHost


def begin_action(scene: MapHost, action: Hashable) -> Tool | None:
    """Return the tool for ``action`` (None when it needs none or is not available).

    ``action`` is what an offer of ENTARIA's action bar names (``Offer.action``): an
    ``Action``, or a weapon to draw and throw from the belt; anything else opens no tool.
    """
    if isinstance(action, ThrowFromBelt):
        return _from_belt(scene, action)
    if not isinstance(action, Action):
        return None
    layers = layers_of(scene)
    battle = scene.session.battle
    if not battle.state.order or scene.session.over:
        return None
    actor = battle.current
    t = scene.app.t
    if not scene.controls(actor.key):
        scene.hud.message(t("tools.not_yours", name=actor.name), bad=True)
        return None
    legal = layers.legal(scene, actor.key).get(action)
    if legal is not None and not legal.allowed:
        rule = ACTIONS[action]
        reason = in_language(legal.reason, scene.app.t.language)
        scene.hud.message(f"{says(scene, rule.german, rule.english)}: {reason}", bad=True)
        return None
    scene.select(actor.key)
    builder = _BUILDERS.get(action, _use_action)
    return builder(scene, actor, action)


Builder = Callable[["MapHost", CreatureState, Action], Tool | None]


def _move(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    return MoveTool(scene, actor, action)


def _attack(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    weapons = _attack_weapons(scene.session.battle, actor, action)
    if not weapons:
        scene.hud.message(scene.app.t("tools.no_weapon", action=_title(scene, action)), bad=True)
        return None
    catalogue = scene.session.battle.catalogue.weapons
    first = layers_of(scene).weapons.get(actor.key)
    key = first if first in weapons else weapons[0]
    if action is Action.THROW_ATTACK and key in catalogue and catalogue[key].targets_field:
        return ThrowTool(scene, actor, key)
    return AttackTool(scene, actor, action, weapons)


def _from_belt(scene: MapHost, action: ThrowFromBelt) -> Tool | None:
    """Wurfangriff with a weapon from the belt: drawn and thrown in one step (E-OPEN-16)."""
    battle = scene.session.battle
    if not battle.state.order or scene.session.over:
        return None
    actor = battle.current
    t = scene.app.t
    if not scene.controls(actor.key):
        scene.hud.message(t("tools.not_yours", name=actor.name), bad=True)
        return None
    if refused := draw_and_throw_problem(battle, actor, action.weapon):
        title = _title(scene, Action.THROW_ATTACK)
        scene.hud.message(f"{title}: {in_language(refused, t.language)}", bad=True)
        return None
    scene.select(actor.key)
    if battle.catalogue.weapons[action.weapon].targets_field:
        return ThrowTool(scene, actor, action.weapon, from_belt=True)
    return AttackTool(scene, actor, Action.THROW_ATTACK, [action.weapon], from_belt=True)


def _unarmed(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    t = scene.app.t

    def pick(option: UnarmedOption) -> Callable[[], None]:
        def run() -> None:
            scene.tool = AttackTool(scene, actor, action, [UNARMED], option=option)

        return run

    items = [MenuItem(t(f"tools.unarmed_option.{o.name}"), pick(o)) for o in UnarmedOption]
    return MenuTool(scene, _title(scene, action), items)


def _area_fire(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    mode = AreaFireAction.AUTO_FIRE if action is Action.AUTO_FIRE else AreaFireAction.COVERING_FIRE
    weapons = scene.session.battle.catalogue.weapons
    keys = [k for k in actor.held if k in weapons and weapons[k].bem is not None]
    if not keys:
        scene.hud.message(scene.app.t("tools.no_weapon", action=_title(scene, action)), bad=True)
        return None
    # the first held weapon the engine would fire this mode with (a shotgun in the
    # first hand does not lay Dauerfeuer for the submachine gun in the second)
    battle = scene.session.battle
    fits = [k for k in keys if not area_fire_refusal(battle, actor.key, k, mode)]
    return AreaFireTool(scene, actor, (fits or keys)[0], mode)


def _spell(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
    return TemplateTool(scene, action=action, actor=actor)


def _now(make: Callable[[CreatureState], Command]) -> Builder:
    def build(scene: MapHost, actor: CreatureState, action: Action) -> Tool | None:
        scene.send(make(actor))
        return None

    return build


_BUILDERS: dict[Action, Builder] = {
    Action.WALK: _move,
    Action.RUN: _move,
    Action.DISENGAGE: _move,
    Action.CHARGE: _move,
    Action.MELEE_ATTACK: _attack,
    Action.RANGED_ATTACK: _attack,
    Action.THROW_ATTACK: _attack,
    Action.AIMED_ATTACK: _attack,
    Action.LONG_SHOT: _attack,
    Action.SWEEP_ATTACK: _attack,
    Action.MULTI_ATTACK: _attack,
    Action.PUSH_BACK: _attack,
    Action.UNARMED_ATTACK: _unarmed,
    Action.AUTO_FIRE: _area_fire,
    Action.COVERING_FIRE: _area_fire,
    Action.CAST_INSTANT_SPELL: _spell,
    Action.CAST_LONG_SPELL: _spell,
    Action.CHANGE_POSITION: _change_position,
    Action.INTERACT: _interact,
    Action.DROP_ITEM: _drop,
    Action.SHOUT_COMMAND: _shout,
    Action.READY: _ready,
    Action.DON_ARMOR: _armour,
    Action.DOFF_ARMOR: _armour,
    Action.MOUNT: _mount,
    Action.DISMOUNT: _mount,
    Action.MOUNT_COMMAND: _mount,
    Action.BREAK_GRAPPLE: _now(lambda actor: BreakGrapple(actor.key)),
    Action.RELEASE_GRAPPLE: _now(lambda actor: ReleaseGrapple(actor.key)),
}
