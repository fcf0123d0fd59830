"""Issue 12 (i12, miniatures): each ENTARIA creature type names its token art; the loader
checks the name like every other key (file, key, what was found and expected)."""

from __future__ import annotations

import importlib.resources
from collections.abc import Mapping

import pytest

from game.match.problems import MissionError
from game.match.token_kinds import DEFAULT_TOKEN, TOKEN_KINDS
from game.rulesets.entaria.catalogue_loader import (
    CATALOGUE_FILES,
    load_catalogue,
    load_catalogue_from,
)

DATA = importlib.resources.files("game.rulesets.entaria.data")
SHIPPED: Mapping[str, str] = {
    name: DATA.joinpath(name).read_text(encoding="utf-8") for name in CATALOGUE_FILES
}

ENEMY = """name = "Testwesen"
initiative = 10
attributes = { constitution = 1, strength = 1, dexterity = 1, reflexes = 1, intelligence = 1, \
charisma = 1, ranged = 1, melee = 1 }
saves = { dodge = 10, body = 10, mind = 10 }
lp = 5
bew = 4
size_fields = 1
kg = 3
"""


def _with_creature(extra: str) -> dict[str, str]:
    return {"creatures.toml": f"{SHIPPED['creatures.toml']}\n[creatures.test]\n{ENEMY}{extra}"}


def test_i12_every_shipped_creature_type_names_a_known_token() -> None:
    catalogue = load_catalogue()
    for key, kind in catalogue.creatures.items():
        assert kind.token in TOKEN_KINDS, key
    assert catalogue.creatures["dretop_pirat"].token == "pirate"
    assert catalogue.creatures["musa_elitesoldat"].token == "soldier"
    assert catalogue.creatures["elro_sa"].token == "caster"


def test_i12_a_creature_type_without_token_shows_the_default_figure() -> None:
    catalogue = load_catalogue_from(_with_creature(""))
    assert catalogue.creatures["test"].token == DEFAULT_TOKEN == "figure"


@pytest.mark.parametrize("kind", sorted(TOKEN_KINDS))
def test_i12_each_token_kind_is_accepted(kind: str) -> None:
    catalogue = load_catalogue_from(_with_creature(f'token = "{kind}"\n'))
    assert catalogue.creatures["test"].token == kind


@pytest.mark.parametrize("value", ['"dragon"', "3", '""', '"Pirate"'])
def test_i12_a_bad_token_value_is_refused_naming_file_key_and_expected(value: str) -> None:
    texts = _with_creature(f"token = {value}\n")
    with pytest.raises(MissionError) as info:
        load_catalogue_from(texts)
    problems = info.value.problems
    assert [p.key for p in problems] == ["creatures.test.token"], problems
    problem = problems[0]
    assert problem.path.endswith("creatures.toml")
    assert problem.line == texts["creatures.toml"].count("\n")  # the token line, last
    assert '"figure"' in problem.message and '"pirate"' in problem.message
    assert "expected" in problem.message
