"""The engine's layout holds: the rules packages import no Django, and no module cycles.

Both read the source (the AST of every import statement, function-level and
``if TYPE_CHECKING:`` ones included), not what happens to be imported at run
time, so a lazy import inside a function cannot hide a dependency.
"""
from __future__ import annotations

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent
ROOT = ENGINE.parent
WEB = "engine.web"
# Not Django itself, but only usable with it: the pure side may not lean on them.
FORBIDDEN = ("django", "rest_framework", "drf_spectacular", "django_filters", "cardsite",
             "rulesref", WEB)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imported_names(path: Path, name: str | None = None) -> set[str]:
    """Every module an import statement in ``path`` names, resolved to absolute.

    ``from pkg import name`` yields both ``pkg`` and ``pkg.name`` (the name may
    be a submodule); callers keep the ones that are modules.
    """
    name = name or module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def pure_modules() -> dict[str, Path]:
    return {name: path for name, path in engine_modules().items()
            if not (name == WEB or name.startswith(WEB + "."))}


def test_the_pure_side_is_every_engine_module_outside_web():
    """The packages the README names as pure are all here (a rename cannot drop one)."""
    names = set(pure_modules())
    for expected in ("engine", "engine.core", "engine.odds", "engine.rule_refs",
                     "engine.families", "engine.spellgames", "engine.deckbuilder",
                     "engine.demoniac", "engine.spellgames.legality",
                     "engine.deckbuilder.buying", "engine.demoniac.attack"):
        assert expected in names
    assert not any(n.startswith(WEB) for n in names)


def test_the_rules_packages_import_no_django_and_not_the_web_side():
    offences = []
    for name, path in pure_modules().items():
        for target in imported_names(path):
            if any(target == f or target.startswith(f + ".") for f in FORBIDDEN):
                offences.append(f"{name} imports {target}")
    assert offences == []


def test_the_purity_check_sees_function_level_imports(tmp_path):
    """The check is not fooled by an import tucked inside a function or TYPE_CHECKING."""
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    import rest_framework\n"
                     "def f():\n    from django.db import models\n"
                     "    from ..web import models as m\n")
    found = imported_names(probe, "engine.spellgames.probe")
    assert {"rest_framework", "django.db", "engine.web", "engine.web.models"} <= found


def import_graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports (anywhere in its source)."""
    modules = engine_modules()
    return {name: {t for t in imported_names(path) if t in modules and t != name}
            for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path (first == last), or None. Iterative DFS."""
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    for root in sorted(graph):
        if root in state:
            continue
        stack = [(root, iter(sorted(graph[root])))]
        path = [root]
        state[root] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = 2
            elif state.get(child) == 1:
                return path[path.index(child):] + [child]
            elif child not in state:
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph[child]))))
    return None


def test_no_import_cycle_among_the_engine_modules():
    graph = import_graph()
    assert len(graph) > 40  # the whole engine, web side included
    cycle = find_cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle)}"


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
