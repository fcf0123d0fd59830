"""Miniatures (issue 12, i12): token art per creature kind, drawn in the side's ring, with
the initials as the fallback; the fallen are seen at once (rendered pixels)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.match.token_kinds import TOKEN_KINDS
from game.match.views import Meter
from game.ui import token_art
from game.ui.asset_dirs import asset_path
from game.ui.theme import Fonts
from game.ui.token_art import TokenArt, round_crop, turned_svg
from game.ui.tokens import TokenRenderer, TokenView, ring_point

SIDE = (200, 50, 50)
SHIPPED = sorted(p.stem for p in asset_path("tokens").glob("*.svg"))


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _token(**changes: object) -> TokenView:
    base = TokenView(
        key="p1",
        name="Dretop-Pirat",
        initials="DP",
        colour=SIDE,
        cell=(0, 0),
        size=1,
        facing="N",
        meter=None,
        marks=(),
        stance="standing",
        altitude=0,
        life="ok",
        art="pirate",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def _pixels(surface: pygame.Surface) -> list[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y))) for y in range(h) for x in range(w)]  # type: ignore[misc]


def _differing(a: pygame.Surface, b: pygame.Surface) -> int:
    assert a.get_size() == b.get_size()
    return sum(1 for p, q in zip(_pixels(a), _pixels(b), strict=True) if p != q)


def _inner_differing(a: pygame.Surface, b: pygame.Surface, s: int) -> int:
    """Count differing pixels well inside the base (not the ring, not the rim)."""
    pad = (a.get_width() - s) // 2
    c, r = pad + s // 2, round(s * 0.42) * 0.6
    count = 0
    for y in range(a.get_height()):
        for x in range(a.get_width()):
            if (x - c) ** 2 + (y - c) ** 2 <= r * r and a.get_at((x, y)) != b.get_at((x, y)):
                count += 1
    return count


# ------------------------------------------------------------------ the art
def test_i12_every_token_kind_has_shipped_art_and_every_svg_is_a_kind() -> None:
    assert sorted(TOKEN_KINDS) == SHIPPED
    assert (asset_path("tokens") / "LICENSE").is_file()


@pytest.mark.parametrize("kind", SHIPPED)
@pytest.mark.parametrize("px", [20, 160])
def test_i12_every_shipped_svg_loads_at_20_and_160_px(kind: str, px: int) -> None:
    art = TokenArt().figure(kind, px)
    assert art is not None and art.get_size() == (px, px)
    opaque = sum(1 for p in _pixels(art) if p[3] > 200)
    assert opaque > px * px * 0.2  # a bold figure, not a speck
    corners = [art.get_at(p).a for p in ((0, 0), (px - 1, 0), (0, px - 1), (px - 1, px - 1))]
    assert max(corners) == 0  # round figures: the ring round them stays visible


def test_i12_a_figure_turns_to_its_facing() -> None:
    art = TokenArt()
    north = art.figure("soldier", 60, 0)
    east = art.figure("soldier", 60, 90)
    assert north is not None and east is not None
    turned = pygame.transform.rotate(north, -90)  # clockwise

    def shape_differs(a: pygame.Surface, b: pygame.Surface) -> int:
        return sum(
            1 for p, q in zip(_pixels(a), _pixels(b), strict=True) if (p[3] > 128) != (q[3] > 128)
        )

    assert shape_differs(north, east) > 100
    assert shape_differs(turned, east) < shape_differs(north, east) / 4
    assert turned_svg(b"<svg viewBox='0 0 100 100'><g/></svg>", 45).count(b"rotate(45 50 50)") == 1


def test_i12_art_is_cached_per_kind_size_turn_and_tone_in_a_bounded_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    art = TokenArt()
    first = art.figure("robot", 40)
    renders = art.renders
    assert art.figure("robot", 40) is first and art.renders == renders
    monkeypatch.setattr(token_art, "MAX_ART_SURFACES", 3)
    for px in range(10, 20):
        art.figure("robot", px)
    assert len(art._surfaces) == 3
    monkeypatch.setattr(token_art, "MAX_ART_BYTES", 100 * 100 * 4 * 2)
    for px in (100, 100, 90, 80):
        art.figure("beast", px, px)
    assert art.bytes <= token_art.MAX_ART_BYTES and len(art._surfaces) == 2
    assert art.bytes == sum(s.get_width() * s.get_height() * 4 for s in art._surfaces.values())


# ---------------------------------------------------------- tokens with art
@pytest.mark.parametrize("s", [28, 40, 160])
def test_i12_a_token_with_art_differs_from_the_initials_inside_the_ring(s: int) -> None:
    renderer = TokenRenderer(Fonts())
    with_art = renderer.sprite(_token(), s)
    initials = renderer.sprite(_token(art=""), s)
    assert _inner_differing(with_art, initials, s) > (s * 0.25) ** 2
    # the side's colour stays visible as a ring, with art and without
    pad = (with_art.get_width() - s) // 2
    x, y = ring_point(_token(), s)
    assert tuple(with_art.get_at((x + pad, y + pad)))[:3] == SIDE
    assert tuple(initials.get_at((x + pad, y + pad)))[:3] == SIDE


def test_i12_different_kinds_look_different() -> None:
    renderer = TokenRenderer(Fonts())
    sprites = [renderer.sprite(_token(art=kind), 48) for kind in SHIPPED]
    for i, a in enumerate(sprites):
        for b in sprites[i + 1 :]:
            assert _inner_differing(a, b, 48) > 40


@pytest.mark.parametrize("name", ["dragon", "../figure", ""])
def test_i12_an_unknown_token_name_falls_back_to_the_initials(name: str) -> None:
    renderer = TokenRenderer(Fonts())
    assert (
        _differing(renderer.sprite(_token(art=name), 40), renderer.sprite(_token(art=""), 40)) == 0
    )


def test_i12_art_that_fails_to_load_falls_back_to_the_initials(tmp_path: Path) -> None:
    (tmp_path / "pirate.svg").write_bytes(b"<svg this is not svg at all")
    renderer = TokenRenderer(Fonts())
    renderer.art = TokenArt(art_dir=tmp_path)
    broken = renderer.sprite(_token(), 40)
    assert _differing(broken, TokenRenderer(Fonts()).sprite(_token(art=""), 40)) == 0


@pytest.mark.parametrize("s", [10, 20, 27])
def test_i12_tokens_too_small_for_art_show_the_initials(s: int) -> None:
    renderer = TokenRenderer(Fonts())  # under 28 px the figure would be a few pixels
    assert _differing(renderer.sprite(_token(), s), renderer.sprite(_token(art=""), s)) == 0


def _light(surface: pygame.Surface) -> int:
    return sum(1 for p in _pixels(surface) if p[3] == 255 and min(p[:3]) >= 150)


@pytest.mark.parametrize("kind", SHIPPED)
def test_i12_a_figure_keeps_its_initials_and_its_side_dot(kind: str) -> None:
    """Three pirates look alike: the initials stay, small and outlined beside the centre,
    whose dot shows the side's colour; near-white is left to the letters."""
    renderer = TokenRenderer(Fonts())
    s = 80
    sprite = renderer.sprite(_token(art=kind, facing="S"), s)
    pad = (sprite.get_width() - s) // 2
    c = pad + s // 2
    assert tuple(sprite.get_at((c, c)))[:3] == SIDE
    art = TokenArt().figure(kind, 60)
    assert art is not None and _light(art) == 0  # the art has no near-white of its own
    letters = sprite.subsurface(pygame.Rect(c - 20, c - 8, 40, 16))
    assert _light(letters) > 20


def test_i12_a_mission_picture_is_drawn_cropped_round(tmp_path: Path) -> None:
    picture = pygame.Surface((90, 60))
    picture.fill((20, 200, 40))
    (tmp_path / "art").mkdir()
    pygame.image.save(picture, str(tmp_path / "art" / "ork.png"))
    renderer = TokenRenderer(Fonts(), mission_dir=tmp_path)
    s = 60
    sprite = renderer.sprite(_token(image="art/ork.png"), s)
    pad = (sprite.get_width() - s) // 2
    c = pad + s // 2
    assert tuple(sprite.get_at((c, c)))[:3] == SIDE  # the side's dot on the centre
    shown = sprite.get_at((c - 6, c - 14))
    assert max(abs(shown[i] - (20, 200, 40)[i]) for i in range(3)) <= 4
    x, y = ring_point(_token(), s)
    assert tuple(sprite.get_at((x + pad, y + pad)))[:3] == SIDE  # the ring round it
    crop = round_crop(picture, 40)
    assert crop.get_at((20, 20)).a > 245 and crop.get_at((1, 1)).a == 0  # round
    # an unusable picture (missing, or outside the folder) shows the kind's figure
    missing = renderer.sprite(_token(image="art/none.png"), s)
    escaping = renderer.sprite(_token(image="../ork.png"), s)
    figure = renderer.sprite(_token(), s)
    assert _differing(missing, figure) == 0 and _differing(escaping, figure) == 0


def test_i12_kneeling_and_prone_figures_look_different_from_standing() -> None:
    renderer = TokenRenderer(Fonts())
    s = 48
    looks = {
        stance: renderer.sprite(_token(stance=stance), s)
        for stance in ("standing", "kneeling", "prone")
    }
    assert _inner_differing(looks["standing"], looks["kneeling"], s) > 30
    assert _inner_differing(looks["standing"], looks["prone"], s) > 30
    # prone with art: the round base stays (the ring), the figure lies
    pad = (looks["prone"].get_width() - s) // 2
    x, y = ring_point(_token(), s)
    assert tuple(looks["prone"].get_at((x + pad, y + pad)))[:3] == SIDE
    assert any(k[3] == 90 for k in renderer.art._surfaces)


# ------------------------------------------------------------- the fallen
@pytest.mark.parametrize("art", ["pirate", ""])
def test_i12_dead_unconscious_and_dying_tokens_differ_at_once(art: str) -> None:
    renderer = TokenRenderer(Fonts())
    s = 48
    looks = {
        life: renderer.sprite(_token(art=art, life=life, meter=Meter(3, 12)), s)
        for life in ("ok", "unconscious", "dying", "dead")
    }
    names = list(looks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert _inner_differing(looks[a], looks[b], s) > 30, (a, b)


def test_i12_a_dead_figure_is_grey_and_lies_under_a_cross() -> None:
    renderer = TokenRenderer(Fonts())
    s = 64
    dead = renderer.sprite(_token(life="dead"), s)
    pad = (dead.get_width() - s) // 2
    c = pad + s // 2
    colourful = 0
    for y in range(pad, pad + s):
        for x in range(pad, pad + s):
            r, g, b, a = dead.get_at((x, y))
            if a > 0 and max(r, g, b) - min(r, g, b) > 40:
                colourful += 1
    assert colourful == 0  # grey all over: no side colour, no figure colours
    assert tuple(dead.get_at((c + 8, c + 8)))[:3] == (15, 15, 15)  # on the cross
    # lying: the figure is turned a quarter from its facing
    art = renderer.art
    assert art.figure("pirate", 10, 90, "grey") is not None
    assert ("svg", "pirate", 2 * (round(s * 0.42) - 5), 90, "grey") in art._surfaces


def test_i12_an_unconscious_figure_lies_dimmed_with_a_zz_mark() -> None:
    renderer = TokenRenderer(Fonts())
    s = 64
    renderer.sprite(_token(life="unconscious"), s)
    keys = [k for k in renderer.art._surfaces if k[0] == "svg"]
    assert ("svg", "pirate", keys[0][2], 90, "dim") in keys  # lying (turned 90), dimmed
    assert {k[4] for k in keys} == {"dim"}
    awake = renderer.sprite(_token(), s)
    asleep = renderer.sprite(_token(life="unconscious"), s)
    # darker on the whole
    assert sum(sum(p[:3]) for p in _pixels(asleep)) < sum(sum(p[:3]) for p in _pixels(awake))


# ------------------------------------------------------------ on the screen
def _fallen_mission() -> str:
    from tests.ui.test_tools import MISSION

    text = MISSION.replace(
        'at = [14, 3]\nheld = ["laserpistole"]', 'at = [14, 3]\nconditions = ["Tod"]'
    )
    text = text.replace('name = "Pirat Zwei"', 'name = "Pirat Zwei"\nconditions = ["Bewusstlos"]')
    return text.replace('name = "Pistolero"', 'name = "Pistolero"\nconditions = ["Sterbend"]')


def test_i12_the_battle_screen_shows_miniatures_at_fit_and_400_percent(tmp_path: Path) -> None:
    from tests.shots import save_shot
    from tests.ui.test_tools import Table

    table = Table(tmp_path, "schuetze", mission_text=_fallen_mission())
    scene = table.scene
    tokens = {t.key: t for t in scene.token_list()}
    assert tokens["p1"].art == "pirate" and tokens["schuetze"].art == "soldier"
    assert (tokens["p2"].life, tokens["p3"].life, tokens["pistolero"].life) == (
        "unconscious",
        "dead",
        "dying",
    )
    scene._fit()  # type: ignore[attr-defined]
    table.app.step()
    save_shot(table.app.screen, "i12_tokens_fit.png")
    scene.camera.set_zoom(4.0)
    scene.camera.centre_on(10.5, 4.5)
    table.app.step()
    save_shot(table.app.screen, "i12_tokens_400.png")
    rect = scene.tokens.drawn["p1"]
    side = scene.colours["piraten"]
    assert tuple(table.app.screen.get_at(rect.center))[:3] == side  # the centre dot
    inside = table.app.screen.subsurface(rect.inflate(-rect.width // 3, -rect.height // 3))
    colours = {tuple(p)[:3] for p in _pixels(inside.copy())}
    assert len(colours) > 40  # a figure, not a plain disc with two letters
    for key in ("p2", "p3", "pistolero"):  # unconscious, dead, dying
        x, y = tokens[key].cell
        scene.camera.centre_on(x + 0.5, y + 0.5)
        table.app.step()
        save_shot(table.app.screen, f"i12_tokens_{tokens[key].life}_400.png")
        inside = table.app.screen.subsurface(scene.tokens.drawn[key].inflate(-60, -60)).copy()
        assert len({tuple(p)[:3] for p in _pixels(inside)}) > 20  # the figure lies there


def test_i12_the_bench_mission_gives_its_tokens_art(tmp_path: Path) -> None:
    import io

    from game.ui import bench

    out = io.StringIO()
    assert bench.run_ui_bench(frames=2, out=out) == 0
    assert "token art: 90 of 100 tokens with a figure, 10 with a picture" in out.getvalue()


def test_i12_the_preview_shows_the_miniatures_and_a_missions_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.scenes.navigate import open_app
    from game.ui.scenes.preview import PreviewScene
    from game.ui.settings import Settings
    from tests.shots import save_shot
    from tests.ui.test_tools import MISSION

    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    picture = pygame.Surface((40, 40))
    picture.fill((20, 200, 40))
    (tmp_path / "art").mkdir()
    pygame.image.save(picture, str(tmp_path / "art" / "ork.png"))
    path = tmp_path / "mission.toml"
    text = MISSION.replace('name = "Pirat Eins"', 'name = "Pirat Eins"\nimage = "art/ork.png"')
    path.write_text(text, encoding="utf-8")
    app = open_app(home=tmp_path, settings=Settings(), size=(1280, 800), headless=True)
    scene = PreviewScene(app, path)
    app.push(scene)
    app.step()
    scene.camera.set_zoom(2.0)
    scene.camera.centre_on(9.5, 4.5)
    app.step()
    assert scene.model is not None
    shown = {t.key: (t.art, t.image) for t in scene.model.tokens}
    assert shown["p1"] == ("pirate", "art/ork.png") and shown["schuetze"] == ("soldier", "")
    rect = scene.tokens.drawn["p1"]
    off_centre = app.screen.get_at((rect.centerx - 10, rect.centery - 20))
    assert tuple(off_centre)[:3] == (20, 200, 40)  # the mission's picture
    save_shot(app.screen, "i12_tokens_preview.png")
    pygame.display.quit()
