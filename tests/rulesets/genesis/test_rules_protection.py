"""Genesis protection layers and damage sources: each test names its G- rule ID."""

from __future__ import annotations

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import damage, protection
from game.rulesets.genesis.rules.protection import DamageSource, Layer, LayerKind, Magic


def test_g_src_phys_plain_sword_and_bolt() -> None:
    """G-SRC-PHYS: a sword blow or a plain bolt is physical."""
    assert protection.source_class(True, Magic.NONE) is DamageSource.PHYSICAL


def test_g_src_subs_engraved_dwarf_steel_sword() -> None:
    """G-SRC-SUBS: artefact quality with minor magic (+3 fire) is subsidiary-magical."""
    assert protection.source_class(True, Magic.MINOR) is DamageSource.SUBSIDIARY_MAGICAL


def test_g_src_mag_blue_burning_blade() -> None:
    """G-SRC-MAG: a physical blow with considerable magic (fire-reinforced) is magical."""
    assert protection.source_class(True, Magic.CONSIDERABLE) is DamageSource.MAGICAL


def test_g_src_pure_fire_lance_and_natural_energies() -> None:
    """G-SRC-PURE: a fire lance, a shadow demon, fire or lightning: no physical carrier."""
    for magic in Magic:
        assert protection.source_class(False, magic) is DamageSource.PURE_MAGICAL


def test_g_src_1_shield_absorbs_only_its_classes() -> None:
    """G-SRC-1: a shield against magic only lets a physical blow through untouched."""
    anti_magic = Layer(
        LayerKind.MAGIC_SHIELD,
        5,
        absorbs=frozenset({DamageSource.MAGICAL, DamageSource.PURE_MAGICAL}),
    )
    assert protection.absorb(12, DamageSource.PHYSICAL, [anti_magic]) == 12
    assert protection.absorb(12, DamageSource.PURE_MAGICAL, [anti_magic]) == 7


def test_g_prot_ma_1_ma_is_a_magic_shield_unless_physical() -> None:
    """G-PROT-MA-1: MA counts as a magical energy shield; physical MA as a physical one."""
    assert protection.ma_layer_kind(physical=False) is LayerKind.MAGIC_SHIELD
    assert protection.ma_layer_kind(physical=True) is LayerKind.PHYSICAL_SHIELD


def test_g_prot_ma_2_ma_last_in_its_group() -> None:
    """G-PROT-MA-2 / G-PROT-ORDER: RS last; MA after the other magical shields."""
    ma = protection.ma_layer(3)
    rs = Layer(LayerKind.RS, 4)
    shield = Layer(LayerKind.MAGIC_SHIELD, 2)
    aura = Layer(LayerKind.REDUCTION_AURA, 1)
    physical = Layer(LayerKind.PHYSICAL_SHIELD, 2)
    ordered = protection.protection_sequence([rs, ma, physical, shield, aura])
    assert ordered == [aura, shield, ma, physical, rs]
    phys_ma = protection.ma_layer(3, physical=True)
    assert protection.protection_sequence([phys_ma, rs, physical]) == [physical, phys_ma, rs]
    assert protection.absorb(20, DamageSource.PHYSICAL, [rs, ma, aura]) == 12


def test_g_fall_rs_rs_and_psi_shield_lower_fall_tp() -> None:
    """G-FALL-RS (G-FALL-E1): 12 m, 3W20 5, 10, 15 -> 42 TP; PSI shield 6 and RS 4 -> 32 SP."""
    tp = damage.fall_tp(ScriptedRoller([5, 10, 15]), 12)
    assert tp == 42
    psi = Layer(LayerKind.PHYSICAL_SHIELD, 6)
    left = protection.absorb(tp, DamageSource.PHYSICAL, [Layer(LayerKind.RS, 4), psi])
    assert left == 32
