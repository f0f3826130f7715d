"""The engine type-checks: mypy, configured by ``[tool.mypy]`` in pyproject.toml, finds no error in ``bpe_core``
(as tests/test_lint.py runs ruff). A failure lists mypy's errors, ``path:line: error: ... [code]``."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e '.[dev]' installs it)"
)
def test_mypy_finds_no_error_in_the_engine():
    # The repository's pyproject.toml, named: the same check whichever folder pytest runs from. mypy keeps its
    # cache in .mypy_cache at the root (git ignores it): about 12 s the first time on a quiet machine, 1.5 s after.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"mypy found errors:\n{result.stdout}{result.stderr}", pytrace=False)
