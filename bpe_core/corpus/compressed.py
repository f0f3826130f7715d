"""Corpora compressed with gzip, bzip2, xz or zstd, read as the text they hold, as the field's data sets come.

A file is recognised by its first bytes, not its name (a ``.gz`` that holds plain text is read as it is, a
``.txt`` that holds gzip is decompressed), and decompressed as it streams, a block at a time: a small file that
inflates to gigabytes (a decompression bomb) takes no more memory than plain text of that size would. zstd needs
the ``zstandard`` package; without it the error names the package.

>>> compression_of(b"\\x1f\\x8b\\x08\\x00"), compression_of(b"BZh9"), compression_of(b"hello")
('gzip', 'bzip2', None)
>>> import gzip, io
>>> stream = CorpusStream(io.BytesIO(gzip.compress(b"hello " * 1000)), "a.txt.gz")
>>> stream.compression, stream.read(11), stream.consumed > 0
('gzip', b'hello hello', True)
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import zlib
from typing import BinaryIO, cast

from bpe_core.messages import EngineError, Message

#: The first bytes of each compressed format, and its name.
MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
#: How many first bytes tell the formats apart.
MAGIC_BYTES = max(len(magic) for magic, _ in MAGIC)


class CompressedFileError(EngineError, ValueError):
    """A compressed corpus that cannot be read: damaged, cut short, or zstd without the ``zstandard`` package."""


def compression_of(head: bytes) -> str | None:
    """The compression a file's first bytes show (``"gzip"``, ``"bzip2"``, ``"xz"``, ``"zstd"``), or None."""
    return next((name for magic, name in MAGIC if head.startswith(magic)), None)


class _Counted:
    """A binary stream that counts the bytes read from it (the compressed file's, for progress and size checks)."""

    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def read(self, size: int = -1) -> bytes:
        data = self.raw.read(size)
        self.count += len(data)
        return data

    def readable(self) -> bool:
        return True


class CorpusStream:
    """The text bytes of the file open in ``raw`` (named ``path``), decompressed if its first bytes say so:
    ``read(n)`` gives at most ``n`` bytes of text, ``consumed`` the bytes read from the file so far."""

    def __init__(self, raw, path: str):
        self._counted = _Counted(raw)
        self.path = path
        self._head = self._counted.read(MAGIC_BYTES)
        self.compression = compression_of(self._head)
        self._errors: tuple[type[Exception], ...] = (OSError, zlib.error, lzma.LZMAError)
        self._stream = None if self.compression is None else self._decompressor()

    @property
    def consumed(self) -> int:
        return self._counted.count

    def read(self, size: int) -> bytes:
        """At most ``size`` bytes of text (``b""`` at its end)."""
        if self._stream is None:
            head, self._head = self._head[:size], self._head[size:]
            return head + (self._counted.read(size - len(head)) if size > len(head) else b"")
        try:
            return self._stream.read(size)
        except EOFError:
            raise CompressedFileError(
                Message.of("corpus.compressed_cut_short", path=self.path, kind=self.compression)
            ) from None
        except self._errors as exc:
            raise CompressedFileError(
                Message.of("corpus.compressed_damaged", path=self.path, kind=self.compression, detail=str(exc))
            ) from None

    def _decompressor(self):
        source = _Prefixed(self._head, self._counted)
        if self.compression == "gzip":
            return gzip.GzipFile(fileobj=source, mode="rb")
        if self.compression == "bzip2":
            return bz2.BZ2File(source)
        if self.compression == "xz":
            return lzma.LZMAFile(cast(BinaryIO, source))  # any object with read(); typeshed asks for IO
        try:
            import zstandard
        except ImportError:
            raise CompressedFileError(Message.of("corpus.zstd_needs_package", path=self.path)) from None
        self._errors += (zstandard.ZstdError,)
        return _ZstdReader(zstandard, source)


class _ZstdReader:
    """zstd frames read in small steps, so that a frame cut short is an ``EOFError`` (``zstandard``'s stream reader
    ends quietly there) and one step inflates at most a few megabytes (zstd's ratio is at most about 32,768)."""

    STEP = 256  # compressed bytes fed at once: at most 8 MB out

    def __init__(self, zstandard, source):
        self.zstandard, self.source = zstandard, source
        self.decompressor = zstandard.ZstdDecompressor().decompressobj()
        self.buffer = bytearray()
        self.started = False  # the current frame has had input

    def read(self, size: int) -> bytes:
        while len(self.buffer) < size and self._step():
            pass
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def _step(self) -> bool:
        """Feed the next bytes; False at the end of the file."""
        data = self.source.read(self.STEP)
        if not data:
            if self.started and not self.decompressor.eof:
                raise EOFError("zstd frame cut short")
            return False
        while data:
            self.started = True
            self.buffer += self.decompressor.decompress(data)
            data = b""
            if self.decompressor.eof:  # the next frame starts in what this one left
                data, self.started = self.decompressor.unused_data, False
                self.decompressor = self.zstandard.ZstdDecompressor().decompressobj()
        return True


class _Prefixed(io.RawIOBase):
    """The bytes ``head`` already read, then the rest of ``stream`` (a raw binary stream, as the decompressors
    take)."""

    def __init__(self, head: bytes, stream):
        super().__init__()
        self.head, self.stream = head, stream

    def read(self, size: int | None = -1) -> bytes:
        size = -1 if size is None else size
        if not self.head:
            return self.stream.read(size)
        if size < 0:
            data, self.head = self.head + self.stream.read(), b""
            return data
        data, self.head = self.head[:size], self.head[size:]
        return data + (self.stream.read(size - len(data)) if size > len(data) else b"")

    def readable(self) -> bool:
        return True


#: The largest compressed file :func:`text_size` decompresses to count its text (a few tenths of a second).
MEASURED_MOST = 16 * 2**20


def text_size(path, most: int | None = None) -> int | None:
    """The bytes of text the corpus file ``path`` holds: its size for plain text, counted by decompressing it for a
    compressed one of at most ``most`` bytes (:data:`MEASURED_MOST` by default; None for a larger one, or one that
    cannot be read to its end).

    >>> import gzip, os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> packed = os.path.join(folder, "a.txt.gz")
    >>> with open(packed, "wb") as f:
    ...     _ = f.write(gzip.compress(b"hello " * 1000))
    >>> os.path.getsize(packed) < 100, text_size(packed), text_size(packed, most=10)
    (True, 6000, None)
    """
    size = os.path.getsize(path)
    try:
        with open(path, "rb") as raw:
            stream = CorpusStream(raw, str(path))
            if stream.compression is None:
                return size
            if size > (MEASURED_MOST if most is None else most):
                return None
            total = 0
            while block := stream.read(2**20):
                total += len(block)
            return total
    except (OSError, CompressedFileError):
        return None
