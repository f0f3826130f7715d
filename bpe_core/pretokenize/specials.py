"""Special tokens: split them out of text before anything else happens.

A special token is never merged, never counted as a pre-token and never part of a pair. Where two special
tokens overlap at the same position, the longest wins.

>>> s = SpecialSplitter(["<|endoftext|>"])
>>> list(s.split("a<|endoftext|>b"))
[('a', False), ('<|endoftext|>', True), ('b', False)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

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


def place_special_tokens(vocab: dict[int, bytes], special_tokens) -> dict[str, int]:
    """The id of each special token, written into ``vocab``: the id a mapping gives it, else the largest id of
    the same bytes already in ``vocab``, else the next free id.

    >>> vocab = {0: b"a", 1: b"<s>"}
    >>> place_special_tokens(vocab, ["<s>", "</s>"]), vocab[2]
    ({'<s>': 1, '</s>': 2}, b'</s>')
    """
    wanted: dict[str, int | None]
    if isinstance(special_tokens, Mapping):
        wanted = dict(special_tokens)
    else:
        wanted = dict.fromkeys(SpecialSplitter(special_tokens).tokens)
    by_bytes: dict[bytes, list[int]] = {}
    if any(token_id is None for token_id in wanted.values()):  # only then: 200,000 tokens take 0.2 s
        for vocab_id, vocab_token in vocab.items():
            by_bytes.setdefault(vocab_token, []).append(vocab_id)
    placed: dict[str, int] = {}
    next_id = max(vocab, default=-1) + 1
    for token, token_id in wanted.items():
        encoded = token.encode("utf-8")
        if token_id is None:
            ids = by_bytes.get(encoded)
            token_id = max(ids) if ids else None
        if token_id is None:
            token_id, next_id = next_id, next_id + 1
        elif vocab.get(token_id, encoded) != encoded:
            raise ValueError(f"special token {token!r} has id {token_id}, which is {vocab[token_id]!r}")
        vocab[token_id] = encoded
        next_id = max(next_id, token_id + 1)
        placed[token] = token_id
    return placed
