"""WRS's action bar: "Aktion 1 / Aktion 2" of the turn, or the readiness reaction.

Two actions per turn (W-ROUND-3); each offer costs one (W-ACT-1), Bereitschaft both
(W-ACT-READY-1), Verteidigungsposition only the last free one (W-ACT-DEF-1). The two
tabs stand in the turn's order; the one of the action now to choose is ``available``
and holds the offers (the bar shows the first available group), the other is greyed.
A readiness reaction (the REACTION decision) offers one attack or passing
(W-ACT-READY-4/5).

Each offer asks the map for what it needs (a field, a creature, painted fields) or a
menu (weapon and fire mode, what to draw, the facing); its ``make`` builds the command,
or a refusal in player words when the pick cannot work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from game.board.edges import EdgeKind
from game.board.grid import Cell
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.match.views import ActionGroup, Make, Needs, Offer, Pick, Texts
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules.actions import ACTIONS_PER_TURN
from game.rulesets.wrs.rules.attacks import FIRE_MALUS, MAX_SHOTS, ONE_HANDED
from game.rulesets.wrs.state import FACINGS
from game.rulesets.wrs.views.queries import AttackPlan, category, path_to, target_refusal
from game.rulesets.wrs.views.refusals import reason
from game.rulesets.wrs.views.terms import fighter_name, item_name, remember, say, word

HOTKEYS = "1234567890"
#: The facings in the screen's words.
FACING_WORDS: dict[str, tuple[str, str]] = {
    "N": ("Norden", "north"),
    "NE": ("Nordosten", "north-east"),
    "E": ("Osten", "east"),
    "SE": ("Südosten", "south-east"),
    "S": ("Süden", "south"),
    "SW": ("Südwesten", "south-west"),
    "W": ("Westen", "west"),
    "NW": ("Nordwesten", "north-west"),
}


def deciding(game: WrsGame) -> tuple[str, bool] | None:
    """Return the fighter who decides now and whether it is a readiness reaction."""
    decisions = game.decisions()
    if not decisions or decisions[0].creature is None:
        return None
    return decisions[0].creature, decisions[0].kind is DecisionKind.REACTION


def action_groups(game: WrsGame, t: Texts) -> tuple[ActionGroup, ...]:
    """Return the groups of the open decision: the turn's two actions or the reaction."""
    who = deciding(game)
    if who is None:
        return ()
    remember(game)
    actor, reacting = who
    if reacting:
        offers = (*_attack_offers(game, actor, t), _pass(actor, t))
        return (
            ActionGroup(
                "reaction",
                say(t, "group.reaction"),
                say(t, "group.reaction_tip"),
                True,
                _numbered(offers),
            ),
        )
    left = game.fighters[actor].actions_left
    now = min(ACTIONS_PER_TURN, ACTIONS_PER_TURN - left + 1)
    current = ActionGroup(
        "action",
        say(t, "group.action", n=now),
        say(t, "group.action_tip", n=now, left=left),
        left > 0,
        _numbered(_turn_offers(game, actor, left, t)),
    )
    other = 2 if now == 1 else 1
    tip = say(t, "group.next_tip" if other > now else "group.spent_tip", n=other)
    spare = ActionGroup("other", say(t, "group.other", n=other), tip, False, ())
    return (current, spare) if now == 1 else (spare, current)  # in the turn's order


def _numbered(offers: Sequence[Offer]) -> tuple[Offer, ...]:
    """Give the offers the number keys 1-9, 0 in order."""
    out = []
    for index, offer in enumerate(offers):
        key = HOTKEYS[index] if index < len(HOTKEYS) else ""
        out.append(dataclasses.replace(offer, hotkey=key))
    return tuple(out)


def _gate(offer: Offer, why: str, t: Texts) -> Offer:
    """Return ``offer`` greyed with ``why``, and its choices with it ("" : as it is)."""
    if not why:
        return offer
    reason = say(t, "no.refused", action=offer.label, reason=why)
    tip = f"{offer.tooltip}\n{why}" if offer.tooltip else why
    choices = tuple(_gate(choice, why, t) for choice in offer.choices)
    return dataclasses.replace(offer, enabled=False, reason=reason, tooltip=tip, choices=choices)


def _turn_offers(game: WrsGame, actor: str, left: int, t: Texts) -> list[Offer]:
    none_left = say(t, "no.actions") if left < 1 else ""
    offers = [
        _gate(_step(game, actor, t), none_left, t),
        *(_gate(o, none_left, t) for o in _attack_offers(game, actor, t)),
        _gate(_simple("aim", c.Aim(actor), t), none_left, t),
        _gate(
            _simple("defend", c.DefensivePosition(actor), t),
            none_left or (say(t, "no.last_action") if left != 1 else ""),
            t,
        ),
        _gate(_ready(actor, t), say(t, "no.both_actions") if left < 2 else "", t),
        _gate(_draw(game, actor, t), none_left, t),
        _gate(_turn(actor, t), none_left, t),
        _gate(_door(game, actor, t), none_left or _no_door(game, actor, t), t),
        _gate(_simple("other", c.HostAction(actor), t), none_left, t),
        _simple("end_turn", c.EndTurn(actor), t),
    ]
    return offers


def _const(command: Command) -> Make:
    """Return a ``make`` that builds ``command`` whatever was picked."""

    def make(_pick: Pick) -> Command | str:
        return command

    return make


def _simple(name: str, command: Command, t: Texts) -> Offer:
    return Offer(
        key=f"action:{name}",
        label=say(t, f"offer.{name}"),
        tooltip=say(t, f"offer.{name}_tip"),
        make=_const(command),
    )


def _pass(actor: str, t: Texts) -> Offer:
    return _simple("pass", c.Pass(actor), t)


def _step(game: WrsGame, actor: str, t: Texts) -> Offer:
    return Offer(
        key="action:step",
        label=say(t, "offer.step"),
        tooltip=say(t, "offer.step_tip"),
        needs=Needs.FIELD,
        make=lambda pick: make_step(game, actor, pick.cell, t),
        prompts=(say(t, "offer.step_prompt"),),
    )


def _door(game: WrsGame, actor: str, t: Texts) -> Offer:
    return Offer(
        key="action:door",
        label=say(t, "offer.door"),
        tooltip=say(t, "offer.door_tip"),
        needs=Needs.FIELD,
        make=lambda pick: make_door(game, actor, pick.cell, t),
        prompts=(say(t, "offer.door_prompt"),),
    )


def door_beside(game: WrsGame, actor: str, cell: Cell) -> bool | None:
    """Return whether the door ``cell`` names for ``actor`` is open (None: no door there).

    A door field next to the fighter, or a door on the border of its field and ``cell``.
    """
    here, grid = game.fighters[actor].cell, game.grid
    if not grid.in_bounds(cell):
        return None
    dx, dy = abs(cell[0] - here[0]), abs(cell[1] - here[1])
    if max(dx, dy) <= 1 and grid.is_door(cell):
        return bool(grid.is_door_open(cell))
    edge = grid.edge_kind(here, cell) if dx + dy == 1 else None
    if edge in (EdgeKind.DOOR, EdgeKind.OPEN_DOOR):
        return edge is EdgeKind.OPEN_DOOR
    return None


def _no_door(game: WrsGame, actor: str, t: Texts) -> str:
    """Return why no door can be opened or closed now ("": one is next to the fighter)."""
    x, y = game.fighters[actor].cell
    near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    if any(door_beside(game, actor, cell) is not None for cell in near):
        return ""
    return reason("no door next to", t)


def make_door(game: WrsGame, actor: str, cell: Cell | None, t: Texts) -> Command | str:
    """Return the command that opens (or closes) the door at ``cell``, or why not."""
    is_open = None if cell is None else door_beside(game, actor, cell)
    if cell is None or is_open is None:
        return say(
            t, "no.refused", action=say(t, "offer.door"), reason=reason("no door next to", t)
        )
    return c.Door(actor, cell=(int(cell[0]), int(cell[1])), open=not is_open)


def make_step(game: WrsGame, actor: str, cell: Cell | None, t: Texts) -> Command | str:
    """Return the Schritt to ``cell`` along the shortest path, or why not (W-ACT-MOVE)."""
    if cell is None:
        return say(t, "no.field")
    cell = (int(cell[0]), int(cell[1]))
    for key, state in game.fighters.items():
        if state.cell == cell and key != actor:
            return say(t, "no.same_field", name=fighter_name(game, key))
    path = path_to(game, actor, cell)
    if path is None:
        return say(t, "no.reach")
    return c.Step(actor, path)


# ---------------------------------------------------------------- attacks
def attack_plans(game: WrsGame, actor: str) -> list[AttackPlan]:
    """Return every attack the fighter's drawn weapons allow: each weapon's single shot,
    its fire modes with 2 and 3 shots (W-FIRE-*), both one-handed weapons at once
    (W-BONUS-DUAL-2), and unarmed last."""
    state = game.fighters[actor]
    weapons = [k for k in state.drawn if k in game.catalogue.weapons]
    plans: list[AttackPlan] = []
    for key in weapons:
        plans.append(AttackPlan(key))
        for mode in game.catalogue.weapons[key].fire_modes:
            for shots in range(2, MAX_SHOTS[mode] + 1):
                plans.append(AttackPlan(key, mode, shots))
    one_handed = [k for k in weapons if category(game, k) in ONE_HANDED]
    if len(one_handed) >= 2:
        plans.append(AttackPlan(one_handed[0], second=one_handed[1]))
    plans.append(AttackPlan("unarmed"))
    return plans


def plan_label(game: WrsGame, plan: AttackPlan, t: Texts) -> str:
    """Return "Sturmgewehr · Vollautomatik, 3 Schuss", "Dolch", "waffenlos"."""
    name = item_name(game, plan.weapon, t)
    if plan.second:
        return say(t, "offer.dual", a=name, b=item_name(game, plan.second, t))
    if plan.shots > 1:
        return f"{name} · " + say(t, "offer.shots", mode=word(plan.mode, t), n=plan.shots)
    return name


def _plan_tip(game: WrsGame, plan: AttackPlan, t: Texts) -> str:
    lines = [say(t, "offer.attack_tip")]
    if plan.second:
        lines.append(say(t, "offer.dual_tip"))
    elif plan.shots > 1:
        malus = FIRE_MALUS[plan.mode]
        lines.append(say(t, "offer.shots_tip", mode=word(plan.mode, t), n=plan.shots, malus=malus))
    return "\n".join(lines)


def attack_offer(game: WrsGame, actor: str, plan: AttackPlan, t: Texts) -> Offer:
    """Return the offer of one attack: pick the enemy, then the Attack command."""
    suffix = f":{plan.mode.name}:{plan.shots}" + (f":{plan.second}" if plan.second else "")
    return Offer(
        key=f"attack:{plan.weapon}{suffix}",
        label=plan_label(game, plan, t),
        tooltip=_plan_tip(game, plan, t),
        needs=Needs.CREATURE,
        make=lambda pick: make_attack(game, actor, plan, pick.creature, t),
        prompts=(say(t, "offer.attack_prompt"),),
        action=plan,
    )


def make_attack(
    game: WrsGame, actor: str, plan: AttackPlan, target: str | None, t: Texts
) -> Command | str:
    """Return the Attack on ``target``, or why not in player words (W-OPEN-8)."""
    if target is None:
        return say(t, "no.creature")
    refusal = target_refusal(game, actor, target, plan)
    if refusal is not None:
        return say(t, refusal[0], **refusal[1])
    return c.Attack(actor, target, plan.weapon, plan.mode.value, plan.shots, plan.second)


def _attack_offers(game: WrsGame, actor: str, t: Texts) -> list[Offer]:
    plans = attack_plans(game, actor)
    choices = tuple(attack_offer(game, actor, plan, t) for plan in plans)
    menu = Offer(
        key="action:attack",
        label=say(t, "offer.attack"),
        tooltip=say(t, "offer.attack_tip"),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(say(t, "offer.attack_menu"),),
        action=plans[0],
    )
    return [menu]


# ---------------------------------------------------------------- the rest
def _ready(actor: str, t: Texts) -> Offer:
    def on_creature(pick: Pick) -> Command | str:
        return c.Ready(actor, target=pick.creature) if pick.creature else say(t, "no.creature")

    def on_fields(pick: Pick) -> Command | str:
        cells = tuple((int(x), int(y)) for x, y in pick.cells)
        return c.Ready(actor, cells=cells) if cells else say(t, "no.fields")

    choices = (
        _picked("ready_creature", Needs.CREATURE, on_creature, t),
        _picked("ready_fields", Needs.FIELDS, on_fields, t),
    )
    return Offer(
        key="action:ready",
        label=say(t, "offer.ready"),
        tooltip=say(t, "offer.ready_tip"),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(say(t, "offer.ready_menu"),),
    )


def _picked(name: str, needs: Needs, make: Callable[[Pick], Command | str], t: Texts) -> Offer:
    return Offer(
        key=f"action:{name}",
        label=say(t, f"offer.{name}"),
        needs=needs,
        make=make,
        prompts=(say(t, f"offer.{name}_prompt"),),
    )


def _draw(game: WrsGame, actor: str, t: Texts) -> Offer:
    state = game.fighters[actor]
    cat = game.catalogue
    items = [
        k
        for k in game.kind(actor).equipment
        if k not in state.drawn and (k in cat.weapons or k in cat.shields)
    ]
    choices = tuple(
        Offer(
            key=f"draw:{item}",
            label=item_name(game, item, t),
            make=_const(c.Draw(actor, item)),
        )
        for item in items
    )
    offer = Offer(
        key="action:draw",
        label=say(t, "offer.draw"),
        tooltip=say(t, "offer.draw_tip"),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(say(t, "offer.draw_menu"),),
    )
    return _gate(offer, "" if items else say(t, "no.nothing_to_draw"), t)


def _turn(actor: str, t: Texts) -> Offer:
    lang = t.language
    choices = tuple(
        Offer(
            key=f"turn:{facing}",
            label=FACING_WORDS[facing][1 if lang == "en" else 0],
            make=_const(c.Turn360(actor, facing)),
        )
        for facing in FACINGS
    )
    return Offer(
        key="action:turn",
        label=say(t, "offer.turn"),
        tooltip=say(t, "offer.turn_tip"),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(say(t, "offer.turn_menu"),),
        columns=2,
    )


# ---------------------------------------------------------------- the map
def map_click(game: WrsGame, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
    """Return what a left click means for the fighter who decides: a Schritt to an
    empty field, an attack with the first drawn weapon on an enemy, else nothing."""
    who = deciding(game)
    if who is None:
        return None
    actor, reacting = who
    me = game.fighters[actor]
    if creature is not None:
        other = game.fighters.get(creature)
        if other is None or other.side == me.side:
            return None
        plan = attack_plans(game, actor)[0]
        offer = attack_offer(game, actor, plan, t)
        label = f"{say(t, 'offer.attack')}: {offer.label}"  # "Angriff: Kurzschwert"
        offer = dataclasses.replace(offer, label=label)
        if not reacting and me.actions_left < 1:
            return _gate(offer, say(t, "no.actions"), t)
        return offer
    if reacting:
        return None
    is_open = door_beside(game, actor, cell)
    if is_open is not None and game.grid.is_door(cell):  # a click on a door field beside
        label = say(t, "offer.door_close" if is_open else "offer.door_open")
        door = dataclasses.replace(_door(game, actor, t), label=label)
        return _gate(door, say(t, "no.actions") if me.actions_left < 1 else "", t)
    offer = _step(game, actor, t)
    if me.actions_left < 1:
        return _gate(offer, say(t, "no.actions"), t)
    made = make_step(game, actor, cell, t)
    return _gate(offer, made if isinstance(made, str) else "", t)


def end_turn(game: WrsGame) -> Command | None:
    """Return Zug beenden for the fighter on turn, Passen in a reaction (None: over)."""
    who = deciding(game)
    if who is None:
        return None
    actor, reacting = who
    return c.Pass(actor) if reacting else c.EndTurn(actor)


#: The events after which another fighter acts: a new round, a turn ended by hand.
TURN_EVENTS = frozenset({"turn", "round", "end_turn"})


def passes_turn(events: Sequence[Event]) -> bool:
    """Return whether ``events`` start another turn or round (the engine logs no turn
    change of its own after a second action; the screen also watches ``on_turn``)."""
    return any(event.kind in TURN_EVENTS for event in events)
