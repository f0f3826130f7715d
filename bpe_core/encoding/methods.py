"""Other ways to encode with the same vocabulary, pre-token by pre-token of the tokenizer's own pre-tokenizer:

- ``bpe``: the tokenizer's own encoding.
- ``greedy``: the longest token that starts the remaining bytes, again and again (left-to-right longest match, as
  WordPiece encodes; Uzan et al. 2024, "Greed is all you need").
- ``fewest``: a cut into the fewest tokens (a shortest path, as PathPiece, Schmidt et al. 2024); among cuts with as
  few tokens, the one whose first token is longest, then the same rule on the rest.
- ``dropout``: BPE-dropout (Provilkov et al. 2020): at each merge step every applicable merge is skipped with
  probability ``p``, and the best remaining one is made; ``p = 0`` is ``bpe`` exactly, ``p = 1`` leaves the
  vocabulary's base pieces (bytes, or the characters a SentencePiece model has whole). ``seed`` repeats a draw.

Special tokens stay as they are under every method, and every cut joins back to the same bytes, so each method
decodes to the text the tokenizer's own encoding decodes to. A byte no token covers is an :class:`UncoverableError`.

>>> from bpe_core.foreign import TiktokenTokenizer
>>> gpt2 = Methods(TiktokenTokenizer.reference("gpt2"))
>>> for method in ("bpe", "greedy", "fewest"):
...     print(method, gpt2.tokens(" antidisestablishment", method))
bpe [b' ant', b'idis', b'establishment']
greedy [b' antid', b'ises', b'tab', b'lish', b'ment']
fewest [b' antid', b'is', b'establishment']
>>> gpt2.tokens(" token", "dropout", p=1.0)
[b' ', b't', b'o', b'k', b'e', b'n']
"""

from __future__ import annotations

import functools
import random
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import chain

from bpe_core.cancelled import Cancelled
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.resegment import resegment
from bpe_core.encoding.token_spans import TokenSpan, TokenView
from bpe_core.encoding.word_merge import base_pieces

try:  # the cuts compiled (bpe_core/_cuts.c); without a C compiler at install, Python cuts them
    from bpe_core._cuts import Cutter, Dropout
except ImportError:  # pragma: no cover - the extension is optional
    Cutter = Dropout = None

METHODS = ("bpe", "greedy", "fewest", "dropout")
#: Distinct pre-tokens whose cut is remembered (per method): natural text repeats its words.
_CACHE_LIMIT = 1 << 18


@dataclass(frozen=True)
class TracedWords:
    """Many words' BPE added up (:meth:`Methods.bpe_trace_words`): ``parts``, the distinct final tokens in the order
    first seen, and ``finals``, how often each is final; ``index``, each word's tokens in turn as places in
    ``parts``; ``lengths``, how many tokens each word has; ``merges``, each distinct merge ``(left, right, count)`` in
    the order first made."""

    parts: list[bytes]
    finals: list[int]
    index: list[int]
    lengths: list[int]
    merges: list[tuple[bytes, bytes, int]]


class UncoverableError(ValueError):
    """A byte of the text that no token of the vocabulary starts with."""


class Methods:
    """The encoding methods of one tokenizer (a :class:`~bpe_core.encoding.protocol.ShownTokenizer`); build one per
    tokenizer and keep it (the vocabulary's lookups are built on first use)."""

    def __init__(self, tokenizer: ShownTokenizer):
        self.tokenizer = tokenizer
        self._caches: dict[str, dict[bytes, list[bytes]]] = {"greedy": {}, "fewest": {}}
        self._id_caches: dict[str, _IdCache] = {}

    # ----- what the methods look up -----

    @functools.cached_property
    def ids(self) -> dict[bytes, int]:
        """Each ordinary token's bytes -> the id the tokenizer gives them."""
        specials = set(self.tokenizer.special_tokens.values())
        found: dict[bytes, int] = {}
        for token_id in self.tokenizer.token_ids():
            if token_id not in specials:
                token = self.tokenizer.token_bytes(token_id)
                if token not in found and (given := self.tokenizer.token_id(token)) is not None:
                    found[token] = given
        return found

    @functools.cached_property
    def _lengths_at(self) -> dict[bytes, tuple[int, ...]]:
        """The lengths of the tokens that start with each 3 bytes, longest first, then 2 and 1 (a token shorter
        than 3 bytes), so that a cut tries only lengths a token has there."""
        lengths: dict[bytes, set[int]] = {}
        for token in self.ids:
            if len(token) >= 3:
                lengths.setdefault(token[:3], set()).add(len(token))
        return {prefix: (*sorted(found, reverse=True), 2, 1) for prefix, found in lengths.items()}

    @functools.cached_property
    def _compiled(self) -> Cutter | None:
        """The compiled cuts of this vocabulary (built in about 0.1 s for o200k's 200,000 tokens), or None."""
        return Cutter(self.ids) if Cutter is not None else None

    def _lengths(self, word: bytes, i: int) -> tuple[int, ...]:
        """The token lengths worth trying at ``word[i:]``, longest first."""
        left = len(word) - i
        lengths = self._lengths_at.get(word[i : i + 3], (2, 1))
        return lengths if lengths[0] <= left else tuple(n for n in lengths if n <= left)

    @functools.cached_property
    def _pair_ranks(self) -> dict[tuple[bytes, bytes], int]:
        """The priority of merging two pieces: the rank of the pair (``pairs``), or of the token they make
        (tiktoken's ``ranks``: any two pieces that make a token)."""
        merges = self.tokenizer.merges
        if merges is None:
            raise TypeError(f"{self.tokenizer.name} is a {self.tokenizer.model} model: it has no merges to drop")
        ranks: dict[tuple[bytes, bytes], int] = {}
        for rank, pair in enumerate(merges):
            ranks.setdefault(pair, rank)
        return ranks

    @functools.cached_property
    def _token_ranks(self) -> dict[bytes, int]:
        ranks: dict[bytes, int] = {}
        for rank, (left, right) in enumerate(self.tokenizer.merges or ()):
            ranks.setdefault(left + right, rank)
        return ranks

    @functools.cached_property
    def _whole(self) -> frozenset[bytes]:
        """Tokens no merge makes: the base pieces a word starts from (a multi-byte character among them is one
        piece, as in SentencePiece; else a character is its bytes)."""
        return frozenset(token for token in self.ids if token not in self._token_ranks)

    # ----- the methods on one pre-token -----

    def cut(self, word: bytes, method: str, *, p: float = 0.0, rng: random.Random | None = None) -> list[bytes]:
        """``word`` (a pre-token's bytes) cut by ``method`` into tokens of the vocabulary."""
        if method == "greedy" or method == "fewest":
            cache = self._caches[method]
            pieces = cache.get(word)
            if pieces is None and word in self.ids:
                pieces = [word]  # a token whole: the longest match and the fewest tokens at once
            elif pieces is None:
                python_cut = self._greedy if method == "greedy" else self._fewest
                pieces = self._cut_compiled(word, method) or python_cut(word)
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                cache[word] = pieces
            return list(pieces)
        if method == "dropout":
            return self._every_piece_a_token(word, self._dropout(word, p, rng or random.Random()))
        raise ValueError(f"unknown method {method!r}: one of {', '.join(METHODS)}")

    def _cut_compiled(self, word: bytes, method: str) -> list[bytes] | None:
        """``word`` cut by the compiled ``greedy`` or ``fewest``; None where they are not built or a byte starts
        no token (the Python cuts then say which)."""
        ids = self._compiled and getattr(self._compiled, method)(word)
        return [self.tokenizer.token_bytes(token_id) for token_id in ids] if ids else None

    def _greedy(self, word: bytes) -> list[bytes]:
        pieces, i, ids = [], 0, self.ids
        while i < len(word):
            for length in self._lengths(word, i):
                if word[i : i + length] in ids:
                    break
            else:
                raise self._uncoverable(word, i)
            pieces.append(word[i : i + length])
            i += length
        return pieces

    def _fewest(self, word: bytes) -> list[bytes]:
        n, ids = len(word), self.ids
        count = [0] * (n + 1)  # count[i]: the fewest tokens that cover word[i:]
        step = [0] * (n + 1)  # the length of the first of them (the longest such)
        never = n + 1
        for i in range(n - 1, -1, -1):
            best, best_length = never, 0
            for length in self._lengths(word, i):  # longest first: it wins ties
                if count[i + length] + 1 < best and word[i : i + length] in ids:
                    best, best_length = count[i + length] + 1, length
            count[i], step[i] = best, best_length
        if count[0] >= never:
            starts = (i for i in range(n) if not any(word[i : i + k] in ids for k in self._lengths(word, i)))
            raise self._uncoverable(word, next(starts))
        pieces, i = [], 0
        while i < n:
            pieces.append(word[i : i + step[i]])
            i += step[i]
        return pieces

    @functools.cached_property
    def _compiled_dropout(self) -> Dropout | None:
        """Dropout's merge loop compiled for this vocabulary's ranks, or None."""
        if Dropout is None:
            return None
        by_token = self.tokenizer.merge_rule == "ranks"
        ranks = self._token_ranks if by_token else self._pair_ranks
        return Dropout(ranks, pairs=not by_token, whole=self.ids if by_token else None)  # (whole: bpe_trace_words)

    @functools.cached_property
    def _leaves_are_bytes(self) -> bool:
        """Whether every word starts from its single bytes (no multi-byte character is a base piece)."""
        return all(len(token) == 1 for token in self._whole)

    def _dropout(self, word: bytes, p: float, rng: random.Random) -> list[bytes]:
        """BPE-dropout on ``word``, compiled where it can be (the same draws in the same order as the loop below,
        which is the reference: a seed gives the same cut either way)."""
        compiled = self._compiled_dropout
        if compiled is not None:
            leaves = None if self._leaves_are_bytes else [len(part) for part in base_pieces(word, self._whole)]
            pieces, at = [], 0
            for length in compiled.cut(word, p, rng.random, leaves):
                pieces.append(word[at : at + length])
                at += length
            return pieces
        return self._dropout_in_python(word, p, rng)

    def _every_piece_a_token(self, word: bytes, pieces: list[bytes]) -> list[bytes]:
        """``pieces`` (a cut of ``word``) if each is a token; else an :class:`UncoverableError` naming the first byte
        left alone without a token of its own (dropout may leave any byte alone)."""
        at = 0
        for piece in pieces:
            if piece not in self.ids:
                raise self._uncoverable(word, at, alone=True)
            at += len(piece)
        return pieces

    def _dropout_in_python(self, word: bytes, p: float, rng: random.Random) -> list[bytes]:
        parts = base_pieces(word, self._whole)
        by_token = self.tokenizer.merge_rule == "ranks"
        ranks: Mapping = self._token_ranks if by_token else self._pair_ranks
        while len(parts) > 1:
            best, where = None, -1
            for i in range(len(parts) - 1):
                key = parts[i] + parts[i + 1] if by_token else (parts[i], parts[i + 1])
                rank = ranks.get(key)
                if rank is not None and (best is None or rank < best) and not (p and rng.random() < p):
                    best, where = rank, i
            if where < 0:
                break
            parts[where : where + 2] = [parts[where] + parts[where + 1]]
        return parts

    def bpe_trace(self, word: bytes) -> tuple[list[bytes], list[tuple[bytes, bytes]]]:
        """How BPE encodes ``word`` (a pre-token's bytes): its final tokens, and every merge made on the way in
        order (each makes a token, final or merged away later). Under tiktoken's rule a word that is a token is
        taken whole, with no merge.

        >>> from bpe_core.foreign import TiktokenTokenizer
        >>> final, made = Methods(TiktokenTokenizer.reference("gpt2")).bpe_trace(b" antidisestablishment")
        >>> final, len(made), made[-1]
        ([b' ant', b'idis', b'establishment'], 18, (b'est', b'ablishment'))
        """
        by_token = self.tokenizer.merge_rule == "ranks"
        if by_token and word in self.ids:
            return [word], []
        compiled = self._compiled_dropout
        if compiled is not None:  # the same loop compiled (a Chinese clause: ~40x faster), which the tests compare
            return self._traced(word, compiled)
        return self._bpe_trace_in_python(word)

    @property
    def traces_words(self) -> bool:
        """Whether :meth:`bpe_trace_words` runs here: the compiled loop built, every word starting from its bytes."""
        return self._compiled_dropout is not None and self._leaves_are_bytes

    def bpe_trace_words(self, data: bytes, ends, counts, first: int, last: int) -> TracedWords | None:
        """:meth:`bpe_trace` of many words at once, added up: words ``first`` to ``last - 1`` of a tally (word ``i``
        is ``data[ends[i - 1]:ends[i]]``, the first from 0, seen ``counts[i]`` times; ``ends`` and ``counts`` are
        int64 buffers, as :class:`bpe_core._count.Tally` exports them). None where the compiled loop cannot (not
        built, or the words start from pieces other than their bytes): then :meth:`bpe_trace` each word.

        >>> from array import array
        >>> from bpe_core.foreign import TiktokenTokenizer
        >>> traced = Methods(TiktokenTokenizer.reference("gpt2")).bpe_trace_words(
        ...     b" lowest low", array("q", [7, 11]), array("q", [2, 3]), 0, 2)
        >>> [(traced.parts[k], traced.finals[k]) for k in traced.index], traced.lengths
        ([(b' lowest', 2), (b' low', 3)], [1, 1])
        """
        compiled = self._compiled_dropout
        if compiled is None or not self.traces_words:
            return None
        parts, finals, index, lengths, merges = compiled.trace_words(data, ends, counts, first, last)
        return TracedWords(
            parts, finals, memoryview(index).cast("q").tolist(), memoryview(lengths).cast("q").tolist(), merges
        )

    def _traced(self, word: bytes, compiled: Dropout) -> tuple[list[bytes], list[tuple[bytes, bytes]]]:
        """:meth:`bpe_trace` by the compiled merge loop: its parts' lengths and its merges (start, left, right)."""
        leaves = None if self._leaves_are_bytes else [len(part) for part in base_pieces(word, self._whole)]
        lengths, merges = compiled.trace(word, leaves)
        parts, at = [], 0
        for length in lengths:
            parts.append(word[at : at + length])
            at += length
        made = [(word[s : s + a], word[s + a : s + a + b]) for s, a, b in zip(merges[::3], merges[1::3], merges[2::3])]
        return parts, made

    def _bpe_trace_in_python(self, word: bytes) -> tuple[list[bytes], list[tuple[bytes, bytes]]]:
        """:meth:`bpe_trace` in Python, the reference (the words the whole-token rule takes are the caller's)."""
        by_token = self.tokenizer.merge_rule == "ranks"
        parts = base_pieces(word, self._whole)
        ranks: Mapping = self._token_ranks if by_token else self._pair_ranks
        made: list[tuple[bytes, bytes]] = []
        while len(parts) > 1:
            best, where = None, -1
            for i in range(len(parts) - 1):
                rank = ranks.get(parts[i] + parts[i + 1] if by_token else (parts[i], parts[i + 1]))
                if rank is not None and (best is None or rank < best):
                    best, where = rank, i
            if where < 0:
                break
            made.append((parts[where], parts[where + 1]))
            parts[where : where + 2] = [parts[where] + parts[where + 1]]
        return parts, made

    def _uncoverable(self, word: bytes, at: int, alone: bool = False) -> UncoverableError:
        """The error for byte ``at`` of ``word``: no token starts with it, or (``alone``) it has no token by itself.

        >>> from bpe_core.foreign import TiktokenTokenizer
        >>> gpt2 = Methods(TiktokenTokenizer.reference("gpt2"))
        >>> print(gpt2._uncoverable(b" word", 4, alone=True))  # doctest: +NORMALIZE_WHITESPACE
        gpt2 has no token for byte 0x64 by itself (at byte 4 of b' word'): BPE-dropout may leave any byte alone,
        so its vocabulary cannot cover this text by dropout
        """
        if alone:
            return UncoverableError(
                f"{self.tokenizer.name} has no token for byte {word[at]:#04x} by itself (at byte {at} of {word!r}): "
                "BPE-dropout may leave any byte alone, so its vocabulary cannot cover this text by dropout"
            )
        return UncoverableError(
            f"{self.tokenizer.name} has no token that starts with byte {word[at]:#04x} (at byte {at} of "
            f"{word!r}): its vocabulary cannot cover this text without its unknown token"
        )

    # ----- a whole text -----

    def view(self, text: str, method: str = "bpe", *, p: float = 0.0, seed: int | None = None) -> TokenView:
        """The tokens of ``text`` under ``method``, with their spans in the text."""
        if method == "bpe" or (method == "dropout" and p == 0):
            return self.tokenizer.view(text)
        rng = random.Random(seed)
        id_of = self.ids.__getitem__
        return resegment(self.tokenizer.view(text), self._kept_whole, self._cutter(method, p, rng), id_of)

    def encode(self, text: str, method: str = "bpe", *, p: float = 0.0, seed: int | None = None) -> list[int]:
        """The ids of ``text`` under ``method`` (for a tokenizer with a regex pre-tokenizer of ours, without
        building a view: each distinct pre-token is cut once)."""
        if method == "bpe" or (method == "dropout" and p == 0):
            return self.tokenizer.encode(text)
        splitter = self.tokenizer.pretokenizer
        if splitter is None:
            return [t.id for t in self.view(text, method, p=p, seed=seed).tokens]
        cut, ids, specials = self._cutter(method, p, random.Random(seed)), self.ids, self.tokenizer.special_tokens
        compiled = method != "dropout" and self._compiled and getattr(self._compiled, method)

        def cut_ids(word: str) -> list[int]:
            data = word.encode("utf-8")
            return (compiled and compiled(data)) or [ids[token] for token in cut(data)]

        ids_of: Callable[[str], list[int]] = cut_ids
        if method != "dropout":  # each distinct pre-token cut once (a draw of dropout is new every time)
            ids_of = self._id_caches.setdefault(method, _IdCache(cut_ids)).__getitem__
        out: list[int] = []
        for piece, words in splitter.split(text):
            if words is None:
                out.append(specials[piece])
            else:
                out.extend(chain.from_iterable(map(ids_of, words)))
        return out

    def tokens(self, text: str, method: str = "bpe", *, p: float = 0.0, seed: int | None = None) -> list[bytes]:
        """The tokens' bytes of ``text`` under ``method``."""
        return [self.tokenizer.token_bytes(i) for i in self.encode(text, method, p=p, seed=seed)]

    def _cutter(self, method: str, p: float, rng: random.Random) -> Callable[[bytes], list[bytes]]:
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r}: one of {', '.join(METHODS)}")
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"the dropout probability must be between 0 and 1, got {p}")
        return functools.partial(self.cut, method=method, p=p, rng=rng)

    def _kept_whole(self, token: TokenSpan) -> bool:
        """A special or added token: the same under every method."""
        return token.special or self.ids.get(token.token) != token.id


@dataclass(frozen=True)
class MethodCost:
    """What cutting a text by ``method`` costs ``tokenizer``: ``tokens`` for its ``size`` bytes."""

    tokenizer: str
    method: str
    tokens: int
    size: int

    @property
    def tokens_per_byte(self) -> float:
        return self.tokens / self.size if self.size else 0.0


def method_costs(
    tokenizers: Mapping[str, ShownTokenizer], text: str, *, p: float = 0.1, seed: int = 0, cancelled=None
) -> list[MethodCost]:
    """Every tokenizer under every method on ``text`` (a method a tokenizer cannot use -- dropout without merges,
    a byte no token covers -- is left out).

    >>> from bpe_core.foreign import TiktokenTokenizer
    >>> costs = method_costs({"gpt2": TiktokenTokenizer.reference("gpt2")}, " antidisestablishment")
    >>> [(c.method, c.tokens) for c in costs]
    [('bpe', 3), ('greedy', 5), ('fewest', 3), ('dropout', 3)]
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    costs = []
    for name, tokenizer in tokenizers.items():
        for method in METHODS:
            if cancelled is not None and cancelled():
                raise Cancelled("measuring the encoding methods was cancelled")
            try:
                ids = methods_of(tokenizer).encode(text, method, p=p, seed=seed)
            except (UncoverableError, TypeError):
                continue
            costs.append(MethodCost(name, method, len(ids), size))
    return costs


_SHARED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def methods_of(tokenizer: ShownTokenizer) -> Methods:
    """The :class:`Methods` of ``tokenizer``, one per tokenizer for as long as it lives (its lookups are built
    once, however many views use it)."""
    found = _SHARED.get(tokenizer)
    if found is None:
        found = _SHARED[tokenizer] = Methods(tokenizer)
    return found


class _IdCache(dict):
    """A pre-token's ids under one method, computed on first use (at most ``_CACHE_LIMIT`` remembered)."""

    def __init__(self, ids_of: Callable[[str], list[int]]):
        super().__init__()
        self._ids_of = ids_of

    def __missing__(self, word: str) -> list[int]:
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        ids = self[word] = self._ids_of(word)
        return ids
