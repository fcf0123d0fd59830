"""The HUD, headless: actions and their reasons, end turn, undo, the dice log, the
initiative tracker under fog of war, the GM panel, Impuls, and resizing."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.match.decisions import Decision, DecisionKind
from game.match.views import Meter
from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import Attack, EndTurn, GmAnswer, GmCondition, UseAction
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.queries.fog import fog_of_war
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition, german
from game.ui.app import App
from game.ui.locale import LANGUAGES, texts
from game.ui.play import start_battle
from game.ui.popup import Hotspot
from game.ui.scenes.battle import BattleScene
from game.ui.session import GameSession, Player, Role
from game.ui.theme import Fonts
from game.ui.tokens import TokenRenderer, TokenView

SIZE = (1280, 800)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False  # the fog test sets what the viewer sees itself
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def post(event_type: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **values))


def move_to(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def key(app: App, key_code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    app.step()


def spot(scene: BattleScene, name: str) -> Hotspot:
    found = [s for s in scene.hud.spots(name) if s.key == name]
    assert found, f"no hotspot {name!r}: {[s.key for s in scene.hud.spots()]}"
    return found[0]


def press(app: App, scene: BattleScene, name: str) -> None:
    click(app, spot(scene, name).rect.center)


# ---------------------------------------------------------------- the action bar
@pytest.mark.rule("E-ACT-2")
def test_a_greyed_action_shows_the_engine_reason_in_its_tooltip(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    verdicts = {la.action: la for la in scene.session.battle.legal_actions()}
    refused = verdicts[Action.RANGED_ATTACK]  # Elro-Sa holds no ranged weapon
    assert not refused.allowed and refused.reason
    button = spot(scene, "action:RANGED_ATTACK")
    assert not button.enabled
    move_to(app, button.rect.center)
    assert german(refused.reason) in scene.hud.tooltip  # the engine's reason, in German
    assert german(refused.reason) != refused.reason
    started: list[Action] = []
    scene.start_action = started.append  # type: ignore[method-assign]
    click(app, button.rect.center)  # a click on a greyed action says why, starts nothing
    assert started == []
    assert german(refused.reason) in scene.hud.notice


def test_clicking_an_action_and_its_number_key_call_start_action(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    started: list[Action] = []
    scene.start_action = started.append  # type: ignore[method-assign]
    press(app, scene, "action:WALK")
    assert started == [Action.WALK]
    key(app, pygame.K_4)  # Gehen is the fourth half action of the catalogue
    assert started == [Action.WALK, Action.WALK]
    press(app, scene, "tab:FULL")
    assert spot(scene, "action:RUN").enabled
    key(app, pygame.K_3)  # Laufen is the third full action
    assert started[-1] is Action.RUN


def test_end_turn_button_passes_the_turn_and_undo_takes_it_back(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    first = scene.session.current.key
    assert not spot(scene, "actions:undo").enabled  # nothing to undo yet
    press(app, scene, "actions:end_turn")
    assert scene.session.current.key != first
    assert spot(scene, "actions:undo").enabled
    press(app, scene, "actions:undo")
    assert scene.session.current.key == first
    assert spot(scene, "actions:redo").enabled
    press(app, scene, "actions:redo")
    assert scene.session.current.key != first


def test_space_ends_the_turn_only_for_whoever_controls_it(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    session = scene.session
    while not session.ai_to_move:
        key(app, pygame.K_SPACE)
    pirate = session.current.key
    assert not spot(scene, "actions:end_turn").enabled
    assert not scene.hud.spots("action:")  # the viewer reads whose turn it is instead
    key(app, pygame.K_SPACE)
    assert session.current.key == pirate


# --------------------------------------------------------------------- the log
def test_dice_log_shows_the_dice_of_an_attack(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    scene.send(EndTurn(scene.session.current.key))  # Elro-Sa -> Ron
    assert scene.send(Interact("ron", "draw", item="laserpistole")).ok  # holstered (EX-ACT-1)
    outcome = scene.send(Attack("ron", "terraner", "laserpistole"))
    assert outcome.ok
    app.step()
    roll = next(e for e in outcome.events if e.kind == "roll")
    dice = ", ".join(str(d) for d in roll.data["dice"])
    lines = scene.hud.log.lines()
    entry = next(line for line in lines if line.startswith(roll.text("de")))
    assert f"w20: {dice}" in entry and f"[{dice}]" not in entry  # dice never read as a field
    assert str(roll.data["kept"]) in entry and f"ZW {roll.data['target']}" in entry
    index = scene.session.battle.log.index(roll)
    tip = spot(scene, f"log:roll:{index}").tooltip
    assert dice in tip and str(roll.data["total"]) in tip


def test_dice_log_follows_the_language(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    app.set_language("en")
    app.step()
    first = next(e for e in scene.session.battle.log if e.kind == "initiative" and e.data)
    assert any(line.startswith(first.text("en")) for line in scene.hud.log.lines())


def test_a_gm_question_has_an_ok_that_answers_it_for_good(
    game: tuple[App, BattleScene], tmp_path: Path
) -> None:
    """The OK sends GmAnswer: the question stays answered after undo/redo, save and load."""
    app, scene = game
    outcome = scene.send(UseAction("elro_sa", Action.SENSE_MOTIVE.name, target="terraner"))
    assert outcome.ok
    question = next(e for e in outcome.events if e.kind == "gm_question")
    index = scene.session.battle.log.index(question)
    app.step()
    assert scene.hud.log.open_questions() == 1
    press(app, scene, f"log:ok:{index}")
    assert scene.hud.log.open_questions() == 0
    assert not scene.hud.spots(f"log:ok:{index}")
    assert scene.session.match.commands[-1] == GmAnswer(None, index)
    assert any(line.startswith("[SL] Spielleitung: erledigt") for line in scene.hud.log.lines())
    scene.undo()
    app.step()
    assert scene.hud.log.open_questions() == 1
    scene.redo()
    path = scene.session.save_as("gefragt")
    loaded = GameSession.load(path, home=tmp_path)
    assert loaded.battle.open_gm_questions() == []


def test_with_a_gm_seat_only_the_gm_gets_the_panel_and_answers(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    gm = Player("Spielleitung", "#ffffff", Role.GM, [])
    scene.session.players.append(gm)
    outcome = scene.send(UseAction("elro_sa", Action.SENSE_MOTIVE.name, target="terraner"))
    index = scene.session.battle.log.index(
        next(e for e in outcome.events if e.kind == "gm_question")
    )
    app.step()
    assert scene.viewer is not None and scene.viewer.role is Role.HUMAN
    assert not scene.hud.spots("gm:") and not scene.hud.spots(f"log:ok:{index}")
    scene.viewer = gm
    app.step()
    assert spot(scene, "gm:lp:+1") and not scene.hud.spots("gm:mode")
    press(app, scene, f"log:ok:{index}")
    assert scene.hud.log.open_questions() == 0


# -------------------------------------------------------- the initiative tracker
@pytest.mark.rule("E-COND-UNENTDECKT-1")
def test_initiative_tracker_hides_a_creature_hidden_from_the_viewer(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    app.settings.fog_of_war = True  # the players' side looks at the screen
    assert scene.viewer is not None and scene.viewer.sides == ["freunde"]
    app.step()
    assert spot(scene, "initiative:pirat_2")
    assert scene.send(GmCondition(None, "pirat_2", Condition.UNDETECTED.name, 1)).ok
    seen = scene.visible_keys()
    assert seen == set(fog_of_war(scene.session.battle, "freunde").creatures)
    assert "pirat_2" not in seen and "ron" in seen
    scene.select("pirat_2")
    app.step()
    keys = {s.key for s in scene.hud.spots("initiative:")}
    assert "initiative:pirat_2" not in keys and "initiative:ron" in keys
    assert scene.hud.card.subject() is None  # nor does the card show it


def test_clicking_a_chip_selects_and_centres_on_the_creature(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    press(app, scene, "initiative:pirat_4")
    assert scene.selected == "pirat_4"
    cell = scene.session.battle.state.creatures["pirat_4"].cell
    centre = scene.camera.cell_centre(cell)
    viewport = scene.hud.viewport
    assert abs(centre[0] - viewport.centerx) <= scene.camera.cell_px
    assert abs(centre[1] - viewport.centery) <= scene.camera.cell_px
    assert scene.hud.card.title() == "Pirat Orrug"


# ------------------------------------------------------------------- the card
def test_card_explains_a_condition(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    assert scene.send(GmCondition(None, "ron", Condition.PRONE.name, 1)).ok
    scene.select("ron")
    app.step()
    tip = spot(scene, "card:condition:PRONE").tooltip
    assert "Liegend" in tip and "Nachteil" in tip  # German screen: German only, no rule IDs
    assert "Prone" not in tip and "E-COND-LIEGEND-1" not in tip
    assert spot(scene, "card:weapon:laserpistole")


# ------------------------------------------------------------------- GM panel
@pytest.mark.rule("D-9")
def test_gm_panel_sets_lp_opens_doors_and_rules_cover(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    hud = scene.hud
    assert scene.session.gm is None
    assert not hud.spots("gm:lp:")  # no GM seat: the panel waits for GM mode
    press(app, scene, "gm:mode")
    confirm = app.top  # issue 12: SL-Modus is switched on only after a confirmation
    assert confirm is not scene and not hud.gm_active
    confirm.answer(True)  # type: ignore[attr-defined]
    assert hud.gm_active
    scene.select("terraner")
    app.step()
    before = scene.session.battle.state.creatures["terraner"].lp
    press(app, scene, "gm:lp:-5")
    assert scene.session.battle.state.creatures["terraner"].lp == before - 5
    press(app, scene, "gm:cover:FULL")
    assert scene.session.battle.state.cover_overrides["elro_sa|terraner"] == "FULL"
    grid = scene.session.battle.grid
    y, x = (int(v) for v in np.argwhere(grid.door & ~grid.door_open)[0])
    press(app, scene, "gm:door")
    assert scene.tool.name == "hud_pick"
    click(app, scene.camera.cell_centre((x, y)))
    assert scene.session.battle.grid.is_door_open((x, y))


def test_gm_moves_a_token_with_two_clicks(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    scene.hud.gm_mode = True
    app.step()
    pirate = scene.session.battle.state.creatures["pirat_5"]
    target = (pirate.cell[0], pirate.cell[1] - 1)
    assert scene.session.battle.state.creature_at(target) is None
    press(app, scene, "gm:move")
    click(app, scene.camera.cell_centre(pirate.cell))
    click(app, scene.camera.cell_centre(target))
    assert scene.session.battle.state.creatures["pirat_5"].cell == target
    assert scene.tool.name == "select"


# ------------------------------------------------------------------- Impuls
@pytest.mark.rule("E-IMP-5")
def test_impulse_menu_greys_what_the_pool_cannot_pay_and_spends(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    battle = scene.session.battle
    pool = battle.state.impulse_pool
    press(app, scene, "impulse:menu")
    half = spot(scene, "impulse:HALF")  # costs 5
    assert half.enabled is (pool >= 5)
    press(app, scene, "impulse:COVER")
    assert scene.session.battle.state.impulse_pool == pool - 1


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_a_roll_of_the_last_command_can_be_rerolled(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    scene.send(EndTurn(scene.session.current.key))
    assert scene.send(Interact("ron", "draw", item="laserpistole")).ok  # holstered (EX-ACT-1)
    assert scene.send(Attack("ron", "terraner", "laserpistole")).ok
    app.step()
    options = scene.session.battle.rerollable_rolls()
    assert options
    press(app, scene, f"impulse:reroll:{options[0].index}")
    bought = [e for e in scene.session.last_events if e.kind == "impulse"]
    assert bought and bought[0].data["effect"] == "REROLL" and bought[0].actor == "ron"


# ------------------------------------------------------------------- layout
@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1280, 800), (1920, 1080), (2560, 1440)])
def test_resizing_keeps_the_viewport_inside_the_window(
    game: tuple[App, BattleScene], size: tuple[int, int]
) -> None:
    app, scene = game
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    app.step()
    window = pygame.Rect((0, 0), size)
    camera = scene.camera
    viewport = pygame.Rect(
        camera.viewport_x, camera.viewport_y, camera.viewport_w, camera.viewport_h
    )
    assert window.contains(viewport)
    assert viewport.width >= size[0] * 0.65 and viewport.height >= size[1] * 0.7
    for panel in scene.hud.panels:
        if panel.visible:
            assert window.contains(panel.rect)
            assert not panel.rect.colliderect(viewport)
    press(app, scene, "initiative:sidebar")  # hiding the sidebar gives the map the width
    assert scene.camera.viewport_w == size[0]


def test_a_window_smaller_than_the_minimum_is_laid_out_at_the_minimum(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    post(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))
    app.step()
    assert scene.hud.size == (800, 560)


def test_nothing_is_drawn_again_while_nothing_changes(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    app.step()
    redraws = [panel.redraws for panel in scene.hud.panels]
    renders = scene.hud.text.renders
    for _ in range(5):
        app.step()
    assert [panel.redraws for panel in scene.hud.panels] == redraws
    assert scene.hud.text.renders == renders


# ------------------------------------------------------- the ruleset's views
GAME = Path(__file__).resolve().parents[2] / "game"
#: The screen parts that draw the ruleset's views and must not know the rules themselves.
NEUTRAL = sorted([*(GAME / "ui").glob("hud*.py"), GAME / "ui" / "tokens.py"])
#: Words of ENTARIA that must not appear as names in their code.
RULE_WORDS = re.compile(
    r"^(Action|ActionType|ACTIONS|Battle)$|Condition|Attribute|SaveValue|Impuls|impulse|"
    r"CreatureState|LegalAction|DamageType|Stance"
)


def test_the_hud_imports_no_ruleset_and_names_no_rule() -> None:
    """The HUD and the tokens draw the views: no ruleset import, no ENTARIA name in code."""
    assert len(NEUTRAL) > 8
    for path in NEUTRAL:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("game.rulesets"), f"{path.name}: {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("game.rulesets") for a in node.names)
            name = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else node.name
                if isinstance(node, ast.FunctionDef | ast.ClassDef)
                else ""
            )
            assert not RULE_WORDS.search(name), f"{path.name}:{node.lineno} names {name!r}"


KEY = re.compile(r"""\bt\(\s*"([a-z_]+(?:\.[a-z_0-9]+)+)"[,)]""")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_key_of_the_rulesets_views_has_a_text(language: str) -> None:
    """The views ask the screen's texts by fixed keys: each exists in both languages."""
    keys: set[str] = set()
    for path in (GAME / "rulesets").glob("*/views/*.py"):
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    assert "hud.card.lp" in keys and len(keys) > 60
    assert sorted(keys - set(texts(language))) == []


def test_the_session_follows_the_open_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever owns the open decision is the current seat: a reaction of the pirates'
    side out of the heroes' turn is the built-in opponent's move, a GM decision the GM's."""
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3, autosave_enabled=False)
    heroes, pirates = session.players
    assert session.current_player is heroes and not session.ai_to_move
    assert session.may_decide(heroes) and not session.may_decide(pirates)
    reaction = Decision(DecisionKind.REACTION, "piraten", "pirat_2", "Abwarten")
    monkeypatch.setattr(session.match, "decision", lambda: reaction)
    assert session.current_player is pirates and session.ai_to_move
    assert not session.may_decide(heroes)
    gm = Player("Spielleitung", "#ffffff", Role.GM, [])
    session.players.append(gm)
    monkeypatch.setattr(session.match, "decision", lambda: Decision(DecisionKind.OUTCOME, None))
    assert session.current_player is gm and not session.ai_to_move
    assert session.may_decide(gm) and not session.may_decide(heroes)
    monkeypatch.setattr(session.match, "decision", lambda: None)
    assert session.over and session.current_player is None and not session.ai_to_move


def test_the_views_offer_a_built_in_opponent(tmp_path: Path) -> None:
    """The built-in opponent is the ruleset's: its command answers the open decision."""
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3, autosave_enabled=False)
    while not session.ai_to_move:
        assert session.apply(EndTurn(session.current.key)).ok
    pirate = session.current.key
    outcome = session.ai_step()
    assert outcome.ok and session.match.commands[-1].actor in (pirate, None)


def test_a_token_meter_may_be_pips(game: tuple[App, BattleScene]) -> None:
    """A ruleset may count wounds in pips (WRS): the token draws them instead of a bar."""
    token = TokenView(
        key="w",
        name="Wache",
        initials="Wa",
        colour=(47, 111, 208),
        cell=(1, 1),
        size=1,
        facing="S",
        meter=Meter(2, 4, pips=True),
        marks=(),
        stance="standing",
        altitude=0,
        life="ok",
    )
    renderer = TokenRenderer(Fonts())
    pips = pygame.image.tobytes(renderer.sprite(token, 64), "RGBA")
    bar = TokenView(**{**token.__dict__, "meter": Meter(2, 4)})
    assert pips != pygame.image.tobytes(renderer.sprite(bar, 64), "RGBA")
