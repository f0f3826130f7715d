"""Pre-tokenization patterns: the regular expressions that cut text into pre-tokens.

The named patterns are exactly the ones tiktoken uses, so that training with ``pattern="gpt2"``
sees the same pre-tokens as OpenAI's GPT-2 encoder.

>>> get_pattern("gpt2").findall("Hello world's 42")
['Hello', ' world', "'s", ' 42']
>>> get_pattern("none") is None
True
"""

from __future__ import annotations

import functools

import regex

from bpe_core.messages import EngineError, Message

GPT2 = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
CL100K = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
O200K = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)

# Open models' patterns, verbatim from their own code, for their tiktoken-style rank files:
# Llama 3 (and GLM-4): `pat_str` in meta-llama/llama3, llama/tokenizer.py (THUDM/glm-4-9b tokenization_chatglm.py
# has the same); its digits go in runs of at most three.
LLAMA3 = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
# Qwen (qwen.tiktoken) and Qwen2/2.5/3 (the Split regex of their tokenizer.json): `PAT_STR` in QwenLM/Qwen,
# tokenization_qwen.py; like Llama 3's but one digit per pre-token.
QWEN2 = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
# Mistral Tekken (Nemo, Pixtral, Small 3): the "pattern" of the config in their tekken.json files, read by
# mistralai/mistral-common, tokens/tokenizers/tekken.py; o200k's case-aware words without contractions.
TEKKEN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*""",
        r"""\p{N}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
# DeepSeek V3/R1 has no entry: its tokenizer.json pre-tokenizes with three Split steps in sequence (digit runs,
# CJK runs, then a regex) that no single regex reproduces; load its tokenizer.json instead.

#: Named patterns. ``none`` means no pre-tokenization: the text between special tokens is one sequence.
PATTERNS: dict[str, str | None] = {
    "gpt2": GPT2,
    "cl100k": CL100K,
    "o200k": O200K,
    "llama3": LLAMA3,
    "qwen2": QWEN2,
    "tekken": TEKKEN,
    "none": None,
}
#: The named patterns proven here (linear time, no capturing group, every character in some pre-token, the safe
#: boundaries below) and scanned in compiled code (``bpe_core/_scan.c``): the fast family. Counting, chunked reading,
#: several processes and the compiled encoder of our own tokenizers take them. ``tekken`` is not one: it has no
#: compiled scanner, so it runs in ``regex`` with a time budget like a custom regex, and is read whole.
SHIPPED = ("gpt2", "cl100k", "o200k", "llama3", "qwen2")

#: Where a named pattern's pre-tokens cannot depend on the text on the other side, so text can be cut there:
#: - a line break that follows a non-space character and is followed by a letter or digit (GPT-2's pattern would
#:   join "\r\n" at the end of a chunk, so for it a CRLF is cut between "\r" and "\n");
#: - before a space that follows a non-space character ("word| word", "end.| Next"): in these patterns no
#:   pre-token holds a non-space character and then a space (letter, digit and punctuation runs, contractions and
#:   o200k's "[\r\n/]*" tail all stop there), the character before the cut ends the same way whether a space
#:   or the end of the text follows, and a match starting at the space sees only what follows (no pattern has
#:   a lookbehind). This cuts one-line corpora (minified files, text joined by spaces).
#: Llama 3's and Qwen 2's patterns are cl100k's alternatives in its order with three changes, and both cuts hold
#: for them by the same argument: (1) ``\s*[\r\n]+`` for ``\s*[\r\n]``: both end a run of white space at its
#: last line break (``\s*`` backs off to it, and the run's next character is no line break), and at a cut of the
#: first kind that run is the "\r?\n" before a letter or digit, or, after punctuation, the ``[\r\n]*`` tail of its
#: run, ending at the cut either way; (2) no ``\s++$``: it matters only for white space at a chunk's end, and the
#: only white space a cut leaves there is the "\r?\n" after a non-space character of (1), which ends at the cut
#: whatever follows (the cut of the second kind follows a non-space character); (3) greedy quantifiers for
#: possessive ones and ``\s+`` for the last ``\s``: giving a character back never lets the rest match
#: (``[^\r\n\p{L}\p{N}]?`` gives back a non-letter where a letter must follow; every other run ends its
#: alternative), and the last alternative is reached only by one white-space character before a non-space one.
#: Qwen 2's one digit per pre-token (``\p{N}``) stops at a cut as ``\p{N}{1,3}`` does.
#: Each looks at most 3 characters behind and 2 ahead (``corpus.BOUNDARY_CONTEXT``). Property tests check
#: chunked == unchunked counts (tests/test_corpus.py).
_SAFE_BOUNDARY = {
    "gpt2": r"(?<=\S\n)(?=[\p{L}\p{N}])|(?<=\S\r)(?=\n[\p{L}\p{N}])|(?<=\S)(?= )",
    "cl100k": r"(?<=\S\r?\n)(?=[\p{L}\p{N}])|(?<=\S)(?= )",
    "o200k": r"(?<=\S\r?\n)(?=[\p{L}\p{N}])|(?<=\S)(?= )",
    "llama3": r"(?<=\S\r?\n)(?=[\p{L}\p{N}])|(?<=\S)(?= )",
    "qwen2": r"(?<=\S\r?\n)(?=[\p{L}\p{N}])|(?<=\S)(?= )",
}


class PatternError(EngineError, ValueError):
    """A pre-tokenization pattern that is unknown or is not a valid regular expression."""


class PatternTimeoutError(PatternError):
    """A custom regex that took longer than its time budget; says where in the text matching got stuck.

    ``offset`` is a character offset in ``where`` (the text handed to the call, or a name given for it).

    >>> print(PatternTimeoutError("(a|aa)+$", 5.0, 12, "corpus.txt"))  # doctest: +NORMALIZE_WHITESPACE
    the pre-tokenization regex '(a|aa)+$' took more than 5.0 s at character 12 of corpus.txt: it probably
    backtracks catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap such as
    (a|aa)+); simplify it
    """

    code = "pattern.too_slow"  # a subclass says whose regex it is (bpe_core.variants.forbid)
    setting: str | None = None  # and the setting that holds it, if its message names one

    def __init__(self, source: str, seconds: float, offset: int, where: str = "the text"):
        fields = dict(pattern=repr(source), seconds=f"{seconds:.1f}", offset=offset, where=where)
        named = {} if self.setting is None else {"setting": self.setting}
        super().__init__(Message.of(self.code, **fields, **named))
        self.source, self.seconds, self.offset, self.where = source, seconds, offset, where

    def __reduce__(self):  # so that it crosses from a worker process with its message intact
        return type(self), (self.source, self.seconds, self.offset, self.where), self.__dict__


def pattern_source(pattern: str) -> str | None:
    """The regex source of a named pattern, or ``pattern`` itself if it is a custom regex.

    >>> pattern_source("none") is None
    True
    >>> pattern_source(r"\\w+|\\s+")
    '\\\\w+|\\\\s+'
    """
    return PATTERNS[pattern] if pattern in PATTERNS else pattern


def shipped_name(pattern: str) -> str | None:
    """The name of a shipped pattern given by name or by its exact source; ``None`` for any other.

    >>> shipped_name(CL100K), shipped_name("gpt2"), shipped_name(r"\\w+")
    ('cl100k', 'gpt2', None)
    """
    if pattern in SHIPPED:
        return pattern
    return next((name for name in SHIPPED if PATTERNS[name] == pattern), None)


def get_pattern(pattern: str) -> regex.Pattern | None:
    """Compile a named pattern or a custom regex; ``None`` for ``"none"``.

    Raises :class:`PatternError` saying what is wrong with an invalid custom regex.

    >>> try:
    ...     get_pattern("[a-")
    ... except PatternError as exc:
    ...     print(exc)
    invalid pre-tokenization regex '[a-': unterminated character set at position 3
    """
    source = pattern_source(pattern)
    if source is None:
        return None
    if source == "":
        raise PatternError(Message.of("pattern.empty"))
    try:
        compiled = regex.compile(source)
    except regex.error as exc:
        raise PatternError(Message.of("pattern.invalid", pattern=repr(source), detail=exc)) from None
    if compiled.fullmatch("") is not None:
        raise PatternError(Message.of("pattern.matches_empty", pattern=repr(source)))
    return compiled


def safe_boundary(pattern: str) -> SafeBoundary | None:
    """Where a chunk of text may end without changing the pre-tokens, or ``None`` (only at special tokens).

    >>> safe_boundary("gpt2").search("end.\\nNext").start()
    5
    >>> safe_boundary("o200k").search("one-line text").start()
    8
    >>> safe_boundary("none") is None
    True
    """
    source = _SAFE_BOUNDARY.get(pattern)
    return None if source is None else SafeBoundary(source)


class SafeBoundary:
    """A pattern's safe boundaries, searched quickly. Each one is at a space or just after a line break, so a
    search starts at the first of those: a stretch without any is skipped at ``str.find``'s speed instead of being
    tried character by character by the regex (a 30 MB line of one letter: 10 s, now milliseconds).

    >>> SafeBoundary(_SAFE_BOUNDARY["gpt2"]).search("x" * 1000 + " y").start()
    1000
    """

    #: A boundary ``k`` has a space at ``k``, or a line feed at ``k - 1`` (or at ``k``, after GPT-2's "\\r").
    MARKS = (" ", "\n")

    def __init__(self, source: str):
        self.regex = regex.compile(source)
        self._source = source

    @functools.cached_property
    def _backward(self) -> regex.Pattern:
        """The pattern searched backwards (:meth:`last`), compiled when first asked: cutting a text for threads
        never asks, and waited 0.9 ms for it before a thread could start."""
        return regex.compile(self._source, regex.REVERSE)

    def last(self, text: str, endpos: int) -> int:
        """The last boundary of ``text`` at or before ``endpos`` whose look-ahead reads only ``text[:endpos]`` (a
        boundary there is one in any text that goes on from it), or 0 if none; searched from ``endpos`` back.

        >>> SafeBoundary(_SAFE_BOUNDARY["gpt2"]).last("one two three", 9)
        7
        """
        found = self._backward.search(text, 0, endpos)
        return found.start() if found else 0

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> regex.Match | None:
        """What ``regex.search(text, pos, endpos)`` finds."""
        end = len(text) if endpos is None else endpos
        marks = [i for i in (text.find(mark, max(pos - 1, 0), end) for mark in self.MARKS) if i >= 0]
        return self.regex.search(text, max(pos, min(marks)), end) if marks else None
