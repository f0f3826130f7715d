"""The packages of the distribution, found rather than listed: every folder with an ``__init__.py`` under bpe_core/
and app/ (a new folder needs no line anywhere), and the shipped data, the package ``bpe_resources``, whose folder is
resources/ (pyproject.toml's package-dir). Everything else is in pyproject.toml; only this cannot be said there: its
``packages.find`` finds a package by its folder's own name, so it would leave ``bpe_resources`` out."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["bpe_core", "bpe_core.*", "app", "app.*"]), "bpe_resources"])
