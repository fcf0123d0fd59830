"""Genesis's tokens: the LE meter and the marks every side may see.

The meter is the LE bar (LE now of the fighter's LE, G-DMG-3); marks say passiv
(G-STATE-PASSIVE-1), lädt nach (G-RELOAD-1), Waffenwechsel (G-SWAP) and the +20 tokens of
surplus attacks (G-SURPLUS-2). A declaration not yet open to every side changes no mark
(``disclosure.shown``). Bewusstlos lies prone, tödlich getroffen is "dying".
"""

from __future__ import annotations

from collections.abc import Mapping

from game.match.views import Colour, Mark, Meter, Piece
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.views.disclosure import shown
from game.rulesets.genesis.views.texts import fighter_name, say

_PASSIVE: Colour = (120, 132, 148)
_RELOAD: Colour = (214, 138, 38)
_SWAP: Colour = (96, 120, 200)
_GOOD: Colour = (56, 150, 84)

#: The engine's life words -> the screen's token look.
LIFE: Mapping[str, str] = {
    "fighting": "ok",
    "unconscious": "unconscious",
    "fatally_wounded": "dying",
}


def is_passive(game: GenesisGame, key: str) -> bool:
    """Return whether every side may see that ``key`` is passive this KR."""
    slowest = game.kr == 1 and key == game.slowest
    return slowest or shown(game, key).passive_by_leave


def markers(game: GenesisGame, key: str) -> tuple[str, ...]:
    """Return the fighter's open markers: passive, reload, swap, tokens (in that order)."""
    me = game.fighters[key]
    if me.life != "fighting":
        return ()
    out = []
    if is_passive(game, key):
        out.append("passive")
    if me.reload_left > 0:
        out.append("reload")
    if shown(game, key).swapping:
        out.append("swap")
    if me.bonus_tokens > 0:
        out.append("tokens")
    return tuple(out)


_MARKS: Mapping[str, tuple[str, Colour]] = {
    "passive": ("Pa", _PASSIVE),
    "reload": ("Ln", _RELOAD),
    "swap": ("Ww", _SWAP),
    "tokens": ("+", _GOOD),
}


def meter(game: GenesisGame, key: str, language: str = "de") -> Meter:
    """Return the LE bar with its label ("LE 30/50")."""
    me, most = game.fighters[key], game.kind(key).le
    label = say(language, "card.le_label", le=me.le, max=most)
    return Meter(max(0, me.le), most, label=label)


def piece(game: GenesisGame, key: str) -> Piece:
    """Return the token of one fighter."""
    me = game.fighters[key]
    life = LIFE.get(me.life, "ok")
    return Piece(
        key=key,
        name=fighter_name(game, key),
        side=me.side,
        cell=me.cell,
        size=1,
        facing=me.facing,
        stance="standing" if life == "ok" else "prone",
        altitude=0,
        life=life,
        hidden=False,
        meter=meter(game, key),
        marks=tuple(Mark(m, *_MARKS[m]) for m in markers(game, key)),
        image=game.kind(key).image,
    )


def pieces(game: GenesisGame) -> Mapping[str, Piece]:
    """Return every fighter's token by key, in the set-up's order."""
    return {key: piece(game, key) for key in game.fighters}


def on_turn(game: GenesisGame) -> str | None:
    """Return the fighter who decides now; when the fight is over, the last who acted."""
    decisions = game.decisions()
    if decisions:
        return decisions[0].creature
    for event in reversed(game.log):
        if event.actor in game.fighters:
            return event.actor
    return None
