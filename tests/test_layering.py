"""The layers point down only, no module is in an import cycle, the pure rules stay pure.

DESIGN.md, "Layers": ``ui -> rulesets -> match -> board``; ``missions -> rulesets,
match, board``; ``export -> missions, board``; ``board`` imports nothing of the
project. No ruleset imports another (``entaria_schnell`` may use ``entaria``'s pure
rules). Imports inside functions count; imports only for type checking do not.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"

#: Which project packages each layer may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "board": set(),
    "match": {"board"},
    "rulesets": {"match", "board"},
    "missions": {"rulesets", "match", "board"},
    "export": {"missions", "match", "board"},
    "ui": {"rulesets", "match", "board", "missions", "export"},
    "scenarios": {"missions", "rulesets", "match", "board"},
}

#: Rulesets that may import another ruleset's pure rules (DESIGN.md).
RULESET_BASES: dict[str, set[str]] = {"entaria_schnell": {"entaria"}}


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = (
                test.id
                if isinstance(test, ast.Name)
                else test.attr
                if isinstance(test, ast.Attribute)
                else ""
            )
            if name == "TYPE_CHECKING":
                for sub in node.body:
                    lines.update(n.lineno for n in ast.walk(sub) if hasattr(n, "lineno"))
    return lines


def _imports(path: Path, *, with_type_checking: bool = True) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = set() if with_type_checking else _type_checking_lines(tree)
    names: list[str] = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            names.append("." * node.level + (node.module or ""))
    return names


def _layer_files(layer: str) -> list[Path]:
    return sorted((GAME / layer).rglob("*.py"))


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_of(p): p for p in sorted(GAME.rglob("*.py"))}


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_point_down(layer: str) -> None:
    """A layer imports only the project layers below it (``game`` itself: the version)."""
    for path in _layer_files(layer):
        for name in _imports(path):
            assert not name.startswith("."), f"{path}: use absolute imports, not {name!r}"
            if name.startswith("game."):
                target = name.split(".")[1]
                assert target == layer or target in ALLOWED[layer], (
                    f"{path.relative_to(GAME.parent)} imports {name}: the {layer} layer may "
                    f"import only {sorted(ALLOWED[layer] | {layer})}"
                )


def test_rulesets_import_no_other_ruleset() -> None:
    """A ruleset package imports no other ruleset (except the bases DESIGN allows)."""
    for path in sorted((GAME / "rulesets").rglob("*.py")):
        parts = path.relative_to(GAME / "rulesets").parts
        if len(parts) == 1:
            continue  # game/rulesets/__init__.py: the table of all rulesets
        own = parts[0]
        for name in _imports(path):
            if name.startswith("game.rulesets."):
                other = name.split(".")[2]
                assert other == own or other in RULESET_BASES.get(own, set()), (
                    f"{path.relative_to(GAME.parent)} imports {name}: a ruleset imports no other"
                )


def test_board_and_match_name_no_ruleset() -> None:
    """The ruleset-neutral layers never import a ruleset, not even for type checking."""
    for layer in ("board", "match"):
        for path in _layer_files(layer):
            for name in _imports(path):
                assert not name.startswith("game.rulesets"), f"{path} imports {name}"


def _graph() -> dict[str, set[str]]:
    modules = _modules()

    def resolve(name: str) -> str | None:
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for name in _imports(path, with_type_checking=False):
            target = resolve(name)
            if target and target != module and not module.startswith(target + "."):
                graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check below can fail: a two-module loop and a three-module loop are found."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert sorted(_cycles(graph)) == [["a", "b"], ["c", "d", "e"]]


def test_no_import_cycles() -> None:
    """No module of game/ is part of an import cycle, counting imports inside functions."""
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


#: The files outside game/ui that may use pygame: the missions layer's picture codec.
PYGAME_OUTSIDE_UI = frozenset({"game/missions/pictures.py"})
#: What those files may use of pygame: pictures and surfaces, no display, events, fonts,
#: sound or clocks.
PYGAME_PICTURE_PARTS = frozenset(
    {"image", "Surface", "transform", "surfarray", "error", "SRCALPHA"}
)


def _pygame_misuse(source: str, *, allowed: bool) -> list[str]:
    """Return what a file outside game/ui does wrong with pygame (empty: nothing).

    ``allowed``: the file is in :data:`PYGAME_OUTSIDE_UI`. Every other file may not
    import pygame at all; an allowed file only inside functions (not at module level,
    so importing it loads no pygame) and only the parts in :data:`PYGAME_PICTURE_PARTS`.
    Imports only for type checking count as well.
    """
    tree = ast.parse(source)
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            in_function.update(id(sub) for sub in ast.walk(node) if sub is not node)
    checking = _type_checking_lines(tree)
    found: list[str] = []
    aliases: set[str] = set()
    for node in ast.walk(tree):
        names: list[tuple[str, str]] = []  # (module part used, name bound)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pygame":
                    part = alias.name.partition(".")[2]
                    names.append((part, alias.asname or alias.name.split(".")[0]))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            part = (node.module or "").partition(".")[2]
            names.extend((part or a.name, a.asname or a.name) for a in node.names)
        if not names:
            continue
        line = node.lineno
        if not allowed:
            found.append(f"line {line}: imports pygame outside game/ui")
            continue
        if id(node) not in in_function and line not in checking:
            found.append(f"line {line}: imports pygame at module level; import it in a function")
        for part, bound in names:
            if part and part.split(".")[0] not in PYGAME_PICTURE_PARTS:
                found.append(f"line {line}: imports pygame.{part}, not a picture part")
            elif not part:
                aliases.add(bound)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in PYGAME_PICTURE_PARTS
        ):
            found.append(f"line {node.lineno}: uses pygame.{node.attr}, not a picture part")
    return found


def test_only_ui_imports_pygame() -> None:
    """pygame stays in game/ui; the rules and everything else run without a display.

    Only the picture codec of the missions layer may use pygame's image, Surface and
    transform parts (headless), imported inside its functions.
    """
    assert all((GAME.parent / name).is_file() for name in PYGAME_OUTSIDE_UI)
    for path in sorted(GAME.rglob("*.py")):
        if (GAME / "ui") in path.parents:
            continue
        relative = path.relative_to(GAME.parent).as_posix()
        misuse = _pygame_misuse(
            path.read_text(encoding="utf-8"), allowed=relative in PYGAME_OUTSIDE_UI
        )
        assert not misuse, f"{relative}: " + "; ".join(misuse)


@pytest.mark.parametrize(
    ("source", "allowed", "expected"),
    [
        ("import pygame\n", False, "imports pygame outside game/ui"),
        ("def f():\n    from pygame import image\n", False, "imports pygame outside game/ui"),
        ("import pygame\n", True, "at module level"),
        ("def f():\n    import pygame.display\n", True, "pygame.display"),
        ("def f():\n    from pygame import font\n", True, "pygame.font"),
        ("def f():\n    import pygame as pg\n    pg.event.get()\n", True, "pygame.event"),
        ("def f():\n    import pygame\n    pygame.mixer.init()\n", True, "pygame.mixer"),
        ("def f():\n    import pygame\n    pygame.time.Clock()\n", True, "pygame.time"),
    ],
)
def test_the_pygame_check_can_fail(source: str, allowed: bool, expected: str) -> None:
    """The check above finds pygame outside game/ui, at module level, or its display parts."""
    assert any(expected in problem for problem in _pygame_misuse(source, allowed=allowed))


def test_the_pygame_check_passes_picture_use() -> None:
    """A function that decodes, scales and saves a picture, importing pygame inside it, passes."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pygame import Surface\n"
        "def f(data):\n    import pygame\n"
        "    s = pygame.image.load(data)\n    return pygame.transform.scale(s, (1, 1))\n"
    )
    assert _pygame_misuse(source, allowed=True) == []


_NO_PYGAME_SCRIPT = """
import sys
from game.missions.loader import load_any, demo_mission_path
loaded = load_any(demo_mission_path())
assert loaded.mission.width > 0
loaded = load_any(sys.argv[1])
assert loaded.images, "the PNG background was read"
print("pygame" in sys.modules, sorted(m for m in sys.modules if m.startswith("pygame"))[:5])
"""


def test_loading_a_mission_without_art_imports_no_pygame() -> None:
    """A fresh interpreter loads a TOML mission and a UVTT map with a PNG picture (no
    drawing, no conversion) without importing pygame."""
    uvtt = GAME.parent / "tests" / "missions" / "data" / "tavern.dd2vtt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYGAME")}
    done = subprocess.run(
        [sys.executable, "-c", _NO_PYGAME_SCRIPT, str(uvtt)],
        capture_output=True,
        text=True,
        cwd=GAME.parent,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False []"


def _pure_files() -> list[Path]:
    files = _layer_files("board")
    for ruleset in sorted((GAME / "rulesets").iterdir()):
        if (ruleset / "rules").is_dir():
            files += sorted((ruleset / "rules").rglob("*.py"))
    return files


def test_rules_are_pure() -> None:
    """The board and every ruleset's pure rules read no files, keep no global random
    state and look at no clock."""
    forbidden = {"random", "time", "os", "pathlib", "io", "pickle", "datetime", "pygame"}
    files = _pure_files()
    assert any(p.parent.name == "rules" for p in files)
    for path in files:
        for name in _imports(path):
            root = name.split(".")[0]
            if path.name == "dice.py" and root == "random":
                continue  # RandomRoller owns its own random.Random instance
            assert root not in forbidden, f"{path} imports {name}"
            if name.startswith("game."):
                parts = name.split(".")
                pure = parts[1] == "board" or (
                    parts[1] == "rulesets" and len(parts) > 3 and parts[3] == "rules"
                )
                assert pure, f"{path} imports {name}: pure rules import only the board and rules"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "eval", "exec"}, f"{path} calls {node.func.id}"
