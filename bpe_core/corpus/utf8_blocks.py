"""UTF-8 text decoded a block of bytes at a time, a bad byte named by its offset from the first block: for what reads a
text of any size in blocks (``bpe vocab --text``, the window's X-ray and audit of a file), never all of it at once.

>>> list(utf8_blocks([b"caf", b"\\xc3\\xa9 ok"]))
['caf', 'é ok']
>>> try:
...     list(utf8_blocks([b"ok \\xc3", b"\\x28"]))
... except InvalidUtf8 as exc:
...     print(exc.offset)
3
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Callable, Iterable, Iterator


class InvalidUtf8(ValueError):
    """A byte that is not UTF-8, ``offset`` bytes from the start (the reader says so in its own words)."""

    def __init__(self, offset: int):
        super().__init__(f"invalid UTF-8 byte at offset {offset}")
        self.offset = offset


def utf8_blocks(blocks: Iterable[bytes], on_decoded: Callable[[int], None] | None = None) -> Iterator[str]:
    """The text of ``blocks`` (none empty: the end is the iterable's end), a block at a time, a character a block
    cut joined to the next; ``on_decoded(bytes so far)`` after each block and once more at the end. A bad byte
    raises :class:`InvalidUtf8` with its offset, whichever block the character it belongs to began in."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    offset = 0  # bytes decoded before this block
    for block in itertools.chain(blocks, [b""]):
        pending = len(decoder.getstate()[0])  # the bytes of a character the last block cut
        try:
            text = decoder.decode(block, final=not block)
        except UnicodeDecodeError as exc:
            raise InvalidUtf8(offset - pending + exc.start) from None
        offset += len(block)
        if on_decoded is not None:
            on_decoded(offset)
        if text:
            yield text
