"""Genesis Myndral space: planes, cross-plane harm and perception, movement through matter.

Reading G-OPEN-23: plane is a token property; living beings and slightly magical matter
cost GS/2 like dead matter; sight and hearing radius = round-half-up(5 + Beobachten / 5).
"""

from __future__ import annotations

from enum import Enum

from game.rulesets.genesis.rules.checks import round_half_up

TRANSPARENCY = 0.7


class Plane(Enum):
    """The space a being is in."""

    REAL = "real"
    MYNDRAL = "myndral"


def switch_plane(plane: Plane, by_magic: bool) -> Plane:
    """Return the plane after an attempt to switch: the other one, reachable only by magic."""
    if not by_magic:
        return plane
    return Plane.MYNDRAL if plane is Plane.REAL else Plane.REAL


def can_harm(attacker: Plane, target: Plane, exception: bool = False) -> bool:
    """Return whether an attack or effect reaches the target: same plane, unless an exception."""
    return attacker is target or exception


def can_see(viewer: Plane, target: Plane) -> bool:
    """Return whether the viewer perceives the target: Myndral sees Real, not the reverse."""
    return viewer is target or viewer is Plane.MYNDRAL


def can_hear(listener: Plane, source: Plane) -> bool:
    """Return whether sounds reach the listener (Real sounds reach Myndral distorted)."""
    return listener is source or listener is Plane.MYNDRAL


def hearing_distorted(listener: Plane, source: Plane) -> bool:
    """Return whether what the listener hears is distorted: Real sounds heard from Myndral."""
    return listener is Plane.MYNDRAL and source is Plane.REAL


def perception_radius(beobachten: int) -> int:
    """Return the Myndral sight range in fields: 5 m + Beobachten / 5 m, rounded half up."""
    return round_half_up(5 + beobachten / 5)


def hears_in_myndral(distance_m: float, beobachten: int) -> bool:
    """Return whether a sound made in Myndral space is still heard at ``distance_m``.

    Hearing is passable up to half the range; beyond it not even loud screams are heard.
    """
    return distance_m <= perception_radius(beobachten) / 2


def dead_matter_transparency(plane: Plane) -> float:
    """Return how far one sees through dead matter: about 70 % in Myndral space, 0 in Real."""
    return TRANSPARENCY if plane is Plane.MYNDRAL else 0.0


class Glow(Enum):
    """How bright energies glow in Myndral space, weakest first."""

    NONE = 0  # dead matter: colourless, black, white and grey
    FAINT = 1  # an ordinary plant
    CLEAR = 2  # ordinary persons, still semi-transparent
    RADIANT = 3  # demons, purely magical beings, directly cast magic


GLOW_COLOUR = "myndral"  # one indescribable colour for every energy


def glow(kind: str) -> tuple[str, Glow]:
    """Return (colour, brightness) of a thing in Myndral sight; the colour never differs."""
    levels = {"matter": Glow.NONE, "plant": Glow.FAINT, "person": Glow.CLEAR}
    return GLOW_COLOUR, levels.get(kind, Glow.RADIANT)


def myndral_sight_sees(target: Plane) -> bool:
    """Return whether Myndral sight shows the target: it only looks into the second space."""
    return target is Plane.MYNDRAL


class Medium(Enum):
    """What a being in Myndral space moves through."""

    OPEN = "open"
    DEAD_MATTER = "dead_matter"
    LIVING_OR_SLIGHTLY_MAGICAL = "living_or_slightly_magical"
    STRONGLY_MAGICAL = "strongly_magical"
    AIR = "air"


def myndral_speed(gs: float, medium: Medium) -> float | None:
    """Return the GS through ``medium`` in Myndral space, or None if it is impermeable."""
    if medium is Medium.OPEN:
        return gs
    if medium is Medium.STRONGLY_MAGICAL:
        return None
    return gs / 2


def pulled_down(plane: Plane) -> bool:
    """Return whether a being walking up into the air is pulled down again: not in Myndral."""
    return plane is Plane.REAL
