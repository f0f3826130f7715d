"""Errors about tokenizer files, raised by the formats and the published tokenizers' adapters:
:class:`TokenizerFileError` for a file that cannot be read (naming the file and what is wrong with it),
:class:`TokenizerWriteError` for one that cannot be written (naming the user's path and the cause).

>>> str(TokenizerFileError("tok.json", "not valid JSON"))
'tok.json: not valid JSON'
>>> str(TokenizerWriteError("/x/t.json", "permission denied"))
'cannot write /x/t.json: permission denied'
"""

from __future__ import annotations

import os


class TokenizerFileError(ValueError):
    """A tokenizer file that cannot be read: missing, corrupt, truncated, foreign or hostile."""

    def __init__(self, path: str | os.PathLike, problem: str):
        self.path = os.fspath(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class HuggingFaceFileError(TokenizerFileError):
    """Our JSON reader was given a Hugging Face ``tokenizer.json``: read it with ``load_huggingface`` instead."""


class TokenizerWriteError(OSError):
    """A tokenizer file or export that cannot be written (an ``OSError``, as the failure of a write is)."""

    def __init__(self, path: str | os.PathLike, cause: str):
        self.path = os.fspath(path)
        self.cause = cause
        super().__init__(f"cannot write {self.path}: {cause}")
