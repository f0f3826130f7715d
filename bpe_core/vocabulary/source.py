"""What the vocabulary analyses need from a tokenizer: its tokens as ``id -> bytes``, and where known its merges
in rank order, its special tokens, an ``encode(text) -> ids`` and its training record.

:func:`vocabulary_source` wraps our :class:`~bpe_core.tokenizer.Tokenizer`, a ``tiktoken.Encoding``, or any
object with ``vocab`` (id -> bytes) and ``encode`` (the foreign-tokenizer adapters offer both).

>>> from bpe_core.tokenizer import Tokenizer
>>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"lo", 257: b"low"}
>>> source = vocabulary_source(Tokenizer(vocab, [(b"l", b"o"), (b"lo", b"w")], ["<|endoftext|>"]), name="demo")
>>> source.name, len(source.tokens), source.special_ids, source.encode("low")
('demo', 259, frozenset({258}), [257])
>>> source.merge_ranks()[257]
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Encode = Callable[[str], Sequence[int]]


@dataclass(frozen=True)
class VocabularySource:
    """One tokenizer's vocabulary, as the analyses see it.

    ``merges`` (pairs of bytes in rank order) is ``None`` when unknown; ``merge_rule`` is ``"ranks"`` when the
    multi-byte tokens in id order are the merges in rank order (tiktoken), so ``merges`` is not needed for ranks.
    """

    name: str
    tokens: Mapping[int, bytes]
    special_ids: frozenset[int] = frozenset()
    encode: Encode | None = None
    merges: Sequence[tuple[bytes, bytes]] | None = None
    merge_rule: str = "pairs"
    record: Any = None  # a bpe_core.steps.TrainingRecord, for a tokenizer we trained
    pattern: str | None = None
    special_tokens: Mapping[str, int] = field(default_factory=dict)

    def merge_ranks(self) -> dict[int, int]:
        """Id -> the rank of the merge that makes the token (single bytes and special tokens have none).

        With known merges, a token's rank is that of the first merge making its bytes (the smallest id holding
        those bytes gets it); otherwise the multi-byte ordinary tokens are ranked in id order.
        """
        ordinary = [(i, t) for i, t in sorted(self.tokens.items()) if i not in self.special_ids]
        if self.merges is None or self.merge_rule == "ranks":
            multi = (i for i, t in ordinary if len(t) > 1)
            return {token_id: rank for rank, token_id in enumerate(multi)}
        first_id: dict[bytes, int] = {}
        for token_id, token in ordinary:
            first_id.setdefault(token, token_id)
        ranks: dict[int, int] = {}
        for rank, (left, right) in enumerate(self.merges):
            token_id = first_id.get(left + right)
            if token_id is not None:
                ranks.setdefault(token_id, rank)
        return ranks


def vocabulary_source(tokenizer: Any, *, name: str | None = None) -> VocabularySource:
    """A :class:`VocabularySource` for our ``Tokenizer``, a ``tiktoken.Encoding``, or any object with ``vocab``
    (id -> bytes) or ``token_bytes(id)`` and ``vocab_size`` (the foreign adapters, whose ``token_ids()`` lists the
    ids that exist when they have gaps), and ``encode`` (optionally ``merges``, ``special_tokens`` (str -> id),
    ``record``)."""
    if isinstance(tokenizer, VocabularySource):
        return tokenizer
    if hasattr(tokenizer, "decode_single_token_bytes") and hasattr(tokenizer, "n_vocab"):
        return _from_tiktoken(tokenizer, name)
    specials = dict(getattr(tokenizer, "special_tokens", None) or {})
    vocab = getattr(tokenizer, "vocab", None)
    if not isinstance(vocab, Mapping) and hasattr(tokenizer, "token_bytes") and hasattr(tokenizer, "vocab_size"):
        ids = tokenizer.token_ids() if hasattr(tokenizer, "token_ids") else range(tokenizer.vocab_size)
        vocab = _by_token_bytes(tokenizer.token_bytes, ids, specials.values())
    if not isinstance(vocab, Mapping):
        raise TypeError(
            f"{type(tokenizer).__name__} has no vocabulary (a 'vocab' mapping of id -> bytes, or token_bytes(id) "
            "and vocab_size)"
        )
    merge_rule = getattr(tokenizer, "merge_rule", "pairs")
    merges = None if merge_rule == "ranks" else getattr(tokenizer, "merges", None)
    return VocabularySource(
        name=name or getattr(tokenizer, "name", None) or type(tokenizer).__name__,
        tokens=vocab,
        special_ids=frozenset(specials.values()),
        encode=getattr(tokenizer, "encode", None),
        merges=merges,
        merge_rule=merge_rule,
        record=getattr(tokenizer, "record", None),
        pattern=getattr(tokenizer, "pattern", None),
        special_tokens=specials,
    )


def _by_token_bytes(token_bytes: Callable[[int], bytes], ids: Iterable[int], more: Iterable[int]) -> dict[int, bytes]:
    """Id -> bytes of a tokenizer that only answers ``token_bytes(id)`` (the foreign adapters); ids it does not
    know (a ``KeyError`` or ``ValueError``) are left out.

    >>> _by_token_bytes({0: b"a", 2: b"c"}.__getitem__, range(3), [2])
    {0: b'a', 2: b'c'}
    """
    tokens: dict[int, bytes] = {}
    for token_id in sorted(set(ids) | set(more)):
        try:
            tokens[token_id] = token_bytes(token_id)
        except (KeyError, ValueError):
            continue
    return tokens


def _from_tiktoken(encoding, name: str | None) -> VocabularySource:
    specials = {token: encoding.encode_single_token(token) for token in encoding.special_tokens_set}
    tokens: dict[int, bytes] = {}
    decode = encoding.decode_single_token_bytes
    for token_id in range(encoding.n_vocab):
        try:
            tokens[token_id] = decode(token_id)
        except KeyError:  # ids between the ranks and the special tokens are unused
            continue

    def encode(text: str) -> list[int]:
        return encoding.encode(text, allowed_special="all")

    return VocabularySource(
        name=name or encoding.name,
        tokens=tokens,
        special_ids=frozenset(specials.values()),
        encode=encode,
        merge_rule="ranks",
        special_tokens=specials,
    )
