"""The GUI's door to the engine's tokenizer files: save, open, export.

All reading, writing and checking is the engine's (:mod:`bpe_core.formats`); this module only names the formats
for the menu.

>>> sorted(EXPORT_FORMATS)
['gpt2', 'huggingface', 'tiktoken']
"""

from __future__ import annotations

import os
from pathlib import Path

from bpe_core.tokenizer import Tokenizer

#: Export formats (engine name -> menu label).
EXPORT_FORMATS = {
    "gpt2": "GPT-2 files (vocab.json + merges.txt)…",
    "tiktoken": "tiktoken ranks (.tiktoken)…",
    "huggingface": "Hugging Face tokenizer.json…",
}


def save_tokenizer(tokenizer: Tokenizer, path: str | os.PathLike) -> None:
    tokenizer.save(path)


def load_tokenizer(path: str | os.PathLike) -> Tokenizer:
    """Open a tokenizer saved by the app (raises ``ValueError`` subclasses naming the problem)."""
    return Tokenizer.load(path)


def export_tokenizer(tokenizer: Tokenizer, directory: str | os.PathLike, fmt: str) -> list[Path]:
    return tokenizer.export(directory, fmt)
