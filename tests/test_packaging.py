"""Every package in the tree is in the distribution (setup.py finds them), so a regular (non-editable) install has
it all."""

import runpy
import tomllib
from pathlib import Path

import setuptools

ROOT = Path(__file__).resolve().parent.parent


def declared_packages(monkeypatch) -> set[str]:
    """The packages setup.py gives setuptools, run from the project's folder as a build runs it."""
    given = {}
    monkeypatch.setattr(setuptools, "setup", lambda **options: given.update(options))
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "setup.py"))
    return set(given["packages"])


def test_every_package_is_declared(monkeypatch):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    declared = declared_packages(monkeypatch)
    mapped = {folder: name for name, folder in config.get("package-dir", {}).items()}
    found = set()
    for init in ROOT.glob("*/**/__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        if parts[0] in ("tests", "build") or parts[0].startswith("."):
            continue
        top = mapped.get(parts[0], parts[0])
        found.add(".".join((top, *parts[1:])))
    assert found == declared


def test_shipped_data_is_declared():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["bpe_resources"]
    for folder in ("encodings", "samples"):
        files = [p for p in (ROOT / "resources" / folder).iterdir() if p.is_file()]
        assert files and any(p.startswith(folder + "/") for p in patterns)
