"""Records for showing how a text was tokenized: each token with its id, bytes and the characters it covers, and
the merges that built each pre-token's tokens (for an animation).

A token may hold only part of a UTF-8 character; its span then covers the whole character, and ``partial`` says
which bytes of which character it holds. :meth:`TokenView.groups` gathers the tokens that together make whole
characters.

>>> from bpe_core.tokenizer import Tokenizer
>>> view = view_tokens(Tokenizer.from_tiktoken("gpt2"), "a鬱")
>>> [(t.id, t.token, t.start, t.end) for t in view.tokens]
[(64, b'a', 0, 1), (165, b'\\xe9', 1, 2), (105, b'\\xac', 1, 2), (109, b'\\xb1', 1, 2)]
>>> str(view.tokens[1].partial[0])
"bytes 0-0 of 3 of '鬱'"
>>> [len(group) for group in view.groups()]
[1, 3]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate

from bpe_core.tokenizer import Tokenizer, UnknownTokenError, fix_surrogates
from bpe_core.views import TokenSpan, TokenView, view_from_spans


def view_tokens(tokenizer, text: str) -> TokenView:
    """The :class:`TokenView` of ``text`` under ``tokenizer`` (a :class:`Tokenizer`, a ``tiktoken.Encoding`` or a
    :class:`~bpe_core.foreign.ForeignTokenizer`, whose own :meth:`view` gives spans in the text it normalized;
    special tokens are always recognised)."""
    from bpe_core.foreign import ForeignTokenizer  # imported here: the adapters build their views with this module

    if isinstance(tokenizer, ForeignTokenizer):
        return tokenizer.view(text)[0]
    text = fix_surrogates(text)
    ids, token_bytes, special_ids = _encode(tokenizer, text)
    tokens = [token_bytes(i) for i in ids]
    ends = list(accumulate(map(len, tokens)))
    return view_from_spans(text, ids, tokens, [0, *ends[:-1]], ends, special_ids)


def _encode(tokenizer, text: str):
    if isinstance(tokenizer, Tokenizer):
        return tokenizer.encode(text), tokenizer.token_bytes, set(tokenizer.special_tokens.values())
    ids = tokenizer.encode(text, allowed_special="all")  # a tiktoken.Encoding
    specials = {tokenizer.encode_single_token(t) for t in tokenizer.special_tokens_set}
    return ids, tokenizer.decode_single_token_bytes, specials


# ----- a foreign BPE model with only its first merges -----


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
        from bpe_core.foreign import ForeignTokenizer

        if not isinstance(tokenizer, ForeignTokenizer) or tokenizer.merges is None:
            raise TypeError("FirstMerges needs a foreign BPE tokenizer (a ForeignTokenizer with merges)")
        self.tokenizer = tokenizer
        self.merges = tokenizer.merges
        self._ranks: dict[tuple[bytes, bytes], int] = {}
        for rank, pair in enumerate(self.merges):
            self._ranks.setdefault(pair, rank)
        self._made = made = {left + right for left, right in self.merges}
        self.ids: dict[bytes, int] = {}  # each token's bytes -> the model's id for them (specials left out)
        specials = set(tokenizer.special_tokens.values())
        for token_id in range(tokenizer.vocab_size):
            if token_id in specials:
                continue
            try:
                token = tokenizer.token_bytes(token_id)
            except UnknownTokenError:
                continue  # a hole in the ids (an added token's place)
            if token not in self.ids or self._in_byte_table(self.ids[token]):
                self.ids[token] = token_id  # a piece is preferred to its byte-fallback twin (``▁`` to <0x20>)
        self._whole = {token for token in self.ids if token not in made}

    def _in_byte_table(self, token_id: int) -> bool:
        """Whether ``token_id`` is in a table of the 256 bytes in order (byte-fallback pieces ``<0x00>``...)."""
        token = self.tokenizer.token_bytes(token_id)
        if len(token) != 1:
            return False
        first, last = token_id - token[0], token_id - token[0] + 255
        try:
            return self.tokenizer.token_bytes(first) == b"\x00" and self.tokenizer.token_bytes(last) == b"\xff"
        except UnknownTokenError:
            return False

    def id_of(self, token: bytes) -> int:
        """The model's id of ``token`` (-1 for bytes that are no token of the model)."""
        return self.ids.get(token, -1)

    def view(self, text: str, k: int) -> TokenView:
        """The :class:`TokenView` of ``text`` with the first ``k`` merges."""
        full, chunk_starts = self.tokenizer.view(text)
        data = full.text.encode("utf-8")
        ids: list[int] = []
        tokens: list[bytes] = []
        starts: list[int] = []
        ends: list[int] = []
        for run in _runs(full, chunk_starts, self._kept_whole):
            if len(run) == 1 and self._kept_whole(run[0]):
                ids.append(run[0].id)
                tokens.append(run[0].token)
                starts.append(run[0].byte_start)
                ends.append(run[0].byte_end)
                continue
            sources = _byte_sources(data, run)
            position = 0
            for part in self._merge(b"".join(t.token for t in run), k):
                covered = sources[position : position + len(part)]
                position += len(part)
                ids.append(self.id_of(part))
                tokens.append(part)
                starts.append(min(a for a, _ in covered))
                ends.append(max(b for _, b in covered))
        return view_from_spans(full.text, ids, tokens, starts, ends, set(self.tokenizer.special_tokens.values()))

    def _kept_whole(self, token: TokenSpan) -> bool:
        """A special or added token, or a piece no merge makes (a user-defined symbol): not re-encoded."""
        if self.ids.get(token.token) != token.id:
            return True
        return token.token not in self._made and len(self._leaves(token.token)) > 1

    def _merge(self, word: bytes, k: int) -> list[bytes]:
        parts = self._leaves(word)
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

    def _leaves(self, word: bytes) -> list[bytes]:
        parts: list[bytes] = []
        for char in word.decode("utf-8", errors="surrogateescape"):
            data = char.encode("utf-8", errors="surrogateescape")
            if len(data) > 1 and data not in self._whole:
                parts.extend(bytes([b]) for b in data)
            else:
                parts.append(data)
        return parts


def _runs(view: TokenView, chunk_starts, kept_whole) -> list[list[TokenSpan]]:
    """The tokens of each pre-token chunk; a token ``kept_whole`` is a run of its own."""
    starts = set(chunk_starts)
    runs: list[list[TokenSpan]] = []
    alone = False
    for token in view.tokens:
        own = kept_whole(token)
        if not runs or own or alone or (token.start in starts and token.start >= runs[-1][-1].end):
            runs.append([token])
        else:
            runs[-1].append(token)
        alone = own
    return runs


def _byte_sources(data: bytes, run: list[TokenSpan]) -> list[tuple[int, int]]:
    """For each byte of the run's tokens, the bytes of the text (``data``, UTF-8) it comes from: itself where the
    token is the text's bytes, else the token's whole span (the text was normalized)."""
    sources = []
    for token in run:
        if data[token.byte_start : token.byte_end] == token.token:
            sources.extend((token.byte_start + j, token.byte_start + j + 1) for j in range(len(token.token)))
        else:
            sources.extend([(token.byte_start, token.byte_end)] * len(token.token))
    return sources


# ----- the trace of an encoding -----


@dataclass(frozen=True, slots=True)
class MergeEvent:
    """One merge inside a pre-token: ``left + right`` (merge ``rank``) at byte offsets ``start:middle:end`` of the
    pre-token's bytes. ``position`` is the left part's index in the list of parts just before the merge."""

    rank: int
    position: int
    start: int
    middle: int
    end: int
    left: bytes
    right: bytes

    @property
    def token(self) -> bytes:
        return self.left + self.right


@dataclass(frozen=True)
class PretokenTrace:
    """How one pre-token (or special token) of the text was encoded: from single bytes, merge after merge.

    ``start`` is its character offset in the text; ``ids`` its final token ids.
    """

    start: int
    text: str
    special: bool
    merges: tuple[MergeEvent, ...]
    ids: tuple[int, ...]

    def states(self) -> Iterator[tuple[bytes, ...]]:
        """The parts before any merge, then after each merge: the frames of an animation.

        >>> trace = trace_encoding(Tokenizer.from_tiktoken("gpt2"), "hello")[0]
        >>> [b"|".join(parts) for parts in trace.states()]
        [b'h|e|l|l|o', b'he|l|l|o', b'he|ll|o', b'hell|o', b'hello']
        """
        word = self.text.encode("utf-8")
        if self.special:
            yield (word,)
            return
        bounds = list(range(len(word) + 1))
        yield tuple(word[a:b] for a, b in zip(bounds, bounds[1:]))
        for event in self.merges:
            bounds.remove(event.middle)
            yield tuple(word[a:b] for a, b in zip(bounds, bounds[1:]))


def trace_encoding(tokenizer: Tokenizer, text: str) -> list[PretokenTrace]:
    """Per pre-token, the merges ``tokenizer`` applies to encode ``text``, in order with their positions.

    Under tiktoken's rule a pre-token that is itself a token is taken whole; its trace still shows the merges BPE
    makes to reach it.
    """
    traces = []
    for start, piece, special in tokenizer.pretokens(text):
        if special:
            traces.append(PretokenTrace(start, piece, True, (), (tokenizer.special_tokens[piece],)))
            continue
        word = piece.encode("utf-8")
        raw: list[tuple[int, int, int, int]] = []
        tokenizer.merge_parts(word, raw)
        bounds = list(range(len(word) + 1))
        events = []
        for rank, left, middle, end in raw:
            position = bisect.bisect_left(bounds, left)
            bounds.pop(position + 1)
            events.append(MergeEvent(rank, position, left, middle, end, word[left:middle], word[middle:end]))
        traces.append(PretokenTrace(start, piece, False, tuple(events), tokenizer.encode_piece(piece)))
    return traces
