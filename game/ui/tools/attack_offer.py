"""Honest attack offers on the map (issue 12): what a click would send is asked first.

The map tools offer an attack ("Klick: Angriff", a target's chance) only when the engine
would take the very command the click sends. The answer is the ruleset's dry run
(``queries.dry_runs.refusal``: the command applied to a copy of the match), asked once
per change of the match and kept in the scene's ``Layers``; its reason is the engine's
own text in the screen's language. The hit chance a hover shows is the views' (the
attack tool's ``Views.attack_odds``), for the action the click's command plans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.commands import Command
from game.match.views import Odds
from game.rulesets.entaria.queries.dry_runs import refusal
from game.rulesets.entaria.queries.targets import TargetMark
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import in_language
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost

__all__ = ["plain_attack_odds", "refusal_text", "refused"]


def refused(scene: MapHost, command: Command) -> str:
    """Return why the engine would refuse ``command`` now ("" : it would take it).

    The dry run on a copy costs a few milliseconds, so it runs once per change of the
    match for each command asked (``Layers.get``); the reason is the engine's.
    """
    battle = scene.session.battle
    return layers_of(scene).get(scene, ("refusal", command), lambda: refusal(battle, command))


def refusal_text(scene: MapHost, command: Command) -> str:
    """Return "Kein Angriff: <the engine's reason>" when ``command`` is refused, else ""."""
    why = refused(scene, command)
    if not why:
        return ""
    t = scene.app.t
    return str(t("tools.cannot_attack", reason=in_language(why, t.language)))


def plain_attack_odds(scene: MapHost, actor: str, mark: TargetMark, weapon: str) -> Odds | None:
    """Return the views' chance of the select tool's plain attack (Nah- or Fernkampf).

    The click sends ``Attack``, which the engine plans as melee or ranged exactly as the
    target mark does (``mark.melee``); the chance asks the same views the attack tool
    asks, once per change of the match.
    """
    session = scene.session
    battle, views, t = session.battle, session.views, scene.app.t
    action = Action.MELEE_ATTACK if mark.melee else Action.RANGED_ATTACK
    key = ("plain_odds", actor, mark.key, weapon, action, t.language)
    return layers_of(scene).get(
        scene,
        key,
        lambda: views.attack_odds(battle, actor, mark.key, weapon, action, None, None, t),
    )
