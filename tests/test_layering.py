"""The layers point down only, no module is in an import cycle, the pure rules stay pure.

DESIGN.md, "Layers": ``ui -> rulesets -> match -> board``; ``missions -> rulesets,
match, board``; ``export -> missions, board``; ``board`` imports nothing of the
project. No ruleset imports another (``entaria_schnell`` may use ``entaria``'s pure
rules). Imports inside functions count; imports only for type checking do not.
"""

from __future__ import annotations

import ast
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


def test_only_ui_imports_pygame() -> None:
    """pygame stays in game/ui; the rules and everything else run without a display."""
    for path in sorted(GAME.rglob("*.py")):
        if (GAME / "ui") in path.parents:
            continue
        for name in _imports(path):
            assert name.split(".")[0] != "pygame", f"{path} imports pygame outside game/ui"


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
