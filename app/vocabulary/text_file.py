"""A text file read whole by a Vocabulary page's job (the X-ray's text, the audit's usage text), a block at a time:
what stops it, said in the user's language, and the job's progress in two halves.

>>> from bpe_core.vocabulary.text_pieces import WholeTextTooLong
>>> try:
...     with reading("big.txt", "gpt2"):
...         raise WholeTextTooLong("past the limit")
... except ValueError as exc:
...     print(exc)
big.txt: too long for gpt2, which encodes a text whole: at most 256,000,000 characters.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.common.files.local import InvalidUtf8
from bpe_core.vocabulary.text_pieces import WHOLE_MOST_CHARS, WholeTextTooLong


@contextlib.contextmanager
def reading(path: str | os.PathLike, tokenizer_name: str) -> Iterator[None]:
    """Turns what stops the reading of ``path`` into a ValueError saying it: a byte that is not UTF-8 (where), or a
    text longer than a tokenizer that encodes it whole takes."""
    name = Path(path).name
    try:
        yield
    except InvalidUtf8 as exc:
        message = QCoreApplication.translate("TextFile", "{file}: not UTF-8 text (invalid byte at offset {offset:,}).")
        raise ValueError(message.format(file=name, offset=exc.offset)) from None
    except WholeTextTooLong:
        message = QCoreApplication.translate(
            "TextFile", "{file}: too long for {name}, which encodes a text whole: at most {most:,} characters."
        )
        raise ValueError(message.format(file=name, name=tokenizer_name, most=WHOLE_MOST_CHARS)) from None


Progress = Callable[[int, int], None]


def in_halves(progress: Progress) -> tuple[Progress, Progress]:
    """Two reports for a job of two steps (the file read, then the rest): each ``(done, total)`` of its step given to
    ``progress`` in thousandths of the whole, the first step the bar's first half. (A gigabyte's bytes, passed as they
    are, overflowed the 32-bit ints of Qt's signals, and the bar stayed at 0.)

    >>> said = []
    >>> first, second = in_halves(lambda done, total: said.append((done, total)))
    >>> first(3 << 30, 6 << 30), second(1, 4)
    (None, None)
    >>> said
    [(250, 1000), (625, 1000)]
    """

    def first(done: int, total: int) -> None:
        progress(500 * done // max(total, 1), 1000)

    def second(done: int, total: int) -> None:
        progress(500 + 500 * done // max(total, 1), 1000)

    return first, second
