"""Genesis reloading: GW bonus through the two tables, increased reload, melee interruptions.

The combat table and the shooter table are not in the text (G-OPEN-3): they are passed in
as data.
"""

from __future__ import annotations

from collections.abc import Mapping


def reload_gw_bonus(gw_bonus: float, shooter: bool, quick_reload: bool) -> float:
    """Return the GW bonus used for reloading: halved for non-shooters without Quick reload."""
    return gw_bonus if shooter or quick_reload else gw_bonus / 2


def reload_seconds(
    gw_bonus: float,
    combat_table: Mapping[float, float],
    shooter_table: Mapping[float, float],
) -> float:
    """Return the reload time: GW bonus -> melee GW (combat table) -> seconds (shooter table)."""
    return shooter_table[combat_table[gw_bonus]]


def can_fire(progress_s: float, reload_s: float) -> bool:
    """Return whether the next shot is ready: the reload time has passed."""
    return progress_s >= reload_s


def advance_reload(progress_s: float, seconds: float, busy_in_melee: bool) -> float:
    """Return the reload progress after ``seconds``: melee actions and dodging pause it.

    A pause neither aborts nor resets the progress.
    """
    return progress_s if busy_in_melee else progress_s + seconds
