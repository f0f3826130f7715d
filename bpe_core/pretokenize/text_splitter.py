r"""A tokenizer's pre-tokenizer on its own: special tokens are split out first, then the pattern cuts the rest.

Every tokenizer that pre-tokenizes with a regex (ours, tiktoken's rank tables) has one; views use it to show where
pre-tokens begin without building a tokenizer.

>>> splitter = TextSplitter("gpt2", ["<|endoftext|>"])
>>> list(splitter.pretokens("Hi there<|endoftext|>!"))
[(0, 'Hi', False), (2, ' there', False), (8, '<|endoftext|>', True), (21, '!', False)]
>>> splitter.starts("Hi there")
[0, 2]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from bpe_core.pretokenize.pretokens import pretokenizer
from bpe_core.pretokenize.specials import SpecialSplitter


def fix_surrogates(text: str) -> str:
    """Replace lone surrogates by U+FFFD and join surrogate pairs, exactly as tiktoken does before encoding.

    >>> fix_surrogates("a\\ud800b") == "a\\ufffdb"
    True
    """
    if text.isascii():  # (a flag the string keeps: no scan; half the pieces of a gigabyte of C sources)
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


class TextSplitter:
    """Pre-tokens of a text under ``pattern`` (a named pattern, a regex, or ``"none"``: the whole text between
    special tokens is one piece), with ``special_tokens`` recognised in the text, the longest first."""

    def __init__(self, pattern: str, special_tokens: Iterable[str] = ()):
        self.pattern = pattern
        self._pre = pretokenizer(pattern)  # None for "none"
        self._specials = SpecialSplitter(special_tokens)

    @property
    def specials(self) -> SpecialSplitter:
        """The special tokens this splitter finds in text (a Tekken file's are not found there)."""
        return self._specials

    def pretokens(self, text: str) -> Iterator[tuple[int, str, bool]]:
        """``(start, piece, is_special)`` for each pre-token and special token of ``text``, in order.

        ``start`` is a character offset in ``fix_surrogates(text)`` (which is ``text`` unless it has surrogates).
        Text that a custom pattern does not match is in no pre-token.
        """
        start = 0
        for piece, is_special in self._specials.split(fix_surrogates(text)):
            if is_special or self._pre is None:
                yield start, piece, is_special
            else:
                for match in self._pre.matches(piece, offset=start):
                    yield start + match.start(), match.group(), False
            start += len(piece)

    def split(self, text: str) -> Iterator[tuple[str, list[str] | None]]:
        """The pieces of ``text`` between special tokens with their pre-tokens (``None`` for a special token), the
        fastest way to cut a whole text (no offsets).

        >>> list(TextSplitter("gpt2", ["<s>"]).split("a b<s>"))
        [('a b', ['a', ' b']), ('<s>', None)]
        """
        for piece, is_special in self._specials.split(fix_surrogates(text)):
            if is_special:
                yield piece, None
            else:
                yield piece, [piece] if self._pre is None else self._pre.findall(piece)

    def scan(self, text: str, pos: int = 0) -> Iterator[tuple[int, str, bool]]:
        """Like :meth:`pretokens` (``text`` free of lone surrogates), lazily from offset ``pos``, which must be where
        a pre-token or special token of ``text`` begins: what :mod:`bpe_core.encoding.incremental` re-splits after an
        edit. The pattern runs on ``text`` between ``pos`` and the next special token (``endpos``), as if on that piece
        alone, for patterns without lookbehind or anchors other than ``$`` (the named ones).

        >>> [piece for _, piece, _ in TextSplitter("gpt2", ["<s>"]).scan("a b<s> c", 1)]
        [' b', '<s>', ' c']
        """
        specials = self._specials.regex.finditer(text, pos) if self._specials.regex is not None else ()
        for match in specials:
            if match.start() > pos:
                yield from self._scan_piece(text, pos, match.start())
            yield match.start(), match.group(), True
            pos = match.end()
        if pos < len(text):
            yield from self._scan_piece(text, pos, len(text))

    def _scan_piece(self, text: str, pos: int, endpos: int) -> Iterator[tuple[int, str, bool]]:
        if self._pre is None:
            yield pos, text[pos:endpos], False
            return
        for match in self._pre.regex.finditer(text, pos, endpos):
            yield match.start(), match.group(), False

    def lengths(self, text: str) -> list[int] | None:
        """The lengths in characters of the pre-tokens and special tokens of ``text``, in order, where they tile it
        (the pattern puts every character in a pre-token: the shipped ones, ``"none"``): read from :meth:`split`, ten
        times faster than :meth:`pretokens` (no offset and no tuple each); else None.

        >>> TextSplitter("gpt2", ["<s>"]).lengths("Hi there<s>!"), TextSplitter("[a-z]+").lengths("a b")
        ([2, 6, 3, 1], None)
        """
        if self._pre is not None and not self._pre.covers_all:
            return None
        found: list[int] = []
        for piece, words in self.split(text):
            if words is None:
                found.append(len(piece))
            else:
                found.extend(map(len, words))
        return found

    def starts(self, text: str) -> list[int]:
        """The character offsets where the pre-tokens (and special tokens) of ``text`` begin."""
        lengths = self.lengths(text)
        if lengths is None:
            return [start for start, _, _ in self.pretokens(text)]
        return list(itertools.accumulate(lengths[:-1], initial=0)) if lengths else []
