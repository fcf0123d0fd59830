"""The screen shows the engine's reasons without rule IDs (issue 10 playtest: greyed
Verbergen said "Nicht möglich: Grimmiger Terraner kann Ron sehen (E-ACT-VH-VERBERGEN-1)").
The engine's reason keeps the ID for tests and the log's data; the player reads words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import in_language, say
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene


def test_in_language_drops_bracketed_rule_ids_and_keeps_other_brackets() -> None:
    text = say("no mount (E-MOUNT-2, E-MOUNT-3)", "kein Reittier (E-MOUNT-2, E-MOUNT-3)")
    assert in_language(text, "de") == "kein Reittier"
    assert in_language(text, "en") == "no mount"
    assert in_language("placed as suggested (D-6)", "en") == "placed as suggested"
    assert in_language("zieht Laserpistole (HH) (E-OPEN-16)", "de") == "zieht Laserpistole (HH)"


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    scene.session.apply(EndTurn("elro_sa"))  # seed 3: Elro-Sa, then Ron
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1")
def test_e_act_vh_verbergen_1_the_greyed_hide_says_why_without_the_rule_id(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    battle = scene.session.battle
    legal = {v.action: v for v in battle.legal_actions("ron")}
    assert "(E-ACT-VH-VERBERGEN-1)" in legal[Action.HIDE].reason  # the engine keeps it
    scene.hud.actions.set_group("FULL")
    app.step()
    (hide,) = [s for s in scene.hud.spots("action:HIDE") if s.key == "action:HIDE"]
    assert not hide.enabled
    why = hide.tooltip.split("\n")[1]
    assert why == "Nicht möglich: Grimmiger Terraner kann Ron sehen"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=hide.rect.center, button=1))
    app.step()
    assert "kann Ron sehen" in scene.hud.notice and "(E-" not in scene.hud.notice
