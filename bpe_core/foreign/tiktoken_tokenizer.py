"""tiktoken-style rank tables encoded by ``tiktoken`` itself: a ``.tiktoken`` file with a named or custom pattern,
or a Mistral Tekken vocabulary (whose ids are the ranks shifted past the reserved special tokens, as Mistral's own
``mistral_common`` does; its special tokens are not recognised in text, as there).

Tokens are raw bytes, so the tokens' bytes are the text's bytes and spans come from them; the merges are derived
from the ranks (:func:`bpe_core.encoding.rank_merges.merges_from_ranks`) on first use.

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

from bpe_core.encoding import reference
from bpe_core.encoding.protocol import TokenRank
from bpe_core.encoding.rank_merges import merges_from_ranks, reference_merges
from bpe_core.foreign.base import ForeignTokenizer
from bpe_core.foreign.library_host import LibraryEncoder
from bpe_core.foreign.spans import contiguous_spans
from bpe_core.pretokenize.patterns import PATTERNS, pattern_source
from bpe_core.pretokenize.text_splitter import TextSplitter


class TiktokenTokenizer(ForeignTokenizer):
    """``ranks`` (token bytes -> rank), ``pattern`` (a regex source), ``special_tokens`` (text -> id). With
    ``shift`` (Tekken), ids are ranks + ``shift``, the special tokens take ids below ``shift`` and are not
    recognised in text (``shift`` stays an attribute: rank = id - shift). ``hosted`` (the default for files)
    encodes in the library host process, where a hostile file can be stopped; OpenAI's shipped, hash-checked
    encodings (:meth:`reference`) are encoded here."""

    merge_rule = "ranks"

    def __init__(
        self, name: str, ranks: dict[bytes, int], pattern: str, special_tokens: dict[str, int], shift=0, hosted=True
    ):
        self.family = "tekken" if shift else "tiktoken"
        in_text = {} if shift else dict(special_tokens)
        self._encoding = tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=in_text)
        size = max([*ranks.values(), *in_text.values()]) + 1 + shift
        super().__init__(name, "BPE", size, special_tokens)
        self._ranks, self.pattern, self.shift = ranks, pattern, shift
        self._specials_by_id = {token_id: token.encode("utf-8") for token, token_id in special_tokens.items()}
        # ``pattern`` is a regex, as tiktoken reads it, even if it reads like one of our names ("gpt2"): literal.
        self.pretokenizer: TextSplitter = TextSplitter(f"(?:{pattern})" if pattern in PATTERNS else pattern, in_text)
        self._shipped = False  # one of OpenAI's encodings (see reference)
        if hosted:
            self._host = LibraryEncoder(name, __name__, "library_calls", (name, ranks, pattern, in_text))
        else:
            self._host = library_calls(name, ranks, pattern, in_text)["encode"]

    @classmethod
    def reference(cls, name: str) -> TiktokenTokenizer:
        """One of OpenAI's shipped encodings (``gpt2``, ``cl100k_base``...; hash-checked, offline), built once.

        >>> TiktokenTokenizer.reference("gpt2").encode("hello world")
        [31373, 995]
        """
        return _reference(name)

    def _encode_offsets(self, text: str):
        ids = self._hosted(text)
        if self.shift:
            ids = [i + self.shift for i in ids]
        return ids, lambda: self._offsets(text, ids), lambda _starts: self.pretokenizer.starts(text)

    def _offsets(self, text: str, ids: list[int]) -> list[tuple[int, int]]:
        """Each token's character span, pre-token by pre-token: needed only when the pattern left text unmatched
        (tiktoken drops it, so the tokens' bytes are not the text's)."""
        lengths, found, remaining = self._lengths, [], iter(ids)
        for start, piece, _ in self.pretokenizer.pretokens(text):
            char_at = [i for i, ch in enumerate(piece) for _ in range(len(ch.encode("utf-8")))]
            position, size = 0, len(char_at)
            while position < size:
                length = lengths[next(remaining)]
                found.append((start + char_at[position], start + char_at[position + length - 1] + 1))
                position += length
        return found

    def token_ids(self) -> list[int]:
        """The ranks (shifted past Tekken's special tokens) and the special tokens' ids: ranks may have gaps."""
        return sorted({rank + self.shift for rank in self._ranks.values()} | set(self._specials_by_id))

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

    def _bytes_of(self, token_id: int) -> bytes:
        if token_id in self._specials_by_id:
            return self._specials_by_id[token_id]
        try:
            return self._encoding.decode_single_token_bytes(token_id - self.shift)
        except (KeyError, OverflowError, ValueError):
            raise KeyError(token_id) from None

    def _derive_merges(self) -> list[tuple[bytes, bytes]]:
        if self._shipped:
            return reference_merges(self.name)  # derived once, shared with our Tokenizer.from_tiktoken
        return merges_from_ranks(self._ranks, source=self.name)

    def rank(self, token_id: int) -> TokenRank:
        """A special token, a single byte, or the token's rank (its id, less Tekken's shift)."""
        data = self.token_bytes(token_id)
        if token_id in self._special_ids:
            return TokenRank("special")
        return TokenRank("byte") if len(data) == 1 else TokenRank("rank", token_id - self.shift)


def library_calls(name: str, ranks: dict[bytes, int], pattern: str, special_tokens: dict[str, int]) -> dict:
    """In the library host (:mod:`bpe_core.foreign.library_host`): tiktoken's ``encode`` of the rank table, a
    text to its ids (a rank table without every byte panics on a missing one: an error there). Decoding is the
    tokens' bytes joined, done where the tokenizer is."""
    encoding = tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=special_tokens)
    if special_tokens:
        return {"encode": functools.partial(encoding.encode, allowed_special="all")}
    return {"encode": encoding.encode_ordinary}  # the same ids; encode is slow with no special tokens (empty regex)


@functools.cache
def _reference(name: str) -> TiktokenTokenizer:
    ranks = reference.cached_reference_ranks(name)
    specials = reference.reference_special_tokens(name)
    pattern = pattern_source(reference.reference_pattern(name))
    assert pattern is not None, "a shipped encoding has a pattern"
    tokenizer = TiktokenTokenizer(name, ranks, pattern, specials, hosted=False)
    tokenizer._shipped = True
    return tokenizer
