"""The quick rules' tokens: the LP bar, marks for Volldeckung, Liegend and an empty magazine.

An enemy at 0 LP is Besiegt (Q-DEFEAT-1): drawn unconscious, dead once the character chose
to kill (Q-DEFEAT-2); a character follows ENTARIA's conditions (Q-DEFEAT-1, E-LP).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.match.views import Colour, Mark, Meter, Piece
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.terms import life_of
from game.rulesets.entaria_schnell.attack_plan import in_full_cover
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.rules.defeat import DefeatOutcome
from game.rulesets.entaria_schnell.state import QuickCreature

_COVER: Colour = (56, 150, 84)
_PRONE: Colour = (196, 64, 52)
_EMPTY: Colour = (214, 138, 38)


def life(creature: QuickCreature) -> str:
    """Return how the token looks: "ok", "unconscious", "dying" or "dead"."""
    if creature.defeated:
        return "dead" if creature.outcome == DefeatOutcome.KILLED.name else "unconscious"
    found = life_of(set(creature.held))
    if found == "ok" and creature.lp <= 0:
        return "unconscious"
    return found


def meter(creature: QuickCreature) -> Meter:
    """Return the LP bar: "LP 12/16"."""
    top = creature.kind.life_points
    return Meter(max(0, creature.lp), top, label=f"LP {creature.lp}/{top}")


def marks(creature: QuickCreature) -> tuple[Mark, ...]:
    """Return the token's marks: Volldeckung (VD), Liegend (Li), an empty magazine (Mg)."""
    out = []
    if in_full_cover(creature):
        out.append(Mark("cover", "VD", _COVER))
    if creature.held.count(Condition.PRONE):
        out.append(Mark("prone", "Li", _PRONE))
    if any(not loaded for loaded in creature.loaded.values()):
        out.append(Mark("empty", "Mg", _EMPTY))
    return tuple(out)


def piece(game: QuickGame, creature: QuickCreature) -> Piece:
    """Return the token of one creature."""
    kind = creature.kind
    return Piece(
        key=creature.key,
        name=creature.name,
        side=creature.side,
        cell=creature.cell,
        size=max(1, int(kind.size_fields or 1)),
        facing="S",
        stance="prone" if creature.held.count(Condition.PRONE) else "standing",
        altitude=0,
        life=life(creature),
        hidden=False,
        meter=meter(creature),
        marks=marks(creature),
        token=str(getattr(kind, "token", "") or ""),
        image=_images(game).get(creature.key, ""),
    )


def _images(game: QuickGame) -> Mapping[str, str]:
    images = getattr(game.setup.battle, "images", None)
    return dict(images) if images else {}


def pieces(game: QuickGame) -> Mapping[str, Piece]:
    """Return every creature's token by key, in the set-up's order."""
    return {key: piece(game, creature) for key, creature in game.creatures.items()}


def on_turn(game: QuickGame) -> str | None:
    """Return the creature that decides now: the attacker of an outcome, the one on turn;
    in an order decision the first who may be chosen (so its side's seat acts)."""
    decisions = game.decisions()
    if decisions and decisions[0].creature is not None:
        return str(decisions[0].creature)
    if game.current is not None:
        return str(game.current)
    candidates = game.order_candidates()
    return candidates[0] if candidates else None
