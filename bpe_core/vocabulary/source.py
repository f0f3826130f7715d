"""What the vocabulary analyses need from a tokenizer: its tokens as ``id -> bytes``, and where known its merges
in rank order, its special tokens, an ``encode(text) -> ids`` and its training record.

:func:`vocabulary_source` reads them from any :class:`~bpe_core.encoding.protocol.ShownTokenizer`: ours, OpenAI's
encodings, every published model's adapter.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"lo", 257: b"low"}
>>> source = vocabulary_source(Tokenizer(vocab, [(b"l", b"o"), (b"lo", b"w")], ["<|endoftext|>"]), name="demo")
>>> source.name, len(source.tokens), source.special_ids, source.encode("low")
('demo', 259, frozenset({258}), [257])
>>> source.merge_ranks()[257]
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bpe_core.encoding.protocol import ShownTokenizer

Encode = Callable[[str], Sequence[int]]


@dataclass(frozen=True)
class VocabularySource:
    """One tokenizer's vocabulary, as the analyses see it.

    ``merges`` (pairs of bytes in rank order) is ``None`` when unknown; ``merge_rule`` is ``"ranks"`` when the
    multi-byte tokens in id order are the merges in rank order (tiktoken), so ``merges`` is not needed for ranks.
    ``ranks``: id -> merge rank where the tokenizer knows it better than its merges say (a PickyBPE tokenizer: a
    string made again after its removal is the later merge's token).
    """

    name: str
    tokens: Mapping[int, bytes]
    special_ids: frozenset[int] = frozenset()
    encode: Encode | None = None
    merges: Sequence[tuple[bytes, bytes]] | None = None
    merge_rule: str = "pairs"
    record: Any = None  # a bpe_core.training.steps.TrainingRecord, for a tokenizer we trained
    pattern: str | None = None
    special_tokens: Mapping[str, int] = field(default_factory=dict)
    ranks: Mapping[int, int] | None = None

    def merge_ranks(self) -> dict[int, int]:
        """Id -> the rank of the merge that makes the token (single bytes and special tokens have none).

        With known merges, a token's rank is that of the first merge making its bytes (the smallest id holding
        those bytes gets it); otherwise the multi-byte ordinary tokens are ranked in id order.
        """
        if self.ranks is not None:
            return dict(self.ranks)
        ordinary = [(i, t) for i, t in sorted(self.tokens.items()) if i not in self.special_ids]
        if self.merges is None or self.merge_rule == "ranks":
            multi = (i for i, t in ordinary if len(t) > 1)
            return {token_id: rank for rank, token_id in enumerate(multi)}
        first_id: dict[bytes, int] = {}
        for token_id, token in ordinary:
            first_id.setdefault(token, token_id)
        ranks: dict[int, int] = {}
        for rank, (left, right) in enumerate(self.merges):
            made = first_id.get(left + right)
            if made is not None:
                ranks.setdefault(made, rank)
        return ranks


def vocabulary_source(tokenizer: ShownTokenizer | VocabularySource, *, name: str | None = None) -> VocabularySource:
    """The :class:`VocabularySource` of any tokenizer BPE Explorer shows (a
    :class:`~bpe_core.encoding.protocol.ShownTokenizer`), named ``name`` or its own name."""
    if isinstance(tokenizer, VocabularySource):
        return tokenizer
    specials = dict(tokenizer.special_tokens)
    splitter = tokenizer.pretokenizer
    return VocabularySource(
        name=name or tokenizer.name,
        tokens=tokenizer.tokens(),
        special_ids=frozenset(specials.values()),
        encode=tokenizer.encode,
        merges=None if tokenizer.merge_rule == "ranks" else tokenizer.merges,
        merge_rule=tokenizer.merge_rule,
        record=tokenizer.record,
        pattern=splitter.pattern if splitter is not None else None,
        special_tokens=specials,
        ranks=tokenizer.merge_ranks_by_id() if hasattr(tokenizer, "merge_ranks_by_id") else None,
    )
