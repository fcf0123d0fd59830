"""The throw tool's hover says what the click would: a field behind an edge wall is
refused with the engine's own reason, not shown as a normal template (D-13, E-THROW-2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.grid import Cell
from game.rulesets.entaria.queries.dry_runs import refusal
from game.rulesets.entaria.throwing import ThrowAtField
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from game.ui.tools import throw
from game.ui.tools.throw import ThrowTool

SIZE = (1280, 800)
WALL_X = 5  # the edge wall runs between columns 4 and 5, top to bottom

MISSION = """
[mission]
title = "Wurf hinter der Wand"
ruleset = "entaria"

[map]
width = 10
height = 10
rows = '''
{rows}'''

{edges}

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"

[[sides]]
key = "piraten"
name = "Piraten"
colour = "#c83232"
controller = "player"

[[creatures]]
key = "werfer"
type = "ron"
name = "Werfer"
side = "helden"
at = [2, 2]
equipment = ["handgranate"]
held = ["handgranate"]

[[creatures]]
key = "fanger"
type = "ron"
name = "Fanger"
side = "piraten"
at = [2, 6]
equipment = ["handgranate"]
held = ["handgranate"]
"""


def _mission(folder: Path) -> Path:
    rows = "".join("." * 10 + "\n" for _ in range(10))
    edges = "\n".join(
        f"[[map.edges]]\nbetween = [[{WALL_X - 1}, {y}], [{WALL_X}, {y}]]\n" for y in range(10)
    )
    path = folder / "wurf.toml"
    path.write_text(MISSION.format(rows=rows, edges=edges), encoding="utf-8")
    return path


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, _mission(tmp_path), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def _hover(app: App, scene: BattleScene, cell: Cell) -> list[str]:
    """Hover ``cell`` with the throw tool; return the tooltip's lines."""
    tool = scene.tool
    assert isinstance(tool, ThrowTool)
    seen: list[list[str]] = []

    def record(
        surface: pygame.Surface, lines: list[str] | str, *args: object, **kw: object
    ) -> None:
        seen.append([lines] if isinstance(lines, str) else list(lines))

    tool.tooltip = record  # type: ignore[method-assign]
    pos = scene.camera.cell_centre(cell)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step()
    assert seen, "the tool drew its tooltip"
    return seen[-1]


def _throw_tool(scene: BattleScene) -> tuple[ThrowTool, Cell, Cell]:
    """Give the creature on turn the throw tool; return it, a field behind the wall, an open one."""
    actor = scene.session.battle.current
    tool = ThrowTool(scene, actor, "handgranate")
    scene.tool = tool
    x, y = actor.cell
    return tool, (x + 4, y), (x, y + 2)


@pytest.mark.rule("D-13")
def test_d13_hover_behind_an_edge_wall_shows_the_clicks_refusal(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    tool, behind, _ = _throw_tool(scene)
    expected = refusal(scene.session.battle, ThrowAtField(tool.actor.key, "handgranate", behind))
    assert "Sichtlinie" in expected.de  # the engine refuses it: the wall blocks sight
    lines = _hover(app, scene, behind)
    assert f"Kein Angriff: {expected.de}" in lines
    assert "Im Bereich:" not in lines and all(not line.startswith("· ") for line in lines)


@pytest.mark.rule("D-13")
def test_d13_hover_on_an_open_field_shows_the_template_and_no_refusal(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    tool, _, open_field = _throw_tool(scene)
    assert tool.refusal(open_field) == ""
    lines = _hover(app, scene, open_field)
    assert not any(line.startswith("Kein Angriff") for line in lines)
    assert any(line in ("Im Bereich:", app.t("tools.template.nobody")) for line in lines)


@pytest.mark.rule("D-13")
def test_d13_the_click_behind_the_wall_gives_the_same_words_as_the_hover(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    tool, behind, _ = _throw_tool(scene)
    hovered = [line for line in _hover(app, scene, behind) if line.startswith("Kein Angriff")]
    said: list[str] = []
    original = scene.hud.message

    def spy(text: str, bad: bool = False) -> None:
        said.append(text)
        original(text, bad)

    scene.hud.message = spy  # type: ignore[method-assign]
    tool.left_click(behind, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1))
    reason = hovered[0].removeprefix("Kein Angriff: ")
    assert any(reason in text for text in said), said


def test_hover_refusal_is_asked_once_per_field(
    game: tuple[App, BattleScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = game
    _, behind, _ = _throw_tool(scene)

    calls: list[object] = []
    real = throw.refusal

    def counted(battle: object, command: object) -> str:
        calls.append(command)
        return real(battle, command)  # type: ignore[arg-type]

    monkeypatch.setattr(throw, "refusal", counted)
    for _ in range(5):
        _hover(app, scene, behind)
    assert len(calls) == 1  # a dry run costs a copy of the match: not every frame
