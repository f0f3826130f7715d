"""The examples in the engine's docstrings run and give what they show."""

import importlib
import pkgutil

import pytest
from doctests import run_examples

import bpe_core

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(bpe_core.__path__, "bpe_core.") if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    assert run_examples(module).failed == 0
