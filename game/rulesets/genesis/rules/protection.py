"""Genesis protection: damage source classes, layer order with MA, absorbing by source."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum


class DamageSource(Enum):
    """The class of a damage source."""

    PHYSICAL = "physical"
    SUBSIDIARY_MAGICAL = "subsidiary_magical"
    MAGICAL = "magical"
    PURE_MAGICAL = "pure_magical"


class Magic(Enum):
    """How much magic a source carries."""

    NONE = "none"
    MINOR = "minor"  # primary values (AT, PA) and small effects such as +3 fire damage
    CONSIDERABLE = "considerable"  # direct and considerable effects, e.g. a blue-burning blade


def source_class(physical_carrier: bool, magic: Magic) -> DamageSource:
    """Return the class of a source: without a physical carrier it is pure-magical.

    Natural energies such as fire or lightning count as without a physical carrier.
    """
    if not physical_carrier:
        return DamageSource.PURE_MAGICAL
    if magic is Magic.CONSIDERABLE:
        return DamageSource.MAGICAL
    if magic is Magic.MINOR:
        return DamageSource.SUBSIDIARY_MAGICAL
    return DamageSource.PHYSICAL


class LayerKind(Enum):
    """The protection layers, in absorbing order."""

    VEIL = 1
    REDUCTION_AURA = 2
    MAGIC_SHIELD = 3
    PHYSICAL_SHIELD = 4
    RS = 5


ALL_SOURCES = frozenset(DamageSource)


@dataclass(frozen=True)
class Layer:
    """One protection layer: a fixed amount per hit, for the sources it absorbs (G-OPEN-16)."""

    kind: LayerKind
    amount: int
    is_ma: bool = False
    absorbs: frozenset[DamageSource] = field(default=ALL_SOURCES)


def ma_layer_kind(physical: bool) -> LayerKind:
    """Return the group of MA: a magical energy shield, or a physical one if the MA is physical."""
    return LayerKind.PHYSICAL_SHIELD if physical else LayerKind.MAGIC_SHIELD


def ma_layer(amount: int, physical: bool = False) -> Layer:
    """Return MA as a layer in its energy-shield group."""
    return Layer(ma_layer_kind(physical), amount, is_ma=True)


def protection_sequence(layers: Sequence[Layer]) -> list[Layer]:
    """Return the layers in absorbing order; MA comes last within its shield group."""
    return sorted(layers, key=lambda layer: (layer.kind.value, layer.is_ma))


def absorb(damage: int, source: DamageSource, layers: Sequence[Layer]) -> int:
    """Return the damage left after all layers that absorb ``source``, in protection order."""
    for layer in protection_sequence(layers):
        if source in layer.absorbs:
            damage = max(0, damage - layer.amount)
    return damage
