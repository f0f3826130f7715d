"""Reading and writing tokenizers: our own JSON file, GPT-2's files, tiktoken ranks, Hugging Face tokenizer.json.

:func:`load_any` is the one entry point for every source (a file of any kind below or a published model's:
Hugging Face ``tokenizer.json``, SentencePiece ``.model``, ``.tiktoken``, Mistral ``tekken.json``; a folder; a
reference name; ``hf:ORG/NAME``), telling files apart by content.

Every reader checks what it reads and raises :class:`TokenizerFileError` (a ``ValueError``) naming the file and
the problem; none of them can run code from a file. Every writer writes atomically and raises
:class:`TokenizerWriteError` (an ``OSError``) naming the path it was given and the cause.

========================  =====================================  ==========================================
format                    write                                  read
========================  =====================================  ==========================================
ours (one JSON file)      :func:`save_json`                      :func:`load_json`
``gpt2``                  ``export(tok, dir, "gpt2")``           :func:`load_gpt2_files`
``tiktoken``              ``export(tok, dir, "tiktoken")``       :func:`load_tiktoken`
``huggingface``           ``export(tok, dir, "huggingface")``    :func:`load_huggingface`
========================  =====================================  ==========================================
"""

from __future__ import annotations

import os
from pathlib import Path

from bpe_core.file_errors import (
    HuggingFaceFileError,
    TokenizerFileError,
    TokenizerWriteError,
)
from bpe_core.formats.files import (
    check_writable,
    make_folder,
    output_target,
    write_bytes_atomically,
    write_chunks_atomically,
    write_text_atomically,
)
from bpe_core.formats.gpt2_files import export_gpt2, load_gpt2_files
from bpe_core.formats.huggingface import export_huggingface, load_huggingface
from bpe_core.formats.loader import load_any, takes_pattern
from bpe_core.formats.native import load_json, save_json
from bpe_core.formats.tiktoken_file import export_tiktoken, load_tiktoken

#: Export formats and the files each writes.
EXPORT_FORMATS = {
    "gpt2": ("vocab.json", "merges.txt"),
    "tiktoken": ("tokenizer.tiktoken",),
    "huggingface": ("tokenizer.json",),
}

_EXPORTERS = {"gpt2": export_gpt2, "tiktoken": export_tiktoken, "huggingface": export_huggingface}


def export(tokenizer, directory: str | os.PathLike, fmt: str) -> list[Path]:
    """Write ``tokenizer`` into ``directory`` (created if needed) in format ``fmt``; return the files written.

    Raises ``ValueError`` for an unknown format or a tokenizer the format cannot express exactly, and
    :class:`TokenizerWriteError` for a folder or file that cannot be written.
    """
    if fmt not in _EXPORTERS:
        raise ValueError(f"unknown export format {fmt!r}; choose one of {', '.join(_EXPORTERS)}")
    if getattr(tokenizer, "picky", None) is not None:
        raise ValueError(
            f"a PickyBPE tokenizer cannot be exported as {fmt}: the format holds merges only, and this tokenizer "
            "also removed tokens during training, which its encoding replays; save it in our JSON format instead"
        )
    return _EXPORTERS[fmt](tokenizer, make_folder(directory))


__all__ = [
    "EXPORT_FORMATS",
    "HuggingFaceFileError",
    "TokenizerFileError",
    "TokenizerWriteError",
    "check_writable",
    "output_target",
    "write_bytes_atomically",
    "write_chunks_atomically",
    "write_text_atomically",
    "export",
    "load_gpt2_files",
    "load_any",
    "load_huggingface",
    "load_json",
    "load_tiktoken",
    "save_json",
    "takes_pattern",
]
