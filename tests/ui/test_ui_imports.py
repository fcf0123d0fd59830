"""No import cycle inside game/ui, not even through imports only for type checking.

The parts of the battle screen see what holds them through protocols (``game.ui.host``
for the scene, ``game.ui.hud_context`` for the HUD), so a part never imports its holder;
``tests/test_layering.py`` checks the whole of ``game/`` without the type-only imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def _module(path: Path) -> str:
    parts = ["game", "ui", *path.relative_to(UI).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Return each ui module's imports of other ui modules, TYPE_CHECKING ones included."""
    modules = {_module(p): p for p in UI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                wanted = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            else:
                continue
            for target in wanted:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    targets.add(target)
        graph[name] = targets
    return graph


def _a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """Return one import cycle of ``graph`` as a path (empty: there is none)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_the_cycle_search_finds_a_cycle() -> None:
    assert _a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _a_cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_screen_counting_type_only_imports() -> None:
    cycle = _a_cycle(_graph())
    assert not cycle, "import cycle in game/ui: " + " -> ".join(cycle)
