"""The examples in the GUI's docstrings run and give what they show."""

import importlib
import pkgutil

import pytest
from doctests import run_examples

import app

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(app.__path__, "app.") if not name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(qapp, name):
    module = importlib.import_module(name)
    assert run_examples(module).failed == 0
