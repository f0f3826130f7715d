"""tiktoken-style rank tables encoded by ``tiktoken`` itself: a ``.tiktoken`` file with a named or custom pattern,
or a Mistral Tekken vocabulary (whose ids are the ranks shifted past the reserved special tokens, as Mistral's own
``mistral_common`` does; its special tokens are not recognised in text, as there).

Tokens are raw bytes, so the tokens' bytes are the text's bytes and spans come from them; the merges are derived
from the ranks (:func:`bpe_core.tokenizer.merges_from_ranks`) on first use.

>>> ranks = {bytes([i]): i for i in range(256)} | {b"ab": 256}
>>> tok = TiktokenTokenizer("t.tiktoken", ranks, r"\\w+|\\s+|[^\\w\\s]+", {"<|end|>": 257})
>>> tok.encode("ab ab<|end|>"), tok.merges[-1]
([256, 32, 256, 257], (b'a', b'b'))
>>> shifted = TiktokenTokenizer("tekken.json", ranks, r"\\w+|[^\\w]", {"<s>": 0, "</s>": 1}, shift=2)
>>> shifted.encode("ab<s>"), shifted.token_bytes(258), shifted.token_bytes(0)
([258, 62, 117, 64], b'ab', b'<s>')
"""

from __future__ import annotations

import functools

import tiktoken

from bpe_core.foreign.base import ForeignTokenizer
from bpe_core.foreign.library_host import LibraryEncoder
from bpe_core.foreign.spans import contiguous_spans
from bpe_core.tokenizer import Tokenizer, merges_from_ranks
from bpe_core.vocab import vocab_from_merges


class TiktokenTokenizer(ForeignTokenizer):
    """``ranks`` (token bytes -> rank), ``pattern`` (a regex source), ``special_tokens`` (text -> id). With
    ``shift`` (Tekken), ids are ranks + ``shift``, the special tokens take ids below ``shift`` and are not
    recognised in text (``shift`` stays an attribute: rank = id - shift)."""

    def __init__(self, name: str, ranks: dict[bytes, int], pattern: str, special_tokens: dict[str, int], shift=0):
        self.kind = "tekken" if shift else "tiktoken"
        in_text = {} if shift else dict(special_tokens)
        self._encoding = tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=in_text)
        size = max([*ranks.values(), *in_text.values()]) + 1 + shift
        super().__init__(name, "BPE", size, special_tokens)
        self._ranks, self._pattern, self.shift = ranks, pattern, shift
        self._specials_by_id = {token_id: token.encode("utf-8") for token, token_id in special_tokens.items()}
        self._recognised = list(in_text)
        self._host = LibraryEncoder(name, __name__, "library_calls", (name, ranks, pattern, in_text))

    def _encode_offsets(self, text: str):
        ids = self._host(text)
        if self.shift:
            ids = [i + self.shift for i in ids]
        return ids, lambda: [], lambda _view: [start for start, _, _ in self._pretokenizer.pretokens(text)]

    def token_ids(self) -> list[int]:
        """The ranks (shifted past Tekken's special tokens) and the special tokens' ids: ranks may have gaps."""
        return sorted({rank + self.shift for rank in self._ranks.values()} | set(self._specials_by_id))

    def _tokens_of(self, ids: list[int]) -> list[bytes]:
        # One call into tiktoken for them all (encode never gives a Tekken special token, all below the shift).
        return self._encoding.decode_tokens_bytes([i - self.shift for i in ids] if self.shift else ids)

    def _spans(self, text: str, ids: list[int], offsets) -> tuple[list[int], list[int]]:
        # tiktoken's tokens are the text's bytes in order: their lengths are enough.
        lengths = self._lengths
        return contiguous_spans([lengths[i] for i in ids])

    @functools.cached_property
    def _lengths(self) -> list[int]:
        """Each id's length in bytes."""
        lengths = [0] * self.vocab_size
        for token, rank in self._ranks.items():
            lengths[rank + self.shift] = len(token)
        for token_id, token in self._specials_by_id.items():
            lengths[token_id] = len(token)
        return lengths

    @functools.cached_property
    def _pretokenizer(self) -> Tokenizer:
        # Pre-tokens depend only on the pattern and the special tokens, so the 256 single bytes suffice.
        return Tokenizer(vocab_from_merges(()), [], self._recognised, pattern=self._pattern)

    def _bytes_of(self, token_id: int) -> bytes:
        if token_id in self._specials_by_id:
            return self._specials_by_id[token_id]
        try:
            return self._encoding.decode_single_token_bytes(token_id - self.shift)
        except (KeyError, OverflowError, ValueError):
            raise KeyError(token_id) from None

    def _derive_merges(self) -> list[tuple[bytes, bytes]]:
        return merges_from_ranks(self._ranks, source=self.name)


def library_calls(name: str, ranks: dict[bytes, int], pattern: str, special_tokens: dict[str, int]) -> dict:
    """In the library host (:mod:`bpe_core.foreign.library_host`): tiktoken's ``encode`` of the rank table, a
    text to its ids (a rank table without every byte panics on a missing one: an error there). Decoding is the
    tokens' bytes joined, done where the tokenizer is."""
    encoding = tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=special_tokens)
    if special_tokens:
        return {"encode": functools.partial(encoding.encode, allowed_special="all")}
    return {"encode": encoding.encode_ordinary}  # the same ids; encode is slow with no special tokens (empty regex)
