"""Errors about tokenizer files, raised by the formats and the published tokenizers' adapters:
:class:`TokenizerFileError` for a file that cannot be read (naming the file and what is wrong with it),
:class:`TokenizerWriteError` for one that cannot be written (naming the user's path and the cause). Either says
what is wrong in plain text or as a :class:`~bpe_core.messages.Message` (made by ``of``).

>>> str(TokenizerFileError("tok.json", "not valid JSON"))
'tok.json: not valid JSON'
>>> error = TokenizerFileError.of("tok.json", "file.empty")
>>> str(error), error.problem, error.message.code
('tok.json: the file is empty', 'the file is empty', 'file.empty')
>>> str(TokenizerWriteError("/x/t.json", "permission denied"))
'cannot write /x/t.json: permission denied'
"""

from __future__ import annotations

import os

from bpe_core.messages import EngineError, Message


class TokenizerFileError(EngineError, ValueError):
    """A tokenizer file that cannot be read: missing, corrupt, truncated, foreign or hostile. ``problem`` is plain
    text, or a Message whose sentence begins with the path (``"{path}: "``)."""

    def __init__(self, path: str | os.PathLike, problem: str | Message):
        self.path = os.fspath(path)
        super().__init__(problem if isinstance(problem, Message) else f"{self.path}: {problem}")
        self.problem = str(self).removeprefix(f"{self.path}: ")

    @classmethod
    def of(cls, path: str | os.PathLike, code: str, /, **fields: object) -> TokenizerFileError:
        """The error of ``path`` said by the message ``code`` (its ``path`` field is ``path``)."""
        return cls(path, Message.of(code, path=os.fspath(path), **fields))


class HuggingFaceFileError(TokenizerFileError):
    """Our JSON reader was given a Hugging Face ``tokenizer.json``: read it with ``load_huggingface`` instead."""


class TokenizerWriteError(EngineError, OSError):
    """A tokenizer file or export that cannot be written (an ``OSError``, as the failure of a write is). ``cause``
    is plain text, or a Message whose sentence begins ``"cannot write {path}: "``."""

    def __init__(self, path: str | os.PathLike, cause: str | Message):
        self.path = os.fspath(path)
        super().__init__(cause if isinstance(cause, Message) else f"cannot write {self.path}: {cause}")
        self.cause = str(self).removeprefix(f"cannot write {self.path}: ")

    @classmethod
    def of(cls, path: str | os.PathLike, code: str, /, **fields: object) -> TokenizerWriteError:
        """The error of ``path`` said by the message ``code`` (its ``path`` field is ``path``)."""
        return cls(path, Message.of(code, path=os.fspath(path), **fields))
