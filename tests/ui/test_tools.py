"""The map tools driven headless with posted input events on a small test mission.

Each test starts a BattleScene (SDL dummy driver), posts mouse and key events, runs
frames with ``app.step()`` and checks the match (the engine's record and state), the
tool's kept results, and rendered pixels at known places.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.grid import Cover
from game.rulesets.entaria.area_fire import AreaFireRoll
from game.rulesets.entaria.area_fire_placement import PlaceAreaFire
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.commands import EndTurn, Move, UseAction
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import german
from game.rulesets.entaria.throwing import ThrowAtField
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings
from game.ui.tools import (
    AreaFireTool,
    MoveTool,
    TemplateTool,
    ThrowTool,
    Tool,
    overlay_bench_setup,
)

MISSION = """
[mission]
title = "Werkzeugprobe"

[map]
width = 20
height = 12
rows = '''
####################
#..................#
#..................#
#..................#
#.......=..........#
#..................#
#......:::.........#
#..................#
#..................#
#..................#
#..................#
####################
'''

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"

[[sides]]
key = "piraten"
name = "Piraten"
colour = "#c83232"
controller = "gm"

[[creatures]]
key = "schuetze"
type = "likron"
name = "Schuetze"
side = "helden"
at = [2, 8]
equipment = ["maschinenpistole"]
held = ["maschinenpistole"]

[[creatures]]
key = "werfer"
type = "ron"
name = "Werfer"
side = "helden"
at = [2, 2]
equipment = ["handgranate"]
held = ["handgranate"]

[[creatures]]
key = "pistolero"
type = "ron"
name = "Pistolero"
side = "helden"
at = [3, 4]
equipment = ["laserpistole"]
held = ["laserpistole"]

[[creatures]]
key = "p1"
type = "dretop_pirat"
name = "Pirat Eins"
side = "piraten"
at = [9, 4]
held = ["laserpistole"]

[[creatures]]
key = "p2"
type = "dretop_pirat"
name = "Pirat Zwei"
side = "piraten"
at = [12, 8]
held = ["laserpistole"]

[[creatures]]
key = "p3"
type = "dretop_pirat"
name = "Pirat Drei"
side = "piraten"
at = [14, 3]
held = ["laserpistole"]
"""


class Fixed:
    """Every d20 shows ``d20``, every d6 shows ``d6`` (a roller for exact outcomes)."""

    def __init__(self, d20: int, d6: int) -> None:
        self.d20, self.d6 = d20, d6

    def roll(self, sides: int) -> int:
        return self.d6 if sides == 6 else min(sides, self.d20)


class Table:
    """An app with a BattleScene on the test mission, and input helpers."""

    def __init__(
        self,
        home: Path,
        first: str,
        players: list[Player] | None = None,
        *,
        mission_text: str = MISSION,
    ) -> None:
        mission = home / "mission.toml"
        mission.write_text(mission_text, encoding="utf-8")
        settings = Settings()
        settings.fog_of_war = False
        settings.animations = False
        self.app = open_app(home=home, settings=settings, size=(1280, 800), headless=True)
        session = GameSession.new(mission, home=home, seed=5, players=players)
        while session.current.key != first:
            session.apply(EndTurn(session.current.key))
        self.scene = BattleScene(self.app, session)
        self.app.push(self.scene)
        self.messages: list[str] = []
        hud_message = self.scene.hud.message

        def message(text: str, bad: bool = False) -> None:
            self.messages.append(text)
            hud_message(text, bad)

        self.scene.hud.message = message  # type: ignore[method-assign]
        self.app.step()
        camera = self.scene.camera
        camera.set_zoom(1.0)
        camera.centre_on(10, 6)
        self.app.step()

    @property
    def battle(self) -> Battle:
        return self.scene.session.battle

    def centre(self, cell: tuple[int, int]) -> tuple[int, int]:
        return self.scene.camera.cell_centre(cell)

    def post(self, kind: int, **data: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **data))

    def hover(self, cell: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=self.centre(cell), rel=(0, 0), buttons=buttons)
        self.app.step()

    def click(self, cell: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.centre(cell), button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=self.centre(cell), button=button)
        self.app.step()

    def key(self, key: int, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
        self.app.step()

    def pixel(self, cell: tuple[int, int], dx: float = 0.75, dy: float = 0.75) -> pygame.Color:
        """Return the screen colour inside ``cell`` (default: lower right, clear of text)."""
        x, y = self.scene.camera.cell_to_screen(cell)
        size = self.scene.camera.cell_px
        return self.app.screen.get_at((x + int(size * dx), y + int(size * dy)))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.key.set_mods(0)


# ------------------------------------------------------------------ select + move
@pytest.mark.rule("D-10", "E-MOVE-1")
def test_select_then_walk_along_the_shown_path(home: Path) -> None:
    """The Gehen overlay shades reachable fields; a click walks the path it shows."""
    table = Table(home, "schuetze")
    scene = table.scene
    table.click((16, 2))  # a field out of reach: nothing happens
    assert len(table.battle.record) == 0 or table.battle.record[-1].kind == "end_turn"
    table.click((2, 8))
    assert scene.selected == "schuetze"
    assert isinstance(scene.tool, Tool) and scene.tool.name == "select"
    options = layers_of(scene).moves(scene, "schuetze", Action.WALK)
    goal = (5, 9)
    assert options.cost_of(goal) is not None
    far = (15, 9)
    assert options.cost_of(far) is None
    table.hover(goal)
    reached, plain = table.pixel(goal), table.pixel(far)
    assert reached.b > reached.r + 20  # tinted blue by the reach overlay
    assert plain.b < plain.r  # the bare floor
    path = options.path_to(goal)
    table.click(goal)
    battle = table.battle
    assert battle.creature("schuetze").cell == goal
    last = battle.record[-1]
    assert isinstance(last, Move) and last.action == "WALK" and list(last.path) == path


def test_right_click_and_shift_click_only_select(home: Path) -> None:
    """Shift + left click on an enemy only selects it; a right click returns the selection."""
    table = Table(home, "pistolero")
    scene = table.scene
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    table.click((9, 4))
    pygame.key.set_mods(0)
    assert scene.selected == "p1"
    assert len(table.battle.record) == len(scene.session.match.battle.record)
    table.click((9, 4), button=3)
    assert scene.selected == "pistolero"


@pytest.mark.rule("E-COVER-3", "D-9")
def test_click_on_an_enemy_shoots_with_the_held_weapon_and_the_cover_shows(home: Path) -> None:
    """A low obstacle before Pirat Eins gives Teildeckung; the attack's event records it."""
    table = Table(home, "pistolero")
    scene = table.scene
    marks = layers_of(scene).marks(scene, "pistolero", "laserpistole")
    assert marks["p1"].cover is Cover.PARTIAL and marks["p1"].attackable
    table.hover((9, 4))
    before = len(table.battle.log)
    table.click((9, 4))
    events = table.battle.log[before:]
    attack = [e for e in events if e.data.get("defender") == "p1"]
    assert attack and attack[0].data["cover"] == "PARTIAL"
    assert attack[0].data["weapon"] == "laserpistole"


@pytest.mark.rule("E-COVER-3", "D-9")
def test_attack_tool_marks_targets_and_attacks(home: Path) -> None:
    """Fernkampf from the action bar: targets marked, a click attacks (Attack command)."""
    table = Table(home, "pistolero")
    scene = table.scene
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    assert scene.tool.name == "attack"
    table.hover((12, 8))
    table.click((12, 8))
    assert scene.tool.name == "select"  # the scene leaves the tool after the attack
    defenders = [e.data.get("defender") for e in table.battle.log]
    assert "p2" in defenders


@pytest.mark.rule("D-9")
def test_game_master_overrides_cover_with_the_c_key(home: Path) -> None:
    """The GM's C on a marked enemy sends GmCoverOverride; the mark shows the ruling."""
    gm = Player("SL", "#ffffff", Role.GM, ["helden"])
    pirates = Player("Piraten", "#c83232", Role.AI, ["piraten"])
    table = Table(home, "pistolero", players=[gm, pirates])
    scene = table.scene
    assert scene.viewer is gm and scene.overlay_shown("sight")
    table.hover((9, 4))
    table.key(pygame.K_c, "c")  # Teildeckung -> Volldeckung
    marks = layers_of(scene).marks(scene, "pistolero", "laserpistole")
    assert marks["p1"].override is Cover.FULL and marks["p1"].computed_cover is Cover.PARTIAL
    assert table.battle.state.cover_overrides["pistolero|p1"] == "FULL"


# ------------------------------------------------------------------ movement tool
@pytest.mark.rule("E-ACT-VH-LAUFEN-1")
def test_run_tool_reaches_three_times_as_far_as_walking(home: Path) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.RUN)
    table.app.step()
    assert scene.tool.name == "move"
    run = layers_of(scene).moves(scene, "schuetze", Action.RUN)
    walk = layers_of(scene).moves(scene, "schuetze", Action.WALK)
    assert run.allowance == 3 * walk.allowance
    assert (11, 9) in run.costs and (11, 9) not in walk.costs
    table.hover((11, 9))
    table.click((11, 9))
    assert table.battle.creature("schuetze").cell == (11, 9)
    last = table.battle.record[-1]
    assert isinstance(last, Move) and last.action == "RUN"


@pytest.mark.rule("E-ACT-VH-STURM")
def test_charge_tool_marks_enemies_and_charges_one(home: Path) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.CHARGE)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, MoveTool)
    options = tool.options()
    assert "p2" in options.charges
    end = options.charges["p2"][-1]
    table.hover((12, 8))
    table.click((12, 8))
    last = table.battle.record[-1]
    assert isinstance(last, Charge) and last.target == "p2"
    assert table.battle.creature("schuetze").cell == end


# ------------------------------------------------------------------ throw + scatter
@pytest.mark.rule("D-7", "E-THROW-2", "E-THROW-3", "E-SCATTER-4")
def test_grenade_misses_and_the_scatter_diagram_stays_until_the_next_click(home: Path) -> None:
    """Every d20 shows 2: the throw misses, the diagram's 1-4 cell (ahead) is rolled,
    the d6 (2) carries the grenade two fields on; the diagram is drawn and kept."""
    table = Table(home, "werfer")
    scene = table.scene
    scene.start_action(Action.THROW_ATTACK)
    table.app.step()
    assert isinstance(scene.tool, ThrowTool)
    table.battle.roller = Fixed(2, 2)
    target = (8, 2)  # due east of the thrower at (2, 2)
    table.hover(target)
    table.click(target)
    command = table.battle.record[-1]
    assert isinstance(command, ThrowAtField) and command.target == target
    sticky = layers_of(scene).sticky
    assert isinstance(sticky, ThrowResult) and not sticky.hit
    assert sticky.diagram is not None and sticky.diagram.flight_step == (1, 0)
    assert sticky.direction_roll == 2 and sticky.distance_roll == 2
    rolled = sticky.diagram.cell_for(2)
    assert rolled.label == "1-4" and rolled.cell == (9, 2)
    assert sticky.landing == (10, 2)
    assert sticky.path is not None and sticky.path.cells == ((8, 2), (9, 2), (10, 2))
    table.app.step()
    table.app.step()
    colour = table.pixel(rolled.cell, 0.15, 0.15)  # the rolled cell is drawn yellow
    assert colour.r > 200 and colour.g > 150 and colour.b < 120
    assert layers_of(scene).sticky is sticky  # kept over frames
    table.click((5, 9))
    assert layers_of(scene).sticky is None  # until the next click


@pytest.mark.rule("E-THROW-2")
def test_throw_tool_previews_the_area_round_the_aimed_field(home: Path) -> None:
    table = Table(home, "werfer")
    scene = table.scene
    scene.start_action(Action.THROW_ATTACK)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, ThrowTool)
    preview = tool.preview((9, 4))
    assert preview is not None and (9, 4) in preview.cells and "p1" in preview.creatures


# ------------------------------------------------------------------ area fire
def _area_tool(table: Table) -> AreaFireTool:
    table.scene.start_action(Action.AUTO_FIRE)
    table.app.step()
    tool = table.scene.tool
    assert isinstance(tool, AreaFireTool) and tool.phase == "area"
    return tool


def _drag(table: Table, cells: list[tuple[int, int]]) -> None:
    """Press on the first field, move over the others, release on the last."""
    table.post(pygame.MOUSEBUTTONDOWN, pos=table.centre(cells[0]), button=1)
    table.app.step()
    for cell in cells[1:]:
        table.hover(cell, buttons=(1, 0, 0))
    table.post(pygame.MOUSEBUTTONUP, pos=table.centre(cells[-1]), button=1)
    table.app.step()


AREA = [(12, 8), (12, 7), (12, 6), (13, 6)]  # over Pirat Zwei at (12, 8)


def _rolled(table: Table) -> AreaFireTool:
    """Choose AREA, roll with Fixed(14, 6): 14 with Nachteil vs ZW 15 succeeds, total
    (3 + 6) x 2 = 18, of which 4 x SW 3 = 12 can be placed; return the placing tool."""
    tool = _area_tool(table)
    table.click(AREA[0])
    _drag(table, AREA[1:])
    assert tool.chosen == AREA
    table.battle.roller = Fixed(14, 6)
    table.key(pygame.K_RETURN)
    placing = table.scene.tool
    assert isinstance(placing, AreaFireTool) and placing.phase == "place"
    return placing


@pytest.mark.rule("D-6", "E-AREAFIRE-6")
def test_area_fire_that_breaks_d6_cannot_be_rolled(home: Path) -> None:
    """Fields not joined by an edge are shown as a violation; Enter sends nothing."""
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    table.click((9, 6))
    table.click((12, 2))
    preview = tool.preview()
    assert not preview.valid and any("joined" in e for e in preview.errors)
    assert any("keiner Kante" in e for e in tool.shown_problems)  # shown in German
    assert not tool.confirm_button.enabled
    records = len(table.battle.record)
    table.key(pygame.K_RETURN)
    assert len(table.battle.record) == records
    assert table.scene.tool is tool
    table.click((12, 2), button=3)  # right click removes the stray field
    assert tool.chosen == [(9, 6)] and tool.preview().valid and tool.confirm_button.enabled


@pytest.mark.rule("D-6")
def test_area_fire_on_the_own_field_is_a_violation(home: Path) -> None:
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    table.click((2, 8))
    assert any("own field" in e for e in tool.preview().errors)
    table.key(pygame.K_BACKSPACE)
    assert tool.chosen == []


@pytest.mark.rule("D-6", "E-AREAFIRE-3", "E-AREAFIRE-4", "E-AREAFIRE-8", "E-AREAFIRE-9")
def test_area_fire_rolls_then_paints_the_total_and_shows_each_save(home: Path) -> None:
    """D-6 on screen: choose the area, roll (AreaFireRoll), the total shows; a painting
    over SW and short of the total cannot be placed and says why; fixed, Enter places
    it (PlaceAreaFire) and each creature's save and damage is listed by the area."""
    table = Table(home, "schuetze")
    tool = _rolled(table)
    roll = table.battle.record[-1]
    assert isinstance(roll, AreaFireRoll) and roll.fields == tuple(AREA)
    assert roll.mode == "AUTO_FIRE" and roll.weapon == "maschinenpistole"
    preview = tool.preview()
    assert preview.placing and preview.rolled == 18 and preview.total == 12 and preview.sw == 3
    assert tool.painted == {} and not tool.confirm_button.enabled
    table.app.step()
    assert tool._big is not None and tool._big[0][0] == 12  # the total, drawn big
    # Paint: four clicks on the pirate's field (over SW 3), a drag of one over two more.
    for _ in range(4):
        table.click((12, 8))
    _drag(table, [(12, 7), (12, 6), (12, 7)])  # a field is painted once per drag
    assert tool.painted == {(12, 8): 4, (12, 7): 1, (12, 6): 1}
    preview = tool.preview()
    assert not preview.valid and preview.remaining == 6
    assert any("mehr als der SW 3 der Waffe" in e for e in tool.shown_problems)
    assert any("verteilt werden müssen genau 12" in e for e in tool.shown_problems)
    assert not tool.confirm_button.enabled
    colour = table.pixel((12, 7), 0.15, 0.5)  # painted and valid: orange
    assert colour.r > colour.b + 40
    records = len(table.battle.record)
    table.key(pygame.K_RETURN)
    assert len(table.battle.record) == records and table.scene.tool is tool
    table.click((5, 5))  # outside the declared area: refused by the tool
    assert (5, 5) not in tool.painted and tool.preview().paintable[5, 5] == False  # noqa: E712
    # Fix it: one off the pirate, then fill the rest up to SW each.
    table.click((12, 8), button=3)
    for cell, clicks in (((12, 7), 2), ((12, 6), 2), ((13, 6), 3)):
        for _ in range(clicks):
            table.click(cell)
    assert tool.painted == {(12, 8): 3, (12, 7): 3, (12, 6): 3, (13, 6): 3}
    assert tool.preview().valid and tool.confirm_button.enabled and tool.shown_problems == []
    table.key(pygame.K_RETURN)
    place = table.battle.record[-1]
    assert isinstance(place, PlaceAreaFire)
    assert set(place.values) == {(12, 8, 3), (12, 7, 3), (12, 6, 3), (13, 6, 3)}
    assert table.battle.state.pending and table.battle.state.pending[0].kind == "area_fire"
    sticky = layers_of(table.scene).sticky
    assert isinstance(sticky, AreaFireResult) and sticky.values[(12, 8)] == 3
    assert any("Pirat Zwei" in line and "Reflexe" in line for line in sticky.lines)
    assert table.scene.tool.name == "select"
    table.app.step()  # the result and the Dauerfeuer zone draw; no placement waits
    assert table.scene.tool.name == "select"


@pytest.mark.rule("D-6")
def test_esc_cannot_cancel_a_rolled_area_fire_and_keeps_the_paint(home: Path) -> None:
    """The roll stands: Esc and a right click say so; the painting survives."""
    table = Table(home, "schuetze")
    tool = _rolled(table)
    table.click((12, 8))
    table.key(pygame.K_ESCAPE)
    again = table.scene.tool
    assert isinstance(again, AreaFireTool) and again.phase == "place"
    assert again.painted == {(12, 8): 1}
    assert any("nicht abgebrochen" in m for m in table.messages)
    assert table.app.top is table.scene  # no pause menu over it
    table.messages.clear()
    table.click((3, 3), button=3)  # a right click off the painting does not leave either
    assert table.scene.tool is again and any("nicht abgebrochen" in m for m in table.messages)
    table.key(pygame.K_v, "v")  # the suggestion: what the end of the turn would place
    assert again.painted == dict(again.preview().fill_at_max) and again.preview().valid
    assert tool is not again


#: The test mission with the Schuetze carrying a shotgun (Bereichsfeuer, SW 3, BEM 1,1).
SHOTGUN_MISSION = MISSION.replace(
    'equipment = ["maschinenpistole"]\nheld = ["maschinenpistole"]',
    'equipment = ["schrotgewehr"]\nheld = ["schrotgewehr"]',
)


def _roll_with_the_seed(table: Table) -> None:
    """Roll a Bereichsfeuer shot (BEM_SHOT, shotgun) on AREA with the match's own dice
    until the check succeeds (a miss: round after round), so undo, redo and loading,
    which replay the seeded dice, reach the same waiting placement."""
    session = table.scene.session
    assert "schrotgewehr" in session.battle.state.creatures["schuetze"].held
    for _ in range(8):
        command = AreaFireRoll("schuetze", "schrotgewehr", "BEM_SHOT", tuple(AREA))
        outcome = session.apply(command)
        assert outcome.ok, outcome.rejected
        if session.battle.state.pending:
            return
        session.apply(EndTurn("schuetze"))
        while session.current.key != "schuetze":
            session.apply(EndTurn(session.current.key))
    pytest.fail("no area fire check succeeded in 8 rounds")


@pytest.mark.rule("D-6")
def test_undo_of_the_roll_leaves_the_placement_and_redo_brings_it_back(home: Path) -> None:
    """A placement waiting when the screen looks (here: rolled behind its back) is entered
    at once; undoing the roll leaves it, redoing it comes back to it."""
    table = Table(home, "schuetze", mission_text=SHOTGUN_MISSION)
    _roll_with_the_seed(table)
    table.app.step()
    tool = table.scene.tool
    assert isinstance(tool, AreaFireTool) and tool.phase == "place"
    table.click((12, 8))
    assert tool.painted == {(12, 8): 1}
    table.scene.undo()
    table.app.step()
    assert table.scene.tool.name == "select" and not table.battle.state.pending
    table.scene.redo()
    table.app.step()
    tool = table.scene.tool
    assert isinstance(tool, AreaFireTool) and tool.phase == "place" and tool.painted == {}


@pytest.mark.rule("E-AREAFIRE-3")
def test_a_missed_area_fire_roll_shows_the_check_and_places_nothing(home: Path) -> None:
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    table.click((12, 8))
    table.battle.roller = Fixed(3, 6)  # 3 + 6 = 9 < ZW 15
    table.key(pygame.K_RETURN)
    table.app.step()
    assert isinstance(table.battle.record[-1], AreaFireRoll) and not table.battle.state.pending
    assert table.scene.tool.name == "select" and tool.phase == "area"
    sticky = layers_of(table.scene).sticky
    assert isinstance(sticky, AreaFireResult) and sticky.values == {}
    assert any("ZW 15" in line for line in sticky.lines)


@pytest.mark.rule("D-6")
def test_a_scene_reopened_on_a_waiting_placement_starts_painting_it(home: Path) -> None:
    """Rolled, then the window closed: the resumed autosave opens straight in phase 2."""
    table = Table(home, "schuetze", mission_text=SHOTGUN_MISSION)
    _roll_with_the_seed(table)
    total = table.battle.state.pending[0].data["placeable"]
    session = GameSession.resume(home)
    assert [p.kind for p in session.battle.state.pending] == ["area_fire_placement"]
    scene = BattleScene(table.app, session)
    table.app.replace(scene)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, AreaFireTool) and tool.phase == "place"
    assert tool.mode.name == "BEM_SHOT" and tool.chosen == AREA
    assert tool.preview().total == total and not tool.confirm_button.enabled
    assert tool._big is not None and tool._big[0][0] == total  # the total, drawn big


# ------------------------------------------------------------------ template
@pytest.mark.rule("D-8", "E-AREA-CONE", "E-AREA-ROUND")
def test_template_lists_the_fields_and_creatures_inside(home: Path) -> None:
    """M opens the template at the selected creature; Q cycles beam, cone, circle."""
    table = Table(home, "pistolero")
    scene = table.scene
    table.key(pygame.K_m, "m")
    tool = scene.tool
    assert isinstance(tool, TemplateTool) and tool.origin == (3, 4)
    table.hover((9, 4))  # a beam due east over Pirat Eins
    beam = tool.preview()
    assert beam is not None and beam.shape.value == "beam"
    assert {(4, 4), (5, 4), (9, 4)} <= beam.cells and "p1" in beam.creatures
    assert (3, 4) not in beam.cells  # never the origin (D-8)
    colour = table.pixel((5, 4), 0.5, 0.8)
    assert colour.r > colour.b + 40  # the template's yellow
    table.key(pygame.K_q, "q")
    table.hover((9, 4))
    cone = tool.preview()
    assert cone is not None and cone.shape.value == "cone" and len(cone.cells) > len(beam.cells)
    table.key(pygame.K_q, "q")
    table.hover((12, 8))
    circle = tool.preview()
    assert circle is not None and circle.origin == (12, 8) and "p2" in circle.creatures
    assert len(circle.cells) == 21  # radius 2 covers 21 fields (E-OPEN-26)
    table.click((12, 8), button=3)
    assert scene.tool.name == "select"


@pytest.mark.rule("D-8")
def test_shift_snaps_the_template_to_45_degrees(home: Path) -> None:
    table = Table(home, "pistolero")
    table.key(pygame.K_m, "m")
    tool = table.scene.tool
    assert isinstance(tool, TemplateTool)
    table.hover((9, 6))
    free = tool.preview()
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    snapped = tool.preview()
    assert free is not None and snapped is not None
    assert free.angle_deg % 45 != 0 and snapped.angle_deg % 45 == 0


# ------------------------------------------------------------------ generic actions
def test_an_action_that_is_not_allowed_shows_why(home: Path) -> None:
    table = Table(home, "schuetze")
    table.scene.start_action(Action.THROW_ATTACK)
    assert table.scene.tool.name == "select"
    assert any("throwable" in m or "Wurf" in m for m in table.messages)


def test_menu_action_sends_the_chosen_command(home: Path) -> None:
    """Positionsänderung asks for the stance in a menu; the choice is the command."""
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.CHANGE_POSITION)
    table.app.step()
    menu = scene.tool.menu
    assert menu is not None
    labels = [item.label for item in menu.items]
    index = labels.index("Knien")
    pos = (menu.rect.x + 20, menu.rect.y + 3 + (index + 1) * menu.ROW + menu.ROW // 2)
    table.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    table.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    table.app.step()
    assert table.battle.creature("schuetze").stance.value == "kneeling"


def test_target_action_asks_for_a_creature(home: Path) -> None:
    """Gegner studieren needs the enemy: the tool waits for a click on a creature."""
    table = Table(home, "pistolero")
    scene = table.scene
    scene.start_action(Action.STUDY_ENEMY)
    table.app.step()
    assert scene.tool.name == "target"
    table.click((9, 4))
    last = table.battle.record[-1]
    assert isinstance(last, UseAction) and last.target == "p1"


def test_overlays_toggle_and_bench_setup_draw(home: Path) -> None:
    """Threat zones, range bands and sight marks draw; the bench setup has all three."""
    table = Table(home, "pistolero")
    scene = table.scene
    for overlay in ("threats", "ranges", "sight"):
        scene.show_overlay(overlay)
    table.app.step()
    threat = table.pixel((10, 4), 0.5, 0.9)  # next to Pirat Eins: in its reach
    assert threat.r > threat.b
    tool = overlay_bench_setup(scene)
    assert (
        isinstance(tool, TemplateTool)
        and scene.tool is tool
        and scene.overlay_shown("ranges")
        and scene.overlay_shown("threats")
    )
    table.app.step()
    preview = tool.preview()
    assert preview is not None and preview.cells


def test_interact_menu_greys_what_the_engine_would_refuse_with_its_reason(home: Path) -> None:
    """E-ACT-HH-INTERAGIEREN, E-OBJ-5: the Interagieren menu asks the engine (a dry run on a
    copy): a full magazine cannot be reloaded and a closed door not closed, each greyed with
    the engine's German reason; opening and breaking the door next to the shooter are offered.
    Building the menu changes nothing in the match.
    """
    from game.rulesets.entaria.queries.dry_runs import refusal
    from game.rulesets.entaria.reload import Reload

    lines = MISSION.split("\n")
    row = lines.index("rows = '''") + 1 + 8  # the shooter's row; a door west of it
    lines[row] = "#+" + lines[row][2:]
    table = Table(home, "schuetze", mission_text="\n".join(lines))
    scene, battle = table.scene, table.battle
    before = (battle.state.to_dict(), len(battle.record), len(battle.log))
    assert german(refusal(battle, Reload("schuetze", "maschinenpistole"))) == (
        "Maschinenpistole ist voll geladen"
    )
    scene.start_action(Action.INTERACT)
    table.app.step()
    menu = scene.tool.menu
    assert menu is not None
    rows_by_label = {item.label: item for item in menu.items}
    reload_row = next(item for label, item in rows_by_label.items() if "nachladen" in label)
    assert not reload_row.enabled and reload_row.tooltip == "Maschinenpistole ist voll geladen"
    assert rows_by_label["Tür öffnen"].enabled and rows_by_label["Tür aufbrechen"].enabled
    closing = rows_by_label["Tür schließen"]
    assert not closing.enabled and closing.tooltip == "die Tür ist schon geschlossen"
    assert (battle.state.to_dict(), len(battle.record), len(battle.log)) == before
