"""Data BPE Explorer ships: reference encodings, sample texts, icons. Installed as the package ``bpe_resources``.

>>> resource_path("samples").name
'samples'
"""

from importlib.resources import files
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a shipped resource file or folder (works for editable and regular installs)."""
    return Path(str(files(__name__).joinpath(*parts)))
