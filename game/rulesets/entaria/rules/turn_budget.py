"""The per-turn budget: what a creature has spent in its turn of the round (E-ACT-2).

One VH or two HH, or one LH that fills the turn, plus one FH per round; Wehrlos for
repeating an action (E-ACT-6, E-OPEN-9 reading A); forfeiting after a critical failure
(E-CRIT-FAIL-2); the one HH an Abwarten trigger allows (E-ACT-VH-ABWARTEN-2). The type
of each action is read from the catalogue (actions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.entaria.rules.actions import ACTIONS, Action, ActionRule
from game.rulesets.entaria.rules.terms import ActionType, say

#: The type of the one action an Abwarten trigger allows (E-ACT-VH-ABWARTEN-2).
READY_TRIGGERED_TYPE = ActionType.HALF


class ActionNotAllowed(Exception):
    """The budget refuses an action; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class TurnBudget:
    """What a creature has spent in its turn of the current round (E-ACT-2).

    One VH or two HH, or one LH that fills the turn (E-OPEN-49); plus one FH per
    round (E-ACT-FH-2), which costs no HH or VH (E-ACT-FH-1). Each Impuls-bought HH
    (E-IMP-EFF-HALF) adds one more HH, also after a VH. ``spent`` lists the HH/VH/LH
    in order with the type they were paid as; ``readied`` is the HH an Abwarten
    trigger allowed. Values are immutable: every change returns a new budget.
    """

    spent: tuple[tuple[Action, ActionType], ...] = ()
    free_spent: tuple[Action, ...] = ()
    readied: Action | None = None
    extra_halves: int = 0
    incapacitated: bool = False
    forfeited: bool = False
    passed: bool = False

    @classmethod
    def for_creature(cls, incapacitated: bool = False) -> TurnBudget:
        """Return a fresh budget; a Handlungsunfähig creature gets one that refuses all."""
        return cls(incapacitated=incapacitated)

    # ------------------------------------------------------------------ queries
    @property
    def halves_spent(self) -> int:
        return sum(1 for _, kind in self.spent if kind is ActionType.HALF)

    @property
    def full_spent(self) -> bool:
        return any(kind is ActionType.FULL for _, kind in self.spent)

    @property
    def long_spent(self) -> bool:
        return any(kind is ActionType.LONGER for _, kind in self.spent)

    @property
    def halves_left(self) -> int:
        """Return how many HH may still be spent (0 once a VH/LH is spent without extras)."""
        if self.incapacitated or self.forfeited or self.passed or self.long_spent:
            return 0
        allowed = self.extra_halves + (0 if self.full_spent else 2)
        return max(0, allowed - self.halves_spent)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Return every action taken this round, in order, free ones last."""
        taken = [action for action, _ in self.spent]
        if self.readied is not None:
            taken.append(self.readied)
        return (*taken, *self.free_spent)

    def _counting(self) -> list[Action]:
        taken = [action for action, _ in self.spent]
        if self.readied is not None:
            taken.append(self.readied)
        return [action for action in taken if ACTIONS[action].counts_for_repeat]

    @property
    def repeated(self) -> bool:
        """Return whether an action was chosen twice this round: Wehrlos (E-ACT-6, E-OPEN-9)."""
        counting = self._counting()
        return len(counting) != len(set(counting))

    def defenceless_after(self, action: Action) -> bool:
        """Return whether the creature is Wehrlos once ``action`` is (also) taken.

        The same Action counts whatever its target, weapon, spell or unarmed option
        (E-OPEN-9 reading A); free actions never count.
        """
        if self.repeated:
            return True
        return ACTIONS[action].counts_for_repeat and action in self._counting()

    # ---------------------------------------------------------------- spending
    def can_spend(self, action: Action, *, as_type: ActionType | None = None) -> tuple[bool, str]:
        """Return (allowed, reason); ``as_type`` is the type a talent or the situation sets.

        E-ACT-5: a talent may make Verbergen an HH; Untersuchen may become an LH.
        """
        rule = ACTIONS[action]
        refused = self._refusal(rule)
        if refused:
            return False, refused
        return self._room_for(as_type or rule.action_type)

    def _refusal(self, rule: ActionRule) -> str:
        """Return why no action of this kind can be taken at all this round, or ""."""
        if not rule.enabled:
            return say(
                f"{rule.english} is not available: the rules do not define it",
                f"{rule.german} ist nicht verfügbar: die Regeln legen diese Handlung nicht fest",
            )
        if self.incapacitated:
            return say(
                "the creature is Handlungsunfähig and can perform no action",
                "das Wesen ist Handlungsunfähig und kann keine Handlung ausführen",
            )
        if self.forfeited:
            return say(
                "a critical failure forfeited every further action this round",
                "ein kritischer Fehler hat jede weitere Handlung dieser Runde verwirkt",
            )
        return ""

    def _room_for(self, kind: ActionType) -> tuple[bool, str]:
        """Return (allowed, reason): whether the turn has room for an action of ``kind``."""
        if kind is ActionType.FREE:
            if self.free_spent:
                return False, say(
                    "only one free action per round", "nur eine Freie Handlung (FH) pro Runde"
                )
            return True, ""
        if self.passed:
            return False, say("the creature passed its turn", "das Wesen hat seinen Zug ausgesetzt")
        if self.long_spent:
            return False, say(
                "a longer action occupies the whole turn",
                "eine Längere Handlung (LH) füllt den ganzen Zug",
            )
        if kind is ActionType.LONGER:
            if self.spent:
                return False, say(
                    "a longer action needs the whole turn, but actions were spent",
                    "eine Längere Handlung (LH) braucht den ganzen Zug, "
                    "es wurden aber schon Handlungen ausgeführt",
                )
            return True, ""
        if kind is ActionType.FULL:
            if self.full_spent:
                return False, say(
                    "only one full action per turn", "nur eine Volle Handlung (VH) pro Zug"
                )
            if self.halves_spent > self.extra_halves:
                return False, say(
                    "a full action cannot follow half actions in the same turn",
                    "eine Volle Handlung (VH) kann im selben Zug nicht auf Halbe Handlungen folgen",
                )
            return True, ""
        if self.halves_left > 0:
            return True, ""
        if self.full_spent:
            return False, say(
                "a full action leaves no half action in the same turn",
                "nach einer Vollen Handlung (VH) bleibt im selben Zug keine Halbe Handlung",
            )
        return False, say(
            "no half action left: two per turn",
            "keine Halbe Handlung (HH) mehr übrig: zwei pro Zug",
        )

    def spend(self, action: Action, *, as_type: ActionType | None = None) -> TurnBudget:
        """Return the budget after ``action``; raise ActionNotAllowed when it is refused."""
        allowed, reason = self.can_spend(action, as_type=as_type)
        if not allowed:
            raise ActionNotAllowed(reason)
        kind = as_type or ACTIONS[action].action_type
        if kind is ActionType.FREE:
            return replace(self, free_spent=(*self.free_spent, action))
        return replace(self, spent=(*self.spent, (action, kind)))

    def with_extra_half(self) -> TurnBudget:
        """Return the budget with one more HH bought with 5 Impuls (E-IMP-EFF-HALF)."""
        if self.incapacitated or self.forfeited:
            raise ActionNotAllowed(
                say(
                    "the creature cannot act this round, an extra half is lost",
                    "das Wesen kann in dieser Runde nicht handeln, eine zusätzliche HH verfällt",
                )
            )
        if self.long_spent:
            raise ActionNotAllowed(
                say(
                    "a longer action occupies the whole turn",
                    "eine Längere Handlung (LH) füllt den ganzen Zug",
                )
            )
        return replace(self, extra_halves=self.extra_halves + 1)

    def spend_readied(self, action: Action, *, as_type: ActionType | None = None) -> TurnBudget:
        """Return the budget after the one HH an Abwarten trigger allows (E-ACT-VH-ABWARTEN-2)."""
        if self.incapacitated or self.forfeited:
            raise ActionNotAllowed(
                say(
                    "the creature cannot act this round",
                    "das Wesen kann in dieser Runde nicht handeln",
                )
            )
        if Action.READY not in (done for done, _ in self.spent):
            raise ActionNotAllowed(
                say(
                    "only a creature that chose Abwarten can act on its event",
                    "nur ein Wesen, das Abwarten gewählt hat, kann bei seinem Ereignis handeln",
                )
            )
        if self.readied is not None:
            raise ActionNotAllowed(
                say(
                    "the readied half action was already used",
                    "die abgewartete Halbe Handlung wurde schon genutzt",
                )
            )
        rule = ACTIONS[action]
        if not rule.enabled:
            raise ActionNotAllowed(
                say(f"{rule.english} is not available", f"{rule.german} ist nicht verfügbar")
            )
        if (as_type or rule.action_type) is not READY_TRIGGERED_TYPE:
            raise ActionNotAllowed(
                say(
                    "an Abwarten trigger allows one half action only",
                    "ein Abwarten-Auslöser erlaubt nur eine Halbe Handlung (HH)",
                )
            )
        return replace(self, readied=action)

    def forfeit(self) -> TurnBudget:
        """Return the budget after a critical failure: nothing more this round, FH included.

        E-CRIT-FAIL-2, E-OPEN-30 (iii).
        """
        return replace(self, forfeited=True)

    def pass_turn(self) -> TurnBudget:
        """Return the budget of a creature that forgoes its actions (E-ACT-7); the FH stays."""
        return replace(self, passed=True)
