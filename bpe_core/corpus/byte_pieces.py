"""Reading a UTF-8 corpus as bytes, cut into pieces at safe boundaries, not decoded: for the compiled count.

:meth:`CorpusReader.pieces_of_files <bpe_core.corpus.reader.CorpusReader.pieces_of_files>` decodes every block and
cuts the text in Python; counting in C (:mod:`bpe_core.corpus.tally_counting`) needs neither: each worker process
decodes its own piece (``bytes.decode``, in C) as it counts it. Here a piece ends at the first safe boundary past
``piece_chars`` bytes: a boundary of the pattern (:func:`~bpe_core.pretokenize.patterns.safe_boundary`) at a space
or just after a line feed, which is an ASCII byte, so a cut never falls inside a character (nor inside an invalid
sequence: an ASCII byte ends one), or the start of a special token, found by the text reader's own search on the
bytes around, decoded. Everything else the text reader does is done the same way: the files checked first, a UTF-8
byte-order mark dropped, the SHA-256 of the text, progress in bytes, a file that changes size while read refused,
compressed files and URIs read through the same stream.

>>> from bpe_core.corpus.reader import CorpusReader
>>> from bpe_core.pretokenize.specials import SpecialSplitter
>>> reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(["<|endoftext|>"]), piece_chars=2)
>>> ByteCutter(reader).feed("one\\ntwo<|endoftext|>three four, and five 中\\n文".encode(), final=True)
[b'one\\n', b'two', b'<|endoftext|>three', b' four,', b' and', b' five', b' \\xe4\\xb8\\xad\\n', b'\\xe6\\x96\\x87']
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator

from bpe_core.corpus.compressed import CorpusStream
from bpe_core.corpus.locations import file_name
from bpe_core.corpus.reader import BLOCK_BYTES, CorpusError, CorpusInfo, CorpusReader, _open, read_errors

#: Bytes a search starts with; each search that finds no cut doubles it (a corpus with no cut for megabytes is then
#: decoded a few times over, not once per byte).
_FIRST_WIDTH = 256
_BOM = b"\xef\xbb\xbf"


class ByteCutter:
    """Cuts one file's bytes, fed block by block, into pieces of at least ``reader.piece_chars`` bytes.

    A cut is found by the text reader's own :meth:`~bpe_core.corpus.reader.CorpusReader.first_cut` on the bytes
    around the place searched, decoded with ``surrogateescape`` (an invalid byte is one character standing for it, so
    a character's place maps back to its bytes exactly; a cut the text reader finds is at a space, after a line feed
    or at a special token: at a character's first byte).
    """

    def __init__(self, reader: CorpusReader):
        assert reader.boundary is not None, "only a pattern with safe boundaries is read as bytes"
        self.reader = reader
        #: Bytes of context either side of a place searched: the characters a cut looks at (a special token's length
        #: and the boundary's context, ``reader.BOUNDARY_CONTEXT``), at up to 4 bytes each.
        self.reach = 4 * (reader.splitter.max_length + 4)
        self.buffer = bytearray()
        self.searched = 0  # the first position not searched yet

    def feed(self, block: bytes, final: bool) -> list[bytes]:
        """The pieces completed by ``block``; with ``final`` the rest too."""
        buffer = self.buffer
        buffer += block
        pieces = []
        while True:
            hi = len(buffer) - 1 if final else len(buffer) - self.reach
            lo = max(self.searched, self.reader.piece_chars)
            if lo > hi:
                break
            cut = self.first_cut(buffer, lo, hi)
            if cut is None:
                self.searched = hi + 1
                break
            pieces.append(bytes(buffer[:cut]))
            del buffer[:cut]
            self.searched = 0
        if final:
            if buffer:
                pieces.append(bytes(buffer))
            buffer.clear()
            self.searched = 0
        return pieces

    def first_cut(self, data: bytearray, lo: int, hi: int) -> int | None:
        """The first safe cut at a byte in [lo, hi], or None, searched in windows that double.

        >>> from bpe_core.pretokenize.specials import SpecialSplitter
        >>> cutter = ByteCutter(CorpusReader(pattern="gpt2", splitter=SpecialSplitter([])))
        >>> cutter.first_cut(bytearray("é.\\n(x\\nNext".encode()), 1, 10)
        7
        """
        width = _FIRST_WIDTH
        while lo <= hi:
            end = min(hi, lo + width)
            cut = self._cut_in(data, lo, end)
            if cut is not None:
                return cut if cut <= hi else None
            lo, width = end + 1, 2 * width
        return None

    def _cut_in(self, data: bytearray, lo: int, hi: int) -> int | None:
        """The text reader's first cut among the characters that start at bytes lo..hi (and a few past hi)."""
        head = max(0, lo - self.reach)
        text = bytes(data[head : hi + 1 + self.reach]).decode("utf-8", "surrogateescape")
        # A character cut by lo or hi + 1 counts a character per byte decoded alone: these indices are at or past
        # the first character starting at lo (resp. hi + 1) in ``text``.
        first = len(bytes(data[head:lo]).decode("utf-8", "surrogateescape"))
        last = len(bytes(data[head : hi + 1]).decode("utf-8", "surrogateescape")) - 1
        k = self.reader.first_cut(text, first, max(first, last))
        return None if k is None else head + len(text[:k].encode("utf-8", "surrogateescape"))


def byte_pieces_of_files(
    reader: CorpusReader,
    paths: Iterable[str | os.PathLike],
    info: CorpusInfo,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[bytes]:
    """:meth:`CorpusReader.pieces_of_files <bpe_core.corpus.reader.CorpusReader.pieces_of_files>` as UTF-8 bytes,
    not decoded (a piece with an invalid byte is found by whoever decodes it: :func:`first_decode_error` then
    says where, as the text reader does). Only for UTF-8 and a pattern with safe boundaries (:func:`reads_bytes`)."""
    files = [os.fspath(p) for p in paths]
    if not files:
        raise CorpusError("no corpus file given")
    checked = [reader._check(path) for path in files]  # the same checks, and the encoding each is in: UTF-8
    info.names, info.sizes = [file_name(p) for p in files], [size for size, _ in checked]
    info.total_bytes = sum(info.sizes)
    return _read(reader, files, info, progress)


def reads_bytes(reader: CorpusReader) -> bool:
    """Whether ``reader``'s files can be read as bytes: UTF-8, with a pattern that has safe boundaries."""
    return reader.encoding == "utf-8" and reader.boundary is not None


def _read(reader: CorpusReader, paths: list[str], info: CorpusInfo, progress) -> Iterator[bytes]:
    digest = hashlib.sha256()
    done = text_bytes = 0
    for index, path in enumerate(paths):
        cutter = ByteCutter(reader)
        offset = 0
        with read_errors(path), _open(path) as raw:
            f = CorpusStream(raw, path)
            while True:
                block = f.read(BLOCK_BYTES)
                final = not block
                digest.update(block)
                offset += len(block)
                if offset == len(block) and block.startswith(_BOM):
                    block = block[len(_BOM) :]  # its bytes still count, as the text reader's
                yield from cutter.feed(block, final)
                if progress is not None and not final:
                    progress(done + f.consumed, max(done + f.consumed, info.total_bytes))
                if final:
                    break
        reader._check_size(path, info, index, f.consumed)
        done += f.consumed
        text_bytes += offset
    info.sha256, info.total_bytes = digest.hexdigest(), text_bytes


def first_decode_error(reader: CorpusReader, paths: Iterable[str | os.PathLike]) -> None:
    """Read ``paths`` as text, as the text reader does, to raise its error for the first byte that is not UTF-8
    (the message names the file, the offset, a binary file's NUL byte): a decoding worker found one.

    >>> import tempfile, pathlib
    >>> from bpe_core.pretokenize.specials import SpecialSplitter
    >>> path = pathlib.Path(tempfile.mkdtemp(), "b.txt"); _ = path.write_bytes(b"ok \\xff")
    >>> first_decode_error(CorpusReader(pattern="gpt2", splitter=SpecialSplitter([])), [path])
    Traceback (most recent call last):
    ...
    bpe_core.corpus.reader.NotUtf8Error: ...b.txt: not valid UTF-8 at byte offset 3 (bytes FF: invalid start byte)...
    """
    for _ in reader.pieces_of_files(paths, CorpusInfo()):
        pass
