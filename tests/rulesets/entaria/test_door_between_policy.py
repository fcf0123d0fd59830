"""The built-in opponent opens the closed door between it and its target (D-13).

Playtest pt11: a fighter and a pirate on the two sides of a closed edge door in a
divided room; the route planner found the strike field to be the own field and nobody
ever opened the door, so no one acted for 30 rounds.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.board.grid import BattleGrid
from game.missions.simulate import run_simulate
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.policy_doors import door_to_shoot, door_to_strike
from game.rulesets.entaria.policy_moves import Mover, door_route
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.setup import BattleSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

#: What each creature of the playtest holds: (equipment, held).
_KIT = {
    "K": ('equipment = ["knueppel"]', 'held = ["knueppel"]'),
    "G": ('equipment = ["handgranate"]', 'held = ["handgranate"]'),
    "L": ('equipment = ["laserpistole"]', 'held = ["laserpistole"]'),
    "P": ("", 'held = ["laserpistole"]'),
}
_CREATURES = (
    ("kaempfer", "likron", "Kaempfer", "helden", (4, 4), "K"),
    ("raufbold", "ron", "Raufbold", "helden", (4, 6), "K"),
    ("werfer", "ron", "Werfer", "helden", (2, 2), "G"),
    ("schuetze", "likron", "Schuetze", "helden", (2, 4), "L"),
    ("p1", "dretop_pirat", "Pirat Eins", "piraten", (5, 4), "P"),
    ("p2", "dretop_pirat", "Pirat Zwei", "piraten", (5, 6), "P"),
    ("p3", "dretop_pirat", "Pirat Drei", "piraten", (7, 2), "P"),
)
DOOR = ((4, 4), (5, 4))


def _room_edges() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Return the walls of the playtest's room: x 1..8, y 1..8, split between x 4 and 5."""
    walls = [((x, 0), (x, 1)) for x in range(1, 9)] + [((x, 8), (x, 9)) for x in range(1, 9)]
    walls += [((0, y), (1, y)) for y in range(1, 9)] + [((8, y), (9, y)) for y in range(1, 9)]
    return walls + [((4, y), (5, y)) for y in range(1, 9)]


def fight_toml() -> str:
    """Return the playtest mission /work/shots/pt11_repro/fight.toml (without its picture)."""
    parts = [
        '[mission]\ntitle = "Geteilter Raum"\nruleset = "entaria"\n',
        "[map]\nwidth = 10\nheight = 10\nrows = '''\n" + "..........\n" * 10 + "'''\n",
    ]
    for a, b in _room_edges():
        kind = '\nkind = "door"' if (a, b) == DOOR else ""
        parts.append(f"[[map.edges]]\nbetween = [[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]{kind}\n")
    for key, name in (("helden", "Helden"), ("piraten", "Piraten")):
        controller = "player" if key == "helden" else "gm"
        parts.append(f'[[sides]]\nkey = "{key}"\nname = "{name}"\ncontroller = "{controller}"\n')
    for key, kind, name, side, (x, y), kit in _CREATURES:
        equipment, held = _KIT[kit]
        parts.append(
            f'[[creatures]]\nkey = "{key}"\ntype = "{kind}"\nname = "{name}"\n'
            f'side = "{side}"\nat = [{x}, {y}]\n{equipment}\n{held}\n'
        )
    return "\n".join(parts)


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
@pytest.mark.parametrize("seed", [1, 3, 5])
def test_d13_the_divided_room_fight_opens_its_door_and_fights(tmp_path: Path, seed: int) -> None:
    mission = tmp_path / "fight.toml"
    mission.write_text(fight_toml(), encoding="utf-8")
    out = io.StringIO()
    assert run_simulate(mission, seed, rounds=3, quiet=False, out=out) == 0
    lines = out.getvalue().splitlines()
    opened = [
        i for i, line in enumerate(lines) if "öffnet die Tür zwischen [4, 4] und [5, 4]" in line
    ]
    assert opened, out.getvalue()
    assert any(" verliert " in line and " LP (" in line for line in lines[opened[0] :])


def _door_battle(first: str, pirate: tuple[int, int] = (5, 4)) -> Battle:
    """Return Kaempfer at (4, 4) and a pirate beyond the closed door of the divided room."""
    grid = BattleGrid.from_ascii("\n".join(["." * 10] * 10))
    for a, b in _room_edges():
        grid.add_edge_wall(a, b)
    grid.set_edge_door(*DOOR)
    creatures = (
        hero("kaempfer", (4, 4), "likron", equipment=("knueppel",)),
        foe("p1", pirate, held=("laserpistole",)),
    )
    battle = new_battle(BattleSetup("Tür", grid, SIDES, creatures), CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN", "E-MELEE-2")
def test_d13_door_route_opens_the_door_when_the_strike_field_is_the_own_field() -> None:
    battle = _door_battle("kaempfer")
    me = battle.state.creatures["kaempfer"]
    route = list(door_route(Mover.of(battle, me), [battle.state.creatures["p1"]]))
    assert route == [Interact("kaempfer", "open_door", edge_to=(5, 4))]
    assert choose_command(battle) == route[0]
    battle.apply(route[0])
    assert not battle.grid.is_edge_blocked(*DOOR)


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN", "E-RANGE-2")
def test_d13_a_shooter_opens_the_door_beside_it_that_hides_its_target() -> None:
    battle = _door_battle("p1", pirate=(5, 4))
    pirate = battle.state.creatures["p1"]
    enemies = [battle.state.creatures["kaempfer"]]
    assert door_to_shoot(battle, pirate, enemies) == Interact("p1", "open_door", edge_to=(4, 4))
    assert choose_command(battle) == Interact("p1", "open_door", edge_to=(4, 4))


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_d13_no_door_is_opened_when_it_hides_nothing() -> None:
    battle = _door_battle("p1", pirate=(7, 6))  # not beside the door
    pirate = battle.state.creatures["p1"]
    enemies = [battle.state.creatures["kaempfer"]]
    assert door_to_shoot(battle, pirate, enemies) is None
    assert door_to_strike(battle, pirate, enemies) is None


@pytest.mark.rule("D-13", "D-10", "E-ACT-HH-INTERAGIEREN", "E-MELEE-2")
def test_d13_a_closed_field_door_pinching_the_diagonal_is_opened_to_strike() -> None:
    # Ron at (0, 0), the pirate at (1, 1): the wall at (0, 1) and the closed door at
    # (1, 0) pinch the diagonal; with the door open Ron strikes from where he stands.
    battle = make_battle(
        ".+..\n#...\n....",
        [hero("ron", (0, 0), equipment=("knueppel",)), foe("p1", (1, 1), equipment=("knueppel",))],
        first="ron",
    )
    ron = battle.state.creatures["ron"]
    enemies = [battle.state.creatures["p1"]]
    assert not in_melee_reach((0, 0), (1, 1), grid=battle.grid)
    assert door_to_strike(battle, ron, enemies) == Interact("ron", "open_door", cell=(1, 0))
