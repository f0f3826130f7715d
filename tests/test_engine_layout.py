"""The engine's folders name its pipeline (docs/architecture.md), and they stay readable: at most 20 modules at
bpe_core's root, no module over 500 lines, no two modules of the same name. The window's modules stay under 500
lines too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "bpe_core"
WINDOW = ENGINE.parent / "app"
#: The most lines a module of the engine or of the window may have.
MOST_LINES = 500
#: Modules that may be longer, each with its reason.
LONG_ALLOWED: set[str] = set()  # none: the CLI is a package of a module per subcommand
#: Names every folder may use for its own: the package itself, and the base class of what the folder holds
#: (a variant's hooks in variants/, a published model's tokenizer in foreign/).
SHARED_NAMES = {"__init__.py", "__main__.py", "base.py"}


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def long_modules(package: Path) -> dict[str, int]:
    """The modules of ``package`` over :data:`MOST_LINES` lines, with their length (path from the package)."""
    return {
        str(p.relative_to(package)): n
        for p in sorted(package.rglob("*.py"))
        if "__pycache__" not in p.parts
        and p.name not in LONG_ALLOWED
        and (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }


def test_the_engine_root_holds_few_modules():
    root = [p.name for p in ENGINE.glob("*.py")]
    assert len(root) <= 20, f"{len(root)} modules at bpe_core/ (put them in the folder of their step): {root}"


def test_no_module_of_the_engine_is_over_500_lines():
    long = long_modules(ENGINE)
    assert not long, f"split these along a seam: {long}"


def test_no_module_of_the_window_is_over_500_lines():
    long = long_modules(WINDOW)
    assert not long, f"split these along a seam (by responsibility, as app/train/train_tab.py was): {long}"


def test_no_two_modules_of_the_engine_share_a_name():
    names = Counter(p.name for p in engine_modules() if p.name not in SHARED_NAMES)
    twice = sorted(name for name, count in names.items() if count > 1)
    assert not twice, f"modules named alike in different folders: {twice}"
