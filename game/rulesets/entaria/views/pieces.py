"""ENTARIA's tokens: the LP bar, the condition marks (1-2 letter codes by kind), the art.

The art is the creature type's ``token`` (catalogue) and the mission's own picture
(``image`` in its ``[[creatures]]`` entry), when it gives one.

The codes come from the German names (``CONDITION_BADGES``), the colours say the kind of
condition (harm, control, good, senses, stealth, life, mind). A token shows the
conditions the creature holds itself, never Tot (the dead get the screen's cross).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping

from game.match.views import Colour, Mark, Meter, Piece
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views.terms import life_of

_HARM = (196, 64, 52)
_CONTROL = (214, 138, 38)
_GOOD = (56, 150, 84)
_SENSE = (128, 82, 182)
_STEALTH = (52, 112, 196)
_LIFE = (92, 92, 100)
_MIND = (182, 70, 140)

#: Condition marks: a 1-2 letter code (from the German name) and a colour by kind.
CONDITION_BADGES: dict[Condition, tuple[str, Colour]] = {
    Condition.DISTRACTED: ("Ab", _CONTROL),
    Condition.STUNNED: ("Bt", _CONTROL),
    Condition.IMMOBILIZED: ("Bw", _CONTROL),
    Condition.UNCONSCIOUS: ("Bl", _LIFE),
    Condition.BLINDED: ("Bd", _SENSE),
    Condition.BLEEDING: ("Bu", _HARM),
    Condition.BURNING: ("Br", _HARM),
    Condition.EXHAUSTED: ("Er", _CONTROL),
    Condition.HORRIFIED: ("En", _MIND),
    Condition.FOCUSED: ("Fo", _GOOD),
    Condition.PARALYZED: ("Gl", _CONTROL),
    Condition.PROTECTED: ("Gs", _GOOD),
    Condition.INCAPACITATED: ("Hu", _CONTROL),
    Condition.IRRITATED: ("Ir", _MIND),
    Condition.CONCENTRATING: ("Ko", _GOOD),
    Condition.PRONE: ("Li", _CONTROL),
    Condition.PANICKED: ("Pa", _MIND),
    Condition.OBSCURED: ("Sh", _STEALTH),
    Condition.IN_PAIN: ("Sm", _HARM),
    Condition.STABLE_COMA: ("SK", _LIFE),
    Condition.DYING: ("St", _HARM),
    Condition.MUTE: ("Su", _SENSE),
    Condition.DEAF: ("Ta", _SENSE),
    Condition.DEAD: ("To", _LIFE),
    Condition.UNDETECTED: ("Un", _STEALTH),
    Condition.INVISIBLE: ("Us", _STEALTH),
    Condition.HYPOTHERMIC: ("Uk", _HARM),
    Condition.OVERLOADED: ("Üb", _CONTROL),
    Condition.SURPRISED: ("Ür", _CONTROL),
    Condition.FRIGHTENED: ("Vä", _MIND),
    Condition.CORRODED: ("Vz", _HARM),
    Condition.POISONED: ("Vg", _HARM),
    Condition.CRAMPED: ("Vk", _CONTROL),
    Condition.WOUNDED: ("Vl", _HARM),
    Condition.IRRADIATED: ("Vs", _HARM),
    Condition.CONFUSED: ("Vw", _MIND),
    Condition.DEFENSELESS: ("We", _CONTROL),
    Condition.ENRAGED: ("Wü", _MIND),
}


def condition_marks(conditions: Iterable[Condition]) -> tuple[Mark, ...]:
    """Return the marks a token shows for ``conditions``, by name (never Tot)."""
    return tuple(
        Mark(condition, *CONDITION_BADGES[condition])
        for condition in sorted(conditions, key=lambda c: c.name)
        if condition in CONDITION_BADGES and condition is not Condition.DEAD
    )


def life_meter(lp: int, max_lp: int) -> Meter:
    """Return the LP bar of a token."""
    return Meter(lp, max_lp)


#: Per battle: each creature's last piece and what it was built from. The pieces are
#: rebuilt only for creatures that changed (a frame may ask for all of them).
_PIECES: weakref.WeakKeyDictionary[Battle, dict[str, tuple[tuple[object, ...], Piece]]] = (
    weakref.WeakKeyDictionary()
)


def pieces(battle: Battle) -> Mapping[str, Piece]:
    """Return every creature's piece by key, in the battle's creature order."""
    cache = _PIECES.get(battle)
    if cache is None:
        cache = {}
        _PIECES[battle] = cache
    found: dict[str, Piece] = {}
    for creature in battle.state.creatures.values():
        source = (
            creature.name,
            creature.type_key,
            creature.side,
            creature.cell,
            creature.facing,
            creature.lp,
            creature.max_lp,
            creature.conditions,
            creature.stance,
            creature.altitude,
            creature.hidden,
        )
        known = cache.get(creature.key)
        if known is not None and known[0] == source:
            found[creature.key] = known[1]
            continue
        piece = _piece_of(battle, creature)
        cache[creature.key] = (source, piece)
        found[creature.key] = piece
    return found


def _piece_of(battle: Battle, creature: CreatureState) -> Piece:
    held = battle.held_conditions(creature)
    return Piece(
        key=creature.key,
        name=creature.name,
        side=creature.side,
        cell=creature.cell,
        size=battle.creature_type(creature).size_fields,
        facing=creature.facing,
        stance=creature.stance.value,
        altitude=creature.altitude,
        life=life_of(held),
        hidden=Condition.UNDETECTED in held,
        meter=life_meter(creature.lp, creature.max_lp),
        marks=condition_marks(creature.conditions),
        token=battle.creature_type(creature).token,
        image=_images(battle).get(creature.key, ""),
    )


#: Per battle: the mission's own creature pictures by creature key (from the set-up).
_IMAGES: weakref.WeakKeyDictionary[Battle, Mapping[str, str]] = weakref.WeakKeyDictionary()


def _images(battle: Battle) -> Mapping[str, str]:
    """Return the pictures the mission gives its creatures (summoned ones have none)."""
    images = _IMAGES.get(battle)
    if images is None:
        images = {c.key: c.image for c in battle.setup.creatures if c.image}
        _IMAGES[battle] = images
    return images


def on_turn(battle: Battle) -> str | None:
    """Return the creature whose turn it is (or was, when the fight ended)."""
    return battle.state.current_key if battle.state.order else None
