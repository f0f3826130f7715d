"""Opening the user's files safely: only regular files are opened (a FIFO or a device would block or never end),
and a text is read only as far as it is shown.

>>> regular_file(__file__).name
'local.py'
>>> head = read_text_head(__file__, max_chars=10)
>>> len(head.text), head.cut, head.invalid_at
(10, True, None)
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from bpe_core.corpus.utf8_blocks import InvalidUtf8, utf8_blocks

#: UTF-8 needs at most this many bytes per character.
MAX_UTF8_BYTES = 4

_KINDS = (
    (stat.S_ISDIR, QT_TRANSLATE_NOOP("LocalFiles", "a folder")),
    (stat.S_ISFIFO, QT_TRANSLATE_NOOP("LocalFiles", "a named pipe (FIFO)")),
    (stat.S_ISCHR, QT_TRANSLATE_NOOP("LocalFiles", "a character device")),
    (stat.S_ISBLK, QT_TRANSLATE_NOOP("LocalFiles", "a block device")),
    (stat.S_ISSOCK, QT_TRANSLATE_NOOP("LocalFiles", "a socket")),
)


def regular_file(path: str | os.PathLike) -> Path:
    """``path`` as a :class:`Path` if it is a regular file; otherwise ``OSError`` naming it and what it is.

    Only the file's metadata is read (``stat``), so a FIFO is refused without being opened.

    >>> try:
    ...     regular_file("/dev/null")
    ... except OSError as exc:
    ...     print(exc)
    “/dev/null” is a character device, not a regular file: it was not opened.
    """
    path = Path(path)
    mode = os.stat(path).st_mode
    if stat.S_ISREG(mode):
        return path
    kind = next((name for test, name in _KINDS if test(mode)), QT_TRANSLATE_NOOP("LocalFiles", "not a regular file"))
    message = QCoreApplication.translate("LocalFiles", "“{path}” is {kind}, not a regular file: it was not opened.")
    raise OSError(message.format(path=path, kind=QCoreApplication.translate("LocalFiles", kind)))


@dataclass(frozen=True)
class TextHead:
    """The beginning of a text file: ``text`` (at most the characters asked for), the file's size, whether
    ``text`` is only part of the file, and the offset of the first invalid UTF-8 byte within what was read
    (None if there is none; the text then holds U+FFFD in its place)."""

    text: str
    file_bytes: int
    cut: bool
    invalid_at: int | None


def read_text_head(path: str | os.PathLike, max_chars: int) -> TextHead:
    """Read at most ``MAX_UTF8_BYTES * max_chars`` bytes from the start of a regular file and decode them as
    UTF-8; a character cut at the end of what was read is dropped, not replaced."""
    path = regular_file(path)
    limit = MAX_UTF8_BYTES * max_chars
    with open(path, "rb") as f:
        data = f.read(limit)
        whole = len(data) < limit or not f.read(1)
        size = os.fstat(f.fileno()).st_size
    invalid_at, cut = None, not whole
    try:
        text = codecs.getincrementaldecoder("utf-8")("strict").decode(data, final=whole)
    except UnicodeDecodeError as exc:
        text = data[: exc.start].decode("utf-8")
        if len(text) < max_chars:  # the bad byte falls within what is shown
            invalid_at = exc.start
            text = codecs.getincrementaldecoder("utf-8")("replace").decode(data, final=whole)
        else:
            cut = True  # the bad byte comes after the shown characters
    cut = cut or len(text) > max_chars
    return TextHead(text[:max_chars], size, cut, invalid_at)


#: A file's text is decoded this many bytes at a time by :func:`read_text_blocks`.
BLOCK_BYTES = 1 << 22


def check_text_start(path: str | os.PathLike) -> None:
    """Refuses at once what :func:`read_text_blocks` would refuse at its start, before a long job reads it: not a
    regular file (``OSError``), or a first block that is not UTF-8 (:class:`InvalidUtf8`: a file in another
    encoding is told before the job starts, not once it is under way).

    >>> check_text_start(__file__)
    """
    with open(regular_file(path), "rb") as f:
        block = f.read(BLOCK_BYTES)
    try:
        codecs.getincrementaldecoder("utf-8")("strict").decode(block, final=len(block) < BLOCK_BYTES)
    except UnicodeDecodeError as exc:
        raise InvalidUtf8(exc.start) from None


def read_text_blocks(
    path: str | os.PathLike, block_bytes: int | None = None, on_read: Callable[[int, int], None] | None = None
) -> Iterator[str]:
    """The whole UTF-8 text of a regular file, of any size, decoded ``block_bytes`` (:data:`BLOCK_BYTES`) at a
    time as the blocks are
    taken (a gigabyte is never in memory at once); ``on_read(bytes read, the file's size)`` after each block.
    The file is checked now (:func:`regular_file`); an invalid byte raises :class:`InvalidUtf8` when it is met.

    >>> "".join(read_text_blocks(__file__, block_bytes=100)) == Path(__file__).read_text(encoding="utf-8")
    True
    """
    return _text_blocks(regular_file(path), block_bytes or BLOCK_BYTES, on_read)


def _text_blocks(path: Path, block_bytes: int, on_read: Callable[[int, int], None] | None) -> Iterator[str]:
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        read = None if on_read is None else (lambda done: on_read(done, max(size, done)))
        yield from utf8_blocks(iter(lambda: f.read(block_bytes), b""), read)
