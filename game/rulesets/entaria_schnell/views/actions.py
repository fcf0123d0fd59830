"""The quick rules' action bar and map clicks: the turn, the order and the outcome.

A turn has one VH or two HH (Q-ACT-1): Gehen, Laufen and Lösen move zone by zone
(Q-MOVE-1..3), Angriff is Nahkampf in the own zone or Fernkampf over the bands
(Q-ATK-1, Q-RANGE-*), Nachladen empties no more (Q-CRIT-FAIL-2), Volldeckung behind a
wall (Q-COVER-2), Aufstehen, Zug beenden. In an ORDER decision the deciding side picks
who acts next (Q-INIT-2, Q-INIT-5); in an OUTCOME decision the character chooses what
becomes of a Besiegt enemy (Q-DEFEAT-2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.board.grid import Cell
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.match.views import ActionGroup, Make, Needs, Offer, Pick, Texts, ZoneLayout
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.attack_plan import AttackPlan, in_full_cover
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.defeat import DefeatOutcome
from game.rulesets.entaria_schnell.views.terms import (
    creature_name,
    item_name,
    reason,
    told,
    tr,
    zone_name,
)

HOTKEYS = "1234567890"

#: The moves: command word, action, German and English label, tooltip.
MOVES: tuple[tuple[str, Action, str, str, str, str], ...] = (
    (
        "walk",
        Action.WALK,
        "Gehen",
        "Walk",
        "Gehen (HH): in eine nahe Zone; nicht an Gegnern vorbei",
        "walk (half action): into a near zone; not past enemies",
    ),
    (
        "run",
        Action.RUN,
        "Laufen",
        "Run",
        "Laufen (VH): weiter als Gehen; nicht an Gegnern vorbei",
        "run (full action): farther than walking; not past enemies",
    ),
    (
        "disengage",
        Action.DISENGAGE,
        "Lösen",
        "Disengage",
        "Lösen: aus dem Nahkampf in eine benachbarte Zone",
        "disengage: out of melee into a neighbouring zone",
    ),
)


def deciding(game: QuickGame) -> tuple[DecisionKind, str | None, str | None] | None:
    """Return the open decision's kind, creature and note (None: the fight is over)."""
    decisions = game.decisions()
    if not decisions:
        return None
    found = decisions[0]
    return found.kind, found.creature, found.note


def _const(command: Command) -> Make:
    def make(_pick: Pick) -> Command | str:
        return command

    return make


def _numbered(offers: Sequence[Offer]) -> tuple[Offer, ...]:
    return tuple(
        dataclasses.replace(offer, hotkey=HOTKEYS[i] if i < len(HOTKEYS) else "")
        for i, offer in enumerate(offers)
    )


def _gate(offer: Offer, why: str, t: Texts) -> Offer:
    """Return ``offer`` greyed with ``why`` ("": as it is), its choices with it."""
    if not why:
        return offer
    told = tr(t, f"{offer.label} geht nicht: {why}", f"{offer.label} is not possible: {why}")
    tip = f"{offer.tooltip}\n{why}" if offer.tooltip else why
    choices = tuple(_gate(choice, why, t) for choice in offer.choices)
    return dataclasses.replace(offer, enabled=False, reason=told, tooltip=tip, choices=choices)


def _why_not(game: QuickGame, actor: str, action: Action, t: Texts) -> str:
    """Return why the turn cannot take ``action`` now ("": it can, Q-ACT-1)."""
    if game.turn_allows(actor, action):
        return ""
    allowed, why = game.turn.can_take(action)
    if allowed:
        return tr(t, "jetzt nicht", "not now")
    return reason(why, t)


# ------------------------------------------------------------------ groups
def action_groups(game: QuickGame, t: Texts) -> tuple[ActionGroup, ...]:
    """Return the group of the open decision: the turn, the order or the outcome."""
    found = deciding(game)
    if found is None:
        return ()
    kind, creature, note = found
    if kind is DecisionKind.ORDER:
        return (order_group(game, t),)
    if kind is DecisionKind.OUTCOME and creature is not None and note is not None:
        return (outcome_group(game, creature, note, t),)
    if creature is None:
        return ()
    halves = game.turn.budget.halves_left
    label = tr(t, f"Zug · {halves} HH", f"Turn · {halves} half actions")
    tip = tr(
        t,
        "Eine Volle Handlung (VH) oder zwei Halbe Handlungen (HH) pro Zug",
        "one full action or two half actions per turn",
    )
    offers = _numbered(turn_offers(game, creature, t))
    return (ActionGroup("turn", label, tip, halves > 0, offers),)


def order_group(game: QuickGame, t: Texts) -> ActionGroup:
    """Return who the deciding side may let act next (Q-INIT-2, Q-INIT-5)."""
    offers = [
        Offer(
            key=f"order:{key}",
            label=creature_name(game, key),
            tooltip=tr(
                t,
                f"{creature_name(game, key)} handelt als Nächstes",
                f"{creature_name(game, key)} acts next",
            ),
            make=_const(c.ChooseNext(key)),
        )
        for key in game.order_candidates()
    ]
    return ActionGroup(
        "order",
        tr(t, "Wer handelt?", "Who acts?"),
        tr(
            t,
            "Die Gruppe wählt, wer aus dem Block als Nächstes handelt",
            "the group chooses who of the block acts next",
        ),
        bool(offers),
        _numbered(offers),
    )


def outcome_label(outcome: DefeatOutcome, t: Texts) -> str:
    """Return töten, überzeugen, befragen, betäuben (or the English)."""
    label = outcome.label
    return label.de if t.language == "de" else str(label)


def outcome_group(game: QuickGame, attacker: str, target: str, t: Texts) -> ActionGroup:
    """Return the four outcomes for a Besiegt enemy (Q-DEFEAT-2, Q-OPEN-14)."""
    whom = creature_name(game, target)
    offers = [
        Offer(
            key=f"outcome:{outcome.name}",
            label=outcome_label(outcome, t),
            tooltip=tr(
                t,
                f"{whom} ist besiegt: {outcome_label(outcome, t)}",
                f"{whom} is defeated: {outcome_label(outcome, t)}",
            ),
            make=_const(c.ChooseOutcome(attacker, target, outcome.name)),
        )
        for outcome in DefeatOutcome
    ]
    return ActionGroup(
        "outcome",
        tr(t, f"Besiegt: {whom}", f"Defeated: {whom}"),
        tr(t, f"Was wird aus {whom}?", f"What becomes of {whom}?"),
        True,
        _numbered(offers),
    )


def turn_offers(game: QuickGame, actor: str, t: Texts) -> list[Offer]:
    """Return the turn's offers, each greyed with the reason where it cannot be taken."""
    me = game.creatures[actor]
    offers = [move_offer(game, actor, move, t) for move, *_ in MOVES]
    offers.append(attack_menu(game, actor, t))
    offers.append(reload_offer(game, actor, t))
    if in_full_cover(me):
        offers.append(
            Offer(
                key="action:uncover",
                label=tr(t, "Deckung verlassen", "Leave cover"),
                tooltip=tr(
                    t,
                    "Volldeckung aufgeben: Schemenhaft und Bewegungslos enden",
                    "give up full cover: obscured and immobilised end",
                ),
                make=_const(c.LeaveCover(actor)),
            )
        )
    else:
        cover = Offer(
            key="action:cover",
            label=tr(t, "Volldeckung", "Full cover"),
            tooltip=tr(
                t,
                "Hinter eine Wand oder ein Hindernis neben dir: Schemenhaft und Bewegungslos",
                "behind a wall or obstacle beside you: obscured and immobilised",
            ),
            make=_const(c.TakeCover(actor)),
        )
        why = _why_not(game, actor, Action.CHANGE_POSITION, t)
        if not why and not game.cover_possible(actor):
            why = tr(
                t, "keine Wand und kein Hindernis als Deckung", "no wall or obstacle to hide behind"
            )
        offers.append(_gate(cover, why, t))
    if me.held.count(Condition.PRONE):
        stand = Offer(
            key="action:stand",
            label=tr(t, "Aufstehen", "Stand up"),
            tooltip=tr(t, "Aufstehen (HH)", "stand up (half action)"),
            make=_const(c.StandUp(actor)),
        )
        offers.append(_gate(stand, _why_not(game, actor, Action.CHANGE_POSITION, t), t))
    buy = Offer(
        key="action:buy_half",
        label=tr(t, "Impuls: +1 HH", "Impulse: +1 half"),
        tooltip=tr(
            t,
            "5 Impuls der Gruppe für eine zusätzliche Halbe Handlung",
            "5 of the group's Impulse for one more half action",
        ),
        make=_const(c.BuyHalfAction(actor)),
    )
    refusal = game.half_purchase_refusal(actor)
    offers.append(_gate(buy, reason(refusal, t) if refusal else "", t))
    offers.append(
        Offer(
            key="action:end_turn",
            label=tr(t, "Zug beenden", "End turn"),
            tooltip=tr(t, "Nicht genutzte Handlungen verfallen", "unspent actions are lost"),
            make=_const(c.EndTurn(actor)),
        )
    )
    return offers


# ------------------------------------------------------------------ moves
def move_offer(game: QuickGame, actor: str, move: str, t: Texts) -> Offer:
    """Return Gehen, Laufen or Lösen: pick a field of a zone it reaches (Q-MOVE-1..3)."""
    _, action, de, en, tip_de, tip_en = next(m for m in MOVES if m[0] == move)
    targets = game.move_targets(actor, move)
    names = ", ".join(zone_name(game, z) for z in sorted(targets))
    tip = tr(t, tip_de, tip_en)
    if names:
        tip += "\n" + tr(t, f"Zonen: {names}", f"zones: {names}")
    offer = Offer(
        key=f"action:{move}",
        label=tr(t, de, en),
        tooltip=tip,
        needs=Needs.FIELD,
        make=lambda pick: make_move(game, actor, move, pick.cell, t),
        prompts=(tr(t, "Feld in der Zielzone wählen", "pick a field in the zone to move to"),),
        action=move,
    )
    why = _why_not(game, actor, action, t)
    if not why and not targets:
        here = game.zone_of(actor)
        engaged = any(game.zone_of(k) == here for k in game.enemies_of(actor))
        if move == "disengage" and not engaged:
            why = tr(t, "kein Gegner in deiner Zone", "no enemy in your zone")
        else:
            why = tr(t, "keine Zone erreichbar", "no zone in reach")
    return _gate(offer, why, t)


def make_move(game: QuickGame, actor: str, move: str, cell: Cell | None, t: Texts) -> Command | str:
    """Return the Move into the zone of ``cell`` (onto ``cell`` when it is free), or why not."""
    if cell is None or not game.grid.in_bounds(cell):
        return tr(t, "Kein Feld gewählt", "no field picked")
    cell = (int(cell[0]), int(cell[1]))
    zone = game.zones.zone_of(cell)
    if zone < 0:
        return tr(t, "Dieses Feld gehört zu keiner Zone", "this field belongs to no zone")
    if zone not in game.move_targets(actor, move):
        name = zone_name(game, zone)
        return tr(t, f"Zone {name} ist nicht erreichbar", f"zone {name} cannot be reached")
    if game.landing(actor, zone, cell) is not None:
        return c.Move(actor, move, zone, cell[0], cell[1])
    if game.landing(actor, zone) is None:
        name = zone_name(game, zone)
        return tr(t, f"Kein freies Feld in Zone {name}", f"no free field in zone {name}")
    return c.Move(actor, move, zone)


# ---------------------------------------------------------------- attacks
def weapon_keys(game: QuickGame, actor: str) -> list[str]:
    """Return the creature's weapons, then "" (unarmed)."""
    me = game.creatures[actor]
    return [w.key for w in game.catalogue.weapons_in(me.equipment) if w.key not in me.thrown] + [""]


def attack_offer(game: QuickGame, actor: str, weapon: str, t: Texts) -> Offer:
    """Return the attack with one weapon: pick the enemy, then the Attack command."""
    name = item_name(game, weapon, t)
    return Offer(
        key=f"attack:{weapon or 'unarmed'}",
        label=name,
        tooltip=tr(
            t,
            "Nahkampf in der eigenen Zone, Fernkampf über die Reichweiten Nah/Mittel/Weit/Extra",
            "melee in the own zone, ranged over the bands near/medium/long/extra",
        ),
        needs=Needs.CREATURE,
        make=lambda pick: make_attack(game, actor, weapon, pick.creature, t),
        prompts=(tr(t, "Gegner wählen", "pick an enemy"),),
        action=("attack", weapon),
    )


def make_attack(
    game: QuickGame, actor: str, weapon: str, target: str | None, t: Texts
) -> Command | str:
    """Return the Attack on ``target``, or why not in player words (Q-ATK-1, Q-RANGE-*)."""
    if target is None or target not in game.creatures:
        return tr(t, "Kein Gegner gewählt", "no enemy picked")
    found = game.plan(actor, target, weapon)
    if found.refusal:
        return told(game, found.refusal, t)
    why = _why_not(game, actor, found.action, t)
    if why:
        return why
    return c.Attack(actor, target, weapon)


def attack_menu(game: QuickGame, actor: str, t: Texts) -> Offer:
    """Return Angriff: a menu of the weapons (and waffenlos)."""
    plans = game.attack_plans(actor)
    usable = {plan.weapon for plan in plans}
    out_of_reach = tr(t, "kein Gegner in Reichweite", "no enemy within reach")
    choices = tuple(
        _gate(attack_offer(game, actor, w, t), "" if w in usable else out_of_reach, t)
        for w in weapon_keys(game, actor)
    )
    offer = Offer(
        key="action:attack",
        label=tr(t, "Angriff", "Attack"),
        tooltip=tr(t, "Nahkampf oder Fernkampf", "melee or ranged attack"),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(tr(t, "Womit angreifen?", "Attack with?"),),
    )
    why = "" if plans else out_of_reach
    if not any(game.turn_allows(actor, a) for a in (Action.MELEE_ATTACK, Action.RANGED_ATTACK)):
        why = _why_not(game, actor, Action.MELEE_ATTACK, t)
    return _gate(offer, why, t)


def best_plan(game: QuickGame, actor: str, target: str) -> AttackPlan | None:
    """Return the attack on ``target`` with the best chance (None: none can be made)."""
    plans = [p for p in game.attack_plans(actor) if p.target == target]
    if not plans:
        return None
    return max(plans, key=lambda p: (p.chances.hit, p.quick.sw))


def reload_offer(game: QuickGame, actor: str, t: Texts) -> Offer:
    """Return Nachladen: a menu of the empty magazines (Q-CRIT-FAIL-2)."""
    me = game.creatures[actor]
    empty = [k for k, loaded in me.loaded.items() if not loaded]
    choices = tuple(
        Offer(key=f"reload:{k}", label=item_name(game, k, t), make=_const(c.Reload(actor, k)))
        for k in empty
    )
    offer = Offer(
        key="action:reload",
        label=tr(t, "Nachladen", "Reload"),
        tooltip=tr(
            t, "Ein leeres Magazin nachladen (HH)", "reload an empty magazine (half action)"
        ),
        needs=Needs.CHOICE,
        choices=choices,
        prompts=(tr(t, "Welche Waffe?", "Which weapon?"),),
    )
    why = "" if empty else tr(t, "kein Magazin ist leer", "no magazine is empty")
    return _gate(offer, why or _why_not(game, actor, Action.INTERACT, t), t)


# ---------------------------------------------------------------- the map
def map_click(game: QuickGame, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
    """Return what a left click means: an ORDER pick, an attack on an enemy with the best
    weapon, a move into the zone of the field (Gehen in reach, else Laufen)."""
    found = deciding(game)
    if found is None:
        return None
    kind, actor, _note = found
    if kind is DecisionKind.ORDER:
        if creature is None or creature not in game.order_candidates():
            return None
        offer = next(o for o in order_group(game, t).offers if o.key == f"order:{creature}")
        return dataclasses.replace(offer, label=offer.tooltip)
    if kind is not DecisionKind.TURN or actor is None:
        return None
    me = game.creatures[actor]
    if creature is not None:
        other = game.creatures.get(creature)
        if other is None or other.side == me.side or not game.standing(creature):
            return None
        plan = best_plan(game, actor, creature)
        weapon = plan.weapon if plan is not None else weapon_keys(game, actor)[0]
        offer = attack_offer(game, actor, weapon, t)
        label = f"{tr(t, 'Angriff', 'Attack')}: {offer.label}"
        offer = dataclasses.replace(offer, label=label)
        made = make_attack(game, actor, weapon, creature, t)
        return _gate(offer, made if isinstance(made, str) else "", t)
    if not game.grid.in_bounds(cell):
        return None
    zone = game.zones.zone_of((int(cell[0]), int(cell[1])))
    if zone < 0 or zone == game.zone_of(actor):
        return None
    for move in ("walk", "run", "disengage"):
        if zone in game.move_targets(actor, move) and game.turn_allows(actor, MOVES_BY[move]):
            offer = move_offer(game, actor, move, t)
            made = make_move(game, actor, move, cell, t)
            label = f"{offer.label}: {tr(t, 'Zone', 'zone')} {zone_name(game, zone)}"
            return _gate(
                dataclasses.replace(offer, label=label), made if isinstance(made, str) else "", t
            )
    offer = move_offer(game, actor, "walk", t)
    why = tr(
        t,
        f"Zone {zone_name(game, zone)} ist nicht erreichbar",
        f"zone {zone_name(game, zone)} cannot be reached",
    )
    return _gate(offer, why, t)


MOVES_BY = {move: action for move, action, *_ in MOVES}


def zone_layout(game: QuickGame) -> ZoneLayout:
    """Return the zones over the map: those the creature on turn can walk or run into,
    and its own zone (Q-MOVE-1)."""
    actor = game.current if game.pending is None else None
    reachable: frozenset[int] = frozenset()
    current: int | None = None
    if actor is not None and not game.over:
        current = game.zone_of(actor)
        found: set[int] = set()
        for move in ("walk", "run"):
            if game.turn_allows(actor, MOVES_BY[move]):
                found |= set(game.move_targets(actor, move))
        reachable = frozenset(found)
    return ZoneLayout(game.zones.ids, tuple(game.zones.names), reachable, current)


def end_turn(game: QuickGame) -> Command | None:
    """Return Zug beenden for the creature on turn (None: no turn is open)."""
    found = deciding(game)
    if found is None or found[0] is not DecisionKind.TURN or found[1] is None:
        return None
    return c.EndTurn(found[1])


#: The events after which another creature acts.
TURN_EVENTS = frozenset({"turn", "round", "over"})


def passes_turn(events: Sequence[Event]) -> bool:
    """Return whether ``events`` start another turn or round."""
    return any(event.kind in TURN_EVENTS for event in events)
