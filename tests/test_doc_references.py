"""The maps a newcomer reads name what exists: every ``:func:``, ``:meth:``, ``:class:``, ``:mod:`` and ``:data:``
reference in the docstrings of ``bpe_core`` and ``app`` names something there is, the README's layout names every
folder and root module of the engine, and the packages whose docstring is their map (``bpe_core.cli``,
``bpe_core.chat``) name each of their modules.

``:attr:`` is left out: an instance's attributes are set in ``__init__``, not found on the class.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A reference in a docstring: its role and its target (``~`` only shortens how it is shown).
REFERENCE = re.compile(r":(func|meth|class|mod|data):`~?([A-Za-z_][\w.]*)`")


def module_names(package: str) -> list[str]:
    """Every module of ``package`` by its dotted name (``__main__`` left out: importing it runs the program)."""
    names = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def resolves(target: str, module) -> bool:
    """Whether ``target`` names something: a dotted path from a module, or a name of ``module`` or of one of its
    classes (``:meth:`_paint_table``` inside a class's method).

    >>> import json
    >>> resolves("json.dumps", json), resolves("dumps", json), resolves("json.no_such_thing", json)
    (True, True, False)
    """
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        return _lookup(found, parts[cut:])
    classes = [value for value in vars(module).values() if isinstance(value, type)]
    return any(_lookup(base, parts) for base in [module, *classes])


def _lookup(base, parts: list[str]) -> bool:
    for part in parts:
        if not hasattr(base, part):
            return False
        base = getattr(base, part)
    return True


@pytest.mark.parametrize("package", ["bpe_core", "app"])
def test_every_reference_in_a_docstring_names_something_there_is(package):
    unresolved = []
    for name in module_names(package):
        module = importlib.import_module(name)
        source = Path(module.__file__).read_text(encoding="utf-8")
        for match in REFERENCE.finditer(source):
            if not resolves(match[2], module):
                line = source.count("\n", 0, match.start()) + 1
                unresolved.append(f"{name.replace('.', '/')}.py:{line}: {match[0]}")
    assert not unresolved, "\n".join(unresolved)


def test_the_readme_layout_names_every_folder_and_root_module_of_the_engine():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("bpe_core/            the engine") : readme.index("\nresources/ ")]
    engine = ROOT / "bpe_core"
    folders = [f"{path.name}/" for path in engine.iterdir() if (path / "__init__.py").is_file()]
    modules = [path.name for path in engine.glob("*.py") if path.name != "__init__.py"]
    missing = [name for name in folders + modules if not re.search(rf"(?<![\w/]){re.escape(name)}", layout)]
    assert not missing, missing


@pytest.mark.parametrize("package", ["bpe_core.cli", "bpe_core.chat"])
def test_a_package_whose_docstring_is_its_map_names_each_module(package):
    module = importlib.import_module(package)
    folder = Path(module.__file__).parent
    said = ast.get_docstring(ast.parse(Path(module.__file__).read_text(encoding="utf-8")))
    missing = [
        path.stem
        for path in folder.glob("*.py")
        if path.stem != "__init__" and not re.search(rf"\b{path.stem}\b", said or "")
    ]
    assert not missing, missing
