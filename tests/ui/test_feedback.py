"""Feedback on the map (issue 12, i12): a shot's tracer, the damage number, "verfehlt",
a creature that falls, a blast; only what the viewer sees; an undo takes it off.

The battle screen is driven headless; the dice are scripted (``Dice``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.board.grid import Cell
from game.match.effects import DamageNumber, Effect, Explosion, Fell, Miss, Sound, Tracer
from game.match.events import Event
from game.match.views import Piece
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.commands import Attack, EndTurn
from game.ui import feedback as fb
from game.ui.anim import FLIGHT_SECONDS, SCATTER_SECONDS
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.feedback import Feedback
from game.ui.locale import Translator
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession
from game.ui.settings import Settings
from game.ui.theme import Fonts
from tests.shots import save_shot
from tests.ui.test_markers_follow_state import Dice

SHOOTER: Cell = (2, 8)
PIRATE: Cell = (12, 8)

MISSION = """
[mission]
title = "Trefferprobe"

[map]
width = 20
height = 12
rows = '''
####################
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
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
type = "ron"
name = "Schuetze"
side = "helden"
at = [2, 8]
equipment = ["laserpistole"]
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
at = [17, 2]
held = ["laserpistole"]
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def _shooter(home: Path, language: str = "de", text: str = MISSION) -> tuple[App, BattleScene]:
    """The inline mission with the Schuetze (laser pistol) on turn, the map at zoom 1."""
    mission = home / "mission.toml"
    mission.write_text(text, encoding="utf-8")
    settings = Settings()
    settings.fog_of_war = False
    settings.animations = False
    settings.language = language
    app = open_app(home=home, settings=settings, size=(1280, 800), headless=True)
    session = GameSession.new(mission, home=home, seed=5)
    while session.current.key != "schuetze":
        session.apply(EndTurn(session.current.key))
    scene = BattleScene(app, session)
    app.push(scene)
    app.step()
    scene.camera.set_zoom(1.0)
    scene.camera.centre_on(10, 6)
    app.step()
    return app, scene


def _shoot(app: App, scene: BattleScene, *d20: int) -> list[Any]:
    scene.session.battle.roller = Dice(*d20)
    outcome = scene.send(Attack("schuetze", "p2", "laserpistole"))
    assert outcome.ok, outcome.rejected
    return list(outcome.events)


def _count(app: App, colour: tuple[int, int, int], area: pygame.Rect) -> int:
    """Count the screen's pixels of ``colour`` inside ``area``."""
    mask = pygame.mask.from_threshold(
        app.screen.subsurface(area.clip(app.screen.get_rect())), (*colour, 255), (1, 1, 1, 255)
    )
    return int(mask.count())


def _between(scene: BattleScene, a: Cell, b: Cell) -> pygame.Rect:
    """The screen strip along the row of ``a`` and ``b`` (a tracer between them runs in it)."""
    ax, ay = scene.camera.cell_centre(a)
    bx, by = scene.camera.cell_centre(b)
    return pygame.Rect(min(ax, bx), min(ay, by) - 6, abs(bx - ax), abs(by - ay) + 12)


def _above(scene: BattleScene, cell: Cell) -> pygame.Rect:
    """Where a text floating up from a creature on ``cell`` is drawn."""
    x, y = scene.camera.cell_to_screen(cell)
    s = scene.camera.cell_px
    return pygame.Rect(x - 2 * s, y - 2 * s, 5 * s, 3 * s)


# ------------------------------------------------------------------ the screen
@pytest.mark.rule("D-4")
def test_i12_d_4_a_hit_draws_a_tracer_and_floats_its_damage_number(home: Path) -> None:
    app, scene = _shooter(home)
    events = _shoot(app, scene, 19)
    final = next(e for e in events if e.kind == "damage").data["final"]
    effects = scene.feedback.effects
    assert Tracer(SHOOTER, PIRATE, True) in effects
    assert DamageNumber(PIRATE, final) in effects
    app.step(0.08)  # the streak is on its way
    assert _count(app, fb.HIT_COLOUR, _between(scene, SHOOTER, PIRATE)) > 20
    save_shot(app.screen, "i12_feedback_tracer.png")
    app.step(0.3)  # the number rises from the pirate
    assert scene.feedback.texts() == [f"-{final}"]
    assert _count(app, fb.DAMAGE_COLOUR, _above(scene, PIRATE)) > 15
    save_shot(app.screen, "i12_feedback_damage.png")
    for _ in range(40):
        app.step(0.05)
    assert not scene.feedback.busy  # gone after two seconds
    assert _count(app, fb.DAMAGE_COLOUR, _above(scene, PIRATE)) == 0


def test_i12_a_miss_says_verfehlt_and_its_tracer_flies_past(home: Path) -> None:
    app, scene = _shooter(home)
    _shoot(app, scene, 2)
    effects = scene.feedback.effects
    assert Tracer(SHOOTER, PIRATE, False) in effects and Miss(PIRATE) in effects
    assert not any(isinstance(e, DamageNumber) for e in effects)
    item = next(i for i in scene.feedback.items if isinstance(i.effect, Tracer))
    end = item.points[1]
    assert end[0] > PIRATE[0] + 1 and abs(end[1] - (PIRATE[1] + 0.5)) > 0.3  # past, aside
    app.step(0.08)
    assert _count(app, fb.MISS_COLOUR, _between(scene, SHOOTER, PIRATE)) > 20
    app.step(0.3)
    assert scene.feedback.texts() == ["verfehlt"]
    assert _count(app, fb.MISS_COLOUR, _above(scene, PIRATE)) > 30
    save_shot(app.screen, "i12_feedback_miss_de.png")


def test_i12_a_miss_says_miss_in_english_and_an_undo_takes_it_off(home: Path) -> None:
    app, scene = _shooter(home, language="en")
    _shoot(app, scene, 2)
    app.step(0.3)
    assert scene.feedback.texts() == ["miss"]
    save_shot(app.screen, "i12_feedback_miss_en.png")
    scene.undo(confirmed=True)
    assert not scene.feedback.busy and scene.feedback.effects == ()
    app.step(0.05)
    assert _count(app, fb.MISS_COLOUR, _above(scene, PIRATE)) == 0


@pytest.mark.rule("D-5")
def test_i12_d_5_a_creature_that_falls_is_called_out_at_once(home: Path) -> None:
    app, scene = _shooter(home)
    scene.session.battle.state.creatures["p2"].lp = 1
    events = _shoot(app, scene, 19)
    state = next(e for e in events if e.kind == "life_state").data["state"]
    fell = next(e for e in scene.feedback.effects if isinstance(e, Fell))
    assert fell.cell == PIRATE and fell.word == f"feedback.{state.lower()}"
    app.step(0.3)
    words = {"unconscious": "bewusstlos", "dying": "sterbend", "dead": "tot"}
    assert words[state.lower()] in scene.feedback.texts()
    colour = fb.FALL_COLOURS[fell.state]
    assert _count(app, colour, _above(scene, PIRATE)) > 20
    save_shot(app.screen, "i12_feedback_fell.png")


def test_i12_the_frame_draws_nothing_of_the_feedback_when_idle(home: Path) -> None:
    _app, scene = _shooter(home)
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    scene.feedback.draw(surface, scene.camera)
    assert not pygame.surfarray.array3d(surface).any()


# ------------------------------------------------------ what the viewer sees
class _Fog:
    def __init__(self, visible: np.ndarray) -> None:
        self.visible = visible
        self.creatures: frozenset[str] = frozenset()


class _Views:
    def __init__(self, effects: tuple[Effect, ...]) -> None:
        self.made = effects

    def effects(self, game: object, events: object) -> tuple[Effect, ...]:
        return self.made


class _Host:
    """A battle screen's stand-in: given effects, a fog mask, no pieces."""

    def __init__(self, effects: tuple[Effect, ...], fog: _Fog | None) -> None:
        pygame.font.init()
        self.app = type("A", (), {"t": Translator("de"), "fonts": Fonts(), "settings": Settings()})
        self.session = type("S", (), {"views": _Views(effects), "battle": None})
        self._fog = fog

    def pieces(self) -> Mapping[str, Piece]:
        return {}

    def fog(self) -> _Fog | None:
        return self._fog


def test_i12_a_shot_from_out_of_sight_draws_no_tracer_but_the_damage(home: Path) -> None:
    """Under the fog of war a tracer needs both ends in sight; the hurt creature's number shows."""
    visible = np.ones((12, 20), dtype=bool)
    visible[8, 2] = False  # the shooter's field is dark to this viewer
    made = (Tracer(SHOOTER, PIRATE, True), DamageNumber(PIRATE, 4))
    feedback = Feedback(_Host(made, _Fog(visible)))  # type: ignore[arg-type]

    feedback.events([Event("x", "", "")])
    kinds = [type(item.effect) for item in feedback.items]
    assert kinds == [DamageNumber]
    visible[8, 2] = True
    feedback.clear()
    feedback.events([Event("x", "", "")])
    assert [type(item.effect) for item in feedback.items] == [Tracer, DamageNumber]
    surface = pygame.Surface((640, 400))
    camera = Camera()
    camera.set_viewport(0, 0, 640, 400)
    camera.set_zoom(1.0)
    feedback.update(0.3)
    feedback.draw(surface, camera)
    assert pygame.surfarray.array3d(surface).any()


@pytest.mark.rule("D-7")
def test_i12_d_7_a_missed_throw_says_verfehlt_when_it_arrives_and_blasts_where_it_landed() -> None:
    """The blast, its number and its sound wait for the animator's flight and scatter."""

    blast = tuple((x, y) for x in range(11, 14) for y in range(7, 10))
    made = (Miss((10, 8)), Explosion(blast), DamageNumber((12, 8), 5), Sound("explosion"))
    host = _Host(made, None)
    feedback = Feedback(host)  # type: ignore[arg-type]
    feedback.events([Event("x", "", "")])
    starts = {type(item.effect): item.start for item in feedback.items}
    assert starts[Miss] == pytest.approx(FLIGHT_SECONDS)
    assert starts[Explosion] == pytest.approx(FLIGHT_SECONDS + SCATTER_SECONDS)
    assert starts[DamageNumber] > starts[Explosion]
    assert feedback.queued == [(pytest.approx(FLIGHT_SECONDS + SCATTER_SECONDS), "explosion")]
    camera = Camera()
    camera.set_viewport(0, 0, 800, 480)
    camera.set_zoom(1.0)
    surface = pygame.Surface((800, 480))
    feedback.update(starts[Explosion] + 0.1)
    feedback.draw(surface, camera)
    ring = pygame.mask.from_threshold(surface, (*fb.BURST_COLOUR, 255), (1, 1, 1, 255))
    assert ring.count() > 100
    save_shot(surface, "i12_feedback_blast.png")
    host.app.settings.animations = False  # no flight drawn: everything at once
    feedback.clear()
    feedback.events([Event("x", "", "")])
    assert {item.start for item in feedback.items} <= {feedback.clock, feedback.clock + 0.05}


@pytest.mark.rule("D-6")
def test_i12_d_6_area_fire_streaks_a_tracer_to_each_field_one_after_another(home: Path) -> None:
    shotgun = MISSION.replace('type = "ron"', 'type = "likron"', 1).replace(
        'equipment = ["laserpistole"]\nheld = ["laserpistole"]',
        'equipment = ["schrotgewehr"]\nheld = ["schrotgewehr"]',
        1,
    )
    app, scene = _shooter(home, text=shotgun)
    fields = ((7, 7), (7, 8), (7, 9))
    scene.session.battle.roller = Dice(15, 15, 15)  # the check; every d6 a 3; the saves
    outcome = scene.send(AreaFire("schuetze", "schrotgewehr", "BEM_SHOT", fields))
    assert outcome.ok, outcome.rejected
    placed = next(e for e in outcome.events if e.kind == "area_fire").data["fields"]
    tracers = [i for i in scene.feedback.items if isinstance(i.effect, Tracer)]
    assert [i.effect.to_cell for i in tracers] == [(x, y) for x, y, _ in placed]
    starts = [i.start for i in tracers]
    assert starts == sorted(starts) and len(set(starts)) == len(starts)
    app.step(0.2)
    box = pygame.Rect(scene.camera.cell_to_screen((2, 6)), (6 * scene.camera.cell_px,) * 2)
    assert _count(app, fb.HIT_COLOUR, box) > 30
    save_shot(app.screen, "i12_feedback_area_fire.png")


def test_i12_a_hidden_creature_on_a_field_in_sight_shows_no_number() -> None:
    """A creature the fog does not show (Unentdeckt on a lit field) gets no feedback."""
    visible = np.ones((12, 20), dtype=bool)
    fog = _Fog(visible)
    made = (Tracer(SHOOTER, PIRATE, True), DamageNumber(PIRATE, 4), Miss(SHOOTER))
    host = _Host(made, fog)
    pirate = Piece("p2", "Pirat", "piraten", PIRATE, 1, "N", "standing", 0, "ok", True, None, ())
    host.pieces = lambda: {"p2": pirate}  # type: ignore[method-assign]
    feedback = Feedback(host)  # type: ignore[arg-type]
    feedback.events([Event("x", "", "")])
    assert [type(item.effect) for item in feedback.items] == [Miss]
    fog.creatures = frozenset({"p2"})
    feedback.clear()
    feedback.events([Event("x", "", "")])
    assert [type(item.effect) for item in feedback.items] == [Tracer, DamageNumber, Miss]
