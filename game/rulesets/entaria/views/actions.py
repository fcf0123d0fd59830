"""ENTARIA's action groups: HH / VH / LH / FH with the turn's remaining budget.

Each group lists the catalogue's actions of its type in catalogue order, with the
engine's verdict (``Battle.legal_actions``) and its reason in the screen's language.
The first ten carry the number keys 1-9, 0. The screen starts an action with its own
tool (``Needs.TOOL``): a path, a target, a template.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.match.events import Event
from game.match.views import ActionGroup, Needs, Offer, Texts
from game.rulesets.entaria.engine import Battle, LegalAction
from game.rulesets.entaria.rules.actions import ACTIONS, Action
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
        offers = tuple(
            _offer(battle, action, number, verdicts.get(action), t)
            for number, action in enumerate(actions_of(group))
        )
        groups.append(ActionGroup(group.name, f"{group.value} {left}", tip, left > 0, offers))
    return tuple(groups)


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
    name = says(t.language, rule.german, f"{rule.english} ({rule.german})")
    lines = [f"{name} - {t(f'hud.type.{rule.action_type.name}')}"]
    if rule.alternative_types:
        alts = ", ".join(t(f"hud.type.{a.name}") for a in rule.alternative_types)
        lines.append(t("hud.actions.also_as", types=alts))
    if verdict is not None and not verdict.allowed:
        lines.append(t("hud.actions.not_allowed", reason=reason(verdict.reason, t)))
    elif battle.state.budget.defenceless_after(action):
        lines.append(t("hud.actions.repeat_warning"))  # E-ACT-6, asked of the budget
    lines.append(", ".join(rule.rule_ids))
    return "\n".join(lines)


def passes_turn(events: Sequence[Event]) -> bool:
    """Return whether ``events`` start another turn or round."""
    return any(event.kind in ("turn", "round") for event in events)
