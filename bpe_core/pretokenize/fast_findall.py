r"""Pre-tokenize faster with the shipped patterns: in compiled code (:mod:`bpe_core.pretokenize.scanner`) where it was
built, about five times as fast as ``regex``; else pure-ASCII stretches go to Python's ``re``, about twice as fast.

:func:`ascii_twin` translates a pattern's Unicode classes into their ASCII members; that is exact on ASCII-only
text. Text is cut only where no pre-token of a shipped pattern can straddle the cut, so the result equals
``pattern.findall(text)`` (tests check it against ``regex`` with hypothesis). Only the shipped patterns
(``gpt2``, ``cl100k``, ``o200k``, ``llama3``, ``qwen2``: ``patterns.SHIPPED``) go this way: ``re`` holds the GIL and
has no time limit, so a custom regex that backtracks catastrophically would freeze every thread (custom ones go
through :mod:`bpe_core.pretokenize.pretokens`).

>>> FastFindall("gpt2")("Hello 世界\nbye")
['Hello', ' 世界', '\n', 'bye']

Counting goes faster still: :meth:`FastFindall.count` pre-tokenizes each distinct *unit* of the text once.

>>> words = Counter()
>>> FastFindall("gpt2").count(["to be or not to be"], words)
>>> sorted(words.items())
[(' be', 2), (' not', 1), (' or', 1), (' to', 1), ('to', 1)]
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import chain

from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import SHIPPED, get_pattern

#: ASCII members of the Unicode classes used by the named patterns (``\p{Lt}``, ``\p{Lm}``, ... have none).
_ASCII_CLASSES = {"L": "A-Za-z", "N": "0-9", "Lu": "A-Z", "Ll": "a-z", "Lt": "", "Lm": "", "Lo": "", "M": ""}
#: What the ``regex`` module's ``\s`` matches among ASCII characters (``re``'s ``\s`` also takes ``\x1c-\x1f``).
_ASCII_SPACE = r"\t\n\x0b\x0c\r "
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
#: Cutting out the ASCII stretches costs about 20 us per non-ASCII run: past about 4 extra UTF-8 bytes per 100
#: characters (Chinese prose has 80) it costs more than ``re`` saves, and the whole text goes to ``regex``
#: (1 MB of Chinese prose: 0.09 s instead of 0.20 s; both give the same pre-tokens).
_MOSTLY_NON_ASCII = 0.04
#: Texts from this long go to the compiled scanner (:mod:`bpe_core.pretokenize.scanner`) even before it has read the
#: character classes (0.1-0.3 s, once per process): ``regex`` takes about as long on this much text.
COMPILED_FROM = 200_000
#: For the shipped patterns a line break after an ASCII letter or digit, and a space after a printable ASCII
#: character, always start a pre-token, and no match before them looks past them, so text can be cut there and
#: each part pre-tokenized on its own (the same argument as ``patterns._SAFE_BOUNDARY``, Llama 3's and Qwen 2's
#: included; tests check it). The space lets one-line text (a paragraph, minified code) be cut as finely as text
#: with line breaks.
_CUT = re.compile(r"(?<=[A-Za-z0-9])\n|(?<=[!-~]) ")
#: Units for counting: a text is cut before every space that comes before a printable ASCII character. For the
#: shipped patterns such a space always starts a pre-token (what precedes it is a whitespace run ending there, or
#: ends in a character no pre-token extends over a space from), and the pre-tokens before it depend only on the
#: space and that character, not on what follows (cl100k's ``\s++$`` tests for the end of the text, which is why
#: a stand-in for the next unit, :data:`_NEXT`, follows a unit; Llama 3's and Qwen 2's white space before a unit
#: ends at its last line break or before its last space, as cl100k's). Tests check it against ``regex`` with
#: hypothesis.
_UNIT_CUT = re.compile(r" (?=[!-~])")
#: What follows the last unit of a joined string: a unit of its own (one pre-token) standing for "a space, then
#: a printable character".
_NEXT = " !"


def ascii_twin(source: str) -> re.Pattern | None:
    r"""A ``re`` pattern that splits ASCII-only text exactly as the ``regex`` pattern ``source`` does, or ``None``
    when ``source`` uses something this translation does not know. ``re`` runs such classes about twice as fast.

    >>> ascii_twin(r" ?\p{L}+|\s+").pattern
    ' ?[A-Za-z]+|[\\t\\n\\x0b\\x0c\\r ]+'
    >>> ascii_twin(r"\w+") is None
    True
    """
    out, i, class_start, class_empty = [], 0, -1, True
    while i < len(source):
        char = source[i]
        if char == "\\":
            piece = source[i : i + 2]
            if source.startswith("\\p{", i):
                end = source.find("}", i)
                chars = _ASCII_CLASSES.get(source[i + 3 : end])
                if chars is None:
                    return None
                piece, i = (chars if class_start >= 0 else f"[{chars}]" if chars else "(?!)"), end + 1
            elif piece == "\\s":
                piece, i = (_ASCII_SPACE if class_start >= 0 else f"[{_ASCII_SPACE}]"), i + 2
            elif piece == "\\S" and class_start < 0:
                piece, i = f"[^{_ASCII_SPACE}]", i + 2
            elif piece[1:].isalnum() and piece[1:] not in "rnt":
                return None
            else:
                i += 2
            class_empty = class_empty and piece == ""
            out.append(piece)
            continue
        if class_start < 0 and char == "[":
            class_start, class_empty = i + (2 if source.startswith("[^", i) else 1), True
        elif class_start >= 0 and char == "]" and i > class_start:
            if class_empty:
                return None
            class_start = -1
        elif class_start >= 0:
            class_empty = False
        out.append(char)
        i += 1
    try:
        return re.compile("".join(out))
    except re.error:
        return None


class FastFindall:
    """``pattern.findall(text)`` for a shipped pattern, faster: ASCII stretches go to its :func:`ascii_twin`.

    Only whole texts, or the stretches between safe cuts, are handed to either engine, so the pre-tokens are
    exactly the same. The shipped patterns have no capturing group: ``findall`` gives whole matches.
    """

    def __init__(self, name: str):
        if name not in SHIPPED:
            raise ValueError(f"the fast path is only for the shipped patterns {SHIPPED}, not {name!r}")
        compiled = get_pattern(name)
        assert compiled is not None, "a shipped pattern is a regex"
        self.name = name
        twin = ascii_twin(compiled.pattern)
        assert twin is not None, "every shipped pattern has an ASCII twin"
        self.unicode = compiled.findall
        self.ascii = twin.findall

    def __call__(self, text: str) -> list[str]:
        if self._compiled(text):
            return scanner.findall(self.name, text)
        if text.isascii():
            return self.ascii(text)
        if len(text.encode("utf-8", "surrogatepass")) > len(text) * (1 + _MOSTLY_NON_ASCII):
            return self.unicode(text)
        pieces: list[str] = []
        start = 0
        for run in _NON_ASCII.finditer(text):
            if run.start() < start:
                continue
            before = _last_cut(text, start, run.start())
            cut = _CUT.search(text, run.end())
            after = cut.start() if cut else len(text)
            pieces += self.ascii(text[start:before])
            pieces += self.unicode(text[before:after])
            start = after
        pieces += self.ascii(text[start:])
        return pieces

    def ids(self, text: str, cache: dict) -> list[int]:
        """The ids of the pre-tokens of ``text``, each ``cache[pre_token]`` (a dict whose ``__missing__`` encodes a
        pre-token), looked up as they are found where the compiled scanner runs.

        >>> FastFindall("gpt2").ids("to be", {"to": [1], " be": [2, 3]})
        [1, 2, 3]
        """
        if self._compiled(text):
            return scanner.encode(self.name, text, cache)
        return list(chain.from_iterable(map(cache.__getitem__, self(text))))

    @staticmethod
    def _compiled(text: str) -> bool:
        return scanner.available() and (scanner.ready() or len(text) >= COMPILED_FROM)

    def count(self, texts: Iterable[str], words: Counter) -> None:
        """Add the pre-tokens of each text (each one whole, as if alone) to ``words``, pre-tokenizing each distinct
        unit (see :data:`_UNIT_CUT`) once: a unit seen n times adds its pre-tokens n times. Words and indentation
        repeat, so in code or prose about half the characters are never matched against the pattern.

        The units of all texts are joined into one string per repeat count, each after a space (the space its cut
        consumed) and the string ended by :data:`_NEXT`: every unit then stands where it stood, between a cut and
        "a space, then a printable character". A text's first unit (at its start) and last (at its end) keep
        their place only in their own text, and are pre-tokenized there.

        Where the compiled scanner runs, it counts instead, each distinct pre-token once (:func:`scanner.count`):
        about eight times as fast, and this Python path stays as the reference (the tests compare the two).
        """
        texts = list(texts)
        if self._compiled_count(texts):
            for text in texts:
                scanner.count(self.name, text, words)
            return
        repeats: Counter = Counter()
        for text in texts:
            units = _UNIT_CUT.split(text)
            if len(units) == 1:
                words.update(self(text))
                continue
            words.update(self._followed(units[0]))
            words.update(self(" " + units[-1]))
            repeats.update(units[1:-1])
        by_count: defaultdict[int, list[str]] = defaultdict(list)
        for unit, count in repeats.items():
            by_count[count].append(unit)
        for count, units in by_count.items():
            found = self._followed(" " + " ".join(units))
            if count == 1:
                words.update(found)
            else:
                for word, times in Counter(found).items():
                    words[word] += times * count

    def _compiled_count(self, texts: list[str]) -> bool:
        return scanner.available() and (scanner.ready() or sum(map(len, texts)) >= COMPILED_FROM)

    def _followed(self, text: str) -> list[str]:
        """The pre-tokens of ``text`` where "a space, then a printable character" follows it."""
        found = self(text + _NEXT)
        if found[-1] != _NEXT:  # pragma: no cover  (it is a pre-token of its own in every shipped pattern)
            raise AssertionError(f"{_NEXT!r} is not a pre-token of its own after {text[-20:]!r}")
        found.pop()
        return found


def _last_cut(text: str, low: int, high: int) -> int:
    """The last cut position (see ``_CUT``) in ``text[low:high]``, else ``low``."""
    while True:
        at = max(text.rfind("\n", low, high), text.rfind(" ", low, high))
        if at <= low:
            return low
        before = text[at - 1]
        if before.isascii() and (before.isalnum() if text[at] == "\n" else "!" <= before <= "~"):
            return at
        high = at
