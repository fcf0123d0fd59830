"""Issue 12 playtest (Xvfb, p12 findings 109/112), points 5 and 6 of task H12f.

5. Token initials did not tell creatures apart: "Punk mit Knüppel" and "Punk mit
   Pistole" both read "PM", three punks "PA". Each creature of a match now has a short
   label unique among its creatures (first letters of the first and last word, else the
   first letter and a digit), the same on its token and in the initiative bar (D-9: the
   map shows who is who), worked out once per match.
6. The token art's SVG is read with ``read_bounded``: a FIFO in its place is refused at
   once (never waited on) and the token shows its initials; the reason is logged once.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.missions.bundled import bundled_maps_dir
from game.ui import token_views
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from game.ui.token_art import TokenArt
from game.ui.token_views import short_label, short_labels

STREET = [
    "Likron",
    "Valina",
    "Lara",
    "Punk mit Knüppel",
    "Punk mit Pistole",
    "Punk auf dem Dach",
    "Punk am Marktstand",
    "Punkerin am Brunnen",
    "Türsteher der Neonhöhle",
    "Drogendealer",
]


@pytest.mark.rule("D-9")
def test_d_9_the_street_fight_punks_get_labels_of_their_own() -> None:
    labels = short_labels({f"c{i}": name for i, name in enumerate(STREET)})
    assert len(set(labels.values())) == len(STREET)
    assert labels["c3"] == "PK" and labels["c4"] == "PP"  # Knüppel, Pistole
    assert [labels[f"c{i}"] for i in (5, 6, 7)] == ["PD", "PM", "PB"]
    assert short_label("Elro-Sa") == "ES" and short_label("Ron") == "Ro"


@pytest.mark.rule("D-9")
def test_d_9_equal_labels_become_first_letter_and_digit_skipping_taken_ones() -> None:
    names = {"a": "Pirat Krask", "b": "Piratin Kaya", "c": "Pirat", "d": "Pirat", "e": "P 1"}
    labels = short_labels(names)
    assert labels["a"] != labels["b"] and len(set(labels.values())) == 5
    assert labels["e"] == "P1"  # its own label; the others skip it
    assert labels["a"] == "P2" and labels["b"] == "P3" and labels["c"] == "P4"
    assert labels["d"] == "P5"


@pytest.fixture
def street(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    app.settings.animations = False
    scene = start_battle(app, bundled_maps_dir() / "strassenkampf.toml", seed=4)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("D-9")
def test_d_9_token_and_initiative_chip_show_the_same_unique_label(
    street: tuple[App, BattleScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = street
    tokens = {t.key: t.initials for t in scene.token_list()}
    assert len(tokens) >= 10 and len(set(tokens.values())) == len(tokens)
    by_name = {t.name: t.initials for t in scene.token_list()}
    assert by_name["Punk mit Knüppel"] != by_name["Punk mit Pistole"]
    chips: dict[str, str] = {}
    strip = scene.hud.initiative
    real = strip._chip

    def spy(surface: Any, rect: Any, chip: Any, piece: Any, current: bool, label: str) -> None:
        chips[piece.key] = label
        real(surface, rect, chip, piece, current, label)

    monkeypatch.setattr(strip, "_chip", spy)
    scene.hud.relayout()
    app.step()
    assert chips  # the bar was drawn
    assert all(tokens[key] == label for key, label in chips.items())


@pytest.mark.rule("D-9")
def test_d_9_labels_are_worked_out_once_not_per_frame(street: tuple[App, BattleScene]) -> None:
    app, scene = street
    app.step()
    misses = token_views._labels_of.cache_info().misses
    for _ in range(5):
        scene.session.revision += 1  # tokens rebuilt each frame: the labels still not
        app.step()
    assert token_views._labels_of.cache_info().misses == misses


# ------------------------------------------------------------ 6 bounded token art
def test_a_fifo_as_token_art_is_refused_at_once_and_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")  # pragma: no cover
    os.mkfifo(tmp_path / "pirat.svg")  # a writer never comes: a plain read would hang
    (tmp_path / "elf.svg").write_bytes(b"<svg xmlns='http://www.w3.org/2000/svg'/>")
    art = TokenArt(art_dir=tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.ui.token_art"):
        assert art.figure("pirat", 40) is None  # initials instead
        assert not art.has_figure("pirat")
        assert art.figure("pirat", 60) is None
    assert "pirat" in art.refused and "pirat.svg" in art.refused["pirat"]
    assert sum("pirat.svg" in r.getMessage() for r in caplog.records) == 1  # once
    assert art.has_figure("elf")  # a regular file beside it still loads
    assert "missing" not in art.refused  # a kind without art says nothing
    assert not art.has_figure("missing") and "missing" not in art.refused


def test_an_oversized_token_svg_is_refused_with_its_reason(tmp_path: Path) -> None:
    from game.ui.token_art import MAX_SVG_BYTES

    (tmp_path / "big.svg").write_bytes(b"<svg>" + b" " * MAX_SVG_BYTES)
    art = TokenArt(art_dir=tmp_path)
    assert not art.has_figure("big") and "big" in art.refused
