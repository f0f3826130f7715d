"""The GUI's door to the engine's tokenizer files: save, open, export.

All reading, writing and checking is the engine's (:mod:`bpe_core.formats`); this module only names the formats
for the menus. Open takes any tokenizer :func:`bpe_core.formats.load_any` reads -- ours, GPT-2 files, a
``.tiktoken`` file (with its pattern), a Hugging Face ``tokenizer.json``, a SentencePiece ``.model``, Mistral's
``tekken.json``, or a model's folder -- told apart by content. Only ours can be trained further
(:func:`can_train_further`); a published model's tokenizer is shown beside the others instead.

>>> sorted(EXPORT_FORMATS)
['gpt2', 'huggingface', 'tiktoken']
>>> can_train_further(formats.load_any("gpt2")), needs_pattern("no such file")
(True, False)
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.common.files.local import regular_file
from bpe_core import formats
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.file_errors import TokenizerFileError
from bpe_core.formats import export, save_json

#: Export formats (engine name -> menu label, translated in the "TokenizerFiles" context where shown).
EXPORT_FORMATS = {
    "gpt2": QT_TRANSLATE_NOOP("TokenizerFiles", "GPT-2 files (vocab.json + merges.txt)…"),
    "tiktoken": QT_TRANSLATE_NOOP("TokenizerFiles", "tiktoken ranks (.tiktoken)…"),
    "huggingface": QT_TRANSLATE_NOOP("TokenizerFiles", "Hugging Face tokenizer.json…"),
}
#: The Open dialog's file filter (the kind is told by content: "All files" opens any of them too).
OPEN_FILTER = QT_TRANSLATE_NOOP(
    "TokenizerFiles",
    "Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;BPE Explorer tokenizer (*.json);;All files (*)",
)


def save_tokenizer(tokenizer: Tokenizer, path: str | os.PathLike) -> None:
    save_json(tokenizer, path)


def load_tokenizer(path: str | os.PathLike, pattern: str | None = None) -> ShownTokenizer:
    """Open any tokenizer file or folder (``pattern``: how a ``.tiktoken`` file or GPT-2 files pre-tokenize).
    Raises ``ValueError`` subclasses (or ``OSError``) naming the file and the problem."""
    return formats.load_any(tokenizer_path(path), pattern=pattern)


def tokenizer_path(path: str | os.PathLike) -> Path:
    """``path`` if it is a folder or a regular file; a FIFO or a device is refused (``OSError``) unopened."""
    return Path(path) if Path(path).is_dir() else regular_file(path)


def needs_pattern(path: str | os.PathLike) -> bool:
    """Whether the file does not say how it pre-tokenizes, so that Open asks for a pattern (reads the file)."""
    return formats.takes_pattern(path)


def can_train_further(tokenizer) -> bool:
    """Only our own tokenizers (with their training record, or built from merges) go to the Train tab."""
    return isinstance(tokenizer, Tokenizer)


def unpack_record(tokenizer) -> TokenizerFileError | None:
    """Unpack the training record of ``tokenizer`` (ours, opened to be shown in the Train tab; a tokenizer opened
    to encode never unpacks it). A record that cannot be shown is dropped -- the tokenizer still encodes -- and its
    error returned.

    >>> unpack_record(formats.load_any("gpt2")) is None
    True
    """
    record = getattr(tokenizer, "record", None)
    try:
        _ = record is not None and record.steps
    except TokenizerFileError as error:
        tokenizer.record = None
        return error
    return None


def export_tokenizer(tokenizer: Tokenizer, directory: str | os.PathLike, fmt: str) -> list[Path]:
    return export(tokenizer, directory, fmt)
