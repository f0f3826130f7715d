"""Reading a corpus: files in blocks, strict (or replacing) UTF-8, cut into pieces at safe boundaries.

Memory does not grow with the file: a piece ends at the first safe boundary past ``piece_chars`` characters —
the start of a special token, or (for the named patterns) a line break where the pre-tokens cannot depend on
what follows. Each file is its own text: nothing is merged across files.

>>> from bpe_core.specials import SpecialSplitter
>>> reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter(["<|endoftext|>"]), piece_chars=2)
>>> [p for p in reader.pieces_of_text("one\\ntwo<|endoftext|>three", name="demo")]
['one\\n', 'two', '<|endoftext|>three']
"""

from __future__ import annotations

import codecs
import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from bpe_core.patterns import safe_boundary
from bpe_core.specials import SpecialSplitter

BLOCK_BYTES = 1 << 20


class CorpusError(ValueError):
    """A corpus that cannot be trained on: unreadable, not UTF-8, or empty. The message says which file and why."""


@dataclass
class CorpusInfo:
    """What reading saw: file names, total bytes, and the SHA-256 of all files' bytes in order."""

    names: list[str] = field(default_factory=list)
    total_bytes: int = 0
    sha256: str = ""


def _utf8_error(name: str, offset: int, exc: UnicodeDecodeError) -> CorpusError:
    bad = exc.object[exc.start : exc.start + 4].hex(" ").upper()
    return CorpusError(
        f"{name}: not valid UTF-8 at byte offset {offset} (bytes {bad}: {exc.reason}). "
        "Is it a binary file or in another encoding? Invalid bytes can be replaced with U+FFFD (errors='replace')."
    )


class CorpusReader:
    """Cuts texts and files into pieces whose pre-tokens can be counted independently."""

    def __init__(self, *, pattern: str, splitter: SpecialSplitter, errors: str = "strict", piece_chars: int = 1 << 21):
        if errors not in ("strict", "replace"):
            raise ValueError(f"errors must be 'strict' or 'replace', not {errors!r}")
        self.boundary = safe_boundary(pattern)
        self.splitter = splitter
        self.errors = errors
        self.piece_chars = piece_chars

    def _cut(self, text: str, final: bool) -> tuple[list[str], str]:
        """Split ``text`` into pieces at safe boundaries; return them and the tail kept for later."""
        pieces = []
        start = 0
        reserve = 0 if final else self.splitter.max_length + 2  # a boundary needs its right context
        while len(text) - start > self.piece_chars + reserve:
            cut = self._boundary_at_or_after(text, start + self.piece_chars, len(text) - reserve)
            if cut is None:
                break
            pieces.append(text[start:cut])
            start = cut
        if final and start < len(text):
            pieces.append(text[start:])
            start = len(text)
        return pieces, text[start:]

    def _boundary_at_or_after(self, text: str, lo: int, hi: int) -> int | None:
        """The first safe cut position in [lo, hi], or None."""
        best = None
        if self.splitter.regex is not None:
            match = self.splitter.regex.search(text, lo, hi + self.splitter.max_length)
            if match is not None and match.start() <= hi:
                best = match.start()
        if self.boundary is not None:
            pos = lo
            while True:
                match = self.boundary.search(text, pos, best if best is not None else hi)
                if match is None:
                    break
                if not self._inside_special(text, match.start()):
                    best = match.start()
                    break
                pos = match.start() + 1
        return best

    def _inside_special(self, text: str, k: int) -> bool:
        return any(t in text[max(0, k - len(t) + 1) : k + len(t) - 1] for t in self.splitter.tokens)

    def pieces_of_text(self, text: str, *, name: str) -> Iterator[str]:
        """Pieces of an in-memory text (lone surrogates are an error, or replaced with errors='replace')."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            if self.errors == "strict":
                raise CorpusError(f"{name}: lone surrogate at character {exc.start}; not valid Unicode text") from None
            text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
        pieces, _ = self._cut(text, final=True)
        yield from pieces

    def pieces_of_files(
        self, paths: Iterable[str | os.PathLike], info: CorpusInfo, progress: Callable[[int, int], None] | None = None
    ) -> Iterator[str]:
        """Pieces of each file in turn; fills ``info`` as it reads and reports ``progress(done, total)`` bytes."""
        paths = [os.fspath(p) for p in paths]
        if not paths:
            raise CorpusError("no corpus file given")
        sizes = []
        for path in paths:
            try:
                sizes.append(os.path.getsize(path))
            except OSError as exc:
                raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from None
            if os.path.isdir(path):
                raise CorpusError(f"{path}: is a folder, not a text file")
        total = sum(sizes)
        digest = hashlib.sha256()
        done = 0
        info.names = [os.path.basename(p) for p in paths]
        info.total_bytes = total
        for path in paths:
            decoder = codecs.getincrementaldecoder("utf-8")(self.errors)
            tail = ""
            offset = 0
            try:
                with open(path, "rb") as f:
                    while True:
                        block = f.read(BLOCK_BYTES)
                        final = not block
                        digest.update(block)
                        pending = len(decoder.getstate()[0])
                        try:
                            text = decoder.decode(block, final=final)
                        except UnicodeDecodeError as exc:
                            raise _utf8_error(path, offset - pending + exc.start, exc) from None
                        offset += len(block)
                        pieces, tail = self._cut(tail + text, final=final)
                        yield from pieces
                        done += len(block)
                        if progress is not None and block:
                            progress(done, total)
                        if final:
                            break
            except OSError as exc:
                raise CorpusError(f"{path}: cannot read: {exc.strerror or exc}") from None
        info.sha256 = digest.hexdigest()
