"""The small text files chat works from (a conversation, a template, a tokenizer config), read safely: a regular
file only (a FIFO or a device is refused without blocking or reading), at most a given size, UTF-8.

>>> read_text_file("/dev/zero", 10, ValueError)
Traceback (most recent call last):
ValueError: /dev/zero: not a regular file (a FIFO or a device cannot be read as a whole file)
"""

from __future__ import annotations

import os
import stat

from bpe_core.messages import Message


def read_text_file(path: str | os.PathLike, limit: int, error: type[Exception]) -> str:
    """The UTF-8 text of ``path`` (a BOM dropped), or ``error`` (made from a :class:`Message`) saying why not."""
    name = os.fspath(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise error(Message.of("chat.unreadable", name=name, detail=exc.strerror or exc)) from None
    with os.fdopen(fd, "rb") as stream:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(Message.of("chat.not_a_file", name=name))
        try:
            data = stream.read(limit + 1)
        except OSError as exc:
            raise error(Message.of("chat.unreadable", name=name, detail=exc.strerror or exc)) from None
    return decode_text(data, name, limit, error)


def decode_text(data: bytes, name: str, limit: int, error: type[Exception]) -> str:
    """``data`` (read from ``name``, at most ``limit`` bytes wanted) as text, or ``error``."""
    if len(data) > limit:
        raise error(Message.of("chat.too_large", name=name, limit=f"{limit // 2**20} MB"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(Message.of("chat.not_utf8", name=name, offset=f"{exc.start:,}")) from None
