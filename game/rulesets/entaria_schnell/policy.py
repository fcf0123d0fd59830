"""The built-in opponent of the quick rules: answer the open decision with one command.

Outcome: stun a Besiegt enemy. Order: the first candidate. Turn: the attack with the
best expected damage; else move toward the nearest enemy (Laufen when the walk does not
reach one); else reload; else end the turn.
"""

from __future__ import annotations

from fractions import Fraction

from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.attack_plan import AttackPlan
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.defeat import DefeatOutcome
from game.rulesets.entaria_schnell.rules.zones import zone_distances


def _expected(plan: AttackPlan) -> Fraction:
    """Return hit chance × mean damage: (SW + 3.5 − Panzerung) at least 0."""
    mean = max(Fraction(0), Fraction(plan.quick.sw) + Fraction(7, 2) - plan.armour)
    return plan.hit * (mean + Fraction(1, 10))


def choose_command(game: QuickGame) -> Command:
    """Return the opponent's command for the open decision."""
    decision = game.decisions()[0]
    if decision.kind is DecisionKind.OUTCOME:
        return c.ChooseOutcome(
            actor=decision.creature, target=decision.note, outcome=DefeatOutcome.STUNNED.name
        )
    if decision.kind is DecisionKind.ORDER:
        return c.ChooseNext(actor=game.order_candidates()[0])
    key = decision.creature or ""
    plans = game.attack_plans(key)
    if plans:
        best = max(plans, key=_expected)
        return c.Attack(actor=key, target=best.target, weapon=best.weapon)
    me = game.creatures[key]
    for weapon, loaded in sorted(me.loaded.items()):
        if not loaded and game.turn_allows(key, Action.INTERACT):
            return c.Reload(actor=key, weapon=weapon)
    move = _approach(game, key)
    if move is not None:
        return move
    return c.EndTurn(actor=key)


def _approach(game: QuickGame, key: str) -> Command | None:
    """Return the move that brings the creature nearest to an enemy, or None."""
    enemy_zones = {game.zone_of(k) for k in game.enemies_of(key)}
    if not enemy_zones or game.zone_of(key) in enemy_zones:
        return None
    best: tuple[int, int, str, int] | None = None
    for move, action in (("walk", Action.WALK), ("run", Action.RUN)):
        if not game.turn_allows(key, action):
            continue
        for zone in game.move_targets(key, move):
            if game.landing(key, zone) is None:
                continue
            steps = zone_distances(game.walk_graph, zone)
            gap = min((steps.get(z, 999) for z in enemy_zones), default=999)
            choice = (gap, 0 if move == "walk" else 1, move, zone)
            if best is None or choice < best:
                best = choice
    here = zone_distances(game.walk_graph, game.zone_of(key))
    now = min((here.get(z, 999) for z in enemy_zones), default=999)
    if best is None or best[0] >= now:
        return None
    return c.Move(actor=key, action=best[2], zone=best[3])
