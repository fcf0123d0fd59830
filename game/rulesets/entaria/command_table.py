"""ENTARIA's engine tables, built in this one place and handed to every Battle.

Every command kind with the function that validates and applies it (``HANDLERS``; the
kinds are ``COMMANDS``, what a save may contain), the availability checks of the
actions beyond the budget, the actions some handler resolves, and the guards and hooks
in the order they run. Nothing is registered by importing a module: a handler module
only defines functions, this table names them, and ``new_battle`` gives the table to
the Battle (the engine imports no handler module).

The hook order is part of the rules' outcome (whose events come first, who is hurt
before whom) and is kept as it was: support first (its effect expiry runs before
pending shots), then hiding, melee, ranged and the special situations.
"""

from __future__ import annotations

from types import MappingProxyType

from game.board.dice import Roller
from game.match.commands import Command, CommandRegistry
from game.rulesets.entaria.action_helpers import not_busy_check
from game.rulesets.entaria.area_fire import (
    AreaFire,
    AreaFireRoll,
    area_fire_check,
    handle_area_fire,
)
from game.rulesets.entaria.area_fire_placement import (
    PlaceAreaFire,
    handle_area_fire_roll,
    handle_place_area_fire,
    place_before_end_turn,
    placement_action_guard,
    placement_command_guard,
)
from game.rulesets.entaria.area_fire_zones import area_fire_on_enter
from game.rulesets.entaria.armour_actions import can_doff, can_don
from game.rulesets.entaria.basic_actions import (
    can_melee,
    can_shoot,
    handle_attack,
    handle_change_position,
    handle_move,
)
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.charge import Charge, can_charge, handle_charge
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    EndTurn,
    GmAnswer,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmFog,
    GmMoveToken,
    GmSetLifePoints,
    Move,
    UseAction,
)
from game.rulesets.entaria.draw_and_throw import (
    DrawAndThrowAtCreature,
    DrawAndThrowAtField,
    handle_draw_and_throw_at_creature,
    handle_draw_and_throw_at_field,
)
from game.rulesets.entaria.duel import Duel, handle_duel
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.engine_table import ActionCheck, EngineTable, Handler
from game.rulesets.entaria.flight import Fly, handle_fly
from game.rulesets.entaria.full_attacks import (
    AimedAttack,
    MultiAttack,
    SweepAttack,
    can_aimed_attack,
    can_multi_attack,
    can_sweep_attack,
    handle_aimed_attack,
    handle_multi_attack,
    handle_sweep_attack,
)
from game.rulesets.entaria.gm_actions import (
    handle_gm_answer,
    handle_gm_condition,
    handle_gm_cover,
    handle_gm_door,
    handle_gm_end_fight,
    handle_gm_fog,
    handle_gm_move,
    handle_gm_set_lp,
)
from game.rulesets.entaria.grapple import (
    BreakGrapple,
    DragGrappled,
    ReleaseGrapple,
    can_break_free,
    can_release_grapple,
    grapple_upkeep,
    handle_break_grapple,
    handle_drag_grappled,
    handle_release_grapple,
)
from game.rulesets.entaria.healing_actions import (
    can_boost_nano,
    can_give_first_aid,
    can_revive,
    can_stabilize,
)
from game.rulesets.entaria.hiding import (
    Search,
    can_hide,
    find_items_on_enter,
    handle_search,
    sync_hiding,
)
from game.rulesets.entaria.impulse_actions import (
    GmSpendImpulse,
    SpendImpulse,
    handle_gm_spend_impulse,
    handle_spend_impulse,
)
from game.rulesets.entaria.interact_actions import (
    DropItem,
    Interact,
    Shout,
    can_drop,
    can_shout,
    handle_drop_item,
    handle_interact,
    handle_shout,
)
from game.rulesets.entaria.long_shot import (
    LongShot,
    can_long_shot,
    handle_long_shot,
    ranged_turn_start,
)
from game.rulesets.entaria.mount_actions import (
    Dismount,
    Mount,
    Reins,
    can_dismount,
    can_mount,
    handle_dismount,
    handle_mount,
    handle_reins,
)
from game.rulesets.entaria.mount_commands import (
    MountCommand,
    can_command_mount,
    handle_mount_command,
)
from game.rulesets.entaria.object_attacks import AttackObject, handle_attack_object, melee_check
from game.rulesets.entaria.push_back import PushBack, handle_push_back
from game.rulesets.entaria.ready_actions import (
    EndLongAction,
    TriggerReady,
    handle_end_long_action,
    handle_trigger_ready,
)
from game.rulesets.entaria.reload import Reload, handle_reload
from game.rulesets.entaria.riding import situation_on_enter, situation_turn_start
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.unarmed import GRAPPLE_ESCAPE_ACTION
from game.rulesets.entaria.seats import sync_riders
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.situation_guards import (
    attack_hands_guard,
    passenger_move_guard,
    reload_hands_guard,
    seated_move_check,
)
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.support_actions import (
    can_help_or_irritate,
    can_orient,
    can_study,
    can_use_shield,
)
from game.rulesets.entaria.throwing import ThrowAtField, can_throw, handle_throw_at_field
from game.rulesets.entaria.turn_timers import support_turn_start
from game.rulesets.entaria.turns import handle_end_turn
from game.rulesets.entaria.unarmed_combat import (
    UnarmedAttack,
    can_unarmed_attack,
    handle_unarmed_attack,
    knock_out_save,
)
from game.rulesets.entaria.use_action import GM_ACTIONS, RESOLVERS, handle_use_action

#: Every command kind with its handler, in the order the command table lists them.
HANDLERS: dict[type[Command], Handler] = {
    EndTurn: handle_end_turn,
    Move: handle_move,
    Attack: handle_attack,
    AttackObject: handle_attack_object,
    ChangePosition: handle_change_position,
    UseAction: handle_use_action,
    UnarmedAttack: handle_unarmed_attack,
    BreakGrapple: handle_break_grapple,
    ReleaseGrapple: handle_release_grapple,
    DragGrappled: handle_drag_grappled,
    MultiAttack: handle_multi_attack,
    SweepAttack: handle_sweep_attack,
    AimedAttack: handle_aimed_attack,
    Charge: handle_charge,
    PushBack: handle_push_back,
    ThrowAtField: handle_throw_at_field,
    # a weapon from the belt: Interagieren and Wurfangriff as one step (E-OPEN-16)
    DrawAndThrowAtField: handle_draw_and_throw_at_field,
    DrawAndThrowAtCreature: handle_draw_and_throw_at_creature,
    AreaFire: handle_area_fire,
    AreaFireRoll: handle_area_fire_roll,
    PlaceAreaFire: handle_place_area_fire,
    LongShot: handle_long_shot,
    Reload: handle_reload,
    Search: handle_search,
    TriggerReady: handle_trigger_ready,
    EndLongAction: handle_end_long_action,
    Interact: handle_interact,
    DropItem: handle_drop_item,
    Shout: handle_shout,
    Mount: handle_mount,
    Reins: handle_reins,
    Dismount: handle_dismount,
    MountCommand: handle_mount_command,
    Fly: handle_fly,
    Duel: handle_duel,
    SpendImpulse: handle_spend_impulse,
    GmSpendImpulse: handle_gm_spend_impulse,
    GmSetLifePoints: handle_gm_set_lp,
    GmCondition: handle_gm_condition,
    GmMoveToken: handle_gm_move,
    GmDoor: handle_gm_door,
    GmCoverOverride: handle_gm_cover,
    GmFog: handle_gm_fog,
    GmEndFight: handle_gm_end_fight,
    GmAnswer: handle_gm_answer,
}

#: ENTARIA's command kinds by ``kind``.
COMMANDS = CommandRegistry(HANDLERS)


def _first_reason(*checks: ActionCheck) -> ActionCheck:
    """Return a check that gives the first reason one of ``checks`` gives, else ""."""

    def check(battle: Battle, creature: CreatureState) -> str:
        for each in checks:
            if reason := each(battle, creature):
                return reason
        return ""

    return check


#: Per-action availability checks beyond the budget: "" or the reason.
ACTION_CHECKS: dict[Action, ActionCheck] = {
    Action.MELEE_ATTACK: melee_check(can_melee),  # an enemy or an object within reach
    Action.RANGED_ATTACK: can_shoot,
    Action.UNARMED_ATTACK: can_unarmed_attack,
    Action.MULTI_ATTACK: can_multi_attack,
    Action.SWEEP_ATTACK: can_sweep_attack,
    Action.PUSH_BACK: can_sweep_attack,
    Action.AIMED_ATTACK: can_aimed_attack,
    # a rider or passenger moves with his mount: that first (E-MOUNT-4, E-MOUNT-10)
    Action.CHARGE: _first_reason(seated_move_check, can_charge),
    Action.RELEASE_GRAPPLE: can_release_grapple,
    GRAPPLE_ESCAPE_ACTION: can_break_free,
    Action.THROW_ATTACK: can_throw,
    Action.AUTO_FIRE: area_fire_check(AreaFireAction.AUTO_FIRE),
    Action.COVERING_FIRE: area_fire_check(AreaFireAction.COVERING_FIRE),
    Action.LONG_SHOT: can_long_shot,
    Action.MOUNT: can_mount,
    Action.DISMOUNT: can_dismount,
    Action.MOUNT_COMMAND: can_command_mount,
    Action.WALK: seated_move_check,
    Action.RUN: seated_move_check,
    Action.DISENGAGE: seated_move_check,
    # the actions the game master resolves wait only for a longer action to end
    **dict.fromkeys(GM_ACTIONS, not_busy_check),
    Action.BLOCKING_STANCE: not_busy_check,
    Action.EVASIVE_MOVE: not_busy_check,
    Action.USE_SHIELD: can_use_shield,
    Action.HELP: can_help_or_irritate,
    Action.IRRITATE: can_help_or_irritate,
    Action.STABILIZE: can_stabilize,
    Action.FIRST_AID: can_give_first_aid,
    Action.REVIVE: can_revive,
    Action.NANO_HEALBOT_BOOST: can_boost_nano,
    Action.STUDY_ENEMY: can_study,
    Action.READY: not_busy_check,
    Action.HIDE: can_hide,
    Action.ORIENT: can_orient,
    Action.DON_ARMOR: can_don,
    Action.DOFF_ARMOR: can_doff,
    Action.INTERACT: not_busy_check,
    Action.DROP_ITEM: can_drop,
    Action.SHOUT_COMMAND: can_shout,
}

#: The actions some handler resolves (``legal_actions`` refuses the others).
IMPLEMENTED: frozenset[Action] = frozenset(
    {
        # moving, attacking, standing up
        Action.WALK,
        Action.RUN,
        Action.DISENGAGE,
        Action.MELEE_ATTACK,
        Action.RANGED_ATTACK,
        Action.CHANGE_POSITION,
        # close combat
        Action.UNARMED_ATTACK,
        Action.RELEASE_GRAPPLE,
        Action.BREAK_GRAPPLE,
        Action.MULTI_ATTACK,
        Action.SWEEP_ATTACK,
        Action.AIMED_ATTACK,
        Action.CHARGE,
        Action.PUSH_BACK,
        # ranged
        Action.THROW_ATTACK,
        Action.AUTO_FIRE,
        Action.COVERING_FIRE,
        Action.LONG_SHOT,
        # mounts
        Action.MOUNT,
        Action.DISMOUNT,
        Action.MOUNT_COMMAND,
        # UseAction's resolvers, the game master's actions, Interagieren, free actions
        *RESOLVERS,
        *GM_ACTIONS,
        Action.INTERACT,
        Action.SHOUT_COMMAND,
        Action.DROP_ITEM,
    }
)

#: Checks of every command before its handler runs, in this order.
COMMAND_GUARDS = (
    placement_command_guard,  # an area fire waits for its placement (D-6)
    passenger_move_guard,  # passengers halve the mount's BEW (E-MOUNT-4)
    attack_hands_guard,
    reload_hands_guard,
)
#: Checks of ``legal_actions``: "" or why no action may be taken now.
ACTION_GUARDS = (placement_action_guard,)
#: Run at the start of each turn, after the new budget, in this order.
TURN_START_HOOKS = (
    support_turn_start,  # dead time, timed effects, Abwarten, longer actions
    grapple_upkeep,
    knock_out_save,
    ranged_turn_start,  # area-fire zones end, the Distanzschuss fires
    situation_turn_start,  # flight, running mounts, ridden mounts wait
)
#: Run after every applied command.
AFTER_COMMAND_HOOKS = (sync_hiding, sync_riders)
#: Run when the current creature ends its turn (a waiting area fire is placed).
END_TURN_HOOKS = (place_before_end_turn,)
#: Told about the fields a creature entered, in this order.
ENTER_HOOKS = (find_items_on_enter, area_fire_on_enter, situation_on_enter)

#: What every ENTARIA Battle runs.
ENGINE_TABLE = EngineTable(
    commands=COMMANDS,
    handlers=MappingProxyType(HANDLERS),
    action_checks=MappingProxyType(ACTION_CHECKS),
    implemented=IMPLEMENTED,
    command_guards=COMMAND_GUARDS,
    action_guards=ACTION_GUARDS,
    turn_start=TURN_START_HOOKS,
    after_command=AFTER_COMMAND_HOOKS,
    end_turn=END_TURN_HOOKS,
    enter=ENTER_HOOKS,
)


def new_battle(
    setup: BattleSetup, catalogue: Catalogue, seed: int, *, roller: Roller | None = None
) -> Battle:
    """Start an ENTARIA match on ``setup`` with ENTARIA's engine table."""
    return Battle(setup, catalogue, seed, table=ENGINE_TABLE, roller=roller)
