"""ENTARIA's action groups: HH / VH / LH / FH with the turn's remaining budget.

Each group lists the catalogue's actions of its type in catalogue order, with the
engine's verdict (``Battle.legal_actions``) and its reason in the screen's language.
The first ten carry the number keys 1-9, 0. The screen starts an action with its own
tool (``Needs.TOOL``): a path, a target, a template.

A throwing weapon on the belt (carried, not in hand) gets its own offer right after
Wurfangriff, "Wurfangriff: <weapon>": Interagieren (draw) and Wurfangriff (throw) in one
step (``draw_and_throw``, E-OPEN-16), greyed with the reason when the turn, the hands or
the weapon do not allow it. The book's "Wurfwaffe ziehen und werfen"
(``Action.DRAW_AND_THROW``) is undefined and never available: it is not shown, the
belt's offers take its place and their tooltip says why there is no such action.
Numbers stay those of the catalogue, so the offers after them keep their keys.

``area_fire_offer`` is the attack tool's "Bereichsfeuer" button for the held weapon: greyed
with the engine's own refusal (``queries.dry_runs.area_fire_refusal``) when the handler
would refuse it, so a submachine gun never offers what only VH -> Dauerfeuer does.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.match.events import Event
from game.match.views import ActionGroup, Needs, Offer, Texts
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.draw_and_throw import (
    ThrowFromBelt,
    belt_weapons,
    draw_and_throw_problem,
)
from game.rulesets.entaria.engine import Battle, LegalAction
from game.rulesets.entaria.queries.dry_runs import area_fire_refusal
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.draw_and_throw import (
    DRAW_THEN_THROW,
    defenceless_after_draw_and_throw,
)
from game.rulesets.entaria.rules.terms import ActionType
from game.rulesets.entaria.views.terms import reason, says

#: The groups in the order of the tabs.
GROUPS: tuple[ActionType, ...] = (
    ActionType.HALF,
    ActionType.FULL,
    ActionType.LONGER,
    ActionType.FREE,
)
HOTKEYS = "1234567890"
#: Actions the bar never shows: undefined by the rules, replaced by the belt's offers.
HIDDEN = frozenset({Action.DRAW_AND_THROW})


def actions_of(group: ActionType) -> list[Action]:
    """Return the catalogue's actions of one type, in catalogue order."""
    return [action for action, rule in ACTIONS.items() if rule.action_type is group]


def remaining(battle: Battle, group: ActionType) -> int:
    """Return how many actions of ``group`` the turn's budget still allows."""
    budget = battle.state.budget
    if group is ActionType.HALF:
        return int(budget.halves_left)
    probe = next(a for a in actions_of(group) if ACTIONS[a].enabled)
    return 1 if budget.can_spend(probe, as_type=group)[0] else 0


def action_label(action: Action, t: Texts) -> str:
    rule = ACTIONS[action]
    return says(t.language, rule.german, rule.english)


def action_groups(battle: Battle, t: Texts) -> tuple[ActionGroup, ...]:
    """Return the four groups of the current creature's turn."""
    if battle.state.over or not battle.state.order:
        return ()
    verdicts = {la.action: la for la in battle.legal_actions()}
    taken = battle.state.budget.actions
    spent = ", ".join(action_label(a, t) for a in taken) or t("hud.actions.nothing_spent")
    groups = []
    for group in GROUPS:
        left = remaining(battle, group)
        tip = t("hud.actions.tab_tip", name=t(f"hud.type.{group.name}"), left=left, spent=spent)
        offers: list[Offer] = []
        for number, action in enumerate(actions_of(group)):
            if action in HIDDEN:
                continue
            offers.append(_offer(battle, action, number, verdicts.get(action), t))
            if action is Action.THROW_ATTACK:
                offers += _belt_offers(battle, verdicts, t)
        groups.append(ActionGroup(group.name, _tab(group, left, t), tip, left > 0, tuple(offers)))
    return tuple(groups)


def _tab(group: ActionType, left: int, t: Texts) -> str:
    """Return the tab's label: "HH 2" in German, "Half 2" in English."""
    return t(f"hud.type_short.{group.name}", left=left)


def _offer(
    battle: Battle, action: Action, number: int, verdict: LegalAction | None, t: Texts
) -> Offer:
    label = action_label(action, t)
    why = reason(verdict.reason, t) if verdict is not None else ""
    return Offer(
        key=f"action:{action.name}",
        label=label,
        enabled=verdict is not None and verdict.allowed,
        reason=t("hud.actions.refused", action=label, reason=why),
        tooltip=_tooltip(battle, action, verdict, t),
        hotkey=HOTKEYS[number] if number < len(HOTKEYS) else "",
        needs=Needs.TOOL,
        action=action,
    )


def _tooltip(battle: Battle, action: Action, verdict: LegalAction | None, t: Texts) -> str:
    rule = ACTIONS[action]
    name = says(t.language, rule.german, rule.english)  # one language: no German in English
    lines = [f"{name} - {t(f'hud.type.{rule.action_type.name}')}"]
    if rule.alternative_types:
        alts = ", ".join(t(f"hud.type.{a.name}") for a in rule.alternative_types)
        lines.append(t("hud.actions.also_as", types=alts))
    if verdict is not None and not verdict.allowed:
        lines.append(t("hud.actions.not_allowed", reason=reason(verdict.reason, t)))
    elif battle.state.budget.defenceless_after(action):
        lines.append(t("hud.actions.repeat_warning"))  # E-ACT-6, asked of the budget
    return "\n".join(lines)  # the rule IDs stay in ACTION_RULES, not in a player's tooltip


def _belt_offers(battle: Battle, verdicts: dict[Action, LegalAction], t: Texts) -> list[Offer]:
    """Return "Wurfangriff: <weapon>" for each throwing weapon on the belt (E-OPEN-16)."""
    creature = battle.current
    offers = []
    for weapon in belt_weapons(battle, creature):
        label = f"{action_label(Action.THROW_ATTACK, t)}: {_weapon_name(weapon, t)}"
        why = _belt_refusal(battle, weapon, verdicts)
        offers.append(
            Offer(
                key=f"belt:{weapon.key}",
                label=label,
                enabled=not why,
                reason=t("hud.actions.refused", action=label, reason=reason(why, t)),
                tooltip=_belt_tooltip(battle, weapon, label, why, t),
                needs=Needs.TOOL,
                action=ThrowFromBelt(weapon.key),
            )
        )
    return offers


def _weapon_name(weapon: WeaponType, t: Texts) -> str:
    return says(t.language, weapon.name, weapon.english)


def _belt_refusal(battle: Battle, weapon: WeaponType, verdicts: dict[Action, LegalAction]) -> str:
    """Return why the weapon cannot be drawn and thrown now, or "" (the draw's verdict first:
    a longer action under way, an area fire to place)."""
    verdict = verdicts.get(DRAW_THEN_THROW[0])
    if verdict is not None and not verdict.allowed:
        return verdict.reason
    return draw_and_throw_problem(battle, battle.current, weapon.key)


def _belt_tooltip(battle: Battle, weapon: WeaponType, label: str, why: str, t: Texts) -> str:
    halves = " + ".join(t(f"hud.type.{ACTIONS[a].action_type.name}") for a in DRAW_THEN_THROW)
    lines = [f"{label} - {halves}", t("hud.actions.from_belt", weapon=_weapon_name(weapon, t))]
    if why:
        lines.append(t("hud.actions.not_allowed", reason=reason(why, t)))
    elif defenceless_after_draw_and_throw(battle.state.budget):
        lines.append(t("hud.actions.repeat_warning"))  # E-ACT-6, asked of the rules
    lines.append(t("hud.actions.from_belt_book"))
    return "\n".join(lines)


def area_fire_offer(battle: Battle, key: str, weapon: str, mode: AreaFireAction, t: Texts) -> Offer:
    """Return the offer to lay ``mode`` with the held ``weapon``, greyed with the engine's
    reason when its handler would refuse it (D-6, E-AREAFIRE-1).

    A refused mode names the other area fires the weapon would lay now ("VH ->
    Dauerfeuer"), each asked of the same dry run.
    """
    rule = ACTIONS[mode.action]
    label = says(t.language, "Bereichsfeuer", "Area fire")
    why = area_fire_refusal(battle, key, weapon, mode)
    lines = [f"{label} - {action_label(mode.action, t)} ({t(f'hud.type.{rule.action_type.name}')})"]
    if why:
        lines.append(t("hud.actions.not_allowed", reason=reason(why, t)))
        ways = [
            f"{ACTIONS[other.action].action_type.value} -> {action_label(other.action, t)}"
            for other in AreaFireAction
            if other is not mode and not area_fire_refusal(battle, key, weapon, other)
        ]
        if ways:
            lines.append(says(t.language, "Stattdessen: ", "Instead: ") + ", ".join(ways))
    return Offer(
        key=f"area_fire:{mode.name}",
        label=label,
        enabled=not why,
        reason=" ".join(
            [t("hud.actions.refused", action=label, reason=reason(why, t)), *lines[2:]]
        ),
        tooltip="\n".join(lines),
        needs=Needs.TOOL,
        action=mode,
    )


def passes_turn(events: Sequence[Event]) -> bool:
    """Return whether ``events`` start another turn or round."""
    return any(event.kind in ("turn", "round") for event in events)
