"""The text ``bpe encode``, ``compare``, ``decode`` and ``vocab`` read (an argument, a file, a pipe or standard
input, at most :data:`MAX_TEXT_BYTES`), and what a corpus may be."""

from __future__ import annotations

import argparse
import codecs
import os
import select
import stat
import sys
from collections.abc import Iterator

from bpe_core.cli.errors import UserError
from bpe_core.corpus.compressed import CorpusStream
from bpe_core.corpus.sample_option import add_sample_option, sample_files
from bpe_core.corpus.utf8_blocks import InvalidUtf8, utf8_blocks
from bpe_core.formats.files import kind_of, size_text

#: ``bpe encode`` and ``bpe compare`` read at most this much text (a file, a pipe or standard input).
MAX_TEXT_BYTES = 256_000_000
#: ``bpe vocab --text`` reads its file this many bytes at a time, of any size (its memory does not grow with it).
BLOCK_BYTES = 1 << 21
#: What a corpus may be, for ``bpe train`` and ``bpe count``.
CORPUS_HELP = (
    "UTF-8 text file(s), plain or compressed (gzip, bzip2, xz, zstd), globs, or URIs pyarrow reads (s3://, gs://, "
    "hdfs://)"
)
_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def add_text_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="?", metavar="TEXT", help="the text (default: read standard input)")
    parser.add_argument(
        "--file", metavar="F", help="read the text from a UTF-8 file, or one compressed with gzip, bzip2, xz or zstd"
    )
    add_sample_option(parser, "read the text of", repeatable=False)


def read_text(args) -> str:
    if sum(given is not None for given in (args.text, args.file, args.sample)) > 1:
        raise UserError("give one of TEXT, --file and --sample")
    if args.text is not None:
        return args.text
    if args.sample is not None:
        args.file = sample_files([args.sample])[0]
    if args.file is None:
        if sys.stdin.isatty():
            print("bpe: reading the text from standard input; end it with Ctrl-D", file=sys.stderr)
        return decode_text(
            read_capped(CorpusStream(sys.stdin.buffer, "standard input"), "standard input", args.command),
            "standard input",
        )
    return decode_text(read_text_bytes(args.file, args.command), args.file)


def read_text_bytes(path: str, command: str) -> bytes:
    """The bytes of a text file, a pipe (``/dev/stdin``, ``<(...)``) or a terminal, at most ``MAX_TEXT_BYTES``.

    A folder, a device such as ``/dev/zero``, or a socket is refused before reading; so is a file over the limit.
    """
    try:
        info = _text_file_status(path)
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_TEXT_BYTES:
            raise UserError(
                f"bpe {command} reads at most {size_text(MAX_TEXT_BYTES)} of text; {path} is {size_text(info.st_size)}"
            )
        with _open_text(path, info) as f:  # a named pipe waits here for its writer, as with cat; Ctrl-C stops it
            return read_capped(CorpusStream(f, path), path, command)
    except OSError as exc:
        raise UserError(_cannot_read(path, exc)) from None


def read_text_blocks(path: str, block_bytes: int | None = None) -> Iterator[str]:
    """The UTF-8 text of a file, a pipe or a terminal, of any size, decoded ``block_bytes`` (default
    :data:`BLOCK_BYTES`) at a time: what :func:`read_text_bytes` and :func:`decode_text` refuse is refused alike,
    a bad byte named by its offset in the file. The file is checked now, read as the blocks are taken.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(suffix=".txt") as f:
    ...     _ = f.write("café ok".encode()) and f.flush()
    ...     list(read_text_blocks(f.name, block_bytes=4))
    ['caf', 'é ok']
    """
    try:
        info = _text_file_status(path)
    except OSError as exc:
        raise UserError(_cannot_read(path, exc)) from None
    return _blocks(path, info, block_bytes or BLOCK_BYTES)


def _blocks(path: str, info: os.stat_result, block_bytes: int) -> Iterator[str]:
    try:
        with _open_text(path, info) as f:
            waits = os.name == "posix" and not stat.S_ISREG(info.st_mode)  # select() takes no pipe on Windows
            stream = CorpusStream(_Waiting(f) if waits else f, path)
            yield from utf8_blocks(_byte_blocks(stream, path, block_bytes))
    except InvalidUtf8 as exc:
        raise UserError(_not_utf8(path, exc.offset)) from None
    except OSError as exc:
        raise UserError(_cannot_read(path, exc)) from None


def _byte_blocks(stream, path: str, block_bytes: int) -> Iterator[bytes]:
    """The stream's bytes ``block_bytes`` at a time to its end, the first block (4 bytes at least) checked for a
    byte-order mark."""
    block = stream.read(max(block_bytes, 4))
    _check_byte_order_mark(block, path)
    while block:
        yield block
        block = stream.read(block_bytes)


class _Waiting:
    """A pipe or a terminal whose ``read(n)`` waits for data a quarter second at a time: the main thread never
    sleeps in the system's read, so a Ctrl-C that reached another thread of the process (numpy's) still stops it
    (a signal wakes only the thread it reaches; the main thread runs Python's handler when it next can)."""

    def __init__(self, raw):
        self.raw = raw

    def read(self, size: int = -1) -> bytes:
        """At most ``size`` bytes (all to the end if negative), fewer only at the end."""
        chunks, wanted = [], size if size >= 0 else sys.maxsize
        while wanted > 0:
            if not select.select([self.raw], [], [], 0.25)[0]:
                continue
            chunk = os.read(self.raw.fileno(), min(wanted, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            wanted -= len(chunk)
        return b"".join(chunks)


def _text_file_status(path: str) -> os.stat_result:
    """The status of a file, a pipe or a terminal to read text from; a folder, another device or a socket is
    refused."""
    info = os.stat(path)
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)):
        raise UserError(f"{path}: is {kind_of(info.st_mode)}, not a text file")
    return info


def _open_text(path: str, info: os.stat_result):
    """``path`` open for reading bytes; a device that is not a terminal (``/dev/zero``) is refused."""
    f = open(path, "rb")
    if stat.S_ISCHR(info.st_mode) and not f.isatty():
        f.close()
        raise UserError(f"{path}: is {kind_of(info.st_mode)}, not a text file")
    return f


def _cannot_read(path: str, exc: OSError) -> str:
    return f"{path}: cannot read: {exc.strerror or exc}"


def read_capped(stream, name: str, command: str) -> bytes:
    """At most ``MAX_TEXT_BYTES`` of ``stream``, read a megabyte at a time (``read(n)`` would take n bytes of
    memory at once, whatever the text's size: an error under a memory limit); a compressed stream stops there too,
    however far it would inflate."""
    chunks, total = [], 0
    while total <= MAX_TEXT_BYTES:
        chunk = stream.read(min(1 << 20, MAX_TEXT_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    data = b"".join(chunks)
    if len(data) > MAX_TEXT_BYTES:
        raise UserError(f"bpe {command} reads at most {size_text(MAX_TEXT_BYTES)} of text; {name} holds more")
    return data


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text, or a :class:`UserError` naming ``name`` and the first bad byte (or the file's encoding).

    >>> decode_text(b"caf\\xc3\\xa9", "t.txt")
    'café'
    >>> decode_text("hi".encode("utf-16"), "t.txt")
    Traceback (most recent call last):
    ...
    bpe_core.cli.errors.UserError: t.txt: is UTF-16 text (it starts with a UTF-16 byte-order mark); convert it to UTF-8
    """
    _check_byte_order_mark(data, name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(_not_utf8(name, exc.start)) from None


def _check_byte_order_mark(data: bytes, name: str) -> None:
    """Refuse text that starts with a UTF-16 or UTF-32 byte-order mark."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise UserError(
                f"{name}: is {encoding} text (it starts with a {encoding} byte-order mark); convert it to UTF-8"
            )


def _not_utf8(name: str, offset: int) -> str:
    return f"{name}: not UTF-8 text (bad byte at offset {offset})"
