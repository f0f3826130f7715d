"""The layering as a contract: no import cycle among the modules of ``bpe_core`` (imports inside functions count,
and importing ``a.b.c`` imports the packages ``a.b`` and ``a``), ``bpe_core`` never imports Qt or ``app``, and the
feature folders of ``app/`` (every package but ``common``: each tab's, and the Teach window's) never import one
another: what they share lives in ``app/common``.

The graph is read from the source (every ``import`` statement, wherever it stands), so a cycle hidden behind an
import inside a function fails here as surely as one at the top of a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The feature folders: every package of app/ but common (a tab's folder, app.tabs.TABS, or the Teach window's).
FEATURES = tuple(
    sorted(p.name for p in (ROOT / "app").iterdir() if (p / "__init__.py").is_file() and p.name != "common")
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in (ROOT / package).rglob("*.py")}


def imported(path: Path, name: str) -> set[str]:
    """Every module name ``path`` (module ``name``) imports, anywhere in it; ``from x import y`` counts ``x.y``
    too (``y`` may be a module)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (a module of a package imports its parents too)."""
    known = modules(package)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = set()
        for target in imported(path, name):
            while target and target not in known:
                target = target.rpartition(".")[0]
            while target:  # importing a.b.c runs a/__init__ and a/b/__init__ first
                targets.add(target)
                target = target.rpartition(".")[0]
        targets.discard(name)
        # a package's own parents are not its imports; its submodules' imports of it are
        edges[name] = {t for t in targets if not name.startswith(t + ".")}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
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


def test_the_cycle_finder_finds_a_cycle_behind_an_import_inside_a_function():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_bpe_core_has_no_import_cycle():
    found = cycles(graph("bpe_core"))
    assert not found, "import cycles in bpe_core:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_bpe_core_never_imports_qt_or_the_app():
    for name, path in modules("bpe_core").items():
        bad = {m for m in imported(path, name) if m.split(".")[0] in ("app", "PySide6", "pyqtgraph", "shiboken6")}
        assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_folder_of_the_app_imports_no_other(feature):
    others = {f"app.{other}" for other in FEATURES if other != feature}
    crossing = []
    for name, path in modules(f"app/{feature}").items():
        for target in imported(path, name):
            if any(target == other or target.startswith(other + ".") for other in others):
                crossing.append(f"{name} -> {target}")
    assert not crossing, "feature folders import each other (move what they share to app/common):\n" + "\n".join(
        sorted(set(crossing))
    )


def test_every_tab_of_the_window_comes_from_a_feature_folder():
    """app/tabs.py (the window's list of tabs) imports each tab from a feature folder, kept apart from the others by
    the test above: a new tab's folder is one of FEATURES without naming it here."""
    folders = {name.split(".")[1] for name in imported(ROOT / "app" / "tabs.py", "app.tabs") if name.count(".") > 1}
    assert folders and folders <= set(FEATURES), folders
