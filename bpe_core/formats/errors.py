"""The one error every reader raises: :class:`TokenizerFileError`, naming the file and what is wrong with it.

>>> str(TokenizerFileError("tok.json", "not valid JSON"))
'tok.json: not valid JSON'
"""

from __future__ import annotations

import os


class TokenizerFileError(ValueError):
    """A tokenizer file that cannot be read: missing, corrupt, truncated, foreign or hostile."""

    def __init__(self, path: str | os.PathLike, problem: str):
        self.path = os.fspath(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")
