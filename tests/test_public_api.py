"""The public API block of DESIGN.md imports from exactly the paths it names.

Tools and tests outside the package import these names; a split or a move must keep
them where DESIGN.md says (issue 9 moved them to ``game.board`` and
``game.rulesets.entaria.rules``, with no aliases left at the old paths).
"""

from __future__ import annotations

import importlib

import pytest

PUBLIC = {
    "game.board.dice": ["Roller", "RandomRoller", "ScriptedRoller", "DiceExhausted"],
    "game.board.grid": ["Cell", "BattleGrid", "distance"],
    "game.board.movement": ["reachable", "find_path"],
    "game.board.sight": ["Cover", "line_of_sight", "cover"],
    "game.board.templates": ["circle_cells", "cone_cells", "beam_cells"],
    "game.rulesets.entaria.rules.checks": ["success_roll", "Roll", "Crit"],
    "game.rulesets.entaria.rules.ranges": ["RangeBand", "range_band"],
    "game.rulesets.entaria.rules.scatter": ["scatter", "scatter_step"],
    "game.rulesets.entaria.rules.damage": [
        "DamageType",
        "Affinity",
        "LifeState",
        "BodyZone",
        "damage_roll",
        "life_state",
        "body_zone",
    ],
    "game.rulesets.entaria.rules.areas": ["area_fire_total", "distribution_errors"],
    "game.rulesets": ["RULESETS"],
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_the_public_names_are_where_design_says(module: str) -> None:
    loaded = importlib.import_module(module)
    missing = [name for name in PUBLIC[module] if not hasattr(loaded, name)]
    assert not missing, f"{module} lacks {missing}"


@pytest.mark.parametrize("old", ["game.rules", "game.battle", "game.content"])
def test_no_alias_is_left_at_the_old_paths(old: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


def test_the_ruleset_table_lists_entaria() -> None:
    from game.rulesets import RULESETS

    assert RULESETS["entaria"].key == "entaria"
    assert RULESETS["entaria"].commands["move"].__name__ == "Move"
