"""Reading a corpus: files in blocks, strict (or replacing) UTF-8, cut into pieces at safe boundaries.

Memory does not grow with the file: a piece ends at the first safe boundary past ``piece_chars`` characters —
the start of a special token, or (for the named patterns) a place where the pre-tokens cannot depend on what
follows: a line break before a letter or digit, or a space after a non-space character (see
:func:`~bpe_core.pretokenize.patterns.safe_boundary`), so a corpus on one line is cut as finely as one with line breaks.
With ``pattern="none"`` or a custom regex only special tokens cut: the text between two of them is inherently one
piece (``none`` merges across it; a custom regex may match across anything), so it is held whole — still read
in linear time. Each file is its own text: nothing is merged across files. A file's leading byte-order mark is
dropped (its bytes still count in the SHA-256). A file compressed with gzip, bzip2, xz or zstd is read as the text
it holds, streamed (:mod:`bpe_core.corpus.compressed`): the SHA-256 is of that text, sizes and progress are of the file.

>>> from bpe_core.pretokenize.specials import SpecialSplitter
>>> reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(["<|endoftext|>"]), piece_chars=2)
>>> [p for p in reader.pieces_of_text("one\\ntwo<|endoftext|>three four", name="demo")]
['one\\n', 'two', '<|endoftext|>three', ' four']
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from bpe_core.corpus.compressed import CompressedFileError, CorpusStream
from bpe_core.corpus.locations import RemoteFileError, file_name, is_uri, open_remote, remote_size
from bpe_core.messages import EngineError, Message
from bpe_core.pretokenize.patterns import safe_boundary
from bpe_core.pretokenize.specials import SpecialSplitter

BLOCK_BYTES = 1 << 20
#: How far a safe boundary looks behind and ahead of its position (see ``patterns._SAFE_BOUNDARY``); a boundary
#: whose context a special token touches is not used, since that text is split out before pre-tokenizing.
BOUNDARY_CONTEXT = (3, 2)

#: Encodings a corpus may be read in. ``utf-16`` and ``utf-32`` take the byte order from the byte-order mark.
ENCODINGS = ("utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be")
#: Byte-order marks, longest first (a UTF-32-LE mark starts with the UTF-16-LE one).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def encoding_label(encoding: str) -> str:
    """How an encoding is named for people.

    >>> encoding_label("utf-16-le"), encoding_label("utf-8")
    ('UTF-16 (little-endian)', 'UTF-8')
    """
    family, _, order = encoding.upper().rpartition("-") if encoding.count("-") == 2 else (encoding.upper(), "", "")
    return family + {"LE": " (little-endian)", "BE": " (big-endian)"}.get(order, "")


class CorpusError(EngineError, ValueError):
    """A corpus that cannot be trained on: unreadable, not text, or empty. The message says which file and why."""


class InvalidTextError(CorpusError):
    """Bytes that are not valid text in the encoding read: ``path``, byte ``offset``, ``encoding``."""

    def __init__(self, message: str | Message, path: str, offset: int, encoding: str):
        super().__init__(message)
        self.path, self.offset, self.encoding = path, offset, encoding


class NotUtf8Error(InvalidTextError):
    """A file that is not valid UTF-8 at byte ``offset`` (a binary file, or text in another encoding)."""


class WrongEncodingError(CorpusError):
    """A file whose byte-order mark says it is in another ``encoding`` (a name :class:`CorpusReader` accepts).

    >>> print(WrongEncodingError("notes.txt", "utf-16-le"))  # doctest: +NORMALIZE_WHITESPACE
    notes.txt: the file is UTF-16 (little-endian) text (it starts with a byte-order mark); BPE Explorer reads
    UTF-8: convert it, or read it as UTF-16 (encoding utf-16)
    """

    def __init__(self, path: str, encoding: str, wanted: str = "utf-8"):
        family = encoding[:6]
        fields = dict(path=path, encoding=encoding_label(encoding), family=encoding_label(family), codec=family)
        if wanted == "utf-8":
            super().__init__(Message.of("corpus.byte_order_mark", **fields, setting="encoding"))
        else:
            wanted_label = encoding_label(wanted)
            super().__init__(
                Message.of("corpus.byte_order_mark_other", **fields, wanted=wanted_label, setting="encoding")
            )
        self.path, self.encoding, self.wanted = path, encoding, wanted

    def __reduce__(self):  # keeps the message when pickled
        return type(self), (self.path, self.encoding, self.wanted)


@dataclass
class CorpusInfo:
    """What reading saw: file names, their sizes in bytes, the bytes of their text in all (``total_bytes``: the
    files' sizes until read, then their text's, more for compressed files) and the SHA-256 of that text, in order."""

    names: list[str] = field(default_factory=list)
    total_bytes: int = 0
    sha256: str = ""
    sizes: list[int] = field(default_factory=list)


#: The setting that reads invalid bytes as U+FFFD, which a message about them names.
_REPLACE = {"setting": "errors"}


@contextlib.contextmanager
def read_errors(path: str) -> Iterator[None]:
    """A corpus file's failures to be read as :class:`CorpusError`, each naming the file: a remote file's, a
    compressed stream's, the system's (``OSError``)."""
    try:
        yield
    except RemoteFileError as exc:
        raise CorpusError(str(exc)) from None
    except CompressedFileError as exc:
        raise CorpusError(exc.message or str(exc)) from None
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _decode_error(path: str, encoding: str, offset: int, exc: UnicodeDecodeError, nul: int | None) -> CorpusError:
    bad = exc.object[exc.start : exc.start + 4].hex(" ").upper()
    message: Message
    if exc.reason == "truncated data" and exc.end == len(exc.object):
        cut = exc.end - exc.start
        code = "corpus.cut_short" if cut > 1 else "corpus.cut_short_one_byte"
        message = Message.of(code, path=path, encoding=encoding_label(encoding), count=cut, offset=offset, **_REPLACE)
    elif nul is not None and encoding == "utf-8":  # NUL bytes are ordinary in UTF-16 and UTF-32
        message = Message.of(
            "corpus.binary", path=path, nul=nul, offset=offset, bytes=bad, reason=exc.reason, **_REPLACE
        )
    elif encoding == "utf-8":
        message = Message.of("corpus.not_utf8", path=path, offset=offset, bytes=bad, reason=exc.reason, **_REPLACE)
    else:
        label = encoding_label(encoding)
        message = Message.of(
            "corpus.not_in_encoding", path=path, encoding=label, offset=offset, bytes=bad, reason=exc.reason, **_REPLACE
        )
    error = NotUtf8Error if encoding == "utf-8" else InvalidTextError
    return error(message, path, offset, encoding)


def _open(path: str):
    """A binary stream of a corpus file's bytes, on this disk or at a URI (:mod:`bpe_core.corpus.locations`; not
    decompressed by its name: :class:`~bpe_core.corpus.compressed.CorpusStream` does that by its bytes)."""
    return open_remote(path, compression=None) if is_uri(path) else open(path, "rb")


def _file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file"


class CorpusReader:
    """Cuts texts and files into pieces whose pre-tokens can be counted independently.

    ``encoding`` is one of :data:`ENCODINGS`; ``errors`` is ``"strict"`` (invalid bytes are an error) or
    ``"replace"`` (they become U+FFFD).
    """

    def __init__(
        self,
        *,
        pattern: str,
        splitter: SpecialSplitter,
        errors: str = "strict",
        piece_chars: int = 1 << 21,
        encoding: str = "utf-8",
    ):
        if errors not in ("strict", "replace"):
            raise ValueError(f"errors must be 'strict' or 'replace', not {errors!r}")
        if encoding not in ENCODINGS:
            raise ValueError(f"encoding must be one of {', '.join(ENCODINGS)}, not {encoding!r}")
        self.boundary = safe_boundary(pattern)
        self.splitter = splitter
        self.errors = errors
        self.encoding = encoding
        self.piece_chars = piece_chars

    def first_cut(self, text: str, lo: int, hi: int) -> int | None:
        """The first position in [lo, hi] where ``text`` may be cut, or None. Looks at most ``max_length + 3``
        characters before ``lo`` and ``max_length + 2`` past ``hi``.

        >>> CorpusReader(pattern="gpt2", splitter=SpecialSplitter([])).first_cut("a b", 0, 3)
        1
        """
        splitter = self.splitter
        reach = splitter.max_length + 2
        cut = None
        if self.boundary is not None:
            cut = self._first(self.boundary, text, lo, hi, min(len(text), hi + reach), BOUNDARY_CONTEXT)
        if splitter.regex is not None:
            limit = hi if cut is None else cut - 1
            special = self._first(splitter.regex, text, lo, limit, min(len(text), limit + reach), (0, 0))
            cut = cut if special is None else special
        return cut

    def _first(self, regex, text: str, lo: int, hi: int, endpos: int, context: tuple[int, int]) -> int | None:
        """The first match start ``k`` of ``regex`` in [lo, hi] whose ``context`` (characters before and after
        ``k``) no special token touches."""
        while lo <= hi:
            match = regex.search(text, lo, endpos)
            if match is None or match.start() > hi:
                return None
            k = match.start()
            if not self._touches_special(text, k - context[0], k + context[1]):
                return k
            lo = k + 1
        return None

    def _touches_special(self, text: str, a: int, b: int) -> bool:
        """Whether an occurrence of a special token starts before ``b`` and ends after ``a``."""
        return any(t in text[max(0, a - len(t) + 1) : b + len(t) - 1] for t in self.splitter.tokens)

    def pieces_of_text(self, text: str, *, name: str) -> Iterator[str]:
        """Pieces of an in-memory text (lone surrogates are an error, or replaced with errors='replace')."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            if self.errors == "strict":
                raise CorpusError(f"{name}: lone surrogate at character {exc.start}; not valid Unicode text") from None
            text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
        yield from _Cutter(self).feed(text, final=True)

    def cuts(self, text: str, size: Callable[[int], int] | None = None) -> list[int]:
        """Where an in-memory ``text`` is cut, without copying it: 0, the first cut at or after each
        ``piece_chars`` characters of a piece (or ``size(characters left)``, at least 1), and the text's end.

        >>> CorpusReader(pattern="gpt2", splitter=SpecialSplitter([]), piece_chars=8).cuts("Hello world, hello again.")
        [0, 12, 25]
        """
        found = [0]
        while True:
            left = len(text) - found[-1]
            step = self.piece_chars if size is None else max(size(left), 1)
            cut = self.first_cut(text, found[-1] + step, len(text)) if left > step else None
            if cut is None or cut >= len(text):
                return found + [len(text)]
            found.append(cut)

    def pieces_of_blocks(self, blocks: Iterable[str]) -> Iterator[str]:
        """Pieces of one text given block by block (a file as it is read): cut as :meth:`pieces_of_text` cuts the
        whole, without holding it.

        >>> reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter([]), piece_chars=4)
        >>> list(reader.pieces_of_blocks(["one tw", "o three"]))
        ['one two', ' three']
        """
        cutter = _Cutter(self)
        for block in blocks:
            yield from cutter.feed(block, final=False)
        yield from cutter.feed("", final=True)

    def pieces_of_files(
        self, paths: Iterable[str | os.PathLike], info: CorpusInfo, progress: Callable[[int, int], None] | None = None
    ) -> Iterator[str]:
        """Pieces of each file in turn, reporting ``progress(done, total)`` bytes; ``info.sha256`` is set at the end.

        ``paths`` (any iterable) is read once, now: every file is checked (it exists, is a regular file, has no
        byte-order mark of another encoding) and ``info`` gets the names and sizes before any piece is read.
        """
        files = [os.fspath(p) for p in paths]
        if not files:
            raise CorpusError("no corpus file given")
        checked = [self._check(path) for path in files]
        info.names = [file_name(p) for p in files]
        info.sizes = [size for size, _ in checked]
        info.total_bytes = sum(info.sizes)
        return self._read(files, [encoding for _, encoding in checked], info, progress)

    def _check(self, path: str) -> tuple[int, str]:
        """A file's size and the encoding to decode it with; refuses what cannot be read as text (without
        opening anything but regular files: a named pipe would block)."""
        try:
            if is_uri(path):
                size = remote_size(path)
            else:
                status = os.stat(path)
                mode = status.st_mode
                if stat.S_ISDIR(mode):
                    raise CorpusError(f"{path}: is a folder, not a text file")
                if not stat.S_ISREG(mode):
                    raise CorpusError(f"{path}: not a regular file ({_file_kind(mode)}); BPE Explorer reads text files")
                size = status.st_size
            with _open(path) as f:
                head = CorpusStream(f, path).read(4)
        except (RemoteFileError, CompressedFileError) as exc:
            raise CorpusError(exc.message or str(exc)) from None
        except FileNotFoundError:
            raise CorpusError(f"{path}: no such file (cannot read it)") from None
        except OSError as exc:
            raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from None
        marked = next((encoding for bom, encoding in _BOMS if head.startswith(bom)), None)
        wanted = self.encoding
        if wanted in ("utf-16", "utf-32"):
            if marked is None and head:
                raise InvalidTextError(
                    f"{path}: no byte-order mark, so the byte order is unknown: read it as "
                    f"{wanted}-le (little-endian) or {wanted}-be (big-endian)",
                    path,
                    0,
                    wanted,
                )
            if marked is not None and not marked.startswith(wanted):
                raise WrongEncodingError(path, marked, wanted)
            wanted = marked or f"{wanted}-le"  # an empty file
        if marked is not None and marked != wanted:
            raise WrongEncodingError(path, marked, self.encoding)
        return size, wanted

    def _read(self, paths: list[str], encodings: list[str], info: CorpusInfo, progress) -> Iterator[str]:
        digest = hashlib.sha256()
        done = text_bytes = 0
        for index, (path, encoding) in enumerate(zip(paths, encodings)):
            cutter = _Cutter(self)
            decoder = codecs.getincrementaldecoder(encoding)(self.errors)
            offset = 0
            nul = None
            started = False
            with read_errors(path), _open(path) as raw:
                f = CorpusStream(raw, path)
                while True:
                    block = f.read(BLOCK_BYTES)
                    final = not block
                    digest.update(block)
                    if nul is None and (at := block.find(b"\0")) >= 0:
                        nul = offset + at
                    pending = len(decoder.getstate()[0])
                    try:
                        text = decoder.decode(block, final=final)
                    except UnicodeDecodeError as exc:
                        where = path if f.compression is None else f"{path} (its {f.compression} text)"
                        raise _decode_error(where, encoding, offset - pending + exc.start, exc, nul) from None
                    offset += len(block)
                    if text and not started:
                        text, started = text.removeprefix("\ufeff"), True
                    yield from cutter.feed(text, final)
                    if progress is not None and block:
                        progress(done + f.consumed, max(done + f.consumed, info.total_bytes))
                    if final:
                        break
            self._check_size(path, info, index, f.consumed)
            done += f.consumed
            text_bytes += offset
        info.sha256, info.total_bytes = digest.hexdigest(), text_bytes

    @staticmethod
    def _check_size(path: str, info: CorpusInfo, index: int, read: int) -> None:
        """Refuse a file whose size changed while it was read (its counts would match neither version); a file
        that says it has no size but has text (``/proc/cpuinfo``) counts with what was read."""
        expected = info.sizes[index]
        if expected == 0:
            info.sizes[index] = read
            info.total_bytes += read
        elif read != expected:
            code = "corpus.grew" if read > expected else "corpus.shrank"
            raise CorpusError(Message.of(code, path=path, before=f"{expected:,}", read=f"{read:,}"))


class _Cutter:
    """Cuts one text, fed block by block, into pieces at safe cuts, searching each character once.

    The current piece is ``parts`` (text known to hold no cut) followed by ``window[begin:]``; the window keeps a
    few characters of context before ``searched``, the first position not yet searched. Nothing is copied again
    until the piece is complete, so a text with no cut for megabytes is read in linear time.
    """

    def __init__(self, reader: CorpusReader):
        self.reader = reader
        self.reach = reader.splitter.max_length + 2  # context a cut needs on either side
        self.parts: list[str] = []
        self.size = 0  # characters in parts
        self.window = ""
        self.begin = 0
        self.searched = 0

    def feed(self, text: str, final: bool) -> list[str]:
        """The pieces completed by ``text``; with ``final`` the rest too."""
        window = self.window + text
        hi = len(window) if final else len(window) - self.reach
        pieces = []
        while True:
            lo = max(self.searched, self.begin + self.reader.piece_chars - self.size)
            if lo > hi:
                self.searched = max(self.searched, min(lo, len(window)))
                break
            cut = self.reader.first_cut(window, lo, hi)
            if cut is None:
                self.searched = hi + 1
                break
            pieces.append("".join([*self.parts, window[self.begin : cut]]))
            self.parts, self.size, self.begin, self.searched = [], 0, cut, cut + 1
        if final:
            rest = "".join([*self.parts, window[self.begin :]])
            if rest:
                pieces.append(rest)
            self.parts, self.size, self.window, self.begin, self.searched = [], 0, "", 0, 0
            return pieces
        drop = max(0, self.searched - self.reach - 2)
        if drop > self.begin:
            self.parts.append(window[self.begin : drop])
            self.size += drop - self.begin
        self.begin = max(0, self.begin - drop)
        self.window = window[drop:]
        self.searched -= drop
        return pieces
