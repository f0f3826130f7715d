"""Special tokens: split them out of text before anything else happens.

A special token is never merged, never counted as a pre-token and never part of a pair. Where two special
tokens overlap at the same position, the longest wins.

>>> s = SpecialSplitter(["<|endoftext|>"])
>>> list(s.split("a<|endoftext|>b"))
[('a', False), ('<|endoftext|>', True), ('b', False)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import regex

from bpe_core.messages import EngineError, Message


class SpecialTokenError(EngineError, ValueError):
    """Special tokens that cannot be used: one that is not a non-empty string, or one given twice."""


def check_special_tokens(special_tokens: Iterable[str] | None) -> list[str]:
    """Validate special tokens: non-empty strings, no duplicates. Returns them as a list in the given order.

    >>> check_special_tokens(["<|a|>", "<|b|>"])
    ['<|a|>', '<|b|>']
    """
    tokens = list(special_tokens or [])
    for token in tokens:
        if not isinstance(token, str) or token == "":
            raise SpecialTokenError(Message.of("special_tokens.not_text", token=repr(token)))
    if len(set(tokens)) != len(tokens):
        duplicates = sorted(t for t, n in Counter(tokens).items() if n > 1)  # not tokens.count: 7,000 pasted, at once
        raise SpecialTokenError(Message.of("special_tokens.twice", tokens=", ".join(duplicates)))
    return tokens


class SpecialSplitter:
    """Finds special tokens in text, longest first."""

    def __init__(self, special_tokens: Iterable[str] | None):
        self.tokens = check_special_tokens(special_tokens)
        by_length = sorted(self.tokens, key=len, reverse=True)
        self.regex = regex.compile("|".join(regex.escape(t) for t in by_length)) if by_length else None
        self.max_length = max((len(t) for t in self.tokens), default=0)

    def split(self, text: str) -> Iterator[tuple[str, bool]]:
        """Yield ``(piece, is_special)`` in order; pieces of ordinary text are never empty."""
        if self.regex is None:
            if text:
                yield text, False
            return
        start = 0
        for match in self.regex.finditer(text):
            if match.start() > start:
                yield text[start : match.start()], False
            yield match.group(), True
            start = match.end()
        if start < len(text):
            yield text[start:], False
