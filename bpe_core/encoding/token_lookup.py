"""What a tokenizer's ids and tokens are: decoding ids to bytes and text, a token's id, the merge that makes it, and
where it stands (special, byte, rank, merge). A part of :class:`~bpe_core.encoding.tokenizer.Tokenizer`, whose
tables it reads (``_vocab``, ``vocab``, ``_bytes_to_id``, ``special_tokens``, ``merges``, ``merge_rule``,
``_priority``, ``_limit``).

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> gpt2.decode([31373, 995]), gpt2.token_id(b" world"), gpt2.rank(995)
('hello world', 995, TokenRank(kind='rank', value=995))
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bpe_core.encoding.protocol import TokenRank


class UnknownTokenError(ValueError):
    """An id that is not in the tokenizer's vocabulary."""


#: Ids decoded and joined at a time (:meth:`TokenLookup.decode_bytes`).
_JOINED = 65_536


class TokenLookup:
    """Decoding and looking up tokens (mixed into :class:`~bpe_core.encoding.tokenizer.Tokenizer`)."""

    _vocab: dict[int, bytes]
    _bytes_to_id: dict[bytes, int]
    _priority: dict
    _limit: int
    merge_rule: str
    special_tokens: dict[str, int]

    if TYPE_CHECKING:  # the tokenizer's properties

        @property
        def vocab(self) -> dict[int, bytes]: ...

        @property
        def merges(self) -> list[tuple[bytes, bytes]]: ...

    # ----- decoding -----

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The bytes of the tokens ``ids``, concatenated. An unknown id raises :class:`UnknownTokenError`.

        Joined a block at a time: ``bytes.join`` takes 80 bytes a part for its bookkeeping, so 15 million ids
        joined at once took 1.2 GB more than their bytes (an array of them is not copied to a list either).
        """
        if not isinstance(ids, (list, tuple, array, range)):  # sliced and read twice below: a list
            ids = list(ids)
        token = self._vocab.__getitem__
        try:
            return b"".join([b"".join(map(token, ids[k : k + _JOINED])) for k in range(0, len(ids), _JOINED)])
        except (KeyError, TypeError):
            bad = next(i for i in ids if not isinstance(i, int) or i not in self._vocab)
            raise UnknownTokenError(
                f"token id {bad!r} is not in the vocabulary (ids run from 0 to {max(self._vocab)})"
            ) from None

    def decode(self, ids: Iterable[int]) -> str:
        """The text of ``ids``; bytes that are not valid UTF-8 become U+FFFD."""
        return self.decode_bytes(ids).decode("utf-8", errors="replace")

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes of one token."""
        data = self._vocab.get(token_id) if type(token_id) is int else None
        return self.decode_bytes([token_id]) if data is None else data

    def token_ids(self) -> list[int]:
        """Every id this tokenizer can produce, ascending."""
        return sorted(self.vocab)

    def tokens(self) -> dict[int, bytes]:
        """Every id this tokenizer can produce -> its bytes, ids ascending."""
        vocab = self.vocab
        return {token_id: vocab[token_id] for token_id in sorted(vocab)}

    def token_id(self, token: bytes) -> int | None:
        """The id of the ordinary token whose bytes are ``token`` (the smallest such id), or None."""
        return self._bytes_to_id.get(token)

    def merge_rank(self, token: bytes) -> int | None:
        """The rank of the merge that makes ``token`` (0-based), or None for a token no merge makes.

        >>> from bpe_core.encoding.tokenizer import Tokenizer
        >>> Tokenizer.from_tiktoken("gpt2").merge_rank(b" world")
        739
        """
        if self.merge_rule == "ranks":  # the multi-byte tokens in id order are what the merges make, in rank order
            rank = self._priority.get(token)
            return rank if rank is not None and rank < self._limit else None
        return self._merge_ranks.get(token)

    @functools.cached_property
    def _merge_ranks(self) -> dict[bytes, int]:
        ranks: dict[bytes, int] = {}
        for rank, (left, right) in enumerate(self.merges):
            ranks.setdefault(left + right, rank)
        return ranks

    def rank(self, token_id: int) -> TokenRank:
        """Where ``token_id`` stands: a special token, a single byte, a rank (tiktoken's rule: the id) or the rank
        of the merge that makes it."""
        data = self.token_bytes(token_id)
        if token_id in self.special_tokens.values():
            return TokenRank("special")
        if len(data) == 1:
            return TokenRank("byte")
        if self.merge_rule == "ranks":
            return TokenRank("rank", token_id)
        merge = self.merge_rank(data)
        return TokenRank("unmade") if merge is None else TokenRank("merge", merge)
