"""Issue 13, "Installing": a wheel installed outside the repository checks, simulates and plays.

The wheel is built from a copy of the project's shipped files (so nothing is written into
the working tree) and installed into a fresh virtual environment in ``tmp_path``; the
commands then run from a folder that is not the repository, with the bundled mission given
by name. By default the new environment borrows the running one's dependencies (pygame-ce,
numpy, platformdirs) through a ``.pth`` file, so only the build needs the package registry;
with ``KAMPFKARTE_INSTALL_DEPS=1`` (a step of ``.ci/run``) pip installs them as a new user's
pip would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What the wheel is built from: the package, the shipped folders, the project card.
SHIPPED = ("game", "assets", "maps", "pyproject.toml", "README.md")
#: Generous bounds: a command that hangs fails the test instead of stopping CI.
BUILD_TIMEOUT_S = 600
RUN_TIMEOUT_S = 300

pytestmark = pytest.mark.install


def _run(
    command: list[str], *, cwd: Path, env: dict[str, str], timeout: int = RUN_TIMEOUT_S
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, (
        f"{command} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done


def _build_wheel(tmp_path: Path, env: dict[str, str]) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SHIPPED:
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, source / name, ignore=ignore)
        else:
            shutil.copy2(origin, source / name)
    dist = tmp_path / "dist"
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist)]
    _run([*pip_wheel, str(source)], cwd=tmp_path, env=env, timeout=BUILD_TIMEOUT_S)
    (wheel,) = dist.glob("kampfkarte-*.whl")
    return wheel


def _fresh_venv(tmp_path: Path, wheel: Path, env: dict[str, str]) -> Path:
    """Return the scripts folder of a new environment with the wheel installed."""
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path, env=env)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    with_deps = os.environ.get("KAMPFKARTE_INSTALL_DEPS") == "1"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    install += [] if with_deps else ["--no-deps", "--no-index"]
    _run([*install, str(wheel)], cwd=tmp_path, env=env, timeout=BUILD_TIMEOUT_S)
    if not with_deps:  # borrow the dependencies; added after the install, searched after it
        site = _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            cwd=tmp_path,
            env=env,
        ).stdout.strip()
        borrowed = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
        Path(site, "borrowed-dependencies.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    return python.parent


def _clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        KAMPFKARTE_HOME=str(tmp_path / "home"),
    )
    return env


def test_a_wheel_outside_the_repository_checks_simulates_and_plays(tmp_path: Path) -> None:
    """Issue 13: check, simulate and one headless play frame, the mission given by name."""
    env = _clean_env(tmp_path)
    wheel = _build_wheel(tmp_path, env)
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith("data/share/kampfkarte/maps/dretop-versteck.toml") for n in names)
    assert any(n.endswith("data/share/kampfkarte/assets/locale/de/hud.toml") for n in names)
    scripts = _fresh_venv(tmp_path, wheel, env)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    kampfkarte = str(scripts / "kampfkarte")
    where = _run(
        [str(scripts / "python"), "-c", "import game; print(game.__file__)"], cwd=elsewhere, env=env
    ).stdout
    assert Path(where.strip()).is_relative_to(tmp_path / "venv"), where  # not the checkout

    checked = _run(
        [kampfkarte, "check", "--language", "en", "dretop-versteck"], cwd=elsewhere, env=env
    )
    assert "Dretop" in checked.stdout
    assert str(tmp_path / "venv") in checked.stdout  # the wheel's copy, not the repository's
    simulated = _run(
        [kampfkarte, "simulate", "dretop-versteck", "--seed", "3", "--quiet", "--language", "en"],
        cwd=elsewhere,
        env=env,
    )
    assert simulated.stdout.strip()
    _run([kampfkarte, "play", "dretop-versteck", "--frames", "1"], cwd=elsewhere, env=env)
    assert list((tmp_path / "home" / "autosave").glob("autosave-*.json"))  # the match began
    _run([kampfkarte, "play", "--frames", "2"], cwd=elsewhere, env=env)  # the title screen
