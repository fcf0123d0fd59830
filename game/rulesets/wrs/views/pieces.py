"""WRS's tokens: wound pips against c, the armour points left, the markers of the turn.

The meter is the wound track: ``c`` pips (dead from c wounds, W-WOUND-4), the wounds
taken filled (W-WOUND-1), labelled "Wunden 1/10". A steel mark shows the
armour points left (W-ARMOR-2..4; a half as "½" where it fits); marks say Zielen
(W-ACT-AIM), Verteidigungsposition (W-ACT-DEF-2), Bereitschaft (W-ACT-READY-*) and
am Boden (W-WOUND-2). Down is drawn kneeling (W-OPEN-10: the host's prone state is not
taken for a fighter who still acts), unconscious and dead by the screen's look.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from game.match.views import Colour, Mark, Meter, Piece
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules.terms import WoundState
from game.rulesets.wrs.state import FighterState
from game.rulesets.wrs.views.terms import LIFE, fighter_name, remember, say

_STEEL: Colour = (120, 132, 148)
_GOOD: Colour = (56, 150, 84)
_READY: Colour = (214, 138, 38)
_HARM: Colour = (196, 64, 52)

#: Marker keys -> (code, colour); codes from the German words.
MARKS: Mapping[str, tuple[str, Colour]] = {
    "aim": ("Zi", _GOOD),
    "defensive": ("Vp", _GOOD),
    "ready": ("Be", _READY),
    "down": ("Bo", _HARM),
}


def armour_code(points: Fraction) -> str:
    """Return the armour mark's code: "3", "3½", "½", "18" (two characters at most)."""
    whole = int(points)
    half = points - whole >= Fraction(1, 2)
    text = (str(whole) if whole else "") + ("½" if half else "")
    if len(text) > 2 or (not text and points > 0):
        text = str(-(-points.numerator // points.denominator))  # ceil: hits still absorbed
    return text or "0"


def markers(game: WrsGame, state: FighterState) -> tuple[str, ...]:
    """Return the fighter's markers: aim, defensive, ready, down (in that order)."""
    found = []
    if state.aim_pending:
        found.append("aim")
    if state.defensive:
        found.append("defensive")
    if state.ready:
        found.append("ready")
    if game.state_of(state.key) is WoundState.DOWN:
        found.append("down")
    return tuple(found)


def marks(game: WrsGame, state: FighterState) -> tuple[Mark, ...]:
    """Return a token's marks: the armour points left (while any), then the markers."""
    out = []
    if state.armour > 0:
        out.append(Mark("armour", armour_code(state.armour), _STEEL))
    out += [Mark(key, *MARKS[key]) for key in markers(game, state)]
    return tuple(out)


def meter(game: WrsGame, state: FighterState, language: str) -> Meter:
    """Return the wound pips (c of them, the wounds taken filled) with their label
    (the armour points stand in the armour mark and on the card: the label stays short
    enough for the card's bar)."""
    life = game.kind(state.key).life_points
    label = say(language, "card.wounds_label", n=state.wounds, c=life.dead_at)
    return Meter(min(state.wounds, life.dead_at), life.dead_at, pips=True, label=label)


def piece(game: WrsGame, state: FighterState) -> Piece:
    """Return the token of one fighter."""
    wound = game.state_of(state.key)
    return Piece(
        key=state.key,
        name=fighter_name(game, state.key),
        side=state.side,
        cell=state.cell,
        size=1,
        facing=state.facing,
        stance="kneeling" if wound is WoundState.DOWN else "standing",
        altitude=0,
        life=LIFE[wound],
        hidden=False,
        meter=meter(game, state, "de"),
        marks=marks(game, state),
        image=_images(game).get(state.key, ""),
    )


def _images(game: WrsGame) -> Mapping[str, str]:
    """Return the mission's pictures by fighter key (none in a plain WrsSetup)."""
    images = getattr(game.setup, "images", None)
    return dict(images) if images else {}


def pieces(game: WrsGame) -> Mapping[str, Piece]:
    """Return every fighter's token by key, in the set-up's order."""
    remember(game)
    return {key: piece(game, state) for key, state in game.fighters.items()}


def on_turn(game: WrsGame) -> str | None:
    """Return the fighter who decides now (a ready one reacting out of turn), else the
    one on turn; when the fight is over, the one whose turn it was."""
    decisions = game.decisions()
    if decisions and decisions[0].creature is not None:
        return decisions[0].creature
    order = game.round_order()
    if 0 <= game.turn_index < len(order):
        return order[game.turn_index]
    return None
