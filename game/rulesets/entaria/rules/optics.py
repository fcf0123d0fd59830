"""Aiming optics (Zieloptiken) a ranged weapon carries: Smartlink, Laservisier, Bildvergrößerer.

What the combat chapter gives them, and nothing more:

- Distanzschuss needs a ranged weapon with a Bildvergrößerer, "auch Zielfernrohr genannt"
  (E-ACT-VH-DISTANZ-1).
- Under Dauerfeuer "Zieloptiken wie Smartlink, Laservisier oder Bildvergrößerer haben keinen
  Effekt" (E-ACT-VH-DAUERFEUER-2); Deckungsfeuer is resolved like Dauerfeuer
  (E-ACT-VH-DECKUNGSFEUER-1).

The chapter gives an optic no number. An optic may carry a WM on ranged attack rolls
(``ranged_wm``); the catalogue marks any such value as a sample. Decisions where the
chapter is silent: the WM counts on every ranged roll that is not Dauerfeuer or
Deckungsfeuer (Fernkampf, Distanzschuss, the BEM shot, which is a Fernkampf, E-OPEN-24);
each kind of optic counts once (the highest WM of that kind), different kinds add up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.rulesets.entaria.rules.condition_rolls import RollModifiers

__all__ = [
    "LEGACY_SCOPE",
    "Optic",
    "OpticKind",
    "has_scope",
    "optic_modifiers",
    "optics_take_effect",
]


class OpticKind(Enum):
    """The aiming optics the combat chapter names (E-ACT-VH-DAUERFEUER-2)."""

    SMARTLINK = "Smartlink"
    LASER_SIGHT = "Laservisier"
    SCOPE = "Bildvergrößerer"  # "auch Zielfernrohr genannt" (E-ACT-VH-DISTANZ-1)


@dataclass(frozen=True)
class Optic:
    """An aiming optic fitted to a weapon.

    ``key``: the item's key in items.toml ("" for the scope an old catalogue gives as a
    weapon attribute). ``ranged_wm``: the WM on ranged attack rolls (0: none).
    """

    kind: OpticKind
    name: str  # German
    english: str
    ranged_wm: int = 0
    key: str = ""


#: The scope a weapon has when its catalogue entry lists the attribute "Bildvergrößerer"
#: or "Zielfernrohr" (the form before optics were items): it enables Distanzschuss, no WM.
LEGACY_SCOPE = Optic(OpticKind.SCOPE, "Bildvergrößerer", "scope")


def has_scope(optics: Iterable[Optic]) -> bool:
    """Return whether a Bildvergrößerer is fitted: Distanzschuss needs one (E-ACT-VH-DISTANZ-1)."""
    return any(optic.kind is OpticKind.SCOPE for optic in optics)


def optics_take_effect(*, auto_fire: bool) -> bool:
    """Return whether fitted optics count for the roll: not under Dauerfeuer or Deckungsfeuer.

    E-ACT-VH-DAUERFEUER-2: "Zieloptiken wie Smartlink, Laservisier oder Bildvergrößerer haben
    keinen Effekt"; Deckungsfeuer is resolved like Dauerfeuer (E-ACT-VH-DECKUNGSFEUER-1).
    """
    return not auto_fire


def optic_modifiers(optics: Iterable[Optic], *, auto_fire: bool = False) -> RollModifiers:
    """Return the WM the fitted optics give a ranged attack roll, with its reasons.

    Each kind counts once with its highest WM; kinds add up. Under Dauerfeuer and
    Deckungsfeuer (``auto_fire``) no optic has an effect (E-ACT-VH-DAUERFEUER-2).
    """
    best: dict[OpticKind, Optic] = {}
    for optic in optics:
        if optic.ranged_wm and (
            optic.kind not in best or optic.ranged_wm > best[optic.kind].ranged_wm
        ):
            best[optic.kind] = optic
    if not best:
        return RollModifiers()
    names = ", ".join(optic.name for optic in best.values())
    if not optics_take_effect(auto_fire=auto_fire):
        names_en = ", ".join(optic.english for optic in best.values())
        return RollModifiers(
            reasons=(f"Zieloptiken ohne Effekt bei Dauerfeuer: {names}",),
            causes=(
                (
                    f"Zieloptiken ohne Effekt: {names}",
                    f"aiming optics have no effect: {names_en}",
                ),
            ),
        )
    wm = sum(optic.ranged_wm for optic in best.values())
    reasons = tuple(f"{optic.name}: WM {optic.ranged_wm:+d}" for optic in best.values())
    causes = tuple(
        (f"{optic.name}: WM {optic.ranged_wm:+d}", f"{optic.english}: {optic.ranged_wm:+d}")
        for optic in best.values()
    )
    return RollModifiers(modifier=wm, reasons=reasons, causes=causes)
