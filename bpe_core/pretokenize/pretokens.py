r"""Cutting ordinary text into pre-tokens: always whole matches, and no regex can freeze the process.

A :class:`Pretokenizer` takes the *whole* match each time (``findall`` would give a custom regex's groups
instead). The shipped patterns (``gpt2``, ``cl100k``, ``o200k``, ``llama3``, ``qwen2``) are proven to run in linear
time and keep the fast path of :mod:`bpe_core.pretokenize.fast_findall`. Any other regex runs in the ``regex`` module
with ``concurrent=True`` (other threads keep running while it matches) and a time budget that grows with the text
(:func:`time_budget`); past it, :class:`~bpe_core.pretokenize.patterns.PatternTimeoutError` says where matching got
stuck.

>>> Pretokenizer(r"\s?(\w)\w*|\s+").findall("Hello world, data lost")
['Hello', ' world', ' data', ' lost']
>>> try:
...     Pretokenizer("(a|aa)+$").findall("a" * 60 + "!", budget=0.1)
... except PatternTimeoutError as exc:
...     print(exc.offset, exc.seconds)
0 0.1
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

import regex

from bpe_core.pretokenize.fast_findall import FastFindall
from bpe_core.pretokenize.patterns import PatternTimeoutError, get_pattern, shipped_name

#: Seconds a custom regex may take on a text of n characters: ``BASE_SECONDS + n * SECONDS_PER_CHAR``.
#: Measured with regex 2026.5 on one core (finditer over 3 M characters each of English prose, Python sources and
#: Chinese): the shipped patterns take 0.29-0.40 s per million characters; reasonable custom ones
#: (``\w+|\s+|[^\w\s]+``, ``\S+\s*``, ``\s?(\w)\w*|\s+``, a letters/numbers/punctuation split with lookahead)
#: 0.09-0.47 s. 20x the slowest is about 10 s per million characters. The base covers a loaded machine and
#: short texts; a catastrophically backtracking regex exceeds it on a few dozen characters. ``BPE_REGEX_SECONDS``
#: sets another base (longer on a slow machine; the tests of the budget itself wait 1 s, not 5).
BASE_SECONDS = 5.0
SECONDS_PER_CHAR = 10e-6


def time_budget(chars: int) -> float:
    """The time budget of a custom regex on a text of ``chars`` characters.

    >>> time_budget(0), time_budget(2_000_000)
    (5.0, 25.0)
    """
    return float(os.environ.get("BPE_REGEX_SECONDS") or BASE_SECONDS) + chars * SECONDS_PER_CHAR


class Pretokenizer:
    """Cuts text with a shipped pattern (fast path) or a custom regex (time-limited, GIL released).

    ``where`` names the text in an error message (a file name, say), ``offset`` is added to the character
    offset reported, for callers that hand over part of a larger text.
    """

    def __init__(self, pattern: str):
        compiled = get_pattern(pattern)
        if compiled is None:
            raise ValueError("pattern 'none' does not cut text into pre-tokens")
        self.pattern = pattern
        self.regex = compiled
        shipped = shipped_name(pattern)
        #: The fast path of a shipped pattern (also counts pre-tokens faster), else ``None``.
        self.fast = FastFindall(shipped) if shipped else None
        #: Whether every character of any text is in some pre-token (proven for the shipped patterns).
        self.covers_all = shipped is not None

    def findall(self, text: str, *, where: str = "the text", offset: int = 0, budget: float | None = None) -> list[str]:
        """The pre-tokens of ``text``: the whole matches, in order.

        A custom regex without groups first runs as ``findall`` (the fastest); if that times out,
        :meth:`matches` runs again to find where it gets stuck, so the error comes after at most twice the budget.
        """
        if self.fast is not None:
            return self.fast(text)
        if not self.regex.groups:
            try:
                return self.regex.findall(text, concurrent=True, timeout=budget or time_budget(len(text)))
            except TimeoutError:
                pass  # find out where it got stuck: matches() runs again and reports the offset
        return [match.group() for match in self.matches(text, where=where, offset=offset, budget=budget)]

    def matches(
        self, text: str, *, where: str = "the text", offset: int = 0, budget: float | None = None
    ) -> list[regex.Match]:
        """The match objects of the pre-tokens of ``text`` (whole matches: ``match.group()``), in order.

        A list rather than an iterator: the time budget counts from the first match, and must not count the time
        a caller spends between matches.
        """
        if self.fast is not None:
            return list(self.regex.finditer(text))
        budget = budget or time_budget(len(text))
        found: list[regex.Match] = []
        try:
            for match in self.regex.finditer(text, concurrent=True, timeout=budget):
                found.append(match)  # noqa: PERF402  (one by one: on a timeout, the last one says where)
        except TimeoutError:
            stuck = found[-1].end() if found else 0
            raise PatternTimeoutError(self.regex.pattern, budget, offset + stuck, where) from None
        return found


@lru_cache(maxsize=32)
def pretokenizer(pattern: str) -> Pretokenizer | None:
    """The (cached) :class:`Pretokenizer` of a named pattern or custom regex; ``None`` for ``"none"``."""
    return None if get_pattern(pattern) is None else Pretokenizer(pattern)


@dataclass(frozen=True)
class PatternReport:
    """What a pattern makes of a sample: its pre-tokens, and the characters no match covers (they are dropped).

    ``unmatched`` holds the first few stretches left out, as ``(character offset, text)``.
    """

    pretokens: int
    unmatched_chars: int
    unmatched: tuple[tuple[int, str], ...]


def check_pattern_on_sample(pattern: str, sample: str, *, budget_s: float, examples: int = 3) -> PatternReport:
    r"""Try ``pattern`` on ``sample`` within ``budget_s`` seconds, for a live check of a pattern being typed.

    Safe to call from a worker thread: the ``regex`` module releases the GIL while it matches. Raises
    :class:`~bpe_core.pretokenize.patterns.PatternError` for an invalid pattern and
    :class:`~bpe_core.pretokenize.patterns.PatternTimeoutError` when matching takes longer than ``budget_s``.

    >>> check_pattern_on_sample(r"\w+", "to be, or not", budget_s=1.0)
    PatternReport(pretokens=4, unmatched_chars=4, unmatched=((2, ' '), (5, ', '), (9, ' ')))
    >>> check_pattern_on_sample("gpt2", "to be, or not", budget_s=1.0).unmatched_chars
    0
    """
    compiled = get_pattern(pattern)
    if compiled is None:
        return PatternReport(1 if sample else 0, 0, ())
    found = []
    try:
        for match in compiled.finditer(sample, concurrent=True, timeout=budget_s):
            found.append(match.span())
    except TimeoutError:
        raise PatternTimeoutError(compiled.pattern, budget_s, found[-1][1] if found else 0, "the sample") from None
    gaps = []
    end = 0
    for start, stop in found + [(len(sample), len(sample))]:
        if start > end:
            gaps.append((end, sample[end:start]))
        end = max(end, stop)
    return PatternReport(len(found), sum(len(gap) for _, gap in gaps), tuple(gaps[:examples]))
