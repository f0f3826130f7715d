"""A foreign BPE model with only its first merges, for the vocabulary slider and the merge trees of a published
model (:meth:`bpe_core.foreign.ForeignTokenizer.view_at`)."""

from __future__ import annotations

from bpe_core.encoding.resegment import resegment
from bpe_core.encoding.token_spans import TokenSpan, TokenView
from bpe_core.encoding.word_merge import base_pieces


class FirstMerges:
    """A foreign BPE tokenizer (:class:`~bpe_core.foreign.ForeignTokenizer` with ``merges``) cut to its first ``k``
    merges, for the vocabulary slider: each pre-token (the bytes of its tokens under the whole model, so the
    model's normalization and pre-tokenization are kept) is split into the tokens no merge makes -- a character
    that is such a token (SentencePiece), else its bytes (byte-level BPE, byte fallback) -- and the merges of rank
    below ``k`` are applied lowest rank first, leftmost first. Ids are the model's. With every merge this is the
    model's own encoding, except for models that take a pre-token that is a token whole (``ignore_merges``).

    >>> from bpe_core.foreign import TiktokenTokenizer
    >>> ranks = {bytes([i]): i for i in range(256)} | {b"ab": 256, b"abc": 257}
    >>> model = FirstMerges(TiktokenTokenizer("t", ranks, r"\\w+|\\s+", {}))
    >>> [[t.token.decode() for t in model.view("abc ab", k).tokens] for k in (0, 1, 2)]
    [['a', 'b', 'c', ' ', 'a', 'b'], ['ab', 'c', ' ', 'ab'], ['abc', ' ', 'ab']]
    """

    def __init__(self, tokenizer):
        if tokenizer.merges is None:
            raise TypeError(f"{tokenizer.name} is a {tokenizer.model} model: it has no merges to cut")
        self.tokenizer = tokenizer
        self.merges = tokenizer.merges
        self._ranks: dict[tuple[bytes, bytes], int] = {}
        for rank, pair in enumerate(self.merges):
            self._ranks.setdefault(pair, rank)
        self._made = made = {left + right for left, right in self.merges}
        self.ids = tokenizer.ids_by_bytes  # each token's bytes -> the model's id for them (specials left out)
        self._whole = {token for token in self.ids if token not in made}

    def id_of(self, token: bytes) -> int:
        """The model's id of ``token`` (-1 for bytes that are no token of the model)."""
        return self.ids.get(token, -1)

    def view(self, text: str, k: int) -> TokenView:
        """The :class:`TokenView` of ``text`` with the first ``k`` merges."""
        return resegment(self.tokenizer.view(text), self._kept_whole, lambda word: self._merge(word, k), self.id_of)

    def _kept_whole(self, token: TokenSpan) -> bool:
        """A special or added token, or a piece no merge makes (a user-defined symbol): not re-encoded."""
        if self.ids.get(token.token) != token.id:
            return True
        return token.token not in self._made and len(base_pieces(token.token, self._whole)) > 1

    def _merge(self, word: bytes, k: int) -> list[bytes]:
        parts = base_pieces(word, self._whole)
        ranks = self._ranks
        while len(parts) > 1:
            best, where = k, -1
            for i in range(len(parts) - 1):
                rank = ranks.get((parts[i], parts[i + 1]), k)
                if rank < best:
                    best, where = rank, i
            if where < 0:
                break
            parts[where : where + 2] = [parts[where] + parts[where + 1]]
        return parts
