"""Genesis initiative details: round roles, ranged combatants, malus, group INI, all-out AT."""

from __future__ import annotations

from enum import Enum

from game.rulesets.genesis.rules.rounds import RoundKind, first_declarer, round_kind

INI_MALUS = 10


class RoundRole(Enum):
    """What a regular KR is for one side: its AT round or its PA round."""

    ATTACK_ROUND = "attack_round"
    PARRY_ROUND = "parry_round"


def round_role(kr: int, side: int, ini_winner: int) -> RoundRole:
    """Return the role of AKR/BKR ``kr`` for ``side``: the AT round has the declaration advantage.

    Raises ``ValueError`` for the two initiative rounds, which have no side roles.
    """
    if first_declarer(kr, ini_winner) == side:
        return RoundRole.PARRY_ROUND
    return RoundRole.ATTACK_ROUND


def attack_round_side(kr: int, ini_winner: int) -> int:
    """Return the side whose regular AT round KR ``kr`` is: the winner in an AKR, else the loser."""
    return ini_winner if round_kind(kr) is RoundKind.ALPHA else 1 - ini_winner


def group_initiative_needed(combatants: int) -> bool:
    """Return whether a group INI must be determined: with more than two combatants."""
    return combatants > 2


def lost_initiative(side: int, ini_winner: int) -> bool:
    """Return whether ``side`` lost the initiative: it is not the (group) INI winner (G-OPEN-14)."""
    return side != ini_winner


def subject_to_initiative(ranged: bool, in_melee: bool) -> bool:
    """Return whether a combatant is in the INI system: melee fighters and drawn-in ranged."""
    return in_melee or not ranged


def acts_in_kr(kr: int, ranged: bool, in_melee: bool) -> bool:
    """Return whether a combatant can act in KR ``kr``.

    For a ranged combatant outside melee the first INI-KR does not count: time stands still
    for it until KR 2 (G-OPEN-14).
    """
    if kr < 1:
        raise ValueError(f"combat rounds count from 1, got {kr}")
    return kr >= 2 or subject_to_initiative(ranged, in_melee)


def may_reload_or_shoot(in_melee: bool, lost: bool) -> bool:
    """Return whether a shooter may reload or shoot: not while in melee after losing the INI."""
    return not (in_melee and lost)


def may_begin_spell(in_melee: bool, lost: bool) -> bool:
    """Return whether a mage may begin a spell: not while in melee after losing the INI."""
    return not (in_melee and lost)


def may_continue_spell(cast_start_second: int, melee_start_second: int) -> bool:
    """Return whether a spell may go on: begun before the melee initiative, it continues.

    A spell begun once the melee is under way is a new spell and falls under
    ``may_begin_spell``.
    """
    return cast_start_second < melee_start_second


def initiative_malus(uses_ranged_or_spells: bool) -> int:
    """Return the INI malus: 10 for anyone acting at least partly with ranged weapons or spells."""
    return INI_MALUS if uses_ranged_or_spells else 0


def drawn_in_shooter_malus(switched_weapon_before: bool) -> int:
    """Return a drawn-in shooter's malus: obligatory unless it switched weapons first."""
    return 0 if switched_weapon_before else INI_MALUS


def defences_left(kr_share: float, attacks: float) -> float:
    """Return the GW left for PA/AW in a KR after ``attacks`` from that KR's share."""
    if attacks > kr_share:
        raise ValueError(f"{attacks} attacks exceed the KR share of {kr_share} GW")
    return kr_share - attacks


def defenceless(kr_share: float, attacks: float) -> bool:
    """Return whether a combatant attacking with its whole share has no PA/AW left."""
    return defences_left(kr_share, attacks) < 0.5
