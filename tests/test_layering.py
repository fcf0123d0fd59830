"""The layers point down only: ui -> battle -> rules; rules import nothing of the project."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"

#: Which project packages each layer may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "content": {"rules"},
    "battle": {"rules", "content"},
    "missions": {"rules", "content", "battle"},
    "export": {"rules", "missions"},
    "ui": {"rules", "battle", "missions", "content", "export"},
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            names.append("." * node.level + (node.module or ""))
    return names


def _layer_files(layer: str) -> list[Path]:
    return sorted((GAME / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_point_down(layer: str) -> None:
    """A layer imports only the project layers below it."""
    for path in _layer_files(layer):
        for name in _imports(path):
            assert not name.startswith("."), f"{path}: use absolute imports, not {name!r}"
            if name == "game" or name.startswith("game."):
                parts = name.split(".")
                target = parts[1] if len(parts) > 1 else ""
                assert target == layer or target in ALLOWED[layer], (
                    f"{path.relative_to(GAME.parent)} imports {name}: the {layer} layer may "
                    f"import only {sorted(ALLOWED[layer] | {layer})}"
                )


def test_only_ui_imports_pygame() -> None:
    """pygame stays in game/ui; the rules and everything else run without a display."""
    for path in sorted(GAME.rglob("*.py")):
        if (GAME / "ui") in path.parents:
            continue
        for name in _imports(path):
            assert name.split(".")[0] != "pygame", f"{path} imports pygame outside game/ui"


def test_rules_are_pure() -> None:
    """game/rules reads no files, keeps no global random state and looks at no clock."""
    forbidden = {"random", "time", "os", "pathlib", "io", "pickle", "datetime", "pygame"}
    for path in _layer_files("rules"):
        for name in _imports(path):
            root = name.split(".")[0]
            if path.name == "dice.py" and root == "random":
                continue  # RandomRoller owns its own random.Random instance
            assert root not in forbidden, f"{path} imports {name}"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "eval", "exec"}, f"{path} calls {node.func.id}"
