"""Where the shipped sample texts are (``resources/samples``), installed or in a source checkout.

>>> (samples_dir() / "english.txt").is_file()
True
"""

from __future__ import annotations

from pathlib import Path


def samples_dir() -> Path:
    """The folder of shipped sample texts (``resources/samples``)."""
    try:
        from bpe_resources import resource_path
    except ImportError:  # running from a source checkout that is not installed
        return Path(__file__).resolve().parents[2] / "resources" / "samples"
    return resource_path("samples")
